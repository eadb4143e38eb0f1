"""The registry of games and tools the main window offers.

Each UI package exposes ``ENTRIES``: a list of :class:`wordstudio.ui.page.GameEntry`.
"""

from __future__ import annotations

import importlib

from wordstudio.ui.page import GameEntry

ENTRY_MODULES = (
    "wordstudio.ui.crossword",
    "wordstudio.ui.wordforword",
    "wordstudio.ui.wordwar",
    "wordstudio.ui.designer",
)


def game_entries() -> list[GameEntry]:
    entries: list[GameEntry] = []
    for name in ENTRY_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        entries.extend(getattr(module, "ENTRIES", []))
    return entries
