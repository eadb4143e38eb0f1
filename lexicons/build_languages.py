#!/usr/bin/env python3
"""Derive the word lists of the ten language games from Debian's word-list and Hunspell
packages.

    apt-get install wfrench wspanish wngerman witalian wdutch wcatalan wpolish \\
        wportuguese wswedish wnorwegian hunspell-es hunspell-tools
    python lexicons/build_languages.py          # writes lexicons/<code>.txt.gz

Each list is what a word game of that language accepts, as far as the sources tell:

1. the words of the language's Debian list (``/usr/share/dict/...``); Spanish's plain list
   (``wspanish``, 86,000 words) lacks most verb forms, so its words are joined by every
   form Hunspell's Spanish dictionary (``hunspell-es``, ``es_ES``) makes, expanded with
   Hunspell's own ``unmunch`` - less the forms with enclitic pronouns (DAME, COMIÉNDOSELO),
   which the Spanish federation's rules do not accept: an affix class is left out when
   every suffix it adds ends in a pronoun, and so is an infinitive or gerund followed by
   pronouns whose bare form is in the list (MOSTRARSE, MOSTRANDOSE);
2. entries with a capital letter are dropped (proper nouns, abbreviations) - but for German,
   whose nouns are written with one: there only entries with a capital after the first
   letter (abbreviations such as GmbH, DDR) are dropped; German proper nouns cannot be
   told from other nouns in the source and stay;
3. entries with anything but letters (hyphens, apostrophes, full stops, digits) are
   dropped, but for Catalan's ``l·l``;
4. entries with no vowel are dropped: these lists hold unit symbols and abbreviations in
   lower case (km, mg, cm, kb...) and no real word of these languages lacks a vowel
   (the one-letter ones aside, which no game takes);
5. each word is written in the game's tiles (:mod:`wordstudio.lexicon.spelling`: marks
   without a tile dropped, multi-letter tiles taken) and kept when it makes 2 to 15 tiles
   (the board is 15 squares long).

A list whose alphabet is not A-Z begins with a line ``#alphabet: A B C CH ...`` naming
the game's tiles, as the word-list reader expects.  The files are gzip-compressed with no
time stamp, so a rebuild gives the same bytes.  Each source package's copyright file is
copied to ``lexicons/licenses/<package>.txt``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.lexicon.spelling import Spelling  # noqa: E402

#: Where Debian puts its word lists and Hunspell dictionaries (these variables move them).
DICT = Path(os.environ.get("WORDSTUDIO_DICT_DIR") or "/usr/share/dict")
HUNSPELL = Path(os.environ.get("WORDSTUDIO_HUNSPELL_DIR") or "/usr/share/hunspell")
MAX_TILES = 15
#: Spanish enclitic pronouns, one or two of them at the end of a verb form.
SPANISH_CLITICS = re.compile(r"(?:me|te|se|nos|os|lo|la|le|los|las|les){1,2}$")
#: A folded Spanish word that is an infinitive or a gerund with pronouns after it.
SPANISH_ENCLITIC = re.compile(r"(.{2,}(?:AR|ER|IR|NDO))(?:ME|TE|SE|NOS|OS|LO|LA|LE|LOS|LAS|LES){1,2}")
_LETTERS = re.compile(r"[^\W\d_]+")
#: Vowels, marks aside (Polish ą ę ó, Nordic å ä ö æ ø all count).
VOWELS = frozenset("aeiouyæøœ")


@dataclass(frozen=True)
class Language:
    """Where one language's words come from."""

    code: str
    name: str
    lists: tuple[tuple[str, str], ...]  # (file in /usr/share/dict, encoding)
    packages: tuple[str, ...]
    hunspell: str = ""  # a Hunspell dictionary to expand (its affixes without clitics)
    capitalised_nouns: bool = False


LANGUAGES = (
    Language("fr", "French", (("french", "utf-8"),), ("wfrench",)),
    Language("es", "Spanish", (("spanish", "utf-8"),), ("wspanish", "hunspell-es", "hunspell-tools"),
             hunspell="es_ES"),
    Language("de", "German", (("ngerman", "utf-8"),), ("wngerman",), capitalised_nouns=True),
    Language("it", "Italian", (("italian", "utf-8"),), ("witalian",)),
    Language("nl", "Dutch", (("dutch", "utf-8"),), ("wdutch",)),
    Language("ca", "Catalan", (("catalan", "utf-8"),), ("wcatalan",)),
    Language("pl", "Polish", (("polish", "utf-8"),), ("wpolish",)),
    Language("pt", "Portuguese", (("portuguese", "utf-8"),), ("wportuguese",)),
    Language("sv", "Swedish", (("swedish", "latin-1"),), ("wswedish",)),
    Language("nb", "Norwegian (Bokmål)", (("bokmål", "latin-1"),), ("wnorwegian",)),
)


def missing_packages(language: Language) -> list[str]:
    """The source packages of ``language`` that are not installed."""
    absent = [pkg for (name, _), pkg in zip(language.lists, language.packages, strict=False)
              if not (DICT / name).exists()]
    if language.hunspell:
        if not (HUNSPELL / f"{language.hunspell}.dic").exists():
            absent.append("hunspell-" + language.hunspell.split("_")[0])
        if shutil.which("unmunch") is None:
            absent.append("hunspell-tools")
    return absent


def is_entry_kept(entry: str, language: Language) -> bool:
    """Rules 2-4: no capital (German: none after the first letter), letters only, a vowel."""
    text = entry.replace("l·l", "ll") if language.code == "ca" else entry
    if _LETTERS.fullmatch(text) is None:
        return False
    if not any(_base(ch) in VOWELS for ch in text.lower()):
        return False
    if language.capitalised_nouns:
        return text[1:] == text[1:].lower()
    return text == text.lower()


def _base(ch: str) -> str:
    """A letter without its marks (å -> a, ø and æ stay)."""
    return unicodedata.normalize("NFD", ch)[0]


# --- Hunspell ---------------------------------------------------------------------------
def clitic_flags(aff: str) -> set[str]:
    """Suffix classes of a Spanish affix file all of whose suffixes end in pronouns
    (and take no further affix)."""
    rules: dict[str, list[str]] = {}
    for line in aff.splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[0] == "SFX" and parts[2] not in ("Y", "N"):
            rules.setdefault(parts[1], []).append(parts[3])
    # A suffix that takes further affixes (/S: a plural) makes a noun or adjective, as
    # the diminutives -illa, -illo and -ble do; pronouns take none.
    return {flag for flag, adds in rules.items()
            if adds and all("/" not in a and SPANISH_CLITICS.search(a) for a in adds)}


def hunspell_forms(name: str, drop: Iterable[str] = ()) -> list[str]:
    """Every form ``unmunch`` makes from the Hunspell dictionary ``name``, without the
    affix classes ``drop``."""
    dic = (HUNSPELL / f"{name}.dic").read_text(encoding="utf-8")
    dropped = set(drop)
    lines = dic.splitlines()
    kept = [lines[0]]
    for line in lines[1:]:
        word, slash, rest = line.partition("/")
        if slash:
            flags, space, morph = rest.partition(" ") if " " in rest else rest.partition("\t")
            flags = "".join(f for f in flags if f not in dropped)
            line = f"{word}/{flags}{space}{morph}" if flags else word
        kept.append(line)
    with tempfile.TemporaryDirectory(prefix="wordstudio-unmunch-") as folder:
        path = Path(folder) / f"{name}.dic"
        path.write_text("\n".join(kept) + "\n", encoding="utf-8")
        result = subprocess.run(["unmunch", str(path), str(HUNSPELL / f"{name}.aff")],
                                capture_output=True, check=True)
    return result.stdout.decode("utf-8", errors="replace").split()


# --- the lists --------------------------------------------------------------------------
def source_entries(language: Language) -> set[str]:
    entries: set[str] = set()
    for name, encoding in language.lists:
        text = (DICT / name).read_bytes().decode(encoding)
        entries.update(line.strip() for line in text.splitlines() if line.strip())
    if language.hunspell:
        aff = (HUNSPELL / f"{language.hunspell}.aff").read_text(encoding="utf-8")
        entries.update(hunspell_forms(language.hunspell, clitic_flags(aff)))
    return entries


def alphabet_of(code: str) -> tuple[str, ...]:
    return load_config(ROOT / "boards" / f"{code}.cfg").tiles.alphabet


def game_words(language: Language, entries: Iterable[str]) -> list[str]:
    """The game's words (rules 2-5), folded into its tiles, sorted."""
    spelling = Spelling.of(alphabet_of(language.code))
    words: set[str] = set()
    for entry in entries:
        if not is_entry_kept(entry, language):
            continue
        folded = spelling.fold(entry)
        if folded is None:
            continue
        tiles = spelling.split(folded)
        if tiles is not None and 2 <= len(tiles) <= MAX_TILES:
            words.add(folded)
    if language.hunspell == "es_ES":
        words -= spanish_enclitic_forms(words)
    return sorted(words)


def spanish_enclitic_forms(words: set[str]) -> set[str]:
    """Infinitives and gerunds with pronouns after them whose bare form is in ``words``
    (MOSTRARSE, MOSTRANDOSE: Hunspell lists pronominal verbs with their pronoun)."""
    found = set()
    for word in words:
        match = SPANISH_ENCLITIC.fullmatch(word)
        if match is not None and match.group(1) in words:
            found.add(word)
    return found


def list_text(alphabet: tuple[str, ...], words: list[str]) -> str:
    header = "" if alphabet == tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ") else (
        "#alphabet: " + " ".join(alphabet) + "\n")
    return header + "\n".join(words) + "\n"


def compressed(text: str) -> bytes:
    """gzip with no name and no time stamp: the same text always gives the same bytes."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as out:
        out.write(text.encode("utf-8"))
    return buffer.getvalue()


def build(language: Language, out: Path) -> tuple[int, int]:
    """Write one language's list; (words, bytes written)."""
    words = game_words(language, source_entries(language))
    data = compressed(list_text(alphabet_of(language.code), words))
    (out / f"{language.code}.txt.gz").write_bytes(data)
    licenses = out / "licenses"
    licenses.mkdir(parents=True, exist_ok=True)
    for package in language.packages:
        if package == "hunspell-tools":
            continue
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        if copyright_file.exists():
            shutil.copyfile(copyright_file, licenses / f"{package}.txt")
    return len(words), len(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("codes", nargs="*", help="languages to build (default: all)")
    args = parser.parse_args(argv)
    chosen = [lang for lang in LANGUAGES if not args.codes or lang.code in args.codes]
    failed = 0
    for language in chosen:
        absent = missing_packages(language)
        if absent:
            print(f"{language.code}: missing packages: apt-get install {' '.join(absent)}",
                  file=sys.stderr)
            failed += 1
            continue
        count, size = build(language, args.out)
        print(f"{language.code}.txt.gz: {count} words, {size} bytes")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
