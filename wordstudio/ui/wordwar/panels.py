"""The parts of the Word War page around the grids: the card, the scores, round ends."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.ui.wordwar.dialogs import fill_board_combo
from wordstudio.wordwar.deck import card_name
from wordstudio.wordwar.game import Phase, WordWarGame


class CardPanel(QFrame):
    """The turned card, the piles, whose turn it is, and the Pass button."""

    pass_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        self.card = QLabel("")
        self.card.setObjectName("wordwar-card")
        self.card.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.card.setFixedSize(86, 112)
        font = QFont(self.font())
        font.setPixelSize(40)
        font.setBold(True)
        self.card.setFont(font)
        self.card.setStyleSheet("QLabel { background: white; border: 2px solid #444; "
                                "border-radius: 8px; color: #16325c; }")
        layout.addWidget(self.card)
        text = QVBoxLayout()
        self.info = QLabel("")
        self.info.setObjectName("wordwar-info")
        self.prompt = QLabel("")
        self.prompt.setObjectName("wordwar-prompt")
        self.prompt.setWordWrap(True)
        prompt_font = QFont(self.font())
        prompt_font.setPointSizeF(prompt_font.pointSizeF() * 1.3)
        prompt_font.setBold(True)
        self.prompt.setFont(prompt_font)
        text.addWidget(self.info)
        text.addWidget(self.prompt)
        text.addStretch(1)
        layout.addLayout(text, 1)
        self.pass_button = QPushButton("Pass")
        self.pass_button.setObjectName("wordwar-pass")
        self.pass_button.setToolTip("Do not use this card (P)")
        self.pass_button.setMinimumHeight(44)
        self.pass_button.clicked.connect(self.pass_clicked)
        layout.addWidget(self.pass_button, 0, Qt.AlignmentFlag.AlignVCenter)

    def show_state(self, game: WordWarGame, prompt: str, can_pass: bool) -> None:
        card = game.card
        font = self.card.font()
        font.setPixelSize(40 if card is None or len(card_name(card)) == 1 else 24)
        self.card.setFont(font)
        self.card.setText(card_name(card) if card else "")
        deck = game.deck
        parts = [f"Round {min(game.round_index + 1, game.rounds)} of {game.rounds}"]
        if deck is not None:
            parts.append(f"Cards left: {deck.cards_left}")
            parts.append(f"Discards: {len(deck.discards)}")
        if card is not None:
            parts.append(f"Turned by {game.players[game.dealer].name}")
        self.info.setText("   ·   ".join(parts))
        self.prompt.setText(prompt)
        self.pass_button.setEnabled(can_pass)


class ScoreTable(QTableWidget):
    """Each player: this round's score as the grid stands, the game total, what he did."""

    HEADINGS = ("Player", "This round", "Total", "This card")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(self.HEADINGS), parent)
        self.setObjectName("wordwar-scores")
        self.setHorizontalHeaderLabels(self.HEADINGS)
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAccessibleName("Scores")
        # As wide as its columns, no wider: the grids get the space.
        self.horizontalHeader().setStretchLastSection(False)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def show_game(self, game: WordWarGame, round_scores: list[int | None],
                  states: list[str]) -> None:
        totals = game.totals()
        self.setRowCount(len(game.players))
        for p, player in enumerate(game.players):
            kind = f" ({player.strength})" if player.computer else ""
            values = [f"{player.name}{kind}",
                      "" if round_scores[p] is None else str(round_scores[p]),
                      str(totals[p]), states[p]]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                if column in (1, 2):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(p, column, item)
        self.resizeColumnsToContents()
        # "thinking…" and "wrote K" come and go: the column keeps room for them, so the
        # table does not jump about between cards.
        room = self.fontMetrics().horizontalAdvance("thinking\u2026") + 16
        self.setColumnWidth(3, max(self.columnWidth(3), room))
        self.resizeRowsToContents()
        height = self.horizontalHeader().height() + sum(self.rowHeight(r)
                                                        for r in range(self.rowCount()))
        width = sum(self.columnWidth(c) for c in range(self.columnCount()))
        self.setFixedSize(width + 2 * self.frameWidth(), height + 2 * self.frameWidth())


class RoundPanel(QFrame):
    """Between rounds and at the end: the results, board choices and what to do next."""

    start_clicked = Signal()
    print_clicked = Signal()
    pdf_clicked = Signal()
    new_game_clicked = Signal()
    dispute_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        self.summary = QLabel("")
        self.summary.setObjectName("wordwar-round-summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.summary)
        self.board_grid = QGridLayout()
        # Board choices stay compact at the left rather than stretching across the window.
        self.board_grid.setColumnStretch(2, 1)
        layout.addLayout(self.board_grid)
        self.combos: list[QComboBox] = []
        buttons = QHBoxLayout()
        self.print_button = QPushButton("Print scoresheets…")
        self.pdf_button = QPushButton("Save scoresheets as PDF…")
        self.start_button = QPushButton("Start round")
        self.start_button.setObjectName("wordwar-start-round")
        self.new_game_button = QPushButton("New game…")
        self.dispute_button = QPushButton("Dispute a word…")
        self.dispute_button.setObjectName("wordwar-dispute")
        self.dispute_button.setToolTip("Record the players' ruling on a word they disagree on")
        for button in (self.print_button, self.pdf_button, self.dispute_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.new_game_button)
        buttons.addWidget(self.start_button)
        layout.addLayout(buttons)
        self.print_button.clicked.connect(self.print_clicked)
        self.pdf_button.clicked.connect(self.pdf_clicked)
        self.start_button.clicked.connect(self.start_clicked)
        self.new_game_button.clicked.connect(self.new_game_clicked)
        self.dispute_button.clicked.connect(self.dispute_clicked)

    def show_game(self, game: WordWarGame) -> None:
        self.summary.setText(round_summary_html(game))
        over = game.phase is Phase.GAME_OVER
        self.start_button.setVisible(not over)
        self.new_game_button.setVisible(over)
        self.start_button.setText(f"Start round {len(game.results) + 1}")
        has_sheets = bool(game.results)
        self.print_button.setEnabled(has_sheets)
        self.pdf_button.setEnabled(has_sheets)
        self.dispute_button.setEnabled(has_sheets)
        while self.board_grid.count():
            item = self.board_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.combos = []
        if over:
            return
        self.board_grid.addWidget(QLabel("<b>Boards for the next round</b>"), 0, 0, 1, 2)
        last = game.results[-1].boards if game.results else ()
        for p, player in enumerate(game.players):
            combo = QComboBox()
            combo.setObjectName(f"wordwar-board-{p}")
            fill_board_combo(combo, game.board_set, last[p] if p < len(last) else None)
            self.board_grid.addWidget(QLabel(player.name), p + 1, 0)
            self.board_grid.addWidget(combo, p + 1, 1)
            self.combos.append(combo)

    def chosen_boards(self) -> list[int]:
        return [int(combo.currentData()) for combo in self.combos]


def round_summary_html(game: WordWarGame) -> str:
    """The last round's result (or the game's) in a few lines of rich text."""
    if not game.results:
        return "<b>Choose each player's board for the first round.</b>"
    result = game.results[-1]
    scores = ", ".join(f"{game.players[p].name} {total}" for p, total in enumerate(result.totals))
    lines = [f"<b>Round {result.index + 1} is over</b> after {result.cards_turned} cards: {scores}."]
    winner = game.players[result.winner].name
    if game.phase is Phase.GAME_OVER:
        totals = game.totals()
        names = " and ".join(game.players[p].name for p in game.winners())
        verb = "wins" if len(game.winners()) == 1 else "share the win"
        lines.append(f"<b>Game over: {names} {verb} with {max(totals)} points.</b>")
        lines.append("Totals: " + ", ".join(f"{player.name} {totals[p]}"
                                             for p, player in enumerate(game.players)) + ".")
    else:
        lines.append(f"{winner} wins the round and turns the first card of round "
                     f"{len(game.results) + 1}.")
    seats = [player.name for player in game.players]
    for ruling in game.rulings:
        lines.append(f"Disputed: {ruling.describe(seats)}.")
    return "<br>".join(lines)
