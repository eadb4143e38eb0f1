"""Countdowns for the study period and the move clock (rules 1, 3 and 4).

The engine keeps time without Qt: a :class:`Countdown` reads a monotonic clock, which
tests replace with a fake.  The window polls it a few times a second to redraw the
clock and to act when it runs out.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Countdown:
    """A time limit that can be started, paused and read; None means no limit."""

    def __init__(self, seconds: float | None, now: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._now = now
        self._used = 0.0
        self._since: float | None = None

    @property
    def limited(self) -> bool:
        return self.seconds is not None

    @property
    def running(self) -> bool:
        return self._since is not None

    def restart(self) -> None:
        """Start again from the full limit (a new move)."""
        self._used = 0.0
        self._since = self._now()

    def pause(self) -> None:
        """Stop counting (a dialog is up, or the game is over) without losing time used."""
        if self._since is not None:
            self._used += self._now() - self._since
            self._since = None

    def resume(self) -> None:
        if self._since is None:
            self._since = self._now()

    def elapsed(self) -> float:
        running = self._now() - self._since if self._since is not None else 0.0
        return self._used + running

    def remaining(self) -> float | None:
        """Seconds left (never negative), or None without a limit."""
        if self.seconds is None:
            return None
        return max(0.0, self.seconds - self.elapsed())

    def expired(self) -> bool:
        remaining = self.remaining()
        return remaining is not None and remaining <= 0.0


def format_seconds(seconds: float | None) -> str:
    """``m:ss`` for a countdown display (rounded up, so 0:00 means time is up)."""
    if seconds is None:
        return "no limit"
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"
