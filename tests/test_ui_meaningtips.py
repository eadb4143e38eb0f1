"""Meanings on hover (wordstudio.ui.crossword.meaningtips): a played word on the board,
a hinted move, a Consult result."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QListWidget, QToolTip

from tests.test_ui_crossword_support import make_context, new_game, show_page, wait_for_person
from wordstudio.crossword.board import Placement
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.gameconfig import Direction
from wordstudio.ui.crossword.meaningtips import install_item_tips, meanings_html, words_through

ACROSS_DOWN = (Direction.ACROSS, Direction.DOWN)


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


def hover(widget, point: QPoint) -> None:
    event = QHelpEvent(QEvent.Type.ToolTip, point, widget.mapToGlobal(point))
    QApplication.sendEvent(widget, event)


def test_words_through_a_square_both_ways_and_backwards():
    tiles = {(0, 0): ("O", False), (0, 1): ("A", False), (0, 2): ("T", False),
             (1, 0): ("X", False)}
    assert words_through(tiles, (0, 0), ACROSS_DOWN, False) == ["OAT", "OX"]
    assert words_through(tiles, (0, 2), ACROSS_DOWN, True) == ["OAT", "TAO"]
    assert words_through(tiles, (5, 5), ACROSS_DOWN, False) == []


def test_meanings_html_names_the_base_and_skips_unknown_words():
    text = meanings_html(["oats", "QZX", "OATS"])
    assert text.count("<b>OATS</b>") == 1 and "a form of OAT" in text and "QZX" not in text
    assert "annual grass" in text
    assert meanings_html(["QZX"]) == ""


def test_hovering_a_played_word_shows_its_meaning(qtbot, context):
    game = new_game("scrabble.cfg", seed=5, players=(PlayerSpec("Ann"), PlayerSpec("Bob")))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    game.racks[0] = game.racks[0].__class__(("H", "O", "R", "N", "E", "S", "T"))
    game.play([Placement(7, 5 + i, ch) for i, ch in enumerate("HORN")])
    page.refresh()
    hover(page.board, page.board.square_rect(7, 6).center().toPoint())
    assert "<b>HORN</b>" in QToolTip.text()
    QToolTip.hideText()


def test_hovering_a_list_row_shows_the_words_meaning(qtbot):
    view = QListWidget()
    qtbot.addWidget(view)
    view.addItems(["DISCOVER", "QZX"])
    install_item_tips(view, lambda row: [view.item(row).text()])
    view.show()
    qtbot.waitExposed(view)
    hover(view.viewport(), view.visualItemRect(view.item(0)).center())
    assert "<b>DISCOVER</b>" in QToolTip.text()
    QToolTip.hideText()


def test_hovering_a_hinted_move_shows_its_words_meaning(qtbot, context):
    """The hint panel beside the board: each hinted move's word explains itself."""
    game = new_game("scrabble.cfg", seed=5, players=(PlayerSpec("Ann"), PlayerSpec("Bob")))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    page.commands.hint.trigger()
    panel = page.hints
    qtbot.waitUntil(lambda: panel.list.topLevelItemCount() > 0)
    known = [row for row, c in enumerate(panel.candidates) if meanings_html([c.move.word])]
    assert known, "no hinted word has a meaning"
    row = known[0]
    word = panel.candidates[row].move.word.upper()
    item = panel.list.topLevelItem(row)
    panel.list.scrollToItem(item)
    hover(panel.list.viewport(), panel.list.visualItemRect(item).center())
    assert f"<b>{word}</b>" in QToolTip.text()
    QToolTip.hideText()


def test_hovering_a_consult_result_shows_its_meaning(qtbot, context):
    from tests.test_ui_crossword_support import LEXICON
    from wordstudio.ui.crossword.consult import ConsultDialog

    dialog = ConsultDialog(context.runner, LEXICON)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.pattern.setText("DIVIDE")
    dialog.use_all.setChecked(True)
    dialog.search_button.click()
    qtbot.waitUntil(lambda: dialog.job is None)
    assert dialog.words() == ["DIVIDE"]
    results = dialog.results
    hover(results.viewport(), results.visualItemRect(results.item(0)).center())
    assert "<b>DIVIDE</b>" in QToolTip.text()
    QToolTip.hideText()
    dialog.close()
