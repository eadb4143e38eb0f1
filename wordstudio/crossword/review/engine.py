"""A finished (or imported) game reviewed move by move, and summed up per player.

:func:`review_tasks` walks the game from the start and, for every move a player chose
(a play, a phony, an exchange, a pass), takes the position as that player saw it;
moves whose rack the record does not give in full, and turns that were not choices
(challenges, penalties, resignations), are listed with the reason they are not judged.
:func:`analyse_tasks` runs an analyser over tasks - in a worker process, a slice at a
time, reporting progress.  :func:`review_game` does both and sums up:

* each move: the best options, the points of equity the move gave away, and the size of
  the mistake (:func:`mistake_size`: small, medium, large);
* the running totals after every turn (the graph of the spread);
* each player: moves judged, mean equity lost, mistakes by size, best and worst moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.actions import Challenge, Pass, PickUpBlank, Play, TimeOut, Turn
from wordstudio.crossword.game import Game
from wordstudio.crossword.gameconfig import Scoring
from wordstudio.crossword.position import Position
from wordstudio.crossword.records.cli import describe_move, racks_before, running_totals
from wordstudio.crossword.records.gcgread import unlisted_words
from wordstudio.crossword.review.analysis import (
    Analyser,
    PlayedMove,
    PositionAnalysis,
    analyser_named,
)
from wordstudio.crossword.tiles import Rack, TileError

#: Equity lost (points) from which a move is a small, medium or large mistake.
SMALL, MEDIUM, LARGE = 3.0, 10.0, 20.0


def mistake_size(lost: float) -> str:
    """"", "small", "medium" or "large" for the points of equity a move lost."""
    if lost >= LARGE:
        return "large"
    if lost >= MEDIUM:
        return "medium"
    if lost >= SMALL:
        return "small"
    return ""


@dataclass(frozen=True)
class ReviewTask:
    """One move to judge: where it was made and what was made."""

    index: int  # the action's place in the game's inputs
    position: Position
    played: PlayedMove


@dataclass(frozen=True)
class MoveReview:
    """One turn of the game: what was done, and (when judged) how it compares."""

    index: int
    player: int
    move: str
    score: int
    rack: str
    totals: tuple[int, ...]
    analysis: PositionAnalysis | None = None
    #: Why the move is not judged (empty when it is).
    skipped: str = ""
    #: Words of the play the game's word list does not hold (a game played with another
    #: list, or a phony): judged as played, never as the list's best.
    unlisted: tuple[str, ...] = ()

    @property
    def lost(self) -> float:
        return self.analysis.lost if self.analysis is not None else 0.0

    @property
    def size(self) -> str:
        return mistake_size(self.lost) if self.analysis is not None else ""

    @property
    def played_equity(self) -> float:
        return self.analysis.played.equity if self.analysis is not None else 0.0


@dataclass(frozen=True)
class PlayerSummary:
    name: str
    judged: int
    equity_lost: float
    mistakes: dict[str, int]
    best: MoveReview | None
    worst: MoveReview | None

    @property
    def mean_lost(self) -> float:
        return self.equity_lost / self.judged if self.judged else 0.0


@dataclass
class GameReview:
    """A whole game reviewed (see the module docstring)."""

    names: list[str]
    moves: list[MoveReview]
    method: str
    final_scores: list[int]
    notes: list[str] = field(default_factory=list)

    def summaries(self) -> list[PlayerSummary]:
        out = []
        for seat, name in enumerate(self.names):
            judged = [m for m in self.moves if m.player == seat and m.analysis is not None]
            mistakes = {size: sum(1 for m in judged if m.size == size)
                        for size in ("small", "medium", "large")}
            best = max(judged, key=lambda m: (m.played_equity, -m.index), default=None)
            worst = max(judged, key=lambda m: (m.lost, -m.index), default=None)
            if worst is not None and worst.lost <= 0:
                worst = None
            out.append(PlayerSummary(name, len(judged), sum(m.lost for m in judged), mistakes,
                                     best, worst))
        return out

    def spread(self, seat: int = 0) -> list[int]:
        """``seat``'s score less the best other score, after each turn."""
        return [m.totals[seat] - max(t for i, t in enumerate(m.totals) if i != seat)
                if len(m.totals) > 1 else m.totals[seat] for m in self.moves]

    def to_json(self) -> dict[str, Any]:
        return {"method": self.method, "players": self.names, "notes": self.notes,
                "final_scores": self.final_scores,
                "moves": [_move_json(m) for m in self.moves],
                "summary": [_summary_json(s) for s in self.summaries()]}


# --- the moves to judge ----------------------------------------------------------------------
def reviewable(game: Game) -> str:
    """Why the game cannot be reviewed, or "" when it can."""
    config = game.config
    if not config.rack_size:
        return "a review needs a game played with racks"
    if config.scoring is not Scoring.LETTER_SUM:
        return "a review judges games scored by letter values, not by word length"
    return ""


def review_tasks(game: Game) -> tuple[list[ReviewTask], dict[int, str]]:
    """The positions to judge, and why each other turn is not judged (by input index)."""
    shadow = Game(game.setup, game.words)
    tasks: list[ReviewTask] = []
    skipped: dict[int, str] = {}
    for index, (item, turn) in enumerate(zip(game.inputs, game.history, strict=True)):
        action = item.action
        if isinstance(action, Play | Pass):
            if index in game.annotations.withdrawn:
                skipped[index] = "a withdrawn play whose tiles are not known (see the note)"
            elif not game.annotations.rack_known(index):
                skipped[index] = _unknown_rack(game.annotations.partial_racks[index],
                                               shadow.racks[item.player].tiles, game)
            elif shadow.turn_pickups:
                skipped[index] = "a blank was picked up first"
            else:
                withdrawn = isinstance(action, Play) and turn.withdrawn
                played = PlayedMove(action, turn.score, _notation(turn), withdrawn)
                tasks.append(ReviewTask(index, shadow.position(item.player), played))
        else:
            skipped[index] = _not_a_choice(turn)
        shadow.act(action)
    return tasks, skipped


def _unknown_rack(recorded: str, held: tuple[str, ...], game: Game) -> str:
    """Why a move whose rack the record does not give as the game holds it is not judged."""
    try:
        given = Counter(Rack.parse(recorded, game.config.tiles.alphabet).tiles)
    except TileError:
        given = Counter()
    if given and given - Counter(held):
        return "the record's rack for this move cannot be right (see the note)"
    return "the record does not give this rack in full"


def _not_a_choice(turn: Turn) -> str:
    if isinstance(turn.action, Challenge):
        return "a challenge"
    if isinstance(turn.action, TimeOut):
        return "the turn was lost on time"
    if isinstance(turn.action, PickUpBlank):
        return "a blank pick-up"
    return "not a move"


def _notation(turn: Turn) -> str:
    action = turn.action
    if isinstance(action, Play):
        return turn.notation
    if isinstance(action, Pass) and action.discards:
        return "exchange " + "".join(sorted(action.discards))
    return "pass"


# --- judging --------------------------------------------------------------------------------
def analyse_tasks(tasks: Sequence[ReviewTask], analyser: str = "static", top: int = 5,
                  control: SearchControl = NULL_CONTROL) -> list[tuple[int, PositionAnalysis]]:
    """Judge ``tasks`` with the named analyser (a worker process's job): (index, analysis)
    for each, reporting progress after each one; stops early when asked, with what it has."""
    judge = analyser_named(analyser)
    done: list[tuple[int, PositionAnalysis]] = []
    for number, task in enumerate(tasks):
        if control.should_stop():
            break
        part = _Part(control, number, len(tasks), f"move {task.index + 1}")
        done.append((task.index, judge.analyse(task.position, task.played, top, part)))
        control.report((number + 1) / len(tasks), f"move {task.index + 1}")
    return done


class _Part(SearchControl):
    """One position's share of a batch's progress (a simulation reports as it goes)."""

    def __init__(self, control: SearchControl, number: int, total: int, message: str) -> None:
        self.control = control
        self.number = number
        self.total = total
        self.message = message

    def should_stop(self) -> bool:
        return self.control.should_stop()

    def report(self, fraction: float, message: str = "") -> None:
        self.control.report((self.number + max(0.0, min(1.0, fraction))) / self.total,
                            self.message)


def review_game(game: Game, analyser: str | Analyser = "static", top: int = 5,
                control: SearchControl = NULL_CONTROL) -> GameReview:
    """Review every move of ``game`` (see the module docstring)."""
    problem = reviewable(game)
    if problem:
        raise ValueError(problem)
    tasks, skipped = review_tasks(game)
    if isinstance(analyser, str):
        results = dict(analyse_tasks(tasks, analyser, top, control))
        method = analyser_named(analyser).name
    else:
        results = {t.index: analyser.analyse(t.position, t.played, top, control) for t in tasks}
        method = analyser.name
    return assemble(game, results, skipped, method)


def assemble(game: Game, results: dict[int, PositionAnalysis], skipped: dict[int, str],
             method: str) -> GameReview:
    """The review of ``game`` from the analyses of its moves (by input index)."""
    totals = running_totals(game)
    racks = racks_before(game)
    moves = []
    for index, turn in enumerate(game.history):
        reason = skipped.get(index, "" if index in results else "not judged (stopped early)")
        hidden = index in game.annotations.hidden_exchanges
        moves.append(MoveReview(index, turn.player, describe_move(turn, hidden=hidden),
                                turn.score,
                                racks[index], tuple(totals[index]), results.get(index),
                                reason if index not in results else "",
                                unlisted_words(turn, game.words)))
    return GameReview(game.names, moves, method, game.final_scores())


# --- JSON -----------------------------------------------------------------------------------
def _option_json(option: Any) -> dict[str, Any]:
    return {"kind": option.kind, "move": option.notation, "score": option.score,
            "equity": round(option.equity, 2), "leave": option.leave, "win": option.win}


def _move_json(move: MoveReview) -> dict[str, Any]:
    entry: dict[str, Any] = {"number": move.index + 1, "player": move.player,
                             "move": move.move, "score": move.score, "rack": move.rack,
                             "totals": list(move.totals), "unlisted": list(move.unlisted)}
    if move.analysis is None:
        entry["skipped"] = move.skipped
        return entry
    entry.update(played=_option_json(move.analysis.played),
                 best=[_option_json(o) for o in move.analysis.options],
                 lost=round(move.lost, 2), mistake=move.size, rank=move.analysis.rank())
    return entry


def _summary_json(summary: PlayerSummary) -> dict[str, Any]:
    def pick(move: MoveReview | None) -> dict[str, Any] | None:
        if move is None or move.analysis is None:
            return None
        return {"number": move.index + 1, "move": move.move, "lost": round(move.lost, 2),
                "equity": round(move.analysis.played.equity, 2)}

    return {"name": summary.name, "judged": summary.judged,
            "equity_lost": round(summary.equity_lost, 2),
            "mean_equity_lost": round(summary.mean_lost, 2), "mistakes": summary.mistakes,
            "best": pick(summary.best), "worst": pick(summary.worst)}
