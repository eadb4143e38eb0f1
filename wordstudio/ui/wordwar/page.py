"""The Word War game page: the turned card, each person's grid, the others', the scores.

The page drives the engine (:class:`~wordstudio.wordwar.game.WordWarGame`) and holds no
rules.  When a card is up every computer player is asked for its placement in the
background (``context.runner``, a worker process), each person answers in turn by
clicking a square of his own grid (a WILD card then asks for the letter) or passing, and
when every answer is in the engine discards the card and the next one is turned.  A
result that arrives for a card no longer up is dropped.  The game is autosaved after
every card so it can be resumed after a crash.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from wordstudio.errors import UserError
from wordstudio.paper import PAGE_SIZES
from wordstudio.paths import saved_games_dir
from wordstudio.recovery import discard
from wordstudio.ui.context import AppContext
from wordstudio.ui.dialogs import files, messages
from wordstudio.ui.dialogs.faults import autosave_failed, autosave_worked
from wordstudio.ui.dialogs.messages import sentence
from wordstudio.ui.page import GamePage
from wordstudio.ui.wordwar.dialogs import BlankSheetsDialog, LetterDialog
from wordstudio.ui.wordwar.disputes import DisputeDialog
from wordstudio.ui.wordwar.gridview import OPPONENT_MIN_CELL, GridView, OpponentGrids
from wordstudio.ui.wordwar.panels import CardPanel, RoundPanel, ScoreTable
from wordstudio.ui.workers import Job
from wordstudio.wordwar.deck import WILD, card_name
from wordstudio.wordwar.game import Phase, Placement, WordWarGame
from wordstudio.wordwar.players import Situation, choose_placement
from wordstudio.wordwar.records import SUFFIX, autosave_path, save_game
from wordstudio.wordwar.scoresheet import current_sheets, game_sheets

SCORING_HELP = (
    "<b>Scoring</b><br>Every word of two or more letters across or down scores a point a "
    "letter, words within words and within non-words too: DISCOVER scores 32 (DISCOVER, "
    "DISCO, COVER, DISC, COVE, OVER, IS). Each empty square costs a point, in its row. "
    "The round ends when a grid is full.")
#: Pause between cards when only computers play, so people can follow the game.
COMPUTER_PACE_MS = 400


def rival_share(rivals: int) -> tuple[int, int]:
    """How the page's width is shared between your grid and the others' (parts of it)."""
    if rivals < 5:
        return 1, 1
    return 9, 16


class WordWarPage(GamePage):
    """One Word War game in the main window."""

    def __init__(self, context: AppContext, game: WordWarGame, *, path: Path | None = None,
                 pace_ms: int = COMPUTER_PACE_MS, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.game = game
        self.path = path
        self.pace_ms = pace_ms
        self.dirty = path is None
        #: A dispute settled after the last round changed the final scores since the last
        #: save: closing asks, as it does for a game in progress.
        self.ruled_after_end = False
        #: Bumped whenever a card is turned: computer answers carry it as their token.
        self.generation = 0
        self.jobs: dict[tuple[int, int], Job] = {}
        self.last: dict[int, tuple[int, int]] = {}
        #: In hidden mode: the person who has uncovered his grid for this card.
        self._shown_person: tuple[int, int] | None = None
        self._closing = False
        self.hide_people = bool(context.settings.get("wordwar/hide_people", False))
        self._build()
        self._build_actions()
        QTimer.singleShot(0, self.advance)

    # --- widgets --------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.card_panel = CardPanel()
        self.card_panel.pass_clicked.connect(self.pass_card)
        self.round_panel = RoundPanel()
        self.round_panel.start_clicked.connect(self.start_next_round)
        self.round_panel.print_clicked.connect(self.print_sheets)
        self.round_panel.pdf_clicked.connect(self.export_pdf)
        self.round_panel.new_game_clicked.connect(self.close_requested)
        self.round_panel.dispute_clicked.connect(self.dispute_word)
        self.controls = QStackedWidget()
        self.controls.addWidget(self.card_panel)
        self.controls.addWidget(self.round_panel)
        # The card and the scores share the top band: the grids get the rest.
        top = QHBoxLayout()
        top.addWidget(self.controls, 1)
        self.scores = ScoreTable()
        top.addWidget(self.scores, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(top)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        self.big_stack = QStackedWidget()
        self.big_view = GridView(interactive=True, minimum_cell=28)
        self.big_view.setObjectName("wordwar-own-grid")
        self.big_view.setAccessibleName("Your grid")
        self.big_view.square_clicked.connect(self.square_clicked)
        self.big_view.square_refused.connect(self._square_refused)
        self.cover = QWidget()
        cover_layout = QVBoxLayout(self.cover)
        self.cover_label = QLabel("")
        self.cover_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.cover_label.setWordWrap(True)
        self.cover_button = QPushButton("Show my grid")
        self.cover_button.setObjectName("wordwar-show-grid")
        self.cover_button.clicked.connect(self._uncover)
        cover_layout.addStretch(1)
        cover_layout.addWidget(self.cover_label)
        cover_layout.addWidget(self.cover_button, 0, Qt.AlignmentFlag.AlignCenter)
        cover_layout.addStretch(1)
        self.big_stack.addWidget(self.big_view)
        self.big_stack.addWidget(self.cover)
        splitter.addWidget(self.big_stack)
        self.small_views: list[GridView] = []
        for _ in range(len(self.game.players) - 1):
            view = GridView(minimum_cell=OPPONENT_MIN_CELL)
            self.small_views.append(view)
        self.others = OpponentGrids(self.small_views, SCORING_HELP)
        scroll = QScrollArea()
        scroll.setAccessibleName("The other players' grids")
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.others)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        splitter.addWidget(scroll)
        # Your own grid and the others' share the width about evenly: the others are
        # read, not peered at.  From five others on they get more of it - three abreast
        # at a readable size in a default-sized window - and your grid keeps squares of
        # about 36 pixels or more.
        own, rivals = rival_share(len(self.small_views))
        splitter.setStretchFactor(0, own)
        splitter.setStretchFactor(1, rivals if self.small_views else 0)
        splitter.setSizes([own * 100, rivals * 100] if self.small_views else [800, 360])
        layout.addWidget(splitter, 1)

    def _build_actions(self) -> None:
        self.pass_action = QAction("&Pass", self)
        self.pass_action.setShortcut(QKeySequence("P"))
        self.pass_action.triggered.connect(self.pass_card)
        self.print_action = QAction("&Print Scoresheets…", self)
        self.print_action.setShortcut(QKeySequence.StandardKey.Print)
        self.print_action.triggered.connect(self.print_sheets)
        self.pdf_action = QAction("Save Scoresheets as P&DF…", self)
        self.pdf_action.triggered.connect(self.export_pdf)
        self.blank_action = QAction("Print &Blank Scoresheets…", self)
        self.blank_action.triggered.connect(self.blank_sheets)
        self.save_as_action = QAction("Save Game &As…", self)
        self.save_as_action.triggered.connect(self.save_as)
        self.hide_action = QAction("&Hide Each Person's Grid From the Others", self)
        self.hide_action.setCheckable(True)
        self.hide_action.setChecked(self.hide_people)
        self.hide_action.toggled.connect(self.set_hide_people)
        self.menu = QMenu("&Word War", self)
        for action in (self.pass_action, None, self.print_action, self.pdf_action,
                       self.blank_action, None, self.save_as_action, None, self.hide_action):
            if action is None:
                self.menu.addSeparator()
            else:
                self.menu.addAction(action)
        paper = self.menu.addMenu("Paper for PDF")
        group = QActionGroup(self)
        current = self.context.settings.get("wordwar/page", "a4")
        for key, label in (("a4", "A4"), ("letter", "US Letter")):
            action = paper.addAction(label)
            action.setCheckable(True)
            action.setChecked(key == current)
            action.triggered.connect(partial(self.context.settings.set, "wordwar/page", key))
            group.addAction(action)
        self.addAction(self.pass_action)

    def page_menus(self) -> list[QMenu]:
        return [self.menu]

    def toolbar_actions(self) -> list[QAction]:
        return [self.pass_action, self.print_action]

    # --- the game loop ----------------------------------------------------------------------
    def advance(self) -> None:
        """Do whatever the game waits for next that needs no person, then show it."""
        if self._closing:
            return
        phase = self.game.phase
        if phase is Phase.TURN_CARD:
            if self.people():
                self.turn_card()
            else:
                QTimer.singleShot(self.pace_ms, self._turn_if_waiting)
            return
        if phase is Phase.DECIDE:
            self.start_computers()
        self.refresh()

    def _turn_if_waiting(self) -> None:
        if not self._closing and self.game.phase is Phase.TURN_CARD:
            self.turn_card()

    def turn_card(self) -> None:
        self.game.turn_card()
        self.generation += 1
        self.dirty = True
        self.advance()

    def start_computers(self) -> None:
        game = self.game
        for player in game.waiting_for():
            spec = game.players[player]
            if not spec.computer or (self.generation, player) in self.jobs:
                continue
            situation = Situation.of(game, player)
            token = (self.generation, player)
            self.jobs[token] = self.context.runner.run(
                choose_placement, situation, spec.strength, wants_control=True,
                on_success=partial(self._computer_answered, token),
                on_failure=partial(self._computer_failed, token), token=token)

    def _computer_answered(self, token: tuple[int, int], decision: Placement | None) -> None:
        self.jobs.pop(token, None)
        generation, player = token
        if self._closing or generation != self.generation or player not in self.game.waiting_for():
            return  # a stale answer: the card it was for is gone
        self.game.decide(player, decision)
        if decision is not None:
            self.last[player] = (decision.row, decision.col)
        self.after_answer()

    def _computer_failed(self, token: tuple[int, int], error: BaseException) -> None:
        self.jobs.pop(token, None)
        generation, player = token
        if self._closing or generation != self.generation or player not in self.game.waiting_for():
            return
        # A computer player that fails must not stop the game: it passes this card.
        self.status.emit(f"{self.game.players[player].name} could not decide ({error}); "
                         "it passes this card")
        self.game.pass_card(player)
        self.after_answer()

    def after_answer(self) -> None:
        self.dirty = True
        if self.game.card is None:
            self.autosave()
            self.advance()
        else:
            self.refresh()

    # --- people -------------------------------------------------------------------------
    def people(self) -> list[int]:
        return [p for p, spec in enumerate(self.game.players) if not spec.computer]

    def active_person(self) -> int | None:
        """The person who answers the card now (people answer one after another)."""
        for player in self.game.waiting_for():
            if not self.game.players[player].computer:
                return player
        return None

    def square_clicked(self, row: int, col: int) -> None:
        person = self.active_person()
        if person is None or self.game.card is None or self._covered():
            return
        letter = None
        if self.game.card == WILD:
            dialog = LetterDialog(self, self.game.players[person].name)
            if not dialog.exec() or dialog.letter is None:
                return
            letter = dialog.letter
        try:
            self.game.place(person, row, col, letter)
        except UserError as exc:
            self.status.emit(sentence(str(exc)))
            return
        self.last[person] = (row, col)
        self.after_answer()

    def pass_card(self) -> None:
        person = self.active_person()
        if person is None or self._covered():
            return
        self.game.pass_card(person)
        self.after_answer()

    def _covered(self) -> bool:
        return self.big_stack.currentWidget() is self.cover

    def _uncover(self) -> None:
        person = self.active_person()
        if person is not None:
            self._shown_person = (self.generation, person)
        self.refresh()

    def set_hide_people(self, hide: bool) -> None:
        self.hide_people = hide
        self.context.settings.set("wordwar/hide_people", hide)
        self.refresh()

    def _needs_cover(self, person: int | None) -> bool:
        """People sharing a screen see a cover between turns, so no one sees another's grid."""
        if not self.hide_people or len(self.people()) < 2:
            return False
        if person is None:
            return self.game.phase is Phase.DECIDE
        return self._shown_person != (self.generation, person)

    # --- showing the state ----------------------------------------------------------------
    def shown_player(self) -> int:
        """Whose grid the big view shows: the person to answer, else the first person."""
        person = self.active_person()
        if person is not None:
            return person
        people = self.people()
        return people[0] if people else 0

    def dispute_word(self) -> None:
        """The players settle a disputed word; the round is scored again."""
        dialog = DisputeDialog(self.game, self)
        if dialog.exec() and dialog.ruling is not None:
            self.dirty = True
            if self.game.is_over:
                self.ruled_after_end = True
            self.autosave()
            self.refresh()

    def _square_refused(self, reason: str) -> None:
        self.status.emit(reason)
        self.card_panel.prompt.setText(reason)

    def refresh(self) -> None:
        game = self.game
        phase = game.phase
        playing = phase in (Phase.DECIDE, Phase.TURN_CARD)
        self.controls.setCurrentWidget(self.card_panel if playing else self.round_panel)
        person = self.active_person()
        shown = self.shown_player()
        if playing:
            self.card_panel.show_state(game, self._prompt(person), person is not None)
        else:
            self.round_panel.show_game(game)
        grids, boards = self._round_grids()
        cover = playing and self._needs_cover(person)
        if cover:
            who = game.players[person].name if person is not None else ""
            self.cover_label.setText(f"<h2>{who}, your turn</h2><p>The card is "
                                     f"{card_name(game.card or '')}.</p>" if who else
                                     "<h2>Waiting for the computer players…</h2>")
            self.cover_button.setVisible(person is not None)
        self.big_stack.setCurrentWidget(self.cover if cover else self.big_view)
        scorer = game.scorer
        round_scores: list[int | None] = []
        for p in range(len(game.players)):
            round_scores.append(scorer.score(grids[p]).total if grids else None)
        if grids:
            board = boards[shown]
            self.big_view.show_grid(grids[shown], board.printed, scorer.score(grids[shown]),
                                    f"{game.players[shown].name} — board {board.number}",
                                    self.last.get(shown) if playing else None)
        self.big_view.set_interactive(person is not None and phase is Phase.DECIDE)
        if person is not None and not cover and self.isVisible():
            focused = QApplication.focusWidget()
            if focused is None or focused is self or self.isAncestorOf(focused):
                self.big_view.setFocus(Qt.FocusReason.OtherFocusReason)  # the keys write
        others = [p for p in range(len(game.players)) if p != shown]
        for view, p in zip(self.small_views, others, strict=False):
            if not grids:
                view.show_grid(None)
                continue
            hidden = (self.hide_people and not game.players[p].computer and playing)
            caption = f"{game.players[p].name}: {round_scores[p] if not hidden else '?'}"
            view.show_grid(grids[p], boards[p].printed,
                           None if hidden else scorer.score(grids[p]), caption,
                           self.last.get(p) if playing else None, hidden)
        self.others.relayout()  # a new round's boards may be another size
        self.scores.show_game(game, [None if (self.hide_people and playing
                                              and not game.players[p].computer and p != shown)
                                     else s for p, s in enumerate(round_scores)],
                              self._states())
        self.pass_action.setEnabled(person is not None and not cover)
        self.print_action.setEnabled(bool(game.results) or bool(game.grids))
        self.pdf_action.setEnabled(bool(game.results) or bool(game.grids))
        self.title_changed.emit(self.title())

    def _round_grids(self) -> tuple[list, list]:
        """The grids to show: the round being played, or the last one finished."""
        game = self.game
        if game.deck is not None:
            return list(game.grids), list(game.boards)
        if game.results:
            result = game.results[-1]
            return list(result.grids), [game.board_set.board(n) for n in result.boards]
        return [], []

    def _prompt(self, person: int | None) -> str:
        game = self.game
        if game.card is None:
            return "Turning the next card…"
        if person is None:
            return "Waiting for the computer players…"
        name = game.players[person].name
        if game.card == WILD:
            return f"{name}: WILD card: click a square, then choose its letter, or pass."
        return f"{name}: click a square to write {game.card}, or pass."

    def _states(self) -> list[str]:
        game = self.game
        states = []
        for p, spec in enumerate(game.players):
            if game.card is None:
                states.append("")
            elif p in game.decisions:
                decision = game.decisions[p]
                if decision is None:
                    states.append("passed")
                elif self.hide_people and not spec.computer:
                    states.append("wrote")
                else:
                    states.append(f"wrote {decision.letter}")
            else:
                states.append("thinking…" if spec.computer else "to play")
        return states

    # --- rounds -------------------------------------------------------------------------------
    def start_next_round(self) -> None:
        boards = self.round_panel.chosen_boards()
        try:
            self.game.start_round(boards)
        except UserError as exc:
            QMessageBox.warning(self, "Word War", sentence(str(exc)))
            return
        self.last.clear()
        self.dirty = True
        self.autosave()
        self.advance()

    # --- printing -----------------------------------------------------------------------------
    def sheets(self) -> list:
        """Finished rounds' sheets and the summary; the live round's sheets before that."""
        if self.game.results:
            return game_sheets(self.game)
        return current_sheets(self.game)

    def print_sheets(self) -> None:
        from wordstudio.ui.wordwar.printing import print_pages

        try:
            print_pages(self, self.sheets(), self.context.settings)
        except UserError as exc:
            QMessageBox.warning(self, "Word War", sentence(str(exc)))

    def export_pdf(self) -> None:
        from wordstudio.ui.wordwar.printing import write_pdf

        name = self.path.with_suffix(".pdf").name if self.path else "wordwar-scoresheets.pdf"
        chosen = files.save_file_name(self, self.context.settings, files.PRINTED,
                                      "Save scoresheets as PDF", name, "PDF files (*.pdf)",
                                      ".pdf", saved_games_dir())
        if chosen is None:
            return
        path = str(chosen)
        page = PAGE_SIZES.get(self.context.settings.get("wordwar/page", "a4"), PAGE_SIZES["a4"])
        try:
            write_pdf(self.sheets(), path, page)
        except UserError as exc:
            QMessageBox.warning(self, "Word War", sentence(str(exc)))
            return
        self.status.emit(f"Scoresheets saved to {path}")

    def blank_sheets(self) -> None:
        BlankSheetsDialog(self.game.board_set, self,
                          self.context.settings.get("wordwar/page", "a4"),
                          self.context.settings).exec()

    # --- files --------------------------------------------------------------------------------
    def help_html(self) -> str:
        from wordstudio.ui.help import WORD_WAR

        return WORD_WAR

    def title(self) -> str:
        name = self.path.name if self.path else "unsaved game"
        return f"Word War — {name}{' *' if self.dirty else ''} — WordStudio"

    def can_save(self) -> bool:
        return True

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        return self._save_to(self.path)

    def save_as(self) -> bool:
        default = self.path or (saved_games_dir() / f"wordwar{SUFFIX}")
        path, _ = QFileDialog.getSaveFileName(self, "Save Word War game", str(default),
                                              f"Word War games (*{SUFFIX})")
        if not path:
            return False
        target = Path(path)
        if target.suffix.lower() != SUFFIX:
            target = target.with_suffix(SUFFIX)
        return self._save_to(target)

    def _save_to(self, path: Path) -> bool:
        try:
            save_game(self.game, path)
        except OSError as exc:
            QMessageBox.warning(self, "Word War", f"The game could not be saved:\n{exc}")
            return False
        self.path = path
        self.dirty = False
        self.ruled_after_end = False
        self.context.settings.add_recent_file(path)
        self.status.emit(f"Saved {path.name}")
        self.title_changed.emit(self.title())
        return True

    def autosave(self) -> None:
        """Keep the game in progress safe after every card (DESIGN.md section 10)."""
        if self.game.is_over:
            discard(autosave_path())
            return
        try:
            save_game(self.game, autosave_path(), keep_previous=True)
            autosave_worked(self)
        except OSError as exc:
            autosave_failed(self, exc)

    def maybe_close(self) -> bool:
        if self.dirty and (not self.game.is_over or self.ruled_after_end):
            answer = messages.save_before_closing(self, "Close the game",
                                                  "Save this game before closing it?")
            if answer == "cancel" or (answer == "save" and not self.save()):
                return False
        # Closed on purpose: nothing is left to resume.
        discard(autosave_path())
        return True

    def shutdown(self) -> None:
        self._closing = True
        for job in list(self.jobs.values()):
            job.cancel()
        self.jobs.clear()
