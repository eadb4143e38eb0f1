"""The first start on a user account, and the installed program's self-test.

First start (DESIGN.md section 9: "the first start compiles what it needs with a
progress indicator"): :func:`first_run_needed` says whether this account has been set
up; :func:`run_first_start` creates the per-user folders, compiles the automata of the
default game's word lists in the background runner (a worker process) behind a
progress dialog, and then opens the new-game dialog.  A marker file in the settings
folder records that it is done; a cancelled or failed first start is offered again at
the next start (the game pages compile what they need on their own anyway).

Then, without a dialog, :func:`start_background_preparation` compiles what other games
need and would otherwise make their first start wait: WORDwhami's word lists read both
ways (its backward words need an automaton of every word reversed too, some ten seconds
of work).  It runs in a worker of its own at low priority, so games started meanwhile
are not held up; the marker records when it is done.

Self-test (:func:`start_smoke_test`): when the environment variable
``WORDSTUDIO_SMOKE_TEST`` names a file, a :class:`SmokeTest` drives the real window the
way a person would - first start, a crossword game for two computer players (levels 8
and 2), one computer move, File > Save to that file, quit - and makes the program exit with
status 0 only if all of it worked.  ``packaging/smoke.py`` runs it on the built bundle
(CI does too): it proves the frozen program finds its data, re-enters itself as worker
processes and plays.  The variable is never set in normal use.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QSpinBox,
    QWidget,
)

from wordstudio import __version__
from wordstudio.control import SearchControl
from wordstudio.filecheck import read_limited
from wordstudio.paths import (
    atomic_write_text,
    autosave_dir,
    boards_dir,
    cache_dir,
    config_dir,
    saved_games_dir,
    user_data_dir,
)
from wordstudio.ui.workers import BackgroundRunner

if TYPE_CHECKING:
    from wordstudio.ui.context import AppContext
    from wordstudio.ui.workers import Job

#: The marker file (in the settings folder) that says this account has been set up.
MARKER_NAME = "first-start.json"
#: The game the first start prepares for: the standard game the new-game dialog offers.
DEFAULT_CONFIG = "scrabble.cfg"
#: Object names, so tests and the self-test can find the widgets.
PROGRESS_NAME = "first-start-progress"
SMOKE_ENV = "WORDSTUDIO_SMOKE_TEST"
SMOKE_TIMEOUT_ENV = "WORDSTUDIO_SMOKE_TIMEOUT"
#: The self-test's two computer players' levels.
LEVELS = (8, 2)
#: Seconds the self-test waits for the new-game dialog to close after "Start game".
NEW_GAME_PATIENCE = 20.0


# --- first start: the work (runs in a worker process) ---------------------------------------
@dataclass(frozen=True)
class WordListJob:
    """One automaton to compile: a word list (or its common words) for an alphabet,
    read forwards only or (``reversible``) both ways."""

    lexicon: str
    alphabet: tuple[str, ...]
    common: bool = False
    label: str = ""
    reversible: bool = False


def default_word_lists() -> tuple[WordListJob, ...]:
    """What the default crossword game needs: its word list for its alphabet, and the
    common-words vocabulary that computer players of levels 1-4 use."""
    from wordstudio.crossword.config.files import load_config
    from wordstudio.errors import UserError
    from wordstudio.lexicon.catalog import ALIASES, DEFAULT_LEXICON, shipped_lexicons
    from wordstudio.lexicon.wordlist import DEFAULT_ALPHABET

    lexicon, alphabet = DEFAULT_LEXICON, tuple(DEFAULT_ALPHABET)
    try:
        config = load_config(boards_dir() / DEFAULT_CONFIG)
        lexicon = ALIASES.get(config.dictionary.lower(), config.dictionary) or DEFAULT_LEXICON
        alphabet = tuple(config.tiles.alphabet)
    except (UserError, OSError):
        pass  # a damaged install still gets the default list prepared
    labels = {shipped.ident: shipped.label for shipped in shipped_lexicons()}
    label = labels.get(lexicon, lexicon)
    return (WordListJob(lexicon, alphabet, False, label),
            WordListJob(lexicon, alphabet, True, f"{label} (common words)"))


#: The game whose word lists are prepared in the background after the first start.
BACKGROUND_CONFIG = "wordwhami.cfg"


def background_word_lists() -> tuple[WordListJob, ...]:
    """What WORDwhami needs beyond the default game's lists: its word list and the
    common words (levels 1-4) read both ways.  Nothing when its configuration cannot be
    read or has no backward words."""
    from wordstudio.crossword.config.files import load_config
    from wordstudio.errors import UserError
    from wordstudio.lexicon.catalog import ALIASES, DEFAULT_LEXICON

    try:
        config = load_config(boards_dir() / BACKGROUND_CONFIG)
    except (UserError, OSError):
        return ()
    if not config.backward_words:
        return ()
    lexicon = ALIASES.get(config.dictionary.lower(), config.dictionary) or DEFAULT_LEXICON
    alphabet = tuple(config.tiles.alphabet)
    name = config.title or "WORDwhami"
    return (WordListJob(lexicon, alphabet, False, f"{name}: the word list", True),
            WordListJob(lexicon, alphabet, True, f"{name}: the common words", True))


@dataclass(frozen=True)
class WorkerReport:
    """What the worker process did, and which process it was (recorded in the marker, so
    the self-test can check that a frozen program re-entered itself as its worker)."""

    compiled: int
    pid: int
    executable: str
    frozen: bool


def compile_word_lists(jobs: Sequence[WordListJob], *, control: SearchControl) -> WorkerReport:
    """Compile the automaton of each job into the per-user cache (a job already there is
    only checked).  Runs in a worker process."""
    from wordstudio.lexicon.catalog import common_counterpart, load_lexicon
    from wordstudio.lexicon.gaddag import load_gaddag

    done = 0
    for index, job in enumerate(jobs):
        if control.should_stop():
            break
        words = load_lexicon(job.lexicon)
        if job.common:
            common = words.subset(load_lexicon(common_counterpart(job.lexicon)),
                                  name=f"{words.name}/common")
            words = common if len(common) else words

        def progress(fraction: float, message: str, index: int = index, job: WordListJob = job) -> None:
            control.report((index + fraction) / len(jobs), f"{job.label}: {message}")

        progress(0.0, "reading")
        # The per-user cache is the point (not this process's memory): a game loads
        # the compiled list from it in milliseconds.
        load_gaddag(words, job.alphabet, reversible=job.reversible, progress=progress)
        done += 1
    return WorkerReport(done, os.getpid(), sys.executable, bool(getattr(sys, "frozen", False)))


def compile_in_background(jobs: Sequence[WordListJob], *, control: SearchControl) -> WorkerReport:
    """:func:`compile_word_lists` at low priority (its worker process is its own, so the
    games' workers and the window keep the processor first)."""
    try:
        os.nice(10)
    except (AttributeError, OSError):
        pass  # no nice() on this system: run at normal priority
    return compile_word_lists(jobs, control=control)


# --- first start: the window side -----------------------------------------------------------
def marker_path() -> Path:
    """Where the first-start marker lives (the settings folder)."""
    return config_dir() / MARKER_NAME


def first_run_needed() -> bool:
    """True when this user account has not been set up for WordStudio yet."""
    return not marker_path().is_file()


def ensure_user_folders() -> list[Path]:
    """Create every per-user folder WordStudio writes to; returns them."""
    lexicon_cache = cache_dir() / "lexicons"
    lexicon_cache.mkdir(parents=True, exist_ok=True)
    return [config_dir(), user_data_dir(), saved_games_dir(), autosave_dir(), cache_dir(),
            lexicon_cache]


class FirstStart(QObject):
    """The progress dialog and the background job of a first start."""

    def __init__(self, context: AppContext, parent: QWidget | None,
                 jobs: Sequence[WordListJob]) -> None:
        super().__init__(parent)
        self.context = context
        self.jobs = tuple(jobs)
        self.outcome: str | None = None  # "done", "cancelled" or "failed"
        self.error: BaseException | None = None
        self.report: WorkerReport | None = None
        self.progress_seen: list[float] = []
        self.job: Job | None = None
        self._loop = QEventLoop(self)
        self.dialog = QProgressDialog(
            "Preparing the word lists for the computer players\u2026", "Cancel", 0, 1000, parent)
        self.dialog.setObjectName(PROGRESS_NAME)
        self.dialog.setWindowTitle("Setting up WordStudio")
        self.dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
        self.dialog.setMinimumDuration(0)
        self.dialog.setMinimumWidth(460)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.canceled.connect(self._cancelled)

    def run(self) -> str:
        """Show the dialog, do the work, and return how it ended."""
        self.dialog.setValue(0)
        self.dialog.show()
        self.job = self.context.runner.run(
            compile_word_lists, self.jobs, wants_control=True, on_success=self._succeeded,
            on_failure=self._failed, on_progress=self._progressed)
        if self.outcome is None:
            self._loop.exec()
        self.dialog.hide()
        self.dialog.deleteLater()
        return self.outcome or "cancelled"

    def _progressed(self, fraction: float, message: str) -> None:
        self.progress_seen.append(fraction)
        self.dialog.setValue(int(round(1000 * min(1.0, max(0.0, fraction)))))
        if message:
            self.dialog.setLabelText("Preparing the word lists for the computer players "
                                     f"(only this once)\u2026\n\n{message}")

    def _finish(self, outcome: str) -> None:
        if self.outcome is None:
            self.outcome = outcome
            self._loop.quit()

    def _succeeded(self, report: WorkerReport) -> None:
        self.report = report
        self.dialog.setValue(1000)
        self._finish("done")

    def _failed(self, error: BaseException) -> None:
        self.error = error
        self._finish("failed")

    def _cancelled(self) -> None:
        if self.outcome is None:
            if self.job is not None:
                self.job.cancel()
            self._finish("cancelled")


def run_first_start(context: AppContext, parent: QWidget | None, *, new_game: bool = True,
                    jobs: Sequence[WordListJob] | None = None) -> bool:
    """Set this account up: folders, word-list automata (with a progress dialog), then
    the new-game dialog (unless ``new_game`` is False, e.g. when a file is being opened).

    Returns True when the set-up finished; False when the person cancelled it or it
    failed (said in a message), in which case the next start offers it again.
    """
    from wordstudio.ui.dialogs import messages

    folders = ensure_user_folders()
    jobs = tuple(jobs if jobs is not None else default_word_lists())
    started = time.monotonic()
    first = FirstStart(context, parent, jobs)
    outcome = first.run()
    if outcome == "failed":
        messages.warn(parent, "Setting up WordStudio",
                      f"The word lists could not be prepared:\n{first.error}\n\n"
                      "WordStudio will prepare them when a game starts.")
        return False
    if outcome != "done":
        return False
    record = {
        "version": __version__,
        "seconds": round(time.monotonic() - started, 1),
        "word_lists": [job.label for job in jobs],
        "folders": [str(folder) for folder in folders],
        "program": {"pid": os.getpid(), "executable": sys.executable},
        "worker": asdict(first.report) if first.report is not None else None,
    }
    atomic_write_text(marker_path(), json.dumps(record, indent=2) + "\n")
    if new_game:
        open_new_game(parent)
    return True


# --- after the first start: what other games need, in the background -------------------------
BACKGROUND_KEY = "background"


def read_marker() -> dict[str, Any]:
    """The first-start marker's record (empty when missing or unreadable)."""
    try:
        record = json.loads(read_limited(marker_path(), 1_000_000, "marker").decode("utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) else {}


def background_needed(jobs: Sequence[WordListJob]) -> bool:
    """Set up, but these lists not yet prepared (by this version of the program)."""
    if first_run_needed() or not jobs:
        return False
    done = read_marker().get(BACKGROUND_KEY)
    return not (isinstance(done, dict) and done.get("version") == __version__
                and done.get("word_lists") == [job.label for job in jobs])


class BackgroundPreparation(QObject):
    """Compiles word lists in a worker of its own, with no dialog (module docstring)."""

    #: "done", "failed" or "cancelled".
    finished = Signal(str)
    #: Progress, in words, for the status bar.
    progressed = Signal(str)

    def __init__(self, jobs: Sequence[WordListJob], parent: QObject | None = None,
                 runner: BackgroundRunner | None = None) -> None:
        super().__init__(parent)
        self.jobs = tuple(jobs)
        self.own_runner = runner is None
        self.runner = runner if runner is not None else BackgroundRunner(processes=1)
        self.outcome: str | None = None
        self.job: Job | None = None
        self.started = 0.0

    def start(self) -> None:
        self.started = time.monotonic()
        self.job = self.runner.run(
            compile_in_background, self.jobs, wants_control=True, on_success=self._done,
            on_failure=lambda _error: self._finish("failed"),
            on_progress=lambda fraction, message: self.progressed.emit(
                f"Preparing WORDwhami's word list in the background (only once): "
                f"{round(100 * fraction)} %"))

    def _done(self, report: WorkerReport) -> None:
        record = read_marker()
        record[BACKGROUND_KEY] = {"version": __version__,
                                  "word_lists": [job.label for job in self.jobs],
                                  "seconds": round(time.monotonic() - self.started, 1),
                                  "compiled": report.compiled}
        try:
            atomic_write_text(marker_path(), json.dumps(record, indent=2) + "\n")
        except OSError:
            pass  # not recorded: it is checked (quickly, from the cache) next time
        self._finish("done")

    def _finish(self, outcome: str, tell: bool = True) -> None:
        if self.outcome is None:
            self.outcome = outcome
            if self.own_runner:
                self.runner.shutdown()
            if tell:
                self.finished.emit(outcome)

    def cancel(self) -> None:
        """Stop (the program is quitting): the worker ends, nothing is reported."""
        if self.job is not None:
            self.job.cancel()
        self._finish("cancelled", tell=False)


def start_background_preparation(window: QWidget, jobs: Sequence[WordListJob] | None = None,
                                 runner: BackgroundRunner | None = None
                                 ) -> BackgroundPreparation | None:
    """After the first start (or a later start that has not done it yet): prepare the
    other games' word lists in the background, saying so in the status bar."""
    if os.environ.get(SMOKE_ENV):
        return None  # the self-test plays one standard game and quits: nothing to gain
    jobs = tuple(jobs if jobs is not None else background_word_lists())
    if not background_needed(jobs):
        return None
    work = BackgroundPreparation(jobs, window, runner)
    bar = getattr(window, "statusBar", None)
    if callable(bar):
        work.progressed.connect(lambda text: bar().showMessage(text, 4000))
        work.finished.connect(lambda outcome: bar().showMessage(
            "WORDwhami's word list is ready." if outcome == "done" else "", 6000))
    app = QApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(work.cancel)
    work.start()
    return work


def open_new_game(window: QWidget | None) -> bool:
    """Open the crossword new-game dialog through the main window (False if it has none)."""
    start = getattr(window, "start_entry", None)
    entries = getattr(window, "entries", [])
    entry = next((e for e in entries if getattr(e, "ident", "") == "crossword"), None)
    if not callable(start) or entry is None:
        return False
    start(entry)
    return True


# --- the self-test of an installed program ---------------------------------------------------
class SmokeTest(QObject):
    """Drives the real main window through a game, then saves it and quits.

    A timer looks at the window ten times a second and does what a person would: lets
    the first start run, fills in the new-game dialog (standard game, computer players of
    :data:`LEVELS`, no clocks) and starts the game, waits for the first computer move, saves the
    game to ``out`` and closes the window.  Any message box that appears is a failure.
    Progress goes to standard error; the exit status is 0 only when the game was saved.
    """

    def __init__(self, window: Any, out: Path, timeout: float = 300.0) -> None:
        super().__init__(window)
        self.window = window
        self.out = Path(out).resolve()
        self.deadline = time.monotonic() + timeout
        self.game_requested = False
        self.filled = False
        self.filled_at = 0.0
        self.finished = False
        self.saw_first_start = False
        self.blocked_by = ""
        self._idle_since: float | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(100)
        self.timer.timeout.connect(self.step)

    def start(self) -> None:
        self.say(f"WordStudio {__version__}, {'frozen' if getattr(sys, 'frozen', False) else 'source'}; "
                 f"saving to {self.out}")
        # ui/gcguard.py: a collection on a worker-pool thread could crash the program.
        self.say("garbage collection: " + ("automatic, on any thread" if gc.isenabled()
                                           else "on the GUI thread only"))
        self.timer.start()

    @staticmethod
    def say(text: str) -> None:
        print(f"smoke: {text}", file=sys.stderr, flush=True)

    def fail(self, reason: str) -> None:
        self.say(f"FAILED: {reason}")
        self.finished = True
        self.timer.stop()
        # The program starts its work inside the main loop (ui/app.py), so this ends
        # every loop running, dialogs' included, and any opened after it.
        QApplication.exit(1)

    def step(self) -> None:
        """One look at the window; acts on what it sees."""
        if self.finished:
            return
        if time.monotonic() > self.deadline:
            self.fail(f"timed out; {self.state()}")
            return
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QMessageBox):
            self.fail(f"a message appeared: {modal.windowTitle()}: {modal.text()}")
            return
        from wordstudio.ui.dialogs.faults import FaultDialog

        if isinstance(modal, FaultDialog):
            details = modal.details.toPlainText().strip().splitlines()
            self.fail(f"an unexpected error was reported: {details[-1] if details else '?'}\n"
                      + "\n".join(details[-6:]))
            return
        if isinstance(modal, QProgressDialog):
            if modal.objectName() == PROGRESS_NAME and not self.saw_first_start:
                self.saw_first_start = True
                self.say("first start: preparing the word lists")
            return
        from wordstudio.ui.crossword.newgame import NewGameDialog

        if isinstance(modal, NewGameDialog):
            self.fill_new_game(modal)
            return
        page = getattr(self.window, "page", None)
        game = getattr(page, "game", None)
        if modal is not None:
            if game is not None and game.history and not self.blocked_by:
                self.blocked_by = describe_dialog(modal)
                self.say(f"a dialog is open while the game goes on: {self.blocked_by}")
            return
        if page is None and not self.game_requested:
            self.start_game_when_idle()
            return
        if game is not None and game.history:
            # Saving is safe while the next player thinks: a move changes the game only
            # when it is applied, all at once.
            self.save_and_quit(page, game)

    def state(self) -> str:
        """What the window shows and what it waits for (said when the test times out)."""
        modal = QApplication.activeModalWidget()
        page = getattr(self.window, "page", None)
        game = getattr(page, "game", None)
        runner = getattr(getattr(self.window, "context", None), "runner", None)
        jobs = getattr(runner, "_jobs", {})
        parts = [f"dialog: {'none' if modal is None else describe_dialog(modal)}",
                 f"page: {type(page).__name__ if page is not None else 'none'}",
                 f"moves played: {len(game.history) if game is not None else '-'}",
                 f"background jobs running: {len(jobs)}",
                 f"game requested: {self.game_requested}, dialog filled: {self.filled}"]
        if game is not None and not game.over:
            parts.append(f"to move: {game.names[game.current]}")
        return ", ".join(parts)

    def start_game_when_idle(self) -> None:
        """No first start (the account was set up): open File > New > Crossword game."""
        if first_run_needed():
            return
        now = time.monotonic()
        if self._idle_since is None:
            self._idle_since = now
        elif now - self._idle_since > 0.5:
            self.game_requested = True
            self.say("opening the new-game dialog")
            QTimer.singleShot(0, lambda: open_new_game(self.window))

    def fill_new_game(self, dialog: QWidget) -> None:
        if self.filled:
            if time.monotonic() - self.filled_at > NEW_GAME_PATIENCE:
                error = dialog.findChild(QLabel, "new-game-error")
                self.fail("the new-game dialog did not start the game"
                          + (f": {error.text()}" if error is not None and error.text() else ""))
            return
        self.filled_at = time.monotonic()
        self.game_requested = True
        self.filled = True
        self.say("new-game dialog: standard game, computer players of levels 8 and 2")
        config = dialog.findChild(QComboBox, "config")
        if config is not None:
            index = config.findText("Standard 15x15 game")
            if index >= 0:
                config.setCurrentIndex(index)
        count = dialog.findChild(QSpinBox, "player-count")
        if count is None:
            self.fail("the new-game dialog has no player-count field")
            return
        count.setValue(2)
        # Level 8 moves first (leave table, end-game search), level 2 second (the
        # common-words vocabulary): between them they use everything a computer needs.
        for seat, strength in enumerate(LEVELS):
            kind = dialog.findChild(QComboBox, f"player-kind-{seat}")
            level = dialog.findChild(QSpinBox, f"player-level-{seat}")
            if kind is None or level is None:
                self.fail(f"the new-game dialog has no fields for player {seat + 1}")
                return
            kind.setCurrentText("Computer")
            level.setValue(strength)
            name_field = dialog.findChild(QLineEdit, f"player-name-{seat}")
            if name_field is not None:
                name_field.setText(f"Computer {seat + 1}")
        for name in ("turn-clock", "game-clock"):
            box = dialog.findChild(QWidget, name)
            if box is not None and hasattr(box, "setChecked"):
                box.setChecked(False)
        ok = dialog.findChild(QAbstractButton, "start-game")
        if ok is None:
            buttons = dialog.findChild(QDialogButtonBox)
            if buttons is not None:
                accepting = [b for b in buttons.buttons()
                             if buttons.buttonRole(b) == QDialogButtonBox.ButtonRole.AcceptRole]
                ok = accepting[0] if accepting else None
        if ok is None:
            self.fail("the new-game dialog has no Start button")
            return
        QTimer.singleShot(0, ok.click)

    def save_and_quit(self, page: Any, game: Any) -> None:
        from wordstudio.crossword.moves import is_compiled

        turn = game.history[0]
        self.say(f"computer move: {turn.describe(game.names)} "
                 f"(move generator {'compiled' if is_compiled() else 'pure Python'})")
        self.finished = True
        self.timer.stop()
        page.path = self.out
        if not page.save() or not self.out.is_file():
            self.fail(f"the game was not saved to {self.out}")
            return
        self.say(f"saved {self.out.stat().st_size} bytes; quitting")
        self.window.close()
        if self.window.isVisible():
            self.fail("the window did not close")


def describe_dialog(dialog: QWidget) -> str:
    """A dialog as the self-test names it: class, object name, title, visibility."""
    return (f"{type(dialog).__name__} {dialog.objectName() or '(unnamed)'} "
            f"'{dialog.windowTitle()}'{'' if dialog.isVisible() else ' (hidden)'}")


def start_smoke_test(window: Any) -> SmokeTest | None:
    """Start the self-test when ``WORDSTUDIO_SMOKE_TEST`` names the file to save to."""
    out = os.environ.get(SMOKE_ENV)
    if not out:
        return None
    try:
        timeout = float(os.environ.get(SMOKE_TIMEOUT_ENV) or 300)
    except ValueError:
        timeout = 300.0
    test = SmokeTest(window, Path(out), timeout)
    test.start()
    return test
