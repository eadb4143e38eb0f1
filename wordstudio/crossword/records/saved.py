"""What reading any saved game gives: the game, its format, notes for the user."""

from __future__ import annotations

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
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
