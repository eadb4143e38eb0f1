"""``wordstudio selfplay``: computer players against each other in batch (WordsWorth -Q/-S).

    wordstudio selfplay --config scrabble.cfg --games 100 --seed 1 \\
        --player level8 --player greedy [--json] [--watch] [--jobs 2] [--check]

A ``--player`` is ``level1``..``level8``, ``greedy``, ``control`` (WordsWorth's control
player: the config's ``ControlStrategy``) or a knob file.  Seats take turns to start.  A
progress bar goes to the terminal (standard error, only when it is one); then wins,
draws, the mean, median and spread (standard deviation) of each player's scores and the
mean time per move.  ``--watch`` prints every move as it is played (WordsWorth -S);
``--check`` referees every game independently (each play re-checked, scores re-added).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from wordstudio.crossword.actions import Turn
from wordstudio.crossword.config.cli import find_config_file
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game
from wordstudio.crossword.players.levels import parse_player_spec
from wordstudio.crossword.players.selfplay import GameOutcome, MatchSummary, run_match
from wordstudio.errors import UserError
from wordstudio.lexicon.catalog import load_lexicon, resolve_lexicon
from wordstudio.paths import lexicons_dir

DEFAULT_CONFIG = "scrabble.cfg"
BAR_WIDTH = 30


class SelfPlayUsage(UserError):
    """Arguments that make no match (too few players, no games)."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "selfplay", help="computer players against each other in batch (WordsWorth -Q, -S)",
        description="Play computer players against each other and sum up the results.")
    parser.add_argument("--config", default=DEFAULT_CONFIG,
                        help="game configuration: a file or a shipped board name "
                             f"(default: {DEFAULT_CONFIG})")
    parser.add_argument("--games", type=int, default=10, help="how many games (default: 10)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the first game; game n uses seed + n (default: 1)")
    parser.add_argument("--player", action="append", default=[], metavar="SPEC",
                        help="level1..level8, greedy, control or a knob file; give 2-4")
    parser.add_argument("--lexicon", help="word list: a shipped name or a file "
                                          "(default: the config's)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--watch", action="store_true", help="print every move (WordsWorth -S)")
    parser.add_argument("--check", action="store_true",
                        help="referee every game: re-check each play and re-add the scores")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once in separate processes (default: 1)")
    parser.set_defaults(func=run_selfplay)


def run_selfplay(args: argparse.Namespace, out: TextIO | None = None,
                 err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    if args.games < 1:
        raise SelfPlayUsage(f"--games must be at least 1, not {args.games}")
    if not 2 <= len(args.player) <= 4:
        raise SelfPlayUsage(f"give two to four --player options, not {len(args.player)}")
    path = find_config_file(args.config)
    config = load_config(path)
    specs = [parse_player_spec(text) for text in args.player]
    lexicon = _lexicon(args.lexicon or config.dictionary, path)
    progress = _Progress(args.games, err) if err.isatty() and not args.watch else None
    on_turn = _watcher(out) if args.watch else None

    def on_game(outcome: GameOutcome, done: int) -> None:
        if args.watch:
            names = [specs[e].name for e in outcome.order]
            scores = ", ".join(f"{specs[e].name} {outcome.scores[e]}" for e in outcome.order)
            print(f"== game {done} (seed {outcome.seed}, {' v '.join(names)}): {scores}; "
                  f"{outcome.end_reason}", file=out)
        if progress is not None:
            progress.update(done)

    started = time.perf_counter()
    summary = run_match(config, specs, args.games, args.seed, lexicon=lexicon,
                        verify=args.check, jobs=1 if args.watch else max(1, args.jobs),
                        on_turn=on_turn, on_game=on_game)
    if progress is not None:
        progress.finish()
    if args.json:
        data = summary.to_json()
        data["seconds"] = round(time.perf_counter() - started, 2)
        data["seed"] = args.seed
        print(json.dumps(data), file=out)
    else:
        print(report(summary, time.perf_counter() - started), file=out)
    return 0


def _lexicon(name: str, config_path: Path) -> str:
    """The lexicon to play with: a shipped name as it is, a file as a path the players
    can open wherever they run (a relative one is looked for beside the config too).
    Loading it now makes a bad lexicon fail before any game."""
    resolved = resolve_lexicon(name, relative_to=config_path.parent)
    load_lexicon(resolved)
    return name if resolved.parent == lexicons_dir() else str(resolved)


def _watcher(out: TextIO) -> Callable[[Game, Turn], None]:
    def on_turn(game: Game, turn: Turn) -> None:
        scores = " ".join(str(s) for s in game.scores)
        print(f"{len(game.history):3d}. {turn.describe(game.names)}   [{scores}]", file=out)
    return on_turn


def report(summary: MatchSummary, seconds: float) -> str:
    """The results as a table: one line per player."""
    games = summary.games
    width = max(6, *(len(s.name) for s in summary.entrants))
    lines = [f"{summary.title}: {games} game{'s' if games != 1 else ''} in {seconds:.1f} s",
             f"{'player':<{width}}  {'wins':>5} {'draws':>5} {'win %':>6}  {'mean':>7} "
             f"{'+-':>5} {'median':>7} {'stdev':>6}  {'ms/move':>8}"]
    for s in summary.entrants:
        lines.append(
            f"{s.name:<{width}}  {s.wins:>5} {s.draws:>5} {100 * s.win_rate(games):>5.1f}%  "
            f"{s.mean:>7.1f} {s.mean_error:>5.1f} {s.median:>7.1f} {s.stdev:>6.1f}  "
            f"{1000 * s.seconds_per_move:>8.2f}")
    return "\n".join(lines)


class _Progress:
    """A one-line progress bar on a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.update(0)

    def update(self, done: int) -> None:
        filled = BAR_WIDTH * done // self.total
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games")
        self.stream.flush()

    def finish(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
