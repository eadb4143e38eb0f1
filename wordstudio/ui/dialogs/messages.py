"""Questions and notices in plain words.

Pages call these through the module (``messages.confirm(...)``) rather than QMessageBox
directly, so there is one place that words the buttons - and one place tests replace
when they answer for the person.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def sentence(text: str) -> str:
    """``text`` as the window shows it: each line begins with a capital.  The engine's
    reasons ("a word needs at least two letters", "the game was played with NWL20...")
    follow a file name and a colon on the command line; shown alone they begin a
    sentence."""
    return "\n".join(line[:1].upper() + line[1:] for line in text.split("\n"))


def confirm(parent: QWidget | None, title: str, text: str, yes: str = "Yes", no: str = "No") -> bool:
    """A yes/no question; True for yes."""
    box = QMessageBox(QMessageBox.Icon.Question, title, sentence(text),
                      QMessageBox.StandardButton.NoButton, parent)
    yes_button = box.addButton(yes, QMessageBox.ButtonRole.YesRole)
    box.addButton(no, QMessageBox.ButtonRole.NoRole)
    box.setDefaultButton(yes_button)
    box.exec()
    return box.clickedButton() is yes_button


def choose(parent: QWidget | None, title: str, text: str, buttons: list[str]) -> int:
    """Several answers (the last is the cancel answer); returns the index chosen."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.NoButton, parent)
    made = []
    for index, label in enumerate(buttons):
        role = QMessageBox.ButtonRole.RejectRole if index == len(buttons) - 1 else QMessageBox.ButtonRole.AcceptRole
        made.append(box.addButton(label, role))
    box.setDefaultButton(made[0])
    box.exec()
    clicked = box.clickedButton()
    return made.index(clicked) if clicked in made else len(buttons) - 1


#: What every "save before closing?" question offers, in this order, on every page.
SAVE, DONT_SAVE, CANCEL = "Save", "Don't save", "Cancel"


def save_before_closing(parent: QWidget | None, title: str, text: str) -> str:
    """Unsaved work is about to be closed: ``"save"``, ``"discard"`` or ``"cancel"``.

    Every page asks this one question with the same three buttons, so closing reads
    the same everywhere (Save / Don't save / Cancel).
    """
    answer = choose(parent, title, text, [SAVE, DONT_SAVE, CANCEL])
    return ("save", "discard", "cancel")[answer]


def inform(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.information(parent, title, sentence(text))


def warn(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.warning(parent, title, sentence(text))
