"""First start on a new user account, and the installed program's self-test.

Every test points WORDSTUDIO_HOME and WORDSTUDIO_CACHE at empty temporary folders, as a
new account would have, and watches the real dialogs from a timer (as a person sees
them): the progress dialog while the word lists compile, then the new-game dialog.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QPushButton, QSpinBox

from tests.processes import left_behind
from wordstudio import __version__
from wordstudio.lexicon.wordlist import DEFAULT_ALPHABET
from wordstudio.ui import firstrun
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.crossword.newgame import NewGameDialog
from wordstudio.ui.firstrun import (
    PROGRESS_NAME,
    SmokeTest,
    WordListJob,
    first_run_needed,
    run_first_start,
)
from wordstudio.ui.mainwindow import MainWindow
from wordstudio.ui.workers import BackgroundRunner

REPO = Path(__file__).resolve().parent.parent
COMMON = WordListJob("en-US-common", tuple(DEFAULT_ALPHABET), False, "American English, common words")


@pytest.fixture
def account(tmp_path: Path, monkeypatch) -> Path:
    """A new user account: its WordStudio folders do not exist yet.  The word lists
    earlier tests read are forgotten too, as in the new program's process (read from
    memory, a first start's progress would have nothing to show)."""
    from wordstudio.lexicon import catalog

    catalog._load_cached.cache_clear()
    home = tmp_path / "home"
    monkeypatch.setenv("WORDSTUDIO_HOME", str(home))
    monkeypatch.setenv("WORDSTUDIO_CACHE", str(home / "cache"))
    return home


def make_window(qtbot, tmp_path: Path, mode: str) -> MainWindow:
    runner = BackgroundRunner(mode=mode)
    # Settings outside the account's folders, so the test sees who creates those.
    window = MainWindow(AppContext(Settings(tmp_path / "settings.json"), runner))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def asked_to_end_once(qtbot, window: MainWindow, exits: list[int]) -> None:
    """A failed self-test asks the program to end once, with status 1."""
    qtbot.wait(300)
    assert exits == [1]
    window.context.runner.shutdown()


class Watcher:
    """Looks at the modal dialogs ten times a second, like a person would, and answers them."""

    def __init__(self, cancel_progress: bool = False) -> None:
        self.seen: list[str] = []
        self.progress_values: list[int] = []
        self.progress_labels: list[str] = []
        self.cancel_progress = cancel_progress
        self.timer = QTimer()
        self.timer.setInterval(30)
        self.timer.timeout.connect(self.look)
        self.timer.start()

    def look(self) -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QProgressDialog) and modal.objectName() == PROGRESS_NAME:
            self._note("progress")
            self.progress_values.append(modal.value())
            self.progress_labels.append(modal.labelText())
            if self.cancel_progress:
                modal.findChild(QPushButton).click()  # what a person's click does
        elif isinstance(modal, NewGameDialog):
            self._note("new-game")
            modal.reject()

    def _note(self, what: str) -> None:
        if not self.seen or self.seen[-1] != what:
            self.seen.append(what)

    def stop(self) -> None:
        self.timer.stop()


def test_a_new_account_gets_folders_word_lists_with_progress_then_the_new_game_dialog(
        qtbot, tmp_path, account, monkeypatch):
    window = make_window(qtbot, tmp_path, "thread")
    assert first_run_needed()
    assert not (account / "data").exists() and not (account / "cache").exists()
    # What the progress dialog was set to, each time (the compiled word lists build in a
    # fraction of a second: a look ten times a second may see only the start).
    shown: list[int] = []
    labels: list[str] = []
    real_progressed = firstrun.FirstStart._progressed

    def progressed(self, fraction: float, message: str) -> None:
        real_progressed(self, fraction, message)
        shown.append(self.dialog.value())
        labels.append(self.dialog.labelText())

    monkeypatch.setattr(firstrun.FirstStart, "_progressed", progressed)
    watcher = Watcher()
    try:
        assert run_first_start(window.context, window) is True
    finally:
        watcher.stop()
        window.context.runner.shutdown()

    assert watcher.seen == ["progress", "new-game"]  # the dialog, then the new game
    assert min(watcher.progress_values) < 1000
    assert shown and max(shown) > 0 and shown == sorted(shown)  # it moved, never back
    assert any("American English, word game" in label for label in labels)
    for folder in ("config", "data", "data/saved-games", "data/autosave", "cache/lexicons"):
        assert (account / folder).is_dir(), folder
    assert len(list((account / "cache" / "lexicons").glob("gaddag-*.bin"))) == 2
    marker = json.loads((account / "config" / firstrun.MARKER_NAME).read_text())
    assert marker["version"] == __version__
    assert marker["word_lists"] == ["American English, word game",
                                    "American English, word game (common words)"]
    assert not first_run_needed()
    assert window.page is None  # the person cancelled the new-game dialog


def test_the_word_lists_compile_in_a_worker_process(qtbot, tmp_path, account):
    window = make_window(qtbot, tmp_path, "process")
    watcher = Watcher()
    try:
        assert run_first_start(window.context, window, new_game=False, jobs=[COMMON]) is True
    finally:
        watcher.stop()
        window.context.runner.shutdown()
    assert watcher.seen == ["progress"]  # no new-game dialog when asked not to
    marker = json.loads((account / "config" / firstrun.MARKER_NAME).read_text())
    assert marker["worker"]["compiled"] == 1
    assert marker["worker"]["pid"] != os.getpid() == marker["program"]["pid"]
    assert marker["worker"]["executable"] == sys.executable
    assert marker["worker"]["frozen"] is False
    assert len(list((account / "cache" / "lexicons").glob("gaddag-*.bin"))) == 1


def test_cancelling_the_first_start_leaves_it_for_next_time(qtbot, tmp_path, account):
    # A word list of its own (never compiled before in this process) takes long enough.
    rng = random.Random(9)
    words = {"".join(rng.choice("ABCDEFGHIJKLMNOPRSTU") for _ in range(rng.randint(3, 9)))
             for _ in range(60000)}
    path = tmp_path / "made-up-words.txt"
    path.write_text("\n".join(sorted(words)) + "\n")
    job = WordListJob(str(path), tuple(DEFAULT_ALPHABET), False, "made-up words")
    window = make_window(qtbot, tmp_path, "thread")
    watcher = Watcher(cancel_progress=True)
    try:
        assert run_first_start(window.context, window, jobs=[job, job]) is False
        qtbot.waitUntil(lambda: not window.context.runner.busy(), timeout=30000)
    finally:
        watcher.stop()
        window.context.runner.shutdown()
    assert watcher.seen == ["progress"]  # no new-game dialog after a cancel
    assert first_run_needed()
    assert (account / "cache" / "lexicons").is_dir()  # the folders are made all the same


def test_a_failed_first_start_is_explained_and_offered_again(qtbot, tmp_path, account, monkeypatch):
    from wordstudio.ui.dialogs import messages

    warnings: list[str] = []
    monkeypatch.setattr(messages, "warn", lambda parent, title, text: warnings.append(text))
    window = make_window(qtbot, tmp_path, "sync")
    broken = WordListJob("no-such-word-list", tuple(DEFAULT_ALPHABET), False, "missing")
    assert run_first_start(window.context, window, jobs=[broken]) is False
    window.context.runner.shutdown()
    assert len(warnings) == 1 and "could not be prepared" in warnings[0]
    assert "no-such-word-list" in warnings[0]
    assert first_run_needed()


def test_the_default_game_decides_which_word_lists_are_compiled():
    full, common = firstrun.default_word_lists()
    assert (full.lexicon, full.common) == ("en-US-wordgame", False)
    assert (common.lexicon, common.common) == ("en-US-wordgame", True)
    assert full.alphabet == tuple(DEFAULT_ALPHABET)


def test_wordwhami_word_lists_read_both_ways_are_prepared_after_the_first_start():
    full, common = firstrun.background_word_lists()
    assert full.reversible and common.reversible
    assert (full.lexicon, full.common, common.common) == ("en-US-wordgame", False, True)


def test_other_games_word_lists_are_prepared_in_the_background_once(qtbot, tmp_path, account):
    from wordstudio.lexicon.catalog import load_lexicon
    from wordstudio.lexicon.gaddag import cache_key, cache_path
    from wordstudio.paths import cache_dir

    path = tmp_path / "both-ways.txt"
    path.write_text("cat\ndog\nstop\nlevel\n", encoding="utf-8")
    job = WordListJob(str(path), tuple(DEFAULT_ALPHABET), False, "both ways", True)
    window = make_window(qtbot, tmp_path, "sync")
    assert firstrun.start_background_preparation(window, [job]) is None  # not set up yet
    assert run_first_start(window.context, window, new_game=False, jobs=[]) is True
    runner = BackgroundRunner(mode="sync")
    try:
        work = firstrun.start_background_preparation(window, [job], runner)
        assert work is not None
        outcomes: list[str] = []
        work.finished.connect(outcomes.append)
        qtbot.waitUntil(lambda: outcomes == ["done"])
        # No dialog came up: the window stays free, the status bar tells.
        assert QApplication.activeModalWidget() is None
        words = load_lexicon(str(path))
        key = cache_key(words, tuple(DEFAULT_ALPHABET), True)
        assert cache_path(cache_dir(), key).is_file()
        marker = json.loads((account / "config" / firstrun.MARKER_NAME).read_text())
        assert marker[firstrun.BACKGROUND_KEY]["word_lists"] == ["both ways"]
        assert firstrun.start_background_preparation(window, [job], runner) is None  # done
    finally:
        runner.shutdown()
        window.context.runner.shutdown()


def test_the_lists_prepared_are_the_ones_a_wordwhami_game_asks_for():
    """A WORDwhami game needs its word list read both ways and read forwards (for the
    lines a play crosses): the first start and the background preparation make both."""
    from wordstudio.crossword.config.files import load_config
    from wordstudio.lexicon.catalog import ALIASES
    from wordstudio.paths import boards_dir

    config = load_config(boards_dir() / firstrun.BACKGROUND_CONFIG)
    lexicon = ALIASES.get(config.dictionary.lower(), config.dictionary)
    alphabet = tuple(config.tiles.alphabet)
    prepared = {(job.lexicon, job.alphabet, job.reversible, job.common) for job in
                firstrun.default_word_lists() + firstrun.background_word_lists()}
    assert {(lexicon, alphabet, True, False), (lexicon, alphabet, False, False),
            (lexicon, alphabet, True, True)} <= prepared


def test_once_prepared_a_wordwhami_game_starts_without_building_anything(tmp_path, account,
                                                                         monkeypatch):
    from wordstudio.control import NULL_CONTROL
    from wordstudio.lexicon import gaddag
    from wordstudio.ui.crossword.work import prepare_lexicon

    alphabet = tuple(DEFAULT_ALPHABET)
    prepared, unprepared = tmp_path / "prepared.txt", tmp_path / "unprepared.txt"
    prepared.write_text("cat\ndog\nstop\nlevel\n", encoding="utf-8")
    unprepared.write_text("cow\npig\nspot\n", encoding="utf-8")  # cached by content
    firstrun.compile_word_lists(
        [WordListJob(str(prepared), alphabet, False, "forwards"),
         WordListJob(str(prepared), alphabet, False, "both ways", True)], control=NULL_CONTROL)

    def building(*_args, **_kwargs):
        raise AssertionError("the automaton was built when the game started")

    monkeypatch.setattr(gaddag, "build_gaddag", building)
    monkeypatch.setattr(gaddag, "_memo", {})
    words = prepare_lexicon(str(prepared), alphabet, True, control=NULL_CONTROL)
    assert "STOP" in words  # read from the cache: nothing to wait for
    with pytest.raises(AssertionError, match="built when the game started"):
        prepare_lexicon(str(unprepared), alphabet, True, control=NULL_CONTROL)


def test_open_new_game_needs_a_main_window(qtbot):
    assert firstrun.open_new_game(None) is False


# --- the self-test ---------------------------------------------------------------------------
def test_the_self_test_drives_the_real_program_from_first_start_to_a_saved_game(tmp_path, account):
    """The program as installed runs it: ``python -m wordstudio`` in a process of its own
    (as the bundle's smoke test does), so nothing the suite's earlier tests left in this
    process - widgets awaiting deletion, a restyled application - can take part."""
    out = tmp_path / "smoke.crossword"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **{firstrun.SMOKE_ENV: str(out),
               firstrun.SMOKE_TIMEOUT_ENV: "240"})
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(REPO), env.get("PYTHONPATH"))))
    done = subprocess.run([sys.executable, "-m", "wordstudio"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=280)
    err = done.stderr
    assert done.returncode == 0, err
    assert "smoke: first start: preparing the word lists" in err
    assert "smoke: garbage collection: on the GUI thread only" in err
    assert "smoke: new-game dialog: standard game, computer players of levels 8 and 2" in err
    assert "smoke: computer move: Computer 1:" in err
    # The self-test's way out leaves nothing behind either (tests/test_ui_app.py has the others).
    assert "leaked" not in err and "resource_tracker" not in err and "Traceback" not in err, err
    assert left_behind(account) == []
    saved = json.loads(out.read_text())
    assert saved["format"] == "wordstudio-crossword" and saved["inputs"]
    assert [p["name"] for p in saved["setup"]["players"]] == ["Computer 1", "Computer 2"]
    assert [(p["computer"], p["level"]) for p in saved["setup"]["players"]] == [(True, 8), (True, 2)]
    assert not first_run_needed()


@pytest.mark.timeout(120)
def test_a_failing_self_test_ends_the_program_from_inside_a_dialog(
        qtbot, tmp_path, account, monkeypatch, capfd):
    """The self-test fails while the new-game dialog (opened by the first start) runs its
    own loop: the program must still end, with status 1 (this hung CI once)."""
    from wordstudio.ui import app

    monkeypatch.setenv(firstrun.SMOKE_ENV, str(tmp_path / "never.crossword"))
    monkeypatch.setenv(firstrun.SMOKE_TIMEOUT_ENV, "100")
    monkeypatch.setattr(firstrun, "NEW_GAME_PATIENCE", 0.3)
    monkeypatch.setattr(NewGameDialog, "_accept",
                        lambda dialog: dialog.error.setText("Choose a word list."))
    style = QApplication.style().name()
    try:
        status = app.main([])
    finally:
        QApplication.setStyle(style)
    err = capfd.readouterr().err
    assert status == 1, err
    assert "FAILED: the new-game dialog did not start the game: Choose a word list." in err
    assert not (tmp_path / "never.crossword").exists()


def test_the_self_test_fails_on_any_message_box(qtbot, tmp_path, account, monkeypatch):
    exits: list[int] = []
    monkeypatch.setattr(QApplication, "exit", staticmethod(lambda code=0: exits.append(code)))
    window = make_window(qtbot, tmp_path, "sync")
    test = SmokeTest(window, tmp_path / "never.crossword", timeout=60)
    box = QMessageBox(QMessageBox.Icon.Warning, "Word list", "The word list cannot be used", parent=window)
    qtbot.addWidget(box)
    box.setModal(True)
    box.show()
    test.start()
    qtbot.waitUntil(lambda: exits[:1] == [1], timeout=5000)
    assert test.finished and not (tmp_path / "never.crossword").exists()
    asked_to_end_once(qtbot, window, exits)


def test_the_self_test_fails_on_an_unexpected_error_and_quotes_it(
        qtbot, tmp_path, account, monkeypatch, capfd):
    from wordstudio.ui.dialogs.faults import FaultDialog

    exits: list[int] = []
    monkeypatch.setattr(QApplication, "exit", staticmethod(lambda code=0: exits.append(code)))
    window = make_window(qtbot, tmp_path, "sync")
    test = SmokeTest(window, tmp_path / "never.crossword", timeout=60)
    fault = FaultDialog("in the page", "Traceback (most recent call last):\n  ...\n"
                        "AttributeError: 'NoneType' object has no attribute 'setLabelText'",
                        None, window)
    qtbot.addWidget(fault)
    fault.show()
    test.start()
    qtbot.waitUntil(lambda: exits[:1] == [1], timeout=5000)
    assert ("FAILED: an unexpected error was reported: AttributeError: 'NoneType' object has "
            "no attribute 'setLabelText'") in capfd.readouterr().err
    asked_to_end_once(qtbot, window, exits)


def test_the_self_test_gives_up_after_its_time(qtbot, tmp_path, account, monkeypatch, capfd):
    exits: list[int] = []
    monkeypatch.setattr(QApplication, "exit", staticmethod(lambda code=0: exits.append(code)))
    window = make_window(qtbot, tmp_path, "sync")
    test = SmokeTest(window, tmp_path / "never.crossword", timeout=0)
    test.start()
    qtbot.waitUntil(lambda: exits[:1] == [1], timeout=5000)
    err = capfd.readouterr().err
    # It says what it was waiting for: here the start page, no game, nothing running.
    assert ("FAILED: timed out; dialog: none, page: none, moves played: -, background jobs "
            "running: 0, game requested: False, dialog filled: False") in err
    asked_to_end_once(qtbot, window, exits)


def test_the_self_test_is_off_unless_asked_for(qtbot, tmp_path, monkeypatch):
    monkeypatch.delenv(firstrun.SMOKE_ENV, raising=False)
    window = make_window(qtbot, tmp_path, "sync")
    assert firstrun.start_smoke_test(window) is None
    window.context.runner.shutdown()


def test_the_self_test_reports_a_new_game_dialog_that_will_not_start(
        qtbot, tmp_path, account, monkeypatch, capfd):
    exits: list[int] = []
    monkeypatch.setattr(QApplication, "exit", staticmethod(lambda code=0: exits.append(code)))
    monkeypatch.setattr(firstrun, "NEW_GAME_PATIENCE", 0.3)
    monkeypatch.setattr(NewGameDialog, "_accept",
                        lambda dialog: dialog.error.setText("Choose a word list."))
    window = make_window(qtbot, tmp_path, "sync")
    dialog = NewGameDialog(window.context.settings, window.context.runner, window)
    qtbot.addWidget(dialog)
    dialog.setModal(True)
    dialog.show()
    SmokeTest(window, tmp_path / "never.crossword", timeout=60).start()
    qtbot.waitUntil(lambda: exits[:1] == [1], timeout=10000)
    err = capfd.readouterr().err
    assert "FAILED: the new-game dialog did not start the game: Choose a word list." in err
    assert dialog.findChild(QSpinBox, "player-level-0").value() == 8
    asked_to_end_once(qtbot, window, exits)
