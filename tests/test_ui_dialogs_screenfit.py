"""Dialogs on a small screen: no taller than the screen's available area, inside it, the
buttons in sight - the new-game dialog with four players was 760 pixels tall, its Start
and Cancel buttons below the edge of a 1280x720 screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtCore import QRect

from tests.conftest import REPO

SCRIPT = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from wordstudio.ui.context import Settings
from wordstudio.ui.crossword.newgame import DEFAULT_PLAYERS, SETTINGS_KEY, NewGameDialog
from wordstudio.ui.workers import BackgroundRunner
settings = Settings(sys.argv[1])
settings.set(SETTINGS_KEY, {"players": DEFAULT_PLAYERS[:int(sys.argv[2])]})
if len(sys.argv) > 3:  # a size remembered on a bigger screen
    from PySide6.QtCore import QByteArray
    settings.set_layout("dialogs/crossword-new-game/geometry",
                        QByteArray.fromBase64(sys.argv[3].encode()))
runner = BackgroundRunner(mode="sync")
dialog = NewGameDialog(settings, runner)
dialog.show()
for _ in range(10):
    app.processEvents()
def rect(r):
    return [r.x(), r.y(), r.width(), r.height()]
start = dialog.start_button
area = getattr(dialog, "sections", None)  # (before the sections scrolled: none)
print(json.dumps({
    "frame": rect(dialog.frameGeometry()),
    "available": rect(app.primaryScreen().availableGeometry()),
    "dialog": rect(dialog.rect()),
    "start": rect(start.geometry().translated(start.parentWidget().mapTo(dialog, start.parentWidget().rect().topLeft()))),
    "natural": area.sections.sizeHint().height() if area else 0,
    "shown": area.viewport().height() if area else 0,
    "scroll": area.verticalScrollBar().maximum() if area else 0,
    "geometry": bytes(dialog.saveGeometry().toBase64()).decode()}))
runner.shutdown()
"""


def open_dialog(tmp_path, screen: tuple[int, int], players: int,
                remembered: str | None = None) -> dict:
    config = tmp_path / f"screen-{screen[0]}x{screen[1]}.json"
    config.write_text(json.dumps({"windowFrameMargins": True, "screens": [
        {"name": "screen", "x": 0, "y": 0, "width": screen[0], "height": screen[1],
         "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    args = [sys.executable, "-c", SCRIPT, str(tmp_path / "settings.json"), str(players)]
    if remembered:
        args.append(remembered)
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
           "WORDSTUDIO_HOME": str(tmp_path / "home"), "PYTHONPATH": str(REPO)}
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env, cwd=REPO)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("screen", [(1280, 720), (1366, 768)])
def test_the_new_game_dialog_fits_a_small_screen_and_its_sections_scroll(tmp_path, screen):
    opened = open_dialog(tmp_path, screen, players=4)
    assert QRect(*opened["available"]).contains(QRect(*opened["frame"]))
    assert QRect(*opened["dialog"]).contains(QRect(*opened["start"]))  # Start in sight
    # What does not fit scrolls, and the sections take the height the screen leaves.
    assert opened["natural"] > opened["shown"] and opened["scroll"] > 0
    assert opened["frame"][3] >= opened["available"][3] - 40


def test_on_a_big_screen_the_new_game_dialog_shows_every_section(tmp_path):
    opened = open_dialog(tmp_path, (1920, 1200), players=4)
    assert opened["scroll"] == 0 and opened["shown"] >= opened["natural"]
    assert QRect(*opened["available"]).contains(QRect(*opened["frame"]))
    # A size remembered there is made to fit a small screen.
    small = open_dialog(tmp_path, (1280, 720), players=4, remembered=opened["geometry"])
    assert QRect(*small["available"]).contains(QRect(*small["frame"]))
    assert QRect(*small["dialog"]).contains(QRect(*small["start"]))
