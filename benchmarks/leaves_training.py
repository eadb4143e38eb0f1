#!/usr/bin/env python3
"""Do leaves learnt for a non-standard game beat the heuristic leaves there?

    python benchmarks/leaves_training.py [--config diamond.cfg] [--train-games 1000]
                                         [--games 400] [--workers 2] [--seed 60000]
                                         [--out results/leaves-diamond.jsonl]

First trains the game's leave table (``wordstudio leaves train``: resumable, kept in the
user's data folder) with ``--train-games`` games, then plays ``--games`` games of level 8
with the trained table against level 8 with the heuristic leaves (the game's letter
weights and rules of thumb), seats alternating, game n with seed ``seed + n``.  Every
finished game is appended to ``--out``; the same command goes on from there.  Prints the
trained player's win rate with its 95% interval and the mean spread.  Target (issue 14):
>= 55 % over >= 400 games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import Results, match_line  # noqa: E402
from leaves_versus import level8_game  # noqa: E402

from wordstudio.crossword.config.cli import find_config_file  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.players import parallel  # noqa: E402
from wordstudio.crossword.players.leaves import HeuristicLeaves, LeaveTable  # noqa: E402
from wordstudio.crossword.players.leavetrain import train  # noqa: E402


def play(task: tuple) -> dict:
    """One game (a worker task): entrant 0 plays with the trained table."""
    config, table_json, seed, number = task
    leaves = [LeaveTable.from_json(table_json), HeuristicLeaves(config)]
    return level8_game(config, None, leaves, seed, number)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", default="diamond.cfg")
    parser.add_argument("--train-games", type=int, default=1000)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--seed", type=int, default=60_000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)

    config = load_config(find_config_file(args.config))
    started = time.perf_counter()

    def on_game(done: int, total: int) -> None:
        if done % 20 == 0 or done == total:
            print(f"training: {done}/{total} games, "
                  f"{time.perf_counter() - started:.0f} s", flush=True)

    table, state = train(config, args.train_games, seed=1, workers=args.workers,
                         on_game=on_game)
    print(f"{config.title}: table from {state.played} games ({len(state.samples)} leaves); "
          f"match of {args.games} games, {parallel.Workers(args.workers).describe()}",
          flush=True)
    results = Results(args.out, "seed")
    table_json = table.to_json()
    tasks = [(config, table_json, args.seed, n) for n in range(args.games)
             if not results.done(args.seed + n)]
    wanted = [args.seed + n for n in range(args.games)]
    name = "level 8 trained v level 8 heuristic"
    for row in parallel.map_tasks(play, tasks, args.workers):
        results.add(row)
        print(f"game {row['seed']}: {row['scores'][0]} v {row['scores'][1]}; "
              f"{match_line(name, results.values(wanted))}", flush=True)
    print(match_line(name, results.values(wanted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
