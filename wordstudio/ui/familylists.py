"""Settings > Family Word Lists: new games start on their list's family variant.

Every shipped list has a family variant without slurs and offensive words
(:func:`wordstudio.lexicon.catalog.family_variant`).  With this setting on, each new-game
dialog (crossword games, Word For Word, Word War) opens on the family variant of the list
it would have chosen; the person may still choose any list there.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QMenu

from wordstudio.lexicon.catalog import family_variant

SETTING = "word-lists/family"


def family_preferred(settings: Any) -> bool:
    """Whether new games start on family lists (remembered per user; off at first)."""
    return settings is not None and settings.get(SETTING, False) is True


def add_family_action(menu: QMenu, settings: Any) -> QAction:
    """The checkable Settings entry that turns family lists on and off."""
    action = menu.addAction("&Family Word Lists")
    action.setObjectName("family-word-lists")
    action.setCheckable(True)
    action.setChecked(family_preferred(settings))
    action.setStatusTip("New games start on word lists without slurs and offensive words")
    action.toggled.connect(lambda on: settings.set(SETTING, bool(on)))
    return action


def prefer_family(combo: QComboBox, settings: Any) -> None:
    """Choose the family variant of the list ``combo`` shows, when the setting is on and
    the combo offers it (a personal list or a file has none: it stays as it is)."""
    if not family_preferred(settings):
        return
    current = combo.currentData()
    if isinstance(current, str):
        index = combo.findData(family_variant(current))
        if index >= 0:
            combo.setCurrentIndex(index)
