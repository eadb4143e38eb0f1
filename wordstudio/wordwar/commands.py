"""Word War subcommands: ``wordstudio wordwar score`` and ``wordstudio wordwar sheet``.

``score BOARD`` scores a grid written as text (``#`` black, ``.`` empty, letters) and
prints each row's and column's score with the words that earned it, and the total.
``sheet --board N`` writes a blank scoresheet of board N as a PDF, drawn by the same Qt
code that prints from the window (imported only here, so the rules stay Qt-free).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from wordstudio.filecheck import file_name
from wordstudio.lexicon.catalog import WORD_WAR_LEXICON, load_lexicon
from wordstudio.paper import PAGE_SIZES
from wordstudio.wordwar.boards import BoardSet, Grid
from wordstudio.wordwar.scoring import GridScore, WordScorer


def register(subparsers: argparse._SubParsersAction) -> None:
    wordwar = subparsers.add_parser(
        "wordwar", help="Word War: score a grid, print blank scoresheets",
        description="Word War (the card-and-grid game) from the command line.")
    commands = wordwar.add_subparsers(dest="wordwar_command", metavar="COMMAND", required=True)

    score = commands.add_parser(
        "score", help="score a filled Word War grid",
        description="Score a Word War grid written as text: # a black square, . an empty "
                    "square, letters as written. Prints every row and column score with "
                    "the words that earned it, and the total.")
    score.add_argument("board", type=file_name, help="the grid, a text file")
    score.add_argument("--lexicon", help=f"word list: a shipped name or a file "
                                         f"(default {WORD_WAR_LEXICON})")
    score.add_argument("--json", action="store_true", help="JSON output")
    score.set_defaults(func=run_score)

    sheet = commands.add_parser(
        "sheet", help="write a blank scoresheet (PDF)",
        description="Write a blank Word War scoresheet of one board, with its printed "
                    "vowels and empty score boxes, as a PDF for playing on paper.")
    sheet.add_argument("--board", type=int, required=True, help="board number (1-9)")
    sheet.add_argument("--out", type=file_name,
                       help="the PDF to write (default: wordwar-board-N.pdf here)")
    sheet.add_argument("--page", choices=sorted(PAGE_SIZES), default="a4",
                       help="paper size (default a4)")
    sheet.add_argument("--boards", type=Path, help="a folder of boards (default: the shipped nine)")
    sheet.set_defaults(func=run_sheet)


def score_to_json(score: GridScore, lexicon: str) -> dict[str, Any]:
    """The ``--json`` form: ``rows``, ``columns`` and ``total``, plus the words per line."""
    return {
        "rows": score.row_scores,
        "columns": score.column_scores,
        "total": score.total,
        "row_total": score.row_total,
        "column_total": score.column_total,
        "row_words": [[w.word for w in line.words] for line in score.rows],
        "column_words": [[w.word for w in line.words] for line in score.columns],
        "empty_squares": [line.empties for line in score.rows],
        "lexicon": lexicon,
    }


def score_to_text(grid: Grid, score: GridScore) -> str:
    """The plain form: the grid with row scores at the right and column scores below."""
    width = max(3, *(len(str(s)) for s in score.column_scores))
    lines = []
    for text, line in zip(grid.rows, score.rows, strict=True):
        squares = "".join(ch.rjust(width) for ch in text)
        lines.append(f"{squares}  {line.score:>4}")
    lines.append("".join(str(s).rjust(width) for s in score.column_scores))
    lines.append("")
    for line in (*score.rows, *score.columns):
        lines.append(f"{line.label.capitalize():<10} {line.score:>4}  {line.describe()}".rstrip())
    lines.append("")
    lines.append(f"Rows {score.row_total} + columns {score.column_total} = total {score.total}")
    return "\n".join(lines) + "\n"


def run_score(args: argparse.Namespace) -> int:
    grid = Grid.load(args.board)
    words = load_lexicon(args.lexicon or WORD_WAR_LEXICON)
    if words.rejected:
        print(f"wordstudio: {words.source}: {words.rejected.describe()}", file=sys.stderr)
    score = WordScorer.from_word_list(words).score(grid)
    if args.json:
        print(json.dumps(score_to_json(score, words.name), indent=2))
    else:
        sys.stdout.write(score_to_text(grid, score))
    return 0


def run_sheet(args: argparse.Namespace) -> int:
    board = BoardSet.load(args.boards).board(args.board)
    out = args.out or Path(f"wordwar-board-{board.number}.pdf")
    # Qt is imported only now: scoring from the command line never needs it.
    from wordstudio.ui.wordwar.printing import write_blank_sheets_pdf

    write_blank_sheets_pdf([board], out, PAGE_SIZES[args.page])
    print(out)
    return 0
