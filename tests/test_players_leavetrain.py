"""Leave tables learnt by self-play: the fit, where tables are kept, resuming, workers,
and the ``wordstudio leaves`` command."""

from __future__ import annotations

import json

import pytest

from tests.test_players_helpers import shipped
from wordstudio.cli import main
from wordstudio.crossword.players.leaves import (
    HeuristicLeaves,
    leaves_for,
    state_path,
    table_path,
    trained_table,
)
from wordstudio.crossword.players.leavetrain import _solve, fit, round_ends, train


@pytest.fixture
def baby():
    config = shipped("board7.cfg")
    for path in (table_path(config), state_path(config)):
        path.unlink(missing_ok=True)
    yield config
    for path in (table_path(config), state_path(config)):
        path.unlink(missing_ok=True)


def test_the_solver_finds_the_least_squares_answer() -> None:
    # Rows (intercept, x1), (intercept, x2), (intercept, x1, x2): targets 5, 3, 7 with
    # weights 1, 1, 2 - the exact answer of the normal equations, near it with a ridge.
    rows, counts, targets = [[0, 1], [0, 2], [0, 1, 2]], [1, 1, 2], [5.0, 3.0, 7.0]
    w = _solve(rows, counts, targets, 3, [0.0, 0.0, 0.0])
    fitted = [sum(w[c] for c in row) for row in rows]
    residual = sum(n * (f - y) for f, y, n in zip(fitted, targets, counts, strict=True))
    assert abs(residual) < 1e-6  # the intercept is not penalised: residuals sum to zero
    assert w[1] > w[2]  # x1 comes with the higher targets


def test_a_tile_that_brings_points_is_worth_keeping() -> None:
    config = shipped("scrabble.cfg")
    samples = []
    for k in range(300):
        samples.append((("S", "E"), None, 35 + k % 3))
        samples.append((("V", "E"), None, 18 + k % 3))
        samples.append((("E",), None, 24 + k % 3))
    table, intercept = fit(samples, config)
    assert table.value(("S", "E")) > table.value(("E",)) > table.value(("V", "E"))
    assert 15 < intercept < 40


def test_rounds_grow_and_end_at_the_games_asked_for() -> None:
    assert round_ends(4) == [4]
    ends = round_ends(120)
    assert ends[-1] == 120 and len(ends) == 4
    lengths = [b - a for a, b in zip([0, *ends], ends, strict=False)]
    assert lengths == sorted(lengths)


def test_training_stores_the_table_where_players_find_it(baby) -> None:
    assert trained_table(baby) is None
    assert isinstance(leaves_for(baby), HeuristicLeaves)
    table, state = train(baby, 4, seed=3, workers=1)
    assert state.played == 4 and state.samples
    assert trained_table(baby) is not None
    assert leaves_for(baby).value(("E", "S")) == table.value(("E", "S"))
    data = json.loads(table_path(baby).read_text())
    assert data["games"] == 4 and data["seed"] == 3


def test_workers_do_not_change_the_table_and_a_run_goes_on(baby) -> None:
    alone, first = train(baby, 4, seed=5, workers=1)
    shared, _ = train(baby, 4, seed=5, workers=2, fresh=True)
    assert alone.to_json() == shared.to_json()
    samples = list(first.samples)
    further, state = train(baby, 6, seed=5, workers=1)
    assert state.played == 6 and state.samples[:len(samples)] == samples
    assert len(state.samples) > len(samples) and further.to_json() != alone.to_json()


def test_leaves_command(baby, capsys) -> None:
    assert main(["leaves", "show", "--config", "board7.cfg"]) == 1
    assert "no table trained" in capsys.readouterr().out
    assert main(["leaves", "train", "--config", "board7.cfg", "--games", "3",
                 "--workers", "1"]) == 0
    captured = capsys.readouterr()
    assert "3 games" in captured.out and "round done: 3 games" in captured.err
    assert main(["leaves", "show", "--config", "board7.cfg"]) == 0
    assert "best tiles to keep" in capsys.readouterr().out
    assert main(["leaves", "forget", "--config", "board7.cfg"]) == 0
    assert trained_table(baby) is None
    assert main(["leaves", "train", "--config", "board7.cfg", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err
    assert main(["leaves", "train", "--config", "wordwhami.cfg", "--games", "2"]) == 2
