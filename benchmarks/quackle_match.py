#!/usr/bin/env python3
"""WordStudio against Quackle, head to head on one word list.

    python benchmarks/quackle_match.py [--quackle DIR] [--ours level8] [--theirs speedy]
                                       [--games 400] [--seed 260000] [--words FILE]
                                       [--out DIR] [--workers 1] [--our-seconds S]
                                       [--their-seconds S] [--config scrabble.cfg]

Builds nothing itself.  ``--quackle`` (or the environment variable ``QUACKLE_BUILD``) is
the folder ``../shared/bench/quackle-opponent/build.sh`` built: its
``build/quackle_server``, Quackle's data and the word list it dumped
(``lexica/nwl23.txt``, for measuring only: never put it in the project).  Without one the
benchmark says so in one line and stops (exit 0), like the reference move generator's.

Games come in pairs: both games of a pair have one seed, so one bag (the same tiles in
the same order), and the seats swapped - the tiles one side drew first in one game, the
other draws first in the other.  Both sides play the same word list: Quackle's own, as a
text file loaded as our lexicon.  Every move is checked by both engines: Quackle's moves
are played through our game engine, which refuses an illegal play or an unknown word; and
Quackle judges every move of the game (``MOVE`` and, at the end, ``CHECK``: tiles, placement,
words, score) and says whether by its rules the game is over and with which totals.  Any
disagreement is counted and shown.

Prints our player's wins (draws half) with the 95 % Wilson interval, the mean spread with
its 95 % interval, and seconds a move for each side (ours: wall clock in this process;
Quackle's: the CPU time its server reports).  Every finished game is appended to
``--out``/results.jsonl and saved as ``--out``/game-<n>.gcg; the same command goes on from
where a stopped one left off.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import Results, match_line, mean_error, wilson  # noqa: E402

from wordstudio.crossword.actions import Action, Pass, Play  # noqa: E402
from wordstudio.crossword.board import Placement  # noqa: E402
from wordstudio.crossword.config.cli import find_config_file  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec  # noqa: E402
from wordstudio.crossword.gameconfig import GameConfig  # noqa: E402
from wordstudio.crossword.players import parallel  # noqa: E402
from wordstudio.crossword.players.computer import choose_action, decide  # noqa: E402
from wordstudio.crossword.players.knobs import GREEDY_STYLE  # noqa: E402
from wordstudio.crossword.players.levels import parse_player_spec  # noqa: E402
from wordstudio.crossword.records.gcg import EventKind, format_gcg  # noqa: E402
from wordstudio.crossword.records.gcgread import read_gcg_text  # noqa: E402
from wordstudio.crossword.records.gcgwrite import gcg_export  # noqa: E402
from wordstudio.crossword.rules import IllegalMove  # noqa: E402
from wordstudio.crossword.tiles import BLANK, Rack  # noqa: E402
from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402

QUACKLE_ENV = "QUACKLE_BUILD"
LEXICON = "nwl23"
OURS, THEIRS = "WordStudio", "Quackle"
#: Quackle's players (``MOVE <player>``).
QUACKLE_PLAYERS = ("speedy", "championship", "twentysecond", "fiveminute", "static")
#: The event lines a game so far is sent to Quackle with (no end-of-game lines).
MOVE_EVENTS = (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)
#: How our game says it ended when every player passed in turn.
PASSED_OUT = "every player passed in turn"


__all__ = ["BuiltinOpponent", "QuackleServer", "Side", "main", "mean_error", "play_match_game",
           "summary_lines", "wilson"]


class MatchError(RuntimeError):
    """The opponent answered something the match cannot go on from."""


# --- the opponent ------------------------------------------------------------------------------
class Opponent(Protocol):
    """Quackle's line protocol (``../shared/bench/quackle-opponent/README.md``), one
    request at a time: ``move`` answers MOVE, ``check`` answers CHECK."""

    def move(self, player: str, seconds: int, seed: int, rack: str, gcg: list[str]
             ) -> dict[str, Any]: ...

    def check(self, gcg: list[str]) -> dict[str, Any]: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class QuackleFiles:
    """What build.sh left in its folder."""

    server: Path
    data: Path
    dawg: Path
    gaddag: Path
    words: Path

    @classmethod
    def under(cls, folder: Path, lexicon: str = LEXICON) -> QuackleFiles:
        return cls(folder / "build" / "quackle_server", folder / "src" / "data",
                   folder / "src" / "data" / "lexica" / f"{lexicon}.dawg",
                   folder / "lexica" / f"{lexicon}.gaddag", folder / "lexica" / f"{lexicon}.txt")

    def missing(self) -> list[Path]:
        return [p for p in (self.server, self.data, self.dawg, self.gaddag, self.words)
                if not p.exists()]

    def command(self, lexicon: str = LEXICON) -> list[str]:
        return [str(self.server), "--data", str(self.data), "--dawg", str(self.dawg),
                "--gaddag", str(self.gaddag), "--lexicon", lexicon]


class QuackleServer:
    """``quackle_server`` as a child process speaking its line protocol."""

    def __init__(self, command: Sequence[str]) -> None:
        self.process = subprocess.Popen(list(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True, bufsize=1)
        self.ready = self._reply()
        if not self.ready.get("ready"):
            raise MatchError(f"quackle_server did not start: {self.ready}")

    def _reply(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise MatchError("quackle_server stopped answering")
        return json.loads(line)

    def _ask(self, request: str, lines: Sequence[str] = ()) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write("\n".join([request, *lines]) + "\n")
        self.process.stdin.flush()
        return self._reply()

    def move(self, player: str, seconds: int, seed: int, rack: str, gcg: list[str]
             ) -> dict[str, Any]:
        return self._ask(f"MOVE {player} {seconds} {seed} {rack} {len(gcg)}", gcg)

    def check(self, gcg: list[str]) -> dict[str, Any]:
        return self._ask(f"CHECK {len(gcg)}", gcg)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self._ask("QUIT")
            except (MatchError, OSError, ValueError):
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()


class BuiltinOpponent:
    """A small opponent that answers Quackle's protocol with WordStudio's own greedy
    player, read from the same GCG lines Quackle gets (so the match's driver is tested
    without Quackle).  Its CHECK replays the record with WordStudio's rules."""

    def __init__(self, config: GameConfig, lexicon: str) -> None:
        self.config = config
        self.lexicon = lexicon
        self.words = load_lexicon(lexicon)
        self.requests = 0

    def _game(self, gcg: list[str]) -> Game:
        saved = read_gcg_text("\n".join(gcg) + "\n", self.config, self.words)
        return saved.game

    def move(self, player: str, seconds: int, seed: int, rack: str, gcg: list[str]
             ) -> dict[str, Any]:
        self.requests += 1
        game = self._game(gcg)
        position = replace(game.position(), rack=Rack(tuple(rack)), lexicon=self.lexicon)
        started = time.process_time()
        decision = decide(position, GREEDY_STYLE)
        cpu = time.process_time() - started
        return {"move": action_json(decision.action, position.config), "wall": cpu,
                "cpu": cpu, "view": view_json(game), "checks": []}

    def check(self, gcg: list[str]) -> dict[str, Any]:
        self.requests += 1
        return {"view": view_json(self._game(gcg)), "checks": []}

    def close(self) -> None:
        pass


def view_json(game: Game) -> dict[str, Any]:
    """A game as Quackle's ``view`` describes it (what the driver reads of it)."""
    return {"over": game.over, "scores": game.final_scores() if game.over else list(game.scores),
            "bag": len(game.bag)}


# --- moves in Quackle's terms --------------------------------------------------------------------
_ACROSS = re.compile(r"([0-9]+)([A-Z])")
_DOWN = re.compile(r"([A-Z])([0-9]+)")


def to_action(move: dict[str, Any]) -> Action:
    """Quackle's answer (``{"action", "position", "tiles"}``) as our action: ``position``
    in GCG notation (row first = across), ``tiles`` with ``.`` for a tile already on the
    board and lower case for a blank."""
    kind = move["action"]
    if kind == "pass":
        return Pass()
    if kind == "exchange":
        return Pass(tuple(BLANK if t == "?" else t for t in move["tiles"]))
    if kind != "place":
        raise MatchError(f"Quackle answered a move the match cannot play: {move}")
    where = move["position"]
    across = _ACROSS.fullmatch(where)
    if across:
        row, col, dr, dc = int(across.group(1)) - 1, ord(across.group(2)) - ord("A"), 0, 1
    else:
        down = _DOWN.fullmatch(where)
        if not down:
            raise MatchError(f"Quackle's position {where!r} is not GCG notation")
        row, col, dr, dc = int(down.group(2)) - 1, ord(down.group(1)) - ord("A"), 1, 0
    placed = []
    for step, tile in enumerate(move["tiles"]):
        if tile == ".":
            continue
        placed.append(Placement(row + step * dr, col + step * dc, tile.upper(), tile.islower()))
    return Play(tuple(placed))


def action_json(action: Action, config: GameConfig) -> dict[str, Any]:
    """Our action in Quackle's terms (the built-in opponent's answers)."""
    if isinstance(action, Pass):
        if action.discards:
            return {"action": "exchange", "tiles": "".join(action.discards), "score": 0}
        return {"action": "pass", "tiles": "", "score": 0}
    if not isinstance(action, Play):
        raise MatchError(f"no Quackle move for {action!r}")
    squares = sorted(action.placements)
    rows = {p.row for p in squares}
    down = len(rows) > 1
    first = squares[0]
    by_square = {(p.row, p.col): p for p in squares}
    last = squares[-1]
    tiles = []
    r, c = first.row, first.col
    while (r, c) <= (last.row, last.col):
        p = by_square.get((r, c))
        tiles.append("." if p is None else p.letter.lower() if p.blank else p.letter)
        r, c = (r + 1, c) if down else (r, c + 1)
    column = chr(ord("A") + first.col)
    position = f"{column}{first.row + 1}" if down else f"{first.row + 1}{column}"
    # A one-tile play: our engine works out which way it reads; either is the same tiles.
    return {"action": "place", "position": position, "tiles": "".join(tiles), "score": None}


def game_lines(game: Game) -> list[str]:
    """The game so far as GCG lines Quackle reads: players and every move with its score
    and total, without end-of-game lines."""
    record = gcg_export(game).record
    record.events = [e for e in record.events if e.kind in MOVE_EVENTS]
    record.racks = {}  # an unfinished game's racks: Quackle would take them as the racks held
    return format_gcg(record).splitlines()


# --- one game ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Side:
    """Who plays for each program: our player's spec, Quackle's player and its setting."""

    ours: str = "level8"
    theirs: str = "speedy"
    their_seconds: int = 0


@dataclass
class PlayedMatchGame:
    row: dict[str, Any]
    game: Game


def play_match_game(config: GameConfig, lexicon: str, side: Side, opponent: Opponent,
                    seed: int, number: int,
                    chooser: Callable[[Game], Sequence[Action]] | None = None
                    ) -> PlayedMatchGame:
    """Game ``number`` (pairs share ``seed``; odd numbers seat Quackle first) to the end,
    every move through our engine and Quackle's judgement; its row for the results."""
    ours_first = number % 2 == 0
    spec = parse_player_spec(side.ours, OURS)
    seats = [spec, PlayerSpec(THEIRS, True)] if ours_first else [PlayerSpec(THEIRS, True), spec]
    our_seat = 0 if ours_first else 1
    setup = GameSetup.create(config, seats, seed=seed, lexicon=lexicon)
    game = Game(setup, load_lexicon(lexicon))
    seconds = [0.0, 0.0]
    moves = [0, 0]
    problems: list[str] = []
    first_racks = [tuple(r.tiles) for r in game.racks]
    limit = 4 * (config.tiles.total_tiles + config.rows * config.columns) + 50
    while not game.over:
        if len(game.history) > limit:
            raise MatchError(f"game {number} did not end after {limit} turns")
        seat = game.current
        if seat == our_seat:
            started = time.perf_counter()
            actions = (chooser(game) if chooser is not None
                       else choose_action(game.position(), spec).actions)
            seconds[0] += time.perf_counter() - started
            moves[0] += 1
            for action in actions:
                if not game.over:
                    game.act(action)
            continue
        rack = "".join(game.racks[seat].tiles)
        reply = opponent.move(side.theirs, side.their_seconds, seed * 1000 + len(game.history),
                              rack, game_lines(game))
        if "error" in reply:
            raise MatchError(f"game {number}, turn {len(game.history) + 1}: Quackle: "
                             f"{reply['error']}")
        problems.extend(_problems(reply))
        seconds[1] += float(reply.get("cpu") or 0.0)
        moves[1] += 1
        action = to_action(reply["move"])
        try:
            turn = game.act(action)
        except IllegalMove as exc:
            raise MatchError(f"game {number}, turn {len(game.history) + 1}: our engine "
                             f"refuses Quackle's {reply['move']}: {exc}") from None
        said = reply["move"].get("score")
        if isinstance(action, Play) and said is not None and said != turn.score:
            problems.append(f"turn {len(game.history)}: Quackle scored {said}, we {turn.score}")
    final = game.final_scores()
    verdict = opponent.check(game_lines(game))
    problems.extend(_problems(verdict))
    view = verdict.get("view", {})
    rules_differ = False
    if not view.get("over"):
        if game.end_reason == PASSED_OUT:
            # Our rules end a game when every player passes in turn, Quackle's after
            # six scoreless turns: a difference of rules, not of judgement.
            rules_differ = True
        else:
            problems.append(f"the game ended for us ({game.end_reason}), not for Quackle")
    elif _spread(view.get("scores", [])) != _spread(final):
        # Quackle gives the player who goes out twice the tiles left, we add them to
        # one side and take them from the other: the totals differ, the spread not.
        problems.append(f"final totals: Quackle {view.get('scores')}, we {final}")
    ours, theirs = final[our_seat], final[1 - our_seat]
    row = {"game": number, "seed": seed, "ours_first": ours_first, "ours": ours,
           "theirs": theirs, "spread": ours - theirs, "turns": len(game.history),
           "our_seconds": round(seconds[0], 4), "our_moves": moves[0],
           "their_seconds": round(seconds[1], 4), "their_moves": moves[1],
           "first_racks": ["".join(r) for r in first_racks], "end": game.end_reason,
           "rules_differ": rules_differ, "problems": problems}
    return PlayedMatchGame(row, game)


def _spread(scores: Sequence[int]) -> int | None:
    return scores[0] - scores[1] if len(scores) == 2 else None


def _problems(reply: dict[str, Any]) -> list[str]:
    return [f"ply {c.get('ply')}: {c.get('problems')}" for c in reply.get("checks", [])]


# --- the summary -----------------------------------------------------------------------------------
def summary_lines(name: str, rows: list[dict[str, Any]]) -> list[str]:
    """Wins and spread (``match_line``), the scores, seconds a move and disagreements."""
    if not rows:
        return [f"{name}: no games"]
    ours, _ = mean_error([r["ours"] for r in rows])
    theirs, _ = mean_error([r["theirs"] for r in rows])
    our_moves = sum(r["our_moves"] for r in rows)
    their_moves = sum(r["their_moves"] for r in rows)
    ours_s = sum(r["our_seconds"] for r in rows) / max(1, our_moves)
    theirs_s = sum(r["their_seconds"] for r in rows) / max(1, their_moves)
    pairs = _pairs(rows)
    swept = sum(1 for a, b in pairs if a["spread"] > 0 and b["spread"] > 0)
    lost = sum(1 for a, b in pairs if a["spread"] < 0 and b["spread"] < 0)
    troubled = [r for r in rows if r["problems"]]
    return [match_line(name, rows),
            f"  mean score {ours:.1f} v {theirs:.1f}; s/move {ours_s:.4f} (ours) / "
            f"{theirs_s:.4f} (Quackle's CPU)",
            f"  pairs complete {len(pairs)}: both won {swept}, both lost {lost}, split "
            f"{len(pairs) - swept - lost}",
            f"  games ended by passes in turn (Quackle plays on to six scoreless turns): "
            f"{sum(1 for r in rows if r.get('rules_differ'))}",
            f"  games where the engines disagreed: {len(troubled)}"
            + (f" (first: game {troubled[0]['game']}: {troubled[0]['problems'][0]})"
               if troubled else "")]


def _pairs(rows: list[dict[str, Any]]) -> list[tuple[dict, dict]]:
    by_number = {r["game"]: r for r in rows}
    return [(by_number[n], by_number[n + 1]) for n in sorted(by_number)
            if n % 2 == 0 and n + 1 in by_number]


def pair_seed(seed: int, number: int) -> int:
    """Both games of a pair share one seed (one bag)."""
    return seed + number // 2


# --- running it -------------------------------------------------------------------------------------
_SERVER: dict[tuple[str, ...], QuackleServer] = {}


def _server(command: tuple[str, ...]) -> QuackleServer:
    """One server per worker process, started at its first game."""
    if command not in _SERVER:
        _SERVER[command] = QuackleServer(command)
    return _SERVER[command]


def play_task(task: tuple) -> tuple[dict[str, Any], str]:
    """One game (a worker task): its row and its GCG text."""
    config, lexicon, side, command, seed, number = task
    parallel.set_move_workers(1)
    played = play_match_game(config, lexicon, side, _server(command), pair_seed(seed, number),
                             number)
    return played.row, gcg_export(played.game).text


def locate(argument: str | None) -> QuackleFiles | None:
    folder = argument or os.environ.get(QUACKLE_ENV)
    if not folder:
        return None
    return QuackleFiles.under(Path(folder).expanduser())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quackle", help=f"build.sh's folder (default: ${QUACKLE_ENV})")
    parser.add_argument("--ours", default="level8", help="our player (default level8)")
    parser.add_argument("--theirs", default="speedy", choices=QUACKLE_PLAYERS)
    parser.add_argument("--their-seconds", type=int, default=0,
                        help="Quackle's secondsPerTurn (0: its player's default)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=260_000)
    parser.add_argument("--words", type=Path, help="the shared word list (default: "
                        "Quackle's dumped list)")
    parser.add_argument("--config", default="scrabble.cfg")
    parser.add_argument("--workers", type=int, default=1, help="games at once")
    parser.add_argument("--out", type=Path, default=Path("quackle-match"),
                        help="results and GCG files (default ./quackle-match)")
    args = parser.parse_args(argv)
    files = locate(args.quackle)
    if files is None:
        print(f"quackle_match: skipped: no Quackle build (give --quackle or set "
              f"{QUACKLE_ENV}; ../shared/bench/quackle-opponent/build.sh makes one)")
        return 0
    missing = files.missing()
    if missing:
        print(f"quackle_match: skipped: the Quackle build lacks {missing[0]}")
        return 0
    if args.games % 2:
        parser.error("--games must be even (games come in pairs)")
    config = load_config(find_config_file(args.config))
    lexicon = str((args.words or files.words).resolve())
    side = Side(args.ours, args.theirs, args.their_seconds)
    command = tuple(files.command())
    results = Results(args.out / "results.jsonl", "game")
    tasks = [(config, lexicon, side, command, args.seed, n) for n in range(args.games)
             if not results.done(n)]
    name = f"{args.ours} v Quackle {args.theirs}" + (
        f" ({args.their_seconds} s/turn)" if args.their_seconds else "")
    print(f"{config.title}, {Path(lexicon).name}: {name}, {args.games} games in pairs "
          f"(seed {args.seed}), {len(tasks)} to play, {args.workers} at once; load average "
          f"{os.getloadavg()[0]:.2f}", flush=True)
    started = time.time()
    for row, text in parallel.map_tasks(play_task, tasks, args.workers):
        results.add(row)
        (args.out / f"game-{row['game']:04d}.gcg").write_text(text, encoding="utf-8")
        done = results.values(range(args.games))
        if len(done) % 20 == 0:
            print(f"{len(done)} games: {match_line(name, done)}", flush=True)
    for line in summary_lines(name, results.values(range(args.games))):
        print(line)
    print(f"  {time.time() - started:.0f} s for this run; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for server in _SERVER.values():
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
