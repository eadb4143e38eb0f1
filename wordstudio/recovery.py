"""Autosaves: finding the newest good copy of a game a crash interrupted.

Every game in progress is autosaved after every move with
``atomic_write_bytes(..., keep_previous=True)``, so beside the autosave lies the copy
before it (:func:`wordstudio.paths.previous_copy`).  When the autosave itself cannot be
read - cut short by a failing disk, damaged, edited - :func:`recover` reads the previous
copy instead and says what was wrong with the newest, so the person is told, not left
wondering where the game went.  Only the last move can be lost that way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from wordstudio.errors import UserError
from wordstudio.paths import previous_copy

T = TypeVar("T")


@dataclass(frozen=True)
class Recovered(Generic[T]):
    """A game read back from an autosave."""

    value: T
    #: The autosave file (later autosaves of the game overwrite it).
    path: Path
    #: The file the game was read from: the autosave, or its previous copy.
    source: Path
    #: Why the newest copy was not used (None when it was).
    problem: str | None = None

    @property
    def from_previous(self) -> bool:
        return self.source != self.path

    def report(self) -> str:
        """A sentence for the person when the previous copy had to be used ('' if not)."""
        if not self.from_previous:
            return ""
        return (f"The latest autosave could not be read ({self.problem}); the copy saved "
                "one move earlier is offered instead.")


class RecoveryError(UserError):
    """Neither the autosave nor its previous copy can be read."""

    def __init__(self, path: Path, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__("; ".join(problems) or f"{path}: there is no autosave")


def recover(path: Path | str, load: Callable[[Path], T]) -> Recovered[T]:
    """The game ``load`` reads from the autosave ``path``, or from its previous copy when
    the autosave is missing or refused (any :class:`UserError`).  RecoveryError (naming
    each problem) when neither can be read."""
    path = Path(path)
    problems: list[str] = []
    for source in (path, previous_copy(path)):
        if not _exists(source):
            if source == path:
                problems.append(f"{path}: the autosave is missing")
            continue
        try:
            return Recovered(load(source), path, source, problems[0] if problems else None)
        except UserError as exc:
            problems.append(str(exc))
    raise RecoveryError(path, problems)


def autosave_exists(path: Path | str) -> bool:
    """Whether there is an autosave at ``path`` (or a previous copy to fall back on)."""
    path = Path(path)
    return _exists(path) or _exists(previous_copy(path))


def discard(path: Path | str) -> None:
    """Remove an autosave and its previous copy (a game finished or closed on purpose).

    The previous copy goes first: a program killed in between leaves the newest copy
    (which says the game is over, or is declined again), never the older one alone,
    which would bring back the game one move before it ended."""
    path = Path(path)
    for file in (previous_copy(path), path):
        try:
            file.unlink(missing_ok=True)
        except OSError:
            pass  # a read-only folder: the offer at the next start can be declined


def _exists(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False
