"""What a person would find wrong in a picture of the window, found by measuring it.

:func:`problems` takes the window and its page's key widgets (the board, the rack, the
Play button, the result lists) and says, in one line each, what is wrong:

* a key widget hidden, or not wholly inside the window - cut off by the window's edge
  or by the widget around it (a scroll area's edge, a splitter, a panel);
* a button's or a label's text wider than the widget (cut off);
* a list or table whose columns run off its visible width (a column of figures pushed
  off by a long text), or a cell cut short with no "…" and no tooltip to say it whole,
  or cut to fewer than a dozen characters ("J…", "7…": a move nobody can read);
* a list of words whose cells are narrower than their words;
* a rack whose tiles are drawn outside it.

``tools/window_pictures.py --check`` runs it on every page at each screen size, and
``tests/test_window_pictures.py`` asserts it finds nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QLabel,
    QListView,
    QTableView,
    QTreeView,
    QWidget,
)

#: Rows of a list that are checked (the visible ones, at most this many).
ROWS_CHECKED = 40


def problems(window: QWidget, keys: dict[str, QWidget], screen: QRect | None = None) -> list[str]:
    """Everything wrong with the key widgets ``keys`` (name -> widget) of ``window`` (or
    of a dialog over it: each widget is measured in its own window, and the dialog, with
    a title bar, must lie on the ``screen``'s area)."""
    from wordstudio.ui.screenfit import FRAME_GUESS

    found: list[str] = []
    for name, widget in keys.items():
        found += [f"{name}: {problem}" for problem in widget_problems(window, widget)]
        dialog = widget.window()
        if screen is not None and dialog is not window and dialog.isVisible():
            outer = dialog.frameGeometry()  # with its title bar, or the usual one
            if outer == dialog.geometry():
                outer = outer.marginsAdded(FRAME_GUESS)
            if not screen.contains(outer):
                found.append(f"{name}: its window ({_size(outer)} with its title bar) runs "
                             f"off the {screen.width()}x{screen.height()} screen")
    return found


def widget_problems(window: QWidget, widget: QWidget) -> list[str]:
    if not widget.isVisible():
        return ["hidden"]
    found = []
    shown = shown_rect(widget)
    whole = QRect(widget.mapTo(widget.window(), widget.rect().topLeft()), widget.size())
    if shown != whole:
        found.append(f"cut off: {_size(shown)} of {_size(whole)} shown")
    found += text_problems(widget)
    if isinstance(widget, QAbstractItemView):
        found += view_problems(widget)
    if hasattr(widget, "tile_rect") and hasattr(widget, "tiles"):
        found += rack_problems(widget)
    return found


def shown_rect(widget: QWidget) -> QRect:
    """The part of ``widget`` its window shows: its rectangle cut by every widget around
    it, in the top-level window's coordinates."""
    top = widget.window()
    rect = QRect(widget.mapTo(top, widget.rect().topLeft()), widget.size())
    parent = widget.parentWidget()
    while parent is not None:
        origin = parent.mapTo(top, parent.rect().topLeft()) if parent is not top else \
            parent.rect().topLeft()
        rect = rect.intersected(QRect(origin, parent.size()))
        if parent is top:
            break
        parent = parent.parentWidget()
    return rect


def text_problems(widget: QWidget) -> list[str]:
    """A button or label whose text is wider (or, wrapped, taller) than it is."""
    if isinstance(widget, QAbstractButton) and widget.text() \
            and widget.sizeHint().width() > widget.width() + 1:
        return [f"text {widget.text()!r} needs {widget.sizeHint().width()} px, has "
                f"{widget.width()}"]
    if isinstance(widget, QLabel) and widget.text():
        if widget.wordWrap():
            wanted = widget.heightForWidth(widget.width())
            if wanted > widget.height() + 1:
                return [f"wrapped text needs {wanted} px of height, has {widget.height()}"]
        elif widget.sizeHint().width() > widget.width() + 1:
            return [f"text needs {widget.sizeHint().width()} px, has {widget.width()}"]
    return []


def view_problems(view: QAbstractItemView) -> list[str]:
    """Columns off the visible width; cells cut with no ellipsis and tooltip; word
    cells narrower than their words."""
    from wordstudio.ui.widgets.tables import READABLE_CHARS, ElidingDelegate, is_cut

    model = view.model()
    if model is None:
        return []
    found: list[str] = []
    viewport = view.viewport().rect()
    table = isinstance(view, QTreeView | QTableView)
    columns = model.columnCount() if table else 1  # a list's model keeps its count to itself
    rows = _visible_rows(view)
    if isinstance(view, QTreeView | QTableView):
        for column in range(columns):
            if view.isColumnHidden(column) or not rows:
                continue
            rect = view.visualRect(model.index(rows[0], column))
            if rect.right() > viewport.right() + 1 or rect.left() < viewport.left() - 1:
                heading = model.headerData(column, Qt.Orientation.Horizontal)
                found.append(f"column {heading!r} runs off the visible width")
    for row in rows:
        for column in range(columns):
            if isinstance(view, QTreeView | QTableView) and view.isColumnHidden(column):
                continue
            index = model.index(row, column)
            if isinstance(view, QListView) and not isinstance(view, QTableView | QTreeView):
                if is_cut(view, index):
                    found.append(f"{index.data()!r} is cut")
                continue
            if not is_cut(view, index):
                continue
            if not isinstance(view.itemDelegateForIndex(index), ElidingDelegate):
                found.append(f"{index.data()!r} is cut with no ellipsis or tooltip")
            text = str(index.data())
            readable = view.fontMetrics().averageCharWidth() * min(len(text), READABLE_CHARS)
            if view.visualRect(index).width() < readable:
                found.append(f"{text!r} is cut to {view.visualRect(index).width()} px, "
                             f"fewer than {READABLE_CHARS} characters")
    return found


def rack_problems(rack: QWidget) -> list[str]:
    shown = rack._shown()  # type: ignore[attr-defined]
    inside = rack.rect()
    for index in range(len(shown)):
        tile = rack.tile_rect(index).toAlignedRect()  # type: ignore[attr-defined]
        if not inside.adjusted(-1, -1, 1, 1).contains(tile):
            return [f"tile {index + 1} of {len(shown)} is drawn outside the rack"]
    return []


def _visible_rows(view: QAbstractItemView) -> list[int]:
    model = view.model()
    viewport = view.viewport().rect()
    rows = []
    for row in range(min(model.rowCount(QModelIndex()), 1000)):
        rect = view.visualRect(model.index(row, 0))
        if rect.isValid() and rect.intersects(viewport):
            rows.append(row)
        if len(rows) >= ROWS_CHECKED:
            break
    return rows


def _size(rect: QRect) -> str:
    return f"{rect.width()}x{rect.height()} at {rect.x()},{rect.y()}"
