#!/usr/bin/env python3
"""How many real GCG records open, end on their recorded totals and round-trip?

    python benchmarks/gcg_corpus.py [--folder DIR]

Reads every ``.gcg`` file under the folder (default: the project's corpus of real records
from Quackle, Macondo and Woogles, ``tests/data/gcg/corpus``; point it at any collection,
such as a held-back set), and prints, per source folder: files, opened, ending on their
recorded totals (or with a note saying why the rules' differ), written back and read to the
same game, files with notes, and the median time to open one.  Each refused file is named
with its message.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wordstudio.crossword.records.codec import RecordError  # noqa: E402
from wordstudio.crossword.records.gcgread import read_gcg, read_gcg_text  # noqa: E402
from wordstudio.crossword.records.gcgwrite import gcg_export  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "gcg" / "corpus"
TOTALS_NOTES = ("final totals", "total for", "ends the game here", "counts")


def check(path: Path) -> tuple[bool, bool, bool, bool, float, str]:
    """(opened, totals as recorded or noted, round trip, has notes, seconds, refusal)."""
    start = time.perf_counter()
    try:
        saved = read_gcg(path)
    except RecordError as exc:
        return False, False, False, False, time.perf_counter() - start, str(exc)
    seconds = time.perf_counter() - start
    game = saved.game
    totals = list(saved.recorded_scores or ()) == game.final_scores() or any(
        word in note for note in saved.notes for word in TOTALS_NOTES)
    back = read_gcg_text(gcg_export(game).text, game.config, game.words,
                         config_path=game.setup.config_path)
    same = ([(t.notation, t.score) for t in back.game.history]
            == [(t.notation, t.score) for t in game.history]
            and back.recorded_scores == saved.recorded_scores)
    return True, totals, same, bool(saved.notes), seconds, ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=CORPUS,
                        help="where the .gcg files are (searched in every sub-folder)")
    args = parser.parse_args()
    rows: dict[str, list[tuple[bool, bool, bool, bool, float, str]]] = defaultdict(list)
    refused = []
    for path in sorted(args.folder.rglob("*.gcg")):
        result = check(path)
        rows[path.parent.name].append(result)
        if not result[0]:
            refused.append(f"{path.relative_to(args.folder)}: {result[5]}")
    print("| source | files | opened | totals as recorded or noted | round trip | with notes "
          "| median time to open |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    every = [r for results in rows.values() for r in results]
    for name, results in sorted(rows.items()) + [("all", every)]:
        count = [sum(r[k] for r in results) for k in range(4)]
        median = statistics.median(r[4] for r in results) * 1000 if results else 0.0
        print(f"| {name} | {len(results)} | {count[0]} | {count[1]} | {count[2]} | {count[3]} "
              f"| {median:.0f} ms |")
    for line in refused:
        print(f"refused: {line}")
    return 0 if every and not refused else 1


if __name__ == "__main__":
    raise SystemExit(main())
