"""The board painter: shows a design's board and lets the designer paint it.

Tools: a brush (click or drag; the right button paints plain squares), a rectangle
(drag from corner to corner), a fill (the connected squares of one type), the first-move
marker (click a square; the right button clears it) and letters (click a square and
type the ``StartingBoard`` letters; with "as blanks" they are blanks).  Whatever the
tool, the symmetry in force repeats each square on its mirror or rotated images, and
those squares are outlined under the mouse before anything is painted.

The painter changes nothing itself: a finished stroke is reported with
:attr:`BoardPainter.layout_painted` (one signal per stroke, so one undo step), and the
page sets the board again from the document.  While a stroke is under way the painter
shows it as a preview.
"""

from __future__ import annotations

import enum
import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from wordstudio.crossword.board import column_name, row_name
from wordstudio.crossword.config.values import EMPTY_SQUARE
from wordstudio.crossword.gameconfig import BLOCKED, PLAIN, FirstMoveDir
from wordstudio.ui.designer import look
from wordstudio.ui.designer.boardedit import (
    Board,
    Square,
    Symmetry,
    images,
    line,
    paint,
    rectangle,
    region,
    with_images,
)
from wordstudio.ui.sharp import SharpPainting


class Tool(enum.Enum):
    """What a click on the board does."""
    BRUSH = "brush"
    RECTANGLE = "rectangle"
    FILL = "fill"
    FIRST_MOVE = "first-move"
    LETTERS = "letters"


class BoardPainter(SharpPainting, QWidget):
    """Paints a board; reports finished strokes, the first-move square and letters."""

    #: A finished stroke: the whole new layout (tuple of row strings).
    layout_painted = Signal(object)
    #: Letters typed or cleared: the whole new StartingBoard (an empty tuple: none).
    letters_typed = Signal(object)
    #: The first-move square picked (1-based row, column); (0, 0) clears it.
    first_move_picked = Signal(int, int)
    #: A line for the status bar about the square under the mouse.
    hovered = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, read_only: bool = False,
                 labels: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("board-painter")
        self.setAccessibleName("Board")
        self.read_only = read_only
        self.labels = labels
        self.layout_codes: Board = (PLAIN * 13,) * 13
        self.letters: Board = ()
        self.first_move: tuple[int, int] = (0, 0)
        self.first_direction = FirstMoveDir.ANY
        self.tool = Tool.BRUSH
        self.code = "B"
        self.symmetry = Symmetry.NONE
        self.type_blanks = False
        self.letter_cursor: Square = (0, 0)
        self._working: Board | None = None
        self._anchor: Square | None = None
        self._last: Square | None = None
        self._erasing = False
        self._hover: Square | None = None
        #: The device pixel ratio of the surface being painted, while painting.
        self.setMouseTracking(not read_only)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus if read_only else Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(120, 120)

    # --- what is shown ----------------------------------------------------------------------

    def set_board(self, layout: Board, letters: Board = (), first_move: tuple[int, int] = (0, 0),
                  direction: FirstMoveDir = FirstMoveDir.ANY) -> None:
        """Show a board (from the document); drops any stroke under way."""
        self.layout_codes, self.letters = tuple(layout), tuple(letters)
        self.first_move, self.first_direction = first_move, direction
        self._working = None
        r, c = self.letter_cursor
        self.letter_cursor = (min(r, self.rows - 1), min(c, self.columns - 1))
        self._reannounce()
        self.update()

    @property
    def rows(self) -> int:
        """Rows of the board shown."""
        return len(self.layout_codes)

    @property
    def columns(self) -> int:
        """Columns of the board shown."""
        return len(self.layout_codes[0]) if self.layout_codes else 0

    @property
    def shown(self) -> Board:
        """The board as drawn: the stroke under way, or the document's."""
        return self._working if self._working is not None else self.layout_codes

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(560, 560)

    # --- geometry -------------------------------------------------------------------------

    def _metrics(self) -> tuple[float, float, float, float]:
        """(square size, board left, board top, label band) in widget coordinates."""
        rows, columns = max(1, self.rows), max(1, self.columns)
        pad = 8.0
        # The label band scales with the square, so solve for the square size with it.
        band_share = 0.75 if self.labels else 0.0
        frame = 0.5
        size = min((self.width() - 2 * pad) / (columns + band_share + 2 * frame),
                   (self.height() - 2 * pad) / (rows + band_share + 2 * frame))
        # Squares and the gaps between them are whole device pixels, and so is the
        # board's corner: every square's edges fall on pixel boundaries and are drawn
        # sharp at 100, 150 or 200 % (at fractions they smear over two pixels, and the
        # gaps look uneven).
        ratio = self._ratio()
        size = max(4.0, math.floor(size * ratio) / ratio)
        band = size * band_share
        total_w = size * (columns + 2 * frame) + band
        total_h = size * (rows + 2 * frame) + band
        left = round(((self.width() - total_w) / 2 + band + size * frame) * ratio) / ratio
        top = round(((self.height() - total_h) / 2 + band + size * frame) * ratio) / ratio
        return size, left, top, band

    def square_rect(self, row: int, col: int) -> QRectF:
        """Where a square is drawn (for tests and hit-testing)."""
        size, left, top, _ = self._metrics()
        ratio = self._ratio()
        gap = max(1, round(size * 0.06 * ratio))  # device pixels
        before = (gap // 2) / ratio
        return QRectF(left + col * size + before, top + row * size + before,
                      size - gap / ratio, size - gap / ratio)

    def square_at(self, point: QPointF) -> Square | None:
        """The square (0-based row, column) under a point, or None."""
        size, left, top, _ = self._metrics()
        col = int((point.x() - left) // size)
        row = int((point.y() - top) // size)
        if 0 <= row < self.rows and 0 <= col < self.columns:
            return row, col
        return None

    def label_at(self, point: QPointF) -> tuple[int, int] | None:
        """(row, 0) or (0, column), 1-based, for a click on a row number or a column
        letter beside the board; None elsewhere."""
        size, left, top, band = self._metrics()
        if not self.labels:
            return None
        col = int((point.x() - left) // size)
        row = int((point.y() - top) // size)
        if left - size * 0.5 - band <= point.x() < left and 0 <= row < self.rows:
            return row + 1, 0
        if top - size * 0.5 - band <= point.y() < top and 0 <= col < self.columns:
            return 0, col + 1
        return None

    # --- painting ---------------------------------------------------------------------------

    def _paint(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        size, left, top, band = self._metrics()
        board_rect = QRectF(left - size * 0.5 - band, top - size * 0.5 - band,
                            size * (self.columns + 1) + band, size * (self.rows + 1) + band)
        painter.setPen(QPen(look.FRAME_EDGE, 1.0))
        painter.setBrush(look.FRAME)
        painter.drawRoundedRect(board_rect, size * 0.3, size * 0.3)
        if self.labels:
            self._paint_labels(painter, size, left, top, band)
        board = self.shown
        star = (self.first_move[0] - 1, self.first_move[1] - 1) if all(self.first_move) else None
        for r, row in enumerate(board):
            for c, code in enumerate(row):
                look.paint_square(painter, self.square_rect(r, c), code, label=(r, c) != star)
        self._paint_first_move(painter, size)
        for r, row in enumerate(self.letters[: self.rows]):
            for c, letter in enumerate(row[: self.columns]):
                if letter != EMPTY_SQUARE:
                    look.paint_letter(painter, self.square_rect(r, c), letter)
        if not self.read_only:
            self._paint_axes(painter, size, left, top)
            self._paint_hover(painter, size)

    def _paint_labels(self, painter: QPainter, size: float, left: float, top: float,
                      band: float) -> None:
        painter.setPen(look.LABEL)
        painter.setFont(look.font(min(max(size * 0.42, 9), 15)))
        for c in range(self.columns):
            rect = QRectF(left + c * size, top - size * 0.5 - band, size, band + size * 0.3)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, column_name(c))
        for r in range(self.rows):
            rect = QRectF(left - size * 0.5 - band, top + r * size, band + size * 0.3, size)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, row_name(r))

    def _paint_first_move(self, painter: QPainter, size: float) -> None:
        row, col = self.first_move
        if not (row or col):
            return
        band_colour = QColor(look.FIRST_MOVE)  # a copy: the palette colour stays opaque
        band_colour.setAlpha(150)
        pen = QPen(band_colour, max(1.5, size * 0.08))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if row and not col and row <= self.rows:
            first, last = self.square_rect(row - 1, 0), self.square_rect(row - 1, self.columns - 1)
            painter.setPen(pen)
            painter.drawRoundedRect(first.united(last).adjusted(-2, -2, 2, 2), size * 0.2, size * 0.2)
        elif col and not row and col <= self.columns:
            first, last = self.square_rect(0, col - 1), self.square_rect(self.rows - 1, col - 1)
            painter.setPen(pen)
            painter.drawRoundedRect(first.united(last).adjusted(-2, -2, 2, 2), size * 0.2, size * 0.2)
        elif row <= self.rows and col <= self.columns:
            rect = self.square_rect(row - 1, col - 1)
            # A first move that cannot be made (a blocked square) is ringed in red.
            ring = look.BAD if self.shown[row - 1][col - 1] == BLOCKED else look.FIRST_MOVE
            painter.setPen(QPen(ring, max(1.5, size * 0.08)))
            painter.drawRoundedRect(rect, size * 0.14, size * 0.14)
            if (row - 1, col - 1) not in self._letter_squares():
                look.paint_star(painter, rect)
            self._paint_direction(painter, rect)

    def _paint_direction(self, painter: QPainter, rect: QRectF) -> None:
        """A small arrow at the first-move square when its direction is fixed."""
        arrow = {FirstMoveDir.ACROSS: "\u2192", FirstMoveDir.DOWN: "\u2193"}.get(
            self.first_direction)
        if arrow is None or rect.width() < 14:
            return
        painter.setPen(look.FRAME)
        painter.setFont(look.font(rect.height() * 0.42, bold=True))
        painter.drawText(rect.adjusted(0, 0, -rect.width() * 0.04, 0),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, arrow)

    def _letter_squares(self) -> set[Square]:
        return {(r, c) for r, row in enumerate(self.letters) for c, letter in enumerate(row)
                if letter != EMPTY_SQUARE}

    def _paint_axes(self, painter: QPainter, size: float, left: float, top: float) -> None:
        if self.symmetry is Symmetry.NONE:
            return
        pen = QPen(look.AXIS, 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        width, height = size * self.columns, size * self.rows
        centre = QPointF(left + width / 2, top + height / 2)
        if self.symmetry in (Symmetry.LEFT_RIGHT, Symmetry.BOTH):
            painter.drawLine(QPointF(centre.x(), top - 4), QPointF(centre.x(), top + height + 4))
        if self.symmetry in (Symmetry.TOP_BOTTOM, Symmetry.BOTH):
            painter.drawLine(QPointF(left - 4, centre.y()), QPointF(left + width + 4, centre.y()))
        if self.symmetry is Symmetry.ROTATIONAL:
            painter.setBrush(look.AXIS)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(centre, size * 0.16, size * 0.16)

    def _paint_hover(self, painter: QPainter, size: float) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if self.hasFocus():
            painter.setPen(QPen(look.CURSOR, max(2.0, size * 0.1)))
            painter.drawRoundedRect(self.square_rect(*self.letter_cursor), size * 0.14, size * 0.14)
        if self._hover is None or self.tool in (Tool.FIRST_MOVE, Tool.LETTERS):
            if self._hover is not None:
                painter.setPen(QPen(look.HOVER, max(1.5, size * 0.07)))
                painter.drawRoundedRect(self.square_rect(*self._hover), size * 0.14, size * 0.14)
            return
        for square in images(self._hover, self.rows, self.columns, self.symmetry):
            style = Qt.PenStyle.SolidLine if square == self._hover else Qt.PenStyle.DashLine
            painter.setPen(QPen(look.HOVER, max(1.5, size * 0.07), style))
            painter.drawRoundedRect(self.square_rect(*square), size * 0.14, size * 0.14)

    # --- strokes ----------------------------------------------------------------------------

    def _code_for(self, erasing: bool) -> str:
        return PLAIN if erasing else self.code

    def stroke_squares(self, squares: set[Square], erasing: bool = False) -> Board:
        """The board after painting ``squares`` and their images (no signal)."""
        return paint(self.layout_codes, with_images(squares, self.rows, self.columns,
                                                    self.symmetry), self._code_for(erasing))

    def fill_at(self, square: Square, erasing: bool = False) -> Board:
        """The board after a paint-bucket fill at ``square`` (and at its images)."""
        squares: set[Square] = set()
        for image in images(square, self.rows, self.columns, self.symmetry):
            squares |= region(self.layout_codes, image)
        return paint(self.layout_codes, squares, self._code_for(erasing))

    def _finish(self) -> None:
        working, self._working = self._working, None
        self._anchor = self._last = None
        if working is not None and working != self.layout_codes:
            self.layout_painted.emit(working)
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        square = self.square_at(event.position())
        if self.read_only:
            return
        if square is None:
            # With the first-move tool, a row number or column letter constrains only
            # that row or column (FirstMoveRow or FirstMoveCol, the other 0).
            line = self.label_at(event.position())
            if self.tool is Tool.FIRST_MOVE and line is not None:
                self.first_move_picked.emit(*line)
            return
        button = event.button()
        if button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        erasing = button == Qt.MouseButton.RightButton
        self._erasing = erasing
        if self.tool is Tool.FIRST_MOVE:
            row, col = (0, 0) if erasing else (square[0] + 1, square[1] + 1)
            self.first_move_picked.emit(row, col)
        elif self.tool is Tool.LETTERS:
            self.letter_cursor = square
            self.setFocus()
            if erasing:
                self._type(EMPTY_SQUARE, advance=False)
        elif self.tool is Tool.FILL:
            self._working = self.fill_at(square, erasing)
            self._finish()
        elif self.tool is Tool.RECTANGLE:
            self._anchor = square
            self._working = self.stroke_squares({square}, erasing)
        else:
            self._last = square
            self._working = self.stroke_squares({square}, erasing)
        self._hover = square
        self._reannounce()
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        square = self.square_at(event.position())
        moved = square != self._hover
        self._hover = square
        if square is not None and self._working is not None:
            if self.tool is Tool.RECTANGLE and self._anchor is not None:
                self._working = self.stroke_squares(rectangle(self._anchor, square), self._erasing)
            elif self.tool is Tool.BRUSH and self._last is not None:
                squares = with_images(line(self._last, square), self.rows, self.columns,
                                      self.symmetry)
                self._working = paint(self._working, squares, self._code_for(self._erasing))
                self._last = square
            self._reannounce()
        elif moved:
            self._announce(square)
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._working is not None:
            self._finish()

    def leaveEvent(self, event: object) -> None:  # noqa: N802 - Qt override
        self._hover = None
        self.update()

    def _reannounce(self) -> None:
        """The square under the mouse said again: what it is has just changed (painted,
        undone, another board) - the line under the board must not say the old kind."""
        if self._hover is not None and self._hover[0] < self.rows \
                and self._hover[1] < self.columns:
            self._announce(self._hover)

    def _announce(self, square: Square | None) -> None:
        if square is None:
            self.hovered.emit("")
            return
        r, c = square
        text = f"{column_name(c)}{row_name(r)}: {look.square_name(self.shown[r][c])}"
        if self.first_move == (r + 1, c + 1):
            text += " \u00b7 the first move must cover it"
        self.setAccessibleDescription(text)
        self.hovered.emit(text)

    # --- letters ----------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if self.read_only:
            super().keyPressEvent(event)
            return
        if self.tool is not Tool.LETTERS:
            self._tool_key(event)
            return
        key, text = event.key(), event.text()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
                 Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        if key in moves:
            dr, dc = moves[Qt.Key(key)]
            self._move_cursor(dr, dc)
        elif key == Qt.Key.Key_Backspace:
            self._move_cursor(0, -1)
            self._type(EMPTY_SQUARE, advance=False)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Space):
            self._type(EMPTY_SQUARE, advance=key == Qt.Key.Key_Space)
        elif len(text) == 1 and text.isalpha():
            self._type(text.lower() if self.type_blanks else text.upper())
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _tool_key(self, event: QKeyEvent) -> None:
        """The painting tools from the keyboard: the arrows move the cursor, Space or
        Enter uses the tool on its square (a rectangle: the first press marks one
        corner, the second the other), Delete makes the square plain again."""
        key = event.key()
        moves = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1),
                 Qt.Key.Key_Up: (-1, 0), Qt.Key.Key_Down: (1, 0)}
        square = self.letter_cursor
        if key in moves:
            self._move_cursor(*moves[Qt.Key(key)])
            self._announce(self.letter_cursor)
            if self.tool is Tool.RECTANGLE and self._anchor is not None:
                self._working = self.stroke_squares(rectangle(self._anchor, self.letter_cursor))
                self.update()
        elif key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.tool is Tool.FIRST_MOVE:
                self.first_move_picked.emit(square[0] + 1, square[1] + 1)
            elif self.tool is Tool.FILL:
                self._working = self.fill_at(square)
                self._finish()
            elif self.tool is Tool.RECTANGLE and self._anchor is None:
                self._anchor = square
                self._working = self.stroke_squares({square})
                self.update()
            else:
                if self._working is None:
                    self._working = self.stroke_squares({square})
                self._finish()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            if self.tool is Tool.FIRST_MOVE:
                self.first_move_picked.emit(0, 0)
            else:
                self._working = self.stroke_squares({square}, erasing=True)
                self._finish()
        elif key == Qt.Key.Key_Escape and self._working is not None:
            self._working = None
            self._anchor = None
            self.update()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _move_cursor(self, dr: int, dc: int) -> None:
        r, c = self.letter_cursor
        self.letter_cursor = (min(max(0, r + dr), self.rows - 1), min(max(0, c + dc), self.columns - 1))
        self.update()

    def _type(self, letter: str, advance: bool = True) -> None:
        r, c = self.letter_cursor
        if letter != EMPTY_SQUARE and self.layout_codes[r][c] == BLOCKED:
            self.hovered.emit(f"{column_name(c)}{row_name(r)} is blocked: no letter can go there")
            return
        board = self.letters or tuple(EMPTY_SQUARE * self.columns for _ in range(self.rows))
        board = paint(board, {(r, c)}, letter)
        if all(set(row) <= {EMPTY_SQUARE} for row in board):
            board = ()
        if board != self.letters:
            self.letters_typed.emit(board)
        if advance:
            self._move_cursor(0, 1)
