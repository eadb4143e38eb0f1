"""What WordsWorth's command line asks of the window (seed 001, section 3):

    wordstudio [-c] [-D] [-B0 | -B1] [-f CONFIG] [FILE]

* ``-f CONFIG`` - play with this configuration rather than the default: a new game opens
  the new-game dialog with it chosen; a WordsWorth saved game ``FILE``, which holds no
  configuration ("it is up to you to ensure that the correct configuration file is
  used", section 5), is read with it instead of asking.  (WordStudio's own saves and GCG
  records carry their game: for them ``-f`` is not needed and not used.)
* ``-B0`` - "makes the program play the first move", ``-B1`` "lets you play first":
  the new game's first seat is the first computer player, or the first person (the
  other seats keep their order).  Without either, the new-game dialog's own choice.
* ``-D`` - "shows you the computer's tiles": every rack shown all the time (the table
  option Show every player's rack, kept for later games as ``-c`` is).  WordsWorth had
  room for them only on boards with an edge of 15 or more; the window shows them on any.

:func:`start_requested` runs at start-up in place of the offer to resume an
interrupted game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from wordstudio.crossword.game import PlayerSpec
from wordstudio.ui.context import AppContext
from wordstudio.ui.page import GamePage

#: ``-B0``: the computer moves first; ``-B1``: the person does.
COMPUTER_FIRST = "computer"
PERSON_FIRST = "person"


@dataclass(frozen=True)
class StartRequest:
    """The window's start as the command line asked for it."""

    file: str | None = None
    config: str | None = None  # -f
    first: str | None = None  # -B0 COMPUTER_FIRST, -B1 PERSON_FIRST

    @property
    def new_game(self) -> bool:
        """Whether a new game is asked for (-f or -B without a file to open)."""
        return self.file is None and (self.config is not None or self.first is not None)


def seat_first(players: Sequence[PlayerSpec], first: str | None) -> tuple[PlayerSpec, ...]:
    """The seats with the first computer player (``COMPUTER_FIRST``) or the first person
    (``PERSON_FIRST``) moved to the front, the others in their order; unchanged when
    there is no such seat or no ``first``."""
    players = tuple(players)
    if first is None:
        return players
    wanted = first == COMPUTER_FIRST
    index = next((i for i, p in enumerate(players) if p.computer == wanted), None)
    if index is None:
        return players
    return (players[index], *players[:index], *players[index + 1:])


def start_requested(context: AppContext, window: Any, request: StartRequest) -> GamePage | None:
    """Open what the command line asked for in ``window`` (the main window): the file,
    read with ``-f``'s configuration when it is a WordsWorth save, or a new game."""
    from wordstudio.ui.crossword import open_game_with_config, start_game

    parent: QWidget = window
    if request.file is not None:
        if request.config is None:
            return window.open_path(request.file)
        page = open_game_with_config(context, parent, Path(request.file), Path(request.config))
    else:
        config = Path(request.config) if request.config is not None else None
        page = start_game(context, parent, config, first=request.first)
    if page is not None:
        window.show_page(page)
    return page


def view_all_racks(settings: Any) -> None:
    """WordsWorth's ``-D``: every rack shown, kept as the remembered table option."""
    from wordstudio.ui.crossword.options import SETTINGS_KEY, TableOptions

    options = TableOptions.from_json(settings.get(SETTINGS_KEY))
    settings.set(SETTINGS_KEY, replace(options, view_all_racks=True).to_json())
