"""Writing a GameConfig as one WordsWorth configuration file, and as JSON.

:func:`write_config` writes every element, grouped and commented, in a form that reads
back to an equal GameConfig.  The per-letter tables are written one line each, aligned
under a comment naming the letters, so a person can edit them.
"""

from __future__ import annotations

from typing import Any

from wordstudio.crossword.config.elements import (
    ELEMENTS,
    PER_LETTER_TABLES,
    Element,
    Section,
    element,
    elements_of,
)
from wordstudio.crossword.config.syntax import escape_text
from wordstudio.crossword.gameconfig import GameConfig

#: Written together where LetterFrequencies comes: the extension Alphabet says which
#: letter each column of the per-letter tables is.
_TILE_ELEMENTS = ("Alphabet", *PER_LETTER_TABLES)
_GROUPS = (
    (Section.GAME, "Game (WordsWorth)"),
    (Section.EXTENSION, "WordStudio extensions (WordsWorth does not know these)"),
    (Section.STRATEGY, "Level and strategy (defaults for computer players)"),
    (Section.DISPLAY, "Display (kept for WordsWorth; WordStudio's window may use them)"),
)
_BLANK = "blank"


def format_value(name: str, value: Any) -> str:
    """Value text for element ``name`` holding ``value`` (a Python value of the kind
    :func:`~wordstudio.crossword.config.elements.elements_of` gives).  Tables of board
    rows span lines, joined with ``\\n``."""
    return element(name).kind.write(value)


def config_to_json(config: GameConfig) -> dict[str, Any]:
    """Every element under its WordsWorth name (extensions under their own): tables as
    lists, ``BoardPositionScore`` and ``StartingBoard`` as lists of row strings, strings
    unescaped, per-letter tables with the blank's value last, flags as booleans."""
    values = elements_of(config)
    return {e.name: e.kind.to_json(values[e.name]) for e in ELEMENTS}


def write_config(config: GameConfig) -> str:
    """``config`` as one configuration file in canonical form, every element written."""
    values = elements_of(config)
    title = config.title or "WordStudio game"
    out = [
        f"# {escape_text(title)}",
        "# Written by WordStudio in WordsWorth's configuration language.",
        "",
        _setting(element("Title"), values),
    ]
    for section, heading in _GROUPS:
        out += ["", f"# --- {heading} ---"]
        for e in ELEMENTS:
            if e.section is not section or e.name == "Title":
                continue
            if e.name == _TILE_ELEMENTS[1]:
                out += _tile_tables(values)
            elif e.name in _TILE_ELEMENTS:
                continue
            elif values[e.name] is None:
                out.append(f"# {e.name} is not set")
            else:
                out.append(_setting(e, values))
    return "\n".join(out) + "\n"


def _setting(e: Element, values: dict[str, Any]) -> str:
    text = e.kind.write(values[e.name])
    comment = f"  # {e.help}" if e.help else ""
    if "\n" in text:
        # A multi-line table: the comment goes after the opening brace.
        first, rest = text.split("\n", 1)
        return f"{e.name} = {first}{comment}\n{rest}"
    return (f"{e.name} = {text}" if text else f"{e.name} =") + comment


def _tile_tables(values: dict[str, Any]) -> list[str]:
    """The alphabet and the per-letter tables, aligned under a comment of letters."""
    alphabet = values["Alphabet"]
    tables = {name: [str(v) for v in values[name]] for name in PER_LETTER_TABLES}
    headings = [*alphabet, _BLANK]
    widths = [
        max([len(headings[i])] + [len(tables[name][i]) for name in PER_LETTER_TABLES])
        for i in range(len(headings))
    ]
    pad = max(len(name) for name in PER_LETTER_TABLES)
    lines = [
        _setting(element("Alphabet"), values),
        "#" + " " * (pad + 4) + " ".join(h.rjust(w) for h, w in zip(headings, widths, strict=True)),
    ]
    for name in PER_LETTER_TABLES:
        cells = " ".join(v.rjust(w) for v, w in zip(tables[name], widths, strict=True))
        lines.append(f"{name.ljust(pad)} = {{ {cells} }}")
    return lines
