#!/usr/bin/env python3
"""Derive a tile set from a text and write it as a WordsWorth ``.def`` file.

    python tools/derive_tileset.py TEXT [TEXT...] --out boards/tilesets/NAME.def
        [--source "what the text is"] [--alphabet "A B C CH D ..."]
        [--tiles 100] [--blanks 2] [--max-score 10] [--min-count 1] [--distinct-words]

TEXT may be ``-`` for standard input; several texts are read as one.  The method (counts
in proportion to letter frequency by largest remainders, scores ``round(sqrt(p_max/p))``)
is described in :mod:`wordstudio.crossword.config.tilederive`; the file written says which text
it came from, how it was counted and each letter's share, so it can be made again.

The shipped sets were made with::

    bible Gen1:1-Rev22:21 > kjv.txt          # Debian packages bible-kjv, bible-kjv-text
    python tools/derive_tileset.py kjv.txt --out boards/tilesets/bible.def \\
        --source "The King James Bible ..."
    zcat /usr/share/doc/jargon-text/jargon.txt.gz > jargon.txt   # Debian jargon-text
    python tools/derive_tileset.py jargon.txt --out boards/tilesets/jargon.def \\
        --source "The Jargon File 4.4.7 ..."
    sed -n 236,3839p alice29.txt > alice.txt   # Gutenberg's 1992 etext, its header left out
    python tools/derive_tileset.py alice.txt --out boards/tilesets/alice.def --source "..."
    python tools/derive_tileset.py --sql-fields country_fields_1991.sql.gz \\
        --out boards/tilesets/cia.def --source "The World Factbook 1991 ..."

``--sql-fields`` reads the CIA World Factbooks Archive's dumps (``data/fields/
country_fields_YEAR.sql.gz``): each ``(FieldID, CategoryID, CountryID, N'name',
N'text')`` row as the line ``name: text``, SQL's doubled quotes undone.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.crossword.config.tilederive import (  # noqa: E402
    DEFAULT_BLANKS,
    DEFAULT_MAX_SCORE,
    DEFAULT_TILES,
    Derivation,
    derive,
    tileset_def_text,
)
from wordstudio.crossword.gameconfig import DEFAULT_ALPHABET  # noqa: E402


def _read(names: list[str], sql_fields: bool = False) -> str:
    parts = []
    for name in names:
        if name == "-":
            parts.append(sys.stdin.read())
        elif sql_fields:
            parts.append(sql_fields_text(Path(name).read_bytes()))
        else:
            data = Path(name).read_bytes()
            parts.append(data.decode("utf-8", errors="replace"))
    return "\n".join(parts)


#: One row of the Factbook archive's dump: the field's name and its text, quotes doubled.
_SQL_FIELD = re.compile(
    r"^\s*\(\d+, \d+, \d+, N'((?:[^']|'')*)', N'((?:[^']|'')*)'\)[,;]?\s*$", re.M)


def sql_fields_text(data: bytes) -> str:
    """The fields of an archive dump (gzip-compressed or not) as ``name: text`` lines."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    dump = data.decode("utf-8")
    return "".join(f"{m[1]}: {m[2]}\n".replace("''", "'") for m in _SQL_FIELD.finditer(dump))


def notes_for(derivation: Derivation, args: argparse.Namespace, name: str) -> list[str]:
    """The comment lines at the top of the file: source, method, shares."""
    tiles = derivation.tileset
    basis = "each different word counted once" if args.distinct_words else "running text"
    source = textwrap.wrap(args.source or "(source not given)", 84)
    shares = [
        f"{letter} {100 * derivation.share(i):.2f}" for i, letter in enumerate(tiles.alphabet)
    ]
    lines = [
        f"{name} -- a tile set derived from a text, as WordsWorth's alice/bible/cia/jargon",
        "sets were (seed 001, section 1).",
        "",
        "Source:",
        *(f"  {line}" for line in source),
        "",
        f"Counted: {derivation.letters_counted:,} letters ({basis}), in upper case, accents",
        "folded; anything that is not a letter of the alphabet is skipped.",
        f"Counts: {tiles.total_tiles - tiles.blank_count} letter tiles shared out in "
        "proportion to each letter's share,",
        f"by largest remainders, at least {args.min_count} of each; "
        f"{tiles.blank_count} blanks scoring {tiles.blank_score}.",
        "Scores: round(sqrt(share of the commonest letter / share of the letter)), "
        f"1 to {args.max_score}.",
        "Weights: 0 (no strategy preference; tune them in the designer).",
        "Made by tools/derive_tileset.py (method: wordstudio/crossword/config/tilederive.py).",
        "",
        "Share of each letter in the text, per cent:",
        *("  " + "   ".join(shares[i : i + 9]) for i in range(0, len(shares), 9)),
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("texts", nargs="+", help="text files ('-' for standard input)")
    parser.add_argument("--out", type=Path, help="the .def file to write (default: print)")
    parser.add_argument("--source", default="", help="what the text is, for the file's comments")
    parser.add_argument("--alphabet", default=" ".join(DEFAULT_ALPHABET),
                        help="the letters, separated by spaces (default A-Z)")
    parser.add_argument("--tiles", type=int, default=DEFAULT_TILES, help="tiles in all")
    parser.add_argument("--blanks", type=int, default=DEFAULT_BLANKS, help="blank tiles")
    parser.add_argument("--max-score", type=int, default=DEFAULT_MAX_SCORE,
                        help="score of the rarest letters")
    parser.add_argument("--min-count", type=int, default=1, help="fewest tiles of a letter")
    parser.add_argument("--distinct-words", action="store_true",
                        help="count each different word once instead of the running text")
    parser.add_argument("--sql-fields", action="store_true",
                        help="the texts are the CIA World Factbooks Archive's SQL dumps of "
                             "fields (.sql or .sql.gz): count each field's name and text")
    args = parser.parse_args(argv)
    alphabet = tuple(args.alphabet.upper().split())
    try:
        derivation = derive(
            _read(args.texts, args.sql_fields), alphabet, distinct_words=args.distinct_words,
            tiles=args.tiles, blanks=args.blanks, max_score=args.max_score,
            min_count=args.min_count,
        )
    except (OSError, ValueError) as exc:
        print(f"derive_tileset: {exc}", file=sys.stderr)
        return 1
    name = args.out.name if args.out else "tiles.def"
    text = tileset_def_text(derivation.tileset, notes_for(derivation, args, name))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
