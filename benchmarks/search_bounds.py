"""The largest racks the rules allow: time and peak memory of a search, and of a move.

    python benchmarks/search_bounds.py [--seconds 60] [--budget 1.0]

Racks (issue 18's worst cases): on a mid-game 30x30 WORDwhami board, ``AEIRSTNLOD??``
(twelve tiles, two wilds) and ``AEIRSTNL????`` (eight letters, four wilds); on a
mid-game and on an empty standard 15x15 board, seven blanks.  Each is searched three ways
(four on the standard board), each in a process of its own so its peak resident memory is
its own:

* every move, streamed as ``wordstudio moves`` streams them (counted, not printed), for
  at most ``--seconds``: moves found, seconds, moves per second, whether it finished;
* the 10 best by score, ranked inside the search, for at most ``--seconds``;
* the computer player's move (WORDwhami's level 8, the standard game's level 8) with a
  clock of ``--budget`` seconds: how long it took to answer;
* on the standard board, the Championship player (level 9: level 8, then simulation)
  thinking ``--budget`` seconds, the tiles it cannot see being the rest of the game's.

Prints one line per rack and search with the wall-clock and CPU seconds (the process's
own: a simulation's worker processes are not counted) and the peak resident memory (the
budget in issue 18: 500 MB).  ``moves``: the moves found, or for a player the moves it
weighed - for the Championship player, its simulation's iterations.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

RACKS = [("30x30 WORDwhami", "AEIRSTNLOD??"), ("30x30 WORDwhami", "AEIRSTNL????"),
         ("15x15 standard", "???????"), ("15x15 empty", "???????")]


def run_case(index: int, search: str, seconds: float, budget: float) -> dict:
    """One search in this process; returns its figures."""
    from benchmarks.positions import self_play
    from tests import oracle
    from wordstudio.control import DeadlineControl
    from wordstudio.crossword.board import Board
    from wordstudio.crossword.config.files import load_config
    from wordstudio.crossword.game import PlayerSpec
    from wordstudio.crossword.moves import MoveFinder, finder_for
    from wordstudio.crossword.players.computer import decide
    from wordstudio.crossword.players.levels import CHAMPIONSHIP, level_style
    from wordstudio.crossword.players.whami import choose_whami_action
    from wordstudio.crossword.position import Position
    from wordstudio.crossword.tiles import Rack
    from wordstudio.lexicon.catalog import load_lexicon
    from wordstudio.paths import boards_dir

    board_name, rack_text = RACKS[index]
    if board_name.startswith("30x30"):
        config = load_config(boards_dir() / "wordwhami.cfg")
        finder = finder_for(config, load_lexicon(config.dictionary))
        board = self_play(config, finder, 9, seed=7, prefix="w")[-1].board(config)
        lexicon = config.dictionary
    else:
        config = oracle.standard_config()
        finder = MoveFinder(config, oracle.gaddag())
        board = oracle.board_of(oracle.positions()[3], config)
        if board_name.endswith("empty"):
            board = Board(config)
        lexicon = "en-US-standard"
    rack = Rack.parse(rack_text, config.tiles.alphabet)
    wall, cpu = time.perf_counter(), time.process_time()
    result: dict = {"board": board_name, "rack": rack_text, "search": search}
    if search == "every move":
        found = 0

        def count(chunk) -> None:  # type: ignore[no-untyped-def]
            nonlocal found
            found += len(chunk)

        last = finder.generate(board, rack, limit=65_536, on_chunk=count,
                               deadline=time.monotonic() + seconds)
        found += len(last)
        result |= {"moves": found, "finished": not last.timed_out}
    elif search == "top 10":
        best = finder.top_moves(board, rack, 10, deadline=time.monotonic() + seconds)
        result |= {"moves": finder.found, "finished": not finder.timed_out,
                   "best": best[0].score if best else None}
    else:
        unseen = _unseen(config, board, rack)
        position = Position(config=config, cells=tuple(board.cells), owners=tuple(board.owners),
                            rack=rack, player=0, players=2, scores=(0, 0), unseen=unseen,
                            bag_size=max(0, len(unseen) - config.rack_size), ply=10,
                            lexicon=lexicon)
        if search == "championship":
            style = replace(level_style(CHAMPIONSHIP), think=budget)
            decision = decide(position, style, DeadlineControl(budget))
        elif config.backward_words:
            decision = choose_whami_action(position, PlayerSpec("bench", computer=True, level=8),
                                           DeadlineControl(budget))
        else:
            decision = decide(position, level_style(8), DeadlineControl(budget))
        result |= {"moves": decision.moves_considered, "finished": True,
                   "best": decision.candidates[0].score if decision.candidates else None}
    result["wall"] = time.perf_counter() - wall
    result["cpu"] = time.process_time() - cpu
    result["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def _unseen(config, board, rack) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    """The tiles the player cannot see: the game's tiles less the board's and the rack's
    (a rack of more blanks than the game has leaves none unseen)."""
    from collections import Counter

    from wordstudio.crossword.tiles import BLANK

    tiles = config.tiles
    left = Counter(dict(zip(tiles.alphabet, tiles.frequencies, strict=True)))
    left[BLANK] = tiles.blank_count
    for cell in board.cells:
        if cell >= 0:
            left[BLANK if cell & 64 else tiles.alphabet[cell & 63]] -= 1
    left.subtract(rack.tiles)
    return tuple(sorted(t for t, n in left.items() for _ in range(max(0, n))))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="longest a whole search may run (default 60)")
    parser.add_argument("--budget", type=float, default=1.0,
                        help="the computer player's clock, seconds (default 1)")
    parser.add_argument("--case", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--search", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case is not None:
        print(json.dumps(run_case(args.case, args.search, args.seconds, args.budget)))
        return 0
    import os

    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the start; searches of at most "
          f"{args.seconds:g} s; player's clock {args.budget:g} s")
    print(f"{'board':<16} {'rack':<13} {'search':<16} {'moves':>13} {'done':>5} {'wall s':>8} "
          f"{'CPU s':>8} {'moves/s':>9} {'peak MB':>8}")
    for index in range(len(RACKS)):
        searches = ["every move", "top 10", "player's move"]
        if not RACKS[index][0].startswith("30x30"):  # simulation is for letter-sum scoring
            searches.append("championship")
        for search in searches:
            command = [sys.executable, __file__, "--case", str(index), "--search", search,
                       "--seconds", str(args.seconds), "--budget", str(args.budget)]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode:
                print(f"  {RACKS[index]} {search}: failed ({done.stderr[-400:]!r})")
                continue
            r = json.loads(done.stdout.strip().splitlines()[-1])
            rate = f"{r['moves'] / r['cpu'] / 1e6:.2f}M" if search in ("every move", "top 10") else ""
            print(f"{r['board']:<16} {r['rack']:<13} {search:<16} {r['moves']:>13,} "
                  f"{'yes' if r['finished'] else 'no':>5} {r['wall']:>8.2f} {r['cpu']:>8.2f} "
                  f"{rate:>9} {r['peak_mb']:>8.0f}")
    print(f"load average {os.getloadavg()[0]:.2f} (1 min) at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
