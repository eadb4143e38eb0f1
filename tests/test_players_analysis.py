"""analyse(): ranked candidates by simulation or the end-game solver; ``wordstudio
analyse`` on a CGP position and on a saved game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_players_helpers import position
from wordstudio.cli import main
from wordstudio.crossword.actions import Play
from wordstudio.crossword.players.analysis import analyse, position_seed
from wordstudio.crossword.players.endgames.check import plain_minimax
from wordstudio.crossword.players.simulate import table_for

OPENING_CGP = "15/15/15/15/15/15/15/7CAT5/15/15/15/15/15/15/15 AEIQRST/ 10/0 0"


def test_simulation_rows_carry_every_measure() -> None:
    pos = position("AEIRSTQ", bag=40, unseen="EEEEIIAAOONNRRTTLSSUDDGGBCMPFHVWYKJXZ?"[:47])
    result = analyse(pos, 0, top=4, iterations=16, candidates=6, workers=1)
    assert result.method == "simulation" and result.iterations == 16
    assert len(result.candidates) == 4
    ranks = [row.win + 0.001 * row.spread for row in result.candidates]
    assert ranks == sorted(ranks, reverse=True)
    for row in result.candidates:
        assert 0 <= row.win <= 1 and row.iterations > 0
        if isinstance(row.action, Play):
            assert row.move is not None and row.score == row.move.score
            played = sorted(p.tile for p in row.move.placed)
            assert sorted([*played, *row.leave]) == sorted(pos.rack.tiles)
    data = result.to_json()
    assert data["candidates"][0]["move"] == result.candidates[0].notation


def test_time_spent_before_the_analysis_counts_against_its_budget() -> None:
    import time

    pos = position("AEIRSTQ", bag=40)
    spent = analyse(pos, 1.0, top=3, workers=1, started=time.monotonic() - 2.0)
    # Nothing left to simulate with: the candidates in their static order.
    assert spent.method == "simulation" and spent.iterations == 0
    equities = [row.equity for row in spent.candidates]
    assert equities == sorted(equities, reverse=True)
    # An end game gets what is left too: a moment, not the unlimited search 0 would mean.
    end = position("EXO", bag=0, unseen="JBEQ")
    assert analyse(end, 1.0, started=time.monotonic() - 2.0).seconds < 1.0


def test_the_same_position_gets_the_same_seed() -> None:
    pos = position("AEIRSTQ", bag=40)
    assert position_seed(pos) == position_seed(position("QTSRIEA", bag=40))
    assert position_seed(pos) != position_seed(position("AEIRSTZ", bag=40))


def test_an_empty_bag_is_solved_exactly() -> None:
    pos = position("FZS", bag=0, unseen="DA")
    result = analyse(pos, 5.0)
    assert result.method == "end game" and result.proven
    table = table_for(pos)
    best = plain_minimax(table, pos.board(), (pos.rack.tiles, tuple(pos.unseen)), 0)
    assert result.candidates[0].spread == best
    assert result.candidates[0].win in (0.0, 0.5, 1.0)


def test_games_without_racks_cannot_be_analysed() -> None:
    from tests.test_players_helpers import shipped

    pos = position("", config=shipped("wordwhami.cfg"), rows=None, bag=0)
    with pytest.raises(ValueError, match="no racks"):
        analyse(pos, 1.0)


def test_analyse_command_on_a_cgp(capsys) -> None:
    status = main(["analyse", "--cgp", OPENING_CGP, "--iterations", "8", "--candidates", "4",
                   "--top", "3", "--workers", "1", "--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "simulation" and data["iterations"] == 8
    assert len(data["candidates"]) == 3
    status = main(["analyse", "--cgp", OPENING_CGP, "--iterations", "8", "--candidates", "4",
                   "--top", "3", "--workers", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("simulation, 8 iterations")
    assert lines[1].split()[:3] == ["move", "score", "leave"] and len(lines) == 5


def test_analyse_command_on_a_saved_game(capsys, tmp_path: Path) -> None:
    from tests.test_players_helpers import standard
    from wordstudio.crossword.players.levels import parse_player_spec
    from wordstudio.crossword.players.selfplay import play_game
    from wordstudio.crossword.records.native import save_game

    played = play_game(standard(), [parse_player_spec("greedy"), parse_player_spec("greedy")], 4)
    path = tmp_path / "game.wsg"
    save_game(played.game, path)
    status = main(["analyse", str(path), "--ply", "3", "--iterations", "4", "--candidates",
                   "3", "--workers", "1", "--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["iterations"] == 4 and data["candidates"]
    status = main(["analyse", str(path), "--iterations", "4"])
    assert status == 2 and "the game is over" in capsys.readouterr().err


def test_analyse_command_errors(capsys) -> None:
    assert main(["analyse", "--iterations", "4"]) == 2
    assert "give a saved game or --cgp" in capsys.readouterr().err
    assert main(["analyse", "--cgp", "15/15 AB/ 0/0 0", "--iterations", "4"]) == 2
    assert "board is 15x15" in capsys.readouterr().err
    crowded = OPENING_CGP.replace("AEIQRST", "ZZZZ")
    assert main(["analyse", "--cgp", crowded, "--iterations", "4"]) == 2
    assert "uses 4 Z tiles (board and rack), but the game has 1" in capsys.readouterr().err
    for seconds in ("nan", "inf"):
        assert main(["analyse", "--cgp", OPENING_CGP, "--seconds", seconds]) == 2
        assert "is not a number of seconds" in capsys.readouterr().err


@pytest.mark.parametrize("given, budget", [
    ([], 5.0),
    (["--seconds", "1"], 1.0),
    (["--iterations", "8"], 0.0),  # reproducible: no time limit
    (["--iterations", "8", "--seconds", "1"], 1.0),  # both: whichever comes first
])
def test_analyse_command_keeps_the_time_it_is_given(capsys, monkeypatch, given, budget) -> None:
    """--seconds given is kept with --iterations too: the two once could not be combined
    (the seconds were dropped, and an end game searched without a limit)."""
    import wordstudio.crossword.players.analyse_cli as analyse_cli

    asked: list[float] = []

    def fake(position, seconds, **kwargs):
        asked.append(seconds)
        return analyse(position, 0.0, iterations=1, top=1, candidates=2, workers=1)

    monkeypatch.setattr(analyse_cli, "analyse", fake)
    assert main(["analyse", "--cgp", OPENING_CGP, *given]) == 0
    assert asked == [budget]


def test_analyse_seconds_one_stops_in_about_a_second(tmp_path: Path) -> None:
    """``wordstudio analyse --seconds 1`` as a person runs it, start-up and worker
    processes included: an opening, a rack of blanks on the big board, an end game (with
    --iterations as well, which once left it without a limit), and a rack too large for
    the game (board7's racks hold five: this one was searched for minutes)."""
    import subprocess
    import sys
    import time

    from tests.test_players_helpers import standard
    from wordstudio.crossword.players.levels import parse_player_spec
    from wordstudio.crossword.players.selfplay import play_game
    from wordstudio.crossword.records.native import save_game

    played = play_game(standard(), [parse_player_spec("greedy"), parse_player_spec("greedy")], 1)
    game = played.game
    path = tmp_path / "game.wsg"
    save_game(game, path)
    last = game.ply
    while last > 1:  # the first move made with the bag empty: an end game
        game.undo_to(last - 1)
        if game.bag.tiles:
            break
        last -= 1
    empty21 = "/".join(["21"] * 21)
    runs = [
        ["--cgp", OPENING_CGP],
        ["--config", "super21", "--cgp", f"{empty21} AEIRS???/ 0/0 0"],
        [str(path), "--ply", str(last + 1), "--iterations", "100000"],
        ["--config", "board7", "--cgp", "7/7/7/7/7/7/7 AEIRST?/ 0/0 0"],
    ]
    for args in runs:
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "wordstudio", "analyse", *args,
                               "--seconds", "1"], capture_output=True, text=True, timeout=60)
        took = time.monotonic() - started
        assert took < 15, (args, took)
        if "board7" in args:
            assert done.returncode == 2 and "racks hold 5" in done.stderr
        else:
            assert done.returncode == 0, done.stderr
            heading = done.stdout.splitlines()[0]  # "simulation, 1234 iterations, 1.0 s"
            assert float(heading.rsplit(", ", 1)[1].removesuffix(" s")) < 5, heading
            assert heading.startswith("end game" if "--ply" in args else "simulation")
