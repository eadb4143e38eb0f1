"""Dragging tiles between the rack and the board, without QDrag.

QDrag runs its own event loop and cannot be driven by simulated mouse events, so tests
could not play a game by dragging.  Instead the widget the mouse was pressed on keeps
receiving the moves and the release (Qt's implicit mouse grab), and reports them with
global positions; :class:`TileDrag` moves a floating tile (the *ghost*) under the pointer
and, on release, tells the page where the tile was dropped.  The page decides what the
drop means (place, move, take back, reorder).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from wordstudio.ui.theme import board as theme


@dataclass(frozen=True)
class DragSource:
    """Where a dragged tile came from: a rack tile (``ident``) or a tentative tile on the
    board (``square``)."""

    ident: int | None = None
    square: tuple[int, int] | None = None

    @property
    def from_rack(self) -> bool:
        return self.ident is not None


class DragGhost(QWidget):
    """The tile under the pointer while dragging (ignores the mouse itself)."""

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.look: theme.TileLook | None = None
        self.hide()

    def show_tile(self, look: theme.TileLook, size: int, point: QPointF) -> None:
        self.look = look
        self.resize(size, size)
        self.move_to(point)
        self.show()
        self.raise_()

    def move_to(self, point: QPointF) -> None:
        host = self.parentWidget()
        if host is None:
            return
        local = host.mapFromGlobal(point.toPoint())
        self.move(local.x() - self.width() // 2, local.y() - self.height() // 2)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        if self.look is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setOpacity(0.92)
        theme.paint_tile(painter, QRectF(self.rect()), self.look)
        painter.end()


class TileDrag(QObject):
    """One drag at a time: begin, move, finish (or cancel)."""

    moved = Signal(object, QPointF)
    dropped = Signal(object, QPointF)

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.ghost = DragGhost(host)
        self.source: DragSource | None = None

    @property
    def active(self) -> bool:
        return self.source is not None

    def begin(self, source: DragSource, look: theme.TileLook, size: int, point: QPointF) -> None:
        self.source = source
        self.ghost.show_tile(look, size, point)

    def move(self, point: QPointF) -> None:
        if self.source is None:
            return
        self.ghost.move_to(point)
        self.moved.emit(self.source, point)

    def finish(self, point: QPointF) -> None:
        source = self.source
        self.cancel()
        if source is not None:
            self.dropped.emit(source, point)

    def cancel(self) -> None:
        self.source = None
        self.ghost.hide()
