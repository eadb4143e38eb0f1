"""How a person gives a move: a command letter, a word, and the confirmation of rule 10.

The six commands are buttons named in plain words with their command letter beside
them (the seed writes the letter in upper case inside the name: sAve-to-win,
dElete-to-draw; on a button that reads as a typing slip, so the letter stands apart:
"Save to win (A)").  A command is chosen by clicking it or typing its letter in either
case.  A command that needs a word
then asks for it; after the word is entered the move is shown back for verification
(rule 10): Y or Enter confirms, N or Escape goes back to change it.  Only a confirmed
move is emitted; the rules then judge it (a confirmed misspelling forfeits the turn).
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.ui import theme
from wordstudio.wordforword.moves import COMMANDS, Move, MoveKind

#: The commands in plain words (the letter that gives each is shown beside it).
NAMES = {
    MoveKind.SAVE: "Save",
    MoveKind.DELETE: "Delete",
    MoveKind.WIN: "Win",
    MoveKind.SAVE_TO_WIN: "Save to win",
    MoveKind.DELETE_TO_DRAW: "Delete to draw",
    MoveKind.RESIGN: "Resign",
}
_PROMPTS = {
    MoveKind.SAVE: "Word to save:",
    MoveKind.DELETE: "Word to delete:",
    MoveKind.SAVE_TO_WIN: "Word to save, then win:",
    MoveKind.DELETE_TO_DRAW: "Word to delete for a draw:",
}
_QUESTIONS = {
    MoveKind.SAVE: "Save {word}?",
    MoveKind.DELETE: "Delete {word}?",
    MoveKind.SAVE_TO_WIN: "Save {word} and claim a win?",
    MoveKind.DELETE_TO_DRAW: "Delete {word} to draw? (If it does not cut both players off, "
                             "you are eliminated.)",
    MoveKind.WIN: "Claim a win from saved words? (A wrong claim eliminates you.)",
    MoveKind.RESIGN: "Resign from the game?",
}


WORD_PLACEHOLDER = "type the word, then Enter"


def placeholder_width(edit: QLineEdit) -> int:
    """A width that shows the whole placeholder text (the box's own margins included)."""
    metrics = edit.fontMetrics()
    text = metrics.horizontalAdvance(edit.placeholderText() + "  ")
    margins = edit.textMargins()
    # Qt's line edit keeps a frame and a 2-pixel inner margin each side.
    return text + margins.left() + margins.right() + 2 * 2 + 2 * 4


def button_text(kind: MoveKind) -> str:
    """``Save to win (A)``: the command and the letter that gives it."""
    return f"{NAMES[kind]} ({kind.letter})"


class Stage(enum.Enum):
    IDLE = "choose a command"
    WORD = "enter a word"
    CONFIRM = "confirm"


class _WordEdit(QLineEdit):
    """The word box: Escape gives up the command (the box would otherwise ignore it)."""

    escaped = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.key() == Qt.Key.Key_Escape:
            self.escaped.emit()
            return
        super().keyPressEvent(event)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            # QLineEdit passes Enter on to its parent, where it would confirm the move
            # it has just asked about: rule 10's verification must be a separate step.
            event.accept()


class MoveEntry(QWidget):
    """Command buttons, the word box and the confirmation prompt; emits ``move_made``."""

    move_made = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Your move: type a command letter")
        self.stage = Stage.IDLE
        self.kind: MoveKind | None = None
        self._allowed: tuple[MoveKind, ...] = ()
        #: Says what the board already shows about a typed word (saved by whom...).
        self.describe_word: Callable[[str], str] = lambda word: ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel("Move:"))
        self.buttons: dict[MoveKind, QPushButton] = {}
        for kind in COMMANDS:
            button = QPushButton(button_text(kind))
            button.setObjectName(f"wfw-command-{kind.letter}")
            button.setAccessibleName(f"{NAMES[kind]} (key {kind.letter})")
            button.setToolTip(f"{NAMES[kind]}: type {kind.letter} (either case) or click")
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, k=kind: self.choose(k))
            self.buttons[kind] = button
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        word_row = QHBoxLayout()
        self.prompt = QLabel()
        self.word = _WordEdit()
        self.word.setObjectName("wfw-word")
        self.word.setMaxLength(12)
        self.word.setPlaceholderText(WORD_PLACEHOLDER)
        self.word.setAccessibleName("The word")
        self.word.setMinimumWidth(placeholder_width(self.word))
        self.word.returnPressed.connect(self.submit_word)
        self.word.escaped.connect(self.cancel)
        self.word.textEdited.connect(self._word_edited)
        self.enter = QPushButton("Enter")
        self.enter.clicked.connect(self.submit_word)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        for widget in (self.prompt, self.word, self.enter, self.cancel_button):
            word_row.addWidget(widget)
        word_row.addStretch(1)
        layout.addLayout(word_row)
        confirm_row = QHBoxLayout()
        self.question = QLabel()
        self.question.setObjectName("wfw-question")
        self.yes = QPushButton("Yes (Y)")
        self.yes.setObjectName("wfw-yes")
        self.yes.clicked.connect(lambda: self.confirm(True))
        self.no = QPushButton("No, change it (N)")
        self.no.setObjectName("wfw-no")
        self.no.clicked.connect(lambda: self.confirm(False))
        for widget in (self.question, self.yes, self.no):
            confirm_row.addWidget(widget)
        confirm_row.addStretch(1)
        layout.addLayout(confirm_row)
        self.hint = QLabel()
        self.hint.setObjectName("wfw-hint")
        theme.styled(self.hint, "color: {muted};")
        layout.addWidget(self.hint)
        self._show()

    # --- what may be chosen ---------------------------------------------------------------
    def set_commands(self, allowed: tuple[MoveKind, ...]) -> None:
        """Enable these commands (none when it is not a person's turn) and start afresh."""
        self._allowed = allowed
        self.stage, self.kind = Stage.IDLE, None
        self.word.clear()
        self._show()

    def allowed(self) -> tuple[MoveKind, ...]:
        return self._allowed

    # --- the steps of a move --------------------------------------------------------------
    def choose(self, kind: MoveKind) -> bool:
        """Pick a command (a click or its letter); False when it is not available now."""
        if kind not in self._allowed or self.stage is Stage.CONFIRM:
            return False
        self.kind = kind
        self.stage = Stage.WORD if kind.needs_word else Stage.CONFIRM
        if kind.needs_word:
            self.word.clear()
        self._show()
        return True

    def submit_word(self) -> bool:
        """The word is entered: ask for verification (rule 10)."""
        if self.stage is not Stage.WORD or not self.word.text().strip():
            return False
        self.stage = Stage.CONFIRM
        self._show()
        return True

    def confirm(self, yes: bool) -> None:
        """Yes makes the move; no goes back to the word (or to the commands)."""
        if self.stage is not Stage.CONFIRM or self.kind is None:
            return
        if not yes:
            self.stage = Stage.WORD if self.kind.needs_word else Stage.IDLE
            if self.stage is Stage.IDLE:
                self.kind = None
            self._show()
            return
        move = Move(self.kind, self.word.text() if self.kind.needs_word else None)
        self.stage, self.kind = Stage.IDLE, None
        self.word.clear()
        self._show()
        self.move_made.emit(move)

    def cancel(self) -> None:
        self.stage, self.kind = Stage.IDLE, None
        self.word.clear()
        self._show()

    def type_text(self, text: str) -> bool:
        """A typed character outside the word box: a command letter, or Y/N to confirm."""
        letter = text.strip().upper()
        if len(letter) != 1:
            return False
        if self.stage is Stage.CONFIRM:
            if letter in "YN":
                self.confirm(letter == "Y")
                return True
            return False
        if self.stage is Stage.IDLE:
            kind = next((k for k in COMMANDS if k.letter == letter), None)
            return kind is not None and self.choose(kind)
        return False

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        key = event.key()
        if self.stage is Stage.CONFIRM and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirm(True)
        elif self.stage is Stage.CONFIRM and key == Qt.Key.Key_Escape:
            self.confirm(False)
        elif not self.type_text(event.text()):
            super().keyPressEvent(event)

    # --- display --------------------------------------------------------------------------
    def _word_edited(self, text: str) -> None:
        self.hint.setText(self.describe_word(text.strip().upper()) if text.strip() else "")

    def _show(self) -> None:
        stage, kind = self.stage, self.kind
        for command, button in self.buttons.items():
            button.setEnabled(command in self._allowed and stage is Stage.IDLE)
            button.setDefault(command is kind)
        in_word = stage is Stage.WORD
        for widget in (self.prompt, self.word, self.enter, self.cancel_button):
            widget.setVisible(in_word)
        self.word.setReadOnly(not in_word)
        for widget in (self.question, self.yes, self.no):
            widget.setVisible(stage is Stage.CONFIRM)
        if in_word and kind is not None:
            self.prompt.setText(f"<b>{NAMES[kind]}</b> — {_PROMPTS[kind]}")
            self.word.setFocus()
        elif stage is Stage.CONFIRM and kind is not None:
            word = self.word.text().strip().upper()
            self.question.setText("<b>" + _QUESTIONS[kind].format(word=word) + "</b>")
            self.setFocus()
        if stage is Stage.IDLE:
            self.hint.setText("Type a command letter (S, D, W, A, E, R) or click a command."
                              if self._allowed else "")
        elif in_word and not self.word.text().strip():
            # Letters typed now go into the word box, not to the commands.
            self.hint.setText("Escape or Cancel gives up the command.")
        elif stage is Stage.CONFIRM:
            self.hint.setText("Y or Enter to confirm, N or Escape to change it.")
