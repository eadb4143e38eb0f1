"""Paper, in millimetres: page sizes and the boxes a printed page is laid out in.

Printed pages (Word War scoresheets, crossword game records and board diagrams) are laid
out here, without Qt, so that fitting A4 and US Letter is decided - and tested - in plain
numbers; ``wordstudio.ui.printing`` only turns millimetres into device pixels and draws.
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_POINT = 25.4 / 72
#: Page margin: inside every printer's unprintable border.
MARGIN = 15.0
#: Line spacing as a multiple of the font size.
LINE_SPACING = 1.4
#: Average character width as a fraction of the font size (for estimating wraps).
CHAR_WIDTH = 0.55


@dataclass(frozen=True)
class PageSize:
    """A paper size in millimetres (portrait)."""

    name: str
    width: float
    height: float


A4 = PageSize("A4", 210.0, 297.0)
LETTER = PageSize("Letter", 215.9, 279.4)
PAGE_SIZES = {"a4": A4, "letter": LETTER}


@dataclass(frozen=True)
class Rect:
    """A rectangle on the page, in millimetres from the top-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def inside(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (self.x >= other.x - tolerance and self.y >= other.y - tolerance
                and self.right <= other.right + tolerance
                and self.bottom <= other.bottom + tolerance)

    def overlaps(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (self.x < other.right - tolerance and other.x < self.right - tolerance
                and self.y < other.bottom - tolerance and other.y < self.bottom - tolerance)


@dataclass(frozen=True)
class TextItem:
    """Text drawn inside ``rect`` (wrapped at word boundaries when ``wrap``)."""

    rect: Rect
    text: str
    size: float
    bold: bool = False
    align: str = "left"  # "left", "center" or "right"
    wrap: bool = False
    #: Draw a frame round the rectangle (score boxes).
    framed: bool = False
    italic: bool = False


def content_area(page: PageSize, margin: float = MARGIN) -> Rect:
    """The part of the page inside the margins."""
    return Rect(margin, margin, page.width - 2 * margin, page.height - 2 * margin)


def line_height(size: float) -> float:
    """The height of one line of text at ``size`` points, in millimetres."""
    return size * MM_PER_POINT * LINE_SPACING


def wrapped_lines(text: str, width: float, size: float) -> int:
    """About how many lines ``text`` takes at ``size`` points in ``width`` millimetres."""
    per_line = max(8, int(width / (size * MM_PER_POINT * CHAR_WIDTH)))
    lines = 0
    for paragraph in text.split("\n"):
        count, used = 1, 0
        for word in paragraph.split():
            extra = len(word) + (1 if used else 0)
            if used and used + extra > per_line:
                count += 1
                used = len(word)
            else:
                used += extra
        lines += count
    return lines


def fits(text: str, width: float, size: float) -> bool:
    """True when ``text`` is about short enough for one line of ``width`` millimetres."""
    return len(text) * size * MM_PER_POINT * CHAR_WIDTH <= width
