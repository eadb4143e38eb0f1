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

from wordstudio.crossword.board import Board, BoardError
from wordstudio.crossword.gameconfig import MAX_COLUMNS, MAX_ROWS, GameConfig
from wordstudio.crossword.tiles import BLANK, Rack, TileError
from wordstudio.errors import UserError

if TYPE_CHECKING:
    from wordstudio.crossword.game import Game

_RUN = re.compile(r"\d+|[A-Za-z]|\?")


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


#: A position longer than this, or a run of empty squares longer than the biggest board,
#: is not a position (checked before any work).
MAX_TEXT = 10_000


def parse_cgp(text: str) -> CGPPosition:
    if len(text) > MAX_TEXT:
        raise CGPError(f"a CGP position is at most {MAX_TEXT} characters, not {len(text)}")
    parts = text.strip().split(None, 4)
    if len(parts) < 4:
        raise CGPError(
            "a CGP position needs four fields: board, racks, scores and zero-turns "
            f"(got {len(parts)})")
    board_text, racks_text, scores_text, zero_text = parts[:4]
    rows: list[str] = []
    if board_text.count("/") >= MAX_ROWS:
        raise CGPError(f"the board has more than {MAX_ROWS} rows")
    for number, row in enumerate(board_text.split("/"), start=1):
        out: list[str] = []
        for token in _RUN.findall(row):
            if token.isdigit():
                if int(token) > MAX_COLUMNS:
                    raise CGPError(f"board row {number}: {token} empty squares is more than a "
                                   f"board holds (at most {MAX_COLUMNS})")
                out.append("." * int(token))
            elif token == "?":
                raise CGPError(f"board row {number}: '?' is not a tile on the board")
            else:
                out.append(token)
        if "".join(_RUN.findall(row)) != row:
            bad = next(ch for ch in row if not (ch.isalnum() or ch == "?"))
            raise CGPError(f"board row {number}: unexpected character {bad!r}")
        rows.append("".join(out))
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        raise CGPError(f"board rows have different lengths: {sorted(widths)}")
    racks = tuple(racks_text.split("/"))
    for rack in racks:
        if not re.fullmatch(r"[A-Z?]*", rack):
            raise CGPError(f"rack {rack!r}: use upper-case letters and '?' for a blank")
    if not re.fullmatch(r"-?[0-9]{1,6}(/-?[0-9]{1,6})*", scores_text):
        raise CGPError(f"scores {scores_text!r} are not numbers separated by '/'")
    scores = tuple(int(s) for s in scores_text.split("/"))
    if not re.fullmatch(r"[0-9]{1,4}", zero_text):
        raise CGPError(f"zero-turns {zero_text!r} is not a number")
    zero = int(zero_text)
    operations: list[tuple[str, str]] = []
    if len(parts) == 5:
        for op in parts[4].split(";"):
            op = op.strip()
            if op:
                name, _, args = op.partition(" ")
                operations.append((name, args.strip()))
    return CGPPosition(tuple(rows), racks, scores, zero, tuple(operations))


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
    racks = tuple(_rack_text(game.racks[seat].tiles) if shown is None or seat in shown else ""
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
    if len(position.rows) != config.rows or len(position.rows[0]) != config.columns:
        raise CGPError(f"the position is {len(position.rows)}x{len(position.rows[0])}, but "
                       f"the game's board is {config.rows}x{config.columns}")
    players = max(2, len(position.racks), len(position.scores))
    if not config.min_players <= players <= config.max_players:
        raise CGPError(f"the position has {players} players; this game is for "
                       f"{config.min_players} to {config.max_players}")
    scores = tuple(position.scores) + (0,) * (players - len(position.scores))
    if not config.rack_size:
        raise CGPError("a CGP position is a game with racks")
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


def _rack_text(tiles: Sequence[str]) -> str:
    return "".join(sorted(tiles, key=lambda t: (t == BLANK, t)))
