#!/usr/bin/env python3
"""Is one leave table better than another?  A player with table A against itself with B.

    python benchmarks/leaves_versus.py NEW.json OLD.json [--lexicon en-US-wordgame]
                                       [--player level8] [--pairs] [--games 400]
                                       [--workers 2] [--seed 70000]
                                       [--config scrabble.cfg] [--out results.jsonl]

Both players are ``--player`` (``level8``, the default: leave values, end-game search;
``championship:SECONDS``: level 8's judgement and a simulation of that many seconds a
move, with the table in every part of it - its candidates, the replies it plays out, the
pre-end game; any SPEC of ``wordstudio selfplay``) and differ only in their leave table;
seats alternate, game n has seed ``seed + n`` (``--pairs``: games 2k and 2k+1 share seed
``seed + k``, one bag, with the seats swapped), and both play the same list.  Each move's
search stays in its game's process.  Prints table A's win rate (draws half) with its 95%
interval, the mean spread and each side's seconds a move.  Every finished game is
appended to ``--out``; the same command goes on from there.  Issue 24's target: level 8
with the table trained on the word-game list scores >= 50 % against level 8 with the
table trained on the old default list, on the word-game list, over 400 games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import Results, match_line, pair_seed  # noqa: E402

from wordstudio.crossword.config.cli import find_config_file  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.game import PlayerSpec  # noqa: E402
from wordstudio.crossword.players import parallel  # noqa: E402
from wordstudio.crossword.players.computer import decide  # noqa: E402
from wordstudio.crossword.players.leaves import LeaveTable, leaves_in_use  # noqa: E402
from wordstudio.crossword.players.levels import parse_player_spec, style_for  # noqa: E402
from wordstudio.crossword.players.selfplay import play_game, seating  # noqa: E402
from wordstudio.lexicon.catalog import DEFAULT_LEXICON  # noqa: E402


def versus_game(config, lexicon: str | None, player: str, leaves: list, seed: int,
                number: int) -> dict:
    """Game ``number`` (seed ``seed``) of a match between two ``player``s that differ only
    in their leave values (``leaves[0]`` for entrant 0), seats alternating: its seed,
    seating, each entrant's score, entrant 0's spread and each entrant's seconds a move."""
    parallel.set_move_workers(1)
    style = style_for(parse_player_spec(player), config)
    order = seating(2, number)
    seats = [PlayerSpec(["A", "B"][e], True) for e in order]

    def chooser(position, seat):
        table = leaves[order[seat]]
        with leaves_in_use(table):
            return decide(position, style, leaves=table)

    started = time.perf_counter()
    played = play_game(config, seats, seed, lexicon=lexicon, chooser=chooser)
    final = played.game.final_scores()
    scores, per_move = [0, 0], [0.0, 0.0]
    for seat, entrant in enumerate(order):
        scores[entrant] = final[seat]
        per_move[entrant] = round(played.seconds[seat] / max(1, played.decisions[seat]), 3)
    return {"seed": seed, "game": number, "order": list(order), "scores": scores,
            "spread": scores[0] - scores[1], "seconds_per_move": per_move,
            "seconds": round(time.perf_counter() - started, 1)}


def game_seed(seed: int, number: int, pairs: bool) -> int:
    """Game ``number``'s seed: ``seed + number``, or with ``pairs`` one seed a pair."""
    return pair_seed(seed, number) if pairs else seed + number


def play(task: tuple) -> dict:
    """One game (a worker task): entrant 0 plays with table A, entrant 1 with table B."""
    config, lexicon, player, tables, seed, number = task
    return versus_game(config, lexicon, player, [LeaveTable.from_json(t) for t in tables],
                       seed, number)


def summary(name: str, rows: list[dict]) -> str:
    """The match line and each side's mean seconds a move (A, B)."""
    timed = [r["seconds_per_move"] for r in rows if "seconds_per_move" in r]
    if not timed:
        return match_line(name, rows)
    a, b = (sum(t[i] for t in timed) / len(timed) for i in (0, 1))
    return f"{match_line(name, rows)}, {a:.2f} / {b:.2f} s a move"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("table_a", type=Path, help="leave table A (the one measured)")
    parser.add_argument("table_b", type=Path, help="leave table B (the opponent's)")
    parser.add_argument("--lexicon", default=DEFAULT_LEXICON)
    parser.add_argument("--player", default="level8",
                        help="who plays both sides (level8, championship:SECONDS, any SPEC)")
    parser.add_argument("--pairs", action="store_true",
                        help="games 2k and 2k+1 on one seed (one bag), the seats swapped")
    parser.add_argument("--config", default="scrabble.cfg")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=0, help="games at once (0: every core)")
    parser.add_argument("--seed", type=int, default=70_000)
    parser.add_argument("--out", type=Path, help="results file (JSON lines) to resume from")
    args = parser.parse_args(argv)
    parse_player_spec(args.player)  # a bad SPEC fails before any game
    if args.pairs and args.games % 2:
        parser.error("--games must be even with --pairs (games come in pairs)")
    config = load_config(find_config_file(args.config))
    tables = tuple(json.loads(path.read_text(encoding="utf-8"))
                   for path in (args.table_a, args.table_b))
    # Keyed by game number: with --pairs two games share a seed.
    results = Results(args.out, "game")
    tasks = [(config, args.lexicon, args.player, tables, game_seed(args.seed, n, args.pairs), n)
             for n in range(args.games) if not results.done(n)]
    wanted = list(range(args.games))
    name = (f"{args.player} with {args.table_a.name} v {args.player} with "
            f"{args.table_b.name}")
    print(f"{config.title}, {args.lexicon}: {name}, {args.games} games"
          f"{' in pairs' if args.pairs else ''} (seed {args.seed}, {args.games - len(tasks)} "
          f"already played), {parallel.Workers(args.workers).describe()}", flush=True)
    for row in parallel.map_tasks(play, tasks, args.workers):
        results.add(row)
        done = results.values(wanted)
        if len(done) % 20 == 0 or len(done) == args.games:
            print(f"{len(done)} games: {summary(name, done)}", flush=True)
    print(summary(name, results.values(wanted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
