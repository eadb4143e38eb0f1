"""Names that stand for no regular file - a named pipe, a device, a folder - for the tests
that every writer refuses them (tests/test_ui_special_files.py, the crossword page's own)."""

from __future__ import annotations

import os
from pathlib import Path

KINDS = ("pipe", "device", "folder")
#: What the refusal says of each kind.
SAID = {"pipe": "it is a named pipe, not a file", "device": "it is a device, not a file",
        "folder": "there is a folder of that name"}


def make_special(kind: str, path: Path) -> None:
    """Make ``path`` a named pipe, a link to the null device or a folder."""
    if kind == "pipe":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to(os.devnull)
    else:
        path.mkdir()
