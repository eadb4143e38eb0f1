"""What the Championship player is weighing, as it thinks (like Quackle's simulator panel),
and the hint list's "Simulate".

* :class:`SimulationPanel` - a table of the candidates a simulation is weighing: move,
  score, leave, static equity, win %, mean spread with its standard error, iterations
  (candidates dropped as clearly worse are greyed); when the end-game solver (or the
  pre-end game) is the one thinking, the last column is the depth it has searched.  It is filled from the progress
  messages the worker sends (:func:`~wordstudio.crossword.players.simulate.progress_snapshot`),
  so the window never waits on the engine.
* :func:`offer_simulation` - adds a "Simulate" button to the hint list: the listed moves
  are simulated in the background runner for :data:`HINT_SECONDS`, a panel under the
  list fills as it goes, and the list is re-ranked by the result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.moves import move_notation
from wordstudio.crossword.players.analysis import Analysis, simulate_moves
from wordstudio.crossword.players.base import Candidate
from wordstudio.crossword.players.simulate import progress_snapshot
from wordstudio.crossword.position import Position
from wordstudio.ui.widgets.tables import fit_columns

#: Seconds the hint list's "Simulate" thinks.
HINT_SECONDS = 5.0
COLUMNS = ["Move", "Score", "Leave", "Equity", "Win %", "Spread", "\u00b1", "Iter."]
#: The columns a narrow panel hides, least important first: leave, static equity, the
#: error of the spread, iterations.
OPTIONAL_COLUMNS = (2, 3, 6, 7)
#: The last column's title when a search by depth (end game, pre-end game) is shown.
DEPTH_COLUMN = "Depth"


class SimulationPanel(QWidget):
    """The candidates a simulation weighs, updated from its progress messages."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("simulation-panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.status = QLabel("The Championship player shows here what it weighs while it "
                             "thinks.")
        self.status.setObjectName("simulation-status")
        self.status.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setObjectName("simulation-table")
        self.table.setHeaderLabels(COLUMNS)
        self.table.setRootIsDecorated(False)
        self.table.setAlternatingRowColors(True)
        # The move gets the width left over, at least a readable part of it: in the side
        # panel the leave, the static equity, the error and the count give way first
        # (the row's tooltip still says them).
        self.columns = fit_columns(self.table, 0, optional=OPTIONAL_COLUMNS)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        self.rows: list[dict] = []

    def show_progress(self, message: str) -> bool:
        """Show a search's progress message (a simulation's, or the end-game solver's
        after each depth); False when it carries no snapshot."""
        snapshot = progress_snapshot(message)
        if snapshot is None:
            return False
        seconds = f"{snapshot.get('seconds', 0):.1f} s"
        if "depth" in snapshot:
            proven = ", proven" if snapshot.get("proven") else ""
            self.show_rows(snapshot.get("candidates", []),
                           f"{snapshot.get('method', 'end game')}: depth "
                           f"{snapshot['depth']}{proven}, {seconds}", by_depth=True)
        else:
            self.show_rows(snapshot.get("candidates", []),
                           f"{snapshot.get('iterations', 0)} iterations, {seconds}")
        return True

    def show_rows(self, rows: list[dict], status: str, by_depth: bool = False) -> None:
        """Show ``rows`` (snapshot rows); ``by_depth``: the search counts depth, not
        iterations (each row's ``depth``)."""
        self.rows = list(rows)
        self.status.setText(status)
        self.table.clear()
        self.table.headerItem().setText(len(COLUMNS) - 1,
                                        DEPTH_COLUMN if by_depth else COLUMNS[-1])
        count = "depth" if by_depth else "iterations"
        grey = QBrush(QColor("#8a8a8a"))
        for row in rows:
            error = row.get("error")
            item = QTreeWidgetItem([
                str(row["move"]), str(row["score"]), str(row.get("leave", "")),
                f"{row.get('static', 0):.1f}", f"{row.get('win', 0):.1f}",
                f"{row.get('spread', 0):+.1f}", "-" if error is None else f"{error:.1f}",
                str(row.get(count, 0))])
            for column in range(1, len(COLUMNS)):
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight
                                      | Qt.AlignmentFlag.AlignVCenter)
            if row.get("pruned"):
                for column in range(len(COLUMNS)):
                    item.setForeground(column, grey)
                item.setToolTip(0, "clearly worse than the leader: no longer simulated")
            self.table.addTopLevelItem(item)

    def show_analysis(self, analysis: Analysis) -> None:
        """A finished analysis (the hint list's simulation, a game review)."""
        by_depth = analysis.method != "simulation"
        count = "depth" if by_depth else "iterations"
        rows = [{"move": c.notation, "score": c.score, "leave": "".join(c.leave),
                 "static": c.equity, "win": 100 * c.win, "spread": c.spread, "error": c.error,
                 count: c.iterations} for c in analysis.candidates]
        if by_depth:
            how = f"depth {analysis.iterations}" + (", proven" if analysis.proven else "")
        else:
            how = f"{analysis.iterations} iterations"
        self.show_rows(rows, f"{analysis.method}: {how}, {analysis.seconds:.1f} s",
                       by_depth=by_depth)

    def finish(self, text: str) -> None:
        self.status.setText(text)


def offer_simulation(hints: Any, runner: Any, position: Callable[[], Position | None],
                     show: Callable[[list[Candidate]], None],
                     seconds: float = HINT_SECONDS) -> SimulationPanel:
    """Give the hint list a "Simulate" button and a panel for its results (see module).
    ``position`` gives the position the listed hints are for (None once it has changed);
    ``show`` puts re-ranked candidates in the list as the page writes them."""
    panel = SimulationPanel(hints)
    panel.hide()
    layout = hints.layout()
    buttons = layout.itemAt(layout.count() - 1).layout()
    layout.insertWidget(layout.count() - 1, panel, 1)
    button = QPushButton("Simulate")
    button.setObjectName("hints-simulate")
    button.setToolTip("Play the listed moves out over the racks your opponent may hold, "
                      "and rank them by the chance of winning")
    buttons.insertWidget(buttons.count() - 1, button)
    jobs: list[Any] = []
    reranking = [False]

    def stop() -> None:
        for job in jobs:
            job.cancel()
        jobs.clear()
        button.setEnabled(True)

    def list_cleared(*_args: Any) -> None:
        # The list was emptied for a new search or a new position: the simulation of the
        # old list is void.
        if not reranking[0]:
            stop()
            panel.hide()

    def done(analysis: Analysis) -> None:
        jobs.clear()
        button.setEnabled(True)
        by_key = {c.move.key: c for c in hints.candidates}
        ranked = [Candidate(by_key[row.move.key].move, row.score, row.spread)
                  for row in analysis.candidates
                  if row.move is not None and row.move.key in by_key]
        reranking[0] = True
        try:
            show(ranked)
        finally:
            reranking[0] = False
        panel.show_analysis(analysis)
        hints.status.setText(f"{len(ranked)} moves ranked by simulation (equity: the mean "
                             "spread of the playouts; the Simulation table below).")

    def failed(error: BaseException) -> None:
        jobs.clear()
        button.setEnabled(True)
        panel.finish(f"The simulation failed: {error}")

    def start() -> None:
        now = position()
        panel.show()
        if now is None or not hints.candidates:
            panel.show_rows([], "Ask for hints first: Simulate plays out the moves listed.")
            return
        stop()
        button.setEnabled(False)
        panel.show_rows([], "Simulating\u2026")
        moves = [c.move for c in hints.candidates]
        jobs.append(runner.run(simulate_moves, now, moves, seconds,
                               wants_control=True, on_success=done, on_failure=failed,
                               on_progress=lambda _f, message: panel.show_progress(message)))

    button.clicked.connect(start)
    hints.list.model().modelReset.connect(list_cleared)
    hints.list.model().rowsRemoved.connect(list_cleared)
    hints.simulate_button = button
    return panel


def attach_to_page(page: Any) -> SimulationPanel:
    """"Simulate" for a crossword page's hint list: the hints are valid while the page's
    hint token is its current token; re-ranked moves are written as the page writes them."""
    def hinted() -> Position | None:
        game = page.game
        if game is None or page.hint_token is None or page.hint_token != page.token():
            return None
        return game.position()

    def show(ranked: list[Candidate]) -> None:
        game = page.game
        if game is None:
            return
        config = game.config
        rack = game.racks[game.current].tiles if config.rack_size else ()
        page.hints.show_candidates(ranked, rack=rack,
                                   notation=lambda move: move_notation(move, config, game.words))

    return offer_simulation(page.hints, page.context.runner, hinted, show)
