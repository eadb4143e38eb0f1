"""``wordstudio config setup [SCRIPT] --out FILE``: run a SETUP script at the terminal.

As WordsWorth's SETUP did (seed 001, Appendix C), each question is printed with its
answers numbered, and ``Enter option (1-n)?`` waits for a number; ``--answer N`` answers
the next question without asking (give one per question to run a script from another
program).  The configuration the answers describe is checked with the engine, then
written to ``--out`` (an existing file only with ``--force``).  Without SCRIPT, the
shipped example ``boards/wordsworth.setup`` runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from wordstudio.crossword.config.files import parse_config
from wordstudio.crossword.config.setupscript import Question, SetupRun
from wordstudio.errors import UserError
from wordstudio.paths import atomic_write_text, boards_dir

DEFAULT_SCRIPT = "wordsworth.setup"


class SetupUsage(UserError):
    """Answers that do not fit the script, or a file that must not be replaced."""


def add_setup_action(actions: Any) -> None:
    """Add ``config setup`` to ``wordstudio config``."""
    setup = actions.add_parser(
        "setup",
        help="run a SETUP script (WordsWorth's Appendix C) and write the configuration "
             "its answers describe",
        description=(
            "Ask a SETUP script's questions (@question, >answer= action, %%, <file) and "
            "write the configuration of Includes its answers describe. SCRIPT may name a "
            f"file in the shipped boards folder (default: {DEFAULT_SCRIPT})."),
    )
    setup.add_argument("script", nargs="?", default=DEFAULT_SCRIPT,
                       help=f"the SETUP script (default: the shipped {DEFAULT_SCRIPT})")
    setup.add_argument("--out", "-o", required=True, metavar="FILE",
                       help="the configuration to write (.cfg)")
    setup.add_argument("--answer", "-a", type=int, action="append", default=[], metavar="N",
                       help="answer the next question with its answer N, without asking "
                            "(once per question; questions left over are asked)")
    setup.add_argument("--force", action="store_true", help="replace FILE if it exists")
    setup.set_defaults(func=run_setup)


def script_path(name: str) -> Path:
    """``name`` as given if it exists, else the shipped script of that name."""
    given = Path(name)
    try:
        if not given.exists() and (boards_dir() / name).is_file():
            return boards_dir() / name
    except (OSError, ValueError):
        pass  # a name no file can have: reading it says so
    return given


def run_setup(args: argparse.Namespace, keys: TextIO | None = None,
              out: TextIO | None = None) -> int:
    keys = keys or sys.stdin
    out = out or sys.stdout
    destination = Path(args.out)
    if destination.exists() and not getattr(args, "force", False):
        raise SetupUsage(f"{destination} is already there: name another file, or give "
                         "--force to replace it")
    run = SetupRun(script_path(args.script))
    given = list(args.answer)
    while run.question is not None:
        question = run.question
        number = given.pop(0) if given else ask(question, keys, out)
        if not 1 <= number <= len(question.answers):
            raise SetupUsage(f"{question.path.name}, line {question.line}: "
                             f"{question.text!r} has answers 1 to {len(question.answers)}, "
                             f"not {number}")
        run.answer(number)
    if given:
        raise SetupUsage(f"{len(run.answers) + len(given)} answers given for a script that "
                         f"asked {len(run.answers)} questions")
    text = run.config_text(destination)
    config = parse_config(text, destination)  # a game that cannot be played is not written
    atomic_write_text(destination, text)
    print(f"Wrote {destination}: {config.title or 'untitled game'}, {config.rows}x"
          f"{config.columns} board (answers {' '.join(map(str, run.answers)) or 'none'})",
          file=out)
    return 0


def ask(question: Question, keys: TextIO, out: TextIO) -> int:
    """SETUP's prompt: the question, its answers numbered, ``Enter option (1-n)?``; asked
    again until a number in range comes (a closed input is an error)."""
    count = len(question.answers)
    print(f"\n{question.text}\n", file=out)
    for number, label in enumerate(question.answers, start=1):
        print(f"{number}) {label}", file=out)
    while True:
        print(f"\nEnter option (1-{count})? ", end="", file=out, flush=True)
        line = keys.readline()
        if not line:
            raise SetupUsage(f"{question.text!r} needs an answer (1-{count}): the input "
                             "ended; give --answer N")
        if line.strip().isdigit() and 1 <= int(line) <= count:
            return int(line)
