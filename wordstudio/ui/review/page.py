"""The game review page: step through a finished (or imported) game, each move against the
best alternatives, mistakes marked by size on a graph of the spread.

The moves are judged in worker processes, a few positions a job, while the page shows
what has come back so far with a progress bar (cancel at any time: what was judged stays);
the window never waits.  Selecting a move shows the board as the player saw it, the move
made laid on it, and the best options (select one to see it on the board instead).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QBrush, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.game import Game
from wordstudio.crossword.review.analysis import ANALYSERS, Option, PositionAnalysis
from wordstudio.crossword.review.engine import (
    GameReview,
    analyse_tasks,
    assemble,
    review_tasks,
)
from wordstudio.ui.context import AppContext
from wordstudio.ui.crossword.boardview import BoardScene, BoardView
from wordstudio.ui.crossword.options import SETTINGS_KEY as OPTIONS_KEY
from wordstudio.ui.crossword.options import TableOptions
from wordstudio.ui.page import GamePage
from wordstudio.ui.review.graph import MARKS, SpreadGraph
from wordstudio.ui.theme import board as board_theme
from wordstudio.ui.widgets.tables import fit_columns
from wordstudio.ui.workers import BackgroundRunner, Job

#: Positions judged by one job: small enough for steady progress, big enough to keep
#: the workers busy.
CHUNK = 3
TOP = 5
ANALYSER_NAMES = {"static": "Static equity (quick)", "simulation": "Simulation (strong)"}


class ReviewPage(GamePage):
    """See the module docstring."""

    def __init__(self, context: AppContext, game: Game, path: Path | None = None,
                 parent: QWidget | None = None, runner: BackgroundRunner | None = None,
                 back: Callable[[], GamePage | None] | None = None) -> None:
        super().__init__(context, parent)
        self.setObjectName("review-page")
        self.game = game
        self.path = path
        #: Makes the page to go back to (the game, to play on or save); None: no way back.
        self.back_page = back
        shared = context.runner
        # Reviews use every core, in processes of their own; tests run them in line.
        self.runner = runner or BackgroundRunner(
            self, mode=shared.mode, processes=max(1, min(2, os.cpu_count() or 1)))
        self.jobs: list[Job] = []
        self.tasks, self.skipped = review_tasks(game)
        self.review: GameReview = assemble(game, {}, self.skipped, "")
        self.boards = _boards_before(game)
        self.done = 0
        self.current = 0
        self._build()
        self._actions()
        self.start_review()
        self.select(0)

    # --- widgets ---------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.heading = QLabel(self._heading(), self)
        self.heading.setObjectName("review-heading")
        bar.addWidget(self.heading, 1)
        self.analyser = QComboBox(self)
        for key in ANALYSERS:
            self.analyser.addItem(ANALYSER_NAMES.get(key, key), key)
        bar.addWidget(self.analyser)
        self.again = QPushButton("Review", self)
        self.again.clicked.connect(self.start_review)
        bar.addWidget(self.again)
        self.progress = QProgressBar(self)
        self.progress.setObjectName("review-progress")
        self.progress.setMinimumWidth(170)
        self.progress.setMaximumWidth(240)
        bar.addWidget(self.progress)
        self.stop = QPushButton("Stop", self)
        self.stop.clicked.connect(self.stop_review)
        bar.addWidget(self.stop)
        self.back = QPushButton("Back to the Game", self)
        self.back.clicked.connect(self.back_to_game)
        self.back.setVisible(self.back_page is not None)
        bar.addWidget(self.back)
        outer.addLayout(bar)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        left = QWidget(split)
        left_layout = QVBoxLayout(left)
        self.board = BoardView(self.game.config, left)
        # Premiums drawn as the game page draws them (the colour-blind-safe symbols unless
        # the person chose the classic colours).
        self.board.set_symbols(TableOptions.from_json(self.context.settings.get(OPTIONS_KEY)).symbols)
        self.board.setAccessibleName("Board after the chosen move")
        left_layout.addWidget(self.board, 1)
        self.rack_label = QLabel("", left)
        self.rack_label.setObjectName("review-rack")
        left_layout.addWidget(self.rack_label)
        right = QWidget(split)
        right_layout = QVBoxLayout(right)
        # The move stretches and is cut with "..." (whole in its tooltip): the points
        # lost stay in sight however long a move's text ("challenge upheld: ...").
        self.moves = _table(["#", "Player", "Rack", "Move", "Score", "Lost"], right, 3,
                            optional=(2, 1))
        self.moves.setObjectName("review-moves")
        self.moves.setAccessibleName("The game's moves, each judged")
        self.moves.currentCellChanged.connect(lambda row, *_: self.select(row))
        right_layout.addWidget(self.moves, 3)
        self.verdict = QLabel("", right)
        self.verdict.setWordWrap(True)
        self.verdict.setObjectName("review-verdict")
        right_layout.addWidget(self.verdict)
        self.options = _table(["", "Move", "Score", "Equity", "Win", "Keeps"], right, 1,
                              optional=(5, 4))
        self.options.setObjectName("review-options")
        self.options.setAccessibleName("The best moves there were instead")
        self.options.currentCellChanged.connect(lambda row, *_: self._show_option(row))
        right_layout.addWidget(self.options, 2)
        self.summary = QLabel("", right)
        self.summary.setObjectName("review-summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        right_layout.addWidget(self.summary)
        right.setMinimumWidth(440)
        split.setStretchFactor(0, 5)
        split.setStretchFactor(1, 4)
        split.setSizes([600, 480])
        outer.addWidget(split, 1)
        self.graph = SpreadGraph(self)
        self.graph.move_clicked.connect(self.select)
        outer.addWidget(self.graph)
        self._fill_moves()

    def _actions(self) -> None:
        self.navigation: list[QAction] = []
        for text, key, step in (("&Previous Move", "Left", -1), ("&Next Move", "Right", 1),
                                ("&First Move", "Home", None), ("&Last Move", "End", None)):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(key))
            if step is not None:
                action.triggered.connect(lambda _c=False, s=step: self.select(self.current + s))
            elif key == "Home":
                action.triggered.connect(lambda _c=False: self.select(0))
            else:
                action.triggered.connect(lambda _c=False: self.select(len(self.review.moves) - 1))
            self.addAction(action)
            self.navigation.append(action)

    def _heading(self) -> str:
        names = " v ".join(self.game.names)
        where = f" \u2014 {self.path.name}" if self.path else ""
        return f"<b>Review:</b> {names}{where}"

    # --- the work ---------------------------------------------------------------------------
    def start_review(self) -> None:
        """Judge every move again with the chosen analyser, in the background."""
        self.stop_review()
        key = self.analyser.currentData() or "static"
        self.results: dict[int, PositionAnalysis] = {}
        self.method = ANALYSER_NAMES.get(key, key)
        self.review = assemble(self.game, {}, self.skipped, self.method)
        self.done = 0
        self.progress.setRange(0, max(1, len(self.tasks)))
        self.progress.setValue(0)
        self.progress.setFormat("%v/%m moves judged")
        self.stop.setEnabled(bool(self.tasks))
        chunks = [self.tasks[k:k + CHUNK] for k in range(0, len(self.tasks), CHUNK)]
        for chunk in chunks:
            self.jobs.append(self.runner.run(
                analyse_tasks, chunk, key, TOP, wants_control=True,
                on_success=self._judged, on_failure=self._failed, token=key))
        self._refresh()

    def stop_review(self) -> None:
        for job in self.jobs:
            job.cancel()
        self.jobs = []
        self.stop.setEnabled(False)

    def _judged(self, results: list[tuple[int, PositionAnalysis]]) -> None:
        for index, analysis in results:
            self.results[index] = analysis
            self.review.moves[index] = replace(self.review.moves[index], analysis=analysis,
                                               skipped="")
        self.done += len(results)
        self.progress.setValue(self.done)
        if self.done >= len(self.tasks):
            self.stop.setEnabled(False)
            self.status.emit("Review finished")
        self._refresh()

    def _failed(self, error: BaseException) -> None:
        self.stop_review()
        self.progress.setFormat("The review stopped")
        self.verdict.setText(f"The review stopped: {error}")

    # --- showing ----------------------------------------------------------------------------
    def _fill_moves(self) -> None:
        table = self.moves
        table.setRowCount(len(self.review.moves))
        for row, move in enumerate(self.review.moves):
            cells = [str(row + 1), self.game.names[move.player], move.rack, move.move,
                     str(move.score), ""]
            for col, text in enumerate(cells):
                table.setItem(row, col, QTableWidgetItem(text))

    def _refresh(self) -> None:
        for row, move in enumerate(self.review.moves):
            item = self.moves.item(row, 5)
            if item is None:
                continue
            if move.analysis is None:
                item.setText("\u2026" if row in {t.index for t in self.tasks} else "")
                item.setBackground(QBrush())
                item.setForeground(QBrush())
                continue
            item.setText("best" if move.lost < 0.05 else f"{move.lost:.1f}")
            if move.size in MARKS:
                fill = MARKS[move.size][1].lighter(150)
                item.setBackground(QBrush(fill))
                # The mark's own ink: the look's text colour (white in the dark look)
                # cannot be read on a light mark.
                item.setForeground(QBrush(board_theme.ink_for(fill)))
                item.setToolTip(f"a {move.size} mistake")
        self.graph.set_data(self.review.spread(0), [m.size for m in self.review.moves],
                            f"Spread: {self.game.names[0]} less the best other score")
        self.summary.setText(self._summary_html())
        self.select(self.current)

    def _summary_html(self) -> str:
        parts = []
        for summary in self.review.summaries():
            best = (f"best: {summary.best.index + 1}. {summary.best.move}"
                    if summary.best is not None else "")
            worst = (f"worst: {summary.worst.index + 1}. {summary.worst.move} "
                     f"(\u2212{summary.worst.lost:.1f})" if summary.worst is not None else "")
            sizes = ", ".join(f"{n} {size}" for size, n in summary.mistakes.items() if n)
            parts.append(f"<b>{summary.name}</b>: {summary.judged} moves judged, mean "
                         f"{summary.mean_lost:.1f} points lost"
                         f"{'; mistakes: ' + sizes if sizes else ''}"
                         f"{'<br>&nbsp;&nbsp;' + best if best else ''}"
                         f"{'; ' + worst if worst else ''}")
        return "<br>".join(parts)

    def select(self, index: int) -> None:
        moves = self.review.moves
        if not moves:
            return
        index = max(0, min(index, len(moves) - 1))
        self.current = index
        if self.moves.currentRow() != index:
            self.moves.blockSignals(True)
            self.moves.setCurrentCell(index, 0)
            self.moves.blockSignals(False)
        chosen = self.moves.item(index, 0)
        if chosen is not None:  # in sight, however the move was chosen (keys, graph, code)
            self.moves.scrollToItem(chosen)
        self.graph.select(index)
        move = moves[index]
        name = self.game.names[move.player]
        self.rack_label.setText(f"{name}'s rack: {move.rack or '(none)'}")
        analysis = move.analysis
        self.options.setRowCount(0)
        if analysis is None:
            # A move still in the queue is being judged, not "stopped early".
            waiting = self.stop.isEnabled() and index in {t.index for t in self.tasks}
            reason = "being judged\u2026" if waiting else move.skipped or "not judged"
            self.verdict.setText(f"{move.index + 1}. {name}: {move.move} \u2014 {reason}")
            self._show_board(index, ())
            return
        lost = "the best move" if move.lost < 0.05 else (
            f"{move.lost:.1f} points of equity below the best"
            + (f": a {move.size} mistake" if move.size else ""))
        flag = (f"; not in the word list: {', '.join(move.unlisted)}, judged as played"
                if move.unlisted else "")
        self.verdict.setText(f"{move.index + 1}. {name}: {move.move} \u2014 {lost} "
                             f"({analysis.method}{flag})")
        options = list(analysis.options)
        if analysis.played not in options:
            options.append(analysis.played)
        self.options.setRowCount(len(options))
        for row, option in enumerate(options):
            played = option == analysis.played
            win = f"{option.win:.0%}" if option.win is not None else ""
            cells = ["\u25b6" if played else "", option.notation, str(option.score),
                     f"{option.equity:.1f}", win, option.leave or "-"]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if played:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.options.setItem(row, col, item)
        self._option_rows = options
        self._show_board(index, analysis.played.placements)

    def _show_option(self, row: int) -> None:
        options = getattr(self, "_option_rows", [])
        if 0 <= row < len(options):
            self._show_board(self.current, options[row].placements)

    def _show_board(self, index: int, tentative: tuple) -> None:
        tiles = self.boards[index] if index < len(self.boards) else {}
        self.board.set_scene(BoardScene(
            self.game.config, dict(tiles),
            {p.square: (p.letter, p.blank) for p in tentative}))

    def shown_option(self) -> Option | None:
        row = self.options.currentRow()
        options = getattr(self, "_option_rows", [])
        return options[row] if 0 <= row < len(options) else None

    # --- the page contract ------------------------------------------------------------------
    def title(self) -> str:
        return f"Review \u2014 {' v '.join(self.game.names)} \u2014 WordStudio"

    def back_to_game(self) -> None:
        """Close the review and open the game again (to play on, or save)."""
        window = self.window()
        page = self.back_page() if self.back_page is not None else None
        show = getattr(window, "show_page", None)
        # A page the window already shows (a file opened again) needs no showing.
        if callable(show) and page is not None and getattr(window, "page", None) is not page:
            show(page)

    def help_html(self) -> str:
        return ("<h3>Game review</h3><p>Every move is judged against the best options by "
                "equity (score plus the value of the tiles kept). Mistakes are marked by "
                "size: small (3+ points), medium (10+), large (20+). Use Left/Right, Home "
                "and End to step through the game; select an option to see it on the "
                "board.</p>")

    def shutdown(self) -> None:
        self.stop_review()
        if self.runner is not self.context.runner:
            self.runner.shutdown()


def _table(headers: list[str], parent: QWidget, text_column: int,
           optional: tuple[int, ...] = ()) -> QTableWidget:
    table = QTableWidget(0, len(headers), parent)
    table.setHorizontalHeaderLabels(headers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    # One line a row: more of the game in sight on a small screen.
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
    table.setWordWrap(False)
    fit_columns(table, text_column, optional)
    return table


def _boards_before(game: Game) -> list[dict[tuple[int, int], tuple[str, bool]]]:
    """The tiles on the board before each action."""
    shadow = Game(game.setup, game.words)
    boards = []
    for item in game.inputs:
        boards.append({(r, c): (letter, blank) for r, c, letter, blank in shadow.board.tiles()})
        shadow.act(item.action)
    return boards


__all__ = ["ReviewPage"]
