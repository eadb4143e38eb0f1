"""Services shared by every page: settings, the background runner, recent files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QObject, Signal

from wordstudio.jsonfile import load_json
from wordstudio.paths import atomic_write_text, config_dir, read_limited
from wordstudio.ui.workers import BackgroundRunner

MAX_RECENT = 10
#: A settings file is a few kB; a larger one is not ours.
MAX_SETTINGS_BYTES = 1_000_000


class Settings(QObject):
    """Per-user settings stored as JSON in the platformdirs config folder.

    JSON (not QSettings) so the file is readable, portable between machines and easy to
    reset; a damaged file (not JSON, too large, not an object) is set aside (renamed
    ``.bad``), ``load_error`` says why, and defaults are used.  :meth:`get` with a
    default gives the default for a value of another type, so an edited file can never
    hand a page a number where it expects text.  A settings file that cannot be written
    (a read-only folder, a full disk) costs the change, never the program.
    """

    changed = Signal(str)

    def __init__(self, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path or (config_dir() / "settings.json")
        self._values: dict[str, Any] = {}
        self.load_error: str | None = None
        self._damage: str | None = None  # why the file was set aside
        self.save_error: str | None = None
        try:
            raw = read_limited(self.path, MAX_SETTINGS_BYTES, "settings file")
        except FileNotFoundError:
            return
        except OSError as exc:
            self._set_aside(exc.strerror or str(exc))
            return
        try:
            # "utf-8-sig": an editor that starts the file with a byte-order mark (as
            # Windows Notepad may) has not damaged it.
            loaded = load_json(raw.decode("utf-8-sig"))
            if not isinstance(loaded, dict):
                raise ValueError("the settings file does not hold a JSON object")
            self._values = loaded
        except ValueError as exc:  # UnicodeDecodeError included
            self._set_aside(str(exc))

    def _set_aside(self, reason: str) -> None:
        self._damage = reason
        self.load_error = f"{self.path}: {reason}; using default settings"
        try:
            self.path.replace(self.path.with_suffix(".bad"))
        except OSError:
            pass

    def notice(self) -> str | None:
        """What to tell the person at start-up about the settings file, if anything: a
        damaged file is set aside and the defaults used, which should not go unsaid."""
        if self._damage is None:
            return None
        return (f"Your settings could not be read, so the defaults are used; the damaged "
                f"file was kept as {self.path.with_suffix('.bad').name} ({self._damage})")

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key``; ``default`` when it is unset or (with a default given)
        of another type than the default's."""
        value = self._values.get(key, default)
        if default is None or value is default:
            return value
        if isinstance(default, bool) or isinstance(value, bool):
            return value if isinstance(value, bool) and isinstance(default, bool) else default
        if isinstance(default, int | float) and isinstance(value, int | float):
            return value
        return value if isinstance(value, type(default)) else default

    def set(self, key: str, value: Any) -> None:
        if self._values.get(key) == value:
            return
        self._values[key] = value
        self.save()
        self.changed.emit(key)

    def save(self) -> None:
        """Write the settings; a failure is kept in ``save_error``, not raised."""
        try:
            atomic_write_text(self.path, json.dumps(self._values, indent=2, sort_keys=True))
            self.save_error = None
        except OSError as exc:
            self.save_error = str(exc)

    # --- window layouts -------------------------------------------------------------
    def set_layout(self, key: str, data: QByteArray) -> None:
        """Keep a window's or splitter's layout as Qt wrote it (``saveState``,
        ``saveGeometry``), with a digest of its bytes."""
        raw = bytes(data.data())
        self.set(key, {"data": data.toBase64().toStdString(), "sha256": _digest(raw)})

    def layout(self, key: str) -> QByteArray | None:
        """A layout kept by :meth:`set_layout`, or None when there is none or it is not
        the one Qt wrote: Qt trusts the counts inside a layout, and one damaged count
        (two toolbars read as 1.6 billion) kept ``restoreState`` busy for minutes at
        start-up.  A layout of an older version (plain text, no digest) is not used."""
        value = self.get(key)
        if not isinstance(value, dict):
            return None
        text, digest = value.get("data"), value.get("sha256")
        if not isinstance(text, str) or not isinstance(digest, str) or len(text) > 100_000:
            return None
        data = QByteArray.fromBase64(text.encode("ascii", "replace"))
        if _digest(bytes(data.data())) != digest:
            return None
        return data

    # --- recent files ---------------------------------------------------------------
    def recent_files(self) -> list[str]:
        return [p for p in self.get("recent_files", []) if isinstance(p, str) and _exists(p)]

    def add_recent_file(self, path: Path | str) -> None:
        path = str(Path(path).resolve())
        recent = [p for p in self.get("recent_files", []) if p != path]
        self.set("recent_files", [path, *recent][:MAX_RECENT])


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _exists(path: str) -> bool:
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


class AppContext:
    """Handed to every page: the shared settings and the background runner."""

    def __init__(self, settings: Settings, runner: BackgroundRunner) -> None:
        self.settings = settings
        self.runner = runner
