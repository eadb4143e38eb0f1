"""Computer players in the ten language games: each game's shipped leave table, and a
game of level 8 against level 8 in each language refereed move by move."""

from __future__ import annotations

import statistics

import pytest

from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.players.leaves import (
    LANGUAGE_TABLES,
    LeaveTable,
    TileFingerprint,
    language_table,
    leaves_for,
)
from wordstudio.crossword.players.levels import parse_player_spec
from wordstudio.crossword.players.selfplay import run_match
from wordstudio.paths import boards_dir

LANGUAGES = ("fr", "es", "de", "it", "nl", "ca", "pl", "pt", "sv", "nb")


def game(code: str):
    return load_config(boards_dir() / f"{code}.cfg")


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_game_has_its_own_trained_leave_table(code: str) -> None:
    config = game(code)
    table = language_table(config)
    assert isinstance(table, LeaveTable) and table.fingerprint == TileFingerprint.of(config)
    assert leaves_for(config) is table  # no table of the player's own in the test's home
    assert table.info["lexicon"] == code and table.info["games"] >= 372
    # A blank is worth keeping in every language, more than most letters.
    held = [letter for letter, n in zip(config.tiles.alphabet, config.tiles.frequencies,
                                        strict=True) if n]
    assert table.value(("?",)) > 5
    assert table.value(("?",)) > statistics.median(table.value((letter,)) for letter in held)
    assert set(LANGUAGE_TABLES) == set(LANGUAGES)


def test_the_english_game_keeps_its_own_table() -> None:
    assert language_table(load_config(boards_dir() / "scrabble.cfg")) is None


@pytest.mark.parametrize("code", LANGUAGES)
def test_level_8_plays_level_8_to_a_normal_end_in_each_language(code: str) -> None:
    """Every move checked again by the referee (verify): legal, scored right, words in the
    list; the game ends by a player going out, the scoreless turns, or both players
    passing in turn with tiles none can place (German seed 28: LTT against a Q, the bag
    empty) - never by a refused move or a resignation."""
    specs = [parse_player_spec("level8"), parse_player_spec("level8")]
    summary = run_match(game(code), specs, 1, seed=28, verify=True)
    (outcome,) = summary.outcomes
    assert any(reason in outcome.end_reason
               for reason in ("went out", "scoreless turns", "every player passed in turn"))
    assert outcome.turns > 10
    assert all(score > 150 for score in outcome.scores)
