"""Word meanings in tooltips: a played word on the board, a hinted move, a Consult result.
In a list, a cell cut short for want of room is named whole first.

Hovering shows each word's meanings from :mod:`wordstudio.lexicon.meanings` (WordNet).
The tooltips are filled when asked for, through an event filter, so nothing is looked up
for words nobody hovers.  The meanings file is decompressed on the first hover (about
0.1 s, once); no thread reads it ahead, because a thread alive while the worker pool
forks its processes can bring the program down.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QAbstractItemView, QToolTip, QWidget

from wordstudio.crossword.gameconfig import Direction
from wordstudio.lexicon.meanings import meaning_of
from wordstudio.ui.widgets.tables import tooltip_for

#: Senses shown per word in a tooltip.
SENSES_SHOWN = 2
_STEPS = {Direction.ACROSS: (0, 1), Direction.DOWN: (1, 0),
          Direction.DIAGONAL_DOWN: (1, 1), Direction.DIAGONAL_UP: (-1, 1)}


def meanings_html(words: list[str]) -> str:
    """Tooltip text for ``words`` (each with its first senses); "" when none is known."""
    parts = []
    for word in dict.fromkeys(w.upper() for w in words):
        meaning = meaning_of(word)
        if meaning is None:
            continue
        lines = [f"<b>{html.escape(word)}</b>"]
        if meaning.base != word:
            lines[0] += f" <i>(a form of {html.escape(meaning.base)})</i>"
        for sense in meaning.senses[:SENSES_SHOWN]:
            lines.append(f"<i>{sense.part}</i>: {html.escape(sense.gloss)}")
        parts.append("<br>".join(lines))
    return "<hr>".join(parts)


def words_through(tiles: dict[tuple[int, int], tuple[str, bool]], square: tuple[int, int],
                  directions: tuple[Direction, ...], backward: bool) -> list[str]:
    """The played words (lines of two or more tiles) through ``square``; with ``backward``
    also each line read backwards."""
    if square not in tiles:
        return []
    found = []
    for direction in directions:
        dr, dc = _STEPS[direction]
        row, col = square
        while (row - dr, col - dc) in tiles:
            row, col = row - dr, col - dc
        letters = []
        while (row, col) in tiles:
            letters.append(tiles[(row, col)][0].upper())
            row, col = row + dr, col + dc
        if len(letters) >= 2:
            found.append("".join(letters))
            if backward:
                found.append("".join(reversed(letters)))
    return found


class _TipFilter(QObject):
    """Answers tooltip events on a widget with the meanings of the words under the mouse,
    after what ``first_at`` says there (a list cell's whole text, when it is cut)."""

    def __init__(self, target: QWidget, words_at: Callable[[QPoint], list[str]],
                 first_at: Callable[[QPoint], str] | None = None) -> None:
        super().__init__(target)
        self.words_at = words_at
        self.first_at = first_at

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() != QEvent.Type.ToolTip or not isinstance(event, QHelpEvent):
            return False
        text = meanings_html(self.words_at(event.pos()))
        first = html.escape(self.first_at(event.pos())) if self.first_at is not None else ""
        if first:
            text = "<br>".join(first.splitlines()) + (f"<hr>{text}" if text else "")
        if text:
            QToolTip.showText(event.globalPos(), text, watched if isinstance(watched, QWidget) else None)
        else:
            QToolTip.hideText()
            event.ignore()
        return True


def install_board_tips(view: QWidget) -> None:
    """Meanings of the played words through the hovered square of a BoardView."""

    def words_at(point: QPoint) -> list[str]:
        scene = getattr(view, "scene", None)
        square = view.square_at(point)  # type: ignore[attr-defined]
        if scene is None or square is None:
            return []
        config = scene.config
        return words_through(scene.tiles, square, tuple(config.directions), config.backward_words)

    view.installEventFilter(_TipFilter(view, words_at))


def install_item_tips(view: QAbstractItemView, words_of: Callable[[int], list[str]]) -> None:
    """Meanings for the hovered row of a list or tree view; ``words_of(row)`` names them."""

    def words_at(point: QPoint) -> list[str]:
        index = view.indexAt(point)
        return words_of(index.row()) if index.isValid() else []

    def first_at(point: QPoint) -> str:
        index = view.indexAt(point)
        return tooltip_for(view, index) if index.isValid() else ""

    view.viewport().installEventFilter(_TipFilter(view.viewport(), words_at, first_at))
