#!/usr/bin/env python3
"""Derive WordStudio's shipped word lists from Debian's ``scowl`` package.

    apt-get install scowl
    python lexicons/build_lexicons.py            # writes lexicons/*.txt

The lists are word-game lists: every seed forbids abbreviations, acronyms, contractions,
proper nouns, capitalised, hyphenated and foreign words.  SCOWL sorts its entries into
categories (``abbreviations``, ``contractions``, ``proper-names``, ``upper``, ``words``);
only the ``words`` category is read, and of it:

1. only entries made of plain lower-case letters a-z, two or more of them, are kept: this
   drops anything capitalised (proper nouns, words that only exist with a capital),
   apostrophes, hyphens and accented (foreign) spellings;
2. entries with no vowel (a, e, i, o, u, y) are dropped unless they are one of the few
   vowelless words word games accept (``VOWELLESS_WORDS``: interjections such as HMM and
   SHH, and CWM, CRWTH, NTH).  This is how SCOWL's ``words`` category holds unit symbols
   and abbreviations written in lower case (``lm``, ``kb``, ``dkl``, ``csc``) and the
   plurals of letters (``cs``, ``ts``);
3. entries listed in ``lexicons/not-words.txt`` are dropped: abbreviations, acronyms and
   foreign words that SCOWL nevertheless files among its words (``ne``, ``awol``, ``kcal``),
   each with the reason it is not a word.

Spellings (SCOWL's advice for combining its lists): American is ``english`` + ``american``
+ ``variant_1``; British is ``english`` + ``british`` + ``british_z`` (the Oxford -ize
spellings, which British word games accept beside -ise) + ``british_variant_1``.
Sizes: common = SCOWL sizes up to 35, standard = up to 70, large = up to 80.

Words are upper-cased and written sorted, one per line.  SCOWL's copyright notice is
copied to ``lexicons/SCOWL-COPYRIGHT.txt``; it must be shipped with the lists.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
SPELLINGS = {
    "en-US": ("english", "american", "variant_1"),
    "en-GB": ("english", "british", "british_z", "british_variant_1"),
}
LIMITS = {"common": 35, "standard": 70, "large": 80}
PLAIN_WORD = re.compile(r"[a-z]{2,}")
VOWEL = re.compile(r"[aeiouy]")
#: Words without a vowel that word games accept (all others are symbols or letter plurals).
VOWELLESS_WORDS = frozenset([
    "brr", "brrr", "crwth", "crwths", "cwm", "cwms", "hmm", "nth", "pfft", "phpht", "pht",
    "psst", "pst", "sh", "shh", "tsk", "tsks", "tsktsk", "tsktsks", "zzz",
])
NOT_WORDS = HERE / "not-words.txt"


def read_scowl_file(path: Path) -> list[str]:
    """The entries of one SCOWL list (Latin-1 in older releases, UTF-8 in newer ones)."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return [line.strip() for line in text.splitlines() if line.strip()]


def read_not_words(path: Path = NOT_WORDS) -> frozenset[str]:
    """The reviewed exclusions: the first field of each line; ``#`` starts a comment."""
    words = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = line.split("#", 1)[0].split()
        if entry:
            words.add(entry[0].lower())
    return frozenset(words)


def is_game_word(entry: str, not_words: frozenset[str]) -> bool:
    """Whether a SCOWL ``words`` entry belongs in a word-game list (rules 1-3 above)."""
    if not PLAIN_WORD.fullmatch(entry):
        return False
    if not VOWEL.search(entry) and entry not in VOWELLESS_WORDS:
        return False
    return entry not in not_words


def scowl_words(
    scowl_dir: Path, parts: tuple[str, ...], limit: int, not_words: frozenset[str]
) -> set[str]:
    """The game words of the ``words`` category of ``parts`` at SCOWL sizes up to ``limit``."""
    words: set[str] = set()
    for size in SCOWL_SIZES:
        if size > limit:
            break
        for part in parts:
            path = scowl_dir / f"{part}-words.{size}"
            if path.exists():
                words.update(e.upper() for e in read_scowl_file(path) if is_game_word(e, not_words))
    return words


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    parser.add_argument("--copyright", type=Path, default=Path("/usr/share/doc/scowl/copyright"))
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    if not args.scowl.is_dir():
        print(f"no SCOWL lists in {args.scowl}: apt-get install scowl", file=sys.stderr)
        return 1
    not_words = read_not_words()
    args.out.mkdir(parents=True, exist_ok=True)
    for code, parts in SPELLINGS.items():
        for size_name, limit in LIMITS.items():
            words = sorted(scowl_words(args.scowl, parts, limit, not_words))
            target = args.out / f"{code}-{size_name}.txt"
            target.write_text("\n".join(words) + "\n", encoding="ascii")
            print(f"{target.name}: {len(words)} words")
    shutil.copyfile(args.copyright, args.out / "SCOWL-COPYRIGHT.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
