"""Side panels: move history, unseen tiles, tile distribution and values, the legend."""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Sequence

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFontMetricsF, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.actions import Play, Turn
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.tiles import BLANK
from wordstudio.ui.crossword import wwlook
from wordstudio.ui.crossword.notation import NOTATION_LENGTH, NotationDelegate, spoken
from wordstudio.ui.theme import board as theme
from wordstudio.ui.widgets.tables import fit_columns


class HistoryPanel(QTreeWidget):
    """Every turn so far with the mover's running total; selecting one shows the board
    as it was after it."""

    #: The number of actions to replay (1 = after the first), or -1 for the live game.
    view_requested = Signal(int)
    MOVE, SCORE, TOTAL = 2, 3, 4

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history")
        self.setAccessibleName("Moves so far")
        self.setColumnCount(5)
        self.setHeaderLabels(["#", "Player", "Move", "Score", "Total"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.notation = NotationDelegate(self)
        self.setItemDelegateForColumn(self.MOVE, self.notation)
        # A long move ("challenged - challenge failed") ends in "..." (whole in its
        # tooltip); the scores keep their place at the right.
        self.columns = fit_columns(self, self.MOVE)
        self._filling = False
        self.itemSelectionChanged.connect(self._selection_changed)

    def show_history(self, history: Sequence[Turn], names: Sequence[str],
                     words: Container[str] | None = None) -> None:
        """The turns; with the game's ``words``, a play's words the list does not hold (a
        game read from another program's record) are flagged with a star."""
        self._filling = True
        totals = [0] * len(names)
        try:
            self.clear()
            for number, turn in enumerate(history, start=1):
                notation = turn.notation if isinstance(turn.action, Play) else ""
                if isinstance(turn.action, Play):
                    move = turn.notation + (" (withdrawn)" if turn.withdrawn else "")
                    score = str(turn.score)
                else:
                    text = turn.describe(list(names))
                    move = text.split(": ", 1)[1] if ": " in text else text
                    score = str(turn.score) if turn.score else ""
                if not turn.withdrawn:
                    totals[turn.player] += turn.score
                if turn.awarded and number >= 2:  # a failed challenge's bonus
                    totals[history[number - 2].player] += turn.awarded
                unlisted = [w for w in turn.words if w not in words] if (
                    words is not None and isinstance(turn.action, Play)) else []
                if unlisted:
                    move += " *"
                item = QTreeWidgetItem([str(number), names[turn.player], move, score,
                                        str(totals[turn.player])])
                if unlisted:
                    item.setToolTip(self.MOVE, "Not in this game's word list: "
                                               + ", ".join(unlisted))
                for column in (self.SCORE, self.TOTAL):
                    item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setData(0, Qt.ItemDataRole.UserRole, number)
                # Only the move's own letters can be blanks ("passed" is not P-A-S-S-E-D).
                item.setData(self.MOVE, NOTATION_LENGTH, len(notation))
                item.setData(self.MOVE, Qt.ItemDataRole.AccessibleTextRole,
                             spoken(notation) + move[len(notation):])
                item.setToolTip(self.TOTAL, f"{names[turn.player]}'s score after this turn")
                self.addTopLevelItem(item)
            last = self.topLevelItem(len(history) - 1) if history else None
            if last is not None:
                self.scrollToItem(last)
        finally:
            self._filling = False

    def _selection_changed(self) -> None:
        if self._filling:
            return
        items = self.selectedItems()
        self.view_requested.emit(items[0].data(0, Qt.ItemDataRole.UserRole) if items else -1)

    def clear_selection(self) -> None:
        self._filling = True
        self.clearSelection()
        self._filling = False


class LetterGrid(QWidget):
    """Small tiles with a number beside each: counts or values, a few columns wide."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: list[tuple[str, str, bool]] = []  # (letter, number, dimmed)
        self.values: dict[str, int] = {}
        self.columns = 4
        self.tile = 24
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_entries(self, entries: Sequence[tuple[str, str, bool]]) -> None:
        self.entries = list(entries)
        self.updateGeometry()
        self.setFixedHeight(self._height())
        self.update()

    def _height(self) -> int:
        rows = (len(self.entries) + self.columns - 1) // self.columns
        return max(1, rows) * (self.tile + 6) + 4

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self.columns * (self.tile + 44), self._height())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = max(1, self.width() // self.columns)
        for index, (letter, number, dimmed) in enumerate(self.entries):
            row, col = divmod(index, self.columns)
            x = col * width
            y = row * (self.tile + 6) + 2
            painter.setOpacity(0.35 if dimmed else 1.0)
            blank = letter == BLANK
            look = theme.TileLook("" if blank else letter, None, blank)
            theme.paint_tile(painter, QRectF(x, y, self.tile, self.tile), look)
            painter.setPen(self.palette().text().color())
            painter.setFont(theme.font(13, bold=True))
            painter.drawText(QRectF(x + self.tile + 4, y, width - self.tile - 6, self.tile),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, number)
        painter.end()


def _scrolling(grid: LetterGrid) -> QScrollArea:
    """The grid in a frameless area that scrolls when the side panel is short (a 27-letter
    tile set made the whole window too tall for a 1280x720 screen)."""
    area = QScrollArea()
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(grid)
    area.setMinimumHeight(grid.tile + 10)
    area.viewport().setAutoFillBackground(False)
    grid.setAutoFillBackground(False)
    return area


class UnseenPanel(QWidget):
    """Tiles the player to move has not seen: the bag plus the opponents' racks."""

    def __init__(self, config: GameConfig, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unseen")
        self.config = config
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.grid = LetterGrid()
        layout.addWidget(self.summary)
        layout.addWidget(_scrolling(self.grid), 1)

    def show_unseen(self, unseen: Sequence[str], bag: int, whose: str) -> None:
        counts = Counter(unseen)
        letters = [*self.config.tiles.alphabet, BLANK]
        vowels = sum(counts[v] for v in "AEIOU")
        self.summary.setText(
            f"<b>{len(unseen)}</b> tiles unseen by {whose} \u00b7 <b>{bag}</b> in the bag<br>"
            f"{vowels} vowels, {len(unseen) - vowels - counts[BLANK]} consonants, "
            f"{counts[BLANK]} blank{'s' if counts[BLANK] != 1 else ''}")
        self.grid.set_entries([(t, str(counts[t]), counts[t] == 0) for t in letters
                               if t != BLANK or self.config.tiles.blank_count])


class TilesPanel(QWidget):
    """The whole tile set: Computer SCRABBLE's DISTRIBUTION (CTRL-D) and VALUES (CTRL-V)."""

    def __init__(self, config: GameConfig, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tile-set")
        self.config = config
        layout = QVBoxLayout(self)
        switch = QHBoxLayout()
        self.distribution_button = QToolButton()
        self.distribution_button.setText("Distribution")
        self.values_button = QToolButton()
        self.values_button.setText("Values")
        group = QButtonGroup(self)
        group.setExclusive(True)
        for button in (self.distribution_button, self.values_button):
            group.addButton(button)
            button.setCheckable(True)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            switch.addWidget(button)
        switch.addStretch(1)
        self.caption = QLabel()
        self.grid = LetterGrid()
        layout.addLayout(switch)
        layout.addWidget(self.caption)
        layout.addWidget(_scrolling(self.grid), 1)
        self.distribution_button.clicked.connect(lambda: self.show_mode("distribution"))
        self.values_button.clicked.connect(lambda: self.show_mode("values"))
        self.mode = ""
        self.show_mode("distribution")

    def show_mode(self, mode: str) -> None:
        tiles = self.config.tiles
        self.mode = mode
        self.distribution_button.setChecked(mode == "distribution")
        self.values_button.setChecked(mode == "values")
        if mode == "distribution":
            entries = [(t, str(n), False) for t, n in zip(tiles.alphabet, tiles.frequencies, strict=True)]
            if tiles.blank_count:
                entries.append((BLANK, str(tiles.blank_count), False))
            self.caption.setText(f"<b>Tile distribution</b> \u00b7 {tiles.total_tiles} tiles")
        else:
            entries = [(t, str(v), False) for t, v in zip(tiles.alphabet, tiles.scores, strict=True)]
            if tiles.blank_count:
                entries.append((BLANK, str(tiles.blank_score), False))
            self.caption.setText("<b>Tile values</b> \u00b7 points per tile")
        self.grid.set_entries(entries)


class LegendStrip(QWidget):
    """What the squares and tiles mean, drawn with the board's own look, in as many rows
    as the width needs."""

    SWATCH = 20.0
    ROW = 26.0

    def __init__(self, config: GameConfig, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("legend")
        self.setAccessibleName("Square codes")
        self.premiums = theme.premiums_in(config.layout)
        self.has_blocked = any("@" in row for row in config.layout)
        self.start = config.first_move_square
        self.start_code = config.layout[self.start[0]][self.start[1]] if self.start else ""
        self.symbols = False
        #: The game's own colours when the board shows them (wwlook.GameLook), else None.
        self.game_look: wwlook.GameLook | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(round(self.ROW) + 4)

    def set_symbols(self, symbols: bool) -> None:
        self.symbols = symbols
        self.update()

    def items(self) -> list[tuple[str, str]]:
        """(kind, label) pairs in drawing order; kind is a square code or a tile kind."""
        from wordstudio.crossword.gameconfig import square_code

        out = [(square_code(p.kind, p.factor), p.description) for p in self.premiums]
        if self.start is not None:
            premium = theme.premium_of(self.start_code)
            out.append(("start", "Start" + (f" ({premium.description.lower()})" if premium else "")))
        if self.has_blocked:
            out.append(("@", "Blocked"))
        out += [("tile-blank", "Blank"), ("tile-last", "Last move"), ("tile-new", "Your tiles this turn")]
        return out

    def _places(self, width: float) -> list[tuple[float, float, float]]:
        """Where each item goes: (x, y, width), wrapping to new rows."""
        metrics = QFontMetricsF(theme.font(12))
        places = []
        x = y = 0.0
        for _, label in self.items():
            item = self.SWATCH + 6 + metrics.horizontalAdvance(label) + 14
            if x > 0 and x + item > width:
                x, y = 0.0, y + self.ROW
            places.append((x, y, item))
            x += item
        return places

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        places = self._places(max(1.0, float(self.width())))
        rows = 1 + (round(places[-1][1] / self.ROW) if places else 0)
        self.setFixedHeight(round(rows * self.ROW) + 4)
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        label_font = theme.font(12)
        size = self.SWATCH
        for (kind, label), (x, y, width) in zip(self.items(), self._places(float(self.width())),
                                                strict=True):
            top = y + 2 + (self.ROW - size) / 2
            rect = QRectF(x, top, size, size)
            if kind == "tile-blank":
                theme.paint_tile(painter, rect, theme.TileLook("E", None, blank=True))
            elif kind == "tile-last":
                theme.paint_tile(painter, rect, theme.TileLook("A", None, highlight=True))
            elif kind == "tile-new":
                theme.paint_tile(painter, rect, theme.TileLook("N", None, tentative=True))
            elif kind == "start":
                theme.paint_square(painter, rect, self.start_code, self.symbols, start=True)
            elif self.game_look is not None and not self.symbols:
                wwlook.paint_square(painter, rect, kind, self.game_look)
            else:
                theme.paint_square(painter, rect, kind, self.symbols)
            painter.setFont(label_font)
            painter.setPen(self.palette().text().color())
            painter.drawText(QRectF(x + size + 6, y + 2, width - size - 6, self.ROW),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
        painter.end()
