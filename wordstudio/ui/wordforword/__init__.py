"""Word For Word in the window: the new-game dialog, the game page, opening saved games."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from wordstudio.errors import UserError
from wordstudio.recovery import autosave_exists, recover
from wordstudio.ui.context import AppContext
from wordstudio.ui.familylists import prefer_family
from wordstudio.ui.page import GameEntry, GamePage
from wordstudio.ui.wordforword.dialog import NewGameDialog
from wordstudio.ui.wordforword.page import PRACTICE_SETTING, WordForWordPage, autosave_path
from wordstudio.wordforword.records import SUFFIX, load_game

__all__ = ["ENTRIES", "NewGameDialog", "WordForWordPage", "offer_resume", "open_game",
           "start_game"]


def start_game(context: AppContext, parent: QWidget) -> GamePage | None:
    """Ask for a new game's setup and return its page (dealing starts at once)."""
    dialog = NewGameDialog(parent, bool(context.settings.get(PRACTICE_SETTING, False)))
    prefer_family(dialog.lexicon, context.settings)
    if dialog.exec() != NewGameDialog.DialogCode.Accepted or dialog.result_setup is None:
        return None
    practice = dialog.practice.isChecked()
    context.settings.set(PRACTICE_SETTING, practice)
    return WordForWordPage(context, setup=dialog.result_setup, practice=practice)


def open_game(context: AppContext, parent: QWidget, path: Path) -> GamePage | None:
    """Resume a saved game; a damaged file is reported and nothing else changes."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        game = load_game(path)
    except UserError as exc:
        QApplication.restoreOverrideCursor()
        QMessageBox.warning(parent, "Open a Word For Word game", str(exc))
        return None
    QApplication.restoreOverrideCursor()
    return WordForWordPage(context, game=game, path=Path(path))


def offer_resume(context: AppContext, parent: QWidget) -> GamePage | None:
    """At start-up, after a crash: offer the unfinished game the last autosave holds."""
    path = autosave_path()
    if not autosave_exists(path):
        return None
    try:
        recovered = recover(path, load_game)
    except UserError as exc:
        QMessageBox.warning(parent, "Resume Word For Word",
                            f"An interrupted game cannot be resumed:\n{exc}")
        return None
    game = recovered.value
    if game.over:
        return None
    if recovered.from_previous:
        QMessageBox.warning(parent, "Resume Word For Word", recovered.report())
    names = ", ".join(seat.name for seat in game.seats)
    moves = f"{len(game.turns)} move{'' if len(game.turns) == 1 else 's'} made"
    answer = QMessageBox.question(
        parent, "Resume Word For Word",
        f"A game of Word For Word ({names}; {moves}) was not "
        "finished: WordStudio stopped while it was being played.\n\nResume it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    if answer != QMessageBox.StandardButton.Yes:
        return None
    page = WordForWordPage(context, game=game)
    page.autosaved = True  # it goes on writing, and removing, the same autosave
    return page


ENTRIES = [
    GameEntry(
        ident="wordforword",
        title="Word For Word",
        summary="Doublets for two or more: link your word to the common word",
        start=start_game,
        suffixes=(SUFFIX,),
        open_file=open_game,
        keywords=("doublets", "word ladder", "word chain"),
    )
]
