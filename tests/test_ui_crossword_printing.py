"""Crossword records and boards drawn by Qt: PDF files with the expected pages and text,
printers, PNG and SVG pictures of the board."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtSvg import QSvgRenderer

from tests.conftest import REPO
from tests.pdf import page_count, page_sizes
from tests.test_records import game_played_out
from wordstudio.crossword.records.gcgread import read_gcg
from wordstudio.crossword.records.printed import board_diagram, layout_record, record_sheet
from wordstudio.paper import A4, LETTER
from wordstudio.ui.crossword.printing import (
    PrintError,
    export_board_png,
    export_board_svg,
    paint_diagram,
    print_to_printer,
    render_board,
    write_diagram_pdf,
    write_record_pdf,
)

DATA = REPO / "tests" / "data" / "gcg"


@pytest.fixture(autouse=True)
def application(qapp):
    """The widgets' application exists before anything draws (an off-screen GUI-only
    one made first could not become it)."""
    return qapp


@pytest.fixture(scope="module")
def annotated():
    return read_gcg(DATA / "quackle-annotated.gcg").game


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True, timeout=60).stdout


def to_png(pdf: Path, page: int, dpi: int = 50) -> QImage:
    stem = pdf.with_name(f"{pdf.stem}-{page}")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png",
                    "-singlefile", str(pdf), str(stem)], check=True, timeout=60)
    image = QImage(str(stem.with_suffix(".png")))
    assert not image.isNull()
    return image


def ink(image: QImage) -> float:
    """The share of pixels that are not white."""
    step = 3
    dark = total = 0
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            colour = image.pixelColor(x, y)
            total += 1
            dark += (colour.red() + colour.green() + colour.blue()) < 600
    return dark / total


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["A4", "Letter"])
def test_the_record_pdf_has_the_pages_its_layout_says(annotated, tmp_path, paper) -> None:
    path = tmp_path / "record.pdf"
    pages = write_record_pdf(annotated, path, paper)
    assert pages == len(layout_record(record_sheet(annotated), paper)) == 2
    assert page_count(path) == pages
    width, height = (595, 842) if paper is A4 else (612, 792)
    assert all(w == pytest.approx(width, abs=1) and h == pytest.approx(height, abs=1)
               for w, h in page_sizes(path))


@pytest.mark.system_package("poppler-utils")
def test_the_record_renders_and_its_text_holds_the_moves(annotated, tmp_path) -> None:
    path = tmp_path / "record.pdf"
    write_record_pdf(annotated, path, A4)
    text = pdf_text(path)
    for turn in annotated.history:
        if turn.notation:
            where, word = turn.notation.split(" ", 1)
            assert word in text and where in text
    assert "Final scores: Ann Smith 356, Opponent 297." in text
    assert "AGIOTAGE was the only bingo" in text
    first, board = to_png(path, 1), to_png(path, 2)
    assert 0.02 < ink(first) < 0.5
    # The final board: a big diagram, clearly more ink than a page of text.
    assert ink(board) > ink(first)


@pytest.mark.system_package("poppler-utils")
def test_a_long_record_runs_over_pages_in_the_pdf(tmp_path) -> None:
    from tests.test_records import new_game, play_greedy

    game = new_game(players=4, seed=9)
    while not game.over:
        play_greedy(game)
    for index in range(len(game.inputs)):
        game.annotations.add_note(index, "A note long enough to wrap onto a second line of "
                                         "the table, to see that it stays with its move.")
    path = tmp_path / "long.pdf"
    pages = write_record_pdf(game, path, LETTER)
    assert pages >= 3 and page_count(path) == pages
    for number in range(1, pages + 1):
        assert ink(to_png(path, number)) > 0.01
    assert "(continued)" in pdf_text(path)


@pytest.mark.system_package("poppler-utils")
def test_a_board_diagram_at_any_move(tmp_path) -> None:
    game = game_played_out(seed=11)
    path = tmp_path / "board.pdf"
    write_diagram_pdf(game, path, moves=6, page=LETTER)
    assert page_count(path) == 1
    text = pdf_text(path)
    assert f"After move 6: {game.names[game.history[5].player]}" in text
    assert "Scores:" in text


def test_pictures_of_the_board(tmp_path) -> None:
    game = game_played_out(seed=11)
    diagram = board_diagram(game)
    png = tmp_path / "board.png"
    export_board_png(diagram, png, square=20)
    image = QImage(str(png))
    assert (image.width(), image.height()) == (16 * 20, 16 * 20)
    assert ink(image) > 0.1
    svg = tmp_path / "board.svg"
    export_board_svg(diagram, svg, square=20)
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    # As wide as the PNG where a browser shows it (96 CSS pixels an inch).
    width_mm = float(re.search(r'<svg width="([0-9.]+)mm"', text).group(1))
    assert width_mm / 25.4 * 96 == pytest.approx(16 * 20, abs=0.5)
    renderer = QSvgRenderer(str(svg))
    assert renderer.isValid()
    drawn = QImage(320, 320, QImage.Format.Format_ARGB32)
    drawn.fill(0xFFFFFFFF)
    painter = QPainter(drawn)
    renderer.render(painter)
    painter.end()
    # The SVG draws the same picture as the PNG (within antialiasing).
    assert abs(ink(drawn) - ink(render_board(diagram, 20))) < 0.03


def test_the_diagram_painter_draws_each_tile_where_it_is() -> None:
    game = game_played_out(seed=11)
    diagram = board_diagram(game)
    image = QImage(400, 400, QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    paint_diagram(painter, diagram, QRectF(0, 0, 400, 400))
    painter.end()
    cell = 400 / 16
    for row in range(15):
        for col in range(15):
            square = diagram.square(row, col)
            colour = image.pixelColor(int((col + 1) * cell + 3), int((row + 1) * cell + 3))
            if square.letter:
                # Tiles are cream; empty plain squares white.
                assert colour.blue() < 220, (row, col)
            elif square.code == "a":
                assert colour.blue() > 240, (row, col)


@pytest.mark.system_package("poppler-utils")
def test_printing_on_a_printer(annotated, tmp_path) -> None:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    print_to_printer(printer, annotated)
    assert page_count(tmp_path / "printed.pdf") == 2
    assert "FIDGE" in pdf_text(tmp_path / "printed.pdf")


def test_a_file_that_cannot_be_written_is_reported_and_nothing_changes(annotated,
                                                                        tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(PrintError, match="cannot save"):
        write_record_pdf(annotated, blocker / "x.pdf")
    with pytest.raises(PrintError, match="cannot save"):
        export_board_png(board_diagram(annotated), blocker / "board.png")
    assert blocker.read_text() == "not a folder"
