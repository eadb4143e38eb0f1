"""Analysis of a position: its candidate moves ranked by what a look-ahead makes of them.

:func:`analyse` is what the Championship player, the hint list's "simulate" and
``wordstudio analyse`` all use.  With tiles in the bag it simulates (:mod:`.simulate`);
with one or two tiles in the bag and two players it enumerates the bag's contents and
solves the end games that follow (:mod:`.endgames.preend`); with the bag empty it solves the
end game (:mod:`.endgames.exact`), whose values are exact once proven.  Each
:class:`CandidateAnalysis` carries the move's score, leave, static equity, chance of
winning and mean spread (with its standard error).
"""

from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.actions import Action, Pass, Play
from wordstudio.crossword.moves import Move
from wordstudio.crossword.players.endgames import exact, preend
from wordstudio.crossword.players.leaves import leave_key, leaves_for
from wordstudio.crossword.players.parallel import move_workers
from wordstudio.crossword.players.playout import Table, remove, win_chance
from wordstudio.crossword.players.simulate import (
    PROGRESS_TAG,
    Choice,
    SimOptions,
    Simulation,
    applies,
    table_for,
)
from wordstudio.crossword.position import Position

#: Candidates the pre-end game weighs at most (each has an end game per bag content).
PRE_ENDGAME_CANDIDATES = 6


@dataclass(frozen=True)
class CandidateAnalysis:
    """One candidate as the analysis sees it.  ``spread`` is the mean simulated spread
    (end games: the solver's value), ``error`` its standard error (None when exact or
    unknown), ``win`` the chance of winning (0-1), ``iterations`` the simulation's
    iterations or, for the end game and the pre-end game, the depth searched."""

    action: Action
    notation: str
    score: int
    leave: tuple[str, ...]
    equity: float
    win: float
    spread: float
    error: float | None
    iterations: int
    move: Move | None = None

    def to_json(self) -> dict:
        return {"move": self.notation, "score": self.score, "leave": "".join(self.leave),
                "equity": round(self.equity, 2), "win": round(self.win, 4),
                "spread": round(self.spread, 2),
                "error": None if self.error is None else round(self.error, 2),
                "iterations": self.iterations}


@dataclass(frozen=True)
class Analysis:
    """The ranked candidates, how they were judged (``"simulation"``, ``"pre-end game"``
    or ``"end game"``) and what it cost (``iterations``: the depth searched when the
    method is not simulation)."""

    method: str
    candidates: tuple[CandidateAnalysis, ...]
    iterations: int
    seconds: float
    proven: bool = False

    @property
    def best(self) -> CandidateAnalysis | None:
        return self.candidates[0] if self.candidates else None

    def to_json(self) -> dict:
        return {"method": self.method, "iterations": self.iterations,
                "seconds": round(self.seconds, 2), "proven": self.proven,
                "candidates": [c.to_json() for c in self.candidates]}


def position_seed(position: Position) -> int:
    """A seed that depends only on the position (same analysis for the same position)."""
    text = repr((position.cells, sorted(position.rack.tiles), position.scores, position.ply))
    return zlib.crc32(text.encode())


def analyse(position: Position, budget: float, top: int = 10,
            control: SearchControl = NULL_CONTROL, *, iterations: int = 0,
            candidates: int = 12, plies: int = 2, seed: int | None = None,
            workers: int = 0, choices: list[Choice] | None = None,
            started: float | None = None) -> Analysis:
    """Analyse ``position`` for ``budget`` seconds (or ``iterations`` simulation
    iterations): its ``top`` candidates, best first.  ``workers`` 0: as many processes
    as :func:`~.parallel.move_workers` allows; ``choices`` limits a simulation to those
    candidates (the hint list's picks).  ``started`` (a ``time.monotonic()`` value): when
    the budget began, if before this call (a player's turn that did other work first)."""
    started = time.monotonic() if started is None else started
    if not applies(position):
        raise ValueError("this game has no racks and bag to analyse (length-squared scoring, "
                         "an unlimited or shared pool)")
    table = table_for(position)
    if exact.applies(position) and choices is None:
        return _endgame(position, table, _left(budget, started), top, control)
    if preend.applies(position) and choices is None and budget > 0:
        found = _pre_endgame(position, table, _left(budget, started), top, candidates,
                             control)
        if found is not None and found.iterations >= preend.FIRM_DEPTH:
            return found
    options = SimOptions(seconds=budget, iterations=iterations, candidates=candidates,
                         plies=plies, seed=position_seed(position) if seed is None else seed,
                         workers=workers if workers > 0 else move_workers())
    simulation = Simulation(position, options, choices, started=started)
    simulation.run(control)
    rows = []
    for standing in simulation.ranked()[:top]:
        choice, tally = standing.choice, standing.tally
        rows.append(CandidateAnalysis(
            choice.action(table), choice.notation, choice.score, choice.leave, choice.equity,
            tally.win_rate if tally.n else win_chance(position.lead + choice.equity, 60),
            tally.mean_spread if tally.n else choice.equity,
            None if tally.n < 2 else tally.spread_error, tally.n,
            table.finder.to_move(choice.raw) if choice.raw is not None else None))
    return Analysis("simulation", tuple(rows), simulation.iterations, simulation.seconds)


def _left(budget: float, started: float) -> float:
    """What is left of ``budget`` seconds begun at ``started`` (0, no limit, stays 0; a
    spent budget leaves a moment, since 0 would mean no limit)."""
    if budget <= 0:
        return 0.0
    return max(0.001, budget - (time.monotonic() - started))


def _endgame(position: Position, table: Table, budget: float, top: int,
             control: SearchControl) -> Analysis:
    def finished_depth(result: exact.EndgameResult) -> None:
        # What the window's thinking panel shows: the root moves at this depth.
        rows = _endgame_rows(position, table, result, top)
        text = (f"end game: depth {result.depth}, best {result.value:+.0f}"
                + (" (proven)" if result.proven else ""))
        _report_depth(control, budget, text, Analysis("end game", tuple(rows), result.depth,
                                                      result.seconds, result.proven))

    result = exact.solve_position(position, table, budget, control, on_depth=finished_depth)
    rows = _endgame_rows(position, table, result, top)
    return Analysis("end game", tuple(rows), result.depth, result.seconds, result.proven)


def _report_depth(control: SearchControl, budget: float, text: str, found: Analysis) -> None:
    """Report a search by depth (end game, pre-end game) after a finished depth: ``text``
    for people, then its candidates as the thinking panel reads them (after
    :data:`PROGRESS_TAG`, like a simulation's)."""
    data = {"method": found.method, "depth": found.iterations, "proven": found.proven,
            "seconds": round(found.seconds, 2),
            "candidates": [{"move": row.notation, "score": row.score,
                            "leave": "".join(row.leave), "static": row.equity,
                            "spread": row.spread, "error": None,
                            "win": round(100 * row.win, 1), "depth": row.iterations,
                            "pruned": False} for row in found.candidates]}
    control.report(min(0.99, found.seconds / budget) if budget > 0 else 0.0,
                   f"{text}\n{PROGRESS_TAG}{json.dumps(data)}")


def _endgame_rows(position: Position, table: Table, result: exact.EndgameResult,
                  top: int) -> list[CandidateAnalysis]:
    """The solver's root moves as candidates, best first (``iterations``: the depth)."""
    rack = position.rack.tiles
    rows = []
    ranked = result.ranked or [(result.value, result.move)]
    for rank, (value, step) in enumerate(ranked[:top]):
        move: Move | None = None
        if step is None:
            action: Action = Pass()
            notation, score, kept = "pass", 0, leave_key(rack)
        else:
            move = table.finder.to_move(step)
            action, notation, score = Play(move.placed), move.notation(), step[4]
            kept = remove(rack, table.played(step))
        lead = position.lead + value
        # Only the best move's value is exact; the others are bounds (at most this much).
        exact = rank == 0 and result.proven
        win = 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        rows.append(CandidateAnalysis(action, notation, score, kept, float(value),
                                      win if exact else win_chance(lead, len(rack)),
                                      float(value), None, result.depth, move))
    return rows


def _pre_endgame(position: Position, table: Table, budget: float, top: int, count: int,
                 control: SearchControl) -> Analysis | None:
    """The pre-end game's ranking (None when no play empties the bag)."""
    count = min(count, PRE_ENDGAME_CANDIDATES)
    search = preend.PreEndgame.of(position, table, leaves_for(position.config), count)
    if not search.candidates:
        return None

    def finished_round(search: preend.PreEndgame) -> None:
        # What the window's thinking panel shows: the candidates after this round.
        _report_depth(control, budget, f"pre-end game: depth {search.depth}, "
                      f"{search.best_line()}", _pre_endgame_analysis(search, top))

    search.run(budget, control, on_round=finished_round)
    return _pre_endgame_analysis(search, top)


def _pre_endgame_analysis(search: preend.PreEndgame, top: int) -> Analysis:
    """The pre-end game's candidates as they stand, best first."""
    rows = []
    for row in search.ranked()[:top]:
        move = search.table.finder.to_move(row.raw)
        rows.append(CandidateAnalysis(Play(move.placed), move.notation(), row.score, row.leave,
                                      row.equity, row.win, row.spread, None, search.depth,
                                      move))
    return Analysis("pre-end game", tuple(rows), search.depth, search.seconds, search.proven)


def line_notation(position: Position, budget: float) -> list[str]:
    """The end-game solver's best line for a bag-empty position, as move notations."""
    table = table_for(position)
    result = exact.solve_position(position, table, budget)
    return [table.finder.to_move(step).notation() if step is not None else "pass"
            for step in result.line]


def simulate_moves(position: Position, moves: list[Move], budget: float,
                   control: SearchControl = NULL_CONTROL) -> Analysis:
    """Simulate just these moves (the hint list's "simulate"): each as a candidate,
    ranked by what simulation makes of them.  Runs in a worker process."""
    table = table_for(position)
    wanted = {move.key for move in moves}
    leaves = leaves_for(position.config)
    rack = position.rack.tiles
    choices = []
    for raw in table.finder.raw_moves(position.board(), rack, position.player):
        move = table.finder.to_move(raw)
        if move.key in wanted:
            kept = remove(rack, table.played(raw))
            choices.append(Choice(raw, (), raw[4], kept, raw[4] + leaves.value(kept),
                                  move.notation()))
    if not choices:
        raise ValueError("none of these moves can be played here")
    return analyse(position, budget, top=len(choices), control=control, choices=choices)
