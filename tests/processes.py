"""Processes a program under test leaves behind (no tests here)."""

from __future__ import annotations

import time
from pathlib import Path


def left_behind(account: Path) -> list[str]:
    """Processes still running that the program under test started - its workers,
    multiprocessing's resource tracker: those whose environment names ``account`` (its
    ``WORDSTUDIO_HOME``).  A terminated worker may take a moment to go: this waits up to
    ten seconds for them."""
    mark = f"WORDSTUDIO_HOME={account}".encode()
    deadline = time.monotonic() + 10
    while True:
        found = []
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                if mark in (proc / "environ").read_bytes().split(b"\0"):
                    found.append(f"{proc.name}: {(proc / 'cmdline').read_bytes()[:200]!r}")
            except OSError:
                continue
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.2)
