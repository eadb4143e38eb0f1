"""Unexpected errors go to a log file in the user's log folder, in full, and are described
in one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from wordstudio import faults


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path))
    return tmp_path


def raised(exc: BaseException) -> BaseException:
    try:
        raise exc
    except BaseException as caught:  # noqa: BLE001 - the point is to have a traceback
        return caught


def test_the_traceback_is_appended_to_the_log(home: Path) -> None:
    first = faults.record_fault(raised(ZeroDivisionError("division by zero")), "the board")
    second = faults.record_fault(raised(KeyError("rack")), "the clock")
    assert first == second == home / "log" / "wordstudio.log"
    text = first.read_text(encoding="utf-8")
    assert text.count("Traceback (most recent call last)") == 2
    assert text.index("unexpected error in the board") < text.index("ZeroDivisionError")
    assert text.index("ZeroDivisionError") < text.index("unexpected error in the clock")


def test_a_large_log_is_moved_aside(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(faults, "MAX_LOG_BYTES", 100)
    path = faults.record_fault(raised(ValueError("one")), "first")
    assert path is not None and path.stat().st_size > 100
    faults.record_fault(raised(ValueError("two")), "second")
    assert "ValueError: one" in (path.parent / "wordstudio.log.1").read_text(encoding="utf-8")
    assert "ValueError: one" not in path.read_text(encoding="utf-8")


def test_a_log_that_cannot_be_written_is_not_a_second_failure(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (home / "log").mkdir()
    (home / "log" / "wordstudio.log").mkdir()  # a folder where the file should be
    assert faults.record_fault(raised(ValueError("x")), "anywhere") is None
    assert faults.fault_message(raised(ValueError("x")), "anywhere") == (
        "internal error in anywhere (ValueError: x); the log file could not be written")


@pytest.mark.parametrize("exc, line", [
    (MemoryError(), "the computer ran out of memory"),
    (RecursionError("maximum recursion depth exceeded"), "a search went too deep (RecursionError)"),
    (KeyError("Q"), "KeyError: 'Q'"),
    (ValueError("first line\nsecond line"), "ValueError: first line"),
    (RuntimeError(), "RuntimeError"),
    (ValueError("x" * 500), "ValueError: " + "x" * 197 + "..."),
])
def test_describe_fault_is_one_short_line(exc: BaseException, line: str) -> None:
    assert faults.describe_fault(exc) == line


def test_a_hard_crash_leaves_every_threads_stack_in_the_crash_log(tmp_path):
    """A segfault cannot be caught; the crash log says where it happened."""
    script = (
        "import faulthandler\n"
        "from wordstudio.faults import enable_crash_log\n"
        "print(enable_crash_log())\n"
        "def deep_in_the_engine():\n"
        "    faulthandler._sigsegv()\n"
        "deep_in_the_engine()\n")
    env = dict(os.environ, WORDSTUDIO_HOME=str(tmp_path))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(REPO), env.get("PYTHONPATH"))))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode != 0
    log = Path(done.stdout.strip())
    assert log.name == "crash.log" and log.is_relative_to(tmp_path)
    text = log.read_text()
    assert "WordStudio" in text and "started, pid" in text
    assert "Segmentation fault" in text
    assert "deep_in_the_engine" in text


def test_the_crash_log_leaves_a_chosen_crash_report_alone(home: Path) -> None:
    import faulthandler

    was_enabled = faulthandler.is_enabled()
    faulthandler.enable()
    try:
        assert faults.enable_crash_log() is None  # PYTHONFAULTHANDLER or pytest chose
        assert not (home / "log" / "crash.log").exists()
    finally:
        if not was_enabled:
            faulthandler.disable()


def test_the_crash_log_is_closed_when_the_window_is(home: Path) -> None:
    import faulthandler

    was_enabled = faulthandler.is_enabled()
    faulthandler.disable()
    try:
        path = faults.enable_crash_log()
        assert path == home / "log" / "crash.log" and faulthandler.is_enabled()
        faults.disable_crash_log()
        assert not faulthandler.is_enabled()
        assert "started, pid" in path.read_text()
    finally:
        if was_enabled:
            faulthandler.enable()
