"""What a position offers: the moves an analyser ranks, and the move made, valued alike.

A review asks an :class:`Analyser` about one position at a time.  The interface is small
so that stronger analysers (simulation, look-ahead) slot in beside the quick one:

* :class:`StaticAnalyser` - level 8's measure: every legal move's score plus the value
  of the tiles it keeps (:mod:`~wordstudio.crossword.players.leaves`), the best exchange
  and passing valued the same way; once the bag is empty in a two-player game, the score
  less the opponent's best reply, as level 8's end game weighs it
  (:mod:`~wordstudio.crossword.players.endgames.lookahead`).  Quick: a position in milliseconds.
* :class:`SimulationAnalyser` - the Championship player's analysis: the best candidates
  and the move made played out against the racks the opponent may hold; values are mean
  spreads, with the chance of winning.  Strong: seconds a position.

Every value is in points ("equity"), so the points a move lost are the best option's
equity less the played move's.  Analysers run in worker processes: positions, actions
and results are plain picklable values.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.actions import Action, Pass, Play
from wordstudio.crossword.board import Board, Placement
from wordstudio.crossword.movegen import RawMove
from wordstudio.crossword.moves import Move, MoveFinder
from wordstudio.crossword.players.analysis import CandidateAnalysis, analyse
from wordstudio.crossword.players.computer import move_finder, swap_limit
from wordstudio.crossword.players.endgames import lookahead
from wordstudio.crossword.players.leaves import LeaveValues, leave_key, leaves_for, position_leaves
from wordstudio.crossword.players.levels import level_style
from wordstudio.crossword.players.playout import Table, remove
from wordstudio.crossword.players.simulate import Choice, candidates, table_for
from wordstudio.crossword.players.simulate import applies as simulation_applies
from wordstudio.crossword.players.strategy import Judge, Judged, best_exchange
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import BLANK

PLAY, EXCHANGE, PASS = "play", "exchange", "pass"


@dataclass(frozen=True)
class Option:
    """A move a player could make (or made), as an analyser values it.

    ``equity`` is in points; ``win`` is the chance of winning (0-1) when the analyser
    gives one (simulation); ``leave`` the tiles kept.
    """

    kind: str
    notation: str
    score: int
    equity: float
    leave: str = ""
    win: float | None = None
    placements: tuple[Placement, ...] = ()

    @property
    def tiles(self) -> tuple[str, ...]:
        return tuple(BLANK if p.blank else p.letter for p in self.placements)


@dataclass(frozen=True)
class PositionAnalysis:
    """The ranked options of one position (best first) and the move made."""

    options: tuple[Option, ...]
    played: Option
    method: str

    @property
    def best(self) -> Option:
        return self.options[0] if self.options else self.played

    @property
    def lost(self) -> float:
        """Points of equity the move made gave away (0 when it was the best)."""
        return max(0.0, self.best.equity - self.played.equity)

    def rank(self) -> int | None:
        """Where the move made stands among the options (1 = best), if it is one."""
        for number, option in enumerate(self.options, start=1):
            if option.notation == self.played.notation and option.kind == self.played.kind:
                return number
        return None


@dataclass(frozen=True)
class PlayedMove:
    """The move a player made, as the game recorded it."""

    action: Action
    score: int
    notation: str
    withdrawn: bool = False


class Analyser(Protocol):
    """Ranks a position's options and values the move made (see the module docstring)."""

    name: str

    def analyse(self, position: Position, played: PlayedMove, top: int = 5,
                control: SearchControl = NULL_CONTROL) -> PositionAnalysis: ...


def _judged(raw: Iterable[RawMove], judge: Judge) -> list[Judged]:
    return [j for j in (judge.judge(r, i) for i, r in enumerate(raw)) if j is not None]


def _best_judged(position: Position, finder: MoveFinder, judge: Judge, leaves: LeaveValues,
                 top: int) -> list[Judged]:
    """The ``top`` best moves by the judge's measure, best first: ranked inside the move
    generator where the measure can be worked out there (no Python object for the moves
    passed over, bounded for any rack), else every move judged here."""
    board = position.board()
    knobs = judge.knobs()
    if knobs is not None:
        try:
            best = finder.top_moves(board, position.rack, top, leaves=leaves, knobs=knobs,
                                    player=position.player)
            return _judged((r.raw for r in best), judge)
        except ValueError:  # too many different leaves to rank in the search
            pass
    judged = _judged(finder.raw_moves(board, position.rack, position.player), judge)
    return heapq.nlargest(top, judged, key=lambda j: (j.measure, -j.order))


class StaticAnalyser:
    """Level 8's static equity: score + leave value (with the bag's timing near the end);
    the end game's reply look-ahead."""

    name = "static equity"

    def analyse(self, position: Position, played: PlayedMove, top: int = 5,
                control: SearchControl = NULL_CONTROL) -> PositionAnalysis:
        style = level_style(8)
        leaves = leaves_for(position.config)
        finder = move_finder(position)
        board = position.board()
        # Plays are judged as level 8 judges them: with the bag's timing near the end.
        judge = Judge(position, style, position_leaves(leaves, position))
        rack = tuple(position.rack.tiles)
        ending = lookahead.applies(position)
        options: list[Option] = []
        if ending:
            judged = _judged(finder.raw_moves(board, position.rack, position.player), judge)
            lines = lookahead.look_ahead(position, judged, finder, control)
            for line in lines[:top]:
                options.append(_play_option(finder.to_move(line.judged.raw), line.value,
                                            line.judged.leave))
        else:
            for j in _best_judged(position, finder, judge, judge.leaves, top):
                options.append(_play_option(finder.to_move(j.raw), j.measure, j.leave))
            exchange = best_exchange(rack, leaves, swap_limit(position))
            if exchange is not None:
                kept = _minus(rack, exchange[0])
                options.append(Option(EXCHANGE, f"exchange {_tiles(exchange[0])}", 0,
                                      exchange[1], _tiles(kept)))
        options.append(self._pass(position, rack, leaves, ending, finder))
        options.sort(key=lambda o: -o.equity)
        value = self._played(position, played, rack, leaves, ending, finder, options)
        return PositionAnalysis(tuple(options[:top]), value, self.name)

    # --- the move made ------------------------------------------------------------------
    def _played(self, position: Position, played: PlayedMove, rack: tuple[str, ...],
                leaves: LeaveValues, ending: bool, finder: MoveFinder,
                options: list[Option]) -> Option:
        action = played.action
        if isinstance(action, Play) and not played.withdrawn:
            for option in options:
                if option.kind == PLAY and set(option.placements) == set(action.placements):
                    return option
            tiles = tuple(BLANK if p.blank else p.letter for p in action.placements)
            kept = _minus(rack, tiles)
            if ending:
                value = _endgame_value(position, action.placements, played.score, kept,
                                       finder)
            else:
                value = played.score + position_leaves(leaves, position).value(leave_key(kept))
            return Option(PLAY, played.notation, played.score, value, _tiles(kept),
                          placements=action.placements)
        if isinstance(action, Pass) and action.discards:
            kept = _minus(rack, action.discards)
            notation = f"exchange {_tiles(action.discards)}"
            for option in options:
                if option.kind == EXCHANGE and option.notation == notation:
                    return option
            return Option(EXCHANGE, notation, 0, leaves.value(leave_key(kept)), _tiles(kept))
        # A pass, or a phony taken back: the turn goes by and the rack stays.
        passed = self._pass(position, rack, leaves, ending, finder)
        if isinstance(action, Play):
            # Valued as the pass it came to; its tiles kept, to show where it went.
            return Option(PASS, f"{played.notation} (withdrawn)", 0, passed.equity,
                          passed.leave, placements=action.placements)
        return passed

    def _pass(self, position: Position, rack: tuple[str, ...], leaves: LeaveValues,
              ending: bool, finder: MoveFinder) -> Option:
        if ending:
            return Option(PASS, "pass", 0, _endgame_value(position, (), 0, rack, finder),
                          _tiles(rack))
        return Option(PASS, "pass", 0, leaves.value(leave_key(rack)), _tiles(rack))


def _play_option(move: Move, equity: float, leave: Sequence[str]) -> Option:
    return Option(PLAY, move.notation(), move.score, equity, _tiles(leave), placements=move.placed)


def _endgame_value(position: Position, placements: Sequence[Placement], score: int,
                   kept: tuple[str, ...], finder: MoveFinder) -> float:
    """Level 8's end-game value of any move (its formula, for moves the generator does
    not list - a word this list lacks, a pass): going out gains the opponent's tiles as
    the end rules count them; otherwise the score less the opponent's best reply and half
    the value of the tiles kept."""
    config = position.config
    out_factor = int(config.end.deduct_unplayed) + int(config.end.going_out_bonus)
    their_rack = list(position.unseen)
    if not kept:
        return score + out_factor * lookahead.tiles_value(their_rack, position)
    board: Board = position.board()
    board.place(placements, owner=position.player)
    kept_value = lookahead.tiles_value(kept, position)
    best, goes_out = 0.0, False
    for reply in finder.raw_moves(board, their_rack, 1 - position.player):
        out = sum(1 for code in reply[3] if not code & lookahead.EXISTING_FLAG) == len(their_rack)
        value = reply[4] + (out_factor * kept_value if out else 0)
        if value > best:
            best, goes_out = value, out
    return score - best - (0.0 if goes_out else kept_value / 2)


def _minus(rack: Sequence[str], tiles: Sequence[str]) -> tuple[str, ...]:
    left = Counter(rack)
    left.subtract(tiles)
    return tuple(sorted(left.elements(), key=lambda t: (t == BLANK, t)))


def _tiles(tiles: Sequence[str]) -> str:
    return "".join(sorted(tiles, key=lambda t: (t == BLANK, t)))


# --- simulation (the Championship player's analysis) ----------------------------------------
#: Seconds of simulation per position unless asked otherwise.
SIMULATION_SECONDS = 1.5
#: Candidates simulated besides the move made.
SIMULATED = 8


class SimulationAnalyser:
    """The Championship player's analysis (:func:`~wordstudio.crossword.players.analysis.
    analyse`): the best candidates by static equity and the move made, each played out
    many times; an option's value is its mean simulated spread, ``win`` its chance of
    winning.  A move the generator cannot make (a word this list lacks) is judged by
    static equity instead, and the analysis says so."""

    name = "simulation"

    def __init__(self, seconds: float | None = None, iterations: int = 0) -> None:
        self.seconds = SIMULATION_SECONDS if seconds is None else seconds
        #: A fixed number of iterations instead of a time (the same answer on any machine).
        self.iterations = iterations

    def analyse(self, position: Position, played: PlayedMove, top: int = 5,
                control: SearchControl = NULL_CONTROL) -> PositionAnalysis:
        if not simulation_applies(position):
            return StaticAnalyser().analyse(position, played, top, control)
        table = table_for(position)
        leaves = leaves_for(position.config)
        choices = candidates(position, table, leaves, max(top, SIMULATED))
        mine = _choice_of(position, table, leaves, played)
        if mine is None:
            static = StaticAnalyser().analyse(position, played, top, control)
            return replace(static, method=f"{static.method} (the move made is not one the "
                                          "word list allows, so it was not simulated)")
        if all(c.notation != mine.notation for c in choices):
            choices.append(mine)
        # One process: a review already shares its positions between worker processes.
        result = analyse(position, self.seconds, top=len(choices), control=control,
                         choices=choices, workers=1, iterations=self.iterations)
        # Ranked by points (mean spread), as the static equity is, so that the points a
        # move lost mean the same whichever analyser judged it.
        options = sorted((_sim_option(c) for c in result.candidates),
                         key=lambda o: (-o.equity, -(o.win or 0.0)))
        played_option = next((o for o in options if o.notation == mine.notation), None)
        if played_option is None:
            played_option = Option(_kind(mine), mine.notation, mine.score, mine.equity,
                                   _tiles(mine.leave))
        if played.withdrawn and isinstance(played.action, Play):
            played_option = replace(played_option, notation=f"{played.notation} (withdrawn)",
                                    placements=played.action.placements)
        return PositionAnalysis(tuple(options[:top]), played_option,
                                f"simulation ({result.iterations} iterations)")


def _kind(choice: Choice) -> str:
    if choice.raw is not None:
        return PLAY
    return EXCHANGE if choice.discards else PASS


def _sim_option(candidate: CandidateAnalysis) -> Option:
    action = candidate.action
    placements = action.placements if isinstance(action, Play) else ()
    kind = PLAY if isinstance(action, Play) else (
        EXCHANGE if isinstance(action, Pass) and action.discards else PASS)
    return Option(kind, candidate.notation, candidate.score, candidate.spread,
                  _tiles(candidate.leave), candidate.win, placements)


def _choice_of(position: Position, table: Table, leaves: LeaveValues,
               played: PlayedMove) -> Choice | None:
    """The move made as a simulation candidate (None: the generator cannot make it)."""
    rack = tuple(position.rack.tiles)
    action = played.action
    if isinstance(action, Play) and not played.withdrawn:
        wanted = frozenset(action.placements)
        for raw in table.finder.raw_moves(position.board(), rack, position.player):
            move = table.finder.to_move(raw)
            if move.key == wanted:
                kept = remove(rack, table.played(raw))
                return Choice(raw, (), raw[4], kept, raw[4] + leaves.value(kept),
                              move.notation())
        return None
    if isinstance(action, Pass) and action.discards:
        kept = remove(rack, action.discards)
        return Choice(None, tuple(action.discards), 0, kept, leaves.value(kept),
                      f"exchange {_tiles(action.discards)}")
    return Choice(None, (), 0, leave_key(rack), leaves.value(leave_key(rack)), "pass")


ANALYSERS: dict[str, Callable[[], Analyser]] = {"static": StaticAnalyser,
                                                "simulation": SimulationAnalyser}


def analyser_named(spec: str) -> Analyser:
    """An analyser by its command-line name: ``static``, or ``simulation`` with its
    seconds a position after a colon (``simulation:3``); ValueError for any other."""
    name, _, seconds = spec.partition(":")
    if name not in ANALYSERS:
        raise ValueError(f"unknown analyser {name!r}: choose from "
                         f"{', '.join(sorted(ANALYSERS))}")
    if name == "simulation" and seconds:
        try:
            budget = float(seconds)
        except ValueError:
            budget = -1.0
        if not 0 < budget <= 600:
            raise ValueError(f"a simulation's seconds a position are more than 0 and at most "
                             f"600, not {seconds!r}")
        return SimulationAnalyser(budget)
    return ANALYSERS[name]()
