"""``wordstudio leaves``: leave tables learnt by self-play for any game.

    wordstudio leaves train --config diamond.cfg --games 2000 [--seed 1] [--workers N]
                            [--cluster ADDRESS] [--lexicon NAME] [--fresh]
    wordstudio leaves show --config diamond.cfg
    wordstudio leaves forget --config diamond.cfg

``train`` plays the games on every local core (or a Ray cluster) with a progress bar,
refits the table after each round, and saves it in the user's data folder, where every
computer player of that game finds it.  Stopped, it goes on from its last finished round
when run again with the same seed; a larger ``--games`` trains further.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TextIO

from wordstudio.crossword.config.cli import find_config_file
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.players.leaves import (
    LeaveTable,
    state_path,
    table_path,
    trained_table,
)
from wordstudio.crossword.players.leavetrain import MAX_GAMES, TrainingState, describe, train
from wordstudio.crossword.players.parallel import usable_workers
from wordstudio.errors import UserError


class LeavesUsage(UserError):
    """Arguments that cannot train or show a table."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "leaves", help="learn leave values for any game by self-play",
        description="Leave tables (what the tiles kept after a move are worth) learnt by "
                    "self-play for a game's board, tiles and lexicon.")
    actions = parser.add_subparsers(dest="leaves_action", metavar="ACTION", required=True)
    trainer = actions.add_parser("train", help="learn (or go on learning) a game's table")
    _game_arguments(trainer)
    trainer.add_argument("--games", type=int, required=True,
                         help="games to learn from in all (a resumed run plays the rest)")
    trainer.add_argument("--seed", type=int, default=1, help="seed of game 0 (default: 1)")
    trainer.add_argument("--workers", type=int, default=0,
                         help="games played at once (default: one per core)")
    trainer.add_argument("--cluster", metavar="ADDRESS",
                         help="play on a Ray cluster ('local' starts one here)")
    trainer.add_argument("--fresh", action="store_true",
                         help="start again instead of going on from a stopped run")
    trainer.set_defaults(func=run_train)
    show = actions.add_parser("show", help="where a game's table is and what it holds")
    _game_arguments(show)
    show.add_argument("--json", action="store_true", help="print the table as JSON")
    show.set_defaults(func=run_show)
    forget = actions.add_parser("forget", help="delete a game's trained table")
    _game_arguments(forget)
    forget.set_defaults(func=run_forget)


def _game_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", required=True,
                        help="game configuration: a file or a shipped board name")
    parser.add_argument("--lexicon", help="word list (default: the config's)")


def run_train(args: argparse.Namespace, out: TextIO | None = None,
              err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    if args.games < 1:
        raise LeavesUsage(f"--games must be at least 1, not {args.games}")
    games = min(args.games, MAX_GAMES)
    if games < args.games:
        print(f"wordstudio leaves train: --games {args.games:,}: a run learns from at most "
              f"{MAX_GAMES:,} games (it keeps every leave it sees); training {MAX_GAMES:,}",
              file=err)
    config = load_config(find_config_file(args.config))
    if not config.rack_size or config.unlimited_tiles:
        raise LeavesUsage(f"{args.config}: leave values need racks drawn from a bag")
    try:
        workers, cut = usable_workers(args.workers)
    except ValueError as exc:
        raise LeavesUsage(str(exc)) from None
    if cut and not args.cluster:
        print(f"wordstudio leaves train: {cut}", file=err)
    bar = _Bar(err) if err.isatty() else None
    started = time.perf_counter()

    def on_round(state: TrainingState, table: LeaveTable) -> None:
        line = (f"round done: {state.played} games, {len(state.samples)} leaves; "
                f"{describe(table)}")
        if bar is not None:
            bar.note(line)
        else:
            print(line, file=err)

    try:
        _table, state = train(config, games, args.seed, args.lexicon, workers,
                              args.cluster, args.fresh,
                              on_game=bar.update if bar is not None else None,
                              on_round=on_round)
    except ValueError as exc:
        raise LeavesUsage(str(exc)) from None
    finally:
        if bar is not None:
            bar.close()
    print(f"{table_path(config, args.lexicon)}: {state.played} games, "
          f"{len(state.samples)} leaves, {time.perf_counter() - started:.0f} s", file=out)
    return 0


def run_show(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    config = load_config(find_config_file(args.config))
    table = trained_table(config, args.lexicon)
    path = table_path(config, args.lexicon)
    if table is None:
        if args.json:  # JSON on standard output, whatever the answer
            print(json.dumps({"path": str(path), "trained": False}), file=out)
        else:
            print(f"no table trained for this game yet ({path})", file=out)
        return 1
    if args.json:
        print(json.dumps(table.to_json()), file=out)
        return 0
    info = table.info
    print(f"{path}\n{info.get('games', '?')} games, {info.get('samples', '?')} leaves, "
          f"{info.get('seconds', '?')} s\n{describe(table)}", file=out)
    return 0


def run_forget(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    config = load_config(find_config_file(args.config))
    removed = 0
    for path in (table_path(config, args.lexicon), state_path(config, args.lexicon)):
        if path.exists():
            path.unlink()
            removed += 1
    print("forgotten" if removed else "nothing to forget", file=out)
    return 0


class _Bar:
    """Games done, games per second (tqdm when installed; a plain line otherwise)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.bar = None
        self.started = time.perf_counter()
        self.first: int | None = None

    def update(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done - 1
            try:
                from tqdm import tqdm
            except ImportError:
                pass
            else:
                self.bar = tqdm(total=total, initial=done - 1, file=self.stream, unit="game",
                                dynamic_ncols=True)
        if self.bar is not None:
            self.bar.update(1)
            return
        rate = (done - self.first) / max(1e-9, time.perf_counter() - self.started)
        self.stream.write(f"\r{done}/{total} games, {rate:.2f} games/s\x1b[K")
        self.stream.flush()

    def note(self, line: str) -> None:
        if self.bar is not None:
            self.bar.write(line, file=self.stream)
        else:
            self.stream.write(f"\r{line}\x1b[K\n")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.first is not None:
            self.stream.write("\n")
