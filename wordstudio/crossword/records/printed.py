"""A crossword game on paper: the game record and board diagrams, laid out in millimetres.

* :func:`record_sheet` - what a printed game record holds: the players, every move with
  the rack it came from, its position, word and score and the running totals, the notes a
  record carries, the end-of-game adjustments and the result, and the final board;
* :func:`board_diagram` - the board after any number of moves, with the tiles of the move
  just made marked;
* :func:`layout_record` / :func:`layout_diagram` - where each of those goes on pages of
  a given size (A4, US Letter or any other): the table runs on over as many pages as it
  needs, a move and its notes are never split, the final board gets a page of its own.

Nothing here draws: ``wordstudio.ui.crossword.printing`` paints these layouts with Qt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wordstudio.crossword.actions import Play
from wordstudio.crossword.annotations import END, GAME
from wordstudio.crossword.board import column_name, row_name
from wordstudio.crossword.game import Game
from wordstudio.crossword.records.cli import describe_move, racks_before, running_totals
from wordstudio.crossword.records.gcgread import unlisted_words
from wordstudio.paper import (
    A4,
    MM_PER_POINT,
    PageSize,
    Rect,
    TextItem,
    content_area,
    line_height,
    wrapped_lines,
)

TITLE_PT = 15.0
HEAD_PT = 9.5
BODY_PT = 9.0
NOTE_PT = 8.0
#: Column widths (mm) that do not depend on the game.
NUMBER_WIDTH = 8.0
POSITION_WIDTH = 13.0
SCORE_WIDTH = 13.0
#: Room the move column needs at least; below it the table's type gets smaller.
MIN_WORD_WIDTH = 28.0


# --- what is printed ------------------------------------------------------------------------
@dataclass(frozen=True)
class DiagramSquare:
    """One square of a board diagram: its premium code, and its tile if it has one."""

    code: str
    letter: str = ""
    blank: bool = False
    value: int = 0
    #: Placed by the move the diagram follows (drawn marked).
    new: bool = False


@dataclass(frozen=True)
class BoardDiagram:
    """A board as printed: squares row by row, and a caption."""

    rows: int
    columns: int
    squares: tuple[DiagramSquare, ...]
    caption: str = ""

    def square(self, row: int, col: int) -> DiagramSquare:
        return self.squares[row * self.columns + col]

    @staticmethod
    def column_label(col: int) -> str:
        return column_name(col)

    @staticmethod
    def row_label(row: int) -> str:
        return row_name(row)


@dataclass(frozen=True)
class RecordRow:
    """A line of the record's table (``kind``: move, note, end or result)."""

    kind: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class RecordSheet:
    """Everything a printed game record shows."""

    title: str
    lines: tuple[str, ...]
    names: tuple[str, ...]
    rows: tuple[RecordRow, ...]
    final_board: BoardDiagram


def board_diagram(game: Game, moves: int | None = None, caption: str = "") -> BoardDiagram:
    """The board after ``moves`` actions (all of them when None), the last play marked."""
    shown = game
    if moves is not None and moves < len(game.inputs):
        shown = Game(game.setup, game.words)
        for item in game.inputs[:moves]:
            shown.act(item.action)
    board = shown.board
    config = game.config
    new: set[tuple[int, int]] = set()
    for turn in reversed(shown.history):
        if isinstance(turn.action, Play) and not turn.withdrawn:
            new = {p.square for p in turn.action.placements}
            break
    values = dict(zip(config.tiles.alphabet, config.tiles.scores, strict=True))
    squares = []
    for row in range(config.rows):
        for col in range(config.columns):
            tile = board.tile_at(row, col)
            code = config.square(row, col)
            if tile is None:
                squares.append(DiagramSquare(code))
            else:
                letter, blank = tile
                value = config.tiles.blank_score if blank else values.get(letter, 0)
                squares.append(DiagramSquare(code, letter, blank, value, (row, col) in new))
    return BoardDiagram(config.rows, config.columns, tuple(squares), caption)


def record_sheet(game: Game) -> RecordSheet:
    """The game record of ``game`` (see the module docstring)."""
    names = tuple(game.names)
    notes = game.annotations
    totals = running_totals(game)
    racks = racks_before(game)
    rows: list[RecordRow] = [RecordRow("note", (note,)) for note in notes.notes_after(GAME)]
    unlisted_seen = False
    for index, turn in enumerate(game.history):
        where, word = "", describe_move(turn, hidden=index in notes.hidden_exchanges)
        if isinstance(turn.action, Play):
            where, word = turn.notation.split(" ", 1)
            if turn.withdrawn:
                word += " (withdrawn)"
            if unlisted_words(turn, game.words):
                word += " *"
                unlisted_seen = True
        score = str(turn.score) if turn.score or isinstance(turn.action, Play) else ""
        if turn.awarded:
            score = f"+{turn.awarded}"
        rack = racks[index] or ("?" if index in notes.partial_racks else "")
        rows.append(RecordRow("move", (str(index + 1), names[turn.player], rack, where, word,
                                       score, *(str(t) for t in totals[index]))))
        rows += [RecordRow("note", (note,)) for note in notes.notes_after(index)]
    if game.over:
        rows.append(RecordRow("end", (f"Game over: {game.end_reason}",)))
        for adjustment in game.adjustments:
            rows.append(RecordRow("end", (f"{names[adjustment.player]}: {adjustment.points:+d} "
                                          f"({adjustment.reason})",)))
        rows += [RecordRow("note", (note,)) for note in notes.notes_after(END)]
        final = game.final_scores()
        winners = [names[p] for p in game.winners()]
        verdict = f"Winner: {winners[0]}" if len(winners) == 1 else f"Tie: {', '.join(winners)}"
        rows.append(RecordRow("result", ("Final scores: " + ", ".join(
            f"{n} {s}" for n, s in zip(names, final, strict=True)) + f".  {verdict}",)))
    else:
        rows.append(RecordRow("end", (f"Game in progress: {names[game.current]} to play",)))
    if unlisted_seen:
        rows.append(RecordRow("note", (f"* a word the list {game.setup.lexicon} does not "
                                       "hold, played as the record has it",)))
    title = notes.title or game.config.title or "Crossword game"
    lines = ["Players: " + ", ".join(names),
             f"Game: {game.config.title or 'crossword game'}; word list "
             f"{notes.lexicon or game.setup.lexicon}"]
    if notes.description:
        lines.append(notes.description)
    if notes.ident:
        lines.append(f"Game id: {notes.ident}")
    final_caption = "Final position" if game.over else f"Position after move {len(game.history)}"
    return RecordSheet(title, tuple(lines), names, tuple(rows),
                       board_diagram(game, caption=final_caption))


# --- where it goes on the page ------------------------------------------------------------
@dataclass(frozen=True)
class PrintedPage:
    """Everything on one page, positioned in millimetres."""

    page: PageSize
    texts: tuple[TextItem, ...] = ()
    rules: tuple[tuple[float, float, float, float], ...] = ()
    diagrams: tuple[tuple[Rect, BoardDiagram], ...] = ()

    def rects(self) -> list[Rect]:
        return [t.rect for t in self.texts] + [r for r, _ in self.diagrams]


@dataclass(frozen=True)
class _Columns:
    widths: tuple[float, ...]
    aligns: tuple[str, ...]
    size: float


def _columns(sheet: RecordSheet, width: float) -> _Columns:
    """Column widths for the table: fixed small ones, the move column takes the rest."""
    players = len(sheet.names)
    for size in (BODY_PT, 8.0, 7.0, 6.0):
        char = size * MM_PER_POINT * 0.6
        capital = size * MM_PER_POINT * 0.72  # racks are capitals, wider than the average
        moves = [r.cells for r in sheet.rows if r.kind == "move"]
        name = min(40.0, max([len("Player"), *(len(c[1]) for c in moves)]) * char + 2)
        rack = max([len("Rack"), *(len(c[2]) for c in moves)]) * capital + 2
        total = min(30.0, max(12.0, max([0, *(len(n) for n in sheet.names)]) * char + 2))
        fixed = NUMBER_WIDTH + name + rack + POSITION_WIDTH + SCORE_WIDTH + players * total
        if width - fixed >= MIN_WORD_WIDTH or size == 6.0:
            word = max(width - fixed, 10.0)
            widths = (NUMBER_WIDTH, name, rack, POSITION_WIDTH, word, SCORE_WIDTH,
                      *([total] * players))
            aligns = ("right", "left", "left", "left", "left", "right", *(["right"] * players))
            return _Columns(widths, aligns, size)
    raise AssertionError("unreachable")


def layout_record(sheet: RecordSheet, page: PageSize = A4) -> list[PrintedPage]:
    """The record's pages: the table (continued over pages), then the final board."""
    content = content_area(page)
    columns = _columns(sheet, content.width)
    pages: list[PrintedPage] = []
    texts: list[TextItem] = []
    rules: list[tuple[float, float, float, float]] = []
    y = _record_header(sheet, content, texts, first=True)
    y = _table_header(sheet, columns, content, y, texts, rules)
    for block in _blocks(sheet.rows):
        height = sum(_row_height(row, columns, content.width) for row in block)
        if y + height > content.bottom and texts:
            pages.append(PrintedPage(page, tuple(texts), tuple(rules)))
            texts, rules = [], []
            y = _record_header(sheet, content, texts, first=False)
            y = _table_header(sheet, columns, content, y, texts, rules)
        for row in block:
            y = _row(row, columns, content, y, texts, rules)
    pages.append(PrintedPage(page, tuple(texts), tuple(rules)))
    pages.append(layout_diagram(sheet.final_board, page, sheet.title,
                                [line for line in (_result_line(sheet),) if line]))
    return pages


def _blocks(rows: Sequence[RecordRow]) -> list[list[RecordRow]]:
    """Rows kept together on a page: a move with its notes; the end with the result."""
    blocks: list[list[RecordRow]] = []
    for row in rows:
        if blocks and (row.kind == "note" or (row.kind in ("end", "result")
                                              and blocks[-1][0].kind == "end")):
            blocks[-1].append(row)
        else:
            blocks.append([row])
    return blocks


def _record_header(sheet: RecordSheet, content: Rect, texts: list[TextItem],
                   first: bool) -> float:
    y = content.y
    if not first:
        height = line_height(HEAD_PT)
        texts.append(TextItem(Rect(content.x, y, content.width, height),
                              f"{sheet.title} (continued)", HEAD_PT, italic=True))
        return y + height + 2.0
    height = line_height(TITLE_PT)
    texts.append(TextItem(Rect(content.x, y, content.width, height), sheet.title, TITLE_PT,
                          bold=True))
    y += height + 1.5
    for line in sheet.lines:
        lines = wrapped_lines(line, content.width, HEAD_PT)
        box = lines * line_height(HEAD_PT)
        texts.append(TextItem(Rect(content.x, y, content.width, box), line, HEAD_PT,
                              wrap=lines > 1))
        y += box
    return y + 3.0


def _table_header(sheet: RecordSheet, columns: _Columns, content: Rect, y: float,
                  texts: list[TextItem], rules: list[tuple[float, float, float, float]]
                  ) -> float:
    heads = ("#", "Player", "Rack", "Where", "Move", "Score", *sheet.names)
    height = line_height(columns.size)
    x = content.x
    for head, width, align in zip(heads, columns.widths, columns.aligns, strict=True):
        texts.append(TextItem(Rect(x, y, width - 1.0, height), head, columns.size, bold=True,
                              align=align))
        x += width
    y += height
    rules.append((content.x, y + 0.3, content.right, y + 0.3))
    return y + 0.8


def _row_height(row: RecordRow, columns: _Columns, width: float) -> float:
    if row.kind == "move":
        return line_height(columns.size)
    size = NOTE_PT if row.kind == "note" else columns.size
    indent = NUMBER_WIDTH if row.kind == "note" else 0.0
    return wrapped_lines(row.cells[0], width - indent, size) * line_height(size) + (
        1.5 if row.kind == "end" and row.cells[0].startswith(("Game over", "Game in")) else 0.0)


def _row(row: RecordRow, columns: _Columns, content: Rect, y: float, texts: list[TextItem],
         rules: list[tuple[float, float, float, float]]) -> float:
    height = _row_height(row, columns, content.width)
    if row.kind == "move":
        x = content.x
        for text, width, align in zip(row.cells, columns.widths, columns.aligns, strict=True):
            texts.append(TextItem(Rect(x, y, width - 1.0, height), text, columns.size,
                                  align=align))
            x += width
        return y + height
    if row.kind == "end" and row.cells[0].startswith(("Game over", "Game in")):
        rules.append((content.x, y + 0.6, content.right, y + 0.6))
        y += 1.5
        height -= 1.5
    size = NOTE_PT if row.kind == "note" else columns.size
    indent = NUMBER_WIDTH if row.kind == "note" else 0.0
    texts.append(TextItem(Rect(content.x + indent, y, content.width - indent, height),
                          row.cells[0], size, bold=row.kind == "result",
                          italic=row.kind == "note", wrap=True))
    return y + height


def _result_line(sheet: RecordSheet) -> str:
    for row in reversed(sheet.rows):
        if row.kind in ("result", "end"):
            return row.cells[0]
    return ""


def layout_diagram(diagram: BoardDiagram, page: PageSize = A4, title: str = "",
                   lines: Sequence[str] = ()) -> PrintedPage:
    """A page with one board diagram as big as the page allows, a heading and lines of
    text under it (scores, the move it follows)."""
    content = content_area(page)
    texts: list[TextItem] = []
    y = content.y
    if title:
        height = line_height(TITLE_PT)
        texts.append(TextItem(Rect(content.x, y, content.width, height), title, TITLE_PT,
                              bold=True))
        y += height + 1.0
    if diagram.caption:
        height = line_height(HEAD_PT + 1)
        texts.append(TextItem(Rect(content.x, y, content.width, height), diagram.caption,
                              HEAD_PT + 1))
        y += height + 3.0
    below = sum(wrapped_lines(line, content.width, HEAD_PT) for line in lines) * line_height(
        HEAD_PT) + (4.0 if lines else 0.0)
    room = Rect(content.x, y, content.width, content.bottom - y - below)
    board = diagram_rect(diagram, room)
    y = board.bottom + 4.0
    for line in lines:
        height = wrapped_lines(line, content.width, HEAD_PT) * line_height(HEAD_PT)
        texts.append(TextItem(Rect(content.x, y, content.width, height), line, HEAD_PT,
                              wrap=True))
        y += height
    return PrintedPage(page, tuple(texts), (), ((board, diagram),))


def diagram_rect(diagram: BoardDiagram, room: Rect) -> Rect:
    """The largest rectangle of square cells (plus a margin of one label cell at the top
    and left for the coordinates) that fits in ``room``, centred across it."""
    cell = min(room.width / (diagram.columns + 1), room.height / (diagram.rows + 1))
    width, height = cell * (diagram.columns + 1), cell * (diagram.rows + 1)
    return Rect(room.x + (room.width - width) / 2, room.y, width, height)
