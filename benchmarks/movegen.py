"""Move-generation speed on the 50 oracle positions, compiled and pure Python.

    python benchmarks/movegen.py [--repeat N] [--only pure|compiled]

Prints, for each path and for racks with 0, 1 and 2 blanks: median and mean
milliseconds per position (each position's time is the best of N runs, which filters
out noise from other processes on a shared machine) and moves per second; the ratio
of the two paths; then the lexicon: GADDAG build time, cache load time and size, and
the process's peak memory.  Times are CPU time of this process (``time.process_time``),
so other work on a shared machine disturbs them less than wall-clock time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import oracle  # noqa: E402
from wordstudio.crossword.moves import MoveFinder, is_compiled  # noqa: E402
from wordstudio.lexicon.gaddag import Gaddag, compiled_builder, load_gaddag  # noqa: E402


def time_path(finder: MoveFinder, repeat: int, convert: bool) -> dict[int, list[tuple[float, int]]]:
    results: dict[int, list[tuple[float, int]]] = {0: [], 1: [], 2: []}
    for position in oracle.positions():
        board = oracle.board_of(position, finder.config)
        rack = position["rack"]
        runs = repeat if position["num_blanks_on_rack"] < 2 else max(1, repeat // 3)
        best = float("inf")
        count = 0
        for _ in range(runs):
            start = time.process_time()
            if convert:
                count = len(finder.moves(board, rack))
            else:
                count = len(finder.raw_moves(board, rack))
            best = min(best, time.process_time() - start)
        results[position["num_blanks_on_rack"]].append((best, count))
    return results


def report(name: str, results: dict[int, list[tuple[float, int]]]) -> dict[int, float]:
    medians = {}
    for blanks, rows in results.items():
        if not rows:
            continue
        times = [t * 1000 for t, _ in rows]
        moves = sum(n for _, n in rows)
        rate = moves / sum(t for t, _ in rows)
        medians[blanks] = statistics.median(times)
        print(f"  {name:9s} {blanks} blank(s): {len(rows):2d} positions  "
              f"median {statistics.median(times):8.3f} ms  mean {statistics.mean(times):8.3f} ms  "
              f"{rate:12,.0f} moves/s")
    return medians


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--only", choices=["pure", "compiled"])
    args = parser.parse_args()
    config = oracle.standard_config()
    words = oracle.lexicon()

    print(f"Lexicon: {len(words):,} words ({oracle.LEXICON_NAME})")
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        built = load_gaddag(words, cache_dir=Path(tmp))
        build = time.perf_counter() - start
        loads = []
        for _ in range(5):
            start = time.process_time()
            loaded = load_gaddag(words, cache_dir=Path(tmp))
            loads.append(time.process_time() - start)
        assert loaded.data == built.data
    builder = "compiled" if compiled_builder() else "pure Python"
    print(f"  GADDAG build ({builder}, wall clock): {build:.2f} s;  cache load: median "
          f"{statistics.median(loads) * 1000:.1f} ms;  size {built.nbytes / 1e6:.1f} MB "
          f"({len(built.data):,} uint32 slots)")
    gaddag: Gaddag = built

    print("Move generation, whole move list per position (best of repeats):")
    medians = {}
    if args.only != "compiled":
        pure = MoveFinder(config, gaddag, pure=True)
        medians["pure"] = report("pure", time_path(pure, max(2, args.repeat // 2), False))
    if args.only != "pure":
        if not is_compiled():
            print("  (the compiled generator is not installed: pip install -e . with a C compiler)")
        else:
            compiled = MoveFinder(config, gaddag, pure=False)
            medians["compiled"] = report("compiled", time_path(compiled, args.repeat, False))
            report("+Move obj", time_path(compiled, args.repeat, True))
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"Peak resident memory of this process: {peak:.0f} MB")
    if "pure" in medians and "compiled" in medians:
        for blanks in medians["pure"]:
            ratio = medians["pure"][blanks] / medians["compiled"][blanks]
            print(f"  speed-up compiled vs pure, {blanks} blank(s): {ratio:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
