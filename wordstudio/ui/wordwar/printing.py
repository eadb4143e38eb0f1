"""Drawing Word War scoresheets with Qt: printers (print dialog), PDF files and pictures.

Where everything goes is decided by :mod:`wordstudio.wordwar.scoresheet` in millimetres;
this module only converts millimetres to device pixels and draws: black and white
squares, letters (printed vowels in grey so they read as part of the board), framed score
boxes, texts and ruled lines.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtWidgets import QWidget

from wordstudio.errors import UserError
from wordstudio.wordwar.boards import Board
from wordstudio.wordwar.scoresheet import (
    A4,
    LETTER,
    MM_PER_POINT,
    GameSummary,
    PageLayout,
    PageSize,
    Scoresheet,
    TextItem,
    blank_sheet,
    layout_page,
)

Page = Scoresheet | GameSummary
PRINTED_LETTER = QColor(110, 110, 110)
PDF_DPI = 300
FONT_FAMILY = "Sans Serif"


class PrintError(UserError):
    """A scoresheet could not be written or printed."""


def ensure_gui_application() -> QGuiApplication:
    """The running Qt application, or a new off-screen one (the command line has none)."""
    app = QGuiApplication.instance()
    if app is None:
        app = QGuiApplication(["wordstudio", "-platform", "offscreen"])
    return app  # type: ignore[return-value]


def qt_page_size(page: PageSize) -> QPageSize:
    if page == A4:
        return QPageSize(QPageSize.PageSizeId.A4)
    if page == LETTER:
        return QPageSize(QPageSize.PageSizeId.Letter)
    return QPageSize(QSizeF(page.width, page.height), QPageSize.Unit.Millimeter, page.name)


def page_size_of(layout: QPageLayout) -> PageSize:
    """Our page size for a Qt page layout: its full paper, as it is turned."""
    rect = layout.fullRectPoints()
    size = PageSize(layout.pageSize().name(), rect.width() * MM_PER_POINT,
                    rect.height() * MM_PER_POINT)
    for known in (A4, LETTER):
        if abs(known.width - size.width) < 1.0 and abs(known.height - size.height) < 1.0:
            return known
    return size


class _Painter:
    """Draws :class:`PageLayout` items on a painter whose origin is the paper's corner."""

    def __init__(self, painter: QPainter, dpi: float) -> None:
        self.painter = painter
        self.k = dpi / 25.4  # device pixels per millimetre

    def rect(self, x: float, y: float, w: float, h: float) -> QRectF:
        k = self.k
        return QRectF(x * k, y * k, w * k, h * k)

    def pen(self, width_mm: float, color: QColor | Qt.GlobalColor = Qt.GlobalColor.black) -> QPen:
        pen = QPen(QColor(color))
        pen.setWidthF(max(1.0, width_mm * self.k))
        return pen

    def font(self, size: float, bold: bool) -> QFont:
        font = QFont(FONT_FAMILY)
        font.setStyleHint(QFont.StyleHint.SansSerif)
        # Sized in device pixels: the same physical size on a printer, a PDF and a picture.
        font.setPixelSize(max(1, round(size * MM_PER_POINT * self.k)))
        font.setBold(bold)
        return font

    def draw(self, layout: PageLayout) -> None:
        p = self.painter
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        for cell in layout.cells:
            r = cell.rect
            target = self.rect(r.x, r.y, r.width, r.height)
            if cell.black:
                p.fillRect(target, Qt.GlobalColor.black)
            p.setPen(self.pen(0.35))
            p.drawRect(target)
            if cell.letter:
                p.setFont(self.font(r.height / MM_PER_POINT * 0.55, True))
                p.setPen(PRINTED_LETTER if cell.printed else QColor(Qt.GlobalColor.black))
                p.drawText(target, Qt.AlignmentFlag.AlignCenter, cell.letter)
        self._grid_border(layout)
        for x1, y1, x2, y2 in layout.rules:
            k = self.k
            p.setPen(self.pen(0.3))
            p.drawLine(round(x1 * k), round(y1 * k), round(x2 * k), round(y2 * k))
        for item in layout.texts:
            self._text(item)
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
        self.painter.drawRect(self.rect(left, top, right - left, bottom - top))

    def _text(self, item: TextItem) -> None:
        p = self.painter
        r = item.rect
        target = self.rect(r.x, r.y, r.width, r.height)
        if item.framed:
            p.setPen(self.pen(0.35))
            p.drawRect(target)
        if not item.text:
            return
        align = {"left": Qt.AlignmentFlag.AlignLeft, "right": Qt.AlignmentFlag.AlignRight,
                 "center": Qt.AlignmentFlag.AlignHCenter}[item.align]
        flags = int(align | Qt.AlignmentFlag.AlignVCenter)
        if item.wrap:
            flags = int(align | Qt.AlignmentFlag.AlignTop) | int(Qt.TextFlag.TextWordWrap)
        size = item.size
        font = self.font(size, item.bold)
        # The layout estimated the text's width; if the real font is wider, shrink it
        # rather than let it spill out of its box.
        while size > 5.0:
            needed = QFontMetricsF(font).boundingRect(target, flags, item.text)
            if needed.width() <= target.width() + 1 and needed.height() <= target.height() + 1:
                break
            size -= 0.5
            font = self.font(size, item.bold)
        p.setFont(font)
        p.setPen(QColor(Qt.GlobalColor.black))
        p.drawText(target, flags, item.text)


def paint_pages(painter: QPainter, pages: Sequence[Page], page: PageSize, dpi: float,
                new_page: object) -> None:
    """Draw each page, calling ``new_page()`` between them (a printer's or writer's)."""
    drawer = _Painter(painter, dpi)
    for number, content in enumerate(pages):
        if number:
            new_page()  # type: ignore[operator]
        drawer.draw(layout_page(content, page))


def write_pdf(pages: Sequence[Page], path: Path | str, page: PageSize = A4) -> None:
    """Write ``pages`` to a PDF file (atomically: a failed write leaves no half file)."""
    if not pages:
        raise PrintError("there is nothing to print")
    ensure_gui_application()
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = QPdfWriter(str(tmp))
        writer.setPageSize(qt_page_size(page))
        writer.setPageMargins(QMarginsF(0, 0, 0, 0))
        writer.setResolution(PDF_DPI)
        writer.setCreator("WordStudio")
        writer.setTitle("Word War scoresheets")
        painter = QPainter()
        if not painter.begin(writer):
            raise PrintError(f"{path}: cannot write the PDF here")
        try:
            paint_pages(painter, pages, page, writer.resolution(), writer.newPage)
        finally:
            painter.end()
        if not tmp.exists() or tmp.stat().st_size == 0:
            raise PrintError(f"{path}: the PDF could not be written")
        os.replace(tmp, path)
    except OSError as exc:
        raise PrintError(f"{path}: cannot write the PDF ({exc.strerror or exc})") from exc
    finally:
        if tmp.exists():
            tmp.unlink()


def write_blank_sheets_pdf(boards: Sequence[Board], path: Path | str,
                           page: PageSize = A4) -> None:
    """Blank scoresheets of ``boards`` (one page each) as a PDF."""
    write_pdf([blank_sheet(board) for board in boards], path, page)


def render_image(content: Page, page: PageSize = A4, dpi: float = 100) -> QImage:
    """One page as a picture (previews and tests)."""
    k = dpi / 25.4
    image = QImage(round(page.width * k), round(page.height * k), QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    try:
        paint_pages(painter, [content], page, dpi, lambda: None)
    finally:
        painter.end()
    return image


def print_pages(parent: QWidget | None, pages: Sequence[Page]) -> bool:
    """Show the print dialog and print ``pages``; False when the person cancels."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    if not pages:
        raise PrintError("there is nothing to print")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setFullPage(True)
    printer.setDocName("Word War scoresheets")
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle("Print Word War scoresheets")
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    print_to(printer, pages)
    return True


def print_to(printer: object, pages: Sequence[Page]) -> None:
    """Draw ``pages`` on a set-up QPrinter, on whatever paper it holds."""
    from PySide6.QtPrintSupport import QPrinter

    assert isinstance(printer, QPrinter)
    printer.setFullPage(True)
    page = page_size_of(printer.pageLayout())
    painter = QPainter()
    if not painter.begin(printer):
        raise PrintError("the printer could not be started")
    try:
        paint_pages(painter, pages, page, printer.resolution(), printer.newPage)
    finally:
        painter.end()
