#!/usr/bin/env python3
"""Make the leave table for the standard game by self-play (what made the shipped one).

    python tools/make_leaves.py [--games 3000 6000] [--jobs 2] [--seed 1]
                                [--lexicon en-US-wordgame]
                                [--out wordstudio/crossword/players/data/leaves-standard.json]

Each generation plays ``games`` games of ``boards/scrabble.cfg`` (``--lexicon``: the
default crossword list, ``en-US-wordgame``, unless told) between two copies of an equity player (level 7's knobs) using the
previous generation's leave values - the first generation uses the heuristic of
:class:`~wordstudio.crossword.players.leaves.HeuristicLeaves`.  Every time a player keeps tiles
with at least a rack's worth still in the bag, the leave is recorded with what that
player makes of his next turn: its score plus the value of the leave *it* keeps (zero
when that one is too near the end to count).  The leave values are then the
least-squares fit (ridge, so rare parts stay near zero) of

    next score + next leave value  =  intercept + sum of the leave's parts

with the parts of :class:`~wordstudio.crossword.players.leaves.LeaveTable` (each copy of each
tile, each pair of different tiles, the vowel count for each leave size).  The intercept
is what an empty leave leads to, so a leave's value is its parts' sum: points relative to
keeping nothing.  The targets use the values being fitted, so the fit is repeated a few
times (a fixed point: what you keep is worth the points it brings next turn plus what you
can keep then).

The games, the samples and the parts are :mod:`wordstudio.crossword.players.leavetrain`'s
(what ``wordstudio leaves train`` uses for any game); this script fits with numpy/scipy,
for the large standard run.  The file records the games, samples and CPU time it took.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
from scipy import sparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.players.leaves import LeaveTable, TileFingerprint  # noqa: E402
from wordstudio.crossword.players.leavetrain import Parts, Sample, game_samples  # noqa: E402
from wordstudio.lexicon.catalog import DEFAULT_LEXICON  # noqa: E402
from wordstudio.paths import boards_dir  # noqa: E402

CONFIG = "scrabble.cfg"
OUT = Path(__file__).resolve().parent.parent / "wordstudio" / "crossword" / "players" / "data" / \
    "leaves-standard.json"
RIDGE = 30.0
FIXED_POINT_ROUNDS = 4


# --- playing ------------------------------------------------------------------------------------
def play_batch(config_path: str, seeds: list[int], table_json: dict | None,
               lexicon: str) -> tuple[list[Sample], float]:
    """Play games with the given leave values; return the samples and the CPU seconds
    (the games and their samples are :func:`wordstudio.crossword.players.leavetrain.game_samples`)."""
    started = time.process_time()
    config = load_config(config_path)
    samples: list[Sample] = []
    for seed in seeds:
        samples.extend(game_samples((config, lexicon, table_json, seed)))
    return samples, time.process_time() - started


# --- fitting -------------------------------------------------------------------------------------
def fit(samples: list[Sample], parts: Parts, fingerprint: TileFingerprint
        ) -> tuple[LeaveTable, float]:
    """The leave table by ridge regression, repeated to a fixed point (module docstring).
    Returns the table and the intercept (what an empty leave leads to)."""
    size = len(parts.columns) + 1
    indices: list[int] = []
    indptr = [0]
    for leave, _, _ in samples:
        indices.extend(parts.of(leave))
        indptr.append(len(indices))
    design = sparse.csr_matrix((np.ones(len(indices)), indices, indptr),
                               shape=(len(samples), size))
    penalty = np.full(size, RIDGE)
    penalty[0] = 0.0
    gram = (design.T @ design).toarray() + np.diag(penalty)
    scores = np.array([s for _, _, s in samples], dtype=float)
    table: LeaveTable | None = None
    weights = np.zeros(size)
    for _ in range(FIXED_POINT_ROUNDS):
        later = np.array([table.value(n) if table is not None and n else 0.0
                          for _, n, _ in samples])
        weights = np.linalg.solve(gram, design.T @ (scores + later))
        table = parts.table(weights, fingerprint)
    assert table is not None
    return table, float(weights[0])


# --- the run -----------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[3000, 6000],
                        help="games per generation (default: 3000 6000)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--lexicon", default=DEFAULT_LEXICON,
                        help=f"the word list the games are played on (default {DEFAULT_LEXICON})")
    args = parser.parse_args(argv)

    config_path = str(boards_dir() / CONFIG)
    config = load_config(config_path)
    fingerprint = TileFingerprint.of(config)
    parts = Parts(config)
    wall = time.perf_counter()
    cpu = 0.0
    table_json: dict | None = None
    history = []
    seed = args.seed
    total_games = total_samples = 0
    for generation, games in enumerate(args.games):
        seeds = list(range(seed, seed + games))
        seed += games
        batches = [seeds[i::args.jobs * 8] for i in range(args.jobs * 8)]
        samples: list[Sample] = []
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for batch_samples, seconds in pool.map(play_batch, [config_path] * len(batches),
                                                   batches, [table_json] * len(batches),
                                                   [args.lexicon] * len(batches)):
                samples.extend(batch_samples)
                cpu += seconds
        fit_started = time.process_time()
        table, intercept = fit(samples, parts, fingerprint)
        cpu += time.process_time() - fit_started
        table_json = table.to_json()
        total_games += games
        total_samples += len(samples)
        history.append({"generation": generation, "games": games, "samples": len(samples),
                        "played_with": "heuristic leaves" if generation == 0
                        else f"generation {generation - 1}'s table",
                        "empty_leave_next_turn": round(intercept, 2)})
        print(f"generation {generation}: {games} games, {len(samples)} samples, "
              f"empty leave -> {intercept:.1f}; ?={table.value(('?',)):.1f} "
              f"S={table.value(('S',)):.1f} Q={table.value(('Q',)):.1f} "
              f"ERS={table.value(('E', 'R', 'S')):.1f} UUU={table.value(('U', 'U', 'U')):.1f} "
              f"[{time.perf_counter() - wall:.0f} s]", file=sys.stderr)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_seconds = round(max(cpu, children.ru_utime + children.ru_stime)
                        + time.process_time(), 1)
    final = LeaveTable.from_json(table_json) if table_json else None
    assert final is not None
    data = final.to_json(
        title="Leave values for the standard game (15x15, 100 tiles, racks of 7)",
        made_by="tools/make_leaves.py", config=f"boards/{CONFIG}", lexicon=args.lexicon,
        games=total_games, samples=total_samples, cpu_seconds=cpu_seconds,
        wall_seconds=round(time.perf_counter() - wall, 1), generations=history,
        command=f"python tools/make_leaves.py --games {' '.join(map(str, args.games))} "
                f"--jobs {args.jobs} --seed {args.seed} --lexicon {args.lexicon}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # One line per top-level entry: small enough to read, diff and review.
    text = "{\n" + ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items())
    args.out.write_text(text + "\n}\n", encoding="utf-8")
    print(f"wrote {args.out}: {total_games} games, {total_samples} samples, "
          f"{cpu_seconds:.0f} s CPU", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
