"""WordsWorth's display elements (seed 001, Appendix A) applied to the board.

A configuration's ``BoardColor``, ``TileColor``, ``NonPlayableSquareColor``, the tile text
colours and the premium squares' marks (``LetterMarks``/``WordMarks`` with their colours
and background colours) become a :class:`GameLook` the board paints with when the player
chooses "the game's own colours".  ``AlternateTileColor`` is WordsWorth's ``-c``: "colours
tiles you place on the board in a different colour to those placed by the program" -
needed to follow territorial games (``FreeForm`` 1), where each player builds on his own
tiles.  Each player's tiles take a colour of their own: the first ``TileColor``, the
second ``AlternateTileColor``, further players colours of :data:`MORE_PLAYERS`.

WordsWorth drew its squares and tiles raised: a shadow along each one's left edge and
another along its top (``BoardLeftShadowColor``/``Texture``, ``BoardTopShadow...``,
``TileLeftShadow...``, ``TileTopShadow...``); the rack stands on a base in front of a
wall (``RackWallColor``/``Texture``, ``RackBaseColor``/``Texture``), and its messages
were written in ``MessageTextColor`` on the black DOS screen.  With the game's own
colours the board, the tiles, the rack and the message line are drawn so.

Colour names are WordsWorth's sixteen (the EGA palette).  Textures (fill styles) are drawn
over the colours (:mod:`wordstudio.ui.theme.textures`): the board's and non-playable
squares', the premium marks' backgrounds and each player's tiles, so a monochrome
configuration (``mono.def``) tells squares and players apart as WordsWorth did; mark characters ``$1``..``$0`` (note 15: the font's double to 6x
letter and word labels) are shown as ``DL``, ``TL``, ``4L``... ``DW``, ``TW``, ``4W``...
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from wordstudio.crossword.gameconfig import BLOCKED, Display, GameConfig
from wordstudio.ui.theme import board as theme
from wordstudio.ui.theme import textures
from wordstudio.ui.theme.board import premium_of

#: WordsWorth's colour names (Appendix A, "The valid colour names") as EGA colours.
WW_COLOURS = {
    "black": "#000000", "blue": "#0000aa", "green": "#00aa00", "cyan": "#00aaaa",
    "red": "#aa0000", "magenta": "#aa00aa", "brown": "#aa5500", "lightgray": "#aaaaaa",
    "darkgray": "#555555", "lightblue": "#5555ff", "lightgreen": "#55ff55",
    "lightcyan": "#55ffff", "lightred": "#ff5555", "lightmagenta": "#ff55ff",
    "yellow": "#ffff55", "white": "#ffffff",
}
#: Each player's tile colour with ``-c`` on WordStudio's own board (the first player's is
#: the theme's tile colour).
THEME_PLAYERS = ("#f4d58d", "#9fd3f5", "#f5a3b8", "#a8e6a1", "#d5b8f5", "#ffc48a",
                 "#c5e0dc", "#f0e68c", "#e6b8a2")
#: Tile colours for a third and later player (WordsWorth had two players).
MORE_PLAYERS = ("#ffb870", "#c9a7f5", "#9ee39e", "#f5a3b8", "#a3d8f5", "#e0d27a")
#: The default colours (Appendix A's defaults) where a configuration sets none.
DEFAULTS = {"BoardColor": "Cyan", "TileColor": "White", "AlternateTileColor": "LightBlue",
            "NonPlayableSquareColor": "Black", "BlankTileTextColor": "Red",
            "NormalTileTextColor": "Black", "LabelColor": "LightGray",
            "BoardLeftShadowColor": "DarkGray", "BoardTopShadowColor": "LightGray",
            "TileLeftShadowColor": "DarkGray", "TileTopShadowColor": "LightGray",
            "RackWallColor": "Blue", "RackBaseColor": "LightBlue", "MessageTextColor": "White"}
#: The default fill styles (Appendix A's defaults) where a configuration sets none.
TEXTURE_DEFAULTS = {"BoardTexture": "CloseSpacedDots", "TileTexture": "Solid",
                    "AlternateTileTexture": "Solid", "NonPlayableSquareTexture": "Solid",
                    "BoardLeftShadowTexture": "Solid", "BoardTopShadowTexture": "Solid",
                    "TileLeftShadowTexture": "Solid", "TileTopShadowTexture": "Solid",
                    "RackWallTexture": "CloseSpacedDots", "RackBaseTexture": "WideSpacedDots"}
#: The screen WordsWorth wrote its messages on.
SCREEN = "#000000"
#: Note 15's special characters, as the configuration reader gives them ($1 is character
#: 1 ... $0 is character 10): $1-$5 letter x2..x6, $6-$0 word x2..x6.
SPECIAL_MARKS = {chr(n): label for n, label in enumerate(
    ("DL", "TL", "4L", "5L", "6L", "DW", "TW", "4W", "5W", "6W"), start=1)}


def colour(name: object, fallback: str = "") -> str:
    """A WordsWorth colour name as ``#rrggbb`` ("" or ``fallback`` when it is none)."""
    if isinstance(name, str):
        return WW_COLOURS.get(name.strip().lower(), fallback)
    return fallback


@dataclass(frozen=True)
class Mark:
    """A premium square's mark: its text, ink and background (``#rrggbb``)."""

    text: str
    ink: str
    fill: str
    texture: str = textures.SOLID


@dataclass(frozen=True)
class RackStand:
    """The rack's wall behind the tiles and the base they stand on (colour, fill style)."""

    wall: str
    wall_texture: str
    base: str
    base_texture: str


#: A bevel: (left shadow colour, its fill style, top shadow colour, its fill style).
Bevel = tuple[str, str, str, str]


@dataclass(frozen=True)
class GameLook:
    """The colours a configuration's display elements give the board."""

    board: str
    blocked: str
    tile_text: str
    blank_text: str
    label: str
    #: Tile colour of each player, in seat order.
    player_tiles: tuple[str, ...]
    #: Marks of letter premiums x2, x3, ... and of word premiums x2, x3, ...
    letter_marks: tuple[Mark, ...] = ()
    word_marks: tuple[Mark, ...] = ()
    board_texture: str = textures.SOLID
    blocked_texture: str = textures.SOLID
    #: Tile fill style of each player, in seat order (as ``player_tiles``).
    player_textures: tuple[str, ...] = ()
    #: The shadows on each square's and each tile's left and top edges.
    board_bevel: Bevel | None = None
    tile_bevel: Bevel | None = None
    #: The rack's wall and base.
    rack: RackStand | None = None
    #: The colour messages are written in (on WordsWorth's black screen).
    message: str = "#ffffff"

    def tile_fill(self, owner: int) -> str:
        """The tile colour of the player in seat ``owner`` (the first's for no owner)."""
        if 0 <= owner < len(self.player_tiles):
            return self.player_tiles[owner]
        return self.player_tiles[0]

    def tile_texture(self, owner: int) -> str:
        """The tile fill style of the player in seat ``owner`` (the first's for no owner)."""
        if 0 <= owner < len(self.player_textures):
            return self.player_textures[owner]
        return self.player_textures[0] if self.player_textures else textures.SOLID

    def mark(self, kind: str, factor: int) -> Mark | None:
        """The mark of a ``kind`` ("letter"/"word") premium of ``factor``, if configured."""
        marks = self.letter_marks if kind == "letter" else self.word_marks
        index = factor - 2
        return marks[index] if 0 <= index < len(marks) else None


def _table(display: Display, name: str) -> tuple[str, ...]:
    value = display.get(name, ())
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value) if isinstance(value, (tuple, list)) else ()


def _marks(display: Display, prefix: str, kind: str) -> tuple[Mark, ...]:
    texts = _table(display, f"{prefix}Marks")
    inks = _table(display, f"{prefix}MarkColors")
    fills = _table(display, f"{prefix}MarkBColors")
    styles = _table(display, f"{prefix}MarkBTextures")
    marks = []
    for index in range(max(len(texts), len(fills))):
        text = texts[index] if index < len(texts) else ""
        text = SPECIAL_MARKS.get(text, text)
        ink = colour(inks[index] if index < len(inks) else "", "#000000")
        fill = colour(fills[index] if index < len(fills) else "", "")
        if not fill:
            break  # an unreadable entry ends the table: the theme draws the rest
        style = textures.canonical(styles[index] if index < len(styles) else textures.SOLID)
        marks.append(Mark(text, ink, fill, style))
    return tuple(marks)


def has_display_elements(display: Display) -> bool:
    """Whether a configuration sets any colour of its own."""
    return any(name in display.as_dict() for name in
               ("BoardColor", "TileColor", "LetterMarkBColors", "WordMarkBColors"))


def game_look(display: Display, players: int, each_player_coloured: bool) -> GameLook:
    """The look of a configuration's display elements for ``players`` players; with
    ``each_player_coloured`` (WordsWorth ``-c``) each player's tiles in their own colour."""

    def element(name: str) -> str:
        return colour(display.get(name), colour(DEFAULTS[name]))

    def style(name: str) -> str:
        return textures.canonical(display.get(name) or TEXTURE_DEFAULTS[name])

    first = element("TileColor")
    tiles = [first]
    styles = [style("TileTexture")]
    if each_player_coloured:
        tiles.append(element("AlternateTileColor"))
        styles.append(style("AlternateTileTexture"))
        tiles += [MORE_PLAYERS[i % len(MORE_PLAYERS)] for i in range(max(0, players - 2))]
        styles += [textures.SOLID] * max(0, players - 2)
    def bevel(kind: str) -> Bevel:
        return (element(f"{kind}LeftShadowColor"), style(f"{kind}LeftShadowTexture"),
                element(f"{kind}TopShadowColor"), style(f"{kind}TopShadowTexture"))

    return GameLook(
        board_bevel=bevel("Board"), tile_bevel=bevel("Tile"),
        rack=RackStand(element("RackWallColor"), style("RackWallTexture"),
                       element("RackBaseColor"), style("RackBaseTexture")),
        message=element("MessageTextColor"),
        board=element("BoardColor"), blocked=element("NonPlayableSquareColor"),
        tile_text=element("NormalTileTextColor"), blank_text=element("BlankTileTextColor"),
        label=element("LabelColor"), player_tiles=tuple(tiles),
        letter_marks=_marks(display, "Letter", "letter"), word_marks=_marks(display, "Word", "word"),
        board_texture=style("BoardTexture"), blocked_texture=style("NonPlayableSquareTexture"),
        player_textures=tuple(styles))


def board_look(config: GameConfig, players: int, options: object
               ) -> tuple[GameLook | None, tuple[str, ...] | None]:
    """What the board paints with for table ``options`` (``game_colours``,
    ``player_colours``): the game's own look or None, each player's tile colour or None.

    With the theme's colours, ``-c`` uses :data:`THEME_PLAYERS` (the configuration's
    ``AlternateTileColor`` for the second player when it sets one)."""
    own = bool(getattr(options, "game_colours", False)) and has_display_elements(config.display)
    each = bool(getattr(options, "player_colours", False))
    look = game_look(config.display, players, each) if own else None
    if not each:
        return look, None
    if look is not None:
        return look, look.player_tiles
    fills = list(THEME_PLAYERS[:max(players, 2)])
    alternate = colour(config.display.get("AlternateTileColor"))
    if alternate:
        fills[1] = alternate
    return None, tuple(fills)


# --- painting -------------------------------------------------------------------------------
def paint_square(painter: QPainter, rect: QRectF, code: str, look: GameLook) -> None:
    """An empty square in the configuration's colours: its board colour, its non-playable
    colour, or its premium mark's background and text."""
    radius = rect.width() * 0.12
    painter.setPen(Qt.PenStyle.NoPen)
    if code == BLOCKED:
        _fill(painter, rect, radius, look.blocked, look.blocked_texture)
        return
    premium = premium_of(code)
    mark = look.mark(premium.kind, premium.factor) if premium is not None else None
    if premium is None or mark is None:
        # A premium without a configured mark keeps the theme's look on the game's board.
        if premium is not None:
            theme.paint_square(painter, rect, code, False)
            return
        _fill(painter, rect, radius, look.board, look.board_texture)
        if look.board_bevel is not None:
            theme.paint_bevel(painter, rect, radius, look.board_bevel)
        return
    _fill(painter, rect, radius, mark.fill, mark.texture)
    if look.board_bevel is not None:
        theme.paint_bevel(painter, rect, radius, look.board_bevel)
    if rect.width() >= 16 and mark.text:
        painter.setPen(QColor(mark.ink))
        painter.setFont(theme.font(rect.height() * 0.32, bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, mark.text)


def _fill(painter: QPainter, rect: QRectF, radius: float, fill: str, texture: str) -> None:
    """A square filled with a colour and its fill style."""
    colour_ = QColor(fill)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour_)
    painter.drawRoundedRect(rect, radius, radius)
    if texture != textures.SOLID:
        outline = QPainterPath()
        outline.addRoundedRect(rect, radius, radius)
        textures.paint_texture(painter, rect, texture, colour_, clip=outline)
        painter.setPen(Qt.PenStyle.NoPen)


def paint_rack_stand(painter: QPainter, rect: QRectF, stand: RackStand) -> None:
    """The rack behind the tiles: its wall filling ``rect``, its base along the bottom."""
    base = QRectF(rect.left(), rect.bottom() - rect.height() * RACK_BASE, rect.width(),
                  rect.height() * RACK_BASE)
    radius = min(rect.height() * 0.12, 8.0)
    _fill(painter, rect, radius, stand.wall, stand.wall_texture)
    _fill(painter, base, radius, stand.base, stand.base_texture)


#: The share of the rack's height its base takes.
RACK_BASE = 0.24


def message_style(look: GameLook) -> str:
    """The message line as WordsWorth wrote it: ``MessageTextColor`` on its black
    screen (a dark message colour gets a white screen, so it can be read)."""
    ink = QColor(look.message)
    screen = "#ffffff" if ink.lightnessF() < 0.35 else SCREEN
    return f"background: {screen}; color: {look.message};"
