"""The end-game search in C, with the Python solver's face.

:mod:`._exact` (compiled from Cython where ``pip install`` found a C compiler) runs
the search of :class:`~.exact.Solver` with no Python object below the root's moves.
:func:`compiled_solver` makes one for an end game when it can - the compiled move
generator in use, racks of at most 31 tiles - and :func:`~.exact.solve` uses it;
otherwise the Python solver searches (the same values: tests hold both to a plain
full minimax).

More cores: with ``helpers`` the transposition table lives in shared memory and as many
worker processes (:mod:`.parallel`'s pool) search the same end game into it, each
taking the root's moves after the first from the last.  A value they prove is proven
for the search that owns the table (it reads their entries, proven bounds above all), so
the part of the work it comes to last is often done when it gets there.  Only the
owner's answer counts; it stops the helpers when it has it.
"""

from __future__ import annotations

import importlib
import struct
import time
from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker, shared_memory
from types import ModuleType
from typing import Any

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.board import Board
from wordstudio.crossword.players import parallel
from wordstudio.crossword.players.playout import RawMove, Table
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import BLANK


class OutOfTime(Exception):
    """The search's time ran out (or it was asked to stop) in the middle of a pass."""


def depths_to_the_end(limit: int) -> list[int]:
    """The depths the compiled search deepens through: 1, 2, 3 and 5 to order the moves,
    then ``limit`` (the end of every line).  Once the best value has settled, each
    deeper pass spends most of its time proving again what the last one proved; going
    to the end at once proves it in about two thirds of the time on end games of two
    full racks.  (The Python solver, which keeps its move lists from one pass to the
    next, does better with :func:`~.exact.depths`.)"""
    return [depth for depth in (1, 2, 3, 5) if depth < limit] + [limit]


_module: ModuleType | None
try:
    _module = importlib.import_module("wordstudio.crossword.players.endgames._exact")
except ImportError:  # nothing was compiled: the Python solver searches
    _module = None

#: The transposition table holds 2**TABLE_BITS entries of 120 bytes (64 MB).
TABLE_BITS = 19
#: Tiles on one rack the compiled search takes at most.
MAX_RACK = 31


def is_compiled() -> bool:
    """True when the compiled end-game search is installed."""
    return _module is not None


class CompiledSolver:
    """The compiled search behind :func:`~.exact.solve`'s interface: ``root(depth)``
    ranks the root's moves (``(value, raw move or None)``, best first), ``low`` and
    ``high`` are the root's proven bounds, ``line()`` the principal line of the last
    depth, ``first_move()`` what to play when no depth finished."""

    def __init__(self, search: object, helpers: _Helpers | None = None) -> None:
        self.search = search
        self.helpers = helpers
        self._best: RawMove | None = None

    def close(self) -> None:
        """Stop the helpers and give their shared table back (when there are any)."""
        if self.helpers is not None:
            helpers, self.helpers = self.helpers, None
            # The search lets go of the shared memory before it is closed.
            self.search = _Finished(self.search)
            helpers.stop()

    @property
    def nodes(self) -> int:
        return int(self.search.nodes)  # type: ignore[attr-defined]

    @property
    def low(self) -> int:
        return int(self.search.low)  # type: ignore[attr-defined]

    @property
    def high(self) -> int:
        return int(self.search.high)  # type: ignore[attr-defined]

    def root(self, depth: int) -> list[tuple[int, RawMove | None]]:
        valued = self.search.root(depth)  # type: ignore[attr-defined]
        self._best = valued[0][1]
        return valued

    def depths(self, limit: int) -> list[int]:
        """The depths to search: a few shallow ones to order the moves, then straight to
        the end of the game (:func:`depths_to_the_end`)."""
        return depths_to_the_end(limit)

    def interrupted(self) -> list[tuple[int, RawMove | None]]:
        """The root moves valued at the depth the time ran out in (best first), or []."""
        partial = list(self.search.partial)  # type: ignore[attr-defined]
        if partial:
            self._best = partial[0][1]
        return partial

    def line(self, proven: bool = False) -> list[RawMove | None]:
        """The principal line; ``proven`` (the root's value is): nodes on the way whose
        table entries were replaced are solved again, so the line reaches the end."""
        return list(self.search.line(self._best, proven=proven))  # type: ignore[attr-defined]

    def first_move(self) -> tuple[RawMove | None, int]:
        raw, score = self.search.first_move()  # type: ignore[attr-defined]
        return raw, int(score)


class _Finished:
    """What a closed solver keeps of its search: the figures, not the shared memory."""

    def __init__(self, search: Any) -> None:
        self.nodes = search.nodes
        self.low = search.low
        self.high = search.high
        self.partial = search.partial


class _Helpers:
    """Helper processes searching into a shared table (module docstring)."""

    def __init__(self, memory: shared_memory.SharedMemory, futures: list[Future]) -> None:
        self.memory = memory
        self.futures = futures

    def stop(self) -> None:
        buffer = self.memory.buf
        assert buffer is not None
        struct.pack_into("i", buffer, 0, 1)
        for future in self.futures:
            try:
                future.result(timeout=30)
            except Exception:  # noqa: BLE001 - a helper's trouble costs only its help
                pass
        self.memory.close()
        self.memory.unlink()


def _start_helpers(position: Position, board: Board,
                   racks: tuple[Sequence[str], Sequence[str]], mover: int, seconds: float,
                   passed: bool, helpers: int) -> _Helpers | None:
    """A shared table and ``helpers`` processes searching into it; None when the pool is
    not ready yet (it is started now, for the next end game)."""
    workers = helpers + 1
    if not parallel.pool_ready(workers):
        parallel.start_pool(workers, _warm, position)
        return None
    memory = shared_memory.SharedMemory(create=True,
                                        size=_module.shared_table_bytes(TABLE_BITS))  # type: ignore[union-attr]
    task = (position, list(board.cells), list(board.owners), tuple(racks[0]), tuple(racks[1]),
            mover, passed, memory.name, seconds)
    futures: list[Future] = []
    try:
        pool = parallel.local_pool(workers)
        for _ in range(helpers):
            futures.append(pool.submit(help_search, *task))
    except (BrokenProcessPool, RuntimeError):
        # A pool that cannot take the work: the search goes on alone.
        team = _Helpers(memory, futures)
        team.stop()
        return None
    return _Helpers(memory, futures)


def _warm(position: Position) -> None:
    """In a pool process: load what searching this game's end games needs."""
    from wordstudio.crossword.players.simulate import table_for

    table_for(position)


def help_search(position: Position, cells: list[int], owners: list[int],
                mine: tuple[str, ...], theirs: tuple[str, ...], mover: int, passed: bool,
                name: str, seconds: float) -> int:
    """In a pool process: search the end game into the shared table ``name`` until the
    value is proven, the time is up or the owner says stop; the nodes searched."""
    from wordstudio.crossword.players.simulate import table_for

    # Attached, not created here: the process that created it unlinks it (the resource
    # tracker would otherwise be told about it twice).
    register = resource_tracker.register
    resource_tracker.register = lambda *args, **kwargs: None
    try:
        memory = shared_memory.SharedMemory(name=name)
    finally:
        resource_tracker.register = register
    nodes = 0
    try:
        table = table_for(position)
        board = Board(position.config)
        board.cells[:] = cells
        board.owners[:] = owners
        solver = compiled_solver(table, board, (mine, theirs), mover, NULL_CONTROL, seconds,
                                 passed, OutOfTime, shared=memory.buf)
        if solver is None:
            return 0
        search: Any = solver.search
        search.reverse_root = True
        try:
            for depth in depths_to_the_end(2 * (len(mine) + len(theirs)) + 2):
                search.root(depth)
                if search.low == search.high:
                    break
        except OutOfTime:
            pass
        nodes = int(search.nodes)
        del search, solver
    finally:
        memory.close()
    return nodes


def compiled_solver(table: Table, board: Board,
                    racks: tuple[Sequence[str], Sequence[str]], mover: int,
                    control: SearchControl, seconds: float, passed: bool,
                    timeout: type[BaseException], shared: Any = None,
                    helpers: int = 0, position: Position | None = None
                    ) -> CompiledSolver | None:
    """The compiled search for this end game, or None where it cannot run (nothing
    compiled, the pure-Python move generator in use, a rack too large).  ``helpers``
    processes search beside it when ``position`` (the end game's, for them to load the
    game) is given (module docstring); ``shared``: a shared table to search into."""
    if _module is None:
        return None
    generator = table.finder.generator
    if not hasattr(generator, "state_address"):
        return None
    if max(len(racks[0]), len(racks[1])) > MAX_RACK:
        return None
    team = None
    if helpers > 0 and position is not None and shared is None:
        team = _start_helpers(position, board, racks, mover, seconds, passed, helpers)
        if team is not None:
            shared = team.memory.buf
    alphabet = list(table.finder.alphabet)
    index = {letter: k for k, letter in enumerate(alphabet)}
    counts: list[list[int]] = []
    blanks: list[int] = []
    for rack in racks:
        seat = [0] * len(alphabet)
        for tile in rack:
            if tile != BLANK:
                seat[index[tile]] += 1
        counts.append(seat)
        blanks.append(sum(1 for tile in rack if tile == BLANK))
    values = [table.value_of[letter] for letter in alphabet]
    deadline = time.monotonic() + seconds if seconds > 0 else 0.0
    try:
        search = _module.EndgameSearch(
            generator, list(board.cells), list(board.owners), counts, blanks, values,
            int(table.value_of[BLANK]), table.out_factor, table.deducts, mover, passed,
            TABLE_BITS, deadline, control.should_stop, timeout, shared)
    except BaseException:
        if team is not None:
            team.stop()
        raise
    return CompiledSolver(search, team)
