"""Playing crossword games in the window, as a person does: drags, keys, commands."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.test_ui_crossword_support import (
    best_decision,
    click_square,
    drag,
    drag_move,
    drag_tile_to_board,
    make_context,
    new_game,
    pass_with_dialog,
    rack_point,
    settle,
    show_page,
    square_point,
    type_move,
    wait_for_person,
)
from wordstudio.crossword.actions import Outcome, Pass, Play
from wordstudio.crossword.clock import ClockSettings
from wordstudio.crossword.game import GameSettings, PlayerSpec, WordCheck
from wordstudio.crossword.players.computer import choose_action
from wordstudio.crossword.tiles import BLANK
from wordstudio.ui.crossword.options import TableOptions


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


def phony_pair(game) -> str:
    """Two tiles of the player's rack that do not make a word (a phony to play)."""
    tiles = [t for t in game.racks[game.current].tiles if t != BLANK]
    pairs = [a + b for i, a in enumerate(tiles) for j, b in enumerate(tiles) if i != j]
    return next(p for p in pairs if p not in game.words)


# --- a whole game -------------------------------------------------------------------------
def test_a_whole_game_against_the_computer_by_mouse_and_keyboard(qtbot, context):
    """Ann plays every turn herself - plays alternately dragged and typed, exchanges and
    passes through their dialogs - against a level-3 computer until the game ends, and
    the end-of-game summary shows the final adjustments."""
    page = show_page(qtbot, context, new_game("board7.cfg", seed=1))
    game = page.game
    dragged = typed = exchanged = 0
    for _ in range(80):
        wait_for_person(qtbot, page)
        if game.over:
            break
        decision = best_decision(game)
        before = game.ply
        action = decision.action
        if isinstance(action, Play):
            if (dragged + typed) % 2 == 0:
                drag_move(qtbot, page, action)
                dragged += 1
            else:
                type_move(qtbot, page, action)
                typed += 1
            assert page.draft.placements() == sorted(action.placements, key=lambda p: (p.row, p.col)) \
                or {p.square for p in page.draft.placements()} == {p.square for p in action.placements}
            assert page.move_status.text().endswith("Press Enter to play.")
            QTest.keyClick(page.board, Qt.Key.Key_Return)
        else:
            pass_with_dialog(qtbot, page, action)
            exchanged += bool(action.discards)
        qtbot.waitUntil(lambda b=before: game.ply > b)
        assert game.history[before].player == 0
    assert game.over, "the game did not end"
    assert dragged >= 2 and typed >= 2
    qtbot.waitUntil(lambda: page.summary_dialog is not None and page.summary_dialog.isVisible())
    table = page.summary_dialog.table
    finals = game.final_scores()
    assert [table.item(p, 3).text() for p in range(2)] == [str(s) for s in finals]
    for adj in game.adjustments:
        assert f"{adj.points:+d}" in table.item(adj.player, 2).text()
    assert all(page.players_panel.racks_shown())  # every rack is shown once the game is over
    page.summary_dialog.close_button.click()
    assert not page.summary_dialog.isVisible()


# --- laying tiles ---------------------------------------------------------------------------
def test_drag_to_the_board_back_to_the_rack_and_reorder(qtbot, context):
    page = show_page(qtbot, context, new_game("scrabble.cfg", seed=3))
    wait_for_person(qtbot, page)
    first = page.draft.free()[0]
    drag_tile_to_board(qtbot, page, first.tile, 7, 7, "E")
    assert (7, 7) in page.draft.placed
    assert first.ident not in [rt.ident for rt in page.draft.free()]
    assert page.board.scene.tentative[(7, 7)][0] == page.draft.placed[(7, 7)].letter
    # Move it to another square, then drag it back onto the rack at the far right.
    drag(page.board, square_point(page, 7, 7), page.board, square_point(page, 7, 9))
    assert list(page.draft.placed) == [(7, 9)]
    end = page.rack.mapFromGlobal(page.rack.mapToGlobal(page.rack.rect().center()))
    end.setX(page.rack.width() - 4)
    drag(page.board, square_point(page, 7, 9), page.rack, end)
    assert not page.draft.placed
    assert page.draft.free()[-1].ident == first.ident
    # Reorder within the rack: the last tile to the front.
    last = page.draft.free()[-1]
    drag(page.rack, rack_point(page, last.ident), page.rack, page.rack.tile_rect(0).topLeft().toPoint())
    assert page.draft.free()[0].ident == last.ident


def test_enter_plays_after_tiles_are_dragged_from_the_rack(qtbot, context):
    """The status line says "Press Enter to play": after a drag from the rack (which
    takes the keyboard focus when pressed) the keys go to the board, so Enter plays -
    a blank's letter chosen in its dialog included."""
    game = new_game("scrabble.cfg", seed=11)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    page.rack.setFocus()
    decision = best_decision(game)
    assert any(p.blank for p in decision.action.placements)  # the dialog's way too
    drag_move(qtbot, page, decision.action)
    assert "Press Enter to play" in page.move_status.text()
    # The widget the window gives the keys to (once the blank's dialog has gone).
    focus = page.window().focusWidget()
    assert focus is page.board
    QTest.keyClick(focus, Qt.Key.Key_Return)
    assert game.ply == 1 and game.history[0].score == decision.candidates[0].score


def test_the_engines_reasons_begin_as_sentences(qtbot, context):
    """"a word needs at least two letters" began the status line in lower case."""
    game = new_game("scrabble.cfg", seed=5)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    letter = next(t for t in game.racks[0].tiles if t != BLANK)
    click_square(page, 7, 7)
    QTest.keyClicks(page.board, letter.lower())
    page.play()
    assert page.move_status.text() == "A word needs at least two letters"


def test_typing_direction_backspace_escape_and_the_reason_a_move_is_illegal(qtbot, context):
    game = new_game("scrabble.cfg", seed=5)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    letters = [t for t in game.racks[0].tiles if t != BLANK][:2]
    click_square(page, 0, 0)
    assert page.draft.cursor == (0, 0) and page.draft.direction.value == "Across"
    click_square(page, 0, 0)
    assert page.draft.direction.value == "Down"
    QTest.keyClick(page.board, Qt.Key.Key_Right)
    assert page.draft.direction.value == "Across"
    QTest.keyClicks(page.board, "".join(letters).lower())
    assert sorted(page.draft.placed) == [(0, 0), (0, 1)]
    # Not across the centre square: the engine's reason shows, and the badge is red.
    assert "first word" in page.move_status.text()
    assert page.board.scene.badge == ("\u2715", False)
    # Play is not offered while the status line says the move is illegal.
    assert not page.commands.play.isEnabled() and not page.play_button.isEnabled()
    QTest.keyClick(page.board, Qt.Key.Key_Backspace)
    assert sorted(page.draft.placed) == [(0, 0)] and page.draft.cursor == (0, 1)
    QTest.keyClick(page.board, Qt.Key.Key_Escape)
    assert not page.draft.placed and page.draft.cursor == (0, 0)
    QTest.keyClick(page.board, Qt.Key.Key_Return)  # nothing to play: nothing happens
    assert game.ply == 0


def test_live_score_matches_the_engine_and_blanks_and_tentative_tiles_look_different(qtbot, context):
    game = new_game("scrabble.cfg", seed=11)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    decision = best_decision(game)
    drag_move(qtbot, page, decision.action)
    score = decision.candidates[0].score
    assert page.board.scene.badge == (str(score), True)
    assert f"{score} points" in page.move_status.text()
    assert page.play_button.isEnabled()  # a legal move: Play is offered
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    assert game.history[0].score == score
    assert page.board.scene.highlight == {p.square for p in decision.action.placements}


def test_juggle_and_sort_keep_the_tiles(qtbot, context):
    page = show_page(qtbot, context, new_game("scrabble.cfg", seed=2))
    wait_for_person(qtbot, page)
    before = sorted(page.draft.tiles())
    QTest.keyClick(page.board, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert page.draft.tiles() == sorted(before, key=lambda t: (t == BLANK, t))
    page.commands.shuffle.trigger()
    assert sorted(page.draft.tiles()) == before
    assert [t for _, t in page.rack.tiles] == page.draft.tiles()
    # The player's card shows the rack in the same order as the rack under the board.
    card_rack = [t for _, t in page.players_panel.cards[0].rack.tiles]
    assert card_rack == page.draft.tiles()


def test_a_blank_typed_with_space_then_its_letter(qtbot, context):
    game = new_game("scrabble.cfg", seed=4)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    # Give Ann a blank for the test: swap her rack through the draft's own sync.
    game.racks[0] = game.racks[0].without(game.racks[0].tiles[:1]).plus([BLANK])
    page._synced = None
    page.sync_viewer()
    page.refresh()
    click_square(page, 7, 7)
    QTest.keyClick(page.board, Qt.Key.Key_Space)
    QTest.keyClicks(page.board, "q")
    tentative = page.draft.placed[(7, 7)]
    assert tentative.blank and tentative.letter == "Q"
    assert page.board.scene.tentative[(7, 7)] == ("Q", True)


def test_wordsworth_entry_types_the_word_then_the_square(qtbot, context):
    game = new_game("scrabble.cfg", seed=6)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    action = best_decision(game).action
    placements = sorted(action.placements, key=lambda p: (p.row, p.col))
    word = "".join(p.shown() for p in placements)
    QTest.keyClicks(page.board, placements[0].letter.lower())  # no cursor yet: opens the entry
    dialog = page.entry_dialog
    assert dialog.isVisible() and dialog.word.text() == placements[0].letter
    dialog.word.setText(word)
    dialog.square.setText(f"{chr(65 + placements[0].col)}{placements[0].row + 1}")
    across = len(placements) == 1 or placements[1].row == placements[0].row
    (dialog.across if across else dialog.down).setChecked(True)
    dialog._accept()
    assert {p.square for p in page.draft.placements()} == {p.square for p in placements}
    page.commands.play.trigger()
    assert game.ply == 1 and game.history[0].outcome == Outcome.PLAYED


def test_a_hinted_moves_square_typed_as_the_list_writes_it_lays_that_move(qtbot, context):
    """The hint list's "M1 TIDE" is a move down: typed into Enter a Word with the default
    Across it "ran off the board".  The square's order now says the way, as in GCG: row
    first across (8H), column first down (H8); choosing a way writes the square so."""
    from wordstudio.crossword.gameconfig import Direction

    game = new_game("scrabble.cfg", seed=8)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    page.commands.hint.trigger()
    qtbot.waitUntil(lambda: page.hints.list.topLevelItemCount() > 0)
    shown = {page.hints.list.topLevelItem(i).text(1): page.hints.candidates[i].move
             for i in range(page.hints.list.topLevelItemCount())}
    ways = set()
    for text, move in list(shown.items())[:12]:
        square = text.split()[0]
        page.recall()
        page.enter_word()
        dialog = page.entry_dialog
        assert dialog.across.isChecked()  # the default way, whatever the square says
        dialog.word.setText(move.word)
        dialog.square.clear()
        QTest.keyClicks(dialog.square, square)
        assert dialog.direction() == move.direction
        dialog._accept()
        assert not dialog.isVisible(), dialog.error.text()
        assert {p.square for p in page.draft.placements()} == {p.square for p in move.placed}
        ways.add(move.direction)
    assert ways == {Direction.ACROSS, Direction.DOWN}
    # Choosing a way writes the square as that way is written.
    page.enter_word()
    dialog = page.entry_dialog
    dialog.square.setText("8H")
    dialog.down.setChecked(True)
    assert dialog.square.text() == "H8"
    dialog.across.setChecked(True)
    assert dialog.square.text() == "8H"
    assert "8H" in dialog.square.placeholderText() and "H8" in dialog.square.placeholderText()
    dialog.reject()


# --- hints, undo, redo, next move ------------------------------------------------------------
def test_hint_then_play_it(qtbot, context):
    game = new_game("scrabble.cfg", seed=8)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    page.commands.hint.trigger()
    panel = page.hints
    qtbot.waitUntil(lambda: panel.list.topLevelItemCount() > 0)
    assert page.tabs.currentWidget() is panel
    scores = [c.score for c in panel.candidates]
    assert scores == sorted(scores, reverse=True)  # ControlStrategy 0: the highest score first
    panel.select(1)  # a click on the second hint lays it on the board
    second = panel.candidates[1]
    assert {p.square for p in page.draft.placements()} == {p.square for p in second.move.placed}
    assert page.board.scene.badge == (str(second.score), True)
    panel.select(0)
    best = panel.candidates[0]
    panel.play_button.click()
    assert game.history[0].player == 0 and game.history[0].score == best.score
    settle(qtbot)
    assert not panel.candidates  # the moves were for the position before the play


def test_undo_goes_back_to_the_persons_turn_and_redo_replays(qtbot, context):
    game = new_game("scrabble.cfg", seed=9, players=(PlayerSpec("You"), PlayerSpec("Cleo", True, 3)))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    drag_move(qtbot, page, best_decision(game).action)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    wait_for_person(qtbot, page)
    assert game.ply == 2
    board_after = game.board.to_rows()
    QTest.keyClick(page.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot)
    assert game.ply == 0 and game.current == 0 and game.board.is_empty()
    assert page.can_edit() and not page.board.scene.tiles
    assert page.move_status.text() == "Undone: it is your turn again"  # not "You's"
    page.commands.redo.trigger()
    settle(qtbot)
    assert game.ply == 2 and game.board.to_rows() == board_after
    assert page.history.topLevelItemCount() == 2


def test_next_move_makes_the_computer_play_its_next_candidate(qtbot, context):
    game = new_game("scrabble.cfg", seed=12, players=(PlayerSpec("Cleo", True, 8), PlayerSpec("Ann")))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    first = game.history[0]
    _, decision, index = page.decisions[game.ply]
    assert index == 0 and page.commands.next_move.isEnabled()
    page.commands.next_move.trigger()
    wait_for_person(qtbot, page)
    assert game.ply == 1 and game.current == 1
    replay = game.history[0]
    assert set(replay.action.placements) == set(decision.candidates[1].move.placed)
    assert replay.action.placements != first.action.placements
    assert page.decisions[game.ply][2] == 1


def test_history_selection_shows_the_board_as_it_was(qtbot, context):
    game = new_game("scrabble.cfg", seed=13, players=(PlayerSpec("Cleo", True, 5), PlayerSpec("Dan", True, 5),
                                                       PlayerSpec("Ann")))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    assert game.ply == 2
    page.history.setCurrentItem(page.history.topLevelItem(0))
    shown = {sq for sq in page.board.scene.tiles}
    assert shown == {p.square for p in game.history[0].action.placements}
    assert page.banner.isVisible() and not page.can_edit()
    page.banner.primary.click()
    assert page.history_view is None and page.can_edit()
    assert len(page.board.scene.tiles) == game.board.tile_count()


# --- computers, clocks, watching ------------------------------------------------------------
@pytest.fixture
def thread_context(qtbot, tmp_path):
    yield from make_context(tmp_path, mode="thread")


def test_play_now_forces_a_thinking_computer(qtbot, thread_context, monkeypatch):
    """A computer player that would think for ever plays its best move so far on CTRL-P."""
    from wordstudio.ui.crossword import turns

    forced = []

    def slow_thinker(position, spec, top, *, control):
        while not control.should_stop():
            time.sleep(0.005)
        forced.append(True)
        return choose_action(position, spec, top=top)

    monkeypatch.setattr(turns, "computer_decision", slow_thinker)
    game = new_game("scrabble.cfg", seed=14, players=(PlayerSpec("Cleo", True, 8), PlayerSpec("Ann")))
    page = show_page(qtbot, thread_context, game)
    qtbot.waitUntil(lambda: page.job is not None)
    settle(qtbot)
    assert page.commands.play_now.isEnabled() and page.banner.isVisible()
    assert "Cleo is thinking" in page.banner.label.text()
    assert page.players_panel.cards[0].view.thinking
    # The banner stands where the status line was: the board does not move.
    thinking = page.board_area.geometry(), page.board.square_rect(0, 0)
    QTest.keyClick(page.board, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)  # PASS/FORCE
    wait_for_person(qtbot, page, timeout=30000)
    assert forced and game.ply == 1 and game.history[0].player == 0
    assert not page.banner.isVisible()
    settle(qtbot)
    assert (page.board_area.geometry(), page.board.square_rect(0, 0)) == thinking
    page.status_line.set_text("")  # no status at all: the place stays
    settle(qtbot)
    assert not page.move_status.isVisible()
    assert (page.board_area.geometry(), page.board.square_rect(0, 0)) == thinking


def test_a_result_for_an_old_position_is_dropped(qtbot, thread_context, monkeypatch):
    """Undo while the computer thinks: its answer belongs to a position that is gone."""
    from wordstudio.ui.crossword import turns

    release = []

    def waiting_thinker(position, spec, top, *, control):
        while not release and not control.should_stop():
            time.sleep(0.005)
        return choose_action(position, spec, top=top)

    game = new_game("scrabble.cfg", seed=22, players=(PlayerSpec("Ann"), PlayerSpec("Cleo", True, 8)))
    page = show_page(qtbot, thread_context, game)
    wait_for_person(qtbot, page)
    monkeypatch.setattr(turns, "computer_decision", waiting_thinker)
    drag_move(qtbot, page, best_decision(game).action)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.job is not None)
    old_job = page.job
    page.commands.undo.trigger()
    assert game.ply == 0 and page.job is None and old_job.cancelled
    release.append(True)
    qtbot.waitUntil(lambda: old_job.done, timeout=10000)
    settle(qtbot, 100)
    assert game.ply == 0 and game.board.is_empty() and page.can_edit()


def test_clock_expiry_forfeits_the_turn(qtbot, context):
    now = [1000.0]
    settings = GameSettings(clock=ClockSettings(turn_limit=30, game_limit=600))
    game = new_game("scrabble.cfg", seed=15, settings=settings, now=lambda: now[0])
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    drag_tile_to_board(qtbot, page, page.draft.free()[0].tile, 7, 7, "A")
    now[0] += 20
    page.tick()
    assert "\u23f1 0:10" in page.players_panel.cards[0].clock.text()
    assert page.players_panel.cards[0].view.clock_warning
    now[0] += 11
    qtbot.waitUntil(lambda: game.ply >= 1, timeout=3000)
    assert game.history[0].outcome == Outcome.TIMED_OUT and game.history[0].player == 0
    assert not page.draft.placed
    assert "ran out of time" in page.move_status.text() or game.ply > 1


def test_watch_plays_for_the_person_until_a_key_is_pressed(qtbot, context):
    game = new_game("board7.cfg", seed=1)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    page.commands.watch.trigger()
    assert page.watching
    qtbot.waitUntil(lambda: game.ply >= 4 or game.over, timeout=20000)
    assert any(t.player == 0 for t in game.history)
    QTest.keyClick(page.board, Qt.Key.Key_A)
    assert not page.watching and not page.commands.watch.isChecked()
    wait_for_person(qtbot, page)
    ply = game.ply
    settle(qtbot, 100)
    assert game.ply == ply  # nobody plays for Ann any more


def test_pause_between_players_hides_racks(qtbot, context):
    game = new_game("scrabble.cfg", seed=16, players=(PlayerSpec("Ann"), PlayerSpec("Bob")))
    page = show_page(qtbot, context, game, options=TableOptions(pause_between_players=True, animation_speed=0))
    assert page.curtain_down and page.rack_stack.currentWidget() is page.curtain
    assert not any(page.players_panel.racks_shown())
    assert "Ann" in page.curtain.label.text() and not page.can_edit()
    assert game.clocks.paused_at is not None
    page.curtain.button.click()
    assert not page.curtain_down and page.can_edit()
    assert page.players_panel.racks_shown() == [True, False]
    drag_move(qtbot, page, best_decision(game).action)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    settle(qtbot)
    assert page.curtain_down and "Bob" in page.curtain.label.text()
    assert not page.rack.isVisible() and not any(page.players_panel.racks_shown())
    page.curtain.button.click()
    assert page.rack_owner.text() == "Bob" and page.players_panel.racks_shown() == [False, True]


def test_view_opponents_tiles_toggles_their_racks(qtbot, context):
    page = show_page(qtbot, context, new_game("scrabble.cfg", seed=17))
    wait_for_person(qtbot, page)
    assert page.players_panel.racks_shown() == [True, False]
    page.commands.view_racks.trigger()
    assert page.players_panel.racks_shown() == [True, True]
    assert page.players_panel.cards[1].rack.tiles


# --- challenges, confirmations, pick-ups ------------------------------------------------------
def test_confirm_an_unknown_word(qtbot, context, monkeypatch, tmp_path):
    from wordstudio.ui.dialogs import messages

    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path / "home"))  # the word may be kept
    game = new_game("scrabble.cfg", seed=18, players=(PlayerSpec("Ann"), PlayerSpec("Bob")),
                    settings=GameSettings(word_check=WordCheck.CONFIRM))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    word = phony_pair(game)
    click_square(page, 7, 6)
    QTest.keyClicks(page.board, word.lower())
    assert "may confirm" in page.move_status.text()
    asked = []
    monkeypatch.setattr(messages, "confirm", lambda *a, **k: asked.append(a[2]) or True)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    assert asked and word in asked[0]
    assert game.history[0].action.confirmed == (word,)
    assert len(asked) == 2 and "to your word list" in asked[1]  # offered to keep it


def test_challenge_takes_a_phony_back(qtbot, context):
    game = new_game("scrabble.cfg", seed=19, players=(PlayerSpec("Ann"), PlayerSpec("Bob")),
                    settings=GameSettings(word_check=WordCheck.CHALLENGE))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    click_square(page, 7, 6)
    QTest.keyClicks(page.board, phony_pair(game).lower())
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    assert game.ply == 1 and game.current == 1
    assert page.commands.challenge.isEnabled()
    page.commands.challenge.trigger()
    assert game.history[0].withdrawn and game.board.is_empty()
    assert "not in the word list" in page.move_status.text()


def test_exchange_through_its_dialog(qtbot, context):
    game = new_game("scrabble.cfg", seed=20, players=(PlayerSpec("Ann"), PlayerSpec("Bob")))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    rack = game.racks[0].tiles
    pass_with_dialog(qtbot, page, Pass(rack[:3]))
    assert game.history[0].outcome == Outcome.EXCHANGED
    assert game.history[0].action.discards == rack[:3]


def test_a_click_on_a_tentative_tile_takes_it_back(qtbot, context):
    page = show_page(qtbot, context, new_game("scrabble.cfg", seed=21))
    wait_for_person(qtbot, page)
    tile = page.draft.free()[0].tile
    drag_tile_to_board(qtbot, page, tile, 7, 7, "E")
    click_square(page, 7, 7)
    assert not page.draft.placed and len(page.draft.free()) == 7


# --- the look of a computer's move, CTRL keys ---------------------------------------------
def test_computer_tiles_go_down_one_at_a_time(qtbot, context):
    game = new_game("scrabble.cfg", seed=23, players=(PlayerSpec("Ann"), PlayerSpec("Cleo", True, 8)))
    page = show_page(qtbot, context, game, options=TableOptions(animation_speed=1))
    wait_for_person(qtbot, page)
    drag_move(qtbot, page, best_decision(game).action)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    seen: list[int] = []
    qtbot.waitUntil(lambda: seen.append(len(page.anim_tiles)) or game.ply == 2, timeout=20000)
    placed = len(game.history[1].action.placements)
    counts = sorted(set(seen))
    # Every count from one tile to the whole move was on the board before the move counted.
    assert [c for c in counts if c] == list(range(1, placed + 1)) or placed == 1
    assert not page.anim_tiles and page.can_edit()


def test_a_computer_challenges_a_phony(qtbot, context):
    game = new_game("scrabble.cfg", seed=24, players=(PlayerSpec("Ann"), PlayerSpec("Cleo", True, 5)),
                    settings=GameSettings(word_check=WordCheck.CHALLENGE))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    click_square(page, 7, 6)
    QTest.keyClicks(page.board, phony_pair(game).lower())
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    wait_for_person(qtbot, page)
    assert game.history[0].withdrawn and game.history[1].outcome == Outcome.CHALLENGE_WON
    assert game.history[1].player == 1 and game.history[2].player == 1


def test_ctrl_d_and_ctrl_v_show_the_tile_set(qtbot, context):
    page = show_page(qtbot, context, new_game("scrabble.cfg", seed=25))
    QTest.keyClick(page.board, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert page.tabs.currentWidget() is page.tiles_panel and page.tiles_panel.mode == "values"
    QTest.keyClick(page.board, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    assert page.tiles_panel.mode == "distribution"
    QTest.keyClick(page.board, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert not page.legend.isVisible()


def test_a_computer_tuned_by_a_knob_file_plays(qtbot, context):
    from wordstudio.paths import boards_dir

    knobs = str(boards_dir() / "level.def")
    game = new_game("scrabble.cfg", seed=26, players=(PlayerSpec("Tuned", True, 8, knobs), PlayerSpec("Ann")))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    assert game.history[0].player == 0 and game.history[0].outcome == Outcome.PLAYED
    assert page.players_panel.cards[0].kind.text() == "Computer \u00b7 level"


def test_a_whole_move_from_the_keyboard_alone(qtbot, qtlog, context):
    game = new_game("scrabble.cfg", seed=11)
    page = show_page(qtbot, context, game)
    # The order is set once the board and the rack share a window (Qt warns otherwise).
    assert not [record for record in qtlog.records if "setTabOrder" in record.message]
    wait_for_person(qtbot, page)
    page.board.setFocus()
    # Tab goes from the board to the rack, its tools and Play.
    order, widget = [], page.board
    for _ in range(5):
        widget = widget.nextInFocusChain()
        while not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            widget = widget.nextInFocusChain()
        order.append(widget)
    assert order == [page.rack, *page.rack_tools, page.play_button]
    # The rack: Right chooses the second tile, Ctrl+Right carries it one place on.
    page.rack.setFocus()
    tiles = page.draft.tiles()
    QTest.keyClick(page.rack, Qt.Key.Key_Right)
    QTest.keyClick(page.rack, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert page.draft.tiles() == [tiles[0], tiles[2], tiles[1], *tiles[3:]]
    assert "Tile 3 of" in page.rack.accessibleDescription()
    # The board: an arrow key puts the cursor on the centre; Enter on the rack lays the
    # chosen tile there; the board says where the cursor is.
    page.board.setFocus()
    QTest.keyClick(page.board, Qt.Key.Key_Right)
    assert page.draft.cursor == (7, 7) and "Cursor on H8" in page.board.accessibleDescription()
    page.rack.setFocus()
    QTest.keyClick(page.rack, Qt.Key.Key_Return)
    assert (7, 7) in page.draft.placed and page.draft.placed[(7, 7)].letter == tiles[1] \
        or tiles[1] == "?"
