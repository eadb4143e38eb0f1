"""WordsWorth's Consult: list the words a pattern matches, as they are found.

The pattern language is WordsWorth's (seed 001, 4.1): letters, ``?`` or ``_`` for a
blank, ``[A-C]`` sets, ``[!AEIOU]`` negated sets, ``*`` before a tile that must be used.
Ordered or anagram, all tiles or some.  The search runs in the background (a worker
process); words arrive in batches and are listed at once; Stop ends it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.errors import UserError
from wordstudio.lexicon.pattern import MAX_PATTERN_LENGTH, parse_pattern
from wordstudio.ui import theme
from wordstudio.ui.crossword.meaningtips import install_item_tips
from wordstudio.ui.crossword.work import ConsultResult, consult
from wordstudio.ui.dialogs.base import RememberingDialog
from wordstudio.ui.workers import Job

EXAMPLES = ("<b>?</b> or <b>_</b> any letter \u00b7 <b>[AEIOU]</b> one of \u00b7 <b>[!AEIOU]</b> "
            "none of \u00b7 <b>[A-M]</b> a range \u00b7 <b>*X</b> X must be used")


class ConsultDialog(RememberingDialog):
    """Pattern, ordered/anagram, all/some; results listed as they are found; cancellable."""

    def __init__(self, runner: Any, lexicon: str, settings: Any = None, rack: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__("crossword-consult", settings, parent)
        self.runner = runner
        self.lexicon = lexicon
        self.job: Job | None = None
        self.found = 0
        self.setWindowTitle("Consult the dictionary")
        layout = QVBoxLayout(self)
        grid = QGridLayout()
        self.pattern = QLineEdit(rack)
        self.pattern.setObjectName("consult-pattern")
        self.pattern.setMaxLength(MAX_PATTERN_LENGTH)
        self.pattern.setPlaceholderText("e.g. DIVIDE_ or ???*X")
        self.anagram = QRadioButton("Anagrams (any order)")
        self.anagram.setObjectName("consult-anagram")
        self.ordered = QRadioButton("In the order given")
        self.ordered.setObjectName("consult-ordered")
        self.use_all = QRadioButton("All the tiles")
        self.use_all.setObjectName("consult-all")
        self.use_some = QRadioButton("Some of the tiles")
        self.use_some.setObjectName("consult-some")
        for a, b in ((self.anagram, self.ordered), (self.use_all, self.use_some)):
            group = QButtonGroup(self)
            group.addButton(a)
            group.addButton(b)
        self.anagram.setChecked(True)
        self.use_some.setChecked(True)
        grid.addWidget(QLabel("Pattern"), 0, 0)
        grid.addWidget(self.pattern, 0, 1, 1, 2)
        grid.addWidget(self.anagram, 1, 1)
        grid.addWidget(self.ordered, 1, 2)
        grid.addWidget(self.use_all, 2, 1)
        grid.addWidget(self.use_some, 2, 2)
        layout.addLayout(grid)
        examples = QLabel(EXAMPLES)
        examples.setWordWrap(True)
        theme.styled(examples, "color: {muted};")
        layout.addWidget(examples)
        self.results = QListWidget()
        self.results.setObjectName("consult-results")
        self.results.setFlow(QListWidget.Flow.LeftToRight)
        self.results.setWrapping(True)
        self.results.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.results.setSpacing(2)
        self.results.setMinimumSize(460, 260)
        #: The widest word listed so far, in pixels: every cell is that wide.
        self._widest = 0
        install_item_tips(self.results, lambda row: [self.results.item(row).text()])
        layout.addWidget(self.results, 1)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(6)
        self.progress.hide()
        self.status = QLabel("Type a pattern and press Search.")
        self.status.setObjectName("consult-status")
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        buttons = QDialogButtonBox()
        self.search_button = QPushButton("Search")
        self.search_button.setObjectName("consult-search")
        self.search_button.setDefault(True)
        self.stop_button = QPushButton("Stop")
        self.stop_button.setObjectName("consult-stop")
        self.stop_button.setEnabled(False)
        buttons.addButton(self.search_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.stop_button, QDialogButtonBox.ButtonRole.ActionRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.search_button.clicked.connect(self.search)
        self.stop_button.clicked.connect(self.stop)
        self.pattern.returnPressed.connect(self.search)

    # --- searching -----------------------------------------------------------------------
    def search(self) -> None:
        text = self.pattern.text().strip()
        self.stop()
        try:
            parse_pattern(text)
        except UserError as exc:
            self.status.setText(theme.span(str(exc), "bad"))
            return
        self._clear()
        self.found = 0
        self.status.setText("Searching\u2026")
        self.progress.show()
        self.search_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.job = self.runner.run(
            consult, self.lexicon, text, self.anagram.isChecked(), self.use_all.isChecked(),
            wants_control=True, on_success=self._finished, on_failure=self._failed,
            on_progress=self._batch)

    def _batch(self, fraction: float, message: str) -> None:
        words = [w for w in message.split("\n") if w]
        if words:
            self._list(words)
            self.found += len(words)
            self.status.setText(f"Searching\u2026 {self.found:,} found so far")

    def _finished(self, result: ConsultResult) -> None:
        if self.results.count() != result.total:
            self._clear()
            self._list(list(result.words))
        self.found = result.total
        self._idle()
        if result.stopped:
            self.status.setText(f"Stopped: {self.found:,} words found")
        elif self.found:
            self.status.setText(f"{self.found:,} word{'s' if self.found != 1 else ''} found")
        else:
            self.status.setText("No word matches that pattern.")

    def _failed(self, error: BaseException) -> None:
        self._idle()
        self.status.setText(theme.span(str(error), "bad"))

    def stop(self) -> None:
        """Cancel the search in progress; the words found so far stay listed."""
        if self.job is not None and not self.job.done:
            self.job.cancel()
            self.status.setText(f"Stopped: {self.found:,} words found")
        self._idle()

    def _idle(self) -> None:
        self.job = None
        self.progress.hide()
        self.search_button.setEnabled(True)
        self.stop_button.setEnabled(False)

    def _clear(self) -> None:
        self.results.clear()
        self._widest = 0

    def _list(self, words: list[str]) -> None:
        """Add ``words``; the columns grow to the widest word yet (a list whose cells
        all took the first word's size cut every word longer than it to "...")."""
        metrics = self.results.fontMetrics()
        widest = max(metrics.horizontalAdvance(word) for word in words)
        if widest > self._widest:
            self._widest = widest
            self.results.setGridSize(QSize(widest + 16, metrics.height() + 8))
        self.results.addItems(words)

    def words(self) -> list[str]:
        return [self.results.item(i).text() for i in range(self.results.count())]

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        # Esc stops a search first (as in WordsWorth); a second Esc closes the window.
        if event.key() == Qt.Key.Key_Escape and self.job is not None:
            self.stop()
            return
        super().keyPressEvent(event)

    def done(self, result: int) -> None:
        self.stop()
        super().done(result)
