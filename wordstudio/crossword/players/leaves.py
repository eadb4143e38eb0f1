"""What the tiles a player keeps are worth: leave values, for equity = score + leave.

Two evaluators, one interface (:class:`LeaveValues`):

* :class:`LeaveTable` - values learnt by self-play for the standard tiles
  (``wordstudio/crossword/players/data/leaves-standard.json``, made by ``tools/make_leaves.py``;
  the file records how many games and how much CPU time it took).  A leave's value is a
  sum of parts: each tile (a value for the first copy, another for the second...), each
  pair of different tiles kept together, and the balance of vowels among the tiles kept.
  Parts rather than one number per leave keep the file small (a few hundred numbers
  instead of ~900,000 leaves) and let rare leaves borrow strength from common ones.
* :class:`HeuristicLeaves` - for any other tile set: the game's own ``LetterWeights``
  turned round (WordsWorth note 12: a negative weight means "keep it", so keeping it is
  worth that much), a floor for the blank, penalties for duplicates, for a poor
  vowel/consonant mix and for a Q without a U.

:func:`leaves_for` picks, in order: a table trained for that very game (``wordstudio leaves
train``, :mod:`.leavetrain`; stored per game in the user's data folder, see
:func:`table_path`), the shipped table when the game's tiles are the standard ones (same
letters, counts, scores, blanks, rack of 7, 50-point bonus - the board may differ), and
the heuristic otherwise.  :func:`leaves_in_use` puts one table before all of them for a
while (a benchmark whose two players differ only in their leave table).
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.movegen.equity import LeaveParts
from wordstudio.crossword.tiles import BLANK
from wordstudio.filecheck import read_limited
from wordstudio.paths import user_data_dir

VOWELS = frozenset("AEIOU")
TABLE_RESOURCE = "leaves-standard.json"
#: Copies of one tile beyond this share the last copy's value in a table.
MAX_COPIES = 4
#: The largest trained table read (a table of every leave of 1-6 tiles is about 2 MB).
MAX_TABLE_BYTES = 20_000_000


class LeaveValues(Protocol):
    """Anything that values a leave (the tiles kept after a move), in points."""

    def value(self, tiles: Sequence[str]) -> float: ...


def leave_key(tiles: Iterable[str]) -> tuple[str, ...]:
    """A leave in one canonical order (letters sorted, blanks last) for caching."""
    return tuple(sorted(tiles, key=lambda t: (t == BLANK, t)))


def _vowels(tiles: Iterable[str]) -> int:
    return sum(1 for t in tiles if t in VOWELS)


# --- the learnt table ------------------------------------------------------------------------
@dataclass(frozen=True)
class TileFingerprint:
    """What leave values depend on (the board does not matter much; the tiles do)."""

    alphabet: tuple[str, ...]
    frequencies: tuple[int, ...]
    scores: tuple[int, ...]
    blank_count: int
    rack_size: int
    bonus: int

    @classmethod
    def of(cls, config: GameConfig) -> TileFingerprint:
        tiles = config.tiles
        return cls(tiles.alphabet, tiles.frequencies, tiles.scores, tiles.blank_count,
                   config.rack_size, config.play_all_tile_bonus)

    def to_json(self) -> dict[str, Any]:
        return {"alphabet": list(self.alphabet), "frequencies": list(self.frequencies),
                "scores": list(self.scores), "blank_count": self.blank_count,
                "rack_size": self.rack_size, "bonus": self.bonus}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TileFingerprint:
        return cls(tuple(data["alphabet"]), tuple(data["frequencies"]), tuple(data["scores"]),
                   int(data["blank_count"]), int(data["rack_size"]), int(data["bonus"]))


class _CachedLeaves(ABC):
    """A leave's value is worked out once (by ``_compute``) and remembered; the memory
    is emptied when it grows past 200,000 leaves."""

    def __init__(self) -> None:
        self._cache: dict[tuple[str, ...], float] = {}

    def value(self, tiles: Sequence[str]) -> float:
        key = leave_key(tiles)
        found = self._cache.get(key)
        if found is None:
            found = self._compute(key)
            if len(self._cache) > 200_000:
                self._cache.clear()
            self._cache[key] = found
        return found

    @abstractmethod
    def _compute(self, key: tuple[str, ...]) -> float:
        """The value of the leave ``key`` (sorted tiles), worked out afresh."""


class LeaveTable(_CachedLeaves):
    """Leave values as a sum of parts (module docstring).

    ``single[t][k]`` is the value of holding the (k+1)-th copy of tile ``t``; ``pair`` is
    keyed by two different tiles in canonical order; ``balance[n][v]`` is for ``n`` tiles
    kept of which ``v`` are vowels (blanks count as neither).  The empty leave is worth 0.
    """

    def __init__(self, single: Mapping[str, Sequence[float]],
                 pair: Mapping[tuple[str, str], float],
                 balance: Mapping[int, Sequence[float]],
                 fingerprint: TileFingerprint | None = None,
                 info: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        self.single = {t: tuple(v) for t, v in single.items()}
        self.pair = dict(pair)
        self.balance = {n: tuple(v) for n, v in balance.items()}
        self.fingerprint = fingerprint
        self.info = dict(info or {})
        self._largest = max(self.balance) if self.balance else 0
        # leave_parts' balance rows, by the tiles on the rack.
        self._balance_rows: dict[int, list[list[float]]] = {}

    def _compute(self, key: tuple[str, ...]) -> float:
        if not key:
            return 0.0
        counts = Counter(key)
        total = 0.0
        for tile, count in counts.items():
            copies = self.single.get(tile, ())
            for k in range(count):
                if copies:
                    total += copies[min(k, len(copies) - 1)]
        kinds = sorted(counts, key=lambda t: (t == BLANK, t))
        for i, first in enumerate(kinds):
            for second in kinds[i + 1:]:
                total += self.pair.get((first, second), 0.0)
        size = min(len(key), self._largest)
        row = self.balance.get(size)
        if row:
            total += row[min(_vowels(key), len(row) - 1)]
        return total

    def leave_parts(self, kinds: Sequence[str], counts: Sequence[int]) -> LeaveParts:
        """The parts of any leave from a rack holding ``counts[k]`` of each of ``kinds``
        (in leave order), laid out for a compiled loop that values every subset of the
        rack at once: the same numbers as :meth:`value`, added in the same order."""
        copies = []
        for tile, count in zip(kinds, counts, strict=True):
            values = self.single.get(tile, ())
            copies.append([values[min(k, len(values) - 1)] if values else 0.0
                           for k in range(count)])
        pairs = [[self.pair.get((first, second), 0.0) if i < j else 0.0
                  for j, second in enumerate(kinds)] for i, first in enumerate(kinds)]
        tiles = sum(counts)
        balance = self._balance_rows.get(tiles)
        if balance is None:
            balance = self._balance_rows[tiles] = []
            for n in range(tiles + 1):
                row = self.balance.get(min(n, self._largest), ())
                balance.append([row[min(v, len(row) - 1)] if row else 0.0
                                for v in range(n + 1)])
        return LeaveParts(copies, pairs, [tile in VOWELS for tile in kinds], balance)

    # --- the data file ------------------------------------------------------------------
    def to_json(self, **info: Any) -> dict[str, Any]:
        return {
            "format": 1,
            **self.info,
            **info,
            "tiles": self.fingerprint.to_json() if self.fingerprint else None,
            "single": {t: [round(v, 3) for v in vs] for t, vs in self.single.items()},
            "pair": {f"{a}{b}": round(v, 3) for (a, b), v in sorted(self.pair.items())},
            "balance": {str(n): [round(v, 3) for v in vs] for n, vs in sorted(self.balance.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LeaveTable:
        if data.get("format") != 1:
            raise ValueError("not a WordStudio leave table (format 1)")
        fingerprint = TileFingerprint.from_json(data["tiles"]) if data.get("tiles") else None
        alphabet = fingerprint.alphabet if fingerprint else ()
        pair: dict[tuple[str, str], float] = {}
        for text, v in data["pair"].items():
            pair[_split_pair(text, alphabet)] = float(v)
        info = {k: v for k, v in data.items() if k not in ("single", "pair", "balance", "tiles")}
        return cls(data["single"], pair, {int(n): vs for n, vs in data["balance"].items()},
                   fingerprint, info)


def _split_pair(text: str, alphabet: Sequence[str]) -> tuple[str, str]:
    """``"AB"`` -> ("A", "B"); multi-character letters are matched against the alphabet."""
    for letter in sorted(alphabet, key=len, reverse=True) + [BLANK]:
        if text.startswith(letter) and len(text) > len(letter):
            return letter, text[len(letter):]
    return text[0], text[1:]


@lru_cache(maxsize=1)
def standard_table() -> LeaveTable:
    """The shipped table for the standard tiles."""
    text = resources.files("wordstudio.crossword.players").joinpath("data", TABLE_RESOURCE).read_text(
        encoding="utf-8")
    return LeaveTable.from_json(json.loads(text))


# --- the heuristic ---------------------------------------------------------------------------
class HeuristicLeaves(_CachedLeaves):
    """Leave values from the game's own letter weights plus rules of thumb (see module).

    * each tile: minus its LetterWeight (note 12: negative weight = worth keeping);
    * a blank: at least ``8 + bonus / 5`` (a blank is what makes full-rack plays);
    * duplicates: -3 for a second copy of a letter, -6 for each further copy;
    * balance: -2.5 per tile away from 40 % vowels among the letters kept;
    * a Q without a U: -7.
    """

    def __init__(self, config: GameConfig) -> None:
        super().__init__()
        tiles = config.tiles
        self.tile_value: dict[str, float] = {
            letter: -w for letter, w in zip(tiles.alphabet, tiles.weights, strict=True)}
        self.tile_value[BLANK] = max(-tiles.blank_weight, 8 + config.play_all_tile_bonus / 5)
        self.q_without_u = "Q" in tiles.alphabet and "U" in tiles.alphabet

    def _compute(self, key: tuple[str, ...]) -> float:
        total = float(sum(self.tile_value.get(t, 0) for t in key))
        counts = Counter(t for t in key if t != BLANK)
        for count in counts.values():
            if count >= 2:
                total -= 3 + 6 * (count - 2)
        letters = sum(counts.values())
        if letters:
            total -= 2.5 * abs(_vowels(key) - 0.4 * letters)
        if self.q_without_u and counts["Q"] and not counts["U"]:
            total -= 7
        return total


class NoLeaves:
    """Every leave is worth nothing (players that do not look at what they keep)."""

    def value(self, tiles: Sequence[str]) -> float:
        return 0.0


NO_LEAVES = NoLeaves()


# --- the approach to the end game ----------------------------------------------------------
#: What leaving the bag with this many tiles after a play is worth (points, added to the
#: play's equity), for a two-player game with racks of 7: a few tiles left in the bag
#: keep the opponent from emptying it and going out at once and leave us the last draw;
#: emptying it with a short rack (a negative count: the tiles we took short of a full
#: rack) gives the opponent the first move of an end game with more tiles.  Bag sizes
#: not listed are worth nothing.  Measured against Quackle (README "Stronger than
#: Quackle"); the idea is the usual static players' pre-end-game timing term.
BAG_TIMING: dict[int, float] = {1: 5.0, 2: 3.5, 3: 2.0, 4: 0.0, 5: -1.0, 0: 1.0,
                                -1: -1.5, -2: -2.5, -3: -2.0, -4: -1.0}


#: How much a rack's vowels away from the usual mix cost, squared (points a vowel
#: squared), used to correct leave values for what the bag holds: a table learnt by
#: self-play values a leave against the tile set's usual draws; when the unseen tiles
#: hold more (or fewer) vowels than the full set, the same leave draws to a rack with more
#: (fewer) vowels.  0 turns the correction off: at 1.0 it lost 3.2 +-3.1 points of
#: spread a game against Quackle's Speedy Player (204 games, README).
BAG_VOWEL_WEIGHT = 0.0
#: How much of the bag's quality a tile drawn is worth: the unseen tiles' mean value as
#: a leave of one tile, less the full set's, times this, for each tile a move draws (a
#: table values a leave against the usual draws; a bag still holding the blanks and the
#: esses makes playing more tiles worth more, a bag of leftovers less).  0: off.
BAG_DRAW_WEIGHT = 0.0


class PositionLeaves:
    """Leave values for one position: the table's, plus :data:`BAG_TIMING` for the
    tiles a play leaves in the bag (with ``offset`` = bag - rack, a leave of n tiles
    means the play used rack - n tiles and leaves ``offset + n``), plus the bag's vowel
    correction (:data:`BAG_VOWEL_WEIGHT`: ``shift`` is the unseen tiles' share of vowels
    less the full set's, ``usual`` the full set's share).  Valued leave by leave (no
    ``leave_parts``: the search asks for each of a rack's leaves once)."""

    def __init__(self, base: LeaveValues, bag: int, rack: int,
                 timing: Mapping[int, float], shift: float = 0.0, usual: float = 0.0,
                 vowel_weight: float = 0.0, rack_size: int = 7, draw: float = 0.0) -> None:
        self.base = base
        self.bag = bag
        self.rack = rack
        self.draw = draw
        self.offset = bag - rack
        self.timing = dict(timing)
        self.shift, self.usual, self.vowel_weight = shift, usual, vowel_weight
        self.rack_size = rack_size
        self._cache: dict[tuple[str, ...], float] = {}

    def value(self, tiles: Sequence[str]) -> float:
        key = leave_key(tiles)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._compute(key)
        return found

    def _compute(self, tiles: tuple[str, ...]) -> float:
        kept = len(tiles)
        total = self.base.value(tiles) + self.timing.get(self.offset + kept, 0.0)
        if self.vowel_weight and self.shift:
            drawn = min(self.rack_size - kept, self.bag)
            # Vowels on the next rack less the usual number, with the usual draw ...
            usual = _vowels(tiles) + drawn * self.usual - self.rack_size * self.usual
            # ... and with this bag's: the extra squared cost of being further off.
            moved = drawn * self.shift
            total -= self.vowel_weight * ((usual + moved) ** 2 - usual ** 2)
        if self.draw:
            total += self.draw * min(max(self.rack - kept, 0), self.bag)
        return total


_for_position: dict[tuple, PositionLeaves] = {}


def _draw_value(leaves: LeaveValues, position: Any) -> float:
    """:data:`BAG_DRAW_WEIGHT` times the unseen tiles' mean one-tile leave value less the
    full set's (rounded, so positions share their tables)."""
    tiles = position.config.tiles
    unseen = position.unseen
    if not unseen:
        return 0.0
    full = [*(t for t, f in zip(tiles.alphabet, tiles.frequencies, strict=True)
              for _ in range(f)), *[BLANK] * tiles.blank_count]
    single: dict[str, float] = {}

    def mean(pool: Sequence[str]) -> float:
        for t in set(pool) - single.keys():
            single[t] = leaves.value((t,))
        return sum(single[t] for t in pool) / len(pool)

    return round(BAG_DRAW_WEIGHT * (mean(unseen) - mean(full)), 1)


def position_leaves(leaves: LeaveValues, position: Any, timing: bool = True) -> LeaveValues:
    """``leaves`` with the terms of :class:`PositionLeaves` for a two-player ``position``
    with racks of 7 where they can matter (else ``leaves`` itself); ``timing`` False
    leaves out the bag's timing (an exchange leaves the bag as it was).  The same object
    for the same leaves, bag and unseen tiles' terms, so the search's tables built for it
    are reused."""
    config = position.config
    bag = position.bag_size
    if (isinstance(leaves, NoLeaves) or config.rack_size != 7 or position.players != 2
            or bag <= 0):
        return leaves
    timed = timing and bool(BAG_TIMING) and bag <= config.rack_size + max(BAG_TIMING)
    draw = _draw_value(leaves, position) if BAG_DRAW_WEIGHT else 0.0
    shift = usual = 0.0
    if BAG_VOWEL_WEIGHT:
        tiles = config.tiles
        full = sum(tiles.frequencies) + tiles.blank_count
        usual = sum(f for t, f in zip(tiles.alphabet, tiles.frequencies, strict=True)
                    if t in VOWELS) / full if full else 0.0
        unseen = position.unseen
        shift = round(_vowels(unseen) / len(unseen) - usual, 3) if unseen else 0.0
    if not timed and not shift and not draw:
        return leaves
    rack = len(position.rack.tiles)
    key = (id(leaves), bag, rack, shift, BAG_VOWEL_WEIGHT, timed, draw)
    found = _for_position.get(key)
    if found is None or found.base is not leaves or found.timing != (BAG_TIMING if timed else {}):
        if len(_for_position) > 64:
            _for_position.clear()
        found = _for_position[key] = PositionLeaves(
            leaves, bag, rack, BAG_TIMING if timed else {}, shift, usual, BAG_VOWEL_WEIGHT,
            draw=draw)
    return found


# --- tables trained for one game ------------------------------------------------------------
def table_key(config: GameConfig, lexicon: str) -> str:
    """What a trained table depends on: the tiles, the board and the lexicon."""
    data = {"tiles": TileFingerprint.of(config).to_json(),
            "board": ["".join(row) for row in config.layout],
            "directions": [d.value for d in config.directions], "lexicon": lexicon}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def table_path(config: GameConfig, lexicon: str | None = None) -> Path:
    """Where the table trained for a game lives (whether or not it exists yet)."""
    folder = user_data_dir() / "leaves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{table_key(config, lexicon or config.dictionary)}.json"


def state_path(config: GameConfig, lexicon: str | None = None) -> Path:
    """Where a training run keeps its state between rounds (to be resumed)."""
    return table_path(config, lexicon).with_suffix(".training.json")


def trained_table(config: GameConfig, lexicon: str | None = None) -> LeaveTable | None:
    """The table trained for this game, if there is one (and it can be read)."""
    path = table_path(config, lexicon)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    return _read_trained(str(path), mtime)


@lru_cache(maxsize=8)
def _read_trained(path: str, mtime: float) -> LeaveTable | None:
    try:
        text = read_limited(path, MAX_TABLE_BYTES, "leave table").decode("utf-8")
        return LeaveTable.from_json(json.loads(text))
    except (OSError, ValueError, KeyError, TypeError):
        return None


#: The leave values :func:`leaves_in_use` has put in force (None: the usual choice).
_IN_USE: ContextVar[LeaveValues | None] = ContextVar("leaves_in_use", default=None)


@contextmanager
def leaves_in_use(values: LeaveValues) -> Iterator[None]:
    """While the block runs, :func:`leaves_for` answers ``values`` for every game - the
    static player, the simulation's candidates and replies, the pre-end game - so a
    Championship player can play with a table of its own (``benchmarks/leaves_versus.py``).
    Only in this process: a search spread over move workers (:mod:`.parallel`) plays its
    iterations with the usual table, so set one move worker."""
    token = _IN_USE.set(values)
    try:
        yield
    finally:
        _IN_USE.reset(token)


def leaves_for(config: GameConfig) -> LeaveValues:
    """The table trained for this game if there is one; the shipped table when the
    game's tiles are the standard ones or a language game's; else the heuristic (or,
    inside :func:`leaves_in_use`, the values it was given)."""
    chosen = _IN_USE.get()
    if chosen is not None:
        return chosen
    trained = trained_table(config)
    if trained is not None:
        return trained
    table = standard_table()
    if table.fingerprint == TileFingerprint.of(config):
        return table
    language = language_table(config)
    if language is not None:
        return language
    return _heuristic(config)


#: The language games' shipped tables (``data/leaves-<code>.json``, trained with
#: ``wordstudio leaves train --config <code>.cfg``; README "Other languages").
LANGUAGE_TABLES = ("fr", "es", "de", "it", "nl", "ca", "pl", "pt", "sv", "nb")


def language_table(config: GameConfig) -> LeaveTable | None:
    """The shipped table of the language game whose tiles ``config`` has, if any."""
    return _language_tables().get(TileFingerprint.of(config))


@lru_cache(maxsize=1)
def _language_tables() -> dict[TileFingerprint, LeaveTable]:
    found: dict[TileFingerprint, LeaveTable] = {}
    data = resources.files("wordstudio.crossword.players").joinpath("data")
    for code in LANGUAGE_TABLES:
        resource = data.joinpath(f"leaves-{code}.json")
        if resource.is_file():
            table = LeaveTable.from_json(json.loads(resource.read_text(encoding="utf-8")))
            if table.fingerprint is not None:
                found[table.fingerprint] = table
    return found


@lru_cache(maxsize=16)
def _heuristic(config: GameConfig) -> HeuristicLeaves:
    return HeuristicLeaves(config)
