"""Saved Word War games: versioned JSON holding the game's set-up and its history.

A saved game is replayed on loading (DESIGN.md section 1): the seed and the deck give
the same cards again, and each recorded action is applied through the rules, so a file
that was edited or damaged is caught rather than half-loaded.  Reading never changes
anything; a file that cannot be used raises :class:`RecordError` with the reason.
Writing is atomic, so a crash never leaves half a file.

Format (version 1)::

    {"format": "wordstudio-wordwar", "version": 1,
     "seed": "...", "lexicon": "en-US-standard", "board_folder": null, "rounds": 4,
     "deck": {"letters": [2, 2, ...], "wild": 2},
     "players": [{"name": "Ann", "computer": false, "strength": "expert"}, ...],
     "actions": [["round", [3, 5]], ["turn", "Q"], ["place", 0, 2, 4, "Q"], ["pass", 1]]}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wordstudio.errors import UserError
from wordstudio.jsonfile import load_json
from wordstudio.lexicon.oldgames import replacement_lexicon
from wordstudio.lexicon.wordlist import LexiconError
from wordstudio.paths import atomic_write_text, autosave_dir, read_limited
from wordstudio.wordwar.boards import BoardSet
from wordstudio.wordwar.deck import DeckSpec
from wordstudio.wordwar.errors import RecordError
from wordstudio.wordwar.game import PlayerSpec, WordWarGame
from wordstudio.wordwar.scoring import WordScorer, scorer_for

FORMAT = "wordstudio-wordwar"
VERSION = 1
SUFFIX = ".wordwar"
#: The largest file accepted; a saved game is a few tens of kilobytes.
MAX_BYTES = 5_000_000


def game_to_json(game: WordWarGame) -> dict[str, Any]:
    """The saved form of a game."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "lexicon": game.lexicon,
        "board_folder": game.board_set.folder,
        "rounds": game.rounds,
        "deck": game.deck_spec.to_json(),
        "players": [player.to_json() for player in game.players],
        "actions": [list(action) for action in game.history],
    }


def dumps(game: WordWarGame) -> str:
    return json.dumps(game_to_json(game), indent=1) + "\n"


def save_game(game: WordWarGame, path: Path | str, *, keep_previous: bool = False) -> None:
    """Write a game to ``path`` atomically; an autosave keeps the copy before it
    (``keep_previous``).  SaveError when the disk refuses, the file as it was kept."""
    atomic_write_text(Path(path), dumps(game), keep_previous=keep_previous)


def game_from_json(data: Any, source: Path | str | None = None, *,
                   scorer: WordScorer | None = None,
                   board_set: BoardSet | None = None) -> WordWarGame:
    """Rebuild a game by replaying its record; :class:`RecordError` if it cannot be used.

    ``scorer`` and ``board_set`` replace the recorded lexicon and board folder (tests,
    and games whose board folder has moved).
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(source, "this is not a saved Word War game")
    version = data.get("version")
    if type(version) is not int:
        raise RecordError(source, "the file does not say which version wrote it")
    if version > VERSION:
        raise RecordError(source, f"the game was saved by a newer WordStudio (format "
                                  f"version {version}; this one reads up to {VERSION})")
    try:
        players = [PlayerSpec.from_json(p) for p in _list(data, "players")]
        seed = _field(data, "seed", str)
        lexicon = _field(data, "lexicon", str)
        rounds = _field(data, "rounds", int)
        deck = DeckSpec.from_json(data.get("deck"))
        folder = data.get("board_folder")
        if folder is not None and not isinstance(folder, str):
            raise ValueError("the board folder is not a path")
        actions = _list(data, "actions")
    except ValueError as exc:
        raise RecordError(source, str(exc)) from exc
    try:
        boards = board_set if board_set is not None else BoardSet.load(folder)
        # The word list is needed to score finished rounds: find it before replaying.
        notes: list[str] = []
        if scorer is None:
            scorer, lexicon = _scorer_or_todays(lexicon, notes)
        game = WordWarGame(players, seed, lexicon=lexicon, board_set=boards, deck=deck,
                           scorer=scorer, rounds=rounds)
        game.load_notes = notes
        for number, action in enumerate(actions, start=1):
            if not isinstance(action, list):
                raise RecordError(source, f"action {number} is not a list")
            try:
                game.apply(action)
            except UserError as exc:
                raise RecordError(source, f"action {number} ({_show(action)}) cannot be "
                                          f"replayed: {exc}") from exc
    except RecordError:
        raise
    except UserError as exc:
        raise RecordError(source, str(exc)) from exc
    return game


def _scorer_or_todays(lexicon: str, notes: list[str]) -> tuple[WordScorer, str]:
    """The scorer of the game's list; when that list is gone, of today's Word War list of
    its spelling, with a one-line note (issue 24)."""
    try:
        return scorer_for(lexicon), lexicon
    except LexiconError as exc:
        replacement = replacement_lexicon(lexicon, "wordwar")
        shown = lexicon if len(lexicon) <= 60 else lexicon[:57] + "..."
        notes.append(f"the word list {shown} is not found ({exc.message}); "
                     f"the game goes on with {replacement}")
        return scorer_for(replacement), replacement


def load_game(path: Path | str, *, scorer: WordScorer | None = None,
              board_set: BoardSet | None = None) -> WordWarGame:
    """Read a saved game; :class:`RecordError` (a UserError) says what is wrong."""
    path = Path(path)
    try:
        text = read_limited(path, MAX_BYTES, "saved Word War game").decode("utf-8")
    except OSError as exc:
        raise RecordError(path, f"cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise RecordError(path, f"the file is damaged (not UTF-8 text: {exc.reason} at byte "
                                f"{exc.start})") from None
    try:
        data = load_json(text)
    except json.JSONDecodeError as exc:
        raise RecordError(path, f"the file is damaged (not JSON: {exc.msg} at line "
                                f"{exc.lineno})") from None
    except ValueError as exc:
        raise RecordError(path, f"the file is damaged ({exc})") from None
    return game_from_json(data, path, scorer=scorer, board_set=board_set)


def autosave_path() -> Path:
    """Where the game in progress is kept after every card, for resuming after a crash."""
    return autosave_dir() / f"wordwar{SUFFIX}"


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if type(value) is not kind:
        raise ValueError(f"the {name!r} entry is missing or not a {kind.__name__}")
    return value


def _list(data: dict[str, Any], name: str) -> list[Any]:
    return list(_field(data, name, list))


def _show(action: list[Any]) -> str:
    text = json.dumps(action)
    return text if len(text) <= 60 else text[:57] + "..."
