#!/usr/bin/env python3
"""How strong are the Word For Word computer players?  Prints win rates with error bars.

    python benchmarks/wordforword_strength.py [--games N] [--length 4]
                                              [--lexicon en-US-common] [--jobs 2]

Each pairing plays N two-player games: N/2 deals, each played twice with the players'
seats swapped, so neither side gains from the order of play or a lucky puzzle.  A side's
score is (wins + draws/2) / games, shown with a 95% confidence interval (Wilson score
interval on the score).  A difference is clear when the interval lies wholly above 50%.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402
from wordstudio.wordforword.moves import GameSetup, PlayerSpec  # noqa: E402
from wordstudio.wordforword.players import play_out  # noqa: E402
from wordstudio.wordforword.rules import Game  # noqa: E402

PAIRINGS = (("Expert", "Novice"), ("Club", "Novice"), ("Expert", "Club"))
_WORDS: tuple[str, ...] = ()


def _load(lexicon: str, length: int) -> None:
    global _WORDS
    _WORDS = tuple(load_lexicon(lexicon).of_length(length))


def play_pair(first: str, second: str, length: int, seed: int) -> tuple[float, int, float]:
    """Play one deal twice (seats swapped); return (first's score, turns, seconds)."""
    score, turns = 0.0, 0
    start = time.perf_counter()
    for names in ((first, second), (second, first)):
        players = tuple(PlayerSpec(f"{name} {i}", name) for i, name in enumerate(names))
        game = play_out(Game(GameSetup(players=players, length=length, seed=seed,
                                       study_seconds=0), _WORDS), seed)
        turns += len(game.turns)
        if game.drawn:
            score += 0.5
        elif game.winner is not None and game.seats[game.winner].spec.computer == first:
            score += 1.0
    return score, turns, time.perf_counter() - start


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval for a proportion ``score / games``."""
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing (even)")
    parser.add_argument("--length", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--lexicon", default="en-US-common")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed")
    args = parser.parse_args()
    deals = max(1, args.games // 2)
    print(f"Word For Word strength: {deals * 2} games per pairing, {args.length}-letter "
          f"words from {args.lexicon}, seats swapped on every deal")
    with ProcessPoolExecutor(args.jobs, initializer=_load,
                             initargs=(args.lexicon, args.length)) as pool:
        for first, second in PAIRINGS:
            seeds = range(args.seed, args.seed + deals)
            results = list(pool.map(play_pair, [first] * deals, [second] * deals,
                                    [args.length] * deals, seeds))
            score = sum(r[0] for r in results)
            games = 2 * deals
            low, high = wilson(score, games)
            turns = sum(r[1] for r in results)
            seconds = sum(r[2] for r in results)
            print(f"{first:>6} vs {second:<6}: {first} scores {score:6.1f}/{games} = "
                  f"{100 * score / games:5.1f}%  (95% CI {100 * low:5.1f}-{100 * high:5.1f}%)"
                  f"  {turns / games:4.1f} turns/game, {1000 * seconds / turns:5.1f} ms/turn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
