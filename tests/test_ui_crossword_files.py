"""Crossword games and files: save, close, open, continue; autosave and resume after a crash."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from tests.disk_faults import broken_disk, said_why, temporaries
from tests.special_files import KINDS, SAID, make_special
from tests.test_ui_crossword_support import (
    best_decision,
    drag_move,
    make_context,
    new_game,
    wait_for_person,
)
from wordstudio.crossword.records import autosave as records
from wordstudio.crossword.records import native
from wordstudio.ui.crossword import ENTRIES, open_game
from wordstudio.ui.crossword.options import TableOptions
from wordstudio.ui.dialogs import messages
from wordstudio.ui.mainwindow import MainWindow


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


@pytest.fixture
def window(qtbot, context):
    context.settings.set("crossword/options", TableOptions(animation_speed=0).to_json())
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(1200, 820)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture(autouse=True)
def dont_save_on_close(monkeypatch):
    """Windows closed at the end of a test do not save their game (tests override)."""
    monkeypatch.setattr(messages, "choose", lambda *a: 1)


@pytest.fixture(autouse=True)
def no_autosaves_left():
    """Each test starts with no autosaved games (they live in the per-user folder)."""
    for path in records.pending_autosaves():
        records.discard_autosave(path)
    yield
    for path in records.pending_autosaves():
        records.discard_autosave(path)


def play_a_turn(qtbot, page) -> None:
    wait_for_person(qtbot, page)
    drag_move(qtbot, page, best_decision(page.game).action)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    wait_for_person(qtbot, page)


def test_save_close_open_and_continue(qtbot, window, tmp_path, monkeypatch):
    from wordstudio.ui.crossword.page import CrosswordPage

    page = CrosswordPage(window.context, game=new_game("scrabble.cfg", seed=31))
    window.show_page(page)
    play_a_turn(qtbot, page)
    game = page.game
    ply, scores, board = game.ply, list(game.scores), game.board.to_rows()
    rack = game.racks[0].tiles
    path = tmp_path / "evening.crossword"
    monkeypatch.setattr("wordstudio.ui.crossword.page.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(path), ""))
    window.save_action.trigger()
    assert path.exists() and not page.dirty
    assert "evening.crossword" in window.windowTitle()
    assert str(path.resolve()) in window.context.settings.recent_files()
    assert window.close_page()  # saved: closes without asking
    assert window.page is None
    reopened = window.open_path(path)
    assert reopened is not None and reopened is window.page
    wait_for_person(qtbot, reopened)
    again = reopened.game
    assert (again.ply, again.scores, again.board.to_rows()) == (ply, scores, board)
    assert again.racks[0].tiles == rack
    assert reopened.board.scene.tiles and reopened.history.topLevelItemCount() == ply
    # ...and the game goes on from there.
    play_a_turn(qtbot, reopened)
    assert again.ply == ply + 2


@pytest.mark.parametrize("fault", ["full", "read-only"])
def test_a_save_the_disk_refuses_says_why_and_loses_nothing(qtbot, window, tmp_path,
                                                           monkeypatch, fault):
    """Save, Save As and the autosave on a full disk or a read-only folder: a message
    that says why, the files as they were, the game still marked unsaved; once the disk
    takes writes again, saving works and holds every move."""
    from wordstudio.ui.crossword.page import CrosswordPage

    page = CrosswordPage(window.context, game=new_game("scrabble.cfg", seed=34))
    window.show_page(page)
    path = tmp_path / "evening.crossword"
    chosen = [path]
    monkeypatch.setattr("wordstudio.ui.crossword.page.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(chosen[0]), ""))
    play_a_turn(qtbot, page)
    assert page.save() and page.autosave_file is not None
    saved, autosaved = path.read_bytes(), page.autosave_file.read_bytes()
    warnings: list[str] = []
    monkeypatch.setattr(messages, "warn", lambda parent, title, text: warnings.append(text))
    with broken_disk(fault) as reason:
        play_a_turn(qtbot, page)  # its autosave is refused
        assert not page.save()
        chosen[0] = tmp_path / "elsewhere.crossword"
        assert not page.save_as()
    assert said_why(warnings, reason, 2)
    assert [b.objectName() for b in page.findChildren(QMessageBox)
            if b.objectName() == "autosave-failed"] == ["autosave-failed"]
    assert path.read_bytes() == saved and page.autosave_file.read_bytes() == autosaved
    assert not chosen[0].exists() and temporaries(tmp_path) == []
    assert page.dirty and page.path == path and "evening.crossword" in page.title()
    assert page.save()  # the disk takes writes again
    assert native.load_game(path).inputs == page.game.inputs and len(page.game.inputs) == 4
    play_a_turn(qtbot, page)
    assert native.load_game(page.autosave_file).inputs == page.game.inputs


def test_closing_an_unsaved_game_asks(qtbot, window, monkeypatch):
    from wordstudio.ui.crossword.page import CrosswordPage

    page = CrosswordPage(window.context, game=new_game("scrabble.cfg", seed=32))
    window.show_page(page)
    play_a_turn(qtbot, page)
    asked = []
    monkeypatch.setattr(messages, "choose", lambda *a: asked.append(a[2]) or 2)  # Cancel
    assert not window.close_page()
    assert window.page is page and asked == ["Save this game before closing it?"]
    monkeypatch.setattr(messages, "choose", lambda *a: 1)  # Don't save
    assert window.close_page()
    assert records.pending_autosaves() == []  # closed on purpose: nothing to resume


def test_autosave_after_every_move_and_resume_after_a_crash(qtbot, context, tmp_path, monkeypatch):
    from wordstudio.ui.crossword.page import CrosswordPage

    page = CrosswordPage(context, game=new_game("scrabble.cfg", seed=33), options=TableOptions(animation_speed=0))
    qtbot.addWidget(page)
    page.show()
    play_a_turn(qtbot, page)
    game = page.game
    pending = records.pending_autosaves()
    assert len(pending) == 1 and page.autosave_file == pending[0]
    saved = native.load_game(pending[0])
    assert saved.ply == game.ply and saved.board.to_rows() == game.board.to_rows()
    # "Crash": the page is never closed.  The next start offers the game.
    page.clock_timer.stop()
    offered = []
    monkeypatch.setattr(messages, "confirm", lambda *a, **k: offered.append(a[2]) or True)
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    resumed = window.offer_resume()
    assert offered and "not finished" in offered[0]
    assert resumed is window.page and resumed.game.ply == game.ply
    assert resumed.game.board.to_rows() == game.board.to_rows()
    wait_for_person(qtbot, resumed)
    # Closing it on purpose (without saving) removes the autosave.
    assert window.close_page()
    assert records.pending_autosaves() == []
    page.shutdown()


def test_no_resume_offer_without_an_interrupted_game(qtbot, window, monkeypatch):
    monkeypatch.setattr(messages, "confirm", lambda *a, **k: pytest.fail("nothing to offer"))
    assert window.offer_resume() is None and window.page is None


def test_a_damaged_file_is_reported_and_nothing_opens(qtbot, context, tmp_path, monkeypatch):
    path = tmp_path / "broken.crossword"
    path.write_text('{"format": "wordstudio-crossword", "version": 1, "inputs": [}', encoding="utf-8")
    warned = []
    monkeypatch.setattr(messages, "warn", lambda parent, title, text: warned.append(text))
    assert open_game(context, None, path) is None
    assert warned and "broken.crossword" in warned[0]


def test_the_entry_opens_saved_games_and_wordsworth_files():
    entry = ENTRIES[0]
    assert entry.ident == "crossword"
    assert native.SUFFIX in entry.suffixes and ".sav" in entry.suffixes
    assert entry.open_file is open_game


def test_the_window_remembers_its_layout(qtbot, context):
    first = MainWindow(context)
    qtbot.addWidget(first)
    first.resize(760, 540)
    first.show()
    qtbot.waitExposed(first)
    size = first.size()
    first.close()
    assert context.settings.layout("window/geometry") is not None
    second = MainWindow(context)
    qtbot.addWidget(second)
    assert second.size() == size and size.width() == 760


def test_recent_games_menu_lists_saved_games(qtbot, window, tmp_path):
    path = tmp_path / "old.crossword"
    native.save_game(new_game("scrabble.cfg", seed=34), path)
    window.context.settings.add_recent_file(path)
    window._fill_recent_menu()
    names = [a.text() for a in window.recent_menu.actions()]
    assert "old.crossword" in names
    window.recent_menu.actions()[names.index("old.crossword")].trigger()
    assert window.page is not None and Path(window.page.path) == path


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
@pytest.mark.parametrize("kind", KINDS)
def test_save_and_export_dialogs_never_replace_a_special_file(qtbot, window, tmp_path,
                                                              monkeypatch, kind):
    """A name the Save As and Export dialogs are given that is a named pipe, a device or a
    folder is refused with a message naming it and why; it stays what it was."""
    from wordstudio.ui.crossword.page import CrosswordPage

    page = CrosswordPage(window.context, game=new_game("scrabble.cfg", seed=34))
    window.show_page(page)
    play_a_turn(qtbot, page)
    names = [tmp_path / f"special{suffix}" for suffix in (native.SUFFIX, ".sav", ".gcg")]
    for name in names:
        make_special(kind, name)
    before = [os.stat(name).st_mode for name in names]
    answers = iter(names)
    # Every save dialog (the page's own, the record menu's through ui.dialogs.files) is
    # Qt's one QFileDialog: each answers the next name.
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(next(answers)), ""))
    warnings: list[str] = []
    monkeypatch.setattr(messages, "warn", lambda parent, title, text: warnings.append(text))
    assert not page.save_as()
    assert not page.export_wordsworth()
    assert not page.record_menu.export_as_gcg()
    what = SAID[kind]
    assert len(warnings) == 3, warnings
    for name, warning in zip(names, warnings, strict=True):
        assert str(name) in warning and what in warning, warning
    assert [os.stat(name).st_mode for name in names] == before
    assert page.path is None and page.dirty
