"""CGP, the Woogles "crossword game position" format, read and written.

    <board> <racks> <scores> <zero-turns> [op args; ...]

* board: rows separated by ``/``; a number is that many empty squares, an upper-case
  letter a tile, a lower-case letter a blank standing for it;
* racks: ``AEIRST?/DEF`` - the player to move first, ``?`` a blank (a rack may be empty);
* scores: ``120/98`` in the same order; zero-turns: consecutive scoreless turns so far;
* optional operations such as ``lex NWL20;`` are kept as (name, args) pairs.

:func:`cgp_of_game` writes the position of a game (the crossword page's "Copy Position"),
:func:`game_from_cgp` sets a new game up at a position ("Paste Position").
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wordstudio.crossword.board import Board, BoardError, row_squares
from wordstudio.crossword.gameconfig import MAX_COLUMNS, MAX_ROWS, GameConfig
from wordstudio.crossword.tiles import BLANK, Rack, TileError, tiles_text
from wordstudio.errors import UserError

if TYPE_CHECKING:
    from wordstudio.crossword.game import Game

#: A CGP of the largest board spelt out in full is about a thousand characters.
MAX_TEXT = 10_000
#: Tiles on one rack (WORDwhami's racks hold 12).
MAX_RACK = 30
#: Scores beyond this are no game's (nine digits).
MAX_SCORE = 999_999_999
MAX_ZERO_TURNS = 9_999
#: A run of empty squares, a tile (a tile of more than one letter in brackets, ``[CH]``,
#: a blank ``[ch]``, as Macondo and Woogles write them), or anything else.
_RUN = re.compile(r"([0-9]+)|(\[[^\W\d_][^\s\[\]/]*\]|[^\W\d_])|(.)", re.DOTALL)
_RACK_TILE = re.compile(r"\[[^\W\d_][^\s\[\]/]*\]|[^\W\d_]|\?")
_SCORE = re.compile(r"-?[0-9]{1,9}")


class CGPError(UserError):
    """A CGP string that cannot be read; the message says which part is wrong."""


@dataclass(frozen=True)
class CGPPosition:
    rows: tuple[str, ...]  # '.' empty, letters as in the board part
    racks: tuple[str, ...]
    scores: tuple[int, ...]
    zero_turns: int
    operations: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def operation(self, name: str) -> str | None:
        for key, value in self.operations:
            if key == name:
                return value
        return None


def parse_cgp(text: str) -> CGPPosition:
    """Read a CGP string; CGPError names the part that is wrong.  Sizes are checked
    before anything is built: at most 30 rows of 30 squares, racks of 30 tiles."""
    if len(text) > MAX_TEXT:
        raise CGPError(f"a CGP position is at most {MAX_TEXT:,} characters, not "
                       f"{len(text):,}")
    parts = text.strip().split(None, 4)
    if len(parts) < 4:
        raise CGPError(
            "a CGP position needs four fields: board, racks, scores and zero-turns "
            f"(got {len(parts)})")
    board_text, racks_text, scores_text, zero_text = parts[:4]
    board_rows = board_text.split("/")
    if len(board_rows) > MAX_ROWS:
        raise CGPError(f"the board has {len(board_rows)} rows; boards have at most {MAX_ROWS}")
    rows = [_board_row(number, row) for number, row in enumerate(board_rows, start=1)]
    widths = {len(row_squares(r)) for r in rows}
    if len(widths) != 1:
        raise CGPError(f"board rows have different lengths: {sorted(widths)}")
    racks = tuple(racks_text.split("/"))
    for rack in racks:
        if rack != rack.upper() or not re.fullmatch(f"(?:{_RACK_TILE.pattern})*", rack):
            raise CGPError(f"rack {_short(rack)}: use upper-case letters ([CH] for a tile of "
                           "more than one letter) and '?' for a blank")
        if len(rack_tiles(rack)) > MAX_RACK:
            raise CGPError(f"rack {_short(rack)} has {len(rack_tiles(rack))} tiles; racks hold "
                           f"at most {MAX_RACK}")
    scores = []
    for score in scores_text.split("/"):
        if not _SCORE.fullmatch(score):
            raise CGPError(f"scores {_short(scores_text)} are not numbers separated by '/' "
                           f"(of up to nine digits)")
        scores.append(int(score))
    if not re.fullmatch(r"[0-9]{1,4}", zero_text):
        raise CGPError(f"zero-turns {_short(zero_text)} is not a number from 0 to "
                       f"{MAX_ZERO_TURNS}")
    operations: list[tuple[str, str]] = []
    if len(parts) == 5:
        for op in parts[4].split(";"):
            op = op.strip()
            if op:
                name, _, args = op.partition(" ")
                operations.append((name, args.strip()))
    return CGPPosition(tuple(rows), racks, tuple(scores), int(zero_text), tuple(operations))


def _board_row(number: int, row: str) -> str:
    out: list[str] = []
    width = 0
    for match in _RUN.finditer(row):
        run, letter, other = match.groups()
        if other is not None:
            hint = " ('?' is not a tile on the board)" if other == "?" else ""
            raise CGPError(f"board row {number}: unexpected character {other!r}{hint}")
        if run is not None:
            # Checked as text: a run of a thousand digits is never turned into a number.
            if len(run) > 2 or not 1 <= int(run) <= MAX_COLUMNS:
                raise CGPError(f"board row {number}: a run of {_short(run)} empty squares; "
                               f"rows have at most {MAX_COLUMNS}")
            out.append("." * int(run))
            width += int(run)
        else:
            out.append(letter)
            width += 1
        if width > MAX_COLUMNS:
            raise CGPError(f"board row {number} is longer than {MAX_COLUMNS} squares")
    return "".join(out)


def _short(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def check_position(position: CGPPosition, config: GameConfig, where: str = "") -> None:
    """The position must be one of the game's: its board's size, its letters, racks no
    larger than its racks, and no more of any tile than its tile set holds (so a rack
    of blanks the game does not have never reaches the move generator)."""
    rows, columns = len(position.rows), len(row_squares(position.rows[0]))
    if (rows, columns) != (config.rows, config.columns):
        raise CGPError(f"{where}the position is {rows}x{columns} but the game's board is "
                       f"{config.rows}x{config.columns}")
    tiles = config.tiles
    alphabet = set(tiles.alphabet)
    used: Counter[str] = Counter()
    for number, row in enumerate(position.rows, start=1):
        for ch in row_squares(row):
            if ch == ".":
                continue
            if ch.upper() not in alphabet:
                raise CGPError(f"{where}board row {number}: {ch.upper()!r} is not a letter "
                               "of this game")
            used["?" if ch.islower() else ch] += 1
    check_racks(position, config, where)
    rack = position.racks[0] if position.racks else ""
    if config.unlimited_tiles:
        return
    used.update(rack_tiles(rack))
    held = dict(zip(tiles.alphabet, tiles.frequencies, strict=True))
    held["?"] = tiles.blank_count
    for tile, count in sorted(used.items()):
        if count > held.get(tile, 0):
            name = "blanks" if tile == "?" else f"{tile} tiles"
            raise CGPError(f"{where}the position uses {count} {name} (board and rack), but "
                           f"the game has {held.get(tile, 0)}")


def check_racks(position: CGPPosition, config: GameConfig, where: str = "") -> None:
    """Every rack holds the game's letters and no more tiles than its racks do
    (``NumberOfTiles``): a larger rack is no position of this game, and the search would
    weigh leaves the game never has."""
    alphabet = set(config.tiles.alphabet)
    limit = config.rack_size  # 0, a pool or unlimited letters: parse_cgp's bound holds
    for number, rack in enumerate(position.racks, start=1):
        whose = "the rack to move" if number == 1 else f"rack {number}"
        for tile in rack_tiles(rack):
            if tile != "?" and tile not in alphabet:
                raise CGPError(f"{where}{whose} {rack!r}: {tile!r} is not a letter of this "
                               "game")
        if limit and len(rack_tiles(rack)) > limit:
            raise CGPError(f"{where}{whose} {rack!r} has {len(rack_tiles(rack))} tiles, but "
                           f"this game's racks hold {limit} (NumberOfTiles = {limit})")


def write_cgp(position: CGPPosition) -> str:
    rows = []
    for row in position.rows:
        rows.append(re.sub(r"\.+", lambda m: str(len(m.group())), row))
    text = " ".join(["/".join(rows), "/".join(position.racks),
                     "/".join(str(s) for s in position.scores), str(position.zero_turns)])
    if position.operations:
        text += " " + " ".join(f"{name} {args};".replace(" ;", ";")
                               for name, args in position.operations)
    return text


# --- games and positions --------------------------------------------------------------------
def cgp_of_game(game: Game, shown: Container[int] | None = None) -> str:
    """The position of ``game`` as CGP, the player to move first.

    ``shown`` are the seats whose racks may be written (a person copying the position
    sees only some racks); the others are written empty.  The word list is named in a
    ``lex`` operation.
    """
    board = game.board
    rows = [row.replace("#", ".") for row in board.to_rows(blocked="#")]
    order = [(game.current + k) % len(game.players) for k in range(len(game.players))]
    alphabet = game.config.tiles.alphabet
    racks = tuple(_rack_text(game.racks[seat].tiles, alphabet) if shown is None or seat in shown
                  else ""
                  for seat in order)
    scores = tuple(game.scores[seat] for seat in order)
    return write_cgp(CGPPosition(tuple(rows), racks, scores, game.scoreless_streak,
                                 (("lex", game.setup.lexicon),)))


def game_from_cgp(text: str, config: GameConfig, words: Container[str], *,
                  names: Sequence[str] = (), lexicon: str | None = None,
                  seed: int | None = None) -> Game:
    """A new game set up at a CGP position (seat 0 is the player to move), to analyse or
    to play on.  A rack the position leaves empty is drawn at random from the tiles
    nobody can see; CGPError says what does not fit the game."""
    # Here, not at the top: reading a CGP line (``wordstudio moves``) needs no game engine.
    from wordstudio.crossword.game import Game, GameSettings, GameSetup, PlayerSpec, StartPosition

    position = parse_cgp(text)
    width = len(row_squares(position.rows[0]))
    if len(position.rows) != config.rows or width != config.columns:
        raise CGPError(f"the position is {len(position.rows)}x{width}, but "
                       f"the game's board is {config.rows}x{config.columns}")
    players = max(2, len(position.racks), len(position.scores))
    if not config.min_players <= players <= config.max_players:
        raise CGPError(f"the position has {players} players; this game is for "
                       f"{config.min_players} to {config.max_players}")
    scores = tuple(position.scores) + (0,) * (players - len(position.scores))
    if not config.rack_size:
        raise CGPError("a CGP position is a game with racks")
    check_racks(position, config)
    rng = random.Random(seed)
    try:
        board = Board(config)
        board.set_rows(position.rows)
        known = [Rack.parse(rack, config.tiles.alphabet).tiles
                 for rack in (*position.racks, *("",) * (players - len(position.racks)))]
    except (BoardError, TileError) as exc:
        raise CGPError(str(exc)) from None
    unseen = Counter(_all_tiles(config))
    unseen.subtract(BLANK if blank else letter for _, _, letter, blank in board.tiles())
    for rack in known:
        unseen.subtract(rack)
    short = [tile for tile, n in unseen.items() if n < 0]
    if short:
        raise CGPError(f"the position holds more {', '.join(sorted(short))} tiles than the "
                       "game has")
    pool = sorted(unseen.elements())
    draws = []
    for rack in known:
        if not rack and pool:
            rack = tuple(pool.pop(rng.randrange(len(pool))) for _ in range(
                min(config.rack_size, len(pool))))
        draws.append(rack)
    given = list(names)[:players]
    seats = tuple(PlayerSpec(given[k] if k < len(given) else f"Player {k + 1}")
                  for k in range(players))
    setup = GameSetup(config, seats, rng.randrange(2**31), GameSettings(),
                      lexicon or position.operation("lex") or config.dictionary, None,
                      tuple(draws), StartPosition(position.rows, scores, position.zero_turns))
    try:
        return Game(setup, words)
    except (UserError, ValueError) as exc:
        raise CGPError(f"the position cannot be set up: {exc}") from None


def _all_tiles(config: GameConfig) -> list[str]:
    tiles = config.tiles
    letters = [letter for letter, count in zip(tiles.alphabet, tiles.frequencies, strict=True)
               for _ in range(count)]
    return letters + [BLANK] * tiles.blank_count


def _rack_text(tiles: Sequence[str], alphabet: Sequence[str]) -> str:
    return tiles_text(sorted(tiles, key=lambda t: (t == BLANK, t)), alphabet)


def rack_tiles(rack: str) -> list[str]:
    """A CGP rack's tiles: letters, ``?``, tiles of more than one letter in brackets."""
    return [tile.strip("[]") for tile in _RACK_TILE.findall(rack)]
