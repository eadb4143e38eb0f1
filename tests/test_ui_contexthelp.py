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


def _dispute_dialog(tmp_path):
    from tests.test_wordwar_boards import write_board
    from tests.test_wordwar_disputes import finished_round
    from wordstudio.ui.wordwar.disputes import DisputeDialog
    from wordstudio.wordwar.boards import BoardSet

    write_board(tmp_path, 1, ["..."])
    dialog = DisputeDialog(finished_round(BoardSet.load(tmp_path)))
    return dialog, dialog.raised_by


def _blank_sheets_dialog(tmp_path):
    from wordstudio.ui.wordwar.dialogs import BlankSheetsDialog
    from wordstudio.wordwar.boards import BoardSet

    dialog = BlankSheetsDialog(BoardSet.load())
    return dialog, dialog.page


def _cgp_dialog(tmp_path):
    from wordstudio.ui.crossword.recordmenu import CgpDialog

    dialog = CgpDialog("")
    return dialog, dialog.line


def _report_dialog(tmp_path):
    from wordstudio.lexicon.wordlist import load_word_list
    from wordstudio.ui.wordlists import ReportDialog

    path = tmp_path / "birds.txt"
    path.write_text("wren\nrobin\ndon't\nblue tit\n", encoding="utf-8")
    dialog = ReportDialog(load_word_list(path))
    return dialog, dialog.name


@pytest.mark.parametrize("make, title, about, field", [
    (_dispute_dialog, "Disputed word", "an accepted word counts from now on",
     ("Disputed by", "The player who disputes the word")),
    (_blank_sheets_dialog, "Blank Word War scoresheets", "one page per board ticked",
     ("", "The paper size of the scoresheets")),
    (_cgp_dialog, "Set up position from CGP", "racks no larger than its racks",
     ("", "board rows separated by /")),
    (_report_dialog, "Word-list file", "which lines are not words and were left out",
     ("Keep it as the topic list", "The name to keep these words under")),
], ids=["dispute", "blank-scoresheets", "cgp", "word-file-report"])
def test_f1_in_each_dialog_opens_its_own_help(qtbot, tmp_path, monkeypatch, make, title,
                                              about, field):
    """Word War's dispute dialog, the blank scoresheets, setting up a position from CGP
    and the report on a word-list file's rejected lines: F1 shows that dialog's help and
    the field in use."""
    from wordstudio.ui.help import HelpDialog

    shown: list[HelpDialog] = []
    monkeypatch.setattr(HelpDialog, "open", lambda self: shown.append(self))
    dialog, focus = make(tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    focus.setFocus()
    QTest.keyClick(focus, Qt.Key.Key_F1)
    assert len(shown) == 1, "F1 opened no help"
    text = shown[0].text.toPlainText()
    assert text.startswith(title) and shown[0].windowTitle() == f"Help: {title}"
    assert about in text and "No help is written" not in text
    label, expected = field
    assert expected in text and (not label or label in text)
    dialog.reject()
