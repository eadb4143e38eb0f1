"""The seeds' worked examples, played by the engine on each game's own default word list.

Computer SCRABBLE (seed 004, "Examples of word formation and scoring"): "The scores
shown are the correct scores if the letter R is placed on the center square. In turn 1,
count HORN; in turn 2, FARM; in turn 3, PASTE and FARMS; in turn 4, MOB, NOT and BE."
Scores 14, 9, 25 and 16.

WORDwhami (seed 003, Scoring 1-2): "2-letter words score 4, 3-letter words score 9, and
so on", and "each new and different word ... whether read forward or backward (or both),
counts separately": STOP, read backwards POTS, scores 16 + 16 = 32.

WORDwhami (seed 003, rules 4 and 6): no abbreviations; "if playing on the diagonal, all
straight lines touched must form words. If playing on the straight, diagonals touched need
not form new words."  One S set diagonally beside the C of CAT forms CS (SC backwards), an
abbreviation: refused on the default list.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from wordstudio.crossword.board import Placement
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.rules import IllegalMove
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir


@lru_cache(maxsize=2)
def board(name: str) -> GameConfig:
    return load_config(boards_dir() / name)


def across(row: int, col: int, word: str) -> list[Placement]:
    return [Placement(row, col + i, ch) for i, ch in enumerate(word)]


def down(row: int, col: int, word: str) -> list[Placement]:
    return [Placement(row + i, col, ch) for i, ch in enumerate(word)]


def game_on_its_default_list(config: GameConfig, racks: list[str]) -> Game:
    """Two people; ``racks`` are their first racks (later draws are random)."""
    setup = GameSetup.create(config, [PlayerSpec("One"), PlayerSpec("Two")], seed=1)
    setup = GameSetup(setup.config, setup.players, setup.seed, setup.settings, setup.lexicon,
                      scripted_draws=tuple(tuple(rack) for rack in racks))
    return Game(setup, load_lexicon(setup.lexicon))


def test_computer_scrabble_horn_farm_paste_mob():
    # Rows and columns count from 0: the centre square H8 is (7, 7).  The racks are drawn
    # to order: HORN then PASTE for the first player, FARM then MOB for the second.
    game = game_on_its_default_list(
        board("scrabble.cfg"), ["HORNPST", "FAMOBXZ", "AEQU", "JKV", "IIIII"])
    first = game.play(across(7, 5, "HORN"))
    assert (first.words, first.score) == (("HORN",), 14)
    second = game.play([p for p in down(5, 7, "FARM") if p.square != (7, 7)])
    assert (second.words, second.score) == (("FARM",), 9)
    third = game.play(across(9, 5, "PASTE"))
    assert (set(third.words), third.score) == ({"PASTE", "FARMS"}, 25)
    fourth = game.play([Placement(8, 8, "O"), Placement(8, 9, "B")])
    assert (set(fourth.words), fourth.score) == ({"MOB", "NOT", "BE"}, 16)


@pytest.mark.parametrize("word", ["STOP", "POTS"])
def test_wordwhami_stop_reads_both_ways_for_32(word: str):
    config = board("wordwhami.cfg")
    game = game_on_its_default_list(config, ["STOPAEIRLNDG", "AEIOURSTLNCM"])
    turn = game.play(across(10, 10, word))
    assert set(turn.words) == {"STOP", "POTS"}
    assert turn.score == 32


def test_wordwhami_two_and_three_letter_words_score_4_and_9():
    config = board("wordwhami.cfg")
    game = game_on_its_default_list(config, ["OXAEIRLNDGTS", "AEIOURSTLNCM"])
    assert game.play(across(10, 10, "OX")).score == 4  # XO is no word
    game = game_on_its_default_list(config, ["CATEIRLNDGOS", "AEIOURSTLNCM"])
    turn = game.play(across(10, 10, "CAT"))
    assert turn.words == ("CAT",) and turn.score == 9  # TAC is no word


def test_wordwhami_a_one_tile_diagonal_forming_cs_is_refused():
    config = board("wordwhami.cfg")
    game = game_on_its_default_list(config, ["CATEIRLNDGOS", "SEIOURSTLNCM"])
    game.play(across(10, 10, "CAT"))
    assert "CS" not in game.words and "SC" not in game.words
    # (11, 9) touches only the C, on the rising diagonal: the play is a diagonal one.
    with pytest.raises(IllegalMove, match=r"not in the dictionary: (SC|CS)\b"):
        game.play([Placement(11, 9, "S")])
    assert (game.scores, game.current) == ([9, 0], 1)
    # Set above the A instead, the S is a straight play (AS): the diagonal CS it also
    # touches need not be a word.
    turn = game.play([Placement(9, 11, "S")])
    assert (turn.words, turn.score) == (("AS",), 4)
