#!/usr/bin/env python3
"""The exact end-game solver on end games from self-play: how many it proves in time,
and whether it agrees with a plain full minimax where one can be run.

    python benchmarks/endgame.py [--positions 100] [--seconds 10] [--minimax-tiles 6]
                                 [--workers 2] [--search-workers N] [--seed 50000]
                                 [--config scrabble.cfg]
                                 [--out results/endgame.jsonl] [--play-down-to TILES]
                                 [--positions-cache DIR]

Position k is the first position with an empty bag in a level 8 v level 8 game with seed
``seed + k`` (games that end before the bag empties are skipped, so ``--positions``
counts end games, not seeds).  ``--workers`` end games are solved at once, each by
``--search-workers`` processes (default: the cores shared out between them - with
``--workers 1`` the search and a helper per other core, as the Championship player
solves an end game).  Each is solved with ``--seconds`` of thinking; the result
is *proven* when the search reached the end of every line.  Where both racks together hold
at most ``--minimax-tiles`` tiles the plain minimax (no pruning, no table) is run too and
its value compared with the solver's, and the solver's line is played out to check that it
earns the value it claims.  Every finished position is appended to ``--out``; the same
command goes on from there.  The end games of self-play start with seven tiles on the
mover's rack, more than a plain minimax can search; ``--play-down-to TILES`` plays each
end game on (level 8 moves) until both racks together hold at most TILES tiles and
checks that position instead, so the comparison with the minimax covers real end-game
positions too.  Playing the games takes most of a run's time: ``--positions-cache DIR``
keeps each position found (a pickle per seed) and reads it back next time, so the solver
can be measured again, before and after a change, on the same positions in minutes.  Targets (issue 14): agreement on every position small enough
for the minimax; >= 90 % proven within 10 s each.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import Results, mean_error, wilson  # noqa: E402

from wordstudio.crossword.config.cli import find_config_file  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.game import Game, GameSetup  # noqa: E402
from wordstudio.crossword.gameconfig import GameConfig  # noqa: E402
from wordstudio.crossword.players import parallel  # noqa: E402
from wordstudio.crossword.players.computer import choose_action  # noqa: E402
from wordstudio.crossword.players.endgames.check import line_value, plain_minimax  # noqa: E402
from wordstudio.crossword.players.endgames.exact import solve_position  # noqa: E402
from wordstudio.crossword.players.levels import parse_player_spec  # noqa: E402
from wordstudio.crossword.players.simulate import table_for  # noqa: E402
from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402


def endgame_of(config: GameConfig, seed: int, down_to: int = 0):
    """The first bag-empty position of a level 8 v level 8 game (played on until the
    racks hold at most ``down_to`` tiles, when given), or None."""
    seats = [parse_player_spec("level8", "A"), parse_player_spec("level8", "B")]
    setup = GameSetup.create(config, seats, seed=seed)
    game = Game(setup, load_lexicon(setup.lexicon))

    def going_on() -> bool:
        if len(game.bag) > 0:
            return True
        return bool(down_to) and sum(len(r.tiles) for r in game.racks) > down_to

    while not game.over and going_on():
        decision = choose_action(game.position(), seats[game.current])
        for action in decision.actions:
            if not game.over:
                game.act(action)
    return None if game.over else game.position()


def cached_endgame(config: GameConfig, seed: int, down_to: int, cache: Path | None):
    """:func:`endgame_of`, kept in (and read back from) ``cache`` when given."""
    path = None
    if cache is not None:
        path = cache / f"{config.title}-{seed}-{down_to}.pickle".replace(" ", "_")
        if path.exists():
            return pickle.loads(path.read_bytes())
    position = endgame_of(config, seed, down_to)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(position))
    return position


def solve(task: tuple) -> dict:
    config, seed, seconds, minimax_tiles, down_to, cache, search_workers = task
    parallel.set_move_workers(search_workers)
    position = cached_endgame(config, seed, down_to, cache)
    if position is None:
        return {"seed": seed, "endgame": False}
    table = table_for(position)
    racks = (position.rack.tiles, tuple(position.unseen))
    result = solve_position(position, table, seconds)
    row = {"seed": seed, "endgame": True, "tiles": [len(racks[0]), len(racks[1])],
           "proven": result.proven, "value": result.value, "depth": result.depth,
           "nodes": result.nodes, "seconds": round(result.seconds, 2),
           "line_value": line_value(table, position.board(), racks, 0, result.line,
                                    passed=position.scoreless_streak > 0)}
    if sum(row["tiles"]) <= minimax_tiles:
        started = time.perf_counter()
        row["minimax"] = plain_minimax(table, position.board(), racks, 0,
                                       passed=position.scoreless_streak > 0)
        row["minimax_seconds"] = round(time.perf_counter() - started, 2)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--minimax-tiles", type=int, default=6)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--search-workers", type=int, default=0,
                        help="processes solving each end game (0: the cores shared out)")
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--config", default="scrabble.cfg")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--play-down-to", type=int, default=0, metavar="TILES")
    parser.add_argument("--positions-cache", type=Path, metavar="DIR")
    args = parser.parse_args(argv)

    config = load_config(find_config_file(args.config))
    results = Results(args.out, "seed")
    games_at_once = parallel.Workers(args.workers).workers
    search_workers = args.search_workers or max(1, parallel.local_cores() // games_at_once)
    print(f"{config.title}: {args.positions} end games, {args.seconds:g} s each, "
          f"{parallel.Workers(args.workers).describe()}, {search_workers} process"
          f"{'es' if search_workers != 1 else ''} solving each; load average "
          f"{os.getloadavg()[0]:.2f} (1 min) at the start", flush=True)
    seed = args.seed
    while True:
        endgames = [r for r in results.values() if r["endgame"]
                    and args.seed <= r["seed"] < seed]
        if len(endgames) >= args.positions:
            break
        # Enough seeds for the end games still wanted (about one game in five ends
        # before its bag is empty).
        wanted = args.positions - len(endgames)
        batch = [s for s in range(seed, seed + wanted + wanted // 4 + 1)
                 if not results.done(s)]
        seed += wanted + wanted // 4 + 1
        tasks = [(config, s, args.seconds, args.minimax_tiles, args.play_down_to,
                  args.positions_cache, search_workers) for s in batch]
        for row in parallel.map_tasks(solve, tasks, args.workers):
            results.add(row)
            if row["endgame"]:
                agree = ""
                if "minimax" in row:
                    agree = (f", minimax {row['minimax']:+.0f} "
                             f"({'agrees' if row['minimax'] == row['value'] else 'DIFFERS'})")
                print(f"seed {row['seed']}: racks {row['tiles'][0]}+{row['tiles'][1]}, "
                      f"{'proven' if row['proven'] else 'not proven'} {row['value']:+.0f} at "
                      f"depth {row['depth']}, {row['nodes']} nodes, {row['seconds']:.1f} s"
                      f"{agree}", flush=True)
    rows = sorted((r for r in results.values() if r["endgame"] and r["seed"] < seed),
                  key=lambda r: r["seed"])[:args.positions]
    proven = sum(1 for r in rows if r["proven"] and r["seconds"] <= args.seconds + 0.5)
    low, high = wilson(proven, len(rows))
    checked = [r for r in rows if "minimax" in r]
    agree = sum(1 for r in checked if r["minimax"] == r["value"])
    earned = sum(1 for r in rows if r["proven"] and r["line_value"] == r["value"])
    times, bar = mean_error([r["seconds"] for r in rows])
    print(f"{len(rows)} end games: proven within {args.seconds:g} s: {proven} "
          f"({100 * proven / max(1, len(rows)):.0f} %, 95%: {100 * low:.0f}-{100 * high:.0f}); "
          f"minimax agrees on {agree} of {checked and len(checked)} small enough for it; "
          f"proven lines that earn their value: {earned}; mean time {times:.2f} s +-{bar:.2f}; "
          f"load average {os.getloadavg()[0]:.2f} (1 min) at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
