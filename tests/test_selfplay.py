"""Self-play: 300 games across the shipped boards, every game refereed independently
(each play re-checked by the rules module on a board of the referee's own, every word
looked up, every score re-added from the history); and the referee itself catches a
wrong score, a phony and a wrong board."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.test_players_helpers import shipped
from wordstudio.crossword.actions import Play
from wordstudio.crossword.game import GameSettings, PlayerSpec, WordCheck
from wordstudio.crossword.gameconfig import ExchangeAllowed
from wordstudio.crossword.players.levels import parse_player_spec
from wordstudio.crossword.players.selfplay import (
    SelfPlayError,
    play_game,
    referee,
    run_match,
    seating,
)
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.wordlist import WordList

#: (board, games, players).  Quick players mostly; level 8 and the common-word levels on
#: some boards; three and four players on two; blank pick-ups on blocked13 (its
#: ExchangeAllowed is 1) and on a standard game changed to allow them before any move.
BATCHES = [
    ("scrabble.cfg", 50, ("greedy", "level5")),
    ("scrabble.cfg", 20, ("level8", "level1")),
    ("scrabble-pickups", 20, ("level5", "level6")),
    ("wordsworth.cfg", 30, ("control", "level2")),
    ("blocked13.cfg", 30, ("level5", "greedy")),
    ("diamond.cfg", 30, ("level7", "level3", "greedy")),
    ("gridbrd.cfg", 40, ("greedy", "level4")),
    ("board7.cfg", 40, ("level6", "level8")),
    ("super21.cfg", 10, ("greedy", "level5")),
    ("board21.cfg", 30, ("level1", "level2", "level5", "greedy")),
]


def test_three_hundred_games_in_all() -> None:
    assert sum(games for _, games, _ in BATCHES) == 300
    assert len({name for name, _, _ in BATCHES}) >= 4


def batch_config(name: str):
    if name == "scrabble-pickups":
        return shipped("scrabble.cfg").with_changes(exchange_allowed=ExchangeAllowed.BEFORE_ANY)
    return shipped(name)


@pytest.mark.parametrize(("name", "games", "players"), BATCHES,
                         ids=[f"{n}-{'-'.join(p)}" for n, _, p in BATCHES])
def test_selfplay_games_are_legal_and_add_up(name: str, games: int, players) -> None:
    config = batch_config(name)
    specs = [parse_player_spec(p) for p in players]
    summary = run_match(config, specs, games, seed=1000 * len(name) + games, verify=True)
    assert summary.games == games
    for outcome in summary.outcomes:
        assert outcome.end_reason
        assert outcome.turns > len(players)
    for stats in summary.entrants:
        assert len(stats.scores) == games
        assert stats.decisions > 0
    wins = sum(s.wins for s in summary.entrants)
    draws = sum(s.draws for s in summary.entrants)
    assert wins + (draws > 0) <= games and wins > 0


def test_pickups_do_happen() -> None:
    config = batch_config("scrabble-pickups")
    picked = 0
    for seed in range(1, 9):
        game = play_game(config, [parse_player_spec("level5"), parse_player_spec("level6")],
                         seed, verify=True).game
        picked += sum(1 for t in game.history if t.outcome.value == "picked up a blank")
    assert picked > 0


# --- the referee ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def finished():
    specs = [PlayerSpec("A", True, knobs="greedy"), PlayerSpec("B", True, 5)]
    return play_game(shipped("board7.cfg"), specs, seed=4, lexicon="en-US-standard").game


def test_referee_accepts_the_game(finished) -> None:
    referee(finished, load_lexicon("en-US-standard"))


def test_referee_catches_a_wrong_score(finished) -> None:
    index = next(i for i, t in enumerate(finished.history) if isinstance(t.action, Play))
    original = finished.history[index]
    finished.history[index] = replace(original, score=original.score + 1)
    try:
        with pytest.raises(SelfPlayError, match="the rules say"):
            referee(finished, load_lexicon("en-US-standard"))
    finally:
        finished.history[index] = original


def test_referee_catches_a_word_outside_the_lexicon(finished) -> None:
    with pytest.raises(SelfPlayError, match="not in the lexicon"):
        referee(finished, WordList.from_words(["QI"]))


def test_referee_catches_a_wrong_total(finished) -> None:
    finished.scores[0] += 5
    try:
        with pytest.raises(SelfPlayError, match="adds up to"):
            referee(finished, load_lexicon("en-US-standard"))
    finally:
        finished.scores[0] -= 5


# --- matches -----------------------------------------------------------------------------------------
def test_seating_rotates() -> None:
    assert [seating(2, n) for n in range(3)] == [(0, 1), (1, 0), (0, 1)]
    assert seating(3, 1) == (1, 2, 0)


def test_match_results_are_by_entrant_and_repeatable() -> None:
    config = shipped("board7.cfg")
    specs = [parse_player_spec("greedy"), parse_player_spec("level1")]
    one = run_match(config, specs, 4, seed=9)
    two = run_match(config, specs, 4, seed=9, jobs=2)
    assert [o.scores for o in one.outcomes] == [o.scores for o in two.outcomes]
    assert [o.order for o in one.outcomes] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    data = one.to_json()
    for player in data["players"]:
        assert player["wins"] + player["draws"] + player["losses"] == 4
        assert len(player["scores"]) == 4
    greedy = one.entrants[0]
    assert greedy.mean == sum(greedy.scores) / 4


def test_same_names_are_told_apart() -> None:
    specs = [parse_player_spec("greedy"), parse_player_spec("greedy")]
    summary = run_match(shipped("board7.cfg"), specs, 2, seed=3)
    assert [s.name for s in summary.entrants] == ["greedy 1", "greedy 2"]


def test_challenge_games_run_to_the_end() -> None:
    settings = GameSettings(word_check=WordCheck.CHALLENGE)
    summary = run_match(shipped("board7.cfg"), [parse_player_spec("level8"),
                                                parse_player_spec("level2")],
                        4, seed=77, settings=settings, verify=True)
    assert summary.games == 4
