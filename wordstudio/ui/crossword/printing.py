"""A crossword game on paper and in pictures: the game record, board diagrams, PNG and SVG.

The pages are laid out by :mod:`wordstudio.crossword.records.printed` (millimetres, no
Qt); this module paints them - the text and rules through :mod:`wordstudio.ui.printing`,
which every game's printing shares, and the board diagrams itself: premium squares in
light tints with their labels (``DW``, ``TL``...), tiles with their letter and value, a
blank's letter in lower case with no value, the last move's tiles outlined, and the
coordinates round the edge.  The same diagram painter makes board pictures (PNG, SVG).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtWidgets import QWidget

from wordstudio.crossword.game import Game
from wordstudio.crossword.gameconfig import BLOCKED
from wordstudio.crossword.records.cli import describe_move, running_totals
from wordstudio.crossword.records.printed import (
    BoardDiagram,
    DiagramSquare,
    PrintedPage,
    board_diagram,
    layout_diagram,
    layout_record,
    record_sheet,
)
from wordstudio.paper import A4, PageSize
from wordstudio.paths import SaveError, atomic_write_bytes
from wordstudio.ui import printing
from wordstudio.ui.printing import PagePainter, PrintError
from wordstudio.ui.theme.board import premium_of

INK = QColor("#1b1b1b")
GRID = QColor("#5f6b73")
TILE_FILL = QColor("#f6e7c1")
BLOCKED_FILL = QColor("#3b3b3b")
LABEL_INK = QColor("#4a4a4a")
#: Letter premiums x2, x3, x4+ and word premiums x2, x3, x4+ on paper.
LETTER_TINTS = (QColor("#d0ebff"), QColor("#74c0fc"), QColor("#3d9ae8"))
WORD_TINTS = (QColor("#ffe3e3"), QColor("#ffa8a8"), QColor("#f07070"))
#: Pixels per square of an exported picture (PNG), unless asked otherwise.
PICTURE_SQUARE = 40

__all__ = ["PrintError", "diagram_painter", "export_board_png", "export_board_svg",
           "paint_diagram", "paint_printed_pages", "print_diagram", "print_record",
           "print_to_printer", "record_painter",
           "render_board", "write_diagram_pdf", "write_record_pdf"]


def _premium_fill(code: str) -> QColor | None:
    """Paper's own tints (the screen's theme may be dark): light enough that letters and
    labels on them stay readable, a deeper tint for a bigger premium."""
    premium = premium_of(code)
    if premium is None:
        return None
    tints = LETTER_TINTS if premium.kind == "letter" else WORD_TINTS
    return tints[min(premium.factor, 4) - 2]


def paint_diagram(painter: QPainter, diagram: BoardDiagram, target: QRectF) -> None:
    """Draw ``diagram`` in ``target`` (device pixels): one label cell at the top and left
    for the coordinates, then the squares."""
    cell = min(target.width() / (diagram.columns + 1), target.height() / (diagram.rows + 1))
    left, top = target.x() + cell, target.y() + cell
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    label_font = _font(cell * 0.36, False)
    painter.setFont(label_font)
    painter.setPen(LABEL_INK)
    for col in range(diagram.columns):
        painter.drawText(QRectF(left + col * cell, target.y(), cell, cell),
                         Qt.AlignmentFlag.AlignCenter, diagram.column_label(col))
    for row in range(diagram.rows):
        painter.drawText(QRectF(target.x(), top + row * cell, cell, cell),
                         Qt.AlignmentFlag.AlignCenter, diagram.row_label(row))
    thin = QPen(GRID)
    thin.setWidthF(max(1.0, cell * 0.03))
    for row in range(diagram.rows):
        for col in range(diagram.columns):
            square = diagram.square(row, col)
            box = QRectF(left + col * cell, top + row * cell, cell, cell)
            _square(painter, square, box, cell, thin)
    frame = QPen(INK)
    frame.setWidthF(max(1.0, cell * 0.06))
    painter.setPen(frame)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(QRectF(left, top, cell * diagram.columns, cell * diagram.rows))
    painter.restore()


def _square(painter: QPainter, square: DiagramSquare, box: QRectF, cell: float,
            pen: QPen) -> None:
    if square.code == BLOCKED:
        painter.fillRect(box, BLOCKED_FILL)
    elif square.letter:
        painter.fillRect(box, TILE_FILL)
    else:
        fill = _premium_fill(square.code)
        painter.fillRect(box, fill if fill is not None else QColor(Qt.GlobalColor.white))
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(box)
    if square.letter:
        painter.setPen(INK)
        painter.setFont(_font(cell * 0.58, True, italic=square.blank))
        letter = square.letter.lower() if square.blank else square.letter
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, letter)
        if not square.blank:
            painter.setFont(_font(cell * 0.24, False))
            corner = QRectF(box.x(), box.y() + cell * 0.55, cell * 0.92, cell * 0.42)
            painter.drawText(corner, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom),
                             str(square.value))
        if square.new:
            outline = QPen(INK)
            outline.setWidthF(max(1.5, cell * 0.08))
            painter.setPen(outline)
            inset = cell * 0.06
            painter.drawRect(box.adjusted(inset, inset, -inset, -inset))
    elif (premium := premium_of(square.code)) is not None:
        painter.setPen(LABEL_INK)
        painter.setFont(_font(cell * 0.3, True))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, premium.label)


def _font(pixels: float, bold: bool, italic: bool = False) -> QFont:
    font = QFont(printing.FONT_FAMILY)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(max(1, round(pixels)))
    font.setBold(bold)
    font.setItalic(italic)
    return font


# --- pages ----------------------------------------------------------------------------------
def paint_printed_pages(painter: QPainter, pages: Sequence[PrintedPage], dpi: float,
                        new_page: Callable[[], object]) -> None:
    """Draw laid-out pages, calling ``new_page()`` between them."""
    drawer = PagePainter(painter, dpi)
    for number, content in enumerate(pages):
        if number:
            new_page()
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        for x1, y1, x2, y2 in content.rules:
            drawer.rule(x1, y1, x2, y2)
        for item in content.texts:
            drawer.text(item)
        for rect, diagram in content.diagrams:
            paint_diagram(painter, diagram, drawer.rect(rect))
        painter.restore()


def record_painter(game: Game) -> printing.Painter:
    """The game record's pages, laid out for whatever paper they are drawn on."""
    sheet = record_sheet(game)

    def paint(painter: QPainter, page: PageSize, dpi: float,
              new_page: Callable[[], object]) -> None:
        paint_printed_pages(painter, layout_record(sheet, page), dpi, new_page)

    return paint


def diagram_painter(game: Game, moves: int | None = None) -> printing.Painter:
    """A page with the board after ``moves`` actions (the game as it is when None)."""
    diagram, title, lines = diagram_page(game, moves)

    def paint(painter: QPainter, page: PageSize, dpi: float,
              new_page: Callable[[], object]) -> None:
        paint_printed_pages(painter, [layout_diagram(diagram, page, title, lines)], dpi,
                            new_page)

    return paint


def diagram_page(game: Game, moves: int | None = None) -> tuple[BoardDiagram, str, list[str]]:
    """The diagram, heading and lines of a board page at ``moves`` actions."""
    count = len(game.inputs) if moves is None else max(0, min(moves, len(game.inputs)))
    if count:
        turn = game.history[count - 1]
        move = describe_move(turn, hidden=count - 1 in game.annotations.hidden_exchanges)
        caption = f"After move {count}: {game.names[turn.player]} {move}"
        scores = running_totals(game)[count - 1]
    else:
        caption = "Before the first move"
        scores = list(game.setup.start.scores) if game.setup.start else [0] * len(game.names)
    diagram = board_diagram(game, count, caption)
    title = game.annotations.title or game.config.title or "Crossword game"
    lines = ["Scores: " + ", ".join(f"{n} {s}" for n, s in zip(game.names, scores,
                                                               strict=True))]
    return diagram, title, lines


def write_record_pdf(game: Game, path: Path | str, page: PageSize = A4) -> int:
    """The game record as a PDF file; returns its number of pages."""
    pages = len(layout_record(record_sheet(game), page))
    printing.write_pdf(record_painter(game), path, page, "Crossword game record")
    return pages


def write_diagram_pdf(game: Game, path: Path | str, moves: int | None = None,
                      page: PageSize = A4) -> None:
    """A board diagram (after ``moves`` actions) as a one-page PDF file."""
    printing.write_pdf(diagram_painter(game, moves), path, page, "Crossword board")


def print_record(parent: QWidget | None, game: Game, settings: Any = None) -> bool:
    """The print dialog, then the game record; False when the person cancels."""
    return printing.print_with_dialog(parent, record_painter(game), "Crossword game record",
                                      settings)


def print_diagram(parent: QWidget | None, game: Game, moves: int | None = None,
                  settings: Any = None) -> bool:
    """The print dialog, then the board after ``moves`` actions; False when cancelled."""
    return printing.print_with_dialog(parent, diagram_painter(game, moves), "Crossword board",
                                      settings)


def print_to_printer(printer: object, game: Game) -> None:
    """The game record on a set-up QPrinter, on whatever paper it holds."""
    printing.print_to(printer, record_painter(game))


# --- pictures -------------------------------------------------------------------------------
def _picture_size(diagram: BoardDiagram, square: int) -> QSize:
    return QSize(square * (diagram.columns + 1), square * (diagram.rows + 1))


def render_board(diagram: BoardDiagram, square: int = PICTURE_SQUARE) -> QImage:
    """The board as a picture, ``square`` pixels a square."""
    printing.ensure_gui_application()
    size = _picture_size(diagram, square)
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    try:
        paint_diagram(painter, diagram, QRectF(0, 0, size.width(), size.height()))
    finally:
        painter.end()
    return image


def export_board_png(diagram: BoardDiagram, path: Path | str,
                     square: int = PICTURE_SQUARE) -> None:
    """The board as a PNG file (written atomically)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not render_board(diagram, square).save(buffer, "PNG"):  # type: ignore[call-overload]
        raise PrintError(f"{path}: the picture could not be made")
    buffer.close()
    _write(path, bytes(data.data()))


def export_board_svg(diagram: BoardDiagram, path: Path | str,
                     square: int = PICTURE_SQUARE) -> None:
    """The board as an SVG file (scalable; written atomically)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtSvg import QSvgGenerator

    printing.ensure_gui_application()
    size = _picture_size(diagram, square)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    # At the 96 pixels an inch of the web's CSS, so a browser shows the SVG at the size of
    # the PNG (Qt's default, 72, makes it a third bigger).
    generator.setResolution(96)
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(diagram.caption or "Crossword board")
    generator.setDescription("Made by WordStudio")
    painter = QPainter()
    if not painter.begin(generator):
        raise PrintError(f"{path}: the picture could not be made")
    try:
        painter.fillRect(QRectF(0, 0, size.width(), size.height()), Qt.GlobalColor.white)
        paint_diagram(painter, diagram, QRectF(0, 0, size.width(), size.height()))
    finally:
        painter.end()
    buffer.close()
    _write(path, bytes(data.data()))


def _write(path: Path | str, data: bytes) -> None:
    try:
        atomic_write_bytes(Path(path), data)
    except SaveError as exc:
        raise PrintError(str(exc)) from None
