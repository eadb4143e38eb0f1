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
import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import NamedTuple

from wordstudio.control import SearchControl
from wordstudio.crossword.board import EMPTY
from wordstudio.crossword.gameconfig import Direction, GameConfig, Strategy
from wordstudio.crossword.movegen import FoundMoves, RawMove, rank_key
from wordstudio.crossword.movegen.equity import Knobs
from wordstudio.crossword.players.knobs import PlayerStyle
from wordstudio.crossword.players.leaves import LeaveValues, NoLeaves, leave_key
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import BLANK

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


_EXISTING_CODES = bytes(range(EXISTING_FLAG, 256))
#: Byte translation that turns every blank (whatever letter it stands for) into BLANK_CODE.
_BLANKS_AS_ONE = bytes([*range(BLANK_FLAG), *[BLANK_CODE] * BLANK_FLAG,
                        *range(EXISTING_FLAG, 256)])


class Judge:
    """Measures the raw moves of one position for one style (see the module docstring).

    This is the players' inner loop (tens of thousands of moves with two blanks on a big
    board), so it works on the generator's bytes: the tiles played are the word with the
    board's tiles deleted (one C-level ``bytes.translate``), weights come from a table
    indexed by tile code, and leave values are cached per set of tiles played.
    """

    def __init__(self, position: Position, style: PlayerStyle, leaves: LeaveValues,
                 strategy: Strategy | None = None) -> None:
        config = position.config
        knobs = strategy or style.strategy
        weights, blank_weight = style.weights_for(config)
        #: Weight by tile code: letters 0..63, blanks (code | BLANK_FLAG) 64..127.
        self.code_weight = [*weights, *[0] * (BLANK_FLAG - len(weights)),
                            *[blank_weight] * BLANK_FLAG]
        self.weighted = any(self.code_weight)
        self.length_weight = knobs.length_weight
        self.min_score = knobs.minimum_allowed_score
        self.max_score = knobs.maximum_allowed_score
        self.min_length = knobs.minimum_word_length
        self.max_length = knobs.maximum_word_length
        self.cross = bool(knobs.include_cross_weights)
        self.blank_threshold = knobs.blank_threshold
        self.weights, self.blank_weight = weights, blank_weight
        self.cells = position.cells
        self.rows, self.cols = config.rows, config.columns
        self.straight = set(config.directions) <= {Direction.ACROSS, Direction.DOWN}
        self.leaves = leaves
        self.names = {i: letter for i, letter in enumerate(config.tiles.alphabet)}
        self.names[BLANK_CODE] = BLANK
        self.rack = Counter(_codes(position.rack.tiles, config))
        self._by_played: dict[bytes, tuple[tuple[str, ...], float]] = {}
        self._by_tiles: dict[bytes, tuple[tuple[str, ...], float]] = {}

    @property
    def plain(self) -> bool:
        """True when a move's measure is its score and every move is acceptable."""
        return (not self.weighted and not self.length_weight and not self.min_score
                and not self.max_score and not self.min_length and not self.max_length
                and self.blank_threshold <= 0 and isinstance(self.leaves, NoLeaves))

    def knobs(self) -> Knobs | None:
        """The measure as the search loop computes it (:mod:`~wordstudio.crossword.
        movegen.equity`), or None where it cannot: cross weights on a board with
        diagonal words (this judge reads cross words across and down only)."""
        if self.cross and not self.straight:
            return None
        return Knobs(self.length_weight, self.min_score, self.max_score, self.min_length,
                     self.max_length, self.blank_threshold, self.cross, tuple(self.weights),
                     self.blank_weight)

    def judge(self, raw: RawMove, order: int = 0) -> Judged | None:
        """The move as this player measures it, or None when a knob rules it out."""
        direction, line, start, word, score = raw
        if score < self.min_score or (self.max_score and score > self.max_score):
            return None
        length = len(word)
        if length < self.min_length or (self.max_length and length > self.max_length):
            return None
        played = word.translate(None, _EXISTING_CODES)
        weight = score + self.length_weight * length
        if self.weighted:
            table = self.code_weight
            weight += sum([table[code] for code in played])
            if self.cross:
                weight += self._cross_weight(direction, line, start, word)
        blank = max(played) >= BLANK_FLAG
        if blank and weight < self.blank_threshold:
            return None
        found = self._by_played.get(played)
        if found is None:
            found = self._by_played[played] = self.leave_of(played)
        return Judged(raw, score, weight, weight + found[1], found[0], blank, order)

    def leave_of(self, played: bytes) -> tuple[tuple[str, ...], float]:
        """The tiles kept after playing ``played`` (tile codes) and their value."""
        tiles_played = bytes(sorted(played.translate(_BLANKS_AS_ONE)))
        found = self._by_tiles.get(tiles_played)
        if found is None:
            left = self.rack.copy()
            left.subtract(tiles_played)
            tiles = leave_key(self.names[c] for c, n in left.items() for _ in range(max(n, 0)))
            found = self._by_tiles[tiles_played] = (tiles, self.leaves.value(tiles))
        return found

    def _cross_weight(self, direction: int, line: int, start: int, word: bytes) -> int:
        """The weights of the tiles played that also form a cross word (note 8)."""
        total = 0
        for k, code in enumerate(word):
            if not code & EXISTING_FLAG and self._forms_cross_word(direction, line, start + k):
                total += self.code_weight[code]
        return total

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


def search(raw_moves: FoundMoves | Sequence[RawMove], judge: Judge, strategy: Strategy,
           control: SearchControl, progress: Callable[[float], None] | None = None) -> Search:
    """Judge moves in the generator's order, applying the restricted search (note 4)."""
    found: list[Judged] = []
    count_needed = strategy.restricted_search_count
    at_least = strategy.restricted_search_min
    counted = 0
    total = len(raw_moves)
    judge_move = judge.judge
    for chunk in range(0, total, CHECK_EVERY):
        if chunk:
            if control.should_stop():
                return Search(found, chunk, interrupted=True)
            if progress is not None:
                progress(chunk / total)
        for index in range(chunk, min(chunk + CHECK_EVERY, total)):
            judged = judge_move(raw_moves[index], index)
            if judged is None:
                continue
            found.append(judged)
            if count_needed and judged.score >= at_least:
                counted += 1
                if counted >= count_needed:
                    return Search(found, index + 1, restricted=True)
    return Search(found, total)


def _rank_key(judged: Judged) -> tuple:
    return rank_key(judged.measure, judged.score, judged.raw)


def ranked(found: Sequence[Judged], limit: int | None = None) -> list[Judged]:
    """Best measure first; ties go to the higher score, then to the smaller raw move
    (the order the move generator's own ranking uses, whichever generator runs).
    With ``limit``, only that many (a partial sort: the full list may be long)."""
    if limit is None or limit >= len(found):
        return sorted(found, key=_rank_key)
    return heapq.nsmallest(limit, found, key=_rank_key)


def pick(found: Sequence[Judged], current: Mood, lead: int) -> Judged:
    """The move to play from a non-empty list, backing off when ahead (note 9)."""
    if current is not Mood.BACK_OFF:
        return min(found, key=_rank_key)
    cap = max(j.score for j in found) - (lead - ADAPTIVE_MARGIN) // 2
    modest = [j for j in found if j.score <= cap]
    if modest:
        return min(modest, key=_rank_key)
    return min(found, key=lambda j: (j.score, -j.measure, *j.raw[:4]))


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
