"""What the setup wizard writes, without Qt: a ``.cfg`` that Includes ``.def`` parts.

WordsWorth's SETUP (seed 001, Appendix C) asked a few questions and wrote ``ww.cfg``: an
``Include`` line for each definition file the answers chose, plus a few lines of its own.
:func:`write_setup` does the same.  The parts are copied from ``boards/`` beside the new
game file (a part already there with the same text is used as it is; one with other
text is never replaced: the copy gets a new name), so the game works wherever it is
kept.  A board of the person's own size is written as a part of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wordstudio.crossword.config.syntax import escape_text
from wordstudio.crossword.gameconfig import PLAIN, FreeForm
from wordstudio.filecheck import holds
from wordstudio.paths import atomic_write_text, boards_dir

#: (part under boards/, what it is) for the board question.
BOARDS: tuple[tuple[str, str], ...] = (
    ("scrabbrd.def", "The standard 15 \u00d7 15 board, premium squares, first move on the centre"),
    ("board13.def", "WordsWorth's 13 \u00d7 13 board, all plain squares"),
    ("blocked13.def", "13 \u00d7 13 with blocked squares and premiums (WordsWorth's example)"),
    ("diamond.def", "A diamond inside a 13 \u00d7 13 square"),
    ("gridbrd.def", "A grid: words run along open lines between blocks"),
    ("board7.def", "A baby 7 \u00d7 7 board"),
    ("board21.def", "A big 21 \u00d7 21 board"),
    ("super21.def", "The super 21 \u00d7 21 board, premiums up to four times"),
)
#: (part under boards/, what it is) for the tile-set question.
TILESETS: tuple[tuple[str, str], ...] = (
    ("scrabtil.def", "The standard 100 tiles"),
    ("wwtiles.def", "WordsWorth's tiles: every letter scores 1"),
    ("supertil.def", "200 tiles for the super board"),
    ("tilesets/alice.def", "100 tiles from the letters of Alice in Wonderland"),
    ("tilesets/bible.def", "100 tiles from the letters of the King James Bible"),
    ("tilesets/cia.def", "100 tiles from the letters of the CIA World Factbook 1991"),
    ("tilesets/jargon.def", "100 tiles from the letters of the Jargon File"),
)
#: How moves must connect: FreeForm value and its meaning.
CONNECTIONS: tuple[tuple[FreeForm, str], ...] = (
    (FreeForm.ANCHORED, "Every move joins the tiles already on the board (as in Scrabble)"),
    (FreeForm.TERRITORIAL, "Every move joins the player's own tiles (territorial)"),
    (FreeForm.FREE, "Moves may go anywhere on the board (free-form)"),
)
OWN_BOARD = ""  # the board choice for "a plain board of my own size"


@dataclass(frozen=True)
class SetupChoices:
    """The answers: ``board`` is a part from :data:`BOARDS` or :data:`OWN_BOARD` (then
    ``rows`` x ``columns``); ``rack`` is NumberOfTiles (0 unlimited, 1 pool, N racks)."""

    title: str = "My game"
    board: str = "scrabbrd.def"
    rows: int = 15
    columns: int = 15
    tiles: str = "scrabtil.def"
    rack: int = 7
    connection: FreeForm = FreeForm.ANCHORED
    bonus: int = 50
    dictionary: str = "en-US-wordgame"


def own_board_text(rows: int, columns: int, name: str) -> str:
    """A plain board of this size, the first move through its centre square."""
    lines = [
        f"# {name} -- a plain {rows} x {columns} board written by the setup wizard.",
        "# Paint premium and blocked squares in the board designer.",
        "",
        f"Rows = {rows}",
        f"Columns = {columns}",
        "",
        "BoardPositionScore = {",
        *(PLAIN * columns for _ in range(rows)),
        "}",
        "",
        f"FirstMoveRow = {(rows + 1) // 2}      # the first move covers the centre square",
        f"FirstMoveCol = {(columns + 1) // 2}",
    ]
    return "\n".join(lines) + "\n"


def _rack_line(rack: int) -> str:
    meaning = {0: "any letters, as many as wanted", 1: "any letter still in the pool, no racks"}
    return f"NumberOfTiles = {rack}".ljust(32) + f"# {meaning.get(rack, f'racks of {rack} tiles')}"


def setup_text(choices: SetupChoices, parts: list[str]) -> str:
    """The game file: a comment, the title, one Include per part, then the rules."""
    connection = dict(CONNECTIONS)[choices.connection]
    lines = [
        f"# {choices.title} -- written by WordStudio's setup wizard, as WordsWorth's SETUP",
        "# wrote ww.cfg: the parts below are Included, then the answers to its questions.",
        "",
        f"Title = {escape_text(choices.title)}",
        "",
        *(f"Include = {escape_text(part)}" for part in parts),
        "",
        f"Dictionary = {escape_text(choices.dictionary)}",
        _rack_line(choices.rack),
        f"PlayAllTileBonusPoints = {choices.bonus}",
        f"FreeForm = {int(choices.connection)}".ljust(32) + f"# {connection}",
        "MinimumPlayers = 2",
        "MaximumPlayers = 4",
    ]
    return "\n".join(lines) + "\n"


def _place(source_text: str, folder: Path, name: str) -> tuple[str, bool]:
    """The name a part gets in ``folder`` and whether it must be written: the same name
    when the folder has no such file or the same text, else the first free ``-2``, ``-3``."""
    stem, suffix = Path(name).stem, Path(name).suffix
    number = 1
    while True:
        candidate = name if number == 1 else f"{stem}-{number}{suffix}"
        target = folder / candidate
        if not target.exists():
            return candidate, True
        if holds(target, source_text.encode("utf-8")):
            return candidate, False  # (a named pipe or a folder of that name: the next)
        number += 1


def write_setup(choices: SetupChoices, target: Path, shipped: Path | None = None) -> list[Path]:
    """Write the game file ``target`` and its parts beside it; returns the files written.

    Raises ValueError for a title that cannot be written, OSError when a file cannot be.
    """
    target = Path(target)
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    shipped = shipped or boards_dir()
    texts: list[tuple[str, str]] = []
    if choices.board == OWN_BOARD:
        name = f"{target.stem}-board.def"
        texts.append((name, own_board_text(choices.rows, choices.columns, name)))
    else:
        texts.append((Path(choices.board).name, (shipped / choices.board).read_text(encoding="utf-8")))
    texts.append((Path(choices.tiles).name, (shipped / choices.tiles).read_text(encoding="utf-8")))
    texts.append(("level.def", (shipped / "level.def").read_text(encoding="utf-8")))
    written, parts = [], []
    for name, text in texts:
        placed, new = _place(text, folder, name)
        if new:
            atomic_write_text(folder / placed, text)
            written.append(folder / placed)
        parts.append(placed)
    atomic_write_text(target, setup_text(choices, parts))
    return [target, *written]
