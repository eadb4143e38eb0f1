"""Services shared by every page: settings, the background runner, recent files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from wordstudio.paths import atomic_write_text, config_dir
from wordstudio.ui.workers import BackgroundRunner

MAX_RECENT = 10


class Settings(QObject):
    """Per-user settings stored as JSON in the platformdirs config folder.

    JSON (not QSettings) so the file is readable, portable between machines and easy to
    reset; a corrupt file is set aside (renamed ``.bad``) and defaults are used.
    """

    changed = Signal(str)

    def __init__(self, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path or (config_dir() / "settings.json")
        self._values: dict[str, Any] = {}
        self.load_error: str | None = None
        if self.path.exists():
            try:
                loaded = json.loads(self.path.read_text(encoding="utf-8"))
                if not isinstance(loaded, dict):
                    raise ValueError("the settings file does not hold a JSON object")
                self._values = loaded
            except (OSError, ValueError) as exc:
                self.load_error = f"{self.path}: {exc}; using default settings"
                try:
                    self.path.replace(self.path.with_suffix(".bad"))
                except OSError:
                    pass

    def get(self, key: str, default: Any = None) -> Any:
        return self._values.get(key, default)

    def set(self, key: str, value: Any) -> None:
        if self._values.get(key) == value:
            return
        self._values[key] = value
        self.save()
        self.changed.emit(key)

    def save(self) -> None:
        atomic_write_text(self.path, json.dumps(self._values, indent=2, sort_keys=True))

    # --- recent files ---------------------------------------------------------------
    def recent_files(self) -> list[str]:
        return [p for p in self.get("recent_files", []) if Path(p).exists()]

    def add_recent_file(self, path: Path | str) -> None:
        path = str(Path(path).resolve())
        recent = [p for p in self.get("recent_files", []) if p != path]
        self.set("recent_files", [path, *recent][:MAX_RECENT])


class AppContext:
    """Handed to every page: the shared settings and the background runner."""

    def __init__(self, settings: Settings, runner: BackgroundRunner) -> None:
        self.settings = settings
        self.runner = runner
