"""Where WordStudio finds its shipped data and keeps each user's files.

Shipped data (``boards/``, ``lexicons/``, ``resources/``) sits beside the package in a
source checkout, and under ``sys._MEIPASS`` in a PyInstaller bundle.  The environment
variable ``WORDSTUDIO_DATA`` overrides both (tests and unusual installs).

Per-user folders come from platformdirs (the maintained successor of appdirs).  The
environment variable ``WORDSTUDIO_HOME`` puts all of them under one folder instead,
which keeps tests and portable installs away from the real user profile.
"""

from __future__ import annotations

import errno
import glob
import os
import secrets
import sys
import time
from pathlib import Path

from wordstudio import filecheck
from wordstudio.errors import UserError, shown_path

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
            "log": platformdirs.user_log_dir,
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


def log_dir() -> Path:
    """Per-user log folder: unexpected errors are written there (:mod:`wordstudio.faults`)."""
    return _user_dir("log")


def saved_games_dir() -> Path:
    path = user_data_dir() / "saved-games"
    path.mkdir(parents=True, exist_ok=True)
    return path


def designs_dir() -> Path:
    """Per-user games made in the designer, each in a folder of its own with its parts."""
    path = user_data_dir() / "my-games"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_dir() -> Path:
    path = user_data_dir() / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path


# --- reading files a person names: the one check (wordstudio.filecheck) ---------------------
read_limited = filecheck.read_limited


# --- writing files safely ------------------------------------------------------------------
#: A copy of the file as it was before the last write (``keep_previous``).
PREVIOUS_SUFFIX = ".prev"
#: Temporary files are ``.<name>.<pid>.t<token>.tmp`` beside their target.
TEMP_SUFFIX = ".tmp"
#: A temporary file this old is an orphan even if its writer's process id is in use again.
ORPHAN_AGE = 600.0

_REASONS = {
    errno.ENOSPC: "the disk is full",
    errno.EROFS: "the folder is on a read-only disk",
    errno.EACCES: "permission denied: the folder or the file is read-only",
    errno.EPERM: "permission denied: the folder or the file is read-only",
    errno.EDQUOT: "the disk quota is used up",
    errno.ENOENT: "the folder does not exist",
    errno.ENOTDIR: "part of the path is not a folder",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.EISDIR: "there is a folder of that name",
}


class SaveError(UserError, OSError):
    """A file could not be written: names it and says why.  The file as it was before
    the attempt is untouched (an OSError too, so ``except OSError`` still catches it)."""

    def __init__(self, path: Path | str, reason: str, code: int | None = None) -> None:
        self.path = str(path)
        self.reason = reason
        # strerror is the reason alone, as for any OSError; str() the whole message.
        OSError.__init__(self, code or 0, reason)
        self.message = f"{shown_path(path)}: cannot save ({reason}); nothing already saved was changed"

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type[SaveError], tuple[str, str, int | None]]:
        return (SaveError, (self.path, self.reason, self.errno))

    @classmethod
    def from_os(cls, path: Path | str, exc: OSError) -> SaveError:
        if isinstance(exc, SaveError):
            return exc
        reason = _REASONS.get(exc.errno or 0) or exc.strerror or str(exc)
        return cls(path, reason, exc.errno)


def previous_copy(path: Path | str) -> Path:
    """Where ``atomic_write_bytes(..., keep_previous=True)`` keeps the last copy."""
    path = Path(path)
    return path.with_name(path.name + PREVIOUS_SUFFIX)


def atomic_write_text(path: Path | str, text: str, encoding: str = "utf-8", *,
                      keep_previous: bool = False) -> None:
    """Write ``text`` to ``path`` so that a crash never leaves a half-written file
    (see :func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode(encoding), keep_previous=keep_previous)


def atomic_write_bytes(path: Path | str, data: bytes, *, keep_previous: bool = False) -> None:
    """Write ``data`` to ``path`` atomically; :class:`SaveError` when it cannot be done.

    The bytes go to a temporary file in the same folder, are flushed to the disk, and
    then replace the target in one rename, so at every moment the target is either the
    old file or the new one, whole.  With ``keep_previous`` the old file is kept as
    :func:`previous_copy` (a hard link, so the target never goes missing) for a reader
    to fall back on if the newest copy is ever found damaged.  A full disk or a
    read-only folder leaves the old file as it was.  Temporary files a killed program
    left behind beside the target are removed.  A target that is no plain file (a
    device, a pipe, a folder: :func:`~wordstudio.filecheck.check_replaceable`) is
    refused and left as it is.
    """
    path = Path(path)
    try:
        # Only a plain file or a new name is replaced: never a device, a pipe, a folder.
        filecheck.check_replaceable(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_orphan_temporaries(path.parent, path.name)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.t{secrets.token_hex(4)}{TEMP_SUFFIX}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)
    except OSError as exc:
        raise SaveError.from_os(path, exc) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_previous and path.is_file():
            _keep_copy(path, previous_copy(path))
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except OSError as exc:
        raise SaveError.from_os(path, exc) from None
    finally:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def _keep_copy(path: Path, copy: Path) -> None:
    """``copy`` becomes the file at ``path`` as it is now."""
    copy.unlink(missing_ok=True)
    try:
        os.link(path, copy)
    except OSError:
        # No hard links here (some network and FAT disks): a copy, written safely.
        atomic_write_bytes(copy, path.read_bytes())


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for a renamed file to the disk (POSIX; elsewhere the
    rename is already durable or cannot be flushed)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_orphan_temporaries(folder: Path | str, name: str | None = None) -> list[Path]:
    """Remove temporary files a killed writer left in ``folder`` (only those for the
    file ``name`` when it is given); returns what was removed.

    A temporary file is an orphan when the process that made it has ended, or when it
    is older than :data:`ORPHAN_AGE` (a process id may be in use again).
    """
    folder = Path(folder)
    pattern = f".{glob.escape(name)}.*{TEMP_SUFFIX}" if name else f".*{TEMP_SUFFIX}"
    removed: list[Path] = []
    try:
        candidates = list(folder.glob(pattern))
    except OSError:
        return removed
    now = time.time()
    for candidate in candidates:
        pid = _writer_pid(candidate.name)
        try:
            old = now - candidate.stat().st_mtime > ORPHAN_AGE
            if pid == os.getpid() and not old:
                continue
            if old or pid is None or not _process_alive(pid):
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            continue
    return removed


def _writer_pid(name: str) -> int | None:
    """The process id in ``.<name>.<pid>.t<token>.tmp`` (or the older ``.<name>.<pid>.tmp``)."""
    parts = name[: -len(TEMP_SUFFIX)].split(".")
    part = parts[-2] if parts[-1].startswith("t") and len(parts) > 1 else parts[-1]
    return int(part) if part.isdigit() and part.isascii() else None


def _process_alive(pid: int) -> bool:
    if os.name != "posix":
        # os.kill would end the process on Windows: rely on the file's age there.
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, but belongs to someone else
    return True
