"""Opening a saved game in any format the program reads, told apart by content."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.native import open_native
from wordstudio.crossword.records.saved import SavedGame, read_text
from wordstudio.crossword.records.wwsave import read_wordsworth_text
from wordstudio.lexicon.wordlist import WordList

__all__ = ["open_record"]


def open_record(path: Path | str, config: GameConfig | None = None,
                lexicon: WordList | None = None, *,
                config_path: str | None = None, seed: int | None = None,
                now: Callable[[], float] = time.monotonic) -> SavedGame:
    """Open a saved game in either format, told apart by content.

    ``config`` is needed for WordsWorth files, which hold none; for
    WordStudio files it is not used (they carry their own).  ``lexicon`` overrides the
    word list the file names.  ``seed`` is the seed for a WordsWorth game's later draws
    (random when None).
    """
    path = Path(path)
    text = read_text(path)
    if text.lstrip().startswith("{"):
        return open_native(path, lexicon, now, text)
    if config is None:
        raise RecordError(path, "this is a WordsWorth saved game, which holds no "
                                "configuration: say which configuration it was played with")
    return read_wordsworth_text(text, config, lexicon, source=path, config_path=config_path,
                                seed=seed, now=now)
