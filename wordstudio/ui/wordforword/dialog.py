"""The new-game dialog: word length, word list, players, time limits (seed 000, rule 1)."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from wordstudio.lexicon.catalog import available_lexicons
from wordstudio.ui import theme
from wordstudio.ui.contexthelp import ContextHelpKeys
from wordstudio.wordforword.moves import (
    MIN_PLAYERS,
    STRENGTHS,
    WORD_LENGTHS,
    GameSetup,
    PlayerSpec,
    WordForWordError,
)

PERSON = "Person"
#: The word list a new game starts with: everyday words make friendlier puzzles.
DEFAULT_LIST = "en-US-common"
_KINDS = [PERSON, *(f"Computer: {s}" for s in STRENGTHS)]
_OWN_LIST = "__own__"


class _PlayerRow:
    def __init__(self, name: str, kind: str) -> None:
        self.name = QLineEdit(name)
        self.name.setMaxLength(24)
        self.kind = QComboBox()
        self.kind.addItems(_KINDS)
        self.kind.setCurrentText(kind)
        self.remove = QPushButton("Remove")
        self.number = QLabel()

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.number, self.name, self.kind, self.remove)

    def spec(self) -> PlayerSpec:
        kind = self.kind.currentText()
        return PlayerSpec(self.name.text().strip(),
                          None if kind == PERSON else kind.split(": ", 1)[1])


class NewGameDialog(ContextHelpKeys, QDialog):
    """Asks for everything rule 1 lets the players choose; ``setup()`` reads it back."""

    def __init__(self, parent: QWidget | None = None, practice_aid: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game of Word For Word")
        self.result_setup: GameSetup | None = None
        layout = QVBoxLayout(self)
        intro = QLabel("Link your word to the common word one letter at a time, saving and "
                       "deleting words as you go. Puzzles are chosen at random, always "
                       "with a solution.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.length = QComboBox()
        for n in WORD_LENGTHS:
            self.length.addItem(f"{n}-letter words", n)
        self.length.setCurrentIndex(WORD_LENGTHS.index(4))
        form.addRow("Game:", self.length)
        self.lexicon = QComboBox()
        for lexicon in available_lexicons():
            self.lexicon.addItem(lexicon.label, lexicon.ident)
        self.lexicon.addItem("Your own word list…", _OWN_LIST)
        index = self.lexicon.findData(DEFAULT_LIST)
        self.lexicon.setCurrentIndex(max(0, index))
        self.lexicon.activated.connect(self._lexicon_chosen)
        form.addRow("Word list:", self.lexicon)
        layout.addLayout(form)

        players = QGroupBox("Players (the computer decides the order of play)")
        self._grid = QGridLayout(players)
        self.rows: list[_PlayerRow] = []
        self.add_button = QPushButton("Add a player")
        self.add_button.clicked.connect(lambda: self.add_player())
        layout.addWidget(players)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.add_player("You", PERSON)
        self.add_player("Computer", f"Computer: {STRENGTHS[1]}")

        times = QGroupBox("Time")
        times_grid = QGridLayout(times)
        self.study = QCheckBox("Begin with a study period (no moves; study the puzzles):")
        self.study.setChecked(True)
        self.study_seconds = QSpinBox()
        self.study_seconds.setObjectName("wfw-study-seconds")
        self.study_seconds.setAccessibleName("Length of the study period")
        self.study_seconds.setRange(0, 1800)
        self.study_seconds.setSingleStep(15)
        self.study_seconds.setSuffix(" s")
        # 0 is "no fixed length": the players end it together with "Begin play".
        self.study_seconds.setSpecialValueText("until everyone is ready")
        self.study_seconds.setValue(0)
        self.timed = QCheckBox("Time-limited moves:")
        self.move_seconds = QSpinBox()
        self.move_seconds.setObjectName("wfw-move-seconds")
        self.move_seconds.setAccessibleName("Time for each move")
        self.move_seconds.setRange(5, 1800)
        self.move_seconds.setValue(60)
        self.move_seconds.setSuffix(" s each")
        # Each length sits beside its own box, and is usable whenever that box is ticked.
        times_grid.addWidget(self.study, 0, 0)
        times_grid.addWidget(self.study_seconds, 0, 1)
        times_grid.addWidget(self.timed, 1, 0)
        times_grid.addWidget(self.move_seconds, 1, 1)
        times_grid.setColumnStretch(2, 1)
        self.study.toggled.connect(self._update_times)
        self.timed.toggled.connect(self._update_times)
        layout.addWidget(times)

        extra = QFormLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, 999_999)
        self.seed.setValue(random.randrange(1_000_000))
        self.seed.setToolTip("The same number with the same players and list deals the same game")
        extra.addRow("Deal number:", self.seed)
        self.practice = QCheckBox("Practice aid: say whether your puzzle still has a solution "
                                  "(a chain is shown only when you ask)")
        self.practice.setChecked(practice_aid)
        extra.addRow(self.practice)
        layout.addLayout(extra)
        self.error = QLabel()
        self.error.setObjectName("wfw-setup-error")
        theme.styled(self.error, "color: {bad};")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Deal the puzzles")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._update_times()

    # --- players ------------------------------------------------------------------------
    def add_player(self, name: str | None = None, kind: str = PERSON) -> None:
        row = _PlayerRow(name or f"Player {len(self.rows) + 1}", kind)
        row.remove.clicked.connect(lambda: self.remove_player(row))
        self.rows.append(row)
        self._layout_players()

    def remove_player(self, row: _PlayerRow) -> None:
        if len(self.rows) <= MIN_PLAYERS:
            return
        self.rows.remove(row)
        for widget in row.widgets():
            self._grid.removeWidget(widget)
            widget.deleteLater()
        self._layout_players()

    def _layout_players(self) -> None:
        for row in self.rows:
            for widget in row.widgets():
                self._grid.removeWidget(widget)
        for number, row in enumerate(self.rows):
            row.number.setText(f"{number + 1}.")
            for column, widget in enumerate(row.widgets()):
                self._grid.addWidget(widget, number, column)
            row.remove.setEnabled(len(self.rows) > MIN_PLAYERS)

    # --- word list and times ------------------------------------------------------------
    def _lexicon_chosen(self, index: int) -> None:
        if self.lexicon.itemData(index) != _OWN_LIST:
            return
        path, _ = QFileDialog.getOpenFileName(self, "Choose a word list", str(Path.home()),
                                              "Word lists (*.txt *.lst *.dic);;All files (*)")
        if path:
            self.use_word_file(path)
        else:
            self.lexicon.setCurrentIndex(max(0, self.lexicon.findData(DEFAULT_LIST)))

    def use_word_file(self, path: str | Path) -> None:
        """Choose a word-list file of the user's own (one word per line)."""
        text = str(path)
        index = self.lexicon.findData(text)
        if index < 0:
            self.lexicon.insertItem(self.lexicon.count() - 1, f"File: {Path(text).name}", text)
            index = self.lexicon.findData(text)
        self.lexicon.setCurrentIndex(index)

    def _update_times(self) -> None:
        self.study_seconds.setEnabled(self.study.isChecked())
        self.move_seconds.setEnabled(self.timed.isChecked())

    # --- result -------------------------------------------------------------------------
    def setup(self) -> GameSetup:
        """The game the fields describe; raises WordForWordError when they do not fit."""
        if not self.study.isChecked():
            study: int | None = 0
        else:
            # No fixed length: ended by the players' agreement.
            study = self.study_seconds.value() or None
        return GameSetup(
            players=tuple(row.spec() for row in self.rows),
            length=int(self.length.currentData()),
            lexicon=str(self.lexicon.currentData()),
            seed=self.seed.value(),
            study_seconds=study,
            move_seconds=self.move_seconds.value() if self.timed.isChecked() else None,
        )

    def accept(self) -> None:
        try:
            self.result_setup = self.setup()
        except WordForWordError as exc:
            self.error.setText(str(exc))
            return
        super().accept()
