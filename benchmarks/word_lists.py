#!/usr/bin/env python3
"""Do the shipped word lists accept what word-game players play?  Prints one row a list.

    python benchmarks/word_lists.py [--lexicon NAME ...] [--sample 600] [--seed 24]

For each list (every shipped list by default):

* two-letter words: how many of the 107 of the North American tournament list it accepts
  (``tests/data/wordlists/two-letter-words.txt``);
* ENABLE: the share of a seeded sample of ENABLE's words of 3-8 letters it accepts, and of
  all of ENABLE's three-letter words (ENABLE is ``lexicons/sources/enable1.txt.gz``);
* since 2000: how many of the real words the tournament lists added after ENABLE it accepts
  (``tests/data/wordlists/since-2000.txt``);
* abbreviations: how many of the common abbreviations and acronyms kept by
  ``tests/test_shipped_lexicons.py`` it accepts (should be none);
* Word War: the rule book's worked example scored with the list (the book: 84).

Counting only: the figures do not depend on the machine or its load.
"""

from __future__ import annotations

import argparse
import gzip
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_shipped_lexicons import COMMON_ABBREVIATIONS  # noqa: E402
from tests.test_wordwar_scoring import SEED_GRID  # noqa: E402
from wordstudio.lexicon.catalog import load_lexicon, shipped_lexicons  # noqa: E402
from wordstudio.lexicon.wordlist import WordList  # noqa: E402
from wordstudio.wordwar.boards import Grid  # noqa: E402
from wordstudio.wordwar.scoring import WordScorer  # noqa: E402

DATA = ROOT / "tests" / "data" / "wordlists"
ENABLE = ROOT / "lexicons" / "sources" / "enable1.txt.gz"


def read_words(path: Path) -> list[str]:
    """The words of a check list: upper case, ``#`` starts a comment."""
    words: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        words.extend(word.upper() for word in line.split("#", 1)[0].split())
    return words


def enable_words() -> list[str]:
    """ENABLE's words, upper case, in the file's order."""
    return gzip.decompress(ENABLE.read_bytes()).decode("ascii").upper().split()


def enable_sample(size: int, seed: int) -> list[str]:
    """A seeded sample of ENABLE's words of 3 to 8 letters."""
    pool = [word for word in enable_words() if 3 <= len(word) <= 8]
    return random.Random(seed).sample(pool, size)


def measure(words: WordList, sample: list[str], threes: list[str]) -> dict[str, object]:
    twos = read_words(DATA / "two-letter-words.txt")
    since = read_words(DATA / "since-2000.txt")
    example = WordScorer(words.words, name=words.name).score(Grid.parse(SEED_GRID))
    return {
        "list": words.name,
        "words": len(words),
        "two_letter": sum(word in words for word in twos),
        "two_letter_refused": [word for word in twos if word not in words],
        "enable_sample": sum(word in words for word in sample) / len(sample),
        "enable_threes": sum(word in words for word in threes) / len(threes),
        "since_2000": sum(word in words for word in since),
        "since_2000_of": len(since),
        "abbreviations": [word for word in COMMON_ABBREVIATIONS if word in words],
        "word_war_example": example.total,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--lexicon", action="append", metavar="NAME",
                        help="a list to measure (repeatable; default every shipped list)")
    parser.add_argument("--sample", type=int, default=600, help="ENABLE words sampled")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--refused", action="store_true",
                        help="also name the two-letter words each list refuses")
    args = parser.parse_args(argv)
    names = args.lexicon or [lexicon.ident for lexicon in shipped_lexicons()]
    sample = enable_sample(args.sample, args.seed)
    threes = [word for word in enable_words() if len(word) == 3]
    print(f"ENABLE: {len(sample)} words of 3-8 letters (seed {args.seed}); "
          f"{len(threes)} three-letter words")
    print(f"{'list':<24} {'words':>8} {'2-letter':>8} {'ENABLE':>7} {'3-letter':>8} "
          f"{'since 2000':>10} {'abbrev.':>7} {'Word War':>8}")
    for name in names:
        row = measure(load_lexicon(name), sample, threes)
        print(f"{name:<24} {row['words']:>8,} {row['two_letter']:>4}/107 "
              f"{row['enable_sample']:>7.1%} {row['enable_threes']:>8.1%} "
              f"{row['since_2000']:>5}/{row['since_2000_of']:<4} "
              f"{len(row['abbreviations']):>7} {row['word_war_example']:>8}")  # type: ignore[arg-type]
        if args.refused and row["two_letter_refused"]:
            print(f"    refuses: {' '.join(row['two_letter_refused'])}")  # type: ignore[arg-type]
        if row["abbreviations"]:
            print(f"    abbreviations: {' '.join(row['abbreviations'])}")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main())
