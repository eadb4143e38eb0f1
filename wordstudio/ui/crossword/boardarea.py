"""The board's place on the page: as big as the space allows, zoomable, scrolled when big.

A 15x15 board fits any window, a 21x21 one a window on a 1280x720 screen (squares of 22
pixels); a 30x30 one at the default window size would need squares of 19 pixels and
labels of 7 to fit, which nobody can read.  So the board is
shown whole when its squares can be at least :data:`FIT_ENOUGH` pixels, and otherwise at
a comfortable :data:`READABLE_SQUARE`, scrolled; the row and column labels stay at the view's edges while
scrolled.  Ctrl + and Ctrl - (or Ctrl and the mouse wheel, around the pointer) zoom;
"Fit the Board" (Ctrl+0) shows all of it however small; the next resize keeps the chosen
zoom.  The view follows the play: a new move, a hinted move and the typing cursor are
scrolled into view.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

from wordstudio.ui.crossword.boardview import BoardView, fit_square

#: A board whose squares can be this big (pixels) or bigger is shown whole; one that
#: would need smaller squares to fit is shown at :data:`READABLE_SQUARE` and scrolled.
FIT_ENOUGH = 21.0
READABLE_SQUARE = 28.0
MIN_SQUARE = 8.0
MAX_SQUARE = 72.0
ZOOM_STEP = 1.2
#: Seconds a dragged tile must stay near an edge before the view scrolls.
AUTOSCROLL_DELAY = 0.35


class BoardArea(QScrollArea):
    """A scroll area holding the :class:`BoardView`, with zoom (module docstring)."""

    #: The square size changed (pixels).
    zoom_changed = Signal(float)

    def __init__(self, board: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board-area")
        self.board = board
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(False)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWidget(board)
        self.setFocusProxy(board)
        # "auto": fit, but never below a readable size; "fit": all of it; "fixed": zoomed.
        self.mode = "auto"
        self.fixed_square = READABLE_SQUARE
        self.setMinimumSize(240, 240)
        # The labels are pinned to the view's edges: a scroll repaints them.
        self.horizontalScrollBar().valueChanged.connect(lambda _v: board.update())
        self.verticalScrollBar().valueChanged.connect(lambda _v: board.update())
        # Dragging a tile near an edge scrolls (after a moment, see autoscroll()).
        self._scroll_timer = QTimer(self)
        self._scroll_timer.setInterval(60)
        self._scroll_timer.timeout.connect(self._scroll_step)
        self._edge_since: float | None = None
        self._drag_point: QPointF | None = None

    # --- sizes ----------------------------------------------------------------------------
    def space(self) -> tuple[float, float]:
        """The room the board has (the viewport without scroll bars)."""
        return float(self.width()), float(self.height())

    def fit_size(self) -> float:
        width, height = self.space()
        return fit_square(self.board.scene.config, width, height)

    def wanted_square(self) -> float:
        fit = self.fit_size()
        if self.mode == "fit":
            return fit
        if self.mode == "fixed":
            return self.fixed_square
        return fit if fit >= FIT_ENOUGH else READABLE_SQUARE

    def relayout(self, anchor: QPointF | None = None) -> None:
        """Size the board for the zoom; ``anchor`` (a point of the viewport) keeps the
        same spot of the board under it (zooming around the mouse pointer)."""
        board = self.board
        old_square = board.square_size()
        spot = None
        if anchor is not None:
            origin = board.square_rect(0, 0).topLeft()
            spot = QPointF((anchor.x() + self.horizontalScrollBar().value() - origin.x()) / old_square,
                           (anchor.y() + self.verticalScrollBar().value() - origin.y()) / old_square)
        square = self.wanted_square()
        natural = board.natural_size(square)
        width, height = self.space()
        fits = natural.width() <= width + 0.5 and natural.height() <= height + 0.5
        if fits and self.mode != "fixed":
            board.set_square_size(None)  # the board fills the space and follows it
            board.resize(round(width), round(height))
        else:
            bar = self.style().pixelMetric(self.style().PixelMetric.PM_ScrollBarExtent)
            view_w = width - (bar if natural.height() > height else 0)
            view_h = height - (bar if natural.width() > width else 0)
            board.set_square_size(square)
            board.resize(max(round(view_w), math.ceil(natural.width())),
                         max(round(view_h), math.ceil(natural.height())))
        if spot is not None and anchor is not None:
            origin = board.square_rect(0, 0).topLeft()
            new_square = board.square_size()
            self.horizontalScrollBar().setValue(round(origin.x() + spot.x() * new_square - anchor.x()))
            self.verticalScrollBar().setValue(round(origin.y() + spot.y() * new_square - anchor.y()))
        if abs(board.square_size() - old_square) > 0.01:
            self.zoom_changed.emit(board.square_size())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.relayout()

    # --- zoom -----------------------------------------------------------------------------
    def zoom_in(self, anchor: QPointF | None = None) -> None:
        self._zoom_to(self.board.square_size() * ZOOM_STEP, anchor)

    def zoom_out(self, anchor: QPointF | None = None) -> None:
        self._zoom_to(self.board.square_size() / ZOOM_STEP, anchor)

    def fit(self) -> None:
        """Show the whole board, however small its squares must be."""
        self.mode = "fit"
        self.relayout()

    def readable(self) -> None:
        """Back to the default: fit the space, but never below a readable size."""
        self.mode = "auto"
        self.relayout()

    def _zoom_to(self, square: float, anchor: QPointF | None) -> None:
        fit = self.fit_size()
        square = max(min(MIN_SQUARE, fit), min(MAX_SQUARE, square))
        # Zooming out to (or past) the size that fits is "fit": the board then follows
        # the window again.
        if square <= fit + 0.01:
            self.mode = "fit" if fit < FIT_ENOUGH else "auto"
        else:
            self.mode = "fixed"
            self.fixed_square = square
        if anchor is None:
            viewport = self.viewport().rect()
            anchor = QPointF(viewport.width() / 2, viewport.height() / 2)
        self.relayout(anchor)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120
            if steps:
                # The wheel turns over the viewport: its events come here in its coordinates.
                anchor = event.position()
                self._zoom_to(self.board.square_size() * ZOOM_STEP ** steps, anchor)
            event.accept()
            return
        super().wheelEvent(event)

    # --- following the play -----------------------------------------------------------------
    def show_squares(self, squares: Iterable[tuple[int, int]]) -> None:
        """Scroll so these squares are in view (a move, the cursor), with a little room."""
        rects = [self.board.square_rect(r, c) for r, c in squares]
        if not rects:
            return
        area = rects[0]
        for rect in rects[1:]:
            area = area.united(rect)
        margin = self.board.square_size() * 0.8 + self.board.label_band()
        self._ensure(area, margin)

    def _ensure(self, rect: QRectF, margin: float) -> None:
        center = rect.center().toPoint()
        half_w = round(rect.width() / 2 + margin)
        half_h = round(rect.height() / 2 + margin)
        self.ensureVisible(center.x(), center.y(), half_w, half_h)

    def autoscroll(self, point: QPointF) -> None:
        """A tile is dragged (to a screen point): held near an edge of the view for a
        moment, the view scrolls that way until it moves off the edge."""
        self._drag_point = point
        if self._edge_steps(point) == (0, 0):
            self._scroll_timer.stop()
            self._edge_since = None
            return
        if self._edge_since is None:
            self._edge_since = time.monotonic()
        if not self._scroll_timer.isActive():
            self._scroll_timer.start()

    def stop_autoscroll(self) -> None:
        self._scroll_timer.stop()
        self._edge_since = None
        self._drag_point = None

    def _edge_steps(self, point: QPointF) -> tuple[int, int]:
        local = self.viewport().mapFromGlobal(point.toPoint())
        view = self.viewport().rect()
        edge = max(24, round(self.board.square_size() * 0.8))
        if not view.contains(local):
            return 0, 0  # outside: dragging to the rack or elsewhere
        step = max(8, round(self.board.square_size() / 2))
        dx = -step if local.x() < edge else step if local.x() > view.width() - edge else 0
        dy = -step if local.y() < edge else step if local.y() > view.height() - edge else 0
        return dx, dy

    def _scroll_step(self) -> None:
        point = self._drag_point
        if point is None or self._edge_since is None:
            self._scroll_timer.stop()
            return
        if time.monotonic() - self._edge_since < AUTOSCROLL_DELAY:
            return  # only passing over the edge on the way in
        dx, dy = self._edge_steps(point)
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)

    def scrolled(self) -> bool:
        """Is only part of the board in view?"""
        return self.horizontalScrollBar().maximum() > 0 or self.verticalScrollBar().maximum() > 0
