"""The line under a board: the move's status, or the busy banner in its place.

A banner that appeared above the board ("Computer is thinking... / Play now") and a
status line that hid itself when it had nothing to say made the board shrink and jump
about 7 % at every computer turn.  Here both share one place of one height - enough for
the banner and for two lines of status - so the board above never moves; only a status
longer than two lines makes the line taller, until it is shorter again.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtGui import QFontMetricsF, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

#: Lines of status the line always has room for.
STATUS_LINES = 2
#: The narrowest the line makes the column it is in.
MINIMUM_WIDTH = 240


class StatusLine(QWidget):
    """Holds ``status`` (a word-wrapped label) and ``banner`` in the same place; the
    banner, when shown, stands in for the status."""

    def __init__(self, status: QLabel, banner: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status-line")
        self.status = status
        self.banner = banner
        status.setParent(self)
        banner.setParent(self)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        banner.installEventFilter(self)
        status.installEventFilter(self)
        self._follow_banner()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        kind = event.type()
        if watched is self.banner and kind in (QEvent.Type.Show, QEvent.Type.Hide):
            self._follow_banner()
        elif watched is self.status and kind in (QEvent.Type.StyleChange,
                                                 QEvent.Type.FontChange):
            self.updateGeometry()
        return False

    def set_text(self, text: str) -> None:
        """The status (the line's height grows only for more than two lines); with no
        text the place stays, empty."""
        self.status.setText(text)
        self._follow_banner()
        self.updateGeometry()

    def _follow_banner(self) -> None:
        self.status.setVisible(self.banner.isHidden() and bool(self.status.text()))

    def _status_height(self, width: int) -> int:
        # Two lines as the label lays them out (each line's height rounded up) and the
        # style sheet's padding (in the margins), no more: a 30x30 board at 1600x1000
        # needs every pixel of the column's height.
        margins = self.status.contentsMargins()
        line = math.ceil(QFontMetricsF(self.status.font()).lineSpacing())
        lines = line * STATUS_LINES + margins.top() + margins.bottom()
        wrapped = self.status.heightForWidth(width) if self.status.text() else 0
        return max(lines, wrapped)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        width = max(self.width(), 100)
        height = max(self.banner.sizeHint().height(), self._status_height(width))
        return QSize(max(self.status.sizeHint().width(), self.banner.sizeHint().width()), height)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        # Narrow enough never to widen the board's column (the banner's message gives).
        return QSize(MINIMUM_WIDTH, self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.status.setGeometry(self.rect())
        self.banner.setGeometry(self.rect())
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # the status may wrap to another number of lines
