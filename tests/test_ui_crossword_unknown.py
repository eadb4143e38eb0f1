"""The window's answers to unknown words (wordstudio.ui.crossword.unknown) and the new-game
dialog's challenge rules and game limits (wordstudio.ui.crossword.rulechoices)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.test_ui_crossword_play import phony_pair
from tests.test_ui_crossword_support import (
    click_square,
    make_context,
    new_game,
    show_page,
    wait_for_person,
)
from wordstudio.crossword.actions import Outcome
from wordstudio.crossword.game import GameSettings, PlayerSpec, WordCheck
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.personal import find_personal
from wordstudio.ui.crossword.newgame import SETTINGS_KEY, NewGameDialog
from wordstudio.ui.dialogs import messages


@pytest.fixture
def context(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path / "home"))
    yield from make_context(tmp_path)


def program_challenge_page(qtbot, context):
    game = new_game("scrabble.cfg", seed=18, players=(PlayerSpec("Ann"), PlayerSpec("Bob")),
                    settings=GameSettings(word_check=WordCheck.PROGRAM_CHALLENGE))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    word = phony_pair(game)
    click_square(page, 7, 6)
    QTest.keyClicks(page.board, word.lower())
    return game, page, word


def test_accepting_the_programs_challenge_costs_the_turn_and_its_score(
        qtbot, context, monkeypatch):
    """Seed 004 E8: "if you accept the challenge as valid ... you lose both your turn and
    the score achieved for that turn.\""""
    game, page, word = program_challenge_page(qtbot, context)
    asked = []
    monkeypatch.setattr(messages, "choose",
                        lambda parent, title, text, buttons: asked.append(text) or 1)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    assert asked and f"The program challenges {word}" in asked[0]
    assert game.history[0].withdrawn and game.scores == [0, 0] and game.current == 1
    assert game.board.is_empty()


def test_rejecting_the_challenge_plays_the_word_and_offers_to_keep_it(
        qtbot, context, monkeypatch):
    """Seed 004 E8: "if you reject the challenge ... the program will accept the word
    played"; the word the player insists on can go to his own list."""
    game, page, word = program_challenge_page(qtbot, context)
    monkeypatch.setattr(messages, "choose", lambda *args: 0)
    kept = []
    monkeypatch.setattr(messages, "confirm", lambda *args, **kw: kept.append(args[2]) or True)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    assert game.history[0].action.confirmed == (word,) and game.scores[0] > 0
    assert kept and "en-US-standard + my words" in kept[0]
    assert find_personal("en-US-standard + my words") is not None
    assert word in load_lexicon("en-US-standard + my words")


def test_changing_the_move_leaves_the_game_as_it_was(qtbot, context, monkeypatch):
    game, page, _ = program_challenge_page(qtbot, context)
    monkeypatch.setattr(messages, "choose", lambda *args: 2)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    assert game.ply == 0 and page.draft.placed


def test_new_game_dialog_offers_wordwhamis_challenges_and_limits(qtbot, context):
    """Seed 003: rule 5 (any player may challenge; the loser forfeits play to the
    challenger) and Limits 2 (a game limited to a score or a duration)."""
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    dialog.config_combo.setCurrentIndex(dialog.config_combo.findText("WORDwhami"))
    dialog.word_check.setCurrentIndex(dialog.word_check.findData(WordCheck.CHALLENGE.value))
    assert dialog.challenge_rules.isEnabled()
    dialog.challenge_rules.any_player.setChecked(True)
    dialog.challenge_rules.forfeits.setChecked(True)
    dialog.limits.score.setValue(500)
    dialog.limits.minutes.setValue(45)
    dialog._accept()
    choice = dialog.choice()
    assert choice.settings.any_player_challenges and choice.settings.challenge_forfeits_play
    assert choice.config.end.score_limit == 500
    assert choice.settings.clock.game_duration == 45 * 60
    again = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(again)
    assert again.challenge_rules.forfeits.isChecked() and again.limits.minutes.value() == 45
    again.word_check.setCurrentIndex(again.word_check.findData(WordCheck.REFUSE.value))
    assert not again.challenge_rules.isEnabled()
    program = again.word_check.findData(WordCheck.PROGRAM_CHALLENGE.value)
    assert "accepting costs the turn" in again.word_check.itemText(program)


def test_pause_between_each_player_stops_before_computer_turns_too(qtbot, context):
    """Seed 004 D5b: "the program will pause each time a player starts and ends a turn" -
    the computer's turns included."""
    from tests.test_ui_crossword_support import settle
    from wordstudio.ui.crossword.options import TableOptions

    game = new_game("scrabble.cfg", seed=16,
                    players=(PlayerSpec("Hal", True, 3), PlayerSpec("Eve", True, 3)))
    page = show_page(qtbot, context, game,
                     options=TableOptions(pause_between_players=True, animation_speed=0))
    settle(qtbot, 100)
    assert page.curtain_down and game.ply == 0
    assert "Hal" in page.curtain.label.text() and page.curtain.button.text() == "Let Hal play"
    page.curtain.button.click()
    qtbot.waitUntil(lambda: game.ply == 1, timeout=20000)
    settle(qtbot, 100)
    assert page.curtain_down and "Eve" in page.curtain.label.text() and game.ply == 1
    assert game.clocks.paused_at is not None


def ann_plays_a_phony(qtbot, context, third: PlayerSpec):
    """A WORDwhami-rules game of Ann, Bob and ``third``, in which Ann has just played a
    phony from the window."""
    settings = GameSettings(word_check=WordCheck.CHALLENGE, any_player_challenges=True,
                            challenge_forfeits_play=True)
    game = new_game("scrabble.cfg", seed=19, players=(PlayerSpec("Ann"), PlayerSpec("Bob"), third),
                    settings=settings)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    click_square(page, 7, 6)
    QTest.keyClicks(page.board, phony_pair(game).lower())
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    return game, page


def test_any_player_may_challenge_from_the_window(qtbot, context, monkeypatch):
    """Seed 003 rule 5: "Any player may challenge the last play" - the window asks which
    person challenges, and a third player's won challenge gives him the turn."""
    game, page = ann_plays_a_phony(qtbot, context, PlayerSpec("Cy"))
    assert page.challenging_people() == [1, 2] and page.commands.challenge.isEnabled()
    asked = []
    monkeypatch.setattr(messages, "choose", lambda parent, title, text, buttons:
                        asked.append(buttons) or 1)
    page.commands.challenge.trigger()
    assert asked == [["Bob", "Cy", "Cancel"]]
    assert game.history[0].withdrawn and game.current == 2


def test_a_computer_challenges_out_of_turn_in_the_window(qtbot, context):
    """Seed 003 rule 5: Ann plays a phony, Bob (a person, next to play) would let it stand,
    but Cleo (a computer) challenges it at once and, winning, takes the forfeited turn."""
    game, page = ann_plays_a_phony(qtbot, context, PlayerSpec("Cleo", True, 3))
    qtbot.waitUntil(lambda: len(game.history) >= 3 and game.current == 1, timeout=30000)
    assert game.history[0].withdrawn
    assert game.history[1].player == 2 and game.history[1].outcome == Outcome.CHALLENGE_WON
    assert game.history[2].player == 2  # Cleo played the turn Ann forfeited


@pytest.mark.parametrize("odd", [2**64, 2**63, -(2**40), "45", True, 1e300, None, "x" * 5000])
def test_remembered_values_the_dialog_cannot_show_give_the_defaults(qtbot, context, odd):
    """An edited settings file: a number past 32 or 64 bits (which Qt refuses with an
    OverflowError), out of range, not a whole number, or a word list name longer than a
    file's name may be, in every remembered value."""
    context.settings.set(SETTINGS_KEY, {
        "game_limit": odd, "overtime_penalty": odd, "challenge_penalty": odd,
        "score_limit": odd, "game_duration_minutes": odd, "config": odd, "lexicon": odd,
        "word_check": odd})
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    assert dialog.config_combo.currentText() == "Standard 15x15 game"
    assert dialog.word_check.currentData() == WordCheck.REFUSE.value
    assert (dialog.game_minutes.value(), dialog.overtime.value(), dialog.penalty.value()) == \
        (25, 10, 0)
    assert (dialog.limits.score.value(), dialog.limits.minutes.value()) == (0, 0)
    context.settings.set(SETTINGS_KEY, {"game_limit": 3600, "overtime_penalty": 7,
                                        "challenge_penalty": 3, "score_limit": 400,
                                        "game_duration_minutes": 90})
    kept = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(kept)
    assert (kept.game_minutes.value(), kept.overtime.value(), kept.penalty.value()) == (60, 7, 3)
    assert (kept.limits.score.value(), kept.limits.minutes.value()) == (400, 90)
