"""Computer-against-computer games in batch: WordsWorth's -Q and -S (seed 001, section 3).

:func:`play_game` plays one game to the end with the real game engine; :func:`referee`
checks a finished game independently of the players and of the game's own bookkeeping
(every play again through :func:`~wordstudio.crossword.rules.analyse_play` on a board of
its own, every word in the lexicon, every score re-added from the history);
:func:`run_match` plays a series, the seats taking turns to start, and sums it up.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from wordstudio.control import NULL_CONTROL, DeadlineControl
from wordstudio.crossword.actions import Challenge, PickUpBlank, Play, Turn
from wordstudio.crossword.board import Board
from wordstudio.crossword.game import Game, GameSettings, GameSetup, PlayerSpec, WordCheck
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.players import parallel
from wordstudio.crossword.players.base import Decision
from wordstudio.crossword.players.computer import choose_action, should_challenge
from wordstudio.crossword.players.whami import WHAMI_LEVELS, WhamiLevel, search_whami
from wordstudio.crossword.position import Position
from wordstudio.crossword.rules import IllegalMove, analyse_play
from wordstudio.crossword.tiles import Rack
from wordstudio.errors import UserError
from wordstudio.lexicon.catalog import load_lexicon

#: A player's brain: (position, seat) -> decision.  The default asks choose_action.
Chooser = Callable[[Position, int], Decision]
TurnHook = Callable[[Game, Turn], None]


class SelfPlayError(UserError):
    """A self-play game went wrong: an illegal move, a wrong score, a game that never ends."""


@dataclass
class PlayedGame:
    """A finished game and what each seat spent thinking."""

    game: Game
    seconds: list[float]
    decisions: list[int]


def play_game(config: GameConfig, seats: Sequence[PlayerSpec], seed: int, *,
              lexicon: str | None = None, words: Container[str] | None = None,
              settings: GameSettings | None = None, chooser: Chooser | None = None,
              on_turn: TurnHook | None = None, verify: bool = False) -> PlayedGame:
    """Play one game between computer seats (in playing order) to the end."""
    setup = GameSetup.create(config, seats, seed=seed, settings=settings, lexicon=lexicon)
    if words is None:
        words = load_lexicon(setup.lexicon)
    game = Game(setup, words)
    choose = chooser or (lambda position, seat: choose_action(position, seats[seat]))
    seconds = [0.0] * len(seats)
    decisions = [0] * len(seats)
    # Generous: every tile played one at a time, with a pass between, plus room for swaps.
    limit = 4 * (config.tiles.total_tiles + config.rows * config.columns) + 50
    while not game.over:
        if len(game.history) > limit:
            raise SelfPlayError(f"game {seed} did not end after {limit} turns")
        seat = game.current
        if setup.settings.word_check == WordCheck.CHALLENGE and should_challenge(game):
            _take(game, Challenge(), on_turn)
            continue
        started = time.perf_counter()
        decision = choose(game.position(), seat)
        seconds[seat] += time.perf_counter() - started
        decisions[seat] += 1
        for action in decision.actions:
            if game.over:
                break
            _take(game, action, on_turn)
    if verify:
        referee(game, words)
    return PlayedGame(game, seconds, decisions)


def _take(game: Game, action: Any, on_turn: TurnHook | None) -> None:
    try:
        turn = game.act(action)
    except IllegalMove as exc:
        raise SelfPlayError(
            f"game {game.setup.seed}, turn {len(game.history) + 1}: the computer chose an "
            f"illegal action {action!r}: {exc.reason}") from None
    if on_turn is not None:
        on_turn(game, turn)


def referee(game: Game, words: Container[str]) -> None:
    """Check a game from its history alone; raise SelfPlayError at the first problem."""
    board = Board(game.config)
    if game.config.starting_board:
        board.set_rows(game.config.starting_board)
    totals = [0] * len(game.players)
    for number, turn in enumerate(game.history, start=1):
        where = f"game {game.setup.seed}, turn {number} ({turn.describe(game.names)})"
        action = turn.action
        if isinstance(action, Play) and not turn.withdrawn:
            rack = Rack(turn.rack_before) if game.config.rack_size else None
            try:
                analysis = analyse_play(board, action.placements, rack, words, turn.player)
            except IllegalMove as exc:
                raise SelfPlayError(f"{where}: illegal: {exc.reason}") from None
            if analysis.unknown:
                raise SelfPlayError(f"{where}: not in the lexicon: {', '.join(analysis.unknown)}")
            if analysis.score != turn.score:
                raise SelfPlayError(f"{where}: scored {turn.score}, the rules say {analysis.score}")
            board.place(action.placements, owner=turn.player)
        elif isinstance(action, PickUpBlank):
            board.replace_blank(action.row, action.col, owner=turn.player)
        if not turn.withdrawn:
            totals[turn.player] += turn.score
    for adjustment in game.adjustments:
        totals[adjustment.player] += adjustment.points
    if totals != game.final_scores():
        raise SelfPlayError(f"game {game.setup.seed}: the history adds up to {totals}, "
                            f"the game says {game.final_scores()}")
    if board.cells != game.board.cells:
        raise SelfPlayError(f"game {game.setup.seed}: replaying the history gives another board")


# --- matches ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameOutcome:
    """One game of a match, by entrant (the players as listed, whatever their seat)."""

    seed: int
    order: tuple[int, ...]  # entrant in each seat
    scores: tuple[int, ...]  # final score of each entrant
    winners: tuple[int, ...]  # entrants with the best score
    seconds: tuple[float, ...]
    decisions: tuple[int, ...]
    turns: int
    end_reason: str


@dataclass
class EntrantStats:
    """One entrant's results over a match."""

    name: str
    wins: int = 0
    draws: int = 0
    scores: list[int] = field(default_factory=list)
    seconds: float = 0.0
    decisions: int = 0

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def stdev(self) -> float:
        return statistics.stdev(self.scores) if len(self.scores) > 1 else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.scores) if self.scores else 0.0

    @property
    def mean_error(self) -> float:
        """Standard error of the mean score."""
        return self.stdev / math.sqrt(len(self.scores)) if len(self.scores) > 1 else 0.0

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    def win_rate(self, games: int) -> float:
        """Wins plus half the draws, per game."""
        return (self.wins + self.draws / 2) / games if games else 0.0

    def to_json(self, games: int) -> dict[str, Any]:
        return {"name": self.name, "wins": self.wins, "draws": self.draws,
                "losses": games - self.wins - self.draws,
                "win_rate": round(self.win_rate(games), 4),
                "mean": round(self.mean, 2), "stdev": round(self.stdev, 2),
                "median": self.median, "mean_error": round(self.mean_error, 2),
                "seconds_per_move": round(self.seconds_per_move, 5), "scores": self.scores}


@dataclass
class MatchSummary:
    """A match's results: one :class:`EntrantStats` per player, in the order given."""

    title: str
    entrants: list[EntrantStats]
    games: int = 0
    outcomes: list[GameOutcome] = field(default_factory=list)

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        self.outcomes.append(outcome)
        for entrant, stats in enumerate(self.entrants):
            stats.scores.append(outcome.scores[entrant])
            stats.seconds += outcome.seconds[entrant]
            stats.decisions += outcome.decisions[entrant]
            if entrant in outcome.winners:
                if len(outcome.winners) == 1:
                    stats.wins += 1
                else:
                    stats.draws += 1

    def to_json(self) -> dict[str, Any]:
        return {"config": self.title, "games": self.games,
                "players": [s.to_json(self.games) for s in self.entrants]}


def seating(entrants: int, game_number: int) -> tuple[int, ...]:
    """Who sits where in a match's game ``game_number``: the order rotates each game, so
    each entrant starts equally often."""
    shift = game_number % entrants
    return tuple((shift + seat) % entrants for seat in range(entrants))


def play_match_game(config: GameConfig, specs: Sequence[PlayerSpec], seed: int, game_number: int,
                    lexicon: str | None = None, settings: GameSettings | None = None,
                    verify: bool = False, starter: int | None = None,
                    on_turn: TurnHook | None = None) -> GameOutcome:
    """Game ``game_number`` of a match (seed ``seed + game_number``), by entrant; with a
    ``starter`` that entrant starts (the others after it in turn), whatever the game."""
    order = seating(len(specs), game_number if starter is None else starter)
    seats = [specs[entrant] for entrant in order]
    played = play_game(config, seats, seed + game_number, lexicon=lexicon, settings=settings,
                       verify=verify, on_turn=on_turn)
    game = played.game
    final = game.final_scores()
    by_entrant = [0] * len(specs)
    seconds = [0.0] * len(specs)
    decisions = [0] * len(specs)
    for seat, entrant in enumerate(order):
        by_entrant[entrant] = final[seat]
        seconds[entrant] = played.seconds[seat]
        decisions[entrant] = played.decisions[seat]
    winners = tuple(sorted(order[seat] for seat in game.winners()))
    return GameOutcome(seed + game_number, order, tuple(by_entrant), winners, tuple(seconds),
                       tuple(decisions), len(game.history), game.end_reason)


def _play_in_worker(args: tuple) -> GameOutcome:
    """One match game in a worker: games share the cores, so each move's search keeps
    to its own process."""
    parallel.set_move_workers(1)
    return play_match_game(*args)


def run_match(config: GameConfig, specs: Sequence[PlayerSpec], games: int, seed: int, *,
              lexicon: str | None = None, settings: GameSettings | None = None,
              verify: bool = False, jobs: int = 1, cluster: str | None = None,
              on_turn: TurnHook | None = None,
              on_game: Callable[[GameOutcome, int], None] | None = None,
              first_game: int = 0, starter: int | None = None) -> MatchSummary:
    """Play ``games`` games between ``specs`` and sum them up.  ``on_game(outcome, done)``
    follows progress; ``jobs`` > 1 plays games in that many processes (0: one per core),
    ``cluster`` on a Ray cluster (not with ``on_turn``, which must see each game as it
    is played).  Game ``n`` always has seed ``seed + n`` and games are summed in order,
    so the summary is the same however many workers played it.  ``first_game`` skips
    the games before it (a resumed run).  ``starter`` makes that entrant start every game
    (WordsWorth's -B0/-B1: one side always starts) instead of each in turn."""
    if len({s.name for s in specs}) != len(specs):
        specs = [replace(s, name=f"{s.name} {i + 1}") for i, s in enumerate(specs)]
    summary = MatchSummary(config.title or "game", [EntrantStats(s.name) for s in specs])
    # Made as the workers take them: a list of every game's task, made first, took
    # gigabytes for ``--games 1000000000000`` before one game was played.
    tasks = ((config, tuple(specs), seed, n, lexicon, settings, verify, starter)
             for n in range(first_game, games))
    if on_turn is None and (cluster or jobs != 1) and games - first_game > 1:
        results = parallel.map_tasks(_play_in_worker, tasks, jobs, cluster)
    else:
        results = (play_match_game(*task, on_turn=on_turn) for task in tasks)
    for outcome in results:
        summary.add(outcome)
        if on_game is not None:
            on_game(outcome, summary.games)
    return summary


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate ``score / games`` (draws count half)."""
    if games <= 0:
        return 0.0, 1.0
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


# --- WORDwhami batches ----------------------------------------------------------------------------
def play_whami_game(config: GameConfig, levels: Sequence[WhamiLevel], seed: int, *,
                    seconds: float = 0.0, lexicon: str | None = None,
                    words: Container[str] | None = None, verify: bool = True,
                    on_turn: Callable[[Game, Turn], None] | None = None) -> PlayedGame:
    """One game between computer players of ``levels`` (in playing order) to its end:
    nobody can move (every player exchanged or passed in turn), or the bag is empty and
    a player is out.  With ``verify`` the finished game is refereed from its history
    alone (:func:`referee`: every play re-checked by the rules on a board of
    the referee's own, every word looked up, every score re-added).  ``seconds`` > 0
    caps each move's search below its level's budget (quick batches); levels with no
    budget (``seconds`` 0) play the same game every time for a seed."""
    seats = [PlayerSpec(f"level{level.level} ({n + 1})", computer=True,
                        level=level.level if level.level in WHAMI_LEVELS else 8)
             for n, level in enumerate(levels)]

    def choose(position: Position, seat: int) -> Decision:
        control = DeadlineControl(seconds) if seconds > 0 else NULL_CONTROL
        return search_whami(position, levels[seat], control)

    return play_game(config, seats, seed, lexicon=lexicon, words=words, chooser=choose,
                              on_turn=on_turn, verify=verify)
