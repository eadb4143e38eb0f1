"""``wordstudio doublets``: a shortest Doublets chain between two words, from the shell.

    wordstudio doublets FROM TO [--lexicon FILE] [--without WORD ...] [--json]

Prints the chain (``CAT > COT > DOT > DOG``) and exits 0, or says there is no chain and
exits 1.  Words that are not words, of different lengths, or missing from the word list
are errors (exit status 2), reported in plain words.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from wordstudio.errors import UserError
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.wordforword.solver import graph_for, shortest_chain

#: A dictionary list, as Word For Word's rules define a word (the game itself plays the
#: common list of the same spelling).
DEFAULT_LEXICON = "en-US-standard"
#: Exit status when the words are fine but no chain links them.
NO_CHAIN = 1


def register(subparsers: Any) -> None:
    """Add ``doublets`` to the ``wordstudio`` command."""
    parser = subparsers.add_parser(
        "doublets",
        help="a shortest word chain between two words (Lewis Carroll's Doublets)",
        description=(
            "Find a shortest chain from FROM to TO in which each word differs from the one "
            "before in exactly one letter, in the same position, and every word is in the "
            "word list.  Exit status: 0 with a chain, 1 when there is none, 2 for bad input."
        ),
    )
    parser.add_argument("start", metavar="FROM", help="the first word")
    parser.add_argument("end", metavar="TO", help="the last word (same length)")
    parser.add_argument(
        "--lexicon", default=DEFAULT_LEXICON, metavar="FILE",
        help=f"a word-list file or a shipped list name (default {DEFAULT_LEXICON})")
    parser.add_argument(
        "--without", action="extend", nargs="+", default=[], metavar="WORD",
        help="words the chain may not use (as if deleted in Word For Word)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(func=run_doublets)


def _word(text: str, label: str) -> str:
    word = text.strip().upper()
    if not word.isascii() or not word.isalpha():
        raise UserError(f"{label} {text!r} is not a word (letters only)")
    return word


def run_doublets(args: argparse.Namespace) -> int:
    start, end = _word(args.start, "FROM"), _word(args.end, "TO")
    if len(start) != len(end):
        raise UserError(f"{start} and {end} have different lengths "
                        f"({len(start)} and {len(end)} letters): no chain can link them")
    without = {_word(w, "--without word") for w in args.without}
    wrong = sorted(w for w in without if len(w) != len(start))
    if wrong:
        raise UserError(f"--without {', '.join(wrong)}: not {len(start)}-letter words")
    for word, label in ((start, "FROM"), (end, "TO")):
        if word in without:
            raise UserError(f"{label} word {word} is also given with --without")
    word_list = load_lexicon(args.lexicon)
    graph = graph_for(word_list.of_length(len(start)))
    for word in (start, end):
        if word not in graph:
            raise UserError(f"{word} is not in the word list {args.lexicon}")
    chain = shortest_chain(graph, start, end, without=without)
    if args.json:
        print(json.dumps({
            "from": start, "to": end, "lexicon": args.lexicon, "without": sorted(without),
            "chain": chain, "steps": None if chain is None else len(chain) - 1,
        }, indent=2))
    elif chain is None:
        extra = f" without {', '.join(sorted(without))}" if without else ""
        print(f"No chain links {start} to {end} in {args.lexicon}{extra}.")
    else:
        steps = len(chain) - 1
        print(" > ".join(chain))
        print(f"{steps} step{'s' if steps != 1 else ''}, {len(chain)} words ({args.lexicon})")
    return 0 if chain is not None else NO_CHAIN
