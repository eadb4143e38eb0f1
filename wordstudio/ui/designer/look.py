"""How the designer draws squares: the game board's own look, so a design looks in the
designer as it will in play.

Premiums run from x2 to x11, more than a game board usually shows; they are drawn as
the board draws them in its default style (:mod:`wordstudio.ui.theme.board`): each
factor its own shade of the colour-blind-safe palette - letter premiums blue, cyan and
violet, word premiums rose, orange and magenta, neighbouring factors never alike - and a
symbol with the factor written inside (a ring for a letter premium, a diamond for a word
premium), so nothing depends on telling two shades apart.  The colours follow the light
or dark look: they are read from the board theme when painting (module attributes such
as ``look.FRAME`` are looked up there).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap

from wordstudio.crossword.gameconfig import (
    BLOCKED,
    LETTER_CODES,
    PLAIN,
    WORD_CODES,
    letter_multiplier,
    word_multiplier,
)
from wordstudio.ui.theme import board as theme

HOVER = QColor("#ffffff")
CURSOR = QColor("#15aabf")
AXIS = QColor(255, 255, 255, 70)
FRAME_EDGE = QColor("#111a21")

#: The designer's names for the board theme's colours (read when asked: the look may
#: change while the program runs).
_FROM_THEME = {"FRAME": "FRAME", "LABEL": "LABEL", "PLAIN_FILL": "PLAIN",
               "BLOCKED_FILL": "BLOCKED_FILL", "BLOCKED_MARK": "BLOCKED_MARK", "TILE": "TILE",
               "TILE_EDGE": "TILE_EDGE", "TILE_TEXT": "TILE_TEXT", "BLANK_TEXT": "BLANK_TEXT",
               "FIRST_MOVE": "STAR", "BAD": "BAD"}


def __getattr__(name: str) -> Any:
    if name in _FROM_THEME:
        return getattr(theme, _FROM_THEME[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def square_fill(code: str) -> QColor:
    """The background of an empty square with this ``BoardPositionScore`` code."""
    if code == BLOCKED:
        return theme.BLOCKED_FILL
    premium = theme.premium_of(code)
    return theme.PLAIN if premium is None else theme.premium_fill(premium, symbols=True)


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
    """Dark or white text, whichever reads better on ``fill``."""
    return theme.ink_for(fill)


def font(pixels: float, bold: bool = False) -> QFont:
    """A sans-serif font of a pixel height (never below 6 px)."""
    return theme.font(pixels, bold)


def paint_square(painter: QPainter, rect: QRectF, code: str, label: bool = True) -> None:
    """An empty square as the game board draws it: its colour, a cross when blocked,
    the premium's symbol and factor (unless ``label`` is False: the first-move star
    takes its place)."""
    if label or code == BLOCKED:
        theme.paint_square(painter, rect, code, symbols=True)
        return
    radius = rect.width() * 0.12
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(square_fill(code))
    painter.drawRoundedRect(rect, radius, radius)


def paint_letter(painter: QPainter, rect: QRectF, letter: str) -> None:
    """A ``StartingBoard`` tile: upper case a tile, lower case a blank standing for it."""
    w = rect.width()
    body = rect.adjusted(w * 0.06, w * 0.06, -w * 0.06, -w * 0.06)
    radius = w * 0.14
    painter.setPen(QPen(theme.TILE_EDGE, max(1.0, w * 0.04)))
    painter.setBrush(theme.TILE)
    painter.drawRoundedRect(body, radius, radius)
    blank = letter.islower()
    painter.setPen(theme.BLANK_TEXT if blank else theme.TILE_TEXT)
    painter.setFont(font(w * 0.55, bold=True))
    painter.drawText(body, Qt.AlignmentFlag.AlignCenter, letter.upper())
    if blank and w >= 14:
        # Underlined as well as red, for readers who cannot tell the colour.
        painter.setPen(QPen(theme.BLANK_TEXT, max(1.0, w * 0.05)))
        y = body.bottom() - w * 0.12
        painter.drawLine(QPointF(body.center().x() - w * 0.16, y),
                         QPointF(body.center().x() + w * 0.16, y))


def paint_star(painter: QPainter, rect: QRectF) -> None:
    """The first-move mark: the game board's star."""
    theme.paint_star(painter, rect)


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
