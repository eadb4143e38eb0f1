"""The pieces of the Word For Word board: word styling, player panels, the legend.

Every word on the board is shown in the colour of its class (puzzle, saved, deleted,
still open) *and* with a mark that does not depend on colour: a star for puzzle words,
square brackets for saved words, a cross and a line through deleted words, nothing for
open words.  People who cannot tell the colours apart lose nothing.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

from wordstudio.ui import theme
from wordstudio.wordforword.rules import Game, Phase, WordClass


@dataclass(frozen=True)
class WordStyle:
    role: str  # the colour's role in the look in use (wordstudio.ui.theme.palettes)
    before: str
    after: str
    css: str
    name: str

    @property
    def colour(self) -> str:
        return str(getattr(theme.colours(), self.role))


# Blue, green and red of different lightness, so they also differ in grey; each look
# has its own shades (dark text on light, light on dark).
STYLES = {
    WordClass.PUZZLE: WordStyle("puzzle_word", "★", "", "font-weight:bold;", "puzzle word"),
    WordClass.SAVED: WordStyle("saved_word", "[", "]", "font-weight:bold;", "saved"),
    WordClass.DELETED: WordStyle("deleted_word", "✗", "", "text-decoration:line-through;",
                                 "deleted"),
    WordClass.OPEN: WordStyle("text", "", "", "", "still open"),
    WordClass.UNKNOWN: WordStyle("muted", "", "?", "font-style:italic;", "not a word"),
}


def word_text(word: str, kind: WordClass) -> str:
    """The word with its non-colour mark, as plain text (tooltips, accessible names)."""
    style = STYLES[kind]
    return f"{style.before}{word}{style.after}"


def word_html(word: str, kind: WordClass) -> str:
    """The word in its class's colour and mark, for a rich-text label."""
    style = STYLES[kind]
    return (f'<span style="color:{style.colour};{style.css}" title="{style.name}">'
            f"{html.escape(word_text(word, kind))}</span>")


def words_html(game: Game, words: Iterable[str], empty: str = "none") -> str:
    shown = [word_html(w, game.word_class(w)) for w in words]
    return " ".join(shown) if shown else theme.span(empty, "muted")


def chain_html(game: Game, chain: Iterable[str]) -> str:
    return " → ".join(word_html(w, game.word_class(w)) for w in chain)


def legend_html() -> str:
    samples = [(WordClass.PUZZLE, "CAT"), (WordClass.SAVED, "COT"),
               (WordClass.DELETED, "COG"), (WordClass.OPEN, "DOT")]
    parts = [f"{word_html(word, kind)} {STYLES[kind].name}" for kind, word in samples]
    return "Key: " + " &nbsp; ".join(parts)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class PlayerPanel(QFrame):
    """One player: name, puzzle, the words he saved and deleted, whether he is still in."""

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"wfw-player-{seat}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.setMinimumWidth(200)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(4)
        self.heading = QLabel()
        self.puzzle = QLabel()
        self.saved = QLabel()
        self.deleted = QLabel()
        self.state = QLabel()
        for label in (self.heading, self.puzzle, self.saved, self.deleted, self.state):
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setWordWrap(True)
            layout.addWidget(label)
        layout.addStretch(1)

    def show_game(self, game: Game) -> None:
        seat = game.seats[self.seat]
        acting = game.phase is Phase.PLAY and game.acting == self.seat and not seat.eliminated
        who = html.escape(seat.name)
        kind = f"computer, {seat.spec.computer}" if seat.spec.is_computer else "person"
        marker = "▶ " if acting else ""
        name = f"<s>{who}</s>" if seat.eliminated else who
        order = _ordinal(self.seat + 1)
        self.heading.setText(f'<span style="font-size:13pt"><b>{marker}{name}</b></span>'
                             " " + theme.span(f"(plays {order}; {kind})", "muted"))
        self.puzzle.setText(f"Puzzle: {word_html(seat.word, WordClass.PUZZLE)} → "
                            f"{word_html(game.common, WordClass.PUZZLE)}")
        self.saved.setText(f"Saved: {words_html(game, seat.saved)}")
        self.deleted.setText(f"Deleted: {words_html(game, seat.deleted)}")
        if seat.eliminated:
            state = theme.span("<b>ELIMINATED</b>", "bad") + f" — {html.escape(seat.fate)}"
        elif game.winner == self.seat:
            state = theme.span("<b>WINNER</b>", "good")
        elif game.drawn:
            state = "<b>Drawn</b>"
        elif game.over:
            state = "Lost"
        elif acting:
            state = "<b>To move</b>"
        else:
            state = "In the game"
        self.state.setText(state)
        # Frame and background say whose turn it is; the ▶ and "To move" say it in words.
        ui = theme.colours()
        if seat.eliminated:
            sheet = f"background:{ui.window}; border:1px dashed {ui.muted};"
        elif acting:
            sheet = f"background:{ui.warning_soft}; border:3px solid #c08000;"
        else:
            sheet = f"background:{ui.base}; border:1px solid {ui.border};"
        self.setStyleSheet(f"QFrame#{self.objectName()} {{ {sheet} }}")

    def plain_text(self) -> str:
        """What the panel says, without markup (tests and accessibility)."""
        parts = []
        for label in (self.heading, self.puzzle, self.saved, self.deleted, self.state):
            doc = QTextDocument()
            doc.setHtml(label.text())
            parts.append(doc.toPlainText())
        return "\n".join(parts)
