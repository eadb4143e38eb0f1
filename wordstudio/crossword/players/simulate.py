"""Simulation: the Championship player's look-ahead (Quackle's and Macondo's "sim").

For a position, the candidates are the best moves by static equity (score plus the
leave's value) and the best exchange.  Each *iteration* deals the opponents a rack from
the tiles the player cannot see (the rest is the bag, in a random order), and plays each
candidate out: the candidate, then ``plies`` more moves by static players (the move with
the most equity, :func:`~.playout.best_by_equity`), drawing from that bag.  Every
candidate sees the same deals in an iteration (common random numbers: differences
between candidates are measured far more precisely than their values).

When the opponent's last play says something about the tiles he kept (rack inference,
:mod:`.inference`), each iteration deals him one of the leaves it agrees with, and the
rest of his rack at random.

An iteration's result for a candidate is its *spread* - points the player made less
points the opponent made over the playout, plus the value of the player's last leave
less the opponent's (the tiles' values once the bag is empty; the end-of-game
adjustments when someone went out) - and its *win chance*: the lead at the end of the
playout turned into a probability by :func:`~.playout.win_chance` (certain when the
playout reached the end of the game).

Candidates are ranked by the mean of ``win + EQUITY_WEIGHT * spread``: mostly the
chance of winning, with spread breaking ties where that chance is settled (far ahead or
far behind).  After :attr:`SimOptions.min_iterations`, a candidate whose mean is clearly
below the leader's (more than ``prune_z`` standard errors of the difference) stops being
simulated; once one candidate alone is left the decision is made, and the simulation
stops there, whatever budget is left (more iterations could not change it).

The search is *anytime*: it runs in rounds of :data:`ROUND` iterations until its time or
iteration budget is spent or ``control.should_stop()`` says so, and always has a best
candidate.  Iteration ``k`` draws from ``random.Random`` seeded by (seed, k), and
pruning happens only at round ends, so for a fixed number of iterations the result is the
same whatever the number of worker processes (:mod:`.parallel`) that played them.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.actions import Action, Pass, Play
from wordstudio.crossword.board import Board
from wordstudio.crossword.gameconfig import Scoring
from wordstudio.crossword.moves import finder_for
from wordstudio.crossword.players import parallel
from wordstudio.crossword.players.base import lexicon_name
from wordstudio.crossword.players.inference import deal, inferred_leaves
from wordstudio.crossword.players.leaves import LeaveValues, leave_key, leaves_for
from wordstudio.crossword.players.playout import (
    RawMove,
    Table,
    best_by_equity,
    opponent_tiles,
    remove,
    win_chance,
)
from wordstudio.crossword.players.strategy import best_exchange
from wordstudio.crossword.position import Position
from wordstudio.lexicon.catalog import load_lexicon

#: Iterations per round: pruning and progress reports happen between rounds.
ROUND = 8
#: How much a point of spread counts against a chance of winning in the ranking.
EQUITY_WEIGHT = 0.001
#: The share of the thinking time rack inference may take.
INFERENCE_SHARE = 0.1
#: Prefix of the machine-readable part of a progress message (see :meth:`Simulation.message`).
PROGRESS_TAG = "@sim "


@dataclass(frozen=True)
class SimOptions:
    """How long and how wide to simulate.  ``seconds`` 0 means no time limit (then
    ``iterations`` must be set); ``iterations`` 0 means until the time is spent."""

    seconds: float = 5.0
    iterations: int = 0
    candidates: int = 12
    plies: int = 2
    seed: int = 0
    workers: int = 1
    min_iterations: int = 16
    prune_z: float = 2.5
    #: Deal the opponent tiles his last play suggests he kept (:mod:`.inference`).
    infer: bool = True


@dataclass(frozen=True)
class Choice:
    """A candidate at the root: a play (``raw``) or an exchange (``discards``)."""

    raw: RawMove | None
    discards: tuple[str, ...]
    score: int
    leave: tuple[str, ...]
    equity: float
    notation: str

    def action(self, table: Table) -> Action:
        if self.raw is None:
            return Pass(self.discards)
        return Play(table.finder.to_move(self.raw).placed)


@dataclass
class Tally:
    """Running sums of one candidate's iterations."""

    n: int = 0
    spread: float = 0.0
    spread2: float = 0.0
    win: float = 0.0
    rank: float = 0.0
    rank2: float = 0.0
    pruned: bool = False

    def add(self, spread: float, win: float) -> None:
        rank = win + EQUITY_WEIGHT * spread
        self.n += 1
        self.spread += spread
        self.spread2 += spread * spread
        self.win += win
        self.rank += rank
        self.rank2 += rank * rank

    @property
    def mean_spread(self) -> float:
        return self.spread / self.n if self.n else 0.0

    @property
    def spread_error(self) -> float:
        return _error(self.n, self.spread, self.spread2)

    @property
    def win_rate(self) -> float:
        return self.win / self.n if self.n else 0.0

    @property
    def mean_rank(self) -> float:
        return self.rank / self.n if self.n else -math.inf

    @property
    def rank_error(self) -> float:
        return _error(self.n, self.rank, self.rank2)


def _error(n: int, total: float, squares: float) -> float:
    """Standard error of a mean from its sums (infinite below two samples)."""
    if n < 2:
        return math.inf
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    return math.sqrt(variance / n)


@dataclass
class Standing:
    """A candidate and what simulation has made of it so far."""

    choice: Choice
    tally: Tally = field(default_factory=Tally)


# --- the candidates ---------------------------------------------------------------------------
_TABLES: dict[tuple, Table] = {}


def table_for(position: Position) -> Table:
    """One table per game and lexicon in each process."""
    key = (position.config, lexicon_name(position))
    table = _TABLES.get(key)
    if table is None:
        finder = finder_for(position.config, load_lexicon(lexicon_name(position)))
        if len(_TABLES) > 4:
            _TABLES.clear()
        table = _TABLES[key] = Table(position.config, finder)
    return table


def candidates(position: Position, table: Table, leaves: LeaveValues, count: int
               ) -> list[Choice]:
    """The ``count`` best plays by static equity, and the best exchange when one is
    allowed (a pass when there is nothing else)."""
    rack = position.rack.tiles
    # Ranked inside the move generator: no Python object for the moves passed over, and
    # bounded for any rack.  Once the bag is empty a tile kept costs its value.
    worth = leaves if position.bag_size > 0 else table.stranded
    finder, board = table.finder, position.board()
    try:
        best = finder.top_moves(board, rack, count, leaves=worth, player=position.player)
    except ValueError:  # too many different leaves to rank in the search: by score
        best = finder.top_moves(board, rack, count, player=position.player)
    choices = []
    for found in best:
        kept = remove(rack, table.played(found.raw))
        choices.append(Choice(found.raw, (), found.score, kept, found.score + worth.value(kept),
                              finder.to_move(found.raw).notation()))
    limit = _swap_limit(position)
    exchange = best_exchange(rack, leaves, limit) if limit else None
    if exchange is not None:
        discards, kept_value = exchange
        kept = remove(rack, discards)
        choices.append(Choice(None, tuple(discards), 0, kept, kept_value,
                              f"exchange {''.join(sorted(discards))}"))
    if not choices:
        choices.append(Choice(None, (), 0, leave_key(rack), leaves.value(rack), "pass"))
    return choices


def _swap_limit(position: Position) -> int:
    config = position.config
    if not config.rack_size or position.bag_size < max(1, config.exchange_minimum_bag):
        return 0
    return min(len(position.rack.tiles), position.bag_size)


def applies(position: Position) -> bool:
    """True when simulation makes sense: racks, a bag, letter-sum scoring."""
    config = position.config
    return (config.rack_size > 0 and not config.unlimited_tiles
            and config.scoring is not Scoring.LENGTH_SQUARED and bool(position.rack.tiles))


# --- one iteration ----------------------------------------------------------------------------
def iteration_rng(seed: int, k: int) -> random.Random:
    """The random numbers of iteration ``k`` (the same in any process)."""
    return random.Random(f"{seed}:{k}")


def play_iterations(position: Position, choices: Sequence[Choice], live: Sequence[int],
                    kept: Sequence[tuple[str, ...]], first: int, count: int, plies: int,
                    seed: int, deadline: float = 0.0) -> list[list[tuple[float, float]]]:
    """Iterations ``first`` .. ``first + count - 1`` for the candidates ``live``: for
    each iteration played, (spread, win chance) per live candidate.  ``kept``: tiles the
    opponent's last play suggests he kept (:mod:`.inference`), one of which each
    iteration deals him; empty for racks dealt at random.  Stops early at ``deadline``
    (a ``time.monotonic()`` value; 0 for none).  Runs in worker processes."""
    table = table_for(position)
    leaves = leaves_for(position.config)
    base = position.board()
    results = []
    for k in range(first, first + count):
        if deadline and time.monotonic() >= deadline:
            break
        rng = iteration_rng(seed, k)
        pool = list(position.unseen)
        rng.shuffle(pool)
        if kept:
            pool = deal(pool, kept[rng.randrange(len(kept))])
        row = []
        for index in live:
            row.append(_playout(position, table, leaves, base, choices[index], pool, plies,
                                random.Random(f"{seed}:{k}:{index}")))
        results.append(row)
    return results


def _playout(position: Position, table: Table, leaves: LeaveValues, base: Board,
             choice: Choice, pool: Sequence[str], plies: int, rng: random.Random
             ) -> tuple[float, float]:
    """One candidate played out over one deal (module docstring)."""
    players = position.players
    me = position.player
    held = opponent_tiles(position)
    each = max(1, -(-held // max(1, players - 1))) if held else 0
    racks: list[tuple[str, ...]] = [()] * players
    k = 0
    for step in range(1, players):
        seat = (me + step) % players
        racks[seat] = tuple(pool[k:k + each])
        k += each
    bag = list(pool[k:])
    board = base.copy()
    points = [0] * players
    last_leave: list[tuple[str, ...] | None] = [None] * players
    # The candidate itself.
    if choice.raw is not None:
        table.place(board, choice.raw, me)
        points[me] += choice.score
    drawn = bag[:table.config.rack_size - len(choice.leave)]
    del bag[:len(drawn)]
    if choice.discards:
        bag.extend(choice.discards)
        rng.shuffle(bag)
    racks[me] = (*choice.leave, *drawn)
    last_leave[me] = choice.leave
    over = choice.raw is not None and not racks[me] and not bag
    passes = 0 if choice.raw is not None else 1
    mover = me
    if over:
        _went_out(table, points, racks, me)
    for _ply in range(plies):
        if over:
            break
        mover = (mover + 1) % players
        reply = best_by_equity(table, board, racks[mover], mover, leaves, len(bag))
        if reply.raw is None:
            passes += 1
            last_leave[mover] = leave_key(racks[mover])
            if passes >= players and not bag:
                over = True
                _all_deduct(table, points, racks)
            continue
        passes = 0
        table.place(board, reply.raw, mover)
        points[mover] += reply.raw[4]
        last_leave[mover] = reply.leave
        drawn = bag[:table.config.rack_size - len(reply.leave)]
        del bag[:len(drawn)]
        racks[mover] = (*reply.leave, *drawn)
        if not racks[mover] and not bag:
            over = True
            _went_out(table, points, racks, mover)
    spread = float(points[me] - max(points[p] for p in range(players) if p != me))
    if not over:
        spread += _residual(table, leaves, racks, last_leave, me, bool(bag))
    lead = position.lead + spread
    left = 0 if over else len(bag) + sum(len(r) for r in racks)
    return spread, win_chance(lead, left)


def _residual(table: Table, leaves: LeaveValues, racks: list[tuple[str, ...]],
              last_leave: list[tuple[str, ...] | None], me: int, bag: bool) -> float:
    """What the racks left at the end of a playout are worth to the player: leave values
    while the bag has tiles, the tiles' end-of-game cost once it is empty."""
    others = [p for p in range(len(racks)) if p != me]
    if bag:
        mine = last_leave[me] or ()
        theirs = max((leaves.value(last_leave[p] or ()) for p in others), default=0.0)
        return leaves.value(mine) - theirs
    return float(max(table.value(racks[p]) for p in others) - table.value(racks[me]))


def _went_out(table: Table, points: list[int], racks: list[tuple[str, ...]], out: int) -> None:
    for p, rack in enumerate(racks):
        if p != out:
            value = table.value(rack)
            points[out] += (table.out_factor - int(table.deducts)) * value
            points[p] -= int(table.deducts) * value


def _all_deduct(table: Table, points: list[int], racks: list[tuple[str, ...]]) -> None:
    if table.deducts:
        for p, rack in enumerate(racks):
            points[p] -= table.value(rack)


# --- the search -------------------------------------------------------------------------------
class Simulation:
    """An anytime simulation of one position (module docstring)."""

    def __init__(self, position: Position, options: SimOptions,
                 choices: Sequence[Choice] | None = None, started: float | None = None
                 ) -> None:
        # The budget runs from ``started`` (a time.monotonic() value: the start of the
        # turn, when the caller did work of its own first), else from now - finding the
        # candidates and inferring the opponent's leave count against it.
        self.started = time.monotonic() if started is None else started
        self.position = position
        self.options = options
        self.table = table_for(position)
        leaves = leaves_for(position.config)
        found = list(choices) if choices is not None else candidates(
            position, self.table, leaves, options.candidates)
        self.standings = [Standing(c) for c in found]
        self.iterations = 0
        self.seconds = 0.0
        #: What the opponent's last play says he kept (empty: nothing usable).
        self.kept: list[tuple[str, ...]] = []
        if options.infer and len(self.standings) > 1:
            self.kept = inferred_leaves(position, self.table, leaves, options.seed,
                                        seconds=INFERENCE_SHARE * options.seconds)

    @property
    def live(self) -> list[int]:
        return [i for i, s in enumerate(self.standings) if not s.tally.pruned]

    def run(self, control: SearchControl = NULL_CONTROL) -> list[Standing]:
        """Simulate until the budget is spent or ``control`` says stop; the candidates,
        best first."""
        options = self.options
        if options.seconds <= 0 and options.iterations <= 0:
            raise ValueError("give the simulation a time or an iteration budget")
        deadline = self.started + options.seconds if options.seconds > 0 else 0.0
        if len(self.standings) > 1:
            while not control.should_stop():
                if options.iterations and self.iterations >= options.iterations:
                    break
                if deadline and time.monotonic() >= deadline:
                    break
                if len(self.live) < 2:
                    # Every other candidate is clearly worse: the decision is made.
                    break
                count = ROUND
                if options.iterations:
                    count = min(count, options.iterations - self.iterations)
                self._round(count, deadline, control)
                self._prune()
                self.seconds = time.monotonic() - self.started
                control.report(self.fraction(), self.message())
        self.seconds = time.monotonic() - self.started
        return self.ranked()

    def _round(self, count: int, deadline: float, control: SearchControl) -> None:
        live = self.live
        args = (self.position, [s.choice for s in self.standings], live, self.kept)
        rows = parallel.run_iterations(play_iterations, args, self.iterations, count,
                                       self.options.plies, self.options.seed, deadline,
                                       self.options.workers)
        for row in rows:
            for index, (spread, win) in zip(live, row, strict=True):
                self.standings[index].tally.add(spread, win)
        self.iterations += len(rows)

    def _prune(self) -> None:
        options = self.options
        if self.iterations < options.min_iterations or self.iterations % ROUND:
            return
        live = self.live
        if len(live) < 2:
            return
        leader = max(live, key=lambda i: self.standings[i].tally.mean_rank)
        top = self.standings[leader].tally
        for index in live:
            tally = self.standings[index].tally
            if index == leader:
                continue
            gap = top.mean_rank - tally.mean_rank
            error = math.hypot(top.rank_error, tally.rank_error)
            if gap > options.prune_z * error:
                tally.pruned = True

    def ranked(self) -> list[Standing]:
        """Best first: by the simulated rank; before any iteration, by static equity."""
        return sorted(self.standings,
                      key=lambda s: (-(s.tally.mean_rank if s.tally.n else -1e9),
                                     -s.choice.equity, s.choice.notation))

    def fraction(self) -> float:
        options = self.options
        parts = []
        if options.seconds > 0:
            parts.append((time.monotonic() - self.started) / options.seconds)
        if options.iterations:
            parts.append(self.iterations / options.iterations)
        return min(0.99, max(parts)) if parts else 0.0

    def snapshot(self, top: int = 10) -> list[dict]:
        """The leading candidates as plain data (what the simulation panel shows)."""
        rows = []
        for standing in self.ranked()[:top]:
            tally = standing.tally
            choice = standing.choice
            rows.append({"move": choice.notation, "score": choice.score,
                         "leave": "".join(choice.leave), "static": round(choice.equity, 1),
                         "spread": round(tally.mean_spread, 1),
                         "error": None if tally.n < 2 else round(tally.spread_error, 1),
                         "win": round(100 * tally.win_rate, 1), "iterations": tally.n,
                         "pruned": tally.pruned})
        return rows

    def message(self) -> str:
        """A progress line for people, then the snapshot as JSON after
        :data:`PROGRESS_TAG` on a line of its own (the simulation panel reads it)."""
        best = self.ranked()[0]
        text = (f"simulating: {best.choice.notation} leads "
                f"({100 * best.tally.win_rate:.1f}% win), {self.iterations} iterations")
        data = {"iterations": self.iterations, "seconds": round(self.seconds, 2),
                "candidates": self.snapshot()}
        return f"{text}\n{PROGRESS_TAG}{json.dumps(data)}"


def simulate(position: Position, options: SimOptions, control: SearchControl = NULL_CONTROL,
             choices: Sequence[Choice] | None = None) -> Simulation:
    """Run a simulation of ``position`` (anytime: see :class:`Simulation`)."""
    simulation = Simulation(position, options, choices)
    simulation.run(control)
    return simulation


def progress_snapshot(message: str) -> dict | None:
    """The machine-readable part of a simulation progress message, or None."""
    _, tag, data = message.partition("\n" + PROGRESS_TAG)
    if not tag:
        return None
    try:
        return json.loads(data)
    except ValueError:
        return None
