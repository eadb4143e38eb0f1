"""Painting on whole device pixels: lines and squares that stay sharp at 150 % and 200 %.

A widget that lays its squares out itself (the designer's board, Word War's grids)
mixes in :class:`SharpPainting`: its ``paintEvent`` learns the device pixel ratio of what
is really painted on (:func:`painting_ratio`) and calls the widget's ``_paint``; while it
runs, :meth:`~SharpPainting._ratio` gives that ratio, so positions can be put on whole
device pixels (:meth:`~SharpPainting._snap`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPaintEvent


def painting_ratio(painter: QPainter) -> float | None:
    """The device pixel ratio of what ``painter`` really paints on: the screen's backing
    store, or the picture :meth:`QWidget.render` or :meth:`QWidget.grab` paints into (the
    painter's own device is then the widget, whatever the picture's ratio)."""
    engine = painter.paintEngine()
    device = engine.paintDevice() if engine is not None else painter.device()
    return device.devicePixelRatioF() if device is not None else None


class SharpPainting:
    """For a QWidget that paints in ``_paint(painter)`` (see the module docstring)."""

    _painting_ratio: float | None = None
    #: What the widget paints, defined by each widget that mixes this in.
    _paint: Callable[[QPainter], None]

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)  # type: ignore[call-overload]
        self._painting_ratio = painting_ratio(painter)
        try:
            self._paint(painter)
        finally:
            self._painting_ratio = None
            painter.end()

    def _ratio(self) -> float:
        """Device pixels per pixel of the surface being painted (the screen's, or a
        picture's while :meth:`render` paints into one)."""
        return self._painting_ratio or self.devicePixelRatioF() or 1.0  # type: ignore[attr-defined]

    def _snap(self, point: QPointF) -> QPointF:
        ratio = self._ratio()
        return QPointF(round(point.x() * ratio) / ratio, round(point.y() * ratio) / ratio)

    def _snapped(self, rect: QRectF) -> QRectF:
        """``rect`` with its edges on whole device pixels."""
        return QRectF(self._snap(rect.topLeft()), self._snap(rect.bottomRight()))
