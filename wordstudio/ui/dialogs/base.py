"""A dialog base class that remembers where the person put it and how big he made it.

As in MusicBrainz Picard, every dialog of the program derives from one small class that
saves its geometry in the per-user settings when it closes and restores it when it is
shown again, so people arrange their windows once.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QWidget

from wordstudio.ui import screenfit
from wordstudio.ui.contexthelp import ContextHelpKeys


class RememberingDialog(ContextHelpKeys, QDialog):
    """A QDialog whose geometry is kept in ``settings`` under ``dialogs/<name>``.

    ``settings`` is anything with ``get(key, default)`` and ``set(key, value)`` (the
    application's :class:`wordstudio.ui.context.Settings`); None remembers nothing.
    """

    def __init__(self, name: str, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"dialog-{name}")
        self.dialog_name = name
        self.settings = settings
        self._restored = False

    @property
    def geometry_key(self) -> str:
        return f"dialogs/{self.dialog_name}/geometry"

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt override
        if visible and not self.isVisible():
            # No taller than the screen (a 1280x720 one too) before Qt centres it.
            if not self.testAttribute(Qt.WidgetAttribute.WA_Resized):
                self.adjustSize()
            placed = self.testAttribute(Qt.WidgetAttribute.WA_Moved)
            screenfit.fit_dialog(self, place=True if placed else "centre")
        super().setVisible(visible)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        if not self._restored and self.settings is not None:
            self._restored = True
            saved = self.settings.layout(self.geometry_key)
            if saved is not None and self.restoreGeometry(saved):
                # Remembered on a bigger screen, perhaps: inside this one.
                screenfit.fit_dialog(self)
        super().showEvent(event)
        # With its real title bar known: back inside the screen if it overruns it.
        QTimer.singleShot(0, self, lambda: screenfit.settle(self) if self.isVisible() else None)

    def done(self, result: int) -> None:
        self.remember_geometry()
        super().done(result)

    def remember_geometry(self) -> None:
        if self.settings is not None and self.isVisible():
            self.settings.set_layout(self.geometry_key, self.saveGeometry())
