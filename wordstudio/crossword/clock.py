"""Turn and game clocks: the engine keeps the time and applies the rules.

* Turn limit (Computer SCRABBLE: 10 seconds to 9:59): a turn that runs over is lost.
* Game clock: each player has a budget for the whole game; time beyond it costs
  ``overtime_penalty`` points per started minute, settled at the end.

Time comes from an injectable ``now`` function (``time.monotonic`` by default) so tests
can drive the clock exactly.  The GUI only displays what :class:`Clocks` reports.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

MIN_TURN_LIMIT = 10
MAX_TURN_LIMIT = 9 * 60 + 59
#: The longest game clock or game duration: a hundred hours.
MAX_GAME_SECONDS = 100 * 3600
#: The most points a started minute over the game clock can cost.
MAX_OVERTIME_PENALTY = 1000


@dataclass(frozen=True)
class ClockSettings:
    """0 switches a limit off."""

    turn_limit: int = 0  # seconds per turn (10 .. 599)
    game_limit: int = 0  # seconds per player for the whole game
    overtime_penalty: int = 10  # points per started minute over the game limit
    #: The whole game's length, all players together (WORDwhami "Limits 2"): the game
    #: ends with the first turn that finishes after it.
    game_duration: int = 0

    def __post_init__(self) -> None:
        if self.turn_limit and not MIN_TURN_LIMIT <= self.turn_limit <= MAX_TURN_LIMIT:
            raise ValueError(
                f"the turn limit must be {MIN_TURN_LIMIT} s to 9:59, not {self.turn_limit} s")
        if self.game_limit < 0 or self.overtime_penalty < 0 or self.game_duration < 0:
            raise ValueError("clock settings cannot be negative")
        if self.game_limit > MAX_GAME_SECONDS or self.game_duration > MAX_GAME_SECONDS:
            raise ValueError(f"a game clock runs for at most {MAX_GAME_SECONDS // 3600} hours")
        if self.overtime_penalty > MAX_OVERTIME_PENALTY:
            raise ValueError(f"the overtime penalty is at most {MAX_OVERTIME_PENALTY} points a "
                             "minute")


def format_seconds(seconds: float) -> str:
    """``m:ss`` (``-m:ss`` when over)."""
    sign = "-" if seconds < 0 else ""
    whole = int(math.ceil(abs(seconds))) if seconds > 0 else int(abs(seconds))
    return f"{sign}{whole // 60}:{whole % 60:02d}"


class Clocks:
    """Time used by each player, and the running turn."""

    def __init__(self, settings: ClockSettings, players: int,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.now = now
        self.used = [0.0] * players
        self.turn_started: float | None = None
        self.paused_at: float | None = None

    def start_turn(self) -> None:
        self.turn_started = self.now()
        self.paused_at = None

    def turn_elapsed(self) -> float:
        if self.turn_started is None:
            return 0.0
        end = self.paused_at if self.paused_at is not None else self.now()
        return max(0.0, end - self.turn_started)

    def pause(self) -> None:
        """Stop the running turn's clock (a dialog between players, a saved game)."""
        if self.turn_started is not None and self.paused_at is None:
            self.paused_at = self.now()

    def resume(self) -> None:
        if self.turn_started is not None and self.paused_at is not None:
            self.turn_started += self.now() - self.paused_at
            self.paused_at = None

    def end_turn(self, player: int) -> float:
        """Charge the running turn to ``player``; returns its length in seconds."""
        seconds = self.turn_elapsed()
        self.used[player] += seconds
        self.turn_started = None
        self.paused_at = None
        return seconds

    def turn_remaining(self) -> float | None:
        if not self.settings.turn_limit:
            return None
        return self.settings.turn_limit - self.turn_elapsed()

    def turn_expired(self) -> bool:
        remaining = self.turn_remaining()
        return remaining is not None and remaining <= 0

    def game_remaining(self, player: int, running: bool) -> float | None:
        if not self.settings.game_limit:
            return None
        used = self.used[player] + (self.turn_elapsed() if running else 0.0)
        return self.settings.game_limit - used

    def total_used(self) -> float:
        return sum(self.used)

    def game_over_time(self) -> bool:
        """True once the whole game has run for its agreed duration."""
        return bool(self.settings.game_duration) and self.total_used() >= self.settings.game_duration

    def overtime_penalty(self, player: int) -> int:
        """Points lost for time beyond the game limit (per started minute)."""
        if not self.settings.game_limit:
            return 0
        over = self.used[player] - self.settings.game_limit
        if not over > 0:
            return 0
        # Times are checked when a game is read, but a clock must never be what fails.
        minutes = math.ceil(over / 60) if math.isfinite(over) else 0
        return minutes * self.settings.overtime_penalty
