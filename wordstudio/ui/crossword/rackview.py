"""A rack of tiles: the player's own (drag to the board, drag to reorder) or a small
read-only one in the players panel.

Like the board, the rack draws plain data - ``(ident, tile)`` pairs - and reports presses
and drags with global positions; the page's drag controller decides what a drop means.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from wordstudio.crossword.tiles import BLANK
from wordstudio.ui.crossword.boardview import DRAG_THRESHOLD
from wordstudio.ui.crossword.wwlook import RackStand, paint_rack_stand
from wordstudio.ui.theme import board as theme


class RackView(QWidget):
    """Tiles in a row, left to right, with an insertion marker while dragging."""

    tile_clicked = Signal(int)
    drag_started = Signal(int, QPointF)
    drag_moved = Signal(QPointF)
    drag_released = Signal(QPointF)
    #: Keyboard: move a tile to another place on the rack (ident, new index).
    move_requested = Signal(int, int)

    def __init__(self, values: dict[str, int], tile_size: int = 52, interactive: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values = values
        self.tile_size = tile_size
        self.interactive = interactive
        self.tiles: list[tuple[int, str]] = []
        #: Tiles shown face down (an opponent's rack counted but not shown).
        self.face_down = False
        #: The tiles' own colour: the rack owner's with WordsWorth's -c (None: the theme's).
        self.tile_fill: str | None = None
        #: The tiles' fill style (the game's TileTexture, or the owner's with -c).
        self.tile_texture = "Solid"
        #: The game's own shadows on each tile and its rack's wall and base (WordsWorth's
        #: display elements, :mod:`.wwlook`); None for the theme's look.
        self.tile_bevel: tuple[str, str, str, str] | None = None
        self.stand: RackStand | None = None
        self.hidden_ident: int | None = None
        self.insert_marker: int | None = None
        self.placeholder = ""
        self._press: tuple[QPointF, int] | None = None
        self._dragging = False
        #: The tile the keyboard is on (an index among the shown tiles).
        self.key_index = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        if interactive:
            # Left/Right choose a tile, Ctrl+Left/Right move it, Enter or Space puts it
            # on the board's cursor: the rack works from the keyboard too.
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._update_height()

    # --- content -------------------------------------------------------------------------
    def set_tiles(self, tiles: Sequence[tuple[int, str]]) -> None:
        self.tiles = list(tiles)
        self.key_index = min(self.key_index, max(0, len(self._shown()) - 1))
        letters = " ".join("blank" if t == BLANK else t for _, t in self.tiles)
        self.setAccessibleDescription(f"Tiles: {letters}" if letters else self.placeholder)
        self.update()

    def set_tile_size(self, size: int) -> None:
        if size != self.tile_size:
            self.tile_size = size
            self._update_height()
            self.updateGeometry()
            self.update()

    def _update_height(self) -> None:
        self.setFixedHeight(int(self.tile_size * 1.18))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(int(self.tile_size * 1.08 * max(7, len(self.tiles)) + 8), int(self.tile_size * 1.18))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(int(self.tile_size * 1.08 * min(7, max(1, len(self.tiles)))), int(self.tile_size * 1.18))

    def _shown(self) -> list[tuple[int, str]]:
        return [t for t in self.tiles if t[0] != self.hidden_ident]

    def _pitch(self) -> float:
        count = max(1, len(self._shown()) + (1 if self.insert_marker is not None else 0))
        natural = self.tile_size * 1.08
        # Long racks (WORDwhami's 12 tiles in a narrow window) squeeze rather than clip.
        return min(natural, max(8.0, (self.width() - 8) / count))

    def tile_rect(self, index: int) -> QRectF:
        """Where the index-th shown tile is drawn (an insertion gap shifts later tiles)."""
        pitch = self._pitch()
        slot = index + (1 if self.insert_marker is not None and index >= self.insert_marker else 0)
        size = min(self.tile_size, pitch / 1.08)
        y = (self.height() - size) / 2
        return QRectF(4 + slot * pitch, y, size, size)

    def ident_at(self, point: QPointF) -> int | None:
        for index, (ident, _) in enumerate(self._shown()):
            if self.tile_rect(index).contains(point):
                return ident
        return None

    def insert_index_at_global(self, point: QPointF) -> int | None:
        """Where a tile dropped at a global position would go, or None off the rack."""
        local = self.mapFromGlobal(point.toPoint())
        if not self.rect().adjusted(-4, -self.height() // 2, 4, self.height() // 2).contains(local):
            return None
        pitch = self._pitch()
        return max(0, min(len(self._shown()), int((local.x() - 4 + pitch / 2) // pitch)))

    # --- painting ------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        shown = self._shown()
        if self.stand is not None:
            paint_rack_stand(painter, QRectF(self.rect()), self.stand)
        if not shown and self.placeholder:
            painter.setPen(self.palette().placeholderText().color())
            painter.setFont(theme.font(max(11.0, self.tile_size * 0.3)))
            painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, self.placeholder)
        for index, (_, tile) in enumerate(shown):
            blank = tile == BLANK
            look = theme.TileLook("" if blank else tile, None if blank else self.values.get(tile),
                                  blank, face_down=self.face_down,
                                  fill=None if blank else self.tile_fill,
                                  texture="Solid" if blank else self.tile_texture,
                                  bevel=self.tile_bevel)
            theme.draw_tile(painter, self.tile_rect(index), look)
        if self.hasFocus() and shown and self.interactive:
            rect = self.tile_rect(self.key_index).adjusted(-2, -2, 2, 2)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(theme.CURSOR, 2.5))
            painter.drawRoundedRect(rect, rect.width() * 0.16, rect.width() * 0.16)
        if self.insert_marker is not None:
            # The gap left for the dropped tile, marked by a bar in its middle.
            pitch = self._pitch()
            size = min(self.tile_size, pitch / 1.08)
            x = 4 + self.insert_marker * pitch + size / 2 - 2
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(theme.CURSOR)
            painter.drawRoundedRect(QRectF(x, (self.height() - size) / 2, 4, size), 2, 2)
        painter.end()

    # --- keyboard ------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        shown = self._shown()
        key = event.key()
        if not self.interactive or not shown:
            super().keyPressEvent(event)
            return
        step = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1}.get(Qt.Key(key), 0)
        moving = event.modifiers() & (Qt.KeyboardModifier.ControlModifier
                                      | Qt.KeyboardModifier.ShiftModifier)
        if step and moving:
            target = min(max(0, self.key_index + step), len(shown) - 1)
            self.move_requested.emit(shown[self.key_index][0], target)
            self.key_index = target
        elif step:
            self.key_index = min(max(0, self.key_index + step), len(shown) - 1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.tile_clicked.emit(shown[self.key_index][0])
        else:
            super().keyPressEvent(event)
            return
        tile = shown[min(self.key_index, len(shown) - 1)][1]
        self.setAccessibleDescription(f"Tile {self.key_index + 1} of {len(shown)}: "
                                      f"{'blank' if tile == BLANK else tile}")
        self.update()
        event.accept()

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        self.update()
        super().focusOutEvent(event)

    # --- mouse ---------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() != Qt.MouseButton.LeftButton or not self.interactive:
            return
        ident = self.ident_at(event.position())
        if ident is not None:
            self._press = (event.position(), ident)
            self._dragging = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._press is None:
            return
        start, ident = self._press
        if not self._dragging:
            if (event.position() - start).manhattanLength() < DRAG_THRESHOLD:
                return
            self._dragging = True
            self.drag_started.emit(ident, event.globalPosition())
        self.drag_moved.emit(event.globalPosition())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._press is None:
            return
        _, ident = self._press
        self._press = None
        if self._dragging:
            self._dragging = False
            self.drag_released.emit(event.globalPosition())
            return
        self.tile_clicked.emit(ident)
