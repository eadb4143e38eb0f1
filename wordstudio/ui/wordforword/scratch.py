"""The scratch pad on the Word For Word page: a ladder worked out, checked as it is typed.

The player picks a puzzle (his own or another player's: rule 3 has everyone study all
of them), types words, and sees the ladder drawn in the board's word styles with what
is wrong with it and what is left to save (:mod:`wordstudio.wordforword.scratch`).
What each puzzle's pad holds is kept while the page is open; it is paper, not part of
the game, so it is not saved with it.

Each person at the screen has paper of his own: when the turn passes to another person
the pad shows that person's ladders (and the puzzle he last chose), never the chain the
one before typed.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.ui import theme
from wordstudio.ui.wordforword.widgets import word_html
from wordstudio.wordforword.rules import Game, WordClass
from wordstudio.wordforword.scratch import LadderCheck, check_ladder, parse_ladder


class ScratchPad(QWidget):
    """A ladder for one puzzle at a time, checked against the board on every key."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wfw-scratch")
        self.game: Game | None = None
        self.spell_check = False
        self.check: LadderCheck | None = None
        #: Whose paper the pad shows: a person's seat (None before the game is shown).
        self.writer: int | None = None
        #: What each person wrote for each seat's puzzle: (writer, puzzle) -> text.
        self.texts: dict[tuple[int, int], str] = {}
        #: The puzzle each person last had on the pad.
        self._chosen: dict[int, int] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 0)
        top = QHBoxLayout()
        title = QLabel("<b>Scratch pad</b>")
        top.addWidget(title)
        self.puzzle = QComboBox()
        self.puzzle.setObjectName("wfw-scratch-puzzle")
        self.puzzle.setAccessibleName("Puzzle to work on")
        self.puzzle.setToolTip("Whose puzzle to work a ladder out for")
        self.puzzle.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.puzzle.currentIndexChanged.connect(self._puzzle_chosen)
        top.addWidget(self.puzzle)
        top.addStretch(1)
        layout.addLayout(top)
        row = QHBoxLayout()
        self.words = QLineEdit()
        self.words.setObjectName("wfw-scratch-words")
        self.words.setAccessibleName("Ladder")
        self.words.setPlaceholderText("the words between, e.g. PANT WANT WANS…")
        self.words.setToolTip("Type a ladder, one letter changed at a time; spaces, commas "
                              "or arrows between the words. Nothing here is a move.")
        self.words.textChanged.connect(self._text_changed)
        row.addWidget(self.words, 1)
        self.clear_button = QPushButton("Clear")
        self.clear_button.setObjectName("wfw-scratch-clear")
        self.clear_button.setToolTip("Start this puzzle's ladder again")
        self.clear_button.clicked.connect(self.words.clear)
        row.addWidget(self.clear_button)
        layout.addLayout(row)
        self.ladder = QLabel()
        self.ladder.setObjectName("wfw-scratch-ladder")
        self.ladder.setTextFormat(Qt.TextFormat.RichText)
        self.ladder.setWordWrap(True)
        self.ladder.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.ladder.setStyleSheet("font-size:12pt;")
        layout.addWidget(self.ladder)
        self.verdict = QLabel()
        self.verdict.setObjectName("wfw-scratch-verdict")
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)

    def show_game(self, game: Game, spell_check: bool, writer: int | None = None) -> None:
        """Check the ladder again against the board as it is now (saves and deletions
        change what its words are); the first time, offer every puzzle.  ``writer``:
        the person at the screen now (None: the one before, at first the first person);
        another person gets his own paper."""
        first = self.game is not game
        self.game, self.spell_check = game, spell_check
        if first:
            self.puzzle.blockSignals(True)
            self.puzzle.clear()
            for seat in game.seats:
                self.puzzle.addItem(f"{seat.name}: {seat.word} → {game.common}")
            self.puzzle.blockSignals(False)
            self.writer = None
        if writer is None:
            writer = self.writer if self.writer is not None else self._first_person(game)
        if writer != self.writer:
            self.writer = writer
            self.puzzle.blockSignals(True)
            self.puzzle.setCurrentIndex(self._chosen.get(writer, writer))
            self.puzzle.blockSignals(False)
            self.words.blockSignals(True)
            self.words.setText(self.texts.get((writer, self.puzzle.currentIndex()), ""))
            self.words.blockSignals(False)
        self._recheck()

    def choose_puzzle(self, seat: int) -> None:
        self.puzzle.setCurrentIndex(seat)

    @staticmethod
    def _first_person(game: Game) -> int:
        return next((seat for seat, s in enumerate(game.seats) if not s.spec.is_computer), 0)

    def _puzzle_chosen(self, seat: int) -> None:
        if seat >= 0 and self.writer is not None:
            self._chosen[self.writer] = seat
            self.words.setText(self.texts.get((self.writer, seat), ""))
            self._recheck()

    def _text_changed(self, text: str) -> None:
        seat = self.puzzle.currentIndex()
        if seat >= 0 and self.writer is not None:
            self.texts[(self.writer, seat)] = text
        self._recheck()

    def _recheck(self) -> None:
        game = self.game
        seat = self.puzzle.currentIndex()
        if game is None or seat < 0:
            return
        check = check_ladder(parse_ladder(self.words.text()), game.seats[seat].word,
                             game.common, game.word_class, self.spell_check)
        self.check = check
        self.ladder.setText(ladder_html(check))
        summary = html.escape(check.summary())
        if check.broken is not None:
            self.verdict.setText(theme.span(summary, "bad"))
        elif check.complete:
            self.verdict.setText(theme.span(f"<b>{summary}</b>", "good"))
        else:
            self.verdict.setText(summary)


def ladder_html(check: LadderCheck) -> str:
    """The ladder in the board's word styles; a word with a problem is marked ⚠ and
    the goal, when not reached yet, is shown after a gap."""
    parts = []
    for rung in check.rungs:
        text = word_html(rung.word, rung.kind)
        if rung.problem:
            text = theme.span("⚠", "bad") + f'<span style="text-decoration:underline;">{text}</span>'
        parts.append(text)
    shown = " → ".join(parts)
    if check.gap:
        shown += " → … → " + word_html(check.goal, WordClass.PUZZLE)
    return shown
