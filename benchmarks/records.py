#!/usr/bin/env python3
"""How fast are game records and reviews?  Prints median times.

    python benchmarks/records.py [--games N] [--seed S] [--pdf]

* GCG: reading (parsing, working out the draws, replaying through the rules) and writing
  of self-played two-player games on the standard board, per game and per move;
* review: the static-equity review of each game, per game and per position judged (in
  this process; the window shares the positions between worker processes);
* with ``--pdf``: writing the printed game record (table and final board) as a PDF.

There is no hard budget: a record should open at once (well under 0.1 s), a static review
of a whole game should take seconds, not minutes, and never hold up the window (it runs
in worker processes).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.game import PlayerSpec  # noqa: E402
from wordstudio.crossword.movegen import is_compiled  # noqa: E402
from wordstudio.crossword.players.selfplay import play_game  # noqa: E402
from wordstudio.crossword.records.gcgread import read_gcg_text  # noqa: E402
from wordstudio.crossword.records.gcgwrite import gcg_export  # noqa: E402
from wordstudio.crossword.review.engine import review_game  # noqa: E402
from wordstudio.paths import boards_dir  # noqa: E402


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:8.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pdf", action="store_true", help="time the printed record too")
    args = parser.parse_args()
    config = load_config(boards_dir() / "scrabble.cfg")
    seats = [PlayerSpec("Ann", True, 8), PlayerSpec("Bob", True, 6)]
    games = [play_game(config, seats, args.seed + k, lexicon="en-US-standard").game
             for k in range(args.games)]
    moves = [len(g.history) for g in games]
    texts, write, read, per_move = [], [], [], []
    for game in games:
        started = time.perf_counter()
        text = gcg_export(game).text
        write.append(time.perf_counter() - started)
        texts.append(text)
        started = time.perf_counter()
        read_gcg_text(text)
        spent = time.perf_counter() - started
        read.append(spent)
        per_move.append(spent / len(game.history))
    # The review's figures are ten times slower with the pure-Python move generator.
    print(f"{args.games} self-played games, {statistics.median(moves):.0f} moves (median); "
          f"move generator {'compiled' if is_compiled() else 'pure Python'}")
    print(f"GCG write, per game   {median_ms(write)}")
    print(f"GCG read, per game    {median_ms(read)}   per move {median_ms(per_move)}")
    whole, per_position = [], []
    for game in games:
        started = time.perf_counter()
        review = review_game(game, top=5)
        spent = time.perf_counter() - started
        judged = sum(1 for m in review.moves if m.analysis is not None)
        whole.append(spent)
        per_position.append(spent / max(1, judged))
    print(f"review (static), game {median_ms(whole)}   per position {median_ms(per_position)}")
    if args.pdf:
        import tempfile

        from wordstudio.ui.crossword.printing import write_record_pdf

        pdf = []
        with tempfile.TemporaryDirectory() as folder:
            for k, game in enumerate(games):
                started = time.perf_counter()
                write_record_pdf(game, Path(folder) / f"{k}.pdf")
                pdf.append(time.perf_counter() - started)
        print(f"record PDF, per game  {median_ms(pdf)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
