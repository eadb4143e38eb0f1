"""Hints: the computer's ranked moves for the player's rack (Computer SCRABBLE's "ANY IDEAS?",
WordsWorth's H), in a tab of the side panel - beside the board, never over it.

Clicking a move lays it on the board as tentative tiles (its score shown live, the board
scrolled to it); "Play it" plays it.  Each move shows what it scores, the tiles it keeps
(the leave) and its equity - the score plus the leave's value - so a player learns what a
good leave is worth.  The list comes ranked as the game's ``ControlStrategy`` says (``#``:
the highest score first with 0, WordsWorth's plain-score hints); a click on a column's
heading sorts by that column (the highest score or equity first, then the other way
round).  WORDwhami's length-squared
games keep no leave values: there the list shows the scores only.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.players.computer import Candidate
from wordstudio.crossword.tiles import BLANK, Rack, TileError
from wordstudio.ui.crossword.meaningtips import install_item_tips
from wordstudio.ui.crossword.notation import NotationDelegate, spoken
from wordstudio.ui.theme import board as theme
from wordstudio.ui.widgets.tables import fit_columns

#: The list's columns.
RANK, MOVE, SCORE, LEAVE, EQUITY = range(5)
#: The columns a first click on the heading sorts highest first.
_HIGHEST_FIRST = (SCORE, EQUITY)
#: Each item's sort key per column, and its candidate's index in :attr:`HintsPanel.candidates`.
SORT_ROLE = Qt.ItemDataRole.UserRole
INDEX_ROLE = Qt.ItemDataRole.UserRole + 1
#: Shown before the person asks for hints, and when his turn is over.
IDLE_TEXT = "Ask for a hint (Ctrl+I) on your turn: the best moves for your rack appear here."


def leave_text(rack: Sequence[str], candidate: Candidate) -> str:
    """The tiles a move keeps, blanks as ``?`` (empty when it uses them all)."""
    try:
        kept = Rack(tuple(rack)).without(candidate.move.tiles_used).tiles
    except TileError:
        return ""
    return "".join("?" if t == BLANK else t for t in sorted(kept, key=lambda t: (t == BLANK, t)))


class _HintItem(QTreeWidgetItem):
    """A row that sorts by its numbers (10 after 9), not by the text shown."""

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        tree = self.treeWidget()
        column = tree.sortColumn() if tree is not None else RANK
        mine, theirs = self.data(column, SORT_ROLE), other.data(column, SORT_ROLE)
        if mine == theirs:
            # Ties keep the computer's ranking, whichever way the column is sorted.
            before = self.data(RANK, SORT_ROLE) < other.data(RANK, SORT_ROLE)
            descending = tree is not None and \
                tree.header().sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
            return bool(before != descending)
        return bool(mine < theirs)


class HintsPanel(QWidget):
    """A ranked list of moves with score, leave and equity (see the module docstring)."""

    #: A candidate was selected: lay it on the board.
    chosen = Signal(object)
    #: "Play it" (or a double click, or Enter on a move).
    play_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hints")
        self.candidates: list[Candidate] = []
        self.notation = ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.status = QLabel(IDLE_TEXT)
        self.status.setObjectName("hints-status")
        self.status.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(6)
        self.progress.hide()
        self.list = QTreeWidget()
        self.list.setObjectName("hints-list")
        self.list.setAccessibleName("Hints: moves for your rack, best first")
        self.list.setHeaderLabels(["#", "Move", "Score", "Leave", "Equity"])
        self.list.headerItem().setToolTip(LEAVE, "The tiles the move keeps on your rack")
        self.list.headerItem().setToolTip(EQUITY, "The score plus what the tiles kept are worth")
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setItemDelegateForColumn(MOVE, NotationDelegate(self.list))
        head = self.list.headerItem()
        for column in range(self.list.columnCount()):
            first = (Qt.SortOrder.DescendingOrder if column in _HIGHEST_FIRST
                     else Qt.SortOrder.AscendingOrder)
            head.setData(column, Qt.ItemDataRole.InitialSortOrderRole, first)
        head.setToolTip(RANK, "The computer's ranking (click a heading to sort by it)")
        self.list.setSortingEnabled(True)
        self.list.sortByColumn(RANK, Qt.SortOrder.AscendingOrder)
        # The move takes the width left; a narrow panel drops the leave, then the
        # equity, before it would cut the move (they stay in the row's tooltip).
        self.columns = fit_columns(self.list, MOVE, optional=(LEAVE, EQUITY))
        buttons = QHBoxLayout()
        self.play_button = QPushButton("Play it")
        self.play_button.setObjectName("hints-play")
        self.play_button.setToolTip("Play the chosen move (Enter in the list)")
        self.play_button.setEnabled(False)
        self.play_button.clicked.connect(self._play)
        buttons.addStretch(1)
        buttons.addWidget(self.play_button)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        install_item_tips(self.list, self._words_in_row)
        self.list.itemSelectionChanged.connect(self._selected)
        self.list.itemDoubleClicked.connect(lambda *_: self._play())
        self.list.itemActivated.connect(lambda *_: self._play())

    # --- filling the list -------------------------------------------------------------------
    def start(self) -> None:
        """A search has begun: the old moves go."""
        self.candidates = []
        self.list.clear()
        self.play_button.setEnabled(False)
        self.status.setText("Looking for moves\u2026")
        self.progress.show()

    def reset(self, text: str = IDLE_TEXT) -> None:
        """The moves no longer fit the position (the turn is over, a move was played)."""
        self.candidates = []
        self.list.clear()
        self.play_button.setEnabled(False)
        self.progress.hide()
        self.status.setText(text)

    def show_candidates(self, candidates: Sequence[Candidate], fallback: str = "", *,
                        rack: Sequence[str] = (), notation: object = None,
                        leaves: bool = True) -> None:
        """Fill the list (best first); ``fallback`` says what to do when no word fits.

        ``notation(move)`` writes a move as the game writes them (backward words the way
        they read); ``rack`` gives the leave column; ``leaves`` False (WORDwhami) hides
        the leave and equity columns, which would only repeat the score.
        """
        self.progress.hide()
        self.candidates = list(candidates)
        self.list.clear()
        write = notation if callable(notation) else (lambda move: move.notation())
        self.columns.withhold(set() if leaves else {LEAVE, EQUITY})
        # Filled unsorted, then sorted once by the column the person last chose.
        self.list.setSortingEnabled(False)
        for rank, candidate in enumerate(self.candidates, start=1):
            move = write(candidate.move)
            leave = leave_text(rack, candidate)
            item = _HintItem([str(rank), move, str(candidate.score), leave,
                              f"{candidate.equity:.1f}"])
            for column, key in ((RANK, rank), (MOVE, move.upper()), (SCORE, candidate.score),
                                (LEAVE, leave), (EQUITY, candidate.equity)):
                item.setData(column, SORT_ROLE, key)
            item.setData(RANK, INDEX_ROLE, rank - 1)
            for column in (RANK, SCORE, EQUITY):
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setData(MOVE, Qt.ItemDataRole.AccessibleTextRole, spoken(move))
            self.list.addTopLevelItem(item)
        self.list.setSortingEnabled(True)
        if self.candidates:
            self.status.setText(f"{len(self.candidates)} moves, the computer's choice first (#1). "
                                "Click one to see it on the board, a heading to sort by it.")
        else:
            self.status.setText(fallback or "No word fits your rack here.")

    def show_error(self, text: str) -> None:
        self.progress.hide()
        self.status.setText(f"<span style='color:{theme.BAD.name()}'>{text}</span>")

    # --- choosing ----------------------------------------------------------------------------
    def _item_for(self, index: int) -> QTreeWidgetItem | None:
        for row in range(self.list.topLevelItemCount()):
            item = self.list.topLevelItem(row)
            if item is not None and item.data(RANK, INDEX_ROLE) == index:
                return item
        return None

    def _candidate_of(self, item: QTreeWidgetItem | None) -> Candidate | None:
        if item is None:
            return None
        index = item.data(RANK, INDEX_ROLE)
        return self.candidates[index] if isinstance(index, int) and 0 <= index < len(self.candidates) else None

    def _words_in_row(self, row: int) -> list[str]:
        candidate = self._candidate_of(self.list.topLevelItem(row))
        return [candidate.move.word.upper()] if candidate is not None else []

    def select(self, index: int) -> None:
        """Choose the candidate ranked ``index + 1`` (wherever the sort has put it)."""
        item = self._item_for(index)
        if item is not None:
            self.list.setCurrentItem(item)

    def current(self) -> Candidate | None:
        return self._candidate_of(self.list.currentItem())

    def _selected(self) -> None:
        candidate = self.current()
        self.play_button.setEnabled(candidate is not None)
        if candidate is not None:
            self.chosen.emit(candidate)

    def _play(self) -> None:
        candidate = self.current()
        if candidate is not None:
            self.play_requested.emit(candidate)
