"""The board tool palette: tools, square types, symmetry, board size, clearing.

It sits beside the board as in a drawing program.  Square types are swatches drawn as
the board draws them: plain, blocked, then letter and word premiums x2 to x11.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.gameconfig import (
    BLOCKED,
    LETTER_CODES,
    MAX_COLUMNS,
    MAX_ROWS,
    PLAIN,
    WORD_CODES,
)
from wordstudio.ui import theme
from wordstudio.ui.designer import look
from wordstudio.ui.designer.boardedit import Symmetry
from wordstudio.ui.designer.painter import Tool

TOOLS = (
    (Tool.BRUSH, "\u270e  Brush", "Paint squares; drag to paint a line; right button: plain"),
    (Tool.RECTANGLE, "\u25ad  Rectangle", "Drag from corner to corner to paint a rectangle"),
    (Tool.FILL, "\u25a7  Fill", "Paint the connected squares of the type you click"),
    (Tool.FIRST_MOVE, "\u2605  First move", "Click the square the first move must cover, or a "
     "row number or column letter for a whole row or column; right button: no constraint"),
    (Tool.LETTERS, "A  Letters", "Click a square and type letters printed on the board "
     "before play (StartingBoard); Delete or right button clears"),
)


def _heading(text: str) -> QLabel:
    label = QLabel(text.upper())
    theme.styled(label, "color: {muted}; font-size: 8pt; font-weight: 600; letter-spacing: 1px;")
    return label


class BoardTools(QWidget):
    """The palette; it reports choices and leaves the painting to the board."""

    tool_changed = Signal(object)
    code_changed = Signal(str)
    symmetry_changed = Signal(object)
    size_changed = Signal(int, int)
    clear_requested = Signal()
    clear_letters_requested = Signal()
    blanks_toggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("board-tools")
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 2, 4, 2)
        # Tight enough for the whole palette to show on a 1280x720 screen.
        column.setSpacing(4)
        column.addWidget(_heading("Tool"))
        self.tool_buttons: dict[Tool, QToolButton] = {}
        self.tool_group = QButtonGroup(self)
        for tool, text, tip in TOOLS:
            button = QToolButton()
            button.setObjectName(f"tool-{tool.value}")
            button.setText(text)
            button.setToolTip(tip)
            button.setCheckable(True)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setMinimumWidth(176)
            button.setStyleSheet("text-align: left; padding: 4px 8px;")
            button.clicked.connect(lambda _=False, t=tool: self.tool_changed.emit(t))
            self.tool_group.addButton(button)
            self.tool_buttons[tool] = button
            column.addWidget(button)
        self.tool_buttons[Tool.BRUSH].setChecked(True)
        self.blanks = QCheckBox("Type letters as blanks")
        self.blanks.setObjectName("letters-as-blanks")
        self.blanks.toggled.connect(self.blanks_toggled)
        self.blanks.setVisible(False)
        column.addWidget(self.blanks)
        column.addSpacing(2)
        column.addWidget(_heading("Square"))
        column.addLayout(self._swatches())
        self.code_label = QLabel()
        self.code_label.setObjectName("square-type")
        column.addWidget(self.code_label)
        column.addSpacing(2)
        column.addWidget(_heading("Symmetry"))
        self.symmetry = QComboBox()
        self.symmetry.setObjectName("symmetry")
        for symmetry in Symmetry:
            self.symmetry.addItem(symmetry.label, symmetry)
        self.symmetry.currentIndexChanged.connect(
            lambda i: self.symmetry_changed.emit(self.symmetry.itemData(i)))
        column.addWidget(self.symmetry)
        column.addSpacing(2)
        column.addWidget(_heading("Board size"))
        column.addLayout(self._size_row())
        column.addSpacing(2)
        clear = QPushButton("Clear the board")
        clear.setObjectName("clear-board")
        clear.setToolTip("Make every square plain (the size stays)")
        clear.clicked.connect(self.clear_requested)
        clear_letters = QPushButton("Remove the letters")
        clear_letters.setObjectName("clear-letters")
        clear_letters.setToolTip("Take away every letter printed on the board")
        clear_letters.clicked.connect(self.clear_letters_requested)
        column.addWidget(clear)
        column.addWidget(clear_letters)
        column.addStretch(1)
        self.tool_changed.connect(self._tool_shown)
        self.select_code("B")

    def _swatches(self) -> QGridLayout:
        grid = QGridLayout()
        grid.setSpacing(3)
        self.code_group = QButtonGroup(self)
        self.code_buttons: dict[str, QToolButton] = {}
        rows = [(PLAIN, BLOCKED), LETTER_CODES[:5], LETTER_CODES[5:], WORD_CODES[:5], WORD_CODES[5:]]
        for r, codes in enumerate(rows):
            for c, code in enumerate(codes):
                button = QToolButton()
                button.setObjectName(f"square-{'at' if code == BLOCKED else code}")
                button.setCheckable(True)
                button.setIcon(QIcon(look.swatch(code, 30, self.devicePixelRatioF() or 1.0)))
                button.setIconSize(QSize(26, 26))
                button.setToolTip(look.square_name(code))
                button.setAccessibleName(f"Paint {look.square_name(code)} squares")
                button.setAutoRaise(True)
                button.clicked.connect(lambda _=False, k=code: self._code_clicked(k))
                self.code_group.addButton(button)
                self.code_buttons[code] = button
                grid.addWidget(button, r, c)
        return grid

    def _size_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.rows = QSpinBox()
        self.rows.setObjectName("board-rows")
        self.rows.setRange(1, MAX_ROWS)
        self.columns = QSpinBox()
        self.columns.setObjectName("board-columns")
        self.columns.setRange(1, MAX_COLUMNS)
        self.rows.setToolTip("Rows (the board stays centred when it grows or shrinks)")
        self.rows.setAccessibleName("Rows")
        self.columns.setAccessibleName("Columns")
        self.columns.setToolTip("Columns (the board stays centred when it grows or shrinks)")
        for spin in (self.rows, self.columns):
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(
                lambda _=0: self.size_changed.emit(self.rows.value(), self.columns.value()))
        row.addWidget(self.rows)
        row.addWidget(QLabel("\u00d7"))
        row.addWidget(self.columns)
        return row

    def _code_clicked(self, code: str) -> None:
        self.select_code(code)
        self.code_changed.emit(code)
        if self.tool_buttons[Tool.FIRST_MOVE].isChecked() or self.tool_buttons[Tool.LETTERS].isChecked():
            # Picking a square type means painting again.
            self.tool_buttons[Tool.BRUSH].setChecked(True)
            self.tool_changed.emit(Tool.BRUSH)

    def _tool_shown(self, tool: Tool) -> None:
        self.blanks.setVisible(tool is Tool.LETTERS)

    def select_code(self, code: str) -> None:
        """Show ``code`` as the square type being painted."""
        self.code_buttons[code].setChecked(True)
        self.code_label.setText(f"Painting: <b>{look.square_name(code)}</b>")

    def select_tool(self, tool: Tool) -> None:
        """Choose a tool as if its button were clicked."""
        self.tool_buttons[tool].setChecked(True)
        self.tool_changed.emit(tool)

    def show_size(self, rows: int, columns: int) -> None:
        """Show the board size without reporting a change."""
        for spin, value in ((self.rows, rows), (self.columns, columns)):
            with QSignalBlocker(spin):
                spin.setValue(value)
