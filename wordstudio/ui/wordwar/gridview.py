"""A Word War grid on screen: squares, letters, and live line scores in their boxes.

The same widget shows a person's own grid large (clickable: an empty square asks to be
written on) and the other players' grids small.  It draws what it is given and knows no
rules: the page hands it the grid, the printed squares and the scores from the engine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QAbstractScrollArea, QGridLayout, QLabel, QSizePolicy, QStyle, QWidget

from wordstudio.ui.sharp import SharpPainting
from wordstudio.wordwar.boards import BLACK, EMPTY, Grid, Square
from wordstudio.wordwar.scoring import GridScore

#: The score column and row are this many squares wide / high.
SCORE_WIDTH = 1.5
SCORE_HEIGHT = 1.0
PAPER = QColor(255, 253, 245)
PRINTED = QColor(120, 120, 120)
HOVER = QColor(255, 236, 170)
LAST = QColor(214, 234, 255)
NEGATIVE = QColor(170, 30, 30)


class GridView(SharpPainting, QWidget):
    """Draws one grid with its row and column scores; emits ``square_clicked``."""

    square_clicked = Signal(int, int)
    #: Enter on a square that cannot be written on: why not, in words.
    square_refused = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, interactive: bool = False,
                 minimum_cell: int = 12) -> None:
        super().__init__(parent)
        self.grid: Grid | None = None
        self.printed: frozenset[Square] = frozenset()
        self.score: GridScore | None = None
        self.caption = ""
        self.hidden = False
        self.interactive = interactive
        self.last: Square | None = None
        self._hover: Square | None = None
        self._minimum_cell = minimum_cell
        #: The device pixel ratio of the surface being painted, while painting.
        #: The keyboard's square (arrows move it, Enter or Space writes there).
        self.key_square: Square = (0, 0)
        self.setMouseTracking(interactive)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        if interactive:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    # --- content ------------------------------------------------------------------------
    def show_grid(self, grid: Grid | None, printed: frozenset[Square] = frozenset(),
                  score: GridScore | None = None, caption: str = "",
                  last: Square | None = None, hidden: bool = False) -> None:
        self.grid = grid
        self.printed = printed
        self.score = score
        self.caption = caption
        self.last = last
        self.hidden = hidden
        self._key_to_empty()
        self.updateGeometry()
        self.update()

    def _key_to_empty(self) -> None:
        """The keyboard's square on a square that can be written on: it started on the
        top-left one, a printed letter on most boards, where Enter could do nothing.
        The next empty square in reading order (from where it is) when it is on none."""
        grid = self.grid
        if grid is None:
            return
        r, c = self.key_square
        if not (0 <= r < grid.height and 0 <= c < grid.width):
            r, c = 0, 0
        if grid.at(r, c) == EMPTY:
            self.key_square = (r, c)
            return
        squares = [(row, col) for row in range(grid.height) for col in range(grid.width)]
        start = r * grid.width + c
        for row, col in squares[start:] + squares[:start]:
            if grid.at(row, col) == EMPTY:
                self.key_square = (row, col)
                return

    def set_minimum_cell(self, cell: int) -> None:
        """The smallest cells the grid may be drawn with (its minimum size follows)."""
        if cell != self._minimum_cell:
            self._minimum_cell = cell
            self.updateGeometry()

    def set_interactive(self, interactive: bool) -> None:
        self.interactive = interactive
        self.setMouseTracking(interactive)
        self.setCursor(Qt.CursorShape.PointingHandCursor if interactive
                       else Qt.CursorShape.ArrowCursor)
        if not interactive:
            self._hover = None
        self.update()

    # --- geometry -----------------------------------------------------------------------
    def _caption_height(self) -> float:
        return 26.0 if self.caption else 0.0

    def cell_size(self) -> float:
        if self.grid is None:
            return 0.0
        width = self.width() - 4
        height = self.height() - 4 - self._caption_height()
        cell = max(4.0, min(width / (self.grid.width + SCORE_WIDTH),
                            height / (self.grid.height + SCORE_HEIGHT)))
        # A whole number of device pixels: every line falls on the same place in every
        # square, at 100, 150 or 200 %, and is drawn sharp (not smeared over two pixels).
        ratio = self._ratio()
        return max(4.0, math.floor(cell * ratio) / ratio)

    def origin(self) -> QPointF:
        assert self.grid is not None
        cell = self.cell_size()
        used = cell * (self.grid.width + SCORE_WIDTH)
        return self._snap(QPointF((self.width() - used) / 2, 2 + self._caption_height()))

    # --- device pixels ------------------------------------------------------------------
    def _pen(self, colour: QColor | Qt.GlobalColor, width: float) -> QPen:
        """A pen a whole number of device pixels wide (one at least)."""
        ratio = self._ratio()
        pen = QPen(colour)
        pen.setWidthF(max(1, round(width * ratio)) / ratio)
        return pen

    def square_rect(self, row: int, col: int) -> QRectF:
        cell = self.cell_size()
        o = self.origin()
        return QRectF(o.x() + col * cell, o.y() + row * cell, cell, cell)

    def square_at(self, point: QPointF) -> Square | None:
        if self.grid is None:
            return None
        cell = self.cell_size()
        o = self.origin()
        col = int((point.x() - o.x()) // cell)
        row = int((point.y() - o.y()) // cell)
        if 0 <= row < self.grid.height and 0 <= col < self.grid.width:
            return row, col
        return None

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        if self.grid is None:
            return QSize(200, 200)
        cell = 44 if self.interactive else 18
        return QSize(round(cell * (self.grid.width + SCORE_WIDTH)) + 4,
                     round(cell * (self.grid.height + SCORE_HEIGHT) + self._caption_height()) + 4)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        if self.grid is None:
            return QSize(60, 60)
        cell = self._minimum_cell
        return QSize(round(cell * (self.grid.width + SCORE_WIDTH)) + 4,
                     round(cell * (self.grid.height + SCORE_HEIGHT) + self._caption_height()) + 4)

    # --- keyboard -----------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
                 Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        key = Qt.Key(event.key())
        if self.grid is None or not self.interactive:
            super().keyPressEvent(event)
            return
        if key in moves:
            dr, dc = moves[key]
            r, c = self.key_square
            self.key_square = (min(max(0, r + dr), self.grid.height - 1),
                               min(max(0, c + dc), self.grid.width - 1))
            self._describe()
            self.update()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            if self.grid.at(*self.key_square) == EMPTY:
                self.square_clicked.emit(*self.key_square)
            else:  # said, not silently ignored
                r, c = self.key_square
                ch = self.grid.at(r, c)
                what = "is black" if ch == BLACK else f"already holds {ch}"
                self.square_refused.emit(f"Row {r + 1}, column {c + 1} {what}: move to an "
                                         "empty square with the arrow keys.")
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _describe(self) -> None:
        """The keyboard's square in words, for screen readers."""
        if self.grid is None:
            return
        r, c = self.key_square
        ch = self.grid.at(r, c)
        what = "empty" if ch == EMPTY else "black" if ch == BLACK else f"holds {ch}"
        self.setAccessibleDescription(f"Row {r + 1}, column {c + 1}: {what}")

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        self._describe()
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        self.update()
        super().focusOutEvent(event)

    # --- mouse --------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if not self.interactive or self.grid is None:
            return
        square = self.square_at(event.position())
        if square is not None and self.grid.at(*square) != EMPTY:
            square = None
        if square != self._hover:
            self._hover = square
            self.update()

    def leaveEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        if self._hover is not None:
            self._hover = None
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if not self.interactive or self.grid is None:
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        square = self.square_at(event.position())
        if square is not None and self.grid.at(*square) == EMPTY:
            self.square_clicked.emit(*square)

    # --- painting -----------------------------------------------------------------------
    def _paint(self, painter: QPainter) -> None:
        # Squares, lines and boxes lie on whole device pixels and are drawn without
        # antialiasing, so they are sharp at any scaling; letters keep theirs.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        if self.caption:
            font = QFont(self.font())
            font.setBold(True)
            font.setPixelSize(min(18, max(13, round(self.cell_size() * 0.42))) if self.grid else 13)
            painter.setFont(font)
            painter.setPen(self.palette().windowText().color())
            painter.drawText(QRectF(0, 0, self.width(), self._caption_height()),
                             Qt.AlignmentFlag.AlignCenter, self.caption)
        if self.grid is None:
            return
        if self.hidden:
            self._paint_hidden(painter)
            return
        grid = self.grid
        cell = self.cell_size()
        # The whole sheet - grid and score boxes - is paper, in the light and dark look.
        o = self.origin()
        painter.fillRect(QRectF(o.x(), o.y(), cell * (grid.width + SCORE_WIDTH),
                                cell * (grid.height + SCORE_HEIGHT)), PAPER)
        letter_font = QFont(self.font())
        letter_font.setBold(True)
        letter_font.setPixelSize(max(6, round(cell * 0.58)))
        painter.setFont(letter_font)
        thin = self._pen(QColor(60, 60, 60), cell / 40)
        for r, text in enumerate(grid.rows):
            for c, ch in enumerate(text):
                rect = self.square_rect(r, c)
                if ch == BLACK:
                    painter.fillRect(rect, Qt.GlobalColor.black)
                    continue
                fill = PAPER
                if (r, c) == self._hover:
                    fill = HOVER
                elif (r, c) == self.last:
                    fill = LAST
                painter.fillRect(rect, fill)
                painter.setPen(thin)
                painter.drawRect(rect)
                if ch != EMPTY:
                    painter.setPen(PRINTED if (r, c) in self.printed else QColor(20, 20, 20))
                    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, ch)
        if self.interactive and self.hasFocus():
            painter.setPen(self._pen(QColor(11, 114, 133), max(2.0, cell / 14)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self.square_rect(*self.key_square).adjusted(2, 2, -2, -2))
        painter.setPen(self._pen(Qt.GlobalColor.black, max(1.5, cell / 18)))
        o = self.origin()
        painter.drawRect(QRectF(o.x(), o.y(), cell * grid.width, cell * grid.height))
        self._paint_scores(painter, cell)

    def _paint_scores(self, painter: QPainter, cell: float) -> None:
        assert self.grid is not None
        grid = self.grid
        o = self.origin()
        font = QFont(self.font())
        font.setBold(True)
        # Nine pixels at least: the others' grids are drawn with small cells.
        font.setPixelSize(max(9, round(cell * 0.4)))
        painter.setFont(font)
        box_pen = self._pen(QColor(90, 90, 90), 1.0)
        rows = self.score.row_scores if self.score else [None] * grid.height
        columns = self.score.column_scores if self.score else [None] * grid.width
        boxes = []
        for r, value in enumerate(rows):
            boxes.append((QRectF(o.x() + grid.width * cell + cell * 0.15, o.y() + r * cell + cell * 0.12,
                                 cell * (SCORE_WIDTH - 0.3), cell * 0.76), value))
        for c, value in enumerate(columns):
            boxes.append((QRectF(o.x() + c * cell + cell * 0.12, o.y() + grid.height * cell + cell * 0.15,
                                 cell * 0.76, cell * 0.76), value))
        for box, value in boxes:
            rect = self._snapped(box)
            painter.setPen(box_pen)
            painter.drawRect(rect)
            if value is not None:
                painter.setPen(NEGATIVE if value < 0 else QColor(20, 20, 20))
                _fitted_text(painter, font, rect, str(value))
        if self.score is not None:
            corner = QRectF(o.x() + grid.width * cell, o.y() + grid.height * cell,
                            cell * SCORE_WIDTH, cell * SCORE_HEIGHT)
            painter.setPen(QColor(20, 20, 20))
            _fitted_text(painter, font, corner, f"{self.score.total}")

    def _paint_hidden(self, painter: QPainter) -> None:
        assert self.grid is not None
        cell = self.cell_size()
        o = self.origin()
        rect = QRectF(o.x(), o.y(), cell * self.grid.width, cell * self.grid.height)
        painter.fillRect(rect, QColor(200, 200, 200))
        painter.setPen(QColor(60, 60, 60))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "hidden")


def _fitted_text(painter: QPainter, font: QFont, rect: QRectF, text: str) -> None:
    """``text`` centred in ``rect``, in ``font`` or a smaller size when it would not fit."""
    width = QFontMetricsF(font).horizontalAdvance(text)
    room = rect.width() - 2
    if width > room > 0:
        smaller = QFont(font)
        smaller.setPixelSize(max(6, int(font.pixelSize() * room / width)))
        painter.setFont(smaller)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.setFont(font)
    else:
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


#: The others' grids are never drawn with cells smaller than this (pixels): bold letters
#: of 12 pixels; more players than fit scroll instead, up and down only.
OPPONENT_MIN_CELL = 20
#: Room between two of the others' grids, and the room a grid takes besides its cells:
#: :meth:`GridView.sizeHint`'s margins and its caption.
_SPACING = 10
_MARGIN = 4.0
_CAPTION = 26.0


@dataclass(frozen=True)
class OpponentLayout:
    """How the others' grids are laid out: ``columns`` abreast, cells of ``cell`` pixels;
    ``scrolls`` when they are too many to fit the height at a readable size."""

    columns: int
    cell: float
    scrolls: bool


class OpponentGrids(QWidget):
    """The other players' grids, as big as the space allows (see :meth:`best_layout`):
    all in view when they fit with cells of :data:`OPPONENT_MIN_CELL` or more, else as
    many abreast as stay readable, scrolling up and down - never sideways."""

    def __init__(self, views: list[GridView], empty_text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.views = views
        self.columns = 0
        self.layout_used = OpponentLayout(0, 0.0, False)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(_SPACING)
        self.help = QLabel(empty_text)
        self.help.setObjectName("wordwar-help")
        self.help.setWordWrap(True)
        self.help.setVisible(not views)
        self._grid.addWidget(self.help, 0, 0, Qt.AlignmentFlag.AlignTop)
        for view in views:
            view.setParent(self)
        self._apply(self.best_layout(800, 600))

    def _sheet(self) -> tuple[float, float]:
        """The widest and tallest grid shown, in cells, with its score boxes."""
        grids = [view.grid for view in self.views if view.grid is not None]
        width = max((g.width for g in grids), default=10)
        height = max((g.height for g in grids), default=10)
        return width + SCORE_WIDTH, height + SCORE_HEIGHT

    def best_layout(self, width: float, height: float, scroll_bar: float = 0.0) -> OpponentLayout:
        """The layout for a ``width`` x ``height`` space: of the column counts that show
        every grid with cells of :data:`OPPONENT_MIN_CELL` or more, the one with the
        biggest cells; when none does, the most columns whose cells stay that big in
        the width left beside a vertical scroll bar (``scroll_bar`` pixels wide), the
        cells as wide as the columns allow."""
        count = len(self.views)
        if not count:
            return OpponentLayout(1, 0.0, False)
        sheet_w, sheet_h = self._sheet()

        def across(space: float, columns: int) -> float:
            return ((space - _SPACING * (columns - 1)) / columns - _MARGIN) / sheet_w

        best: OpponentLayout | None = None
        for columns in range(1, count + 1):
            rows = -(-count // columns)
            down = ((height - _SPACING * (rows - 1)) / rows - _MARGIN - _CAPTION) / sheet_h
            cell = min(across(width, columns), down)
            if cell >= OPPONENT_MIN_CELL and (best is None or cell > best.cell + 0.5):
                best = OpponentLayout(columns, cell, False)
        if best is not None:
            return best
        inner = width - scroll_bar
        readable = [c for c in range(1, count + 1) if across(inner, c) >= OPPONENT_MIN_CELL]
        columns = max(readable, default=1)
        # (A space too narrow for even one readable grid gets smaller cells, not a
        # sideways scroll bar.)
        return OpponentLayout(columns, max(4.0, across(inner, columns)), True)

    def best_columns(self, width: float, height: float) -> int:
        """The column count :meth:`best_layout` chooses for a ``width`` x ``height`` space."""
        return self.best_layout(width, height, self._scroll_bar_width()).columns

    def _scroll_area(self) -> QAbstractScrollArea | None:
        viewport = self.parentWidget()
        area = viewport.parentWidget() if viewport is not None else None
        return area if isinstance(area, QAbstractScrollArea) else None

    def _scroll_bar_width(self) -> float:
        area = self._scroll_area()
        if area is None:
            return 0.0
        return float(area.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, area))

    def _space(self) -> tuple[float, float]:
        """The room to lay out in: the scroll area's viewport without its scroll bars
        (not this widget's own height, which is the scrolled content's)."""
        area = self._scroll_area()
        if area is None:
            return float(self.width()), float(self.height())
        size = area.maximumViewportSize()
        return float(size.width()), float(size.height())

    def _apply(self, chosen: OpponentLayout) -> None:
        if chosen == self.layout_used:
            return
        self.layout_used = chosen
        # Scrolling, the grids are as tall as their cells need (the content scrolls);
        # else they share the space and the least they take is the readable size.
        minimum = math.floor(chosen.cell) if chosen.scrolls else OPPONENT_MIN_CELL
        for view in self.views:
            view.set_minimum_cell(minimum)
        columns = chosen.columns
        if columns != self.columns:
            self.columns = columns
            for view in self.views:
                self._grid.removeWidget(view)
            for index, view in enumerate(self.views):
                self._grid.addWidget(view, index // columns, index % columns)
            rows = -(-len(self.views) // columns) if self.views else 1
            for row in range(max(rows, self._grid.rowCount())):
                self._grid.setRowStretch(row, 1 if row < rows else 0)

    def relayout(self) -> None:
        """Lay the grids out again for the space there is (the grids or the space changed)."""
        width, height = self._space()
        self._apply(self.best_layout(width, height, self._scroll_bar_width()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.relayout()
