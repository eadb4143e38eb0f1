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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

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
    blanks 64..127) for the cross weights; and the knobs."""

    def __init__(self, rack_counts: Sequence[int], blanks: int, alphabet: Sequence[str],
                 leaves: LeaveValues | None, knobs: Knobs = PLAIN) -> None:
        kinds = [(code, count) for code, count in enumerate(rack_counts) if count > 0]
        if blanks:
            kinds.append((-1, blanks))
        size = 1
        for _code, count in kinds:
            size *= count + 1
        if size > MAX_LEAVES:
            raise ValueError(f"a rack with {size} different leaves is too large to rank in the search")
        self.strides = array("i", [0] * 64)
        self.blank_stride = 0
        weights = knobs.letter_weights
        # Each kind of tile held: (tile, copies, leave-index stride, letter weight).
        radix: list[tuple[str, int, int, int]] = []
        stride = 1
        for code, count in kinds:
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
        # The kinds in the canonical order of a leave (letters sorted, blanks last), so the
        # tiles kept come out of the odometer below already in that order.
        order = sorted(range(len(radix)), key=lambda k: (radix[k][0] == BLANK, radix[k][0]))
        copies = [[(radix[k][0],) * n for n in range(radix[k][1] + 1)] for k in order]
        keep = [0] * len(radix)
        for index in range(size):
            # keep[k]: copies of kind k kept at this index (the odometer's digits).
            played = 0
            kept: tuple[str, ...] = ()
            for slot, k in enumerate(order):
                kept += copies[slot][keep[k]]
                played += (radix[k][1] - keep[k]) * radix[k][3]
            self.values[index] = leaves.value(kept) if leaves is not None else 0.0
            self.played_weight[index] = played
            for k in range(len(radix)):
                if keep[k] < radix[k][1]:
                    keep[k] += 1
                    break
                keep[k] = 0
        self.code_weight = array("q", [0] * 128)
        for code, weight in enumerate(weights[:64]):
            self.code_weight[code] = weight
        for code in range(64, 128):
            self.code_weight[code] = knobs.blank_weight
        self.length_weight = knobs.length_weight
        self.min_score = knobs.min_score
        self.max_score = knobs.max_score
        self.min_length = knobs.min_length
        self.max_length = knobs.max_length
        self.blank_threshold = knobs.blank_threshold
        self.cross_weights = knobs.cross_weights
        self.leaves = leaves


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
