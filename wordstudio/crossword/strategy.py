"""WordsWorth's move-selection knobs, applied to the move generator's raw output.

Seed 001, Appendix A ("Level and strategy control") and notes 2-4, 7-9 and 12, read
precisely as follows (tests pin each one):

* **weight** = score + ``LengthWeight`` x length + the ``LetterWeights`` of the tiles
  played (a blank: the blank's weight).  *Length* is the main word's length, tiles
  already on the board included ("favours long words").  With ``IncludeCrossWeights``
  non-zero, a tile played that also forms a cross word counts its weight once more for
  each such word (note 8: "the main word only, or all the cross words as well").
* A player with leave values adds the value of the tiles it keeps: its **measure** is
  ``weight + leave``; without, the measure is the weight.
* ``MininumAllowedScore`` / ``MaximumAllowedScore``: moves scoring below / above are
  ignored; 0 means no limit (note 3).  ``MinimumWordLength`` / ``MaximumWordLength``: moves
  whose main word is shorter / longer are ignored; 0 means no limit.
* ``BlankThreshold``: a move that plays a blank is considered only if its weight is at
  least the threshold.
* ``RestrictedSearchMin`` / ``RestrictedSearchCount`` (note 4): going through the moves
  in the order the generator finds them, count the acceptable moves scoring at least
  ``Min``; when the count reaches ``Count`` stop and play the best found so far.
  ``Count`` 0 means no restriction.
* ``AdaptiveStrategy`` (note 9), non-zero: more than :data:`ADAPTIVE_MARGIN` points
  *behind* the leading opponent the player presses - ``MaximumAllowedScore``, the
  restricted search and ``BlankThreshold`` no longer hold it back; more than the margin
  *ahead* it backs off - of the moves scoring at most ``best - (lead - margin) // 2``
  (``best`` the highest acceptable score) it plays the one with the best measure, or, if
  there is none, the lowest-scoring move.  Within the margin it plays normally.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import NamedTuple

from wordstudio.control import SearchControl
from wordstudio.crossword.board import EMPTY
from wordstudio.crossword.gameconfig import GameConfig, Strategy
from wordstudio.crossword.knobs import PlayerStyle
from wordstudio.crossword.leaves import LeaveValues, leave_key
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import BLANK

RawMove = tuple[int, int, int, bytes, int]

BLANK_FLAG = 64
EXISTING_FLAG = 128
#: Leave keys use this code for a blank (letters are 0..62).
BLANK_CODE = 63
#: Points of lead (either way) within which an adaptive player plays normally.
ADAPTIVE_MARGIN = 20
#: How many moves to judge between two looks at ``control.should_stop()``.
CHECK_EVERY = 256


class Judged(NamedTuple):
    """A generated move as a player measures it."""

    raw: RawMove
    score: int
    weight: float
    measure: float
    leave: tuple[str, ...]
    uses_blank: bool
    order: int  # place in the generator's output


class Mood(enum.Enum):
    """What an adaptive player does with its lead (note 9)."""

    EVEN = "even"
    PRESS = "press"
    BACK_OFF = "back off"


def mood(strategy: Strategy, lead: int) -> Mood:
    """Even, pressing (behind) or backing off (ahead), by the lead over the best opponent."""
    if not strategy.adaptive_strategy:
        return Mood.EVEN
    if lead > ADAPTIVE_MARGIN:
        return Mood.BACK_OFF
    if lead < -ADAPTIVE_MARGIN:
        return Mood.PRESS
    return Mood.EVEN


def effective_strategy(strategy: Strategy, current: Mood) -> Strategy:
    """The knobs in force: pressing lifts the limits that hold a player back."""
    if current is Mood.PRESS:
        return replace(strategy, maximum_allowed_score=0, restricted_search_count=0,
                       blank_threshold=0)
    return strategy


class Judge:
    """Measures the raw moves of one position for one style (see the module docstring)."""

    def __init__(self, position: Position, style: PlayerStyle, leaves: LeaveValues,
                 strategy: Strategy | None = None) -> None:
        config = position.config
        knobs = strategy or style.strategy
        self.weights, self.blank_weight = style.weights_for(config)
        self.length_weight = knobs.length_weight
        self.min_score = knobs.minimum_allowed_score
        self.max_score = knobs.maximum_allowed_score
        self.min_length = knobs.minimum_word_length
        self.max_length = knobs.maximum_word_length
        self.cross = bool(knobs.include_cross_weights)
        self.blank_threshold = knobs.blank_threshold
        self.cells = position.cells
        self.rows, self.cols = config.rows, config.columns
        self.leaves = leaves
        self.names = {i: letter for i, letter in enumerate(config.tiles.alphabet)}
        self.names[BLANK_CODE] = BLANK
        self.rack = Counter(_codes(position.rack.tiles, config))
        self._leave_cache: dict[bytes, tuple[tuple[str, ...], float]] = {}

    def judge(self, raw: RawMove, order: int = 0) -> Judged | None:
        """The move as this player measures it, or None when a knob rules it out."""
        direction, line, start, word, score = raw
        if score < self.min_score or (self.max_score and score > self.max_score):
            return None
        length = len(word)
        if length < self.min_length or (self.max_length and length > self.max_length):
            return None
        weight = float(score + self.length_weight * length)
        used: list[int] = []
        blank = False
        for k, code in enumerate(word):
            if code & EXISTING_FLAG:
                continue
            if code & BLANK_FLAG:
                blank = True
                used.append(BLANK_CODE)
                tile_weight = self.blank_weight
            else:
                used.append(code)
                tile_weight = self.weights[code]
            weight += tile_weight
            if self.cross and self._forms_cross_word(direction, line, start + k):
                weight += tile_weight
        if blank and weight < self.blank_threshold:
            return None
        leave, value = self.leave_of(bytes(sorted(used)))
        return Judged(raw, score, weight, weight + value, leave, blank, order)

    def leave_of(self, used: bytes) -> tuple[tuple[str, ...], float]:
        """The tiles kept after playing ``used`` (sorted leave codes) and their value."""
        found = self._leave_cache.get(used)
        if found is None:
            left = self.rack.copy()
            left.subtract(used)
            tiles = leave_key(self.names[c] for c, n in left.items() for _ in range(max(n, 0)))
            found = (tiles, self.leaves.value(tiles))
            self._leave_cache[used] = found
        return found

    def _forms_cross_word(self, direction: int, line: int, along: int) -> bool:
        cells, cols = self.cells, self.cols
        if direction == 0:  # across: row ``line``, column ``along``; look up and down
            row, col = line, along
            return ((row > 0 and cells[(row - 1) * cols + col] > EMPTY)
                    or (row < self.rows - 1 and cells[(row + 1) * cols + col] > EMPTY))
        row, col = along, line
        return ((col > 0 and cells[row * cols + col - 1] > EMPTY)
                or (col < cols - 1 and cells[row * cols + col + 1] > EMPTY))


def _codes(tiles: Iterable[str], config: GameConfig) -> list[int]:
    index = {letter: i for i, letter in enumerate(config.tiles.alphabet)}
    return [BLANK_CODE if t == BLANK else index[t] for t in tiles]


@dataclass
class Search:
    """The acceptable moves found, how many moves were looked at, and why it stopped."""

    found: list[Judged]
    considered: int
    restricted: bool = False  # the restricted search ended it
    interrupted: bool = False  # control.should_stop() ended it


def search(raw_moves: Sequence[RawMove], judge: Judge, strategy: Strategy,
           control: SearchControl, progress: Callable[[float], None] | None = None) -> Search:
    """Judge moves in the generator's order, applying the restricted search (note 4)."""
    found: list[Judged] = []
    count_needed = strategy.restricted_search_count
    at_least = strategy.restricted_search_min
    counted = 0
    total = len(raw_moves)
    for index, raw in enumerate(raw_moves):
        if index % CHECK_EVERY == 0 and index:
            if control.should_stop():
                return Search(found, index, interrupted=True)
            if progress is not None:
                progress(index / total)
        judged = judge.judge(raw, index)
        if judged is None:
            continue
        found.append(judged)
        if count_needed and judged.score >= at_least:
            counted += 1
            if counted >= count_needed:
                return Search(found, index + 1, restricted=True)
    return Search(found, total)


def ranked(found: Iterable[Judged]) -> list[Judged]:
    """Best measure first; ties go to the higher score, then the generator's order."""
    return sorted(found, key=lambda j: (-j.measure, -j.score, j.order))


def pick(ranking: Sequence[Judged], current: Mood, lead: int) -> Judged:
    """The move to play from a non-empty ranking, backing off when ahead (note 9)."""
    if current is not Mood.BACK_OFF:
        return ranking[0]
    best = max(j.score for j in ranking)
    cap = best - (lead - ADAPTIVE_MARGIN) // 2
    for judged in ranking:
        if judged.score <= cap:
            return judged
    return min(ranking, key=lambda j: (j.score, -j.measure, j.order))


# --- passing: what to give back -------------------------------------------------------------
def note12_discards(rack: Sequence[str], weights: Mapping[str, int], scores: Mapping[str, int],
                    limit: int) -> tuple[str, ...]:
    """Tiles to return when no move is acceptable (WordsWorth note 12), at most ``limit``.

    First every positively weighted tile; then the extra copies of any letter held more
    than once whose weight is not negative; if that is fewer than half the rack, tiles of
    weight zero, highest scoring first.  Negatively weighted tiles (S, the blank: "hold
    on to them") are never returned, and neither a Q nor a U while both are held.
    """
    keep_qu = "Q" in rack and "U" in rack

    def returnable(tile: str) -> bool:
        return weights.get(tile, 0) >= 0 and not (keep_qu and tile in ("Q", "U"))

    chosen: list[str] = [t for t in rack if weights.get(t, 0) > 0 and returnable(t)]
    left = Counter(rack)
    left.subtract(chosen)
    for tile in sorted(left, key=lambda t: (t == BLANK, t)):
        if left[tile] > 1 and returnable(tile):
            chosen.extend([tile] * (left[tile] - 1))
            left[tile] = 1
    wanted = (len(rack) + 1) // 2
    if len(chosen) < wanted:
        zeros = [t for t in left.elements() if weights.get(t, 0) == 0 and returnable(t)]
        zeros.sort(key=lambda t: (-scores.get(t, 0), t))
        chosen.extend(zeros[: wanted - len(chosen)])
    return tuple(chosen[:limit])


def best_exchange(rack: Sequence[str], leaves: LeaveValues, limit: int
                  ) -> tuple[tuple[str, ...], float] | None:
    """The tiles to return (1 to ``limit`` of them) that leave the most valuable tiles,
    and the value of what is kept; None when nothing may be returned."""
    if limit <= 0 or not rack:
        return None
    best: tuple[float, tuple[str, ...], tuple[str, ...]] | None = None
    tiles = leave_key(rack)
    seen: set[tuple[str, ...]] = set()
    for size in range(max(0, len(tiles) - limit), len(tiles)):
        for keep in combinations(tiles, size):
            if keep in seen:
                continue
            seen.add(keep)
            value = leaves.value(keep)
            if best is None or value > best[0]:
                rest = Counter(tiles)
                rest.subtract(keep)
                best = (value, keep, tuple(rest.elements()))
    if best is None:
        return None
    return best[2], best[0]
