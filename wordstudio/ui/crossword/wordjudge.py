"""The word judge beside Consult: is each word in the game's list?  Answered as it is
typed, from the game's own list (already in memory), as a club's word judge does.

A small widget of its own, put at the top of the Consult dialog by :func:`add_word_judge`,
so the dialog's own layout is left as it is.
"""

from __future__ import annotations

import html
import re
from collections.abc import Container

from PySide6.QtWidgets import QFormLayout, QLabel, QLayout, QLineEdit, QWidget

from wordstudio.ui import theme

#: Words are separated by spaces, commas or slashes (SCRABBLE players write "QI/ZA").
_SEPARATORS = re.compile(r"[\s,/;]+")


class WordJudge(QWidget):
    """A line for words and, below it, the judge's answer for each."""

    def __init__(self, words: Container[str], lexicon: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words = words
        self.lexicon = lexicon
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.entry = QLineEdit()
        self.entry.setObjectName("judge-words")
        self.entry.setPlaceholderText("e.g. QI ZA")
        self.answer = QLabel(f"Type words to check them in {lexicon}.")
        self.answer.setObjectName("judge-answer")
        self.answer.setWordWrap(True)
        layout.addRow("Is it a word?", self.entry)
        layout.addRow("", self.answer)
        self.entry.textChanged.connect(self.judge)

    def rulings(self) -> list[tuple[str, bool]]:
        """(word, acceptable) for each word typed, upper case."""
        asked = [word.upper() for word in _SEPARATORS.split(self.entry.text()) if word]
        return [(word, word.isalpha() and word in self.words) for word in asked]

    def judge(self) -> None:
        rulings = self.rulings()
        if not rulings:
            self.answer.setText(f"Type words to check them in {self.lexicon}.")
            return
        parts = [theme.span(f"{html.escape(word)} \u2714", "good") if ok
                 else theme.span(f"{html.escape(word)} \u2718", "bad") for word, ok in rulings]
        every = all(ok for _, ok in rulings)
        verdict = ("acceptable" if every else "not acceptable") if len(rulings) > 1 else (
            "is in the list" if every else "is not in the list")
        self.answer.setText(f"{' '.join(parts)} \u2014 {verdict} ({html.escape(self.lexicon)})")


def add_word_judge(dialog: QWidget, words: Container[str], lexicon: str) -> WordJudge:
    """Put a word judge for the game's list at the top of ``dialog``'s layout."""
    judge = WordJudge(words, lexicon, dialog)
    layout = dialog.layout()
    if isinstance(layout, QLayout) and hasattr(layout, "insertWidget"):
        layout.insertWidget(0, judge)
    return judge
