"""``python -m tests.drills``: kill each game at random moments and count what was lost.

    python -m tests.drills                  # 13 kills of each of the four games
    python -m tests.drills --kills 3 --game wordwar

Prints a table (kills, moves saved before the kills, moves lost, resumptions from the
previous copy, orphan temporary files, games played to the end) and exits with status 1
if any move was lost, any temporary file was left or anything went wrong.
"""

from __future__ import annotations

import argparse
import sys

from tests.drills.child import GAMES
from tests.drills.drill import run_drill


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.drills", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=13, help="kills per game (default 13)")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="drill only this game (repeatable; default: all four)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = []
    for game in args.game or GAMES:
        result = run_drill(game, args.kills, seed=args.seed)
        results.append(result)
        print(f"  {game}: {result.kills} kills, {result.moves_lost} moves lost "
              f"({result.seconds:.0f} s)", file=sys.stderr, flush=True)
    print("| game | kills | moves saved before the kills | moves lost | resumed from the "
          "previous copy | orphan temporary files | games finished | time |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in results:
        print(f"| {r.game} | {r.kills} | {r.moves_saved} | {r.moves_lost} | {r.from_previous} "
              f"| {len(r.orphans)} | {r.games_finished} | {r.seconds:.0f} s |")
    total = sum(r.kills for r in results)
    lost = sum(r.moves_lost for r in results)
    print(f"\n{total} kills, {lost} moves lost, "
          f"{sum(len(r.orphans) for r in results)} temporary files left")
    problems = [f"{r.game}: {p}" for r in results for p in r.problems]
    problems += [f"{r.game}: orphan {o}" for r in results for o in r.orphans]
    for problem in problems:
        print(problem)
    return 1 if problems or lost else 0


if __name__ == "__main__":
    sys.exit(main())
