"""Crossword-engine subcommand ``moves``: every legal move in a CGP position.

It is the command a script calls once per position, so a fresh process must answer
fast: it imports only the engine it uses, and finds the word list's compiled automaton
from the file's bytes (:func:`~wordstudio.lexicon.gaddag.gaddag_for_file`), never
reading the words.  Any rack on any board is answered within bounded memory: up to
:data:`SORTED_LIMIT` moves are listed highest score first; beyond that they are listed
as the generator finds them, a chunk at a time, and ``--top N`` gives the N best.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from wordstudio.crossword.board import Board, BoardError
from wordstudio.crossword.config.cli import find_config_file
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.movegen import FoundMoves
from wordstudio.crossword.moves import Move, MoveFinder
from wordstudio.crossword.records.cgp import CGPError, check_position, parse_cgp
from wordstudio.crossword.tiles import Rack
from wordstudio.filecheck import file_name, read_limited
from wordstudio.lexicon.catalog import load_lexicon, resolve_lexicon
from wordstudio.lexicon.gaddag import gaddag_for_file, shared_gaddag
from wordstudio.lexicon.personal import SUFFIX as PERSONAL_SUFFIX
from wordstudio.paths import boards_dir

DEFAULT_CONFIG = "scrabble.cfg"
#: Moves listed highest score first, at most; a position with more is listed as found.
SORTED_LIMIT = 200_000
#: The largest ``--cgp-file`` read: some 100,000 positions (a CGP line is 60-300 bytes).
MAX_CGP_FILE_BYTES = 30_000_000


def register(subparsers: argparse._SubParsersAction) -> None:
    moves = subparsers.add_parser(
        "moves", help="list every legal move in a position (CGP)",
        description="List every legal move for the player to move in a CGP position, "
                    f"highest score first (positions with more than {SORTED_LIMIT:,} moves: "
                    "in the order they are found).")
    source = moves.add_mutually_exclusive_group(required=True)
    source.add_argument("--cgp", help="the position, in CGP notation")
    source.add_argument("--cgp-file", type=file_name, help="a file of CGP positions, one per line")
    moves.add_argument("--config", type=find_config_file,
                       help="game configuration: a file or a shipped board name "
                            "(default: the standard game)")
    moves.add_argument("--lexicon", help="word list: a shipped name or a file (default: the config's)")
    moves.add_argument("--top", type=_positive, metavar="N",
                       help="only the N highest-scoring moves")
    moves.add_argument("--json", action="store_true", help="JSON output")
    moves.set_defaults(func=run_moves)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 < value <= 1_000_000:
        raise argparse.ArgumentTypeError("give a number from 1 to 1,000,000")
    return value


def game_config(path: Path | None) -> GameConfig:
    return load_config(path if path is not None else boards_dir() / DEFAULT_CONFIG)


def finder_for(config: GameConfig, lexicon: str | None, config_path: Path | None) -> MoveFinder:
    """The move finder for a config and a word list (by default the config's), with the
    automata a game with backward words (WORDwhami) needs."""
    relative = config_path.parent if config_path is not None else None
    path = resolve_lexicon(lexicon or config.dictionary, relative_to=relative)
    alphabet = config.tiles.alphabet
    if path.suffix == PERSONAL_SUFFIX:
        # A personal or topic list: its base's words with its own changes, as every other
        # command reads it (the file itself is a list of changes, not of words).
        words = load_lexicon(path)
        check = shared_gaddag(words, alphabet) if config.backward_words else None
        return MoveFinder(config, shared_gaddag(words, alphabet,
                                                reversible=config.backward_words), check=check)
    found = gaddag_for_file(path, alphabet, reversible=config.backward_words)
    if found.rejected:
        print(f"wordstudio: {path}: {found.rejected.describe()}", file=sys.stderr)
    check = gaddag_for_file(path, alphabet).gaddag if config.backward_words else None
    return MoveFinder(config, found.gaddag, check=check)


def position_of(finder: MoveFinder, text: str, where: str = "") -> tuple[Board, Rack]:
    """The board and the rack of the player to move, from a CGP line."""
    try:
        position = parse_cgp(text)
    except CGPError as exc:
        raise CGPError(f"{where}{exc}") from None
    config = finder.config
    check_position(position, config, where)
    board = Board(config)
    try:
        board.set_rows(position.rows)
    except BoardError as exc:
        raise CGPError(f"{where}{exc}") from None
    return board, Rack.parse(position.racks[0] if position.racks else "", config.tiles.alphabet)


def moves_for_cgp(finder: MoveFinder, text: str, where: str = "") -> list[Move]:
    """Every move of a CGP position, highest score first."""
    board, rack = position_of(finder, text, where)
    return finder.moves(board, rack)


def list_moves(finder: MoveFinder, board: Board, rack: Rack, top: int | None,
               write: Callable[[list[Move]], None]) -> bool:
    """Hand the position's moves to ``write``, in lists: the ``top`` best, or every move
    (sorted when there are at most :data:`SORTED_LIMIT`).  True when they were sorted."""
    if top is not None:
        write([finder.to_move(r.raw) for r in finder.top_moves(board, rack, top)])
        return True
    kept: list[FoundMoves] = []
    streaming = False

    def take(chunk: FoundMoves) -> None:
        nonlocal streaming
        if not streaming and sum(len(c) for c in kept) + len(chunk) <= SORTED_LIMIT:
            kept.append(chunk)
            return
        if not streaming:
            streaming = True
            for earlier in kept:
                write([finder.to_move(raw) for raw in earlier])
            kept.clear()
        write([finder.to_move(raw) for raw in chunk])

    last = finder.generate(board, rack, limit=50_000, on_chunk=take)
    take(last)
    if streaming:
        return False
    moves = [finder.to_move(raw) for chunk in kept for raw in chunk]
    moves.sort(key=lambda m: (-m.score, m.row, m.col, m.direction.value, m.word))
    write(moves)
    return True


def run_moves(args: argparse.Namespace) -> int:
    config = game_config(args.config)
    finder = finder_for(config, args.lexicon, args.config)
    if args.cgp is not None:
        board, rack = position_of(finder, args.cgp)
        if args.json:
            sorted_ = _json_moves(finder, board, rack, args.top, "")
            sys.stdout.write("\n")
        else:
            count = 0

            def show(moves: list[Move]) -> None:
                nonlocal count
                count += len(moves)
                sys.stdout.write("".join(f"{m.score:4d}  {m.notation()}\n" for m in moves))

            sorted_ = list_moves(finder, board, rack, args.top, show)
            print(f"{count} moves")
        if not sorted_:
            _unsorted_note()
        return 0
    try:
        raw = read_limited(args.cgp_file, MAX_CGP_FILE_BYTES, "file of CGP positions")
        lines = raw.decode("utf-8").splitlines()
    except OSError as exc:
        raise CGPError(f"{args.cgp_file}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise CGPError(f"{args.cgp_file}: cannot read (not UTF-8 text: {exc.reason} at byte "
                       f"{exc.start})") from None
    number = 0
    for line_no, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        board, rack = position_of(finder, line, f"{args.cgp_file}, line {line_no}: ")
        head = f'{{"position": {number}, "line": {line_no}, "moves": '
        if not _json_moves(finder, board, rack, args.top, head):
            _unsorted_note(f"{args.cgp_file}, line {line_no}: ")
        sys.stdout.write("}\n")
        number += 1
    return 0


def _json_moves(finder: MoveFinder, board: Board, rack: Rack, top: int | None, head: str) -> bool:
    """Write ``head`` and the position's moves as a JSON list, a chunk at a time."""
    sys.stdout.write(head + "[")
    first = True

    def write(moves: list[Move]) -> None:
        nonlocal first
        if moves:
            sys.stdout.write(("" if first else ", ") + ", ".join(json.dumps(m.to_json()) for m in moves))
            first = False

    sorted_ = list_moves(finder, board, rack, top, write)
    sys.stdout.write("]")
    return sorted_


def _unsorted_note(where: str = "") -> None:
    print(f"wordstudio: {where}more than {SORTED_LIMIT:,} moves: listed in the order found, "
          "not by score (--top N gives the best)", file=sys.stderr)
