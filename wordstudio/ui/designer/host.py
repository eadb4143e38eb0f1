"""What the designer page's parts (:mod:`.filing`, :mod:`.leaves`) need of the page.

The parts open, save, play and train a design for the page; they are given the page as
a :class:`DesignHost` - its document, its checks' findings, the signals it sends and
the two things they may ask of it - so that no part imports the page that uses it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal

from wordstudio.ui.designer.checks import Problem
from wordstudio.ui.designer.document import DesignDocument
from wordstudio.ui.page import GamePage


class DesignHost(GamePage):
    """The designer page as its parts see it (the page is the one implementation).

    ``play_requested(Path)`` carries a configuration file that holds the design, for the
    main window to start a game with.
    """

    play_requested = Signal(Path)
    #: What the checks found in the design as it is now.
    problems: list[Problem]

    if TYPE_CHECKING:
        @property
        def document(self) -> DesignDocument: ...
        def replace_document(self, document: DesignDocument,
                             keep_history: bool = False) -> None: ...
        def document_changed(self) -> None: ...
