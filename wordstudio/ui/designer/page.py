"""The designer page: the board with its tool palette, and the tiles, rules, files and
checks beside it.

The :class:`DesignDocument` is the one truth.  Every edit is an :class:`EditCommand`
pushed on the page's QUndoStack; after any change (an edit, undo, redo, opening a
file) :meth:`DesignerPage.document_changed` shows the document again in every panel
and runs the checks.  Opening, saving and playing are in :mod:`.filing`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QAction, QFont, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.config.elements import PER_LETTER_TABLES
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.config.values import EMPTY_SQUARE
from wordstudio.crossword.gameconfig import PLAIN, FirstMoveDir
from wordstudio.errors import UserError
from wordstudio.paths import boards_dir
from wordstudio.ui import theme
from wordstudio.ui.context import AppContext
from wordstudio.ui.designer import ask, boardedit, filing
from wordstudio.ui.designer.boardtools import BoardTools
from wordstudio.ui.designer.checks import Area, Problem, check_design
from wordstudio.ui.designer.commands import Change, EditCommand
from wordstudio.ui.designer.document import DesignDocument, DesignValues, source_label
from wordstudio.ui.designer.host import DesignHost
from wordstudio.ui.designer.leaves import train_leaves
from wordstudio.ui.designer.painter import BoardPainter, Tool
from wordstudio.ui.designer.panels import ChecksPanel, FilesPanel
from wordstudio.ui.designer.rules import RulesPanel
from wordstudio.ui.designer.tiles import TILES, TilePanel, tile_changes


def shipped_tilesets() -> list[tuple[str, Path]]:
    """(menu title, file) for every shipped file that sets the letter tables."""
    found = []
    folder = boards_dir()
    candidates = sorted(folder.glob("*.def")) + sorted((folder / "tilesets").glob("*.def"))
    for path in candidates:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if "letterfrequencies" in text.lower():
            first = text.splitlines()[0].lstrip("# ") if text else path.name
            title = first.split("--", 1)[-1].strip() or path.name
            found.append((f"{path.name} \u2014 {title}", path))
    return found


class DesignerPage(DesignHost):
    """Board, tile-set and rules designer for WordsWorth-style configurations.

    ``play_requested(Path)`` is emitted by "Play this design" with a configuration file
    that holds the design (the design's own file when it is saved, else a copy); the
    main window starts a crossword game with it.
    """


    def __init__(self, context: AppContext, document: DesignDocument,
                 parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.setObjectName("designer-page")
        self._document = document
        self.values: DesignValues | None = None
        self.problems: list[Problem] = []
        self.undo_stack = QUndoStack(self)
        self._build()
        self._build_actions()
        self.document_changed()
        # Light or dark: every panel's text is written again in the new look's colours.
        theme.manager().changed.connect(self._look_changed)

    # --- the document -----------------------------------------------------------------------

    @property
    def document(self) -> DesignDocument:
        """The design being edited (replaced when another is opened)."""
        return self._document

    def replace_document(self, document: DesignDocument, keep_history: bool = False) -> None:
        """Show another document (opened, or the same design saved elsewhere)."""
        old, self._document = self._document, document
        if old is not document and old.scratch is not None and old.scratch != document.scratch:
            old.discard_scratch()
        if not keep_history:
            self.undo_stack.clear()
        self.document_changed()

    def _look_changed(self, _name: str) -> None:
        self.document_changed()
        self.painter.update()

    def document_changed(self) -> None:
        """Show the document in every panel and check it (after any change)."""
        document = self._document
        values = self.values = document.design_values()
        self.painter.set_board(
            values["BoardPositionScore"], values["StartingBoard"],
            (values["FirstMoveRow"], values["FirstMoveCol"]),
            FirstMoveDir(int(values["FirstMoveDir"])))
        self.tools.show_size(values.rows, values.columns)
        self.board_source.setText(
            f"<span style='color:{theme.colours().muted}'>{values.rows} \u00d7 {values.columns} board \u00b7 "
            f"{source_label(document, 'BoardPositionScore')}</span>")
        self.tiles.show_values(values, source_label(document, TILES))
        self.rules.show_values(values, document)
        self.files.show_document(document)
        with QSignalBlocker(self.title_edit):
            self.title_edit.setText(str(values["Title"]))
        self.problems = check_design(document, values)
        self.checks.show_problems(self.problems)
        self.file_label.setText(self._file_text())
        self.save_as_action.setEnabled(True)
        self.title_changed.emit(self.title())

    def _file_text(self) -> str:
        document = self._document
        if document.is_untitled:
            assert document.template is not None
            name = f"New design from {document.template.name}"
        else:
            name = document.path.name if document.path else "New design"
        parts = len(document.files) - 1
        detail = f" \u00b7 includes {parts} file{'s' * (parts != 1)}" if parts else ""
        edited = " \u00b7 <b>edited</b>" if document.is_modified else ""
        return theme.span(f"{name}{detail}{edited}", "muted")

    def apply(self, changes: list[Change], text: str, merge_key: str = "") -> bool:
        """Make an edit as one undo step; False (and a message) when it cannot be made."""
        command = EditCommand(self, changes, text, merge_key or None)
        self.undo_stack.push(command)
        if command.error is not None:
            self.status.emit(f"Not changed: {command.error.message}")
            self.document_changed()
            return False
        return True

    # --- GamePage ---------------------------------------------------------------------------

    def help_html(self) -> str:
        from wordstudio.ui.help import DESIGNER

        return DESIGNER

    def title(self) -> str:
        document = self._document
        if document.is_untitled or document.path is None:
            name = "New design"
        else:
            name = document.path.name
        star = "*" if document.is_modified else ""
        return f"{star}{name} \u2014 Board designer \u2014 WordStudio"

    def page_menus(self) -> list[QMenu]:
        return [self.design_menu, self.edit_menu]

    def toolbar_actions(self) -> list[QAction]:
        # "Play this design" has its own big button in the page's header.
        return [self.new_action, self.wizard_action, self.undo_action, self.redo_action]

    def can_save(self) -> bool:
        return True

    def save(self) -> bool:
        return filing.save(self)

    def maybe_close(self) -> bool:
        return filing.maybe_close(self)

    def shutdown(self) -> None:
        self._document.discard_scratch()

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(10, 8, 10, 8)
        outer.setSpacing(6)
        outer.addLayout(self._header())
        split = QSplitter(Qt.Orientation.Horizontal)
        split.setObjectName("designer-split")
        split.setChildrenCollapsible(False)
        self.tools = BoardTools()
        tools_scroll = QScrollArea()
        tools_scroll.setAccessibleName("Painting tools")
        tools_scroll.setWidget(self.tools)
        tools_scroll.setWidgetResizable(True)
        tools_scroll.setFrameShape(QFrame.Shape.NoFrame)
        tools_scroll.setMinimumWidth(self.tools.sizeHint().width() + 12)
        split.addWidget(tools_scroll)
        split.addWidget(self._board_column())
        split.addWidget(self._side_column())
        # The board takes most of the width the window gives (its digits grow with it);
        # the side column keeps what its table needs.
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 4)
        split.setStretchFactor(2, 1)
        split.setSizes([200, 720, 380])
        outer.addWidget(split, 1)
        self._connect()

    def _header(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.title_edit = QLineEdit()
        self.title_edit.setObjectName("design-title")
        self.title_edit.setAccessibleName("Title of the game")
        self.title_edit.setPlaceholderText("Name of the game")
        self.title_edit.setToolTip("The game's name (Title)")
        font = QFont(self.title_edit.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.title_edit.setFont(font)
        self.title_edit.setFrame(False)
        self.title_edit.setStyleSheet("background: transparent;")
        self.title_edit.editingFinished.connect(self._title_edited)
        self.file_label = QLabel()
        self.file_label.setObjectName("design-file")
        self.play_button = QPushButton("\u25b6  Play this design")
        self.play_button.setObjectName("play-design")
        self.play_button.setStyleSheet(
            "QPushButton { background: #1971c2; color: white; font-weight: 600; "
            "padding: 6px 16px; border-radius: 5px; border: none; }"
            "QPushButton:hover { background: #1864ab; }"
            "QPushButton:disabled { background: #a5b4c3; }")
        row.addWidget(self.title_edit, 2)
        row.addWidget(self.file_label, 1)
        row.addWidget(self.play_button)
        return row

    def _board_column(self) -> QWidget:
        widget = QWidget()
        column = QVBoxLayout(widget)
        column.setContentsMargins(0, 0, 0, 0)
        self.board_source = QLabel()
        self.board_source.setObjectName("board-source")
        column.addWidget(self.board_source)
        self.painter = BoardPainter()
        column.addWidget(self.painter, 1)
        self.hover_label = QLabel(" ")
        self.hover_label.setObjectName("board-hover")
        theme.styled(self.hover_label, "color: {muted};")
        column.addWidget(self.hover_label)
        return widget

    def _side_column(self) -> QWidget:
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("designer-tabs")
        self.tabs.setAccessibleName("Tiles, rules and files")
        self.tiles = TilePanel(shipped_tilesets())
        self.rules = RulesPanel()
        self.files = FilesPanel()
        self.tabs.addTab(self.tiles, "Tiles")
        self.tabs.addTab(self.rules, "Rules")
        self.tabs.addTab(self.files, "Files")
        checks_box = QWidget()
        checks_column = QVBoxLayout(checks_box)
        checks_column.setContentsMargins(0, 4, 0, 0)
        heading = QLabel("<b>Checks</b>")
        checks_column.addWidget(heading)
        self.checks = ChecksPanel()
        checks_column.addWidget(self.checks, 1)
        split.addWidget(self.tabs)
        split.addWidget(checks_box)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setSizes([560, 150])
        return split

    def _build_actions(self) -> None:
        # Fixed names keep the toolbar steady; the tooltip says what would be undone.
        stack = self.undo_stack
        self.undo_action = QAction("Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(stack.undo)
        stack.canUndoChanged.connect(self.undo_action.setEnabled)
        stack.undoTextChanged.connect(lambda text: self.undo_action.setToolTip(f"Undo {text}"))
        self.redo_action = QAction("Redo", self)
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(stack.redo)
        stack.canRedoChanged.connect(self.redo_action.setEnabled)
        stack.redoTextChanged.connect(lambda text: self.redo_action.setToolTip(f"Redo {text}"))
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.new_action = QAction("New from template\u2026", self)
        self.new_action.triggered.connect(lambda: filing.new_from_template(self))
        self.wizard_action = QAction("Setup wizard\u2026", self)
        self.wizard_action.setToolTip("Answer a few questions and get a new game (like SETUP)")
        self.wizard_action.triggered.connect(lambda: filing.run_wizard(self))
        self.setup_action = QAction("Run a SETUP script\u2026", self)
        self.setup_action.setToolTip("Answer a WordsWorth SETUP script's questions and get the "
                                     "game its answers describe")
        self.setup_action.triggered.connect(lambda: filing.run_setup_script(self))
        self.open_action = QAction("Open design\u2026", self)
        self.open_action.triggered.connect(lambda: filing.open_design(self))
        self.save_as_action = QAction("Save design as\u2026", self)
        self.save_as_action.setShortcut(QKeySequence.StandardKey.SaveAs)
        self.save_as_action.triggered.connect(lambda: filing.save_as(self))
        self.play_action = QAction("\u25b6 Play this design", self)
        self.play_action.triggered.connect(lambda: filing.play(self))
        self.play_button.clicked.connect(self.play_action.trigger)
        self.train_action = QAction("Train leaves for this design\u2026", self)
        self.train_action.setToolTip("Learn by self-play what kept tiles are worth in this "
                                     "game; its computer players then use it")
        self.train_action.triggered.connect(lambda: train_leaves(self))
        self.design_menu = QMenu("&Design", self)
        for action in (self.new_action, self.wizard_action, self.setup_action, self.open_action, None,
                       self.save_as_action, None, self.play_action, self.train_action):
            if action is None:
                self.design_menu.addSeparator()
            else:
                self.design_menu.addAction(action)
        self.edit_menu = QMenu("&Edit", self)
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        for action in (self.undo_action, self.redo_action, self.save_as_action):
            self.addAction(action)

    def _connect(self) -> None:
        tools, painter = self.tools, self.painter
        tools.tool_changed.connect(self._tool_changed)
        tools.code_changed.connect(lambda code: setattr(painter, "code", code))
        tools.symmetry_changed.connect(self._symmetry_changed)
        tools.blanks_toggled.connect(lambda on: setattr(painter, "type_blanks", on))
        tools.size_changed.connect(self.resize_board)
        tools.clear_requested.connect(self.clear_board)
        tools.clear_letters_requested.connect(lambda: self.set_letters(()))
        painter.layout_painted.connect(
            lambda layout: self.apply([Change("BoardPositionScore", layout)], "Paint the board"))
        painter.letters_typed.connect(self.set_letters)
        painter.first_move_picked.connect(self.set_first_move)
        painter.hovered.connect(lambda text: self.hover_label.setText(text or " "))
        self.tiles.tables_edited.connect(self.edit_tables)
        self.tiles.add_letter_requested.connect(self.add_letter)
        self.tiles.remove_letter_requested.connect(self.remove_letter)
        self.tiles.derive_requested.connect(self._derive)
        self.tiles.tileset_chosen.connect(self.copy_tileset)
        self.rules.edited.connect(self._rule_edited)
        self.checks.problem_activated.connect(self.show_problem)
        self.files.element_activated.connect(self.show_element)

    # --- board edits ------------------------------------------------------------------------

    def _tool_changed(self, tool: Tool) -> None:
        self.painter.tool = tool
        if tool is Tool.LETTERS:
            self.painter.setFocus()
        self.painter.update()

    def _symmetry_changed(self, symmetry: boardedit.Symmetry) -> None:
        self.painter.symmetry = symmetry
        self.painter.update()

    def resize_board(self, rows: int, columns: int) -> None:
        """A new board size; the board stays centred and the first move moves with it."""
        values = self._values()
        old_rows, old_columns = values.rows, values.columns
        if (rows, columns) == (old_rows, old_columns):
            return
        changes = [Change("Rows", rows), Change("Columns", columns),
                   Change("BoardPositionScore",
                          boardedit.resize(values["BoardPositionScore"], rows, columns, PLAIN))]
        letters = values["StartingBoard"]
        if letters:
            changes.append(Change("StartingBoard",
                                  boardedit.resize(letters, rows, columns, EMPTY_SQUARE)))
        for name, old, new in (("FirstMoveRow", old_rows, rows),
                               ("FirstMoveCol", old_columns, columns)):
            if self._document.is_set(name):
                changes.append(Change(name, boardedit.moved_index(values[name], old, new)))
        self.apply(changes, f"Make the board {rows} \u00d7 {columns}", merge_key="board-size")

    def clear_board(self) -> None:
        """Make every square plain; the size stays."""
        values = self._values()
        plain = tuple(PLAIN * values.columns for _ in range(values.rows))
        self.apply([Change("BoardPositionScore", plain)], "Clear the board")

    def set_letters(self, letters: tuple[str, ...]) -> None:
        """New letters printed on the board (``()``: none)."""
        if not letters and not self._document.is_set("StartingBoard"):
            return
        self.apply([Change("StartingBoard", tuple(letters))], "Letters on the board")

    def set_first_move(self, row: int, col: int) -> None:
        """Where the first move must go: a square, a row or column (the other 0), or
        anywhere (both 0)."""
        if row and col:
            what = f"row {row}, column {col}"
        else:
            what = f"row {row}" if row else f"column {col}" if col else "anywhere"
        self.apply([Change("FirstMoveRow", row), Change("FirstMoveCol", col)],
                   f"First move: {what}")

    # --- tile edits -------------------------------------------------------------------------

    def _values(self) -> DesignValues:
        assert self.values is not None  # set by document_changed() in __init__
        return self.values

    def _table_texts(self) -> dict[str, str | None]:
        return {name: self._document.value_text(name) for name in PER_LETTER_TABLES}

    def edit_tables(self, tables: dict[str, tuple[int, ...]],
                    alphabet: tuple[str, ...] | None = None, text: str = "Edit the tiles") -> bool:
        """New letter tables (each with the blank's value last), and an alphabet when it changes."""
        changes = tile_changes(self._values(), self._table_texts(), tables, alphabet)
        return self.apply(changes, text)

    def add_letter(self, row: int, letter: str | None = None) -> bool:
        """Add a letter before table row ``row`` (asking for it unless given)."""
        values = self._values()
        if letter is None:
            letter = ask.letter(self, values.alphabet)
            if letter is None:
                return False
        alphabet = list(values.alphabet)
        alphabet.insert(row, letter)
        new = {"LetterFrequencies": 1, "LetterScores": 1, "LetterWeights": 0}
        tables = {}
        for name in PER_LETTER_TABLES:
            table = list(values[name])
            table.insert(row, new[name])
            tables[name] = tuple(table)
        return self.edit_tables(tables, tuple(alphabet), f"Add the letter {letter}")

    def remove_letter(self, row: int) -> bool:
        """Remove the letter of table row ``row`` and its values."""
        values = self._values()
        if len(values.alphabet) <= 1:
            return False
        alphabet = list(values.alphabet)
        letter = alphabet.pop(row)
        tables = {name: tuple(v for i, v in enumerate(values[name]) if i != row)
                  for name in PER_LETTER_TABLES}
        return self.edit_tables(tables, tuple(alphabet), f"Remove the letter {letter}")

    def copy_tileset(self, path: Path) -> bool:
        """Give the design the tiles of another configuration file."""
        try:
            tiles = load_config(path).tiles
        except (UserError, OSError) as exc:
            ask.warn(self, "Board designer", f"That tile set cannot be read:\n{exc}")
            return False
        tables = {
            "LetterFrequencies": (*tiles.frequencies, tiles.blank_count),
            "LetterScores": (*tiles.scores, tiles.blank_score),
            "LetterWeights": (*tiles.weights, tiles.blank_weight),
        }
        return self.edit_tables(tables, tiles.alphabet, f"Copy the tiles of {Path(path).name}")

    def _derive(self) -> None:
        from wordstudio.ui.designer.derive import DeriveDialog

        values = self._values()
        dialog = DeriveDialog(values.alphabet, tuple(values["LetterWeights"]),
                              self.context.settings, self)
        if dialog.exec() and dialog.result_tiles is not None:
            tiles = dialog.result_tiles
            self.edit_tables({
                "LetterFrequencies": (*tiles.frequencies, tiles.blank_count),
                "LetterScores": (*tiles.scores, tiles.blank_score),
                "LetterWeights": (*tiles.weights, tiles.blank_weight),
            }, text="Derive the tiles from a text")

    # --- rules ------------------------------------------------------------------------------

    def _rule_edited(self, name: str, value: Any, merge_key: str) -> None:
        label = self.rules.fields[name].label or name
        self.apply([Change(name, value)], f"Change \u201c{label.strip()}\u201d", merge_key)

    def _title_edited(self) -> None:
        text = self.title_edit.text().strip()
        if text != str(self._values()["Title"]):
            self.apply([Change("Title", text)], "Rename the game")

    # --- going to a problem -----------------------------------------------------------------

    def show_problem(self, problem: Problem) -> None:
        """Show the part of the designer a check is about."""
        if problem.area is Area.TILES:
            self.tabs.setCurrentWidget(self.tiles)
        elif problem.area is Area.RULES and problem.element:
            self.show_element(problem.element)
        elif problem.area is Area.FILE:
            self.tabs.setCurrentWidget(self.files)
        else:
            self.painter.setFocus()

    def show_element(self, name: str) -> None:
        """Show where element ``name`` is edited."""
        if name in PER_LETTER_TABLES or name == "Alphabet":
            self.tabs.setCurrentWidget(self.tiles)
        elif name in self.rules.fields:
            self.tabs.setCurrentWidget(self.rules)
            self.rules.focus_element(name)
        else:
            self.painter.setFocus()

