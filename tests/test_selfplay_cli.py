"""``wordstudio selfplay``: the summary, JSON, watching, the progress bar, and errors."""

from __future__ import annotations

import argparse
import io
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.processes import left_behind
from wordstudio.cli import main
from wordstudio.crossword.players.selfplay_cli import run_selfplay

if os.name == "posix":
    import pty
    import termios


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["selfplay", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_summary_table(capsys) -> None:
    status, out, err = run(capsys, "--config", "board7.cfg", "--games", "4", "--seed", "3",
                           "--player", "greedy", "--player", "level1", "--check")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("7x7 baby board: 4 games")
    assert lines[1].split()[:6] == ["player", "wins", "draws", "win", "%", "mean"]
    greedy, level1 = lines[2].split(), lines[3].split()
    assert greedy[0] == "greedy" and level1[0] == "level1"
    assert int(greedy[1]) + int(level1[1]) + int(greedy[2]) <= 4
    assert err == ""  # not a terminal: no progress bar


def test_json(capsys) -> None:
    status, out, _ = run(capsys, "--config", "board7.cfg", "--games", "3", "--seed", "5",
                         "--player", "level8", "--player", "level3", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["games"] == 3 and data["seed"] == 5
    names = [p["name"] for p in data["players"]]
    assert names == ["level8", "level3"]
    for player in data["players"]:
        assert len(player["scores"]) == 3
        assert player["wins"] + player["draws"] + player["losses"] == 3
        assert player["mean"] == round(sum(player["scores"]) / 3, 2)
        assert player["seconds_per_move"] > 0


def test_the_same_seed_gives_the_same_games(capsys) -> None:
    args = ("--config", "board7.cfg", "--games", "2", "--seed", "8", "--player", "level5",
            "--player", "greedy", "--json")
    first = json.loads(run(capsys, *args)[1])
    second = json.loads(run(capsys, *args)[1])
    assert [p["scores"] for p in first["players"]] == [p["scores"] for p in second["players"]]


def test_watch_prints_every_move(capsys) -> None:
    status, out, _ = run(capsys, "--config", "board7.cfg", "--games", "2", "--player",
                         "greedy", "--player", "control", "--watch")
    assert status == 0
    moves = [line for line in out.splitlines() if line[:4].strip().rstrip(".").isdigit()]
    assert len(moves) > 4
    assert moves[0].strip().startswith("1. greedy:")  # game 1: the first player starts ...
    games = [line for line in out.splitlines() if line.startswith("== game")]
    assert len(games) == 2 and "control v greedy" in games[1]  # ... and then the other


def test_knob_file_player(capsys, tmp_path: Path) -> None:
    knobs = tmp_path / "long.def"
    knobs.write_text("LengthWeight = 6\n")
    status, out, _ = run(capsys, "--config", "board7.cfg", "--games", "2", "--player",
                         str(knobs), "--player", "greedy")
    assert status == 0 and "\nlong " in out


def test_progress_bar_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    args = argparse.Namespace(config="board7.cfg", games=3, seed=1, player=["greedy", "level2"],
                              lexicon=None, json=True, watch=False, check=False, workers=1)
    out, err = io.StringIO(), Terminal()
    assert run_selfplay(args, out, err) == 0
    shown = err.getvalue()
    assert "3/3" in shown and "game" in shown and "/s" in shown  # done, games per second
    assert "greedy: " in shown and "% wins [95%: " in shown  # the running result
    assert shown.endswith("\n")
    json.loads(out.getvalue())


def test_errors_are_plain_messages(capsys, tmp_path: Path) -> None:
    status, _, err = run(capsys, "--player", "level10", "--player", "greedy")
    assert status == 2 and "there is no level 10" in err
    status, _, err = run(capsys, "--player", "championship:0", "--player", "greedy")
    assert status == 2 and "more than 0 seconds" in err
    status, _, err = run(capsys, "--workers", "-1", "--player", "level1", "--player", "greedy")
    assert status == 2 and "--workers" in err
    status, _, err = run(capsys, "--config", "nosuch.cfg", "--player", "level1",
                         "--player", "greedy")
    assert status == 2 and "nosuch.cfg" in err
    status, _, err = run(capsys, "--player", "level1")
    assert status == 2 and "Standard 15x15 game is for 2 to 4 players: give 2 to 4 --player" in err
    status, _, err = run(capsys, "--config", "wordwhami.cfg", *["--player", "level1"] * 7)
    assert status == 2 and "WORDwhami is for 1 to 6 players" in err and "not 7" in err
    status, _, err = run(capsys, "--games", "0", "--player", "level1", "--player", "greedy")
    assert status == 2 and "--games must be at least 1" in err
    bad = tmp_path / "bad.def"
    bad.write_text("LengthWeight = lots\n")
    status, _, err = run(capsys, "--player", str(bad), "--player", "greedy")
    assert status == 2 and "bad.def, line 1" in err
    status, _, err = run(capsys, "--lexicon", "no-such-list", "--player", "level1",
                         "--player", "greedy")
    assert status == 2 and "no-such-list" in err


def test_as_many_players_as_the_game_seats(capsys) -> None:
    """WORDwhami's configuration seats up to six ("two to four (or more)"), Computer
    SCRABBLE's one to four: selfplay takes what the game allows, not two to four."""
    status, out, _ = run(capsys, "--config", "board7.cfg", "--games", "1", "--workers", "1",
                         "--json", *[arg for n in range(1, 7) for arg in ("--player", f"level{n}")])
    assert status == 2  # board7.cfg keeps the default four
    five = [arg for n in range(1, 6) for arg in ("--player", f"level{n}")]
    status, out, _ = run(capsys, "--config", "wordwhami.cfg", "--games", "1", "--workers", "1",
                         "--json", *five)
    assert status == 0
    players = json.loads(out)["players"]
    assert [p["name"] for p in players] == [f"level{n}" for n in range(1, 6)]
    assert sum(p["wins"] + p["draws"] for p in players) >= 1
    status, out, _ = run(capsys, "--config", "computer-scrabble.cfg", "--games", "2",
                         "--workers", "1", "--player", "level3")
    assert status == 0 and "level3: mean " in out and "2 games" in out


def test_workers_give_the_same_summary(capsys) -> None:
    args = ("--config", "board7.cfg", "--games", "4", "--seed", "21", "--player", "level8",
            "--player", "greedy", "--json")
    alone = json.loads(run(capsys, *args, "--workers", "1")[1])
    shared = json.loads(run(capsys, *args, "--workers", "2")[1])
    for data in (alone, shared):
        for player in data["players"]:
            player.pop("seconds_per_move")
        data.pop("seconds")
    assert alone == shared


def test_summary_ends_with_the_running_result(capsys) -> None:
    status, out, _ = run(capsys, "--config", "board7.cfg", "--games", "3", "--seed", "2",
                         "--player", "level8", "--player", "greedy", "--workers", "1")
    assert status == 0
    last = out.splitlines()[-1]
    assert last.startswith("level8: ") and "% wins [95%: " in last and "spread " in last


def test_quiet_prints_each_result_and_move_numbers_with_d(capsys) -> None:
    status, out, _ = run(capsys, "--config", "board7.cfg", "--games", "2", "--player",
                         "greedy", "--player", "level3", "-Q", "--workers", "1")
    assert status == 0
    assert [line for line in out.splitlines() if line.startswith("== game")][1].startswith(
        "== game 2 (seed 2, level3 v greedy)")
    assert not any(line[:4].strip().rstrip(".").isdigit() for line in out.splitlines())
    status, out, _ = run(capsys, "--config", "board7.cfg", "--games", "1", "--player",
                         "greedy", "--player", "level3", "-Q", "-D")
    numbers = out.splitlines()[0].split()
    assert numbers[:3] == ["1", "2", "3"] and numbers == [str(n) for n in
                                                          range(1, len(numbers) + 1)]


def test_without_players_the_games_own_strategy_plays_the_control(capsys) -> None:
    """Seed 001 section 3: with -Q, -S or -s "the program plays against itself, with the
    'player' taking your part being a control which chooses its moves based on score
    only"."""
    status, out, err = run(capsys, "--config", "board7.cfg", "--games", "2", "-Q",
                           "--workers", "1")
    assert (status, err) == (0, "")
    results = [line for line in out.splitlines() if line.startswith("== game")]
    assert results[0].startswith("== game 1 (seed 1, config v control)")
    assert results[1].startswith("== game 2 (seed 2, control v config)")


def test_step_waits_for_a_key_between_moves() -> None:
    args = argparse.Namespace(config="board7.cfg", games=1, seed=1, player=["greedy", "level2"],
                              lexicon=None, json=False, watch=False, step=True, quiet=False,
                              show_tiles=True, check=False, workers=1)
    out = io.StringIO()
    # Two moves one at a time, then "q": the third move is the last one printed.
    assert run_selfplay(args, out, io.StringIO(), io.StringIO("\n\nq\n")) == 0
    lines = out.getvalue().splitlines()
    moves = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
    assert len(moves) == 3 and moves[0].startswith("  1. greedy:")
    assert "(" in moves[0]  # -D: the rack the player held
    assert out.getvalue().count("an empty line: next move") == 3 and lines[-1].endswith("stopped")
    assert "t: take a seat" in out.getvalue()
    # "c" plays on without waiting.
    out = io.StringIO()
    assert run_selfplay(args, out, io.StringIO(), io.StringIO("c\n")) == 0
    assert out.getvalue().count("an empty line: next move") == 1 and "== game 1" in out.getvalue()


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal needs a POSIX system")
def test_step_at_a_terminal_takes_a_key_without_enter() -> None:
    """Seed 001: "the -s option waits for you to press a key between each move" - at a
    terminal one key does, no Enter needed: Enter the next move, q stops (another key
    takes a seat: tests/test_players_takeover.py)."""
    leader, follower = pty.openpty()
    try:
        keys = os.fdopen(follower, "r", closefd=False)
        os.write(leader, b"\nq")  # Enter, then q alone
        args = argparse.Namespace(config="board7.cfg", games=1, seed=1,
                                  player=["greedy", "level2"], lexicon=None, json=False,
                                  watch=False, step=True, quiet=False, show_tiles=False,
                                  check=False, workers=1)
        out = io.StringIO()
        status: list[int] = []
        player = threading.Thread(target=lambda: status.append(
            run_selfplay(args, out, io.StringIO(), keys)))
        player.start()
        player.join(20)
        waited_for_enter = player.is_alive()
        if waited_for_enter:
            os.write(leader, b"\nq\n")  # let it finish, then fail
            player.join(20)
        assert not waited_for_enter and status == [0]
        text = out.getvalue()
        assert text.count("Enter: next move") == 2 and text.rstrip().endswith("stopped")
        assert "any other key: take a seat" in text
        assert termios.tcgetattr(follower)[3] & termios.ICANON  # the terminal as it was
    finally:
        os.close(leader)
        os.close(follower)


# --- ended from outside while its workers play -----------------------------------------------------
REPO = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize(("signum", "to_group"), [
    (signal.SIGTERM, False), (signal.SIGHUP, False),
    # A closed terminal: the hang-up reaches the workers and multiprocessing's resource
    # tracker too (it died, and the semaphores went unaccounted for).
    (signal.SIGHUP, True), (signal.SIGTERM, True),
], ids=["SIGTERM", "SIGHUP", "terminal closed", "SIGTERM to the group"])
def test_a_signal_while_the_workers_play_ends_the_command_cleanly(tmp_path, signum, to_group):
    # Killed on the spot (Python's default for SIGTERM and SIGHUP), the command left its
    # pool's five semaphores to the resource tracker: "There appear to be 5 leaked
    # semaphore objects".  Now it ends as Ctrl+C does: one line, the workers stopped,
    # status 128 + the signal's number.
    account = tmp_path / "account"
    env = dict(os.environ, WORDSTUDIO_HOME=str(account), PYTHONPATH=str(REPO))
    program = subprocess.Popen(
        [sys.executable, "-m", "wordstudio", "selfplay", "--config", "board7.cfg",
         "--games", "100000", "--workers", "2", "--quiet", "--player", "greedy",
         "--player", "level2"],
        cwd=REPO, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True)  # a process group of its own, as from a terminal
    try:
        assert program.stdout is not None
        first = program.stdout.readline()  # a game finished: the pool is at work
        assert first.startswith("== game 1 "), first
        if to_group:
            os.killpg(program.pid, signum)
        else:
            program.send_signal(signum)
        _, stderr = program.communicate(timeout=120)
    finally:
        if program.poll() is None:
            program.kill()
            program.communicate()
    name = signal.Signals(signum).name
    assert program.returncode == 128 + signum, stderr
    assert stderr == f"wordstudio selfplay: ended by {name}\n"  # no warning, no traceback
    assert left_behind(account) == []
