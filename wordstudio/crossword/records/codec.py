"""The pieces of a saved game shared by both formats: errors, players, settings, actions.

:class:`Reader` checks a record field by field and names what is wrong and where, so a
damaged file gives a plain message instead of a traceback.  The JSON shapes written
here are documented in :mod:`wordstudio.crossword.records.native`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Container, Iterable
from pathlib import Path
from typing import Any

from wordstudio.crossword.actions import (
    Action,
    Challenge,
    Pass,
    PickUpBlank,
    Play,
    Resign,
    TimeOut,
    TimePenalty,
    Turn,
)
from wordstudio.crossword.board import Placement, letters_name, square_name
from wordstudio.crossword.clock import ClockSettings
from wordstudio.crossword.game import (
    Game,
    GameSettings,
    GameSetup,
    Input,
    PlayerSpec,
    StartPosition,
    WordCheck,
)
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.tiles import BLANK
from wordstudio.errors import UserError, shown_path
from wordstudio.lexicon.catalog import resolve_lexicon
from wordstudio.lexicon.wordlist import LexiconError, WordList

EDITED = "(damaged or edited)"
#: The longest time a move, a turn or a player's clock can have taken (a year): more is a
#: damaged file, and would overflow the clock's sums.
MAX_SECONDS = 366 * 24 * 3600.0
def exists(path: Path) -> bool:
    """Whether a file a record names is there (False for a name no file can have)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def shorten(text: str, length: int = 60) -> str:
    """``text`` cut to ``length`` characters for a message."""
    return text if len(text) <= length else text[:length - 3] + "..."


class RecordError(UserError):
    """A saved game that cannot be loaded: names the file (and line) and the problem."""

    def __init__(self, source: str | Path | None, problem: str, line: int | None = None
                 ) -> None:
        self.source = str(source) if source is not None else None
        self.problem = problem
        self.line = line
        where = [shown_path(self.source) if self.source else "saved game"]
        if line is not None:
            where.append(f"line {line}")
        super().__init__(f"{', '.join(where)}: {problem}")

    def __reduce__(self) -> tuple[type[RecordError], tuple[str | None, str, int | None]]:
        # Errors may cross into worker processes; keep them picklable.
        return (RecordError, (self.source, self.problem, self.line))


# --- squares and tiles ---------------------------------------------------------------------
_SQUARE = re.compile(r"([A-Z]{1,2})([0-9]{1,2})")


def letters_index(text: str) -> int | None:
    """The inverse of :func:`~wordstudio.crossword.board.letters_name` (None if not one)."""
    if not text.isalpha() or not text.isupper() or not 1 <= len(text) <= 2:
        return None
    if len(text) == 1:
        return ord(text) - ord("A")
    return (ord(text[0]) - ord("A") + 1) * 26 + ord(text[1]) - ord("A")


def parse_square(text: str, config: GameConfig) -> tuple[int, int] | None:
    """``H8`` (column letters, row number) as 0-based (row, col), or None if not one."""
    match = _SQUARE.fullmatch(text)
    if not match:
        return None
    col = letters_index(match.group(1))
    row = int(match.group(2)) - 1
    if col is None or not config.on_board(row, col) or letters_name(col) != match.group(1):
        return None
    return row, col


def placement_text(p: Placement) -> str:
    return f"{square_name(p.row, p.col)} {p.shown()}"


# --- writing -------------------------------------------------------------------------------
def player_to_dict(spec: PlayerSpec) -> dict[str, Any]:
    data = {"name": spec.name, "computer": spec.computer, "level": spec.level,
            "knobs": spec.knobs}
    if spec.seconds:
        data["seconds"] = spec.seconds
    return data


def settings_to_dict(settings: GameSettings) -> dict[str, Any]:
    clock = settings.clock
    data: dict[str, Any] = {
        "word_check": settings.word_check.value,
        "challenge_penalty": settings.challenge_penalty,
        "clock": {"turn_limit": clock.turn_limit, "game_limit": clock.game_limit,
                  "overtime_penalty": clock.overtime_penalty}}
    # Later rules are written only when used (older readers know nothing of them), so
    # earlier files stay as they were.
    if clock.game_duration:
        data["clock"]["game_duration"] = clock.game_duration
    if settings.challenge_forfeits_play:
        data["challenge_forfeits_play"] = True
    if settings.any_player_challenges:
        data["any_player_challenges"] = True
    if settings.challenge_bonus:
        data["challenge_bonus"] = settings.challenge_bonus
    if settings.going_out_doubled:
        data["going_out_doubled"] = True
    return data


def setup_to_dict(setup: GameSetup) -> dict[str, Any]:
    data = {"seed": setup.seed, "players": [player_to_dict(p) for p in setup.players],
            "settings": settings_to_dict(setup.settings),
            "scripted_draws": [list(draw) for draw in setup.scripted_draws]}
    if setup.start is not None:
        data["start"] = {"rows": list(setup.start.rows), "scores": list(setup.start.scores),
                         "scoreless_turns": setup.start.scoreless_turns}
    return data


def action_to_dict(item: Input) -> dict[str, Any]:
    """One action (without its result): who, how long, what."""
    entry: dict[str, Any] = {"player": item.player, "seconds": item.seconds}
    action = item.action
    if isinstance(action, Play):
        entry["action"] = "play"
        entry["tiles"] = [placement_text(p) for p in action.placements]
        if action.confirmed:
            entry["confirmed"] = list(action.confirmed)
        if action.conceded:
            entry["conceded"] = True
        if action.recorded is not None:
            entry["recorded"] = action.recorded
    elif isinstance(action, Pass):
        entry["action"] = "pass"
        entry["discards"] = list(action.discards)
    elif isinstance(action, PickUpBlank):
        entry["action"] = "pick-up"
        entry["square"] = square_name(action.row, action.col)
    elif isinstance(action, Resign):
        entry["action"] = "resign"
    elif isinstance(action, TimeOut):
        entry["action"] = "timeout"
    elif isinstance(action, Challenge):
        entry["action"] = "challenge"
        if action.upheld is not None:
            entry["upheld"] = action.upheld
        for key in ("bonus", "penalty"):
            if getattr(action, key) is not None:
                entry[key] = getattr(action, key)
    elif isinstance(action, TimePenalty):
        entry["action"] = "time-penalty"
        entry["penalised"] = action.player
        entry["points"] = action.points
    else:
        raise TypeError(f"unknown action {action!r}")
    return entry


# --- lexicons ------------------------------------------------------------------------------
def lexicon_name_and_file(name: str) -> tuple[str, str | None]:
    """The name a game knows its word list by, and the file it resolves to now."""
    try:
        return name, str(resolve_lexicon(name))
    except LexiconError:
        return name, None


def lexicon_digest(words: Container[str], alphabet: tuple[str, ...]) -> str | None:
    """WordList.digest of the game's words (a plain collection is measured the same way)."""
    if isinstance(words, WordList):
        return words.digest
    if isinstance(words, Iterable):
        return WordList.from_words(words, alphabet=alphabet).digest
    return None


# --- reading -------------------------------------------------------------------------------
class Reader:
    """Field-by-field checks of a record that name what is wrong and where."""

    def __init__(self, source: str | Path | None) -> None:
        self.source = source

    def fail(self, problem: str, line: int | None = None) -> RecordError:
        return RecordError(self.source, problem, line)

    def field(self, data: dict[str, Any], key: str, kind: type | tuple[type, ...],
              where: str = "") -> Any:
        value = data.get(key)
        # bool is a subclass of int: a number field must not accept true/false.
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            place = f"{where} " if where else ""
            name = kind.__name__ if isinstance(kind, type) else "number"
            raise self.fail(f"{place}'{key}' is missing or not {_KINDS.get(name, name)}")
        return value

    def optional(self, data: dict[str, Any], key: str, kind: type | tuple[type, ...],
                 where: str = "") -> Any:
        return None if data.get(key) is None else self.field(data, key, kind, where)

    def players(self, entries: Any, where: str = "setup") -> tuple[PlayerSpec, ...]:
        if not isinstance(entries, list) or not entries:
            raise self.fail(f"{where} 'players' is missing or empty")
        players = []
        for entry in entries:
            if not isinstance(entry, dict):
                raise self.fail(f"{where}: a player entry is not an object")
            players.append(PlayerSpec(
                self.field(entry, "name", str, "player"),
                self.field(entry, "computer", bool, "player"),
                self.field(entry, "level", int, "player"),
                self.optional(entry, "knobs", str, "player"),
                float(self.optional(entry, "seconds", (int, float), "player") or 0.0)))
        return tuple(players)

    def settings(self, data: dict[str, Any]) -> GameSettings:
        clock = self.field(data, "clock", dict, "settings")
        check = self.field(data, "word_check", str, "settings")
        if check not in {c.value for c in WordCheck}:
            choices = ", ".join(c.value for c in WordCheck)
            raise self.fail(f"bad settings: the word check {check!r} is not one of {choices}")
        flags = {}
        for name in ("challenge_forfeits_play", "any_player_challenges", "going_out_doubled"):
            value = data.get(name, False)
            if not isinstance(value, bool):
                raise self.fail(f"bad settings: {name!r} is not true or false")
            flags[name] = value
        duration = clock.get("game_duration", 0)
        if not isinstance(duration, int) or isinstance(duration, bool):
            raise self.fail("bad settings: the game's duration is not a whole number of seconds")
        bonus = self.optional(data, "challenge_bonus", int, "settings") or 0
        if bonus < 0 or self.field(data, "challenge_penalty", int, "settings") < 0:
            raise self.fail("bad settings: a challenge penalty or bonus cannot be negative")
        try:
            return GameSettings(
                WordCheck(check),
                self.field(data, "challenge_penalty", int, "settings"),
                ClockSettings(self.field(clock, "turn_limit", int, "clock"),
                              self.field(clock, "game_limit", int, "clock"),
                              self.field(clock, "overtime_penalty", int, "clock"),
                              duration),
                challenge_bonus=bonus, **flags)
        except ValueError as exc:
            raise self.fail(f"bad settings: {exc}") from None

    def setup(self, data: dict[str, Any], config: GameConfig, config_path: str | None,
              lexicon: str) -> GameSetup:
        players = self.players(data.get("players"))
        if not config.min_players <= len(players) <= config.max_players:
            raise self.fail(f"{len(players)} players, but this game is for "
                            f"{config.min_players} to {config.max_players}")
        settings = self.settings(self.field(data, "settings", dict, "setup"))
        scripted = self.optional(data, "scripted_draws", list, "setup") or []
        draws = tuple(self.tiles(draw, "setup 'scripted_draws'", config) for draw in scripted)
        start = self.start(data.get("start"), config, len(players))
        return GameSetup(config, players, self.field(data, "seed", int, "setup"), settings,
                         lexicon, config_path, draws, start)

    def start(self, data: Any, config: GameConfig, players: int) -> StartPosition | None:
        """A set starting position (``setup.start``), or None when the game has none."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise self.fail("setup 'start' is not an object")
        rows = self.field(data, "rows", list, "start")
        scores = self.field(data, "scores", list, "start")
        if (len(rows) != config.rows or not all(isinstance(r, str) and len(r) == config.columns
                                                for r in rows)):
            raise self.fail(f"the starting position is not {config.rows} rows of "
                            f"{config.columns} squares")
        if len(scores) != players or not all(isinstance(v, int) and not isinstance(v, bool)
                                             for v in scores):
            raise self.fail(f"the starting position does not give {players} scores")
        zero = self.field(data, "scoreless_turns", int, "start")
        if zero < 0:
            raise self.fail("the starting position has a negative count of scoreless turns")
        return StartPosition(tuple(rows), tuple(scores), zero)

    def tiles(self, value: Any, where: str, config: GameConfig) -> tuple[str, ...]:
        alphabet = config.tiles.alphabet
        if not isinstance(value, list) or not all(
                isinstance(t, str) and (t == BLANK or t in alphabet) for t in value):
            raise self.fail(f"{where}: the tiles are not a list of tiles of this game")
        return tuple(value)

    def square(self, text: Any, where: str, config: GameConfig) -> tuple[int, int]:
        square = parse_square(text, config) if isinstance(text, str) else None
        if square is None:
            raise self.fail(f"{where}: {text!r} is not a square of this board")
        return square

    def placement(self, text: Any, where: str, config: GameConfig) -> Placement:
        if not isinstance(text, str) or text.count(" ") != 1:
            raise self.fail(f"{where}: {text!r} is not a tile on a square (like 'H8 E')")
        square_text, letter = text.split(" ")
        row, col = self.square(square_text, where, config)
        if letter.upper() not in config.tiles.alphabet or not (letter.isupper()
                                                               or letter.islower()):
            raise self.fail(f"{where}: {letter!r} is not a letter of this game")
        return Placement(row, col, letter.upper(), letter.islower())

    def action(self, entry: dict[str, Any], where: str, config: GameConfig) -> Action:
        kind = self.field(entry, "action", str, where)
        if kind == "play":
            tiles = self.field(entry, "tiles", list, where)
            confirmed = entry.get("confirmed", [])
            if not isinstance(confirmed, list) or not all(isinstance(w, str) for w in confirmed):
                raise self.fail(f"{where}: 'confirmed' is not a list of words")
            conceded = entry.get("conceded", False)
            if not isinstance(conceded, bool):
                raise self.fail(f"{where}: 'conceded' is not true or false")
            return Play(tuple(self.placement(t, where, config) for t in tiles), tuple(confirmed),
                        conceded, self.optional(entry, "recorded", int, where))
        if kind == "pass":
            return Pass(self.tiles(entry.get("discards"), where, config))
        if kind == "pick-up":
            return PickUpBlank(*self.square(entry.get("square"), where, config))
        if kind == "challenge":
            return Challenge(self.optional(entry, "upheld", bool, where),
                             self.optional(entry, "bonus", int, where),
                             self.optional(entry, "penalty", int, where))
        if kind == "time-penalty":
            return TimePenalty(self.field(entry, "penalised", int, where),
                               self.field(entry, "points", int, where))
        simple: dict[str, Action] = {"resign": Resign(), "timeout": TimeOut()}
        if kind in simple:
            return simple[kind]
        raise self.fail(f"{where}: unknown action {kind!r}")

    def input(self, entry: Any, where: str, config: GameConfig, players: int) -> Input:
        if not isinstance(entry, dict):
            raise self.fail(f"{where} is not an object")
        player = self.field(entry, "player", int, where)
        if not 0 <= player < players:
            raise self.fail(f"{where} is by player {player + 1}, but there are {players}")
        seconds = self.seconds(entry, "seconds", where)
        return Input(player, self.action(entry, where, config), seconds)

    def seconds(self, data: dict[str, Any], key: str, where: str) -> float:
        """A time in seconds: a number from 0 to :data:`MAX_SECONDS`."""
        value = self.field(data, key, (int, float), where)
        if value < 0:
            raise self.fail(f"{where} took a negative time")
        if not value <= MAX_SECONDS:  # NaN fails this too
            raise self.fail(f"{where} took {shorten(str(value))} seconds; a time is 0 to "
                            f"{MAX_SECONDS:,.0f} seconds")
        return float(value)

    def check_result(self, where: str, entry: dict[str, Any], turn: Turn) -> None:
        """The replayed turn must do what the record says it did."""
        recorded = {"score": entry.get("score"), "drawn": entry.get("drawn"),
                    "words": entry.get("words"), "outcome": entry.get("outcome")}
        replayed = {"score": turn.score, "drawn": list(turn.drawn), "words": list(turn.words),
                    "outcome": turn.outcome.value}
        for key, value in replayed.items():
            if recorded[key] != value or isinstance(recorded[key], bool):
                raise self.fail(f"{where} is recorded with {key} {_show(recorded[key])}, but "
                                f"replays with {_show(value)} {EDITED}")

    def check_state(self, data: dict[str, Any], game: Game) -> None:
        """The state after the replay must be the state saved."""
        replayed = {
            "current": game.current, "scores": list(game.scores),
            "racks": [list(r.tiles) for r in game.racks], "bag": len(game.bag),
            "over": game.over, "end_reason": game.end_reason,
            "adjustments": [{"player": a.player, "points": a.points, "reason": a.reason}
                            for a in game.adjustments],
            "final_scores": game.final_scores()}
        for key, value in replayed.items():
            if key not in data:
                raise self.fail(f"the saved state has no '{key}'")
            if data[key] != value or isinstance(data[key], bool) != isinstance(value, bool):
                raise self.fail(f"the saved state has {_STATE[key]} {_show(data[key])}, but "
                                f"the replay gives {_show(value)} {EDITED}")


_KINDS = {"str": "text", "int": "a whole number", "dict": "an object", "list": "a list",
          "bool": "true or false", "number": "a number"}
_STATE = {"current": "the player to move", "scores": "scores", "racks": "racks",
          "bag": "tiles in the bag", "over": "game over", "end_reason": "end",
          "adjustments": "end-of-game adjustments", "final_scores": "final scores"}


def _show(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "".join(value) if all(len(v) == 1 for v in value) and value else (
            ", ".join(value) if value else "nothing")
    if isinstance(value, list):
        return ", ".join(_show(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return " ".join(f"{k}={_show(v)}" for k, v in value.items())
    return str(value)


class ReplayClock:
    """A clock a loader drives while it replays actions through ``Game.act``, then the
    real one.

    While replaying, :meth:`set_turn_time` makes the running turn's elapsed time exactly
    the recorded seconds (the turn restarts at zero and the clock reads ``seconds``), so
    the game records the original times.  :meth:`go_live` hands over to ``now`` for the
    rest of the game (undo replays stored times, never the clock).
    """

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._live = False
        self._value = 0.0

    def __call__(self) -> float:
        return self._now() if self._live else self._value

    def set_turn_time(self, game: Game, seconds: float) -> None:
        if game.clocks.turn_started is not None:
            game.clocks.turn_started = 0.0
            game.clocks.paused_at = None
        self._value = seconds

    def go_live(self, game: Game) -> None:
        """From now on read the real clock; the player to move starts his turn now."""
        self._live = True
        if game.clocks.turn_started is not None:
            game.clocks.start_turn()
