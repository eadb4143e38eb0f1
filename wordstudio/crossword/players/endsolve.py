"""The exact end game: two players, an empty bag, every tile known.

Once the bag is empty the tiles a player cannot see are the opponent's rack, and the
end game is a two-player game of perfect information.  :func:`solve` searches it with
negamax and alpha-beta pruning for the line with the best final spread:

* a position's value is what the player to move gains over the opponent from here to
  the end, end-of-game adjustments included (going out collects the opponent's tiles as
  the game's end rules say; two passes in a row end the game with both racks deducted);
* moves are tried going-out first, then by score, the transposition table's best move
  before all (a good order is what makes alpha-beta cut);
* a transposition table keyed by the board (Zobrist hashing), both racks and whether the
  last move was a pass remembers values and bounds; a value whose whole subtree ended
  in finished games is *proven* and reused at any depth;
* iterative deepening: depth 1, 2, ... until the search proves its value (no line was
  cut at the depth limit) or its time runs out - anytime, with the best line of the last
  finished depth (a cut line is valued by the tiles left on the racks);
* move lists are cached per (board, rack), so each deeper pass generates almost nothing.

:func:`plain_minimax` is the reference it is checked against: the same game tree, no
pruning, no table, no ordering.  :func:`pre_endgame` handles one or two tiles in the
bag by averaging over every draw the opponent's rack may hide.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.board import Board
from wordstudio.crossword.players.leaves import leave_key
from wordstudio.crossword.players.playout import RawMove, Table, remove
from wordstudio.crossword.position import Position

EXACT, LOWER, UPPER = 0, 1, 2
#: Depth given to a proven value in the table: valid at any depth.
PROVEN = 1 << 20
#: Nodes between two looks at the clock and the stop flag.
CHECK_EVERY = 64
#: Cached move lists before the cache is emptied.
MOVE_CACHE = 200_000

#: A move in a line: a raw move, or None for a pass.
Step = RawMove | None


class OutOfTime(Exception):
    """The search's time ran out (or it was asked to stop) in the middle of a pass."""


@dataclass
class EndgameResult:
    """What the solver found: the value (spread the player to move gains from here),
    the best line (None for a pass), whether the value is proven, the depth reached."""

    value: float
    line: list[Step]
    proven: bool
    depth: int
    nodes: int
    seconds: float
    #: Root moves valued at the last finished depth, best first: (value, move).
    ranked: list[tuple[float, Step]] = field(default_factory=list)

    @property
    def move(self) -> Step:
        return self.line[0] if self.line else None


def applies(position: Position) -> bool:
    """True when the exact end game applies: two players, racks, an empty bag."""
    return (position.players == 2 and position.config.rack_size > 0
            and position.bag_size == 0 and bool(position.rack.tiles)
            and not position.config.unlimited_tiles)


class Solver:
    """Negamax with alpha-beta, a transposition table and iterative deepening."""

    def __init__(self, table: Table, board: Board, racks: tuple[tuple[str, ...], tuple[str, ...]],
                 mover: int, control: SearchControl = NULL_CONTROL, seconds: float = 0.0,
                 passed: bool = False) -> None:
        self.table = table
        self.board = board.copy()
        self.racks = [leave_key(racks[0]), leave_key(racks[1])]
        self.mover = mover
        #: The opponent passed last: a pass now ends the game.
        self.passed = passed
        self.control = control
        self.deadline = time.monotonic() + seconds if seconds > 0 else 0.0
        self.tt: dict[tuple, tuple[int, float, int, Step]] = {}
        self.moves: dict[tuple, list[RawMove]] = {}
        self.nodes = 0
        self.horizon = 0
        size = len(self.board.cells)
        rng = random.Random(20240601)
        self.zobrist = [[rng.getrandbits(64) for _ in range(256)] for _ in range(size)]
        self.hash = 0
        for sq, cell in enumerate(self.board.cells):
            if cell >= 0:
                self.hash ^= self.zobrist[sq][cell]

    # --- the game -------------------------------------------------------------------------
    def legal(self, player: int, rack: tuple[str, ...]) -> list[RawMove]:
        """The moves of ``rack`` on the board now: going out first, then by score plus
        what the tiles played would cost if kept (cached per board and rack)."""
        key = (self.hash, rack, player)
        found = self.moves.get(key)
        if found is None:
            if len(self.moves) > MOVE_CACHE:
                self.moves.clear()
            table = self.table
            tiles = len(rack)

            def promise(raw: RawMove) -> tuple[bool, int]:
                played = table.played(raw)
                return (len(played) != tiles, -(raw[4] + table.value(played)))

            found = sorted(table.finder.raw_moves(self.board, rack, player), key=promise)
            self.moves[key] = found
        return found

    def _place(self, raw: RawMove, player: int) -> list[tuple[int, int]]:
        squares = self.table.squares(raw)
        cells, owners, zobrist = self.board.cells, self.board.owners, self.zobrist
        for sq, code in squares:
            cells[sq] = code
            owners[sq] = player
            self.hash ^= zobrist[sq][code]
        return squares

    def _lift(self, squares: list[tuple[int, int]]) -> None:
        cells, owners, zobrist = self.board.cells, self.board.owners, self.zobrist
        for sq, code in squares:
            cells[sq] = -1
            owners[sq] = -1
            self.hash ^= zobrist[sq][code]

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and (
                (self.deadline and time.monotonic() >= self.deadline)
                or self.control.should_stop()):
            raise OutOfTime

    def _stuck_value(self, mine: tuple[str, ...], theirs: tuple[str, ...]) -> float:
        """Both players pass: each loses his tiles' value (when the rules deduct)."""
        if not self.table.deducts:
            return 0.0
        return float(self.table.value(theirs) - self.table.value(mine))

    def _horizon_value(self, mine: tuple[str, ...], theirs: tuple[str, ...]) -> float:
        """A line cut at the depth limit: the tiles left, as if the game ended stuck."""
        self.horizon += 1
        return float(self.table.value(theirs) - self.table.value(mine))

    # --- the search -----------------------------------------------------------------------
    def negamax(self, player: int, passed: bool, depth: int, alpha: float, beta: float
                ) -> float:
        self._tick()
        mine, theirs = self.racks[player], self.racks[1 - player]
        key = (self.hash, player, mine, theirs, passed)
        entry = self.tt.get(key)
        tt_move: Step = None
        if entry is not None:
            stored_depth, value, flag, tt_move = entry
            usable = flag == EXACT or (flag == LOWER and value >= beta) or (
                flag == UPPER and value <= alpha)
            if stored_depth >= depth and usable:
                if stored_depth < PROVEN:
                    self.horizon += 1
                return value
        if depth <= 0:
            return self._horizon_value(mine, theirs)
        horizon_before = self.horizon
        original_alpha = alpha
        best = -1e9
        best_move: Step = None
        for number, raw in enumerate(self._ordered(player, mine, tt_move)):
            if number == 0:
                value = self._value_of(raw, player, passed, depth, alpha, beta, mine, theirs)
            else:
                # Principal variation search: prove the move no better with a null
                # window, and search it fully only when it turns out better.
                value = self._value_of(raw, player, passed, depth, alpha, alpha + 1, mine,
                                       theirs)
                if alpha < value < beta:
                    value = self._value_of(raw, player, passed, depth, value, beta, mine,
                                           theirs)
            if value > best:
                best, best_move = value, raw
            if value > alpha:
                alpha = value
            if alpha >= beta:
                break
        proven = self.horizon == horizon_before
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        self.tt[key] = (PROVEN if proven else depth, best, flag, best_move)
        return best

    def _ordered(self, player: int, rack: tuple[str, ...], first: Step) -> list[Step]:
        ordered: list[Step] = [*self.legal(player, rack), None]
        if first is not None:
            try:
                ordered.remove(first)
            except ValueError:
                return ordered
            ordered.insert(0, first)
        return ordered

    def _value_of(self, raw: Step, player: int, passed: bool, depth: int, alpha: float,
                  beta: float, mine: tuple[str, ...], theirs: tuple[str, ...]) -> float:
        """The value for ``player`` of playing ``raw`` (None: pass) then searching on."""
        if raw is None:
            if passed:
                return self._stuck_value(mine, theirs)
            return -self.negamax(1 - player, True, depth - 1, -beta, -alpha)
        kept = remove(mine, self.table.played(raw))
        if not kept:
            return raw[4] + float(self.table.out_factor * self.table.value(theirs))
        squares = self._place(raw, player)
        self.racks[player] = kept
        try:
            return raw[4] - self.negamax(1 - player, False, depth - 1, -beta - raw[4],
                                         -alpha + raw[4])
        finally:
            self.racks[player] = mine
            self._lift(squares)

    def root(self, depth: int) -> list[tuple[float, Step]]:
        """Every root move valued at ``depth``, best first: the best exactly, the others as
        bounds (each is searched only to see whether it beats the best so far)."""
        player = self.mover
        mine, theirs = self.racks[player], self.racks[1 - player]
        entry = self.tt.get((self.hash, player, mine, theirs, self.passed))
        first = entry[3] if entry else None
        valued: list[tuple[float, Step]] = []
        best = -1e9
        horizon_before = self.horizon
        for raw in self._ordered(player, mine, first):
            # Moves after the first are searched with a window just above the best so far:
            # only one that beats it needs an exact value.
            value = self._value_of(raw, player, self.passed, depth, best, 1e9, mine, theirs)
            valued.append((value, raw))
            if value > best:
                best = value
        valued.sort(key=lambda item: -item[0])
        proven = self.horizon == horizon_before
        self.tt[(self.hash, player, mine, theirs, self.passed)] = (
            PROVEN if proven else depth, best, EXACT, valued[0][1])
        return valued

    def line(self, first: Step, length: int = 30) -> list[Step]:
        """The principal line from the table, starting with ``first``."""
        line: list[Step] = [first]
        player = self.mover
        passed = self.passed
        undo: list[tuple[int, tuple[str, ...], list[tuple[int, int]]]] = []
        step = first
        try:
            for _ in range(length):
                rack = self.racks[player]
                if step is None:
                    if passed:
                        break
                    passed = True
                else:
                    kept = remove(rack, self.table.played(step))
                    undo.append((player, rack, self._place(step, player)))
                    self.racks[player] = kept
                    passed = False
                    if not kept:
                        break
                player = 1 - player
                entry = self.tt.get((self.hash, player, self.racks[player],
                                     self.racks[1 - player], passed))
                if entry is None:
                    break
                step = entry[3]
                line.append(step)
        finally:
            for who, rack, squares in reversed(undo):
                self.racks[who] = rack
                self._lift(squares)
        return line


def solve(table: Table, board: Board, racks: tuple[Sequence[str], Sequence[str]], mover: int,
          seconds: float = 0.0, control: SearchControl = NULL_CONTROL,
          max_depth: int = 0, passed: bool = False) -> EndgameResult:
    """Solve an end game: ``racks[p]`` is player p's rack, ``mover`` moves first
    (``passed``: after the opponent passed, so a pass ends the game).  ``seconds`` 0 and
    ``max_depth`` 0: until proven."""
    started = time.monotonic()
    solver = Solver(table, board, (tuple(racks[0]), tuple(racks[1])), mover, control, seconds,
                    passed)
    total_tiles = len(racks[0]) + len(racks[1])
    limit = max_depth or 2 * total_tiles + 2
    result = EndgameResult(0.0, [], False, 0, 0, 0.0)
    for depth in range(1, limit + 1):
        horizon_before = solver.horizon
        try:
            valued = solver.root(depth)
        except OutOfTime:
            break
        proven = solver.horizon == horizon_before
        best_value, best_move = valued[0]
        result = EndgameResult(best_value, solver.line(best_move), proven, depth, solver.nodes,
                               time.monotonic() - started, valued)
        control.report(min(0.99, depth / limit),
                       f"end game: depth {depth}, best {best_value:+.0f}"
                       + (" (proven)" if proven else ""))
        if proven:
            break
    if not result.line:
        # Not even depth 1 finished: the highest-scoring move, going out first.
        moves = solver.legal(mover, solver.racks[mover])
        rack_size = len(solver.racks[mover])
        outs = [m for m in moves if len(table.played(m)) == rack_size]
        pick = (outs or moves or [None])[0]
        result = EndgameResult(float(pick[4]) if pick else 0.0, [pick], False, 0, solver.nodes,
                               time.monotonic() - started)
    result.nodes = solver.nodes
    result.seconds = time.monotonic() - started
    return result


def solve_position(position: Position, table: Table, seconds: float = 0.0,
                   control: SearchControl = NULL_CONTROL) -> EndgameResult:
    """:func:`solve` for a position whose bag is empty (the opponent's rack is the unseen
    tiles)."""
    me = position.player
    racks: list[tuple[str, ...]] = [(), ()]
    racks[me] = position.rack.tiles
    racks[1 - me] = tuple(position.unseen)
    # With nothing to draw a scoreless turn is a pass (a play scoring nothing is rare).
    passed = position.scoreless_streak > 0
    return solve(table, position.board(), (racks[0], racks[1]), me, seconds, control,
                 passed=passed)


# --- the reference ---------------------------------------------------------------------------
def plain_minimax(table: Table, board: Board, racks: tuple[Sequence[str], Sequence[str]],
                  mover: int, passed: bool = False) -> float:
    """The same game tree searched in full, nothing pruned or remembered (only for end
    games with a few tiles: its cost grows with every move of every line)."""
    mine = leave_key(racks[mover])
    theirs = leave_key(racks[1 - mover])
    best = -1e9
    options: list[Step] = [*table.finder.raw_moves(board, mine, mover), None]
    for raw in options:
        if raw is None:
            if passed:
                value = float(table.value(theirs) - table.value(mine)) if table.deducts else 0.0
            else:
                after = [(), ()]
                after[mover], after[1 - mover] = mine, theirs
                value = -plain_minimax(table, board, (after[0], after[1]), 1 - mover, True)
        else:
            kept = remove(mine, table.played(raw))
            if not kept:
                value = raw[4] + float(table.out_factor * table.value(theirs))
            else:
                filled = table.place(board, raw, mover)
                after = [(), ()]
                after[mover], after[1 - mover] = kept, theirs
                try:
                    value = raw[4] - plain_minimax(table, board, (after[0], after[1]),
                                                   1 - mover, False)
                finally:
                    table.take_back(board, filled)
        best = max(best, value)
    return best


def line_value(table: Table, board: Board, racks: tuple[Sequence[str], Sequence[str]],
               mover: int, line: Sequence[Step], passed: bool = False) -> float | None:
    """What a line is worth to ``mover`` when played to the end of the game, or None if
    the line stops before the game ends (a check that a solver's line earns its value)."""
    work = board.copy()
    held = [leave_key(racks[0]), leave_key(racks[1])]
    totals = [0.0, 0.0]
    player = mover
    for step in line:
        if step is None:
            if passed:
                if table.deducts:
                    totals[0] -= table.value(held[0])
                    totals[1] -= table.value(held[1])
                return totals[mover] - totals[1 - mover]
            passed = True
        else:
            passed = False
            held[player] = remove(held[player], table.played(step))
            table.place(work, step, player)
            totals[player] += step[4]
            if not held[player]:
                other = held[1 - player]
                totals[player] += (table.out_factor - int(table.deducts)) * table.value(other)
                totals[1 - player] -= int(table.deducts) * table.value(other)
                return totals[mover] - totals[1 - mover]
        player = 1 - player
    return None
