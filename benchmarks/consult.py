#!/usr/bin/env python3
"""How fast is Consult (``wordstudio.lexicon.pattern.search``)?  Prints median times.

    python benchmarks/consult.py [--lexicon NAME ...] [--racks N] [--seed S]

For each word list: the time to load it and to build its Consult index (once per list),
then the median time of a complete search (every match listed) for groups of queries:

* racks of 7 or 8 tiles drawn from a standard 100-tile bag (so with the usual letter
  frequencies), with 0, 1 or 2 of the tiles turned into blanks, in anagram-all and
  anagram-some modes;
* the seed's own examples (letter sets, negated sets, ``*``) and ordered patterns.

Budget (DESIGN.md section 9 and the Consult issue): typical 7-8 tile anagram queries with
0-2 blanks under about 0.3 s on the standard list; ordered patterns well under that.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402
from wordstudio.lexicon.pattern import _index_for, search  # noqa: E402
from wordstudio.lexicon.wordlist import WordList  # noqa: E402

#: Standard tile counts (seed 004 / the oracle), without the blanks.
BAG = (
    "A" * 9 + "B" * 2 + "C" * 2 + "D" * 4 + "E" * 12 + "F" * 2 + "G" * 3 + "H" * 2 + "I" * 9
    + "J" + "K" + "L" * 4 + "M" * 2 + "N" * 6 + "O" * 8 + "P" * 2 + "Q" + "R" * 6 + "S" * 4
    + "T" * 6 + "U" * 4 + "V" * 2 + "W" * 2 + "X" + "Y" * 2 + "Z"
)  # fmt: skip

SEED_EXAMPLES = [
    ("DIVIDE_", True, True),
    ("DIVIDE", True, False),
    ("AB_", True, True),
    ("[A-C][D-F]G", True, True),
    ("ABJEIPN*[BHOS]", True, False),
    ("???*X", True, True),
    ("[!AEIOU][!AEIOU][!AEIOU][!AEIOU][!AEIOU]*[AEIOU]*[AEIOU]", True, False),
]
ORDERED = [
    ("DIVIDE_", False, True),
    ("DIVIDE", False, True),
    ("?[MN]?", False, True),
    ("[A-C][D-F]G", False, True),
    ("S?????S", False, True),
    ("*S?????S", False, False),
    ("DIVIDE", False, False),
    ("[!AEIOU][!AEIOU][!AEIOU][!AEIOU][!AEIOU]*[AEIOU]*[AEIOU]", False, False),
]


def racks(rng: random.Random, count: int, size: int, blanks: int) -> list[str]:
    return ["".join(rng.sample(BAG, size - blanks)) + "?" * blanks for _ in range(count)]


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def median_ms(words: WordList, queries: list[tuple[str, bool, bool]]) -> tuple[float, float, int]:
    """Median and worst time in ms over the queries, and the median number of matches."""
    times, counts = [], []
    for text, anagram, use_all in queries:
        start = time.perf_counter()
        found = list(search(words, text, anagram, use_all))
        times.append(time.perf_counter() - start)
        counts.append(len(found))
    return statistics.median(times) * 1000, max(times) * 1000, int(statistics.median(counts))


def bench(name: str, rack_count: int, seed: int) -> None:
    load_s = timed(lambda: load_lexicon(name))
    words = load_lexicon(name)
    index_s = timed(lambda: _index_for(words))
    print(
        f"\n{name}: {len(words)} words; load {load_s * 1000:.0f} ms, index {index_s * 1000:.0f} ms"
    )
    print(f"  {'queries':<44} {'median ms':>10} {'worst ms':>9} {'matches':>8}")
    rng = random.Random(seed)
    groups: list[tuple[str, list[tuple[str, bool, bool]]]] = []
    for size in (7, 8):
        for blanks in (0, 1, 2):
            drawn = racks(rng, rack_count, size, blanks)
            for use_all in (True, False):
                mode = "all" if use_all else "some"
                label = f"anagram {mode}, {size} tiles, {blanks} blank(s)"
                groups.append((label, [(rack, True, use_all) for rack in drawn]))
    groups.append(("seed examples, anagram", SEED_EXAMPLES))
    groups.append(("ordered patterns", ORDERED))
    for label, queries in groups:
        median, worst, matches = median_ms(words, queries)
        print(f"  {label:<44} {median:>10.1f} {worst:>9.1f} {matches:>8}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lexicon", action="append", help="list name or file (default: en-US standard + large)"
    )
    parser.add_argument("--racks", type=int, default=25, help="racks per group (default 25)")
    parser.add_argument("--seed", type=int, default=1, help="random seed for the racks")
    args = parser.parse_args(argv)
    for name in args.lexicon or ["en-US-standard", "en-US-large"]:
        bench(name, args.racks, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
