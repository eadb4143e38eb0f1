"""A configuration opened for editing: the designer's document model.

A :class:`ConfigDocument` keeps the exact text of the file it was opened from and of
every file that file Includes, and for each setting the file and lines it sits on.  An
edit rewrites only the value of the one setting, in the file it came from, so the user's
comments, layout and Include structure survive; a setting that is not changed is written
back byte for byte, and a file nobody changed is not written at all.

It checks syntax as it goes, but a document may describe an unfinished game (the designer
changes ``Rows`` before repainting the board); :meth:`ConfigDocument.to_config` checks the
whole and raises :class:`~wordstudio.crossword.config.syntax.ConfigError` naming the file
and line of the first problem.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordstudio.crossword.config.elements import INCLUDE, Element, find_element
from wordstudio.crossword.config.files import (
    Entry,
    SourceFile,
    build_config,
    config_to_json,
    expand_includes,
    include_name,
    include_target,
    read_source,
)
from wordstudio.crossword.config.syntax import ConfigError, Statement, escape_text, split_statements
from wordstudio.crossword.config.values import Shape, Text, ValueProblem
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.paths import atomic_write_bytes

PathLike = str | os.PathLike[str]


@dataclass(frozen=True)
class SettingSource:
    """Where an element is set: its file (None for text without one), its lines, and the
    value exactly as written there."""

    name: str
    path: Path | None
    line: int
    last_line: int
    value_text: str


def _key(path: Path | None) -> Path | None:
    if path is None:
        return None
    try:
        return path.resolve()
    except (OSError, ValueError, RuntimeError):
        # A name no file can have, or a loop of links: reading it will say why.
        return Path(os.path.abspath(path))


def _newline(text: str) -> str:
    """The line break a file uses, so inserted lines match it."""
    if "\r\n" in text:
        return "\r\n"
    if "\r" in text:
        return "\r"
    return "\n"


class ConfigDocument:
    """A configuration file and the files it Includes, open for editing.

    Open one with :meth:`open` or :meth:`from_text`.  Names are element names in any
    case (aliases such as ``MinimumAllowedScore`` included).
    """

    def __init__(self, top: SourceFile) -> None:
        self._top = top
        self._files: dict[Path | None, SourceFile] = {_key(top.path): top}
        self._saved: dict[Path | None, str] = {}
        self._config: GameConfig | None = None
        self._entries()  # read the included files now: missing ones are errors at once
        self._saved = {key: source.text for key, source in self._files.items()}

    @classmethod
    def open(cls, path: PathLike) -> ConfigDocument:
        """Open a ``.cfg`` or ``.def`` file and the files it Includes (ConfigError when
        one cannot be read or its syntax is wrong)."""
        try:
            top = read_source(path)
        except OSError as exc:
            raise ConfigError(path, None, f"cannot read the file: {exc.strerror or exc}") from None
        return cls(top)

    @classmethod
    def from_text(cls, text: str, path: PathLike | None = None) -> ConfigDocument:
        """A document for ``text``; Includes are found relative to ``path``'s folder (the
        current folder when it is None)."""
        return cls(SourceFile.from_text(text, path))

    # --- the files ------------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        """The top file (None until a document made from text is saved)."""
        return self._top.path

    @property
    def files(self) -> list[Path | None]:
        """The top file, then each included file once, in reading order."""
        return [source.path for source in self._files.values()]

    def text(self, path: PathLike | None = None) -> str:
        """The current text of one file (the top file by default)."""
        return self._file(path).text

    def texts(self) -> dict[Path | None, str]:
        """The current text of every file, keyed as :attr:`files` lists them."""
        return {source.path: source.text for source in self._files.values()}

    def modified_files(self) -> list[Path | None]:
        """The files whose text differs from what was opened or last saved."""
        return [
            source.path
            for key, source in self._files.items()
            if self._saved.get(key) != source.text
        ]

    @property
    def is_modified(self) -> bool:
        return bool(self.modified_files())

    def _file(self, path: PathLike | None) -> SourceFile:
        if path is None:
            return self._top
        key = _key(Path(path))
        if key not in self._files:
            raise KeyError(f"{path} is not part of this document")
        return self._files[key]

    def _load(self, path: Path) -> SourceFile:
        key = _key(path)
        if key not in self._files:
            self._files[key] = read_source(path)
        return self._files[key]

    # --- reading settings -----------------------------------------------------------------

    def _entries(self) -> list[Entry]:
        return list(expand_includes(self._top, self._load))

    def _occurrences(self, element: Element) -> Iterator[Entry]:
        for entry in self._entries():
            found = find_element(entry.statement.name)
            if found is not None and found.name == element.name:
                yield entry

    def _effective(self, element: Element) -> Entry | None:
        last = None
        for entry in self._occurrences(element):
            last = entry
        return last

    def settings(self) -> list[SettingSource]:
        """Every element the files set, where its value in force is set, in reading
        order.  (Statements that are not elements are left out; to_config reports them.)"""
        found: dict[str, SettingSource] = {}
        for entry in self._entries():
            element = find_element(entry.statement.name)
            if element is not None:
                found.pop(element.name, None)
                found[element.name] = self._describe(element, entry)
        return list(found.values())

    def _describe(self, element: Element, entry: Entry) -> SettingSource:
        st = entry.statement
        return SettingSource(
            element.name,
            entry.source.path,
            st.first_line,
            st.last_line,
            entry.source.text[st.value_start : st.value_end],
        )

    def is_set(self, name: str) -> bool:
        return self._effective(_element(name)) is not None

    def source(self, name: str) -> tuple[Path | None, int] | None:
        """The file and line of the setting in force, or None when the element is left
        at its default."""
        entry = self._effective(_element(name))
        return (entry.source.path, entry.statement.line) if entry else None

    def value_text(self, name: str) -> str | None:
        """The value in force exactly as written, or None when the element is unset."""
        element = _element(name)
        entry = self._effective(element)
        return self._describe(element, entry).value_text if entry else None

    def value(self, name: str) -> Any:
        """The element's value in the resolved game, as ``config show --json`` gives it
        (defaults included).  Raises ConfigError if the document is not a valid game."""
        return config_to_json(self.to_config())[_element(name).name]

    def to_config(self) -> GameConfig:
        """The game the document describes (ConfigError naming file and line if wrong)."""
        if self._config is None:
            self._config = build_config(self._top, self._load)
        return self._config

    # --- editing --------------------------------------------------------------------------

    def set(self, name: str, value: Any) -> None:
        """Give an element a new value, in the file its setting in force comes from.

        ``value`` is either value text as it would appear after ``Name =`` (a str), or
        a Python value of the element's type (int, bool, tuple of rows, enum...) that is
        written for you.  For string elements (Title, Dictionary...) a str is the string
        itself and is escaped as needed.  An element set nowhere is added to the top
        file (``Rows`` and ``Columns`` before anything that depends on the board size).
        Raises ConfigError when the value is not valid for the element.
        """
        element = _element(name)
        if isinstance(value, str) and not isinstance(element.kind, Text):
            text = value.strip()
        else:
            try:
                text = element.kind.write(value)
            except (ValueError, TypeError, ValueProblem) as exc:
                raise ConfigError(
                    None, None, f"{element.name}: cannot write {value!r}: {exc}"
                ) from None
        _check_value(element, text)
        entry = self._effective(element)
        if entry is not None:
            self._replace_value(entry.source, entry.statement, text)
        else:
            self._add(element, text)

    def remove(self, name: str) -> int:
        """Remove every setting of an element, in whichever file, so it takes its
        default; returns how many statements were removed."""
        element = _element(name)
        by_file: dict[Path | None, list[Statement]] = {}
        for entry in self._occurrences(element):
            by_file.setdefault(_key(entry.source.path), []).append(entry.statement)
        for key, statements in by_file.items():
            source = self._files[key]
            text = source.text
            for statement in sorted(set(statements), key=lambda s: s.start, reverse=True):
                text = text[: statement.start] + text[statement.end :]
            self._retext(source, text)
        return sum(len(set(s)) for s in by_file.values())

    def _replace_value(self, source: SourceFile, statement: Statement, text: str) -> None:
        newline = _newline(source.text)
        text = text.replace("\n", newline)
        start = statement.value_start
        first_line_end = source.text.find(newline, statement.start)
        if start == statement.equals_end or (
            not text.startswith("{") and first_line_end != -1 and start > first_line_end
        ):
            # An empty value, or a scalar replacing a table whose '{' was on a later line:
            # the value goes straight after the '='.
            start, text = statement.equals_end, " " + text
        self._retext(source, source.text[:start] + text + source.text[statement.value_end :])

    def _add(self, element: Element, text: str) -> None:
        top = self._top
        newline = _newline(top.text)
        line = f"{element.name} = {text}".replace("\n", newline) + newline
        if element.name in ("Rows", "Columns"):
            # The manual's rule: the board size comes before entries that depend on it.
            for entry in self._entries():
                found = find_element(entry.statement.name)
                if found is not None and found.board_dependent:
                    at = entry.via.start
                    self._retext(top, top.text[:at] + line + top.text[at:])
                    return
        body = top.text
        if body and not body.endswith(("\n", "\r")):
            body += newline
        self._retext(top, body + line)

    def _retext(self, source: SourceFile, text: str) -> None:
        fresh = SourceFile.from_text(text, source.path, source.encoding)
        source.text, source.statements = fresh.text, fresh.statements
        self._config = None

    # --- saving ---------------------------------------------------------------------------

    def save(self, path: PathLike | None = None) -> list[Path]:
        """Write the files that changed; returns the paths written.

        With ``path``, the top file is saved there instead (save as) and always written;
        its Include lines are rewritten to find the same files from the new folder.
        Included files stay where they are.
        """
        if path is not None:
            self._move_top(Path(path))
        if self._top.path is None:
            raise ValueError("the document has no file name yet: give save() a path")
        written = []
        for key, source in self._files.items():
            if source.path is not None and self._saved.get(key) != source.text:
                atomic_write_bytes(source.path, source.text.encode(source.encoding))
                self._saved[key] = source.text
                written.append(source.path)
        return written

    def _move_top(self, new_path: Path) -> None:
        top, old_path = self._top, self._top.path
        old_folder = (old_path.parent if old_path else Path()).resolve()
        new_folder = new_path.parent.resolve()
        text = top.text
        if old_folder != new_folder:
            for statement in reversed(top.statements):
                if statement.name.lower() != INCLUDE.lower():
                    continue
                target = include_target(include_name(top, statement), old_path).resolve()
                try:
                    name = Path(os.path.relpath(target, new_folder)).as_posix()
                except ValueError:  # another drive on Windows: no relative path exists
                    name = str(target)
                text = (
                    text[: statement.value_start] + escape_text(name) + text[statement.value_end :]
                )
        del self._files[_key(old_path)]
        self._saved.pop(_key(new_path), None)
        fresh = SourceFile.from_text(text, new_path, top.encoding)
        top.path, top.text, top.statements = new_path, fresh.text, fresh.statements
        # The top file comes first in reading order; rebuild the mapping to keep it so.
        self._files = {_key(new_path): top, **self._files}
        self._config = None


def _element(name: str) -> Element:
    element = find_element(name)
    if element is None:
        raise ConfigError(None, None, f"unknown element '{name}'")
    return element


def _check_value(element: Element, text: str) -> None:
    """Check that ``text`` is one well-formed value for ``element``.

    Board-dependent values are checked against the board size by to_config, since the
    designer may change the size and the board in either order.
    """
    try:
        statements = split_statements(f"{element.name} = {text}\n")
    except ConfigError as exc:
        raise ConfigError(None, None, f"{element.name}: {exc.message}") from None
    if len(statements) != 1:
        raise ConfigError(None, None, f"{element.name}: {text!r} is more than one value")
    if not element.board_dependent:
        try:
            element.kind.read(statements[0], Shape(1, 1))
        except ValueProblem as problem:
            raise ConfigError(None, None, f"{element.name} {problem.message}") from None
