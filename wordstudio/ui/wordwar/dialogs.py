"""Word War dialogs: a new game, a WILD card's letter, blank scoresheets."""

from __future__ import annotations

import random
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from wordstudio.errors import UserError
from wordstudio.lexicon.catalog import WORD_WAR_LEXICON, available_lexicons
from wordstudio.paper import A4, LETTER, PageSize
from wordstudio.ui.contexthelp import ContextHelpKeys
from wordstudio.ui.dialogs import files
from wordstudio.wordwar.boards import Board, BoardSet
from wordstudio.wordwar.game import MAX_PLAYERS, PlayerSpec
from wordstudio.wordwar.players import PLAYABLE_STRENGTHS, STRENGTHS
from wordstudio.wordwar.scoresheet import blank_sheet

PERSON = "person"


def board_label(board: Board) -> str:
    return f"Board {board.number}  ({board.height}x{board.width}, {board.open_squares} squares)"


def fill_board_combo(combo: QComboBox, board_set: BoardSet, current: int | None = None) -> None:
    combo.clear()
    for board in board_set.boards:
        combo.addItem(board_label(board), board.number)
    if current is not None:
        index = combo.findData(current)
        if index >= 0:
            combo.setCurrentIndex(index)


@dataclass(frozen=True)
class NewGameChoice:
    """What the new-game dialog returns."""

    players: tuple[PlayerSpec, ...]
    boards: tuple[int, ...]
    lexicon: str
    hide_people: bool

    def to_json(self) -> dict[str, Any]:
        return {"players": [p.to_json() for p in self.players], "boards": list(self.boards),
                "lexicon": self.lexicon, "hide_people": self.hide_people}


class _PlayerRow:
    """The widgets of one seat: name, person or computer strength, board."""

    def __init__(self, board_set: BoardSet) -> None:
        self.name = QLineEdit()
        self.kind = QComboBox()
        self.kind.addItem("Person", PERSON)
        for name in PLAYABLE_STRENGTHS:
            self.kind.addItem(f"Computer: {STRENGTHS[name].label}", name)
        self.board = QComboBox()
        fill_board_combo(self.board, board_set)

    def widgets(self) -> list[QWidget]:
        return [self.name, self.kind, self.board]


class NewGameDialog(ContextHelpKeys, QDialog):
    """Players (1-9, people and computers in any mix), boards, word list, screen sharing."""

    def __init__(self, board_set: BoardSet, parent: QWidget | None = None,
                 remembered: dict[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Word War game")
        self.board_set = board_set
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.count = QSpinBox()
        self.count.setRange(1, MAX_PLAYERS)
        self.count.setObjectName("player-count")
        form.addRow("Players:", self.count)
        layout.addLayout(form)
        table = QGridLayout()
        for column, heading in enumerate(("Name", "Plays", "Board, round 1")):
            table.addWidget(QLabel(f"<b>{heading}</b>"), 0, column)
        self.rows = [_PlayerRow(board_set) for _ in range(MAX_PLAYERS)]
        for index, row in enumerate(self.rows, start=1):
            for column, widget in enumerate(row.widgets()):
                table.addWidget(widget, index, column)
        layout.addLayout(table)
        same = QPushButton("Everyone on the first player's board")
        same.clicked.connect(self._same_board)
        layout.addWidget(same, 0, Qt.AlignmentFlag.AlignLeft)
        options = QFormLayout()
        self.lexicon = QComboBox()
        for lexicon in available_lexicons():
            self.lexicon.addItem(lexicon.label, lexicon.ident)
        if self.lexicon.count() == 0:
            self.lexicon.addItem(WORD_WAR_LEXICON, WORD_WAR_LEXICON)
        options.addRow("Word list:", self.lexicon)
        self.hide_people = QCheckBox("Hide each person's grid from the others (sharing one screen)")
        options.addRow(self.hide_people)
        layout.addLayout(options)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.count.valueChanged.connect(self._show_rows)
        self._restore(remembered or {})

    def _restore(self, remembered: dict[str, Any]) -> None:
        defaults = [("You", PERSON), ("Computer", "expert"), ("Computer 2", "advanced"),
                    ("Computer 3", "intermediate")]
        # Remembered settings may have been edited: take only values of the right kind.
        players = remembered.get("players")
        players = players if isinstance(players, list) else []
        boards = remembered.get("boards")
        boards = [b if type(b) is int and 0 < b < 1000 else None
                  for b in (boards if isinstance(boards, list) else [])]
        for index, row in enumerate(self.rows):
            # Beyond the first four seats (shared pens, seed 002): people by default.
            name, kind = defaults[index] if index < len(defaults) else (f"Player {index + 1}",
                                                                        PERSON)
            if index < len(players) and isinstance(players[index], dict):
                saved = players[index]
                name = str(saved.get("name", name))
                kind = str(saved.get("strength")) if saved.get("computer") else PERSON
            row.name.setText(name)
            position = row.kind.findData(kind)
            row.kind.setCurrentIndex(max(0, position))
            if index < len(boards) and boards[index] is not None:
                position = row.board.findData(boards[index])
                if position >= 0:
                    row.board.setCurrentIndex(position)
        count = remembered.get("count", len(players) or 2)
        self.count.setValue(count if type(count) is int and 1 <= count <= len(self.rows) else 2)
        lexicon = remembered.get("lexicon", WORD_WAR_LEXICON)
        position = self.lexicon.findData(lexicon if isinstance(lexicon, str) else WORD_WAR_LEXICON)
        if position >= 0:
            self.lexicon.setCurrentIndex(position)
        self.hide_people.setChecked(bool(remembered.get("hide_people", False)))
        self._show_rows(self.count.value())

    def _show_rows(self, count: int) -> None:
        for index, row in enumerate(self.rows):
            for widget in row.widgets():
                widget.setVisible(index < count)

    def _same_board(self) -> None:
        first = self.rows[0].board.currentIndex()
        for row in self.rows[1:]:
            row.board.setCurrentIndex(first)

    def choice(self) -> NewGameChoice:
        players = []
        boards = []
        for index, row in enumerate(self.rows[:self.count.value()]):
            name = row.name.text().strip() or f"Player {index + 1}"
            kind = row.kind.currentData()
            if kind == PERSON:
                players.append(PlayerSpec(name))
            else:
                players.append(PlayerSpec(name, computer=True, strength=kind))
            boards.append(int(row.board.currentData()))
        return NewGameChoice(tuple(players), tuple(boards), str(self.lexicon.currentData()),
                             self.hide_people.isChecked())

    def remembered(self) -> dict[str, Any]:
        data = self.choice().to_json()
        data["count"] = self.count.value()
        return data


class LetterDialog(ContextHelpKeys, QDialog):
    """A WILD card: choose the letter to write (click it or type it)."""

    def __init__(self, parent: QWidget | None = None, who: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("WILD card")
        self.letter: str | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{who + ': ' if who else ''}which letter do you write?"))
        grid = QGridLayout()
        for index, letter in enumerate(string.ascii_uppercase):
            button = QPushButton(letter)
            button.setObjectName(f"letter-{letter}")
            button.setFixedSize(38, 34)
            button.clicked.connect(lambda _=False, ch=letter: self._choose(ch))
            grid.addWidget(button, index // 7, index % 7)
        layout.addLayout(grid)
        cancel = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        cancel.rejected.connect(self.reject)
        layout.addWidget(cancel)

    def _choose(self, letter: str) -> None:
        self.letter = letter
        self.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        text = event.text().upper()
        if len(text) == 1 and text in string.ascii_uppercase:
            self._choose(text)
            return
        super().keyPressEvent(event)


def page_choice(combo: QComboBox) -> PageSize:
    return LETTER if combo.currentData() == "letter" else A4


def make_page_combo(default: str = "a4") -> QComboBox:
    combo = QComboBox()
    combo.addItem("A4", "a4")
    combo.addItem("US Letter", "letter")
    combo.setCurrentIndex(max(0, combo.findData(default)))
    return combo


class BlankSheetsDialog(ContextHelpKeys, QDialog):
    """Choose boards and paper, then print blank scoresheets or save them as a PDF."""

    def __init__(self, board_set: BoardSet, parent: QWidget | None = None,
                 page: str = "a4", settings: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Blank Word War scoresheets")
        self.board_set = board_set
        self.settings = settings
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("One page per board, with its printed vowels and empty score "
                                "boxes, for playing on paper."))
        self.boards = QListWidget()
        self.boards.setObjectName("blank-boards")
        for board in board_set.boards:
            item = QListWidgetItem(board_label(board))
            item.setData(Qt.ItemDataRole.UserRole, board.number)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.boards.addItem(item)
        layout.addWidget(self.boards)
        row = QHBoxLayout()
        row.addWidget(QLabel("Paper:"))
        self.page = make_page_combo(page)
        self.page.setObjectName("blank-paper")
        row.addWidget(self.page)
        row.addStretch(1)
        layout.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.print_button = buttons.addButton("Print…", QDialogButtonBox.ButtonRole.ActionRole)
        self.pdf_button = buttons.addButton("Save PDF…", QDialogButtonBox.ButtonRole.ActionRole)
        self.print_button.clicked.connect(self._print)
        self.pdf_button.clicked.connect(self._pdf)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen_boards(self) -> list[Board]:
        numbers = [self.boards.item(i).data(Qt.ItemDataRole.UserRole)
                   for i in range(self.boards.count())
                   if self.boards.item(i).checkState() == Qt.CheckState.Checked]
        return [self.board_set.board(n) for n in numbers]

    def _print(self) -> None:
        from wordstudio.ui.wordwar.printing import print_pages

        boards = self.chosen_boards()
        if boards:
            _report(self, lambda: print_pages(self, [blank_sheet(b) for b in boards],
                                              self.settings))

    def _pdf(self) -> None:
        from wordstudio.ui.wordwar.printing import write_blank_sheets_pdf

        boards = self.chosen_boards()
        if not boards:
            return
        path = files.save_file_name(self, self.settings, files.PRINTED, "Save blank scoresheets",
                                    "wordwar-scoresheets.pdf", "PDF files (*.pdf)", ".pdf",
                                    Path.home())
        if path is not None:
            _report(self, lambda: write_blank_sheets_pdf(boards, path, page_choice(self.page)))


def _report(parent: QWidget, action: Any) -> None:
    """Run a print or save, showing a problem in plain words instead of failing."""
    try:
        action()
    except UserError as exc:
        QMessageBox.warning(parent, "Word War", str(exc))


def new_seed() -> str:
    """A fresh seed for a game's shuffles."""
    return f"{random.SystemRandom().getrandbits(64):016x}"
