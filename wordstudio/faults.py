"""Unexpected errors (bugs, not bad input): written to a log file, never shown as a traceback.

Bad input is a :class:`~wordstudio.errors.UserError` and is shown in plain words where
it happens.  Anything else that escapes to the edge of the program - the command line's
``main`` or the window's event loop - is a fault: its traceback is appended to
``wordstudio.log`` in the user's log folder (:func:`wordstudio.paths.log_dir`), and the
person is told in one line (or one dialog) what happened and where the details are.
The log is kept small: past :data:`MAX_LOG_BYTES` it is moved to ``wordstudio.log.1``.
"""

from __future__ import annotations

import datetime
import os
import platform
import sys
import traceback
from pathlib import Path
from typing import TextIO

from wordstudio import __version__, filecheck
from wordstudio.paths import log_dir

LOG_NAME = "wordstudio.log"
MAX_LOG_BYTES = 1_000_000


def log_path() -> Path:
    """The log file unexpected errors are written to."""
    return log_dir() / LOG_NAME


def _kept_small(path: Path) -> Path:
    """``path``, first moved to ``<name>.1`` when it has grown past :data:`MAX_LOG_BYTES`;
    OSError when it is no plain file (opened to append, a pipe would keep it waiting)."""
    filecheck.check_replaceable(path)
    if path.exists() and path.stat().st_size > MAX_LOG_BYTES:
        os.replace(path, path.with_name(path.name + ".1"))
    return path


def record_fault(exc: BaseException, where: str) -> Path | None:
    """Append ``exc``'s traceback to the log, saying ``where`` it happened.

    Returns the log file, or None when it could not be written (the log must never be
    the cause of a second failure).
    """
    try:
        path = _kept_small(log_path())
        stamp = datetime.datetime.now().isoformat(timespec="seconds")
        lines = [f"=== {stamp} WordStudio {__version__} (Python {platform.python_version()}, "
                 f"{platform.platform()}): unexpected error in {where}\n",
                 *traceback.format_exception(type(exc), exc, exc.__traceback__), "\n"]
        with open(path, "a", encoding="utf-8", errors="replace") as handle:
            handle.writelines(lines)
        return path
    except Exception:  # noqa: BLE001 - a failing log must not hide the first error
        return None


def describe_fault(exc: BaseException) -> str:
    """One line naming an unexpected error without its traceback."""
    if isinstance(exc, MemoryError):
        return "the computer ran out of memory"
    if isinstance(exc, RecursionError):
        return "a search went too deep (RecursionError)"
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if len(text) > 200:
        text = text[:197] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def fault_message(exc: BaseException, where: str) -> str:
    """Log ``exc`` and return the line to show: what failed and where the details are."""
    path = record_fault(exc, where)
    details = f"the details are in {path}" if path else "the log file could not be written"
    return f"internal error in {where} ({describe_fault(exc)}); {details}"


def print_fault(exc: BaseException, where: str) -> None:
    """For the command line: log ``exc`` and print one line to stderr."""
    try:
        print(f"wordstudio: {fault_message(exc, where)}", file=sys.stderr)
    except (OSError, ValueError):
        pass


# --- crashes ---------------------------------------------------------------------------------
CRASH_LOG_NAME = "crash.log"


def enable_crash_log() -> Path | None:
    """From now on a hard crash (a segfault in native code, an abort) writes every
    thread's Python stack to ``crash.log`` in the log folder before the process dies.

    A crash cannot be caught or reported in a dialog, but with this the next person who
    looks has the place it happened.  Returns the file, or None when it could not be
    opened, or when crashes are already reported elsewhere (``PYTHONFAULTHANDLER``, a
    test runner): that choice is left alone."""
    import faulthandler

    if faulthandler.is_enabled():
        return None
    try:
        path = _kept_small(log_dir() / CRASH_LOG_NAME)
        # Left open for the life of the process: faulthandler writes to its descriptor
        # from the signal handler, when nothing can be opened any more.
        handle = path.open("a", encoding="utf-8")
        handle.write(f"=== {datetime.datetime.now().isoformat(timespec='seconds')} WordStudio "
                     f"{__version__} started, pid {os.getpid()} (a crash would be described "
                     "below)\n")
        handle.flush()
        faulthandler.enable(file=handle, all_threads=True)
    except (OSError, ValueError, RuntimeError):
        return None
    _CRASH_LOG.append(handle)
    return path


_CRASH_LOG: list[TextIO] = []  # the open crash log, kept alive (see enable_crash_log)


def disable_crash_log() -> None:
    """Stop writing crashes to the crash log (the window has closed)."""
    import faulthandler

    while _CRASH_LOG:
        faulthandler.disable()
        _CRASH_LOG.pop().close()
