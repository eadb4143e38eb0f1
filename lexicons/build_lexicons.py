#!/usr/bin/env python3
"""Derive WordStudio's shipped word lists from their sources.

    apt-get install scowl
    python lexicons/build_lexicons.py            # writes lexicons/*.txt and lists.json

Every list is rebuilt byte for byte from these sources (each one's version and licence is
in ``SOURCES`` and, for the program, in ``lexicons/lists.json``):

* SCOWL 2020.12.07, Kevin Atkinson's spell-checker word lists (Debian's ``scowl``
  package; a permissive licence whose notice, ``SCOWL-COPYRIGHT.txt``, ships with them);
* ENABLE, the public-domain word list word games have used since 2000 (a copy is kept in
  ``lexicons/sources/enable1.txt.gz``; ``lexicons/sources/README.md`` says where from);
* four reviewed files of our own, each entry with its reason: ``not-words.txt``
  (abbreviations and acronyms), ``additions.txt`` (words the tournament lists added since
  2000), ``offensive-words.txt`` (slurs and offensive words) and ``wordwar-not-words.txt``
  (what Word War does not count).

The lists, for each spelling (``en-US``, ``en-GB``):

* ``common``, ``standard``, ``large``: dictionary lists, SCOWL sizes up to 35, 70 and 80.
  Only SCOWL's ``words`` category is read, and of it (1) only entries of plain lower-case
  letters a-z, two or more, are kept: that drops anything capitalised (proper nouns),
  apostrophes, hyphens and accented (foreign) spellings; (2) entries with no vowel (a, e,
  i, o, u, y) are dropped unless they are one of the few vowelless words word games accept
  (``VOWELLESS_WORDS``: HMM, SHH, CWM, NTH...) - that is how SCOWL files unit symbols and
  abbreviations in lower case (``lm``, ``kb``) and the plurals of letters (``cs``); (3)
  entries of ``not-words.txt`` are dropped.  Spellings (SCOWL's advice for combining its
  lists): American is ``english`` + ``american`` + ``variant_1``; British is ``english`` +
  ``british`` + ``british_z`` (the Oxford -ize spellings British games accept) +
  ``british_variant_1``.
* ``wordgame``: the word-game list, default of every crossword game - ENABLE, the standard
  list of the same spelling (but its two-letter words: a word game's are ENABLE's and the
  additions', not SCOWL's JA and OO) and ``additions.txt``, less ``not-words.txt`` (but for
  the entries it marks "dictionary": the tournament lists' NE, DE, ET).
* ``wordwar``: Word War's default - the standard list less ``wordwar-not-words.txt``.
* each of these again as ``<name>-family``: less ``offensive-words.txt``.

Words are upper-cased and written sorted, one per line.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCOWL_SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)
SPELLINGS = {
    "en-US": ("english", "american", "variant_1"),
    "en-GB": ("english", "british", "british_z", "british_variant_1"),
}
LIMITS = {"common": 35, "standard": 70, "large": 80}
#: The kinds of list, in the order they are listed.
KINDS = ("common", "standard", "large", "wordgame", "wordwar")
FAMILY = "family"
PLAIN_WORD = re.compile(r"[a-z]{2,}")
VOWEL = re.compile(r"[aeiouy]")
#: Words without a vowel that word games accept (all others are symbols or letter plurals).
VOWELLESS_WORDS = frozenset([
    "brr", "brrr", "crwth", "crwths", "cwm", "cwms", "hmm", "nth", "pfft", "phpht", "pht",
    "psst", "sh", "shh", "tsk", "tsks", "tsktsk", "tsktsks", "zzz",
])
NOT_WORDS = HERE / "not-words.txt"
ADDITIONS = HERE / "additions.txt"
OFFENSIVE_WORDS = HERE / "offensive-words.txt"
WORDWAR_NOT_WORDS = HERE / "wordwar-not-words.txt"
ENABLE = HERE / "sources" / "enable1.txt.gz"
#: SHA-256 of ENABLE as fetched (before gzip): the build refuses any other copy.
ENABLE_SHA256 = "aa2f7a2d2a38adb0faefc564d3eae7ef243048c9955d77afb7a86c366b4a8482"
#: The scope a not-words entry may carry: dropped from the dictionary lists only.
DICTIONARY_ONLY = "dictionary"
CATALOG = "lists.json"

#: Each source's short name, as ``wordstudio lexicon info`` lists it.
SOURCE_NAMES = {
    "scowl": "SCOWL 2020.12.07", "enable": "ENABLE", "additions": "additions.txt",
    "not-words": "not-words.txt", "wordwar": "wordwar-not-words.txt",
    "offensive": "offensive-words.txt",
}
#: Each source: what it is, its version and its licence (``lists.json`` repeats them).
SOURCES = {
    "scowl": "SCOWL 2020.12.07 by Kevin Atkinson (Debian package scowl); permissive "
             "licence, notice in lexicons/SCOWL-COPYRIGHT.txt",
    "enable": "ENABLE, the Enhanced North American Benchmark Lexicon (172,820 words); "
              "public domain; lexicons/sources/enable1.txt.gz",
    "additions": "lexicons/additions.txt: words the tournament lists added since 2000, "
                 "reviewed for WordStudio",
    "not-words": "lexicons/not-words.txt: abbreviations, acronyms and foreign words "
                 "taken out, reviewed for WordStudio",
    "wordwar": "lexicons/wordwar-not-words.txt: interjections and prefixes Word War does "
               "not count, reviewed for WordStudio",
    "offensive": "lexicons/offensive-words.txt: slurs and offensive words taken out, "
                 "written and reviewed for WordStudio",
}
USES = {
    "common": "everyday words: the vocabulary of skill levels 1-4, and Word For Word's default",
    "standard": "a dictionary list",
    "large": "a large dictionary list (SCOWL size 80), rare words and all",
    "wordgame": "the words word-game players play: the default of every crossword game",
    "wordwar": "Word War's default: the standard list as Word War's rules count words",
}


def read_scowl_file(path: Path) -> list[str]:
    """The entries of one SCOWL list (Latin-1 in older releases, UTF-8 in newer ones)."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return [line.strip() for line in text.splitlines() if line.strip()]


def read_reviewed(path: Path) -> list[tuple[list[str], str, int]]:
    """The entries of a reviewed file: (fields before ``#``, the reason, line number)."""
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        fields, _, reason = line.partition("#")
        if fields.split():
            entries.append((fields.split(), reason.strip(), number))
    return entries


def read_words_file(path: Path) -> frozenset[str]:
    """Every word a reviewed file lists (one word and its forms a line), lower case."""
    words: set[str] = set()
    for fields, _reason, number in read_reviewed(path):
        for word in fields:
            if not PLAIN_WORD.fullmatch(word):
                raise ValueError(f"{path.name}, line {number}: {word!r} is not a plain "
                                 "lower-case word")
            words.add(word)
    return frozenset(words)


def read_not_words(path: Path = NOT_WORDS, *, dictionary: bool = True) -> frozenset[str]:
    """The reviewed exclusions: for a dictionary list every entry; for a word-game list
    (``dictionary=False``) those not marked ``dictionary``."""
    words = set()
    for fields, _reason, number in read_reviewed(path):
        scope = [field for field in fields if field == DICTIONARY_ONLY]
        entries = [field for field in fields if field != DICTIONARY_ONLY]
        if not entries or not all(PLAIN_WORD.fullmatch(word) for word in entries):
            raise ValueError(f"{path.name}, line {number}: expected lower-case words")
        if dictionary or not scope:
            words.update(entries)
    return frozenset(words)


def is_game_word(entry: str, not_words: frozenset[str]) -> bool:
    """Whether a SCOWL ``words`` entry belongs in a dictionary list (rules 1-3 above)."""
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


def enable_words(path: Path = ENABLE) -> set[str]:
    """ENABLE's words, upper case; the copy must be the one recorded (``ENABLE_SHA256``)."""
    raw = gzip.decompress(path.read_bytes())
    digest = hashlib.sha256(raw).hexdigest()
    if digest != ENABLE_SHA256:
        raise ValueError(f"{path}: not the recorded copy of ENABLE (SHA-256 {digest})")
    return {word.upper() for word in raw.decode("ascii").split()}


def upper(words: Iterable[str]) -> set[str]:
    return {word.upper() for word in words}


def family_name(ident: str) -> str:
    return f"{ident}-{FAMILY}"


def build_lists(scowl_dir: Path) -> dict[str, set[str]]:
    """Every shipped list by name (see the module's docstring)."""
    not_words = read_not_words()
    game_not_words = upper(read_not_words(dictionary=False))
    enable = enable_words()
    additions = upper(read_words_file(ADDITIONS))
    wordwar_not_words = upper(read_words_file(WORDWAR_NOT_WORDS))
    offensive = upper(read_words_file(OFFENSIVE_WORDS))
    lists: dict[str, set[str]] = {}
    for code, parts in SPELLINGS.items():
        for size, limit in LIMITS.items():
            lists[f"{code}-{size}"] = scowl_words(scowl_dir, parts, limit, not_words)
        standard = lists[f"{code}-standard"]
        # Two-letter words are the tournament lists' own: SCOWL's JA and OO are not.
        longer = {word for word in standard if len(word) > 2}
        lists[f"{code}-wordgame"] = (enable | longer | additions) - game_not_words
        lists[f"{code}-wordwar"] = standard - wordwar_not_words
    for ident in list(lists):
        lists[family_name(ident)] = lists[ident] - offensive
    return lists


def list_sources(kind: str, family: bool) -> list[str]:
    """The sources (keys of ``SOURCES``) a list of ``kind`` is made from, in order."""
    names = {
        "common": ["scowl", "not-words"],
        "standard": ["scowl", "not-words"],
        "large": ["scowl", "not-words"],
        "wordgame": ["enable", "scowl", "additions", "not-words"],
        "wordwar": ["scowl", "not-words", "wordwar"],
    }[kind]
    return names + (["offensive"] if family else [])


def catalog(lists: dict[str, set[str]]) -> dict[str, dict[str, object]]:
    """What ``lists.json`` says of each list: its kind, use, size, two-letter words and
    sources (short names, and each in full with its version and licence)."""
    out: dict[str, dict[str, object]] = {}
    for code in SPELLINGS:
        for family in (False, True):
            for kind in KINDS:
                ident = f"{code}-{kind}"
                name = family_name(ident) if family else ident
                limit = LIMITS.get(kind, LIMITS["standard"])
                keys = list_sources(kind, family)
                short = [f"{SOURCE_NAMES[key]} (size {limit})" if key == "scowl"
                         else SOURCE_NAMES[key] for key in keys]
                full = [f"{SOURCES[key]} (sizes up to {limit})" if key == "scowl"
                        else SOURCES[key] for key in keys]
                use = USES[kind] + ("; without slurs and offensive words" if family else "")
                words = lists[name]
                out[name] = {"spelling": code, "kind": kind, "family": family, "use": use,
                             "words": len(words),
                             "two_letter_words": sum(len(word) == 2 for word in words),
                             "made_from": short, "sources": full}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scowl", type=Path, default=Path("/usr/share/dict/scowl"))
    parser.add_argument("--copyright", type=Path, default=Path("/usr/share/doc/scowl/copyright"))
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    if not args.scowl.is_dir():
        print(f"no SCOWL lists in {args.scowl}: apt-get install scowl", file=sys.stderr)
        return 1
    lists = build_lists(args.scowl)
    args.out.mkdir(parents=True, exist_ok=True)
    for ident, words in lists.items():
        target = args.out / f"{ident}.txt"
        target.write_text("\n".join(sorted(words)) + "\n", encoding="ascii")
        print(f"{target.name}: {len(words)} words")
    (args.out / CATALOG).write_text(json.dumps(catalog(lists), indent=1) + "\n",
                                    encoding="utf-8")
    shutil.copyfile(args.copyright, args.out / "SCOWL-COPYRIGHT.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
