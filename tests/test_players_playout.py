"""Playing moves out: the static player's reply is the best move by score plus leave of
every move there is, ranked in the generator or scanned for racks too large for that."""

from __future__ import annotations

import pytest

from tests.test_players_helpers import position
from wordstudio.crossword.players import playout
from wordstudio.crossword.players.leaves import leaves_for
from wordstudio.crossword.players.playout import Table, best_by_equity, remove
from wordstudio.crossword.players.simulate import table_for


def best_of_every_move(table: Table, board, rack: tuple[str, ...], worth) -> float:
    return max(raw[4] + (worth.value(remove(rack, table.played(raw))) if worth else 0.0)
               for raw in table.finder.generate(board, rack, 1))


@pytest.mark.parametrize(("rack", "bag"), [("AEIRST?", 40), ("QUIZ??E", 20), ("DEIMNOU", 0),
                                           ("EEIOUVW", 0)])
def test_the_reply_is_the_best_of_every_move_by_score_plus_leave(rack: str, bag: int) -> None:
    pos = position("AEINRST", bag=bag)
    table = table_for(pos)
    board = pos.board()
    tiles = tuple(sorted(rack, key=lambda t: (t == "?", t)))
    leaves = leaves_for(pos.config)
    worth = leaves if bag else table.stranded
    reply = best_by_equity(table, board, tiles, 1, leaves, bag)
    assert reply.raw is not None
    assert reply.equity == pytest.approx(best_of_every_move(table, board, tiles, worth))
    assert reply.leave == remove(tiles, table.played(reply.raw))
    assert reply.equity == pytest.approx(reply.raw[4] + worth.value(reply.leave))
    # Without leave values, the highest score.
    plain = best_by_equity(table, board, tiles, 1, None, bag or 10)
    assert plain.equity == max(raw[4] for raw in table.finder.generate(board, tiles, 1))


def test_a_rack_too_large_to_rank_in_the_search_is_scanned_alike(monkeypatch) -> None:
    pos = position("AEINRST", bag=30)
    table = table_for(pos)
    board = pos.board()
    rack = tuple("ADEHIST")
    leaves = leaves_for(pos.config)
    ranked = best_by_equity(table, board, rack, 1, leaves, 30)

    def too_large(*args, **kwargs):
        raise ValueError("a rack with too many different leaves")

    monkeypatch.setattr(table.finder, "top_moves", too_large)
    scanned = best_by_equity(table, board, rack, 1, leaves, 30)
    assert scanned.equity == pytest.approx(ranked.equity)
    assert scanned.leave == ranked.leave
    stuck = playout._best_by_scan(table, board, ("Q",), 1, leaves)
    assert stuck.raw is None and stuck.leave == ("Q",)
