"""A disk that refuses writes, for tests of what saving does then.

:func:`broken_disk` makes every new file fail as it would on a full disk (the data is
written, then the flush to the disk fails with ENOSPC, as it does when the last blocks
cannot be had) or in a read-only folder (no file can be created: EROFS).  Running as the
superuser, a folder's permissions stop nothing, so the refusal is made at the system
calls every save goes through (:func:`wordstudio.paths.atomic_write_bytes`).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest

#: What the person is told for each fault (wordstudio.paths' reasons).
REASONS = {"full": "the disk is full", "read-only": "the folder is on a read-only disk"}


@contextmanager
def broken_disk(fault: str) -> Iterator[str]:
    """Inside, writes fail with ``fault`` ("full" or "read-only"); yields what the person
    is told."""
    real_open = os.open

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def read_only(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    patch = (mock.patch.object(os, "fsync", no_space) if fault == "full"
             else mock.patch.object(os, "open", read_only))
    with patch:
        yield REASONS[fault]


def temporaries(folder: Path) -> list[Path]:
    """Temporary files left anywhere under ``folder``."""
    return sorted(folder.rglob("*.tmp"))


def refusals(monkeypatch: pytest.MonkeyPatch, page_module: str, elsewhere: Path) -> list[str]:
    """The warnings a page shows (collected, not shown), its Save As dialog answering
    ``elsewhere``.  ``page_module`` is the module whose QFileDialog the page uses."""
    from PySide6.QtWidgets import QMessageBox

    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    monkeypatch.setattr(f"{page_module}.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(elsewhere), ""))
    return warnings


def said_why(warnings: list[str], reason: str, count: int) -> bool:
    """``count`` warnings, each giving the reason and saying nothing saved was lost."""
    return len(warnings) == count and all(
        reason in w and "nothing already saved was changed" in w for w in warnings)
