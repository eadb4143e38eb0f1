"""Reading the page tree of a PDF file, so tests need no PDF program to count pages.

Enough of the PDF format (ISO 32000-1, sections 7.5 and 7.7.3) for the files Qt writes: a
classic cross-reference table, the trailer's ``/Root``, the catalogue's ``/Pages`` and the
page tree's ``/Kids``, with ``/MediaBox`` inherited down the tree.  Each object is found
through the cross-reference table, so a table that points at the wrong bytes is an error,
as it is for a PDF reader.  Compressed object streams are not supported (Qt writes none).
"""

from __future__ import annotations

import re
from pathlib import Path

_XREF_START = re.compile(rb"startxref\s+(\d+)\s+%%EOF\s*$")
_REFERENCE = re.compile(rb"(\d+)\s+(\d+)\s+R\b")
_NUMBER = rb"(-?\d+(?:\.\d*)?|-?\.\d+)"
_MEDIA_BOX = re.compile(rb"/MediaBox\s*\[\s*" + rb"\s+".join([_NUMBER] * 4) + rb"\s*\]")


class PdfError(ValueError):
    """The file is not a PDF this reader understands."""


class PdfFile:
    """The objects of one PDF file, found through its cross-reference table."""

    def __init__(self, path: Path) -> None:
        self.data = Path(path).read_bytes()
        if not self.data.startswith(b"%PDF-"):
            raise PdfError(f"{path}: not a PDF file")
        end = _XREF_START.search(self.data[-64:])
        if end is None:
            raise PdfError(f"{path}: no startxref at the end")
        self.offsets: dict[int, int] = {}
        at = int(end.group(1))
        if not self.data.startswith(b"xref", at):
            raise PdfError(f"{path}: startxref does not point at a cross-reference table")
        lines = self.data[at:].split(b"trailer", 1)
        rows = lines[0].split()[1:]
        while rows:
            first, count = int(rows[0]), int(rows[1])
            entries, rows = rows[2:2 + 3 * count], rows[2 + 3 * count:]
            for index in range(count):
                offset, _generation, kind = entries[3 * index:3 * index + 3]
                if kind == b"n":
                    self.offsets[first + index] = int(offset)
        trailer = lines[1].split(b"startxref", 1)[0]
        root = re.search(rb"/Root\s+" + _REFERENCE.pattern, trailer)
        if root is None:
            raise PdfError(f"{path}: the trailer names no /Root")
        self.root = int(root.group(1))

    def object(self, number: int) -> bytes:
        """The body of object ``number`` (between ``obj`` and ``endobj``)."""
        at = self.offsets.get(number)
        if at is None:
            raise PdfError(f"object {number} is not in the cross-reference table")
        header = re.compile(rb"\s*" + str(number).encode() + rb"\s+\d+\s+obj\b").match(self.data, at)
        if header is None:
            raise PdfError(f"the cross-reference table puts object {number} at the wrong place")
        return self.data[header.end():self.data.index(b"endobj", header.end())]

    def reference(self, body: bytes, key: bytes) -> int | None:
        found = re.search(rb"/" + key + rb"\s+" + _REFERENCE.pattern, body)
        return int(found.group(1)) if found else None

    def page_sizes(self) -> list[tuple[float, float]]:
        """Each page's width and height in points, in page order."""
        pages = self.reference(self.object(self.root), b"Pages")
        if pages is None:
            raise PdfError("the catalogue has no /Pages")
        sizes: list[tuple[float, float]] = []
        self._walk(pages, None, sizes, set())
        return sizes

    def _walk(self, number: int, box: tuple[float, float] | None,
              sizes: list[tuple[float, float]], seen: set[int]) -> None:
        if number in seen:
            raise PdfError(f"the page tree loops at object {number}")
        seen.add(number)
        body = self.object(number)
        media = _MEDIA_BOX.search(body)
        if media is not None:
            x0, y0, x1, y1 = (float(value) for value in media.groups())
            box = (x1 - x0, y1 - y0)
        if re.search(rb"/Type\s*/Pages\b", body):
            kids = re.search(rb"/Kids\s*\[(.*?)\]", body, re.S)
            if kids is None:
                raise PdfError(f"page tree node {number} has no /Kids")
            for kid in _REFERENCE.finditer(kids.group(1)):
                self._walk(int(kid.group(1)), box, sizes, seen)
        elif re.search(rb"/Type\s*/Page\b", body):
            if box is None:
                raise PdfError(f"page {number} has no /MediaBox")
            sizes.append(box)
        else:
            raise PdfError(f"object {number} in the page tree is neither a page nor pages")


def page_sizes(path: Path) -> list[tuple[float, float]]:
    """Each page's (width, height) in points."""
    return PdfFile(path).page_sizes()


def page_count(path: Path) -> int:
    """How many pages the PDF file has."""
    return len(page_sizes(path))
