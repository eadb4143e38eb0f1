"""The one check of what a file name stands for, made before WordStudio reads the file
or writes another in its place.

A name can stand for something that is no plain file: a folder, a device (``/dev/null``,
``/dev/zero``, a terminal), a named pipe (FIFO) or a socket.  Read, a device may never
end (``/dev/zero`` fills the memory) and a pipe may wait for ever for a writer; replaced
by a save, ``/dev/null`` would become a plain file.  So:

* every reader of a file a person can name reads it with :func:`read_limited` - a plain
  file of at most so many bytes, opened without waiting (opening a pipe would block),
  refused otherwise - or checks it with :func:`check_readable` when something else must
  open it;
* every writer checks the name with :func:`check_replaceable` first
  (:func:`wordstudio.paths.atomic_write_bytes` does it for every save, export and print
  to a file): only a plain file, or a name no file has yet, is ever replaced.

A refusal is an OSError whose ``strerror`` says what the name stands for, as the callers'
one-line messages put it: "cannot read the file (it is a device, not a file)".
"""

from __future__ import annotations

import argparse
import errno
import os
import stat
from pathlib import Path

__all__ = ["check_readable", "check_replaceable", "file_name", "holds", "kind_of",
           "open_plain", "read_limited", "too_large"]


def file_name(text: str) -> Path:
    """A command-line argument that names a file (argparse's ``type``): an empty one is
    refused at once (as a Path it would be ``.``, the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty file name")
    return Path(text)


def kind_of(mode: int) -> str | None:
    """What a file of this ``st_mode`` is, when it is no plain file ("a folder", "a
    device", ...); None for a plain file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "no plain file"


def _refusal(path: Path | str, mode: int) -> OSError | None:
    kind = kind_of(mode)
    if kind is None:
        return None
    code = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
    return OSError(code, f"it is {kind}, not a file", str(path))


def _refuse_if_special(path: Path | str) -> None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return
    refusal = _refusal(path, info.st_mode)
    if refusal is not None:
        raise refusal from None


def check_replaceable(path: Path | str) -> None:
    """Refuse (OSError) to write in place of ``path`` unless it is a plain file or no file
    at all.  A link is judged by what it points to; a name that cannot be looked at
    (a missing folder on the way, no permission) is left to the writer to report."""
    if not str(path):
        raise OSError(errno.EINVAL, "no file name was given", str(path))
    _refuse_if_special(path)


def open_plain(path: Path | str) -> tuple[int, os.stat_result]:
    """A file descriptor of ``path`` opened for reading without waiting, and its status;
    OSError when it is no plain file (the descriptor is then closed).  For readers that
    need the descriptor itself (a memory map); the caller closes it."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except ValueError:  # a NUL character in the name
        raise OSError(errno.EINVAL, "no file can have this name", str(path)) from None
    except OSError:
        # Some cannot even be opened (a socket: "no such device or address"): say what
        # they are rather than why the system would not open them.
        _refuse_if_special(path)
        raise
    try:
        info = os.fstat(fd)
        refusal = _refusal(path, info.st_mode)
        if refusal is not None:
            raise refusal
    except BaseException:
        os.close(fd)
        raise
    return fd, info


def check_readable(path: Path | str, limit: int | None = None, what: str = "file") -> int:
    """Refuse (OSError) to read ``path`` unless it is a plain file (of at most ``limit``
    bytes); its size.  For readers that open the file themselves (a compressed file, a
    picture); :func:`read_limited` does both at once."""
    fd, info = open_plain(path)
    os.close(fd)
    if limit is not None and info.st_size > limit:
        raise OSError(errno.EFBIG, too_large(info.st_size, limit, what), str(path))
    return info.st_size


def read_limited(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of a file a person named, checked before they are read: it must be a
    plain file (not a folder, a device or a pipe, which could block or never end) of at
    most ``limit`` bytes.  Raises OSError whose ``strerror`` says what is wrong."""
    fd, info = open_plain(path)
    try:
        if info.st_size > limit:
            raise OSError(errno.EFBIG, too_large(info.st_size, limit, what), str(path))
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while being read
        raise OSError(errno.EFBIG, too_large(len(data), limit, what), str(path))
    return data


def holds(path: Path | str, data: bytes) -> bool:
    """True when ``path`` is a plain file holding exactly ``data`` (a writer that leaves
    a file alone when it already holds the same bytes asks this).  A name that is no
    plain file, or cannot be read, holds nothing - and is never waited on or read whole."""
    try:
        return read_limited(path, len(data), "file") == data
    except OSError:
        return False


def too_large(size: int, limit: int, what: str) -> str:
    """Why a file of ``size`` bytes is refused as a ``what`` of at most ``limit``."""
    return f"the file is too large for a {what}: {_size(size)}, at most {_size(limit)}"


def _size(count: int) -> str:
    if count >= 1_000_000:
        return f"{count / 1_000_000:.1f} MB"
    if count >= 1_000:
        return f"{count / 1_000:.0f} kB"
    return f"{count} bytes"
