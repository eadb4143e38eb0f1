"""Undo commands: every edit of a design is one :class:`EditCommand` on a QUndoStack.

A command sets one or more elements (a board stroke sets ``BoardPositionScore``; adding a
letter sets the alphabet and the three letter tables together).  The first time it runs
it remembers the text of every file it changed, before and after, so undo and redo give
the files back byte for byte.  If the files have changed some other way since (a design
started from a template is saved with its parts and reopened from its new folder), the
command falls back to setting each element back to the value it had, as written.

Consecutive edits of one spin box merge into one step (``merge_key``), so typing 1, 5
into "rack size" is undone in one go.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtGui import QUndoCommand

from wordstudio.crossword.config.elements import element
from wordstudio.crossword.config.syntax import ConfigError, split_statements
from wordstudio.crossword.config.values import Text
from wordstudio.ui.designer.document import DesignDocument

Texts = dict[Path | None, str]


class DocumentHost(Protocol):
    """What a command edits: the page's current document, and whom to tell."""

    @property
    def document(self) -> DesignDocument:
        """The document edits go to."""
        ...

    def document_changed(self) -> None:
        """Called after every change a command makes, undo and redo included."""
        ...


@dataclass
class Change:
    """Set ``name`` to ``value`` (a Python value of the element's type, or value text).

    ``near``: where to add the setting if it is set nowhere yet (see
    :meth:`DesignDocument.set_near`).  ``old_text`` is filled in when the change is first
    made: the value as written before, or None when the element was unset.
    """

    name: str
    value: Any
    near: str | None = None
    old_text: str | None = None


def _as_value(name: str, text: str) -> Any:
    """Value text in the form ``ConfigDocument.set`` takes back unchanged: strings are
    unescaped (set escapes them again), everything else is already value text."""
    if not isinstance(element(name).kind, Text):
        return text.replace("\r\n", "\n").replace("\r", "\n")
    return split_statements(f"{name} = {text}\n")[0].scalar_text()


_MERGE_IDS: dict[str, int] = {}


def _merge_id(key: str | None) -> int:
    if key is None:
        return -1
    return _MERGE_IDS.setdefault(key, len(_MERGE_IDS) + 1)


class EditCommand(QUndoCommand):
    """One undoable edit of the design (see the module docstring).

    After it is pushed, :attr:`error` holds the ConfigError if the edit could not be
    made (the value was not valid); the files are then left as they were and the
    command marks itself obsolete, so the stack drops it.
    """

    def __init__(self, host: DocumentHost, changes: list[Change], text: str,
                 merge_key: str | None = None) -> None:
        super().__init__(text)
        self.host = host
        self.changes = changes
        self.merge_key = merge_key
        self.error: ConfigError | None = None
        self._before: Texts | None = None
        self._after: Texts | None = None

    # --- QUndoCommand -------------------------------------------------------------------

    def id(self) -> int:
        return _merge_id(self.merge_key)

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt override
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key:
            return False
        if self._before is None or self._after is None or other._after is None:
            return False
        for path, text in (other._before or {}).items():
            self._before.setdefault(path, text)
        self._after.update(other._after)
        mine = {change.name for change in self.changes}
        self.changes += [change for change in other.changes if change.name not in mine]
        for change in self.changes:
            newer = next((c for c in other.changes if c.name == change.name), None)
            if newer is not None:
                change.value = newer.value
        self.setObsolete(self._before == self._after)
        return True

    def redo(self) -> None:
        document = self.host.document
        if self._after is not None and self._before is not None and _holds(document, self._before):
            _restore(document, self._after)
        elif self._after is not None:
            for change in self.changes:
                _apply(document, change)
        else:
            self._first_redo(document)
        self.host.document_changed()

    def undo(self) -> None:
        document = self.host.document
        if self._before is not None and self._after is not None and _holds(document, self._after):
            _restore(document, self._before)
        else:
            for change in reversed(self.changes):
                if change.old_text is None:
                    document.remove(change.name)
                else:
                    document.set(change.name, _as_value(change.name, change.old_text))
        self.host.document_changed()

    # --- the first time -------------------------------------------------------------------

    def _first_redo(self, document: DesignDocument) -> None:
        before = document.texts()
        try:
            for change in self.changes:
                change.old_text = document.value_text(change.name)
                _apply(document, change)
        except ConfigError as error:
            _restore(document, before)
            self.error = error
            self.setObsolete(True)
            return
        after = document.texts()
        touched = [path for path in after if before.get(path) != after[path]]
        self._before = {path: before.get(path, "") for path in touched}
        self._after = {path: after[path] for path in touched}
        if not touched:
            self.setObsolete(True)  # the value was already that: nothing to undo


def _apply(document: DesignDocument, change: Change) -> None:
    if change.near is not None:
        document.set_near(change.name, change.value, change.near)
    else:
        document.set(change.name, change.value)


def _holds(document: DesignDocument, texts: Texts) -> bool:
    """Whether the document's files have exactly these texts (the same files)."""
    current = document.texts()
    return all(path in current and current[path] == text for path, text in texts.items())


def _restore(document: DesignDocument, texts: Texts) -> None:
    current = document.texts()
    for path, text in texts.items():
        if path in current and current[path] != text:
            document.restore_text(path, text)
