"""Command-line tools for word lists: ``wordstudio consult`` and ``wordstudio lexicon``.

``consult`` is WordsWorth's C(onsult) command (seed 001, section 4.1): the pattern
language of :mod:`wordstudio.lexicon.pattern` over any shipped or user word list.
``lexicon info`` says, for every shipped list, its size, two-letter words and sources, and
for one list what it holds and which lines of it were left out; ``lexicon check`` is the
word judge (:mod:`wordstudio.lexicon.judge`); ``lexicon list`` names the shipped and
personal lists; ``lexicon define`` gives meanings;
``lexicon new``, ``add``, ``remove`` and ``show`` keep the player's personal and topic
lists (:mod:`wordstudio.lexicon.personal`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from typing import Any

from wordstudio.lexicon.catalog import (
    DEFAULT_LEXICON,
    available_lexicons,
    list_record,
    load_lexicon,
    resolve_lexicon,
    shipped_lexicons,
)
from wordstudio.lexicon.judge import judge
from wordstudio.lexicon.meanings import describe_word, meaning_of
from wordstudio.lexicon.pattern import parse_pattern, search
from wordstudio.lexicon.personal import (
    change_personal,
    create_personal,
    find_personal,
    load_personal,
    personal_dir,
)
from wordstudio.lexicon.wordlist import LexiconError, load_word_list
from wordstudio.paths import lexicons_dir


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
    parser.add_argument(
        "--meanings", action="store_true", help="give each word's first meaning (WordNet)"
    )
    parser.set_defaults(func=_consult)


#: The most words ``--limit`` may ask for (far more than any list holds).
MAX_LIMIT = 1_000_000_000


def _positive_int(text: str) -> int:
    digits = text.strip().lstrip("+")
    value = int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 10 else 0
    if not 1 <= value <= MAX_LIMIT:
        shown = text if len(text) <= 20 else text[:17] + "..."
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {MAX_LIMIT:,}, "
                                         f"not {shown!r}")
    return value


def _consult(args: argparse.Namespace) -> int:
    # The pattern first: a typing mistake should not wait for a big list to load.
    pattern = parse_pattern(args.pattern)
    words = load_lexicon(args.lexicon)
    if words.rejected:
        print(f"wordstudio: note: {words.source}: {words.rejected.describe()}", file=sys.stderr)
    found = itertools.islice(search(words, pattern, args.anagram, args.use_all), args.limit)
    if args.meanings:
        return _print_with_meanings(list(found), args.json)
    if args.json:
        print(json.dumps(list(found)))
    else:
        for word in found:
            print(word)
    return 0


def _first_meaning(word: str) -> str:
    meaning = meaning_of(word)
    if meaning is None or not meaning.senses:
        return ""
    sense = meaning.senses[0]
    form = f"(a form of {meaning.base}) " if meaning.base != meaning.word else ""
    return f"{form}{sense.part}: {sense.gloss}"


def _print_with_meanings(words: list[str], as_json: bool) -> int:
    if as_json:
        print(json.dumps([{"word": w, "meaning": _first_meaning(w)} for w in words]))
        return 0
    for word in words:
        meaning = _first_meaning(word)
        print(f"{word}\t{meaning}" if meaning else word)
    return 0


def _register_lexicon(subparsers: Any) -> None:
    parser = subparsers.add_parser("lexicon", help="word lists: what is shipped, what a list holds")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    info = actions.add_parser(
        "info",
        help="what the shipped lists hold, or the word count, identity and rejected lines "
             "of one list",
        description="Without a list: every shipped list, its size, two-letter words and "
                    "sources.  With one: load it as WordStudio would and report on it.",
    )
    info.add_argument("lexicon", metavar="NAME_OR_FILE", nargs="?",
                      help="a shipped list name or a file (default: every shipped list)")
    info.add_argument("--json", action="store_true", help="print the report as JSON")
    info.set_defaults(func=_info)
    check = actions.add_parser(
        "check", help="the word judge: is each word in the list?",
        description="Say at once whether each word is in the word list, as a club's word "
                    "judge does; a play stands only if every word it makes is.  Exit "
                    "status 0 when every word is acceptable, 1 when one is not.")
    check.add_argument("words", nargs="+", metavar="WORD")
    check.add_argument("--lexicon", default=DEFAULT_LEXICON, metavar="NAME_OR_FILE",
                       help=f"a shipped list name or a word-list file (default {DEFAULT_LEXICON})")
    check.add_argument("--json", action="store_true", help="print the answers as JSON")
    check.set_defaults(func=_check)
    listing = actions.add_parser("list", help="the shipped word lists and your own")
    listing.set_defaults(func=_list)
    define = actions.add_parser(
        "define", help="what words mean (from WordNet)",
        description="Print the meanings of words, most frequent first, from WordNet 3.0.")
    define.add_argument("words", nargs="+", metavar="WORD")
    define.set_defaults(func=_define)
    _register_personal(actions)


def _register_personal(actions: Any) -> None:
    new = actions.add_parser(
        "new", help="make a personal or topic word list",
        description=(
            "Make a personal word list: a shipped list (--base) with your own words added "
            "or taken away, or a topic list (--topic) of its own words only, as WORDwhami "
            "plays a game 'limited to the terminology of a specific subject'. Words come "
            "from --from FILE (one word a line; lines that are not words are reported and "
            "left out) and from 'wordstudio lexicon add'."))
    new.add_argument("name", help="the list's name (choose it as a game's word list)")
    kind = new.add_mutually_exclusive_group()
    kind.add_argument("--base", default=DEFAULT_LEXICON, metavar="LIST",
                      help=f"the shipped list it changes (default {DEFAULT_LEXICON})")
    kind.add_argument("--topic", metavar="SUBJECT",
                      help="a topic list: only its own words, about SUBJECT")
    new.add_argument("--from", dest="source", metavar="FILE", help="take words from a file")
    new.set_defaults(func=_new)
    for action, verb in (("add", "add words to"), ("remove", "take words away from")):
        change = actions.add_parser(action, help=f"{verb} a personal word list")
        change.add_argument("name", help="the personal list's name")
        change.add_argument("words", nargs="+", metavar="WORD")
        change.set_defaults(func=_change, action_name=action)
    show = actions.add_parser("show", help="what a personal list adds and takes away")
    show.add_argument("name", help="the personal list's name")
    show.set_defaults(func=_show)
    folder = actions.add_parser("folder", help="print the folder that holds personal lists")
    folder.set_defaults(func=lambda args: print(personal_dir()) or 0)


def _info(args: argparse.Namespace) -> int:
    if args.lexicon is None:
        return _info_shipped(args.json)
    path = resolve_lexicon(args.lexicon)
    words = load_lexicon(path)
    lengths = [len(word) for word in words]
    record = list_record(path.stem) if path.parent == lexicons_dir() else {}
    report = {
        "name": words.name,
        "file": str(path),
        "words": len(words),
        "two_letter_words": len(words.of_length(2)),
        "shortest": min(lengths),
        "longest": max(lengths),
        "digest": words.digest,
        "rejected_lines": words.rejected.count,
        "first_rejected": [{"line": n, "text": text} for n, text in words.rejected.first],
        "use": record.get("use"),
        "sources": record.get("sources", []),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"name:     {report['name']}")
    print(f"file:     {report['file']}")
    print(f"words:    {len(words)} ({report['shortest']}-{report['longest']} letters), "
          f"{report['two_letter_words']} of two letters")
    print(f"digest:   {words.digest}")
    print(f"rejected: {words.rejected.describe()}")
    if report["use"]:
        print(f"use:      {report['use']}")
    sources = record.get("sources", [])
    for number, source in enumerate(sources if isinstance(sources, list) else []):
        print(f"{'sources:' if number == 0 else '':<9} {source}")
    return 0


def _info_shipped(as_json: bool) -> int:
    """Every shipped list from the record the build wrote: no list needs loading."""
    rows = [{"name": lexicon.ident, **list_record(lexicon.ident)}
            for lexicon in shipped_lexicons()]
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'list':<24} {'words':>8} {'2-letter':>8}  made from")
    for row in rows:
        made_from = ", ".join(row.get("made_from", [])) or "?"  # type: ignore[arg-type]
        print(f"{row['name']:<24} {row.get('words', '?'):>8} "
              f"{row.get('two_letter_words', '?'):>8}  {made_from}")
    print("\n'wordstudio lexicon info NAME' gives a list's use and each source's version "
          "and licence.")
    return 0


def _check(args: argparse.Namespace) -> int:
    rulings = judge(args.words, args.lexicon)
    every = all(ruling.acceptable for ruling in rulings)
    if args.json:
        print(json.dumps({"lexicon": args.lexicon, "acceptable": every,
                          "words": [{"word": r.word, "acceptable": r.acceptable,
                                     **({"reason": r.reason} if r.reason else {})}
                                    for r in rulings]}))
        return 0 if every else 1
    for ruling in rulings:
        print(ruling.describe())
    if len(rulings) > 1:
        print(f"the play is {'acceptable' if every else 'not acceptable'} ({args.lexicon})")
    return 0 if every else 1


def _list(args: argparse.Namespace) -> int:
    for lexicon in available_lexicons():
        # A personal list's label starts with its name, already in the first column.
        label = lexicon.label.removeprefix(f"{lexicon.ident} (").removesuffix(")") \
            if lexicon.personal else lexicon.label
        print(f"{lexicon.ident:<16} {label}")
    return 0


def _define(args: argparse.Namespace) -> int:
    print("\n\n".join(describe_word(word) for word in args.words))
    return 0


def _new(args: argparse.Namespace) -> int:
    words: tuple[str, ...] = ()
    if args.source:
        found = load_word_list(args.source)
        if found.rejected:
            print(f"wordstudio: note: {found.source}: {found.rejected.describe()}",
                  file=sys.stderr)
        words = found.words
    base = None if args.topic else args.base
    if base is not None:
        load_lexicon(base)  # the base must exist before the list names it
    personal = create_personal(args.name, base, topic=args.topic or "", words=words)
    print(f"{personal.name}: {personal.describe()} ({personal.path})")
    return 0


def _change(args: argparse.Namespace) -> int:
    if args.action_name == "add":
        personal = change_personal(args.name, add=args.words)
    else:
        personal = change_personal(args.name, remove=args.words)
    print(f"{personal.name}: {personal.describe()}")
    return 0


def _show(args: argparse.Namespace) -> int:
    path = find_personal(args.name)
    if path is None:
        raise LexiconError(None, f"there is no personal word list called {args.name!r}")
    personal = load_personal(path)
    print(f"name:     {personal.name}")
    print(f"file:     {path}")
    print(f"base:     {personal.base or 'none (a topic list)'}")
    if personal.topic:
        print(f"topic:    {personal.topic}")
    print(f"added:    {' '.join(sorted(personal.added)) or '-'}")
    print(f"removed:  {' '.join(sorted(personal.removed)) or '-'}")
    if personal.rejected:
        print(f"rejected: {personal.rejected.describe()}")
    return 0
