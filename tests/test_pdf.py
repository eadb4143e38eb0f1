"""The page-tree reader the printing tests use (tests/pdf.py), on PDF files Qt writes."""

from __future__ import annotations

import pytest

from tests.pdf import PdfError, page_count, page_sizes
from wordstudio.paper import A4, LETTER, PageSize
from wordstudio.ui.wordwar.printing import write_blank_sheets_pdf
from wordstudio.wordwar.boards import BoardSet


@pytest.fixture(scope="module")
def boards() -> BoardSet:
    return BoardSet.load()


def test_pages_and_paper_sizes_are_read_from_the_page_tree(tmp_path, boards):
    for paper, size in ((A4, (595.0, 842.0)), (LETTER, (612.0, 792.0)),
                        (PageSize("A5", 148, 210), (420.0, 595.0))):
        pdf = tmp_path / f"{paper.name}.pdf"
        write_blank_sheets_pdf(boards.boards[:2], pdf, paper)
        assert page_count(pdf) == 2
        assert [(round(w), round(h)) for w, h in page_sizes(pdf)] == [size, size]


def test_a_damaged_file_is_an_error_not_a_count(tmp_path, boards):
    pdf = tmp_path / "sheet.pdf"
    write_blank_sheets_pdf(boards.boards[:1], pdf, A4)
    data = pdf.read_bytes()
    # Every object moved by a line, the table found but no longer right about them.
    extra = b"%extra line\n"
    head, start = data.rsplit(b"startxref", 1)
    moved = int(start.split()[0]) + len(extra)
    shifted = tmp_path / "shifted.pdf"
    shifted.write_bytes(head.replace(b"%PDF-1.4\n", b"%PDF-1.4\n" + extra, 1)
                        + b"startxref\n%d\n%%%%EOF\n" % moved)
    with pytest.raises(PdfError, match="wrong place"):
        page_count(shifted)
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(PdfError, match="startxref"):
        page_count(cut)
    other = tmp_path / "other.pdf"
    other.write_text("not a pdf")
    with pytest.raises(PdfError, match="not a PDF"):
        page_count(other)
