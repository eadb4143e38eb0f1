"""F1 in a dialog (wordstudio.ui.contexthelp): WordsWorth 4.11, "Pressing F1 at any time
will display some help about what input WordsWorth is currently expecting from you"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QFormLayout, QLineEdit

from tests.test_ui_crossword_support import make_context
from wordstudio.ui.contexthelp import DIALOG_HELP, context_help_html, show_context_help
from wordstudio.ui.crossword.newgame import NewGameDialog


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


def test_help_names_the_dialog_and_the_field_in_use(qtbot, context):
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    dialog.show()
    text = context_help_html(dialog, dialog.challenge_rules.forfeits)
    assert "<h2>New crossword game</h2>" in text and "program" in text
    assert "forfeits play to the challenging player" in text


def test_a_named_field_without_a_tip_is_explained(qtbot, context):
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    text = context_help_html(dialog, dialog.word_check)
    assert "<h3>Word checking</h3>" in text and "challenged by the program" in text


def test_a_field_without_a_tip_gets_its_form_label(qtbot):
    dialog = QDialog()
    qtbot.addWidget(dialog)
    dialog.setWindowTitle("Plain")
    form = QFormLayout(dialog)
    field = QLineEdit()
    field.setWhatsThis("Type the player's name.")
    form.addRow("Name:", field)
    text = context_help_html(dialog, field)
    assert "<h3>Name</h3><p>Type the player&#x27;s name.</p>" in text
    assert "No help is written" in context_help_html(dialog, None)


def test_f1_in_a_dialog_opens_its_help(qtbot, context, monkeypatch):
    """F1 pressed in a dialog over the main window shows the dialog's help, not the
    game's; without a dialog F1 is the game's How to Play."""
    from wordstudio.ui.help import HelpDialog
    from wordstudio.ui.mainwindow import MainWindow

    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    dialog = NewGameDialog(context.settings, context.runner, window)
    qtbot.addWidget(dialog)
    shown = []
    monkeypatch.setattr(HelpDialog, "open", lambda self: shown.append(self))
    monkeypatch.setattr(HelpDialog, "exec", lambda self: shown.append(self))
    dialog.open()
    qtbot.waitExposed(dialog)
    dialog.word_check.setFocus()
    QTest.keyClick(dialog.word_check, Qt.Key.Key_F1)
    assert len(shown) == 1
    text = shown[0].text.toPlainText()
    assert "unknown words are treated" in text and "Word checking" in text
    dialog.reject()
    shown.clear()
    window.show_help()  # no dialog: the game's How to Play
    assert len(shown) == 1 and "unknown words are treated" not in shown[0].text.toPlainText()


def test_every_dialog_help_names_a_real_dialog():
    import importlib

    for key in DIALOG_HELP:
        module, _, name = key.rpartition(".")
        assert isinstance(getattr(importlib.import_module(module), name), type), key
    assert show_context_help(None) is None or QApplication.activeModalWidget() is not None
