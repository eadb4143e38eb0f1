"""A person taking a seat in a ``selfplay -S``/``-s`` game, at the terminal (seed 001,
section 3: "You can return to normal play from a -S or -s game by pressing a key other
than the ENTER key"; section 4.13: W "tells the program to start playing for you").

The person plays the seat WordsWorth gives "you" - the control's (``--player control``,
the second seat of ``config`` against ``control``) - or, when no seat is the control,
the seat they choose.  On their turn the board, the scores and their rack are shown and
a move is typed as the game's history writes moves, or as WordsWorth's A(cross) and
D(own) took them:

    8H WORD          across from row 8, column H (lower case: a blank)
    H8 WORD          down from column H, row 8
    a H8 WORD        across, WordsWorth's way (d for down)
    p                pass;  p QU_  pass and return those tiles (_ or ? a blank)
    h                hints: the best moves, highest score first
    w                watch: the computer plays the seat again (WordsWorth's W)
    q                stop

The computer plays the other seats.  The game is played to its end (or until ``w`` or
``q``); the match's later games are not played once a person has taken a seat in one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from wordstudio.crossword.actions import Pass, Play, Turn
from wordstudio.crossword.board import column_name, row_name
from wordstudio.crossword.game import Game, PlayerSpec, UnknownWords
from wordstudio.crossword.gameconfig import Direction
from wordstudio.crossword.players.computer import choose_action, hint
from wordstudio.crossword.players.knobs import CONTROL
from wordstudio.crossword.records.codec import letters_index
from wordstudio.crossword.rules import IllegalMove, placements_from_word
from wordstudio.crossword.tiles import BLANK

#: How the person's turn is asked for.
PROMPT = "Your move (8H WORD across, H8 WORD down, p [TILES] pass, h hints, w watch, q stop): "
HINTS_SHOWN = 5


class TakeSeat(Exception):  # noqa: N818 - a request, not an error
    """Raised from a watched game's turn hook: the person takes a seat in ``game``."""

    def __init__(self, game: Game) -> None:
        super().__init__("a person takes a seat")
        self.game = game


class Stopped(Exception):  # noqa: N818 - a request, not an error
    """The person asked to stop (``q``, or the input ended)."""


def person_seat(game: Game, keys: TextIO, out: TextIO) -> int:
    """The seat the person takes: the control's (WordsWorth's "you"), or the one they
    choose when no seat is the control (or more than one is)."""
    controls = [seat for seat, spec in enumerate(game.players)
                if spec.knobs == CONTROL or spec.name.split()[0] == CONTROL]
    if len(controls) == 1:
        return controls[0]
    for seat, name in enumerate(game.names, start=1):
        print(f"  {seat}) {name}", file=out)
    while True:
        print(f"Take which seat (1-{len(game.names)})? ", end="", file=out, flush=True)
        line = _line(keys)
        if not line:
            raise Stopped
        if line.strip().isdigit() and 1 <= int(line) <= len(game.names):
            return int(line) - 1


def show_position(game: Game, seat: int, out: TextIO) -> None:
    """The board (column letters, row numbers; lower case a blank), scores and rack."""
    board = game.board
    columns = "".join(f"{column_name(c):>2}" for c in range(board.cols))
    print(f"\n    {columns}", file=out)
    for r, row in enumerate(board.to_rows()):
        print(f"{row_name(r):>3} " + "".join(f"{cell:>2}" for cell in row), file=out)
    scores = ", ".join(f"{name} {score}" for name, score in zip(game.names, game.scores,
                                                                strict=True))
    rack = "".join("_" if t == BLANK else t for t in game.racks[seat].tiles)
    print(f"Scores: {scores}; {len(game.bag)} in the bag. Your rack: {rack}", file=out)


def parse_square(text: str, rows: int) -> tuple[int, int, Direction] | None:
    """``8H`` (row first: across) or ``H8`` (column first: down) as (row, col, way)."""
    text = text.upper()
    digits = "".join(c for c in text if c.isdigit())
    letters = "".join(c for c in text if c.isalpha())
    if not digits or not letters or len(digits) + len(letters) != len(text):
        return None
    col = letters_index(letters)
    if col is None or not 1 <= int(digits) <= rows:
        return None
    across = text[0].isdigit()
    if across and not text.startswith(digits) or not across and not text.startswith(letters):
        return None
    return int(digits) - 1, col, Direction.ACROSS if across else Direction.DOWN


def read_action(game: Game, line: str) -> Play | Pass | str:
    """The person's line as an action, or a command word ("hint", "watch", "quit").
    IllegalMove says what is wrong with a move that cannot be played."""
    words = line.split()
    if not words:
        raise IllegalMove("type a move, or p, h, w or q")
    command = words[0].lower()
    if command in ("h", "w", "q") and len(words) == 1:
        return {"h": "hint", "w": "watch", "q": "quit"}[command]
    if command == "p":
        tiles = "".join(words[1:])
        return Pass(tuple(BLANK if t in "_?" else t.upper() for t in tiles))
    if command in ("a", "d") and len(words) == 3:
        square = parse_square(words[1], game.config.rows)
        if square is None:
            raise IllegalMove(f"{words[1]!r} is not a square (column letter, row number: H8)")
        way = Direction.ACROSS if command == "a" else Direction.DOWN
        row, col = (square[0], square[1])
        word = words[2]
    elif len(words) == 2:
        square = parse_square(words[0], game.config.rows)
        if square is None:
            raise IllegalMove(f"{words[0]!r} is not a square: 8H for across, H8 for down")
        row, col, way = square
        word = words[1]
    else:
        raise IllegalMove("a move is a square and a word: 8H WORD (across), H8 WORD (down)")
    return Play(tuple(placements_from_word(game.board, row, col, way, word)))


def play_on(game: Game, seat: int, keys: TextIO, out: TextIO,
            on_turn: Callable[[Game, Turn], None]) -> bool:
    """Play ``game`` to its end with the person in ``seat`` and the computer in the
    others; ``on_turn`` prints each turn.  False when the person stopped it (``q``);
    True when it ended, or when ``w`` gave the seat back (then the caller's hook sees
    the computer's turns again)."""
    person: int | None = seat
    print(f"\nYou play {game.names[seat]}'s seat from move {len(game.history) + 1}.", file=out)
    while not game.over:
        current = game.current
        if current != person:
            for action in choose_action(game.position(), _spec(game, current)).actions:
                if game.over:
                    break
                on_turn(game, game.act(action))
            continue
        show_position(game, current, out)
        print(PROMPT, end="", file=out, flush=True)
        line = _line(keys)
        if not line:
            raise Stopped
        try:
            typed = read_action(game, line)
            if typed == "quit":
                raise Stopped
            if typed == "watch":
                print(f"The computer plays {game.names[current]} again.", file=out)
                person = None
                continue
            if typed == "hint":
                _show_hints(game, out)
                continue
            assert isinstance(typed, Play | Pass)
            on_turn(game, game.act(typed))
        except UnknownWords as exc:
            print(f"  Not in the word list: {', '.join(exc.words)}. Try again.", file=out)
        except IllegalMove as exc:
            print(f"  {exc.reason[:1].upper()}{exc.reason[1:]}. Try again.", file=out)
    return True


def _line(keys: TextIO) -> str:
    """A line the person typed; "" when the input has ended (a closed terminal too)."""
    try:
        return keys.readline()
    except OSError:
        return ""


def _spec(game: Game, seat: int) -> PlayerSpec:
    spec = game.players[seat]
    return spec if spec.computer else PlayerSpec(spec.name, computer=True, level=8)


def _show_hints(game: Game, out: TextIO) -> None:
    decision = hint(game.position(), top=HINTS_SHOWN)
    if not decision.candidates:
        print("  No move: pass (p), or return tiles (p TILES).", file=out)
    for candidate in decision.candidates:
        print(f"  {candidate.move.notation():24} {candidate.score}", file=out)
