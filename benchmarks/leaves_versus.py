#!/usr/bin/env python3
"""Is one leave table better than another?  Level 8 with table A against level 8 with B.

    python benchmarks/leaves_versus.py NEW.json OLD.json [--lexicon en-US-wordgame]
                                       [--games 400] [--workers 2] [--seed 70000]
                                       [--config scrabble.cfg] [--out results.jsonl]

Both players are level 8 (leave values, end-game search) and differ only in their leave
table; seats alternate, game n has seed ``seed + n``, and both play the same list.  Prints
table A's win rate (draws half) with its 95% interval and the mean spread.  Every finished
game is appended to ``--out``; the same command goes on from there.  Issue 24's target:
level 8 with the table trained on the word-game list scores >= 50 % against level 8 with
the table trained on the old default list, on the word-game list, over 400 games.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import Results, match_line  # noqa: E402

from wordstudio.crossword.config.cli import find_config_file  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.game import PlayerSpec  # noqa: E402
from wordstudio.crossword.players import parallel  # noqa: E402
from wordstudio.crossword.players.computer import decide  # noqa: E402
from wordstudio.crossword.players.leaves import LeaveTable  # noqa: E402
from wordstudio.crossword.players.levels import level_style  # noqa: E402
from wordstudio.crossword.players.selfplay import play_game, seating  # noqa: E402
from wordstudio.lexicon.catalog import DEFAULT_LEXICON  # noqa: E402


def level8_game(config, lexicon: str | None, leaves: list, seed: int, number: int) -> dict:
    """Game ``number`` of a match between two level-8 players that differ only in their
    leave values (``leaves[0]`` for entrant 0), seats alternating: its seed, seating,
    each entrant's score and entrant 0's spread."""
    parallel.set_move_workers(1)
    style = level_style(8)
    order = seating(2, number)
    seats = [PlayerSpec(["A", "B"][e], True) for e in order]

    def chooser(position, seat):
        return decide(position, style, leaves=leaves[order[seat]])

    game = play_game(config, seats, seed + number, lexicon=lexicon, chooser=chooser).game
    final = game.final_scores()
    scores = [0, 0]
    for seat, entrant in enumerate(order):
        scores[entrant] = final[seat]
    return {"seed": seed + number, "order": list(order), "scores": scores,
            "spread": scores[0] - scores[1]}


def play(task: tuple) -> dict:
    """One game (a worker task): entrant 0 plays with table A, entrant 1 with table B."""
    config, lexicon, tables, seed, number = task
    return level8_game(config, lexicon, [LeaveTable.from_json(t) for t in tables], seed, number)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("table_a", type=Path, help="leave table A (the one measured)")
    parser.add_argument("table_b", type=Path, help="leave table B (the opponent's)")
    parser.add_argument("--lexicon", default=DEFAULT_LEXICON)
    parser.add_argument("--config", default="scrabble.cfg")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=0, help="games at once (0: every core)")
    parser.add_argument("--seed", type=int, default=70_000)
    parser.add_argument("--out", type=Path, help="results file (JSON lines) to resume from")
    args = parser.parse_args(argv)
    config = load_config(find_config_file(args.config))
    tables = tuple(json.loads(path.read_text(encoding="utf-8"))
                   for path in (args.table_a, args.table_b))
    results = Results(args.out, "seed")
    tasks = [(config, args.lexicon, tables, args.seed, n) for n in range(args.games)
             if not results.done(args.seed + n)]
    wanted = [args.seed + n for n in range(args.games)]
    name = f"level 8 with {args.table_a.name} v level 8 with {args.table_b.name}"
    print(f"{config.title}, {args.lexicon}: {args.games} games, "
          f"{parallel.Workers(args.workers).describe()}", flush=True)
    for row in parallel.map_tasks(play, tasks, args.workers):
        results.add(row)
        done = len(results.values(wanted))
        if done % 20 == 0:
            print(f"{done} games: {match_line(name, results.values(wanted))}", flush=True)
    print(match_line(name, results.values(wanted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
