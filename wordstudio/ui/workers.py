"""Running engine work off the GUI thread: the GUI never waits on the engine.

Usage, from any widget::

    job = runner.run(find_best_move, snapshot, wants_control=True,
                     on_success=self._play, on_progress=self._bar.set, token=position_id)
    ...
    job.force()   # "play now": the search returns its best move so far
    job.cancel()  # the result will be dropped; on_success is never called

* ``fn`` must be a picklable top-level function and its arguments picklable values: in
  the default *process* mode it runs in a worker process, because a pure-Python search
  in a thread holds the GIL and makes the interface stutter.  Worker processes live as
  long as the runner, so per-process caches (loaded lexicons) are reused between jobs.
  They run at a lower priority than the window, and a search that spreads over
  processes (the Championship player's simulation) leaves one core to the window.
* With ``wants_control=True`` the function receives ``control=`` a
  :class:`wordstudio.control.SearchControl` whose ``should_stop()`` turns true on
  ``force()``/``cancel()`` and whose ``report()`` reaches ``on_progress`` on the GUI thread.
* Results and errors are delivered on the GUI thread.  A cancelled job delivers nothing.
  Callers drop stale results themselves by comparing ``job.token`` with the position they
  now show (a result that arrives after the position changed is not applied).
* ``mode="thread"`` runs jobs on one background thread (for light work), and
  ``mode="sync"`` runs them at once but still delivers on the next turn of the event
  loop: tests use it to get deterministic behaviour with the same code paths.
"""

from __future__ import annotations

import itertools
import multiprocessing
import multiprocessing.connection
import multiprocessing.util
import os
import queue
import signal
import threading
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from wordstudio.control import SearchControl
from wordstudio.crossword.players.parallel import (
    leave_a_core_free,
    queue_semaphores,
    release_semaphores,
    semaphore_names,
    start_resource_tracker,
    stop_pool,
    stop_pools,
)

RUN, CANCEL, FORCE = 0, 1, 2
_SLOTS = 512

# --- the worker-process side -------------------------------------------------------------
_worker_flags: Any = None
_worker_progress: Any = None


def _init_worker(flags: Any, progress: Any, semaphores: Sequence[str] = ()) -> None:
    global _worker_flags, _worker_progress
    _worker_flags = flags
    _worker_progress = progress
    # The engine gives way to the window: a lower priority here and in the search's own
    # workers, and one core left to the window.
    leave_a_core_free()
    _end_on_sigterm()
    _exit_with_parent(semaphores)


def _end_on_sigterm() -> None:
    """Let the window alone decide when this worker ends, and end it cleanly when it does.

    Ctrl+C in a terminal and a closed terminal (SIGINT, SIGHUP) reach every process of the
    program's process group: the window handles them and stops its workers, so here they
    are ignored.  The window stops a worker with SIGTERM, whose default is to die on the
    spot: a Championship player's own pool (``parallel.local_pool``) would then leave its
    queues' semaphores for the resource tracker to report as leaked.  Instead the pool is
    ended and the worker takes multiprocessing's own last step before it goes.  (Not by
    raising SystemExit: that lands wherever the worker is - in the middle of an import,
    shiboken turned it into an ImportError with a traceback.)
    """
    if threading.current_thread() is not threading.main_thread():
        return  # handlers can only be set on the main thread (a test's thread pool)
    for name in ("SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)

    def end(signum: int, _frame: object) -> None:
        signal.signal(signum, signal.SIG_DFL)  # a second SIGTERM ends it at once
        stop_pools()
        # What a worker process runs as it ends normally: each semaphore it made is
        # unlinked and struck off the resource tracker's list.
        last_step = getattr(multiprocessing.util, "_exit_function", None)
        if last_step is not None:
            last_step()
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, end)


def _exit_with_parent(semaphores: Sequence[str] = ()) -> None:
    """End this worker when the program that started it ends, however it ends.

    A window closed normally shuts its pool down, but a killed program (SIGTERM, a
    crash) would leave workers running; a daemon thread waits on the parent's sentinel.
    A program killed outright (SIGKILL) could not remove the pool's ``semaphores``: the
    worker does (:func:`~wordstudio.crossword.players.parallel.release_semaphores`).
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        release_semaphores(semaphores)
        os._exit(0)

    threading.Thread(target=watch, name="wordstudio-parent-watch", daemon=True).start()


class _SharedFlagControl(SearchControl):
    """A control that reads its stop flag from memory shared with the GUI process."""

    def __init__(self, slot: int, job_id: int) -> None:
        self._slot = slot
        self._job_id = job_id

    def should_stop(self) -> bool:
        return bool(_worker_flags[self._slot] != RUN)

    def report(self, fraction: float, message: str = "") -> None:
        try:
            _worker_progress.put_nowait((self._job_id, float(fraction), str(message)))
        except Exception:  # noqa: BLE001 - progress is best effort, never fatal
            pass


def _run_in_worker(slot: int, job_id: int, fn: Callable[..., Any], args: tuple,
                   wants_control: bool) -> Any:
    if wants_control:
        return fn(*args, control=_SharedFlagControl(slot, job_id))
    return fn(*args)


# --- the GUI side -------------------------------------------------------------------------
class _LocalControl(SearchControl):
    def __init__(self, job: Job) -> None:
        self._job = job

    def should_stop(self) -> bool:
        return self._job.state != RUN

    def report(self, fraction: float, message: str = "") -> None:
        self._job._runner._progress_local.put((self._job.job_id, fraction, message))


class Job(QObject):
    """One piece of background work; its signals fire on the GUI thread."""

    succeeded = Signal(object)
    failed = Signal(object)
    progressed = Signal(float, str)

    def __init__(self, runner: BackgroundRunner, job_id: int, token: Any) -> None:
        super().__init__(runner)
        self._runner = runner
        self.job_id = job_id
        self.token = token
        self.state = RUN
        self.done = False

    def cancel(self) -> None:
        """Stop the work and drop whatever it returns."""
        self._set_state(CANCEL)

    def force(self) -> None:
        """Ask the work to finish now with its best answer so far."""
        if self.state == RUN:
            self._set_state(FORCE)

    @property
    def cancelled(self) -> bool:
        return self.state == CANCEL

    def _set_state(self, state: int) -> None:
        if self.done:
            return
        self.state = state
        self._runner._set_flag(self.job_id, state)


class BackgroundRunner(QObject):
    """Runs functions in worker processes (default), a thread, or synchronously."""

    # Emitted from pool threads with no arguments: results wait in ``_finished`` and only
    # the wake-up crosses the thread boundary, so no Python object's lifetime depends on
    # a queued signal.  (The crashes that prompted it came from garbage collection on
    # those threads - ui/gcguard.py - but a result has no business inside Qt's queue.)
    _wake = Signal()

    def __init__(self, parent: QObject | None = None, *, mode: str = "process",
                 processes: int = 1) -> None:
        super().__init__(parent)
        if mode not in ("process", "thread", "sync"):
            raise ValueError(f"unknown runner mode {mode!r}")
        self.mode = mode
        self._processes = processes
        self._ids = itertools.count(1)
        self._jobs: dict[int, tuple[Job, dict[str, Any]]] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._flags: Any = None
        self._progress: Any = None
        self._progress_local: queue.Queue = queue.Queue()
        self._finished: queue.SimpleQueue[tuple[int, Future]] = queue.SimpleQueue()
        self._wake.connect(self._deliver_finished, Qt.ConnectionType.QueuedConnection)
        self._poll = QTimer(self)
        self._poll.setInterval(40)
        self._poll.timeout.connect(self._drain_progress)
        self._poll.timeout.connect(self._deliver_finished)
        # Progress slots running now: while one runs (and perhaps an event loop inside it,
        # as a modal progress dialog's setValue does), results wait for the next look.
        self._in_progress = 0

    # --- public API -------------------------------------------------------------------
    def run(self, fn: Callable[..., Any], *args: Any, wants_control: bool = False,
            on_success: Callable[[Any], None] | None = None,
            on_failure: Callable[[BaseException], None] | None = None,
            on_progress: Callable[[float, str], None] | None = None,
            token: Any = None) -> Job:
        job_id = next(self._ids)
        job = Job(self, job_id, token)
        if on_success:
            job.succeeded.connect(on_success)
        if on_failure:
            job.failed.connect(on_failure)
        if on_progress:
            job.progressed.connect(on_progress)
        self._jobs[job_id] = (job, {})
        if not self._poll.isActive():
            self._poll.start()
        if self.mode == "process":
            self._submit_process(job, fn, args, wants_control)
        elif self.mode == "thread":
            if self._threads is None:
                self._threads = ThreadPoolExecutor(1, thread_name_prefix="wordstudio-worker")
            threaded = self._threads.submit(self._call_local, job, fn, args, wants_control)
            threaded.add_done_callback(self._emitter(job_id))
        else:
            done: Future = Future()
            try:
                done.set_result(self._call_local(job, fn, args, wants_control))
            except BaseException as exc:  # noqa: BLE001 - delivered to on_failure
                done.set_exception(exc)
            self._finished.put((job_id, done))
            QTimer.singleShot(0, self._deliver_finished)
        return job

    def busy(self) -> bool:
        return any(not job.done for job, _ in self._jobs.values())

    def shutdown(self) -> None:
        """Cancel everything, stop the workers and wait for them to end (ui/app.py calls
        this on every way out of the program).  The runner can be used again afterwards."""
        for job, _ in list(self._jobs.values()):
            job.cancel()
        self._poll.stop()
        if self._pool is not None:
            # Waited for, so none outlives the program; a worker ends its own pool first
            # (_end_on_sigterm), and one stuck in C code gets SIGKILL.
            stop_pool(self._pool)
            self._pool = None
        if self._progress is not None:
            self._progress.close()
            self._progress.join_thread()
            self._progress = None
        self._flags = None
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)
            self._threads = None

    # --- internals --------------------------------------------------------------------
    def _call_local(self, job: Job, fn: Callable[..., Any], args: tuple,
                    wants_control: bool) -> Any:
        if wants_control:
            return fn(*args, control=_LocalControl(job))
        return fn(*args)

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            start_resource_tracker()
            context = multiprocessing.get_context("spawn")
            self._flags = context.Array("b", _SLOTS, lock=False)
            self._progress = context.Queue()
            semaphores: list[str] = []
            self._pool = ProcessPoolExecutor(
                max_workers=self._processes, mp_context=context,
                initializer=_init_worker, initargs=(self._flags, self._progress, semaphores))
            # The workers start with the first jobs, and take the list as it is then.
            semaphores.extend(semaphore_names(self._pool) + queue_semaphores(self._progress))
        return self._pool

    def _submit_process(self, job: Job, fn: Callable[..., Any], args: tuple,
                        wants_control: bool) -> None:
        pool = self._ensure_pool()
        slot = job.job_id % _SLOTS
        self._flags[slot] = RUN
        try:
            future = pool.submit(_run_in_worker, slot, job.job_id, fn, args, wants_control)
        except BrokenProcessPool:
            self._pool = None
            future = self._ensure_pool().submit(
                _run_in_worker, slot, job.job_id, fn, args, wants_control)
        future.add_done_callback(self._emitter(job.job_id))

    def _emitter(self, job_id: int) -> Callable[[Future], None]:
        """A done-callback (run on a pool thread) that hands the result to the GUI thread."""

        def emit(future: Future) -> None:
            self._finished.put((job_id, future))
            self._wake.emit()

        return emit

    def _deliver_finished(self) -> None:
        """Delivers every result the pool threads have queued (on the GUI thread).

        Never from inside a progress slot: a job must not finish underneath the code that
        is showing its progress (the crossword page's progress dialog was closed by the
        result while its setValue still ran, and the next line failed).  The poll timer
        delivers it a moment later."""
        if self._in_progress:
            return
        while True:
            try:
                job_id, future = self._finished.get_nowait()
            except queue.Empty:
                return
            self._deliver(job_id, future)

    def _set_flag(self, job_id: int, state: int) -> None:
        if self.mode == "process" and self._flags is not None:
            self._flags[job_id % _SLOTS] = state

    def _deliver(self, job_id: int, future: Future) -> None:
        # Progress the job reported before it finished is shown first: drained while the
        # job is still registered, so its last messages are not dropped.
        self._drain_progress()
        entry = self._jobs.pop(job_id, None)
        if entry is None:
            return
        job = entry[0]
        job.done = True
        if job.state == CANCEL:
            return
        try:
            result = future.result()
        except BrokenProcessPool as exc:
            self._pool = None
            job.failed.emit(RuntimeError(f"the worker process stopped unexpectedly ({exc})"))
            return
        except BaseException as exc:  # noqa: BLE001 - shown to the user by on_failure
            exc.__traceback_text__ = traceback.format_exc()  # type: ignore[attr-defined]
            job.failed.emit(exc)
            return
        job.succeeded.emit(result)
        if not self._jobs:
            self._poll.stop()

    def _drain_progress(self) -> None:
        for source in (self._progress, self._progress_local):
            if source is None:
                continue
            for _ in range(200):
                try:
                    job_id, fraction, message = source.get_nowait()
                except (queue.Empty, OSError, EOFError, ValueError):
                    break
                entry = self._jobs.get(job_id)
                if entry is not None and entry[0].state != CANCEL:
                    self._in_progress += 1
                    try:
                        entry[0].progressed.emit(fraction, message)
                    finally:
                        self._in_progress -= 1

