"""The root of every exception WordStudio raises for bad input.

Each package has its own exception classes (``ConfigError``, ``LexiconError``,
``IllegalMove``, ``RecordError``...); they all derive from :class:`UserError`, so the edges
of the program (command line, GUI) can catch one type and show its message in plain words.
"""

from __future__ import annotations


class UserError(ValueError):
    """Bad input from a person or a file: the message says what and where."""

    #: Exit status the command line uses for this kind of error.
    exit_status = 2


#: The longest file name an error message prints in full.
MAX_SHOWN_PATH = 160


def shown_path(path: object) -> str:
    """``path`` as an error message shows it: in full when it is of a sane length, else
    its start and its end around an ellipsis (a name thousands of characters long is
    itself the problem, and repeating it whole buries the message)."""
    text = str(path)
    if len(text) <= MAX_SHOWN_PATH:
        return text
    return f"{text[:90]}\u2026{text[-60:]} ({len(text):,} characters)"
