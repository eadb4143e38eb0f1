"""Move generation in the Spanish game (CH, LL, RR tiles and two blanks) against the
English game on positions of the same shape.

    python benchmarks/spanish_movegen.py [--positions 40] [--repeat 5] [--seed 7]

Positions: seeded games of each (``boards/es.cfg`` with its list ``es``, 567,329 words,
28 tiles; ``boards/scrabble.cfg`` with ``en-US-standard``), each player laying its highest
scoring move; the board after 4, 6, ... 12 plays is a position, so both sets have the same
numbers of moves on their boards.  Every position is searched with a rack of the same
shape: two blanks and five letters - Spanish CH LL RR A E, English C L R A E (the three
multi-letter tiles against the three letters they begin with).  Each search makes the
whole move list with the compiled generator (no Python object per move), working out what
every square allows afresh (an empty board is searched first, untimed); the best CPU time
of ``--repeat`` searches counts.  Printed: median, mean and 90th percentile milliseconds
per position, moves per position, and the Spanish/English ratios (target: within 2x), with
the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.crossword.board import Board  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.gameconfig import GameConfig  # noqa: E402
from wordstudio.crossword.moves import MoveFinder, finder_for, is_compiled  # noqa: E402
from wordstudio.crossword.tiles import BLANK, Rack  # noqa: E402
from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402
from wordstudio.paths import boards_dir  # noqa: E402

GAMES = {
    "Spanish": ("es.cfg", "es", ("CH", "LL", "RR", "A", "E", BLANK, BLANK)),
    "English": ("scrabble.cfg", "en-US-standard", ("C", "L", "R", "A", "E", BLANK, BLANK)),
}
PLIES = (4, 6, 8, 10, 12)


@dataclass
class Result:
    times: list[float]
    moves: list[int]


def boards(config: GameConfig, finder: MoveFinder, count: int, seed: int) -> list[Board]:
    """``count`` boards: the board of seeded greedy games after each of PLIES moves."""
    tiles = config.tiles
    found: list[Board] = []
    game = 0
    while len(found) < count:
        rng = random.Random(seed + game)
        game += 1
        bag = [t for t, n in zip(tiles.alphabet, tiles.frequencies, strict=True) for _ in range(n)]
        rng.shuffle(bag)  # no blanks drawn: the positions' racks bring their own two
        racks = [[bag.pop() for _ in range(7)] for _ in range(2)]
        board = Board(config)
        for ply in range(max(PLIES)):
            rack = racks[ply % 2]
            best = finder.top_moves(board, Rack(tuple(rack)), 1)
            if not best:
                break
            move = finder.to_move(best[0].raw)
            board.place(move.placed)
            for tile in move.tiles_used:
                rack.remove(tile)
            rack.extend(bag.pop() for _ in range(min(7 - len(rack), len(bag))))
            if ply + 1 in PLIES and len(found) < count:
                found.append(board.copy())
    return found


def measure(finder: MoveFinder, config: GameConfig, positions: list[Board],
            rack: tuple[str, ...], repeat: int) -> Result:
    empty = Board(config)
    result = Result([], [])
    for board in positions:
        best = float("inf")
        found = 0
        for _ in range(repeat):
            finder.generate(empty, Rack(()))
            start = time.thread_time_ns()
            moves = finder.generate(board, Rack(rack))
            best = min(best, (time.thread_time_ns() - start) / 1e6)
            found = moves.found
            del moves
        result.times.append(best)
        result.moves.append(found)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"compiled generator: {is_compiled()}")
    results: dict[str, Result] = {}
    for name, (config_name, lexicon, rack) in GAMES.items():
        config = load_config(boards_dir() / config_name)
        finder = finder_for(config, load_lexicon(lexicon))
        positions = boards(config, finder, args.positions, args.seed)
        results[name] = result = measure(finder, config, positions, rack, args.repeat)
        ordered = sorted(result.times)
        print(f"{name:8} {len(positions)} positions, rack {' '.join(rack)}: "
              f"median {statistics.median(ordered):.2f} ms, mean {statistics.mean(ordered):.2f} ms, "
              f"p90 {ordered[int(0.9 * (len(ordered) - 1))]:.2f} ms, "
              f"moves per position {statistics.mean(result.moves):,.0f}")
    spanish, english = results["Spanish"], results["English"]
    print(f"Spanish / English: median {statistics.median(spanish.times) / statistics.median(english.times):.2f}x, "
          f"mean {statistics.mean(spanish.times) / statistics.mean(english.times):.2f}x "
          f"(target: within 2x)")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
