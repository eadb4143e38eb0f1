#!/usr/bin/env python3
"""Derive WordStudio's word meanings (``lexicons/meanings.txt.gz``) from WordNet 3.0.

    apt-get install wordnet-base
    python lexicons/build_meanings.py            # writes lexicons/meanings.txt.gz

WordNet's licence lets anyone "use, copy, modify and distribute this software and
database ... for any purpose and without fee", provided its copyright notice and
statements appear on all copies; that notice is copied to ``lexicons/WORDNET-LICENSE.txt``
and must be shipped with the meanings.

The file holds, for every word of the shipped large and word-game lists that WordNet knows
as a lower-case (common) word, its most frequent senses: at most ``SENSES_PER_PART`` per part of speech
and ``SENSES_PER_WORD`` in all, each gloss without its example sentences.  Senses that
belong to a capitalised form only (``Turkey`` the country for TURKEY) are left out.  Lines:

    WORD<TAB>n<TAB>gloss<TAB>v<TAB>gloss ...      a word's senses, most frequent first
    WORD<TAB>=<TAB>BASE                          an irregular form (WordNet's exceptions)

Regular inflections (OATS, RULED) are found at look-up time by WordNet's own suffix rules
(:mod:`wordstudio.lexicon.meanings`), so they are not stored.  Sorted by word; gzip'd.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PARTS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
SENSES_PER_PART = 2
SENSES_PER_WORD = 3
PLAIN = re.compile(r"[a-z]{2,}")
LICENCE_LINES = 29  # the licence heads every WordNet data file, as numbered lines


def game_words(lexicons: Path) -> set[str]:
    """Every word of the shipped large and word-game lists, lower case."""
    words: set[str] = set()
    for path in sorted([*lexicons.glob("en-*-large.txt"), *lexicons.glob("en-*-wordgame.txt")]):
        words.update(path.read_text(encoding="ascii").lower().split())
    return words


def synset_glosses(path: Path) -> dict[str, tuple[set[str], str]]:
    """offset -> (the synset's lower-case words, its gloss without examples)."""
    out: dict[str, tuple[set[str], str]] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue  # the licence
        head, _, gloss = line.partition(" | ")
        fields = head.split()
        count = int(fields[3], 16)
        lemmas = {fields[4 + 2 * i] for i in range(count)}
        lemmas = {re.sub(r"\(.*\)$", "", lemma) for lemma in lemmas}
        out[fields[0]] = ({w for w in lemmas if w.islower()}, _definition(gloss))
    return out


def _definition(gloss: str) -> str:
    """The gloss up to its first quoted example; tidy spacing."""
    text = re.split(r';\s*"', gloss.strip(), maxsplit=1)[0]
    return " ".join(text.strip().rstrip(";").split())


def senses(wordnet: Path, words: set[str]) -> dict[str, list[tuple[str, str]]]:
    found: dict[str, list[tuple[str, str]]] = {}
    for part, tag in PARTS.items():
        glosses = synset_glosses(wordnet / f"data.{part}")
        for line in (wordnet / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            fields = line.split()
            lemma = fields[0]
            if not PLAIN.fullmatch(lemma) or lemma not in words:
                continue
            offsets = fields[-int(fields[2]) :]
            kept = 0
            for offset in offsets:
                lower, gloss = glosses[offset]
                if lemma in lower and gloss and kept < SENSES_PER_PART:
                    found.setdefault(lemma, []).append((tag, gloss))
                    kept += 1
    return {word: entries[:SENSES_PER_WORD] for word, entries in found.items()}


def exceptions(wordnet: Path, words: set[str], known: set[str]) -> dict[str, str]:
    """Irregular forms (GEESE -> GOOSE) of game words whose base has a meaning."""
    out: dict[str, str] = {}
    for part in PARTS:
        path = wordnet / f"{part}.exc"
        for line in path.read_text(encoding="latin-1").splitlines():
            fields = line.split()
            if len(fields) < 2:
                continue
            form, base = fields[0], fields[1]
            if PLAIN.fullmatch(form) and form in words and base in known and form not in known:
                out.setdefault(form, base)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--lexicons", type=Path, default=HERE)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    if not (args.wordnet / "data.noun").exists():
        print(f"no WordNet database in {args.wordnet}: apt-get install wordnet-base",
              file=sys.stderr)
        return 1
    words = game_words(args.lexicons)
    meanings = senses(args.wordnet, words)
    irregular = exceptions(args.wordnet, words, set(meanings))
    lines = []
    for word, entries in meanings.items():
        lines.append("\t".join([word.upper(), *(f for e in entries for f in e)]))
    for form, base in irregular.items():
        lines.append(f"{form.upper()}\t=\t{base.upper()}")
    lines.sort()
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / "meanings.txt.gz"
    # mtime=0 and a fixed name keep the file byte-for-byte reproducible.
    with open(target, "wb") as raw, gzip.GzipFile("meanings.txt", "wb", 9, raw, mtime=0) as out:
        out.write(("\n".join(lines) + "\n").encode("utf-8"))
    licence = (args.wordnet / "data.noun").read_text(encoding="latin-1").splitlines()
    notice = [re.sub(r"^\s*\d+ ", "", line).rstrip() for line in licence[:LICENCE_LINES]]
    (args.out / "WORDNET-LICENSE.txt").write_text(
        "The word meanings in meanings.txt.gz are derived from WordNet 3.0.\n\n"
        + "\n".join(notice) + "\n", encoding="utf-8")
    print(f"{target.name}: {len(meanings)} words with meanings, {len(irregular)} irregular forms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
