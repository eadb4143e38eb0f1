"""``wordstudio review GAME``: every move of a saved game against the best alternatives.

The game is any saved game the program reads (WordStudio's, WordsWorth's, GCG).  Each
move is printed with the best options by equity, the points it gave away and the size
of the mistake; then a summary per player (mean equity lost, mistakes, best and worst
moves).  ``--json`` prints the same as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from wordstudio.control import SearchControl
from wordstudio.crossword.records.cli import add_game_arguments, open_game_file
from wordstudio.crossword.review.analysis import ANALYSERS
from wordstudio.crossword.review.engine import GameReview, MoveReview, review_game
from wordstudio.errors import UserError
from wordstudio.filecheck import file_name


class ReviewError(UserError):
    """A game that cannot be reviewed."""


def register(subparsers: argparse._SubParsersAction) -> None:
    review = subparsers.add_parser(
        "review", help="review a saved game: each move against the best alternatives",
        description="Judge every move of a saved game (WordStudio, WordsWorth or GCG) "
                    "against the best alternatives, mark the mistakes by size and sum up "
                    "each player's play.")
    review.add_argument("file", type=file_name, help="the saved game")
    add_game_arguments(review)
    review.add_argument("--analyser", choices=sorted(ANALYSERS), default="static",
                        help="how moves are valued: static equity (quick, the default) or "
                             "simulation (strong, seconds a move)")
    review.add_argument("--seconds", type=float, default=None, metavar="S",
                        help="with --analyser simulation: seconds of simulation a move "
                             "(default 1.5)")
    review.add_argument("--top", type=int, default=3, metavar="N",
                        help="how many of the best options to show for each move (1-20)")
    review.add_argument("--json", action="store_true", help="JSON output")
    review.set_defaults(func=run_review)


class _Progress(SearchControl):
    """Progress on standard error when it is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total

    def report(self, fraction: float, message: str = "") -> None:
        if sys.stderr.isatty():
            print(f"\rreviewing: {fraction:4.0%} {message:<12}", end="", file=sys.stderr,
                  flush=True)


def run_review(args: argparse.Namespace) -> int:
    if not 1 <= args.top <= 20:
        raise ReviewError(f"--top is 1 to 20, not {args.top}")
    saved = open_game_file(args, args.file)
    analyser = args.analyser
    if args.seconds is not None:
        if analyser != "simulation":
            raise ReviewError("--seconds is for --analyser simulation")
        analyser = f"simulation:{args.seconds}"
    try:
        review = review_game(saved.game, analyser, args.top, _Progress(0))
    except ValueError as exc:
        raise ReviewError(f"{args.file}: {exc}") from None
    if sys.stderr.isatty():
        print(file=sys.stderr)
    review.notes = list(saved.notes)
    if args.json:
        data = review.to_json()
        data["file"] = str(args.file)
        print(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        print(review_text(review, args.file), end="")
    return 0


def review_text(review: GameReview, path: Path | None = None) -> str:
    """The review as text: one block per move, then a summary per player."""
    lines = [f"Review of {path}" if path else "Review", f"Moves valued by {review.method}."]
    lines += [f"note: {note}" for note in review.notes]
    lines.append("")
    for move in review.moves:
        lines += _move_lines(review, move)
    lines.append("")
    lines.append("Summary")
    for summary in review.summaries():
        lines.append(f"  {summary.name}: {summary.judged} moves judged, {summary.equity_lost:.1f} "
                     f"points of equity lost ({summary.mean_lost:.1f} a move); mistakes: "
                     + ", ".join(f"{n} {size}" for size, n in summary.mistakes.items()))
        if summary.best is not None and summary.best.analysis is not None:
            lines.append(f"    best move:  {summary.best.index + 1}. {summary.best.move} "
                         f"(equity {summary.best.analysis.played.equity:.1f})")
        if summary.worst is not None:
            lines.append(f"    worst move: {summary.worst.index + 1}. {summary.worst.move} "
                         f"(lost {summary.worst.lost:.1f})")
    lines.append("Final scores: " + ", ".join(f"{n} {s}" for n, s in
                                             zip(review.names, review.final_scores, strict=True)))
    return "\n".join(lines) + "\n"


def _move_lines(review: GameReview, move: MoveReview) -> list[str]:
    name = review.names[move.player]
    head = f"{move.index + 1:>3}. {name}  {move.rack:<8} {move.move}{_flag(move)}"
    analysis = move.analysis
    if analysis is None:
        return [f"{head}  ({move.skipped})"]
    verdict = "best" if move.lost < 0.05 else f"lost {move.lost:.1f}"
    size = f" - {move.size} mistake" if move.size else ""
    out = [f"{head}  [{analysis.played.equity:.1f}; {verdict}{size}]"]
    for option in analysis.options:
        mark = "*" if (option.notation, option.kind) == (analysis.played.notation,
                                                           analysis.played.kind) else " "
        win = f"  win {option.win:4.0%}" if option.win is not None else ""
        out.append(f"      {mark} {option.notation:<24} {option.score:>4}  "
                   f"equity {option.equity:6.1f}{win}  keeps {option.leave or '-'}")
    return out


def _flag(move: MoveReview) -> str:
    """Words the word list lacks, as ``wordstudio replay`` flags them."""
    return f" [not in the word list: {', '.join(move.unlisted)}]" if move.unlisted else ""
