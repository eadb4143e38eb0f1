"""``wordstudio convert IN OUT``: a saved game from one format into another.

The input is any format the program reads (told apart by content); the output's format
comes from ``--to`` or the output's suffix: ``.crossword`` WordStudio's own, ``.gcg``
GCG, ``.sav``/``.ww``/``.wws`` WordsWorth's.  The game is replayed through the rules on
the way, so a damaged input never becomes a damaged output.  What the output format
cannot hold is said on standard error (a GCG record keeps no clock settings, WordsWorth
files hold two players, ...); a game it cannot hold at all is an error and nothing is
written.  The output is written atomically: an existing file is replaced whole or not at
all.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from wordstudio.crossword.game import Game
from wordstudio.crossword.records.cli import add_game_arguments, open_game_file
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.formats import (
    FORMAT_NAMES,
    GCG,
    WORDSTUDIO,
    WORDSWORTH,
    WORDSWORTH_SUFFIXES,
)
from wordstudio.crossword.records.gcg import SUFFIX as GCG_SUFFIX
from wordstudio.crossword.records.gcgwrite import save_gcg
from wordstudio.crossword.records.native import SUFFIX as NATIVE_SUFFIX
from wordstudio.crossword.records.native import save_game
from wordstudio.crossword.records.wwsave import save_wordsworth


def register(subparsers: argparse._SubParsersAction) -> None:
    convert = subparsers.add_parser(
        "convert", help="convert a saved game between WordStudio, WordsWorth and GCG",
        description="Read a saved game in any format and write it in another: WordStudio "
                    f"({NATIVE_SUFFIX}), GCG ({GCG_SUFFIX}) or WordsWorth "
                    f"({', '.join(WORDSWORTH_SUFFIXES)}).  What the output cannot hold is "
                    "listed on standard error.")
    convert.add_argument("input", type=Path, help="the saved game to read")
    convert.add_argument("output", type=Path, help="the file to write")
    convert.add_argument("--to", choices=sorted(FORMAT_NAMES), dest="to",
                         help="the output format (default: from the output's suffix)")
    add_game_arguments(convert)
    convert.set_defaults(func=run_convert)


def output_format(path: Path, forced: str | None = None) -> str:
    """The format to write: ``forced``, else the one the suffix names."""
    if forced:
        return forced
    suffix = path.suffix.lower()
    if suffix == NATIVE_SUFFIX:
        return WORDSTUDIO
    if suffix == GCG_SUFFIX:
        return GCG
    if suffix in WORDSWORTH_SUFFIXES:
        return WORDSWORTH
    raise RecordError(path, f"which format should this be? Give --to, or end the name with "
                            f"{NATIVE_SUFFIX}, {GCG_SUFFIX} or {WORDSWORTH_SUFFIXES[0]}")


def write_game(game: Game, path: Path, kind: str) -> tuple[str, ...]:
    """Write ``game`` to ``path`` in format ``kind``; what the format could not hold."""
    writers: dict[str, Callable[[Game, Path], tuple[str, ...]]] = {
        WORDSTUDIO: _native, GCG: save_gcg, WORDSWORTH: _wordsworth}
    try:
        return writers[kind](game, path)
    except RecordError as exc:
        # The writers name no file (they make text); say which one was not written.
        raise RecordError(path, f"not written: {exc.problem}") from None
    except OSError as exc:
        raise RecordError(path, f"cannot write the file ({exc.strerror or exc})") from None


def _native(game: Game, path: Path) -> tuple[str, ...]:
    save_game(game, path)
    return ()


def _wordsworth(game: Game, path: Path) -> tuple[str, ...]:
    save_wordsworth(game, path)
    return ()


def run_convert(args: argparse.Namespace) -> int:
    kind = output_format(args.output, args.to)
    if args.input.resolve() == args.output.resolve():
        raise RecordError(args.output, "the output would replace the input; give another name")
    saved = open_game_file(args, args.input)
    for note in saved.notes:
        print(f"wordstudio: {args.input}: {note}", file=sys.stderr)
    omissions = write_game(saved.game, args.output, kind)
    for omission in omissions:
        print(f"wordstudio: {args.output}: {FORMAT_NAMES[kind]} cannot hold this: {omission}",
              file=sys.stderr)
    return 0
