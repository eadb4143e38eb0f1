"""The main window opens inside the screen's available area (1280x720 laptops too), and
a remembered size is used only if it still fits the screen the window opens on."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QMargins, QRect, QSize

from tests.conftest import REPO
from wordstudio.ui.screenfit import FRAME_GUESS, PREFERRED, fits, fitted_geometry


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1366, 768), (1280, 800),
                                               (1600, 1000), (1920, 1200), (3840, 2160)])
def test_the_window_fits_the_available_area_with_its_title_bar(width, height):
    available = QRect(0, 32, width, height - 32 - 40)  # a top bar and a task bar
    inside = fitted_geometry(available)
    outside = inside.marginsAdded(FRAME_GUESS)
    assert available.contains(outside)
    # As big as preferred where there is room; a big screen gives it more.
    assert inside.width() >= min(PREFERRED.width(), width - 2)
    assert inside.height() >= min(PREFERRED.height(), available.height() - 33)
    if width >= 1600:
        assert inside.width() > PREFERRED.width()


def test_a_size_fits_only_with_its_frame():
    available = QRect(0, 0, 1280, 720)
    assert fits(QRect(0, 32, 1278, 687), available)
    assert not fits(QRect(0, 32, 1200, 820), available)  # the old fixed size
    assert not fits(QRect(0, 10, 1200, 700), available, QMargins(1, 32, 1, 1))
    assert fitted_geometry(available, preferred=QSize(800, 600)).size() == QSize(800, 600)


SCRIPT = """
import json, sys
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication
app = QApplication([])
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.mainwindow import MainWindow
from wordstudio.ui.workers import BackgroundRunner
settings = Settings(sys.argv[1])
runner = BackgroundRunner(mode="sync")
window = MainWindow(AppContext(settings, runner))
opened = window.geometry()
window.show()
for _ in range(10):
    app.processEvents()
available = app.primaryScreen().availableGeometry()
print(json.dumps({"opened": [opened.x(), opened.y(), opened.width(), opened.height()],
                  "frame": [window.frameGeometry().x(), window.frameGeometry().y(),
                            window.frameGeometry().width(), window.frameGeometry().height()],
                  "available": [available.x(), available.y(), available.width(),
                                available.height()]}))
if len(sys.argv) > 2:  # remember a size, as closing the window does
    window.setGeometry(QRect(*json.loads(sys.argv[2])))
    for _ in range(5):
        app.processEvents()
    window.close()
runner.shutdown()
"""


def run_window(tmp_path, screen: tuple[int, int], remember: list[int] | None = None) -> dict:
    config = tmp_path / f"screen-{screen[0]}x{screen[1]}.json"
    config.write_text(json.dumps({"windowFrameMargins": True, "screens": [
        {"name": "screen", "x": 0, "y": 0, "width": screen[0], "height": screen[1],
         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    args = [sys.executable, "-c", SCRIPT, str(tmp_path / "settings.json")]
    if remember is not None:
        args.append(json.dumps(remember))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
           "WORDSTUDIO_HOME": str(tmp_path / "home"), "PYTHONPATH": str(REPO)}
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env, cwd=REPO)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_a_size_remembered_from_a_big_screen_is_dropped_on_a_small_one(tmp_path):
    big = run_window(tmp_path, (1920, 1200), remember=[40, 40, 1800, 1100])
    assert QRect(*big["available"]).contains(QRect(*big["frame"]))
    small = run_window(tmp_path, (1280, 720))
    assert QRect(*small["available"]).contains(QRect(*small["frame"]))
    assert small["opened"][2] <= 1280 and small["opened"][3] <= 720 - 33
    # A remembered size that fits is kept.
    run_window(tmp_path, (1280, 720), remember=[60, 50, 1000, 600])
    again = run_window(tmp_path, (1280, 720))
    assert again["opened"][2:] == [1000, 600]
