"""The designer page's board: painting with each tool and symmetry, the first move, the
letters printed on the board, the board size, and undo/redo of all of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QPushButton

from wordstudio.crossword.config.files import load_config
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.designer.boardedit import Symmetry
from wordstudio.ui.designer.document import DesignDocument
from wordstudio.ui.designer.page import DesignerPage
from wordstudio.ui.designer.painter import Tool
from wordstudio.ui.workers import BackgroundRunner

BOARD = """\
# board.def -- a test board, with a comment that must survive
Rows = 7
Columns = 9
BoardPositionScore = {
aaaaaaaaa
aaaaaaaaa
aaaaaaaaa
aaaaaaaaa
aaaaaaaaa
aaaaaaaaa
aaaaaaaaa
}
FirstMoveRow = 4   # the middle row
FirstMoveCol = 5
"""
GAME = "# game.cfg\nTitle = Test game\nInclude = board.def\nNumberOfTiles = 7\n"


@pytest.fixture
def context(tmp_path: Path, qtbot) -> AppContext:
    runner = BackgroundRunner(mode="sync")
    yield AppContext(Settings(tmp_path / "settings.json"), runner)
    runner.shutdown()


@pytest.fixture
def game(tmp_path: Path) -> Path:
    (tmp_path / "board.def").write_text(BOARD, encoding="utf-8")
    path = tmp_path / "game.cfg"
    path.write_text(GAME, encoding="utf-8")
    return path


def make_page(qtbot, context: AppContext, path: Path) -> DesignerPage:
    page = DesignerPage(context, DesignDocument.open(path))
    qtbot.addWidget(page)
    page.resize(1280, 820)
    page.show()
    qtbot.waitExposed(page)
    return page


def centre(page: DesignerPage, row: int, col: int) -> QPoint:
    return page.painter.square_rect(row, col).center().toPoint()


def click(qtbot, page: DesignerPage, row: int, col: int,
          button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(page.painter, button, pos=centre(page, row, col))


def drag(qtbot, page: DesignerPage, squares: list[tuple[int, int]]) -> None:
    painter = page.painter
    qtbot.mousePress(painter, Qt.MouseButton.LeftButton, pos=centre(page, *squares[0]))
    for square in squares[1:]:
        qtbot.mouseMove(painter, centre(page, *square))
    qtbot.mouseRelease(painter, Qt.MouseButton.LeftButton, pos=centre(page, *squares[-1]))


def layout(page: DesignerPage) -> tuple[str, ...]:
    return page.document.design_values()["BoardPositionScore"]


def coded(board: tuple[str, ...], code: str) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(board) for c, k in enumerate(row) if k == code}


def choose(page: DesignerPage, tool: Tool | None = None, code: str | None = None,
           symmetry: Symmetry | None = None) -> None:
    if code is not None:
        page.tools.code_buttons[code].click()
    if tool is not None:
        page.tools.tool_buttons[tool].click()
    if symmetry is not None:
        page.tools.symmetry.setCurrentIndex(page.tools.symmetry.findData(symmetry))


@pytest.mark.parametrize(("symmetry", "expected"), [
    (Symmetry.NONE, {(1, 2)}),
    (Symmetry.LEFT_RIGHT, {(1, 2), (1, 6)}),
    (Symmetry.TOP_BOTTOM, {(1, 2), (5, 2)}),
    (Symmetry.BOTH, {(1, 2), (1, 6), (5, 2), (5, 6)}),
    (Symmetry.ROTATIONAL, {(1, 2), (5, 6)}),
])
def test_painting_with_each_symmetry(qtbot, context: AppContext, game: Path,
                                     symmetry: Symmetry, expected: set[tuple[int, int]]) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.BRUSH, "C", symmetry)
    click(qtbot, page, 1, 2)
    board = layout(page)
    assert coded(board, "C") == expected
    assert coded(board, "a") == {(r, c) for r in range(7) for c in range(9)} - expected
    # The stroke went to the file the board comes from, comments and all (not saved yet).
    edited = page.document.text(game.parent / "board.def")
    row = "".join("C" if (1, c) in expected else "a" for c in range(9))
    assert f"\naaaaaaaaa\n{row}\n" in edited and edited.startswith("# board.def -- a test board")
    assert "FirstMoveRow = 4   # the middle row" in edited
    assert (game.parent / "board.def").read_text() == BOARD
    assert page.document.text(game) == GAME
    assert page.undo_stack.count() == 1


def test_a_drag_paints_a_line_with_symmetry_and_is_one_undo_step(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.BRUSH, "@", Symmetry.ROTATIONAL)
    drag(qtbot, page, [(0, 0), (0, 3)])  # the mouse jumps: the squares between are painted
    assert coded(layout(page), "@") == {(0, c) for c in range(4)} | {(6, c) for c in range(5, 9)}
    assert page.undo_stack.count() == 1
    page.undo_stack.undo()
    assert coded(layout(page), "@") == set()


def test_the_right_button_paints_plain_squares(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.BRUSH, "k")
    click(qtbot, page, 2, 2)
    assert layout(page)[2][2] == "k"
    click(qtbot, page, 2, 2, Qt.MouseButton.RightButton)
    assert layout(page)[2][2] == "a"


def test_the_rectangle_tool(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.RECTANGLE, "K", Symmetry.LEFT_RIGHT)
    drag(qtbot, page, [(1, 0), (2, 1), (3, 1)])
    expected = {(r, c) for r in (1, 2, 3) for c in (0, 1)}
    assert coded(layout(page), "K") == expected | {(r, 8 - c) for r, c in expected}


def test_fill_and_clear(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.BRUSH, "@")
    drag(qtbot, page, [(0, 3), (6, 3)])  # a wall down column 4
    choose(page, Tool.FILL, "B")
    click(qtbot, page, 2, 1)
    board = layout(page)
    assert coded(board, "B") == {(r, c) for r in range(7) for c in range(3)}
    assert coded(board, "a") == {(r, c) for r in range(7) for c in range(4, 9)}
    page.tools.findChild(QPushButton, "clear-board").click()
    assert coded(layout(page), "a") == {(r, c) for r in range(7) for c in range(9)}
    assert page.undo_stack.count() == 3


def test_the_first_move_tool(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.FIRST_MOVE)
    click(qtbot, page, 2, 6)
    board_text = page.document.text(game.parent / "board.def")
    assert "FirstMoveRow = 3   # the middle row" in board_text and "FirstMoveCol = 7" in board_text
    assert page.painter.first_move == (3, 7)
    assert page.rules.fields["FirstMoveRow"].spin.value() == 3  # type: ignore[attr-defined]
    click(qtbot, page, 0, 0, Qt.MouseButton.RightButton)
    config = page.document.to_config()
    assert (config.first_move_row, config.first_move_col) == (0, 0)


def test_letters_on_the_board(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.BRUSH, "@")
    click(qtbot, page, 3, 7)
    choose(page, Tool.LETTERS)
    click(qtbot, page, 3, 4)
    qtbot.keyClicks(page.painter, "cats")  # the S would land on the blocked square
    assert "blocked" in page.hover_label.text()
    page.tools.blanks.setChecked(True)
    click(qtbot, page, 0, 0)
    qtbot.keyClicks(page.painter, "s")
    board = page.document.to_config().starting_board
    assert board[3] == "....CAT.." and board[0] == "s........"
    qtbot.keyClick(page.painter, Qt.Key.Key_Backspace)
    assert page.document.to_config().starting_board[0] == "........."
    page.set_letters(())
    assert page.document.to_config().starting_board == ()
    assert page.document.value_text("StartingBoard") == "{ }"


def test_resizing_keeps_the_board_centred_and_moves_the_first_move(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.BRUSH, "D")
    click(qtbot, page, 3, 4)
    page.tools.rows.setValue(9)
    page.tools.columns.setValue(11)
    config = page.document.to_config()
    assert (config.rows, config.columns) == (9, 11)
    assert config.layout[4][5] == "D" and (config.first_move_row, config.first_move_col) == (5, 6)
    # Rows and Columns were changed where they are set, before the board that needs them.
    text = page.document.text(game.parent / "board.def")
    assert text.index("Rows = 9") < text.index("Columns = 11") < text.index("BoardPositionScore")
    page.tools.rows.setValue(30)
    page.tools.columns.setValue(30)
    assert page.document.to_config().rows == 30 and page.checks.problems == []
    # Consecutive size changes are one undo step.
    page.undo_stack.undo()
    assert page.document.to_config().rows == 7


def test_undo_and_redo_give_the_files_back_byte_for_byte(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    original = page.document.texts()
    choose(page, Tool.BRUSH, "C", Symmetry.BOTH)
    click(qtbot, page, 0, 0)
    choose(page, Tool.FIRST_MOVE)
    click(qtbot, page, 1, 1)
    page.tools.rows.setValue(11)
    page.rules.fields["ScoreLimit"].spin.setValue(300)  # type: ignore[attr-defined]
    edited = page.document.texts()
    assert edited != original and page.document.is_modified
    assert "*game.cfg" in page.title()
    while page.undo_stack.canUndo():
        page.undo_stack.undo()
    assert page.document.texts() == original and not page.document.is_modified
    assert page.painter.layout_codes == tuple("a" * 9 for _ in range(7))
    while page.undo_stack.canRedo():
        page.undo_stack.redo()
    assert page.document.texts() == edited
    assert page.document.to_config().end.score_limit == 300


def test_painting_saves_to_the_board_file_and_reads_back(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.BRUSH, "E", Symmetry.ROTATIONAL)
    click(qtbot, page, 0, 1)
    assert page.save()
    board = load_config(game).layout
    assert board[0][1] == "E" and board[6][7] == "E"
    assert load_config(game) == page.document.to_config()
    assert (game.parent / "board.def").read_text().startswith("# board.def -- a test board")
    assert game.read_text() == GAME  # the game file had no edit: it is not rewritten


def test_a_row_number_or_column_letter_constrains_only_that_line(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    choose(page, Tool.FIRST_MOVE)
    row_label = page.painter.square_rect(5, 0).center() - QPointF(page.painter.square_rect(0, 0).width(), 0)
    qtbot.mouseClick(page.painter, Qt.MouseButton.LeftButton, pos=row_label.toPoint())
    config = page.document.to_config()
    assert (config.first_move_row, config.first_move_col) == (6, 0)
    column_label = page.painter.square_rect(0, 2).center() - QPointF(0, page.painter.square_rect(0, 0).height())
    qtbot.mouseClick(page.painter, Qt.MouseButton.LeftButton, pos=column_label.toPoint())
    config = page.document.to_config()
    assert (config.first_move_row, config.first_move_col) == (0, 3)
    assert page.undo_stack.undoText() == "First move: column 3"


def test_painting_from_the_keyboard(qtbot, context, game) -> None:
    page = make_page(qtbot, context, game)
    painter = page.painter
    choose(page, Tool.BRUSH, "C")  # triple word
    painter.setFocus()
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Right, Qt.Key.Key_Right):
        qtbot.keyClick(painter, key)
    assert "C2" in painter.accessibleDescription()
    qtbot.keyClick(painter, Qt.Key.Key_Space)
    assert coded(layout(page), "C") == {(1, 2)}
    # A rectangle: Enter marks a corner, the arrows stretch it, Enter again paints it.
    choose(page, Tool.RECTANGLE, "b")
    painter.setFocus()
    qtbot.keyClick(painter, Qt.Key.Key_Return)
    qtbot.keyClick(painter, Qt.Key.Key_Down)
    qtbot.keyClick(painter, Qt.Key.Key_Right)
    qtbot.keyClick(painter, Qt.Key.Key_Return)
    assert coded(layout(page), "b") == {(1, 2), (1, 3), (2, 2), (2, 3)}
    # Delete makes the cursor's square plain; the first-move tool takes Enter too.
    qtbot.keyClick(painter, Qt.Key.Key_Delete)
    assert (2, 3) not in coded(layout(page), "b")
    choose(page, Tool.FIRST_MOVE)
    painter.setFocus()
    qtbot.keyClick(painter, Qt.Key.Key_Return)
    assert painter.first_move == (3, 4)


# --- high DPI: 150 % and 200 % ----------------------------------------------------------
@pytest.mark.parametrize("ratio", [1.5, 2.0])
def test_the_board_is_painted_sharp_at_high_dpi(qtbot, ratio) -> None:
    """At 150 % and 200 % the designer's board is painted at the device's resolution: the
    picture has the logical size times the ratio, and across a row of plain squares every
    pixel is a square's colour or the frame's between them (no edge smeared over two
    pixels), the gaps all equally wide, one at each square's edge; a tile's letter is
    far sharper than in a 100 % picture scaled up."""
    from PySide6.QtGui import QColor, QImage

    from wordstudio.crossword.gameconfig import PLAIN
    from wordstudio.ui.designer.painter import BoardPainter
    from wordstudio.ui.theme import board as theme

    view = BoardPainter(read_only=True)
    qtbot.addWidget(view)
    view.set_board((PLAIN * 9,) * 9, letters=("WORDS....",) + ("." * 9,) * 8)
    view.resize(517, 463)  # odd sizes: the squares would fall on fractions of pixels

    def picture(at: float) -> QImage:
        image = QImage(round(517 * at), round(463 * at), QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(at)
        image.fill(QColor("white"))
        view.render(image)
        return image

    image = picture(ratio)
    assert (image.width(), image.height()) == (round(517 * ratio), round(463 * ratio))
    assert image.devicePixelRatio() == ratio
    # The geometry as painted at this ratio (square_rect answers for the screen's).
    view._painting_ratio = ratio
    squares = [view.square_rect(4, c) for c in range(9)]
    tiles = [view.square_rect(0, c) for c in range(5)]
    view._painting_ratio = None
    y = round(squares[0].center().y() * ratio)
    left, right = round(squares[0].left() * ratio), round(squares[-1].right() * ratio)
    scan = [image.pixelColor(x, y) for x in range(left, right)]
    plain, frame = theme.PLAIN, theme.FRAME
    assert all(c in (plain, frame) for c in scan), {c.name() for c in scan}
    gaps: list[tuple[int, int]] = []
    for x, colour in enumerate(scan):
        if colour == frame:
            if gaps and gaps[-1][1] == x - 1:
                gaps[-1] = (gaps[-1][0], x)
            else:
                gaps.append((x, x))
    assert len(gaps) == 8 and len({b - a for a, b in gaps}) == 1
    for (_, end), square in zip(gaps, squares[1:], strict=True):
        assert left + end + 1 == round(square.left() * ratio)  # the gap ends where it begins
    # The tiles' letters, at the device's resolution.
    one = picture(1.0).scaled(image.width(), image.height(), Qt.AspectRatioMode.IgnoreAspectRatio,
                              Qt.TransformationMode.SmoothTransformation)

    def soft_share(picture_: QImage) -> float:
        ink = theme.TILE_TEXT.lightness()
        paper = theme.TILE.lightness()
        soft = inked = 0
        for rect in tiles:
            inner = rect.adjusted(rect.width() * 0.25, rect.height() * 0.2,
                                  -rect.width() * 0.25, -rect.height() * 0.2)
            for yy in range(round(inner.top() * ratio), round(inner.bottom() * ratio)):
                for xx in range(round(inner.left() * ratio), round(inner.right() * ratio)):
                    lightness = picture_.pixelColor(xx, yy).lightness()
                    if abs(lightness - paper) > 20:
                        inked += 1
                        soft += abs(lightness - ink) > 20
        return soft / inked

    assert soft_share(image) < 0.6 * soft_share(one)


def test_the_line_under_the_board_says_what_the_square_is_after_painting(qtbot, context,
                                                                         game) -> None:
    """It said "E5: Plain" after E5 was painted (it was written only when the mouse
    moved to another square); painting, undo and the fill bucket each say it again."""
    page = make_page(qtbot, context, game)
    qtbot.mouseMove(page.painter, centre(page, 4, 4))
    assert page.hover_label.text() == "E5: Plain"
    choose(page, Tool.BRUSH, "C")
    click(qtbot, page, 4, 4)
    assert page.hover_label.text() == "E5: Word \u00d73"
    page.undo_stack.undo()
    assert page.hover_label.text() == "E5: Plain"
    choose(page, Tool.FILL, "b")
    click(qtbot, page, 4, 4)
    assert page.hover_label.text() == "E5: Letter \u00d72"
    # A stroke under way: the square under the mouse says the kind being painted.
    choose(page, Tool.BRUSH, "@")
    qtbot.mousePress(page.painter, Qt.MouseButton.LeftButton, pos=centre(page, 4, 4))
    assert page.hover_label.text() == "E5: Blocked"
    qtbot.mouseMove(page.painter, centre(page, 4, 5))
    assert page.hover_label.text() == "F5: Blocked"
    qtbot.mouseRelease(page.painter, Qt.MouseButton.LeftButton, pos=centre(page, 4, 5))
    assert page.hover_label.text() == "F5: Blocked"
