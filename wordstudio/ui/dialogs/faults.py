"""What the window says when something goes wrong that the person did not cause.

* :func:`install_fault_handler` - any exception that escapes a page's code reaches the
  event loop (Qt hands it to ``sys.excepthook``): it is logged with its traceback in the
  user's log folder (:mod:`wordstudio.faults`) and reported in a :class:`FaultDialog`
  that says what was lost - nothing already saved: every game is autosaved after every
  move - and where the log is.  The window carries on; it never shows a traceback.
  Exceptions of other threads are logged only.
* :func:`autosave_failed` / :func:`autosave_worked` - a page whose autosave the disk
  refused (full, read-only) says so once in a dialog, then in the status bar, until
  autosaving works again.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from wordstudio.errors import UserError
from wordstudio.faults import describe_fault, record_fault

#: What every game promises (DESIGN.md section 10): said in the fault dialog.
NOTHING_LOST = ("Nothing already saved is lost: every game in progress is saved after each "
                "move, so at most the move being made just now is missing.  You can go on; "
                "if the window misbehaves, save your work and start WordStudio again - an "
                "unfinished game is offered when it starts.")


class FaultDialog(QDialog):
    """An unexpected error: what happened, what was lost, where the details are."""

    def __init__(self, summary: str, details: str, log: Path | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("fault-dialog")
        self.setWindowTitle("Something went wrong")
        self.setModal(True)
        self.repeats = 0
        layout = QVBoxLayout(self)
        self.summary = QLabel(f"<b>Something went wrong inside WordStudio</b> ({summary}).")
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        lost = QLabel(NOTHING_LOST)
        lost.setObjectName("fault-lost")
        lost.setWordWrap(True)
        layout.addWidget(lost)
        where = (f"The details are in {log}; please send them with a few words on what you "
                 "were doing." if log else "The details could not be written to the log.")
        self.log_label = QLabel(where)
        self.log_label.setObjectName("fault-log")
        self.log_label.setWordWrap(True)
        self.log_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.log_label)
        self.repeat_label = QLabel("")
        self.repeat_label.setObjectName("fault-repeats")
        self.repeat_label.hide()
        layout.addWidget(self.repeat_label)
        self.details = QPlainTextEdit(details)
        self.details.setObjectName("fault-details")
        self.details.setReadOnly(True)
        self.details.hide()
        layout.addWidget(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.details_button = QPushButton("Show details")
        self.details_button.setCheckable(True)
        self.details_button.toggled.connect(self._show_details)
        buttons.addButton(self.details_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, 0)

    def _show_details(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.details_button.setText("Hide details" if shown else "Show details")

    def add_repeat(self) -> None:
        """Another error while this one is shown: counted here, not a second dialog."""
        self.repeats += 1
        self.repeat_label.setText(f"{self.repeats} more error{'s' if self.repeats > 1 else ''} "
                                  "happened since; they are in the log too.")
        self.repeat_label.show()


class FaultHandler:
    """Receives escaped exceptions: those of the GUI thread are reported in a dialog,
    those of other threads only logged (no page waits on them).

    A plain object, not a QObject: it outlives windows in ``sys.excepthook`` and may be
    collected by any thread, which a QObject must not be.
    """

    def __init__(self, window: QWidget,
                 show: Callable[[FaultDialog], None] | None = None) -> None:
        self.window = window
        self.dialog: FaultDialog | None = None
        self._show = show or (lambda dialog: dialog.open())
        self._previous_hook = sys.excepthook
        self._previous_thread_hook = threading.excepthook

    def install(self) -> None:
        sys.excepthook = self.excepthook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        """Put the previous hooks back (the window is closing)."""
        if sys.excepthook == self.excepthook:
            sys.excepthook = self._previous_hook
        if threading.excepthook == self._thread_hook:
            threading.excepthook = self._previous_thread_hook
        self.dialog = None

    def excepthook(self, kind: type[BaseException], value: BaseException,
                   tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            self._previous_hook(kind, value, tb)
            return
        if value.__traceback__ is None and tb is not None:
            value = value.with_traceback(tb)
        if threading.current_thread() is threading.main_thread():
            self._report(value, self._where())
        else:
            record_fault(value, "a background task")

    def _thread_hook(self, args: Any) -> None:
        if args.exc_value is not None:
            name = args.thread.name if args.thread is not None else "?"
            record_fault(args.exc_value, f"the background task {name!r}")

    def _where(self) -> str:
        page = getattr(self.window, "page", None)
        title = page.title() if page is not None else ""
        return f"the page {title!r}" if title else "the window"

    def _report(self, exc: BaseException, where: str) -> None:
        log = record_fault(exc, where)
        if isinstance(exc, UserError):
            # Bad input a page forgot to catch: its message is meant for the person.
            QMessageBox.warning(self.window, "WordStudio", str(exc))
            return
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.add_repeat()
            return
        details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.dialog = FaultDialog(describe_fault(exc), details, log, self.window)
        self._show(self.dialog)


def install_fault_handler(window: QWidget) -> FaultHandler:
    """Catch every exception that escapes to the event loop from now on (the window's
    lifetime): logged, and reported in plain words."""
    handler = FaultHandler(window)
    handler.install()
    return handler


# --- autosave failures ---------------------------------------------------------------------
def autosave_failed(page: Any, exc: BaseException) -> None:
    """``page``'s autosave was refused by the disk: a dialog the first time (without
    stopping the game), the status bar after that."""
    text = f"The game could not be autosaved: {exc}"
    if getattr(page, "_autosave_failing", False):
        page.status.emit(text)
        return
    page._autosave_failing = True
    box = QMessageBox(QMessageBox.Icon.Warning, "Autosave",
                      f"{text}\n\nThe game goes on, and nothing already saved was lost; but "
                      "until this is put right a crash would lose the moves made from now on. "
                      "Free some disk space or make the folder writable, or save the game "
                      "somewhere else with File > Save.", QMessageBox.StandardButton.Ok, page)
    box.setObjectName("autosave-failed")
    box.setModal(False)  # the game must not wait for this
    box.show()
    page.status.emit(text)


def autosave_worked(page: Any) -> None:
    """``page`` autosaved again after a failure: say so once."""
    if getattr(page, "_autosave_failing", False):
        page._autosave_failing = False
        page.status.emit("Autosave works again: the game is safe")
