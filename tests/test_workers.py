"""The background runner: results, errors, progress, force and cancel, in every mode."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, QTimer

from tests.processes import left_behind
from wordstudio.control import SearchControl
from wordstudio.ui.workers import BackgroundRunner

REPO = Path(__file__).resolve().parent.parent


def add(a: int, b: int) -> int:
    return a + b


def explode(message: str) -> None:
    raise ValueError(message)


def count_until_stopped(limit: float, *, control: SearchControl) -> int:
    """Counts up, reporting progress, until told to stop; returns the count so far."""
    count = 0
    deadline = time.monotonic() + limit
    while not control.should_stop() and time.monotonic() < deadline:
        count += 1
        if count % 1000 == 0:
            control.report(0.5, f"{count}")
        time.sleep(0.0005)
    return count


def report_and_finish(*, control: SearchControl) -> int:
    """Reports its last progress just before it returns."""
    control.report(1.0, "last words")
    return 7


@pytest.fixture(params=["sync", "thread", "process"])
def runner(request, qtbot):
    runner = BackgroundRunner(mode=request.param)
    yield runner
    runner.shutdown()


def test_result_arrives_on_success(runner, qtbot):
    results = []
    runner.run(add, 2, 3, on_success=results.append)
    qtbot.waitUntil(lambda: results == [5], timeout=20000)


def test_error_arrives_on_failure(runner, qtbot):
    errors = []
    runner.run(explode, "boom", on_failure=errors.append)
    qtbot.waitUntil(lambda: len(errors) == 1, timeout=20000)
    assert isinstance(errors[0], ValueError) and str(errors[0]) == "boom"


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_force_returns_best_so_far_and_progress_is_reported(mode, qtbot):
    runner = BackgroundRunner(mode=mode)
    try:
        results, progress = [], []
        job = runner.run(count_until_stopped, 30.0, wants_control=True,
                         on_success=results.append, on_progress=lambda f, m: progress.append(m))
        qtbot.waitUntil(lambda: bool(progress), timeout=20000)
        job.force()
        qtbot.waitUntil(lambda: bool(results), timeout=20000)
        assert results[0] >= 1000
    finally:
        runner.shutdown()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_cancelled_job_delivers_nothing(mode, qtbot):
    runner = BackgroundRunner(mode=mode)
    try:
        results = []
        job = runner.run(count_until_stopped, 30.0, wants_control=True, on_success=results.append)
        job.cancel()
        qtbot.waitUntil(lambda: job.done, timeout=20000)
        assert results == []
        # The runner is still usable after a cancel.
        runner.run(add, 1, 1, on_success=results.append)
        qtbot.waitUntil(lambda: results == [2], timeout=20000)
    finally:
        runner.shutdown()


def _start_runner_and_wait(ready_path: str) -> None:
    """Child program: start a worker process, report its pid, then wait to be killed."""
    import os as _os

    from PySide6.QtCore import QCoreApplication

    app = QCoreApplication([])
    runner = BackgroundRunner(mode="process")
    pids = []
    runner.run(_os.getpid, on_success=pids.append)
    while not pids:
        app.processEvents()
        time.sleep(0.01)
    with open(ready_path, "w") as handle:
        handle.write(str(pids[0]))
    time.sleep(120)


def test_workers_end_when_the_program_is_killed(tmp_path):
    import multiprocessing
    import os
    import signal

    ready = tmp_path / "worker.pid"
    context = multiprocessing.get_context("spawn")
    program = context.Process(target=_start_runner_and_wait, args=(str(ready),))
    program.start()
    deadline = time.monotonic() + 60
    while not ready.exists() or not ready.read_text():
        assert time.monotonic() < deadline, "the worker never started"
        time.sleep(0.05)
    worker = int(ready.read_text())
    os.kill(program.pid, signal.SIGKILL)
    program.join(10)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(worker, signal.SIGKILL)
    raise AssertionError("the worker outlived the program that started it")


@pytest.mark.parametrize("mode", ["sync", "thread"])
def test_the_last_progress_arrives_before_the_result(mode, qtbot):
    runner = BackgroundRunner(mode=mode)
    try:
        events: list[tuple[str, object]] = []
        runner.run(report_and_finish, wants_control=True,
                   on_success=lambda value: events.append(("result", value)),
                   on_progress=lambda fraction, message: events.append(("progress", message)))
        qtbot.waitUntil(lambda: ("result", 7) in events, timeout=20000)
        assert events == [("progress", "last words"), ("result", 7)]
    finally:
        runner.shutdown()


def sleep_without_looking(seconds: float) -> None:
    """A job that never checks for a stop: only ending its process stops it."""
    time.sleep(seconds)


def test_shutdown_ends_a_busy_worker_and_waits_for_it(qtbot):
    runner = BackgroundRunner(mode="process")
    results: list[int] = []
    runner.run(sleep_without_looking, 60.0, on_success=results.append)
    processes = list(runner._pool._processes.values())
    qtbot.waitUntil(lambda: all(process.is_alive() for process in processes), timeout=20000)
    started = time.monotonic()
    runner.shutdown()
    # Ended and reaped before shutdown returns, not left for the program's exit.
    assert processes and not any(process.is_alive() for process in processes)
    assert all(process.exitcode is not None for process in processes)
    assert time.monotonic() - started < 10
    assert runner._progress is None and runner._pool is None
    # A runner that was shut down starts new workers when asked again.
    runner.run(add, 2, 2, on_success=results.append)
    try:
        qtbot.waitUntil(lambda: results == [4], timeout=20000)
    finally:
        runner.shutdown()


_RELEASE = threading.Event()


def report_then_wait_for_release(*, control: SearchControl) -> str:
    """Reports progress, then finishes only once the test lets it."""
    control.report(0.5, "half way")
    _RELEASE.wait(10)
    return "finished"


def test_a_result_never_arrives_inside_the_slot_showing_its_progress(qtbot):
    """A modal progress dialog's setValue runs the event loop: the job's result must not
    be delivered in there (the crossword page's dialog was closed under its own setValue)."""
    runner = BackgroundRunner(mode="thread")
    events: list[str] = []
    _RELEASE.clear()

    def progressed(fraction: float, message: str) -> None:
        events.append("progress begins")
        _RELEASE.set()  # the job finishes now, while this slot still runs
        loop = QEventLoop()
        QTimer.singleShot(300, loop.quit)
        loop.exec()
        events.append("progress ends")

    try:
        runner.run(report_then_wait_for_release, wants_control=True,
                   on_progress=progressed, on_success=lambda result: events.append(result))
        qtbot.waitUntil(lambda: "finished" in events, timeout=10000)
    finally:
        _RELEASE.set()
        runner.shutdown()
    assert events == ["progress begins", "progress ends", "finished"]


# --- a worker's own pool (the Championship player's) at shutdown -----------------------------------
#: Runs a runner whose job starts a pool of its own (as the Championship player does on
#: three cores or more), and shuts the runner down while that pool is busy.
POOL_IN_A_WORKER = r"""
import sys, time
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from tests.test_workers import keep_a_pool_busy
from wordstudio.ui.workers import BackgroundRunner

app = QCoreApplication([])
marker = Path(sys.argv[1])
runner = BackgroundRunner(mode="process")
runner.run(keep_a_pool_busy, str(marker))
deadline = time.monotonic() + 120
while not marker.exists() and time.monotonic() < deadline:
    app.processEvents()
    time.sleep(0.05)
print("pool busy" if marker.exists() else "the pool never started", file=sys.stderr, flush=True)
runner.shutdown()
"""


def keep_a_pool_busy(marker: str) -> None:
    """A job that starts a pool of two processes in its worker, says so, and waits on it."""
    from wordstudio.crossword.players import parallel

    pool = parallel.local_pool(2)
    futures = [pool.submit(time.sleep, 60) for _ in range(2)]
    while len(getattr(pool, "_processes", None) or {}) < 2:
        time.sleep(0.05)
    Path(marker).write_text("busy")
    for future in futures:
        future.result()


def test_shutdown_while_a_workers_own_pool_is_busy_leaves_no_semaphore(tmp_path):
    # A terminated worker used to die on the spot: its pool's queues' semaphores were left
    # to multiprocessing's resource tracker, which reported "5 leaked semaphore objects"
    # when the program ended.  Now SIGTERM ends the pool and the worker exits normally.
    env = dict(os.environ, PYTHONPATH=str(REPO), WORDSTUDIO_HOME=str(tmp_path / "account"))
    program = subprocess.run([sys.executable, "-c", POOL_IN_A_WORKER, str(tmp_path / "busy")],
                             cwd=REPO, env=env, capture_output=True, text=True, timeout=180)
    assert "pool busy" in program.stderr, program.stderr
    assert program.returncode == 0, program.stderr
    assert "leaked" not in program.stderr and "resource_tracker" not in program.stderr, program.stderr
    assert "Traceback" not in program.stderr, program.stderr
    assert left_behind(tmp_path / "account") == []  # the pool's processes too



KILLED_WITH_A_JOB = r"""
import sys, time
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from wordstudio.ui.workers import BackgroundRunner

app = QCoreApplication([])
runner = BackgroundRunner(mode="process")
runner.run(time.sleep, 60)
while not getattr(runner._pool, "_processes", None):
    app.processEvents()
    time.sleep(0.05)
print("working", file=sys.stderr, flush=True)
time.sleep(120)
"""


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="needs POSIX named semaphores")
def test_a_window_killed_outright_leaves_no_semaphore(tmp_path):
    # SIGKILL gives the window no time to remove its worker pool's semaphores (its queues'
    # and the progress queue's); the resource tracker did, once the workers had gone, with
    # "There appear to be 8 leaked semaphore objects".  The workers remove them now.
    env = dict(os.environ, PYTHONPATH=str(REPO), WORDSTUDIO_HOME=str(tmp_path / "account"))
    program = subprocess.Popen([sys.executable, "-c", KILLED_WITH_A_JOB], cwd=REPO, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert program.stderr is not None
        assert program.stderr.readline() == "working\n"
        program.kill()
        program.wait(timeout=60)
        rest = program.stderr.read()  # to its end: the workers and the tracker hold it
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
    assert "leaked" not in rest and "resource_tracker" not in rest, rest
    assert "Traceback" not in rest, rest
