"""The exceptions Word War raises for bad input, all :class:`wordstudio.errors.UserError`."""

from __future__ import annotations

from pathlib import Path

from wordstudio.errors import UserError, shown_path


class WordWarError(UserError):
    """Root of Word War's errors: the message says what is wrong in plain words."""


class BoardError(WordWarError):
    """A board (grid text file or board definition) that cannot be used."""

    def __init__(self, source: Path | str | None, message: str, line: int | None = None) -> None:
        self.source = str(source) if source is not None else None
        self.line = line
        self.message = message
        where = shown_path(self.source) if self.source else "board"
        if line is not None:
            where += f", line {line}"
        super().__init__(f"{where}: {message}")


class IllegalPlay(WordWarError):
    """A placement or pass the rules do not allow at this moment."""


class RecordError(WordWarError):
    """A saved Word War game that cannot be read; nothing has been changed."""

    def __init__(self, path: Path | str | None, message: str) -> None:
        self.path = str(path) if path is not None else None
        self.message = message
        super().__init__(f"{shown_path(self.path) if self.path else 'saved game'}: {message}")
