"""Editors for single configuration elements, as the rules panel lays them out.

A :class:`Field` owns one widget for one element: :meth:`Field.show` puts the document's
value in it without echoing an edit back, and :attr:`Field.edited` reports what the
person chose as a value of the element's own type (int, bool, enum, tuple...), ready for
``ConfigDocument.set``.  Number fields name a merge key so one spin box's run of changes
is one undo step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from wordstudio.crossword.gameconfig import Direction
from wordstudio.lexicon.catalog import available_lexicons


class Field(QObject):
    """One element's editor (see the module docstring)."""

    #: (element name, new value, merge key or "")
    edited = Signal(str, object, str)

    def __init__(self, name: str, label: str, help: str = "") -> None:
        super().__init__()
        self.name = name
        self.label = label
        self.help = help
        self.widget: QWidget = QWidget()

    def show(self, value: Any) -> None:
        """Show the document's value (without reporting an edit)."""
        blockers = [QSignalBlocker(w) for w in self._signal_widgets()]
        try:
            self._show(value)
        finally:
            for blocker in blockers:
                blocker.unblock()

    def _show(self, value: Any) -> None:
        raise NotImplementedError

    def _signal_widgets(self) -> list[QObject]:
        return [self.widget]

    def _emit(self, value: Any, merge: bool = False) -> None:
        self.edited.emit(self.name, value, self.name if merge else "")


class SpinField(Field):
    """A whole number; ``special`` is shown for the minimum (e.g. "no limit" for 0)."""

    def __init__(self, name: str, label: str, minimum: int, maximum: int, help: str = "",
                 special: str = "", suffix: str = "") -> None:
        super().__init__(name, label, help)
        spin = QSpinBox()
        spin.setRange(minimum, maximum)
        spin.setSpecialValueText(special)
        spin.setSuffix(suffix)
        spin.setAccelerated(True)
        spin.setMinimumWidth(110)
        # A number needs no more room than it takes: the box does not stretch across.
        spin.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        spin.valueChanged.connect(lambda value: self._emit(int(value), merge=True))
        self.widget = self.spin = spin

    def set_maximum(self, maximum: int) -> None:
        """A new upper limit (the first-move row follows the board size)."""
        with QSignalBlocker(self.spin):
            self.spin.setMaximum(maximum)

    def _show(self, value: Any) -> None:
        number = int(value or 0)
        if number > self.spin.maximum():
            self.spin.setMaximum(number)  # show what the file says, even if unusual
        self.spin.setValue(number)


class CheckField(Field):
    """A yes/no element; ``as_number`` writes 0/1 for WordsWorth's numeric switches."""

    def __init__(self, name: str, label: str, text: str, help: str = "",
                 as_number: bool = False) -> None:
        super().__init__(name, label, help)
        self.as_number = as_number
        box = QCheckBox(text)
        box.toggled.connect(lambda on: self._emit(int(on) if self.as_number else bool(on)))
        self.widget = self.box = box

    def _show(self, value: Any) -> None:
        self.box.setChecked(bool(value))


class ChoiceField(Field):
    """One of several values, each with a label.  Values the list lacks are shown as the
    choice ``normalise`` maps them to (FreeForm 5 is "anywhere", like 2)."""

    def __init__(self, name: str, label: str, choices: Sequence[tuple[Any, str]],
                 help: str = "", normalise: Any = None) -> None:
        super().__init__(name, label, help)
        self.normalise = normalise
        combo = QComboBox()
        for value, text in choices:
            combo.addItem(text, value)
        combo.activated.connect(lambda index: self._emit(combo.itemData(index)))
        self.widget = self.combo = combo

    def _show(self, value: Any) -> None:
        if self.normalise is not None:
            value = self.normalise(value)
        index = self.combo.findData(value)
        self.combo.setCurrentIndex(max(0, index))


class TextField(Field):
    """A string element, reported when the person leaves the box or presses Enter."""

    def __init__(self, name: str, label: str, help: str = "", placeholder: str = "") -> None:
        super().__init__(name, label, help)
        edit = QLineEdit()
        edit.setPlaceholderText(placeholder)
        edit.editingFinished.connect(self._finished)
        self.widget = self.edit = edit
        self._shown = ""

    def _finished(self) -> None:
        if self.edit.text() != self._shown:
            self._shown = self.edit.text()
            self._emit(self.edit.text())

    def _show(self, value: Any) -> None:
        self._shown = str(value or "")
        self.edit.setText(self._shown)


class DictionaryField(Field):
    """``Dictionary``: a shipped word list, WordsWorth's ``wwdict``, or any file name."""

    def __init__(self, name: str, label: str, help: str = "") -> None:
        super().__init__(name, label, help)
        combo = QComboBox()
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for lexicon in available_lexicons():
            combo.addItem(f"{lexicon.ident}  \u2014  {lexicon.label}", lexicon.ident)
        combo.addItem("wwdict  \u2014  WordsWorth's name for the standard list", "wwdict")
        combo.activated.connect(lambda index: self._emit(combo.itemData(index)))
        line = combo.lineEdit()
        assert line is not None  # an editable combo box always has one
        line.editingFinished.connect(self._typed)
        self.widget = self.combo = combo
        self._shown = ""

    def _typed(self) -> None:
        text = self.combo.currentText().split("\u2014")[0].strip()
        if text and text != self._shown:
            self._shown = text
            self._emit(text)

    def _show(self, value: Any) -> None:
        self._shown = str(value)
        index = self.combo.findData(self._shown)
        if index >= 0:
            self.combo.setCurrentIndex(index)
        else:
            self.combo.setEditText(self._shown)
        line = self.combo.lineEdit()
        if line is not None:
            line.setCursorPosition(0)  # show the start of a long name, not its end

    def _signal_widgets(self) -> list[QObject]:
        line = self.combo.lineEdit()
        return [self.combo] if line is None else [self.combo, line]


class RackField(Field):
    """``NumberOfTiles``: racks of N tiles, play from the pool (1), or unlimited (0)."""

    def __init__(self, name: str, label: str, help: str = "") -> None:
        super().__init__(name, label, help)
        widget = QWidget()
        grid = QGridLayout(widget)
        grid.setContentsMargins(0, 0, 0, 0)
        self.racks = QRadioButton("Racks of")
        self.size = QSpinBox()
        self.size.setRange(2, 30)
        self.size.setSuffix(" tiles")
        self.pool = QRadioButton("No rack: any letter left in the pool")
        self.unlimited = QRadioButton("No rack: any letter, unlimited")
        self.group = QButtonGroup(widget)
        for button in (self.racks, self.pool, self.unlimited):
            self.group.addButton(button)
        row = QHBoxLayout()
        row.addWidget(self.racks)
        row.addWidget(self.size)
        row.addStretch(1)
        grid.addLayout(row, 0, 0)
        grid.addWidget(self.pool, 1, 0)
        grid.addWidget(self.unlimited, 2, 0)
        self.racks.toggled.connect(lambda on: self._chosen(on, self.size.value()))
        self.pool.toggled.connect(lambda on: self._chosen(on, 1))
        self.unlimited.toggled.connect(lambda on: self._chosen(on, 0))
        self.size.valueChanged.connect(self._size_changed)
        self.widget = widget

    def _chosen(self, on: bool, value: int) -> None:
        if on:  # each switch also turns the others off; only the one turned on counts
            self._emit(value)

    def _size_changed(self, value: int) -> None:
        if self.racks.isChecked():
            self.edited.emit(self.name, int(value), self.name)

    def _show(self, value: Any) -> None:
        number = int(value)
        if number > 1:
            self.racks.setChecked(True)
            self.size.setMaximum(max(30, number))
            self.size.setValue(number)
        else:
            (self.pool if number == 1 else self.unlimited).setChecked(True)
        self.size.setEnabled(number > 1)

    def _signal_widgets(self) -> list[QObject]:
        return [self.racks, self.pool, self.unlimited, self.size]


class DirectionsField(Field):
    """``Directions``: which ways words may run; at least one stays on."""

    LABELS = {
        Direction.ACROSS: "Across \u2192",
        Direction.DOWN: "Down \u2193",
        Direction.DIAGONAL_DOWN: "Diagonal \u2198",
        Direction.DIAGONAL_UP: "Diagonal \u2197",
    }

    def __init__(self, name: str, label: str, help: str = "") -> None:
        super().__init__(name, label, help)
        widget = QWidget()
        grid = QGridLayout(widget)
        grid.setContentsMargins(0, 0, 0, 0)
        self.boxes: dict[Direction, QCheckBox] = {}
        for i, (direction, text) in enumerate(self.LABELS.items()):
            box = QCheckBox(text)
            box.setObjectName(f"direction-{direction.value}")
            box.toggled.connect(self._toggled)
            grid.addWidget(box, i // 2, i % 2)
            self.boxes[direction] = box
        self.widget = widget

    def value(self) -> tuple[Direction, ...]:
        """The directions ticked, in the order of the boxes."""
        return tuple(d for d, box in self.boxes.items() if box.isChecked())

    def _toggled(self) -> None:
        chosen = self.value()
        self._lock_last(chosen)
        if chosen:
            self._emit(chosen)

    def _lock_last(self, chosen: tuple[Direction, ...]) -> None:
        # Words must run some way: the last direction left on cannot be switched off.
        for direction, box in self.boxes.items():
            box.setEnabled(not (len(chosen) == 1 and direction in chosen))

    def _show(self, value: Any) -> None:
        chosen = {Direction(v) for v in value}
        for direction, box in self.boxes.items():
            box.setChecked(direction in chosen)
        self._lock_last(self.value())

    def _signal_widgets(self) -> list[QObject]:
        return list(self.boxes.values())

