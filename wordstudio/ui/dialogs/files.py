"""File dialogs that remember the folder last used for each kind of file.

Printing to PDF, exporting a board picture or a GCG record, saving blank scoresheets:
each dialog opened in the same default folder every time, wherever the person had
saved the last one.  Here the folder chosen is kept in the settings (under
``folders/<kind>``) and the next dialog of that kind opens there - if it still exists.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QWidget

#: The kinds of file that share a remembered folder.
PRINTED = "printed"  # PDFs, printed to a file, board pictures
RECORDS = "records"  # game records exported (GCG)


def _key(kind: str) -> str:
    return f"folders/{kind}"


def last_folder(settings: Any, kind: str, fallback: Path) -> Path:
    """The folder the last file of ``kind`` went to (if it still exists), else
    ``fallback``."""
    saved = settings.get(_key(kind)) if settings is not None else None
    if isinstance(saved, str) and saved and Path(saved).is_dir():
        return Path(saved)
    return fallback


def remember_folder(settings: Any, kind: str, path: Path | str) -> None:
    """The next dialog of ``kind`` opens where ``path`` is."""
    if settings is not None and str(path):
        settings.set(_key(kind), str(Path(path).parent))


def save_file_name(parent: QWidget | None, settings: Any, kind: str, title: str, name: str,
                   filters: str, suffix: str, fallback: Path) -> Path | None:
    """Ask where to save a file of ``kind`` (suggesting ``name`` in the folder the last
    one went to); ``suffix`` is added to a name given without one (``.svg`` when the SVG
    filter was chosen).  None when the person cancels."""
    start = last_folder(settings, kind, fallback) / name
    chosen, selected = QFileDialog.getSaveFileName(parent, title, str(start), filters)
    if not chosen:
        return None
    path = Path(chosen)
    if not path.suffix:
        path = path.with_suffix(".svg" if "svg" in selected.lower() else suffix)
    remember_folder(settings, kind, path)
    return path
