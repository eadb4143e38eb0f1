"""How much WordsWorth's restricted search costs a computer player (seed 001, note 4).

    python benchmarks/restricted_search.py [--games N] [--config NAME] [--min 5 --count 40]

Note 4: "As it searches, WW counts the number of moves it finds that have a score of at
least <RestrictedSearchMin>. Once it has found <RestrictedSearchCount> of these, it plays
the best move it has found thus far ... Values of 5 and 40 respectively tends to cut WW's
score to about 40% of the maximum."

Plays ``--games`` games between two plain score-maximising players (seeded), and in every
position also asks a player with the restricted search what it would play.  Prints the
restricted player's mean score per move as a share of the best score per move, over all
positions and by stage of the game, and how often the restricted search cut the search
short.  The figure depends on the order in which the move generator finds moves, which is
WordStudio's, not WordsWorth's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.crossword.actions import Play  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec  # noqa: E402
from wordstudio.crossword.players.computer import decide  # noqa: E402
from wordstudio.crossword.players.knobs import GREEDY_STYLE  # noqa: E402
from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402
from wordstudio.paths import boards_dir  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--config", default="wordsworth.cfg")
    parser.add_argument("--min", type=int, default=5, dest="at_least")
    parser.add_argument("--count", type=int, default=40)
    args = parser.parse_args()
    config = load_config(boards_dir() / args.config)
    restricted = replace(GREEDY_STYLE, name="restricted", strategy=replace(
        GREEDY_STYLE.strategy, restricted_search_min=args.at_least,
        restricted_search_count=args.count))
    best_scores: list[int] = []
    cut_scores: list[int] = []
    stages: dict[str, tuple[list[int], list[int]]] = {s: ([], []) for s in ("early", "late")}
    started = time.perf_counter()
    for seed in range(args.games):
        seats = [PlayerSpec("one", computer=True), PlayerSpec("two", computer=True)]
        setup = GameSetup.create(config, seats, seed=seed)
        game = Game(setup, load_lexicon(setup.lexicon))
        while not game.over and game.ply < 200:
            position = game.position()
            best = decide(position, GREEDY_STYLE)
            if not isinstance(best.action, Play):
                game.act(best.action)
                continue
            cut = decide(position, restricted)
            best_score = best.candidates[0].score
            cut_score = next((c.score for c in cut.candidates
                              if isinstance(cut.action, Play) and c.move.placed == cut.action.placements), 0)
            best_scores.append(best_score)
            cut_scores.append(cut_score)
            stage = stages["early" if len(position.unseen) > 40 else "late"]
            stage[0].append(best_score)
            stage[1].append(cut_score)
            game.act(best.action)
    seconds = time.perf_counter() - started
    share = sum(cut_scores) / max(1, sum(best_scores))
    print(f"{args.config}: {args.games} games, {len(best_scores)} positions, "
          f"RestrictedSearchMin {args.at_least}, RestrictedSearchCount {args.count}")
    print(f"best score per move      mean {statistics.mean(best_scores):.1f}")
    print(f"restricted score per move mean {statistics.mean(cut_scores):.1f}")
    print(f"restricted / best: {share:.0%} (the manual: about 40%)")
    for name, (best_list, cut_list) in stages.items():
        if best_list:
            print(f"  {name:5} positions {len(best_list):4}: "
                  f"{sum(cut_list) / max(1, sum(best_list)):.0%}")
    print(f"({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
