"""WordsWorth's display elements on the board (wordstudio.ui.crossword.wwlook): each
player's tiles in their own colour (-c, AlternateTileColor) and the game's own colours
and premium marks."""

from __future__ import annotations

from functools import lru_cache

import pytest
from PySide6.QtGui import QColor

from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import Display, GameConfig
from wordstudio.paths import boards_dir
from wordstudio.ui.crossword.boardview import BoardScene, BoardView
from wordstudio.ui.crossword.options import TableOptions
from wordstudio.ui.crossword.wwlook import THEME_PLAYERS, Mark, board_look, colour, game_look
from wordstudio.ui.theme import board as theme


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
