"""The board takes the space, stays readable on big boards, and zooms.

Pictures of the standard, 21x21 and 30x30 boards at the default window size and at
1600x1000 are grabbed from a real main window (to ``$WORDSTUDIO_SCREENSHOTS`` when set)
and measured: the squares' painted width and the height of the label glyphs.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication

from tests.test_ui_crossword_support import FAST, new_game, open_window, settle
from wordstudio.crossword.game import PlayerSpec
from wordstudio.ui.crossword.boardarea import (
    FIT_ENOUGH,
    MAX_SQUARE,
    MIN_SQUARE,
    READABLE_SQUARE,
)
from wordstudio.ui.crossword.boardview import MIN_LABEL_PIXELS, label_band, label_pixels
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.mainwindow import MainWindow
from wordstudio.ui.theme import board as theme

DEFAULT_SIZE = (1200, 820)
BOARDS = {"scrabble.cfg": 15, "board21.cfg": 21, "wordwhami.cfg": 30}


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    yield from open_window(qtbot, tmp_path, monkeypatch)


def open_board(qtbot, window: MainWindow, name: str, size: tuple[int, int]) -> CrosswordPage:
    window.resize(*size)
    players = (PlayerSpec("Ann"), PlayerSpec("Hal", True, 1))
    game = new_game(name, players=players, seed=4)
    page = CrosswordPage(window.context, game=game, options=FAST, autosave=False)
    window.show_page(page)
    settle(qtbot, 60)
    return page


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("WORDSTUDIO_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def luminance(colour: QColor) -> float:
    return 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF()


def painted_square_span(image: QImage, page: CrosswordPage, row: int, col: int) -> tuple[int, int]:
    """The first and last pixel across the plain fill of an empty square, measured on
    the picture."""
    board = page.board
    rect = board.square_rect(row, col)
    centre = board.mapTo(page.window(), rect.center().toPoint())
    fill = image.pixelColor(centre)
    left = right = centre.x()
    while image.pixelColor(left - 1, centre.y()) == fill:
        left -= 1
    while image.pixelColor(right + 1, centre.y()) == fill:
        right += 1
    return left, right


def painted_square_width(image: QImage, page: CrosswordPage, row: int, col: int) -> int:
    """Pixels across the plain fill of an empty square, measured on the picture."""
    left, right = painted_square_span(image, page, row, col)
    return right - left + 1


def painted_square_pitch(image: QImage, page: CrosswordPage, row: int, col: int) -> int:
    """The square's size on the picture: from one square's fill to the next one's."""
    return painted_square_span(image, page, row, col + 1)[0] - painted_square_span(image, page, row, col)[0]


def ten_pixel_label_height() -> int:
    """How tall a capital of the labels' font is at 10 px: the measured label glyphs
    must be at least this tall for the labels to be 10 px text or more."""
    return int(QFontMetricsF(theme.font(10, bold=True)).capHeight())


def label_glyph_height(image: QImage, page: CrosswordPage) -> int:
    """The height of the letter "A" over the first column, measured on the picture."""
    board = page.board
    square = board.square_size()
    band = label_band(square)
    top_left = board.square_rect(0, 0).topLeft()
    area = board.visible_area()
    top = max(top_left.y() - band, area.top())
    origin = board.mapTo(page.window(), QPoint(round(top_left.x()), round(top)))
    frame = luminance(theme.FRAME)
    rows = [y for y in range(origin.y(), origin.y() + round(band))
            if any(luminance(image.pixelColor(x, y)) > frame + 0.25
                   for x in range(origin.x(), origin.x() + round(square)))]
    return rows[-1] - rows[0] + 1 if rows else 0


@pytest.mark.parametrize("size", [DEFAULT_SIZE, (1600, 1000)], ids=["default", "1600x1000"])
@pytest.mark.parametrize("name", list(BOARDS))
def test_every_board_is_readable_at_the_default_size_and_at_1600x1000(qtbot, window, tmp_path,
                                                                      name, size):
    page = open_board(qtbot, window, name, size)
    image = window.grab().toImage()
    path = shots(tmp_path) / f"board-{BOARDS[name]}-{size[0]}x{size[1]}.png"
    assert image.save(str(path))
    square = page.board.square_size()
    # Plain squares away from the tiles (the game has not begun: the board is empty),
    # measured on the picture: the squares at least 26 px apart, their fill 24 px and
    # more across (the rest is the gap between squares), and the labels' letters as
    # tall as 10 px text's capitals or taller.
    pitch = painted_square_pitch(image, page, 1, 2)
    painted = painted_square_width(image, page, 1, 2)
    glyph = label_glyph_height(image, page)
    assert square >= 26 and pitch >= 26 and painted >= 24, (square, pitch, painted)
    assert label_pixels(square) >= MIN_LABEL_PIXELS and glyph >= ten_pixel_label_height() >= 7, glyph
    if BOARDS[name] <= 21:
        assert not page.board_area.scrolled()  # the whole board shows
    # The board takes the space: it is the biggest thing on the page.
    assert page.board_area.width() >= page.width() * 0.6


def test_the_30x30_board_at_the_default_size_is_shown_readable_and_scrolled(qtbot, window):
    page = open_board(qtbot, window, "wordwhami.cfg", DEFAULT_SIZE)
    area = page.board_area
    assert area.fit_size() < FIT_ENOUGH  # it would need unreadable squares to fit
    assert page.board.square_size() == READABLE_SQUARE and area.scrolled()
    # Scrolled to the far corner, the labels stay at the view's edges.
    area.horizontalScrollBar().setValue(area.horizontalScrollBar().maximum())
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    settle(qtbot)
    image = window.grab().toImage()
    assert label_glyph_height(image, page) >= ten_pixel_label_height()
    assert painted_square_pitch(image, page, 28, 26) >= 26  # squares measured in the corner too


def test_zoom_with_keys_wheel_and_fit(qtbot, window):
    page = open_board(qtbot, window, "wordwhami.cfg", DEFAULT_SIZE)
    area, board = page.board_area, page.board
    start = board.square_size()
    page.commands.zoom_in.trigger()
    assert board.square_size() == pytest.approx(start * 1.2)
    page.commands.zoom_out.trigger()
    page.commands.zoom_out.trigger()
    assert board.square_size() < start
    page.commands.fit_board.trigger()  # Ctrl+0: the whole board in view
    settle(qtbot)
    assert page.commands.fit_board.isChecked() and not area.scrolled()
    assert board.square_size() == pytest.approx(area.fit_size())
    page.commands.fit_board.trigger()  # and back to the readable default
    assert board.square_size() == READABLE_SQUARE
    # Ctrl and the wheel zoom around the pointer: the square under it stays under it.
    point = QPoint(area.viewport().width() // 3, area.viewport().height() // 3)
    under = board.square_at(QPointF(board.mapFrom(area.viewport(), point)))
    event = QWheelEvent(QPointF(point), QPointF(area.viewport().mapToGlobal(point)),
                        QPoint(0, 0), QPoint(0, 240), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(area.viewport(), event)  # the wheel turns over the board
    assert board.square_size() == pytest.approx(READABLE_SQUARE * 1.44)
    assert board.square_at(QPointF(board.mapFrom(area.viewport(), point))) == under
    # Shortcuts, as the person presses them.
    keys = [action.shortcut().toString() for action in
            (page.commands.zoom_in, page.commands.zoom_out, page.commands.fit_board)]
    assert keys == ["Ctrl++", "Ctrl+-", "Ctrl+0"]


def test_the_zoom_chosen_for_a_board_size_is_kept(qtbot, window):
    page = open_board(qtbot, window, "wordwhami.cfg", DEFAULT_SIZE)
    page.commands.zoom_in.trigger()
    chosen = page.board.square_size()
    assert window.close_page()
    again = open_board(qtbot, window, "wordwhami.cfg", DEFAULT_SIZE)
    assert again.board.square_size() == pytest.approx(chosen, abs=0.2)


@pytest.mark.parametrize("square", [1e30, 1e300, 10**29, float("inf"), -5, 0.001, "40", True])
def test_a_remembered_zoom_the_board_cannot_take_is_kept_in_bounds(qtbot, window, square):
    """An edited settings file: a square of 1e30 pixels once made Qt refuse the board's
    size (OverflowError in every resize) and then crash."""
    window.context.settings.set("crossword/zoom/15x15", {"mode": "fixed", "square": square})
    page = open_board(qtbot, window, "scrabble.cfg", DEFAULT_SIZE)
    assert MIN_SQUARE <= page.board_area.fixed_square <= MAX_SQUARE
    assert page.board.square_size() <= MAX_SQUARE + 0.01
    if isinstance(square, float) and square > MAX_SQUARE and square != float("inf"):
        assert page.board_area.fixed_square == MAX_SQUARE


def test_the_view_follows_the_last_move_on_a_big_board(qtbot, window):
    page = open_board(qtbot, window, "wordwhami.cfg", DEFAULT_SIZE)
    game = page.game
    from wordstudio.crossword.board import Placement
    from wordstudio.crossword.tiles import Rack

    game.racks[0] = Rack(("C", "A", "T"))
    game.play([Placement(28, 26 + k, letter) for k, letter in enumerate("CAT")])
    page.refresh()
    settle(qtbot)
    visible = page.board.visible_area()
    for col in (26, 27, 28):
        assert visible.contains(page.board.square_rect(28, col))


def test_the_lines_under_a_big_board_take_no_more_height_than_they_need(qtbot, window):
    """Under the board: the status line keeps room for two lines of status (so the board
    never moves as the status changes) and no more; the rack's place is as tall as the
    rack row, the curtain between players no taller."""
    page = open_board(qtbot, window, "wordwhami.cfg", (1600, 1000))
    line, status = page.status_line, page.move_status
    before = page.board_area.geometry(), page.board.square_size()
    words = "word " * 5
    while status.fontMetrics().horizontalAdvance(words) < line.width() * 1.3:
        words += "word "
    line.set_text(words)  # two lines
    settle(qtbot)
    assert status.heightForWidth(line.width()) == line.height()
    assert (page.board_area.geometry(), page.board.square_size()) == before
    line.set_text("LINKS - 20 points. Press Enter to play")  # one line: the place stays
    settle(qtbot)
    assert (page.board_area.geometry(), page.board.square_size()) == before
    assert page.rack_stack.height() == page.rack_row.sizeHint().height()
    assert page.curtain.sizeHint().height() <= page.rack_row.sizeHint().height()


@pytest.mark.parametrize("screen", [(1280, 720), (1366, 768), (1600, 1000)])
@pytest.mark.parametrize("name", list(BOARDS))
def test_the_page_comes_to_rest_after_a_resize(qtbot, window, name, screen):
    """The rack's tiles follow the board's squares and the squares the room the rack
    leaves: a one-pixel change must not go round for ever (at 1366x768 the standard
    board's squares went 34.26, 34.32, 34.26 ... 40 times a second)."""
    from PySide6.QtCore import QRect

    from wordstudio.ui.screenfit import fitted_geometry

    window.setGeometry(fitted_geometry(QRect(0, 0, *screen)))
    page = open_board(qtbot, window, name, (window.width(), window.height()))
    settle(qtbot, 200)
    changes: list[float] = []
    page.board_area.zoom_changed.connect(changes.append)
    qtbot.wait(400)
    assert changes == []
    rack = page.rack.geometry().translated(page.rack.parentWidget().mapTo(page, QPoint(0, 0)))
    assert page.rect().contains(rack) and page.rack.height() == page.rack.sizeHint().height()
