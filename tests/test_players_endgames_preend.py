"""The pre-end game: every content of a one- or two-tile bag, each followed by an end
game solved exactly, checked against the plain minimax of every one of them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.test_players_helpers import position
from wordstudio.control import DeadlineControl
from wordstudio.crossword.players.analysis import analyse
from wordstudio.crossword.players.endgames import preend
from wordstudio.crossword.players.endgames.check import plain_minimax
from wordstudio.crossword.players.endgames.preend import PreEndgame, bag_contents
from wordstudio.crossword.players.leaves import leaves_for
from wordstudio.crossword.players.playout import remove
from wordstudio.crossword.players.simulate import progress_snapshot, table_for
from wordstudio.crossword.position import Position


def test_applies_to_one_or_two_tiles_in_the_bag() -> None:
    assert preend.applies(position("TEA", bag=1, unseen="XAJKE"))
    assert preend.applies(position("TEA", bag=2, unseen="XAJKEE"))
    assert not preend.applies(position("TEA", bag=0, unseen="XAJK"))
    assert not preend.applies(position("TEA", bag=3, unseen="XAJKEEE"))


@pytest.mark.parametrize("unseen, size, expected", [
    ("AAB", 1, {("A",): Fraction(2, 3), ("B",): Fraction(1, 3)}),
    ("AAB", 2, {("A", "A"): Fraction(1, 3), ("A", "B"): Fraction(2, 3)}),
    ("AB?", 2, {("A", "B"): Fraction(1, 3), ("A", "?"): Fraction(1, 3),
                ("B", "?"): Fraction(1, 3)}),
])
def test_bag_contents_are_weighted_by_the_ways_to_draw_them(unseen: str, size: int,
                                                             expected: dict) -> None:
    found = {bag: Fraction(weight).limit_denominator(100)
             for bag, weight in bag_contents(tuple(unseen), size)}
    assert found == expected


def brute_force(pos: Position, raw) -> float:
    """The candidate's mean spread: its score less the opponent's plain-minimax value of
    each end game, weighted by the bag content that leads to it."""
    table = table_for(pos)
    kept = remove(pos.rack.tiles, table.played(raw))
    total = 0.0
    for bag, weight in bag_contents(pos.unseen, pos.bag_size):
        board = pos.board()
        table.place(board, raw, 0)
        racks = ((*kept, *bag), remove(pos.unseen, bag))
        total += weight * (raw[4] - plain_minimax(table, board, racks, 1))
    return total


@pytest.mark.parametrize("mine, unseen, bag", [("AEF", "WAI", 1), ("ZEJ", "OIT", 1),
                                               ("DXE", "AWI", 2)])
def test_every_candidate_is_valued_by_its_exact_end_games(mine: str, unseen: str,
                                                          bag: int) -> None:
    pos = position(mine, bag=bag, unseen=unseen)
    table = table_for(pos)
    search = PreEndgame.of(pos, table, leaves_for(pos.config), 4)
    assert search.candidates
    assert all(len(table.played(c.raw)) >= bag for c in search.candidates)
    search.run(60.0)
    assert search.proven
    rows = search.ranked()
    for row in rows:
        assert row.proven
        assert row.spread == pytest.approx(brute_force(pos, row.raw))
        assert 0.0 <= row.win <= 1.0
    ranks = [row.win + 0.001 * row.spread for row in rows]
    assert ranks == sorted(ranks, reverse=True)


def test_a_one_tile_play_does_not_empty_a_bag_of_two() -> None:
    pos = position("Q", bag=2, unseen="AEIOU")
    search = PreEndgame.of(pos, table_for(pos), leaves_for(pos.config), 10)
    assert search.candidates == []


def test_analysis_uses_it_once_it_sees_the_players_reply() -> None:
    pos = position("AEF", bag=1, unseen="WAI")
    result = analyse(pos, 30.0, top=3)
    assert result.method == "pre-end game"
    assert result.proven and result.iterations >= preend.FIRM_DEPTH
    best = result.candidates[0]
    assert best.move is not None
    raw = next(r for r in table_for(pos).finder.raw_moves(pos.board(), pos.rack.tiles, 0)
               if table_for(pos).finder.to_move(r).key == best.move.key)
    assert best.spread == pytest.approx(brute_force(pos, raw))


def test_each_round_sends_the_thinking_panel_its_rows() -> None:
    pos = position("AEF", bag=1, unseen="WAI")
    messages: list[str] = []
    control = DeadlineControl(on_report=lambda _f, message: messages.append(message))
    result = analyse(pos, 30.0, top=3, control=control)
    snapshots = [progress_snapshot(m) for m in messages]
    rounds = [s for s in snapshots if s is not None]
    # Every message is a round's rows (the end games' own depths are not reported).
    assert len(rounds) == len(messages) == result.iterations
    assert [s["depth"] for s in rounds] == list(range(1, result.iterations + 1))
    assert all(s["method"] == "pre-end game" for s in rounds)
    last = rounds[-1]
    assert last["proven"] == result.proven
    assert [row["move"] for row in last["candidates"]] == [
        c.notation for c in result.candidates]
    assert [row["spread"] for row in last["candidates"]] == [
        c.spread for c in result.candidates]
