"""A GCG record whose racks or scores did not add up opens in the window, which says
once, on opening, what the file said and what was assumed (the same notes ``replay``
prints)."""

from __future__ import annotations

import pytest

from tests.conftest import REPO
from tests.test_ui_crossword_support import open_window
from wordstudio.crossword.records.gcgread import read_gcg
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.dialogs import messages

QUIRKS = REPO / "tests" / "data" / "gcg" / "quirks"


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    yield from open_window(qtbot, tmp_path, monkeypatch)


def test_the_notes_of_a_record_are_shown_once_on_opening(qtbot, window, monkeypatch) -> None:
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(messages, "choose", lambda *a: 1)
    monkeypatch.setattr(messages, "inform", lambda parent, title, text: said.append(
        ("inform", text)))
    monkeypatch.setattr(messages, "warn", lambda parent, title, text: said.append(("warn", text)))
    path = QUIRKS / "rack-lacks-tile.gcg"
    page = window.open_path(path)
    assert isinstance(page, CrosswordPage) and page.game.scores == [44, 36]
    assert said == [("inform", "\n".join(read_gcg(path).notes))]
    assert "line 5: the record gives nicole's rack as AEIRTTU" in said[0][1]
