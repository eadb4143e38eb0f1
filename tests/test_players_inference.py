"""Rack inference: the opponent's last play rules out leaves with which a static player
would have played something clearly better."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from tests.test_players_helpers import position, shipped
from wordstudio.crossword.game import Game, GameSetup
from wordstudio.crossword.players import inference
from wordstudio.crossword.players.computer import choose_action
from wordstudio.crossword.players.leaves import leaves_for
from wordstudio.crossword.players.levels import parse_player_spec
from wordstudio.crossword.players.playout import best_by_equity
from wordstudio.crossword.players.simulate import SimOptions, Simulation, table_for
from wordstudio.crossword.position import LastPlay, Position
from wordstudio.lexicon.catalog import load_lexicon

#: The opponent's tiles before his play: he plays QUA(D) for 34 and keeps VVWW.
OPPONENT_RACK = "AQVVWWU"
#: What the player cannot see afterwards: the kept VVWW, the three tiles drawn after the
#: play, and a bag heavy in awkward tiles.
UNSEEN = "VVWW" + "IIIIUUUUVWWKJXQZOOOOEEE?AAARST"


@pytest.fixture(scope="module")
def after_the_play() -> Position:
    """Player 0 to move after the opponent's QUA(D), with what that play was."""
    pos = position("AEIRSTN", bag=len(UNSEEN) - 7, unseen=UNSEEN)
    table = table_for(pos)
    reply = best_by_equity(table, pos.board(), tuple(OPPONENT_RACK), 1, leaves_for(pos.config),
                           pos.bag_size + 3)  # he drew 3 after it
    assert reply.raw is not None and reply.leave == ("V", "V", "W", "W")
    move = table.finder.to_move(reply.raw)
    board = pos.board()
    board.place(move.placed, 1)
    return replace(pos, cells=tuple(board.cells), owners=tuple(board.owners),
                   last_play=LastPlay(1, move.placed, move.score, len(move.placed)))


def test_a_play_agrees_with_the_tiles_really_kept_and_not_with_a_bingo_rack(
        after_the_play: Position) -> None:
    pos = after_the_play
    table, leaves = table_for(pos), leaves_for(pos.config)
    assert pos.last_play is not None
    before = inference.board_before(pos, pos.last_play)
    bag_then = pos.bag_size + pos.last_play.drawn
    assert inference.agrees(table, leaves, before, pos.last_play, ("V", "V", "W", "W"),
                            bag_then)
    assert not inference.agrees(table, leaves, before, pos.last_play, ("E", "R", "S", "T"),
                                bag_then)


def test_inferred_leaves_all_agree_and_are_biased_away_from_good_tiles(
        after_the_play: Position) -> None:
    pos = after_the_play
    table, leaves = table_for(pos), leaves_for(pos.config)
    assert pos.last_play is not None
    kept = inference.inferred_leaves(pos, table, leaves, seed=3, samples=120)
    assert kept, "an awkward pool leaves plenty of leaves that agree"
    assert kept == inference.inferred_leaves(pos, table, leaves, seed=3, samples=120)
    before = inference.board_before(pos, pos.last_play)
    unseen = Counter(pos.unseen)
    for leave in set(kept):
        assert len(leave) == 4 and not Counter(leave) - unseen
        assert inference.agrees(table, leaves, before, pos.last_play, leave,
                                pos.bag_size + pos.last_play.drawn)
    # The blank makes better plays: it is kept less often than it would be dealt.
    blanks = sum(leave.count("?") for leave in kept) / (4 * len(kept))
    assert blanks < unseen["?"] / len(pos.unseen)


def test_nothing_is_inferred_without_an_opponents_play() -> None:
    pos = position("AEIRSTN", bag=20, unseen=UNSEEN)
    table, leaves = table_for(pos), leaves_for(pos.config)
    assert inference.inferred_leaves(pos, table, leaves, seed=1) == []
    mine = LastPlay(0, (), 10, 2)
    assert inference.inferred_leaves(replace(pos, last_play=mine), table, leaves, 1) == []


def test_the_game_tells_the_position_the_opponents_last_play() -> None:
    seats = [parse_player_spec("level8", "A"), parse_player_spec("level8", "B")]
    setup = GameSetup.create(shipped("scrabble.cfg"), seats, seed=11)
    game = Game(setup, load_lexicon(setup.lexicon))
    assert game.position().last_play is None
    turn = game.act(choose_action(game.position(), seats[0]).action)
    last = game.position().last_play
    if turn.action.__class__.__name__ == "Play":
        assert last == LastPlay(0, turn.action.placements, turn.score, len(turn.drawn))
    else:
        assert last is None
    # The player who just moved sees no "opponent's last play".
    assert game.position(0).last_play is None


def test_the_kept_tiles_are_dealt_first() -> None:
    pool = list("ABCVWDEV")
    dealt = inference.deal(pool, ("V", "V", "W"))
    assert dealt[:3] == ["V", "V", "W"]
    assert sorted(dealt) == sorted(pool)


def test_simulation_deals_the_inferred_leaves_and_stays_reproducible(
        after_the_play: Position) -> None:
    options = SimOptions(seconds=0, iterations=8, candidates=3, workers=1, seed=5)
    first = Simulation(after_the_play, options)
    assert first.kept and set(first.kept) <= set(inference.inferred_leaves(
        after_the_play, first.table, leaves_for(after_the_play.config), 5))
    runs = [[(s.choice.notation, s.tally.mean_spread) for s in simulation.run()]
            for simulation in (first, Simulation(after_the_play, options))]
    assert runs[0] == runs[1]
    plain = Simulation(after_the_play, replace(options, infer=False))
    assert plain.kept == []
