"""Every page of the window on small screens (1280x720, 1366x768): the key widgets of each
picture ``tools/window_pictures.py`` takes - board, rack, Play, the result lists - lie
inside the window, whole, and their text fits (``tools/window_checks.py`` measures)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tests.conftest import REPO
from wordstudio.ui.widgets.tables import fit_columns

sys.path.insert(0, str(REPO / "tools"))
from window_checks import problems  # noqa: E402

PAGES = {"start", "new-game", "standard", "board21", "wordwhami", "hints", "wordwhami-hints", "thinking",
         "thinking-long", "consult", "review", "review-challenges", "wordforword", "wordforword-move",
         "wordwar", "wordwar6", "wordwar9", "designer", "designer-wizard", "game-over",
         "print-dialog", "wordwar-sheets"}


@pytest.mark.parametrize("screen", ["1280x720", "1366x768"])
def test_every_pages_key_widgets_are_whole_and_readable_on_a_small_screen(tmp_path, screen):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "WORDSTUDIO_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, str(REPO / "tools" / "window_pictures.py"), "--check",
         "--size", screen], cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert {line["page"] for line in lines} == PAGES, result.stderr[-3000:]
    found = {line["page"]: line["problems"] for line in lines if line["problems"]}
    assert found == {}
    assert result.returncode == 0


def test_the_measures_find_what_a_person_would(qtbot):
    """The checks can fail: a button too narrow for its text, a widget half outside the
    window, a column of figures pushed off by a long text, a hidden widget."""
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(300, 200)
    layout = QVBoxLayout(window)
    narrow = QPushButton("Play this design now, please")
    narrow.setFixedWidth(60)
    layout.addWidget(narrow)
    table = QTreeWidget()
    table.setHeaderLabels(["Move", "Score"])
    table.addTopLevelItem(QTreeWidgetItem(["challenge upheld: RIGG, IUT, GRE withdrawn" * 2,
                                           "-24"]))
    table.resizeColumnToContents(0)
    layout.addWidget(table)
    plain = QTreeWidget()  # Qt's own delegate: no tooltip says a cut text whole
    plain.setHeaderLabels(["Move"])
    plain.addTopLevelItem(QTreeWidgetItem(["challenge upheld: RIGG, IUT, GRE withdrawn"]))
    layout.addWidget(plain)
    squeezed = QTreeWidget()  # cut with "..." and a tooltip, but to "J..." ("7...")
    squeezed.setHeaderLabels(["Move", "Score", "Win %", "Spread"])
    squeezed.addTopLevelItem(QTreeWidgetItem(["J10 JOINTER", "28", "57.3", "+17.9"]))
    fit_columns(squeezed, 0)
    squeezed.setFixedWidth(squeezed.fontMetrics().horizontalAdvance("28 57.3 +17.9") + 90)
    layout.addWidget(squeezed)
    row = QHBoxLayout()
    layout.addLayout(row)
    hidden = QPushButton("Pass")
    row.addWidget(hidden)
    outside = QPushButton("Off the edge", window)
    window.show()
    qtbot.waitExposed(window)
    hidden.hide()
    outside.setGeometry(250, 180, 120, 40)
    plain.setColumnWidth(0, 60)
    found = problems(window, {"narrow": narrow, "table": table, "plain": plain,
                              "squeezed": squeezed, "hidden": hidden, "outside": outside})
    text = "\n".join(found)
    assert "narrow: text 'Play this design now, please' needs" in text
    assert "table: column 'Score' runs off the visible width" in text
    assert "plain: 'challenge upheld: RIGG, IUT, GRE withdrawn' is cut with no ellipsis" in text
    assert "squeezed: 'J10 JOINTER' is cut to" in text and "fewer than 12 characters" in text
    assert "squeezed: 'J10 JOINTER' is cut with no ellipsis" not in text  # it has them
    assert "hidden: hidden" in text
    assert "outside: cut off" in text
