#!/usr/bin/env python3
"""How strong is each skill level?  Mean scores with error bars, and level 8 v greedy.

    python benchmarks/strength.py [--games 200] [--versus greedy] [--levels 1-8]
                                  [--duel-games 1000] [--config scrabble.cfg] [--jobs 2]

Part 1 plays each level ``--games`` two-player games against one fixed opponent
(``--versus``, default ``greedy``: the plain highest score), seats alternating, and
prints the level's mean score with its 95% error bar (1.96 standard errors), median and
spread, the opponent's mean, and the level's win rate.  Seed 004 says level 1 should
average about 200 and level 8 over 400.

Part 2 plays level 8 against ``greedy`` ``--duel-games`` times and prints the win rate
(draws count half) with its 95% Wilson interval; the target is at least 60 %.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.crossword.config.cli import find_config_file  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.players.levels import parse_player_spec  # noqa: E402
from wordstudio.crossword.players.selfplay import MatchSummary, run_match  # noqa: E402


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval for a proportion ``score / games``."""
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def level_range(text: str) -> list[int]:
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",")]


def summarise(summary: MatchSummary, seconds: float) -> dict:
    player, opponent = summary.entrants
    games = summary.games
    won = player.wins + player.draws / 2
    low, high = wilson(won, games)
    return {"player": player.name, "opponent": opponent.name, "games": games,
            "mean": round(player.mean, 1), "error95": round(1.96 * player.mean_error, 1),
            "median": player.median, "stdev": round(player.stdev, 1),
            "opponent_mean": round(opponent.mean, 1),
            "win_rate": round(won / games, 3), "win_low": round(low, 3),
            "win_high": round(high, 3), "ms_per_move": round(1000 * player.seconds_per_move, 2),
            "seconds": round(seconds, 1)}


def line(row: dict) -> str:
    return (f"{row['player']:<8} v {row['opponent']:<8} {row['games']:>5}  "
            f"{row['mean']:>6.1f} +-{row['error95']:>4.1f}  {row['median']:>6.1f} "
            f"{row['stdev']:>6.1f}  {row['opponent_mean']:>6.1f}  "
            f"{100 * row['win_rate']:>5.1f}% [{100 * row['win_low']:.1f}-"
            f"{100 * row['win_high']:.1f}]  {row['ms_per_move']:>6.2f}")


HEADER = (f"{'player':<8}   {'opponent':<8} {'games':>5}  {'mean':>6} {'+-95%':>6}  "
          f"{'median':>6} {'stdev':>6}  {'opp.':>6}  {'wins':>6} [95% interval]   ms/move")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", default="scrabble.cfg")
    parser.add_argument("--games", type=int, default=200, help="games per level (default 200)")
    parser.add_argument("--versus", default="level4", help="the fixed opponent (default level4)")
    parser.add_argument("--levels", type=level_range, default=list(range(1, 9)),
                        help="levels to measure, e.g. 1-8 or 1,4,8 (default 1-8)")
    parser.add_argument("--duel-games", type=int, default=1000,
                        help="games of level 8 v greedy (default 1000; 0 to skip)")
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)

    config = load_config(find_config_file(args.config))
    rows = []
    if not args.json:
        print(f"{config.title}: each level v {args.versus}, {args.games} games each")
        print(HEADER)
    opponent = parse_player_spec(args.versus)
    for level in args.levels:
        started = time.perf_counter()
        summary = run_match(config, [parse_player_spec(f"level{level}"), opponent],
                            args.games, args.seed + 1000 * level, jobs=args.jobs)
        rows.append(summarise(summary, time.perf_counter() - started))
        if not args.json:
            print(line(rows[-1]), flush=True)
    duel = None
    if args.duel_games:
        started = time.perf_counter()
        summary = run_match(config, [parse_player_spec("level8"), parse_player_spec("greedy")],
                            args.duel_games, args.seed + 100_000, jobs=args.jobs)
        duel = summarise(summary, time.perf_counter() - started)
        if not args.json:
            print(f"\nlevel 8 v greedy, {args.duel_games} games: level 8 wins "
                  f"{100 * duel['win_rate']:.1f}% (95% interval {100 * duel['win_low']:.1f}-"
                  f"{100 * duel['win_high']:.1f}%), mean {duel['mean']} v "
                  f"{duel['opponent_mean']}")
    if args.json:
        print(json.dumps({"config": config.title, "levels": rows, "duel": duel}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
