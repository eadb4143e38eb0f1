"""The language games in the window: typing a word as the language spells it (C then H
takes the CH tile), and starting each language's game from the start page."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.test_ui_crossword_support import click_square, make_context, show_page
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


def type_keys(widget, text: str) -> None:
    """Each character as a key press carrying it (QTest.keyClicks takes only what a US
    keyboard types; a Spanish one types Ñ and Á, a Catalan one the middle dot)."""
    for ch in text:
        key = Qt.Key.Key_A + "abcdefghijklmnopqrstuvwxyz".find(ch) if ch.isascii() and ch.isalpha() \
            else Qt.Key.Key_unknown
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier, ch))


def language_game(code: str, rack: tuple[str, ...], seed: int = 3) -> Game:
    config = load_config(boards_dir() / f"{code}.cfg")
    setup = GameSetup.create(config, (PlayerSpec("Ana"), PlayerSpec("Bea")), seed=seed, lexicon=code)
    setup = replace(setup, scripted_draws=(rack, ("A", "E", "I", "O", "U", "S", "T")))
    return Game(setup, load_lexicon(code))


def test_typing_a_spanish_word_takes_the_ch_and_rr_tiles(qtbot, context):
    game = language_game("es", ("CH", "O", "RR", "O", "C", "H", "S"))
    page = show_page(qtbot, context, game)
    click_square(page, 7, 5)  # F8, across through the centre
    type_keys(page.board, "chorros")
    placed = sorted(page.draft.placements(), key=lambda p: p.col)
    assert [p.letter for p in placed] == ["CH", "O", "RR", "O", "S"]
    assert [p.col for p in placed] == [5, 6, 7, 8, 9] and not any(p.blank for p in placed)
    # The C and H tiles stay on the rack: C then H always makes CH in Spanish.
    assert sorted(t.tile for t in page.draft.free()) == ["C", "H"]
    assert page.move_status.text().endswith("Press Enter to play.")
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: game.ply == 1)
    play = game.history[0]
    # CH 5 + O 1 + RR 8 (on the centre's double word square) + O 1 + S 1 = 16, x2 = 32.
    assert play.score == 32
    assert "CHORROS" in play.describe(game.names)


def test_typing_with_a_blank_for_the_ch_and_a_mark_that_folds(qtbot, context):
    game = language_game("es", ("?", "A", "N", "Z", "A", "R", "L"))
    page = show_page(qtbot, context, game)
    click_square(page, 7, 7)
    QTest.keyClick(page.board, Qt.Key.Key_Space)  # a blank for the next tile...
    type_keys(page.board, "chá")  # ...which C then H make the CH; Á is played as A
    placed = sorted(page.draft.placements(), key=lambda p: p.col)
    assert [(p.letter, p.blank) for p in placed] == [("CH", True), ("A", False)]


def test_typing_catalan_takes_the_ela_geminada_and_qu(qtbot, context):
    game = language_game("ca", ("C", "O", "L·L", "A", "QU", "E", "S"))
    page = show_page(qtbot, context, game)
    click_square(page, 7, 4)
    type_keys(page.board, "col·la")
    assert [p.letter for p in sorted(page.draft.placements(), key=lambda p: p.col)] == [
        "C", "O", "L·L", "A"]
    QTest.keyClick(page.board, Qt.Key.Key_Escape)
    click_square(page, 7, 7)
    QTest.keyClicks(page.board, "que")
    assert [p.letter for p in sorted(page.draft.placements(), key=lambda p: p.col)] == ["QU", "E"]


def test_the_start_page_starts_each_languages_game(qtbot, tmp_path, monkeypatch):
    from tests.test_ui_crossword_support import open_window
    from wordstudio.ui.crossword import newgame

    chosen = []

    def exec_(dialog):
        chosen.append((dialog.config_combo.currentData(), dialog.lexicon_combo.currentData()))
        return 0  # cancelled

    monkeypatch.setattr(newgame.NewGameDialog, "exec", exec_)
    for window in open_window(qtbot, tmp_path, monkeypatch):
        for code in ("es", "ca", "pl"):
            button = window.start_page.findChild(type(window.start_page.findChild(
                object, "start-open")), f"start-crossword-{code}")
            assert button is not None and button.isVisible()
            button.click()
        assert [(str(path).rsplit("/", 1)[-1], lexicon) for path, lexicon in chosen] == [
            ("es.cfg", "es"), ("ca.cfg", "ca"), ("pl.cfg", "pl")]
