"""The spread over a game, with each judged mistake marked by its size.

A line of one player's score less the best other score after every turn (above the
middle: ahead), and on it a dot for every move judged a mistake - small, medium or large,
by size and colour - so the turning points of a game show at a glance.  Clicking near a
turn selects it (``move_clicked``); the selected turn is marked with a vertical line.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

#: Dot radius (pixels) and colour of each mistake size.
MARKS = {"small": (3.5, QColor("#f2b705")), "medium": (5.5, QColor("#f27405")),
         "large": (8.0, QColor("#c92a2a"))}
LINE = QColor("#1c7ed6")
AXIS = QColor("#868e96")
SELECTED = QColor("#495057")


class SpreadGraph(QWidget):
    """See the module docstring."""

    move_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spread-graph")
        self.setMinimumHeight(110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.spread: list[int] = []
        self.marks: list[str] = []
        self.selected: int | None = None
        self.title = ""
        self.setToolTip("The spread after each move; dots mark mistakes (bigger = costlier). "
                        "Click to go to a move.")

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(480, 140)

    def set_data(self, spread: Sequence[int], marks: Sequence[str], title: str = "") -> None:
        """The spread after each turn and each turn's mistake size ("" for none)."""
        self.spread = list(spread)
        self.marks = list(marks)
        self.title = title
        self.update()

    def select(self, index: int | None) -> None:
        self.selected = index
        self.update()

    # --- geometry -------------------------------------------------------------------------
    def _plot(self) -> QRectF:
        return QRectF(36, 18, max(10.0, self.width() - 48), max(10.0, self.height() - 30))

    def _scale(self) -> float:
        return max(10, max((abs(v) for v in self.spread), default=0))

    def point(self, index: int) -> QPointF:
        plot = self._plot()
        count = max(1, len(self.spread) - 1)
        x = plot.x() + plot.width() * index / count
        y = plot.center().y() - (plot.height() / 2) * self.spread[index] / self._scale()
        return QPointF(x, y)

    def index_at(self, x: float) -> int | None:
        if not self.spread:
            return None
        plot = self._plot()
        count = max(1, len(self.spread) - 1)
        index = round((x - plot.x()) / plot.width() * count)
        return max(0, min(len(self.spread) - 1, index))

    # --- drawing --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillRect(self.rect(), self.palette().base())
        plot = self._plot()
        painter.setPen(QPen(AXIS, 1, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(plot.left(), plot.center().y()),
                         QPointF(plot.right(), plot.center().y()))
        painter.setPen(AXIS)
        scale = self._scale()
        painter.drawText(QRectF(0, plot.top() - 8, 32, 16), int(Qt.AlignmentFlag.AlignRight),
                         f"+{scale}")
        painter.drawText(QRectF(0, plot.bottom() - 8, 32, 16), int(Qt.AlignmentFlag.AlignRight),
                         f"-{scale}")
        painter.drawText(QRectF(plot.left(), 0, plot.width(), 16),
                         int(Qt.AlignmentFlag.AlignLeft), self.title)
        if not self.spread:
            painter.drawText(plot, int(Qt.AlignmentFlag.AlignCenter), "No moves yet")
            return
        if self.selected is not None and 0 <= self.selected < len(self.spread):
            x = self.point(self.selected).x()
            painter.setPen(QPen(SELECTED, 1))
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
        path = QPainterPath(self.point(0))
        for index in range(1, len(self.spread)):
            path.lineTo(self.point(index))
        painter.setPen(QPen(LINE, 2))
        painter.drawPath(path)
        for index, size in enumerate(self.marks):
            if size in MARKS and index < len(self.spread):
                radius, colour = MARKS[size]
                painter.setPen(QPen(colour.darker(130), 1))
                painter.setBrush(colour)
                painter.drawEllipse(self.point(index), radius, radius)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        index = self.index_at(event.position().x())
        if index is not None:
            self.move_clicked.emit(index)
