"""The Word For Word game page: the board, the clock, the moves, the practice aid and
the scratch pad.

The page holds no rules.  A person's confirmed move and a computer player's chosen move
both go to :meth:`Game.play`; the page then redraws from the game.  Anything that
searches the lexicon -- dealing (which loads the word list), a computer player's move,
the practice aid -- runs through ``context.runner`` (a worker process by default) and
its answer is applied only if the game has not moved on meanwhile (the job's token is
the turn it was asked about).
"""

from __future__ import annotations

import html
import math
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from wordstudio.errors import UserError
from wordstudio.paths import autosave_dir, saved_games_dir
from wordstudio.recovery import discard
from wordstudio.ui import theme
from wordstudio.ui.context import AppContext
from wordstudio.ui.dialogs import messages
from wordstudio.ui.dialogs.faults import autosave_failed, autosave_worked
from wordstudio.ui.dialogs.messages import sentence
from wordstudio.ui.page import GamePage
from wordstudio.ui.wordforword.entry import MoveEntry
from wordstudio.ui.wordforword.scratch import ScratchPad
from wordstudio.ui.wordforword.widgets import (
    PlayerPanel,
    chain_html,
    legend_html,
    word_html,
)
from wordstudio.ui.workers import Job
from wordstudio.wordforword.clock import Countdown, format_seconds
from wordstudio.wordforword.moves import GameSetup, IllegalMove, Move
from wordstudio.wordforword.players import choose_move
from wordstudio.wordforword.practice import PracticeAid, practice_aid
from wordstudio.wordforword.records import SUFFIX, save_game
from wordstudio.wordforword.rules import Deal, Game, Phase, WordClass, prepare_game
from wordstudio.wordforword.solver import DoubletGraph, remember_graph

PRACTICE_SETTING = "wordforword/practice_aid"
AUTOSAVE_NAME = "wordforword" + SUFFIX


def autosave_path() -> Path:
    """Where the game in progress is written after every move (one game at a time)."""
    return autosave_dir() / AUTOSAVE_NAME


class WordForWordPage(GamePage):
    """A game of Word For Word between people and computer players at one screen."""

    #: Pause before a computer's move is shown, so people can follow the game.
    computer_delay_ms = 700
    #: How often the clock is redrawn and checked.
    tick_ms = 200

    def __init__(self, context: AppContext, setup: GameSetup | None = None,
                 game: Game | None = None, path: Path | None = None,
                 practice: bool | None = None, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        if (setup is None) == (game is None):
            raise ValueError("give either a setup to deal or a game to resume")
        self.setup = game.setup if game is not None else setup
        assert self.setup is not None
        self.game: Game | None = None
        self.path = path
        self.dirty = False
        self.error: str | None = None
        self.computer_job: Job | None = None
        self.aid_job: Job | None = None
        self.aid: PracticeAid | None = None
        self.autosaved = False
        self._aid_seat: int | None = None
        self.study_clock = Countdown(None)
        self.move_clock = Countdown(None)
        #: (seat, turn) whose chain the person asked to see: shown for that turn only.
        self.revealed: tuple[int, int] | None = None
        if practice is None:
            practice = bool(context.settings.get(PRACTICE_SETTING, False))
        self._build(practice)
        theme.manager().changed.connect(self._look_changed)
        self._timer = QTimer(self)
        self._timer.setInterval(self.tick_ms)
        self._timer.timeout.connect(self._tick)
        if game is not None:
            self._start(game)
        else:
            self.message.setText("Dealing the puzzles…")
            self.context.runner.run(prepare_game, self.setup, on_success=self._dealt,
                                    on_failure=self._deal_failed)

    # --- building the page ----------------------------------------------------------------
    def _build(self, practice: bool) -> None:
        setup = self.setup
        assert setup is not None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 10, 12, 10)
        top = QHBoxLayout()
        self.heading = QLabel(f"<b>Word For Word</b> — {setup.length}-letter words "
                              f"({html.escape(Path(setup.lexicon).name)})")
        self.common = QLabel()
        self.common.setObjectName("wfw-common")
        self.common.setTextFormat(Qt.TextFormat.RichText)
        self.clock = QLabel()
        self.clock.setObjectName("wfw-clock")
        self.clock.setStyleSheet("font-size:13pt; font-weight:bold;")
        self.begin_button = QPushButton("Begin play")
        self.begin_button.setObjectName("wfw-begin")
        self.begin_button.setToolTip("End the study period: everyone is ready")
        self.begin_button.clicked.connect(self.begin_play)
        top.addWidget(self.heading)
        top.addStretch(1)
        top.addWidget(self.common)
        top.addStretch(1)
        top.addWidget(self.clock)
        top.addWidget(self.begin_button)
        outer.addLayout(top)
        self.legend = QLabel(legend_html())
        self.legend.setObjectName("wfw-legend")
        outer.addWidget(self.legend)

        splitter = QSplitter(Qt.Orientation.Vertical)
        board = QWidget()
        self.players_grid = QGridLayout(board)
        self.players_grid.setContentsMargins(0, 0, 0, 0)
        self.panels: list[PlayerPanel] = []
        splitter.addWidget(board)

        lower = QSplitter(Qt.Orientation.Horizontal)
        play = QWidget()
        play_layout = QVBoxLayout(play)
        play_layout.setContentsMargins(0, 0, 0, 0)
        self.message = QLabel()
        self.message.setObjectName("wfw-message")
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.message.setWordWrap(True)
        self.message.setStyleSheet("font-size:12pt; padding:4px;")
        play_layout.addWidget(self.message)
        self.entry = MoveEntry()
        self.entry.move_made.connect(self.make_move)
        self.entry.describe_word = self._describe_word
        play_layout.addWidget(self.entry)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        play_layout.addWidget(line)
        self.practice = QCheckBox("Practice aid")
        self.practice.setObjectName("wfw-practice")
        self.practice.setToolTip("Say whether your puzzle still has a solution; a chain is "
                                 "shown only when you ask for it")
        self.practice.setChecked(practice)
        self.practice.toggled.connect(self._practice_toggled)
        self.aid_label = QLabel()
        self.aid_label.setObjectName("wfw-aid")
        self.aid_label.setTextFormat(Qt.TextFormat.RichText)
        self.aid_label.setWordWrap(True)
        self.reveal_button = QPushButton("Show a chain")
        self.reveal_button.setObjectName("wfw-show-chain")
        self.reveal_button.setToolTip("Show a shortest chain for your puzzle (this turn only)")
        self.reveal_button.clicked.connect(self.reveal_chain)
        self.reveal_button.hide()
        aid_row = QHBoxLayout()
        aid_row.addWidget(self.practice, 0, Qt.AlignmentFlag.AlignTop)
        aid_row.addWidget(self.aid_label, 1)
        aid_row.addWidget(self.reveal_button, 0, Qt.AlignmentFlag.AlignTop)
        play_layout.addLayout(aid_row)
        self.scratch = ScratchPad()
        play_layout.addWidget(self.scratch)
        play_layout.addStretch(1)
        lower.addWidget(play)
        history = QWidget()
        history_layout = QVBoxLayout(history)
        history_layout.setContentsMargins(0, 0, 0, 0)
        history_layout.addWidget(QLabel("<b>Game record</b>"))
        self.record = QListWidget()
        self.record.setObjectName("wfw-record")
        self.record.setAccessibleName("Game record")
        # Reachable with Tab (not with a click: typing goes on to the move entry).
        self.record.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.record.setWordWrap(True)
        history_layout.addWidget(self.record, 1)
        lower.addWidget(history)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 2)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        outer.addWidget(splitter, 1)

        self.menu = QMenu("&Word For Word", self)
        self.save_as_action = self.menu.addAction("Save &As…")
        self.save_as_action.triggered.connect(self.save_as)
        self.begin_action = self.menu.addAction("&Begin play")
        self.begin_action.setToolTip("End the study period: everyone is ready")
        self.begin_action.triggered.connect(self.begin_play)
        self.practice_action = QAction("&Practice aid", self)
        self.practice_action.setCheckable(True)
        self.practice_action.setChecked(practice)
        self.practice_action.toggled.connect(self.practice.setChecked)
        self.menu.addAction(self.practice_action)

    def _look_changed(self, _name: str) -> None:
        """Light or dark: the words are written again in the new look's colours."""
        self.legend.setText(legend_html())
        if self.game is not None:
            self.common.setText(self._common_html(self.game))
        self.refresh()

    # --- starting -------------------------------------------------------------------------
    def _dealt(self, result: tuple[tuple[str, ...], Deal, DoubletGraph]) -> None:
        words, deal, graph = result
        remember_graph(graph)
        assert self.setup is not None
        try:
            game = Game(self.setup, words, deal)
        except UserError as exc:
            self._deal_failed(exc)
            return
        self._start(game)
        self._autosave()

    def _deal_failed(self, error: BaseException) -> None:
        self.error = str(error)
        self.message.setText(theme.span(f"<b>Cannot start the game:</b> {html.escape(self.error)}",
                                        "bad"))
        self.status.emit(f"Word For Word: {self.error}")

    def _start(self, game: Game) -> None:
        self.game = game
        columns = len(game.seats) if len(game.seats) <= 4 else math.ceil(len(game.seats) / 2)
        for seat in range(len(game.seats)):
            panel = PlayerPanel(seat)
            self.panels.append(panel)
            self.players_grid.addWidget(panel, seat // columns, seat % columns)
        self.common.setText(self._common_html(game))
        for turn in game.turns:
            self._record_turn(turn.number, turn.message)
        if game.phase is Phase.STUDY:
            self.study_clock = Countdown(game.setup.study_seconds)
            self.study_clock.restart()
            self.message.setText("<b>Study period.</b> Work out solutions to your puzzle and "
                                 "the others'. No moves are made until play begins.")
        elif game.over:
            self.message.setText(self._result_html())
        else:
            self.message.setText("Play resumes.")
        self._timer.start()
        self._turn_begins()
        self.title_changed.emit(self.title())

    @staticmethod
    def _common_html(game: Game) -> str:
        return (f'<span style="font-size:15pt">Common word: '
                f"{word_html(game.common, WordClass.PUZZLE)}</span>")

    # --- the flow of turns ----------------------------------------------------------------
    def begin_play(self) -> None:
        """End the study period (the players agree, or its time ran out)."""
        if self.game is None or self.game.phase is not Phase.STUDY:
            return
        self.game.begin_play()
        self.study_clock.pause()
        self.message.setText("Play begins.")
        self._turn_begins()

    def _turn_begins(self) -> None:
        game = self.game
        assert game is not None
        self.move_clock = Countdown(game.setup.move_seconds)
        if game.phase is Phase.PLAY:
            self.move_clock.restart()
            spec = game.seats[game.acting].spec
            if spec.is_computer:
                self.entry.set_commands(())
                self._ask_computer()
            else:
                self.entry.set_commands(game.commands())
                # Typing goes to the move entry - unless the person is writing on the
                # scratch pad, where a letter must not become a command.
                focused = QApplication.focusWidget()
                if focused is None or not self.scratch.isAncestorOf(focused):
                    self.entry.setFocus()
        else:
            self.entry.set_commands(())
        self.refresh()

    def make_move(self, move: Move) -> None:
        """Play ``move`` for the acting player through the rules, then show the result."""
        game = self.game
        if game is None:
            return
        try:
            turn = game.play(move)
        except IllegalMove as exc:
            self.status.emit(sentence(str(exc)))
            self.message.setText(html.escape(sentence(str(exc))))
            return
        self.dirty = True
        self._record_turn(turn.number, turn.message)
        self.message.setText(self._result_html() if game.over else html.escape(turn.message))
        self.status.emit(turn.message)
        self._autosave()
        if self.computer_job is not None:
            self.computer_job.cancel()
            self.computer_job = None
        self._turn_begins()

    def _ask_computer(self) -> None:
        game = self.game
        assert game is not None
        spec = game.seats[game.acting].spec
        position = game.position()
        self.message.setText(f"{html.escape(spec.name)} is thinking…")
        turn = position.turn

        def chosen(move: Move) -> None:
            self._computer_chose(move, turn)

        self.computer_job = self.context.runner.run(
            choose_move, position, spec.computer, game.setup.seed, wants_control=True,
            on_success=chosen, on_failure=self._computer_failed, token=turn)

    def _computer_chose(self, move: Move, turn: int) -> None:
        if self.game is None or len(self.game.turns) != turn or self.game.over:
            return  # the game moved on: a stale answer
        # With the page as context the call is dropped if the page goes first.
        QTimer.singleShot(self.computer_delay_ms, self,
                          lambda: self._play_computer_move(move, turn))

    def _play_computer_move(self, move: Move, turn: int) -> None:
        if self.game is not None and len(self.game.turns) == turn and not self.game.over:
            self.computer_job = None
            self.make_move(move)

    def _computer_failed(self, error: BaseException) -> None:
        self.computer_job = None
        self.message.setText(theme.span(f"The computer player failed: {html.escape(str(error))}",
                                        "bad"))

    def _tick(self) -> None:
        game = self.game
        if game is None:
            return
        if game.phase is Phase.STUDY:
            remaining = self.study_clock.remaining()
            if remaining is None:
                self.clock.setText("Study period: begin when everyone is ready")
            else:
                self.clock.setText(f"Study period: {format_seconds(remaining)}")
                if self.study_clock.expired():
                    self.begin_play()
            return
        if game.over:
            self.clock.setText("Game over")
            self._timer.stop()
            return
        name = game.seats[game.acting].name
        remaining = self.move_clock.remaining()
        if remaining is None:
            self.clock.setText(f"{name} to move")
            return
        self.clock.setText(f"{name} to move — {format_seconds(remaining)}")
        if self.move_clock.expired():
            if game.seats[game.acting].spec.is_computer:
                # "Play now": the computer answers with its best move so far.
                if self.computer_job is not None:
                    self.computer_job.force()
            else:
                self.entry.cancel()
                self.make_move(Move.parse("T", recorded=True))

    # --- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the board from the game."""
        game = self.game
        if game is None:
            return
        for panel in self.panels:
            panel.show_game(game)
        study = game.phase is Phase.STUDY
        self.begin_button.setVisible(study)
        self.begin_action.setEnabled(study)
        self._tick()
        self._update_aid()
        self._update_scratch()

    def _record_turn(self, number: int, message: str) -> None:
        self.record.addItem(f"{number}. {message}")
        self.record.scrollToBottom()

    def _result_html(self) -> str:
        game = self.game
        assert game is not None
        last = game.turns[-1].message if game.turns else ""
        return (theme.span(f"<b>{html.escape(game.result_text())}</b>", "good", "font-size:14pt;")
                + f" {html.escape(last)}")

    def _describe_word(self, word: str) -> str:
        """What the board already shows about ``word`` (public knowledge, no spell check)."""
        game = self.game
        if game is None or not word:
            return ""
        kind = game.word_class(word)
        if kind is WordClass.PUZZLE:
            return f"{word} is a puzzle word (saved from the start)."
        if kind is WordClass.SAVED:
            return f"{word} was saved by {game.seats[game.saved_by(word) or 0].name}."
        if kind is WordClass.DELETED:
            return f"{word} was deleted by {game.seats[game.deleted_by(word) or 0].name}."
        return ""

    # --- the practice aid -----------------------------------------------------------------
    def _practice_toggled(self, on: bool) -> None:
        self.practice_action.setChecked(on)
        self.context.settings.set(PRACTICE_SETTING, on)
        self._update_aid()
        self._update_scratch()

    def _update_scratch(self) -> None:
        """The scratch pad checks spelling only where the practice aid would help: with
        the aid on, once play has begun."""
        game = self.game
        if game is not None:
            # Each person has paper of his own: the person to move writes on his.
            writer = game.acting if game.phase is Phase.PLAY and not game.over \
                and not game.seats[game.acting].spec.is_computer else None
            self.scratch.show_game(game, self.practice.isChecked() and game.phase is not Phase.STUDY,
                                   writer)

    def aid_seat(self) -> int | None:
        """Whose puzzle the aid shows: the acting person, else the next person to move."""
        game = self.game
        if game is None:
            return None
        count = len(game.seats)
        for step in range(count):
            seat = (game.acting + step) % count
            if not game.seats[seat].spec.is_computer and not game.seats[seat].eliminated:
                return seat
        return None

    def _update_aid(self) -> None:
        game = self.game
        self.reveal_button.hide()
        if not self.practice.isChecked() or game is None:
            self.aid_label.setText("<i>Off.</i>" if game is not None else "")
            return
        if game.phase is Phase.STUDY:
            # The study period is for working the puzzles out: the aid says nothing yet.
            self.aid_label.setText("<i>The practice aid helps once play begins.</i>")
            return
        seat = self.aid_seat()
        if seat is None or game.over:
            self.aid_label.setText("<i>No person left to help.</i>" if seat is None else "")
            return
        position = game.position()
        if self.aid is not None and (self.aid.seat, self.aid.turn) == (seat, position.turn):
            self._show_aid(self.aid)
            return
        if self.aid_job is not None:
            self.aid_job.cancel()
        self.aid_label.setText(f"<i>Looking at {html.escape(game.seats[seat].name)}'s "
                               f"puzzle…</i>")
        self.aid_job = self.context.runner.run(
            practice_aid, position, seat, on_success=self._aid_ready, token=position.turn)

    def _aid_ready(self, aid: PracticeAid) -> None:
        self.aid_job = None
        if self.game is None or aid.turn != len(self.game.turns) or aid.seat != self.aid_seat():
            return
        self.aid = aid
        self._show_aid(aid)

    def reveal_chain(self) -> None:
        """The person asks to see a chain for his puzzle (this turn only)."""
        if self.aid is not None:
            self.revealed = (self.aid.seat, self.aid.turn)
            self._show_aid(self.aid)

    def _show_aid(self, aid: PracticeAid) -> None:
        game = self.game
        assert game is not None
        name = html.escape(game.seats[aid.seat].name)
        if not aid.solvable:
            self.aid_label.setText(f"{name}: your puzzle has <b>no solution</b> any more.")
            self.reveal_button.hide()
            return
        need = aid.still_to_save or 0
        if need == 0:
            todo = "every word of a chain is saved: you can <b>Win</b>."
        elif need == 1:
            todo = "one more saved word would let you <b>Save to win</b>."
        else:
            todo = f"a chain still needs {need} words saved."
        text = f"{name}: your puzzle still has a solution; {todo}"
        shown = self.revealed == (aid.seat, aid.turn)
        if shown:
            text += f"<br>A shortest chain: {chain_html(game, aid.chain)}"
            unsaved = sum(1 for w in aid.chain if game.word_class(w) is WordClass.OPEN)
            if unsaved > need:
                text += f"<br>Fewest words to save: {chain_html(game, aid.cheapest)}"
        self.aid_label.setText(text)
        self.reveal_button.setVisible(not shown)

    # --- keys, files, closing -------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if not self.entry.type_text(event.text()):
            super().keyPressEvent(event)

    def help_html(self) -> str:
        from wordstudio.ui.help import WORD_FOR_WORD

        return WORD_FOR_WORD

    def title(self) -> str:
        name = self.path.name if self.path is not None else "new game"
        return f"Word For Word — {name}{' *' if self.dirty else ''}"

    def page_menus(self) -> list[QMenu]:
        return [self.menu]

    def toolbar_actions(self) -> list[QAction]:
        return [self.begin_action, self.practice_action]

    def can_save(self) -> bool:
        return self.game is not None

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        start = str(self.path or saved_games_dir() / f"word-for-word{SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", start,
                                              f"Word For Word games (*{SUFFIX})")
        if not path:
            return False
        if not path.endswith(SUFFIX):
            path += SUFFIX
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        if self.game is None:
            return False
        try:
            save_game(self.game, path)
        except OSError as exc:
            QMessageBox.warning(self, "Save", f"The game could not be saved:\n{exc}")
            return False
        self.path, self.dirty = path, False
        self.context.settings.add_recent_file(path)
        self.title_changed.emit(self.title())
        self.status.emit(f"Saved {path.name}")
        return True

    def _autosave(self) -> None:
        """Write the record after every move, so a crash loses nothing (DESIGN.md 10)."""
        if self.game is not None:
            try:
                save_game(self.game, autosave_path(), keep_previous=True)
                self.autosaved = True
                autosave_worked(self)
            except OSError as exc:
                autosave_failed(self, exc)
        self.title_changed.emit(self.title())

    def maybe_close(self) -> bool:
        if self.game is None or self.game.over or not self.dirty:
            return True
        answer = messages.save_before_closing(self, "Close the game",
                                              "Save this game before closing it?")
        if answer == "save":
            return self.save()
        return answer == "discard"

    def shutdown(self) -> None:
        """Stop the clock and the searches; the autosave is only for recovering from a crash."""
        self._timer.stop()
        for job in (self.computer_job, self.aid_job):
            if job is not None:
                job.cancel()
        self.computer_job = self.aid_job = None
        if self.autosaved:
            discard(autosave_path())
            self.autosaved = False
