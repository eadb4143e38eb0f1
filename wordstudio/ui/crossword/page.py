"""The crossword game page: board, rack, players, history, tiles - and the commands.

The page shows the engine's game and the person's draft move; it holds no rules.  Its
behaviour is split in two mixins: :class:`~wordstudio.ui.crossword.human.HumanTurn`
(a person laying tiles, the commands that end a turn, hints, the dictionary) and
:class:`~wordstudio.ui.crossword.turns.TurnFlow` (computer players, clocks, undo/redo,
watch, autosave, the end).  This module builds the widgets and keeps them up to date.
"""

from __future__ import annotations

import copy
import itertools
import math
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QResizeEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QProgressDialog,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.board import Board
from wordstudio.crossword.game import Game, GameSetup
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.records import native
from wordstudio.errors import UserError
from wordstudio.lexicon.wordlist import WordList
from wordstudio.paths import saved_games_dir
from wordstudio.ui import theme
from wordstudio.ui.context import AppContext
from wordstudio.ui.crossword.boardarea import MAX_SQUARE, MIN_SQUARE, BoardArea
from wordstudio.ui.crossword.boardview import BoardView
from wordstudio.ui.crossword.commands import (
    build_actions,
    build_menus,
    refresh_icons,
    toolbar_actions,
)
from wordstudio.ui.crossword.curtain import Curtain
from wordstudio.ui.crossword.draft import MoveDraft
from wordstudio.ui.crossword.drag import TileDrag
from wordstudio.ui.crossword.hints import HintsPanel
from wordstudio.ui.crossword.human import HumanTurn
from wordstudio.ui.crossword.info_panels import HistoryPanel, LegendStrip, TilesPanel, UnseenPanel
from wordstudio.ui.crossword.meaningtips import install_board_tips
from wordstudio.ui.crossword.options import SETTINGS_KEY as OPTIONS_KEY
from wordstudio.ui.crossword.options import OptionsDialog, TableOptions
from wordstudio.ui.crossword.players_panel import PlayersPanel
from wordstudio.ui.crossword.rackview import RackView
from wordstudio.ui.crossword.recordmenu import RecordMenu
from wordstudio.ui.crossword.simpanel import SimulationPanel, attach_to_page
from wordstudio.ui.crossword.turns import TurnFlow
from wordstudio.ui.crossword.views import MESSAGE_MS, PageViews
from wordstudio.ui.crossword.work import prepare_lexicon, preparing_text
from wordstudio.ui.crossword.wwlook import board_look
from wordstudio.ui.dialogs import messages
from wordstudio.ui.widgets.busy import BusyBanner
from wordstudio.ui.widgets.statusline import StatusLine

SPLITTER_KEY = "crossword/splitter"
PAGE_STYLE = """
QLabel#move-status {{ border-radius: 8px; padding: 6px 12px; font-size: 14px; font-weight: 600; }}
QToolButton#play-button {{ background: {play}; color: white; border: none; border-radius: 8px;
    padding: 8px 18px; font-size: 15px; font-weight: 700; }}
QToolButton#play-button:disabled {{ background: {play_disabled}; color: {muted}; }}
QToolButton#play-button:hover {{ background: {play_hover}; }}
QToolButton#play-button:focus {{ border: 2px solid {accent}; }}
QToolButton.rack-tool {{ border: 1px solid {border}; border-radius: 8px; padding: 6px; background: {button}; }}
QToolButton.rack-tool:hover, QToolButton.rack-tool:focus {{ background: {accent_soft}; border-color: {accent}; }}
QLabel#rack-owner {{ color: {muted}; font-weight: 600; }}
"""


class CrosswordPage(HumanTurn, TurnFlow, PageViews):
    """One crossword game in the main window."""

    def __init__(self, context: AppContext, setup: GameSetup | None = None, *, game: Game | None = None,
                 path: Path | None = None, options: TableOptions | None = None,
                 parent: QWidget | None = None, autosave: bool = True) -> None:
        super().__init__(context, parent)
        if game is None and setup is None:
            raise ValueError("a crossword page needs a game or a setup")
        self.setObjectName("crossword-page")
        self.game: Game | None = game
        self.setup: GameSetup = game.setup if game is not None else setup  # type: ignore[assignment]
        self.config = self.setup.config
        self.path = path
        #: The GCG or WordsWorth file the game was read from (saving asks for a new name).
        self.imported: Path | None = None
        self.dirty = game is not None and path is None
        self.options = options or TableOptions.from_json(context.settings.get(OPTIONS_KEY))
        self.view_racks = self.options.view_all_racks
        self.autosave_enabled = autosave
        self.autosave_file: Path | None = None
        self.closing = False
        self.ready = game is not None
        self.history_view: tuple[int, Game] | None = None
        self.curtain_down = False
        self.curtain_key: tuple[int, int] | None = None
        self.blank_next = False
        self.typed = ""
        self.typed_tile = None
        self.viewer: int | None = None
        self.drop_target: tuple[int, int] | None = None
        self.dragged_square: tuple[int, int] | None = None
        self._message = ("", False)
        self._badge: tuple[str, bool] | None = None
        self._history_key: tuple | None = None
        self.values = dict(zip(self.config.tiles.alphabet, self.config.tiles.scores, strict=True))
        self.summary_dialog = self.consult_dialog = None
        self.hint_job = None
        self.hint_token: tuple[int, int] | None = None
        self.discard_dialog = self.blank_dialog = self.pick_up_dialog = self.entry_dialog = None
        self._init_flow()
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.setInterval(MESSAGE_MS)
        self._message_timer.timeout.connect(self._clear_message)
        self.commands = build_actions(self, self)
        self.menus: list[QMenu] = build_menus(self, self.commands)
        self.record_menu = RecordMenu(self)  # export, CGP, printing, review
        self.menus.insert(2, self.record_menu.menu)
        # The page carries its actions too, so their shortcuts work wherever it is shown.
        self.addActions(self.commands.all() + self.record_menu.actions())
        self._build()
        self.draft = MoveDraft(game.board if game is not None else _empty_board(self.config))
        self.commands.view_racks.setChecked(self.view_racks)
        self.commands.symbols.setChecked(self.options.symbols)
        theme.styled(self, PAGE_STYLE)
        theme.manager().changed.connect(self._look_changed)
        self.sync_viewer()
        self.refresh()
        self._prepare()

    # --- widgets -------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QHBoxLayout(self)
        outer.setContentsMargins(8, 8, 8, 8)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        outer.addWidget(self.splitter)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(6)
        self.banner = BusyBanner()
        self.banner.primary_clicked.connect(self._banner_button)
        self.board = BoardView(self.config)
        install_board_tips(self.board)  # a played word's meanings on hover
        self.board.set_symbols(self.options.symbols)
        self.board.set_look(*board_look(self.config, self.player_count(), self.options))
        self.board.key_handler = self.handle_key
        self.board.setAccessibleName("Board")
        self.board_area = BoardArea(self.board)
        self.board_area.setAccessibleName("Board")
        self._restore_zoom()
        self.board_area.zoom_changed.connect(self._zoom_changed)
        self.legend = LegendStrip(self.config)
        self.legend.game_look = self.board.game_look
        self.legend.set_symbols(self.options.symbols)
        self.move_status = QLabel()
        self.move_status.setObjectName("move-status")
        self.move_status.setWordWrap(True)
        self.move_status.setAccessibleName("Move status")
        # The busy banner stands in for the status line, in a place of its own height:
        # the board never moves when the computer starts or stops thinking.
        self.status_line = StatusLine(self.move_status, self.banner)
        column.addWidget(self.board_area, 1)
        column.addWidget(self.status_line)
        column.addWidget(self._rack_area())
        right = QWidget()
        side = QVBoxLayout(right)
        side.setContentsMargins(4, 0, 0, 0)
        self.players_panel = PlayersPanel(len(self.setup.players), self.values)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("side-tabs")
        self.tabs.setAccessibleName("History, hints, unseen tiles and the tile set")
        self.history = HistoryPanel()
        self.history.view_requested.connect(self.view_history)
        self.hints = HintsPanel()
        self.hints.chosen.connect(self.show_candidate)
        self.hints.play_requested.connect(self.play_candidate)
        self.unseen = UnseenPanel(self.config)
        self.tiles_panel = TilesPanel(self.config)
        self.tabs.addTab(self.history, "History")
        self.tabs.addTab(self.hints, "Hints")
        self.tabs.addTab(self.unseen, "Unseen")
        self.tabs.addTab(self.tiles_panel, "Tiles")
        self.simulation = SimulationPanel()
        self.tabs.addTab(self.simulation, "Thinking")
        attach_to_page(self)
        side.addWidget(self.players_panel)
        side.addWidget(self.tabs, 1)
        # The square codes sit under the side panel: the board keeps the height.
        side.addWidget(self.legend)
        right.setMinimumWidth(270)
        right.setMaximumWidth(460)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        # Tab goes board, rack, its tools, Play, then the side panel (set once the board
        # and the rack are in the same window: Qt ignores the order until then).
        for first, second in itertools.pairwise([self.board, self.rack, *self.rack_tools,
                                                 self.play_button]):
            QWidget.setTabOrder(first, second)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        # Big boards get the side panel's spare width (and keep their own splitter place).
        wide = self.config.columns > 21
        self.splitter_key = SPLITTER_KEY + ("/wide" if wide else "")
        self.splitter.setSizes([900, 290] if wide else [860, 330])
        saved = self.context.settings.layout(self.splitter_key)
        if saved is not None:
            self.splitter.restoreState(saved)
        self.drag = TileDrag(self)
        self.board.square_clicked.connect(self.square_clicked)
        self.board.drag_started.connect(self.start_board_drag)
        self.rack.drag_started.connect(self.start_rack_drag)
        self.rack.tile_clicked.connect(self.rack_tile_clicked)
        self.rack.move_requested.connect(self.move_rack_tile)
        for view in (self.board, self.rack):
            view.drag_moved.connect(self.drag.move)
            view.drag_released.connect(self.drag.finish)
        self.drag.moved.connect(self.drag_moved)
        self.drag.dropped.connect(self.drop)

    def _rack_area(self) -> QWidget:
        self.rack_stack = QStackedWidget()
        self.rack_row = row_widget = QWidget()
        row = QHBoxLayout(row_widget)
        row.setContentsMargins(0, 0, 0, 0)
        self.rack_owner = QLabel()
        self.rack_owner.setObjectName("rack-owner")
        self.rack = RackView(self.values, tile_size=50)
        self.rack.setObjectName("rack")
        self.rack.setAccessibleName("Your rack")
        tools = []
        for action in (self.commands.shuffle, self.commands.sort, self.commands.recall):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setProperty("class", "rack-tool")
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
            tools.append(button)
        self.play_button = QToolButton()
        self.play_button.setObjectName("play-button")
        self.play_button.setDefaultAction(self.commands.play)
        self.play_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        row.addWidget(self.rack_owner)
        row.addWidget(tools[0])
        row.addWidget(tools[1])
        row.addWidget(self.rack, 1)
        row.addWidget(tools[2])
        row.addWidget(self.play_button)
        self.rack_tools = tools
        self.curtain = Curtain()
        self.curtain.lifted.connect(self.lift_curtain)
        self.rack_stack.addWidget(row_widget)
        self.rack_stack.addWidget(self.curtain)
        return self.rack_stack

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        QTimer.singleShot(0, self, self._fit_rack)

    def _fit_rack(self, settle: bool = False) -> None:
        """The rack's tiles about as big as the board's squares.  ``settle``: the board's
        squares changed because the layout moved (the rack's own height among the
        causes): a change of one pixel is left alone, or a rack one pixel taller made
        the squares a little smaller, which made the rack a pixel shorter, and so on,
        for ever (the page laid itself out 40 times a second at 1366x768)."""
        size = int(max(34, min(60, self.board.square_size() * 1.05)))
        if settle and abs(size - self.rack.tile_size) <= 1:
            return
        self.rack.set_tile_size(size)

    def _look_changed(self, _name: str) -> None:
        """Light or dark: the cards, the status line and the lists are drawn again."""
        refresh_icons(self.commands)
        self.players_panel.restyle()
        self.history.viewport().update()
        self.hints.list.viewport().update()
        self.board.update()
        self.refresh()

    # --- zoom --------------------------------------------------------------------------------
    def _zoom_key(self) -> str:
        return f"crossword/zoom/{self.config.rows}x{self.config.columns}"

    def _restore_zoom(self) -> None:
        """Each board size keeps the zoom last chosen for it."""
        saved = self.context.settings.get(self._zoom_key())
        if isinstance(saved, dict) and saved.get("mode") in ("auto", "fit", "fixed"):
            self.board_area.mode = saved["mode"]
            square = saved.get("square")
            # An edited file may hold any number: a square of 1e30 pixels once made Qt
            # refuse the board's size (OverflowError) and then crash.
            if isinstance(square, int | float) and not isinstance(square, bool) \
                    and math.isfinite(square) and square > 0:
                self.board_area.fixed_square = max(MIN_SQUARE, min(MAX_SQUARE, float(square)))

    def _zoom_changed(self, square: float) -> None:
        """After a zoom (``square`` 0) or a new square size from the board area's
        layout (``square`` the size)."""
        area = self.board_area
        self.commands.fit_board.blockSignals(True)
        self.commands.fit_board.setChecked(area.mode == "fit")
        self.commands.fit_board.blockSignals(False)
        self.context.settings.set(self._zoom_key(), {"mode": area.mode,
                                                     "square": round(area.fixed_square, 1)})
        self._fit_rack(settle=square > 0)

    def zoom_in(self) -> None:
        self.board_area.zoom_in()
        self._zoom_changed(0)

    def zoom_out(self) -> None:
        self.board_area.zoom_out()
        self._zoom_changed(0)

    def toggle_fit(self) -> None:
        if self.commands.fit_board.isChecked():
            self.board_area.fit()
        else:
            self.board_area.readable()
        self._zoom_changed(0)

    # --- preparing the word list ---------------------------------------------------------
    def _prepare(self) -> None:
        """Load the word list and compile its automaton in the background."""
        config = self.config
        self.progress_dialog: QProgressDialog | None = None
        if self.game is None:
            dialog = QProgressDialog(preparing_text(config.backward_words), "Cancel", 0, 1000, self)
            dialog.setObjectName("prepare-progress")
            dialog.setWindowTitle("Starting the game")
            dialog.setWindowModality(Qt.WindowModality.WindowModal)
            dialog.setMinimumDuration(400)
            dialog.canceled.connect(self._prepare_cancelled)
            self.progress_dialog = dialog
        else:
            self.banner.start("Preparing the word list for the computer players\u2026")
        self.prepare_job = self.context.runner.run(
            prepare_lexicon, self.setup.lexicon, config.tiles.alphabet, config.backward_words,
            wants_control=True, on_success=self._prepared, on_failure=self._prepare_failed,
            on_progress=self._prepare_progress)

    def _prepare_progress(self, fraction: float, message: str) -> None:
        dialog = self.progress_dialog
        if dialog is not None:
            if message:
                dialog.setLabelText(message)
            # Last: a shown modal progress dialog runs the event loop in setValue.
            dialog.setValue(int(fraction * 1000))
        elif self.job is None:
            self.banner.set_progress(fraction, message)

    def _prepared(self, words: WordList) -> None:
        if self.progress_dialog is not None:
            self.progress_dialog.reset()
            self.progress_dialog = None
        if self.job is None:
            self.banner.stop()
        if self.game is None:
            self.game = Game(self.setup, words)
            self.dirty = True
            self.ready = True
            self.autosave()
        self.sync_viewer()
        self.refresh()
        self.schedule_advance()

    def _prepare_failed(self, error: BaseException) -> None:
        if self.progress_dialog is not None:
            self.progress_dialog.reset()
            self.progress_dialog = None
        self.banner.stop()
        messages.warn(self, "Word list", f"The word list cannot be used:\n{error}")
        if self.game is None:
            self.close_requested.emit()

    def _prepare_cancelled(self) -> None:
        self.prepare_job.cancel()
        self.progress_dialog = None
        self.close_requested.emit()

    # --- keeping the views up to date ----------------------------------------------------
    # --- looking back ------------------------------------------------------------------------
    def view_history(self, count: int) -> None:
        """Show the board as it was after ``count`` actions (-1 or the last: the game)."""
        game = self.game
        if game is None:
            return
        if count < 0 or count >= game.ply:
            self.history_view = None
            if self.job is None:
                self.banner.stop()
        else:
            snapshot = copy.copy(game)
            snapshot.replay_inputs(game.inputs[:count])
            self.history_view = (count, snapshot)
            self.banner.start(f"Looking at the board after move {count}", "Back to the game")
        self.refresh()

    def _banner_button(self) -> None:
        if self.history_view is not None:
            self.history.clear_selection()
            self.view_history(-1)
        else:
            self.play_now()

    # --- view commands -------------------------------------------------------------------
    def toggle_view_racks(self) -> None:
        self.view_racks = self.commands.view_racks.isChecked()
        self.refresh_players()

    def toggle_symbols(self) -> None:
        self.apply_options(replace(self.options, symbols=self.commands.symbols.isChecked()))

    def show_distribution(self) -> None:
        self.tabs.setCurrentWidget(self.tiles_panel)
        self.tiles_panel.show_mode("distribution")

    def show_values(self) -> None:
        self.tabs.setCurrentWidget(self.tiles_panel)
        self.tiles_panel.show_mode("values")

    def show_legend(self) -> None:
        self.legend.setVisible(not self.legend.isVisible())

    def edit_settings(self) -> None:
        dialog = OptionsDialog(self.options, self.context.settings, self)
        dialog.accepted.connect(lambda: self.apply_options(dialog.options()))
        self.options_dialog = dialog
        dialog.open()

    def player_count(self) -> int:
        return len(self.setup.players)

    def apply_options(self, options: TableOptions) -> None:
        """Use new table options now and keep them as the default for new games."""
        changed_view = options.view_all_racks != self.options.view_all_racks
        self.options = options
        self.context.settings.set(OPTIONS_KEY, options.to_json())
        self.board.set_symbols(options.symbols)
        self.board.set_look(*board_look(self.config, self.player_count(), options))
        self.legend.game_look = self.board.game_look
        self.legend.set_symbols(options.symbols)
        self.commands.symbols.blockSignals(True)
        self.commands.symbols.setChecked(options.symbols)
        self.commands.symbols.blockSignals(False)
        if changed_view:
            self.view_racks = options.view_all_racks
            self.commands.view_racks.setChecked(options.view_all_racks)
        self.refresh()

    # --- the page contract -------------------------------------------------------------------
    def title(self) -> str:
        name = (self.path.name if self.path else
                f"{self.imported.name} (imported)" if self.imported else "new game")
        return f"{self.config.title or 'Crossword game'} \u2014 {name}{' *' if self.dirty else ''} \u2014 WordStudio"

    def page_menus(self) -> list[QMenu]:
        return self.menus

    def help_html(self) -> str:
        from wordstudio.ui import help as texts

        diagonal = any(d.is_diagonal for d in self.config.directions)
        actions = [a for a in vars(self.commands).values() if isinstance(a, QAction)]
        return (texts.CROSSWORD + (texts.DIAGONALS if diagonal else "")
                + texts.shortcut_table(actions))

    def toolbar_actions(self) -> list[QAction]:
        return toolbar_actions(self.commands)

    def can_save(self) -> bool:
        return True

    def save(self) -> bool:
        if self.game is None:
            return False
        if self.path is None:
            return self.save_as()
        try:
            native.save_game(self.game, self.path)
        except (OSError, UserError) as exc:
            messages.warn(self, "Save", f"The game could not be saved:\n{exc}")
            return False
        self.dirty = False
        self.context.settings.add_recent_file(self.path)
        self.title_changed.emit(self.title())
        self.show_message(f"Saved to {self.path.name}")
        return True

    def save_as(self) -> bool:
        start = str(saved_games_dir() / f"game{native.SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(self, "Save game", start, f"Crossword games (*{native.SUFFIX})")
        if not path:
            return False
        chosen = Path(path) if path.endswith(native.SUFFIX) else Path(path + native.SUFFIX)
        # A save that fails leaves the game where it was saved before (if anywhere).
        before, self.path = self.path, chosen
        if not self.save():
            self.path = before
            return False
        return True

    def export_wordsworth(self) -> bool:
        """Write the game in WordsWorth's format (two players only, as WordsWorth had)."""
        from wordstudio.crossword.records.wwsave import save_wordsworth

        if self.game is None:
            return False
        start = str(saved_games_dir() / "game.sav")
        path, _ = QFileDialog.getSaveFileName(self, "Export as WordsWorth game", start,
                                              "WordsWorth saved games (*.sav)")
        if not path:
            return False
        try:
            save_wordsworth(self.game, path)
        except (OSError, UserError) as exc:
            messages.warn(self, "Export", f"The game could not be exported:\n{exc}")
            return False
        self.context.settings.add_recent_file(path)
        self.show_message(f"Exported to {Path(path).name}")
        return True

    def maybe_close(self) -> bool:
        game = self.game
        if game is None or game.over or not game.inputs:
            self.discard_autosave()
            return True
        if not self.dirty:
            self.discard_autosave()
            return True
        answer = messages.save_before_closing(self, "Close the game",
                                              "Save this game before closing it?")
        if answer == "cancel" or (answer == "save" and not self.save()):
            return False
        self.discard_autosave()
        return True

    def shutdown(self) -> None:
        if self.closing:
            return
        self.closing = True
        self.stop_watching()
        self.cancel_work()
        self.clock_timer.stop()
        self.prepare_job.cancel()
        if self.hint_job is not None:
            self.hint_job.cancel()
        for dialog in (self.summary_dialog, self.consult_dialog, self.discard_dialog,
                       self.blank_dialog, self.pick_up_dialog, self.entry_dialog):
            if dialog is not None:
                dialog.close()
        self.context.settings.set_layout(self.splitter_key, self.splitter.saveState())

    def new_page(self, game: Game) -> CrosswordPage:
        """A page for another game (a position set up from CGP)."""
        return CrosswordPage(self.context, game=game)

    def reopened(self) -> CrosswordPage:
        """This game in a new page, as it is now (Back from the review): under its file's
        name (or the record's it was read from), unsaved moves still unsaved, the end of
        the game already announced.  Reads only this page's Python state: it may be
        called once the page has left the window."""
        assert self.game is not None
        page = CrosswordPage(self.context, game=self.game, path=self.path,
                             options=self.options, autosave=self.autosave_enabled)
        page.imported = self.imported
        page.dirty = self.dirty
        page.summary_shown = self.summary_shown
        return page

    def request_new_game(self) -> None:
        """"New game" from the end-of-game summary: set up the next one."""
        from wordstudio.ui.crossword import ENTRIES

        window = self.window()
        start = getattr(window, "start_entry", None)
        if callable(start):
            QTimer.singleShot(0, lambda: start(ENTRIES[0]))


def _empty_board(config: GameConfig) -> Board:
    """The board before the game exists (while the word list is prepared)."""
    return Board(config)
