"""Property: any game that can be played saves and loads as the same game, in both
formats (random self-played games with every kind of turn, undo included)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_records import (
    FakeClock,
    best_play,
    config_named,
    new_game,
    snapshot,
    standard_words,
)
from tests.test_records_wordsworth import strip_notes
from wordstudio.crossword.actions import Action, Challenge, Pass, PickUpBlank, Play, Resign
from wordstudio.crossword.clock import ClockSettings
from wordstudio.crossword.game import Game, GameSettings, WordCheck
from wordstudio.crossword.gameconfig import ExchangeAllowed
from wordstudio.crossword.records.native import game_from_json, game_to_json
from wordstudio.crossword.records.wwsave import read_wordsworth_text, wordsworth_text

CONFIGS = ["scrabble.cfg", "wordsworth.cfg", "board7.cfg", "blocked13.cfg"]
SETTINGS = [
    GameSettings(),
    GameSettings(WordCheck.CHALLENGE, challenge_penalty=5),
    GameSettings(WordCheck.CHALLENGE, clock=ClockSettings(turn_limit=20, game_limit=90)),
]


def pick_up(game: Game) -> PickUpBlank | None:
    """A blank on the board the player to move holds the letter for, if any."""
    if game.config.exchange_allowed == ExchangeAllowed.NEVER:
        return None
    rack = game.racks[game.current].tiles
    for row, col, letter, blank in game.board.tiles():
        if blank and letter in rack:
            return PickUpBlank(row, col)
    return None


def self_play(config_name: str, seed: int, players: int, settings_index: int,
              steps: list[int], finish: bool) -> Game:
    """A game driven by ``steps``: best or lesser moves, passes, exchanges, blank
    pick-ups, challenges, turns lost on time, undo and redo, a resignation; then, with
    ``finish``, best moves to the end."""
    clock = FakeClock()
    config = config_named(config_name)
    if config_name == "blocked13.cfg":
        # Blanks on the board from the start, so pick-ups happen early.
        rows = ["." * config.columns] * config.rows
        rows[6] = "." * 5 + "es" + "." * (config.columns - 7)
        config = config.with_changes(starting_board=tuple(rows),
                                     exchange_allowed=ExchangeAllowed.BEFORE_ANY)
    game = new_game(config, seed=seed, players=players, clock=clock,
                    settings=SETTINGS[settings_index])
    for step in steps:
        if game.over:
            break
        clock.advance(step % 7 + 0.25)
        action = _choose(game, step)
        if action == "undo":
            game.undo(1 + step % 2)
        elif action == "redo":
            game.redo()
        elif action == "clock":
            clock.advance(30)
            game.check_clock()
        elif action is not None and not isinstance(action, str):
            game.act(action)
    while finish and not game.over:
        clock.advance(2.5)
        play = best_play(game)
        game.act(play if play is not None else Pass())
    return game


def _choose(game: Game, step: int) -> Action | str | None:
    """An action, or \"undo\", \"redo\" or \"clock\" (let the turn run out)."""
    rack = game.racks[game.current].tiles
    if step >= 97 and len(game.players) > 2:
        return Resign()
    if step >= 90 and game.setup.settings.clock.turn_limit:
        return "clock"
    if step >= 85 and game.can_challenge():
        return Challenge()
    if step >= 80:
        return "redo" if game.can_redo() and step % 2 else "undo" if game.can_undo() else None
    if step >= 70 and game.config.rack_size and len(game.bag) >= max(
            game.config.exchange_minimum_bag, 3) and rack:
        return Pass(rack[:1 + step % 3])
    if step >= 65:
        return Pass()
    if step >= 55 and (blank := pick_up(game)) is not None and not game.turn_pickups:
        return blank
    play = best_play(game, rank=step % 3)
    return play if play is not None else Pass()


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(config_name=st.sampled_from(CONFIGS), seed=st.integers(0, 2**31 - 1),
       players=st.sampled_from([2, 2, 3]), settings_index=st.integers(0, len(SETTINGS) - 1),
       steps=st.lists(st.integers(0, 99), max_size=40), finish=st.booleans())
def test_random_games_load_as_the_same_game(config_name: str, seed: int, players: int,
                                            settings_index: int, steps: list[int],
                                            finish: bool) -> None:
    game = self_play(config_name, seed, players, settings_index, steps, finish)
    text = game_to_json(game)
    native = game_from_json(text, words=standard_words(), now=FakeClock())
    assert snapshot(native) == snapshot(game)
    assert game_to_json(native) == text
    if len(game.players) != 2:
        return
    ww = wordsworth_text(game)
    config = game.config.with_changes(starting_board=())
    loaded = read_wordsworth_text(ww, config, standard_words(), now=FakeClock()).game
    # WordsWorth files keep no redo line ("the Redo information is lost").
    assert snapshot(loaded) | {"can_redo": None} == snapshot(game) | {"can_redo": None}
    assert wordsworth_text(loaded) == ww
    # A plain WordsWorth file (no WordStudio notes) says who plays first only by its
    # first move, and has no resignations, challenges or turns lost on time.
    if game.inputs and all(isinstance(i.action, (Play, Pass, PickUpBlank))
                           for i in game.inputs):
        plain = read_wordsworth_text(strip_notes(ww), config, standard_words(), seed=1,
                                     now=FakeClock()).game
        mine = snapshot(plain, bag_order=False, seconds=False, setup=False)
        theirs = snapshot(game, bag_order=False, seconds=False, setup=False)
        for state in (mine, theirs):
            state.pop("end_reason")  # names a player, and a plain file has no names
            state.pop("adjustments")  # a plain file has no game clock
            state.pop("final")
            state.pop("can_redo")
        assert mine == theirs
