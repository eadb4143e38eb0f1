"""Equity in the search loop: the tables a ranked search reads for one rack.

A ranked search (``MoveGenerator.generate(..., top=N, equity=...)``) measures every move
as it is found:

    weight = score + LengthWeight x main word length + the letter weights of the tiles
             played (+ their weights once more where they form a cross word, when
             IncludeCrossWeights is on)
    equity = weight + the leave value of the tiles kept

and drops moves the knobs rule out (score or word length out of bounds, a blank in a
move whose weight is under BlankThreshold) - exactly what
:class:`wordstudio.crossword.players.strategy.Judge` computes for one move.  What
depends on the tiles kept is looked up by a *leave index*: each kind of tile on the rack
(each letter held, and the blank) is a digit of a mixed-radix number whose value is how
many of that kind are kept, so playing a tile lowers the index by that kind's stride and
every subset of the rack has its own slot.  :class:`RackEquity` holds the strides and,
per index, the leave value and the weight of the tiles played.
"""

from __future__ import annotations

from array import array
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from wordstudio.crossword.tiles import BLANK

#: Subsets of one rack a table may hold (a 16-tile rack of different tiles).
MAX_LEAVES = 1 << 16


class LeaveValues(Protocol):
    """Anything that values a leave (the tiles kept after a move), in points."""

    def value(self, tiles: Sequence[str]) -> float: ...


@dataclass(frozen=True)
class Knobs:
    """The per-move parts of a player's measure (see the module docstring); the
    defaults make equity the score plus the leave value."""

    length_weight: int = 0
    min_score: int = 0
    max_score: int = 0
    min_length: int = 0
    max_length: int = 0
    blank_threshold: int = 0
    cross_weights: bool = False
    #: Weight of each letter (alphabet order) and of a blank.
    letter_weights: tuple[int, ...] = ()
    blank_weight: int = 0


PLAIN = Knobs()


class RackEquity:
    """The tables of a ranked search for one rack: ``strides`` (by letter code) and
    ``blank_stride``; ``start``, the index of the whole rack kept; ``values`` and
    ``played_weight`` by leave index; ``code_weight`` by tile code (letters 0..63,
    blanks 64..127) for the cross weights; and the knobs.

    A computer player meets a new rack every turn, so making these must cost little
    beside the search itself (a few microseconds): where the generator is compiled and
    the leave values come as :class:`LeaveParts`, a :func:`rack_plan` made once for the
    leave table, alphabet and knobs fills them in one compiled call; otherwise (the
    pure-Python generator, a leave evaluator asked leave by leave, a rack of more than
    32 tiles) they are filled the general way, to the same numbers."""

    values: array
    played_weight: array
    strides: array
    blank_stride: int
    start: int
    code_weight: array
    length_weight: int
    min_score: int
    max_score: int
    min_length: int
    max_length: int
    blank_threshold: int
    cross_weights: bool
    leaves: LeaveValues | None

    def __init__(self, rack_counts: Sequence[int], blanks: int, alphabet: Sequence[str],
                 leaves: LeaveValues | None, knobs: Knobs = PLAIN) -> None:
        plan = rack_plan(leaves, alphabet, knobs)
        if plan is not None and plan.fill(self.__dict__, rack_counts, blanks):
            return
        self._fill(rack_counts, blanks, alphabet, leaves, knobs)

    def _fill(self, rack_counts: Sequence[int], blanks: int, alphabet: Sequence[str],
              leaves: LeaveValues | None, knobs: Knobs) -> None:
        """The general way: the rack's leave parts asked for and summed by the compiled
        filler, or every leave valued one by one in Python."""
        held = [(code, count) for code, count in enumerate(rack_counts) if count > 0]
        if blanks:
            held.append((-1, blanks))
        size = 1
        for _code, count in held:
            size *= count + 1
        if size > MAX_LEAVES:
            raise ValueError(f"a rack with {size} different leaves is too large to rank in the search")
        self.strides = array("i", [0] * 64)
        self.blank_stride = 0
        weights = knobs.letter_weights
        # Each kind of tile held: (tile, copies, leave-index stride, letter weight).
        radix: list[tuple[str, int, int, int]] = []
        stride = 1
        for code, count in held:
            if code < 0:
                self.blank_stride = stride
                radix.append((BLANK, count, stride, knobs.blank_weight))
            else:
                self.strides[code] = stride
                radix.append((alphabet[code], count, stride,
                              weights[code] if code < len(weights) else 0))
            stride *= count + 1
        self.start = size - 1
        self.values = array("d", bytes(8 * size))
        self.played_weight = array("q", bytes(8 * size))
        # The kinds in the canonical order of a leave (letters sorted, blanks last).
        order = sorted(range(len(radix)), key=lambda k: (radix[k][0] == BLANK, radix[k][0]))
        kinds = [radix[k] for k in order]
        parts = None
        if leaves is not None:
            by_parts = getattr(leaves, "leave_parts", None)
            if by_parts is not None:
                parts = by_parts([k[0] for k in kinds], [k[1] for k in kinds])
        fill = compiled_filler()
        if fill is not None and (leaves is None or parts is not None):
            fill(self.values, self.played_weight, *_native_arguments(kinds, parts),
                 parts is not None)
        else:
            _fill_by_odometer(self.values, self.played_weight, kinds, leaves)
        self.__dict__.update(_knob_attributes(leaves, knobs))


def _knob_attributes(leaves: LeaveValues | None, knobs: Knobs) -> dict[str, Any]:
    """What :class:`RackEquity` holds besides the rack's own tables (a plan's racks share
    one of these: the search reads them, nothing writes them)."""
    letters = list(knobs.letter_weights[:64])
    return {"code_weight": array("q", letters + [0] * (64 - len(letters))
                                 + [knobs.blank_weight] * 64),
            "length_weight": knobs.length_weight, "min_score": knobs.min_score,
            "max_score": knobs.max_score, "min_length": knobs.min_length,
            "max_length": knobs.max_length, "blank_threshold": knobs.blank_threshold,
            "cross_weights": knobs.cross_weights, "leaves": leaves}


# --- a leave table laid out once for the compiled filler ----------------------------------------
#: The last few plans asked for, by identity (the usual case: the same leave table,
#: alphabet and knobs turn after turn), before the plans by value.
_recent_plans: list[tuple[Any, Sequence[str], Knobs, Any]] = []
_plans: OrderedDict[tuple, Any] = OrderedDict()


def rack_plan(leaves: LeaveValues | None, alphabet: Sequence[str], knobs: Knobs = PLAIN) -> Any:
    """The compiled layout of ``leaves``, ``alphabet`` and ``knobs`` whose ``fill``
    makes a rack's tables (``_core.RackPlan``; made once, the last 64 remembered), or
    None where the general way serves: no compiled generator, leave values without
    :class:`LeaveParts`, an alphabet of more than 64 letters."""
    for entry in _recent_plans:
        if entry[0] is leaves and entry[1] is alphabet and entry[2] is knobs:
            return entry[3]
    key = (id(leaves), tuple(alphabet), knobs)
    plan = _plans.get(key)
    if plan is None or plan.shared["leaves"] is not leaves:
        plan = _make_plan(leaves, tuple(alphabet), knobs)
        if plan is not None:
            _plans[key] = plan
            if len(_plans) > 64:
                _plans.popitem(last=False)
    # The entry holds ``leaves``, so its identity cannot pass to another object.
    _recent_plans.insert(0, (leaves, alphabet, knobs, plan))
    del _recent_plans[4:]
    return plan


def _make_plan(leaves: LeaveValues | None, alphabet: tuple[str, ...], knobs: Knobs) -> Any:
    from wordstudio.crossword import movegen

    core = movegen.implementation()
    native = getattr(core, "RackPlan", None)
    parts_of = getattr(leaves, "leave_parts", None)
    if native is None or not 0 < len(alphabet) <= 64 or (leaves is not None and parts_of is None):
        return None
    tiles = core.RACK_PLAN_TILES
    letters = len(alphabet)
    kinds = [*alphabet, BLANK]  # by kind: each letter's code, then the blank
    order = sorted(range(letters + 1), key=lambda k: (kinds[k] == BLANK, kinds[k]))
    weights = knobs.letter_weights
    weight = [weights[code] if code < len(weights) else 0 for code in range(letters)]
    weight.append(knobs.blank_weight)
    single: list[list[float]] = [[] for _ in kinds]
    pair = [[0.0] * (letters + 1) for _ in kinds]
    vowel = [False] * (letters + 1)
    balance: list[list[float]] = []
    if parts_of is not None:
        # The parts of a leave are the parts of its kinds, of its pairs of kinds and of
        # its size: asked for each kind alone (every copy a rack may hold), and for all
        # the kinds together (the pairs).
        for kind, tile in enumerate(kinds):
            alone = parts_of([tile], [tiles])
            single[kind] = list(alone.copies[0])
            balance = alone.balance
        together = parts_of([kinds[k] for k in order], [1] * (letters + 1))
        for i, first in enumerate(order):
            vowel[first] = bool(together.vowel[i])
            for j in range(i + 1, letters + 1):
                pair[first][order[j]] = together.pairs[i][j]
    return native(letters, order, single, pair, vowel, weight, balance, parts_of is not None,
                  _knob_attributes(leaves, knobs))


@dataclass(frozen=True)
class LeaveParts:
    """A leave's value as a sum of parts, for the kinds of tile on one rack (in the
    canonical leave order) - what lets a compiled loop value every subset of a rack at
    once.  The value of a non-empty leave is, added in this order: ``copies[k][j]`` for
    the ``j + 1``-th copy kept of each kind ``k`` (kinds in order; one entry per copy on
    the rack); ``pairs[i][j]`` for each two kinds ``i < j`` both kept; ``balance[n][v]``
    for ``n`` tiles kept of which ``v`` are vowels (``vowel[k]``: kind ``k`` is one; ``n``
    up to the rack's tiles).  The empty leave is worth 0.  A leave evaluator offers them
    by a method ``leave_parts(kinds, counts)``; one without it is asked leave by leave."""

    copies: list[list[float]]
    pairs: list[list[float]]
    vowel: list[bool]
    balance: list[list[float]]


def compiled_filler() -> Callable[..., None] | None:
    """The compiled filler of a rack's tables, or None where nothing was compiled."""
    from wordstudio.crossword import movegen

    core = movegen.implementation()
    return getattr(core, "fill_rack_equity", None)


def _native_arguments(kinds: Sequence[tuple[str, int, int, int]], parts: LeaveParts | None
                      ) -> tuple[array, array, array, array, int, array, array, array]:
    """The flat arrays the compiled filler reads (see ``_core.fill_rack_equity``)."""
    counts = array("i", [count for _tile, count, _stride, _weight in kinds])
    strides = array("i", [stride for _tile, _count, stride, _weight in kinds])
    weights = array("q", [weight for _tile, _count, _stride, weight in kinds])
    most = max([1, *counts])
    tiles = sum(counts)
    copies = array("d", bytes(8 * len(kinds) * most))
    pairs = array("d", bytes(8 * len(kinds) * len(kinds)))
    vowel = array("i", [0] * len(kinds))
    balance = array("d", bytes(8 * (tiles + 1) * (tiles + 1)))
    if parts is not None:
        for k, row in enumerate(parts.copies):
            copies[k * most:k * most + len(row)] = array("d", row)
        for i, row in enumerate(parts.pairs):
            pairs[i * len(kinds):i * len(kinds) + len(row)] = array("d", row)
        vowel = array("i", [int(v) for v in parts.vowel])
        for n, row in enumerate(parts.balance[:tiles + 1]):
            balance[n * (tiles + 1):n * (tiles + 1) + len(row)] = array("d", row)
    return counts, strides, weights, copies, most, pairs, vowel, balance


def _fill_by_odometer(values: array, played_weight: array,
                      kinds: Sequence[tuple[str, int, int, int]],
                      leaves: LeaveValues | None) -> None:
    """Fill a rack's tables in Python, asking ``leaves`` the value of each leave: kinds
    ``(tile, copies, leave-index stride, letter weight)`` in leave order, so the tiles
    kept come out of the odometer already in that order."""
    copies = [(tile,) * n for tile, count, _stride, _weight in kinds for n in range(count + 1)]
    first = [0]
    for _tile, count, _stride, _weight in kinds:
        first.append(first[-1] + count + 1)
    keep = [0] * len(kinds)
    # The odometer's digits turn in stride order (the index counts up by one each step).
    turning = sorted(range(len(kinds)), key=lambda k: kinds[k][2])
    for index in range(len(values)):
        played = 0
        kept: tuple[str, ...] = ()
        for k, (_tile, count, _stride, weight) in enumerate(kinds):
            kept += copies[first[k] + keep[k]]
            played += (count - keep[k]) * weight
        values[index] = leaves.value(kept) if leaves is not None else 0.0
        played_weight[index] = played
        for k in turning:
            if keep[k] < kinds[k][1]:
                keep[k] += 1
                break
            keep[k] = 0


def _leave_order(tiles: list[str]) -> tuple[str, ...]:
    # The canonical order of a leave (players.leaves.leave_key): letters sorted, blanks last.
    return tuple(sorted(tiles, key=lambda t: (t == BLANK, t)))


_tables: OrderedDict[tuple, RackEquity] = OrderedDict()


def rack_equity(rack_counts: Sequence[int], blanks: int, alphabet: Sequence[str],
                leaves: LeaveValues | None, knobs: Knobs = PLAIN) -> RackEquity:
    """:class:`RackEquity` for a rack, remembered (the last 512 racks) so a player that
    meets the same rack again - or a simulation that ranks many boards for one rack -
    builds it once."""
    key = (tuple(rack_counts), blanks, tuple(alphabet), id(leaves), knobs)
    found = _tables.get(key)
    if found is not None and found.leaves is leaves:
        _tables.move_to_end(key)
        return found
    found = _tables[key] = RackEquity(rack_counts, blanks, alphabet, leaves, knobs)
    if len(_tables) > 512:
        _tables.popitem(last=False)
    return found
