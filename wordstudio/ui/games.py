"""The registry of games and tools the main window offers.

Each UI package exposes ``ENTRIES``: a list of :class:`wordstudio.ui.page.GameEntry`.
"""

from __future__ import annotations

import importlib

from wordstudio.ui.page import GameEntry

ENTRY_MODULES = (
    "wordstudio.ui.crossword",
    "wordstudio.ui.review",
    "wordstudio.ui.wordforword",
    "wordstudio.ui.wordwar",
    "wordstudio.ui.designer",
)


def game_entries() -> list[GameEntry]:
    entries: list[GameEntry] = []
    for name in ENTRY_MODULES:
        entries.extend(importlib.import_module(name).ENTRIES)
    return entries
