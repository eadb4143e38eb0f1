#!/usr/bin/env python3
"""Derive the word lists of the ten language games from Debian's word-list and Hunspell
packages.

    apt-get install wfrench wspanish wngerman witalian wdutch wcatalan wpolish \\
        wportuguese wswedish wnorwegian hunspell-es hunspell-de-de hunspell-tools scowl
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
   letter (abbreviations such as GmbH, DDR) are dropped, and so are its proper nouns,
   found as :func:`german_proper_nouns` says (names elsewhere, igerman98's name class);
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
SCOWL = Path(os.environ.get("WORDSTUDIO_SCOWL_DIR") or "/usr/share/dict/scowl")
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
    #: igerman98's Hunspell dictionary, whose stems flagged with the genitive -s alone are
    #: names (the capitalised-nouns languages' proper nouns are found with it).
    names_dictionary: str = ""


LANGUAGES = (
    Language("fr", "French", (("french", "utf-8"),), ("wfrench",)),
    Language("es", "Spanish", (("spanish", "utf-8"),), ("wspanish", "hunspell-es", "hunspell-tools"),
             hunspell="es_ES"),
    Language("de", "German", (("ngerman", "utf-8"),), ("wngerman", "hunspell-de-de", "scowl"),
             capitalised_nouns=True, names_dictionary="de_DE"),
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
    if language.names_dictionary:
        if not (HUNSPELL / f"{language.names_dictionary}.dic").exists():
            absent.append("hunspell-" + language.names_dictionary.lower().replace("_", "-"))
        if not SCOWL.is_dir():
            absent.append("scowl")
        absent += [pkg for lang in LANGUAGES if not lang.capitalised_nouns
                   for (name, _), pkg in zip(lang.lists, lang.packages, strict=False)
                   if not (DICT / name).exists() and pkg not in absent]
    return absent


def needed_packages(language: Language) -> tuple[str, ...]:
    """Every package ``language``'s list is built from: its own, and for a language whose
    proper nouns are found by the other lists, theirs."""
    if not language.names_dictionary:
        return language.packages
    others = [lang.packages[0] for lang in LANGUAGES if not lang.capitalised_nouns]
    return (*language.packages, *others)


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


# --- proper nouns of a language that capitalises its nouns --------------------------------
#: German plural and case endings of a common noun (a name has only the genitive -s).
NOUN_ENDINGS = ("e", "en", "n", "er", "ern", "es", "se", "sen", "nen")
#: The endings an inflected form adds to its stem (its genitive -s too).
FORM_ENDINGS = ("s", "e", "en", "n", "er", "ern", "es")
#: The last vowel of a stem and its umlaut (Mann -> Männer, Haus -> Häuser).
UMLAUTS = (("au", "äu"), ("a", "ä"), ("o", "ö"), ("u", "ü"))


def _umlauted(word: str) -> str:
    for plain, marked in UMLAUTS:
        at = word.rfind(plain)
        if at > 0:
            return word[:at] + marked + word[at + len(plain):]
    return word


def _declines(word: str, entries: set[str]) -> bool:
    """Whether ``entries`` hold a plural or a case form of ``word`` that names lack (a
    place's people, Berliner, Berlinern, Berlinerin, are not its plural)."""
    demonym = word + "erin" in entries
    forms = [word + ending for ending in NOUN_ENDINGS
             if not (demonym and ending in ("er", "ern"))]
    umlauted = _umlauted(word)
    if umlauted != word:
        forms += [umlauted + ending for ending in ("", "e", "en", "er", "ern")]
    return any(form in entries for form in forms)


def german_proper_nouns(entries: set[str], stem_flags: dict[str, str],
                        named_elsewhere: set[str], written_lower: set[str],
                        not_names: set[str]) -> set[str]:
    """The proper nouns among the entries of a language that capitalises every noun.

    A capitalised entry is a name (first name, surname, place, brand) when it is written
    with a capital and never in lower case in the word lists of languages that capitalise
    only names (``named_elsewhere``, ``written_lower``: Berlin, Mozart, Nokia), or when
    igerman98's Hunspell dictionary gives its stem the genitive -s and nothing else
    (``stem_flags``: Waigel's class, Lindenberg/S) - unless the entries decline it as a
    common noun (a plural or the genitive -es: Fischer, Fischern; Bach, Bäche), it is a
    form of a common noun (Katzen), or the reviewed list ``not_names`` keeps it (common
    nouns that are also surnames or brands elsewhere: Zucker, Keller, Cola).  A name's
    genitive (Goethes) goes with it."""
    capitalised = {e for e in entries if e[:1].isupper() and e[1:] == e[1:].lower()}
    candidates = {e for e in capitalised
                  if ((e in named_elsewhere and e.lower() not in written_lower)
                      or stem_flags.get(e) == "S")
                  and not _declines(e, entries)}
    names = {e for e in candidates
             if not any(e.endswith(end) and e[:-len(end)] in capitalised
                        and e[:-len(end)] not in candidates for end in FORM_ENDINGS)}
    names -= not_names
    return names | {n + "s" for n in names if n + "s" in entries and n + "s" not in not_names}


def hunspell_stem_flags(name: str) -> dict[str, str]:
    """Each stem of the Hunspell dictionary ``name`` and its affix flags."""
    flags: dict[str, str] = {}
    for line in (HUNSPELL / f"{name}.dic").read_text(encoding="utf-8").splitlines()[1:]:
        stem, _, rest = line.partition("/")
        if stem and not stem[0].isspace():
            flags[stem.split()[0]] = rest.split()[0] if rest.split() else ""
    return flags


def written_elsewhere() -> tuple[set[str], set[str]]:
    """Words the other languages' lists and SCOWL's English lists write with a capital
    (their proper nouns: those languages capitalise nothing else) and in lower case."""
    sources = [(DICT / name, encoding) for lang in LANGUAGES if not lang.capitalised_nouns
               for name, encoding in lang.lists]
    sources += [(path, "latin-1") for path in sorted(SCOWL.glob("english-*"))]
    capital: set[str] = set()
    lower: set[str] = set()
    for path, encoding in sources:
        for line in path.read_bytes().decode(encoding).splitlines():
            word = line.strip()
            if word:
                (capital if word[:1].isupper() else lower).add(word)
    return capital, {word.lower() for word in lower}


def not_names(code: str) -> set[str]:
    """The reviewed common nouns ``lexicons/<code>-not-names.txt`` keeps (``#`` comments)."""
    path = HERE / f"{code}-not-names.txt"
    if not path.exists():
        return set()
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return {line for line in lines if line}


def without_proper_nouns(language: Language, entries: set[str]) -> set[str]:
    if not language.names_dictionary:
        return entries
    capital, lower = written_elsewhere()
    names = german_proper_nouns(entries, hunspell_stem_flags(language.names_dictionary),
                                capital, lower, not_names(language.code))
    return entries - names


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
    words = game_words(language, without_proper_nouns(language, source_entries(language)))
    data = compressed(list_text(alphabet_of(language.code), words))
    (out / f"{language.code}.txt.gz").write_bytes(data)
    licenses = out / "licenses"
    licenses.mkdir(parents=True, exist_ok=True)
    for package in language.packages:
        if package in ("hunspell-tools", "scowl"):  # scowl's notice ships as SCOWL-COPYRIGHT.txt
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
