"""One leave table against another (benchmarks/leaves_versus.py): the leave values a
player is given reach every part of the Championship player's turn, and the benchmark
plays its games in pairs on one bag with the seats swapped, at a very short clock."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.test_players_helpers import position, shipped
from wordstudio.crossword.players import parallel
from wordstudio.crossword.players.leaves import (
    NO_LEAVES,
    leaves_for,
    leaves_in_use,
    standard_table,
)
from wordstudio.crossword.players.simulate import SimOptions, Simulation, table_for

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import leaves_versus as lv  # noqa: E402


class Counting:
    """Leave values that count how often they are asked (the shipped table's values)."""

    def __init__(self) -> None:
        self.asked = 0

    def value(self, tiles) -> float:
        self.asked += 1
        return standard_table().value(tiles)


@pytest.fixture
def one_move_worker():
    parallel.set_move_workers(1)
    yield
    parallel.set_move_workers(0)


def test_leaves_in_use_stands_for_the_game_s_table_while_it_lasts() -> None:
    config = shipped("scrabble.cfg")
    usual = leaves_for(config)
    with leaves_in_use(NO_LEAVES):
        assert leaves_for(config) is NO_LEAVES
        with leaves_in_use(usual):
            assert leaves_for(config) is usual
        assert leaves_for(config) is NO_LEAVES
    assert leaves_for(config) is usual


def test_the_championship_player_s_simulation_asks_the_values_in_use(one_move_worker) -> None:
    pos = position("AEINRSQ")
    counting = Counting()
    with leaves_in_use(counting):
        simulation = Simulation(pos, SimOptions(seconds=0, iterations=8, infer=False))
        chosen = counting.asked  # the candidates, each valued by its leave
        simulation.run()
    assert chosen > 0 and simulation.iterations == 8
    assert counting.asked > chosen  # and the replies it played out


def test_leave_bounds_are_remembered_for_each_table_apart() -> None:
    table = table_for(position("AEINRST"))
    rack = tuple("AEINRS?")
    low, high = table.leave_bounds(rack, standard_table())
    assert high > 0
    assert table.leave_bounds(rack, NO_LEAVES) == (0.0, 0.0)
    assert table.leave_bounds(rack, standard_table()) == (low, high)


def test_pairs_share_a_seed_and_swap_the_seats() -> None:
    seeds = [lv.game_seed(500, n, pairs=True) for n in range(4)]
    assert seeds == [500, 500, 501, 501]
    assert [lv.game_seed(500, n, pairs=False) for n in range(3)] == [500, 501, 502]


def test_two_championship_players_play_a_pair_with_their_own_tables(tmp_path, capsys,
                                                                    one_move_worker) -> None:
    data = Path(__file__).resolve().parent.parent / "wordstudio/crossword/players/data"
    table = tmp_path / "A.json"
    table.write_text((data / "leaves-standard.json").read_text(encoding="utf-8"))
    out = tmp_path / "games.jsonl"
    assert lv.main([str(table), str(table), "--player", "championship:0.02", "--pairs",
                    "--games", "2", "--workers", "1", "--seed", "3",
                    "--config", "board7.cfg", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["seed"] for r in rows] == [3, 3]
    assert [r["order"] for r in rows] == [[0, 1], [1, 0]]
    for row in rows:
        assert row["spread"] == row["scores"][0] - row["scores"][1]
        assert all(0 < s < 5 for s in row["seconds_per_move"])
    printed = capsys.readouterr().out
    assert "championship:0.02 with A.json v championship:0.02 with A.json: 2 games" in printed
    assert "s a move" in printed
    # The same command again plays nothing more.
    assert lv.main([str(table), str(table), "--player", "championship:0.02", "--pairs",
                    "--games", "2", "--workers", "1", "--seed", "3",
                    "--config", "board7.cfg", "--out", str(out)]) == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 2
    with pytest.raises(SystemExit):
        lv.main([str(table), str(table), "--pairs", "--games", "3"])
