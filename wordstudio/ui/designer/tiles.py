"""The tile-set panel: the alphabet with each letter's tiles, score and strategy weight.

One row per letter (multi-character tiles such as ``CH`` included) and a last row for
the blank; a bar shows each letter's share of the bag, and the totals below say how
many tiles there are, what they are worth and how many are vowels.  Letters can be added
and removed; a tile set can be derived from a text or copied from a shipped one.

The panel edits nothing itself: it reports new tables (:attr:`TilePanel.tables_edited`)
and the page turns them into one undoable change with :func:`tile_changes`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.config.elements import PER_LETTER_TABLES
from wordstudio.crossword.gameconfig import TileSet
from wordstudio.ui import theme
from wordstudio.ui.designer.commands import Change
from wordstudio.ui.designer.document import DesignValues, format_table_like

TILES, SCORES, WEIGHTS = PER_LETTER_TABLES
COLUMNS = ("Letter", "Tiles", "Score", "Weight", "Share of the bag")
#: The editable columns and the table each one is.
TABLE_OF_COLUMN = {1: TILES, 2: SCORES, 3: WEIGHTS}
RANGES = {TILES: (0, 999), SCORES: (0, 999), WEIGHTS: (-99, 99)}
VOWELS = frozenset("AEIOU")
#: A blank's values when a table does not give them (Appendix A).
BLANK_DEFAULTS = {TILES: TileSet().blank_count, SCORES: TileSet().blank_score,
                  WEIGHTS: TileSet().blank_weight}
BAR = QColor("#4c9be8")


def tile_changes(values: DesignValues, document_text: Mapping[str, str | None],
                 tables: Mapping[str, Sequence[int]],
                 alphabet: Sequence[str] | None = None) -> list[Change]:
    """The changes that give the design these letter tables (each with the blank's value
    last) and, if given, this alphabet.

    A table that did not give the blank's value keeps leaving it out while the blank
    stays at its default, and a one-line table keeps its column layout
    (``document_text`` holds each table's value as written, None when unset).
    """
    changes = []
    if alphabet is not None and tuple(alphabet) != values.alphabet:
        changes.append(Change("Alphabet", tuple(alphabet), near=TILES))
    for name in PER_LETTER_TABLES:
        if name not in tables:
            continue
        numbers = [int(v) for v in tables[name]]
        if not values.blank_written.get(name) and numbers[-1] == BLANK_DEFAULTS[name]:
            numbers = numbers[:-1]
        laid_out = format_table_like(document_text.get(name), numbers)
        changes.append(Change(name, laid_out if laid_out is not None else tuple(numbers)))
    return changes


class TileModel(QAbstractTableModel):
    """The tile table; edits are reported with :attr:`edited` and not kept here."""

    #: (table name, row, new value); the blank is the last row.
    edited = Signal(str, int, int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.alphabet: tuple[str, ...] = ()
        self.tables: dict[str, tuple[int, ...]] = {name: () for name in PER_LETTER_TABLES}

    def set_tiles(self, alphabet: tuple[str, ...], tables: dict[str, tuple[int, ...]]) -> None:
        """Show an alphabet and its tables (a new alphabet resets the view)."""
        if alphabet != self.alphabet:
            self.beginResetModel()
            self.alphabet, self.tables = alphabet, tables
            self.endResetModel()
            return
        self.tables = tables
        self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, len(COLUMNS) - 1))

    @property
    def total(self) -> int:
        """Tiles in the bag, blanks included."""
        return sum(self.tables[TILES])

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.alphabet) + 1

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() in TABLE_OF_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row, column = index.row(), index.column()
        blank = row == len(self.alphabet)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if column == 0:
                return "Blank" if blank else self.alphabet[row]
            if column in TABLE_OF_COLUMN:
                return self.tables[TABLE_OF_COLUMN[column]][row]
            return f"{100 * self.share(row):.1f} %"
        if role == Qt.ItemDataRole.UserRole and column == 4:
            return self.share(row)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column == 0:
                return int(Qt.AlignmentFlag.AlignCenter)
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and column == 0:
            font = QFont()
            font.setBold(not blank)
            font.setItalic(blank)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and column == 3:
            return "Strategy weight: negative keeps the letter for a big play, positive gets rid of it"
        return None

    def share(self, row: int) -> float:
        """A row's share of all the tiles, 0..1."""
        total = self.total
        return self.tables[TILES][row] / total if total else 0.0

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() not in TABLE_OF_COLUMN:
            return False
        name = TABLE_OF_COLUMN[index.column()]
        number = int(value)
        if number == self.tables[name][index.row()]:
            return False
        self.edited.emit(name, index.row(), number)
        return True


class NumberDelegate(QStyledItemDelegate):
    """Spin boxes with each table's range."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        spin = QSpinBox(parent)
        spin.setRange(*RANGES[TABLE_OF_COLUMN[index.column()]])
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        spin.setFrame(False)
        return spin


class ShareDelegate(QStyledItemDelegate):
    """A bar for each letter's share of the bag, with the percentage on it."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        share = float(index.data(Qt.ItemDataRole.UserRole) or 0.0)
        rect = QRectF(option.rect).adjusted(6, 6, -6, -6)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 18))
        # The figure has its own room at the right, so a long bar never runs under it.
        text_width = 52.0
        track = rect.adjusted(0, 0, -text_width, 0)
        painter.drawRoundedRect(track, 3, 3)
        # The scale tops out at 15 %: no letter of a sensible set has more.
        bar = QRectF(track.left(), track.top(), track.width() * min(1.0, share / 0.15),
                     track.height())
        painter.setBrush(BAR)
        painter.drawRoundedRect(bar, 3, 3)
        painter.setPen(option.palette.text().color())
        painter.drawText(QRectF(track.right(), rect.top(), text_width, rect.height()),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         f"{100 * share:.1f} %")
        painter.restore()


class TilePanel(QWidget):
    """The tile table, its totals and the letter buttons."""

    #: New tables: {table name: values with the blank's last}.
    tables_edited = Signal(object)
    add_letter_requested = Signal(int)  # insert before this row
    remove_letter_requested = Signal(int)  # the row of the letter
    derive_requested = Signal()
    tileset_chosen = Signal(Path)

    def __init__(self, tilesets: Sequence[tuple[str, Path]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tile-panel")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        self.source = QLabel()
        self.source.setObjectName("tile-source")
        column.addWidget(self.source)
        self.model = TileModel(self)
        self.model.edited.connect(self._cell_edited)
        self.view = QTableView()
        self.view.setObjectName("tile-table")
        self.view.setAccessibleName("Tiles: letter, count, score, weight")
        self.view.setModel(self.model)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(26)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self._numbers = NumberDelegate(self.view)
        self._bars = ShareDelegate(self.view)
        for col in TABLE_OF_COLUMN:
            self.view.setItemDelegateForColumn(col, self._numbers)
        self.view.setItemDelegateForColumn(4, self._bars)
        column.addWidget(self.view, 1)
        self.totals = QLabel()
        self.totals.setObjectName("tile-totals")
        self.totals.setWordWrap(True)
        self.totals.setTextFormat(Qt.TextFormat.RichText)
        column.addWidget(self.totals)
        column.addLayout(self._buttons(tilesets))

    def _buttons(self, tilesets: Sequence[tuple[str, Path]]) -> QGridLayout:
        # Two by two: in one row they held the side column (and so the board) to 460 px.
        grid = QGridLayout()
        add = QPushButton("Add letter\u2026")
        add.setObjectName("add-letter")
        add.setToolTip("Add a tile to the alphabet (several characters, like CH, are one tile)")
        add.clicked.connect(lambda: self.add_letter_requested.emit(self._insert_row()))
        self.remove = QPushButton("Remove letter")
        self.remove.setObjectName("remove-letter")
        self.remove.clicked.connect(self._remove)
        derive = QPushButton("Derive from a text\u2026")
        derive.setObjectName("derive-tiles")
        derive.setToolTip("Counts in proportion to how often each letter is used in a text; "
                          "scores rising with rarity")
        derive.clicked.connect(self.derive_requested)
        shipped = QPushButton("Copy tiles from")
        shipped.setObjectName("copy-tileset")
        shipped.setToolTip("Use the tiles of one of WordStudio's tile sets")
        menu = QMenu(shipped)
        for title, path in tilesets:
            action = menu.addAction(title)
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.tileset_chosen.emit(p))
        shipped.setMenu(menu)
        for index, widget in enumerate((add, self.remove, derive, shipped)):
            grid.addWidget(widget, index // 2, index % 2)
        return grid

    def _insert_row(self) -> int:
        rows = self.view.selectionModel().selectedRows()
        size = len(self.model.alphabet)
        return min(rows[0].row() + 1, size) if rows else size

    def _remove(self) -> None:
        rows = self.view.selectionModel().selectedRows()
        if rows and rows[0].row() < len(self.model.alphabet):
            self.remove_letter_requested.emit(rows[0].row())

    def _cell_edited(self, name: str, row: int, value: int) -> None:
        table = list(self.model.tables[name])
        table[row] = value
        self.tables_edited.emit({name: tuple(table)})

    def show_values(self, values: DesignValues, source: str) -> None:
        """Show the design's tile set; ``source`` says where the tables are set."""
        alphabet = values.alphabet
        tables = {name: tuple(values[name]) for name in PER_LETTER_TABLES}
        self.model.set_tiles(alphabet, tables)
        self.source.setText(theme.span(f"Tile tables: {source}", "muted"))
        self.remove.setEnabled(len(alphabet) > 1)
        self.totals.setText(describe_totals(alphabet, tables))


def describe_totals(alphabet: Sequence[str], tables: dict[str, tuple[int, ...]]) -> str:
    """The totals line: tiles, letters and blanks, face value, vowels."""
    counts, scores = tables[TILES], tables[SCORES]
    size = len(alphabet)
    letters, blanks = sum(counts[:size]), counts[size]
    total = letters + blanks
    value = sum(c * s for c, s in zip(counts, scores, strict=True))
    vowels = sum(c for letter, c in zip(alphabet, counts, strict=False) if letter in VOWELS)
    share = f" ({100 * vowels / letters:.0f} % of the letters)" if letters else ""
    return (f"<b>{total}</b> tiles: {letters} letters and {blanks} blank{'s' * (blanks != 1)}"
            f" \u00b7 face value <b>{value}</b> points \u00b7 vowels {vowels}{share}")
