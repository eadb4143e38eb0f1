"""Two small panels of the designer: the live checks, and the files the design is made of.

The checks panel lists each problem in plain words with an icon for its weight; clicking
one shows the part of the designer it is about.  The files panel shows the game file and
every file it Includes, which settings each one holds (on which line), and which files
have unsaved edits.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.ui import theme
from wordstudio.ui.designer.checks import Level, Problem
from wordstudio.ui.designer.document import DesignDocument
from wordstudio.ui.widgets.tables import ElidingDelegate


class ChecksPanel(QWidget):
    """The live checks: one line per problem, or a note that the game is ready."""

    problem_activated = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("checks-panel")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel()
        self.summary.setObjectName("checks-summary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        column.addWidget(self.summary)
        self.list = QListWidget()
        self.list.setObjectName("checks-list")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(False)
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        column.addWidget(self.list, 1)
        column.addStretch(0)
        self.problems: list[Problem] = []

    def show_problems(self, problems: list[Problem]) -> None:
        """Show these problems, errors first as given."""
        self.problems = list(problems)
        self.list.clear()
        style = self.style()
        icons = {
            Level.ERROR: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
            Level.WARNING: style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
        }
        for problem in problems:
            item = QListWidgetItem(icons[problem.level], problem.message)
            item.setData(Qt.ItemDataRole.UserRole, problem)
            if problem.path is not None:
                item.setToolTip(f"{problem.path}" + (f", line {problem.line}" if problem.line else ""))
            self.list.addItem(item)
        errors = sum(p.level is Level.ERROR for p in problems)
        warnings = len(problems) - errors
        if not problems:
            text = theme.span("\u2714 No problems: the game is ready to play.", "good")
        else:
            parts = []
            if errors:
                parts.append(theme.span(f"<b>{errors}</b> problem{'s' * (errors != 1)} to fix",
                                        "bad"))
            if warnings:
                parts.append(theme.span(f"<b>{warnings}</b> warning{'s' * (warnings != 1)}",
                                        "text"))
            text = " \u00b7 ".join(parts)
        self.summary.setText(text)
        self.list.setVisible(bool(problems))

    def messages(self) -> list[str]:
        """The messages shown, in order (for tests and screen readers)."""
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _activated(self, item: QListWidgetItem) -> None:
        self.problem_activated.emit(item.data(Qt.ItemDataRole.UserRole))


def _summary(value_text: str) -> str:
    """A setting's value on one short line."""
    lines = [line.strip() for line in value_text.splitlines() if line.strip()]
    if len(lines) > 2 and lines[0] == "{":
        return f"{{ {len(lines) - 2} rows }}"
    text = " ".join(lines)
    return text if len(text) <= 48 else text[:47] + "\u2026"


class FilesPanel(QTreeWidget):
    """The design's files and the settings each one holds."""

    element_activated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("files-panel")
        self.setColumnCount(3)
        self.setHeaderLabels(["Setting", "Value", "Line"])
        self.setRootIsDecorated(True)
        self.setUniformRowHeights(True)
        header = self.header()
        header.setStretchLastSection(False)  # the value column takes the room, not the line
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.setItemDelegate(ElidingDelegate(self))  # a cut name or value: "...", tooltip
        self.itemActivated.connect(self._activated)

    def show_document(self, document: DesignDocument) -> None:
        """Show the document's files and settings, keeping what was expanded."""
        items = [self.topLevelItem(i) for i in range(self.topLevelItemCount())]
        expanded = {item.text(0) for item in items if item is not None and item.isExpanded()}
        first_time = self.topLevelItemCount() == 0
        self.clear()
        modified = {_key(p) for p in document.modified_files()}
        settings = document.settings()
        bold = QFont()
        bold.setBold(True)
        for index, path in enumerate(document.files):
            name = path.name if path is not None else "(new file)"
            role = "game file" if index == 0 else "included"
            item = QTreeWidgetItem([name, role, ""])
            item.setFont(0, bold)
            item.setToolTip(0, str(path) if path else "Not saved yet")
            if _key(path) in modified:
                item.setText(1, f"{role} \u00b7 edited, not saved")
                item.setForeground(1, Qt.GlobalColor.darkRed)
            for setting in settings:
                if _key(setting.path) == _key(path):
                    child = QTreeWidgetItem([setting.name, _summary(setting.value_text),
                                             str(setting.line)])
                    child.setData(0, Qt.ItemDataRole.UserRole, setting.name)
                    child.setToolTip(1, setting.value_text)
                    item.addChild(child)
            self.addTopLevelItem(item)
            item.setExpanded(first_time or name in expanded)

    def _activated(self, item: QTreeWidgetItem) -> None:
        name = item.data(0, Qt.ItemDataRole.UserRole)
        if name:
            self.element_activated.emit(name)


def _key(path: Path | None) -> Path | None:
    return path.resolve() if path is not None else None
