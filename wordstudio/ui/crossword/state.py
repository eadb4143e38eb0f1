"""What the parts of the crossword page share: its state, its widgets, and its interface.

The page is one widget assembled from three parts - :class:`~.views.PageViews` (state to
pixels), :class:`~.human.HumanTurn` (a person's moves) and :class:`~.turns.TurnFlow`
(computer players, clocks, undo/redo) - each in its own module so none grows past a few
hundred lines.  :class:`PageState` is their common base: it names every attribute they
share (the page's ``__init__`` sets them) and, for the type checker, the methods one part
calls on another, so each module can be read and checked on its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QStackedWidget, QTabWidget, QWidget

from wordstudio.crossword.actions import Outcome, Turn
from wordstudio.crossword.game import Game, GameSetup
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.players.computer import Decision
from wordstudio.ui.crossword.boardarea import BoardArea
from wordstudio.ui.crossword.boardview import BoardView
from wordstudio.ui.crossword.commands import GameActions
from wordstudio.ui.crossword.consult import ConsultDialog
from wordstudio.ui.crossword.curtain import Curtain
from wordstudio.ui.crossword.dialogs import (
    BlankLetterDialog,
    DiscardDialog,
    PickUpBlankDialog,
    SummaryDialog,
    WordEntryDialog,
)
from wordstudio.ui.crossword.draft import MoveDraft
from wordstudio.ui.crossword.drag import TileDrag
from wordstudio.ui.crossword.hints import HintsPanel
from wordstudio.ui.crossword.info_panels import HistoryPanel, LegendStrip, TilesPanel, UnseenPanel
from wordstudio.ui.crossword.options import OptionsDialog, TableOptions
from wordstudio.ui.crossword.players_panel import PlayersPanel
from wordstudio.ui.crossword.rackview import RackView
from wordstudio.ui.crossword.simpanel import SimulationPanel
from wordstudio.ui.page import GamePage
from wordstudio.ui.widgets.busy import BusyBanner
from wordstudio.ui.widgets.statusline import StatusLine
from wordstudio.ui.workers import Job


class PageState(GamePage):
    """The crossword page's shared state (see the module docstring)."""

    # --- the game ------------------------------------------------------------------------
    game: Game | None
    setup: GameSetup
    config: GameConfig
    values: dict[str, int]
    path: Path | None
    #: The GCG or WordsWorth file the game was read from (saving asks for a new name).
    imported: Path | None
    dirty: bool
    ready: bool
    closing: bool
    options: TableOptions
    view_racks: bool
    #: Whose rack the main rack shows (the person to move, or the last person who moved).
    viewer: int | None
    #: Looking back: (actions replayed, the game as it was then), or None for the live game.
    history_view: tuple[int, Game] | None
    draft: MoveDraft
    blank_next: bool
    #: Letters typed towards a tile (C of CH), and the tile the last key put down.
    typed: str
    typed_tile: tuple[str, bool] | None
    curtain_down: bool
    curtain_key: tuple[int, int] | None
    drop_target: tuple[int, int] | None
    dragged_square: tuple[int, int] | None
    autosave_enabled: bool
    autosave_file: Path | None
    # --- background work and turns -------------------------------------------------------
    epoch: int
    job: Job | None
    job_watch: bool
    prepare_job: Job
    decisions: dict[int, tuple[int, Decision, int]]
    watching: bool
    summary_shown: bool
    anim_tiles: dict[tuple[int, int], tuple[str, bool]]
    clock_timer: QTimer
    # --- widgets and dialogs -------------------------------------------------------------
    commands: GameActions
    banner: BusyBanner
    board: BoardView
    board_area: BoardArea
    legend: LegendStrip
    move_status: QLabel
    status_line: StatusLine
    rack: RackView
    rack_owner: QLabel
    rack_stack: QStackedWidget
    rack_row: QWidget
    curtain: Curtain
    players_panel: PlayersPanel
    tabs: QTabWidget
    history: HistoryPanel
    unseen: UnseenPanel
    tiles_panel: TilesPanel
    simulation: SimulationPanel
    drag: TileDrag
    summary_dialog: SummaryDialog | None
    hints: HintsPanel
    hint_job: Job | None
    hint_token: tuple[int, int] | None
    consult_dialog: ConsultDialog | None
    discard_dialog: DiscardDialog | None
    blank_dialog: BlankLetterDialog | None
    pick_up_dialog: PickUpBlankDialog | None
    entry_dialog: WordEntryDialog | None
    options_dialog: OptionsDialog | None
    # --- the status line (views) ---------------------------------------------------------
    _message: tuple[str, bool]
    _message_timer: QTimer
    _badge: tuple[str, bool] | None
    _analysis: tuple[str, str] | None
    #: May the tentative move be played (legal, or with words the player may confirm)?
    _playable: bool = False
    _history_key: tuple[int, int, tuple[Outcome, ...]] | None

    # --- the page core -------------------------------------------------------------------
    def sync_viewer(self) -> None:
        """Whose rack the main rack shows: the person to move, else the last person who
        moved (a computer's rack only when no person plays); the draft takes that rack."""
        game = self.game
        if game is None:
            return
        current = game.current
        people = [p for p, spec in enumerate(game.players) if not spec.computer]
        if not game.players[current].computer or not people:
            self.viewer = current
        elif self.viewer is None or self.viewer not in people:
            self.viewer = people[0]
        key = (self.viewer, game.ply, self.epoch, id(game.board))
        if key != self._synced:
            self._synced = key
            self.draft.sync(game.supply(self.viewer).tiles, game.board)

    _synced: tuple[int, int, int, int] | None = None
    #: What the board area last scrolled into view (views._follow).
    _followed_move: frozenset[tuple[int, int]] = frozenset()
    _followed_cursor: tuple[int, int] | None = None

    def display_game(self) -> Game | None:
        """The game the board shows: the live one, or an earlier state being looked at."""
        return self.history_view[1] if self.history_view is not None else self.game

    def people_play(self) -> bool:
        """At least one seat is a person's."""
        return self.game is not None and any(not p.computer for p in self.game.players)

    if TYPE_CHECKING:
        # What one part of the page calls on another (defined in views, human, turns).
        def refresh(self) -> None: ...
        def refresh_move(self) -> None: ...
        def refresh_board(self) -> None: ...
        def refresh_rack(self) -> None: ...
        def refresh_players(self) -> None: ...
        def refresh_actions(self) -> None: ...
        def show_message(self, text: str, error: bool = False) -> None: ...
        def can_edit(self) -> bool: ...
        def begin_human_turn(self) -> None: ...
        def recall(self) -> None: ...
        def close_turn_dialogs(self) -> None: ...
        def drop_stale_hints(self) -> None: ...
        def after_action(self, turn: Turn | None, message: str = "") -> None: ...
        def play_now(self) -> None: ...
        def token(self) -> tuple[int, int]: ...
        def challenge_message(self, turn: Turn) -> str: ...
        def challenging_people(self) -> list[int]: ...
        def turn_key(self) -> tuple[int, int]: ...
        def next_move_available(self) -> bool: ...
        def schedule_advance(self) -> None: ...
        def autosave(self) -> None: ...
        def request_new_game(self) -> None: ...
        # Pages made by the page (the record menu's): defined in page.
        def new_page(self, game: Game) -> GamePage: ...
        def reopened(self) -> GamePage: ...
        @property
        def busy(self) -> bool: ...
