"""The board: squares, premiums, labels, tiles, the last move, tentative tiles, the cursor.

The view draws a :class:`BoardScene` (plain data the page fills from the game and the
draft) and reports clicks, key presses and drags of tentative tiles; it knows no rules.

Drawing is in logical coordinates: the square size follows the widget, fonts follow the
square size, and Qt maps it all to device pixels, so the board is sharp at any size and
on high-DPI screens.  The squares and labels - which only change with the size or the
premium style - are cached in a pixmap, so a repaint during play draws only the tiles.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from wordstudio.crossword.board import column_name, row_name
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.ui.crossword import theme

#: Pixels the mouse must move with the button down before a press becomes a drag.
DRAG_THRESHOLD = 6


@dataclass
class BoardScene:
    """What the board shows at one moment."""

    config: GameConfig
    #: (row, col) -> (letter, is_blank) for tiles already played.
    tiles: dict[tuple[int, int], tuple[str, bool]] = field(default_factory=dict)
    #: (row, col) -> (letter, is_blank) for this turn's tentative tiles.
    tentative: dict[tuple[int, int], tuple[str, bool]] = field(default_factory=dict)
    #: Squares of the last move (highlighted).
    highlight: frozenset[tuple[int, int]] = frozenset()
    cursor: tuple[int, int] | None = None
    across: bool = True
    #: The typing direction's (row, column) step (diagonals in WORDwhami-style games).
    step: tuple[int, int] = (0, 1)
    #: Live score bubble: (text, good) drawn at the last tentative tile.
    badge: tuple[str, bool] | None = None
    #: The square a dragged tile would land on.
    drop_target: tuple[int, int] | None = None


class BoardView(QWidget):
    """Paints a :class:`BoardScene`; emits what the person does on it."""

    square_clicked = Signal(int, int)
    #: A tentative tile is picked up: (row, col, global position).
    drag_started = Signal(int, int, QPointF)
    drag_moved = Signal(QPointF)
    drag_released = Signal(QPointF)

    def __init__(self, config: GameConfig, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("crossword-board")
        self.scene = BoardScene(config)
        self.symbols = False
        self.interactive = True
        #: Typing, Enter and Esc go to the page: it returns True when it used the key.
        self.key_handler: Callable[[QKeyEvent], bool] | None = None
        self._background: QPixmap | None = None
        self._background_key: tuple | None = None
        self._press: tuple[QPointF, tuple[int, int]] | None = None
        self._dragging = False
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(240, 240)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    # --- scene ---------------------------------------------------------------------------
    def set_scene(self, scene: BoardScene) -> None:
        if scene.config is not self.scene.config:
            self._background = None
        self.scene = scene
        self.update()

    def set_symbols(self, symbols: bool) -> None:
        if symbols != self.symbols:
            self.symbols = symbols
            self._background = None
            self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(640, 640)

    # --- geometry ------------------------------------------------------------------------
    def square_size(self) -> float:
        config = self.scene.config
        # The labels take about 0.6 of a square on the top and left, 0.25 elsewhere.
        across = config.columns + 0.85
        down = config.rows + 0.85
        return max(4.0, min(self.width() / across, self.height() / down))

    def _origin(self) -> QPointF:
        s = self.square_size()
        config = self.scene.config
        board_w = s * config.columns
        board_h = s * config.rows
        label = s * 0.6
        left = (self.width() - board_w - label - s * 0.25) / 2 + label
        top = (self.height() - board_h - label - s * 0.25) / 2 + label
        return QPointF(left, top)

    def square_rect(self, row: int, col: int) -> QRectF:
        """The square's rectangle in widget coordinates."""
        s = self.square_size()
        o = self._origin()
        return QRectF(o.x() + col * s, o.y() + row * s, s, s)

    def square_at(self, point: QPointF | QPoint) -> tuple[int, int] | None:
        """The square under a widget-coordinate point, or None off the board."""
        p = QPointF(point)
        s = self.square_size()
        o = self._origin()
        col = int((p.x() - o.x()) // s)
        row = int((p.y() - o.y()) // s)
        config = self.scene.config
        if 0 <= row < config.rows and 0 <= col < config.columns:
            return row, col
        return None

    def square_at_global(self, point: QPointF) -> tuple[int, int] | None:
        local = self.mapFromGlobal(point.toPoint())
        if not self.rect().contains(local):
            return None
        return self.square_at(QPointF(local))

    # --- painting ------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        self.paint(painter)
        painter.end()

    def paint(self, painter: QPainter) -> None:
        """Draw the whole board with ``painter`` (the widget, or an image for printing,
        pictures and the latency benchmark)."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        # The device's own ratio (a high-DPI screen, or a 2x image being rendered into):
        # the cached squares are drawn at that resolution, never scaled up.
        painter.drawPixmap(0, 0, self._background_pixmap(painter.device().devicePixelRatioF()))
        scene = self.scene
        values = dict(zip(scene.config.tiles.alphabet, scene.config.tiles.scores, strict=True))
        for (row, col), (letter, blank) in scene.tiles.items():
            theme.draw_tile(painter, self.square_rect(row, col), theme.TileLook(
                letter, None if blank else values.get(letter), blank,
                highlight=(row, col) in scene.highlight))
        if scene.drop_target is not None:
            rect = self.square_rect(*scene.drop_target)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.CURSOR.lighter(160))
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), rect.width() * 0.12, rect.width() * 0.12)
        if scene.cursor is not None and self.interactive:
            row, col = scene.cursor
            if scene.config.on_board(row, col) and (row, col) not in scene.tentative:
                theme.paint_cursor(painter, self.square_rect(row, col), scene.step)
        for (row, col), (letter, blank) in scene.tentative.items():
            theme.draw_tile(painter, self.square_rect(row, col), theme.TileLook(
                letter, None if blank else values.get(letter), blank, tentative=True))
        if scene.badge is not None and scene.tentative:
            squares = list(scene.tentative)
            # The word's own direction (a single tile: the cursor's).
            across = len({r for r, _ in squares}) == 1 if len(squares) > 1 else scene.across
            last = max(squares, key=lambda sq: (sq[1], sq[0]) if across else sq)
            theme.paint_badge(painter, self.square_rect(*last), *scene.badge, across=across)

    def _background_pixmap(self, ratio: float) -> QPixmap:
        key = (self.width(), self.height(), ratio, self.symbols, id(self.scene.config))
        if self._background is not None and self._background_key == key:
            return self._background
        pixmap = QPixmap(QSize(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio))))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(self.palette().window().color())
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self._paint_background(painter)
        painter.end()
        self._background = pixmap
        self._background_key = key
        return pixmap

    def _paint_background(self, painter: QPainter) -> None:
        config = self.scene.config
        s = self.square_size()
        o = self._origin()
        frame = QRectF(o.x() - s * 0.6, o.y() - s * 0.6,
                       s * (config.columns + 0.85), s * (config.rows + 0.85))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.FRAME)
        painter.drawRoundedRect(frame, s * 0.3, s * 0.3)
        gap = max(1.0, s * 0.045)
        for row in range(config.rows):
            for col in range(config.columns):
                rect = self.square_rect(row, col).adjusted(gap / 2, gap / 2, -gap / 2, -gap / 2)
                theme.paint_square(painter, rect, config.layout[row][col], self.symbols)
        painter.setPen(theme.LABEL)
        painter.setFont(theme.font(min(s * 0.36, 15), bold=True))
        for col in range(config.columns):
            rect = QRectF(o.x() + col * s, o.y() - s * 0.6, s, s * 0.6)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, column_name(col))
        for row in range(config.rows):
            rect = QRectF(o.x() - s * 0.6, o.y() + row * s, s * 0.55, s)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, row_name(row))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        self._background = None
        super().resizeEvent(event)

    # --- mouse ---------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() != Qt.MouseButton.LeftButton or not self.interactive:
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        square = self.square_at(event.position())
        if square is None:
            return
        self._press = (event.position(), square)
        self._dragging = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._press is None:
            return
        start, square = self._press
        if not self._dragging:
            moved = (event.position() - start).manhattanLength()
            if moved < DRAG_THRESHOLD or square not in self.scene.tentative:
                return
            self._dragging = True
            self.drag_started.emit(square[0], square[1], event.globalPosition())
        self.drag_moved.emit(event.globalPosition())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._press is None:
            return
        _, square = self._press
        self._press = None
        if self._dragging:
            self._dragging = False
            self.drag_released.emit(event.globalPosition())
            return
        self.square_clicked.emit(*square)

    # --- keys ----------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if self.key_handler is not None and self.key_handler(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 - Qt override
        # Tab stays on the board while typing a move (it would otherwise leave it).
        return False if self.hasFocus() and self.scene.tentative else super().focusNextPrevChild(forward)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        self.update()
        super().focusInEvent(event)
