"""The ``wordstudio`` command: the GUI when run bare, headless tools as subcommands.

Each subcommand lives in the package it belongs to, as a module with a
``register(subparsers)`` function that adds its parser and sets ``func``; the function
returns the exit status.  Errors derived from :class:`wordstudio.errors.UserError` are
printed as one plain message (file and line included where there is one) with exit
status 2.  Output cut short by its reader (``wordstudio moves ... | head``) is said the
same way, in one line with status 2 (never a BrokenPipeError traceback).  Anything else
is a fault: one line names it and the log file that holds its traceback (status 1).

A command asked to end from outside - Ctrl+C (SIGINT), SIGTERM, or its terminal closed
(SIGHUP) - says so in one line and exits with 128 + the signal's number, as a shell
reports it, after stopping the worker processes it started (self-play, leave training,
analysis and review run pools): killed on the spot by SIGTERM or SIGHUP, Python's
default, the pools' semaphores were left for multiprocessing's resource tracker to
report as leaked.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

from wordstudio import __version__
from wordstudio.errors import UserError

#: Each subcommand and the module that registers it, in the order ``--help`` lists them.
#: Running a command imports its own module only (a fresh ``wordstudio moves`` process
#: must not pay for the game engine, self-play or Word War); ``--help`` imports them all.
COMMANDS = {
    "moves": "wordstudio.crossword.commands",
    "config": "wordstudio.crossword.config.cli",
    "selfplay": "wordstudio.crossword.players.selfplay_cli",
    "analyse": "wordstudio.crossword.players.analyse_cli",
    "analyze": "wordstudio.crossword.players.analyse_cli",
    "leaves": "wordstudio.crossword.players.leaves_cli",
    "replay": "wordstudio.crossword.records.cli",
    "convert": "wordstudio.crossword.records.convert",
    "review": "wordstudio.crossword.review.cli",
    "consult": "wordstudio.lexicon.commands",
    "lexicon": "wordstudio.lexicon.commands",
    "doublets": "wordstudio.wordforword.commands",
    "wordwar": "wordstudio.wordwar.commands",
}
#: WordsWorth's self-play switches (seed 001, section 3): given before any command
#: (``wordstudio -S -f my.cfg``, as ``ww -S -f my.cfg``) they run ``selfplay``.
WORDSWORTH_SELFPLAY = ("-Q", "-S", "-s")
#: The window's own switches, WordsWorth's: ``wordstudio -D -B0 -f my.cfg`` is the window.
GUI_SWITCHES = ("-c", "--player-colours", "-D", "--show-tiles", "-f", "--config", "-B")


def _write_wordwar_sheets(boards: Sequence[Any], path: Path, page: Any) -> None:
    """Word War's blank scoresheets as a PDF, drawn as the window prints them (Qt is
    imported only when a sheet is written: the other commands never need it)."""
    from wordstudio.ui.wordwar.printing import write_blank_sheets_pdf

    write_blank_sheets_pdf(boards, path, page)


#: What a command module's ``register`` is handed besides the parsers: the window's
#: drawing (Qt), which no engine package imports, joined to the command here at the
#: program's edge.
SERVICES: dict[str, dict[str, Callable[..., Any]]] = {
    "wordstudio.wordwar.commands": {"write_sheets": _write_wordwar_sheets},
}
#: Modules that contribute subcommands, in the order ``--help`` lists them.
COMMAND_MODULES = tuple(dict.fromkeys(COMMANDS.values()))
#: The status of a command whose reader went away: the one every user-facing problem has.
BROKEN_PIPE_STATUS = 2
#: The signals, besides SIGINT (Python's KeyboardInterrupt), that ask a command to end.
ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                       if hasattr(signal, name))


class Ended(BaseException):
    """Raised in the main thread when a command is asked to end by ``signum`` (SIGTERM,
    SIGHUP).  Like KeyboardInterrupt it is no Exception: no ``except Exception`` on the
    way out swallows it, and every ``finally`` runs."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


class _Parser(argparse.ArgumentParser):
    """argparse's parser, its usage errors said in one line like every other error (the
    usage itself is one ``--help`` away).  Subcommands' parsers are of this class too."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    return _build()[0]


def _build(command: str | None = None
           ) -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    """The parser, with every subcommand - or, for a known ``command``, that one only."""
    parser = _Parser(
        prog="wordstudio",
        description="WordStudio: crossword-style word games. Run with no command for the window.",
    )
    parser.add_argument("--version", action="version", version=f"WordStudio {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    gui = subparsers.add_parser(
        "gui", help="open the WordStudio window (the default)",
        description="The window, with WordsWorth's switches: wordstudio [-c] [-D] [-B0|-B1] "
                    "[-f CONFIG] [FILE].  Given before any command, WordsWorth's -Q, -S "
                    "and -s play the computer against itself instead (wordstudio selfplay).")
    gui.add_argument("file", nargs="?", help="a saved game or configuration to open")
    gui.add_argument("-c", "--player-colours", action="store_true",
                     help="each player's tiles in their own colour (WordsWorth's -c; kept "
                          "as the table option for later games)")
    gui.add_argument("-D", "--show-tiles", action="store_true",
                     help="show the computer's tiles: every rack in view all the time "
                          "(WordsWorth's -D, on any board; kept as the table option)")
    gui.add_argument("-B", dest="first", choices=("0", "1"), metavar="0|1",
                     help="-B0: the computer plays the first move; -B1: you play first "
                          "(WordsWorth's -B; otherwise the new-game dialog's order)")
    gui.add_argument("-f", "--config", metavar="CONFIG",
                     help="play with this configuration (a file or a shipped name): a new "
                          "game opens with it chosen; a WordsWorth saved game, which holds "
                          "no configuration, is read with it (WordsWorth's -f)")
    gui.set_defaults(func=_run_gui)
    modules = (COMMANDS[command],) if command in COMMANDS else COMMAND_MODULES
    for name in modules:
        importlib.import_module(name).register(subparsers, **SERVICES.get(name, {}))
    return parser, subparsers


def _run_gui(args: argparse.Namespace) -> int:
    file = getattr(args, "file", None)
    if file and not Path(file).is_file():
        what = "is a folder, not a file" if Path(file).is_dir() else "no such file"
        raise UserError(f"{file}: {what}")
    config = getattr(args, "config", None)
    if config is not None:
        # A configuration that cannot be played is said here, in one line, not in a window.
        from wordstudio.crossword.config.cli import find_config_file
        from wordstudio.crossword.config.files import load_config

        path = find_config_file(config)
        try:
            load_config(path)
        except OSError as exc:
            raise UserError(f"{config}: {exc.strerror or exc}") from None
        config = str(path)
    first = {"0": "computer", "1": "person"}.get(getattr(args, "first", None) or "")
    if _no_display():
        raise UserError("there is no display to open the window on (DISPLAY and "
                        "WAYLAND_DISPLAY are unset); the subcommands work without one "
                        "(wordstudio --help)")
    from wordstudio.ui.app import main as gui_main

    argv = [file] if file else []
    return gui_main(argv, player_colours=bool(getattr(args, "player_colours", False)),
                    show_tiles=bool(getattr(args, "show_tiles", False)), config=config,
                    first=first)


def _no_display() -> bool:
    """On Linux and the BSDs Qt needs an X or Wayland display unless a platform is named
    (``QT_QPA_PLATFORM=offscreen``); without one it aborts with a screenful of advice."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return False
    return not any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY",
                                                     "QT_QPA_PLATFORM"))


def main(argv: Sequence[str] | None = None) -> int:
    argv = _command_line(list(sys.argv[1:] if argv is None else argv))
    command = argv[0]
    parser, _subparsers = _build(command)
    # The window handles these signals itself (ui/termination.py).
    ending: AbstractContextManager[None] = _ended_by_signals() if command != "gui" else nullcontext()
    try:
        with ending:
            args = parser.parse_args(argv)
            if not getattr(args, "func", None):
                parser.print_help()
                status = 0
            else:
                status = int(args.func(args) or 0)
            # Written out here, not at exit, so a closed pipe is caught below.
            sys.stdout.flush()
        return status
    except BrokenPipeError:
        _discard_output()
        _say(f"wordstudio {command}: the output was closed before it was all written "
             "(broken pipe)")
        return BROKEN_PIPE_STATUS
    except UserError as exc:
        print(f"wordstudio: {exc}", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:
        _stop_workers()
        _say("wordstudio: interrupted")
        return 128 + signal.SIGINT
    except Ended as ended:
        _stop_workers()
        _say(f"wordstudio {command}: ended by {ended.name}")
        return 128 + ended.signum
    except Exception as exc:  # noqa: BLE001 - the edge of the program: no traceback
        from wordstudio.faults import print_fault  # only on the way out: keep start-up light

        print_fault(exc, f"wordstudio {command}")
        return 1


def _command_line(argv: list[str]) -> list[str]:
    """The arguments with the command they mean made explicit: WordsWorth's ``ww``
    switches before any command are the window's, or ``selfplay``'s with -Q, -S, -s."""
    if argv and (argv[0] in COMMANDS or argv[0] == "gui"):
        return argv
    if any(arg in WORDSWORTH_SELFPLAY for arg in argv):
        # ``ww -Q`` plays one game; a --games given later counts.
        return ["selfplay", "--games", "1", *argv]
    if not argv or not argv[0].startswith("-") or argv[0].startswith(GUI_SWITCHES):
        # Bare ``wordstudio``, ``wordstudio some-file``, ``wordstudio -c -B0 -f my.cfg``.
        return ["gui", *argv]
    return argv


@contextmanager
def _ended_by_signals() -> Iterator[None]:
    """While the command runs, SIGTERM and SIGHUP raise :class:`Ended` in the main thread,
    as SIGINT raises KeyboardInterrupt; a second one ends the program at once (the
    previous handlers are back as soon as the first arrives, and when the command ends)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # handlers can only be set on the main thread (a test calling main())
        return
    previous: dict[int, Callable[[int, FrameType | None], Any] | int | None] = {}

    def restore() -> None:
        for number, handler in previous.items():
            # None: a handler set outside Python, which cannot be put back.
            signal.signal(number, signal.SIG_DFL if handler is None else handler)

    def end(signum: int, _frame: FrameType | None) -> None:
        restore()
        raise Ended(signum)

    for number in ENDING_SIGNALS:
        previous[number] = signal.signal(number, end)
    try:
        yield
    finally:
        restore()


def _stop_workers() -> None:
    """Stop the worker pools a command started, now: waiting for them at exit would wait
    for the tasks they run (a self-play game, a training batch) to finish."""
    parallel = sys.modules.get("wordstudio.crossword.players.parallel")
    if parallel is not None:
        parallel.stop_pools()


def _say(line: str) -> None:
    """One line on stderr, if stderr is still there to take it."""
    try:
        print(line, file=sys.stderr)
    except (OSError, ValueError):
        pass


def _discard_output() -> None:
    """Send what is still buffered for stdout nowhere: its reader has gone, and Python
    would otherwise complain when it flushes at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass  # stdout is not a real file (tests capture it): nothing to silence


if __name__ == "__main__":
    sys.exit(main())
