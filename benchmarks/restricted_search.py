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
WordStudio's, not WordsWorth's: the benchmark also applies the same stopping rule to the
moves in the order WordsWorth's generator found them (Appel and Jacobson's, the CACM
article it was inspired by: across moves row by row, then down moves column by column,
each line's anchors from the left), and prints how many moves in a position score at
least RestrictedSearchMin, and what playing the very first move found keeps (the least
any setting can keep).  ``--grid`` prints the share kept for a table of Min/Count pairs.
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
from wordstudio.crossword.movegen import EXISTING_FLAG, RawMove  # noqa: E402
from wordstudio.crossword.players.computer import decide, move_finder  # noqa: E402
from wordstudio.crossword.players.knobs import GREEDY_STYLE  # noqa: E402
from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402
from wordstudio.paths import boards_dir  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--config", default="wordsworth.cfg")
    parser.add_argument("--min", type=int, default=5, dest="at_least")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--grid", action="store_true",
                        help="also the share kept for Min 1-8 and Count 1-40")
    args = parser.parse_args()
    config = load_config(boards_dir() / args.config)
    restricted = replace(GREEDY_STYLE, name="restricted", strategy=replace(
        GREEDY_STYLE.strategy, restricted_search_min=args.at_least,
        restricted_search_count=args.count))
    best_scores: list[int] = []
    cut_scores: list[int] = []
    stages: dict[str, tuple[list[int], list[int]]] = {s: ([], []) for s in ("early", "late")}
    #: Every position's raw moves, in the generator's order (the scores the rule reads).
    positions: list[list[RawMove]] = []
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
            positions.append(list(move_finder(position).raw_moves(
                position.board(), position.rack, position.player)))
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
    qualifying = [sum(1 for move in moves if move[4] >= args.at_least) for moves in positions]
    print(f"moves scoring {args.at_least} or more per position: median "
          f"{statistics.median(qualifying):g}, mean {statistics.mean(qualifying):.1f}; the "
          f"search stops early in {sum(q >= args.count for q in qualifying)} of {len(qualifying)}")
    wordsworth = [sorted(moves, key=wordsworth_order) for moves in positions]
    print(f"the same rule on the moves in WordsWorth's order: "
          f"{kept(wordsworth, args.at_least, args.count):.0%}")
    print(f"the first move found (the least any setting keeps): "
          f"{kept(positions, 1, 1):.0%} (WordsWorth's order {kept(wordsworth, 1, 1):.0%})")
    if args.grid:
        counts = (1, 2, 3, 5, 10, 20, 40)
        print("share kept: RestrictedSearchMin down, RestrictedSearchCount across")
        print("     " + " ".join(f"{c:>4}" for c in counts))
        for at_least in (1, 2, 3, 4, 5, 6, 8):
            print(f"{at_least:>4} " + " ".join(f"{kept(positions, at_least, c):4.0%}"
                                               for c in counts))
    print(f"({seconds:.1f} s)")
    return 0


def kept(positions: list[list[RawMove]], at_least: int, count: int) -> float:
    """The share of the best scores kept by note 4's rule applied to each position's
    moves in the order given (the best score found once ``count`` moves scored at least
    ``at_least``)."""
    total = best = 0
    for moves in positions:
        found = counted = 0
        for move in moves:
            found = max(found, move[4])
            if move[4] >= at_least:
                counted += 1
                if counted >= count:
                    break
        total += found
        best += max(move[4] for move in moves)
    return total / max(1, best)


def wordsworth_order(move: RawMove) -> tuple:
    """Where Appel and Jacobson's generator (WordsWorth's) finds a move: across moves
    before down moves, lines in order, and along the line from the move's first new
    tile (its anchor); then the word."""
    direction, line, start, word, _score = move
    first_new = next((start + i for i, code in enumerate(word) if not code & EXISTING_FLAG),
                     start)
    return direction, line, first_new, word


if __name__ == "__main__":
    sys.exit(main())
