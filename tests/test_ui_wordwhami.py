"""WORDwhami in the window: diagonal and backward entry, the words a play forms and what
each scores before it is played, and a whole game to the end."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.test_ui_crossword_support import (
    click_square,
    drag_move,
    make_context,
    pass_with_dialog,
    settle,
    show_page,
    wait_for_person,
)
from wordstudio.crossword.actions import Pass, Play
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.crossword.gameconfig import Direction
from wordstudio.crossword.moves import finder_for
from wordstudio.crossword.players.computer import choose_action
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir

LEXICON = "en-US-common"


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


def whami_game(config=None, seed: int = 3) -> Game:
    config = config or load_config(boards_dir() / "wordwhami.cfg")
    setup = GameSetup.create(config, (PlayerSpec("Ann"), PlayerSpec("Hal", True, 1)), seed=seed,
                             lexicon=LEXICON)
    return Game(setup, load_lexicon(LEXICON))


def a_diagonal_play(game: Game) -> Play:
    """A legal first play along the down-right diagonal, found by the engine."""
    finder = finder_for(game.config, load_lexicon(LEXICON))
    raws = [r for r in finder.raw_moves(game.board, game.racks[0], 0) if r[0] == 2]
    raws.sort(key=lambda r: (-len(r[3]), -r[4]))
    move = finder.to_move(raws[0])
    return Play(move.placed)


def test_a_diagonal_word_typed_shows_each_word_and_its_score(qtbot, context):
    game = whami_game()
    page = show_page(qtbot, context, game, size=(1280, 900))
    play = a_diagonal_play(game)
    first = min(play.placements, key=lambda p: p.col)
    # Click three times: across, down, then down-right.
    for _ in range(3):
        click_square(page, first.row, first.col)
    assert page.draft.direction == Direction.DIAGONAL_DOWN
    for p in sorted(play.placements, key=lambda p: p.col):
        if p.blank:
            QTest.keyClick(page.board, Qt.Key.Key_Space)
        QTest.keyClicks(page.board, p.letter.lower())
    settle(qtbot)
    analysis = game.check_play(Play(tuple(page.draft.placements())))
    text = page.move_status.text()
    for word in analysis.words:
        if word.score:
            assert f"{word.word}" in text and str(word.score) in text
    assert f"{analysis.score} points" in text
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: game.ply >= 1)
    assert game.history[0].player == 0 and game.board.tile_count() == len(play.placements)
    assert game.scores[0] == analysis.score


def a_backward_play_of_one_word(game: Game) -> Play:
    """A first play that reads backwards and makes one word only (no second reading)."""
    finder = finder_for(game.config, load_lexicon(LEXICON))
    raws = sorted(finder.raw_moves(game.board, game.racks[0], 0), key=lambda r: (-len(r[3]), r))
    for raw in raws:
        play = Play(finder.to_move(raw).placed)
        words = [w for w in game.check_play(play).words if w.score]
        if len(words) == 1 and words[0].backwards and len(words[0].word) >= 5:
            return play
    raise AssertionError("no backward one-word play on this rack")


def test_a_play_of_one_word_says_its_score_once(qtbot, context):
    game = whami_game()
    page = show_page(qtbot, context, game, size=(1280, 900))
    play = a_backward_play_of_one_word(game)
    page.draft.set_move(play.placements)
    page.refresh_move()
    settle(qtbot)
    (word,) = [w for w in game.check_play(play).words if w.score]
    assert page.move_status.text() == (f"{word.word} (backwards) — {word.score} points. "
                                       "Press Enter to play.")


def test_the_number_pad_diagonal_keys_turn_the_typing_direction(qtbot, context):
    game = whami_game()
    page = show_page(qtbot, context, game, size=(1280, 900))
    play = a_diagonal_play(game)
    cells = sorted(play.placements, key=lambda p: p.col)
    click_square(page, cells[0].row, cells[0].col)
    QTest.keyClick(page.board, Qt.Key.Key_PageDown)  # number pad 3: down-right
    assert page.draft.direction == Direction.DIAGONAL_DOWN
    for p in cells:
        if p.blank:
            QTest.keyClick(page.board, Qt.Key.Key_Space)
        QTest.keyClicks(page.board, p.letter.lower())
    settle(qtbot)
    assert sorted(page.draft.placements()) == sorted(play.placements)
    assert page.move_status.text().endswith("Press Enter to play.")


def test_word_entry_offers_the_diagonals_and_backwards(qtbot, context):
    game = whami_game()
    page = show_page(qtbot, context, game, size=(1280, 900))
    play = a_diagonal_play(game)
    cells = sorted(play.placements, key=lambda p: p.col)
    word = "".join(p.letter.lower() if p.blank else p.letter for p in cells)
    page.enter_word()
    dialog = page.entry_dialog
    qtbot.waitUntil(lambda: dialog.isVisible())
    assert set(dialog.ways) == set(game.config.directions)
    assert dialog.backwards.isVisible()
    dialog.word.setText(word[::-1])  # typed the way it reads backwards ...
    dialog.backwards.setChecked(True)  # ... and laid reversed
    dialog.square.setText(f"{chr(ord('A') + cells[0].col)}{cells[0].row + 1}")
    dialog.ways[Direction.DIAGONAL_DOWN].setChecked(True)
    dialog._accept()
    settle(qtbot)
    assert sorted(page.draft.placements()) == sorted(play.placements)


def test_a_move_as_the_hint_list_writes_it_can_be_typed_as_it_is(qtbot, context):
    """WORDwhami's moves are written from the square where the word's reading starts,
    with an arrow for the way it reads ("M23↗ SUBMITTED", "V16↙ SUBTLEST"): typed into
    Enter a Word as written, the word goes where the list meant - backward words too."""
    from wordstudio.crossword.moves import move_notation

    game = whami_game()
    page = show_page(qtbot, context, game, size=(1280, 900))
    wait_for_person(qtbot, page)
    finder = finder_for(game.config, game.words)
    moves = [finder.to_move(raw) for raw in finder.raw_moves(game.board, game.racks[0], 0)]
    written = {move_notation(m, game.config, game.words): m for m in moves}
    backward = [t for t in written if t.split()[0][-1] in "\u2190\u2191\u2196\u2199"]
    diagonal = [t for t in written if t.split()[0][-1] in "\u2197\u2198"]
    assert backward and diagonal
    for text in (backward[0], diagonal[0], backward[-1]):
        square, word = text.split()
        move = written[text]
        page.recall()
        page.enter_word()
        dialog = page.entry_dialog
        dialog.word.setText(word.replace("(", "").replace(")", ""))
        dialog.square.clear()
        QTest.keyClicks(dialog.square, square[:-1])
        type_text(dialog.square, square[-1])  # the arrow, as a keyboard (or a paste) sends it
        assert dialog.direction() == move.direction
        dialog._accept()
        assert not dialog.isVisible(), dialog.error.text()
        assert {p.square for p in page.draft.placements()} == {p.square for p in move.placed}, text


def type_text(widget, text: str) -> None:
    """Characters no key of QTest names (arrows), sent as key presses with that text."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    for ch in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))


def small_whami():
    """WORDwhami's rules with a bag of 60 letters, so a whole game fits in a test."""
    config = load_config(boards_dir() / "wordwhami.cfg")
    tiles = config.tiles
    counts = tuple(max(1, c // 7) for c in tiles.frequencies)
    return config.with_changes(tiles=dataclasses.replace(tiles, frequencies=counts, blank_count=4))


def test_a_whole_wordwhami_game_in_the_window(qtbot, context):
    game = whami_game(small_whami(), seed=5)
    page = show_page(qtbot, context, game, size=(1280, 900))
    for _ in range(60):
        wait_for_person(qtbot, page, timeout=60000)
        if game.over:
            break
        decision = choose_action(game.position(), PlayerSpec("brain", True, 2))
        before = game.ply
        if isinstance(decision.action, Play):
            drag_move(qtbot, page, decision.action)
            assert page.move_status.text().endswith("Press Enter to play.")
            QTest.keyClick(page.board, Qt.Key.Key_Return)
        else:
            assert isinstance(decision.action, Pass)
            pass_with_dialog(qtbot, page, decision.action)
        qtbot.waitUntil(lambda b=before: game.ply > b, timeout=60000)
    assert game.over, "the game did not end"
    assert len([t for t in game.history if isinstance(t.action, Play)]) >= 6
    total = [0, 0]
    for turn in game.history:
        total[turn.player] += turn.score
    assert total == game.scores
    qtbot.waitUntil(lambda: page.summary_dialog is not None and page.summary_dialog.isVisible(),
                    timeout=20000)


def test_before_the_deal_the_window_says_what_is_happening_in_a_players_words(qtbot, context):
    from wordstudio.ui.crossword.page import CrosswordPage

    config = load_config(boards_dir() / "wordwhami.cfg")
    setup = GameSetup.create(config, (PlayerSpec("Ann"), PlayerSpec("Hal", True, 1)), seed=3,
                             lexicon=LEXICON)
    page = CrosswordPage(context, setup=setup, autosave=False)
    qtbot.addWidget(page)
    assert page.game is None  # the word list is still being made ready
    texts = [card.rack_count.text() for card in page.players_panel.cards]
    assert texts == ["Tiles are dealt when the game begins"] * 2
    dialog = page.progress_dialog
    assert dialog is not None and "backwards as well as forwards" in dialog.labelText()
    labels: list[str] = []
    page.prepare_job.progressed.connect(lambda _fraction, text: labels.append(text))
    qtbot.waitUntil(lambda: page.game is not None, timeout=60000)
    assert labels and all("automaton" not in text and "prefixes" not in text for text in labels)
    assert all("No tiles" not in card.rack_count.text() for card in page.players_panel.cards)


def test_a_game_limited_to_a_topics_words(qtbot, context, tmp_path, monkeypatch):
    """Seed 003, Limits 3: "Each game may be limited to the terminology of a specific
    subject or topic" - a topic list is offered in the new-game dialog, and the game it
    starts takes the topic's words and refuses any other."""
    from wordstudio.crossword.board import Placement
    from wordstudio.crossword.game import UnknownWords
    from wordstudio.crossword.rules import IllegalMove
    from wordstudio.lexicon.personal import create_personal
    from wordstudio.ui.crossword.newgame import NewGameDialog

    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path / "home"))
    create_personal("sailing", None, topic="Sailing", words=["keel", "jib", "ahoy", "sloop"])
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    dialog.config_combo.setCurrentIndex(dialog.config_combo.findText("WORDwhami"))
    offered = dialog.lexicon_combo.findData("sailing")
    assert offered >= 0 and "topic list" in dialog.lexicon_combo.itemText(offered)
    dialog.lexicon_combo.setCurrentIndex(offered)
    dialog._accept()
    choice = dialog.choice()
    assert choice.lexicon == "sailing"
    setup = GameSetup.create(choice.config, (PlayerSpec("Ann"), PlayerSpec("Bob")), seed=3,
                             lexicon=choice.lexicon)
    setup = dataclasses.replace(setup, scripted_draws=(tuple("KEELCATSOPJI"),
                                                       tuple("AEIOURSTLNCM")))
    game = Game(setup, load_lexicon(choice.lexicon))
    with pytest.raises((IllegalMove, UnknownWords), match="CAT"):
        game.play([Placement(10, 10 + i, ch) for i, ch in enumerate("CAT")])
    turn = game.play([Placement(10, 10 + i, ch) for i, ch in enumerate("KEEL")])
    assert turn.words == ("KEEL",) and turn.score == 16  # LEEK is no sailing word
