"""File > Word Lists: the player's personal and topic lists, and any word-list file.

A personal list is a shipped list with the player's own words added or taken away; a
topic list holds only its own words, for a WORDwhami game "limited to the terminology of a
specific subject or topic" (:mod:`wordstudio.lexicon.personal`).  Every game's word-list
choice offers them.  "Open a word-list file" reads any plain text list and says what it
holds and which lines are not words; it can become a topic list.

Reading the big shipped lists is not needed here: only the small personal files are read
and written, so the dialog never waits on the engine.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.errors import UserError
from wordstudio.lexicon.catalog import DEFAULT_LEXICON, shipped_lexicons
from wordstudio.lexicon.personal import (
    PersonalList,
    change_personal,
    create_personal,
    personal_dir,
    personal_lists,
)
from wordstudio.lexicon.wordlist import WordList, load_word_list
from wordstudio.ui.contexthelp import ContextHelpKeys


class WordListsDialog(ContextHelpKeys, QDialog):
    """Make, look at and change personal and topic word lists."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("word-lists")
        self.setWindowTitle("Word lists")
        self.lists: list[PersonalList] = []
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        self.names = QListWidget()
        self.names.setObjectName("personal-lists")
        self.names.setToolTip("Your personal and topic lists; choose one in any game's "
                              "word-list choice")
        left.addWidget(QLabel(f"Your lists (in {personal_dir()}):"))
        left.addWidget(self.names, 1)
        self.new_personal = QPushButton("New personal list\u2026")
        self.new_topic = QPushButton("New topic list\u2026")
        self.open_file = QPushButton("Open a word-list file\u2026")
        for button in (self.new_personal, self.new_topic, self.open_file):
            left.addWidget(button)
        layout.addLayout(left, 1)
        right = QVBoxLayout()
        self.summary = QLabel()
        self.summary.setObjectName("word-list-summary")
        self.summary.setWordWrap(True)
        self.words = QListWidget()
        self.words.setObjectName("word-list-changes")
        form = QFormLayout()
        self.word = QLineEdit()
        self.word.setObjectName("word-to-change")
        self.word.setToolTip("A word of two or more letters A-Z")
        form.addRow("Word:", self.word)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add")
        self.add_button.setObjectName("add-word")
        self.remove_button = QPushButton("Take away")
        self.remove_button.setObjectName("remove-word")
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        self.error = QLabel()
        self.error.setObjectName("word-lists-error")
        self.error.setStyleSheet("color: #c92a2a;")
        self.error.setWordWrap(True)
        right.addWidget(self.summary)
        right.addWidget(self.words, 1)
        right.addLayout(form)
        right.addLayout(buttons)
        right.addWidget(self.error)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        right.addWidget(close)
        layout.addLayout(right, 2)
        self.names.currentRowChanged.connect(lambda _row: self._show())
        self.new_personal.clicked.connect(self._ask_new_personal)
        self.new_topic.clicked.connect(self._ask_new_topic)
        self.open_file.clicked.connect(self._ask_open_file)
        self.add_button.clicked.connect(lambda: self.change(add=True))
        self.remove_button.clicked.connect(lambda: self.change(add=False))
        self.word.returnPressed.connect(lambda: self.change(add=True))
        self.resize(720, 460)
        self.reload()

    # --- the lists ---------------------------------------------------------------------------
    def reload(self, select: str | None = None) -> None:
        self.lists = personal_lists()
        self.names.blockSignals(True)
        self.names.clear()
        for personal in self.lists:
            self.names.addItem(personal.name)
        self.names.blockSignals(False)
        names = [p.name for p in self.lists]
        self.names.setCurrentRow(names.index(select) if select in names else 0 if names else -1)
        self._show()

    def current(self) -> PersonalList | None:
        row = self.names.currentRow()
        return self.lists[row] if 0 <= row < len(self.lists) else None

    def _show(self) -> None:
        personal = self.current()
        self.words.clear()
        enabled = personal is not None
        for widget in (self.word, self.add_button, self.remove_button):
            widget.setEnabled(enabled)
        if personal is None:
            self.summary.setText("No lists yet: make a personal list (a shipped list with your "
                                 "own words) or a topic list (only its own words).")
            return
        text = f"<b>{personal.name}</b>: {personal.describe()}"
        if personal.rejected:
            text += f"<br>{personal.rejected.describe()}"
        self.summary.setText(text)
        self.words.addItems([f"+ {w}" for w in sorted(personal.added)])
        self.words.addItems([f"\u2212 {w}" for w in sorted(personal.removed)])

    def change(self, add: bool) -> None:
        personal = self.current()
        word = self.word.text().strip()
        if personal is None or not word:
            return
        try:
            if add:
                change_personal(personal.name, add=[word])
            else:
                change_personal(personal.name, remove=[word])
        except UserError as exc:
            self.error.setText(str(exc))
            return
        self.error.clear()
        self.word.clear()
        self.reload(personal.name)

    # --- new lists ---------------------------------------------------------------------------
    def make_list(self, name: str, base: str | None, topic: str = "",
                  words: tuple[str, ...] = ()) -> bool:
        try:
            create_personal(name, base, topic=topic, words=words)
        except UserError as exc:
            self.error.setText(str(exc))
            return False
        self.error.clear()
        self.reload(name.strip())
        return True

    def _ask_new_personal(self) -> None:
        name, ok = QInputDialog.getText(self, "New personal list", "Name of the list:")
        if not ok or not name.strip():
            return
        labels = [lexicon.label for lexicon in shipped_lexicons()]
        idents = [lexicon.ident for lexicon in shipped_lexicons()]
        default = idents.index(DEFAULT_LEXICON) if DEFAULT_LEXICON in idents else 0
        label, ok = QInputDialog.getItem(self, "New personal list", "It changes the list:",
                                         labels, default, False)
        if ok:
            self.make_list(name, idents[labels.index(label)])

    def _ask_new_topic(self) -> None:
        name, ok = QInputDialog.getText(self, "New topic list", "Name of the list:")
        if not ok or not name.strip():
            return
        topic, _ = QInputDialog.getText(self, "New topic list", "Its subject (optional):")
        self.make_list(name, None, topic)

    def _ask_open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Word list", str(Path.home()),
                                              "Word lists (*.txt *.lst *.dic);;All files (*)")
        if path:
            self.open_word_file(path)

    def open_word_file(self, path: str) -> WordList | None:
        """Read a plain list, say what it holds and which lines are not words, and offer to
        keep it as a topic list."""
        try:
            words = load_word_list(path)
        except UserError as exc:
            self.error.setText(str(exc))
            return None
        report = ReportDialog(words, self)
        if report.exec() == QDialog.DialogCode.Accepted and report.name.text().strip():
            self.make_list(report.name.text(), None, report.topic.text(), words.words)
        return words


class ReportDialog(ContextHelpKeys, QDialog):
    """What a word-list file holds, and (optionally) a name to keep it as a topic list."""

    def __init__(self, words: WordList, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("word-file-report")
        self.setWindowTitle("Word-list file")
        layout = QVBoxLayout(self)
        lengths = sorted({len(w) for w in words})
        self.report = QLabel(
            f"<b>{Path(words.source or words.name).name}</b>: {len(words):,} words of "
            f"{lengths[0]}-{lengths[-1]} letters.<br>{words.rejected.describe().capitalize()}.")
        self.report.setObjectName("word-file-report-text")
        self.report.setWordWrap(True)
        self.report.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.report)
        form = QFormLayout()
        self.name = QLineEdit(Path(words.source or words.name).stem)
        self.name.setObjectName("report-list-name")
        self.topic = QLineEdit()
        self.topic.setObjectName("report-list-about")
        form.addRow("Keep it as the topic list:", self.name)
        form.addRow("About:", self.topic)
        layout.addLayout(form)
        buttons = QDialogButtonBox()
        keep = buttons.addButton("Keep as a topic list", QDialogButtonBox.ButtonRole.AcceptRole)
        keep.setObjectName("keep-topic-list")
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

