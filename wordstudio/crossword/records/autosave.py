"""Autosave: every game in progress is written to one file per game after every move.

The GUI calls :func:`autosave` after every action (and after undo/redo), calls
:func:`discard_autosave` when a finished game is closed cleanly (an unfinished game closed
on purpose may keep it, to be offered later), and at start-up offers to resume each of
:func:`pending_autosaves` (open it with :func:`~.native.load_game`; discard it when the
user declines, or when it cannot be loaded).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wordstudio.crossword.game import Game
from wordstudio.crossword.records.native import FORMAT, SUFFIX, _format, _id_of, game_to_dict
from wordstudio.paths import atomic_write_text, autosave_dir

AUTOSAVE_PREFIX = "crossword-"

__all__ = ["AUTOSAVE_PREFIX", "autosave", "autosave_path", "discard_autosave",
           "pending_autosaves"]


def autosave_path(game: Game) -> Path:
    return _autosave_path(game_to_dict(game))


def _autosave_path(data: dict[str, Any]) -> Path:
    return autosave_dir() / f"{AUTOSAVE_PREFIX}{_id_of(data)}{SUFFIX}"


def autosave(game: Game) -> Path:
    """Save ``game`` to its autosave file (atomically) and return the file's path."""
    data = game_to_dict(game)
    path = _autosave_path(data)
    atomic_write_text(path, _format(data))
    return path


def pending_autosaves() -> list[Path]:
    """Autosaved games that are not finished, newest first: a start-up offers to resume
    them (open with :func:`load_game`).  Damaged files are left out (and left alone)."""
    found: list[tuple[float, Path]] = []
    for path in autosave_dir().glob(f"{AUTOSAVE_PREFIX}*{SUFFIX}"):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            modified = path.stat().st_mtime
        except (OSError, ValueError):
            continue
        state = data.get("state") if isinstance(data, dict) else None
        if (isinstance(state, dict) and data.get("format") == FORMAT
                and state.get("over") is False):
            found.append((modified, path))
    found.sort(key=lambda item: (-item[0], item[1].name))
    return [path for _, path in found]


def discard_autosave(path: Path | str) -> None:
    """Remove an autosave file (a finished game closed cleanly); no error if it is gone."""
    Path(path).unlink(missing_ok=True)
