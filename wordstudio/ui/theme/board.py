"""How the crossword board looks: square and tile colours, premium marks, tile painting.

One place decides the look so the board, the rack, the legend, the drag ghost and the
designer agree.  Two premium styles (Computer SCRABBLE's "IN COLOR? Y/N"):

* symbols (the default) - a colour-blind-safe palette (:mod:`wordstudio.ui.theme.palettes`,
  checked with a simulation of protanopia, deuteranopia and tritanopia) *and* a shape:
  a ring for a letter premium, a diamond for a word premium, with the multiplier
  written inside, so nothing depends on telling hues apart;
* classic colour - each premium kind its traditional hue, labelled ``DL``/``TL``/``DW``/
  ``TW`` (``4L``, ``5W``... beyond triple).

The colours are module attributes that :func:`use` sets for the light or dark look
(:mod:`wordstudio.ui.theme` calls it), so painting code reads them when it paints.
Everything is drawn in logical coordinates with sizes derived from the square size, and
cached pictures are made at the device's pixel ratio and put on whole device pixels, so
the board stays sharp at 100 %, 150 % and 200 % scaling.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from wordstudio.crossword.gameconfig import (
    BLOCKED,
    LETTER_CODES,
    WORD_CODES,
    letter_multiplier,
    word_multiplier,
)
from wordstudio.ui.theme import palettes, textures

# --- palette (set by use()) ----------------------------------------------------------------
FRAME = LABEL = PLAIN = BLOCKED_FILL = BLOCKED_MARK = QColor()
TILE = TILE_EDGE = TILE_TEXT = BLANK_TILE = BLANK_TEXT = BLANK_INK = QColor()
TENTATIVE = TENTATIVE_EDGE = LAST_MOVE = CURSOR = GOOD = BAD = TILE_BACK = QColor()
STAR = STAR_EDGE = INK_DARK = INK_LIGHT = QColor()
#: Premium fills, x2 first: the symbols style's ten per kind, the classic style's three.
LETTER_PREMIUMS: tuple[QColor, ...] = ()
WORD_PREMIUMS: tuple[QColor, ...] = ()
LETTER_COLOURS: tuple[QColor, ...] = ()
WORD_COLOURS: tuple[QColor, ...] = ()
_CURRENT = ""
#: The edge round the typing cursor, light round a dark cursor and dark round a light
#: one: no square is close to both, so the cursor shows on every square (paint_cursor).
CURSOR_HALO = QColor("#ffffff")


def use(name: str) -> None:
    """Paint with the board colours of the look ``name`` ("light" or "dark")."""
    global _CURRENT, LETTER_PREMIUMS, WORD_PREMIUMS, LETTER_COLOURS, WORD_COLOURS
    board = palettes.BOARD.get(name, palettes.BOARD[palettes.LIGHT])
    names = {f.name: f.name.upper() for f in fields(board)}
    for field, attribute in names.items():
        globals()[attribute] = QColor(getattr(board, field))
    LETTER_PREMIUMS = tuple(QColor(c) for c in palettes.LETTER_PREMIUMS)
    WORD_PREMIUMS = tuple(QColor(c) for c in palettes.WORD_PREMIUMS)
    LETTER_COLOURS = tuple(QColor(c) for c in palettes.CLASSIC_LETTER)
    WORD_COLOURS = tuple(QColor(c) for c in palettes.CLASSIC_WORD)
    _CURRENT = name if name in palettes.BOARD else palettes.LIGHT
    global CURSOR_HALO
    CURSOR_HALO = QColor("#ffffff") if CURSOR.lightnessF() < 0.5 else QColor("#0b1f24")
    _TILE_CACHE.clear()


def current_name() -> str:
    """The look in use ("light" or "dark"): part of every cached picture's key."""
    return _CURRENT


@dataclass(frozen=True)
class Premium:
    """A square's premium: ``kind`` is "letter" or "word", ``factor`` 2..11."""

    kind: str
    factor: int

    @property
    def label(self) -> str:
        """``DL`` ``TL`` ``DW`` ``TW``, then ``4L``, ``5W``..."""
        suffix = "L" if self.kind == "letter" else "W"
        prefix = {2: "D", 3: "T"}.get(self.factor, str(self.factor))
        return prefix + suffix

    @property
    def description(self) -> str:
        name = {2: "Double", 3: "Triple"}.get(self.factor, f"{self.factor} x")
        return f"{name} {self.kind}"


def premium_of(code: str) -> Premium | None:
    """The premium of a BoardPositionScore code, or None for plain and blocked squares."""
    if code in LETTER_CODES:
        return Premium("letter", letter_multiplier(code))
    if code in WORD_CODES:
        return Premium("word", word_multiplier(code))
    return None


def premiums_in(layout: tuple[str, ...]) -> list[Premium]:
    """Every premium a layout uses, letter premiums first, smallest first (for legends)."""
    found = {p for row in layout for code in row if (p := premium_of(code)) is not None}
    return sorted(found, key=lambda p: (p.kind != "letter", p.factor))


def premium_fill(premium: Premium, symbols: bool = False) -> QColor:
    """A premium square's colour: the colour-blind-safe palette (one shade per factor)
    with symbols, the classic three shades per kind without."""
    if symbols:
        colours = LETTER_PREMIUMS if premium.kind == "letter" else WORD_PREMIUMS
        return colours[min(premium.factor, len(colours) + 1) - 2]
    colours = LETTER_COLOURS if premium.kind == "letter" else WORD_COLOURS
    return colours[min(premium.factor, 4) - 2]


def ink_for(fill: QColor) -> QColor:
    """Dark or white ink, whichever has the greater contrast on ``fill`` (WCAG)."""
    from wordstudio.ui.theme.vision import contrast

    dark, light = INK_DARK.name(), INK_LIGHT.name()
    return QColor(light) if contrast(fill.name(), light) > contrast(fill.name(), dark) else QColor(dark)


def font(pixels: float, bold: bool = False) -> QFont:
    """A font of a given pixel height (never below 6 px so tiny boards stay legible)."""
    key = (max(6, round(pixels)), bold)
    found = _FONTS.get(key)
    if found is None:
        found = QFont()
        found.setPixelSize(key[0])
        found.setBold(bold)
        found.setStyleHint(QFont.StyleHint.SansSerif)
        _FONTS[key] = found
    return found


_FONTS: dict[tuple[int, bool], QFont] = {}


# --- squares ------------------------------------------------------------------------------
def paint_square(painter: QPainter, rect: QRectF, code: str, symbols: bool,
                 start: bool = False) -> None:
    """An empty square: plain, blocked, or a premium in the symbols or the classic style.

    ``start``: the square the first word must cover, marked with a star (in play as in
    the designer) over its premium's colour.
    """
    radius = rect.width() * 0.12
    if code == BLOCKED:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(BLOCKED_FILL)
        painter.drawRoundedRect(rect, radius, radius)
        # A cross-hatch keeps blocked squares distinct from dark premiums in any style.
        painter.setPen(QPen(BLOCKED_MARK, max(1.0, rect.width() * 0.07)))
        inset = rect.adjusted(rect.width() * 0.28, rect.height() * 0.28,
                              -rect.width() * 0.28, -rect.height() * 0.28)
        painter.drawLine(inset.topLeft(), inset.bottomRight())
        painter.drawLine(inset.topRight(), inset.bottomLeft())
        return
    premium = premium_of(code)
    fill = PLAIN if premium is None else premium_fill(premium, symbols)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, radius, radius)
    if start:
        paint_star(painter, rect)
    elif premium is not None and symbols:
        paint_symbol(painter, rect, premium, fill)
    elif premium is not None and rect.width() >= 16:
        painter.setPen(ink_for(fill))
        painter.setFont(font(rect.height() * 0.32, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, premium.label)


def paint_star(painter: QPainter, rect: QRectF) -> None:
    """The start square's mark: a five-pointed star."""
    c = rect.center()
    outer, inner = rect.width() * 0.36, rect.width() * 0.15
    path = QPainterPath()
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        point = QPointF(c.x() + radius * math.cos(angle), c.y() + radius * math.sin(angle))
        if i == 0:
            path.moveTo(point)
        else:
            path.lineTo(point)
    path.closeSubpath()
    painter.setPen(QPen(STAR_EDGE, max(1.0, rect.width() * 0.04)))
    painter.setBrush(STAR)
    painter.drawPath(path)


def paint_symbol(painter: QPainter, rect: QRectF, premium: Premium, fill: QColor) -> None:
    """The premium's shape and multiplier on its colour: a ring for a letter premium, a
    solid diamond for a word premium, the factor inside (the shape alone tells the
    kind, the number the factor: no colour needs to be told apart)."""
    ink = ink_for(fill)
    c = rect.center()
    r = rect.width() * 0.36
    if premium.kind == "letter":
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(ink, max(1.0, rect.width() * 0.07)))
        painter.drawEllipse(c, r, r)
        text = ink
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(ink)
        d = r * 1.12
        painter.drawPolygon(QPolygonF([QPointF(c.x(), c.y() - d), QPointF(c.x() + d, c.y()),
                                       QPointF(c.x(), c.y() + d), QPointF(c.x() - d, c.y())]))
        text = fill
    if rect.width() >= 12:
        painter.setPen(text)
        painter.setFont(font(factor_pixels(rect.height(), premium.factor), bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(premium.factor))


def factor_pixels(square: float, factor: int) -> float:
    """The pixel size of a premium's multiplier on a square ``square`` pixels high: as
    big as its ring or diamond holds (two digits a little smaller), and never below 8
    pixels, where a 3 still reads as a 3 (a 4-pixel 3 looked like a backwards c)."""
    return max(8.0, square * (0.46 if factor < 10 else 0.36))


# --- tiles --------------------------------------------------------------------------------
@dataclass(frozen=True)
class TileLook:
    """How one tile is drawn."""

    letter: str
    value: int | None  # None hides the value (a blank, or a tile back)
    blank: bool = False
    tentative: bool = False
    highlight: bool = False  # part of the last move
    face_down: bool = False
    #: The tile's own colour (#rrggbb): its player's with WordsWorth's -c, or the game's
    #: TileColor; None for the theme's.
    fill: str | None = None
    #: The letter's own colour (the game's NormalTileTextColor); None for the theme's.
    ink: str | None = None
    #: The game's fill style for the tile (WordsWorth's TileTexture or, with -c,
    #: AlternateTileTexture): :mod:`wordstudio.ui.theme.textures`.
    texture: str = "Solid"
    #: The game's shadows on the tile's left and top edges (WordsWorth's
    #: TileLeftShadowColor/Texture, TileTopShadowColor/Texture): (left colour, left
    #: texture, top colour, top texture); None for the theme's tile.
    bevel: tuple[str, str, str, str] | None = None


def paint_tile(painter: QPainter, rect: QRectF, look: TileLook) -> None:
    """A tile with its letter and value; blanks, tentative and last-move tiles stand out."""
    w = rect.width()
    radius = w * 0.14
    body = rect.adjusted(w * 0.04, w * 0.04, -w * 0.04, -w * 0.04)
    # A soft shadow under the tile makes it read as a piece lying on the board.
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 60))
    painter.drawRoundedRect(body.translated(0, w * 0.05), radius, radius)
    if look.face_down:
        painter.setBrush(TILE_BACK)
        painter.drawRoundedRect(body, radius, radius)
        return
    if look.tentative:
        fill, edge = TENTATIVE, TENTATIVE_EDGE
    elif look.fill is not None:
        fill, edge = QColor(look.fill), QColor(look.fill).darker(150)
    elif look.blank:
        fill, edge = BLANK_TILE, TILE_EDGE
    else:
        fill, edge = TILE, TILE_EDGE
    painter.setBrush(fill)
    pen_width = max(1.0, w * (0.07 if look.tentative else 0.035))
    painter.setPen(QPen(edge, pen_width))
    painter.drawRoundedRect(body, radius, radius)
    if look.texture != textures.SOLID and not look.tentative:
        outline = QPainterPath()
        outline.addRoundedRect(body, radius, radius)
        textures.paint_texture(painter, body, look.texture, fill, clip=outline)
    if look.bevel is not None and not look.tentative:
        paint_bevel(painter, body, radius, look.bevel)
    if look.highlight:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(LAST_MOVE, max(1.5, w * 0.09)))
        painter.drawRoundedRect(body.adjusted(w * 0.03, w * 0.03, -w * 0.03, -w * 0.03), radius, radius)
    text_colour = BLANK_TEXT if look.blank else QColor(look.ink) if look.ink else TILE_TEXT
    letter_rect = QRectF(body)
    # Values smaller than this many pixels cannot be read: small tiles show the letter only.
    show_value = look.value is not None and w >= 28
    if show_value:
        letter_rect.adjust(0, 0, -w * 0.1, -w * 0.06)
    painter.setPen(text_colour)
    size = w * (0.56 if len(look.letter) == 1 else 0.36)
    painter.setFont(font(size, bold=True))
    painter.drawText(letter_rect, Qt.AlignmentFlag.AlignCenter, look.letter)
    if look.blank and w >= 18:
        # An underline marks a blank even for readers who cannot tell the ink colour.
        painter.setPen(QPen(BLANK_TEXT, max(1.0, w * 0.05)))
        y = body.bottom() - w * 0.17
        painter.drawLine(QPointF(body.center().x() - w * 0.16, y), QPointF(body.center().x() + w * 0.16, y))
    elif show_value:
        painter.setPen(text_colour)
        painter.setFont(font(w * 0.24, bold=True))
        value_rect = QRectF(body.right() - w * 0.42, body.bottom() - w * 0.36, w * 0.36, w * 0.32)
        painter.drawText(value_rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         str(look.value))


#: How deep a bevel's shadow is, as a share of the square or tile it edges.
BEVEL_DEPTH = 0.12


def paint_bevel(painter: QPainter, rect: QRectF, radius: float,
                bevel: tuple[str, str, str, str]) -> None:
    """WordsWorth's raised look: a shadow along the left edge and one along the top of
    ``rect`` (a rounded square of ``radius``), each in its colour and fill style."""
    left, left_texture, top, top_texture = bevel
    depth = max(1.0, rect.width() * BEVEL_DEPTH)
    outline = QPainterPath()
    outline.addRoundedRect(rect, radius, radius)
    painter.save()
    painter.setClipPath(outline, Qt.ClipOperation.IntersectClip)
    painter.setPen(Qt.PenStyle.NoPen)
    for colour, texture, strip in (
            (left, left_texture, QRectF(rect.left(), rect.top(), depth, rect.height())),
            (top, top_texture, QRectF(rect.left(), rect.top(), rect.width(), depth))):
        fill = QColor(colour)
        painter.setBrush(fill)
        painter.drawRect(strip)
        textures.paint_texture(painter, strip, texture, fill)
    painter.restore()


#: Rendered tiles by (look, device size): a board repaint draws pixmaps, not paths and text.
_TILE_CACHE: dict[tuple[TileLook, int, float], QPixmap] = {}
_TILE_CACHE_LIMIT = 600


def draw_tile(painter: QPainter, rect: QRectF, look: TileLook) -> None:
    """:func:`paint_tile`, from a cache of rendered tiles at the device's pixel ratio.

    Antialiased rounded rectangles and text cost about 0.1 ms a tile; a board holds up
    to a few hundred, so tiles are rendered once per look and size and then copied.
    """
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    pixels = max(1, round(rect.width() * ratio))
    key = (look, pixels, ratio)
    pixmap = _TILE_CACHE.get(key)
    if pixmap is None:
        if len(_TILE_CACHE) >= _TILE_CACHE_LIMIT:
            _TILE_CACHE.clear()
        # The shadow hangs a little below the tile: leave room for it.
        pixmap = QPixmap(pixels, round(pixels * 1.08) + 1)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        tile_painter = QPainter(pixmap)
        tile_painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        tile_painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        side = pixels / ratio
        paint_tile(tile_painter, QRectF(0, 0, side, side), look)
        tile_painter.end()
        _TILE_CACHE[key] = pixmap
    painter.drawPixmap(snap(rect.topLeft(), ratio), pixmap)


def snap(point: QPointF, ratio: float) -> QPointF:
    """``point`` moved to the nearest whole device pixel, so a cached picture is copied
    pixel for pixel (at 150 % a half-pixel offset would blur it)."""
    return QPointF(round(point.x() * ratio) / ratio, round(point.y() * ratio) / ratio)


def paint_cursor(painter: QPainter, rect: QRectF, step: tuple[int, int] | bool) -> None:
    """The typing cursor: an outlined square with an arrow showing the direction.

    ``step`` is the direction's (row, column) step; True/False mean across/down.
    """
    if isinstance(step, bool):
        step = (0, 1) if step else (1, 0)
    w = rect.width()
    wash = QColor(CURSOR)
    wash.setAlpha(50)
    line = max(2.0, w * 0.09)
    frame = rect.adjusted(w * 0.05, w * 0.05, -w * 0.05, -w * 0.05)
    # A halo under the cursor's ink: on a square of about its own colour (the blue
    # triple letter under the light look's teal cursor) the halo is what shows.
    painter.setBrush(wash)
    painter.setPen(QPen(CURSOR_HALO, line + 3))
    painter.drawRoundedRect(frame, w * 0.14, w * 0.14)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(CURSOR, line))
    painter.drawRoundedRect(frame, w * 0.14, w * 0.14)
    c = rect.center()
    s = w * 0.2
    # An arrow pointing along (dc, dr): tip ahead, two corners behind either side.
    dr, dc = step
    length = math.hypot(dr, dc) or 1.0
    ux, uy = dc / length, dr / length
    px, py = -uy, ux
    path = QPainterPath()
    path.moveTo(c.x() - ux * s * 0.7 + px * s, c.y() - uy * s * 0.7 + py * s)
    path.lineTo(c.x() + ux * s, c.y() + uy * s)
    path.lineTo(c.x() - ux * s * 0.7 - px * s, c.y() - uy * s * 0.7 - py * s)
    path.closeSubpath()
    painter.setPen(QPen(CURSOR_HALO, max(1.5, w * 0.05)))
    painter.setBrush(CURSOR)
    painter.drawPath(path)


def paint_badge(painter: QPainter, anchor: QRectF, text: str, good: bool, across: bool = True) -> None:
    """A small score bubble beyond the end of the tentative word (live score): past the
    top-right corner of an across word's last tile, the bottom-right of a down word's."""
    w = anchor.width()
    painter.setFont(font(max(10.0, w * 0.34), bold=True))
    metrics = painter.fontMetrics()
    tw = metrics.horizontalAdvance(text) + w * 0.3
    th = metrics.height() + w * 0.06
    top = anchor.top() - th * 0.55 if across else anchor.bottom() - th * 0.45
    rect = QRectF(anchor.right() - tw * 0.35, top, tw, th)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(GOOD if good else BAD)
    painter.drawRoundedRect(rect, th / 2, th / 2)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


use(palettes.LIGHT)
