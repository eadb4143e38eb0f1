"""WORDwhami: time to the computer's move on mid-game 30x30 positions, and how strong it is.

    python benchmarks/wordwhami.py [--games 6] [--plies 10 20] [--budget 1.0] [--long 10]
                                   [--levels]

Positions: seeded self-play games between deterministic players (no time budget, so the
same boards every run) give the boards after ``--plies`` turns of each of ``--games``
games; each board gets three seeded 12-tile racks drawn from the tiles its player
cannot see, with 0, 1 and 2 wilds.

For each rack kind it prints the median and 90th percentile of the wall-clock and CPU
seconds (``time.process_time``: less disturbed by other work on a shared machine) the
computer takes to move with a ``--budget`` second search (level 8's), and the mean
score; then the same positions searched for ``--long`` seconds (0: to the end), how
many of those long searches finished (searched every play), and the ratio of the
short search's score to the long one's.  ``--levels`` adds a table of levels 1-8: mean
score and time per move on the same positions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.control import NULL_CONTROL  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec  # noqa: E402
from wordstudio.crossword.gameconfig import GameConfig  # noqa: E402
from wordstudio.crossword.moves import is_compiled  # noqa: E402
from wordstudio.crossword.players.knobs import Vocabulary  # noqa: E402
from wordstudio.crossword.players.whami import (  # noqa: E402
    WHAMI_LEVELS,
    WhamiLevel,
    WhamiSearch,
    search_whami,
)
from wordstudio.crossword.position import Position  # noqa: E402
from wordstudio.crossword.rules import analyse_play  # noqa: E402
from wordstudio.crossword.tiles import BLANK, Rack  # noqa: E402
from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402
from wordstudio.paths import boards_dir  # noqa: E402

#: The players that build the positions: every plain play searched, the wild at the
#: 40 most promising places, no clock - the same games every run.
BUILDER = WhamiLevel(0, Vocabulary.FULL, 0.0, 0, 40)


@dataclass
class Result:
    wilds: int
    wall: float
    cpu: float
    score: int
    long_score: int = 0
    long_wall: float = 0.0
    long_cpu: float = 0.0
    finished: bool = False


def positions(config: GameConfig, games: int, plies: list[int]) -> list[Position]:
    """The boards after ``plies`` turns of seeded deterministic self-play games."""
    words = load_lexicon(config.dictionary)
    found = []
    for seed in range(games):
        seats = [PlayerSpec("one", computer=True), PlayerSpec("two", computer=True)]
        game = Game(GameSetup.create(config, seats, seed=seed), words)
        while game.ply <= max(plies) and not game.over:
            position = game.position()
            if game.ply in plies:
                found.append(position)
            game.act(search_whami(position, BUILDER).action)
    return found


def with_racks(boards: list[Position], seed: int) -> list[Position]:
    """Each board with 12-tile racks holding 0, 1 and 2 wilds (drawn from the tiles the
    player cannot see, seeded)."""
    rng = random.Random(seed)
    out = []
    for position in boards:
        letters = [t for t in position.unseen if t != BLANK]
        for wilds in (0, 1, 2):
            rack = Rack(tuple(rng.sample(letters, 12 - wilds)) + (BLANK,) * wilds)
            out.append(replace(position, rack=rack))
    return out


def timed_search(position: Position, level: WhamiLevel) -> tuple[int, float, float, bool]:
    """(score, wall seconds, CPU seconds, finished) of one search; the play is checked."""
    wall, cpu = time.perf_counter(), time.process_time()
    search = WhamiSearch(position, level, NULL_CONTROL)
    finished = search.run()
    decision = search.decision(20)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if not decision.candidates:
        return 0, wall, cpu, finished
    move = decision.candidates[0].move
    analysis = analyse_play(position.board(), move.placed, position.rack,
                            load_lexicon(position.config.dictionary), position.player)
    assert analysis.score == move.score and not analysis.unknown, move
    return move.score, wall, cpu, finished


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--plies", type=int, nargs="+", default=[10, 20])
    parser.add_argument("--budget", type=float, default=WHAMI_LEVELS[8].seconds)
    parser.add_argument("--long", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--levels", action="store_true")
    args = parser.parse_args()

    config = load_config(boards_dir() / "wordwhami.cfg")
    print(f"move generator: {'compiled' if is_compiled() else 'pure Python'}")
    started = time.perf_counter()
    boards = positions(config, args.games, args.plies)
    tiles = [sum(1 for c in b.cells if c >= 0) for b in boards]
    print(f"{len(boards)} boards in {time.perf_counter() - started:.1f} s "
          f"({min(tiles)}-{max(tiles)} tiles on the board)")
    cases = with_racks(boards, args.seed)
    # Warm up: lexicon, automata, finders.
    search_whami(cases[0], replace(WHAMI_LEVELS[8], seconds=0.05))

    quick = replace(WHAMI_LEVELS[8], seconds=args.budget)
    deep = replace(WHAMI_LEVELS[8], seconds=args.long)
    results = []
    for position in cases:
        score, wall, cpu, _ = timed_search(position, quick)
        long_score, long_wall, long_cpu, finished = timed_search(position, deep)
        results.append(Result(position.rack.blanks, wall, cpu, score, long_score, long_wall,
                              long_cpu, finished))

    print(f"\n{args.budget:g} s search (level 8) against a {args.long:g} s search, "
          f"{len(boards)} positions per rack kind")
    print(f"{'wilds':>5} {'wall med':>9} {'wall p90':>9} {'cpu med':>8} {'cpu p90':>8} "
          f"{'score':>6} | {'long wall':>9} {'finished':>8} {'score':>6} | "
          f"{'ratio':>6} {'min':>5} {'same':>5}")
    for wilds in (0, 1, 2, None):
        rows = [r for r in results if wilds is None or r.wilds == wilds]
        walls = [r.wall for r in rows]
        cpus = [r.cpu for r in rows]
        ratios = [r.score / r.long_score for r in rows if r.long_score]
        same = sum(1 for r in rows if r.score >= r.long_score)
        label = "all" if wilds is None else str(wilds)
        print(f"{label:>5} {statistics.median(walls):9.3f} {p90(walls):9.3f} "
              f"{statistics.median(cpus):8.3f} {p90(cpus):8.3f} "
              f"{statistics.fmean(r.score for r in rows):6.1f} | "
              f"{statistics.median(r.long_wall for r in rows):9.3f} "
              f"{sum(r.finished for r in rows):4d}/{len(rows):<3d} "
              f"{statistics.fmean(r.long_score for r in rows):6.1f} | "
              f"{statistics.fmean(ratios):6.3f} {min(ratios):5.2f} {same:2d}/{len(rows):<2d}")

    if args.levels:
        print(f"\nlevels on the same {len(cases)} positions")
        print(f"{'level':>5} {'vocabulary':>10} {'budget':>6} {'score':>6} {'wall med':>9} "
              f"{'cpu med':>8}")
        for number, level in WHAMI_LEVELS.items():
            runs = [timed_search(position, level) for position in cases]
            print(f"{number:5d} {level.vocabulary.value:>10} {level.seconds:6.2f} "
                  f"{statistics.fmean(r[0] for r in runs):6.1f} "
                  f"{statistics.median(r[1] for r in runs):9.3f} "
                  f"{statistics.median(r[2] for r in runs):8.3f}")


if __name__ == "__main__":
    main()
