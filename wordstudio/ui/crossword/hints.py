"""Hints: the computer's ranked moves for the player's rack (Computer SCRABBLE's "ANY IDEAS?",
WordsWorth's H).  Clicking one lays it on the board as tentative tiles, with its score
shown live; "Play it" plays it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QProgressBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.players.computer import Candidate
from wordstudio.ui.dialogs.base import RememberingDialog


class HintsDialog(RememberingDialog):
    """A ranked list of moves with score and equity."""

    #: A candidate was selected: lay it on the board.
    chosen = Signal(object)
    #: "Play it" (or a double click).
    play_requested = Signal(object)

    def __init__(self, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__("crossword-hints", settings, parent)
        self.setWindowTitle("Hints")
        self.candidates: list[Candidate] = []
        layout = QVBoxLayout(self)
        self.status = QLabel("Looking for moves\u2026")
        self.status.setObjectName("hints-status")
        self.status.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(6)
        self.list = QTreeWidget()
        self.list.setObjectName("hints-list")
        self.list.setHeaderLabels(["#", "Move", "Score", "Equity"])
        self.list.setRootIsDecorated(False)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setMinimumSize(380, 300)
        header = self.list.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addWidget(self.list, 1)
        self.buttons = QDialogButtonBox()
        self.play_button = self.buttons.addButton("Play it", QDialogButtonBox.ButtonRole.AcceptRole)
        self.play_button.setObjectName("hints-play")
        self.play_button.setEnabled(False)
        close = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.reject)
        self.play_button.clicked.connect(self._play)
        layout.addWidget(self.buttons)
        self.list.itemSelectionChanged.connect(self._selected)
        self.list.itemDoubleClicked.connect(lambda *_: self._play())

    def show_candidates(self, candidates: Sequence[Candidate], fallback: str = "") -> None:
        """Fill the list (best first); ``fallback`` says what to do when no word fits."""
        self.progress.hide()
        self.candidates = list(candidates)
        self.list.clear()
        for rank, candidate in enumerate(self.candidates, start=1):
            item = QTreeWidgetItem([str(rank), candidate.move.notation(), str(candidate.score),
                                    f"{candidate.equity:.1f}"])
            for column in (0, 2, 3):
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.list.addTopLevelItem(item)
        if self.candidates:
            self.status.setText(f"{len(self.candidates)} moves, best first. Click one to see it on the board.")
        else:
            self.status.setText(fallback or "No word fits your rack here.")

    def show_error(self, text: str) -> None:
        self.progress.hide()
        self.status.setText(f"<span style='color:#c92a2a'>{text}</span>")

    def select(self, index: int) -> None:
        item = self.list.topLevelItem(index)
        if item is not None:
            self.list.setCurrentItem(item)

    def current(self) -> Candidate | None:
        item = self.list.currentItem()
        if item is None:
            return None
        return self.candidates[self.list.indexOfTopLevelItem(item)]

    def _selected(self) -> None:
        candidate = self.current()
        self.play_button.setEnabled(candidate is not None)
        if candidate is not None:
            self.chosen.emit(candidate)

    def _play(self) -> None:
        candidate = self.current()
        if candidate is not None:
            self.accept()
            self.play_requested.emit(candidate)
