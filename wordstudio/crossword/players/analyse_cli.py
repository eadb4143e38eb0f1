"""``wordstudio analyse``: a position's candidates ranked by simulation or the end-game
solver (what the Championship player weighs).

    wordstudio analyse --cgp "15/15/... AEIRST?/ 120/98 0" [--config scrabble.cfg]
    wordstudio analyse GAME.wsg [--ply N]
        [--seconds 5] [--iterations N] [--top 10] [--plies 2] [--seed S] [--workers N]
        [--json]

A CGP position is analysed for the player to move (the first rack); the tiles neither on
the board nor on that rack are what the opponent may hold and the bag.  A saved game is
analysed at its current position, or before its action ``--ply`` (1 = the first).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import TextIO

from wordstudio.control import DeadlineControl
from wordstudio.crossword.board import Board, BoardError
from wordstudio.crossword.config.cli import find_config_file
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.players.analysis import Analysis, analyse
from wordstudio.crossword.players.parallel import usable_workers
from wordstudio.crossword.position import Position
from wordstudio.crossword.records.cgp import CGPError, check_position, parse_cgp
from wordstudio.crossword.records.formats import open_record
from wordstudio.crossword.records.saved import read_text
from wordstudio.crossword.tiles import BLANK, Rack, TileError
from wordstudio.errors import UserError
from wordstudio.filecheck import file_name
from wordstudio.lexicon.catalog import load_lexicon

DEFAULT_CONFIG = "scrabble.cfg"
DEFAULT_SECONDS = 5.0
#: The most candidates a simulation ranks.
MAX_CANDIDATES = 100


class AnalyseUsage(UserError):
    """Arguments that give nothing to analyse."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "analyse", aliases=["analyze"],
        help="rank a position's moves by simulation or the exact end game",
        description="Rank the candidate moves of a position (CGP, or a saved game) by "
                    "simulation (win chance, mean spread) or, once the bag is empty, by "
                    "the exact end-game solver.")
    parser.add_argument("file", nargs="?", type=file_name, help="a saved game")
    parser.add_argument("--cgp", help="the position, in CGP notation (the player to move "
                                      "holds the first rack)")
    parser.add_argument("--ply", type=int,
                        help="analyse a saved game before its action N (default: now)")
    parser.add_argument("--config", help="game configuration for a CGP position or a "
                                         f"WordsWorth saved game (default: {DEFAULT_CONFIG})")
    parser.add_argument("--lexicon", help="word list: a shipped name or a file")
    parser.add_argument("--seconds", type=float,
                        help="thinking time (default: 5 seconds; with --iterations, no time "
                             "limit unless given: whichever comes first)")
    parser.add_argument("--iterations", type=int, default=0,
                        help="stop after this many simulation iterations (reproducible)")
    parser.add_argument("--top", type=int, default=10, help="candidates shown (default: 10)")
    parser.add_argument("--candidates", type=int, default=12,
                        help=f"candidates simulated (default: 12, at most {MAX_CANDIDATES})")
    parser.add_argument("--plies", type=int, default=2,
                        help="moves played out after each candidate (default: 2)")
    parser.add_argument("--seed", type=int, help="simulation seed (default: from the position)")
    parser.add_argument("--workers", type=int, default=0,
                        help="processes to simulate with (default and at most: one per "
                             "core)")
    parser.add_argument("--json", action="store_true", help="JSON output")
    parser.set_defaults(func=run_analyse)


def run_analyse(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if (args.cgp is None) == (args.file is None):
        raise AnalyseUsage("give a saved game or --cgp (one of them)")
    # --seconds given is a limit kept, --iterations or not (it once gave way to them, and
    # an end game was then searched without a limit).
    seconds = args.seconds if args.seconds is not None else 0.0 if args.iterations > 0 \
        else DEFAULT_SECONDS
    if not math.isfinite(seconds):
        raise AnalyseUsage(f"--seconds {args.seconds} is not a number of seconds")
    if seconds <= 0 and args.iterations <= 0:
        raise AnalyseUsage("give --seconds or --iterations more than 0")
    if args.plies < 1 or args.candidates < 1 or args.top < 1:
        raise AnalyseUsage("--plies, --candidates and --top must be at least 1")
    try:
        workers, cut = usable_workers(args.workers)
    except ValueError as exc:
        raise AnalyseUsage(str(exc)) from None
    position = (cgp_position(args.cgp, args.config, args.lexicon) if args.cgp is not None
                else saved_position(args.file, args.ply, args.config, args.lexicon))
    candidates, plies = args.candidates, args.plies
    notes = [cut] if cut else []
    if candidates > MAX_CANDIDATES:
        notes.append(f"--candidates {candidates:,}: at most {MAX_CANDIDATES} are simulated "
                     "(more would each get too few iterations to be told apart)")
        candidates = MAX_CANDIDATES
    # Each move of a playout plays a tile at least (or passes): no game lasts longer.
    left = len(position.rack.tiles) + len(position.unseen)
    if plies > max(1, left):
        notes.append(f"--plies {plies:,}: this game has {left} tiles left to play; "
                     f"playing out {max(1, left)} moves")
        plies = max(1, left)
    for note in notes:
        print(f"wordstudio analyse: {note}", file=sys.stderr)
    control = DeadlineControl(on_report=_reporter(sys.stderr)) if sys.stderr.isatty() \
        else DeadlineControl()
    try:
        result = analyse(position, max(seconds, 0.0), top=args.top, control=control,
                         iterations=args.iterations, candidates=candidates,
                         plies=plies, seed=args.seed, workers=workers)
    except ValueError as exc:
        raise AnalyseUsage(str(exc)) from None
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    if args.json:
        print(json.dumps(result.to_json()), file=out)
    else:
        print(table(result), file=out)
    return 0


def _reporter(stream: TextIO):
    def report(fraction: float, message: str) -> None:
        stream.write(f"\r{100 * fraction:3.0f}% {message.splitlines()[0] if message else ''}"
                     "\x1b[K")
        stream.flush()
    return report


def table(result: Analysis) -> str:
    """The candidates as a table."""
    if result.method == "simulation":
        how = f"simulation, {result.iterations} iterations"
    else:
        how = (f"{result.method}, {'proven' if result.proven else 'not proven'} at depth "
               f"{result.iterations}")
    lines = [f"{how}, {result.seconds:.1f} s",
             f"{'move':<22} {'score':>5} {'leave':<8} {'equity':>7} {'win %':>6} "
             f"{'spread':>7} {'+-':>5} {'iter' if result.method == 'simulation' else 'depth':>5}"]
    for row in result.candidates:
        error = f"{row.error:5.1f}" if row.error is not None else "    -"
        lines.append(f"{row.notation:<22} {row.score:>5} {''.join(row.leave):<8} "
                     f"{row.equity:>7.1f} {100 * row.win:>5.1f}% {row.spread:>+7.1f} "
                     f"{error} {row.iterations:>5}")
    return "\n".join(lines)


def _config(name: str | None) -> GameConfig:
    return load_config(find_config_file(name or DEFAULT_CONFIG))


def cgp_position(text: str, config_name: str | None, lexicon: str | None) -> Position:
    """The position a CGP string describes, for the player to move."""
    config = _config(config_name)
    cgp = parse_cgp(text)
    # The game's board size, letters, rack size and tile counts: a rack larger than the
    # game's would be searched for leaves it never has (and for minutes).
    check_position(cgp, config)
    board = Board(config)
    try:
        board.set_rows(cgp.rows)
        rack = Rack.parse(cgp.racks[0] if cgp.racks else "", config.tiles.alphabet)
    except (BoardError, TileError) as exc:
        raise CGPError(str(exc)) from None
    unseen = Counter(_all_tiles(config))
    for _row, _col, letter, blank in board.tiles():
        unseen[BLANK if blank else letter] -= 1
    unseen.subtract(rack.tiles)
    if any(n < 0 for n in unseen.values()):
        raise CGPError("the board and the rack hold more of some tile than the game has")
    tiles = tuple(sorted(unseen.elements()))
    scores = cgp.scores if len(cgp.scores) >= 2 else (*cgp.scores, 0, 0)[:2]
    held = min(config.rack_size, len(tiles))
    name = lexicon or cgp.operation("lex") or config.dictionary
    load_lexicon(name)
    return Position(config, tuple(board.cells), tuple(board.owners), rack, 0, len(scores),
                    tuple(scores), tiles, len(tiles) - held, 0, cgp.zero_turns, name)


def _all_tiles(config: GameConfig) -> list[str]:
    tiles = config.tiles
    out = [letter for letter, n in zip(tiles.alphabet, tiles.frequencies, strict=True)
           for _ in range(n)]
    return out + [BLANK] * tiles.blank_count


def saved_position(path: Path, ply: int | None, config_name: str | None,
                   lexicon: str | None) -> Position:
    """A saved game's position now, or before its action ``ply``."""
    config = None
    if not read_text(path).lstrip().startswith("{"):
        config = _config(config_name)
    saved = open_record(path, config, load_lexicon(lexicon) if lexicon else None, seed=0)
    game = saved.game
    if ply is not None:
        if not 1 <= ply <= game.ply + 1:
            raise AnalyseUsage(f"{path}: --ply must be from 1 to {game.ply + 1}")
        game.undo_to(ply - 1)
    if game.over:
        raise AnalyseUsage(f"{path}: the game is over; give --ply to analyse a move of it")
    return game.position()
