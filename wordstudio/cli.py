"""The ``wordstudio`` command: the GUI when run bare, headless tools as subcommands.

Each subcommand lives in the package it belongs to, as a module with a
``register(subparsers)`` function that adds its parser and sets ``func``; the function
returns the exit status.  Errors derived from :class:`wordstudio.errors.UserError` are
printed as one plain message (file and line included where there is one) with exit
status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from wordstudio import __version__
from wordstudio.errors import UserError

#: Modules that contribute subcommands, in the order ``--help`` lists them.
COMMAND_MODULES = (
    "wordstudio.crossword.commands",
    "wordstudio.crossword.config.cli",
    "wordstudio.crossword.players.selfplay_cli",
    "wordstudio.crossword.records.cli",
    "wordstudio.lexicon.commands",
    "wordstudio.wordforword.commands",
    "wordstudio.wordwar.commands",
)


def build_parser() -> argparse.ArgumentParser:
    return _build()[0]


def _build() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    parser = argparse.ArgumentParser(
        prog="wordstudio",
        description="WordStudio: crossword-style word games. Run with no command for the window.",
    )
    parser.add_argument("--version", action="version", version=f"WordStudio {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    gui = subparsers.add_parser("gui", help="open the WordStudio window (the default)")
    gui.add_argument("file", nargs="?", help="a saved game or configuration to open")
    gui.set_defaults(func=_run_gui)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser, subparsers


def _run_gui(args: argparse.Namespace) -> int:
    from wordstudio.ui.app import main as gui_main

    argv = [args.file] if getattr(args, "file", None) else []
    return gui_main(argv)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser, subparsers = _build()
    if not argv or (argv[0] not in subparsers.choices and not argv[0].startswith("-")):
        # Bare ``wordstudio`` (or ``wordstudio some-file``): the window.
        return _run_gui(argparse.Namespace(file=argv[0] if argv else None))
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"wordstudio: {exc}", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:
        print("wordstudio: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
