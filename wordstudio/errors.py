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
