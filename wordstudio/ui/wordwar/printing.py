"""Drawing Word War scoresheets with Qt: printers (print dialog), PDF files and pictures.

Where everything goes is decided by :mod:`wordstudio.wordwar.scoresheet` in millimetres;
this module draws the grids (black and white squares, letters - printed vowels in grey
so they read as part of the board) and hands the rest - text boxes, ruled lines, PDF
files, printers - to :mod:`wordstudio.ui.printing`, which every game's printing shares.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QWidget

from wordstudio.paper import A4, MM_PER_POINT, PageSize, Rect
from wordstudio.ui import printing
from wordstudio.ui.printing import PagePainter, PrintError, page_size_of
from wordstudio.wordwar.boards import Board
from wordstudio.wordwar.scoresheet import (
    GameSummary,
    PageLayout,
    Scoresheet,
    blank_sheet,
    layout_page,
)

Page = Scoresheet | GameSummary
PRINTED_LETTER = QColor(110, 110, 110)

__all__ = ["PrintError", "page_size_of", "paint_pages", "print_pages", "print_to",
           "render_image", "write_blank_sheets_pdf", "write_pdf"]


class _Painter(PagePainter):
    """Draws a scoresheet's :class:`PageLayout`."""

    def draw(self, layout: PageLayout) -> None:
        p = self.painter
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        for cell in layout.cells:
            target = self.rect(cell.rect)
            if cell.black:
                p.fillRect(target, Qt.GlobalColor.black)
            p.setPen(self.pen(0.35))
            p.drawRect(target)
            if cell.letter:
                p.setFont(self.font(cell.rect.height / MM_PER_POINT * 0.55, True))
                p.setPen(PRINTED_LETTER if cell.printed else QColor(Qt.GlobalColor.black))
                p.drawText(target, Qt.AlignmentFlag.AlignCenter, cell.letter)
        self._grid_border(layout)
        for x1, y1, x2, y2 in layout.rules:
            self.rule(x1, y1, x2, y2)
        for item in layout.texts:
            self.text(item)
        p.restore()

    def _grid_border(self, layout: PageLayout) -> None:
        """A heavier line round the whole grid, as on the printed boards."""
        if not layout.cells:
            return
        left = min(c.rect.x for c in layout.cells)
        top = min(c.rect.y for c in layout.cells)
        right = max(c.rect.right for c in layout.cells)
        bottom = max(c.rect.bottom for c in layout.cells)
        self.painter.setPen(self.pen(0.8))
        self.painter.setBrush(Qt.BrushStyle.NoBrush)
        self.painter.drawRect(self.rect(Rect(left, top, right - left, bottom - top)))


def paint_pages(painter: QPainter, pages: Sequence[Page], page: PageSize, dpi: float,
                new_page: Callable[[], object]) -> None:
    """Draw each page, calling ``new_page()`` between them (a printer's or writer's)."""
    drawer = _Painter(painter, dpi)
    for number, content in enumerate(pages):
        if number:
            new_page()
        drawer.draw(layout_page(content, page))


def _painter(pages: Sequence[Page]) -> printing.Painter:
    if not pages:
        raise PrintError("there is nothing to print")
    return lambda painter, page, dpi, new_page: paint_pages(painter, pages, page, dpi, new_page)


def write_pdf(pages: Sequence[Page], path: Path | str, page: PageSize = A4) -> None:
    """Write ``pages`` to a PDF file (atomically: a failed write leaves no half file)."""
    printing.write_pdf(_painter(pages), path, page, "Word War scoresheets")


def write_blank_sheets_pdf(boards: Sequence[Board], path: Path | str,
                           page: PageSize = A4) -> None:
    """Blank scoresheets of ``boards`` (one page each) as a PDF."""
    write_pdf([blank_sheet(board) for board in boards], path, page)


def render_image(content: Page, page: PageSize = A4, dpi: float = 100) -> QImage:
    """One page as a picture (previews and tests)."""
    return printing.render_page(_painter([content]), page, dpi)


def print_pages(parent: QWidget | None, pages: Sequence[Page], settings: Any = None) -> bool:
    """Show the print dialog and print ``pages``; False when the person cancels."""
    return printing.print_with_dialog(parent, _painter(pages), "Word War scoresheets", settings)


def print_to(printer: object, pages: Sequence[Page]) -> None:
    """Draw ``pages`` on a set-up QPrinter, on whatever paper it holds."""
    printing.print_to(printer, _painter(pages))
