"""Kill drills: a game in a real program process, killed with SIGKILL at random moments,
must resume with every move it had saved.

One drill plays one kind of game (:data:`~tests.drills.child.GAMES`) in its own home
folder.  Each cycle starts the program (:mod:`tests.drills.child`), which resumes the
interrupted game or begins a new one; the drill checks the resumed game against the
moves the killed process had reported saved, waits a random time while the game plays,
then kills the whole process group (the program and its worker processes) with
SIGKILL.  A move counts as lost when a move reported saved is missing from the resumed
game, or the resumed game differs in a move it kept.  After each start-up no temporary
file may be left in the user's folders (the program removes what a kill left behind).
"""

from __future__ import annotations

import json
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.conftest import REPO

#: How long a child may take to start (Python, Qt, the word list from the cache).
START_SECONDS = 120.0
#: The longest wait before a kill: a few moves of each game (a WORDwhami computer
#: thinks for seconds on its 30x30 board).
LONGEST_WAIT = {"crossword": 6.0, "wordwhami": 20.0, "wordforword": 6.0, "wordwar": 6.0}
#: Moves one autosave may add where it is more than one: Word War saves once a card, when
#: both of the drill's players have answered it (the card, two answers, and a new round).
ONE_SAVE = {"wordwar": 4}


@dataclass
class DrillResult:
    """What one game's drill found."""

    game: str
    kills: int = 0
    #: Moves the killed processes had reported saved, summed over the kills.
    moves_saved: int = 0
    moves_lost: int = 0
    #: Resumptions that had to use the previous copy (the autosave was damaged).
    from_previous: int = 0
    orphans: list[str] = field(default_factory=list)
    games_finished: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


class Child:
    """One run of the program, its output read line by line."""

    def __init__(self, game: str, home: Path, seed: int) -> None:
        env = dict(os.environ, WORDSTUDIO_HOME=str(home), QT_QPA_PLATFORM="offscreen",
                   PYTHONPATH=str(REPO))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.drills.child", game, str(seed)], cwd=REPO, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
        self._buffer = b""

    def lines(self, until: float) -> list[dict]:
        """Messages printed before ``until`` (a monotonic time) or the end of output."""
        assert self.process.stdout is not None
        out: list[dict] = []
        fd = self.process.stdout.fileno()
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return out
            ready, _, _ = select.select([fd], [], [], min(left, 0.2))
            if not ready:
                if self.process.poll() is not None and not self._pending(fd):
                    return out
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                return out
            self._buffer += chunk
            *complete, self._buffer = self._buffer.split(b"\n")
            for line in complete:
                try:
                    out.append(json.loads(line))
                except ValueError:
                    continue  # not one of ours (a library's message)
            if out and "start" in out[-1] or any("over" in m for m in out):
                return out

    @staticmethod
    def _pending(fd: int) -> bool:
        ready, _, _ = select.select([fd], [], [], 0)
        return bool(ready)

    def kill(self) -> list[dict]:
        """SIGKILL the program and its workers; the lines it printed before dying."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
        rest = self._drain()
        self._close()
        return rest

    def finish(self) -> None:
        if self.process.poll() is None:
            self.kill()
        else:
            self._close()

    def _drain(self) -> list[dict]:
        assert self.process.stdout is not None
        data = self._buffer + self.process.stdout.read()
        self._buffer = b""
        out = []
        for line in data.split(b"\n"):
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
        return out

    def _close(self) -> None:
        if self.process.stdout is not None:
            self.process.stdout.close()


def temporaries(home: Path) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in home.rglob("*.tmp"))


def run_drill(game: str, kills: int, *, seed: int = 1, home: Path | None = None,
              longest_wait: float | None = None) -> DrillResult:
    """Kill ``game`` ``kills`` times at random moments; see the module docstring."""
    rng = random.Random(f"{seed}:{game}")
    own_home = home is None
    home = home or Path(tempfile.mkdtemp(prefix=f"wordstudio-drill-{game}-"))
    result = DrillResult(game)
    began = time.monotonic()
    try:
        _drill(game, kills, seed, home, longest_wait, rng, result)
    finally:
        result.seconds = time.monotonic() - began
    if own_home:
        if result.problems or result.orphans:
            result.problems.append(f"its files are kept in {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)
    return result


def _drill(game: str, kills: int, seed: int, home: Path, longest_wait: float | None,
           rng: random.Random, result: DrillResult) -> None:
    saved: list[str] | None = None  # what the last killed process had on disk
    step = ONE_SAVE.get(game, 1)  # the most moves one autosave adds (or was seen to)
    games = 0
    while result.kills < kills:
        child = Child(game, home, seed * 1000 + games)
        try:
            first = child.lines(time.monotonic() + START_SECONDS)
            start = next((m for m in first if "start" in m), None)
            if start is None:
                result.problems.append(f"the program did not start ({first[-3:]})")
                break
            _check_resume(result, saved, start, step)
            result.orphans += temporaries(home)
            # A new game is on disk only from its first autosave on.
            latest = start["moves"] if start["start"] == "resumed" else []
            wait = rng.uniform(0.05, longest_wait or LONGEST_WAIT[game])
            messages = child.lines(time.monotonic() + wait)
            if any("over" in m for m in messages):
                result.games_finished += 1
                games += 1
                saved = None
                child.finish()
                continue
            messages += child.kill()
            for message in messages:
                if "over" in message:
                    saved = None
                    break
                if "moves" in message:
                    # One autosave may add several moves (Word War saves once a card,
                    # after every player has answered it).
                    step = max(step, len(message["moves"]) - len(latest))
                    latest = message["moves"]
            else:
                saved = latest
            result.kills += 1
            result.moves_saved += len(saved or [])
        finally:
            child.finish()
    if saved is not None:
        child = Child(game, home, seed * 1000 + games)
        try:
            first = child.lines(time.monotonic() + START_SECONDS)
            start = next((m for m in first if "start" in m), None)
            if start is None:
                result.problems.append("the program did not start after the last kill")
            else:
                _check_resume(result, saved, start, step)
                result.orphans += temporaries(home)
        finally:
            child.finish()


def _check_resume(result: DrillResult, saved: list[str] | None, start: dict, step: int) -> None:
    """The resumed game must hold every move the killed process had saved, and at most
    one autosave's worth (``step`` moves) more: the save the kill came after, before it
    was reported; with none saved (the first start, or the game had ended) nothing may be
    resumed."""
    if saved is None:
        if start["start"] == "resumed":
            result.problems.append(f"kill {result.kills}: a game was resumed ({len(start['moves'])} "
                                   "moves) where none was in progress")
        return
    moves = start["moves"] if start["start"] == "resumed" else []
    if any("one move earlier" in w for w in start.get("warnings", [])):
        result.from_previous += 1
    kept = 0
    for before, after in zip(saved, moves, strict=False):
        if before != after:
            break
        kept += 1
    lost = len(saved) - kept
    if lost:
        result.moves_lost += lost
        result.problems.append(f"kill {result.kills}: {len(saved)} moves were saved, the "
                               f"resumed game ({start['start']}) keeps {kept}")
    if len(moves) > len(saved) + step:
        result.problems.append(f"kill {result.kills}: the resumed game has {len(moves)} moves, "
                               f"more than the {len(saved)} saved and one save of at most "
                               f"{step} being made")
