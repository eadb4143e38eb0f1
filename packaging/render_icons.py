"""Render WordStudio's application icon from its SVG into every file the packages use.

    python packaging/render_icons.py          # writes resources/icons/app/*
    python packaging/render_icons.py --check  # exit 1 if a committed file is out of date

From ``resources/icons/app/wordstudio.svg`` (drawn by hand) it writes
``wordstudio-<N>.png`` for the freedesktop hicolor sizes (16 to 512 pixels),
``wordstudio.ico`` (Windows: PNG images of 16 to 256 pixels in one file) and
``wordstudio.icns`` (macOS: PNG images of 16 to 1024 pixels).  Qt's SVG renderer draws
each size from the vector picture, so small sizes are sharp rather than shrunk.  The
ICO and ICNS containers are written here (both are a small header and a table of PNG
images), so no image tool beyond Qt is needed.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "resources" / "icons" / "app"
SVG = ICON_DIR / "wordstudio.svg"
#: The hicolor theme sizes installed on Linux.
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types holding PNG data, by pixel size (the @2x types reuse the sizes).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def render_png(renderer: object, size: int) -> bytes:
    """The icon drawn at ``size`` x ``size`` pixels, as PNG bytes (transparent background)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage, QPainter

    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)  # type: ignore[attr-defined]
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"could not encode the {size}px icon as PNG")
    buffer.close()
    return bytes(data.data())


def ico_file(images: dict[int, bytes]) -> bytes:
    """An ICO container of PNG images (the format Windows Vista and later read)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, payload = b"", b""
    for size in sizes:
        data = images[size]
        dimension = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", dimension, dimension, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        payload += data
    return header + entries + payload


def icns_file(images: dict[int, bytes]) -> bytes:
    """An ICNS container: ``icns``, the total length, then (type, length, PNG) elements."""
    body = b""
    for kind, size in ICNS_TYPES:
        data = images[size]
        body += kind + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def icon_files() -> dict[Path, bytes]:
    """Every file this script writes, with its content."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {SVG} is not a valid SVG picture")
    sizes = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    images = {size: render_png(renderer, size) for size in sizes}
    files = {ICON_DIR / f"wordstudio-{size}.png": images[size] for size in PNG_SIZES}
    files[ICON_DIR / "wordstudio.ico"] = ico_file({size: images[size] for size in ICO_SIZES})
    files[ICON_DIR / "wordstudio.icns"] = icns_file(images)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that the committed files match the SVG")
    args = parser.parse_args(argv)
    files = icon_files()
    if args.check:
        stale = [path for path, data in files.items()
                 if not path.is_file() or path.read_bytes() != data]
        for path in stale:
            print(f"render_icons: {path.relative_to(ROOT)} is out of date", file=sys.stderr)
        return 1 if stale else 0
    for path, data in files.items():
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
