"""WordsWorth's display elements on the board (wordstudio.ui.crossword.wwlook): each
player's tiles in their own colour (-c, AlternateTileColor) and the game's own colours
and premium marks."""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import PLAIN, Display, GameConfig
from wordstudio.paths import boards_dir
from wordstudio.ui.crossword.boardview import BoardScene, BoardView
from wordstudio.ui.crossword.options import TableOptions
from wordstudio.ui.crossword.wwlook import (
    THEME_PLAYERS,
    WW_COLOURS,
    GameLook,
    Mark,
    RackStand,
    board_look,
    colour,
    game_look,
    paint_square,
)
from wordstudio.ui.theme import board as theme
from wordstudio.ui.theme.textures import TEXTURE_NAMES, canonical, pattern_ink


@lru_cache(maxsize=2)
def board(name: str) -> GameConfig:
    return load_config(boards_dir() / name)


def test_colour_names_are_wordsworths_sixteen():
    assert colour("LightCyan") == "#55ffff" and colour("brown") == "#aa5500"
    assert colour("Chartreuse") == "" and colour(None, "#123456") == "#123456"


def test_the_games_display_elements_become_its_look():
    """Appendix A: BoardColor, TileColor, AlternateTileColor ("used when ww -c is
    specified"), LetterMarks/WordMarks with their colours (color.def of scrabble.cfg)."""
    look = game_look(board("scrabble.cfg").display, 2, each_player_coloured=True)
    assert look.board == "#00aa00" and look.blocked == "#000000"
    assert look.player_tiles == ("#ffff55", "#55ffff")  # Yellow, then LightCyan
    assert look.mark("letter", 2) == Mark("DL", "#ffffff", "#5555ff")
    assert look.mark("word", 3) == Mark("TW", "#ffffff", "#aa0000")
    assert look.mark("word", 11) is None
    single = game_look(board("scrabble.cfg").display, 2, each_player_coloured=False)
    assert single.player_tiles == ("#ffff55",)


def test_defaults_where_a_configuration_sets_no_colour():
    look = game_look(Display(), 3, each_player_coloured=True)
    assert look.board == "#00aaaa" and look.player_tiles[:2] == ("#ffffff", "#5555ff")
    assert len(look.player_tiles) == 3 and look.letter_marks == ()


def test_board_look_follows_the_options():
    config = board("scrabble.cfg")
    assert board_look(config, 2, TableOptions()) == (None, None)
    own, fills = board_look(config, 2, TableOptions(game_colours=True))
    assert own is not None and fills is None
    own, fills = board_look(config, 2, TableOptions(player_colours=True))
    assert own is None and fills == (THEME_PLAYERS[0], "#55ffff")  # its AlternateTileColor
    own, fills = board_look(config, 4, TableOptions(player_colours=True, game_colours=True))
    assert own is not None and fills is not None and len(set(fills)) == 4


def pixel_of_tile(view: BoardView, row: int, col: int) -> QColor:
    image = view.grab().toImage()
    rect = view.square_rect(row, col)
    ratio = image.devicePixelRatio()
    point = rect.topLeft() + (rect.bottomRight() - rect.topLeft()) * 0.2
    return image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))


@pytest.mark.parametrize("options", [TableOptions(player_colours=True),
                                     TableOptions(player_colours=True, game_colours=True)])
def test_each_players_tiles_are_painted_in_their_own_colour(qtbot, options):
    """Seed 001: "-c colours tiles you place on the board in a different colour to those
    placed by the program" - needed to follow territorial games."""
    config = board("scrabble.cfg")
    view = BoardView(config)
    qtbot.addWidget(view)
    view.resize(480, 480)
    scene = BoardScene(config, tiles={(7, 7): ("A", False), (7, 8): ("T", False)},
                      owners={(7, 7): 0, (7, 8): 1})
    view.set_scene(scene)
    view.set_look(*board_look(config, 2, options))
    _, fills = board_look(config, 2, options)
    first, second = pixel_of_tile(view, 7, 7), pixel_of_tile(view, 7, 8)
    assert first != second
    assert first == QColor(fills[0]) and second == QColor(fills[1])
    view.set_look(None, None)
    assert pixel_of_tile(view, 7, 7) == pixel_of_tile(view, 7, 8) == theme.TILE


def test_the_games_own_square_colours_are_painted(qtbot):
    config = board("scrabble.cfg")
    view = BoardView(config)
    qtbot.addWidget(view)
    view.resize(480, 480)
    view.set_look(*board_look(config, 2, TableOptions(game_colours=True)))
    image = view.grab().toImage()
    ratio = image.devicePixelRatio()
    plain = view.square_rect(0, 1).topLeft() + (view.square_rect(0, 1).bottomRight()
                                                  - view.square_rect(0, 1).topLeft()) * 0.2
    assert image.pixelColor(round(plain.x() * ratio), round(plain.y() * ratio)) == QColor("#00aa00")


def square_pixels(view: BoardView, row: int, col: int) -> list[QColor]:
    """Every pixel inside the square, its rounded corners left out."""
    image = view.grab().toImage()
    ratio = image.devicePixelRatio()
    rect = view.square_rect(row, col).adjusted(4, 4, -4, -4)
    return [image.pixelColor(x, y)
            for x in range(round(rect.left() * ratio), round(rect.right() * ratio))
            for y in range(round(rect.top() * ratio), round(rect.bottom() * ratio))]


@pytest.mark.parametrize("row, col, kind, factor, fill", [
    (0, 3, "letter", 2, "#5555ff"),  # DL: White on LightBlue (scrabble.cfg's color.def)
    (0, 0, "word", 3, "#aa0000"),  # TW: White on Red
])
def test_the_letter_and_word_marks_are_painted(qtbot, row, col, kind, factor, fill):
    """Appendix A's LetterMarks/WordMarks with their colours: a premium square shows its
    mark's background and, in the mark's colour, its text (DL, TW) - not only read from
    the configuration."""
    import dataclasses

    config = board("scrabble.cfg")
    view = BoardView(config)
    qtbot.addWidget(view)
    view.resize(600, 600)
    own, fills = board_look(config, 2, TableOptions(game_colours=True))
    assert own is not None
    mark = own.mark(kind, factor)
    assert mark is not None and mark.text and mark.fill == fill and mark.ink == "#ffffff"
    view.set_look(own, fills)
    pixels = square_pixels(view, row, col)
    assert pixels.count(QColor(fill)) > len(pixels) // 2  # the background

    def inked(pixels: list[QColor]) -> int:  # near the mark's white
        return sum(1 for p in pixels if min(p.red(), p.green(), p.blue()) > 200)

    assert inked(pixels) > 20  # the text
    # The same square without the mark's text: no ink, so the ink above was the mark.
    blank = [dataclasses.replace(m, text="") for m in own.letter_marks], \
        [dataclasses.replace(m, text="") for m in own.word_marks]
    view.set_look(dataclasses.replace(own, letter_marks=tuple(blank[0]),
                                      word_marks=tuple(blank[1])), fills)
    assert inked(square_pixels(view, row, col)) == 0


def test_the_rack_shows_its_owners_colour(qtbot, tmp_path):
    from tests.test_ui_crossword_support import make_context, new_game, show_page, wait_for_person
    from wordstudio.crossword.game import PlayerSpec

    context_iter = make_context(tmp_path)
    context = next(context_iter)
    try:
        game = new_game("scrabble.cfg", seed=3, players=(PlayerSpec("Ann"), PlayerSpec("Bob")))
        page = show_page(qtbot, context, game,
                         options=TableOptions(player_colours=True, animation_speed=0))
        wait_for_person(qtbot, page)
        assert page.rack.tile_fill == page.board.player_fills[game.current]
        page.apply_options(TableOptions(animation_speed=0))
        assert page.rack.tile_fill is None and page.board.player_fills is None
    finally:
        next(context_iter, None)


# --- fill styles (textures) ------------------------------------------------------------------
def painted_square(texture: str, fill: str = "#ffffff", side: int = 60) -> QImage:
    image = QImage(side, side, QImage.Format.Format_RGB32)
    image.fill(QColor("#808080"))
    painter = QPainter(image)
    look = GameLook(board=fill, blocked="#000000", tile_text="#000000", blank_text="#ff0000",
                    label="#000000", player_tiles=("#ffffff",), board_texture=texture)
    paint_square(painter, QRectF(0, 0, side, side), PLAIN, look)
    painter.end()
    return image


def inner_colours(image: QImage) -> set[int]:
    """The colours inside the square (away from its rounded corners)."""
    side = image.width()
    return {image.pixel(x, y) for x in range(side // 4, 3 * side // 4)
            for y in range(side // 4, 3 * side // 4)}


def test_every_fill_style_is_drawn_and_each_looks_different(qtbot):
    """Appendix A's eleven texture names: Solid is the plain colour, every other one draws
    its own pattern over it (a monochrome screen "would make use of textures over colours")."""
    images = {name: painted_square(name) for name in TEXTURE_NAMES}
    assert inner_colours(images["Solid"]) == {QColor("#ffffff").rgb()}
    for name in TEXTURE_NAMES[1:]:
        assert len(inner_colours(images[name])) > 1, name
    distinct = {bytes(image.constBits()) for image in images.values()}
    assert len(distinct) == len(TEXTURE_NAMES)


@given(st.sampled_from(TEXTURE_NAMES), st.sampled_from(sorted(WW_COLOURS.values())))
@settings(max_examples=40, deadline=None)
def test_a_pattern_always_contrasts_with_its_colour(texture, fill):
    """Whatever the colour (black included), the pattern's shade differs from it, so the
    texture can be seen."""
    ink = pattern_ink(QColor(fill))
    assert ink != QColor(fill)
    image = painted_square(texture, fill, side=40)
    assert (len(inner_colours(image)) > 1) == (texture != "Solid")


def test_texture_names_are_read_in_any_case_and_anything_else_is_solid():
    assert canonical("closespaceddots") == "CloseSpacedDots" and canonical(" Line ") == "Line"
    assert canonical("Plaid") == "Solid" and canonical(None) == "Solid"


def test_mono_def_gives_its_fill_styles_to_squares_marks_and_tiles():
    """mono.def (blocked13.cfg): dotted board, hatched black premium squares, and with -c
    the second player's white tiles dotted."""
    look = game_look(board("blocked13.cfg").display, 2, each_player_coloured=True)
    assert look.board_texture == "CloseSpacedDots" and look.blocked_texture == "Solid"
    assert look.mark("letter", 2).texture == "ThinSlash"
    assert look.mark("word", 3).texture == "ThickBackslash"
    assert look.player_tiles == ("#ffffff", "#ffffff")
    assert look.player_textures == ("Solid", "WideSpacedDots")
    assert game_look(Display(), 2, False).board_texture == "CloseSpacedDots"  # the default


def test_with_mono_def_and_c_the_players_tiles_differ_by_their_fill_style(qtbot):
    config = board("blocked13.cfg")
    view = BoardView(config)
    qtbot.addWidget(view)
    view.resize(520, 520)
    open_squares = [(r, c) for r, line in enumerate(config.layout)
                    for c, code in enumerate(line) if code == PLAIN][:2]
    first, second = open_squares
    view.set_scene(BoardScene(config, tiles={first: ("A", False), second: ("T", False)},
                              owners={first: 0, second: 1}))
    view.set_look(*board_look(config, 2, TableOptions(player_colours=True, game_colours=True)))

    def tile_picture(square: tuple[int, int]) -> set[int]:
        image = view.grab().toImage()
        ratio = image.devicePixelRatio()
        rect = view.square_rect(*square)
        # The tile's lower-left corner area: away from its letter and value.
        return {image.pixel(round((rect.left() + rect.width() * fx) * ratio),
                            round((rect.top() + rect.height() * fy) * ratio))
                for fx in (0.15, 0.2, 0.25, 0.3) for fy in (0.7, 0.75, 0.8, 0.85)}

    assert len(tile_picture(first)) == 1  # white, solid
    assert len(tile_picture(second)) > 1  # white with dots


def test_c_on_the_command_line_chooses_each_players_colour_and_keeps_other_options(
        qtbot, tmp_path):
    """``wordstudio -c`` is WordsWorth's ``ww -c``: the new-game dialog then offers each
    player's tiles in their own colour, the other table options as they were."""
    from wordstudio.ui.context import Settings
    from wordstudio.ui.crossword.newgame import NewGameDialog
    from wordstudio.ui.crossword.options import SETTINGS_KEY, choose_player_colours

    settings = Settings(tmp_path / "settings.json")
    settings.set(SETTINGS_KEY, TableOptions(symbols=False, animation_speed=7).to_json())
    choose_player_colours(settings)
    assert TableOptions.from_json(settings.get(SETTINGS_KEY)) == TableOptions(
        symbols=False, animation_speed=7, player_colours=True)
    dialog = NewGameDialog(settings, None)
    qtbot.addWidget(dialog)
    assert dialog.options_form.options().player_colours


# --- shadows, the rack's wall and base, the message colour ------------------------------------
def test_shadow_rack_and_message_elements_become_the_look():
    """Appendix A's BoardLeft/TopShadow, TileLeft/TopShadow, RackWall, RackBase and
    MessageText colours and fill styles (color.def of scrabble.cfg, then the defaults)."""
    look = game_look(board("scrabble.cfg").display, 2, each_player_coloured=False)
    assert look.board_bevel == (colour("DarkGray"), "Solid", colour("LightGray"), "Solid")
    assert look.tile_bevel == (colour("Brown"), "Solid", colour("White"), "Solid")
    assert look.rack == RackStand(colour("Brown"), "Solid", colour("LightGray"), "Solid")
    assert look.message == colour("White")
    mono = game_look(board("blocked13.cfg").display, 2, each_player_coloured=False)
    assert mono.board_bevel == (colour("White"), "Line", colour("White"), "Solid")
    assert mono.rack == RackStand(colour("White"), "CloseSpacedDots", colour("White"),
                                  "WideSpacedDots")
    default = game_look(Display(), 2, each_player_coloured=False)
    assert default.rack == RackStand(colour("Blue"), "CloseSpacedDots", colour("LightBlue"),
                                     "WideSpacedDots")
    assert default.tile_bevel == (colour("DarkGray"), "Solid", colour("LightGray"), "Solid")


RED, BLUE, GREEN = "#aa0000", "#0000aa", "#00aa00"


def edge_pixels(image: QImage, rect: QRectF) -> tuple[QColor, QColor, QColor]:
    """The pixels just inside ``rect``'s left edge and top edge (half way along each)
    and at its middle."""
    ratio = image.devicePixelRatio()
    d = rect.width() * 0.05

    def at(x: float, y: float) -> QColor:
        return image.pixelColor(round(x * ratio), round(y * ratio))

    centre = rect.center()
    return (at(rect.left() + d, centre.y()), at(centre.x(), rect.top() + d),
            at(centre.x() + rect.width() * 0.3, centre.y() + rect.height() * 0.3))


def test_squares_are_drawn_raised_with_the_games_shadows(qtbot):
    import dataclasses

    config = board("scrabble.cfg")
    view = BoardView(config)
    qtbot.addWidget(view)
    view.resize(480, 480)
    own, fills = board_look(config, 2, TableOptions(game_colours=True))
    assert own is not None
    view.set_look(dataclasses.replace(own, board=GREEN, board_bevel=(RED, "Solid", BLUE, "Solid")),
                  fills)
    left, top, middle = edge_pixels(view.grab().toImage(), view.square_rect(0, 1))
    assert (left, top, middle) == (QColor(RED), QColor(BLUE), QColor(GREEN))
    view.set_look(dataclasses.replace(own, board=GREEN, board_bevel=None), fills)
    left, top, middle = edge_pixels(view.grab().toImage(), view.square_rect(0, 1))
    assert left == top == middle == QColor(GREEN)


def test_tiles_are_drawn_raised_with_the_games_shadows(qtbot):
    def tile(bevel):
        image = QImage(80, 80, QImage.Format.Format_RGB32)
        image.fill(QColor("#808080"))
        painter = QPainter(image)
        theme.paint_tile(painter, QRectF(0, 0, 80, 80),
                         theme.TileLook("", None, fill=GREEN, bevel=bevel))
        painter.end()
        return image

    body = QRectF(0, 0, 80, 80).adjusted(3.2, 3.2, -3.2, -3.2)
    left, top, _ = edge_pixels(tile((RED, "Solid", BLUE, "Solid")), body.adjusted(2, 2, -2, -2))
    assert (left, top) == (QColor(RED), QColor(BLUE))
    left, top, _ = edge_pixels(tile(None), body.adjusted(2, 2, -2, -2))
    assert QColor(RED) not in (left, top) and QColor(BLUE) not in (left, top)


def test_the_rack_stands_on_its_base_before_its_wall(qtbot):
    from wordstudio.ui.crossword.rackview import RackView

    rack = RackView({"A": 1}, tile_size=40)
    qtbot.addWidget(rack)
    rack.resize(400, rack.sizeHint().height())
    rack.stand = RackStand(RED, "Solid", BLUE, "Solid")
    rack.set_tiles([(1, "A")])
    image = rack.grab().toImage()
    ratio = image.devicePixelRatio()
    height = rack.height()
    x = round(300 * ratio)  # right of the only tile
    assert image.pixelColor(x, round(height * 0.3 * ratio)) == QColor(RED)  # the wall
    assert image.pixelColor(x, round(height * 0.9 * ratio)) == QColor(BLUE)  # the base


def test_the_page_uses_the_games_shadows_rack_and_message_colour(qtbot, tmp_path):
    from tests.test_ui_crossword_support import make_context, new_game, show_page, wait_for_person
    from wordstudio.crossword.game import PlayerSpec
    from wordstudio.ui.crossword.views import status_style

    context_iter = make_context(tmp_path)
    context = next(context_iter)
    try:
        game = new_game("scrabble.cfg", seed=3, players=(PlayerSpec("Ann"), PlayerSpec("Bob")))
        page = show_page(qtbot, context, game,
                         options=TableOptions(game_colours=True, animation_speed=0))
        wait_for_person(qtbot, page)
        look = page.board.game_look
        assert look is not None
        assert page.rack.stand == look.rack and page.rack.tile_bevel == look.tile_bevel
        # WordsWorth's messages: MessageTextColor (White) on its black screen.
        style = page.move_status.styleSheet()
        assert "color: #ffffff" in style and "background: #000000" in style
        assert page.move_status.text()
        page.apply_options(TableOptions(animation_speed=0))
        assert page.rack.stand is None and page.rack.tile_bevel is None
        assert page.move_status.styleSheet() == status_style("info")
    finally:
        next(context_iter, None)
