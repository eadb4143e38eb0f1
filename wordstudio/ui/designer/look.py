"""How the designer draws squares: one palette for the board, the swatches and previews.

Premiums run from x2 to x11, more than a game board usually shows, so each kind gets a
ramp: letter premiums from light to deep blue, word premiums from pale rose to deep red,
the multiplier always written on the square (``DL`` ``TL`` ``4L`` ... ``DW`` ``TW``
``4W`` ...) so nothing depends on telling two shades apart.  The colours at x2 and x3
match the game board's, so a design looks in the designer as it will in play.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap

from wordstudio.crossword.gameconfig import (
    BLOCKED,
    LETTER_CODES,
    MAX_MULTIPLIER,
    PLAIN,
    WORD_CODES,
    letter_multiplier,
    word_multiplier,
)

FRAME = QColor("#22303b")
FRAME_EDGE = QColor("#111a21")
LABEL = QColor("#aab8c4")
PLAIN_FILL = QColor("#ece6d6")
BLOCKED_FILL = QColor("#33414c")
BLOCKED_MARK = QColor("#26323b")
TILE = QColor("#f4d58d")
TILE_EDGE = QColor("#c79a3b")
TILE_TEXT = QColor("#2a1f12")
BLANK_TEXT = QColor("#b23a1e")
FIRST_MOVE = QColor("#f2b705")
BAD = QColor("#e03131")
HOVER = QColor("#ffffff")
CURSOR = QColor("#15aabf")
AXIS = QColor(255, 255, 255, 70)

def _mix(light: QColor, dark: QColor, share: float) -> QColor:
    return QColor(
        round(light.red() + (dark.red() - light.red()) * share),
        round(light.green() + (dark.green() - light.green()) * share),
        round(light.blue() + (dark.blue() - light.blue()) * share),
    )


def _ramp(double: str, triple: str, most: str) -> dict[int, QColor]:
    """x2 and x3 as the game board shows them, then x4..x11 darkening towards ``most``."""
    ramp = {2: QColor(double), 3: QColor(triple)}
    start, end = QColor(triple), QColor(most)
    for factor in range(4, MAX_MULTIPLIER + 1):
        ramp[factor] = _mix(start, end, (factor - 3) / (MAX_MULTIPLIER - 3))
    return ramp


_LETTER_RAMP = _ramp("#a5d8ff", "#3b82c4", "#0b2545")
_WORD_RAMP = _ramp("#ffc9c9", "#e03131", "#4a0a17")


def square_fill(code: str) -> QColor:
    """The background of an empty square with this ``BoardPositionScore`` code."""
    if code == BLOCKED:
        return BLOCKED_FILL
    if code in LETTER_CODES:
        return _LETTER_RAMP[letter_multiplier(code)]
    if code in WORD_CODES:
        return _WORD_RAMP[word_multiplier(code)]
    return PLAIN_FILL


def square_label(code: str) -> str:
    """``DL`` ``TL`` ``4L``..``11L``, ``DW`` ``TW`` ``4W``..``11W``; empty otherwise."""
    if code in LETTER_CODES:
        factor, suffix = letter_multiplier(code), "L"
    elif code in WORD_CODES:
        factor, suffix = word_multiplier(code), "W"
    else:
        return ""
    return {2: "D", 3: "T"}.get(factor, str(factor)) + suffix


def square_name(code: str) -> str:
    """The square type in words: ``Plain``, ``Blocked``, ``Letter x3``, ``Word x2``."""
    if code == BLOCKED:
        return "Blocked"
    if code in LETTER_CODES:
        return f"Letter \u00d7{letter_multiplier(code)}"
    if code in WORD_CODES:
        return f"Word \u00d7{word_multiplier(code)}"
    return "Plain"


def ink_for(fill: QColor) -> QColor:
    """Dark or white text, whichever reads better on ``fill`` (relative luminance)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    lum = (0.2126 * channel(fill.red()) + 0.7152 * channel(fill.green())
           + 0.0722 * channel(fill.blue()))
    return QColor("#ffffff") if lum < 0.33 else QColor("#1f2a33")


def font(pixels: float, bold: bool = False) -> QFont:
    """A sans-serif font of a pixel height (never below 6 px)."""
    f = QFont()
    f.setPixelSize(max(6, round(pixels)))
    f.setBold(bold)
    f.setStyleHint(QFont.StyleHint.SansSerif)
    return f


def paint_square(painter: QPainter, rect: QRectF, code: str, label: bool = True) -> None:
    """An empty square: its fill, a cross when blocked, the multiplier when a premium
    (unless ``label`` is False: the first-move star takes its place)."""
    radius = rect.width() * 0.14
    painter.setPen(Qt.PenStyle.NoPen)
    fill = square_fill(code)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, radius, radius)
    if code == BLOCKED:
        # A cross keeps blocked squares apart from the darkest premiums.
        painter.setPen(QPen(BLOCKED_MARK, max(1.0, rect.width() * 0.07)))
        inset = rect.adjusted(rect.width() * 0.3, rect.height() * 0.3,
                              -rect.width() * 0.3, -rect.height() * 0.3)
        painter.drawLine(inset.topLeft(), inset.bottomRight())
        painter.drawLine(inset.topRight(), inset.bottomLeft())
        return
    text = square_label(code) if label else ""
    if text and rect.width() >= 11:
        painter.setPen(ink_for(fill))
        scale = 0.34 if len(text) <= 2 else 0.28
        painter.setFont(font(rect.height() * scale, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def paint_letter(painter: QPainter, rect: QRectF, letter: str) -> None:
    """A ``StartingBoard`` tile: upper case a tile, lower case a blank standing for it."""
    w = rect.width()
    body = rect.adjusted(w * 0.06, w * 0.06, -w * 0.06, -w * 0.06)
    radius = w * 0.14
    painter.setPen(QPen(TILE_EDGE, max(1.0, w * 0.04)))
    painter.setBrush(TILE)
    painter.drawRoundedRect(body, radius, radius)
    blank = letter.islower()
    painter.setPen(BLANK_TEXT if blank else TILE_TEXT)
    painter.setFont(font(w * 0.55, bold=True))
    painter.drawText(body, Qt.AlignmentFlag.AlignCenter, letter.upper())
    if blank and w >= 14:
        # Underlined as well as red, for readers who cannot tell the colour.
        painter.setPen(QPen(BLANK_TEXT, max(1.0, w * 0.05)))
        y = body.bottom() - w * 0.12
        painter.drawLine(QPointF(body.center().x() - w * 0.16, y),
                         QPointF(body.center().x() + w * 0.16, y))


def paint_star(painter: QPainter, rect: QRectF) -> None:
    """The first-move mark: a five-pointed star in the square."""
    c = rect.center()
    outer, inner = rect.width() * 0.34, rect.width() * 0.15
    path = QPainterPath()
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        point = QPointF(c.x() + radius * math.cos(angle), c.y() + radius * math.sin(angle))
        path.moveTo(point) if i == 0 else path.lineTo(point)
    path.closeSubpath()
    painter.setPen(QPen(QColor("#7a5a00"), max(1.0, rect.width() * 0.04)))
    painter.setBrush(FIRST_MOVE)
    painter.drawPath(path)


def swatch(code: str, size: int = 28, ratio: float = 1.0) -> QPixmap:
    """A small picture of a square, for buttons and menus (``ratio``: device pixels)."""
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_square(painter, QRectF(1, 1, size - 2, size - 2), code)
    painter.end()
    return pixmap


#: Every square type a board may hold, in palette order.
ALL_CODES: tuple[str, ...] = (PLAIN, BLOCKED, *LETTER_CODES, *WORD_CODES)
