"""The ``wordstudio`` command's edge: one line and exit 2 for bad input, a quiet end when
the reader of the output goes away, and a logged, one-line report of anything else."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from wordstudio import cli
from wordstudio.errors import UserError


def _command(monkeypatch: pytest.MonkeyPatch, body) -> None:
    """``wordstudio doublets`` replaced by ``body`` (any subcommand would do)."""
    real = cli._build

    def build(command: str | None = None) -> tuple[argparse.ArgumentParser,
                                                   argparse._SubParsersAction]:
        parser, subparsers = real(command)
        subparsers.choices["doublets"].set_defaults(func=lambda args: body())
        return parser, subparsers

    monkeypatch.setattr(cli, "_build", build)


def test_bad_input_is_one_line_and_status_2(monkeypatch, capsys):
    def body() -> int:
        raise UserError("board.cfg, line 3: Rows must be 1 to 30, not 99")

    _command(monkeypatch, body)
    assert cli.main(["doublets", "CAT", "DOG"]) == 2
    assert capsys.readouterr().err == "wordstudio: board.cfg, line 3: Rows must be 1 to 30, not 99\n"


def test_a_fault_is_logged_and_reported_in_one_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path))

    def body() -> int:
        return {}["missing"]

    _command(monkeypatch, body)
    assert cli.main(["doublets", "CAT", "DOG"]) == 1
    err = capsys.readouterr().err
    log = tmp_path / "log" / "wordstudio.log"
    assert err == (f"wordstudio: internal error in wordstudio doublets (KeyError: 'missing'); "
                   f"the details are in {log}\n")
    text = log.read_text(encoding="utf-8")
    assert "unexpected error in wordstudio doublets" in text
    assert "Traceback (most recent call last)" in text and 'return {}["missing"]' in text


def test_running_out_of_memory_is_reported_not_raised(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path))

    def body() -> int:
        raise MemoryError

    _command(monkeypatch, body)
    assert cli.main(["doublets", "CAT", "DOG"]) == 1
    assert "the computer ran out of memory" in capsys.readouterr().err


def test_a_closed_pipe_is_one_line_and_exit_2(monkeypatch, capsys):
    def body() -> int:
        print("first line")
        raise BrokenPipeError(32, "Broken pipe")

    _command(monkeypatch, body)
    assert cli.main(["doublets", "CAT", "DOG"]) == cli.BROKEN_PIPE_STATUS == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "wordstudio doublets:" in err and "broken pipe" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["moves", "--cgp", "15/15 A/ 0/0 0", "--config", "no-such-board"],
    ["moves", "--cgp-file", "/no/such/file.cgp"],
    ["replay", "/no/such/game.crossword"],
    ["config", "show", "/no/such/board.cfg"],
    ["lexicon", "info", "/no/such/words.txt"],
    ["wordwar", "score", "/no/such/grid.txt"],
    ["wordwar", "sheet", "--board", "99"],
    ["selfplay", "--config", "no-such-board", "--games", "1"],
    ["consult", "[", "--lexicon", "/no/such/words.txt"],
    ["doublets", "CAT", "DOGS"],
    ["moves", "--bogus-option"],
    ["moves", "--cgp"],
    ["moves", "--config", "wordwhami", "--cgp", "/".join(["15"] * 15) + " ABC/ 0/0 0"],
    ["moves", "--config", str(REPO / "boards" / "wordwhami.cfg"), "--cgp", "30/ / 0/0 0"],
    ["analyse", "/no/such/game.crossword"],
    ["analyse", "--cgp", "15/x"],
    ["analyse"],
    ["leaves"],
    ["leaves", "train", "--config", "no-such-board", "--games", "1"],
    ["leaves", "train", "--config", "scrabble", "--games", "-5"],
    ["leaves", "show", "--config", "no-such-board"],
    ["leaves", "forget", "--config", "no-such-board"],
    ["convert", "/no/such/game.sav", "{tmp}/out.gcg"],
    ["convert", "{tmp}/broken.crossword", "{tmp}/out.gcg"],
    ["review", "{tmp}/broken.crossword"],
    ["replay", "{tmp}/broken.crossword"],
    ["replay"],
    ["lexicon"],
    ["lexicon", "new", "../outside"],
    ["lexicon", "add", "no-such-list", "CAT"],
    ["lexicon", "remove", "no-such-list", "CAT"],
    ["lexicon", "show", "no-such-list"],
    ["lexicon", "define", "ZZZQ", "--lexicon", "no-such-list"],
    ["wordwar"],
    ["wordwar", "score", "{tmp}/broken.crossword"],
    ["wordwar", "sheet", "--board", "0"],
    ["selfplay", "--player", "no-such-player", "--games", "1"],
    ["selfplay", "--games", "-1"],
    ["selfplay", "--games", "many"],
    ["consult"],
    ["config"],
    ["config", "show", "{tmp}/broken.crossword"],
    ["doublets", "CAT", "DOG", "--lexicon", "no-such-list"],
    ["gui", "/no/such/game.crossword"],
    ["/no/such/game.crossword"],
    ["-c", "{tmp}"],
    ["gui", "--bogus-option"],
    ["--bogus-option"],
    ["no-such-command-or-file"],
])
def test_every_subcommand_exits_2_with_one_line_on_bad_input(argv, capsys, tmp_path,
                                                             monkeypatch):
    """Bad input to any subcommand - a usage mistake argparse finds or a problem the
    command finds - is one line naming the problem, and status 2."""
    import wordstudio.ui.app as app

    monkeypatch.setattr(app, "main", lambda *a, **k: pytest.fail("the window opened"))
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path / "home"))
    (tmp_path / "broken.crossword").write_text('{"format": "wordstudio-crossword"\n')
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    try:
        status = cli.main(argv)
    except SystemExit as exc:  # argparse's own usage errors
        status = exc.code
    err = capsys.readouterr().err
    assert status == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("wordstudio")


def test_a_usage_mistake_names_the_command_and_its_help(capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main(["moves", "--cgp"])
    assert caught.value.code == 2
    assert capsys.readouterr().err == ("wordstudio moves: argument --cgp: expected one "
                                       "argument (see wordstudio moves --help)\n")


def test_the_window_without_a_display_says_so_in_one_line(monkeypatch, capsys):
    import wordstudio.ui.app as app

    monkeypatch.setattr(app, "main", lambda *a, **k: pytest.fail("the window opened"))
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert cli.main([]) == 2
    assert capsys.readouterr().err.startswith("wordstudio: there is no display to open the "
                                              "window on")


def test_python_m_wordstudio_runs_the_same_edge(tmp_path):
    import subprocess

    result = subprocess.run([sys.executable, "-m", "wordstudio", "config", "show",
                             str(tmp_path / "missing.cfg")], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"wordstudio: {tmp_path / 'missing.cfg'}: cannot read the file: No such file or directory"]


@pytest.mark.parametrize(("argv", "opened", "coloured"), [
    ([], [], False),
    (["-c"], [], True),
    (["-c", "game.crossword"], ["game.crossword"], True),
    (["gui", "--player-colours"], [], True),
    (["game.sav"], ["game.sav"], False),
])
def test_the_window_takes_wordsworths_c(monkeypatch, tmp_path, argv, opened, coloured):
    """``ww -c`` colours each player's tiles; ``wordstudio -c [file]`` does the same."""
    import wordstudio.ui.app as app

    monkeypatch.chdir(tmp_path)
    for name in opened:
        (tmp_path / name).write_text("a game")
    calls: list[tuple[list[str], bool]] = []
    monkeypatch.setattr(app, "main", lambda files, player_colours=False, **_:
                        calls.append((list(files), player_colours)) or 0)
    assert cli.main(argv) == 0
    assert calls == [(opened, coloured)]


@pytest.mark.parametrize(("argv", "asked"), [
    (["-D"], {"show_tiles": True, "config": None, "first": None}),
    (["-B0"], {"show_tiles": False, "config": None, "first": "computer"}),
    (["-B1", "-D", "-f", "wordsworth.cfg"],
     {"show_tiles": True, "config": "wordsworth.cfg", "first": "person"}),
    (["-f", "board7.cfg", "-c", "game.sav"],
     {"show_tiles": False, "config": "board7.cfg", "first": None}),
    (["gui", "--config", "board7"], {"show_tiles": False, "config": "board7.cfg", "first": None}),
])
def test_the_window_takes_wordsworths_d_b_and_f(monkeypatch, tmp_path, argv, asked):
    """``ww [-D] [-B(0|1)] [-c] [-f <file>] [<saved game>]`` (seed 001, section 3): -D
    shows the computer's tiles, -B0 lets the computer move first and -B1 you, -f names
    the configuration (a file, or a shipped one by name)."""
    import wordstudio.ui.app as app

    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.sav").write_text("@1")
    calls: list[dict] = []
    monkeypatch.setattr(app, "main", lambda files, **kwargs: calls.append(kwargs) or 0)
    assert cli.main(argv) == 0
    [call] = calls
    config = call["config"]
    assert (Path(config).name if config else None) == asked["config"]
    assert {k: call[k] for k in ("show_tiles", "first")} == {
        k: asked[k] for k in ("show_tiles", "first")}


def test_a_configuration_that_cannot_be_played_is_said_before_the_window_opens(
        monkeypatch, tmp_path, capsys):
    import wordstudio.ui.app as app

    monkeypatch.setattr(app, "main", lambda *a, **k: pytest.fail("the window opened"))
    bad = tmp_path / "bad.cfg"
    bad.write_text("Rows = 99\n")
    assert cli.main(["-f", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.cfg, line 1" in err
    with pytest.raises(SystemExit) as refused:
        cli.main(["-B2"])
    assert refused.value.code == 2 and "invalid choice: '2'" in capsys.readouterr().err


def test_wordsworths_self_play_switches_before_any_command_run_selfplay(capsys):
    """``ww -Q -f my.cfg`` plays the program against the control once and prints the
    result; ``wordstudio -Q -D -B1 -f wordsworth.cfg`` does the same, the move numbers
    along the way, the control (WordsWorth's "you") moving first."""
    assert cli.main(["-Q", "-D", "-B1", "-f", "wordsworth.cfg", "--lexicon",
                     "en-US-standard"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("1 2 3 ")  # -D: move numbers
    assert lines[1].startswith("== game 1 (seed 1, control v config)")  # -B1
    assert "1 game in" in out


def test_each_command_is_registered_by_the_module_the_table_names():
    # The table lets a command import its own module only; it must say what the
    # modules really register, and every command must work on its own.
    parser = argparse.ArgumentParser()
    subparsers = parser.add_subparsers()
    owners = {}
    for module in cli.COMMAND_MODULES:
        before = set(subparsers.choices)
        importlib.import_module(module).register(subparsers)
        owners |= dict.fromkeys(set(subparsers.choices) - before, module)
    assert owners == cli.COMMANDS
    for command in cli.COMMANDS:
        _parser, alone = cli._build(command)
        assert set(alone.choices) == {"gui", command} | {
            name for name, module in cli.COMMANDS.items() if module == cli.COMMANDS[command]}


def test_a_moves_process_does_not_import_what_it_does_not_use():
    script = """
import sys
from wordstudio import cli
try:
    cli.main(["moves", "--help"])
except SystemExit:
    pass
print(" ".join(sorted(name for name in sys.modules if name.startswith(("wordstudio", "PySide6")))))
"""
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            timeout=120)
    loaded = set(result.stdout.strip().splitlines()[-1].split())
    assert "wordstudio.crossword.commands" in loaded
    for heavy in ("wordstudio.crossword.game", "wordstudio.crossword.players",
                  "wordstudio.wordwar", "wordstudio.wordforword", "wordstudio.ui", "PySide6"):
        assert not {name for name in loaded if name == heavy or name.startswith(heavy + ".")}, heavy
