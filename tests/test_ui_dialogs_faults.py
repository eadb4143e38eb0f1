"""The window never shows a traceback: escaped exceptions are logged and reported in plain
words; a refused autosave is said once, and the game goes on."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox, QWidget

from tests.test_ui_crossword_support import make_context
from wordstudio.errors import UserError
from wordstudio.paths import SaveError
from wordstudio.ui.dialogs import faults
from wordstudio.ui.dialogs.faults import FaultDialog, FaultHandler
from wordstudio.ui.mainwindow import MainWindow
from wordstudio.ui.page import GamePage


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def window(qtbot, tmp_path):
    for context in make_context(tmp_path):
        window = MainWindow(context)
        qtbot.addWidget(window)
        yield window


@pytest.fixture
def handler(window, home):
    shown: list[FaultDialog] = []
    handler = FaultHandler(window, show=shown.append)
    handler.install()
    handler.shown = shown  # type: ignore[attr-defined]
    yield handler
    handler.uninstall()
    for dialog in shown:
        dialog.deleteLater()


def fail_in_the_event_loop(qtbot, error: BaseException) -> None:
    def boom() -> None:
        raise error

    QTimer.singleShot(0, boom)
    qtbot.wait(50)


@pytest.mark.qt_no_exception_capture
def test_an_escaped_error_is_logged_and_reported(qtbot, handler, home) -> None:
    fail_in_the_event_loop(qtbot, KeyError("rack"))
    (dialog,) = handler.shown
    log = home / "log" / "wordstudio.log"
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and "KeyError: 'rack'" in text
    assert "unexpected error in the window" in text
    assert "KeyError: 'rack'" in dialog.summary.text()
    assert str(log) in dialog.log_label.text()
    assert dialog.findChild(QWidget, "fault-lost").text() == faults.NOTHING_LOST
    assert "Traceback" in dialog.details.toPlainText() and not dialog.details.isVisibleTo(dialog)
    dialog.details_button.click()
    assert dialog.details.isVisibleTo(dialog) and dialog.details_button.text() == "Hide details"


@pytest.mark.qt_no_exception_capture
def test_errors_while_the_dialog_is_open_are_counted_not_stacked(qtbot, handler) -> None:
    # The first dialog is shown for real, so the next errors find it open.
    handler._show = lambda dialog: (handler.shown.append(dialog), dialog.show())
    fail_in_the_event_loop(qtbot, ZeroDivisionError("division by zero"))
    fail_in_the_event_loop(qtbot, ZeroDivisionError("division by zero"))
    fail_in_the_event_loop(qtbot, ValueError("again"))
    assert len(handler.shown) == 1
    assert handler.shown[0].repeats == 2
    assert "2 more errors" in handler.shown[0].repeat_label.text()
    handler.shown[0].close()


@pytest.mark.qt_no_exception_capture
def test_bad_input_that_escapes_is_shown_as_its_message(qtbot, handler, monkeypatch) -> None:
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: said.append(text))
    fail_in_the_event_loop(qtbot, UserError("board.cfg, line 2: Rows must be 1 to 30"))
    assert said == ["board.cfg, line 2: Rows must be 1 to 30"] and handler.shown == []


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_background_thread_is_logged(qtbot, handler, home) -> None:
    def work() -> None:
        raise RuntimeError("worker failed")

    thread = threading.Thread(target=work, name="search")
    thread.start()
    thread.join()
    text = (home / "log" / "wordstudio.log").read_text(encoding="utf-8")
    assert "unexpected error in the background task 'search'" in text
    assert "RuntimeError: worker failed" in text and handler.shown == []


def test_install_and_uninstall_restore_the_hooks(window, home) -> None:
    import sys

    before = sys.excepthook, threading.excepthook
    handler = faults.install_fault_handler(window)
    assert sys.excepthook == handler.excepthook
    handler.uninstall()
    assert (sys.excepthook, threading.excepthook) == before


def test_a_refused_autosave_is_said_once_and_the_game_goes_on(qtbot, window) -> None:
    page = GamePage(window.context)
    qtbot.addWidget(page)
    statuses: list[str] = []
    page.status.connect(statuses.append)
    full = SaveError("/home/ann/autosave/game.crossword", "the disk is full", 28)
    faults.autosave_failed(page, full)
    faults.autosave_failed(page, full)
    boxes = [b for b in page.findChildren(QMessageBox) if b.objectName() == "autosave-failed"]
    assert len(boxes) == 1 and not boxes[0].isModal()
    assert "the disk is full" in boxes[0].text() and "nothing already saved was lost" in \
        boxes[0].text()
    assert statuses == [f"The game could not be autosaved: {full}"] * 2
    faults.autosave_worked(page)
    faults.autosave_worked(page)
    assert statuses[-1] == "Autosave works again: the game is safe" and len(statuses) == 3
