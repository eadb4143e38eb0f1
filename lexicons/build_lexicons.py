#!/usr/bin/env python3
"""Derive WordStudio's shipped word lists from Debian's ``scowl`` package.

    apt-get install scowl
    python lexicons/build_lexicons.py            # writes lexicons/*.txt

For each spelling (American, British) and size (common <= 35, standard <= 70,
large <= 80) it merges the SCOWL lists ``english-words``, the spelling's own list
(``american-words`` / ``british-words``) and ``variant_1-words`` at every SCOWL size
up to the limit.  Only entries made of plain lower-case letters a-z are kept: this
drops proper nouns and other capitalised words, abbreviations, contractions,
hyphenated and accented words.  Words are upper-cased, must have two letters or more,
and are written sorted, one per line.

The American standard list is, by construction, the same list as the move-generation
oracle's ``scowl70.txt`` (a test checks it).  SCOWL's copyright notice is copied to
``lexicons/SCOWL-COPYRIGHT.txt``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
SPELLINGS = {"en-US": "american", "en-GB": "british"}
LIMITS = {"common": 35, "standard": 70, "large": 80}
PLAIN_WORD = re.compile(r"[a-z]{2,}")


def scowl_words(scowl_dir: Path, spelling: str, limit: int) -> set[str]:
    words: set[str] = set()
    for size in SCOWL_SIZES:
        if size > limit:
            break
        for part in ("english", spelling, "variant_1"):
            path = scowl_dir / f"{part}-words.{size}"
            if not path.exists():
                continue
            # SCOWL files are Latin-1 in older releases, UTF-8 in newer ones.
            raw = path.read_bytes()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
            for line in text.splitlines():
                word = line.strip()
                if PLAIN_WORD.fullmatch(word):
                    words.add(word.upper())
    return words


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    parser.add_argument("--copyright", type=Path, default=Path("/usr/share/doc/scowl/copyright"))
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args(argv)
    if not args.scowl.is_dir():
        print(f"no SCOWL lists in {args.scowl}: apt-get install scowl", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for code, spelling in SPELLINGS.items():
        for size_name, limit in LIMITS.items():
            words = sorted(scowl_words(args.scowl, spelling, limit))
            target = args.out / f"{code}-{size_name}.txt"
            target.write_text("\n".join(words) + "\n", encoding="ascii")
            print(f"{target.name}: {len(words)} words")
    shutil.copyfile(args.copyright, args.out / "SCOWL-COPYRIGHT.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
