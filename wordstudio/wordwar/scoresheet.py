"""Word War scoresheets, independent of any printer: what goes on each page, and where.

The seed's scoresheet is the board itself with a box at the right of each row and at the
foot of each column for the line scores.  WordStudio prints

* one sheet per player per round: the filled grid, the line scores in their boxes, the
  round total, the words that scored each line and, apart, the lines that only lost
  points for their empty squares;
* a game summary: every round's scores, the totals and the winner;
* blank sheets of any board (with its printed vowels) for playing on paper.

:class:`Scoresheet` and :class:`GameSummary` say *what* is printed; :func:`layout_sheet`
and :func:`layout_summary` place it on a page in millimetres, so that fitting A4 and US
Letter is decided (and tested) here, and the Qt painter only draws the boxes and texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from wordstudio.paper import (
    A4,
    MARGIN,
    MM_PER_POINT,
    PageSize,
    Rect,
    TextItem,
    line_height,
    wrapped_lines,
)
from wordstudio.wordwar.boards import BLACK, EMPTY, Board, Grid, Square
from wordstudio.wordwar.game import WordWarGame
from wordstudio.wordwar.scoring import GridScore, LineScore

#: Largest and smallest grid squares (mm): big enough to write in by hand.
MAX_CELL = 16.0
MIN_CELL = 6.0
#: The row-score boxes are this many squares wide (a score can be -10 or 100).
SCORE_BOX_WIDTH = 1.5
#: Font sizes (points).
TITLE_PT = 18.0
SUBTITLE_PT = 11.0
WORDS_PT = 10.0
#: Spacing of the ruled lines on blank sheets (mm).
WRITING_LINE = 9.0


# --- what is printed ------------------------------------------------------------------------
@dataclass(frozen=True)
class Scoresheet:
    """One player's board for one round, or a blank board for playing on paper."""

    board_number: int
    board_title: str
    grid: Grid
    printed: frozenset[Square]
    player: str = ""
    round_number: int | None = None
    rounds: int | None = None
    score: GridScore | None = None

    @property
    def blank(self) -> bool:
        return self.score is None

    def row_score(self, row: int) -> int | None:
        return None if self.score is None else self.score.rows[row].score

    def column_score(self, col: int) -> int | None:
        return None if self.score is None else self.score.columns[col].score

    def subtitle(self) -> str:
        parts = [f"Board {self.board_number}"]
        if self.blank:
            parts.append("Player: ____________________")
            parts.append("Round: _____")
        else:
            if self.player:
                parts.append(f"Player: {self.player}")
            if self.round_number is not None:
                of = f" of {self.rounds}" if self.rounds else ""
                parts.append(f"Round {self.round_number}{of}")
        return "    ".join(parts)

    def total_line(self) -> str:
        if self.score is None:
            return "Rows ______  +  Columns ______  =  Total ______"
        s = self.score
        return f"Rows {s.row_total}  +  Columns {s.column_total}  =  Total {s.total}"

    def word_entries(self) -> list[str]:
        """One entry per line with words that scored, each word apart and what the
        line's empty squares cost after them: ``Row 1: OATS, OAT, AT (9)``,
        ``Row 6: OW (2); 4 empty squares (-4) = -2``."""
        if self.score is None:
            return []
        return [_word_entry(line) for line in self._lines() if line.words]

    def empty_entries(self) -> list[str]:
        """One entry per line that only lost points, for its empty squares:
        ``Row 4: 1 empty square (-1)``."""
        if self.score is None:
            return []
        return [f"{line.label.capitalize()}: {_empties(line.empties)} (-{line.empties})"
                for line in self._lines() if line.empties and not line.words]

    def _lines(self) -> tuple[LineScore, ...]:
        assert self.score is not None
        return (*self.score.rows, *self.score.columns)


def _empties(count: int) -> str:
    return f"{count} empty square{'s' if count != 1 else ''}"


def _word_entry(line: LineScore) -> str:
    words = ", ".join(w.word for w in line.words)
    entry = f"{line.label.capitalize()}: {words} ({line.points})"
    if line.empties:
        entry += f"; {_empties(line.empties)} (-{line.empties}) = {line.score}"
    return entry


def blank_sheet(board: Board) -> Scoresheet:
    """A blank scoresheet of ``board``: its black squares and printed vowels only."""
    return Scoresheet(board.number, board.title, board.blank, board.printed)


def round_sheets(game: WordWarGame, round_index: int) -> list[Scoresheet]:
    """One sheet per player for a finished round (``round_index`` 0-based)."""
    result = game.results[round_index]
    sheets = []
    for player, spec in enumerate(game.players):
        board = game.board_set.board(result.boards[player])
        sheets.append(Scoresheet(board.number, board.title, result.grids[player], board.printed,
                                 spec.name, round_index + 1, game.rounds, result.scores[player]))
    return sheets


def current_sheets(game: WordWarGame) -> list[Scoresheet]:
    """Sheets of the round being played, as the grids stand (live scores)."""
    if not game.grids:
        return []
    return [Scoresheet(board.number, board.title, grid, board.printed, spec.name,
                       game.round_index + 1, game.rounds, game.scorer.score(grid))
            for spec, board, grid in zip(game.players, game.boards, game.grids, strict=True)]


@dataclass(frozen=True)
class GameSummary:
    """Every finished round's scores, the totals and the winners."""

    players: tuple[str, ...]
    boards: tuple[tuple[int, ...], ...]
    scores: tuple[tuple[int, ...], ...]
    round_winners: tuple[int, ...]
    rounds: int

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[p] for r in self.scores) for p in range(len(self.players)))

    @property
    def finished(self) -> bool:
        return len(self.scores) >= self.rounds

    @property
    def leaders(self) -> list[int]:
        totals = self.totals
        best = max(totals)
        return [p for p, total in enumerate(totals) if total == best]

    def verdict(self) -> str:
        names = " and ".join(self.players[p] for p in self.leaders)
        best = max(self.totals)
        if not self.scores:
            return "No round has been played yet."
        if self.finished:
            verb = "wins" if len(self.leaders) == 1 else "share the win"
            return f"{names} {verb} with {best} points."
        return f"After {len(self.scores)} of {self.rounds} rounds {names} lead{'s' if len(self.leaders) == 1 else ''} with {best} points."


def game_summary(game: WordWarGame) -> GameSummary:
    return GameSummary(
        tuple(p.name for p in game.players),
        tuple(r.boards for r in game.results),
        tuple(r.totals for r in game.results),
        tuple(r.winner for r in game.results),
        game.rounds)


def game_sheets(game: WordWarGame) -> list[Scoresheet | GameSummary]:
    """Every finished round's sheets, round by round, then the summary."""
    pages: list[Scoresheet | GameSummary] = []
    for index in range(len(game.results)):
        pages.extend(round_sheets(game, index))
    pages.append(game_summary(game))
    return pages


# --- where it goes on the page ------------------------------------------------------------------
@dataclass(frozen=True)
class CellItem:
    """A grid square: black, or white with its letter (printed vowels shown as such)."""

    rect: Rect
    letter: str
    black: bool
    printed: bool


@dataclass(frozen=True)
class PageLayout:
    """Everything on one page, positioned in millimetres."""

    page: PageSize
    cells: tuple[CellItem, ...] = ()
    texts: tuple[TextItem, ...] = ()
    #: Ruled lines (x1, y1, x2, y2), e.g. the summary table's.
    rules: tuple[tuple[float, float, float, float], ...] = field(default_factory=tuple)

    @property
    def content(self) -> Rect:
        return Rect(MARGIN, MARGIN, self.page.width - 2 * MARGIN, self.page.height - 2 * MARGIN)

    def rects(self) -> list[Rect]:
        return [c.rect for c in self.cells] + [t.rect for t in self.texts]


#: The headings of a filled sheet's two lists, in the order they are printed.
WORDS_HEADING = "Words that scored"
EMPTIES_HEADING = "Empty squares (one point off each)"


def _words_block(sections: Sequence[tuple[str, Sequence[str]]], top: float, width: float,
                 size: float) -> tuple[list[TextItem], float]:
    """Each (heading, entries) list with entries, in two columns under its heading;
    returns the items and the height used."""
    items: list[TextItem] = []
    y = top
    for heading, entries in sections:
        if entries:
            block, height = _two_columns(heading, entries, y, width, size)
            items += block
            y += height
    return items, y - top


def _two_columns(heading: str, entries: Sequence[str], top: float, width: float,
                 size: float) -> tuple[list[TextItem], float]:
    gap = 6.0
    column_width = (width - gap) / 2
    heights = [wrapped_lines(e, column_width, size) * line_height(size) for e in entries]
    # Fill the left column to about half the total height, the rest goes right.
    half = sum(heights) / 2
    split, running = len(entries), 0.0
    for index, height in enumerate(heights):
        if running >= half:
            split = index
            break
        running += height
    items: list[TextItem] = []
    heading_height = line_height(size + 1)
    items.append(TextItem(Rect(MARGIN, top, width, heading_height), heading, size + 1,
                          bold=True))
    column_top = top + heading_height
    used = 0.0
    for column, (start, stop) in enumerate(((0, split), (split, len(entries)))):
        y = column_top
        x = MARGIN + column * (column_width + gap)
        for index in range(start, stop):
            items.append(TextItem(Rect(x, y, column_width, heights[index]), entries[index],
                                  size, wrap=True))
            y += heights[index]
        used = max(used, y - column_top)
    return items, heading_height + used


def layout_sheet(sheet: Scoresheet, page: PageSize = A4) -> PageLayout:
    """Place a scoresheet on a page: heading, grid with score boxes, total, words."""
    content = Rect(MARGIN, MARGIN, page.width - 2 * MARGIN, page.height - 2 * MARGIN)
    texts: list[TextItem] = []
    y = content.y
    title_height = line_height(TITLE_PT)
    texts.append(TextItem(Rect(content.x, y, content.width, title_height), "WORD WAR", TITLE_PT,
                          bold=True))
    y += title_height
    subtitle_height = line_height(SUBTITLE_PT)
    texts.append(TextItem(Rect(content.x, y, content.width, subtitle_height), sheet.subtitle(),
                          SUBTITLE_PT))
    y += subtitle_height + 4.0
    total_height = line_height(SUBTITLE_PT + 1) + 4.0
    # The words block is measured first: the grid takes whatever height is left, so long
    # word lists shrink the squares rather than run off the page.
    size = WORDS_PT
    sections = ((WORDS_HEADING, sheet.word_entries()), (EMPTIES_HEADING, sheet.empty_entries()))
    words, words_height = _words_block(sections, 0.0, content.width, size)
    rows, cols = sheet.grid.height, sheet.grid.width
    while True:
        room = content.bottom - y - total_height - words_height - 4.0
        cell = min(MAX_CELL, content.width / (cols + SCORE_BOX_WIDTH), room / (rows + 1))
        if cell >= MIN_CELL or size <= 6.0:
            break
        size -= 0.5
        words, words_height = _words_block(sections, 0.0, content.width, size)
    grid_width = cell * (cols + SCORE_BOX_WIDTH)
    x0 = content.x + (content.width - grid_width) / 2
    cells = []
    for r, text in enumerate(sheet.grid.rows):
        for c, ch in enumerate(text):
            rect = Rect(x0 + c * cell, y + r * cell, cell, cell)
            letter = "" if ch in (BLACK, EMPTY) else ch
            cells.append(CellItem(rect, letter, ch == BLACK, (r, c) in sheet.printed))
    box_size = max(7.0, min(14.0, cell * 0.5 / MM_PER_POINT))
    for r in range(rows):
        rect = Rect(x0 + cols * cell + cell * 0.15, y + r * cell + cell * 0.1,
                    cell * (SCORE_BOX_WIDTH - 0.3), cell * 0.8)
        texts.append(TextItem(rect, _number(sheet.row_score(r)), box_size, bold=True,
                              align="center", framed=True))
    for c in range(cols):
        rect = Rect(x0 + c * cell + cell * 0.1, y + rows * cell + cell * 0.15,
                    cell * 0.8, cell * 0.8)
        texts.append(TextItem(rect, _number(sheet.column_score(c)), box_size, bold=True,
                              align="center", framed=True))
    # The board's number sits at its lower right, as on the printed boards.
    texts.append(TextItem(Rect(x0 + cols * cell, y + rows * cell + cell * 0.15,
                               cell * SCORE_BOX_WIDTH, cell * 0.8),
                          f"Board {sheet.board_number}", max(6.0, box_size * 0.6),
                          align="center"))
    y += (rows + 1) * cell + 3.0
    texts.append(TextItem(Rect(content.x, y, content.width, line_height(SUBTITLE_PT + 1)),
                          sheet.total_line(), SUBTITLE_PT + 1, bold=True, align="center"))
    y += total_height
    for item in words:
        box = item.rect
        texts.append(TextItem(Rect(box.x, box.y + y, box.width, box.height), item.text,
                              item.size, item.bold, item.align, item.wrap))
    rules: list[tuple[float, float, float, float]] = []
    if sheet.blank:
        # Paper players write down the words they find: ruled lines fill the page.
        heading = line_height(WORDS_PT + 1)
        if content.bottom - y > heading + WRITING_LINE:
            texts.append(TextItem(Rect(content.x, y, content.width, heading),
                                  WORDS_HEADING, WORDS_PT + 1, bold=True))
            y += heading + WRITING_LINE
            while y <= content.bottom:
                rules.append((content.x, y, content.right, y))
                y += WRITING_LINE
    return PageLayout(page, tuple(cells), tuple(texts), tuple(rules))


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def layout_summary(summary: GameSummary, page: PageSize = A4) -> PageLayout:
    """The game summary: a table of rounds by players, totals, and the verdict."""
    content = Rect(MARGIN, MARGIN, page.width - 2 * MARGIN, page.height - 2 * MARGIN)
    texts: list[TextItem] = []
    rules: list[tuple[float, float, float, float]] = []
    y = content.y
    title_height = line_height(TITLE_PT)
    texts.append(TextItem(Rect(content.x, y, content.width, title_height),
                          "WORD WAR - game summary", TITLE_PT, bold=True))
    y += title_height + 6.0
    columns = len(summary.players) + 1
    column_width = content.width / columns
    row_height = 14.0
    header = ["Round", *summary.players]
    for k, text in enumerate(header):
        texts.append(TextItem(Rect(content.x + k * column_width, y, column_width, row_height),
                              text, SUBTITLE_PT + 1, bold=True, align="center", wrap=True))
    y += row_height
    rules.append((content.x, y, content.right, y))
    for index in range(summary.rounds):
        texts.append(TextItem(Rect(content.x, y, column_width, row_height), str(index + 1),
                              SUBTITLE_PT + 1, align="center"))
        if index < len(summary.scores):
            for p in range(len(summary.players)):
                cell = Rect(content.x + (p + 1) * column_width, y, column_width, row_height)
                won = summary.round_winners[index] == p
                texts.append(TextItem(Rect(cell.x, cell.y, cell.width, row_height * 0.6),
                                      str(summary.scores[index][p]) + (" *" if won else ""),
                                      SUBTITLE_PT + 1, bold=won, align="center"))
                texts.append(TextItem(Rect(cell.x, cell.y + row_height * 0.6, cell.width,
                                           row_height * 0.4),
                                      f"board {summary.boards[index][p]}", 8.0, align="center"))
        y += row_height
        rules.append((content.x, y, content.right, y))
    rules.append((content.x, y + 0.8, content.right, y + 0.8))
    y += 2.0
    texts.append(TextItem(Rect(content.x, y, column_width, row_height), "Total",
                          SUBTITLE_PT + 2, bold=True, align="center"))
    for p, total in enumerate(summary.totals):
        texts.append(TextItem(Rect(content.x + (p + 1) * column_width, y, column_width,
                                   row_height), str(total), SUBTITLE_PT + 2, bold=True,
                              align="center"))
    y += row_height
    for k in range(1, columns):
        x = content.x + k * column_width
        rules.append((x, content.y + title_height + 6.0, x, y))
    y += 6.0
    texts.append(TextItem(Rect(content.x, y, content.width, 3 * line_height(SUBTITLE_PT + 2)),
                          summary.verdict(), SUBTITLE_PT + 2, bold=True, wrap=True))
    y += 3 * line_height(SUBTITLE_PT + 2)
    texts.append(TextItem(Rect(content.x, y, content.width, line_height(9.0) * 2),
                          "* won the round (and turned the first card of the next)", 9.0,
                          wrap=True))
    return PageLayout(page, (), tuple(texts), tuple(rules))


def layout_page(page_content: Scoresheet | GameSummary, page: PageSize = A4) -> PageLayout:
    """Lay out a sheet or a summary."""
    if isinstance(page_content, GameSummary):
        return layout_summary(page_content, page)
    return layout_sheet(page_content, page)
