"""Every file the window writes, handed a name that is no plain file (issue 29: "the same
for every command and dialog that writes"): the print dialog's "print to file", Word
War's and Word For Word's Save As, the PDF and picture exports, blank scoresheets.  A
named pipe, a device or a folder is refused with a message naming it and why, and stays
what it was; nothing waits for a pipe's reader."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QMessageBox

from tests.pdf import page_sizes
from tests.special_files import KINDS, SAID, make_special
from tests.test_ui_crossword_support import make_context, new_game
from tests.test_wordforword_records import scripted
from wordstudio.ui.printing import PrintError, print_to

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")

def what_it_is(path: Path) -> tuple[int, int]:
    info = os.stat(path)
    return stat.S_IFMT(info.st_mode), info.st_size


@pytest.fixture
def reader_of(tmp_path: Path) -> Iterator[list[int]]:
    """Pipes handed to a writer get a reader first (opened without waiting), so a writer
    that wrongly opens one writes into it instead of waiting for ever: the test fails, it
    does not hang.  The fixture's list collects the descriptors to read back."""
    opened: list[int] = []
    yield opened
    for fd in opened:
        os.close(fd)


def special(kind: str, path: Path, readers: list[int]) -> Path:
    make_special(kind, path)
    if kind == "pipe":
        readers.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
    return path


def nothing_came_through(readers: list[int]) -> bool:
    for fd in readers:
        try:
            if os.read(fd, 1):
                return False
        except BlockingIOError:
            pass
    return True


# --- the print dialog's "print to file" -----------------------------------------------------
def painter(painter, page, dpi, new_page) -> None:
    painter.drawText(100, 100, "WordStudio")


@pytest.mark.parametrize("kind", KINDS)
def test_printing_to_a_file_that_is_no_file_is_refused(qapp, tmp_path, reader_of, kind):
    """A name typed in the print dialog is no plain file: before, the printer opened it
    as it stood (a pipe kept the window waiting, a device was written into)."""
    target = special(kind, tmp_path / "printed.pdf", reader_of)
    before = what_it_is(target)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFileName(str(target))
    with pytest.raises(PrintError) as refused:
        print_to(printer, painter)
    assert str(target) in str(refused.value) and SAID[kind] in str(refused.value)
    assert what_it_is(target) == before
    assert nothing_came_through(reader_of)


def test_printing_to_a_file_replaces_it_whole_on_the_printers_paper(qapp, tmp_path):
    target = tmp_path / "printed.pdf"
    target.write_bytes(b"an older file")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFileName(str(target))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    print_to(printer, painter)
    assert page_sizes(target) == [(612.0, 792.0)]
    assert not [p for p in tmp_path.iterdir() if p != target]  # no temporary left


# --- Word War and Word For Word: Save As ----------------------------------------------------
@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path / "home")


@pytest.fixture
def warnings(monkeypatch) -> list[str]:
    said: list[str] = []

    def warn(_parent, _title, text, *_args, **_kwargs):
        said.append(text)
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warn))
    return said


def answer_save_dialog(monkeypatch, module: str, path: Path) -> None:
    monkeypatch.setattr(f"{module}.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(path), ""))


def refused_then_saved(page, module: str, suffix: str, kind: str, tmp_path: Path, monkeypatch,
                       warnings: list[str], reader_of: list[int]) -> None:
    """Save As given a special file refuses it, naming it and why, and leaves it and the
    page as they were (no path, still unsaved); given a plain name next, it saves there."""
    dirty = getattr(page, "dirty", None)
    target = special(kind, tmp_path / f"game{suffix}", reader_of)
    before = what_it_is(target)
    answer_save_dialog(monkeypatch, module, target)
    assert not page.save_as()
    assert len(warnings) == 1 and str(target) in warnings[0] and SAID[kind] in warnings[0]
    assert what_it_is(target) == before and nothing_came_through(reader_of)
    assert page.path is None and getattr(page, "dirty", None) == dirty
    plain = tmp_path / f"plain{suffix}"
    answer_save_dialog(monkeypatch, module, plain)
    assert page.save_as() and page.path == plain and plain.stat().st_size > 0


@pytest.mark.parametrize("kind", KINDS)
def test_word_war_save_as_never_replaces_a_special_file(qtbot, context, tmp_path, monkeypatch,
                                                        warnings, reader_of, kind):
    from wordstudio.ui.wordwar.page import WordWarPage
    from wordstudio.wordwar.game import PlayerSpec, WordWarGame
    from wordstudio.wordwar.records import SUFFIX

    game = WordWarGame([PlayerSpec("Ann")], "seed")
    game.start_round([1])
    page = WordWarPage(context, game)
    qtbot.addWidget(page)
    page.dirty = True
    refused_then_saved(page, "wordstudio.ui.wordwar.page", SUFFIX, kind, tmp_path, monkeypatch,
                       warnings, reader_of)


@pytest.mark.parametrize("kind", KINDS)
def test_word_for_word_save_as_never_replaces_a_special_file(qtbot, context, tmp_path,
                                                             monkeypatch, warnings, reader_of,
                                                             kind):
    from wordstudio.ui.wordforword.page import SUFFIX, WordForWordPage

    page = WordForWordPage(context, game=scripted())
    qtbot.addWidget(page)
    refused_then_saved(page, "wordstudio.ui.wordforword.page", SUFFIX, kind, tmp_path,
                       monkeypatch, warnings, reader_of)


# --- exports: PDFs and pictures -------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_crossword_pdf_and_picture_exports_never_replace_a_special_file(
        qtbot, context, tmp_path, monkeypatch, reader_of, kind):
    from wordstudio.ui.crossword.page import CrosswordPage
    from wordstudio.ui.dialogs import messages

    page = CrosswordPage(context, game=new_game("scrabble.cfg", seed=34))
    qtbot.addWidget(page)
    said: list[str] = []
    monkeypatch.setattr(messages, "warn", lambda _parent, _title, text: said.append(text))
    exports = (("record.pdf", page.record_menu.save_record_pdf),
               ("board.pdf", page.record_menu.save_board_pdf),
               ("board.png", page.record_menu.export_board_picture),
               ("board.svg", page.record_menu.export_board_picture))
    for name, export in exports:
        target = special(kind, tmp_path / name, reader_of)
        before = what_it_is(target)
        monkeypatch.setattr("wordstudio.ui.dialogs.files.QFileDialog.getSaveFileName",
                            lambda *a, _t=target, **k: (str(_t), ""))
        assert not export(), name
        assert str(target) in said[-1] and SAID[kind] in said[-1], said[-1]
        assert what_it_is(target) == before, name
    assert len(said) == len(exports) and nothing_came_through(reader_of)


@pytest.mark.parametrize("kind", KINDS)
def test_word_war_scoresheet_pdfs_never_replace_a_special_file(qtbot, context, tmp_path,
                                                               monkeypatch, warnings, reader_of,
                                                               kind):
    from wordstudio.ui.wordwar.dialogs import BlankSheetsDialog
    from wordstudio.ui.wordwar.page import WordWarPage
    from wordstudio.wordwar.game import PlayerSpec, WordWarGame

    game = WordWarGame([PlayerSpec("Ann")], "seed")
    game.start_round([1])
    page = WordWarPage(context, game)
    qtbot.addWidget(page)
    sheets = special(kind, tmp_path / "sheets.pdf", reader_of)
    blank = special(kind, tmp_path / "blank.pdf", reader_of)
    before = what_it_is(sheets), what_it_is(blank)
    monkeypatch.setattr("wordstudio.ui.dialogs.files.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(sheets), ""))
    page.export_pdf()
    dialog = BlankSheetsDialog(game.board_set, page, settings=context.settings)
    qtbot.addWidget(dialog)
    monkeypatch.setattr("wordstudio.ui.dialogs.files.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(blank), ""))
    dialog._pdf()
    assert len(warnings) == 2, warnings
    for target, warning in zip((sheets, blank), warnings, strict=True):
        assert str(target) in warning and SAID[kind] in warning, warning
    assert (what_it_is(sheets), what_it_is(blank)) == before
    assert nothing_came_through(reader_of)
