"""``wordstudio selfplay``: computer players against each other in batch (WordsWorth
-Q, -S and -s).

    wordstudio selfplay --config scrabble.cfg --games 100 --seed 1 \\
        --player championship:5 --player level8 [--json] [--workers N] [--cluster ADDRESS]
        [--check] [-S | -s | -Q [-D]]

A ``--player`` is ``level1``..``level9``, ``championship`` (level 9) or
``championship:SECONDS`` (its thinking time a move), ``greedy``, ``control`` (WordsWorth's
control player: the config's ``ControlStrategy``), ``config`` (the game's own strategy
elements) or a knob file.  Without ``--player`` the game's own strategy plays the control,
as ``ww -Q``/``-S``/``-s`` do ("the program plays against itself, with the player taking
your part being a control", seed 001 section 3).  Seats take turns to
start (``-B0``: the first player, the program, starts every game; ``-B1``: the second,
the control); game ``n`` has seed ``seed + n``.  ``-f`` is ``--config``, as WordsWorth's.
Given before any command, ``wordstudio -Q|-S|-s [-D] [-B0|-B1] [-f CONFIG]`` is this
command for one game, as ``ww`` was.  Games run on every local core
(``--workers``), or on a Ray cluster (``--cluster``), with the same results for the same
seed whatever the number of workers (the Championship player's timed thinking aside).

A progress bar goes to the terminal (standard error, only when it is one) with games per
second and the first player's running win rate with its 95% interval.  Then wins, draws,
the mean, median and spread (standard deviation) of each player's scores and the mean
time per move.

As in WordsWorth (seed 001, section 3): ``-S`` (``--watch``) prints every move as it is
played; ``-s`` (``--step``) does too but waits for a key between moves (at a terminal a
key read without Enter: Enter the next move; ``c``: play on without waiting, as -S;
``q``: stop; from a pipe, one line a move).  "You can return to normal play from a -S or
-s game by pressing a key other than the ENTER key": any other key (during -S at a
terminal, any key but Enter) lets the person take a seat - the control's, WordsWorth's
"you" - and play the rest of that game at the terminal (:mod:`.takeover`; ``w`` hands the
seat back, as WordsWorth's W).  ``-Q`` (``--quiet``) prints
only each game's result as it ends, and with ``-D`` (``--show-tiles``) the move numbers
along the way to show progress (with -S/-s, ``-D`` shows the racks).  ``--check``
referees every game independently (each play re-checked, scores re-added).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from wordstudio.crossword.actions import Turn
from wordstudio.crossword.config.cli import find_config_file
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.players.knobs import CONTROL, PROGRAM
from wordstudio.crossword.players.levels import parse_player_spec
from wordstudio.crossword.players.parallel import Workers, usable_workers
from wordstudio.crossword.players.selfplay import GameOutcome, MatchSummary, run_match, wilson
from wordstudio.crossword.players.takeover import Stopped, TakeSeat, person_seat, play_on
from wordstudio.errors import UserError
from wordstudio.lexicon.catalog import load_lexicon, resolve_lexicon
from wordstudio.paths import lexicons_dir

DEFAULT_CONFIG = "scrabble.cfg"
#: The seats without --player: the game's own strategy against WordsWorth's control.
WORDSWORTH_PAIR = (PROGRAM, CONTROL)
BAR_WIDTH = 30
#: Whether a terminal's keys can be read one at a time (termios: not on Windows).
_CBREAK = os.name == "posix"


class SelfPlayUsage(UserError):
    """Arguments that make no match (too few players, no games)."""


class StopWatching(Exception):
    """The person watching a -s game asked to stop."""


#: The -s keys that are not a request to take a seat (Enter: the next move).
NEXT_MOVE_KEYS = ("", "\n", "\r", " ")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "selfplay", help="computer players against each other in batch (WordsWorth -Q, -S, -s)",
        description="Play computer players against each other and sum up the results.")
    parser.add_argument("--config", "-f", default=DEFAULT_CONFIG,
                        help="game configuration: a file or a shipped board name "
                             f"(default: {DEFAULT_CONFIG})")
    parser.add_argument("--games", type=int, default=10, help="how many games (default: 10)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the first game; game n uses seed + n (default: 1)")
    parser.add_argument("--player", action="append", default=[], metavar="SPEC",
                        help="level1..level9, championship[:SECONDS], greedy, control, "
                             "config or a knob file; give as many as the game seats (its "
                             "MinimumPlayers to MaximumPlayers: the standard game 2-4, "
                             "WORDwhami 1-6) (default: config against control, as WordsWorth)")
    parser.add_argument("--lexicon", help="word list: a shipped name or a file "
                                          "(default: the config's)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("-S", "--watch", action="store_true",
                       help="print every move as it is played (WordsWorth -S)")
    shown.add_argument("-s", "--step", action="store_true",
                       help="print every move and wait for a key between moves (WordsWorth -s)")
    shown.add_argument("-Q", "--quiet", action="store_true",
                       help="print only each game's result (WordsWorth -Q)")
    parser.add_argument("-D", "--show-tiles", action="store_true",
                        help="with -Q: print move numbers to show progress; with -S/-s: show "
                             "each player's rack (WordsWorth -D)")
    parser.add_argument("-B", dest="first", choices=("0", "1"), metavar="0|1",
                        help="-B0: the first player (the program) starts every game; -B1: "
                             "the second (the control, WordsWorth's 'you') does (WordsWorth "
                             "-B; otherwise the seats take turns to start)")
    parser.add_argument("--check", action="store_true",
                        help="referee every game: re-check each play and re-add the scores")
    parser.add_argument("--workers", "--jobs", dest="workers", type=int, default=0,
                        metavar="N", help="games played at once in separate processes "
                                          "(default: one per core)")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="play the games on a Ray cluster (an address, or 'local' to "
                             "start one here); needs wordstudio[cluster]")
    parser.set_defaults(func=run_selfplay)


def run_selfplay(args: argparse.Namespace, out: TextIO | None = None,
                 err: TextIO | None = None, keys: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    keys = keys or sys.stdin
    if args.games < 1:
        raise SelfPlayUsage(f"--games must be at least 1, not {args.games}")
    players = list(args.player) or list(WORDSWORTH_PAIR)
    try:
        workers, cut = usable_workers(getattr(args, "workers", 0))
    except ValueError as exc:
        raise SelfPlayUsage(str(exc)) from None
    if cut and not getattr(args, "cluster", None):  # a cluster has cores of its own
        print(f"wordstudio selfplay: {cut}", file=err)
    watching = args.watch or getattr(args, "step", False)
    quiet = getattr(args, "quiet", False)
    show_tiles = getattr(args, "show_tiles", False)
    path = find_config_file(args.config)
    config = load_config(path)
    # Each player named is one there is (level12 is not) before they are counted.
    specs = [parse_player_spec(text) for text in players]
    check_player_count(config, len(players))
    first = getattr(args, "first", None)
    # -B0: the program (the first player) starts every game; -B1: the control does.
    starter = None if first is None else min(int(first), len(specs) - 1)
    lexicon = _lexicon(args.lexicon or config.dictionary, path)
    cluster = getattr(args, "cluster", None)
    if cluster:
        Workers(1, cluster)  # connect now: a bad address fails before any game
    progress = (Progress(args.games, err, [s.name for s in specs])
                if err.isatty() and not watching and not quiet else None)
    # With --json standard output holds the JSON alone: the moves and games shown on the
    # way (-S, -s, -Q) go to standard error.
    shown = err if args.json else out
    if watching:
        step = getattr(args, "step", False)
        # -S at a terminal: a key pressed while it plays takes a seat (the manual's way
        # "to return to normal play").
        on_turn: Callable[[Game, Turn], None] | None = _watcher(
            shown, show_tiles, keys if step else None,
            keys if not step and _is_terminal(keys) else None)
    elif quiet and show_tiles:
        on_turn = _move_numbers(shown)
    else:
        on_turn = None

    def on_game(outcome: GameOutcome, done: int) -> None:
        if watching or quiet:
            print(game_line(outcome, done, [s.name for s in specs]), file=shown, flush=True)
        if progress is not None:
            progress.update(outcome)

    started = time.perf_counter()
    try:
        summary = run_match(config, specs, args.games, args.seed, lexicon=lexicon,
                            verify=args.check, jobs=workers,
                            cluster=None if on_turn is not None else cluster,
                            on_turn=on_turn, on_game=on_game, starter=starter)
    except StopWatching:
        print("stopped", file=shown)
        return 0
    except TakeSeat as taken:
        return _person_plays(taken.game, keys, shown, show_tiles)
    if progress is not None:
        progress.finish()
    if args.json:
        data = summary.to_json()
        data["seconds"] = round(time.perf_counter() - started, 2)
        data["seed"] = args.seed
        print(json.dumps(data), file=out)
    else:
        print(report(summary, time.perf_counter() - started), file=out)
    return 0


def check_player_count(config: GameConfig, count: int) -> None:
    """As many players as the game seats (its ``MinimumPlayers`` to ``MaximumPlayers``):
    the standard game two to four, Computer SCRABBLE's one to four, WORDwhami's "two to
    four (or more)" up to six."""
    low, high = config.min_players, config.max_players
    if not low <= count <= high:
        seats = f"{low}" if low == high else f"{low} to {high}"
        raise SelfPlayUsage(f"{config.title or 'this game'} is for {seats} players: give "
                            f"{seats} --player options, not {count}")


def _lexicon(name: str, config_path: Path) -> str:
    """The lexicon to play with: a shipped name as it is, a file as a path the players
    can open wherever they run (a relative one is looked for beside the config too).
    Loading it now makes a bad lexicon fail before any game."""
    resolved = resolve_lexicon(name, relative_to=config_path.parent)
    load_lexicon(resolved)
    return name if resolved.parent == lexicons_dir() else str(resolved)


def game_line(outcome: GameOutcome, done: int, names: list[str]) -> str:
    """One finished game: who played in which order, the scores, why it ended."""
    order = [names[e] for e in outcome.order]
    scores = ", ".join(f"{names[e]} {outcome.scores[e]}" for e in outcome.order)
    return (f"== game {done} (seed {outcome.seed}, {' v '.join(order)}): {scores}; "
            f"{outcome.end_reason}")


def _turn_printer(out: TextIO, show_tiles: bool) -> Callable[[Game, Turn], None]:
    """Print a turn as -S does: its number, what was played, the scores."""
    def on_turn(game: Game, turn: Turn) -> None:
        scores = " ".join(str(s) for s in game.scores)
        rack = f"  ({''.join(turn.rack_before)})" if show_tiles and turn.rack_before else ""
        print(f"{len(game.history):3d}. {turn.describe(game.names)}{rack}   [{scores}]",
              file=out, flush=True)
    return on_turn


def _watcher(out: TextIO, show_tiles: bool, keys: TextIO | None,
             taking: TextIO | None = None) -> Callable[[Game, Turn], None]:
    """Print each move (-S); with ``keys`` wait for a key after each one (-s).  A key
    other than Enter (-s), or any key but Enter pressed while -S plays at a terminal
    (``taking``), lets the person take a seat (:class:`TakeSeat`)."""
    waiting = [keys is not None]
    printed = _turn_printer(out, show_tiles)

    def on_turn(game: Game, turn: Turn) -> None:
        printed(game, turn)
        if game.over:
            return
        if waiting[0] and keys is not None:
            at_terminal = keys.isatty()
            first = "Enter" if at_terminal and _CBREAK else "an empty line"
            other = "any other key" if at_terminal and _CBREAK else "t"
            print(f"    {first}: next move, c: play on, q: stop, {other}: take a seat ",
                  end="", file=out, flush=True)
            answer = read_key(keys) if at_terminal else keys.readline()
            if not at_terminal or _CBREAK:
                print(file=out)  # a key read alone is not echoed; a script's line never is
            if not answer or answer.strip().lower().startswith("q"):
                raise StopWatching
            if answer.strip().lower().startswith("c"):
                waiting[0] = False
            elif answer not in NEXT_MOVE_KEYS and answer.strip():
                raise TakeSeat(game)
        elif taking is not None and (key := key_waiting(taking)) is not None \
                and key not in NEXT_MOVE_KEYS:
            raise TakeSeat(game)
    return on_turn


def key_waiting(keys: TextIO) -> str | None:
    """A key pressed at the terminal since the last look, without waiting (None if
    none); read as -s reads keys, one at a time."""
    if not _CBREAK:
        return None
    import select

    if not select.select([keys], [], [], 0)[0]:
        return None
    return read_key(keys)


def _person_plays(game: Game, keys: TextIO, out: TextIO, show_tiles: bool) -> int:
    """A person took a seat: the rest of this game at the terminal, then its result
    (the match's later games are not played)."""
    try:
        seat = person_seat(game, keys, out)
        play_on(game, seat, keys, out, _turn_printer(out, show_tiles))
    except Stopped:
        print("stopped", file=out)
        return 0
    final = game.final_scores()
    scores = ", ".join(f"{name} {score}" for name, score in zip(game.names, final, strict=True))
    print(f"== game (seed {game.setup.seed}, {' v '.join(game.names)}): {scores}; "
          f"{game.end_reason}", file=out)
    print("The match stops here: a person played in this game.", file=out)
    return 0


def _is_terminal(keys: TextIO) -> bool:
    try:
        return keys.isatty()
    except (ValueError, OSError):
        return False


def read_key(keys: TextIO) -> str:
    """One key pressed at a terminal, without waiting for Enter (WordsWorth's -s "waits
    for you to press a key between each move"); a line where keys cannot be read one by
    one.  "" when the terminal is closed."""
    if not _CBREAK:
        return keys.readline()
    import termios
    import tty

    fd = keys.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)  # keys typed ahead count; Ctrl+C still interrupts
        key = os.read(fd, 1)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    return "" if key in (b"", b"\x04") else key.decode("latin-1")


def _move_numbers(out: TextIO) -> Callable[[Game, Turn], None]:
    """-Q -D: the move numbers as the game goes, on one line per game."""
    def on_turn(game: Game, turn: Turn) -> None:
        print(f"{len(game.history)}", end="\n" if game.over else " ", file=out, flush=True)
    return on_turn


def report(summary: MatchSummary, seconds: float) -> str:
    """The results as a table: one line per player, then the first player's win rate
    with its 95% interval."""
    games = summary.games
    width = max(6, *(len(s.name) for s in summary.entrants))
    lines = [f"{summary.title}: {games} game{'s' if games != 1 else ''} in {seconds:.1f} s",
             f"{'player':<{width}}  {'wins':>5} {'draws':>5} {'win %':>6}  {'mean':>7} "
             f"{'+-':>5} {'median':>7} {'stdev':>6}  {'ms/move':>8}"]
    for s in summary.entrants:
        lines.append(
            f"{s.name:<{width}}  {s.wins:>5} {s.draws:>5} {100 * s.win_rate(games):>5.1f}%  "
            f"{s.mean:>7.1f} {s.mean_error:>5.1f} {s.median:>7.1f} {s.stdev:>6.1f}  "
            f"{1000 * s.seconds_per_move:>8.2f}")
    lines.append(running_result(summary))
    return "\n".join(lines)


def running_result(summary: MatchSummary) -> str:
    """The first player's win rate so far with its 95% (Wilson) interval, and its mean
    spread over the best opponent with a 95% error bar."""
    games = summary.games
    first = summary.entrants[0]
    if len(summary.entrants) == 1:  # a game for one: nothing to win, a score to make
        return f"{first.name}: mean {first.mean:.1f}, best {max(first.scores, default=0)}"
    won = first.wins + first.draws / 2
    low, high = wilson(won, games)
    spreads = [o.scores[0] - max(s for e, s in enumerate(o.scores) if e) for o in summary.outcomes]
    mean = sum(spreads) / len(spreads) if spreads else 0.0
    if len(spreads) > 1:
        variance = sum((x - mean) ** 2 for x in spreads) / (len(spreads) - 1)
        bar = f" +-{1.96 * (variance / len(spreads)) ** 0.5:.1f}"
    else:
        bar = ""
    return (f"{first.name}: {100 * won / games:.1f}% wins [95%: {100 * low:.1f}-"
            f"{100 * high:.1f}], spread {mean:+.1f}{bar}")


class Progress:
    """A progress bar on a terminal: games done, games per second, the running result
    (tqdm's bar when tqdm is installed, a plain one-line bar otherwise)."""

    def __init__(self, total: int, stream: TextIO, names: list[str]) -> None:
        self.total = total
        self.stream = stream
        self.summary = MatchSummary("", [])
        self.names = names
        self.started = time.perf_counter()
        self.done = 0
        self.bar = None
        try:
            from tqdm import tqdm
        except ImportError:
            self._draw()
        else:
            self.bar = tqdm(total=total, file=stream, unit="game", dynamic_ncols=True)

    def update(self, outcome: GameOutcome) -> None:
        from wordstudio.crossword.players.selfplay import EntrantStats

        if not self.summary.entrants:
            self.summary.entrants = [EntrantStats(n) for n in self.names]
        self.summary.add(outcome)
        self.done += 1
        if self.bar is not None:
            self.bar.set_postfix_str(running_result(self.summary), refresh=False)
            self.bar.update(1)
        else:
            self._draw()

    def _draw(self) -> None:
        filled = BAR_WIDTH * self.done // self.total
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        rate = self.done / max(1e-9, time.perf_counter() - self.started)
        result = f", {running_result(self.summary)}" if self.done else ""
        self.stream.write(f"\r[{bar}] {self.done}/{self.total} games, {rate:.2f} games/s"
                          f"{result}")
        self.stream.flush()

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.close()
        else:
            self.stream.write("\n")
            self.stream.flush()
