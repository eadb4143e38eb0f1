"""WordsWorth's fill styles ("textures", seed 001 Appendix A) painted over a colour.

A configuration gives each display element a colour and a texture: ``Solid``, ``Line``,
``ThinSlash``, ``ThickSlash``, ``ThickBackslash``, ``ThinBackslash``, ``ThinHatch``,
``ThickHatch``, ``InterleavingLine``, ``WideSpacedDots`` or ``CloseSpacedDots`` - the
fill patterns of the PC graphics of its day.  The manual says a colour screen would make
them all solid and a monochrome one "would make use of textures over colours": in
``mono.def`` both players' tiles are white and only the second player's dots tell them
apart with ``-c``, and the premium squares are black, told apart by their hatching.

The patterns are drawn as vector lines and dots scaled to the square (so they stay crisp at
any board size and screen density), in a shade that contrasts with the colour underneath.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from wordstudio.crossword.config.values import TEXTURES

#: The texture names a configuration may give (the order of Appendix A).
TEXTURE_NAMES = TEXTURES
SOLID = "Solid"
#: Pattern cells per square side: a square shows about this many lines or dots across.
_CELLS = 6.0


def pattern_ink(base: QColor) -> QColor:
    """The shade a pattern is drawn in over ``base``: darker on light colours, lighter on
    dark ones (grey on black, where "lighter" would stay black)."""
    if base.lightness() < 40:
        return QColor(120, 120, 120)
    if base.lightness() > 128:
        return base.darker(175)
    return base.lighter(175)


def canonical(texture: object) -> str:
    """A configuration's texture name as one of :data:`TEXTURE_NAMES` (case as the manual
    writes it); anything else is solid."""
    if isinstance(texture, str):
        wanted = texture.strip().lower()
        for name in TEXTURE_NAMES:
            if name.lower() == wanted:
                return name
    return SOLID


def paint_texture(painter: QPainter, rect: QRectF, texture: str, base: QColor,
                  clip: QPainterPath | None = None) -> None:
    """The ``texture``'s pattern over ``rect`` (already filled with ``base``), kept inside
    ``clip`` when given (a rounded square or tile).  ``Solid`` paints nothing."""
    name = canonical(texture)
    if name == SOLID or rect.width() < 4 or rect.height() < 4:
        return
    step = max(3.0, rect.width() / _CELLS)
    ink = pattern_ink(base)
    painter.save()
    if clip is not None:
        painter.setClipPath(clip, Qt.ClipOperation.IntersectClip)
    else:
        painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if name.endswith("Dots"):
        _dots(painter, rect, step * (2.0 if name == "WideSpacedDots" else 1.0), ink)
    else:
        thick = name.startswith("Thick") or name == "Line"
        painter.setPen(QPen(ink, step * (0.45 if thick else 0.16), Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.FlatCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if name == "Line":
            _lines(painter, rect, step, 0)
        elif name == "InterleavingLine":
            _interleaved(painter, rect, step)
        elif name in ("ThinSlash", "ThickSlash"):
            _lines(painter, rect, step, 1)
        elif name in ("ThinBackslash", "ThickBackslash"):
            _lines(painter, rect, step, -1)
        elif name == "ThinHatch":
            _lines(painter, rect, step, 0)
            _lines(painter, rect, step, 2)
        else:  # ThickHatch: crossed diagonals
            painter.setPen(QPen(ink, step * 0.3))
            _lines(painter, rect, step, 1)
            _lines(painter, rect, step, -1)
    painter.restore()


def _lines(painter: QPainter, rect: QRectF, step: float, slope: int) -> None:
    """Parallel lines ``step`` apart: horizontal (0), vertical (2), rising "/" (1) or
    falling "\\" (-1)."""
    left, top, right, bottom = rect.left(), rect.top(), rect.right(), rect.bottom()
    if slope == 0:
        y = top + step / 2
        while y < bottom:
            painter.drawLine(QPointF(left, y), QPointF(right, y))
            y += step
        return
    if slope == 2:
        x = left + step / 2
        while x < right:
            painter.drawLine(QPointF(x, top), QPointF(x, bottom))
            x += step
        return
    span = rect.height()
    offset = -span
    while offset < rect.width() + span:
        x = left + offset
        if slope == 1:
            painter.drawLine(QPointF(x, bottom), QPointF(x + span, top))
        else:
            painter.drawLine(QPointF(x, top), QPointF(x + span, bottom))
        offset += step * 1.2


def _interleaved(painter: QPainter, rect: QRectF, step: float) -> None:
    """Dashed horizontal lines, each row's dashes in the gaps of the row above."""
    row, y = 0, rect.top() + step / 2
    while y < rect.bottom():
        x = rect.left() + (step if row % 2 else 0.0)
        while x < rect.right():
            painter.drawLine(QPointF(x, y), QPointF(min(x + step, rect.right()), y))
            x += 2 * step
        y += step
        row += 1


def _dots(painter: QPainter, rect: QRectF, step: float, ink: QColor) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ink)
    radius = max(0.9, min(step, rect.width() / _CELLS) * 0.22)
    row, y = 0, rect.top() + step / 2
    while y < rect.bottom():
        # Every other row shifted by half a step, as the PC's dot patterns were.
        x = rect.left() + step / 2 + (step / 2 if row % 2 else 0.0)
        while x < rect.right():
            painter.drawEllipse(QPointF(x, y), radius, radius)
            x += step
        y += step
        row += 1
