"""The crossword game in the window: any board in ``boards/`` (or a configuration of
one's own) for as many players as its configuration allows, people and tunable
computer players in any mix.

This module registers the game with the main window (:data:`ENTRIES`): File > New and
the start page call :func:`start_game`, opening a saved game calls :func:`open_game`
(WordStudio's own format, WordsWorth's and GCG game records), and at start-up
:func:`offer_resume` offers the games a crash interrupted (their autosaves).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QWidget

from wordstudio.crossword.records import autosave, native
from wordstudio.crossword.records.formats import WORDSWORTH_SUFFIXES, is_game_record
from wordstudio.crossword.records.gcg import SUFFIX as GCG_SUFFIX
from wordstudio.crossword.records.saved import SavedGame
from wordstudio.errors import UserError
from wordstudio.ui.context import AppContext
from wordstudio.ui.crossword.dialogs import open_saved_game
from wordstudio.ui.dialogs import messages
from wordstudio.ui.familylists import prefer_family
from wordstudio.ui.page import GameEntry, GamePage


def start_game(context: AppContext, parent: QWidget, config_path: Path | None = None,
               title: str = "New game", first: str | None = None) -> GamePage | None:
    """File > New > Crossword game: the new-game dialog, then the game page.

    With ``config_path`` (the designer's "Play this design", WordsWorth's ``-f``) that
    configuration is added to the dialog and chosen; the rest of the dialog is as the
    person last left it.  ``first`` (WordsWorth's ``-B0``/``-B1``, see
    :mod:`.commandline`) puts the first computer or the first person in the first seat.
    """
    from wordstudio.crossword.game import GameSetup
    from wordstudio.ui.crossword.commandline import seat_first
    from wordstudio.ui.crossword.newgame import NewGameDialog
    from wordstudio.ui.crossword.page import CrosswordPage

    dialog = NewGameDialog(context.settings, context.runner, parent)
    prefer_family(dialog.lexicon_combo, context.settings)
    # a board chosen in the dialog brings its own list: its family variant, then too
    dialog.config_combo.currentIndexChanged.connect(
        lambda _: prefer_family(dialog.lexicon_combo, context.settings))
    if config_path is not None and not dialog.choose_config(str(config_path)):
        messages.warn(parent, title, f"{Path(config_path).name} cannot be played: "
                      f"{dialog.error.text()}")
        return None
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    choice = dialog.choice()
    players = seat_first(choice.players, first)
    try:
        setup = GameSetup.create(choice.config, players, settings=choice.settings,
                                 random_order=choice.random_order and first is None,
                                 lexicon=choice.lexicon,
                                 config_path=choice.config_path)
    except UserError as exc:
        messages.warn(parent, title, str(exc))
        return None
    return CrosswordPage(context, setup, options=choice.options)


def open_game(context: AppContext, parent: QWidget, path: Path) -> GamePage | None:
    """Open a saved game (any format); a damaged file is reported, nothing changes."""
    path = Path(path)
    saved = open_saved_game(context, parent, path, "Open")
    if saved is None:
        return None
    return _saved_game_page(context, saved, path)


def _saved_game_page(context: AppContext, saved: SavedGame, path: Path) -> GamePage:
    from wordstudio.ui.crossword.page import CrosswordPage

    native = saved.format == "wordstudio"
    page = CrosswordPage(context, game=saved.game, path=path if native else None)
    if not native:
        page.imported = path  # the title names it; saving asks for a WordStudio file
    return page


def open_game_with_config(context: AppContext, parent: QWidget, path: Path, config_path: Path
                          ) -> GamePage | None:
    """Open a saved game; a WordsWorth one, which holds no configuration, is read with
    ``config_path`` instead of asking (WordsWorth's ``-f``).  Problems are reported."""
    from wordstudio.crossword.config.files import load_config

    try:
        config = load_config(config_path)
    except (UserError, OSError) as exc:
        messages.warn(parent, "Open", str(exc))
        return None
    path = Path(path)
    saved = open_saved_game(context, parent, path, "Open", (config, str(config_path)))
    if saved is None:
        return None
    return _saved_game_page(context, saved, path)


def offer_resume(context: AppContext, parent: QWidget) -> GamePage | None:
    """After a crash: offer the newest unfinished autosaved game."""
    from wordstudio.ui.crossword.page import CrosswordPage

    pending = autosave.pending_autosaves()
    if not pending:
        return None
    path = pending[0]
    more = f"\n\n({len(pending) - 1} other unfinished games are kept too.)" if len(pending) > 1 else ""
    if not messages.confirm(parent, "Resume game",
                            "A crossword game was not finished: WordStudio stopped while it was "
                            f"being played.\n\nResume it?{more}", yes="Resume", no="Not now"):
        return None
    try:
        recovered = autosave.resume(path)
    except (UserError, OSError) as exc:
        messages.warn(parent, "Resume game", f"The unfinished game cannot be resumed:\n{exc}")
        return None
    if recovered.from_previous:
        messages.warn(parent, "Resume game", recovered.report())
    page = CrosswordPage(context, game=recovered.value)
    page.autosave_file = path
    return page


def start_wordwhami(context: AppContext, parent: QWidget) -> GamePage | None:
    """The start page's WORDwhami: the new-game dialog with WORDwhami's board chosen."""
    from wordstudio.paths import boards_dir

    return start_game(context, parent, boards_dir() / WORDWHAMI_CONFIG, "New WORDwhami game")


WORDWHAMI_CONFIG = "wordwhami.cfg"
#: The standard game of each language other than English: ``boards/<code>.cfg`` with its
#: word list ``<code>``; named on the start page and in File > New in its own language.
LANGUAGE_GAMES_GROUP = "Other languages"


def language_entries() -> list[GameEntry]:
    """One entry a language: the new-game dialog with that language's game chosen."""
    from functools import partial

    from wordstudio.lexicon.catalog import LANGUAGES
    from wordstudio.paths import boards_dir

    def start(code: str, name: str, context: AppContext, parent: QWidget) -> GamePage | None:
        return start_game(context, parent, boards_dir() / f"{code}.cfg", f"New game: {name}")

    return [GameEntry(ident=f"crossword-{code}", title=name,
                      summary=f"The standard 15x15 game with the {name} tiles and words",
                      start=partial(start, code, name), keywords=(code,),
                      group=LANGUAGE_GAMES_GROUP)
            for code, name in LANGUAGES.items()]


ENTRIES = [
    GameEntry(
        ident="crossword",
        title="Crossword game",
        summary="Any board and tiles, 1-4 players (WORDwhami 6), tunable computer opponents",
        start=start_game,
        suffixes=(native.SUFFIX, GCG_SUFFIX, *WORDSWORTH_SUFFIXES),
        open_file=open_game,
        recognises=is_game_record,
        keywords=("scrabble", "wordsworth", "board", "tiles"),
    ),
    GameEntry(
        ident="wordwhami",
        title="WORDwhami",
        summary="30x30 board, 12-tile racks, words every way and backwards, "
                "length squared",
        start=start_wordwhami,
        keywords=("diagonal", "backwards", "30x30"),
    ),
    *language_entries(),
]

__all__ = ["ENTRIES", "choose_config", "offer_resume", "open_game", "open_game_with_config",
           "start_game"]
