"""The text of WordsWorth saved games (seed 001, Appendix B): reading and writing lines.

This module knows the syntax, and how a move's word mask lies on a board;
:mod:`wordstudio.crossword.records.wwsave` turns a file into a game and back.  A file is::

    @5                          # flags: 1 game, 2 seed (no longer supported), 4 board
    ...............             # with flag 4: the starting board, '.' an empty square
    ......W........             #   (upper case a tile, lower case a blank)
    AEIRSTU                     # with flag 1: the program's starting rack,
    BCDEHLN                     #   then yours (or the control's); '_' a blank
    1 0 A H G H-LLO +ACDO *12   # moves: number, player (0 program, 1 you), action
    2 1 P QV +EI *0             #   (P pass, A across, D down, X blank pick-up), for A/D
    0                           #   the row and column as letters (A = top row / left
                                #   column), the word ('-' a letter already on the board,
                                #   lower case a blank) or the tiles put back, '+' the
                                #   tiles drawn, '*' the score; a closing 0.

Whitespace separates items (a move may span lines) and ``#`` starts a comment.

WordStudio extensions live in comments, so WordsWorth ignores them.  A comment that
starts with ``#:`` carries data WordsWorth has no place for:

* ``#: seed 12345``, ``#: lexicon en-US-standard``, ``#: players [...]`` and
  ``#: settings {...}`` (JSON, as in WordStudio's own saved games) on lines of their own;
* after a move: ``s=12.5`` (seconds the move took), ``ok=QI,ZA`` (words the player
  confirmed), ``timeout`` (a ``P`` that was a turn lost on time);
* on a line of its own, the actions WordsWorth does not have: ``#: R 1`` (player 1
  resigns) and ``#: C 0 upheld *0`` (player 0 challenges; ``upheld`` or ``failed``, and
  the points it cost).  A move lost to a challenge stays in the list where it was played.

For ``X`` WordStudio writes the row and column of the blank and its letter
(``3 1 X H H e *0``); reading also accepts the letter alone when one blank shows it.
An empty rack (games without racks) is written ``-``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from wordstudio.crossword.board import Board, Placement, letters_name
from wordstudio.crossword.records.codec import RecordError, letters_index, shorten

WORDSWORTH_ACTIONS = "PADX"
#: Actions WordStudio writes in `#:` comments (a tuple: "" and "RC" are in the string "RC").
EXTENSION_ACTIONS = ("R", "C")
HEADER_KEYS = ("seed", "lexicon", "players", "settings")
_NUMBER = re.compile(r"[0-9]+")
_FLAG = re.compile(r"@([0-9]+)")
#: A score in a file: up to nine digits, checked before it is turned into a number.
_SCORE = re.compile(r"-?[0-9]{1,9}")
#: Move numbers go up to this (six digits); a game has a few dozen.
MAX_MOVE_NUMBER = 999_999


@dataclass(frozen=True)
class WWMove:
    """One move as the file writes it (raw text; the game gives it meaning).

    ``number`` is None for WordStudio's extension actions (written in comments);
    ``row``/``col`` are 0-based; ``drawn`` and ``score`` are None when the file gives no
    ``+`` or ``*`` item.  ``notes`` are the ``#:`` items that follow the move.
    """

    number: int | None
    player: int
    action: str
    row: int | None = None
    col: int | None = None
    text: str = ""
    drawn: str | None = None
    score: int | None = None
    notes: tuple[str, ...] = ()
    line: int = 0

    def note_value(self, key: str) -> str | None:
        for note in self.notes:
            if note.startswith(f"{key}="):
                return note[len(key) + 1:]
        return None

    def has_note(self, word: str) -> bool:
        return word in self.notes

    def format(self) -> str:
        """The move as a line of the file (``1 0 A H G H-LLO +ACDO *12``)."""
        if self.number is None:
            items = [self.action, str(self.player)]
            if self.score is not None:
                items.append(f"*{self.score}")
            return " ".join(["#:", *items, *self.notes])
        items = [str(self.number), str(self.player), self.action]
        if self.row is not None and self.col is not None:
            items += [letters_name(self.row), letters_name(self.col)]
        if self.text:
            items.append(self.text)
        if self.drawn is not None:
            items.append(f"+{self.drawn}")
        if self.score is not None:
            items.append(f"*{self.score}")
        text = " ".join(items)
        return f"{text}  #: {' '.join(self.notes)}" if self.notes else text


@dataclass
class WWFile:
    """A saved game's items, in file order, with the line each came from."""

    flags: int
    board: list[str] | None = None
    racks: tuple[str, str] | None = None
    moves: list[WWMove] = field(default_factory=list)
    header: dict[str, str] = field(default_factory=dict)
    header_lines: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    racks_lines: tuple[int, int] = (0, 0)
    board_line: int = 0


@dataclass(frozen=True)
class _Token:
    text: str
    line: int


class _Scanner:
    """Items of the file (comments removed) and the ``#:`` comments by line."""

    def __init__(self, text: str, source: str | Path | None) -> None:
        self.source = source
        self.tokens: list[_Token] = []
        self.comments: dict[int, str] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            body, hash_, comment = line.partition("#")
            if hash_ and comment.startswith(":"):
                self.comments[number] = comment[1:].strip()
            self.tokens += [_Token(word, number) for word in body.split()]
        self.pos = 0
        self.last_line = len(text.splitlines())

    def fail(self, problem: str, line: int | None = None) -> RecordError:
        return RecordError(self.source, problem, line)

    def peek(self) -> _Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, what: str) -> _Token:
        token = self.peek()
        if token is None:
            raise self.fail(f"the file ends where {what} should be (is it cut short?)",
                            self.last_line)
        self.pos += 1
        return token

    def token_lines(self) -> set[int]:
        return {t.line for t in self.tokens}


def parse_file(text: str, rows: int, columns: int, source: str | Path | None = None
               ) -> WWFile:
    """Split a saved game into its items; RecordError (with the line) if it is malformed."""
    scan = _Scanner(text, source)
    flag = scan.take("the @ flag")
    match = _FLAG.fullmatch(flag.text)
    if not match:
        raise scan.fail(f"a WordsWorth saved game starts with a flag such as @1, not "
                        f"{shorten(flag.text)!r}", flag.line)
    if len(match.group(1)) > 1 or int(match.group(1)) > 7:
        raise scan.fail(f"unknown flag @{shorten(match.group(1))} (the flags are @0 to @7)",
                        flag.line)
    parsed = WWFile(int(match.group(1)))
    _read_comments(scan, parsed)
    if parsed.flags == 0:
        return parsed
    if parsed.flags & 2:
        # WordsWorth dropped the random seed; an old file may still give the number.
        token = scan.peek()
        if token is not None and _NUMBER.fullmatch(token.text):
            scan.take("the seed")
        parsed.notes.append("the file's random-seed flag (@2) is no longer supported and "
                            "is ignored")
    if parsed.flags & 4:
        parsed.board, parsed.board_line = _read_board(scan, rows, columns)
    if parsed.flags & 1:
        first = scan.take("the program's rack")
        second = scan.take("your rack")
        parsed.racks = (_rack_text(first), _rack_text(second))
        parsed.racks_lines = (first.line, second.line)
        parsed.moves = _read_moves(scan)
    elif (token := scan.peek()) is not None and token.text == "0":
        scan.take("the closing 0")
    _after_end(scan, parsed)
    return parsed


def _rack_text(token: _Token) -> str:
    return "" if token.text == "-" else token.text


def _read_comments(scan: _Scanner, parsed: WWFile) -> None:
    """Header data from ``#:`` lines that hold nothing else."""
    busy = scan.token_lines()
    for line, comment in scan.comments.items():
        if line in busy or not comment:
            continue
        key, _, value = comment.partition(" ")
        if key in HEADER_KEYS:
            parsed.header[key] = value.strip()
            parsed.header_lines[key] = line
        elif key not in EXTENSION_ACTIONS:
            parsed.notes.append(f"line {line}: a WordStudio note {key!r} that this version "
                                "does not know is ignored")


def _read_board(scan: _Scanner, rows: int, columns: int) -> tuple[list[str], int]:
    squares = ""
    first_line = 0
    while len(squares) < rows * columns:
        token = scan.take("the starting board")
        first_line = first_line or token.line
        for ch in token.text:
            if ch != "." and not ch.isalpha():
                raise scan.fail(f"{ch!r} on the starting board: use '.' for an empty square "
                                "and letters for tiles", token.line)
        squares += token.text
        if len(squares) > rows * columns:
            raise scan.fail(f"the starting board should be {rows} rows of {columns} squares",
                            token.line)
    return [squares[r * columns:(r + 1) * columns] for r in range(rows)], first_line


def _read_moves(scan: _Scanner) -> list[WWMove]:
    """Moves up to the closing 0, with the extension actions from comments put in place."""
    busy = scan.token_lines()
    extensions = [(line, comment) for line, comment in scan.comments.items()
                  if line not in busy and comment.split(" ", 1)[0] in EXTENSION_ACTIONS]
    moves: list[WWMove] = []
    while True:
        token = scan.take("a move or the closing 0")
        while extensions and extensions[0][0] < token.line:
            line, comment = extensions.pop(0)
            moves.append(_extension_move(scan, comment, line))
        if token.text == "0":
            return moves
        move = _read_move(scan, token)
        expected = 1 + sum(1 for m in moves if m.number is not None)
        if move.number != expected:
            raise scan.fail(f"a move numbered {move.number} where move {expected} should be",
                            token.line)
        moves.append(move)


def _read_move(scan: _Scanner, first: _Token) -> WWMove:
    if not _NUMBER.fullmatch(first.text):
        raise scan.fail(f"expected a move number or the closing 0, found "
                        f"{shorten(first.text)!r}", first.line)
    if len(first.text.lstrip("0")) > len(str(MAX_MOVE_NUMBER)):
        raise scan.fail(f"the move number {shorten(first.text)} is too large (a game has at "
                        f"most {MAX_MOVE_NUMBER:,} moves)", first.line)
    number = int(first.text.lstrip("0") or "0")  # thousands of leading zeros are no work
    where = f"move {number}"
    player_token = scan.take(f"the player of {where}")
    if player_token.text not in ("0", "1"):
        raise scan.fail(f"{where}: the player is 0 (program) or 1 (you), not "
                        f"{player_token.text!r}", player_token.line)
    action_token = scan.take(f"the action of {where}")
    action = action_token.text.upper()
    if action not in WORDSWORTH_ACTIONS or len(action) != 1:
        raise scan.fail(f"{where}: unknown action {action_token.text!r} (P pass, A across, "
                        "D down, X blank pick-up)", action_token.line)
    row = col = None
    text = ""
    items = list(_move_items(scan))
    words = [t for t in items if t.text[0] not in "+*"]
    if action in "AD":
        if len(words) != 3:
            raise scan.fail(f"{where}: an {'across' if action == 'A' else 'down'} move "
                            "gives a row, a column and a word", first.line)
        row, col = _coordinate(scan, words[0], "row"), _coordinate(scan, words[1], "column")
        text = words[2].text
    elif action == "X":
        if len(words) not in (1, 2, 3):
            raise scan.fail(f"{where}: a blank pick-up gives the blank's row and column, "
                            "its letter, or both", first.line)
        if len(words) >= 2:
            row, col = _coordinate(scan, words[0], "row"), _coordinate(scan, words[1], "column")
        text = words[2].text if len(words) == 3 else words[0].text if len(words) == 1 else ""
    elif len(words) > 1:
        raise scan.fail(f"{where}: a pass gives at most one group of tiles to put back",
                        words[1].line)
    else:
        text = words[0].text if words else ""
    drawn, score = _drawn_and_score(scan, items, where)
    lines = range(first.line, (items[-1].line if items else action_token.line) + 1)
    notes = tuple(n for line in lines for n in scan.comments.get(line, "").split())
    return WWMove(number, int(player_token.text), action, row, col, text, drawn, score,
                  notes, first.line)


def _move_items(scan: _Scanner) -> Iterator[_Token]:
    """The items after the action, up to the score (the last item), or to the next move
    number or the closing 0 when there is no score."""
    while (token := scan.peek()) is not None and not _NUMBER.fullmatch(token.text):
        scan.take("")
        if token.text in ("+", "*"):
            # "+ ACDO" / "* 12": whitespace is ignored, so join the item to its value.
            follow = scan.peek()
            if follow is not None and (token.text == "*" or (
                    not _NUMBER.fullmatch(follow.text) and follow.text[0] not in "+*")):
                scan.take("")
                token = _Token(token.text + follow.text, token.line)
        yield token
        if token.text.startswith("*"):
            return


def _drawn_and_score(scan: _Scanner, items: list[_Token], where: str
                     ) -> tuple[str | None, int | None]:
    drawn: str | None = None
    score: int | None = None
    for token in items:
        if token.text.startswith("+"):
            if drawn is not None:
                raise scan.fail(f"{where} gives the tiles drawn twice", token.line)
            drawn = token.text[1:]
        elif token.text.startswith("*"):
            if score is not None or not _SCORE.fullmatch(token.text[1:]):
                raise scan.fail(f"{where}: {shorten(token.text)!r} is not a score (a number "
                                "of up to nine digits)", token.line)
            score = int(token.text[1:])
    return drawn, score


def _coordinate(scan: _Scanner, token: _Token, what: str) -> int:
    index = letters_index(token.text.upper())
    if index is None:
        raise scan.fail(f"{token.text!r} is not a {what} letter", token.line)
    return index


def _extension_move(scan: _Scanner, comment: str, line: int) -> WWMove:
    items = comment.split()
    action = items[0]
    if len(items) < 2 or items[1] not in ("0", "1"):
        raise scan.fail(f"the WordStudio action {action!r} needs the player (0 or 1)", line)
    score = None
    notes = []
    for item in items[2:]:
        if item.startswith("*"):
            if not _SCORE.fullmatch(item[1:]):
                raise scan.fail(f"{shorten(item)!r} is not a score (a number of up to nine "
                                "digits)", line)
            score = int(item[1:])
        else:
            notes.append(item)
    return WWMove(None, int(items[1]), action, score=score, notes=tuple(notes), line=line)


def _after_end(scan: _Scanner, parsed: WWFile) -> None:
    token = scan.peek()
    if token is not None:
        parsed.notes.append(f"line {token.line}: what follows the closing 0 is ignored")


def format_file(parsed: WWFile, comments: dict[str, list[str]] | None = None) -> str:
    """The text of a saved game; ``comments`` are lines to put before the flag
    (``"top"``), the starting board (``"board"``), the racks (``"racks"``) and the moves
    (``"moves"``)."""
    comments = comments or {}
    out = [*comments.get("top", [])]
    out += [f"#: {key} {parsed.header[key]}" for key in HEADER_KEYS if key in parsed.header]
    out.append(f"@{parsed.flags}")
    if parsed.board is not None:
        out += [*comments.get("board", []), *parsed.board]
    if parsed.racks is not None:
        out += [*comments.get("racks", []), *(r or "-" for r in parsed.racks)]
        out += [*comments.get("moves", []), *(m.format() for m in parsed.moves), "0"]
    return "\n".join(out) + "\n"


# --- word masks ----------------------------------------------------------------------------
def square_words(row: int, col: int) -> str:
    """``row H, column G``: squares as WordsWorth names them (letters, A top left)."""
    return f"row {letters_name(row)}, column {letters_name(col)}"


def placements_from_mask(board: Board, move: WWMove, fail: Callable[[str], RecordError]
                         ) -> list[Placement]:
    """The new tiles of an across/down move from its mask, checked against the board as
    WordsWorth checked entered words; ``fail`` makes the error for a problem."""
    assert move.row is not None and move.col is not None
    dr, dc = (0, 1) if move.action == "A" else (1, 0)
    row, col = move.row, move.col
    if not board.on_board(row, col):
        raise fail(f"{square_words(row, col)} is off the board")
    if board.on_board(row - dr, col - dc) and board.has_tile(row - dr, col - dc):
        raise fail("the word runs on from the tile before it")
    placements = []
    for letter in mask_letters(move.text, board.alphabet, fail):
        if not board.on_board(row, col):
            raise fail("the word runs off the board")
        existing = board.tile_at(row, col)
        if letter is None and existing is None:
            raise fail(f"'-' marks {square_words(row, col)} as already holding a tile, but it is "
                       "empty")
        if letter is not None:
            if existing is not None:
                raise fail(f"{square_words(row, col)} already holds {existing[0]} (a letter on "
                           "the board is written '-')")
            placements.append(Placement(row, col, letter.upper(), letter.islower()))
        row, col = row + dr, col + dc
    if board.on_board(row, col) and board.has_tile(row, col):
        raise fail("can't end there: the next square holds a tile")
    if not placements:
        raise fail("the word places no tile")
    return placements


def mask_letters(mask: str, alphabet: tuple[str, ...],
                  fail: Callable[[str], RecordError]) -> list[str | None]:
    """``H-LLO`` -> ['H', None, 'L', 'L', 'O'] (None: a tile already on the board)."""
    letters = sorted(alphabet, key=len, reverse=True)
    out: list[str | None] = []
    i = 0
    while i < len(mask):
        if mask[i] == "-":
            out.append(None)
            i += 1
            continue
        for letter in letters:
            piece = mask[i:i + len(letter)]
            if piece.upper() == letter and (piece.isupper() or piece.islower()):
                out.append(piece)
                i += len(letter)
                break
        else:
            raise fail(f"{mask[i]!r} is not a letter of this game")
    return out


def mask_of_play(before: Board, placements: tuple[Placement, ...]) -> tuple[str, int, int, str]:
    """Action letter, start square and mask of a play on the board it was played on."""
    new = {p.square: p for p in placements}
    rows = {p.row for p in placements}
    cols = {p.col for p in placements}
    first = min(placements, key=lambda p: (p.row, p.col))
    if len(placements) == 1:
        r, c = first.row, first.col
        across = any(before.on_board(r, c + d) and before.has_tile(r, c + d) for d in (-1, 1))
    elif len(rows) == 1 or len(cols) == 1:
        across = len(rows) == 1
    else:
        raise RecordError(None, "a WordsWorth saved game has only across and down moves")
    dr, dc = (0, 1) if across else (1, 0)
    row, col = first.row, first.col
    while before.on_board(row - dr, col - dc) and before.has_tile(row - dr, col - dc):
        row, col = row - dr, col - dc
    start = (row, col)
    mask = []
    while before.on_board(row, col) and ((row, col) in new or before.has_tile(row, col)):
        mask.append(new[(row, col)].shown() if (row, col) in new else "-")
        row, col = row + dr, col + dc
    return ("A" if across else "D"), start[0], start[1], "".join(mask)
