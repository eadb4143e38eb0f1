"""CGP, the Woogles "crossword game position" format, read and written.

    <board> <racks> <scores> <zero-turns> [op args; ...]

* board: rows separated by ``/``; a number is that many empty squares, an upper-case
  letter a tile, a lower-case letter a blank standing for it;
* racks: ``AEIRST?/DEF`` - the player to move first, ``?`` a blank (a rack may be empty);
* scores: ``120/98`` in the same order; zero-turns: consecutive scoreless turns so far;
* optional operations such as ``lex NWL20;`` are kept as (name, args) pairs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from wordstudio.errors import UserError

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


def parse_cgp(text: str) -> CGPPosition:
    parts = text.strip().split(None, 4)
    if len(parts) < 4:
        raise CGPError(
            "a CGP position needs four fields: board, racks, scores and zero-turns "
            f"(got {len(parts)})")
    board_text, racks_text, scores_text, zero_text = parts[:4]
    rows: list[str] = []
    for number, row in enumerate(board_text.split("/"), start=1):
        out: list[str] = []
        for token in _RUN.findall(row):
            if token.isdigit():
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
    try:
        scores = tuple(int(s) for s in scores_text.split("/"))
    except ValueError:
        raise CGPError(f"scores {scores_text!r} are not numbers separated by '/'") from None
    try:
        zero = int(zero_text)
    except ValueError:
        raise CGPError(f"zero-turns {zero_text!r} is not a number") from None
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
