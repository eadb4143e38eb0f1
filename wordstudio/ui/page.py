"""What every game window inside WordStudio's main window provides.

The main window shows one *page* at a time: the start page, a crossword game, a Word
For Word game, a Word War game or the designer.  A page is a :class:`GamePage`; each game
registers a :class:`GameEntry` (see :mod:`wordstudio.ui.games`) whose ``start`` shows the
game's own new-game dialog and returns a page, or None when the person cancels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

if TYPE_CHECKING:
    from wordstudio.ui.context import AppContext


class GamePage(QWidget):
    """Base class of the pages the main window hosts.

    Signals: ``title_changed`` (the window title should change), ``status`` (a short
    message for the status bar), ``closed`` (the page asks to be closed, e.g. "New game"
    from its own end-of-game dialog should return to the start page).
    """

    title_changed = Signal(str)
    status = Signal(str)
    close_requested = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context

    def title(self) -> str:
        """Shown in the window title: the game and, where there is one, the file."""
        return "WordStudio"

    def page_menus(self) -> list[QMenu]:
        """Menus the main window shows in its menu bar while this page is open."""
        return []

    def toolbar_actions(self) -> list[QAction]:
        """Actions for the main toolbar while this page is open (None-free list)."""
        return []

    def save(self) -> bool:
        """Save to the current file (asking for one if needed); False if not saved."""
        return True

    def can_save(self) -> bool:
        return False

    def maybe_close(self) -> bool:
        """Ask about unsaved changes; False keeps the page open."""
        return True

    def help_html(self) -> str:
        """Help > How to Play (F1) for this page: rules in brief and the keys (HTML)."""
        return ""

    def shutdown(self) -> None:
        """Stop timers and background work; called once before the page is removed."""


@dataclass(frozen=True)
class GameEntry:
    """A game (or tool) the start page and File > New offer."""

    ident: str
    title: str
    summary: str
    #: Show the new-game dialog and return the page, or None when cancelled.
    start: Callable[[AppContext, QWidget], GamePage | None]
    #: File suffixes this entry opens (e.g. ``(".wfw",)``) and how.
    suffixes: tuple[str, ...] = ()
    open_file: Callable[[AppContext, QWidget, Path], GamePage | None] | None = None
    #: Files of this entry under any name, told by their content (as the desktop's MIME
    #: rules tell them, so a file manager may hand over a file without the suffix).
    recognises: Callable[[Path], bool] | None = None
    icon: str = ""
    keywords: tuple[str, ...] = field(default_factory=tuple)
    #: False for a tool that only shows a dialog (printing blank scoresheets): the open
    #: page stays open while it runs.
    opens_page: bool = True
    #: Entries of one group (the games of other languages) share a submenu of File > New
    #: and a row of small buttons on the start page.
    group: str = ""
