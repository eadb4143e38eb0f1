"""The crossword page's Record menu and GCG files in the window: open a record from File >
Open, export as GCG, copy and paste positions as CGP, print and export the board."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog

from tests.conftest import REPO
from tests.pdf import page_count, page_sizes
from tests.test_records import game_played_out
from tests.test_ui_crossword_support import make_context, new_game, open_window, show_page
from wordstudio.crossword.records.cgp import parse_cgp
from wordstudio.crossword.records.gcgread import read_gcg
from wordstudio.paths import saved_games_dir
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.crossword.recordmenu import CgpDialog
from wordstudio.ui.dialogs import messages

DATA = REPO / "tests" / "data" / "gcg"


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    yield from open_window(qtbot, tmp_path, monkeypatch)


@pytest.fixture(autouse=True)
def quiet(monkeypatch):
    """Closing pages saves nothing; messages are collected instead of shown."""
    said: list[tuple[str, str]] = []
    monkeypatch.setattr(messages, "choose", lambda *a: 1)
    monkeypatch.setattr(messages, "inform", lambda parent, title, text: said.append(
        ("inform", text)))
    monkeypatch.setattr(messages, "warn", lambda parent, title, text: said.append(("warn", text)))
    return said


def save_as(monkeypatch, path: Path, selected: str = "") -> None:
    monkeypatch.setattr("wordstudio.ui.dialogs.files.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(path), selected))


def test_a_gcg_record_opens_from_file_open_as_a_game(qtbot, window, quiet) -> None:
    page = window.open_path(DATA / "quackle-annotated.gcg")
    assert isinstance(page, CrosswordPage) and window.page is page
    assert page.game.final_scores() == [356, 297] and page.game.over
    assert page.path is None  # saving asks for a WordStudio file name
    assert "quackle-annotated.gcg (imported) *" in window.windowTitle()
    assert "&Record" in [a.text() for a in window.menuBar().actions()]


def test_records_under_any_name_open_as_the_file_manager_hands_them(qtbot, window, quiet,
                                                                   tmp_path,
                                                                   monkeypatch) -> None:
    """The desktop tells a GCG record or a saved game by its content (packaging/mime) and
    may hand over a file without the suffix: the window tells them the same way."""
    record = tmp_path / "record from woogles"
    record.write_bytes((DATA / "macondo-woogles.gcg").read_bytes())
    page = window.open_path(record)
    assert isinstance(page, CrosswordPage) and page.game.final_scores() == [384, 347]
    saved = tmp_path / "saved game"
    page.path = saved
    assert page.save() and saved.read_text().lstrip().startswith("{")
    again = window.open_path(saved)
    assert isinstance(again, CrosswordPage) and again.game.final_scores() == [384, 347]
    warned: list[str] = []
    monkeypatch.setattr("wordstudio.ui.mainwindow.QMessageBox.warning",
                        lambda parent, title, text: warned.append(text))
    other = tmp_path / "shopping list"
    other.write_text("# not a game\nmilk\n")
    assert window.open_path(other) is None and "shopping list" in warned[0]


def test_a_malformed_record_is_named_and_the_open_game_stays(qtbot, window, quiet,
                                                             tmp_path) -> None:
    first = window.open_path(DATA / "six-zeros.gcg")
    game, moves = first.game, len(first.game.history)
    bad = tmp_path / "bad.gcg"
    bad.write_text((DATA / "six-zeros.gcg").read_text().replace("H4 FELLA", "H4 FE1LA"))
    assert window.open_path(bad) is None
    assert quiet[-1][0] == "warn" and "bad.gcg, line 4: 'FE1LA' is not a word" in quiet[-1][1]
    # The file is read before the open page closes: a file that cannot be read leaves the
    # game that was open on screen, as it was, and the record read before untouched.
    assert window.page is first and window.stack.currentWidget() is first
    assert first.isVisible() and "six-zeros.gcg" in window.windowTitle()
    assert first.game is game and len(game.history) == moves and game.over
    assert game.final_scores() == [133, 60]
    assert (DATA / "six-zeros.gcg").read_text().count(">") == 14


def test_export_as_gcg_and_say_what_it_cannot_hold(qtbot, context, quiet, monkeypatch,
                                                   tmp_path) -> None:
    page = show_page(qtbot, context, game_played_out(seed=11))
    path = tmp_path / "out"
    save_as(monkeypatch, path)
    assert page.record_menu.export_gcg.isEnabled()
    page.record_menu.export_gcg.trigger()
    written = tmp_path / "out.gcg"
    assert read_gcg(written).game.final_scores() == page.game.final_scores()
    assert quiet and "GCG cannot hold all of this game" in quiet[-1][1]
    assert "the time each move took is not kept" in quiet[-1][1]


def test_copy_the_position_on_screen_as_cgp(qtbot, context, quiet) -> None:
    game = game_played_out(seed=11)
    page = show_page(qtbot, context, game)
    text = page.record_menu.copy_position()
    assert QGuiApplication.clipboard().text() == text
    position = parse_cgp(text)
    assert list(position.rows) == [r.replace("#", ".") for r in game.board.to_rows()]
    # Looking back at move 4: the copy is that board.
    page.view_history(4)
    earlier = parse_cgp(page.record_menu.copy_position())
    assert earlier.rows != position.rows
    assert sum(ch.isalpha() for row in earlier.rows for ch in row) < sum(
        ch.isalpha() for row in position.rows for ch in row)


def test_set_up_a_position_from_cgp(qtbot, window, quiet) -> None:
    game = new_game("scrabble.cfg", seed=5)
    page = CrosswordPage(window.context, game=game)
    window.show_page(page)
    qtbot.waitUntil(lambda: page.game is not None)
    cgp = ("15/15/15/15/15/15/15/5QUIXOTe3/15/15/15/15/15/15/15 "
           "AEINRST/ 120/98 2 lex en-US-standard;")
    assert page.record_menu.set_up_position(cgp)
    new = window.page
    assert isinstance(new, CrosswordPage) and new is not page
    assert new.game.scores == [120, 98] and new.game.scoreless_streak == 2
    assert sorted(new.game.racks[0].tiles) == list("AEINRST")
    assert new.game.board.tile_at(7, 11) == ("E", True)
    assert page.record_menu.set_up_position("not a position") is False
    assert quiet[-1][0] == "warn" and "cannot be set up" in quiet[-1][1]


def test_paste_a_copied_position_through_the_dialog(qtbot, window, quiet,
                                                   monkeypatch) -> None:
    page = window.open_path(DATA / "quackle-annotated.gcg")
    page.view_racks = True
    page.view_history(1)  # after Ann's first move: the Opponent to move
    shown = page.history_view[1]
    page.record_menu.copy_position()

    def press_ok(dialog: CgpDialog) -> int:
        assert dialog.text() == QGuiApplication.clipboard().text()  # offered at once
        dialog._check()
        return dialog.result()

    monkeypatch.setattr(CgpDialog, "exec", press_ok)
    assert page.record_menu.set_up_position()
    new = window.page
    assert isinstance(new, CrosswordPage) and new is not page
    game = new.game
    assert game.board.to_rows() == shown.board.to_rows()
    # Each player keeps their name, score and rack; the one to move moves first.
    assert game.names == ["Opponent", "Ann Smith"] and game.scores == [0, 28]
    assert sorted(game.racks[0].tiles) == sorted(shown.racks[1].tiles)
    assert sorted(game.racks[1].tiles) == sorted(shown.racks[0].tiles)


def test_a_rack_larger_than_the_games_is_refused_as_on_the_command_line(
        qtbot, window, quiet, monkeypatch) -> None:
    """board7 deals racks of five: a CGP rack of seven is refused with the message
    ``wordstudio analyse`` and ``moves`` give - in the dialog, which stays open to mend
    the line, and when a position is set up directly."""
    page = CrosswordPage(window.context, game=new_game("board7.cfg", seed=3))
    window.show_page(page)
    qtbot.waitUntil(lambda: page.game is not None)
    cgp = "7/7/7/7/7/7/7 AEIRST?/ 0/0 0"
    said = "the rack to move 'AEIRST?' has 7 tiles, but this game's racks hold 5"
    assert page.record_menu.set_up_position(cgp) is False and window.page is page
    assert quiet[-1][0] == "warn" and said in quiet[-1][1]
    QGuiApplication.clipboard().setText(cgp)
    checked: list[CgpDialog] = []

    def press_ok(dialog: CgpDialog) -> int:
        checked.append(dialog)
        dialog._check()
        return dialog.result()

    monkeypatch.setattr(CgpDialog, "exec", press_ok)
    assert page.record_menu.set_up_position() is False and window.page is page
    assert said in checked[0].error.text()


def test_the_cgp_dialog_offers_only_a_position_and_names_what_is_wrong(qtbot) -> None:
    assert CgpDialog("not a position").text() == ""
    dialog = CgpDialog("")
    qtbot.addWidget(dialog)
    dialog.line.setText("15/15 AB/ x/0 0")
    dialog._check()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "scores 'x/0' are not numbers" in dialog.error.text()


def test_save_the_record_and_the_board_as_pdf_and_pictures(qtbot, context, quiet, monkeypatch,
                                                           tmp_path) -> None:
    page = show_page(qtbot, context, game_played_out(seed=11))
    save_as(monkeypatch, tmp_path / "record.pdf")
    assert page.record_menu.save_record_pdf()
    assert page_count(tmp_path / "record.pdf") == 2
    save_as(monkeypatch, tmp_path / "board.pdf")
    page.view_history(3)
    assert page.record_menu.save_board_pdf()
    assert page_count(tmp_path / "board.pdf") == 1
    save_as(monkeypatch, tmp_path / "board", "SVG pictures (*.svg)")
    assert page.record_menu.export_board_picture()
    assert (tmp_path / "board.svg").read_text().count("<svg") == 1
    save_as(monkeypatch, tmp_path / "board.png")
    assert page.record_menu.export_board_picture()
    assert (tmp_path / "board.png").read_bytes()[:4] == b"\x89PNG"


def test_print_from_the_record_menu_through_the_print_dialog(qtbot, context, quiet,
                                                             monkeypatch, tmp_path) -> None:
    """Record > Print: the print dialog (here answered as a person would, choosing a PDF
    printer on Letter paper), then the record, or the board shown, on that paper."""
    from PySide6.QtGui import QPageSize
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    page = show_page(qtbot, context, game_played_out(seed=11))
    chosen: list[Path] = []

    def choose_pdf(dialog: QPrintDialog) -> int:
        chosen.append(tmp_path / f"printed{len(chosen)}.pdf")
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(chosen[-1]))
        printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
        return QPrintDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", choose_pdf)
    assert page.record_menu.print_game_record()
    assert page_count(chosen[0]) == 2
    page.view_history(3)
    assert page.record_menu.print_board_diagram()
    assert page_count(chosen[1]) == 1
    assert all(w == pytest.approx(612, abs=1) for w, _ in page_sizes(chosen[1]))
    monkeypatch.setattr(QPrintDialog, "exec", lambda dialog: QPrintDialog.DialogCode.Rejected)
    assert not page.record_menu.print_game_record()  # cancelled: nothing printed


def test_a_file_that_cannot_be_written_is_reported(qtbot, context, quiet, monkeypatch,
                                                   tmp_path) -> None:
    page = show_page(qtbot, context, game_played_out(seed=11))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    save_as(monkeypatch, blocker / "record.pdf")
    assert not page.record_menu.save_record_pdf()
    assert quiet[-1][0] == "warn" and "cannot save" in quiet[-1][1]


def test_words_the_list_lacks_are_shown_played_and_flagged(qtbot, window, tmp_path) -> None:
    # XA: not a word of the lists (ZA, the old example, is one since the lists of issue 24).
    path = tmp_path / "xa.gcg"
    path.write_text("#player1 ann Ann\n#player2 bob Bob\n>ann: AEIRSTX 8G XA +18 18\n"
                    ">bob: AABCTTT H7 TAT +3 3\n")
    page = window.open_path(path)
    qtbot.waitUntil(lambda: page.history.topLevelItemCount() == 2)
    first, second = page.history.topLevelItem(0), page.history.topLevelItem(1)
    move = page.history.MOVE
    assert first.text(move).endswith(" *") and "XA" in first.toolTip(move)
    assert not second.text(move).endswith("*")
    assert page.game.board.tile_at(7, 6) == ("X", False)  # played as the record has it


def test_print_and_save_dialogs_open_where_the_last_file_went(qtbot, context, quiet,
                                                              monkeypatch, tmp_path) -> None:
    """The save dialogs opened in the saved-games folder every time, and the print
    dialog forgot printing to a file: each now opens where the last one went."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    page = show_page(qtbot, context, game_played_out(seed=11))
    started: list[Path] = []
    folder = tmp_path / "prints"
    folder.mkdir()

    def save(parent, title, start, filters):
        started.append(Path(start))
        return str(folder / Path(start).name), filters.split(";;")[0]

    monkeypatch.setattr("wordstudio.ui.dialogs.files.QFileDialog.getSaveFileName", save)
    assert page.record_menu.save_record_pdf()
    assert started[0].parent == saved_games_dir()
    assert page.record_menu.save_board_pdf()
    assert page.record_menu.export_board_picture()
    assert [p.parent for p in started[1:]] == [folder, folder]
    # Printed to a file: the next print dialog offers that folder (and a file) again.
    offered: list[str] = []

    def to_file(dialog: QPrintDialog) -> int:
        printer = dialog.printer()
        offered.append(printer.outputFileName())
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(folder / "printed.pdf"))
        return QPrintDialog.DialogCode.Accepted

    monkeypatch.setattr(QPrintDialog, "exec", to_file)
    assert page.record_menu.print_game_record()
    assert page.record_menu.print_board_diagram()
    assert offered[0] == "" and Path(offered[1]).parent == folder
