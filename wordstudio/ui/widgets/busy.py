"""A slim bar that says what the program is working on, with its progress and buttons.

Shown while background work runs (a computer player thinking, a word list compiling):
the window stays usable, the person sees that something is happening and can hurry it
("Play now") or stop it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from wordstudio.ui import theme

STYLE = """
QFrame#busy-banner {{ background: {info_soft}; border: 1px solid {border}; border-radius: 8px; }}
QFrame#busy-banner QLabel {{ color: {text}; font-weight: 600; background: transparent; border: none; }}
QFrame#busy-banner QProgressBar {{ border: none; background: {border}; border-radius: 3px; max-height: 6px; }}
QFrame#busy-banner QProgressBar::chunk {{ background: {highlight}; border-radius: 3px; }}
"""


class BusyBanner(QFrame):
    """Message + progress + up to two buttons; hidden when idle."""

    primary_clicked = Signal()
    secondary_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("busy-banner")
        theme.styled(self, STYLE)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 8, 6)
        self.label = QLabel()
        # The message gives way in a narrow window (its whole text is the tooltip).
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.progress.setFixedWidth(160)
        self.primary = QPushButton()
        self.primary.setObjectName("busy-primary")
        self.secondary = QPushButton()
        self.secondary.setObjectName("busy-secondary")
        layout.addWidget(self.label, 1)
        layout.addWidget(self.progress, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.primary)
        layout.addWidget(self.secondary)
        self.primary.clicked.connect(self.primary_clicked)
        self.secondary.clicked.connect(self.secondary_clicked)
        self.hide()

    def start(self, message: str, primary: str = "", secondary: str = "") -> None:
        """Show with an indeterminate progress bar until :meth:`set_progress` is called."""
        self.label.setText(message)
        self.label.setToolTip(message)
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.primary.setText(primary)
        self.primary.setVisible(bool(primary))
        self.secondary.setText(secondary)
        self.secondary.setVisible(bool(secondary))
        self.show()

    def message(self, message: str) -> None:
        """Show a notice with no progress (e.g. viewing an earlier position)."""
        self.start(message)
        self.progress.setVisible(False)

    def set_progress(self, fraction: float, message: str = "") -> None:
        if fraction > 0:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(max(0.0, min(1.0, fraction)) * 1000))
        if message:
            self.label.setText(message)
            self.label.setToolTip(message)

    def stop(self) -> None:
        self.hide()
