"""The board, tile-set and rules designer in the window.

It edits WordsWorth-style configurations (``.cfg`` games and the ``.def`` parts they
Include) in place: :data:`ENTRIES` registers it with the main window, which opens it
from the start page and File > New (:func:`start_designer`: a template, the setup
wizard, a SETUP script, or a file) and for any ``.cfg`` or ``.def`` it is asked to open
(:func:`open_design`).

"Play this design" emits the page's ``play_requested(Path)`` signal; the main window's
``play_design`` hook answers it with :func:`start_game_with_config`, a new crossword
game whose new-game dialog has that configuration chosen.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QWidget

from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.ui.context import AppContext
from wordstudio.ui.designer import ask
from wordstudio.ui.page import GameEntry, GamePage

SUFFIXES = (".cfg", ".def")


def _page(context: AppContext, parent: QWidget, document: object) -> GamePage:
    from wordstudio.ui.designer.page import DesignerPage

    page = DesignerPage(context, document)  # type: ignore[arg-type]
    hook = getattr(parent, "play_design", None)
    if hook is not None:
        page.play_requested.connect(hook)
    return page


def start_designer(context: AppContext, parent: QWidget) -> GamePage | None:
    """File > New > Board designer: pick a template (or the wizard, or a file)."""
    from wordstudio.ui.designer.document import DesignDocument
    from wordstudio.ui.designer.templates import TemplateDialog
    from wordstudio.ui.designer.wizard import SetupWizard

    dialog = TemplateDialog(context.settings, parent, offer_others=True)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    if dialog.other == "wizard":
        wizard = SetupWizard(context.settings, parent)
        if not wizard.exec() or wizard.written is None:
            return None
        return open_design(context, parent, wizard.written)
    if dialog.other == "setup":
        from wordstudio.ui.designer.setupscript import SetupScriptDialog

        setup = SetupScriptDialog(context.settings, parent)
        if not setup.exec() or setup.written is None:
            return None
        return open_design(context, parent, setup.written)
    if dialog.other == "open":
        path = ask.open_path(parent, "Open a game configuration", Path.home())
        return open_design(context, parent, path) if path is not None else None
    if dialog.chosen is None:
        return None
    try:
        document = DesignDocument.from_template(dialog.chosen)
    except (ConfigError, OSError) as exc:
        ask.warn(parent, "Board designer", f"That template cannot be used:\n{exc}")
        return None
    return _page(context, parent, document)


def open_design(context: AppContext, parent: QWidget, path: Path) -> GamePage | None:
    """Open a ``.cfg`` or ``.def`` in the designer (WordStudio's own games as templates,
    so they are never changed); a file that cannot be read is reported."""
    from wordstudio.ui.designer.filing import open_document

    try:
        document = open_document(Path(path))
    except ConfigError as exc:
        ask.warn(parent, "Board designer", str(exc))
        return None
    return _page(context, parent, document)


def start_game_with_config(context: AppContext, parent: QWidget, path: Path) -> GamePage | None:
    """A new crossword game with the configuration at ``path`` chosen in its new-game
    dialog (the rest of the dialog as the person last left it)."""
    from wordstudio.ui.crossword import start_game

    return start_game(context, parent, Path(path), title="Play this design")


ENTRIES = [
    GameEntry(
        ident="designer",
        title="Board designer",
        summary="Design boards, tile sets and rules; WordsWorth .cfg and .def files",
        start=start_designer,
        suffixes=SUFFIXES,
        open_file=open_design,
        keywords=("design", "board", "tiles", "rules", "config", "wizard", "setup"),
    ),
]

__all__ = ["ENTRIES", "open_design", "start_designer", "start_game_with_config"]
