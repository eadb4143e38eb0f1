"""Learning a leave table for any game by self-play (``wordstudio leaves train``).

Two equity players (level 7's knobs) play the game; every time a player keeps tiles with
at least a rack's worth still in the bag, the leave is recorded with what that player
makes of his next turn: its score plus the value of the leave *it* keeps (nothing when
that one is too near the end to count).  The table's parts (:class:`~.leaves.LeaveTable`:
each copy of each tile, each pair of different tiles kept together, the vowel count for
each leave size) are then fitted by ridge least squares to

    next score + next leave's value  =  intercept + sum of the leave's parts

repeated a few times, since the targets use the values being fitted (a fixed point: what
you keep is worth the points it brings next turn plus what you can keep then).  The fit
is plain Python (conjugate gradients over the leaves seen, each counted as often as it
was kept), so training needs nothing beyond the program itself.

Training runs in *rounds*: the games of a round are played with the table of the round
before (the first with the game's heuristic leaves), then the table is fitted on every
sample so far.  Game ``n`` has seed ``seed + n``, and rounds are fixed by the number of
games asked for, so the table is the same whatever the number of workers.  After each
round the state (samples, table, games played) is saved beside the table: a run that was
stopped goes on from its last finished round.

Tables are stored per game in the user's data folder (:func:`table_path`): the key is the
tiles, the board and the lexicon, so a design's own table is found again by every
computer player of that game (:func:`~.leaves.leaves_for`).
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.actions import Pass, Play, Turn
from wordstudio.crossword.game import Game, PlayerSpec
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.players import parallel
from wordstudio.crossword.players.computer import decide
from wordstudio.crossword.players.leaves import (
    MAX_COPIES,
    VOWELS,
    HeuristicLeaves,
    LeaveTable,
    LeaveValues,
    TileFingerprint,
    leave_key,
    state_path,
    table_key,
    table_path,
)
from wordstudio.crossword.players.levels import level_style
from wordstudio.crossword.players.selfplay import play_game
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import BLANK, Rack, TileError
from wordstudio.filecheck import read_limited
from wordstudio.paths import atomic_write_text

RIDGE = 30.0
FIXED_POINT_ROUNDS = 4
CG_STEPS = 80
MAX_LEAVE = 6
#: Rounds a training run is split into (fewer when there are few games).
ROUNDS = 4
#: The largest saved training state read (its samples: some 2 kB a game).
MAX_STATE_BYTES = 500_000_000
#: The most games one training run learns from: a run keeps every leave it has seen, in
#: memory (some 5 kB a game) and in its saved state (some 0.5-2 kB a game), so a million
#: games would need gigabytes and a state too large to go on from.
MAX_GAMES = 100_000

#: (leave, next leave or None when it does not count, next score)
Sample = tuple[tuple[str, ...], tuple[str, ...] | None, int]


# --- playing ---------------------------------------------------------------------------------
def game_samples(task: tuple[GameConfig, str, dict | None, int]) -> list[Sample]:
    """One training game (a worker task): its samples."""
    config, lexicon, table_json, seed = task
    parallel.set_move_workers(1)
    leaves: LeaveValues = (LeaveTable.from_json(table_json) if table_json
                           else HeuristicLeaves(config))
    style = level_style(7)
    seats = [PlayerSpec("A", True), PlayerSpec("B", True)]
    racks: dict[int, tuple[str, ...]] = {}
    kept: dict[int, list[tuple[tuple[str, ...], bool, int]]] = {0: [], 1: []}

    def chooser(position: Position, seat: int):
        racks[seat] = position.rack.tiles
        return decide(position, style, leaves=leaves, top=1)

    def on_turn(game: Game, turn: Turn) -> None:
        if turn.player not in racks:
            return
        rack = Counter(racks[turn.player])
        if isinstance(turn.action, Play):
            rack.subtract(p.tile for p in turn.action.placements)
        elif isinstance(turn.action, Pass):
            rack.subtract(turn.action.discards)
        leave = leave_key(rack.elements())
        counts = len(game.bag) >= config.rack_size and len(leave) <= MAX_LEAVE
        kept[turn.player].append((leave, counts, turn.score))

    play_game(config, seats, seed, lexicon=lexicon, chooser=chooser, on_turn=on_turn)
    samples: list[Sample] = []
    for turns in kept.values():
        for (leave, counts, _), (following, following_counts, score) in zip(turns, turns[1:],
                                                                             strict=False):
            if counts and leave:
                samples.append((leave, following if following_counts else None, score))
    return samples


# --- fitting ---------------------------------------------------------------------------------
class Parts:
    """The columns of the fit: one per part of a :class:`LeaveTable` (0: the intercept)."""

    def __init__(self, config: GameConfig) -> None:
        tiles = config.tiles
        kinds = list(tiles.alphabet) + ([BLANK] if tiles.blank_count else [])
        counts = list(tiles.frequencies) + ([tiles.blank_count] if tiles.blank_count else [])
        self.columns: dict[tuple, int] = {}
        for tile, count in zip(kinds, counts, strict=True):
            for k in range(min(count, MAX_COPIES)):
                self.columns[("single", tile, k)] = len(self.columns) + 1
        for i, a in enumerate(kinds):
            for b in kinds[i + 1:]:
                self.columns[("pair", a, b)] = len(self.columns) + 1
        for n in range(1, min(MAX_LEAVE, config.rack_size - 1) + 1):
            for v in range(n + 1):
                self.columns[("balance", n, v)] = len(self.columns) + 1
        self.order = {t: i for i, t in enumerate(kinds)}
        self.size = len(self.columns) + 1

    def of(self, leave: Sequence[str]) -> list[int]:
        cols = [0]
        counts = Counter(leave)
        for tile, count in counts.items():
            for k in range(count):
                col = self.columns.get(("single", tile, min(k, MAX_COPIES - 1)))
                if col is not None:
                    cols.append(col)
        present = sorted(counts, key=lambda t: self.order.get(t, 99))
        for i, a in enumerate(present):
            for b in present[i + 1:]:
                col = self.columns.get(("pair", a, b))
                if col is not None:
                    cols.append(col)
        vowels = sum(1 for t in leave if t in VOWELS)
        col = self.columns.get(("balance", len(leave), vowels))
        if col is not None:
            cols.append(col)
        return cols

    def table(self, weights: Sequence[float], fingerprint: TileFingerprint) -> LeaveTable:
        single: dict[str, list[float]] = {}
        pair: dict[tuple[str, str], float] = {}
        balance: dict[int, list[float]] = {}
        for key, col in self.columns.items():
            value = float(weights[col])
            if key[0] == "single":
                single.setdefault(key[1], []).append(value)
            elif key[0] == "pair":
                pair[(key[1], key[2])] = value
            else:
                balance.setdefault(key[1], []).append(value)
        return LeaveTable(single, pair, balance, fingerprint)


def _solve(rows: list[list[int]], counts: list[int], targets: list[float], size: int,
           start: list[float]) -> list[float]:
    """Weighted ridge least squares ``min sum n (x.w - y)^2 + RIDGE |w|^2`` (intercept
    not penalised) by conjugate gradients; ``rows`` are the columns set in each row."""
    def apply(p: list[float]) -> list[float]:
        out = [RIDGE * v for v in p]
        out[0] = 0.0
        for row, n in zip(rows, counts, strict=True):
            q = n * sum(map(p.__getitem__, row))
            for c in row:
                out[c] += q
        return out

    b = [0.0] * size
    for row, n, y in zip(rows, counts, targets, strict=True):
        for c in row:
            b[c] += n * y
    w = list(start)
    aw = apply(w)
    r = [bi - ai for bi, ai in zip(b, aw, strict=True)]
    p = list(r)
    rr = sum(v * v for v in r)
    floor = 1e-10 * max(1.0, sum(v * v for v in b))
    for _ in range(CG_STEPS):
        if rr <= floor:
            break
        ap = apply(p)
        alpha = rr / max(1e-30, sum(x * y for x, y in zip(p, ap, strict=True)))
        w = [wi + alpha * pi for wi, pi in zip(w, p, strict=True)]
        r = [ri - alpha * api for ri, api in zip(r, ap, strict=True)]
        following = sum(v * v for v in r)
        p = [ri + (following / rr) * pi for ri, pi in zip(r, p, strict=True)]
        rr = following
    return w


def fit(samples: Sequence[Sample], config: GameConfig) -> tuple[LeaveTable, float]:
    """The leave table fitted to ``samples`` (module docstring), and the intercept."""
    parts = Parts(config)
    fingerprint = TileFingerprint.of(config)
    by_leave: dict[tuple[str, ...], list[int]] = {}
    for index, (leave, _following, _score) in enumerate(samples):
        by_leave.setdefault(leave, []).append(index)
    leaves = list(by_leave)
    rows = [parts.of(leave) for leave in leaves]
    counts = [len(by_leave[leave]) for leave in leaves]
    weights = [0.0] * parts.size
    table: LeaveTable | None = None
    for _ in range(FIXED_POINT_ROUNDS):
        targets = []
        for leave in leaves:
            total = 0.0
            for index in by_leave[leave]:
                _, following, score = samples[index]
                total += score + (table.value(following) if table is not None and following
                                  else 0.0)
            targets.append(total / len(by_leave[leave]))
        weights = _solve(rows, counts, targets, parts.size, weights)
        table = parts.table(weights, fingerprint)
    if table is None:
        table = parts.table(weights, fingerprint)
    return table, float(weights[0])


# --- the run ---------------------------------------------------------------------------------
@dataclass
class TrainingState:
    """What a training run has done so far (saved after each round)."""

    key: str
    seed: int
    games: int
    played: int
    samples: list[Sample]
    table: dict | None
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"format": 1, "key": self.key, "seed": self.seed, "games": self.games,
                "played": self.played, "seconds": round(self.seconds, 1),
                "table": self.table,
                "samples": [["".join(a), None if b is None else "".join(b), s]
                            for a, b, s in self.samples]}

    @classmethod
    def from_json(cls, data: dict[str, Any], config: GameConfig) -> TrainingState:
        def tiles(text: str) -> tuple[str, ...]:
            return Rack.parse(text, config.tiles.alphabet).tiles

        samples = [(tiles(a), None if b is None else tiles(b), int(s))
                   for a, b, s in data["samples"]]
        return cls(data["key"], int(data["seed"]), int(data["games"]), int(data["played"]),
                   samples, data.get("table"), float(data.get("seconds", 0.0)))


def round_ends(games: int) -> list[int]:
    """The games after which the table is refitted: ``ROUNDS`` rounds, each at least
    as long as the one before (later rounds play with a better table)."""
    rounds = max(1, min(ROUNDS, games // 8 or 1))
    weights = [2 ** k for k in range(rounds)]
    ends, done = [], 0
    for k, w in enumerate(weights):
        done = games if k == rounds - 1 else done + max(1, games * w // sum(weights))
        ends.append(min(games, done))
    return sorted(set(ends))


def train(config: GameConfig, games: int, seed: int = 1, lexicon: str | None = None,
          workers: int = 0, cluster: str | None = None, fresh: bool = False,
          on_game: Callable[[int, int], None] | None = None,
          on_round: Callable[[TrainingState, LeaveTable], None] | None = None,
          control: SearchControl = NULL_CONTROL) -> tuple[LeaveTable, TrainingState]:
    """Train (or go on training) the leave table of ``config`` up to ``games`` games;
    the table is saved where :func:`~.leaves.leaves_for` finds it.  ``on_game(done,
    total)`` follows the games, ``on_round`` each refit; ``control`` can stop the run
    (the rounds finished so far are kept: training again goes on from there), which
    raises :class:`~wordstudio.control.Cancelled`."""
    lexicon = lexicon or config.dictionary
    key = table_key(config, lexicon)
    path, saved = table_path(config, lexicon), state_path(config, lexicon)
    state = TrainingState(key, seed, games, 0, [], None)
    if saved.exists() and not fresh:
        try:
            text = read_limited(saved, MAX_STATE_BYTES, "training state").decode("utf-8")
            previous = TrainingState.from_json(json.loads(text), config)
        except (OSError, ValueError, KeyError, TypeError, TileError):
            previous = None
        if previous is not None and previous.key == key and previous.seed == seed:
            state = previous
            state.games = max(games, state.played)
    pool = parallel.Workers(workers, cluster)
    table = LeaveTable.from_json(state.table) if state.table else None
    for end in [e for e in round_ends(state.games) if e > state.played]:
        started = time.perf_counter()
        tasks = ((config, lexicon, state.table, seed + n) for n in range(state.played, end))
        for found in pool.map(game_samples, tasks):
            control.check()
            state.samples.extend(found)
            state.played += 1
            control.report(state.played / state.games,
                           f"{state.played} of {state.games} games")
            if on_game is not None:
                on_game(state.played, state.games)
        fitted, intercept = fit(state.samples, config)
        state.table = fitted.to_json()
        # The table as stored (values rounded): what players and the next round use.
        table = LeaveTable.from_json(state.table)
        state.seconds += time.perf_counter() - started
        _save(path, saved, state, table, lexicon, intercept)
        if on_round is not None:
            on_round(state, table)
    if table is None:
        raise ValueError("no games were played: ask for more games than have been played")
    return table, state


def _save(path: Path, saved: Path, state: TrainingState, table: LeaveTable, lexicon: str,
          intercept: float) -> None:
    data = table.to_json(title="Leave values learnt by self-play", lexicon=lexicon,
                         games=state.played, samples=len(state.samples), seed=state.seed,
                         empty_leave_next_turn=round(intercept, 2),
                         seconds=round(state.seconds, 1))
    atomic_write_text(saved, json.dumps(state.to_json()))
    atomic_write_text(path, json.dumps(data, indent=None))


def describe(table: LeaveTable) -> str:
    """A few telling values of a table, for people."""
    singles = sorted(((copies[0], tile) for tile, copies in table.single.items() if copies),
                     reverse=True)
    best = ", ".join(f"{tile} {value:+.1f}" for value, tile in singles[:4])
    worst = ", ".join(f"{tile} {value:+.1f}" for value, tile in singles[-3:])
    return f"best tiles to keep: {best}; worst: {worst}"


def finite(table: LeaveTable) -> bool:
    return all(math.isfinite(v) for copies in table.single.values() for v in copies)


def train_design(config: GameConfig, games: int, *, control: SearchControl
                 ) -> tuple[int, int, str]:
    """The designer's "Train leaves for this design" (a worker job): (games played,
    leaves seen, a few telling values)."""
    table, state = train(config, games, control=control)
    return state.played, len(state.samples), describe(table)
