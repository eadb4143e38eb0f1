"""Every question the designer asks the person, in one module.

Pages call these through the module (``ask.save_changes(...)``), so the wording lives in
one place and tests answer for the person by replacing a function here.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from wordstudio.ui.dialogs import messages

CONFIG_FILTER = "Game configurations (*.cfg *.def);;All files (*)"
TEXT_FILTER = "Text files (*.txt *.text *.md *.rst *.html *.def);;All files (*)"


def save_changes(parent: QWidget | None, name: str) -> str:
    """Unsaved edits: ``"save"``, ``"discard"`` or ``"cancel"`` (the question every page
    asks before closing unsaved work, in the same words)."""
    return messages.save_before_closing(parent, "Board designer",
                                        f"{name} has edits that are not saved.\nSave them first?")


def confirm(parent: QWidget | None, title: str, text: str, yes: str = "Yes") -> bool:
    """A yes/no question; True for yes."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.NoButton, parent)
    yes_button = box.addButton(yes, QMessageBox.ButtonRole.YesRole)
    box.addButton("Cancel", QMessageBox.ButtonRole.NoRole)
    box.setDefaultButton(yes_button)
    box.exec()
    return box.clickedButton() is yes_button


def warn(parent: QWidget | None, title: str, text: str) -> None:
    """A notice that something could not be done, with the reason."""
    QMessageBox.warning(parent, title, text)


def open_path(parent: QWidget | None, title: str, folder: Path, filter: str = CONFIG_FILTER) -> Path | None:
    """A file to open, or None when the person cancels."""
    path, _ = QFileDialog.getOpenFileName(parent, title, str(folder), filter)
    return Path(path) if path else None


def save_path(parent: QWidget | None, title: str, suggestion: Path) -> Path | None:
    """Where to save a configuration; ``.cfg`` is added when no suffix is given."""
    path, _ = QFileDialog.getSaveFileName(parent, title, str(suggestion), CONFIG_FILTER)
    if not path:
        return None
    chosen = Path(path)
    return chosen if chosen.suffix else chosen.with_suffix(".cfg")


def letter(parent: QWidget | None, alphabet: tuple[str, ...]) -> str | None:
    """A new letter for the alphabet: upper-case letters, not one already there."""
    prompt = ("The letter or letters of one tile (several characters, like CH or LL, "
              "make one tile):")
    while True:
        text, ok = QInputDialog.getText(parent, "Add a letter", prompt)
        if not ok:
            return None
        problem = letter_problem(text, alphabet)
        if problem is None:
            return text.strip().upper()
        prompt = f"{problem}\nThe letter or letters of one tile:"


def letter_problem(text: str, alphabet: tuple[str, ...]) -> str | None:
    """Why ``text`` cannot be a new letter, or None when it can."""
    letter = text.strip().upper()
    if not letter:
        return "Type at least one letter."
    if not all(c.isalpha() and c.upper() != c.lower() for c in letter):
        return f"{text.strip()!r} is not made of letters only."
    if letter in alphabet:
        return f"{letter} is already in the alphabet."
    return None
