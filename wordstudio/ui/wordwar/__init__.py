"""Word War in the window: the game page, its dialogs and scoresheet printing.

Two entries for the start page and File > New: the game itself (which also opens saved
``.wordwar`` games, and offers to resume a game interrupted by a crash) and blank
scoresheets for playing on paper.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from wordstudio.errors import UserError
from wordstudio.paths import previous_copy
from wordstudio.recovery import autosave_exists, recover
from wordstudio.ui.context import AppContext
from wordstudio.ui.familylists import prefer_family
from wordstudio.ui.page import GameEntry, GamePage
from wordstudio.wordwar.boards import BoardSet
from wordstudio.wordwar.game import WordWarGame
from wordstudio.wordwar.records import SUFFIX, autosave_path, load_game

NEW_GAME_SETTING = "wordwar/new_game"


def _board_set(parent: QWidget) -> BoardSet | None:
    try:
        return BoardSet.load()
    except UserError as exc:
        QMessageBox.warning(parent, "Word War", f"The Word War boards cannot be read:\n{exc}")
        return None


def _offer_resume(context: AppContext, parent: QWidget) -> GamePage | None | bool:
    """A game autosaved but never closed (WordStudio stopped): offer to resume it.

    Returns the page when resumed, None when the person cancels, False to go on to a
    new game.
    """
    from wordstudio.ui.wordwar.page import WordWarPage

    path = autosave_path()
    if not autosave_exists(path):
        return False
    answer = QMessageBox.question(
        parent, "Word War",
        "A Word War game was not finished: WordStudio stopped while it was being played.\n"
        "Resume it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
        | QMessageBox.StandardButton.Cancel)
    if answer == QMessageBox.StandardButton.Cancel:
        return None
    if answer == QMessageBox.StandardButton.No:
        return False
    try:
        recovered = recover(path, load_game)
    except UserError as exc:
        # Keep the damaged file for inspection; it no longer blocks new games.
        _set_aside(path)
        QMessageBox.warning(parent, "Word War", f"The unfinished game cannot be resumed:\n{exc}")
        return False
    if recovered.from_previous:
        QMessageBox.warning(parent, "Word War", recovered.report())
    return WordWarPage(context, recovered.value)


def _set_aside(path: Path) -> None:
    """A damaged autosave (and its previous copy) renamed ``.bad``, kept for inspection."""
    for file in (path, previous_copy(path)):
        try:
            file.replace(file.with_name(file.name + ".bad"))
        except OSError:
            pass


def offer_resume(context: AppContext, parent: QWidget) -> GamePage | None:
    """At start-up (the main window asks each game): resume a game a crash interrupted."""
    resumed = _offer_resume(context, parent)
    return resumed if isinstance(resumed, GamePage) else None


def start_game(context: AppContext, parent: QWidget) -> GamePage | None:
    """File > New > Word War: resume a crashed game, or set up a new one."""
    from wordstudio.ui.wordwar.dialogs import NewGameDialog, new_seed
    from wordstudio.ui.wordwar.page import WordWarPage

    resumed = _offer_resume(context, parent)
    if resumed is not False:
        return resumed  # type: ignore[return-value]
    board_set = _board_set(parent)
    if board_set is None:
        return None
    remembered = context.settings.get(NEW_GAME_SETTING)
    dialog = NewGameDialog(board_set, parent, remembered if isinstance(remembered, dict) else None)
    prefer_family(dialog.lexicon, context.settings)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    choice = dialog.choice()
    context.settings.set(NEW_GAME_SETTING, dialog.remembered())
    context.settings.set("wordwar/hide_people", choice.hide_people)
    game = WordWarGame(choice.players, new_seed(), lexicon=choice.lexicon, board_set=board_set)
    game.start_round(choice.boards)
    return WordWarPage(context, game)


def open_game(context: AppContext, parent: QWidget, path: Path) -> GamePage | None:
    """Open a saved ``.wordwar`` game; a damaged file is reported and nothing changes."""
    from wordstudio.ui.wordwar.page import WordWarPage

    try:
        game = load_game(path)
    except UserError as exc:
        QMessageBox.warning(parent, "Word War", str(exc))
        return None
    if game.load_notes:
        QMessageBox.information(parent, "Word War", "\n".join(game.load_notes))
    return WordWarPage(context, game, path=Path(path))


def blank_scoresheets(context: AppContext, parent: QWidget) -> GamePage | None:
    """Print or save blank scoresheets; opens no page."""
    from wordstudio.ui.wordwar.dialogs import BlankSheetsDialog

    board_set = _board_set(parent)
    if board_set is not None:
        BlankSheetsDialog(board_set, parent, context.settings.get("wordwar/page", "a4"),
                          context.settings).exec()
    return None


ENTRIES = [
    GameEntry(
        ident="wordwar",
        title="Word War",
        summary="Fill your grid from a shared deck of letter cards; 1-9 players",
        start=start_game,
        suffixes=(SUFFIX,),
        open_file=open_game,
        keywords=("cards", "grid", "scoresheet"),
    ),
    GameEntry(
        ident="wordwar-sheets",
        title="Word War Scoresheets",
        summary="Print blank Word War scoresheets for playing on paper",
        start=blank_scoresheets,
        keywords=("print", "pdf", "scoresheet"),
        opens_page=False,
    ),
]
