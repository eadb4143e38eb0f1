"""Saved crossword games: WordStudio's own format, autosave, and opening either format.

A saved game is a record, not a snapshot: it holds what the game started from (the
configuration, word list, seed, players and settings) and every action with the time
it took.  Loading starts a new game and replays the actions through the rules, so a
file can never hold a position the rules could not reach.  Each action is stored with
what it did (score, tiles drawn, words, outcome) and the file ends with the resulting
state; a replay that disagrees means the file was damaged or edited, and loading stops
with a :class:`RecordError` naming the file and the problem.  Nothing existing is
touched: the game is built new, and the file is only read.

The configuration is stored whole (as :func:`~wordstudio.crossword.config.files.write_config`
writes it) with its SHA-256, and its path.  The game always uses the stored copy; if the
file at the path now describes a different game, loading says so in a note.  The word
list is stored by name and digest; if the list found now differs, a note says so, and when
it is not found at all the game opens on today's list of its kind with a one-line note;
either way the words the game's moves made stay allowed in it, so it replays as played
(:mod:`wordstudio.lexicon.oldgames`).

Format (version 1), one action a line::

    {
     "format": "wordstudio-crossword", "version": 1,
     "config": {"path": "boards/scrabble.cfg", "sha256": "9f2c...", "text": "# Standard..."},
     "lexicon": {"name": "en-US-standard", "file": "/.../en-US-standard.txt",
                 "digest": "51ab..."},
     "setup": {"seed": 5, "players": [{"name": "Ann", "computer": false, "level": 8,
               "knobs": null}, ...], "settings": {"word_check": "refuse",
               "challenge_penalty": 0, "clock": {"turn_limit": 0, "game_limit": 0,
               "overtime_penalty": 10}}, "scripted_draws": []},
     "inputs": [
      {"player": 0, "seconds": 4.5, "action": "play", "tiles": ["H5 J", "H6 U", "H7 G",
       "H8 S"], "score": 24, "drawn": ["D", "L", "O", "U"], "words": ["JUGS"],
       "outcome": "played"},
      {"player": 1, "seconds": 2.0, "action": "pass", "discards": ["Q"], "score": 0,
       "drawn": ["E"], "words": [], "outcome": "exchanged"}
     ],
     "redo": [],
     "state": {"current": 0, "scores": [24, 0], "racks": [[...], [...]], "bag": 85,
               "over": false, "end_reason": "", "adjustments": [], "final_scores": [24, 0]},
     "clocks": {"used": [4.5, 2.0], "turn_elapsed": 1.25}
    }

Actions are ``play`` (``tiles``: square and letter, lower case a blank; ``confirmed``
words when the player confirmed words not in the list; ``conceded`` when he accepted the
program's challenge and lost the turn), ``pass`` (``discards``), ``pick-up``
(``square``), ``resign``, ``timeout``, ``challenge`` (``upheld``: the ruling a game record
gave, when it gave one) and ``time-penalty`` (``penalised``: the player, ``points``).
``redo`` is the undone line redo would replay.  Settings added later (WORDwhami's
``challenge_forfeits_play``, ``any_player_challenges`` and ``game_duration``, and
``challenge_bonus``, ``going_out_doubled``) and a set starting position (``setup.start``:
``rows``, ``scores``, ``scoreless_turns``) are written only when a game uses them; so is
``annotations``, what a record read from another program's file says besides the moves
(see :mod:`wordstudio.crossword.annotations`).  ``scripted_draws`` is
``GameSetup.scripted_draws``: the
draws a game loaded from a WordsWorth file takes from the file (starting racks, then
each draw in order) before the seeded bag takes over.

Autosave: :func:`autosave` writes the game to one file per game in
:func:`wordstudio.paths.autosave_dir` (atomically).  The GUI calls it after every
action (and after undo/redo), calls :func:`discard_autosave` when a finished game is
closed cleanly (an unfinished game closed on purpose may keep it, to be offered later),
and at start-up offers to resume each of :func:`pending_autosaves` (open it with
:func:`load_game`; discard it when the user declines, or when it cannot be loaded).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
import warnings
from collections.abc import Callable, Container
from dataclasses import replace
from pathlib import Path
from typing import Any

from wordstudio.crossword.annotations import Annotations
from wordstudio.crossword.config.files import ConfigError, load_config, parse_config, write_config
from wordstudio.crossword.game import Game, Input
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.records.codec import (
    MAX_SECONDS,
    Reader,
    RecordError,
    action_to_dict,
    exists,
    lexicon_digest,
    lexicon_name_and_file,
    setup_to_dict,
    shorten,
)
from wordstudio.crossword.records.saved import RecordNote, SavedGame, read_text
from wordstudio.crossword.rules import IllegalMove
from wordstudio.errors import UserError
from wordstudio.jsonfile import load_json
from wordstudio.lexicon.oldgames import SavedGameWords, saved_game_words
from wordstudio.lexicon.wordlist import LexiconError
from wordstudio.paths import atomic_write_text

FORMAT = "wordstudio-crossword"
VERSION = 1
SUFFIX = ".crossword"

__all__ = [
    "FORMAT", "SUFFIX", "VERSION", "RecordError", "game_from_dict", "game_from_json",
    "game_id", "game_to_dict", "game_to_json", "load_game", "open_native", "save_game",
]


def config_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- writing -------------------------------------------------------------------------------
def game_to_dict(game: Game) -> dict[str, Any]:
    """The record of ``game`` as JSON-ready data (see the module docstring)."""
    config_text = write_config(game.config)
    name, file = lexicon_name_and_file(game.setup.lexicon)
    history = game.history
    inputs = []
    for item, turn in zip(game.inputs, history, strict=True):
        entry = action_to_dict(item)
        entry.update(score=turn.score, drawn=list(turn.drawn), words=list(turn.words),
                     outcome=turn.outcome.value)
        inputs.append(entry)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "config": {"path": game.setup.config_path, "sha256": config_sha256(config_text),
                   "text": config_text},
        "lexicon": {"name": name, "file": file,
                    "digest": lexicon_digest(game.words, game.config.tiles.alphabet)},
        "setup": setup_to_dict(game.setup),
        "inputs": inputs,
        "redo": [action_to_dict(item) for item in redo_line(game)],
        "state": {
            "current": game.current,
            "scores": list(game.scores),
            "racks": [list(r.tiles) for r in game.racks],
            "bag": len(game.bag),
            "over": game.over,
            "end_reason": game.end_reason,
            "adjustments": [{"player": a.player, "points": a.points, "reason": a.reason}
                            for a in game.adjustments],
            "final_scores": game.final_scores(),
        },
        "clocks": {"used": list(game.clocks.used),
                   "turn_elapsed": game.clocks.turn_elapsed()},
    }
    if game.annotations:
        data["annotations"] = game.annotations.to_dict()
    return data


def redo_line(game: Game) -> tuple[Input, ...]:
    """The undone actions redo would replay, in game order.

    Game keeps them as a private stack (next to redo last); it has no public view of
    it yet, and this is the one place that reads it.
    """
    stack: list[Input] = getattr(game, "_redo", [])
    return tuple(reversed(stack))


def game_to_json(game: Game) -> str:
    """The record as text: one top-level entry a line, one action a line."""
    return _format(game_to_dict(game))


def _format(data: dict[str, Any]) -> str:
    out = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key in ("inputs", "redo") and value:
            body = ",\n".join(f"  {_compact(v)}" for v in value)
            out.append(f" {json.dumps(key)}: [\n{body}\n ]{comma}")
        else:
            out.append(f" {json.dumps(key)}: {_compact(value)}{comma}")
    out.append("}")
    return "\n".join(out) + "\n"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def save_game(game: Game, path: Path | str) -> None:
    """Write the record atomically: a crash never leaves a half-written file."""
    atomic_write_text(Path(path), game_to_json(game))


# --- reading -------------------------------------------------------------------------------
def load_game(path: Path | str, *, words: Container[str] | None = None,
              now: Callable[[], float] = time.monotonic) -> Game:
    """Read and replay a WordStudio saved game (RecordError for anything wrong).

    Notes (a changed configuration file or word list) are issued as
    :class:`RecordNote` warnings; :func:`open_record` returns them instead.
    """
    saved = open_native(Path(path), words, now)
    for note in saved.notes:
        warnings.warn(f"{path}: {note}", RecordNote, stacklevel=2)
    return saved.game


def open_native(path: Path, words: Container[str] | None, now: Callable[[], float],
                 text: str | None = None) -> SavedGame:
    text = read_text(path) if text is None else text
    notes: list[str] = []
    game = game_from_json(text, source=path, words=words, now=now, notes=notes)
    return SavedGame(game, "wordstudio", path, tuple(notes))


def game_from_json(text: str, source: Path | str | None = None, *,
                   words: Container[str] | None = None,
                   now: Callable[[], float] = time.monotonic,
                   notes: list[str] | None = None) -> Game:
    """Replay the record in ``text`` (see :func:`game_from_dict`)."""
    try:
        data = load_json(text)
    except ValueError as exc:
        if text.lstrip().startswith("@") or "\n@" in text:
            raise RecordError(source, "this is a WordsWorth saved game, not a WordStudio "
                                      "one: open it with its configuration") from None
        raise RecordError(source, f"not a saved game, or cut short (broken JSON: {exc})"
                          ) from None
    return game_from_dict(data, source, words=words, now=now, notes=notes)


def game_from_dict(data: Any, source: Path | str | None = None, *,
                   words: Container[str] | None = None,
                   now: Callable[[], float] = time.monotonic,
                   notes: list[str] | None = None) -> Game:
    """A new game replayed from a record; RecordError says what is wrong with it.

    ``words`` overrides the word list the record names.  Notes for the user (a changed
    configuration file or word list) are appended to ``notes``.
    """
    notes = notes if notes is not None else []
    reader = Reader(source)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise reader.fail("not a WordStudio crossword saved game")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise reader.fail("the file has no valid format version")
    if version > VERSION:
        raise reader.fail(f"saved by a newer WordStudio (format version {version}; this one "
                          f"reads up to {VERSION})")
    config_data = reader.field(data, "config", dict)
    config, config_path = _read_config(reader, config_data, source, notes)
    lexicon = reader.field(data, "lexicon", dict)
    setup = reader.setup(reader.field(data, "setup", dict), config, config_path,
                         reader.field(lexicon, "name", str, "lexicon"))
    lexicon_changed = False
    if words is None:
        # A list gone or changed since: a note, and the game goes on with today's (issue 24).
        found = _saved_game_words(reader, lexicon, data, source)
        words, lexicon_changed = found.words, found.changed
        notes.extend(found.notes)
        setup = replace(setup, lexicon=found.name)
    inputs = [reader.input(entry, f"action {n}", config, len(setup.players))
              for n, entry in enumerate(reader.field(data, "inputs", list), start=1)]
    redo = [reader.input(entry, f"undone action {n}", config, len(setup.players))
            for n, entry in enumerate(reader.field(data, "redo", list), start=1)]
    try:
        game = Game(setup, words, now)
    except (UserError, ValueError) as exc:
        raise reader.fail(f"the game cannot be set up: {exc}") from None
    hint = " (the word list has changed since the game was saved)" if lexicon_changed else ""
    _replay(reader, game, inputs + redo, len(inputs), hint)
    if redo:
        game.undo(len(redo))
    for number, (entry, turn) in enumerate(zip(data["inputs"], game.history, strict=True), 1):
        reader.check_result(f"action {number}", entry, turn)
    reader.check_state(reader.field(data, "state", dict), game)
    _restore_clocks(reader, reader.field(data, "clocks", dict), game)
    if data.get("annotations") is not None:
        try:
            game.annotations = Annotations.from_dict(data["annotations"])
        except ValueError as exc:
            raise reader.fail(f"bad annotations: {exc}") from None
    return game


def _saved_game_words(reader: Reader, lexicon: dict[str, Any], data: dict[str, Any],
                      source: Path | str | None) -> SavedGameWords:
    """The list named in the record, or today's in its place, with the record's words."""
    # Read before the inputs are checked (their shape is named later): anything but a list
    # of entries with lists of words gives no words.
    def listed(value: Any) -> list[Any]:
        return value if isinstance(value, list) else []

    played = [word for entry in listed(data.get("inputs")) if isinstance(entry, dict)
              for word in listed(entry.get("words")) if isinstance(word, str)]
    try:
        return saved_game_words(
            reader.field(lexicon, "name", str, "lexicon"),
            reader.optional(lexicon, "file", str, "lexicon"),
            reader.optional(lexicon, "digest", str, "lexicon"), played,
            Path(source).parent if source is not None else None)
    except LexiconError as exc:
        raise reader.fail(f"the game's word list cannot be loaded ({exc})") from None


def _read_config(reader: Reader, data: dict[str, Any], source: Path | str | None,
                 notes: list[str]) -> tuple[GameConfig, str | None]:
    text = reader.field(data, "text", str, "config")
    if config_sha256(text) != reader.field(data, "sha256", str, "config"):
        raise reader.fail("the saved configuration does not match its checksum (damaged or "
                          "edited)")
    try:
        config = parse_config(text)
    except ConfigError as exc:
        raise reader.fail(f"the saved configuration cannot be read: {exc.message}") from None
    path = reader.optional(data, "path", str, "config")
    if path:
        notes.extend(_config_file_notes(path, config_sha256(text), source))
    return config, path


def _config_file_notes(path: str, saved_sha: str, source: Path | str | None) -> list[str]:
    """Whether the configuration file the game came from still describes it."""
    candidate = Path(path)
    if not candidate.is_absolute() and not exists(candidate) and source is not None:
        candidate = Path(source).parent / candidate
    kept = "the game uses the copy saved with it"
    if not exists(candidate):
        return [f"the configuration file {shorten(path)} is not found; {kept}"]
    try:
        current = load_config(candidate)
    except ConfigError as exc:
        return [f"the configuration file {path} cannot be read now ({exc}); {kept}"]
    if config_sha256(write_config(current)) != saved_sha:
        return [f"the configuration file {path} has changed since this game was saved; "
                f"{kept}"]
    return []


def _replay(reader: Reader, game: Game, inputs: list[Input], done: int, hint: str) -> None:
    """Replay every action, turning any refusal into a RecordError naming the action."""
    try:
        game.replay_inputs(inputs)
    except IllegalMove as exc:
        raise reader.fail(f"{_redo_wording(exc.reason, done)}{hint}") from None
    except (UserError, ValueError, KeyError, IndexError) as exc:
        number = len(game.inputs) + 1
        raise reader.fail(_redo_wording(f"action {number} cannot be replayed: {exc}", done)
                          + hint) from None


def _redo_wording(message: str, done: int) -> str:
    """Game numbers the actions of the redo line after the others; say which they are."""
    words = message.split(" ", 2)
    if len(words) >= 2 and words[0] == "action" and words[1].isdigit():
        number = int(words[1])
        if number > done:
            rest = words[2] if len(words) > 2 else ""
            return f"undone action {number - done} (the redo line) {rest}".rstrip()
    return message


def _restore_clocks(reader: Reader, data: dict[str, Any], game: Game) -> None:
    used = reader.field(data, "used", list, "clocks")
    mine = game.clocks.used
    if len(used) != len(mine) or not all(
            isinstance(u, float | int) and not isinstance(u, bool) and abs(u) <= MAX_SECONDS
            and math.isclose(u, m, abs_tol=1e-6) for u, m in zip(used, mine, strict=True)):
        raise reader.fail("the clocks do not match the moves' times (damaged or edited)")
    elapsed = reader.seconds(data, "turn_elapsed", "the running turn")
    # The player to move had already used this much of his turn when the game was saved.
    if game.clocks.turn_started is not None and elapsed:
        game.clocks.turn_started -= elapsed


# --- identity -----------------------------------------------------------------------------
def game_id(game: Game) -> str:
    """An identifier for the game, the same after every move (the autosave file name):
    what the game started from, so two games share one only if they are the same game."""
    return _id_of(game_to_dict(game))


def _id_of(data: dict[str, Any]) -> str:
    ident = {"setup": data["setup"], "lexicon": data["lexicon"],
             "config": data["config"]["sha256"]}
    text = json.dumps(ident, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
