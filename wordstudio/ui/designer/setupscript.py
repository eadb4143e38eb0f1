"""Running a SETUP script in the window: its questions one at a time, as WordsWorth's
SETUP program asked them (seed 001, Appendix C), then the configuration of Includes the
answers describe, saved where the person says and opened in the designer.

The script is read and run by the engine (:mod:`wordstudio.crossword.config.setupscript`);
this dialog only shows each question with its answers numbered 1 to 9 (a digit key
chooses, as SETUP's ``Enter option (1-n)?`` did), goes back a question by running the
answers given so far again, and writes the result once the engine has read it as a game.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.config.files import parse_config
from wordstudio.crossword.config.setup_cli import DEFAULT_SCRIPT
from wordstudio.crossword.config.setupscript import SetupRun
from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.errors import UserError
from wordstudio.paths import SaveError, atomic_write_text, boards_dir
from wordstudio.ui import theme
from wordstudio.ui.designer import ask
from wordstudio.ui.dialogs.base import RememberingDialog

SCRIPT_FILTER = "SETUP scripts (*.setup *.cfg);;All files (*)"


class SetupScriptDialog(RememberingDialog):
    """Ask a SETUP script's questions; :attr:`written` is the ``.cfg`` saved at the end."""

    def __init__(self, settings: Any = None, parent: QWidget | None = None,
                 script: Path | None = None, folder: Path | None = None) -> None:
        super().__init__("designer-setup-script", settings, parent)
        self.setWindowTitle("New game from a SETUP script")
        self.written: Path | None = None
        self.folder = folder or Path.home()
        self.run: SetupRun | None = None
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.script_label = QLabel()
        self.script_label.setObjectName("setup-script")
        self.script_label.setWordWrap(True)
        choose = QPushButton("Other script\u2026")
        choose.setObjectName("setup-choose-script")
        choose.clicked.connect(self._choose_script)
        top.addWidget(self.script_label, 1)
        top.addWidget(choose)
        layout.addLayout(top)
        self.step = QLabel()
        self.step.setObjectName("setup-step")
        theme.styled(self.step, "color: {muted};")
        layout.addWidget(self.step)
        self.question = QLabel()
        self.question.setObjectName("setup-question")
        self.question.setWordWrap(True)
        self.question.setStyleSheet("font-size: 15px; font-weight: 600;")
        layout.addWidget(self.question)
        self.answers_box = QVBoxLayout()
        layout.addLayout(self.answers_box)
        self.group = QButtonGroup(self)
        self.buttons_shown: list[QRadioButton] = []
        layout.addStretch(1)
        self.error = QLabel()
        self.error.setObjectName("setup-error")
        self.error.setWordWrap(True)
        theme.styled(self.error, "color: {bad};")
        layout.addWidget(self.error)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.back_button = box.addButton("Back", QDialogButtonBox.ButtonRole.ActionRole)
        self.back_button.setObjectName("setup-back")
        self.next_button = box.addButton("Next", QDialogButtonBox.ButtonRole.ActionRole)
        self.next_button.setObjectName("setup-next")
        self.next_button.setDefault(True)
        self.back_button.clicked.connect(self.back)
        self.next_button.clicked.connect(self.next)
        box.rejected.connect(self.reject)
        layout.addWidget(box)
        self.resize(620, 420)
        self.load_script(script or boards_dir() / DEFAULT_SCRIPT)

    # --- the script ------------------------------------------------------------------------
    def load_script(self, script: Path) -> bool:
        """Start ``script`` from its first question (False, said in the dialog, when it
        cannot be run)."""
        self.script = Path(script)
        self.script_label.setText(f"Script: <b>{html.escape(self.script.name)}</b> "
                                  f"({html.escape(str(self.script.parent))})")
        return self._replay([])

    def _replay(self, answers: list[int]) -> bool:
        try:
            self.run = SetupRun.replay(self.script, answers)
        except (UserError, OSError) as exc:
            self.run = None
            self._show_error(str(exc))
            return False
        self.error.clear()
        self._show()
        return True

    def _choose_script(self) -> None:
        path = ask.open_path(self, "A SETUP script", self.script.parent, SCRIPT_FILTER)
        if path is not None:
            self.load_script(path)

    # --- showing ---------------------------------------------------------------------------
    def _show_error(self, text: str) -> None:
        self.error.setText(text)
        self.question.setText("This script cannot be run.")
        self._set_answers(())
        self.next_button.setEnabled(False)
        self.back_button.setEnabled(False)

    def _set_answers(self, labels: tuple[str, ...]) -> None:
        for button in self.buttons_shown:
            self.group.removeButton(button)
            self.answers_box.removeWidget(button)
            button.hide()  # gone from view now; deleted when the event loop gets to it
            button.deleteLater()
        self.buttons_shown = []
        for number, label in enumerate(labels, start=1):
            button = QRadioButton(f"&{number}) {label}")
            button.setObjectName(f"setup-answer-{number}")
            self.group.addButton(button, number)
            self.answers_box.addWidget(button)
            button.show()  # at once, not when the event loop next runs
            self.buttons_shown.append(button)
        if self.buttons_shown:
            self.buttons_shown[0].setChecked(True)

    def _show(self) -> None:
        run = self.run
        assert run is not None
        self.back_button.setEnabled(bool(run.answers))
        self.next_button.setEnabled(True)
        if run.question is None:
            self.step.setText(f"All {len(run.answers)} questions answered")
            self.question.setText("Save the game these answers describe.")
            self._set_answers(())
            self.next_button.setText("Save\u2026")
            return
        self.step.setText(f"Question {len(run.answers) + 1} "
                          f"({html.escape(run.question.path.name)}, line {run.question.line})")
        self.question.setText(run.question.text)
        self._set_answers(run.question.answers)
        self.next_button.setText("Next")

    # --- answering -------------------------------------------------------------------------
    def chosen(self) -> int:
        """The answer ticked (1 to n)."""
        return max(1, self.group.checkedId())

    def next(self) -> None:
        """Answer the question with the ticked answer, or save at the end."""
        run = self.run
        if run is None:
            return
        if run.question is None:
            self.save()
            return
        try:
            run.answer(self.chosen())
        except (UserError, OSError) as exc:  # a nested script that cannot be read
            self._show_error(str(exc))
            return
        self._show()

    def back(self) -> None:
        """The question before this one again (the answers before it kept)."""
        if self.run is not None and self.run.answers:
            self._replay(self.run.answers[:-1])

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        # SETUP's "Enter option (1-n)?": a digit answers at once.
        text = event.text()
        if text.isdigit() and 1 <= int(text) <= len(self.buttons_shown):
            self.buttons_shown[int(text) - 1].setChecked(True)
            self.next()
            return
        super().keyPressEvent(event)

    def save(self, destination: Path | None = None) -> bool:
        """Check the game the answers describe and write it (where the person says when
        ``destination`` is None); the dialog then closes with :attr:`written` set."""
        run = self.run
        if run is None or run.question is not None:
            return False
        if destination is None:
            destination = ask.save_path(self, "Save the new game", self.folder / "ww.cfg")
            if destination is None:
                return False
        text = run.config_text(destination)
        try:
            parse_config(text, destination)
            atomic_write_text(destination, text)
        except (ConfigError, SaveError, OSError) as exc:
            self.error.setText(f"The game cannot be saved: {exc}")
            return False
        self.written = destination
        self.accept()
        return True


__all__ = ["SetupScriptDialog"]
