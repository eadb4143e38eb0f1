"""A SETUP script run in the window (seed 001, Appendix C): the questions one at a
time, back and forth, a digit answering as SETUP's prompt did, and the game written and
opened in the designer."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QPushButton, QRadioButton

from wordstudio.crossword.config.files import load_config
from wordstudio.paths import boards_dir
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.designer import ask, filing
from wordstudio.ui.designer.document import DesignDocument
from wordstudio.ui.designer.page import DesignerPage
from wordstudio.ui.designer.setupscript import SetupScriptDialog
from wordstudio.ui.designer.templates import TemplateDialog
from wordstudio.ui.workers import BackgroundRunner


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(tmp_path / "settings.json")


def shown(qtbot, settings, **kwargs) -> SetupScriptDialog:
    dialog = SetupScriptDialog(settings, **kwargs)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def answer(dialog: SetupScriptDialog, number: int) -> None:
    dialog.buttons_shown[number - 1].setChecked(True)
    dialog.next_button.click()


def test_the_shipped_script_is_asked_question_by_question(qtbot, settings, tmp_path):
    dialog = shown(qtbot, settings)
    assert dialog.question.text() == "What type of display do you have?"
    assert [b.text() for b in dialog.buttons_shown][:2] == ["&1) VGA colour", "&2) EGA colour"]
    assert not dialog.back_button.isEnabled() and "wordsworth.setup" in dialog.script_label.text()
    answer(dialog, 3)  # Super VGA: svga.setup asks its mode next
    assert dialog.question.text() == "Which Super VGA mode?"
    assert "svga.setup" in dialog.step.text()
    dialog.back_button.click()  # back to the display, the answer kept off
    assert dialog.question.text() == "What type of display do you have?"
    answer(dialog, 1)
    assert dialog.question.text() == "Which board would you like?"
    showing = [b.text() for b in dialog.findChildren(QRadioButton) if b.isVisibleTo(dialog)]
    assert len(showing) == 8 and showing[0] == "&1) The standard 15x15 board"
    qtbot.keyClick(dialog, Qt.Key.Key_6)  # a digit answers at once: the baby board
    for number in (1, 1, 1, 1, 1):
        answer(dialog, number)
    assert dialog.run is not None and dialog.run.finished
    assert dialog.next_button.text() == "Save\u2026" and "7 questions" in dialog.step.text()
    target = tmp_path / "baby.cfg"
    assert dialog.save(target)
    assert dialog.written == target and dialog.result() == QDialog.DialogCode.Accepted
    config = load_config(target)
    assert config.rows == 7 and config.rack_size == 7 and config.display.get("VideoCard") == "VGA"


def test_a_script_that_cannot_be_run_is_said_in_the_dialog(qtbot, settings, tmp_path):
    bad = tmp_path / "bad.setup"
    bad.write_text("@Which?\n>A= <missing.setup\n%%\n")
    dialog = shown(qtbot, settings, script=bad)
    answer(dialog, 1)
    assert "bad.setup, line 2: no setup file 'missing.setup'" in dialog.error.text()
    assert not dialog.next_button.isEnabled()
    broken = tmp_path / "broken.setup"
    broken.write_text("Not a SETUP line\n")
    assert not dialog.load_script(broken)
    assert "broken.setup, line 1" in dialog.error.text()
    assert dialog.load_script(boards_dir() / "wordsworth.setup") and not dialog.error.text()


def test_a_game_that_does_not_play_is_not_saved(qtbot, settings, tmp_path):
    script = tmp_path / "rows.setup"
    script.write_text("@\n>= {Rows = 99}\n%%\n")
    dialog = shown(qtbot, settings, script=script)
    assert dialog.run is not None and dialog.run.finished
    assert not dialog.save(tmp_path / "x.cfg")
    assert "cannot be saved" in dialog.error.text() and not (tmp_path / "x.cfg").exists()


def test_the_designer_runs_a_script_and_opens_the_game(qtbot, settings, tmp_path, monkeypatch):
    def finish(dialog: SetupScriptDialog) -> int:
        for _ in range(7):
            answer(dialog, 1)
        monkeypatch.setattr(ask, "save_path", lambda *a: tmp_path / "ww.cfg")
        dialog.next_button.click()  # Save...
        return int(dialog.result())

    monkeypatch.setattr(SetupScriptDialog, "exec", finish)
    runner = BackgroundRunner(mode="sync")
    page = DesignerPage(AppContext(settings, runner), DesignDocument.open(boards_dir() / "board7.def"))
    qtbot.addWidget(page)
    assert page.setup_action in page.design_menu.actions()
    assert filing.run_setup_script(page)
    assert page.document.path == tmp_path / "ww.cfg" and page.painter.rows == 15
    runner.shutdown()


def test_the_template_dialog_offers_a_setup_script(qtbot, settings):
    dialog = TemplateDialog(settings, offer_others=True)
    qtbot.addWidget(dialog)
    button = dialog.findChild(QPushButton, "template-setup")
    assert button is not None
    button.click()
    assert dialog.other == "setup" and dialog.result() == TemplateDialog.DialogCode.Accepted
