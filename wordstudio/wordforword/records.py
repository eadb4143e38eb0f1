"""Saved Word For Word games: versioned JSON holding the setup, the deal and every move.

A saved game is a record, not a snapshot: loading deals the stored puzzles and replays
the moves through the rules, so a file can never hold a position the rules could not
reach.  The game's lexicon (its N-letter words) is stored in the file with its SHA-256,
so a game replays exactly even after the shipped lists change or the user's own list is
gone.  Each move is stored with what it did; a replay that disagrees means the file was
damaged or edited, and loading stops with a :class:`RecordError` (nothing is changed).

Format (version 1)::

    {"format": "wordstudio-wordforword", "version": 1,
     "setup": {"players": [{"name": "Ann", "computer": null}, ...], "length": 4,
               "lexicon": "en-US-common", "seed": 7, "study_seconds": null,
               "move_seconds": 30, "min_distance": 3},
     "lexicon": {"count": 1882, "sha256": "...", "words": "ABLE ABLY ..."},
     "deal": {"common": "DOG", "words": ["CAT", "PIG"], "order": [1, 0]},
     "study_over": true,
     "moves": [{"player": "Ann", "move": "S COT", "effect": "saved"}, ...]}
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from wordstudio.jsonfile import load_json
from wordstudio.paths import atomic_write_text, read_limited
from wordstudio.wordforword.moves import (
    Effect,
    GameSetup,
    Move,
    PlayerSpec,
    WordForWordError,
)
from wordstudio.wordforword.rules import Deal, Game, Phase

FORMAT = "wordstudio-wordforword"
VERSION = 1
SUFFIX = ".wfw"
#: The largest file read: a game stores its lexicon (a few thousand words), so ~100 kB.
MAX_BYTES = 10_000_000


class RecordError(WordForWordError):
    """A saved game that cannot be read: names the file and what is wrong with it."""

    def __init__(self, source: str | Path | None, problem: str) -> None:
        self.source = str(source) if source is not None else None
        self.problem = problem
        where = self.source or "saved game"
        super().__init__(f"{where}: {problem}")


def words_digest(words: tuple[str, ...]) -> str:
    return hashlib.sha256("\n".join(words).encode()).hexdigest()


def game_to_dict(game: Game) -> dict[str, Any]:
    """The record of ``game`` as JSON-ready data."""
    setup = game.setup
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": {
            "players": [{"name": p.name, "computer": p.computer} for p in setup.players],
            "length": setup.length,
            "lexicon": setup.lexicon,
            "seed": setup.seed,
            "study_seconds": setup.study_seconds,
            "move_seconds": setup.move_seconds,
            "min_distance": setup.min_distance,
        },
        "lexicon": {"count": len(game.words), "sha256": words_digest(game.words),
                    "words": " ".join(game.words)},
        "deal": {"common": game.deal.common, "words": list(game.deal.words),
                 "order": list(game.deal.order)},
        "study_over": game.phase is not Phase.STUDY,
        "moves": [{"player": game.seats[t.seat].name, "move": str(t.move),
                   "effect": t.effect.value} for t in game.turns],
    }


def game_to_json(game: Game) -> str:
    return json.dumps(game_to_dict(game), indent=1) + "\n"


def save_game(game: Game, path: Path | str, *, keep_previous: bool = False) -> None:
    """Write the record atomically: a crash never leaves a half-written file.  An
    autosave keeps the copy before it (``keep_previous``); SaveError when the disk
    refuses, the file as it was kept."""
    atomic_write_text(Path(path), game_to_json(game), keep_previous=keep_previous)


def load_game(path: Path | str) -> Game:
    """Read and replay a saved game; raises RecordError for anything wrong with it."""
    path = Path(path)
    try:
        text = read_limited(path, MAX_BYTES, "saved Word For Word game").decode("utf-8")
    except OSError as exc:
        raise RecordError(path, f"cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise RecordError(path, f"the file is damaged (not UTF-8 text: {exc.reason} at byte "
                                f"{exc.start})") from None
    return game_from_json(text, source=path)


def game_from_json(text: str, source: str | Path | None = None) -> Game:
    """Replay the record in ``text`` (see the module docstring for the checks made)."""
    try:
        data = load_json(text)
    except ValueError as exc:
        raise RecordError(source, f"not a saved game (broken JSON: {exc})") from None
    return game_from_dict(data, source)


def game_from_dict(data: Any, source: str | Path | None = None) -> Game:
    reader = _Reader(source)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(source, "not a Word For Word saved game")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise RecordError(source, "the file has no valid format version")
    if version > VERSION:
        raise RecordError(source, f"saved by a newer WordStudio (format version {version}; "
                                  f"this one reads up to {VERSION})")
    setup = reader.setup(reader.field(data, "setup", dict))
    words = reader.words(reader.field(data, "lexicon", dict))
    deal = reader.deal(reader.field(data, "deal", dict))
    study_over = reader.field(data, "study_over", bool)
    moves = reader.field(data, "moves", list)
    try:
        game = Game(setup, words, deal)
        if game.phase is Phase.STUDY and (study_over or moves):
            game.begin_play()
    except WordForWordError as exc:
        raise RecordError(source, f"the puzzles cannot be dealt: {exc}") from exc
    for number, entry in enumerate(moves, start=1):
        reader.replay(game, number, entry)
    return game


class _Reader:
    """Field-by-field checks that name what is wrong and where."""

    def __init__(self, source: str | Path | None) -> None:
        self.source = source

    def fail(self, problem: str) -> RecordError:
        return RecordError(self.source, problem)

    def field(self, data: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
        value = data.get(key)
        # bool is a subclass of int: an int field must not accept true/false.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            place = f"{where} " if where else ""
            raise self.fail(f"{place}'{key}' is missing or not a {kind.__name__}")
        return value

    def optional_int(self, data: dict[str, Any], key: str) -> int | None:
        value = data.get(key)
        if value is None:
            return None
        return self.field(data, key, int, "setup")

    def setup(self, data: dict[str, Any]) -> GameSetup:
        players = []
        for entry in self.field(data, "players", list, "setup"):
            if not isinstance(entry, dict):
                raise self.fail("a player entry is not an object")
            computer = entry.get("computer")
            if computer is not None and not isinstance(computer, str):
                raise self.fail("a player's 'computer' strength is not text")
            players.append(PlayerSpec(self.field(entry, "name", str, "player"), computer))
        try:
            return GameSetup(
                players=tuple(players),
                length=self.field(data, "length", int, "setup"),
                lexicon=self.field(data, "lexicon", str, "setup"),
                seed=self.field(data, "seed", int, "setup"),
                study_seconds=self.optional_int(data, "study_seconds"),
                move_seconds=self.optional_int(data, "move_seconds"),
                min_distance=self.field(data, "min_distance", int, "setup"),
            )
        except WordForWordError as exc:
            raise self.fail(f"bad setup: {exc}") from exc

    def words(self, data: dict[str, Any]) -> tuple[str, ...]:
        words = tuple(self.field(data, "words", str, "lexicon").split())
        if words_digest(words) != self.field(data, "sha256", str, "lexicon"):
            raise self.fail("the stored lexicon does not match its checksum (damaged or edited)")
        if len(words) != self.field(data, "count", int, "lexicon"):
            raise self.fail("the stored lexicon has the wrong number of words")
        return words

    def deal(self, data: dict[str, Any]) -> Deal:
        words = self.field(data, "words", list, "deal")
        order = self.field(data, "order", list, "deal")
        if not all(isinstance(w, str) for w in words):
            raise self.fail("the deal's puzzle words are not all text")
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in order):
            raise self.fail("the deal's order of play is not a list of numbers")
        return Deal(self.field(data, "common", str, "deal"), tuple(words), tuple(order))

    def replay(self, game: Game, number: int, entry: Any) -> None:
        where = f"move {number}"
        if not isinstance(entry, dict):
            raise self.fail(f"{where} is not an object")
        player = self.field(entry, "player", str, where)
        text = self.field(entry, "move", str, where)
        effect = self.field(entry, "effect", str, where)
        if game.over:
            raise self.fail(f"{where} comes after the end of the game")
        if game.seats[game.acting].name != player:
            raise self.fail(f"{where} is by {player}, but it was "
                            f"{game.seats[game.acting].name}'s turn")
        try:
            turn = game.play(Move.parse(text, recorded=True))
        except WordForWordError as exc:
            raise self.fail(f"{where} ({text!r}) cannot be replayed: {exc}") from exc
        if turn.effect is not _effect(effect):
            raise self.fail(f"{where} ({text!r}) was recorded as {effect!r} but replays as "
                            f"{turn.effect.value!r} (damaged or edited)")


def _effect(value: str) -> Effect | None:
    try:
        return Effect(value)
    except ValueError:
        return None
