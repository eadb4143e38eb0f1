"""The settings file (wordstudio.ui.context.Settings): read, set aside when damaged (the
defaults used and the reason kept), values of the wrong kind never handed out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordstudio.ui.context import MAX_SETTINGS_BYTES, Settings


def test_a_settings_file_is_read_and_written_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"wordwar/page": "letter", "appearance": "dark"}))
    settings = Settings(path)
    assert settings.load_error is None
    assert settings.get("wordwar/page", "a4") == "letter"
    settings.set("appearance", "light")
    assert json.loads(path.read_text())["appearance"] == "light"


def test_a_byte_order_mark_is_not_damage(tmp_path: Path) -> None:
    """Editors such as Windows Notepad may start a UTF-8 file with a byte-order mark."""
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"wordwar/page": "letter"}).encode())
    settings = Settings(path)
    assert settings.load_error is None and settings.get("wordwar/page", "a4") == "letter"


@pytest.mark.parametrize("content, reason", [
    (b'{"appearance": "dark"', "Expecting"),
    (b"[1, 2]", "does not hold a JSON object"),
    (b'{"a": "\xff"}', "can't decode"),
    (b'{"a": ' + b"[" * 100 + b"]" * 100 + b"}", "nested"),
    (b'{"a": 1' + b"0" * 40 + b"}", "digits"),
    (b" " * (MAX_SETTINGS_BYTES + 1), "too large"),
])
def test_a_damaged_file_is_set_aside_and_the_defaults_used(tmp_path: Path, content: bytes,
                                                           reason: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings = Settings(path)
    assert settings.load_error is not None
    assert str(path) in settings.load_error and reason in settings.load_error
    assert settings.get("appearance", "system") == "system"
    assert not path.exists() and (tmp_path / "settings.bad").read_bytes() == content
    # Said at start-up (the window's status bar): the defaults, where the file went, why.
    notice = settings.notice()
    assert notice is not None and notice.startswith("Your settings could not be read")
    assert "kept as settings.bad" in notice and reason in notice and str(path) not in notice


def test_a_good_or_missing_settings_file_needs_no_notice(tmp_path: Path) -> None:
    assert Settings(tmp_path / "missing.json").notice() is None
    (tmp_path / "settings.json").write_text("{}")
    assert Settings(tmp_path / "settings.json").notice() is None


def test_a_value_of_another_kind_gives_the_default(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"wordwar/page": 7, "wordwar/hide_people": "yes",
                                "recent_files": {"a": 1}, "zoom": 2.5}))
    settings = Settings(path)
    assert settings.get("wordwar/page", "a4") == "a4"
    assert settings.get("wordwar/hide_people", False) is False
    assert settings.get("recent_files", []) == []
    assert settings.get("zoom", 1) == 2.5  # a number for a number
    assert settings.recent_files() == []


def test_a_layout_is_used_only_as_qt_wrote_it(tmp_path: Path, qapp) -> None:
    """A window's layout goes to Qt only when its bytes are the ones kept: a damaged count
    in a main window's state (two toolbars read as 1.6 billion) kept restoreState busy for
    minutes, so the program hung at start-up on a damaged settings file."""
    from PySide6.QtCore import QByteArray
    from PySide6.QtWidgets import QMainWindow, QToolBar

    window = QMainWindow()
    window.addToolBar(QToolBar("game-toolbar"))
    path = tmp_path / "settings.json"
    settings = Settings(path)
    settings.set_layout("window/state", window.saveState())
    again = Settings(path)
    assert again.layout("window/state") == window.saveState()
    # One byte changed, as in the state the fuzz run found (a count's top byte).
    damaged = json.loads(path.read_text())
    state = bytearray(QByteArray.fromBase64(damaged["window/state"]["data"].encode()).data())
    state[len(state) // 2] ^= 0x60
    damaged["window/state"]["data"] = QByteArray(bytes(state)).toBase64().toStdString()
    path.write_text(json.dumps(damaged))
    assert Settings(path).layout("window/state") is None
    # Layouts of older versions (plain base64) and values of other kinds are not used.
    for value in ("AAAA/wAAAAD9", 7, {"data": 5, "sha256": "x"}, {"data": "AAAA"}):
        path.write_text(json.dumps({"window/state": value}))
        assert Settings(path).layout("window/state") is None
