"""Crossword-engine subcommands: ``moves`` (and, with the game engine, selfplay/replay)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from wordstudio.crossword.board import Board, BoardError
from wordstudio.crossword.config.cli import find_config_file
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.moves import finder_for as config_finder
from wordstudio.crossword.records.cgp import CGPError, parse_cgp
from wordstudio.crossword.tiles import Rack
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir

DEFAULT_CONFIG = "scrabble.cfg"


def register(subparsers: argparse._SubParsersAction) -> None:
    moves = subparsers.add_parser(
        "moves", help="list every legal move in a position (CGP)",
        description="List every legal move for the player to move in a CGP position.")
    source = moves.add_mutually_exclusive_group(required=True)
    source.add_argument("--cgp", help="the position, in CGP notation")
    source.add_argument("--cgp-file", type=Path, help="a file of CGP positions, one per line")
    moves.add_argument("--config", type=find_config_file,
                       help="game configuration: a file or a shipped board name "
                            "(default: the standard game)")
    moves.add_argument("--lexicon", help="word list: a shipped name or a file (default: the config's)")
    moves.add_argument("--json", action="store_true", help="JSON output")
    moves.set_defaults(func=run_moves)


def game_config(path: Path | None) -> GameConfig:
    return load_config(path if path is not None else boards_dir() / DEFAULT_CONFIG)


def finder_for(config: GameConfig, lexicon: str | None, config_path: Path | None) -> MoveFinder:
    relative = config_path.parent if config_path is not None else None
    words = load_lexicon(lexicon or config.dictionary, relative_to=relative)
    if words.rejected:
        print(f"wordstudio: {words.source}: {words.rejected.describe()}", file=sys.stderr)
    # The config's own automata: a game with backward words (WORDwhami) needs two.
    return config_finder(config, words)


def moves_for_cgp(finder: MoveFinder, text: str, where: str = "") -> list:
    position = parse_cgp(text)
    config = finder.config
    if len(position.rows) != config.rows or len(position.rows[0]) != config.columns:
        raise CGPError(f"{where}the position is {len(position.rows)}x{len(position.rows[0])} "
                       f"but the game's board is {config.rows}x{config.columns}")
    board = Board(config)
    try:
        board.set_rows(position.rows)
    except BoardError as exc:
        raise CGPError(f"{where}{exc}") from None
    rack = Rack.parse(position.racks[0] if position.racks else "", config.tiles.alphabet)
    return finder.moves(board, rack)


def run_moves(args: argparse.Namespace) -> int:
    config = game_config(args.config)
    finder = finder_for(config, args.lexicon, args.config)
    if args.cgp is not None:
        moves = moves_for_cgp(finder, args.cgp)
        if args.json:
            print(json.dumps([m.to_json() for m in moves]))
        else:
            for move in moves:
                print(f"{move.score:4d}  {move.notation()}")
            print(f"{len(moves)} moves")
        return 0
    try:
        lines = args.cgp_file.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CGPError(f"{args.cgp_file}: cannot read ({exc.strerror})") from None
    number = 0
    for line_no, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        moves = moves_for_cgp(finder, line, f"{args.cgp_file}, line {line_no}: ")
        print(json.dumps({"position": number, "line": line_no,
                          "moves": [m.to_json() for m in moves]}))
        number += 1
    return 0
