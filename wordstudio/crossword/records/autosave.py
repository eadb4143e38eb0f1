"""Autosave: every game in progress is written to one file per game after every move.

The GUI calls :func:`autosave` after every action (and after undo/redo), calls
:func:`discard_autosave` when a finished game is closed cleanly (an unfinished game closed
on purpose may keep it, to be offered later), and at start-up offers to resume each of
:func:`pending_autosaves` (open it with :func:`resume`; discard it when the user
declines, or when it cannot be loaded).

Each write keeps the copy before it (``<file>.prev``): an autosave found damaged is
reported and its previous copy - one move earlier - is offered instead
(:mod:`wordstudio.recovery`).
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from wordstudio.crossword.game import Game
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.native import (
    FORMAT,
    SUFFIX,
    _format,
    _id_of,
    game_to_dict,
    load_game,
)
from wordstudio.crossword.records.saved import RecordNote, read_text
from wordstudio.jsonfile import load_json
from wordstudio.paths import (
    PREVIOUS_SUFFIX,
    atomic_write_text,
    autosave_dir,
    previous_copy,
    remove_orphan_temporaries,
)
from wordstudio.recovery import Recovered, discard, recover

AUTOSAVE_PREFIX = "crossword-"

__all__ = ["AUTOSAVE_PREFIX", "autosave", "autosave_path", "discard_autosave",
           "pending_autosaves", "resume"]


def autosave_path(game: Game) -> Path:
    return _autosave_path(game_to_dict(game))


def _autosave_path(data: dict[str, Any]) -> Path:
    return autosave_dir() / f"{AUTOSAVE_PREFIX}{_id_of(data)}{SUFFIX}"


def autosave(game: Game) -> Path:
    """Save ``game`` to its autosave file (atomically, keeping the previous copy) and
    return the file's path; SaveError (an OSError) when the disk refuses."""
    data = game_to_dict(game)
    path = _autosave_path(data)
    atomic_write_text(path, _format(data), keep_previous=True)
    return path


def pending_autosaves() -> list[Path]:
    """Autosaves of games that are not finished, newest first: a start-up offers to
    resume them (open with :func:`resume`).  An autosave that cannot be read counts when
    its previous copy is of an unfinished game.  Temporary files a crash left behind
    are removed."""
    folder = autosave_dir()
    remove_orphan_temporaries(folder)
    found: list[tuple[float, Path]] = []
    names = {p.name for p in folder.glob(f"{AUTOSAVE_PREFIX}*{SUFFIX}")}
    names |= {p.name[: -len(PREVIOUS_SUFFIX)]
              for p in folder.glob(f"{AUTOSAVE_PREFIX}*{SUFFIX}{PREVIOUS_SUFFIX}")}
    for name in names:
        path = folder / name
        for source in (path, previous_copy(path)):
            unfinished = _unfinished(source)
            if unfinished is not None:
                if unfinished:
                    found.append((_modified(source), path))
                break
    found.sort(key=lambda item: (-item[0], item[1].name))
    return [path for _, path in found]


def _unfinished(path: Path) -> bool | None:
    """True for a readable record of an unfinished game, False for a finished one, None
    when the file is missing or cannot be read."""
    try:
        data = load_json(read_text(path))
    except (RecordError, ValueError):
        return None
    state = data.get("state") if isinstance(data, dict) else None
    if not isinstance(state, dict) or data.get("format") != FORMAT:
        return None
    return state.get("over") is False


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def resume(path: Path | str) -> Recovered[Game]:
    """The game an autosave holds, from its previous copy if the autosave itself is
    damaged (``Recovered.report()`` says so).  RecoveryError when neither can be read."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RecordNote)
        return recover(Path(path), load_game)


def discard_autosave(path: Path | str) -> None:
    """Remove an autosave file and its previous copy (a finished game closed cleanly, or
    a game the person chose not to resume); no error if they are gone."""
    discard(path)
