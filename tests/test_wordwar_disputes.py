"""Disputed words in Word War (wordstudio.wordwar.disputes): seed 002, "If players
disagree on the validity of a word, a dictionary should be consulted" - the players
accept or reject the word, the ruling is recorded and the round scored under it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_wordwar_boards import write_board
from wordstudio.wordwar.boards import BoardSet, Grid
from wordstudio.wordwar.disputes import Ruling, checked_word, ruled_scorer
from wordstudio.wordwar.errors import IllegalPlay
from wordstudio.wordwar.game import PlayerSpec, WordWarGame
from wordstudio.wordwar.records import dumps, game_from_json
from wordstudio.wordwar.scoring import WordScorer

WORDS = ["AT", "EAT", "TEA", "TE"]


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> BoardSet:
    folder: Path = tmp_path_factory.mktemp("dispute-boards")
    write_board(folder, 1, ["..."])
    return BoardSet.load(folder)


def finished_round(boards: BoardSet, letters: str = "EAT", rounds: int = 2) -> WordWarGame:
    """Two players; the first writes ``letters`` (WILDs as needed), the second passes
    (``rounds`` 1: the game is over after it)."""
    game = WordWarGame([PlayerSpec("Ann"), PlayerSpec("Bob")], "d", board_set=boards,
                       scorer=WordScorer(WORDS), rounds=rounds)
    game.start_round([1, 1])
    column = 0
    while game.results == [] and column < 3:
        card = game.turn_card()
        letter = letters[column]
        if card in (letter, "*"):
            game.place(0, 0, column, letter if card == "*" else None)
            column += 1
        else:
            game.pass_card(0)
        game.pass_card(1)
    return game


def test_a_rejected_word_stops_counting_and_the_round_is_scored_again(boards):
    game = finished_round(boards)
    assert game.results[0].scores[0].rows[0].describe() == "EAT, AT"
    ruling = game.settle_dispute(1, "at", accepted=False)
    assert ruling == Ruling("AT", False, 1, 0)
    assert game.results[0].scores[0].rows[0].describe() == "EAT"
    assert game.totals()[0] == 3
    assert ruling.describe(["Ann", "Bob"]) == "AT rejected (disputed by Bob, round 1)"


def test_an_accepted_word_counts_from_then_on(boards):
    game = finished_round(boards, "TEA")
    before = game.totals()[0]
    game.settle_dispute(0, "TEA", accepted=True)  # already a word: no change
    assert game.totals()[0] == before
    game = finished_round(boards, "ETA")
    assert game.results[0].scores[0].rows[0].describe() == ""
    game.settle_dispute(0, "ETA", accepted=True)
    assert game.results[0].scores[0].rows[0].describe() == "ETA"
    assert game.totals()[0] == 3


def test_rulings_are_saved_and_replayed(boards):
    game = finished_round(boards)
    game.settle_dispute(1, "AT", accepted=False)
    again = game_from_json(__import__("json").loads(dumps(game)), scorer=WordScorer(WORDS),
                           board_set=boards)
    assert again.rulings == game.rulings and again.totals() == game.totals()


def test_only_a_word_on_a_grid_can_be_disputed(boards):
    game = finished_round(boards)
    with pytest.raises(IllegalPlay, match="ZZ is on no player's grid"):
        game.settle_dispute(0, "zz", accepted=True)
    with pytest.raises(IllegalPlay, match="not a word of two or more letters"):
        game.settle_dispute(0, "a-t", accepted=True)
    with pytest.raises(IllegalPlay, match="no player 3"):
        game.settle_dispute(2, "AT", accepted=True)
    fresh = WordWarGame([PlayerSpec("Ann")], "d", board_set=boards, scorer=WordScorer(WORDS))
    with pytest.raises(IllegalPlay, match="no round has been played"):
        fresh.settle_dispute(0, "AT", accepted=True)


def test_the_latest_ruling_on_a_word_holds():
    base = WordScorer(["AT", "TO"])
    scorer = ruled_scorer(base, [Ruling("AT", False, 0, 0), Ruling("AT", True, 1, 0),
                                 Ruling("OX", True, 0, 0)])
    assert "AT" in scorer and "OX" in scorer and "TO" in scorer
    assert ruled_scorer(base, []) is base
    assert checked_word(" eat ", [Grid.parse("EAT\n")]) == "EAT"


def test_computer_players_are_told_the_rulings(boards):
    from wordstudio.wordwar.disputes import scorer_with_verdicts
    from wordstudio.wordwar.players import Situation

    game = finished_round(boards)
    game.settle_dispute(1, "AT", accepted=False)
    game.start_round([1, 1])
    game.turn_card()
    situation = Situation.of(game, 1)
    assert situation.verdicts == (("AT", False),)
    scorer = scorer_with_verdicts("en-US-standard", situation.verdicts)
    assert "AT" not in scorer and "EAT" in scorer
    assert scorer_with_verdicts("en-US-standard", situation.verdicts) is scorer
