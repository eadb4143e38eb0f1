"""Scoresheets drawn by Qt: PDF files, printers, pictures; the grid is really on the page."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QImage, QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrinter

from tests.pdf import page_count, page_sizes
from tests.test_wordwar_scoresheet import finished_game, seed_sheet
from wordstudio.paper import A4, LETTER, PageSize
from wordstudio.ui.wordwar.printing import (
    PrintError,
    page_size_of,
    print_to,
    render_image,
    write_blank_sheets_pdf,
    write_pdf,
)
from wordstudio.wordwar.boards import BoardSet
from wordstudio.wordwar.scoresheet import blank_sheet, game_sheets, layout_sheet

DPI = 72


@pytest.fixture(scope="module")
def shipped() -> BoardSet:
    return BoardSet.load()


def to_png(pdf: Path, page: int = 1) -> QImage:
    """The page as a picture, made by poppler's pdftoppm (not by Qt)."""
    stem = pdf.with_name(f"{pdf.stem}-page{page}")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png",
                    "-singlefile", str(pdf), str(stem)], check=True, timeout=60)
    image = QImage(str(stem.with_suffix(".png")))
    assert not image.isNull()
    return image


def darkness(image: QImage, x_mm: float, y_mm: float, spread: int = 0) -> int:
    """0 (white) to 255 (black) at a point given in millimetres (the darkest pixel
    within ``spread`` pixels across, as a one-pixel line may fall either side)."""
    k = DPI / 25.4
    x, y = round(x_mm * k), round(y_mm * k)
    values = []
    for dx in range(-spread, spread + 1):
        color = image.pixelColor(x + dx, y)
        values.append(255 - (color.red() + color.green() + color.blue()) // 3)
    return max(values)


def assert_grid_drawn(image: QImage, layout) -> None:
    """Black squares black, empty squares white, and dark lines between squares."""
    assert image.width() == pytest.approx(layout.page.width * DPI / 25.4, abs=2)
    checked_lines = 0
    for cell in layout.cells:
        r = cell.rect
        cx, cy = r.x + r.width / 2, r.y + r.height / 2
        if cell.black:
            assert darkness(image, cx, cy) > 200
            continue
        if cell.letter:
            # A letter: dark strokes somewhere across the middle of the square.
            assert darkness(image, cx, cy, spread=round(r.width * DPI / 25.4 / 4)) > 60
        else:
            assert darkness(image, cx, cy) < 40
        # The left edge of a white square is a grid line.
        edge = darkness(image, r.x, cy, spread=2)
        assert edge > 100, (r, edge)
        checked_lines += 1
    assert checked_lines > 20


@pytest.mark.system_package("poppler-utils")
@pytest.mark.parametrize("page", [A4, LETTER], ids=["A4", "Letter"])
def test_blank_sheet_pdf_contains_the_grid(tmp_path, shipped, page):
    board = shipped.board(6)
    pdf = tmp_path / "blank.pdf"
    write_blank_sheets_pdf([board], pdf, page)
    assert page_count(pdf) == 1
    image = to_png(pdf)
    assert_grid_drawn(image, layout_sheet(blank_sheet(board), page))
    if page is A4:
        image.save(str(tmp_path / "blank-a4.png"))


@pytest.mark.system_package("poppler-utils")
def test_all_blank_sheets_in_one_pdf(tmp_path, shipped):
    pdf = tmp_path / "all.pdf"
    write_blank_sheets_pdf(shipped.boards, pdf, A4)
    assert page_count(pdf) == 9
    image = to_png(pdf, 9)
    assert_grid_drawn(image, layout_sheet(blank_sheet(shipped.board(9)), A4))


@pytest.mark.system_package("poppler-utils")
def test_game_scoresheets_pdf(tmp_path, shipped):
    game = finished_game(shipped, players=2)
    pages = game_sheets(game)
    pdf = tmp_path / "game.pdf"
    write_pdf(pages, pdf, LETTER)
    assert page_count(pdf) == len(pages) == 9
    image = to_png(pdf, 1)
    layout = layout_sheet(pages[0], LETTER)
    assert_grid_drawn(image, layout)
    # The score boxes are drawn and hold their numbers (dark pixels inside the box).
    box = next(t for t in layout.texts if t.framed)
    inside = darkness(image, box.rect.x + box.rect.width / 2, box.rect.y + box.rect.height / 2,
                      spread=4)
    assert inside > 100


def test_pdf_pages_and_paper_sizes_without_any_pdf_program(tmp_path, shipped):
    # What the rendering tests above need poppler for, less the pictures: the page count
    # and each page's paper size, read from the file's own page tree.
    blank = tmp_path / "blank.pdf"
    write_blank_sheets_pdf(shipped.boards[:3], blank, LETTER)
    assert page_sizes(blank) == [(612.0, 792.0)] * 3
    game = tmp_path / "game.pdf"
    pages = game_sheets(finished_game(shipped, players=2))
    write_pdf(pages, game, A4)
    assert page_count(game) == len(pages)
    assert all(w == pytest.approx(595, abs=1) and h == pytest.approx(842, abs=1)
               for w, h in page_sizes(game))


def test_the_seed_example_rendered(tmp_path):
    image = render_image(seed_sheet(), A4, dpi=DPI)
    assert (image.width(), image.height()) == (round(210 * DPI / 25.4), round(297 * DPI / 25.4))
    assert_grid_drawn(image, layout_sheet(seed_sheet(), A4))


@pytest.mark.system_package("poppler-utils")
def test_printing_on_a_printer(tmp_path, shipped):
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    print_to(printer, [blank_sheet(shipped.board(1)), blank_sheet(shipped.board(2))])
    assert page_count(tmp_path / "printed.pdf") == 2
    assert_grid_drawn(to_png(tmp_path / "printed.pdf", 2),
                      layout_sheet(blank_sheet(shipped.board(2)), LETTER))


def test_page_sizes_from_qt():
    a4 = QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                     QMarginsF())
    letter = QPageLayout(QPageSize(QPageSize.PageSizeId.Letter),
                         QPageLayout.Orientation.Portrait, QMarginsF())
    assert page_size_of(a4) is A4 and page_size_of(letter) is LETTER
    landscape = QPageLayout(QPageSize(QPageSize.PageSizeId.A4),
                            QPageLayout.Orientation.Landscape, QMarginsF())
    turned = page_size_of(landscape)
    assert turned.width == pytest.approx(297, abs=0.5) and turned.height == pytest.approx(210, abs=0.5)


@pytest.mark.system_package("poppler-utils")
def test_other_paper_sizes(tmp_path, shipped):
    pdf = tmp_path / "a5.pdf"
    write_blank_sheets_pdf([shipped.board(3)], pdf, PageSize("A5", 148, 210))
    assert_grid_drawn(to_png(pdf), layout_sheet(blank_sheet(shipped.board(3)),
                                                PageSize("A5", 148, 210)))


def test_write_errors_are_reported(tmp_path, shipped):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(PrintError):
        write_blank_sheets_pdf([shipped.board(1)], blocker / "x.pdf")
    with pytest.raises(PrintError, match="nothing to print"):
        write_pdf([], tmp_path / "empty.pdf")
    assert not (tmp_path / "empty.pdf").exists()
