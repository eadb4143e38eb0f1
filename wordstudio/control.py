"""How long-running engine work is watched and stopped, without any GUI in sight.

Searches (computer moves, hints, dictionary consultation, self-play) take a
:class:`SearchControl`.  They call :meth:`SearchControl.report` now and then and look at
:meth:`SearchControl.should_stop`: when it says stop, a search that keeps a best-so-far
answer returns it ("play now", a turn clock running out); one that has none raises
:class:`Cancelled`.  The GUI's worker layer supplies a control backed by shared flags
between processes; tests and the command line use :data:`NULL_CONTROL` or a deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Cancelled(Exception):
    """The work was cancelled before it had anything to return."""


class SearchControl:
    """Never stops, ignores reports.  Subclass and override to watch or stop work."""

    def should_stop(self) -> bool:
        return False

    def report(self, fraction: float, message: str = "") -> None:
        """Progress: ``fraction`` from 0 to 1, and an optional short message."""

    def check(self) -> None:
        """Raise :class:`Cancelled` when asked to stop (for work with no partial answer)."""
        if self.should_stop():
            raise Cancelled


NULL_CONTROL = SearchControl()


class DeadlineControl(SearchControl):
    """Stops at a wall-clock deadline (seconds from now) or when ``stop()`` is called."""

    def __init__(self, seconds: float | None = None,
                 on_report: Callable[[float, str], None] | None = None) -> None:
        self._deadline = None if seconds is None else time.monotonic() + seconds
        self._stopped = False
        self._on_report = on_report

    def stop(self) -> None:
        self._stopped = True

    def should_stop(self) -> bool:
        return self._stopped or (self._deadline is not None and time.monotonic() >= self._deadline)

    def report(self, fraction: float, message: str = "") -> None:
        if self._on_report is not None:
            self._on_report(fraction, message)
