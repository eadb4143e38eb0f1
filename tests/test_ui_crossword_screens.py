"""Pictures of the crossword window at the start, in the middle and at the end of games.

With 2 and 4 players on the 15x15, 21x21 and diamond boards, in a real main window.  The
pictures go to ``$WORDSTUDIO_SCREENSHOTS`` when set (that is how the layout was looked
at and fixed), else to a temporary folder.  The tests check what can be checked without
eyes: the whole board is inside the window, every player's card is on screen, the rack
shows every tile, and the status line is not cut off.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage

from tests.test_ui_crossword_support import FAST, new_game, open_window, settle
from wordstudio.crossword.game import Game, PlayerSpec
from wordstudio.crossword.players.computer import choose_action
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.mainwindow import MainWindow

BOARDS = {"scrabble.cfg": "15x15", "board21.cfg": "21x21", "diamond.cfg": "diamond"}
PLAYERS = {2: (PlayerSpec("Ann"), PlayerSpec("Hal", True, 8)),
           4: (PlayerSpec("Ann"), PlayerSpec("Hal", True, 8), PlayerSpec("Bea", True, 4),
               PlayerSpec("Kit", True, 6))}


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    yield from open_window(qtbot, tmp_path, monkeypatch, (1280, 860))


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("WORDSTUDIO_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def advance(game: Game, until_ply: int | None = None) -> None:
    """Play strong moves for everybody (to the end when ``until_ply`` is None)."""
    brain = PlayerSpec("brain", True, 8)
    while not game.over and (until_ply is None or game.ply < until_ply
                             or game.players[game.current].computer):
        for action in choose_action(game.position(), brain).actions:
            game.act(action)


def grab(window: MainWindow, folder: Path, name: str) -> QImage:
    path = folder / name
    assert window.grab().save(str(path))
    image = QImage(str(path))
    assert not image.isNull() and image.width() >= 1200
    return image


def check_layout(window: MainWindow, page: CrosswordPage) -> None:
    area = QRect(page.mapTo(window, page.rect().topLeft()), page.size())
    board = page.board
    top_left = board.mapTo(window, board.square_rect(0, 0).topLeft().toPoint())
    config = page.config
    bottom_right = board.mapTo(window, board.square_rect(config.rows - 1, config.columns - 1)
                               .bottomRight().toPoint())
    assert area.contains(top_left) and area.contains(bottom_right)
    assert board.square_size() >= 24  # big enough to read at 1280x860
    for card in page.players_panel.cards:
        assert card.isVisible() and card.visibleRegion().boundingRect().height() == card.height()
    shown = [t for _, t in page.rack.tiles]
    if shown:
        last = page.rack.tile_rect(len(shown) - 1)
        assert last.right() <= page.rack.width()
    status = page.move_status
    if status.isVisible():
        assert status.heightForWidth(status.width()) <= status.height() + 1


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("board", list(BOARDS))
def test_start_middle_and_end_of_a_game(qtbot, window, tmp_path, board, players):
    folder = shots_dir(tmp_path)
    stem = f"crossword-{BOARDS[board]}-{players}p"
    game = new_game(board, players=PLAYERS[players], seed=5)
    page = CrosswordPage(window.context, game=game, options=FAST, autosave=False)
    window.show_page(page)
    settle(qtbot, 60)
    check_layout(window, page)
    grab(window, folder, f"{stem}-start.png")

    window.close_page()
    game = new_game(board, players=PLAYERS[players], seed=5)
    advance(game, until_ply=4 * players)
    page = CrosswordPage(window.context, game=game, options=FAST, autosave=False)
    window.show_page(page)
    qtbot.waitUntil(page.can_edit)
    best = choose_action(game.position(), PlayerSpec("brain", True, 8))
    if best.candidates:
        page.show_candidate(best.candidates[0])  # tentative tiles with their live score
        assert page.board.scene.badge is not None
    settle(qtbot, 60)
    check_layout(window, page)
    grab(window, folder, f"{stem}-middle.png")

    window.close_page()
    game = new_game(board, players=PLAYERS[players], seed=5)
    advance(game)
    page = CrosswordPage(window.context, game=game, options=FAST, autosave=False)
    window.show_page(page)
    qtbot.waitUntil(lambda: page.summary_dialog is not None and page.summary_dialog.isVisible())
    settle(qtbot, 60)
    check_layout(window, page)
    assert all(page.players_panel.racks_shown())
    grab(window, folder, f"{stem}-end.png")
    assert page.summary_dialog.grab().save(str(folder / f"{stem}-summary.png"))
    page.summary_dialog.reject()


def test_symbols_and_curtain_pictures(qtbot, window, tmp_path):
    from wordstudio.ui.crossword.options import TableOptions

    folder = shots_dir(tmp_path)
    game = new_game("scrabble.cfg", players=(PlayerSpec("Ann"), PlayerSpec("Bob")), seed=6)
    advance(game, until_ply=6)
    page = CrosswordPage(window.context, game=game, autosave=False,
                         options=TableOptions(symbols=True, pause_between_players=True, animation_speed=0))
    window.show_page(page)
    settle(qtbot, 60)
    assert page.curtain_down
    check_layout(window, page)
    grab(window, folder, "crossword-symbols-curtain.png")
