"""Word War subcommands: ``wordstudio wordwar score`` and ``wordstudio wordwar sheet``.

``score BOARD`` scores a grid written as text (``#`` black, ``.`` empty, letters) and
prints each row's and column's score with the words that earned it, and the total.
``sheet --board N`` writes a blank scoresheet of board N as a PDF, drawn by the same Qt
code that prints from the window.  That code is the window's (``wordstudio.ui``), which
no engine package imports: :func:`register` is handed it as a :class:`SheetWriter` by
the program's entry point (:mod:`wordstudio.cli`), which starts the window too.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from wordstudio.errors import UserError
from wordstudio.filecheck import file_name
from wordstudio.lexicon.catalog import WORD_WAR_LEXICON, load_lexicon
from wordstudio.paper import PAGE_SIZES, PageSize
from wordstudio.wordwar.boards import Board, BoardSet, Grid
from wordstudio.wordwar.scoring import GridScore, WordScorer


class SheetWriter(Protocol):
    """Writes blank scoresheets of ``boards`` (one page each) to a PDF file."""

    def __call__(self, boards: Sequence[Board], path: Path, page: PageSize) -> None: ...


def register(subparsers: argparse._SubParsersAction,
             write_sheets: SheetWriter | None = None) -> None:
    """The ``wordwar`` command; ``write_sheets`` draws the PDF that ``sheet`` writes."""
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
    sheet.set_defaults(func=partial(run_sheet, write_sheets=write_sheets))


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


def run_sheet(args: argparse.Namespace, write_sheets: SheetWriter | None = None) -> int:
    board = BoardSet.load(args.boards).board(args.board)
    out = args.out or Path(f"wordwar-board-{board.number}.pdf")
    if write_sheets is None:
        raise UserError("scoresheets cannot be drawn here: this command was set up "
                        "without the drawing the window prints with")
    write_sheets([board], out, PAGE_SIZES[args.page])
    print(out)
    return 0
