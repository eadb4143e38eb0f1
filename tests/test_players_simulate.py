"""Simulation: reproducible for a seed, whatever the number of workers; it sees what a
static player misses; clearly worse candidates stop early; it answers when stopped."""

from __future__ import annotations

import pytest

from tests.test_players_helpers import position
from wordstudio.control import DeadlineControl
from wordstudio.crossword.actions import Pass
from wordstudio.crossword.players.leaves import leaves_for
from wordstudio.crossword.players.playout import remove, win_chance
from wordstudio.crossword.players.simulate import (
    SimOptions,
    candidates,
    progress_snapshot,
    simulate,
    table_for,
)


def options(**changes) -> SimOptions:
    base = {"seconds": 0.0, "iterations": 16, "candidates": 6, "seed": 11, "workers": 1}
    return SimOptions(**(base | changes))


def test_the_same_seed_gives_the_same_simulation() -> None:
    pos = position("AEIRSTQ", bag=40, unseen="EEEEIIAAOONNRRTTLSSUDDGGBCMPFHVWYKJXZ?" [:47])
    first = simulate(pos, options()).snapshot()
    again = simulate(pos, options()).snapshot()
    assert first == again
    other = simulate(pos, options(seed=12)).snapshot()
    assert [r["spread"] for r in other] != [r["spread"] for r in first]


def test_worker_processes_give_the_same_result() -> None:
    pos = position("DEIMNOU", bag=30, unseen="AAEEIIOOUNNRRTTLLSSDDGGBCMPFHVWYKJXZ?S"[:37])
    alone = simulate(pos, options(iterations=8, candidates=4)).snapshot()
    shared = simulate(pos, options(iterations=8, candidates=4, workers=2)).snapshot()
    assert alone == shared


def test_the_top_scoring_move_that_opens_a_big_reply_is_ranked_below_the_safe_one() -> None:
    # Seven of the eight unseen tiles are the opponent's.  WOOLS down from K1 scores most
    # and keeps the better leave by static equity, but reaches the top row's triple-word
    # squares for the opponent; SLOW from K5 scores two less and keeps them shut.
    pos = position("SQUOLWO", bag=1, unseen="OPSZABAM")
    table = table_for(pos)
    board = pos.board()
    moves = {table.finder.to_move(m).notation(): m
             for m in table.finder.raw_moves(board, pos.rack.tiles, 0)}
    top = max(moves.values(), key=lambda m: m[4])
    safe = moves["K5 SLOW"]
    assert table.finder.to_move(top).notation() == "K1 WOOLS"

    def best_reply(raw) -> int:
        filled = table.place(board, raw, 0)
        reply = max(m[4] for m in table.finder.raw_moves(board, tuple(pos.unseen), 1))
        table.take_back(board, filled)
        return reply

    assert best_reply(top) - best_reply(safe) > 2 * (top[4] - safe[4])  # the static trap
    sim = simulate(pos, options(iterations=32, candidates=10))
    by_raw = {s.choice.raw: s for s in sim.standings}
    assert by_raw[top].choice.equity > by_raw[safe].choice.equity
    order = [s.choice.raw for s in sim.ranked()]
    assert order.index(safe) < order.index(top)
    gap = by_raw[safe].tally.mean_spread - by_raw[top].tally.mean_spread
    assert gap > 2 * (by_raw[safe].tally.spread_error ** 2
                      + by_raw[top].tally.spread_error ** 2) ** 0.5


def test_clearly_worse_candidates_stop_early() -> None:
    pos = position("AEIRSTQ", bag=40, unseen="EEEEIIAAOONNRRTTLSSUDDGGBCMPFHVWYKJXZ?"[:47])
    sim = simulate(pos, options(iterations=64, candidates=10))
    leader = sim.ranked()[0].tally
    assert leader.n == 64 and not leader.pruned
    pruned = [s.tally for s in sim.standings if s.tally.pruned]
    assert pruned, "some of ten candidates are clearly worse after 64 iterations"
    assert all(t.n < 64 for t in pruned)


def test_once_one_candidate_is_left_the_simulation_stops() -> None:
    # Four bingos (K5 STEARIN and STAINER for 110, K2 ANTSIER and RETSINA for 96) and an
    # exchange: once every other candidate is clearly worse (here after 40 iterations),
    # more could not change the choice, and the budget left is not spent.
    pos = position("AEINRST", bag=40, unseen="EEEEIIAAOONNRRTTLSSUDDGGBCMPFHVWYKJXZ?"[:47])
    sim = simulate(pos, options(iterations=2000, candidates=4))
    live = [s for s in sim.standings if not s.tally.pruned]
    assert len(live) == 1 and live[0] is sim.ranked()[0]
    assert sim.iterations < 2000 and live[0].tally.n == sim.iterations


def test_candidates_include_the_best_exchange_while_the_bag_allows() -> None:
    pos = position("QQVVWWU", bag=40, unseen="AEIOU" * 9)
    table = table_for(pos)
    found = candidates(pos, table, leaves_for(pos.config), 5)
    exchanges = [c for c in found if c.raw is None]
    assert len(exchanges) == 1 and exchanges[0].discards
    assert isinstance(exchanges[0].action(table), Pass)
    low = position("QQVVWWU", bag=3, unseen="AEIOU" * 2)
    assert all(c.raw is not None for c in candidates(low, table, leaves_for(low.config), 5))


def test_stopped_at_once_it_answers_with_the_static_order() -> None:
    pos = position("AEIRSTQ", bag=40, unseen="EEEEIIAAOONNRRTTLSSUDDGGBCMPFHVWYKJXZ?"[:47])
    stop = DeadlineControl(0.0)
    sim = simulate(pos, SimOptions(seconds=5, candidates=5, workers=1), control=stop)
    assert sim.iterations == 0
    equities = [s.choice.equity for s in sim.ranked()]
    assert equities == sorted(equities, reverse=True)


def test_progress_messages_carry_the_candidates() -> None:
    pos = position("AEIRSTQ", bag=40, unseen="EEEEIIAAOONNRRTTLSSUDDGGBCMPFHVWYKJXZ?"[:47])
    seen: list[str] = []
    control = DeadlineControl(on_report=lambda f, m: seen.append(m))
    simulate(pos, options(iterations=16, candidates=3), control=control)
    snapshot = progress_snapshot(seen[-1])
    assert snapshot is not None and snapshot["iterations"] == 16
    assert len(snapshot["candidates"]) == 4  # three plays and the best exchange
    assert seen[-1].splitlines()[0].startswith("simulating: ")
    assert progress_snapshot("finding moves") is None


def test_win_chance_grows_with_the_lead_and_settles_at_the_end() -> None:
    assert win_chance(0, 50) == 0.5
    assert win_chance(30, 50) > win_chance(10, 50) > 0.5 > win_chance(-10, 50)
    assert win_chance(30, 5) > win_chance(30, 80)
    assert win_chance(1, 0) == 1.0 and win_chance(-1, 0) == 0.0 and win_chance(0, 0) == 0.5


def test_the_candidates_are_the_best_plays_by_equity_of_every_move() -> None:
    # Ranked inside the move generator; checked here against every move valued one by one
    # (leave values while the bag has tiles, the kept tiles' cost once it is empty).
    for bag, rack in ((40, "AEIRST?"), (0, "DEIMNOU")):
        pos = position(rack, bag=bag, unseen="EEIIAAOONNRRTTLS"[:16 if bag else 7])
        table = table_for(pos)
        leaves = leaves_for(pos.config)
        worth = leaves if bag else table.stranded
        every = []
        for raw in table.finder.generate(pos.board(), pos.rack.tiles, 0):
            kept = remove(pos.rack.tiles, table.played(raw))
            every.append(raw[4] + worth.value(kept))
        every.sort(reverse=True)
        found = [c for c in candidates(pos, table, leaves, 8) if c.raw is not None]
        assert [c.equity for c in found] == pytest.approx(every[:8])
        for c in found:
            assert c.equity == pytest.approx(c.score + worth.value(c.leave))
