"""How strong are the Word War computer players?  Many rounds, mean scores, error bars.

Every game seats up to four computer players of the strengths asked for (by default the
random and greedy baselines against the intermediate and expert players).  They play the
same board each round, and the same cards, as in duplicate bridge, so the differences
between them are measured on identical deals: the paired differences below have much
smaller error bars than the plain means.

    python benchmarks/wordwar_strength.py                      # 12 games = 48 rounds
    python benchmarks/wordwar_strength.py --games 30 --processes 2
    python benchmarks/wordwar_strength.py --strengths greedy,intermediate,advanced,expert

Error bars are 95% confidence intervals (1.96 standard errors).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.wordwar.boards import BoardSet  # noqa: E402
from wordstudio.wordwar.game import PlayerSpec, WordWarGame  # noqa: E402
from wordstudio.wordwar.players import Situation, choose_placement  # noqa: E402
from wordstudio.wordwar.scoring import scorer_for  # noqa: E402

DEFAULT_STRENGTHS = "random,greedy,intermediate,expert"


@dataclass
class GameRecord:
    """What one game produced: round scores, totals, time spent and passes per seat."""

    strengths: tuple[str, ...]
    rounds: list[tuple[int, ...]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    passes: list[int] = field(default_factory=list)


def play_game(strengths: tuple[str, ...], number: int, lexicon: str, seed: str) -> GameRecord:
    """One four-round game between computer players; the board changes every round."""
    scorer = scorer_for(lexicon)
    board_set = BoardSet.load()
    players = [PlayerSpec(f"{name} {seat + 1}", computer=True, strength=name)
               for seat, name in enumerate(strengths)]
    game = WordWarGame(players, f"{seed}:{number}", lexicon=lexicon, board_set=board_set,
                       scorer=scorer)
    record = GameRecord(strengths, seconds=[0.0] * len(players), moves=[0] * len(players),
                        passes=[0] * len(players))
    numbers = board_set.numbers
    while not game.is_over:
        board = numbers[(number * game.rounds + len(game.results)) % len(numbers)]
        game.start_round([board] * len(players))
        while game.deck is not None:
            game.turn_card()
            for seat, name in enumerate(strengths):
                started = time.perf_counter()
                decision = choose_placement(Situation.of(game, seat), name, scorer=scorer)
                record.seconds[seat] += time.perf_counter() - started
                record.moves[seat] += 1
                record.passes[seat] += decision is None
                game.decide(seat, decision)
        record.rounds.append(game.results[-1].totals)
    return record


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of the 95% confidence interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan")
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def report(records: list[GameRecord]) -> str:
    strengths = records[0].strengths
    seats = range(len(strengths))
    rounds = [r for record in records for r in record.rounds]
    lines = [f"{len(records)} games, {len(rounds)} rounds, board {{1..9}} in turn, "
             f"all seats on the same board and cards", ""]
    lines.append(f"{'player':<14}{'round score':>20}{'game total':>20}{'game wins':>11}"
                 f"{'ms/move':>10}{'passes':>8}")
    totals = [[sum(r[s] for r in record.rounds) for s in seats] for record in records]
    for s in seats:
        mean, half = interval([r[s] for r in rounds])
        gmean, ghalf = interval([t[s] for t in totals])
        wins = sum(1 for t in totals if t[s] == max(t))
        seconds = sum(record.seconds[s] for record in records)
        moves = sum(record.moves[s] for record in records)
        passes = sum(record.passes[s] for record in records)
        lines.append(f"{strengths[s]:<14}{mean:>12.1f} ± {half:<5.1f}{gmean:>12.1f} ± {ghalf:<5.1f}"
                     f"{wins:>11}{1000 * seconds / max(1, moves):>10.1f}{passes:>8}")
    strongest = len(strengths) - 1
    lines.append("")
    lines.append(f"Paired differences per round, {strengths[strongest]} minus each other player:")
    for s in seats:
        if s == strongest:
            continue
        mean, half = interval([r[strongest] - r[s] for r in rounds])
        better = sum(1 for r in rounds if r[strongest] > r[s])
        lines.append(f"  - {strengths[s]:<14}{mean:>+8.1f} ± {half:<5.1f}"
                     f"  ({better} of {len(rounds)} rounds higher)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12, help="four-round games to play (12)")
    parser.add_argument("--strengths", default=DEFAULT_STRENGTHS,
                        help=f"one to four seats, strongest last ({DEFAULT_STRENGTHS})")
    parser.add_argument("--lexicon", default="en-US-standard")
    parser.add_argument("--seed", default="benchmark")
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    strengths = tuple(s.strip() for s in args.strengths.split(",") if s.strip())
    if not 1 <= len(strengths) <= 4:
        parser.error("give one to four strengths")
    started = time.perf_counter()
    jobs = [(strengths, number, args.lexicon, args.seed) for number in range(args.games)]
    if args.processes > 1:
        with ProcessPoolExecutor(args.processes) as pool:
            records = list(pool.map(play_game, *zip(*jobs, strict=True)))
    else:
        records = [play_game(*job) for job in jobs]
    print(report(records))
    print(f"\n{time.perf_counter() - started:.0f} s with {args.processes} process(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
