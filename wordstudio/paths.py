"""Where WordStudio finds its shipped data and keeps each user's files.

Shipped data (``boards/``, ``lexicons/``, ``resources/``) sits beside the package in a
source checkout, and under ``sys._MEIPASS`` in a PyInstaller bundle.  The environment
variable ``WORDSTUDIO_DATA`` overrides both (tests and unusual installs).

Per-user folders come from platformdirs (the maintained successor of appdirs).  The
environment variable ``WORDSTUDIO_HOME`` puts all of them under one folder instead,
which keeps tests and portable installs away from the real user profile.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "WordStudio"
APP_AUTHOR = "WordStudio"


def data_root() -> Path:
    """The folder that holds ``boards/``, ``lexicons/`` and ``resources/``."""
    override = os.environ.get("WORDSTUDIO_DATA")
    if override:
        return Path(override)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def boards_dir() -> Path:
    return data_root() / "boards"


def lexicons_dir() -> Path:
    return data_root() / "lexicons"


def resources_dir() -> Path:
    return data_root() / "resources"


def _user_dir(kind: str) -> Path:
    home = os.environ.get("WORDSTUDIO_HOME")
    if home:
        path = Path(home) / kind
    else:
        import platformdirs

        getter = {
            "config": platformdirs.user_config_dir,
            "data": platformdirs.user_data_dir,
            "cache": platformdirs.user_cache_dir,
        }[kind]
        path = Path(getter(APP_NAME, APP_AUTHOR))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Per-user settings."""
    return _user_dir("config")


def user_data_dir() -> Path:
    """Per-user documents: saved games, autosave, the user's own boards."""
    return _user_dir("data")


def cache_dir() -> Path:
    """Per-user cache: compiled lexicon automata (``WORDSTUDIO_CACHE`` overrides it)."""
    override = os.environ.get("WORDSTUDIO_CACHE")
    if override:
        path = Path(override)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return _user_dir("cache")


def saved_games_dir() -> Path:
    path = user_data_dir() / "saved-games"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_dir() -> Path:
    path = user_data_dir() / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write_text(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` so that a crash never leaves a half-written file.

    The text goes to a temporary file in the same folder, is flushed to disk, and then
    replaces the target in one rename; the old file stays intact until that moment.
    """
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
