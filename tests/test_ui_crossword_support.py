"""Helpers for the crossword window tests: a page on a real game, and a person's hands.

The helpers act the way a person does: mouse presses, moves and releases on the rack and
the board (the widget pressed keeps the mouse, as Qt's implicit grab does, so every event
of a drag goes to it), key presses on the board, clicks on dialog buttons.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from wordstudio.crossword.actions import Pass, Play
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSettings, GameSetup, PlayerSpec
from wordstudio.crossword.players.computer import Decision, choose_action
from wordstudio.crossword.tiles import BLANK
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.crossword.options import TableOptions
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.dialogs import messages
from wordstudio.ui.mainwindow import MainWindow
from wordstudio.ui.workers import BackgroundRunner

LEXICON = "en-US-standard"
FAST = TableOptions(animation_speed=0)


def make_context(tmp_path: Path, mode: str = "sync") -> Iterator[AppContext]:
    runner = BackgroundRunner(mode=mode)
    try:
        yield AppContext(Settings(tmp_path / "settings.json"), runner)
    finally:
        runner.shutdown()


def open_window(qtbot, tmp_path: Path, monkeypatch, size: tuple[int, int] = (1200, 820)
                ) -> Iterator[MainWindow]:
    """A real main window, shown, whose pages close without asking to save (a fixture's
    body: ``yield from open_window(...)``)."""
    monkeypatch.setattr(messages, "choose", lambda *a: 1)
    for context in make_context(tmp_path):
        context.settings.set("crossword/options", FAST.to_json())
        window = MainWindow(context)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        yield window


def new_game(config: str = "board7.cfg", players: tuple[PlayerSpec, ...] | None = None, seed: int = 1,
             settings: GameSettings | None = None, now=None) -> Game:
    players = players or (PlayerSpec("Ann"), PlayerSpec("Cleo", True, 3))
    setup = GameSetup.create(load_config(boards_dir() / config), players, seed=seed, settings=settings,
                             lexicon=LEXICON)
    if now is None:
        return Game(setup, load_lexicon(LEXICON))
    return Game(setup, load_lexicon(LEXICON), now=now)


def show_page(qtbot, context: AppContext, game: Game, options: TableOptions = FAST,
              size: tuple[int, int] = (1180, 820), **kwargs) -> CrosswordPage:
    kwargs.setdefault("autosave", False)  # the files tests check autosave; others leave none
    page = CrosswordPage(context, game=game, options=options, **kwargs)
    qtbot.addWidget(page)
    page.resize(*size)
    page.show()
    qtbot.waitExposed(page)
    settle(qtbot)
    return page


def settle(qtbot, ms: int = 30) -> None:
    """Let queued calls (delivered results, scheduled turns) run."""
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(ms // 3 or 1)


def wait_for_person(qtbot, page: CrosswordPage, timeout: int = 20000) -> None:
    """Until it is a person's turn with nothing in the way, or the game is over."""
    qtbot.waitUntil(lambda: page.game.over or page.can_edit(), timeout=timeout)


def square_point(page: CrosswordPage, row: int, col: int) -> QPoint:
    """The middle of a square, scrolled into view first (as a person would scroll to
    it when the window is small)."""
    QApplication.processEvents()  # pending layout (the rack fitting the board) first
    page.board_area.show_squares([(row, col)])
    return page.board.square_rect(row, col).center().toPoint()


def rack_point(page: CrosswordPage, ident: int) -> QPoint:
    QApplication.processEvents()  # pending layout first, as in square_point
    free = page.draft.free()
    index = [rt.ident for rt in free].index(ident)
    return page.rack.tile_rect(index).center().toPoint()


def drag(source: QWidget, start: QPoint, target: QWidget, end: QPoint, steps: int = 6) -> None:
    """Press on ``source``, move in steps to ``end`` on ``target``, release - every event
    sent to ``source``, which holds the mouse while the button is down."""
    finish = source.mapFromGlobal(target.mapToGlobal(end))
    QTest.mousePress(source, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for k in range(1, steps + 1):
        x = start.x() + (finish.x() - start.x()) * k // steps
        y = start.y() + (finish.y() - start.y()) * k // steps
        QTest.mouseMove(source, QPoint(x, y))
    QTest.mouseRelease(source, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, finish)


def click_square(page: CrosswordPage, row: int, col: int) -> None:
    QTest.mouseClick(page.board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     square_point(page, row, col))


def drag_tile_to_board(qtbot, page: CrosswordPage, tile: str, row: int, col: int, letter: str = "") -> None:
    """Drag a rack tile to a square; a blank's letter is picked in the dialog that opens."""
    ident = next(rt.ident for rt in page.draft.free() if rt.tile == tile)
    # The square first: finding it lets pending layout run (the rack fitting the board
    # after new tiles), which may move the rack's tiles - so the rack point comes after.
    end = square_point(page, row, col)
    drag(page.rack, rack_point(page, ident), page.board, end)
    if tile == BLANK:
        qtbot.waitUntil(lambda: page.blank_dialog is not None and page.blank_dialog.isVisible())
        page.blank_dialog.letter_buttons[letter].click()


def best_decision(game: Game) -> Decision:
    """What a strong player would do for the person to move (the test's "brain")."""
    return choose_action(game.position(), PlayerSpec("brain", True, 8))


def type_move(qtbot, page: CrosswordPage, play: Play) -> None:
    """Click the first new square (twice for a downward word) and type the new letters;
    a blank is typed as Space then its letter."""
    placements = sorted(play.placements, key=lambda p: (p.row, p.col))
    first = placements[0]
    down = len(placements) > 1 and placements[1].col == first.col
    click_square(page, first.row, first.col)
    if down:
        click_square(page, first.row, first.col)
    for p in placements:
        if p.blank:
            QTest.keyClick(page.board, Qt.Key.Key_Space)
        QTest.keyClicks(page.board, p.letter.lower())


def drag_move(qtbot, page: CrosswordPage, play: Play) -> None:
    for p in play.placements:
        drag_tile_to_board(qtbot, page, BLANK if p.blank else p.letter, p.row, p.col, p.letter)


def pass_with_dialog(qtbot, page: CrosswordPage, action: Pass) -> None:
    """Pass (or exchange) through the dialog: tick the tiles, press OK."""
    if action.discards:
        page.commands.exchange.trigger()
    else:
        page.commands.pass_turn.trigger()
    qtbot.waitUntil(lambda: page.discard_dialog is not None and page.discard_dialog.isVisible())
    page.discard_dialog.select("".join(action.discards))
    page.discard_dialog.ok.click()
