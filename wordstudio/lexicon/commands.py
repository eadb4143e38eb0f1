"""Command-line tools for word lists: ``wordstudio consult`` and ``wordstudio lexicon``.

``consult`` is WordsWorth's C(onsult) command (seed 001, section 4.1): the pattern
language of :mod:`wordstudio.lexicon.pattern` over any shipped or user word list.
``lexicon info`` says what a word list holds and which lines of it were left out;
``lexicon list`` names the shipped lists.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from typing import Any

from wordstudio.lexicon.catalog import (
    DEFAULT_LEXICON,
    load_lexicon,
    resolve_lexicon,
    shipped_lexicons,
)
from wordstudio.lexicon.pattern import parse_pattern, search


def register(subparsers: Any) -> None:
    """Add ``consult`` and ``lexicon`` to the ``wordstudio`` command."""
    _register_consult(subparsers)
    _register_lexicon(subparsers)


def _register_consult(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "consult",
        help="list the words that match a WordsWorth Consult pattern",
        description=(
            "List the words a WordsWorth Consult pattern matches, longest first. "
            "Pattern: letters; '?' or '_' for a blank; [A-C], [AEIOU] for one letter of a "
            "set, [!AEIOU] for one letter not in it; '*' before a tile to require it. "
            "Quote the pattern in the shell."
        ),
    )
    parser.add_argument("pattern", help="the pattern, e.g. 'DIVIDE_' or '???*X'")
    order = parser.add_mutually_exclusive_group()
    order.add_argument(
        "--anagram",
        dest="anagram",
        action="store_true",
        default=True,
        help="the letters in any order (the default)",
    )
    order.add_argument(
        "--ordered", dest="anagram", action="store_false", help="the letters in the order given"
    )
    tiles = parser.add_mutually_exclusive_group()
    tiles.add_argument(
        "--all",
        dest="use_all",
        action="store_true",
        default=True,
        help="use every tile (the default; with '*' only the marked tiles are required)",
    )
    tiles.add_argument(
        "--some", dest="use_all", action="store_false", help="use any number of the tiles"
    )
    parser.add_argument(
        "--lexicon",
        default=DEFAULT_LEXICON,
        metavar="FILE_OR_NAME",
        help=f"a shipped list name or a word-list file (default {DEFAULT_LEXICON})",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON list of words")
    parser.add_argument(
        "--limit", type=_positive_int, metavar="N", help="stop after the first N words"
    )
    parser.set_defaults(func=_consult)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def _consult(args: argparse.Namespace) -> int:
    # The pattern first: a typing mistake should not wait for a big list to load.
    pattern = parse_pattern(args.pattern)
    words = load_lexicon(args.lexicon)
    if words.rejected:
        print(f"wordstudio: note: {words.source}: {words.rejected.describe()}", file=sys.stderr)
    found = itertools.islice(search(words, pattern, args.anagram, args.use_all), args.limit)
    if args.json:
        print(json.dumps(list(found)))
    else:
        for word in found:
            print(word)
    return 0


def _register_lexicon(subparsers: Any) -> None:
    parser = subparsers.add_parser("lexicon", help="word lists: what is shipped, what a list holds")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    info = actions.add_parser(
        "info",
        help="word count, identity and rejected lines of a word list",
        description="Load a word list as WordStudio would and report on it.",
    )
    info.add_argument("lexicon", metavar="NAME_OR_FILE", help="a shipped list name or a file")
    info.add_argument("--json", action="store_true", help="print the report as JSON")
    info.set_defaults(func=_info)
    listing = actions.add_parser("list", help="the shipped word lists")
    listing.set_defaults(func=_list)


def _info(args: argparse.Namespace) -> int:
    path = resolve_lexicon(args.lexicon)
    words = load_lexicon(path)
    lengths = [len(word) for word in words]
    report = {
        "name": words.name,
        "file": str(path),
        "words": len(words),
        "shortest": min(lengths),
        "longest": max(lengths),
        "digest": words.digest,
        "rejected_lines": words.rejected.count,
        "first_rejected": [{"line": n, "text": text} for n, text in words.rejected.first],
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"name:     {report['name']}")
    print(f"file:     {report['file']}")
    print(f"words:    {len(words)} ({report['shortest']}-{report['longest']} letters)")
    print(f"digest:   {words.digest}")
    print(f"rejected: {words.rejected.describe()}")
    return 0


def _list(args: argparse.Namespace) -> int:
    for lexicon in shipped_lexicons():
        print(f"{lexicon.ident:<16} {lexicon.label}")
    return 0
