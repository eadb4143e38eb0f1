"""The curtain between players (Computer SCRABBLE's "PAUSE BETWEEN EACH PLAYER"): while it
is down the racks are hidden, so people sharing one screen do not see each other's tiles;
the player whose turn it is lifts it when the others look away.  Before a computer's turn
it comes down too ("the program will pause each time a player starts and ends a turn"),
until someone lets the computer play."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

STYLE = """
QFrame#curtain { background: qlineargradient(x1:0, y1:0, x2:1, y2:0, stop:0 #22303b, stop:1 #33495a);
    border-radius: 10px; }
QFrame#curtain QLabel { color: #f1f5f9; font-size: 15px; background: transparent; }
QFrame#curtain QPushButton { background: #ffc94a; color: #2a1f12; border: none; border-radius: 6px;
    padding: 8px 18px; font-weight: 700; font-size: 14px; }
QFrame#curtain QPushButton:hover { background: #ffd873; }
"""


class Curtain(QFrame):
    """Covers the rack area: "Bob's turn - everyone else look away", and a button."""

    lifted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("curtain")
        self.setStyleSheet(STYLE)
        layout = QHBoxLayout(self)
        # No taller than the rack row it stands in for: the board above keeps its height.
        layout.setContentsMargins(18, 3, 12, 3)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.button = QPushButton()
        self.button.setObjectName("curtain-lift")
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.button.clicked.connect(self.lifted)

    def show_for_computer(self, name: str, last_move: str) -> None:
        before = f"{last_move}<br>" if last_move else ""
        self.label.setText(f"{before}<b>{name}</b> plays next.")
        self.button.setText(f"Let {name} play")

    def show_for(self, name: str, last_move: str) -> None:
        before = f"{last_move}<br>" if last_move else ""
        self.label.setText(f"{before}<b>{name}</b>, it is your turn. Everyone else, please look away.")
        self.button.setText(f"Show {name}'s rack")
