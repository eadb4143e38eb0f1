"""Printing with Qt, for every game: PDF files, the printer dialog, pictures.

What goes on a page is laid out in millimetres without Qt (:mod:`wordstudio.paper`, and
each game's own layout); the games hand this module a *painter function*
``paint(painter, page, dpi, new_page)`` that draws their pages at ``dpi`` device pixels
per inch, calling ``new_page()`` between pages.  This module supplies the paper - a PDF
file written atomically, a printer chosen in the print dialog, a picture - and the
drawing that every layout shares: text boxes that shrink their text rather than let it
spill, and ruled lines.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSizeF, Qt
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
from wordstudio.paper import A4, LETTER, MM_PER_POINT, PageSize, Rect, TextItem
from wordstudio.paths import SaveError, atomic_write_bytes

__all__ = ["PagePainter", "Painter", "PrintError", "ensure_gui_application", "page_size_of",
           "print_to", "print_with_dialog", "qt_page_size", "render_page", "write_pdf"]

#: A game's pages: ``paint(painter, page, dpi, new_page)``.
Painter = Callable[[QPainter, PageSize, float, Callable[[], object]], None]
PDF_DPI = 300
FONT_FAMILY = "Sans Serif"


class PrintError(UserError):
    """Pages that could not be written or printed."""


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


class PagePainter:
    """Draws millimetre-placed items on a painter whose origin is the paper's corner."""

    def __init__(self, painter: QPainter, dpi: float) -> None:
        self.painter = painter
        self.k = dpi / 25.4  # device pixels per millimetre

    def rect(self, r: Rect) -> QRectF:
        k = self.k
        return QRectF(r.x * k, r.y * k, r.width * k, r.height * k)

    def pen(self, width_mm: float, color: QColor | Qt.GlobalColor = Qt.GlobalColor.black) -> QPen:
        pen = QPen(QColor(color))
        pen.setWidthF(max(1.0, width_mm * self.k))
        return pen

    def font(self, size: float, bold: bool = False, italic: bool = False) -> QFont:
        font = QFont(FONT_FAMILY)
        font.setStyleHint(QFont.StyleHint.SansSerif)
        # Sized in device pixels: the same physical size on a printer, a PDF and a picture.
        font.setPixelSize(max(1, round(size * MM_PER_POINT * self.k)))
        font.setBold(bold)
        font.setItalic(italic)
        return font

    def rule(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.3) -> None:
        k = self.k
        self.painter.setPen(self.pen(width))
        self.painter.drawLine(round(x1 * k), round(y1 * k), round(x2 * k), round(y2 * k))

    def text(self, item: TextItem, color: QColor | Qt.GlobalColor = Qt.GlobalColor.black) -> None:
        p = self.painter
        target = self.rect(item.rect)
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
        font = self.font(size, item.bold, item.italic)
        # The layout estimated the text's width; if the real font is wider, shrink it
        # rather than let it spill out of its box.
        while size > 5.0:
            needed = QFontMetricsF(font).boundingRect(target, flags, item.text)
            if needed.width() <= target.width() + 1 and needed.height() <= target.height() + 1:
                break
            size -= 0.5
            font = self.font(size, item.bold, item.italic)
        p.setFont(font)
        p.setPen(QColor(color))
        p.drawText(target, flags, item.text)


def write_pdf(paint: Painter, path: Path | str, page: PageSize = A4,
              title: str = "WordStudio") -> None:
    """Write the pages ``paint`` draws to a PDF file, atomically: a failed write leaves
    no half file, and a file already there stays as it was."""
    ensure_gui_application()
    path = Path(path)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageSize(qt_page_size(page))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0))
    writer.setResolution(PDF_DPI)
    writer.setCreator("WordStudio")
    writer.setTitle(title)
    painter = QPainter()
    if not painter.begin(writer):
        raise PrintError(f"{path}: the PDF could not be made")
    try:
        paint(painter, page, writer.resolution(), writer.newPage)
    finally:
        painter.end()
    buffer.close()
    if not data.size():
        raise PrintError(f"{path}: the PDF could not be made")
    try:
        atomic_write_bytes(path, bytes(data.data()))
    except SaveError as exc:
        raise PrintError(str(exc)) from None


def render_page(paint: Painter, page: PageSize = A4, dpi: float = 100) -> QImage:
    """The first page ``paint`` draws, as a picture (previews and tests)."""
    k = dpi / 25.4
    image = QImage(round(page.width * k), round(page.height * k), QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    pages = [0]

    def new_page() -> None:
        pages[0] += 1

    try:
        paint(painter, page, dpi, new_page)
    finally:
        painter.end()
    return image


#: Where the print dialog last printed to a file (a PDF), in the settings: the next
#: print dialog offers the same folder - and a file again, since that was chosen.
PRINTED_FILE = "printing/last-file"


def print_with_dialog(parent: QWidget | None, paint: Painter, title: str,
                      settings: Any = None) -> bool:
    """Show the print dialog and print; False when the person cancels.  With ``settings``
    the dialog remembers printing to a file, and in which folder."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setFullPage(True)
    printer.setDocName(title)
    last = settings.get(PRINTED_FILE) if settings is not None else None
    if isinstance(last, str) and last and Path(last).parent.is_dir():
        printer.setOutputFileName(str(Path(last).parent / _file_name(title)))
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(f"Print {title}")
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    if settings is not None:
        settings.set(PRINTED_FILE, printer.outputFileName() or "")
    print_to(printer, paint)
    return True


def _file_name(title: str) -> str:
    """"Crossword game record" -> ``crossword-game-record.pdf``."""
    return "-".join(title.lower().split()) + ".pdf"


def print_to(printer: object, paint: Painter) -> None:
    """Draw the pages on a set-up QPrinter, on whatever paper it holds.

    "Print to file" (a file name chosen in the print dialog) is written as every PDF is,
    by :func:`write_pdf`: a printer left to write the file itself opened the name as it
    stood - a named pipe kept the window waiting for ever, a device was written into, a
    file already there was cut short before the new pages were drawn."""
    from PySide6.QtPrintSupport import QPrinter

    assert isinstance(printer, QPrinter)
    printer.setFullPage(True)
    page = page_size_of(printer.pageLayout())
    if printer.outputFileName():
        write_pdf(paint, printer.outputFileName(), page, printer.docName() or "WordStudio")
        return
    painter = QPainter()
    if not painter.begin(printer):
        raise PrintError("the printer could not be started")
    try:
        paint(painter, page, printer.resolution(), printer.newPage)
    finally:
        painter.end()
