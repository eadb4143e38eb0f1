"""The pre-end game: one or two tiles left in the bag, two players.

What the player cannot see is the opponent's rack and the bag; which tiles are which is
all that is unknown.  Rather than sample it (simulation), the pre-end game goes through
every possibility: each distinct content of the bag, weighted by the number of ways it
can be drawn from the unseen tiles.

A play that uses at least as many tiles as the bag holds empties it: the player draws
the bag, the opponent holds the rest, and what follows is an end game of perfect
information, valued by the end-game solver (:mod:`.exact`) with the opponent to move.
A candidate's value is its score less the opponent's value of that end game, averaged
over the bag's contents; its chance of winning is the weighted share of contents in
which the player comes out ahead (certain where the end game was proven, else the
estimate of :func:`~.playout.win_chance`).

The candidates are the best plays by static equity among those that empty the bag (a
play of one tile with two in the bag, an exchange or a pass leaves the opponent a
pre-end game of his own: simulation judges positions where nothing else is playable).
The search is anytime and fair: round ``d`` solves every (candidate, bag) pair to depth
``d`` (a proven end game is not solved again), and the candidates are ranked by the
last round every pair finished, so all are compared at the same depth.  Its first
rounds must reach :data:`FIRM_DEPTH` (the player's reply to the opponent's move) within
:data:`FIRM_SHARE` of the time; where they cannot (a blank among the unseen tiles makes
thousands of replies), :func:`~.analysis.analyse` simulates instead with the time left.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.players.endgames import exact
from wordstudio.crossword.players.leaves import LeaveValues, leave_key
from wordstudio.crossword.players.playout import RawMove, Table, remove, win_chance
from wordstudio.crossword.position import Position

#: Bags this small are enumerated.
MAX_BAG = 2
#: The depth that sees the player's reply to the opponent's (what makes the search
#: worth more than simulation), and the share of the time it gets to get there.
FIRM_DEPTH = 2
FIRM_SHARE = 0.5


def applies(position: Position) -> bool:
    """True for a pre-end game: two players, racks, one or two tiles in the bag."""
    config = position.config
    return (position.players == 2 and config.rack_size > 0 and not config.unlimited_tiles
            and 0 < position.bag_size <= MAX_BAG and bool(position.rack.tiles))


def bag_contents(unseen: Sequence[str], size: int) -> list[tuple[tuple[str, ...], float]]:
    """Every distinct content of a bag of ``size`` tiles drawn from ``unseen``, with its
    probability (how many ways it can be drawn, over all the ways)."""
    ways = Counter(leave_key(tiles) for tiles in combinations(unseen, size))
    total = comb(len(unseen), size)
    return sorted(((bag, count / total) for bag, count in ways.items()),
                  key=lambda item: (-item[1], item[0]))


@dataclass
class Candidate:
    """A play that empties the bag, and its end games (one per bag content)."""

    raw: RawMove
    score: int
    leave: tuple[str, ...]
    equity: float
    #: Per bag content: the opponent's end-game value and whether it was proven.
    outcomes: dict[tuple[str, ...], tuple[float, bool]] = field(default_factory=dict)
    #: The outcomes of the last round every content finished.
    settled: dict[tuple[str, ...], tuple[float, bool]] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """A candidate as the pre-end game values it."""

    raw: RawMove
    score: int
    leave: tuple[str, ...]
    equity: float
    spread: float
    win: float
    proven: bool


@dataclass
class PreEndgame:
    """The anytime pre-end-game search of one position (module docstring)."""

    position: Position
    table: Table
    candidates: list[Candidate]
    contents: list[tuple[tuple[str, ...], float]]
    depth: int = 0
    seconds: float = 0.0

    @classmethod
    def of(cls, position: Position, table: Table, leaves: LeaveValues, count: int
           ) -> PreEndgame:
        """The ``count`` best plays by static equity that empty the bag."""
        rack = position.rack.tiles
        bag = position.bag_size
        found: dict[tuple[str, ...], tuple[tuple[str, ...], float]] = {}
        scored: list[tuple[float, int, RawMove, tuple[str, ...]]] = []
        for order, raw in enumerate(table.finder.raw_moves(position.board(), rack,
                                                           position.player)):
            played = table.played(raw)
            if len(played) < bag:
                continue
            kept = found.get(played)
            if kept is None:
                left = remove(rack, played)
                kept = found[played] = (left, leaves.value(left))
            scored.append((raw[4] + kept[1], -order, raw, kept[0]))
        scored.sort(reverse=True)
        chosen = [Candidate(raw, raw[4], kept, equity)
                  for equity, _order, raw, kept in scored[:count]]
        return cls(position, table, chosen, bag_contents(position.unseen, bag))

    def run(self, seconds: float, control: SearchControl = NULL_CONTROL,
            on_round: Callable[[PreEndgame], None] | None = None) -> None:
        """Deepen round by round until every end game is proven, the time is spent or
        ``control`` says stop.  Each finished round is reported to ``control`` (a line of
        text), or handed to ``on_round`` when given (the window's thinking panel shows
        the candidates as they are ranked)."""
        started = time.monotonic()
        deadline = started + seconds if seconds > 0 else 0.0
        limit = 2 * (len(self.position.unseen) + len(self.position.rack.tiles)) + 2
        while self.depth < limit and not self.proven:
            depth = self.depth + 1
            # The first rounds get part of the time: a search that cannot see the
            # player's reply in time leaves the rest to simulation.
            due = deadline
            if deadline and depth <= FIRM_DEPTH:
                due = started + FIRM_SHARE * seconds
            try:
                self._round(depth, due, control)
            except exact.OutOfTime:
                break
            for candidate in self.candidates:
                candidate.settled = dict(candidate.outcomes)
            self.depth = depth
            self.seconds = time.monotonic() - started
            if on_round is not None:
                on_round(self)
            else:
                control.report(min(0.99, self.seconds / max(seconds, 1e-9)),
                               f"pre-end game: depth {depth}, {self.best_line()}")
        self.seconds = time.monotonic() - started

    def _round(self, depth: int, deadline: float, control: SearchControl) -> None:
        position, table = self.position, self.table
        me, opponent = position.player, 1 - position.player
        board = position.board()
        for candidate in self.candidates:
            filled = table.place(board, candidate.raw, me)
            try:
                for bag, _weight in self.contents:
                    known = candidate.outcomes.get(bag)
                    if known is not None and known[1]:
                        continue
                    racks: list[tuple[str, ...]] = [(), ()]
                    racks[me] = (*candidate.leave, *bag)
                    racks[opponent] = remove(position.unseen, bag)
                    left = deadline - time.monotonic() if deadline else 0.0
                    if deadline and left <= 0 or control.should_stop():
                        raise exact.OutOfTime
                    # Each end game's own depths are not news (on_depth): the round is.
                    result = exact.solve(table, board, (racks[0], racks[1]), opponent,
                                            seconds=left, control=control, max_depth=depth,
                                            on_depth=_quiet)
                    if result.depth < depth and not result.proven:
                        raise exact.OutOfTime
                    candidate.outcomes[bag] = (result.value, result.proven)
            finally:
                table.take_back(board, filled)

    @property
    def proven(self) -> bool:
        return bool(self.candidates) and all(
            len(c.settled) == len(self.contents) and all(p for _v, p in c.settled.values())
            for c in self.candidates)

    def ranked(self) -> list[Standing]:
        """The candidates, best first, by the last round every end game finished (before
        any: by static equity)."""
        rows = []
        lead = self.position.lead
        tiles = len(self.position.unseen) + len(self.position.rack.tiles)
        for candidate in self.candidates:
            if len(candidate.settled) < len(self.contents):
                rows.append(Standing(candidate.raw, candidate.score, candidate.leave,
                                     candidate.equity, candidate.equity,
                                     win_chance(lead + candidate.equity, tiles), False))
                continue
            spread = win = 0.0
            for bag, weight in self.contents:
                value, proven = candidate.settled[bag]
                after = candidate.score - value
                spread += weight * after
                if proven:
                    win += weight * (1.0 if lead + after > 0 else 0.5 if lead + after == 0
                                     else 0.0)
                else:
                    win += weight * win_chance(lead + after, tiles - len(bag))
            rows.append(Standing(candidate.raw, candidate.score, candidate.leave,
                                 candidate.equity, spread, win,
                                 all(p for _v, p in candidate.settled.values())))
        rows.sort(key=lambda s: (-(s.win + 0.001 * s.spread), -s.equity))
        return rows

    def best_line(self) -> str:
        rows = self.ranked()
        if not rows:
            return "no play empties the bag"
        best = rows[0]
        return (f"{self.table.finder.to_move(best.raw).notation()} "
                f"{best.spread:+.1f}, {100 * best.win:.0f}% win")


def _quiet(_result: exact.EndgameResult) -> None:
    """An end game's finished depth, not reported (the pre-end game reports rounds)."""
