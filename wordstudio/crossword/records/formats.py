"""Opening a saved game in any format the program reads, told apart by content.

* WordStudio's own files are JSON (``{`` first);
* GCG records start with pragmas (``#player1 ...``) or moves (``>name: ...``);
* anything else is taken for a WordsWorth saved game (``@`` flags, ``#`` comments).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.gcg import SUFFIX as GCG_SUFFIX
from wordstudio.crossword.records.gcg import decode_gcg, looks_like_gcg
from wordstudio.crossword.records.gcgread import read_gcg_text
from wordstudio.crossword.records.native import FORMAT as NATIVE_FORMAT
from wordstudio.crossword.records.native import open_native
from wordstudio.crossword.records.saved import MAX_BYTES, SavedGame, read_text
from wordstudio.crossword.records.wwsave import read_wordsworth_text
from wordstudio.filecheck import check_readable, read_limited
from wordstudio.lexicon.wordlist import WordList

__all__ = ["GCG", "WORDSTUDIO", "WORDSWORTH", "WORDSWORTH_SUFFIXES", "is_game_record",
           "needs_config", "open_record", "record_format"]

WORDSTUDIO, WORDSWORTH, GCG = "wordstudio", "wordsworth", "gcg"
#: WordsWorth saved games had no fixed suffix; these are the usual ones.
WORDSWORTH_SUFFIXES = (".sav", ".ww", ".wws")
#: Names the formats go by in messages.
FORMAT_NAMES = {WORDSTUDIO: "WordStudio", WORDSWORTH: "WordsWorth", GCG: "GCG"}


def record_format(text: str, path: Path | str | None = None) -> str:
    """Which format a saved game's text is in (see the module docstring)."""
    if text.lstrip().startswith("{"):
        return WORDSTUDIO
    if f'"{NATIVE_FORMAT}"' in text[:_SNIFF_BYTES] and not text.lstrip().startswith("@"):
        # WordStudio's own file, damaged at its start: its reader says what is wrong
        # (read as a WordsWorth file, the complaint was of a missing "@1" flag).
        return WORDSTUDIO
    if looks_like_gcg(text) or (path is not None and Path(path).suffix.lower() == GCG_SUFFIX
                                and not text.lstrip().startswith("@")):
        return GCG
    return WORDSWORTH


def is_game_record(path: Path | str) -> bool:
    """True when a file of any name is a WordStudio crossword game or a GCG record, told by
    its first kilobytes as the desktop's MIME rules tell them (packaging/mime): what a
    file manager hands the program may have no suffix.  WordsWorth files, which have no
    mark of their own, are not recognised this way."""
    try:
        check_readable(path)  # a pipe would keep the open waiting
        with open(path, "rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError:
        return False
    text = head.decode("utf-8", "replace").lstrip("\ufeff")
    if text.lstrip().startswith("{"):
        return f'"{NATIVE_FORMAT}"' in text[:_SNIFF_BYTES]
    return looks_like_gcg(text)


#: How much of a file tells what it is.
_SNIFF_BYTES = 4096


def needs_config(path: Path | str) -> bool:
    """True when a saved game holds no configuration and none can be assumed: a
    WordsWorth file (a GCG record is the standard game unless it says otherwise)."""
    path = Path(path)
    return record_format(read_text(path), path) == WORDSWORTH


def open_record(path: Path | str, config: GameConfig | None = None,
                lexicon: WordList | None = None, *,
                config_path: str | None = None, seed: int | None = None,
                now: Callable[[], float] = time.monotonic) -> SavedGame:
    """Open a saved game in any format, told apart by content.

    ``config`` is needed for WordsWorth files, which hold none; a GCG record is read as
    the game it names, else the standard game, unless ``config`` says otherwise; for
    WordStudio files it is not used (they carry their own).  ``lexicon`` overrides the
    word list the file names.  ``seed`` is the seed for a WordsWorth game's later draws
    (random when None).
    """
    path = Path(path)
    text = read_text(path)
    kind = record_format(text, path)
    if kind == WORDSTUDIO:
        return open_native(path, lexicon, now, text)
    if kind == GCG:
        try:
            raw = read_limited(path, MAX_BYTES, "saved game")
        except OSError as exc:
            raise RecordError(path, f"cannot read the file ({exc.strerror or exc})") from None
        notes: list[str] = []
        return read_gcg_text(decode_gcg(raw, path, notes), config, lexicon, source=path,
                             config_path=config_path, now=now, read_notes=notes)
    if config is None:
        raise RecordError(path, "this is a WordsWorth saved game, which holds no "
                                "configuration: say which configuration it was played with")
    return read_wordsworth_text(text, config, lexicon, source=path, config_path=config_path,
                                seed=seed, now=now)
