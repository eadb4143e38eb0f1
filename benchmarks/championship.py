#!/usr/bin/env python3
"""How strong is the Championship player?  Win rate against level 8 (or any player).

    python benchmarks/championship.py [--games 400] [--seconds 5] [--opponent level8]
                                      [--workers 2] [--seed 40000] [--config scrabble.cfg]
                                      [--out results/championship-level8.jsonl]

Plays ``--games`` two-player games of the Championship player (``championship:SECONDS``)
against ``--opponent`` (``level8``, ``greedy`` = the plain highest score, any SPEC of
``wordstudio selfplay``), seats alternating, game n with seed ``seed + n``, ``--workers``
games at once (each move's simulation then stays in its game's process).  Every finished
game is appended to ``--out``; running the same command again goes on from there.  Prints
a line per game and the win rate (draws half) with its 95% Wilson interval and the mean
spread with a 95% error bar.  Targets (issue 14): >= 58 % v level 8 over >= 400 games at
the default 5 s (stretch 62 %), >= 75 % v greedy.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import Results, match_line  # noqa: E402

from wordstudio.crossword.config.cli import find_config_file  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.players import parallel  # noqa: E402
from wordstudio.crossword.players.levels import parse_player_spec  # noqa: E402
from wordstudio.crossword.players.selfplay import play_match_game  # noqa: E402


def play(task: tuple) -> dict:
    """One game (a worker task): entrant 0 is the Championship player."""
    config, specs, seed, number = task
    parallel.set_move_workers(1)
    started = time.perf_counter()
    outcome = play_match_game(config, specs, seed, number)
    return {"seed": outcome.seed, "order": list(outcome.order), "scores": list(outcome.scores),
            "spread": outcome.scores[0] - outcome.scores[1], "turns": outcome.turns,
            "seconds": round(time.perf_counter() - started, 1),
            "seconds_per_move": [round(s / max(1, d), 3) for s, d in
                                 zip(outcome.seconds, outcome.decisions, strict=True)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=5.0, help="thinking time a move")
    parser.add_argument("--opponent", default="level8")
    parser.add_argument("--workers", type=int, default=0, help="games at once (0: every core)")
    parser.add_argument("--seed", type=int, default=40_000)
    parser.add_argument("--config", default="scrabble.cfg")
    parser.add_argument("--out", type=Path, help="results file (JSON lines) to resume from")
    args = parser.parse_args(argv)

    config = load_config(find_config_file(args.config))
    specs = (parse_player_spec(f"championship:{args.seconds:g}"),
             parse_player_spec(args.opponent))
    results = Results(args.out, "seed")
    tasks = [(config, specs, args.seed, n) for n in range(args.games)
             if not results.done(args.seed + n)]
    name = f"championship:{args.seconds:g} v {args.opponent}"
    print(f"{config.title}: {name}, {args.games} games ({args.games - len(tasks)} already "
          f"played), {parallel.Workers(args.workers).describe()}", flush=True)
    started = time.perf_counter()
    wanted = [args.seed + n for n in range(args.games)]
    for count, row in enumerate(parallel.map_tasks(play, tasks, args.workers), start=1):
        results.add(row)
        rate = count / (time.perf_counter() - started)
        print(f"game {row['seed']}: {row['scores'][0]} v {row['scores'][1]} "
              f"({row['seconds_per_move'][0]:.2f} s/move); {rate * 3600:.0f} games/h; "
              f"{match_line(name, results.values(wanted))}", flush=True)
    print(match_line(name, results.values(wanted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
