"""``wordstudio config show FILE [--json]``: check a game configuration and show the game
(``wordstudio config setup``, running a SETUP script, is :mod:`.setup_cli`).

The text form is for people: the board drawn out, the tile table, the rules in words.
``--json`` prints :func:`~wordstudio.crossword.config.files.config_to_json` for programs.  A
bad file raises :class:`~wordstudio.crossword.config.files.ConfigError`, which the top-level
command prints (file, line, problem) with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path
from typing import Any

from wordstudio.crossword.config.elements import DISPLAY_ELEMENTS, ELEMENTS, Section, elements_of
from wordstudio.crossword.config.files import config_to_json, format_value, load_config
from wordstudio.crossword.config.setup_cli import add_setup_action
from wordstudio.crossword.gameconfig import (
    BLOCKED,
    LETTER_CODES,
    WORD_CODES,
    ExchangeAllowed,
    FirstMoveDir,
    FreeForm,
    GameConfig,
    Scoring,
    letter_multiplier,
    word_multiplier,
)
from wordstudio.paths import boards_dir


def register(subparsers: Any) -> None:
    """Add ``config show`` and ``config setup`` to the ``wordstudio`` command."""
    parser = subparsers.add_parser(
        "config",
        help="check a game configuration file and show the game it describes",
        description="Check WordsWorth-style game configuration files (.cfg, .def).",
    )
    actions = parser.add_subparsers(dest="config_action", metavar="ACTION", required=True)
    show = actions.add_parser(
        "show",
        help="show the game a configuration describes",
        description=(
            "Read a configuration (and the files it Includes), check it, and show the "
            "game it describes. FILE may also name a file in the shipped boards folder, "
            "e.g. 'scrabble.cfg'. Errors name the file and line; the exit status is 2."
        ),
    )
    show.add_argument("file", help="a .cfg or .def file")
    show.add_argument(
        "--json", action="store_true", help="every element under its WordsWorth name, as JSON"
    )
    show.set_defaults(func=_show)
    add_setup_action(actions)


def find_config_file(name: str) -> Path:
    """``name`` as given if it exists, else the shipped board file of that name (with
    ``.cfg`` added if need be), else ``name`` (so the error names what was asked for)."""
    given = Path(name)
    try:
        if given.exists():
            return given
        for candidate in (boards_dir() / name, boards_dir() / f"{name}.cfg"):
            if candidate.is_file():
                return candidate
    except (OSError, ValueError):
        pass  # a name no file can have (too long, a NUL): reading it says so
    return given


def _show(args: argparse.Namespace) -> int:
    config = load_config(find_config_file(args.file))
    if args.json:
        print(json.dumps(config_to_json(config), indent=2, ensure_ascii=False))
    else:
        print(describe_config(config), end="")
    return 0


# --- the text form ------------------------------------------------------------------------


def describe_config(config: GameConfig) -> str:
    """The game ``config`` describes, in words and pictures, for ``config show``."""
    title = config.title or "(untitled game)"
    facts = [
        ("Board", _board_summary(config)),
        ("Premiums", _premium_summary(config)),
        ("First move", _first_move(config)),
        ("Later moves", _later_moves(config)),
        ("Directions", _directions(config)),
        ("Scoring", _scoring(config)),
        ("Tiles", _tiles(config)),
        ("Blanks", _blank_pickup(config)),
        ("Swapping", _swapping(config)),
        ("Players", f"{config.min_players} to {config.max_players}"),
        ("Game ends", _ending(config)),
        ("Dictionary", config.dictionary),
    ]
    width = max(len(label) for label, _ in facts) + 2
    out = [title, "=" * len(title), ""]
    for label, text in facts:
        out += textwrap.wrap(
            text, 88, initial_indent=label.ljust(width), subsequent_indent=" " * width
        )
    out += ["", "Board (a plain, b-k letter x2-x11, B-K word x2-x11, @ blocked):"]
    out += _grid(config.layout)
    if config.starting_board:
        out += ["", "Starting board (. empty, A-Z a tile, a-z a blank):"]
        out += _grid(config.starting_board)
    out += ["", "Tiles:", *_tile_table(config)]
    values = elements_of(config)
    strategy = [e for e in ELEMENTS if e.section is Section.STRATEGY]
    out += ["", "Computer strategy:"]
    out += _wrap([f"{e.name} {values[e.name]}" for e in strategy])
    shown = [e for e in DISPLAY_ELEMENTS if values[e.name] not in (None, ())]
    out += ["", "Display:"]
    out += [f"  {e.name} = {format_value(e.name, values[e.name])}" for e in shown]
    return "\n".join(out) + "\n"


def _board_summary(config: GameConfig) -> str:
    blocked = sum(row.count(BLOCKED) for row in config.layout)
    squares = config.rows * config.columns
    return f"{config.rows} rows x {config.columns} columns: {squares - blocked} playable squares, {blocked} blocked"


def _premium_summary(config: GameConfig) -> str:
    counts: dict[str, int] = {}
    for row in config.layout:
        for code in row:
            if code in WORD_CODES:
                key = f"word x{word_multiplier(code)}"
            elif code in LETTER_CODES:
                key = f"letter x{letter_multiplier(code)}"
            else:
                continue
            counts[key] = counts.get(key, 0) + 1
    order = [f"word x{n}" for n in range(11, 1, -1)] + [f"letter x{n}" for n in range(11, 1, -1)]
    parts = [f"{counts[key]} {key}" for key in order if key in counts]
    return ", ".join(parts) if parts else "none"


def _first_move(config: GameConfig) -> str:
    row, col = config.first_move_row, config.first_move_col
    if row and col:
        where = f"must cover row {row}, column {col}"
    elif row:
        where = f"must cross row {row}"
    elif col:
        where = f"must cross column {col}"
    else:
        where = "anywhere"
    how = {
        FirstMoveDir.ANY: "in any direction the game allows"
        if any(d.is_diagonal for d in config.directions) else "across or down",
        FirstMoveDir.DOWN: "down",
        FirstMoveDir.ACROSS: "across",
    }[config.first_move_dir]
    return f"{where}, {how}"


def _later_moves(config: GameConfig) -> str:
    return {
        FreeForm.ANCHORED: "must join the tiles on the board",
        FreeForm.TERRITORIAL: "must join the player's own tiles (territorial)",
        FreeForm.FREE: "anywhere (free-form)",
    }[config.free_form]


def _directions(config: GameConfig) -> str:
    text = ", ".join(d.value for d in config.directions)
    return text + ("; words may also read backwards" if config.backward_words else "")


def _scoring(config: GameConfig) -> str:
    if config.scoring is Scoring.LENGTH_SQUARED:
        text = "each new word scores its length squared"
    else:
        text = "letter values with premiums"
    if config.play_all_tile_bonus:
        text += f"; {config.play_all_tile_bonus} bonus points for playing a whole rack"
    wild = []
    if config.wild_once_per_word:
        wild.append("one blank per word")
    if config.wild_no_plurals:
        wild.append("no blank for a plural")
    return text + (f"; {', '.join(wild)}" if wild else "")


def _tiles(config: GameConfig) -> str:
    tiles = config.tiles
    if config.unlimited_tiles:
        return "any letters, as many as wanted (NumberOfTiles 0)"
    pool = f"{tiles.total_tiles} ({sum(tiles.frequencies)} letters and {tiles.blank_count} blanks)"
    if config.play_from_pool:
        return f"{pool}, played straight from the pool (NumberOfTiles 1)"
    return f"{pool}, racks of {config.number_of_tiles}"


def _blank_pickup(config: GameConfig) -> str:
    return {
        ExchangeAllowed.NEVER: "stay where they are played",
        ExchangeAllowed.WHOLE_MOVE: "may be picked up for the real letter, as a whole move",
        ExchangeAllowed.BEFORE_PASS: "may be picked up for the real letter before a pass",
        ExchangeAllowed.BEFORE_ANY: "may be picked up for the real letter before any move",
    }[config.exchange_allowed]


def _swapping(config: GameConfig) -> str:
    if config.exchange_minimum_bag:
        return f"needs at least {config.exchange_minimum_bag} tiles in the bag"
    return "allowed while the bag holds enough tiles to replace them"


def _ending(config: GameConfig) -> str:
    end = config.end
    reasons = ["when the bag is empty and a player has no tiles, or no one can play"]
    if end.scoreless_turns_limit:
        reasons.append(f"after {end.scoreless_turns_limit} scoreless turns in a row")
    if end.score_limit:
        reasons.append(f"when a player reaches {end.score_limit}")
    text = "; ".join(reasons)
    if end.deduct_unplayed:
        text += "; unplayed tiles count against their holder"
    if end.going_out_bonus:
        text += "; the player who goes out gains the others' unplayed tiles"
    return text


def _grid(rows: tuple[str, ...]) -> list[str]:
    columns = len(rows[0])
    tens = "".join(str(c // 10) if c >= 10 else " " for c in range(1, columns + 1))
    ones = "".join(str(c % 10) for c in range(1, columns + 1))
    lines = [f"      {tens}"] if columns >= 10 else []
    lines.append(f"      {ones}")
    lines += [f"  {r:>2}  {row}" for r, row in enumerate(rows, start=1)]
    return lines


def _tile_table(config: GameConfig) -> list[str]:
    tiles = config.tiles
    rows = [
        *zip(tiles.alphabet, tiles.frequencies, tiles.scores, tiles.weights, strict=True),
        ("blank", tiles.blank_count, tiles.blank_score, tiles.blank_weight),
    ]
    width = max(len("letter"), *(len(letter) for letter in tiles.alphabet))
    lines = [f"  {'letter'.ljust(width)}  count  score  weight"]
    lines += [
        f"  {letter.ljust(width)}  {count:>5}  {score:>5}  {weight:>6}"
        for letter, count, score, weight in rows
    ]
    return lines


def _wrap(items: list[str], width: int = 88) -> list[str]:
    lines: list[str] = []
    current = ""
    for item in items:
        candidate = f"{current}, {item}" if current else item
        if current and len(candidate) + 2 > width:
            lines.append(f"  {current},")
            current = item
        else:
            current = candidate
    if current:
        lines.append(f"  {current}")
    return lines
