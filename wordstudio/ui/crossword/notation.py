"""Moves written for reading: blanks marked the way the board marks them.

The engine writes a blank as the lower-case letter it stands for (``DEIROlIlP``), as
crossword-game records do; on screen a lower-case ``l`` beside a capital ``I`` cannot be
told apart.  Lists of moves (the history, the hints) therefore draw a blank's letter in
capitals, underlined and in the blank ink - as the blank tiles on the board show it - and
give screen readers the move in words ("blank L").  Only a cell's move is read that way:
a list that writes other things beside it (the history's "passed", "(withdrawn)") says
how many leading characters are the move in the :data:`NOTATION_LENGTH` role.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyleOptionViewItem,
    QWidget,
)

from wordstudio.crossword.moves import ARROWS
from wordstudio.ui.theme import board as theme
from wordstudio.ui.widgets.tables import ElidingDelegate

#: The arrows of the arrow notation, in words (screen readers).
ARROW_WORDS = {
    "\u2192": "reading right", "\u2190": "reading left", "\u2193": "reading down",
    "\u2191": "reading up", "\u2198": "reading down to the right",
    "\u2196": "reading up to the left", "\u2197": "reading up to the right",
    "\u2199": "reading down to the left",
}
assert set(ARROW_WORDS) == set(ARROWS.values())


def runs(text: str) -> list[tuple[str, bool]]:
    """The text cut into (characters, is a blank's letter) runs; blanks in capitals."""
    out: list[tuple[str, bool]] = []
    for ch in text:
        blank = ch.isalpha() and ch.islower()
        shown = ch.upper() if blank else ch
        if out and out[-1][1] == blank:
            out[-1] = (out[-1][0] + shown, blank)
        else:
            out.append((shown, blank))
    return out


#: An item's role holding how many leading characters of its text are a move's
#: notation (blanks as lower-case letters); the rest is plain words.  Unset: all of it.
NOTATION_LENGTH = Qt.ItemDataRole.UserRole + 7


def cell_runs(text: str, length: int | None = None) -> list[tuple[str, bool]]:
    """:func:`runs` of a cell whose first ``length`` characters are a move (None: the
    whole text); the words after the move are never taken for blanks."""
    length = len(text) if length is None else max(0, min(len(text), length))
    rest = text[length:]
    return runs(text[:length]) + ([(rest, False)] if rest else [])


#: What ends a move cut short for want of room.
ELLIPSIS = "\u2026"


def elided_runs(parts: list[tuple[str, bool]], room: float,
                width: Callable[[str, bool], float]) -> list[tuple[str, bool]]:
    """``parts`` (runs, as :func:`cell_runs` gives them) as they fit in ``room`` pixels:
    all of them, or as many characters as fit before an "…" (``width(text, blank)``
    measures a run)."""
    if sum(width(text, blank) for text, blank in parts) <= room:
        return parts
    room -= width(ELLIPSIS, False)
    kept: list[tuple[str, bool]] = []
    for text, blank in parts:
        for ch in text:
            step = width(ch, blank)
            if step > room:
                kept.append((ELLIPSIS, False))
                return _merged(kept)
            room -= step
            kept.append((ch, blank))
    kept.append((ELLIPSIS, False))
    return _merged(kept)


def _merged(parts: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for text, blank in parts:
        if out and out[-1][1] == blank:
            out[-1] = (out[-1][0] + text, blank)
        else:
            out.append((text, blank))
    return out


def spoken(text: str) -> str:
    """The move in words for screen readers: ``O15, reading up to the right, TRANS blank
    C END``."""
    parts: list[str] = []
    for ch in text:
        if ch in ARROW_WORDS:
            parts.append(f", {ARROW_WORDS[ch]},")
        elif ch.isalpha() and ch.islower():
            parts.append(f" blank {ch.upper()} ")
        else:
            parts.append(ch)
    said = " ".join("".join(parts).split())
    return said.replace(" ,", ",").replace(",,", ",")


class NotationDelegate(ElidingDelegate):
    """Draws a column of moves with their blanks marked (see the module docstring), in
    the blank ink of the look in use; a move too long for its cell ends in "…" (the
    whole move is the cell's tooltip)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        length = index.data(NOTATION_LENGTH)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        group = QPalette.ColorGroup.Normal if opt.state & QStyle.StateFlag.State_Enabled \
            else QPalette.ColorGroup.Disabled
        ink = opt.palette.color(group, QPalette.ColorRole.HighlightedText if selected
                                else QPalette.ColorRole.Text)
        painter.save()
        painter.setClipRect(rect)
        x = float(rect.x() + 2)

        def width(part: str, blank: bool) -> float:
            font = QFont(opt.font)
            font.setUnderline(blank)
            return QFontMetricsF(font).horizontalAdvance(part)

        parts = cell_runs(text, None if length is None else int(length))
        for part, blank in elided_runs(parts, rect.width() - 2, width):
            font = QFont(opt.font)
            font.setUnderline(blank)
            painter.setFont(font)
            # A blank's ink as the look in use writes it on the window (read when drawn).
            painter.setPen(ink if selected or not blank else theme.BLANK_INK)
            advance = QFontMetricsF(font).horizontalAdvance(part)
            painter.drawText(QRectF(x, rect.y(), advance + 1, rect.height()),
                             int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), part)
            x += advance
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802 - Qt override
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        size = super().sizeHint(option, index)
        # Capitals are wider than the lower-case letters they replace.
        text = str(index.data() or "")
        length = index.data(NOTATION_LENGTH)
        shown = "".join(part for part, _ in cell_runs(text, None if length is None else int(length)))
        wanted = QFontMetricsF(option.font).horizontalAdvance(shown) + 8
        return QSize(max(size.width(), round(wanted)), size.height())
