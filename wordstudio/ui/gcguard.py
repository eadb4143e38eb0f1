"""Python's cyclic garbage collector, kept on the GUI thread.

CPython runs a collection in whichever thread happens to cross an allocation threshold.
The window's process has Python threads besides the GUI thread (the worker pool's
management and queue-feeder threads, light thread jobs), so a cycle holding a Qt
wrapper - a closed dialog whose lambda refers back to it, a page replaced by the next -
could be collected on one of them.  Shiboken then hands the C++ deletion to the GUI thread
through a pending call, and with PySide6 6.11 on Python 3.11 that deferred deletion
crashed the program now and then (a segfault in
``BindingManager::runDeletionInMainThread``, or later, in whatever Python code ran next).
Measured on the self-test of the source tree under load: 26 crashes in 30 first starts.

:class:`MainThreadCollector` turns automatic collection off and runs the same schedule
itself, from a timer on the GUI thread: generation 0 when its allocation count passes the
threshold, the older generations when theirs do, exactly as the automatic collector would
decide, only never on another thread.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

#: How often the collector looks at the allocation counts.  A look costs microseconds; a
#: young-generation collection a fraction of a millisecond.
INTERVAL_MS = 100


def due_generation() -> int | None:
    """The oldest generation the automatic collector would collect now, or None."""
    thresholds = gc.get_threshold()
    counts = gc.get_count()
    if thresholds[0] <= 0 or counts[0] <= thresholds[0]:
        return None
    generation = 0
    for older in (1, 2):
        if counts[older] > thresholds[older]:
            generation = older
        else:
            break
    return generation


def collect_due() -> int:
    """Collects what is due (see :func:`due_generation`); returns how many objects were
    unreachable (0 when nothing was due)."""
    generation = due_generation()
    return 0 if generation is None else gc.collect(generation)


class MainThreadCollector(QObject):
    """Runs cyclic garbage collection only on the thread that owns it (the GUI thread).

    ``start()`` disables automatic collection for the whole process, ``stop()`` restores
    it as it was.  Use it once per program, around the event loop.
    """

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._was_enabled: bool | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(collect_due)

    @property
    def active(self) -> bool:
        return self._was_enabled is not None

    def start(self) -> None:
        if self.active:
            return
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        """Automatic collection back as it was, after a last collection here."""
        if not self.active:
            return
        self._timer.stop()
        gc.collect()
        if self._was_enabled:
            gc.enable()
        self._was_enabled = None
