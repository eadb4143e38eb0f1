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

from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game
from wordstudio.crossword.records.cli import (
    WORDSWORTH_DEFAULT_CONFIG,
    add_game_arguments,
    open_game_file,
)
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
from wordstudio.filecheck import file_name
from wordstudio.paths import boards_dir


def register(subparsers: argparse._SubParsersAction) -> None:
    convert = subparsers.add_parser(
        "convert", help="convert a saved game between WordStudio, WordsWorth and GCG",
        description="Read a saved game in any format and write it in another: WordStudio "
                    f"({NATIVE_SUFFIX}), GCG ({GCG_SUFFIX}) or WordsWorth "
                    f"({', '.join(WORDSWORTH_SUFFIXES)}).  What the output cannot hold is "
                    "listed on standard error.")
    convert.add_argument("input", type=file_name, help="the saved game to read")
    convert.add_argument("output", type=file_name, help="the file to write")
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
    return wordsworth_omissions(game)


def wordsworth_omissions(game: Game) -> tuple[str, ...]:
    """What a WordsWorth saved game of ``game`` leaves out (plain sentences): the files
    name no game, and keep none of a record's annotations."""
    said = []
    default = boards_dir() / WORDSWORTH_DEFAULT_CONFIG
    if game.config != load_config(default):
        played = game.setup.config_path or game.config.title or "the game's configuration"
        said.append(f"WordsWorth files do not say which game they are: read this one back "
                    f"with --config {played}")
    notes = game.annotations
    if any(notes.notes.values()):
        said.append("the notes are not kept")
    header = [what for what, value in (
        ("title", notes.title), ("description", notes.description),
        ("identifier", notes.ident), ("word list name", notes.lexicon),
        ("nicknames", notes.nicknames), ("other header lines", notes.extra)) if value]
    if header:
        said.append(f"the record's {_listed(header)} are not kept")
    if notes.partial_racks:
        said.append("racks the record gives only in part are written whole, as worked out "
                    "from the rest of the record")
    if notes.hidden_exchanges:
        said.append("exchanges the record gives only as a number of tiles are written with "
                    "the tiles worked out from the rest of the record")
    return tuple(said)


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


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
