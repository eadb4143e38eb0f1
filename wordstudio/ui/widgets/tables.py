"""Tables and lists of moves, words and figures that never hide a value.

* A cell too narrow for its text ends in "…" and its tooltip is the whole text
  (:class:`ElidingDelegate`; every view that lists moves or words uses it or a subclass,
  such as the notation delegate that marks blanks).
* :func:`fit_columns` gives a view's one text column (the move, the player's name) the
  width left over, sizes the columns of figures to their contents so a long text never
  pushes them off the edge, and - in a narrow view - hides the columns named optional,
  least important first, before the text column would be cut below a readable width.
  What a hidden column held stays in the row's tooltip.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt, QTimer
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolTip,
    QTreeView,
    QWidget,
)

#: Characters of the text column always shown before optional columns are hidden.
READABLE_CHARS = 12
#: A heading's width beyond its text (the header's margins), for a heading never shown.
HEADING_MARGIN = 20

Index = QModelIndex | QPersistentModelIndex


def is_cut(view: QAbstractItemView, index: Index) -> bool:
    """Whether the cell at ``index`` is too narrow for its whole text: what its delegate
    asks for (text, font and margins) is wider than the cell."""
    if not index.data():
        return False
    option = QStyleOptionViewItem()
    option.initFrom(view.viewport())
    option.font = view.font()
    delegate = view.itemDelegateForIndex(index)
    wanted = delegate.sizeHint(option, index).width()
    return wanted > view.visualRect(index).width()


class ElidingDelegate(QStyledItemDelegate):
    """Draws text cut short with "…" (Qt's own eliding), and answers the tooltip of a
    cut cell with its whole text (before the item's own tooltip, if it has one)."""

    def initStyleOption(self, option: QStyleOptionViewItem,  # noqa: N802 - Qt override
                        index: Index) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideRight

    def helpEvent(self, event: QHelpEvent, view: QAbstractItemView,  # noqa: N802 - Qt override
                  option: QStyleOptionViewItem, index: Index) -> bool:
        if event is None or event.type() != QEvent.Type.ToolTip or not index.isValid():
            return super().helpEvent(event, view, option, index)
        tip = tooltip_for(view, index)
        if not tip:
            return super().helpEvent(event, view, option, index)
        QToolTip.showText(event.globalPos(), tip, view)
        return True


def tooltip_for(view: QAbstractItemView, index: Index) -> str:
    """A cell's tooltip: its whole text when it is cut, its own tooltip, and what the
    row's hidden columns hold ("Leave: AEI")."""
    own = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
    whole = str(index.data() or "")
    parts = [whole] if is_cut(view, index) else []
    if own and own != whole:
        parts.append(own)
    model = index.model()
    for column in hidden_columns(view):
        value = model.index(index.row(), column, index.parent()).data()
        if value not in (None, ""):
            heading = model.headerData(column, Qt.Orientation.Horizontal)
            parts.append(f"{heading}: {value}")
    return "\n".join(parts)


def _header(view: QAbstractItemView) -> QHeaderView:
    if isinstance(view, QTreeView):
        return view.header()
    assert isinstance(view, QTableView)
    return view.horizontalHeader()


class ColumnFitter(QObject):
    """Keeps a view's columns as :func:`fit_columns` says (a child of the view)."""

    def __init__(self, view: QAbstractItemView, text_column: int,
                 optional: Sequence[int]) -> None:
        super().__init__(view)
        self.view = view
        self.text_column = text_column
        self.optional = tuple(optional)
        header = _header(view)
        header.setStretchLastSection(False)
        for column in range(header.count()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(text_column, QHeaderView.ResizeMode.Stretch)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        #: Columns the view's owner hides whatever the width (never shown here).
        self.withheld: frozenset[int] = frozenset()
        #: Each heading's width, as Qt measured it while the column was shown.
        self._headings: dict[int, int] = {}
        for column in range(header.count()):
            self.needed(column)
        self._pending = False
        view.viewport().installEventFilter(self)
        model = view.model()
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset,
                       model.dataChanged, model.layoutChanged):
            signal.connect(self.schedule)
        self.schedule()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Resize:
            self.schedule()
        return False

    def schedule(self, *_args: object) -> None:
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self.fit)

    def withhold(self, columns: set[int] | frozenset[int]) -> None:
        """Hide ``columns`` whatever the width (they say nothing in this game)."""
        self.withheld = frozenset(columns)
        self.fit()

    def needed(self, column: int) -> int:
        """The width ``column`` takes sized to its contents and its heading - the same
        whether it is shown or hidden.  Qt gives a hidden column's heading no width: a
        hidden leave then seemed to fit, was shown, cut the moves ("4D H(E)..."), and
        stayed; the heading's width is kept from when it was shown."""
        header = _header(self.view)
        heading = header.sectionSizeHint(column)
        if heading > 0:
            self._headings[column] = heading
        else:
            heading = self._headings.get(column, 0)
            if not heading:
                title = str(self.view.model().headerData(column, Qt.Orientation.Horizontal)
                            or "")
                heading = header.fontMetrics().horizontalAdvance(title) + HEADING_MARGIN
        return max(self.view.sizeHintForColumn(column), heading)

    def fit(self) -> None:
        """Hide the optional columns the width cannot hold (least important first)."""
        self._pending = False
        view = self.view
        header = _header(view)
        room = view.viewport().width()
        readable = view.fontMetrics().horizontalAdvance("M" * READABLE_CHARS)
        text = min(self.needed(self.text_column), readable)
        shown = [c for c in range(header.count())
                 if c != self.text_column and c not in self.withheld]
        hidden: set[int] = set(self.withheld)
        for column in self.optional:
            if text + sum(self.needed(c) for c in shown if c not in hidden) <= room:
                break
            hidden.add(column)
        for column in {*self.optional, *self.withheld}:
            if isinstance(view, QTreeView | QTableView):
                view.setColumnHidden(column, column in hidden)


def fit_columns(view: QAbstractItemView, text_column: int,
                optional: Sequence[int] = ()) -> ColumnFitter:
    """See the module docstring: ``text_column`` stretches and is cut with "…" (its
    whole text the tooltip); ``optional`` columns, least important first, give way in
    a narrow view.  Cells cut anywhere get the eliding delegate's tooltip."""
    if not isinstance(view.itemDelegate(), ElidingDelegate):
        view.setItemDelegate(ElidingDelegate(view))
    return ColumnFitter(view, text_column, optional)


def hidden_columns(view: QWidget) -> list[int]:
    """The columns a view hides now."""
    if isinstance(view, QTreeView | QTableView):
        model = view.model()
        return [c for c in range(model.columnCount()) if view.isColumnHidden(c)]
    return []
