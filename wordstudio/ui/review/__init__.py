"""The game review in the window: registered with the main window (File > New > Review a
Game) and opened from a crossword game's Record > Review Game.

:func:`start_review` asks for a saved game (any format the program reads) and opens the
review page; :func:`open_review` opens it for a game already open.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from wordstudio.crossword.game import Game
from wordstudio.crossword.review.engine import reviewable
from wordstudio.paths import saved_games_dir
from wordstudio.ui.context import AppContext
from wordstudio.ui.dialogs import messages
from wordstudio.ui.page import GameEntry, GamePage


def review_page(context: AppContext, parent: QWidget | None, game: Game,
                path: Path | None = None,
                back: Callable[[], GamePage | None] | None = None) -> GamePage | None:
    """The review page for ``game``, or None (with a message) if it cannot be reviewed.
    ``back`` makes the page "Back to the Game" opens."""
    from wordstudio.ui.review.page import ReviewPage

    problem = reviewable(game)
    if problem:
        messages.warn(parent, "Review", f"This game cannot be reviewed: {problem}.")
        return None
    if not game.history:
        messages.inform(parent, "Review", "There is nothing to review yet: no move has been "
                                          "made.")
        return None
    return ReviewPage(context, game, path, back=back)


def open_review(page: GamePage, game: Game, path: Path | None = None,
                back: Callable[[], GamePage | None] | None = None) -> GamePage | None:
    """Review ``game`` in place of ``page`` (the window asks to save the game first)."""
    review = review_page(page.context, page, game, path, back)
    show = getattr(page.window(), "show_page", None)
    if review is None or not callable(show):
        return None
    show(review)
    return review


def start_review(context: AppContext, parent: QWidget) -> GamePage | None:
    """File > New > Review a Game: choose a saved game, then review it."""
    from wordstudio.ui.crossword.dialogs import open_saved_game

    chosen, _ = QFileDialog.getOpenFileName(
        parent, "Review a game", str(saved_games_dir()),
        "Saved games (*.crossword *.gcg *.sav *.ww *.wws);;All files (*)")
    if not chosen:
        return None
    path = Path(chosen)
    saved = open_saved_game(context, parent, path, "Review a game")
    if saved is None:
        return None

    def reopen() -> GamePage | None:
        # Back to the game: the file opened as a game, as File > Open would.
        opener = getattr(parent.window(), "open_path", None)
        return opener(path) if callable(opener) else None

    return review_page(context, parent, saved.game, path, back=reopen)


ENTRIES = [
    GameEntry(
        ident="review",
        title="Review a Game",
        summary="Every move of a finished game against the best alternatives",
        start=start_review,
        keywords=("analysis", "review", "mistakes", "gcg"),
    ),
]

__all__ = ["ENTRIES", "open_review", "review_page", "start_review"]
