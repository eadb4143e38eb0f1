"""The "derive a tile set from a text" dialog.

The person picks a text file (or pastes text), says how many tiles and blanks and the
highest score, and sees the tile set before using it.  The method is
:mod:`wordstudio.crossword.config.tilederive`'s: counts in proportion to how often each letter
is used, scores ``round(sqrt(p_max / p))`` rising with rarity.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.config.tilederive import count_letters, derive_tileset
from wordstudio.crossword.gameconfig import TileSet
from wordstudio.filecheck import read_limited
from wordstudio.ui import theme
from wordstudio.ui.designer import ask
from wordstudio.ui.dialogs.base import RememberingDialog

#: The largest text counted for letter frequencies (a long book is a few MB).
MAX_TEXT_BYTES = 50_000_000


class DeriveDialog(RememberingDialog):
    """Derive a tile set for ``alphabet``; :attr:`result_tiles` holds it after OK."""

    def __init__(self, alphabet: tuple[str, ...], weights: tuple[int, ...], settings: Any,
                 parent: QWidget | None = None) -> None:
        super().__init__("designer-derive", settings, parent)
        self.setWindowTitle("Derive a tile set from a text")
        self.alphabet = alphabet
        self.weights = weights
        self.result_tiles: TileSet | None = None
        self._text = ""
        self._counts: tuple[int, ...] | None = None
        self._counted_key: tuple[str, bool] | None = None
        layout = QVBoxLayout(self)
        intro = QLabel(
            "The letters a text uses most get the most tiles and the lowest scores, as "
            "WordsWorth's tile sets from <i>Alice in Wonderland</i> and the Bible were made."
            "<br>Counts are in proportion to each letter's share; a score is "
            "round(&radic;(share of the commonest letter / share of the letter)).")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        file_row = QHBoxLayout()
        self.file_edit = QLineEdit()
        self.file_edit.setObjectName("derive-file")
        self.file_edit.setPlaceholderText("A text file\u2026")
        self.file_edit.editingFinished.connect(self._load_file)
        browse = QPushButton("Browse\u2026")
        browse.clicked.connect(self._browse)
        file_row.addWidget(self.file_edit, 1)
        file_row.addWidget(browse)
        layout.addLayout(file_row)
        self.paste = QPlainTextEdit()
        self.paste.setObjectName("derive-text")
        self.paste.setPlaceholderText("\u2026or paste a text here")
        self.paste.setMaximumHeight(110)
        self.paste.textChanged.connect(self._pasted)
        layout.addWidget(self.paste)
        layout.addLayout(self._options())
        self.info = QLabel()
        self.info.setObjectName("derive-info")
        layout.addWidget(self.info)
        self.preview = QLabel()
        self.preview.setObjectName("derive-preview")
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.preview)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Use these tiles")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.update_preview)
        self.update_preview()

    def _options(self) -> QFormLayout:
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.tiles = QSpinBox()
        self.tiles.setObjectName("derive-tiles")
        self.tiles.setRange(len(self.alphabet), 2000)
        self.tiles.setValue(max(100, len(self.alphabet) + 2))
        self.blanks = QSpinBox()
        self.blanks.setObjectName("derive-blanks")
        self.blanks.setRange(0, 50)
        self.blanks.setValue(2)
        self.top = QSpinBox()
        self.top.setObjectName("derive-top-score")
        self.top.setRange(1, 99)
        self.top.setValue(10)
        self.distinct = QCheckBox("Count each different word once (the vocabulary, not the "
                                  "running text)")
        self.keep_weights = QCheckBox("Keep the current strategy weights")
        self.keep_weights.setChecked(True)
        form.addRow("Tiles in all", self.tiles)
        form.addRow("Of which blanks", self.blanks)
        form.addRow("Rarest letters score", self.top)
        form.addRow("", self.distinct)
        form.addRow("", self.keep_weights)
        for spin in (self.tiles, self.blanks, self.top):
            spin.valueChanged.connect(self.update_preview)
        self.distinct.toggled.connect(self.update_preview)
        return form

    # --- the text ---------------------------------------------------------------------------

    def _browse(self) -> None:
        path = ask.open_path(self, "A text to count", Path.home(), ask.TEXT_FILTER)
        if path is not None:
            self.file_edit.setText(str(path))
            self._load_file()

    def _load_file(self) -> None:
        name = self.file_edit.text().strip()
        if not name:
            return
        try:
            raw = read_limited(name, MAX_TEXT_BYTES, "text to count")
            self.set_text(raw.decode("utf-8", errors="replace"))
        except OSError as exc:
            reason = html.escape(exc.strerror or str(exc))
            self.info.setText(theme.span(f"Cannot read {html.escape(name)}: {reason}", "bad"))

    def _pasted(self) -> None:
        self._text = self.paste.toPlainText()
        self._timer.start()

    def set_text(self, text: str) -> None:
        """Count this text (a file's contents or pasted text)."""
        self._text = text
        self.update_preview()

    # --- the result -------------------------------------------------------------------------

    def update_preview(self) -> None:
        """Count (when the text or the counting changed) and derive the tiles again."""
        key = (self._text, self.distinct.isChecked())
        if key != self._counted_key:
            self._counts = count_letters(self._text, self.alphabet,
                                         distinct_words=self.distinct.isChecked())
            self._counted_key = key
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        counts = self._counts or ()
        if not sum(counts):
            self.result_tiles = None
            self.info.setText("Choose a text: the counts and scores will show here.")
            self.preview.clear()
            ok.setEnabled(False)
            return
        try:
            tiles = derive_tileset(
                counts, self.alphabet, tiles=self.tiles.value(), blanks=self.blanks.value(),
                max_score=self.top.value(),
                weights=self.weights[: len(self.alphabet)] if self.keep_weights.isChecked() else None,
                blank_weight=self.weights[-1] if self.keep_weights.isChecked() else 0)
        except ValueError as exc:
            self.result_tiles = None
            self.info.setText(theme.span(html.escape(str(exc)), "bad"))
            ok.setEnabled(False)
            return
        self.result_tiles = tiles
        self.info.setText(f"Counted {sum(counts):,} letters.")
        self.preview.setText(_table(tiles))
        ok.setEnabled(True)


def _table(tiles: TileSet) -> str:
    """The derived set as three rows (letters, tiles, scores), like a .def file's tables."""
    def row(label: str, cells: list[str]) -> str:
        body = "".join(f"<td align='center' style='padding:1px 4px'>{c}</td>" for c in cells)
        return f"<tr><td style='color:{theme.colours().muted};padding-right:8px'>{label}</td>{body}</tr>"

    letters = [f"<b>{html.escape(letter)}</b>" for letter in tiles.alphabet] + ["<i>blank</i>"]
    counts = [str(c) for c in tiles.frequencies] + [str(tiles.blank_count)]
    scores = [str(s) for s in tiles.scores] + [str(tiles.blank_score)]
    return ("<table cellspacing='0'>" + row("", letters) + row("tiles", counts)
            + row("score", scores) + "</table>")
