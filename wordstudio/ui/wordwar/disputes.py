"""Settling a disputed word in a Word War game (seed 002: "If players disagree on the
validity of a word, a dictionary should be consulted").

The dialog asks for the word and who disputes it, shows what the game's word list says
(and the word's meaning, when one is known), and records the players' ruling:
accepted, the word counts from now on; rejected, it never counts.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.lexicon.meanings import meaning_of
from wordstudio.ui.contexthelp import ContextHelpKeys
from wordstudio.wordwar.disputes import Ruling
from wordstudio.wordwar.errors import IllegalPlay
from wordstudio.wordwar.game import WordWarGame


class DisputeDialog(ContextHelpKeys, QDialog):
    """Word, who disputes it, and the players' ruling (Accepted / Rejected)."""

    def __init__(self, game: WordWarGame, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wordwar-dispute")
        self.setWindowTitle("Disputed word")
        self.game = game
        self.ruling: Ruling | None = None
        layout = QVBoxLayout(self)
        intro = QLabel("If players disagree on the validity of a word, consult a dictionary "
                       "and record what you decide: an accepted word counts from now on, a "
                       "rejected one never counts. The round just played is scored again.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.word = QLineEdit()
        self.word.setObjectName("dispute-word")
        self.word.setToolTip("The word as it stands on a grid")
        self.raised_by = QComboBox()
        self.raised_by.setObjectName("dispute-raised-by")
        for player in game.players:
            self.raised_by.addItem(player.name)
        form.addRow("Word:", self.word)
        form.addRow("Disputed by:", self.raised_by)
        layout.addLayout(form)
        self.verdict = QLabel()
        self.verdict.setObjectName("dispute-verdict")
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)
        self.error = QLabel()
        self.error.setStyleSheet("color: #c92a2a;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox()
        self.accept_button = buttons.addButton("The word is accepted",
                                               QDialogButtonBox.ButtonRole.ActionRole)
        self.reject_button = buttons.addButton("The word is rejected",
                                               QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        # The players rule by clicking: Return after typing the word must not record
        # "accepted" (an accept-role button is made the dialog's default) nor close it.
        for button in buttons.buttons():
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
                button.setDefault(False)
        self.accept_button.clicked.connect(lambda: self.settle(True))
        self.reject_button.clicked.connect(lambda: self.settle(False))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.word.textChanged.connect(self._describe)

    def _describe(self) -> None:
        word = self.word.text().strip().upper()
        if len(word) < 2:
            self.verdict.clear()
            return
        listed = word in self.game.scorer
        text = f"The game's word list {'holds' if listed else 'does not hold'} {word}."
        meaning = meaning_of(word)
        if meaning is not None and meaning.senses:
            sense = meaning.senses[0]
            text += f" {meaning.base}, {sense.part}: {sense.gloss}."
        self.verdict.setText(text)

    def settle(self, accepted: bool) -> None:
        try:
            self.ruling = self.game.settle_dispute(self.raised_by.currentIndex(),
                                                   self.word.text(), accepted)
        except IllegalPlay as exc:
            self.error.setText(str(exc))
            return
        self.accept()
