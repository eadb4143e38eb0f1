"""The crossword window's parts on their own: the draft move, the board, the rack, the look."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from wordstudio.crossword.board import Board, Placement
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import BLOCKED, Direction
from wordstudio.paths import boards_dir
from wordstudio.ui.crossword.boardview import BoardScene, BoardView
from wordstudio.ui.crossword.draft import DraftError, MoveDraft
from wordstudio.ui.crossword.info_panels import LegendStrip, TilesPanel, UnseenPanel
from wordstudio.ui.crossword.options import TableOptions
from wordstudio.ui.crossword.rackview import RackView
from wordstudio.ui.theme import board as theme

CONFIGS = sorted(p.name for p in boards_dir().glob("*.cfg"))


def config(name: str = "scrabble.cfg"):
    return load_config(boards_dir() / name)


# --- the draft move ---------------------------------------------------------------------------
def test_typing_skips_board_tiles_and_uses_a_blank_for_missing_letters():
    board = Board(config())
    board.place([Placement(7, 8, "A")])
    draft = MoveDraft(board, ["C", "T", "?"])
    draft.click(7, 7)
    draft.type_letter("C")
    draft.type_letter("T")  # skips the A already on the board
    assert [(p.row, p.col, p.letter) for p in draft.placements()] == [(7, 7, "C"), (7, 9, "T")]
    draft.type_letter("S")  # no S on the rack: the blank stands for it
    assert draft.placed[(7, 10)].blank and draft.placed[(7, 10)].letter == "S"
    with pytest.raises(DraftError, match="you don't have an E"):
        draft.type_letter("E")
    draft.backspace()
    assert (7, 10) not in draft.placed and draft.cursor == (7, 10)


def test_the_cursor_skips_to_the_next_empty_square_never_sitting_on_a_tile():
    board = Board(config())
    board.place([Placement(7, 7, "A"), Placement(7, 8, "R")])
    draft = MoveDraft(board, list("FLEXION"))
    draft.click(7, 4)
    for letter in "FLE":
        draft.type_letter(letter)
    # FLE went on F8-H8's neighbours; the A and R at H8, I8 are skipped by the cursor.
    assert draft.cursor == (7, 9) and not board.has_tile(*draft.cursor)
    draft.type_letter("X")
    assert sorted(draft.placed) == [(7, 4), (7, 5), (7, 6), (7, 9)]
    assert draft.cursor == (7, 10)


def test_a_cursor_over_a_tile_is_not_drawn(qtbot):
    cfg = config()
    view = BoardView(cfg)
    qtbot.addWidget(view)
    view.resize(600, 600)
    scene = BoardScene(cfg, tiles={(7, 7): ("A", False)}, cursor=(7, 7))
    view.set_scene(scene)
    with_cursor = paint_at(view, 7, 7, 0.5, 0.1)
    view.set_scene(BoardScene(cfg, tiles={(7, 7): ("A", False)}))
    assert with_cursor == paint_at(view, 7, 7, 0.5, 0.1) == theme.TILE


def test_clicks_and_arrows_turn_and_move_the_cursor():
    draft = MoveDraft(Board(config()), list("ABCDEFG"))
    draft.click(3, 3)
    assert draft.cursor == (3, 3) and draft.direction == Direction.ACROSS
    draft.click(3, 3)
    assert draft.direction == Direction.DOWN
    draft.arrow(0, 1)  # right: turns across first
    assert draft.direction == Direction.ACROSS and draft.cursor == (3, 3)
    draft.arrow(0, 1)  # ...then moves
    assert draft.cursor == (3, 4)
    draft.click(5, 5)  # a new square starts across
    assert draft.direction == Direction.ACROSS


def test_diagonal_keys_turn_the_cursor_only_in_games_with_diagonals():
    straight = MoveDraft(Board(config()), list("ABCDEFG"))
    straight.click(3, 3)
    straight.arrow(1, 1)  # no diagonals in this game: nothing changes
    assert straight.direction == Direction.ACROSS and straight.cursor == (3, 3)
    whami = load_config(boards_dir() / "wordwhami.cfg")
    draft = MoveDraft(Board(whami), list("ABCDEFG"))
    draft.click(3, 3)
    draft.arrow(1, 1)  # Page Down: turns down-right first ...
    assert draft.direction == Direction.DIAGONAL_DOWN and draft.cursor == (3, 3)
    draft.arrow(1, 1)  # ... then moves along it
    assert draft.cursor == (4, 4)
    draft.arrow(-1, -1)  # Home: the same diagonal, so it moves back
    assert draft.direction == Direction.DIAGONAL_DOWN and draft.cursor == (3, 3)
    draft.arrow(-1, 1)  # Page Up: turns up-right, then moves
    assert draft.direction == Direction.DIAGONAL_UP
    draft.arrow(-1, 1)
    assert draft.cursor == (2, 4)
    draft.type_letter("A")
    draft.type_letter("B")
    assert {(p.row, p.col, p.letter) for p in draft.placements()} == {(2, 4, "A"), (1, 5, "B")}


def test_escape_returns_the_tiles_and_the_cursor_to_where_typing_began():
    draft = MoveDraft(Board(config()), list("ABCDEFG"))
    draft.click(2, 2)
    for letter in "ABC":
        draft.type_letter(letter)
    draft.clear()
    assert not draft.placed and draft.cursor == (2, 2) and len(draft.free()) == 7


def test_place_move_lift_reorder_shuffle_sort_keep_every_tile():
    draft = MoveDraft(Board(config()), list("QUIZ?ES"))
    ident = draft.free()[4].ident  # the blank
    with pytest.raises(DraftError, match="letter the blank"):
        draft.place(ident, 7, 7)
    draft.place(ident, 7, 7, "x")
    assert draft.placed[(7, 7)].letter == "X"
    draft.move((7, 7), (7, 8))
    assert list(draft.placed) == [(7, 8)] and draft.placed[(7, 8)].blank
    with pytest.raises(DraftError, match="not free"):
        draft.place(draft.free()[0].ident, 7, 8)
    assert draft.lift(7, 8) == ident
    draft.reorder(ident, 0)
    assert draft.free()[0].tile == "?"
    draft.shuffle(random.Random(3))
    assert sorted(draft.tiles()) == sorted("QUIZ?ES")
    draft.sort()
    assert draft.tiles() == ["E", "I", "Q", "S", "U", "Z", "?"]


def test_sync_keeps_the_persons_order_for_tiles_still_held():
    draft = MoveDraft(Board(config()), list("ABCDEFG"))
    draft.reorder(draft.free()[-1].ident, 0)  # G first
    draft.sync(["G", "B", "X", "D", "Y", "F", "A"])
    assert draft.tiles() == ["G", "A", "B", "D", "F", "X", "Y"]


def test_set_move_refuses_tiles_the_rack_lacks():
    draft = MoveDraft(Board(config()), list("CAT"))
    with pytest.raises(DraftError, match="you don't have a D"):
        draft.set_move([Placement(7, 7, "D"), Placement(7, 8, "O")])
    assert not draft.placed
    draft.set_move([Placement(7, 7, "C"), Placement(7, 8, "A"), Placement(7, 9, "T")])
    assert not draft.free()


def test_blocked_squares_take_no_tiles():
    cfg = config("diamond.cfg")
    blocked = next((r, c) for r in range(cfg.rows) for c in range(cfg.columns) if cfg.layout[r][c] == BLOCKED)
    draft = MoveDraft(Board(cfg), list("ABCDEFG"))
    assert not draft.is_free_square(*blocked)
    draft.click(*blocked)
    assert draft.cursor is None


# --- the board ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", CONFIGS)
def test_every_shipped_board_fits_and_maps_squares_both_ways(qtbot, name):
    cfg = config(name)
    view = BoardView(cfg)
    qtbot.addWidget(view)
    for size in (QSize(300, 300), QSize(900, 640), QSize(640, 900)):
        view.resize(size)
        rect_all = view.square_rect(0, 0).united(view.square_rect(cfg.rows - 1, cfg.columns - 1))
        assert view.rect().toRectF().contains(rect_all)
        for row, col in ((0, 0), (cfg.rows - 1, cfg.columns - 1), (cfg.rows // 2, cfg.columns // 3)):
            assert view.square_at(view.square_rect(row, col).center()) == (row, col)
        assert view.square_at(QPointF(1, 1)) is None
    image = view.grab().toImage()
    assert not image.isNull()


def test_the_board_scales_with_the_window(qtbot):
    view = BoardView(config())
    qtbot.addWidget(view)
    view.resize(400, 400)
    small = view.square_size()
    view.resize(800, 800)
    assert view.square_size() == pytest.approx(small * 2, rel=0.02)


def test_high_dpi_paints_at_device_resolution(qtbot):
    view = BoardView(config())
    qtbot.addWidget(view)
    view.resize(500, 500)
    image = QImage(1000, 1000, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(2.0)
    image.fill(QColor("white"))
    painter = QPainter(image)
    view.paint(painter)
    painter.end()
    # The squares were drawn at the device's resolution, not scaled up from 1x...
    assert view._background is not None and view._background.devicePixelRatio() == 2.0
    assert view._background.width() == 1000
    # ...and a premium square's colour lands on device pixels at twice its logical place.
    rect = view.square_rect(0, 0)
    assert image.pixelColor(int(rect.left() * 2 + rect.width() * 0.3), int(rect.center().y() * 2)) \
        == theme.WORD_COLOURS[1]


def paint_at(view: BoardView, row: int, col: int, x: float = 0.2, y: float = 0.2) -> QColor:
    """The colour painted at a fraction (x, y) across a square."""
    image = view.grab().toImage()
    rect = view.square_rect(row, col)
    ratio = image.devicePixelRatio()
    return image.pixelColor(int((rect.left() + rect.width() * x) * ratio),
                            int((rect.top() + rect.height() * y) * ratio))


def test_premiums_in_colour_or_symbols(qtbot):
    cfg = config()
    view = BoardView(cfg)
    qtbot.addWidget(view)
    view.resize(600, 600)
    assert paint_at(view, 0, 0) == theme.WORD_COLOURS[1]  # A1 triple word
    assert paint_at(view, 1, 5) == theme.LETTER_COLOURS[1]  # F2 triple letter
    view.set_symbols(True)
    # Symbols: the colour-blind-safe palette, and a shape in the square's middle.
    assert paint_at(view, 0, 0) == theme.WORD_PREMIUMS[1]  # A1 triple word
    assert paint_at(view, 1, 5) == theme.LETTER_PREMIUMS[1]  # F2 triple letter
    word_centre = paint_at(view, 0, 0, 0.5, 0.3)  # inside the diamond
    letter_ring = paint_at(view, 1, 5, 0.5, 0.5 - 0.36 + 0.005)  # on the ring's top
    assert word_centre == theme.ink_for(theme.WORD_PREMIUMS[1])
    assert letter_ring != theme.LETTER_PREMIUMS[1]


def test_tiles_blanks_tentative_and_last_move_look_different(qtbot):
    view = BoardView(config())
    qtbot.addWidget(view)
    view.resize(600, 600)
    scene = BoardScene(config(), tiles={(7, 7): ("A", False), (7, 8): ("B", True), (7, 9): ("C", False)},
                       tentative={(8, 7): ("D", False)}, highlight=frozenset({(7, 9)}))
    view.set_scene(scene)
    colours = {sq: paint_at(view, *sq) for sq in ((7, 7), (7, 8), (8, 7))}
    assert colours[(7, 7)] == theme.TILE
    assert colours[(7, 8)] == theme.BLANK_TILE
    assert colours[(8, 7)] == theme.TENTATIVE
    assert paint_at(view, 7, 9, 0.5, 0.08) == theme.LAST_MOVE  # the last move's ring
    assert paint_at(view, 7, 7, 0.5, 0.08) != theme.LAST_MOVE


def test_labels_letter_columns_and_number_rows():
    from wordstudio.crossword.board import column_name, row_name, square_name

    assert [column_name(c) for c in (0, 14, 25, 26, 29)] == ["A", "O", "Z", "AA", "AD"]
    assert row_name(0) == "1" and square_name(7, 7) == "H8"


def test_a_thirty_by_thirty_board_draws_every_tile(qtbot):
    cfg = config("wordwhami.cfg")
    assert (cfg.rows, cfg.columns) == (30, 30)
    view = BoardView(cfg)
    qtbot.addWidget(view)
    view.resize(900, 900)
    tiles = {(r, c): ("E", False) for r in range(cfg.rows) for c in range(cfg.columns)
             if cfg.layout[r][c] != BLOCKED and (r + c) % 3 == 0}
    view.set_scene(BoardScene(cfg, tiles=tiles))
    assert view.square_size() >= 28
    for row, col in list(tiles)[::50]:
        assert paint_at(view, row, col) == theme.TILE


# --- the rack and panels ---------------------------------------------------------------------
def test_rack_maps_tiles_and_insertion_points(qtbot):
    rack = RackView({"A": 1, "B": 3}, tile_size=40)
    qtbot.addWidget(rack)
    rack.resize(400, 60)
    rack.show()
    rack.set_tiles([(1, "A"), (2, "B"), (3, "?")])
    assert rack.ident_at(rack.tile_rect(1).center()) == 2
    start = rack.mapToGlobal(rack.tile_rect(0).topLeft().toPoint())
    assert rack.insert_index_at_global(QPointF(start)) == 0
    end = rack.mapToGlobal(rack.rect().topRight())
    assert rack.insert_index_at_global(QPointF(end.x() - 2, end.y() + 10)) == 3


def test_tiles_panel_shows_distribution_and_values(qtbot):
    panel = TilesPanel(config())
    qtbot.addWidget(panel)
    assert ("E", "12", False) in panel.grid.entries and ("?", "2", False) in panel.grid.entries
    panel.show_mode("values")
    assert ("Q", "10", False) in panel.grid.entries and ("?", "0", False) in panel.grid.entries
    assert panel.values_button.isChecked()


def test_unseen_panel_counts_vowels_and_blanks(qtbot):
    panel = UnseenPanel(config())
    qtbot.addWidget(panel)
    panel.show_unseen(["A", "E", "?", "Q", "Q"], 3, "Ann")
    assert "5</b> tiles unseen by Ann" in panel.summary.text() and "2 vowels" in panel.summary.text()
    assert ("Q", "2", False) in panel.grid.entries and ("B", "0", True) in panel.grid.entries


def test_legend_lists_the_premiums_the_board_uses(qtbot):
    legend = LegendStrip(config("super21.cfg"))
    labels = [label for _, label in legend.items()]
    assert "Double letter" in labels and "4 x word" in labels and "Blank" in labels
    assert "Blocked" in [label for _, label in LegendStrip(config("blocked13.cfg")).items()]


def test_premium_labels_and_contrast():
    assert theme.premium_of("C").label == "TW" and theme.premium_of("b").label == "DL"
    assert theme.premium_of("e").label == "5L" and theme.premium_of("a") is None
    assert theme.ink_for(theme.WORD_COLOURS[1]) == QColor("#ffffff")
    assert theme.ink_for(theme.LETTER_COLOURS[0]) != QColor("#ffffff")


def test_table_options_survive_damaged_settings():
    assert TableOptions.from_json({"symbols": True, "animation_speed": 12}) == TableOptions(symbols=True)
    assert TableOptions.from_json("junk") == TableOptions()
    options = TableOptions(True, True, True, 9)
    assert TableOptions.from_json(options.to_json()) == options and options.tile_delay_ms == 630


@pytest.mark.parametrize("ratio", [1.0, 1.5, 2.0])
def test_tiles_and_squares_are_copied_pixel_for_pixel_at_any_scaling(qtbot, ratio):
    """At 100, 150 and 200 % the cached pictures are made at the device's resolution and
    put on whole device pixels: what lands in the image is the picture itself, unblurred."""
    view = BoardView(config())
    qtbot.addWidget(view)
    view.resize(617, 603)  # odd sizes: squares fall on fractional pixels
    view.set_scene(BoardScene(config(), tiles={(7, 7): ("Q", False)}))
    size = (round(617 * ratio), round(603 * ratio))
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("white"))
    painter = QPainter(image)
    view.paint(painter)
    painter.end()
    assert view._background.devicePixelRatio() == ratio
    assert (view._background.width(), view._background.height()) == size
    rect = view.square_rect(7, 7)
    key = (theme.TileLook("Q", 10, False), round(rect.width() * ratio), ratio)
    tile = theme._TILE_CACHE[key].toImage().convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    corner = theme.snap(rect.topLeft(), ratio)
    x0, y0 = round(corner.x() * ratio), round(corner.y() * ratio)
    # The tile's middle (opaque, away from its rounded, antialiased edge) is copied exactly.
    for dx in range(tile.width() // 4, tile.width() * 3 // 4, 3):
        for dy in range(tile.height() // 4, tile.height() * 3 // 4, 3):
            assert image.pixelColor(x0 + dx, y0 + dy) == tile.pixelColor(dx, dy)


# --- the start square and the history (issue 17, item 8) -------------------------------------
def test_the_start_square_is_a_star_in_play_as_in_the_designer(qtbot):
    from wordstudio.ui.designer import look

    cfg = config()
    assert cfg.first_move_square == (7, 7) and cfg.layout[7][7] == cfg.layout[1][1]  # both DW
    view = BoardView(cfg)
    qtbot.addWidget(view)
    view.resize(600, 600)
    for symbols in (False, True):
        view.set_symbols(symbols)
        # The star's middle is the star's colour; another double word square shows "DW"
        # or its diamond there, never a star.
        assert paint_at(view, 7, 7, 0.5, 0.5) == theme.STAR
        assert paint_at(view, 1, 1, 0.5, 0.5) != theme.STAR
    # The designer draws its first-move square with the very same star.
    pictures = []
    for paint in (theme.paint_star, look.paint_star):
        image = QImage(40, 40, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        paint(painter, QRectF(0, 0, 40, 40))
        painter.end()
        pictures.append(image)
    assert pictures[0] == pictures[1] and pictures[0].pixelColor(20, 20) == theme.STAR
    # The legend names it.
    assert ("start", "Start (double word)") in LegendStrip(cfg).items()


def test_the_history_shows_each_players_running_total(qtbot):
    from tests.test_ui_crossword_support import new_game
    from wordstudio.crossword.actions import Pass
    from wordstudio.crossword.game import PlayerSpec
    from wordstudio.crossword.players.computer import choose_action
    from wordstudio.ui.crossword.info_panels import HistoryPanel
    from wordstudio.ui.crossword.notation import NOTATION_LENGTH

    game = new_game("scrabble.cfg", players=(PlayerSpec("Ann"), PlayerSpec("Hal")), seed=8)
    brain = PlayerSpec("brain", True, 3)
    expected: list[str] = []  # each mover's score just after his turn, from the game
    for ply in range(7):
        if ply == 2:
            game.act(Pass())
        else:
            for action in choose_action(game.position(), brain).actions:
                game.act(action)
        expected.append(str(game.scores[game.history[-1].player]))
    panel = HistoryPanel()
    qtbot.addWidget(panel)
    panel.show_history(game.history, ["Ann", "Hal"])
    header = panel.headerItem().text(HistoryPanel.TOTAL)
    rows = [panel.topLevelItem(i) for i in range(panel.topLevelItemCount())]
    assert header == "Total" and len(rows) == len(game.history) == 7
    assert [row.text(HistoryPanel.TOTAL) for row in rows] == expected
    # The pass keeps its player's total; the totals differ from the turn's own score.
    assert rows[2].text(HistoryPanel.SCORE) == "" and rows[2].text(HistoryPanel.TOTAL) == rows[0].text(HistoryPanel.TOTAL)
    assert rows[4].text(HistoryPanel.TOTAL) != rows[4].text(HistoryPanel.SCORE)
    # Only a play's notation is read for blanks: "passed" is words, not blank letters.
    assert rows[2].data(HistoryPanel.MOVE, NOTATION_LENGTH) == 0
    assert rows[2].data(HistoryPanel.MOVE, Qt.ItemDataRole.AccessibleTextRole) == "passed"
    assert rows[0].data(HistoryPanel.MOVE, NOTATION_LENGTH) == len(game.history[0].notation) > 0


def _contrast(a, b) -> float:
    def luminance(colour) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
        return (0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF())
                + 0.0722 * channel(colour.blueF()))
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("look", ["light", "dark"])
def test_the_typing_cursor_shows_on_every_square(qtbot, look):
    """The teal cursor was nearly invisible on the blue triple-letter square: round its
    edge something contrasts at least 3:1 with every kind of square, in either look."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from wordstudio.ui.theme import board as theme

    theme.use(look)
    try:
        for code in ("a", "b", "c", "d", "B", "C", "D", "k", "K"):
            for symbols in (True, False):
                image = QImage(60, 60, QImage.Format.Format_ARGB32)
                image.fill(0)
                painter = QPainter(image)
                rect = QRectF(0, 0, 60, 60)
                theme.paint_square(painter, rect, code, symbols)
                painter.end()
                fill = image.pixelColor(4, 30)
                painter = QPainter(image)
                theme.paint_cursor(painter, rect, (0, 1))
                painter.end()
                edge = [image.pixelColor(x, 30) for x in range(1, 10)]
                best = max(_contrast(pixel, fill) for pixel in edge)
                assert best >= 3.0, (look, code, symbols, fill.name(), best)
    finally:
        theme.use("light")
