"""What reading any saved game gives: the game, its format, notes for the user."""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from pathlib import Path

from wordstudio.crossword.game import Game
from wordstudio.crossword.records.codec import RecordError
from wordstudio.paths import read_limited

__all__ = ["RecordNote", "SavedGame", "read_text"]


class RecordNote(UserWarning):
    """Something the user should know about a game that loaded (``load_game`` warns)."""


@dataclass(frozen=True)
class SavedGame:
    """A game read from a file, which format it was in, and notes for the user.

    ``recorded_scores`` are the totals a game record gives for each player (a GCG
    record's last running totals), which may differ from the totals the rules give; None
    when the format records none of its own.
    """

    game: Game
    format: str  # "wordstudio", "wordsworth" or "gcg"
    path: Path | None
    notes: tuple[str, ...] = ()
    recorded_scores: tuple[int, ...] | None = None


#: No saved game is anywhere near this big (a long WORDwhami game is a few hundred kB); a
#: bigger file is refused before it is read.
MAX_BYTES = 8_000_000


def read_text(path: Path) -> str:
    """A saved game's text (WordsWorth's DOS files may not be UTF-8: Latin-1 then)."""
    try:
        raw = read_limited(path, MAX_BYTES, "saved game")
    except OSError as exc:
        raise RecordError(path, f"cannot read the file ({exc.strerror or exc})") from None
    if not raw.strip():
        raise RecordError(path, "the file is empty")
    for mark, encoding in _WIDE_MARKS:
        # Saved again by an editor in UTF-16 or UTF-32 (Windows' "Unicode"): the text is
        # the same, and read as Latin-1 it looked like no format at all.
        if raw.startswith(mark):
            try:
                return raw.decode(encoding).lstrip("\ufeff")
            except UnicodeDecodeError as exc:
                raise RecordError(path, f"the file is damaged ({encoding.upper()} text with "
                                        f"bytes that are not: {exc.reason} at byte "
                                        f"{exc.start})") from None
    try:
        # Any byte-order marks (an editor may add one to a file that had one already).
        return raw.decode("utf-8-sig").lstrip("\ufeff")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


#: Byte-order marks of the wide encodings, UTF-32 first (its little-endian mark begins
#: with UTF-16's).
_WIDE_MARKS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
               (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
