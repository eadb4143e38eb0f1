"""The program, run for real in a subprocess, leaves nothing behind however it ends.

Each run gets a new user account (``WORDSTUDIO_HOME``) and, where the first start must be
under way when the program is ended, an empty word-list cache, so the first start is
compiling in its worker process at that moment.  After the program has ended: no
``resource_tracker`` warning about leaked semaphores on standard error, and no process
left that was started by it (found by the account folder in its environment).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import left_behind

REPO = Path(__file__).resolve().parent.parent

#: Runs the real ``wordstudio.ui.app.main`` and acts as a person would at the right moment
#: (a script given with ``-c``, so the worker processes do not import it again).
DRIVER = r"""
import multiprocessing
import sys

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QProgressDialog

action = sys.argv[1]
app = QApplication([sys.argv[0]])


def say(text):
    workers = " ".join(str(p.pid) for p in multiprocessing.active_children())
    print(f"driver: {text}; workers: {workers}", file=sys.stderr, flush=True)


def look():
    from wordstudio.ui.mainwindow import MainWindow

    modal = QApplication.activeModalWidget()
    window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
    if action in ("signal", "close") and isinstance(modal, QProgressDialog) and modal.value() > 0:
        say("first start under way")
        if action == "close":
            window.close()  # as the window manager's close button does
        return  # "signal": the test sends it now
    if action == "quit" and type(modal).__name__ == "NewGameDialog":
        say("first start done, new-game dialog open")
        modal.reject()
        quit_action = next(a for a in window.findChildren(QAction) if a.text() == "&Quit")
        QTimer.singleShot(0, quit_action.trigger)
        return
    QTimer.singleShot(50, look)


QTimer.singleShot(50, look)
QTimer.singleShot(180_000, lambda: QApplication.exit(3))  # a driver never outlives its test
from wordstudio.ui.app import main

sys.exit(main([]))
"""


def environment(tmp_path: Path, *, warm_cache: bool, **extra: str) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", WORDSTUDIO_HOME=str(tmp_path / "account"),
               PYTHONPATH=str(REPO), **extra)
    if not warm_cache:  # the suite's cache (conftest.py) holds the compiled lists already
        env["WORDSTUDIO_CACHE"] = str(tmp_path / "empty-cache")
    return env


def start(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    # A process group of its own, as a program started from a terminal has: a closed
    # terminal or Ctrl+C signals the whole group, the program's helper processes too.
    return subprocess.Popen([sys.executable, *args], env=env, cwd=REPO, text=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)


def wait_for(program: subprocess.Popen[str], text: str) -> list[str]:
    """Standard error's lines up to the first that holds ``text``."""
    assert program.stderr is not None
    lines: list[str] = []
    for line in program.stderr:
        lines.append(line)
        if text in line:
            return lines
    raise AssertionError(f"the program ended before {text!r}:\n{''.join(lines)}")


def finish(program: subprocess.Popen[str], seen: list[str]) -> str:
    """Everything the program and its helpers wrote to standard error, once all ended
    (the resource tracker writes its warning after the program has exited)."""
    try:
        _, rest = program.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        program.kill()  # a program that ignores the way it was asked to end is not left running
        program.communicate()
        raise
    return "".join(seen) + rest


def assert_nothing_left(stderr: str, tmp_path: Path) -> None:
    assert "resource_tracker" not in stderr and "leaked" not in stderr, stderr
    assert "Traceback" not in stderr, stderr
    if Path("/proc/self/environ").exists():  # Linux: no worker outlived the program
        assert left_behind(tmp_path / "account") == [], stderr


# --- the exit paths -------------------------------------------------------------------------------
@pytest.mark.parametrize(("signum", "to_group"), [
    (signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGHUP, False),
    # What a terminal sends: Ctrl+C and a closed window reach every process of the
    # group - the workers and multiprocessing's resource tracker, which a hang-up killed
    # ("process died unexpectedly, relaunching", a KeyError per semaphore).
    (signal.SIGINT, True), (signal.SIGHUP, True), (signal.SIGTERM, True),
], ids=["SIGTERM", "SIGINT", "SIGHUP", "Ctrl+C in the terminal", "terminal closed",
        "SIGTERM to the group"])
def test_a_signal_during_the_first_start_ends_the_program_cleanly(tmp_path, signum, to_group):
    program = start(["-c", DRIVER, "signal"], environment(tmp_path, warm_cache=False))
    seen = wait_for(program, "driver: first start under way")
    if to_group:
        os.killpg(program.pid, signum)
    else:
        program.send_signal(signum)
    stderr = finish(program, seen)
    assert program.returncode == 128 + signum, stderr  # as a shell reports it
    assert_nothing_left(stderr, tmp_path)


def test_closing_the_window_during_the_first_start(tmp_path):
    program = start(["-c", DRIVER, "close"], environment(tmp_path, warm_cache=False))
    stderr = finish(program, wait_for(program, "driver: first start under way"))
    assert program.returncode == 0, stderr
    assert_nothing_left(stderr, tmp_path)
    assert not (tmp_path / "account" / "config" / "first-start.json").exists()  # offered again


def test_quitting_from_the_menu_after_the_first_start(tmp_path):
    program = start(["-c", DRIVER, "quit"], environment(tmp_path, warm_cache=True))
    seen = wait_for(program, "driver: first start done")
    assert seen[-1].split("workers: ")[1].strip(), "the first start ran in no worker process"
    stderr = finish(program, seen)
    assert program.returncode == 0, stderr
    assert_nothing_left(stderr, tmp_path)
    assert (tmp_path / "account" / "config" / "first-start.json").is_file()


def test_a_failing_self_test_during_the_first_start(tmp_path):
    # The installed program's self-test (packaging/smoke.py) gives up after 0.3 s, while
    # the first start is still compiling (the whole self-test can take under 2 s): exit
    # status 1, and nothing left behind either.
    env = environment(tmp_path, warm_cache=False, WORDSTUDIO_SMOKE_TEST=str(tmp_path / "game.crossword"),
                      WORDSTUDIO_SMOKE_TIMEOUT="0.3")
    program = start(["-m", "wordstudio"], env)
    stderr = finish(program, wait_for(program, "smoke: first start"))
    assert program.returncode == 1, stderr
    assert "smoke: FAILED: timed out" in stderr
    assert_nothing_left(stderr, tmp_path)
