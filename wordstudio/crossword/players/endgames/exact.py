"""The exact end game: two players, an empty bag, every tile known.

Once the bag is empty the tiles a player cannot see are the opponent's rack, and the
end game is a two-player game of perfect information.  :func:`solve` searches it with
negamax and alpha-beta pruning for the line with the best final spread:

* a position's value is what the player to move gains over the opponent from here to
  the end, end-of-game adjustments included (going out collects the opponent's tiles as
  the game's end rules say; two passes in a row end the game with both racks deducted);
* one board, changed in place: a move puts its tiles down and takes them back, and the
  board's Zobrist hash and each rack's random code are updated as it goes, so a table
  key is one integer;
* moves are tried going-out first, then by score plus the value of the tiles played, the
  transposition table's best move before all - and before the others are even generated
  (it often cuts alone); going out ends the game, so only the best way out is searched;
* principal variation search: after the first move, each is only proven no better with a
  null window, and searched in full when it is;
* proven bounds: besides the value found at the depth searched, every node gets what is
  *proven* of its true value - a low and a high that only finished games establish (a
  way out, a pass after a pass, and what the moves' own proven bounds give: the best
  proven low of a move, and the highest proven high once every move is weighed).  They
  are kept at any depth, cut wherever they fall outside the window, and bound the
  values found by the depth limit; the value is proven when its low meets its high;
* a transposition table keyed by the board, both racks, the player to move and whether
  the last move was a pass remembers values, bounds and the proven bounds;
* iterative deepening: depth 1, 2, 3, 5, 7, ... (:func:`depths`) until the root's value
  is proven or the time runs out - anytime, with the best line of the last finished depth
  (when proven, the line of the moves that prove it), the root's moves ordered by the
  last depth's values; a forced pass (a player with no move, say stuck with a Q) costs
  no depth.  A line cut at the limit is valued by the tiles left on the racks, so
  a node one move from the limit needs no search: its best move is the one with the
  most score less the tiles it keeps (or the best way out), which the move generator
  finds by ranking the moves as it goes, with no move list;
* move lists are cached per (board, rack), so each deeper pass generates little.

:mod:`.check` holds the reference it is checked against (the same game tree, no
pruning, no table, no ordering).  :mod:`.preend` uses the solver for one or two
tiles in the bag.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.board import Board
from wordstudio.crossword.movegen.equity import RackEquity
from wordstudio.crossword.players.endgames.native import (
    CompiledSolver,
    OutOfTime,
    compiled_solver,
)
from wordstudio.crossword.players.leaves import leave_key
from wordstudio.crossword.players.parallel import move_workers
from wordstudio.crossword.players.playout import BLANK_FLAG, EXISTING_CODES, RawMove, Table, remove
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import Rack

EXACT, LOWER, UPPER = 0, 1, 2
#: Nodes between two looks at the clock and the stop flag.
CHECK_EVERY = 256
#: Moves in cached lists before the cache is emptied (with their raw moves, about 250
#: bytes each: a few hundred MB at most).
MOVE_CACHE = 1_000_000
#: Table entries before the table is emptied (about 150 bytes each).
TABLE_SIZE = 1_000_000
#: Beyond any value (a bound beyond half of it is no bound).
INFINITY = 1 << 30
HALF = INFINITY // 2

#: A move in a line: a raw move, or None for a pass.
Step = RawMove | None


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


#: A rack or leave in canonical order (:func:`~.leaves.leave_key`).
Tiles = tuple[str, ...]
#: A move as the search keeps it: the raw move, the rack it leaves, its score, and
#: whether it goes out.  The pass is :data:`PASS`.
Entry = tuple[RawMove | None, Tiles, int, bool]
PASS: Entry = (None, (), 0, False)
#: A move put down, to take back: its (square, tile code)s, its board hash, the change of
#: the rack's code.
Placed = tuple[list[tuple[int, int]], int, int]
#: What is proven of a node's value: low, high, and the move that proves the low.
Bound = tuple[int, int, "Entry | None"]
#: A table entry: the depth searched, the value found there, its kind (EXACT, LOWER,
#: UPPER), the best move there, and the node's :data:`Bound` (proven at any depth).
TableEntry = tuple[int, int, int, "Entry | None", int, int, "Entry | None"]
#: Tile codes as the rack sees them: a blank (code | 64) as any letter is one tile.
AS_PLAYED = bytes(BLANK_FLAG if code & BLANK_FLAG else code for code in range(256))


class KnownRack(Rack):
    """A rack whose letter counts are worked out once (the search asks for the same
    racks' moves again and again)."""

    def __init__(self, tiles: Tiles, alphabet: Sequence[str]) -> None:
        super().__init__(tiles)
        object.__setattr__(self, "_counts", super().counts(alphabet))

    def counts(self, alphabet: Sequence[str]) -> list[int]:
        return self._counts  # type: ignore[attr-defined]


@lru_cache(maxsize=8)
def zobrist_table(squares: int) -> list[list[int]]:
    """A random 64-bit code per square and tile code (the same in every search)."""
    rng = random.Random(20240601)
    return [[rng.getrandbits(64) for _ in range(256)] for _ in range(squares)]


class Solver:
    """Negamax with alpha-beta, principal variation search, a transposition table and
    iterative deepening, on one board changed in place (module docstring)."""

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
        self.out_factor = table.out_factor
        self.tt: dict[int, TableEntry] = {}
        self.lists: dict[int, list[Entry]] = {}
        self.listed = 0
        #: Per board and rack: [best way out, best other move] (:meth:`_limit_move`).
        self.limits: dict[int, list[Entry | None]] = {}
        self._equity: dict[tuple[Tiles, bool], RackEquity] = {}
        self.nodes = 0
        #: What the last search proved of its node's true value: low <= value <= high.
        self.low, self.high = -INFINITY, INFINITY
        self.zobrist = zobrist_table(len(self.board.cells))
        rng = random.Random(20240602)
        self._rng = rng
        #: Each seat's racks' random codes (drawn when a rack is first seen).
        self.rack_codes: tuple[dict[Tiles, int], dict[Tiles, int]] = ({}, {})
        #: The turn's code: [player][passed].
        self.turn_codes = [[rng.getrandbits(64) for _ in range(2)] for _ in range(2)]
        self._values: dict[Tiles, int] = {}
        #: The root moves' values at the last finished depth (:meth:`root`).
        self.root_values: dict[Entry, int] = {}
        self._kept: dict[tuple[Tiles, bytes], tuple[Tiles, int, bool]] = {}
        self._known: dict[Tiles, KnownRack] = {}
        self._placed: dict[RawMove, tuple[list[tuple[int, int]], int]] = {}
        self.hash = 0
        for sq, cell in enumerate(self.board.cells):
            if cell >= 0:
                self.hash ^= self.zobrist[sq][cell]
        #: The board's hash with both racks': with the turn's code, a table key.
        self.key = self.hash ^ self._code(0, self.racks[0]) ^ self._code(1, self.racks[1])

    # --- keys and values ------------------------------------------------------------------
    def _code(self, seat: int, rack: Tiles) -> int:
        codes = self.rack_codes[seat]
        code = codes.get(rack)
        if code is None:
            code = codes[rack] = self._rng.getrandbits(64)
        return code

    def value(self, rack: Tiles) -> int:
        """What the tiles of ``rack`` count at the end of the game."""
        found = self._values.get(rack)
        if found is None:
            found = self._values[rack] = self.table.value(rack)
        return found

    # --- the moves ------------------------------------------------------------------------
    def moves(self, player: int, rack: Tiles, every_out: bool = False) -> list[Entry]:
        """The moves of ``rack`` on the board now, in the order tried: going out first,
        then by score plus the value of the tiles played (what they would cost if kept),
        the pass last.  Going out ends the game, so only the best way out matters: the
        others are left out unless ``every_out`` (the root lists them all).  Cached per
        board and rack."""
        key = self.hash ^ self._code(player, rack) ^ every_out
        found = self.lists.get(key)
        if found is None:
            found = self._generate(player, rack, every_out)
            self.listed += len(found)
            if self.listed > MOVE_CACHE:
                self.lists.clear()
                self.listed = len(found)
            self.lists[key] = found
        return found

    def _best_out(self, player: int, rack: Tiles) -> Entry | None:
        """The highest-scoring move going out, None where there is none."""
        return self._limit_move(player, rack, 0)

    def _best_other(self, player: int, rack: Tiles) -> Entry | None:
        """The best move not going out by score less the tiles it keeps (:meth:`_frontier`'s
        order), None where there is none."""
        return self._limit_move(player, rack, 1)

    def _limit_move(self, player: int, rack: Tiles, which: int) -> Entry | None:
        """:meth:`_best_out` (``which`` 0) or :meth:`_best_other` (1), found by a search
        that ranks the moves as it finds them (no move list), or read from the move list
        when there is one.  Neither depends on the opponent's rack: cached per board and
        rack."""
        key = self.hash ^ self._code(player, rack)
        found = self.limits.get(key)
        if found is None:
            moves = self.lists.get(key)
            if moves is not None:
                out = moves[0] if moves[0][3] else None
                other = moves[1] if out is not None else moves[0]
                found = [out, other if other[0] is not None else None]
            else:
                # Going out ranked first: when nothing goes out this is the other move.
                best = self._ranked(player, rack, OUTS_FIRST)
                if best is None or best[3]:
                    found = [best, MISSING if best is not None else None]
                else:
                    found = [None, best]
            if len(self.limits) > MOVE_CACHE:
                self.limits.clear()
            self.limits[key] = found
        if found[which] is MISSING:
            found[which] = self._ranked(player, rack, OTHERS_ONLY)
        return found[which]

    def _ranked(self, player: int, rack: Tiles, worth: _LimitWorth) -> Entry | None:
        """The best move by score plus ``worth`` of the tiles kept, ranked inside the move
        generator (None: no move, or none ``worth`` admits)."""
        known = self._known_rack(rack)
        key = (rack, worth.outs)
        tables = self._equity.get(key)
        if tables is None:
            tables = self._equity[key] = RackEquity(known.counts(self.table.finder.alphabet),
                                                    known.blanks, self.table.finder.alphabet,
                                                    _LimitWorth(self, worth.outs))
        best = self.table.finder.top_moves(self.board, known, 1, player=player,
                                           equity=tables)
        if not best or best[0].equity <= -EXCLUDED / 2:
            return None
        raw = best[0].raw
        kept, _played_value, out = self._leave(rack, raw[3].translate(AS_PLAYED,
                                                                      EXISTING_CODES), raw)
        return (raw, kept, raw[4], out)

    def _known_rack(self, rack: Tiles) -> KnownRack:
        known = self._known.get(rack)
        if known is None:
            known = self._known[rack] = KnownRack(rack, self.table.finder.alphabet)
        return known

    def _generate(self, player: int, rack: Tiles, every_out: bool) -> list[Entry]:
        """The moves in the order tried (:meth:`moves`), generated."""
        leave = self._leave
        # What a move keeps depends only on the tiles it plays (a blank as any letter is
        # the blank): one look-up per sub-rack.
        kept_of: dict[bytes, tuple[Tiles, int, bool]] = {}
        ranked: list[tuple[int, Entry]] = []
        append = ranked.append
        outs: list[tuple[int, Entry]] = []
        known = self._known_rack(rack)
        for raw in self.table.finder.raw_moves(self.board, known, player):
            played = raw[3].translate(AS_PLAYED, EXISTING_CODES)
            found = kept_of.get(played)
            if found is None:
                found = kept_of[played] = leave(rack, played, raw)
            score = raw[4]
            if found[2]:
                outs.append((-score, (raw, (), score, True)))
            else:
                # Score plus the value of the tiles played (what they would cost if kept).
                append((-(score + found[1]), (raw, found[0], score, False)))
        outs.sort(key=_promise)
        ranked.sort(key=_promise)
        entries = [entry for _promise, entry in (outs if every_out else outs[:1])]
        entries.extend([entry for _promise, entry in ranked])
        entries.append(PASS)
        return entries

    def _leave(self, rack: Tiles, played: bytes, raw: RawMove) -> tuple[Tiles, int, bool]:
        """What a move playing ``played`` from ``rack`` keeps, the value of the tiles it
        plays, and whether it goes out."""
        found = self._kept.get((rack, played))
        if found is None:
            kept = remove(rack, self.table.played(raw))
            found = self._kept[(rack, played)] = (kept, self.value(rack) - self.value(kept),
                                                  not kept)
        return found

    def _play(self, entry: Entry, player: int) -> Placed:
        """Make a move on the board and rack (keys updated); returns what to take back.
        A move's squares and their hash are worked out once (moves are played again and
        again, from one depth to the next)."""
        raw, kept = entry[0], entry[1]
        assert raw is not None
        found = self._placed.get(raw)
        if found is None:
            squares = self.table.squares(raw)
            zobrist = self.zobrist
            change = 0
            for sq, code in squares:
                change ^= zobrist[sq][code]
            if len(self._placed) > MOVE_CACHE:
                self._placed.clear()
            found = self._placed[raw] = (squares, change)
        squares, change = found
        cells, owners = self.board.cells, self.board.owners
        for sq, code in squares:
            cells[sq] = code
            owners[sq] = player
        codes = self.rack_codes[player]
        kept_code = codes.get(kept)
        if kept_code is None:
            kept_code = self._code(player, kept)
        # Every rack a seat holds was given its code when it was first kept.
        rack_change = codes[self.racks[player]] ^ kept_code
        self.racks[player] = kept
        self.hash ^= change
        self.key ^= change ^ rack_change
        return squares, change, rack_change

    def _take_back(self, placed: Placed, player: int, held: Tiles) -> None:
        squares, change, rack_change = placed
        cells, owners = self.board.cells, self.board.owners
        for sq, _code in squares:
            cells[sq] = -1
            owners[sq] = -1
        self.racks[player] = held
        self.hash ^= change
        self.key ^= change ^ rack_change

    def _tick(self) -> None:
        if ((self.deadline and time.monotonic() >= self.deadline)
                or self.control.should_stop()):
            raise OutOfTime

    # --- the search -----------------------------------------------------------------------
    def negamax(self, player: int, passed: bool, depth: int, alpha: int, beta: int) -> int:
        """The value of the position for ``player`` to move, within (alpha, beta):
        fail-soft, so a value at or below alpha is an upper bound, at or above beta a
        lower one.  Leaves in :attr:`low` and :attr:`high` what is *proven* of the true
        value (:meth:`_settle`)."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY:
            self._tick()
        key = self.key ^ self.turn_codes[player][passed]
        entry = self.tt.get(key)
        first: Entry | None = None
        low, high, low_move = -INFINITY, INFINITY, None
        if entry is not None:
            stored_depth, value, flag, first, low, high, low_move = entry
            if low >= beta or high <= alpha or low == high:
                # What is proven settles it, at any depth.
                self.low, self.high = low, high
                return low if low >= beta or low == high else high
            if stored_depth >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                          or (flag == UPPER and value <= alpha)):
                self.low, self.high = low, high
                return value
        mine, theirs = self.racks[player], self.racks[1 - player]
        if depth <= 0:
            # A line cut at the depth limit: the tiles left, as if the game ended stuck.
            self.low, self.high = low, high
            return min(max(self.value(theirs) - self.value(mine), low), high)
        # The true value lies within the proven bounds: no need to look outside them.
        alpha, beta = max(alpha, low - 1), min(beta, high + 1)
        if not passed and self._stuck(player, mine, depth == 1 or first is None):
            # A forced pass costs no depth: a player stuck with a tile he cannot play
            # would otherwise halve the depth the other one is searched to.
            depth += 1
        elif depth == 1:
            return self._frontier(key, player, passed, mine, theirs, beta,
                                  (low, high, low_move))
        original_alpha = alpha
        best = -INFINITY
        best_entry: Entry | None = None
        # The best proven lower bound of a move (and the move), the highest proven upper
        # bound of any: with every move weighed, the node's own bounds.
        move_low, move_high, move_low_entry = -INFINITY, -INFINITY, None
        for move in self._candidates(player, mine, first):
            if move[3]:
                value = move_low_now = move_high_now = (move[2]
                                                        + self.out_factor * self.value(theirs))
            elif best == -INFINITY:
                value = self._value_of(move, player, passed, depth, alpha, beta)
                move_low_now, move_high_now = self.low, self.high
            else:
                # Principal variation search: prove the move no better with a null
                # window, and search it fully only when it turns out better.
                value = self._value_of(move, player, passed, depth, alpha, alpha + 1)
                move_low_now, move_high_now = self.low, self.high
                if alpha < value < beta:
                    value = self._value_of(move, player, passed, depth, value, beta)
                    move_low_now = max(move_low_now, self.low)
                    move_high_now = min(move_high_now, self.high)
            if move_low_now > move_low:
                move_low, move_low_entry = move_low_now, move
            move_high = max(move_high, move_high_now)
            if value > best:
                best, best_entry = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        # The moves not tried leave the node's upper bound open.
                        move_high = INFINITY
                        break
        best = self._settle(key, depth, best, original_alpha, beta, best_entry,
                            (low, high, low_move), (move_low, move_high, move_low_entry))
        return best

    def _settle(self, key: int, depth: int, best: int, alpha: int, beta: int,
                best_entry: Entry | None, known: Bound, found: Bound) -> int:
        """Record a node searched at ``depth``: its value ``best`` (for the window alpha,
        beta) and move, and its proven bounds - those ``known`` before, tightened by those
        ``found`` now (each a low, a high and the move proving the low).  The value is
        kept within the proven bounds; :attr:`low` and :attr:`high` are set."""
        low, high, low_move = known
        if found[0] > low:
            low, low_move = found[0], found[2]
        high = min(high, found[1])
        if low <= -HALF:
            low = -INFINITY
        if high >= HALF:
            high = INFINITY
        best = min(max(best, low), high)
        flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        if len(self.tt) > TABLE_SIZE:
            self.tt.clear()
        self.tt[key] = (depth, best, flag, best_entry, low, high, low_move)
        self.low, self.high = low, high
        return best

    def _stuck(self, player: int, rack: Tiles, look: bool) -> bool:
        """True when ``rack`` has no move here but the pass: from the move list or the
        ranked searches when either was made (or when ``look``, made now)."""
        key = self.hash ^ self._code(player, rack)
        moves = self.lists.get(key)
        if moves is not None:
            return len(moves) == 1
        if not look and key not in self.limits:
            return False
        return self._best_out(player, rack) is None and self._best_other(player, rack) is None

    def _frontier(self, key: int, player: int, passed: bool, mine: Tiles, theirs: Tiles,
                  beta: int, known: Bound) -> int:
        """A node one move from the depth limit, valued without playing its moves: a
        move that does not go out is worth its score less the tiles it keeps, plus the
        opponent's tiles (the limit's value of the line), which is the order the moves
        are listed in - so the first such move is the best one; going out is exact, and
        so is a pass that ends the game."""
        out = self._best_out(player, mine)
        best, best_entry = -INFINITY, PASS
        # Proven: the best exact value (a lower bound), and whether every move is exact.
        exact_low, exact_entry, every_exact = -INFINITY, None, True
        if out is not None:
            best = exact_low = out[2] + self.out_factor * self.value(theirs)
            best_entry = exact_entry = out
        if best < beta:
            first = self._best_other(player, mine)
            if first is not None:
                every_exact = False
                value = first[2] - self.value(first[1]) + self.value(theirs)
                if value > best:
                    best, best_entry = value, first
            # The pass: the game ends if the opponent passed last, else it is the limit's
            # value of the tiles both hold.
            if passed:
                value = self.value(theirs) - self.value(mine) if self.table.deducts else 0
                if value > exact_low:
                    exact_low, exact_entry = value, PASS
            else:
                every_exact = False
                value = self.value(theirs) - self.value(mine)
            if value > best:
                best, best_entry = value, PASS
        else:
            # Going out reached beta alone: the other moves were not weighed (the value
            # is a lower bound).
            every_exact = False
        found = (exact_low, exact_low if every_exact else INFINITY, exact_entry)
        return self._settle(key, 1, best, -INFINITY, beta, best_entry, known, found)

    def _candidates(self, player: int, rack: Tiles, first: Entry | None) -> Iterator[Entry]:
        """The moves in the order tried: the table's move (legal here, the board and racks
        being the same) before the others are even generated - it often cuts alone."""
        if first is None:
            yield from self.moves(player, rack)
            return
        yield first
        for move in self.moves(player, rack):
            if move is not first and move != first:
                yield move

    def _value_of(self, move: Entry, player: int, passed: bool, depth: int, alpha: int,
                  beta: int) -> int:
        """The value for ``player`` of ``move`` (not one going out) and the search on;
        :attr:`low` and :attr:`high` are left as what is proven of the move's value."""
        if move[0] is None:
            if passed:
                # Both passed: the game ends, each losing his tiles (if the rules deduct).
                value = 0
                if self.table.deducts:
                    value = self.value(self.racks[1 - player]) - self.value(self.racks[player])
                self.low = self.high = value
                return value
            value = -self.negamax(1 - player, True, depth - 1, -beta, -alpha)
            self.low, self.high = -self.high, -self.low
            return value
        score = move[2]
        held = self.racks[player]
        placed = self._play(move, player)
        try:
            value = score - self.negamax(1 - player, False, depth - 1, score - beta,
                                         score - alpha)
        finally:
            self._take_back(placed, player, held)
        self.low, self.high = score - self.high, score - self.low
        return value

    def root(self, depth: int) -> list[tuple[int, Entry]]:
        """Every root move valued at ``depth``, best first: the best exactly, the others as
        bounds (each is searched only to see whether it beats the best so far).  Leaves
        the root's proven bounds in :attr:`low` and :attr:`high`; when they meet, the
        first move is the one that proves the value."""
        player = self.mover
        key = self.key ^ self.turn_codes[player][self.passed]
        entry = self.tt.get(key)
        known: Bound = (-INFINITY, INFINITY, None) if entry is None else entry[4:]
        if depth == 1:
            # The first pass only needs the best move (the later ones rank them all).
            value = self._frontier(key, player, self.passed, self.racks[player],
                                   self.racks[1 - player], INFINITY, known)
            entry = self.tt[key]
            chosen = entry[6] if self.low == self.high else entry[3]
            assert chosen is not None
            return [(value, chosen)]
        moves = self.moves(player, self.racks[player], every_out=True)
        if self.root_values:
            # The last depth's values order the moves (its best first): the best is
            # found early and the others only need proving worse.
            last = self.root_values
            moves = sorted(moves, key=lambda m: -last.get(m, -INFINITY))
        elif entry is not None and entry[3] in moves:
            moves = [entry[3], *(m for m in moves if m != entry[3])]
        theirs = self.racks[1 - player]
        valued: list[tuple[int, Entry]] = []
        best = -INFINITY
        move_low, move_high, move_low_entry = -INFINITY, -INFINITY, None
        for move in moves:
            if move[3]:
                value = low = high = move[2] + self.out_factor * self.value(theirs)
            elif best == -INFINITY:
                value = self._value_of(move, player, self.passed, depth, -INFINITY, INFINITY)
                low, high = self.low, self.high
            else:
                value = self._value_of(move, player, self.passed, depth, best, best + 1)
                low, high = self.low, self.high
                if value > best:
                    value = self._value_of(move, player, self.passed, depth, best, INFINITY)
                    low, high = max(low, self.low), min(high, self.high)
            if low > move_low:
                move_low, move_low_entry = low, move
            move_high = max(move_high, high)
            # Each move's value within what is proven of it.
            valued.append((min(max(value, low), high), move))
            best = max(best, value)
        self._settle(key, depth, max(v for v, _m in valued), -INFINITY, INFINITY, None, known,
                     (move_low, move_high, move_low_entry))
        proving = self.tt[key][6] if self.low == self.high else None
        # Best first; on a tie the move that proves the value.
        valued.sort(key=lambda item: (-item[0], item[1] is not proving))
        self.root_values = {move: value for value, move in valued}
        self.tt[key] = (*self.tt[key][:3], valued[0][1], *self.tt[key][4:])
        return valued

    def line(self, first: Entry, length: int = 30) -> list[Step]:
        """The principal line from the table, starting with ``first``: at a node whose
        value is proven, the move that proves it."""
        line: list[Step] = []
        player = self.mover
        passed = self.passed
        undo: list[tuple[int, Tiles, Placed]] = []
        step: Entry | None = first
        try:
            for _ in range(length):
                if step is None:
                    break
                line.append(step[0])
                if step[0] is None:
                    if passed:
                        break
                    passed = True
                else:
                    held = self.racks[player]
                    undo.append((player, held, self._play(step, player)))
                    passed = False
                    if step[3]:
                        break
                player = 1 - player
                entry = self.tt.get(self.key ^ self.turn_codes[player][passed])
                if entry is None:
                    step = None
                elif entry[4] == entry[5] and entry[6] is not None:
                    step = entry[6]
                else:
                    step = entry[3]
        finally:
            for who, held, placed in reversed(undo):
                self._take_back(placed, who, held)
        return line


#: The worth of what a ranked search must not pick (far below any real move).
EXCLUDED = 1_000_000.0
#: Not looked for yet (in :attr:`Solver.limits`).
MISSING: Entry = (None, (), -1, False)


class _LimitWorth:
    """What the tiles kept are worth to :meth:`Solver._ranked`: their value, lost; going
    out ranked above everything (``outs``) or ruled out."""

    def __init__(self, solver: Solver | None, outs: bool) -> None:
        self.solver = solver
        self.outs = outs

    def value(self, tiles: Sequence[str]) -> float:
        if not tiles:
            return EXCLUDED if self.outs else -EXCLUDED
        assert self.solver is not None
        return -float(self.solver.value(leave_key(tiles)))


OUTS_FIRST = _LimitWorth(None, True)
OTHERS_ONLY = _LimitWorth(None, False)

#: A ranked move's promise (the sort key of :meth:`Solver._generate`).
_promise = itemgetter(0)


def depths(limit: int) -> list[int]:
    """The depths iterative deepening searches to, ``limit`` last: 1, 2, 3, then every
    other one.  A depth and the next end on different players' frontiers, and on the way
    to a proof each costs about as much as the two together: skipping one in two leaves
    fewer nodes (15-20 % fewer on end games of two full racks)."""
    steps = [depth for depth in (1, 2, 3) if depth < limit]
    steps.extend(range(5, limit, 2))
    return [*steps, limit]


class _PythonSearch:
    """:class:`Solver` with the face :func:`solve` drives (the one the compiled search
    has, :class:`~.native.CompiledSolver`): root moves as raw moves."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self._best: Entry | None = None

    @property
    def nodes(self) -> int:
        return self.solver.nodes

    @property
    def low(self) -> int:
        return self.solver.low

    @property
    def high(self) -> int:
        return self.solver.high

    def root(self, depth: int) -> list[tuple[int, Step]]:
        valued = self.solver.root(depth)
        self._best = valued[0][1]
        return [(value, move[0]) for value, move in valued]

    def line(self, proven: bool = False) -> list[Step]:
        assert self._best is not None
        return self.solver.line(self._best)

    def depths(self, limit: int) -> list[int]:
        return depths(limit)

    def interrupted(self) -> list[tuple[int, Step]]:
        """The Python solver keeps nothing of a depth it did not finish."""
        return []

    def first_move(self) -> tuple[Step, int]:
        solver = self.solver
        pick = solver.moves(solver.mover, solver.racks[solver.mover])[0]
        return pick[0], pick[2]


def solve(table: Table, board: Board, racks: tuple[Sequence[str], Sequence[str]], mover: int,
          seconds: float = 0.0, control: SearchControl = NULL_CONTROL,
          max_depth: int = 0, passed: bool = False,
          on_depth: Callable[[EndgameResult], None] | None = None,
          pure: bool = False, helpers: int = 0, position: Position | None = None
          ) -> EndgameResult:
    """Solve an end game: ``racks[p]`` is player p's rack, ``mover`` moves first
    (``passed``: after the opponent passed, so a pass ends the game).  ``seconds`` 0 and
    ``max_depth`` 0: until proven.  Each finished depth is reported to ``control`` (a
    line of text), or handed to ``on_depth`` when given (the window's thinking panel
    shows the root moves as they are ranked).  The search runs in C where it was
    compiled (:mod:`.native`), unless ``pure`` asks for the Python solver; there
    ``helpers`` processes search beside it when the end game's ``position`` is given."""
    started = time.monotonic()
    both = (tuple(racks[0]), tuple(racks[1]))
    search: _PythonSearch | CompiledSolver | None = None
    if not pure:
        search = compiled_solver(table, board, both, mover, control, seconds, passed,
                                 OutOfTime, helpers=helpers, position=position)
    if search is None:
        search = _PythonSearch(Solver(table, board, both, mover, control, seconds, passed))
    try:
        return _deepen(search, racks, mover, started, control, max_depth, on_depth)
    finally:
        if isinstance(search, CompiledSolver):
            search.close()


def _deepen(search: _PythonSearch | CompiledSolver, racks: tuple[Sequence[str], Sequence[str]],
            mover: int, started: float, control: SearchControl, max_depth: int,
            on_depth: Callable[[EndgameResult], None] | None) -> EndgameResult:
    """:func:`solve`'s iterative deepening."""
    total_tiles = len(racks[0]) + len(racks[1])
    limit = max_depth or 2 * total_tiles + 2
    result = EndgameResult(0.0, [], False, 0, 0, 0.0)
    for depth in search.depths(limit):
        try:
            valued = search.root(depth)
        except OutOfTime:
            partial = search.interrupted()
            if partial and result.line:
                # The moves valued at the depth the time ran out in (the best so far
                # first, exactly at that depth) before the others, as the last depth
                # ranked them.
                seen = {move for _value, move in partial}
                ranked = [(float(v), m) for v, m in partial]
                ranked += [(v, m) for v, m in result.ranked if m not in seen]
                result = EndgameResult(float(partial[0][0]), search.line(), False, depth,
                                       search.nodes, time.monotonic() - started, ranked)
            break
        proven = search.low == search.high
        best_value = valued[0][0]
        result = EndgameResult(float(best_value), search.line(proven), proven, depth,
                               search.nodes, time.monotonic() - started,
                               [(float(v), m) for v, m in valued])
        if on_depth is not None:
            on_depth(result)
        else:
            control.report(min(0.99, depth / limit),
                           f"end game: depth {depth}, best {best_value:+.0f}"
                           + (" (proven)" if proven else ""))
        if proven:
            break
    if not result.line:
        # Not even depth 1 finished: the highest-scoring move, going out first.
        pick, score = search.first_move()
        result = EndgameResult(float(score), [pick], False, 0, search.nodes,
                               time.monotonic() - started)
    result.nodes = search.nodes
    result.seconds = time.monotonic() - started
    return result


def solve_position(position: Position, table: Table, seconds: float = 0.0,
                   control: SearchControl = NULL_CONTROL,
                   on_depth: Callable[[EndgameResult], None] | None = None,
                   pure: bool = False, helpers: int | None = None) -> EndgameResult:
    """:func:`solve` for a position whose bag is empty (the opponent's rack is the unseen
    tiles).  ``helpers``: processes searching beside it (None: every core this process
    may use for a move but its own, :func:`~.parallel.move_workers`)."""
    if helpers is None:
        helpers = move_workers() - 1
    me = position.player
    racks: list[tuple[str, ...]] = [(), ()]
    racks[me] = position.rack.tiles
    racks[1 - me] = tuple(position.unseen)
    # With nothing to draw a scoreless turn is a pass (a play scoring nothing is rare).
    passed = position.scoreless_streak > 0
    return solve(table, position.board(), (racks[0], racks[1]), me, seconds, control,
                 passed=passed, on_depth=on_depth, pure=pure, helpers=helpers,
                 position=position)
