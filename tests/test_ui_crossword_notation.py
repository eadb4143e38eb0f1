"""Moves written for reading (issue 17, item 2): a blank's letter drawn as a capital,
underlined in the blank ink - never a lower-case l beside a capital I - and the move said
in words to screen readers; the words beside a move are never taken for blanks."""

from __future__ import annotations

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from wordstudio.ui.crossword.notation import (
    NOTATION_LENGTH,
    NotationDelegate,
    cell_runs,
    runs,
    spoken,
)
from wordstudio.ui.theme import board as theme


def test_blanks_are_capitals_marked_apart_from_the_tiles_beside_them():
    assert runs("DEIROlIlP") == [("DEIRO", False), ("L", True), ("I", False), ("L", True),
                                 ("P", False)]
    assert runs("8H WO(r)D") == [("8H WO(", False), ("R", True), (")D", False)]


def test_only_the_move_in_a_cell_can_hold_blanks():
    assert cell_runs("passed", 0) == [("passed", False)]
    assert cell_runs("8H CAt (withdrawn)", 6) == [("8H CA", False), ("T", True),
                                                  (" (withdrawn)", False)]
    assert cell_runs("8H CAt") == runs("8H CAt")


def test_screen_readers_hear_the_blanks_and_the_way_a_word_reads():
    assert spoken("O15\u2197 TRANScEND") == "O15, reading up to the right, TRANS blank C END"
    assert spoken("V16\u2199 SUBTLEST") == "V16, reading down to the left, SUBTLEST"
    assert spoken("8H DEIROlIlP") == "8H DEIRO blank L I blank L P"


def blank_ink_pixels(image: QImage, top: int, bottom: int) -> int:
    ink = theme.BLANK_INK.rgb()
    return sum(1 for y in range(top, bottom) for x in range(image.width())
               if image.pixel(x, y) == ink)


def test_the_list_draws_a_blanks_letter_underlined_in_the_blank_ink(qtbot):
    table = QTreeWidget()
    qtbot.addWidget(table)
    table.setColumnCount(1)
    table.setItemDelegateForColumn(0, NotationDelegate(table))
    rows = [QTreeWidgetItem([text]) for text in ("8H DEIROlIlP", "8H DEIROLILP", "passed")]
    rows[2].setData(0, NOTATION_LENGTH, 0)  # words, not a move: no blanks in them
    table.addTopLevelItems(rows)
    table.resize(400, 200)
    table.show()
    qtbot.waitExposed(table)
    image = table.viewport().grab().toImage()
    assert image.devicePixelRatio() == 1.0
    found = []
    for item in rows:
        rect = table.visualItemRect(item)
        found.append(blank_ink_pixels(image, rect.top(), rect.bottom()))
    assert found[0] > 0 and found[1] == found[2] == 0, found
