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

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, QSizeF, Qt, Signal
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
from wordstudio.ui.crossword import wwlook
from wordstudio.ui.theme import board as theme

#: Pixels the mouse must move with the button down before a press becomes a drag.
DRAG_THRESHOLD = 6
#: The frame beyond the last row and column, in squares.
TRAIL = 0.25
#: Labels are never smaller than this (pixels of text height), nor their band narrower
#: than this, however small the squares: a 30x30 board's labels stay readable.
MIN_LABEL_PIXELS = 10.0
MIN_LABEL_BAND = 16.0


def label_band(square: float) -> float:
    """The label band's width for squares of ``square`` pixels."""
    return max(square * 0.6, MIN_LABEL_BAND)


def label_pixels(square: float) -> float:
    """The labels' text height for squares of ``square`` pixels."""
    return max(MIN_LABEL_PIXELS, min(square * 0.4, 15.0))


def fit_square(config: GameConfig, width: float, height: float) -> float:
    """The biggest square size at which the whole board, labels and frame, fits."""
    def along(space: float, squares: int) -> float:
        wide = space / (squares + TRAIL + 0.6)
        if wide * 0.6 >= MIN_LABEL_BAND:
            return wide
        return (space - MIN_LABEL_BAND) / (squares + TRAIL)

    return max(4.0, min(along(width, config.columns), along(height, config.rows)))


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
    #: (row, col) -> the seat of the player who placed the tile (for -c colouring).
    owners: dict[tuple[int, int], int] = field(default_factory=dict)


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
        #: The configuration's own colours (its display elements), or None for the theme's.
        self.game_look: wwlook.GameLook | None = None
        #: Each player's tile colour (WordsWorth -c), or None: one colour for all.
        self.player_fills: tuple[str, ...] | None = None
        self.interactive = True
        #: Typing, Enter and Esc go to the page: it returns True when it used the key.
        self.key_handler: Callable[[QKeyEvent], bool] | None = None
        self._background: QPixmap | None = None
        #: Square size set by the board area's zoom; None: fit the widget.
        self.zoom_square: float | None = None
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

    def set_look(self, game_look: wwlook.GameLook | None,
                 player_fills: tuple[str, ...] | None) -> None:
        """The game's own colours and each player's tile colour (None: the theme's)."""
        if game_look != self.game_look:
            self._background = None
        self.game_look = game_look
        self.player_fills = player_fills
        self.update()

    def _tile_colours(self, square: tuple[int, int]) -> tuple[str | None, str | None, str]:
        """The fill, ink and fill style of the tile on ``square`` (None: the theme's)."""
        owner = self.scene.owners.get(square, -1)
        fill = None
        if self.player_fills and 0 <= owner < len(self.player_fills):
            fill = self.player_fills[owner]
        elif self.game_look is not None:
            fill = self.game_look.tile_fill(0)
        if self.game_look is None:
            return fill, None, "Solid"
        style = self.game_look.tile_texture(owner if self.player_fills else 0)
        return fill, self.game_look.tile_text, style

    def set_symbols(self, symbols: bool) -> None:
        if symbols != self.symbols:
            self.symbols = symbols
            self._background = None
            self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(640, 640)

    # --- geometry ------------------------------------------------------------------------
    def set_square_size(self, size: float | None) -> None:
        """Draw squares ``size`` pixels wide (the board area's zoom), or None to fit the
        widget (a board on its own)."""
        if size != self.zoom_square:
            self.zoom_square = size
            self._background = None
            self.update()

    def square_size(self) -> float:
        if self.zoom_square is not None:
            return self.zoom_square
        return fit_square(self.scene.config, self.width(), self.height())

    def label_band(self) -> float:
        """The width of the row labels and the height of the column labels."""
        return label_band(self.square_size())

    def natural_size(self, square: float) -> QSizeF:
        """The widget size a board of ``square``-pixel squares needs, labels and frame in."""
        config = self.scene.config
        band = label_band(square)
        return QSizeF(square * (config.columns + TRAIL) + band, square * (config.rows + TRAIL) + band)

    def _origin(self) -> QPointF:
        s = self.square_size()
        natural = self.natural_size(s)
        band = label_band(s)
        return QPointF(max(0.0, (self.width() - natural.width()) / 2) + band,
                       max(0.0, (self.height() - natural.height()) / 2) + band)

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
        """The square under a screen point, if that part of the board is in view."""
        local = self.mapFromGlobal(point.toPoint())
        if not self.visible_area().contains(QPointF(local)):
            return None
        return self.square_at(QPointF(local))

    # --- painting ------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        self.paint(painter)
        painter.end()

    def paint(self, painter: QPainter) -> None:
        """Draw the board with ``painter``: on the widget, the part in view; on anything
        else (an image for printing, pictures, the latency benchmark), all of it."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        device = painter.device()
        area = self.visible_area() if device is self else QRectF(self.rect())
        # The device's own ratio (a high-DPI screen, or a 2x image being rendered into):
        # the cached squares are drawn at that resolution, never scaled up.
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        painter.drawPixmap(theme.snap(area.topLeft(), ratio), self._background_pixmap(ratio, area))
        scene = self.scene
        values = dict(zip(scene.config.tiles.alphabet, scene.config.tiles.scores, strict=True))
        for (row, col), (letter, blank) in scene.tiles.items():
            fill, ink, style = self._tile_colours((row, col))
            theme.draw_tile(painter, self.square_rect(row, col), theme.TileLook(
                letter, None if blank else values.get(letter), blank,
                highlight=(row, col) in scene.highlight, fill=fill, ink=ink, texture=style,
                bevel=self.game_look.tile_bevel if self.game_look is not None else None))
        if scene.drop_target is not None:
            rect = self.square_rect(*scene.drop_target)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.CURSOR.lighter(160))
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), rect.width() * 0.12, rect.width() * 0.12)
        if scene.cursor is not None and self.interactive:
            row, col = scene.cursor
            if scene.config.on_board(row, col) and (row, col) not in scene.tentative \
                    and (row, col) not in scene.tiles:
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
        self._paint_pinned_labels(painter, area)

    def visible_area(self) -> QRectF:
        """The part of the widget on screen (all of it unless a scroll area clips it)."""
        region = self.visibleRegion().boundingRect()
        return QRectF(region) if not region.isEmpty() else QRectF(self.rect())

    def _background_pixmap(self, ratio: float, area: QRectF) -> QPixmap:
        key = (self.width(), self.height(), ratio, self.symbols, id(self.scene.config),
               self.square_size(), area.x(), area.y(), area.width(), area.height(),
               theme.current_name(),
               self.game_look)
        if self._background is not None and self._background_key == key:
            return self._background
        pixmap = QPixmap(QSize(max(1, round(area.width() * ratio)), max(1, round(area.height() * ratio))))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(self.palette().window().color())
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.translate(-area.topLeft())
        self._paint_background(painter, area)
        painter.end()
        self._background = pixmap
        self._background_key = key
        return pixmap

    def _paint_background(self, painter: QPainter, area: QRectF) -> None:
        """The frame, the squares in ``area`` and the labels (only what is in view is
        drawn: a big board zoomed in has far more squares than the screen shows)."""
        config = self.scene.config
        s = self.square_size()
        o = self._origin()
        band = label_band(s)
        frame = QRectF(o.x() - band, o.y() - band, s * (config.columns + TRAIL) + band,
                       s * (config.rows + TRAIL) + band)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.FRAME)
        painter.drawRoundedRect(frame, s * 0.3, s * 0.3)
        gap = max(1.0, s * 0.045)
        first_row = max(0, int((area.top() - o.y()) // s))
        last_row = min(config.rows - 1, int((area.bottom() - o.y()) // s))
        first_col = max(0, int((area.left() - o.x()) // s))
        last_col = min(config.columns - 1, int((area.right() - o.x()) // s))
        start = config.first_move_square
        for row in range(first_row, last_row + 1):
            for col in range(first_col, last_col + 1):
                rect = self.square_rect(row, col).adjusted(gap / 2, gap / 2, -gap / 2, -gap / 2)
                if self.game_look is not None and not self.symbols:
                    wwlook.paint_square(painter, rect, config.layout[row][col], self.game_look)
                else:
                    theme.paint_square(painter, rect, config.layout[row][col], self.symbols,
                                       start=(row, col) == start)
        self._paint_labels(painter, o.y() - band, o.x() - band)

    def _paint_labels(self, painter: QPainter, top: float, left: float) -> None:
        """Column letters in a band whose top is at ``top``, row numbers in one whose left
        is at ``left``."""
        config = self.scene.config
        s = self.square_size()
        o = self._origin()
        band = label_band(s)
        painter.setPen(theme.LABEL)
        painter.setFont(theme.font(label_pixels(s), bold=True))
        for col in range(config.columns):
            painter.drawText(QRectF(o.x() + col * s, top, s, band), Qt.AlignmentFlag.AlignCenter,
                             column_name(col))
        for row in range(config.rows):
            painter.drawText(QRectF(left, o.y() + row * s, band * 0.92, s), Qt.AlignmentFlag.AlignCenter,
                             row_name(row))

    def _paint_pinned_labels(self, painter: QPainter, area: QRectF) -> None:
        """Scrolled so far that the labels left the view: they stay at its edge, as a
        spreadsheet's headings do."""
        config = self.scene.config
        s = self.square_size()
        o = self._origin()
        band = label_band(s)
        top = area.top() if o.y() - band < area.top() else None
        left = area.left() if o.x() - band < area.left() else None
        if top is None and left is None:
            return
        top_y = o.y() - band if top is None else top
        left_x = o.x() - band if left is None else left
        painter.save()
        painter.setClipRect(area)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.FRAME)
        if top is not None:
            painter.drawRect(QRectF(o.x() - band, top, s * (config.columns + TRAIL) + band, band))
        if left is not None:
            painter.drawRect(QRectF(left, o.y() - band, band, s * (config.rows + TRAIL) + band))
        self._paint_labels(painter, top_y, left_x)
        # The corner where the two bands meet hides the labels scrolled under it.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRect(QRectF(left_x, top_y, band, band))
        painter.restore()

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
