"""Move generation and evaluation speed, side by side with the reference generator.

    python benchmarks/movegen.py [--reference PATH] [--rounds 3] [--repeat 15]
                                 [--positions 200] [--no-pure] [--no-fresh] [--no-memory]
                                 [--no-whami]

The reference is the timing server of ``../shared/bench/reference-movegen/`` (built
outside the project as its README says): give its path with ``--reference`` or the
environment variable ``WORDSTUDIO_REFERENCE_MOVEGEN``; without one, its rows are
skipped with a line saying so; a path given that is not there is an error (exit 1).

Positions: ``--positions`` standard-game positions made by seeded self-play
(:mod:`benchmarks.positions`: players ranking by score plus the leave table), 20 of
those boards again with two blanks on the rack (real racks seldom hold both), and the
50 oracle positions (no more than ``--positions`` of each kind: ``--positions 2
--rounds 1 --repeat 1`` is a quick check that the benchmark runs); lexicon: the oracle's
(SCOWL-70, 110,896 words).  For each position every generator - the reference, the
compiled one (all moves, then the top 10), the pure-Python one - makes the whole move
list (the project's: a ``MoveList`` in one buffer, no Python object per move)
``--repeat`` times (a third as often with two blanks) and keeps its best CPU time, one
generator after the other (each of ours working out what every square allows afresh in
every run, as the reference does: see :func:`time_ours`); ``--rounds`` rounds alternate
their order, and a position's time is its best over the rounds, the same number of runs
for each generator - CPU time
(``time.thread_time_ns``; the reference reports its thread's), so other work on a
shared machine disturbs the figures as little as it can.  The pure-Python generator
takes most of a run's time; ``--no-pure`` leaves it out.

Printed: per set and by blanks on the rack, the median, mean and 90th percentile
milliseconds per position and the moves per second of the reference, the compiled
generator, the compiled top-10 by equity (score + the standard leave table) and the
pure-Python generator, with the ratios to the reference; then a fresh ``wordstudio
moves`` process on one position (warm cache; ``python -m wordstudio moves`` where the
``wordstudio`` script is not beside this Python), the automaton's build time, load time,
size and resident memory for the largest shipped list, and 30x30 WORDwhami positions
with 12-tile racks.  The machine's load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.positions import BenchPosition, self_play  # noqa: E402
from tests import oracle  # noqa: E402
from wordstudio.crossword.config.files import load_config  # noqa: E402
from wordstudio.crossword.movegen import BLOCKED, is_compiled  # noqa: E402
from wordstudio.crossword.movegen.equity import (  # noqa: E402
    PLAIN,
    RackEquity,
    _make_plan,  # timed on its own: a player lays its leave table out once
    compiled_filler,
)
from wordstudio.crossword.moves import MoveFinder, finder_for  # noqa: E402
from wordstudio.crossword.players.leaves import standard_table  # noqa: E402
from wordstudio.crossword.tiles import BLANK, Rack  # noqa: E402
from wordstudio.lexicon.catalog import load_lexicon  # noqa: E402
from wordstudio.lexicon.gaddag import (  # noqa: E402
    build_gaddag,
    compiled_builder,
    encode_words,
    gaddag_for_file,
    load_gaddag,
)
from wordstudio.paths import boards_dir, lexicons_dir  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Timings:
    """Best CPU seconds and move count per position, for one generator."""

    name: str
    best: dict[str, float] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)

    def add(self, ident: str, seconds: float, moves: int) -> None:
        self.best[ident] = min(self.best.get(ident, float("inf")), seconds)
        self.moves[ident] = moves


class Reference:
    """The reference timing server, driven over its stdin/stdout."""

    def __init__(self, program: Path, lexicon: Path, positions: list[BenchPosition],
                 folder: Path) -> None:
        listing = folder / "positions.txt"
        listing.write_text("".join(p.reference_line() + "\n" for p in positions))
        self.kwg = folder / "reference.kwg"
        self.index = {p.ident: i for i, p in enumerate(positions)}
        env = dict(os.environ, WB_KWG_OUT=str(self.kwg))
        # Absolute: a bare file name would be looked for on PATH, not here.
        self.program = program = program.resolve()
        try:
            self.process = subprocess.Popen([str(program), str(lexicon), str(listing)], env=env,
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=subprocess.PIPE, text=True)
        except OSError as exc:
            raise SystemExit(f"the reference {program} cannot be run: {exc.strerror} (give the "
                             "timing server built from ../shared/bench/reference-movegen/)") from None
        assert self.process.stdout is not None
        ready = self.process.stdout.readline()
        if not ready.startswith("ready"):
            status = self.process.poll()
            said = (self.process.stderr.read() if self.process.stderr and status is not None
                    else "").strip()
            raise SystemExit(f"the reference {program} did not start (it answered {ready!r}"
                             f"{f', exit status {status}' if status is not None else ''}"
                             f"{': ' + said[-300:] if said else ''}); is it the timing server "
                             "built from ../shared/bench/reference-movegen/?")

    def time(self, position: BenchPosition, repeat: int) -> tuple[float, int]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"T {self.index[position.ident]} {repeat}\n")
        self.process.stdin.flush()
        _ident, _wall, cpu, count = self.process.stdout.readline().split()
        return int(cpu) / 1e9, int(count)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.write("Q\n")
            self.process.stdin.flush()
        self.process.wait(timeout=30)


def time_ours(generator, cells, counts, blanks, repeat: int, **options) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """The best CPU time of ``repeat`` searches, each working out what every square allows
    afresh, as the reference does: the generator keeps that between searches (a game's
    next position only changes the lines the last move touched), and the same board
    searched again would cost it nothing - so an empty board is taken in before each
    run, untimed, and every line with a tile is worked out again in the run."""
    best = float("inf")
    found = 0
    empty = [-1 if cell != BLOCKED else BLOCKED for cell in cells]
    nothing = [0] * len(counts)
    for _ in range(repeat):
        generator.generate(empty, nothing, 0)
        start = time.thread_time_ns()
        moves = generator.generate(cells, counts, blanks, **options)
        elapsed = time.thread_time_ns() - start
        best = min(best, elapsed / 1e9)
        found = moves.found
        del moves
    return best, found


def summary(timings: Timings, positions: list[BenchPosition], blanks: int | None) -> dict | None:
    chosen = [p.ident for p in positions if blanks is None or p.blanks == blanks]
    times = [timings.best[i] * 1000 for i in chosen if i in timings.best]
    if not times:
        return None
    moves = sum(timings.moves[i] for i in chosen if i in timings.best)
    ordered = sorted(times)
    return {"n": len(times), "median": statistics.median(times), "mean": statistics.mean(times),
            "p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
            "rate": moves / (sum(times) / 1000)}


def print_table(title: str, positions: list[BenchPosition], rows: list[Timings],
                reference: Timings | None) -> None:
    print(f"\n{title}: {len(positions)} positions; milliseconds of CPU per position "
          "(best of the repeats and rounds)")
    print(f"  {'generator':<22} {'blanks':>6} {'n':>4} {'median':>9} {'mean':>9} {'p90':>9} "
          f"{'moves/s':>11}  {'x ref median':>12} {'x ref mean':>10}")
    for timings in ([reference] if reference else []) + rows:
        for blanks in (None, 0, 1, 2):
            s = summary(timings, positions, blanks)
            if s is None:
                continue
            ratio = ""
            if reference is not None and timings is not reference:
                r = summary(reference, positions, blanks)
                if r:
                    ratio = f"{s['median'] / r['median']:>12.2f} {s['mean'] / r['mean']:>10.2f}"
            label = "all" if blanks is None else str(blanks)
            print(f"  {timings.name:<22} {label:>6} {s['n']:>4} {s['median']:>9.4f} "
                  f"{s['mean']:>9.4f} {s['p90']:>9.4f} {s['rate'] / 1e6:>10.2f}M  {ratio}")


def generation(args: argparse.Namespace, config, gaddag, positions: list[BenchPosition],  # type: ignore[no-untyped-def]
               reference: Reference | None) -> None:
    compiled = MoveFinder(config, gaddag) if is_compiled() else None
    pure = None if args.no_pure else MoveFinder(config, gaddag, pure=True)
    leaves = standard_table()
    # The leave table laid out for the compiled filler: once per process, leave table,
    # alphabet and knobs (a player does it before its first move).
    start = time.thread_time_ns()
    planned = _make_plan(leaves, tuple(config.tiles.alphabet), PLAIN) is not None
    plan_seconds = (time.thread_time_ns() - start) / 1e9
    prepared = []
    table_seconds: dict[str, float] = {}
    for p in positions:
        rack = Rack(tuple(p.rack))
        counts = rack.counts(config.tiles.alphabet)
        # Built afresh (not from the cache of recent racks), as for a new rack in a game.
        best = float("inf")
        for _ in range(5):
            start = time.thread_time_ns()
            table = RackEquity(counts, rack.blanks, config.tiles.alphabet, leaves)
            best = min(best, (time.thread_time_ns() - start) / 1e9)
        table_seconds[p.ident] = best
        prepared.append((p, p.board(config).cells, counts, rack.blanks, table))
    results = {name: Timings(name) for name in ("reference", "compiled", "compiled top-10",
                                                 "pure")}
    for round_no in range(args.rounds):
        # Each position by every generator in turn, the order reversed every other round.
        steps = ["reference", "compiled", "pure"]
        if round_no % 2:
            steps.reverse()
        for p, cells, counts, blanks, table in prepared:
            repeat = args.repeat if blanks < 2 else max(2, args.repeat // 3)
            for step in steps:
                if step == "reference" and reference is not None:
                    results["reference"].add(p.ident, *reference.time(p, repeat))
                elif step == "compiled" and compiled is not None:
                    gen = compiled.generator
                    results["compiled"].add(p.ident, *time_ours(gen, cells, counts, blanks, repeat))
                    results["compiled top-10"].add(p.ident, *time_ours(
                        gen, cells, counts, blanks, repeat, top=10, equity=table))
                elif step == "pure" and pure is not None:
                    results["pure"].add(p.ident, *time_ours(pure.generator, cells, counts,
                                                            blanks, repeat))
        print(f"  round {round_no + 1} of {args.rounds} done", file=sys.stderr)
    rows = [results[n] for n in ("compiled", "compiled top-10", "pure") if results[n].best]
    for title, chosen in (("Standard-game positions (seeded self-play)",
                           [p for p in positions if p.ident.startswith("s")]),
                          ("Two-blank racks on self-play boards",
                           [p for p in positions if p.ident.startswith("b")]),
                          ("Oracle positions", [p for p in positions if p.ident.startswith("o")])):
        print_table(title, chosen, rows, results["reference"] if reference else None)
    if reference is not None and results["compiled"].best:
        agreement(positions, results["reference"], results["compiled"])
    if results["compiled"].best:
        ratios = [results["compiled top-10"].best[i] / results["compiled"].best[i]
                  for i in results["compiled"].best]
        print(f"\n  top-10 by equity / all moves, per position: median {statistics.median(ratios):.2f}, "
              f"mean {statistics.mean(ratios):.2f} (target: at most 1.20)")
        ratios = [(results["compiled top-10"].best[i] + table_seconds[i])
                  / results["compiled"].best[i] for i in results["compiled"].best]
        print(f"  the same with the rack's leave table built for it: median "
              f"{statistics.median(ratios):.2f}, mean {statistics.mean(ratios):.2f}")
    built = sorted(table_seconds.values())
    how = ("compiled, from the leave table laid out once in "
           f"{plan_seconds * 1e3:.2f} ms" if planned else
           "compiled" if compiled_filler() else "pure Python")
    print(f"  leave tables for the top-10 search, built once per rack ({how}): median "
          f"{statistics.median(built) * 1e3:.4f} ms, max {max(built) * 1e3:.4f} ms")


def agreement(positions: list[BenchPosition], reference: Timings, ours: Timings) -> None:
    """Do both generators find the same number of moves?  On an empty board the reference
    lists only the across plays (the down ones mirror them); ours lists both."""
    same = empty = 0
    differ = []
    for p in positions:
        theirs, mine = reference.moves.get(p.ident), ours.moves.get(p.ident)
        if theirs is None or mine is None:
            continue
        if theirs == mine:
            same += 1
        elif not "".join(p.rows).strip(".") and mine == 2 * theirs:
            empty += 1
        else:
            differ.append(f"{p.ident} ({theirs} v {mine})")
    print(f"\n  moves found, reference v compiled: the same on {same} positions, the same "
          f"both ways on {empty} empty boards (the reference lists across plays only); "
          f"different on {len(differ)}{': ' + ', '.join(differ[:10]) if differ else ''}")


def fresh_process(args: argparse.Namespace, position: BenchPosition, reference: Reference | None,
                  repeat: int = 10) -> None:
    """``wordstudio moves`` in a new process, warm cache (bytecode and automaton)."""
    rows = list(position.rows)
    cgp = "/".join(_cgp_row(r) for r in rows) + f" {position.rack}/ 0/0 0"
    # The script pip installed beside this Python; without one (a checkout run with
    # PYTHONPATH, a broken install), the package run as a module: a few ms more.
    script = shutil.which("wordstudio", path=str(Path(sys.executable).parent))
    program = [script] if script else [sys.executable, "-m", "wordstudio"]
    label = "wordstudio moves" if script else "python -m wordstudio"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [*program, "moves", "--cgp", cgp]
    print(f"\nFresh process, one position ({position.ident}, rack {position.rack}), warm cache, "
          f"{repeat} runs:")
    warm = subprocess.run(command, env=env, capture_output=True, text=True)  # warm-up
    if warm.returncode:
        raise SystemExit(f"{' '.join(command[:-1])} ... failed (exit status {warm.returncode}): "
                         f"{warm.stderr.strip()[-300:]}")
    for name, cmd in ((label, command),
                      ("reference --cold", [str(reference.program), "--cold", str(reference.kwg),
                                            position.reference_line()] if reference else None)):
        if cmd is None:
            print(f"  {name}: skipped (no reference)")
            continue
        walls, cpus = [], []
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            result = subprocess.run(cmd, env=env, capture_output=True)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            if result.returncode:
                raise SystemExit(f"{name} failed: {result.stderr[-500:]!r}")
        print(f"  {name:<18} wall median {statistics.median(walls) * 1e3:7.1f} ms (min "
              f"{min(walls) * 1e3:.1f})   CPU median {statistics.median(cpus) * 1e3:7.1f} ms (min "
              f"{min(cpus) * 1e3:.1f})")


def _cgp_row(row: str) -> str:
    out, run = [], 0
    for ch in row:
        if ch == ".":
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(ch)
    if run:
        out.append(str(run))
    return "".join(out)


def automaton(args: argparse.Namespace) -> None:
    """Build, load and resident memory of the automata."""
    print("\nLexicon automata (GADDAG):")
    for name in ("en-US-standard", "en-GB-large"):
        words = load_lexicon(name)
        codes = encode_words(words, words.alphabet)
        start = time.process_time()
        data = build_gaddag(codes, len(words.alphabet))
        built = time.process_time() - start
        start = time.process_time()
        build_gaddag(codes, len(words.alphabet), pure=True) if args.pure_build else None
        pure_built = time.process_time() - start
        builder = "compiled" if compiled_builder() else "pure Python"
        extra = f"; pure-Python builder {pure_built:.2f} s" if args.pure_build else ""
        print(f"  {name}: {len(words):,} words, built in {built:.2f} s CPU ({builder}){extra}; "
              f"{len(data) * 4 / 1e6:.1f} MB")
    with tempfile.TemporaryDirectory() as tmp:
        words = load_lexicon("en-US-standard")
        load_gaddag(words, cache_dir=Path(tmp))
        loads, cpus = [], []
        for _ in range(7):
            start, cpu = time.perf_counter(), time.process_time()
            loaded = load_gaddag(words, cache_dir=Path(tmp))
            loads.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
            del loaded
        print(f"  en-US-standard from the cache (memory-mapped, checksum and every child "
              f"offset checked): median {statistics.median(cpus) * 1e3:.2f} ms CPU, "
              f"{statistics.median(loads) * 1e3:.2f} ms wall")
    # Resident memory in a process of its own: the largest list, loaded and walked.
    script = f"""
import resource, sys
sys.path.insert(0, {str(ROOT)!r})
def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS'):
            return int(line.split()[1]) / 1024
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.tiles import Rack
from wordstudio.crossword.board import Board
from wordstudio.lexicon.gaddag import gaddag_for_file
from wordstudio.paths import boards_dir, lexicons_dir
config = load_config(boards_dir() / 'scrabble.cfg')
before = rss()
found = gaddag_for_file(lexicons_dir() / 'en-GB-large.txt')
total = sum(found.gaddag.data[::1024])
finder = MoveFinder(config, found.gaddag)
for rack in ('AEINRST', 'EEIOUSZ', 'QUIXOTE', 'ABC??DE'):
    finder.generate(Board(config), Rack(tuple(rack)))
loaded = rss()
print(f'{{found.words}} {{found.gaddag.nbytes / 1e6:.1f}} {{loaded - before:.1f}} {{loaded:.1f}}')
"""
    gaddag_for_file(lexicons_dir() / "en-GB-large.txt")  # the cache is warm
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    if result.returncode:
        print(f"  resident memory: failed ({result.stderr[-300:]!r})")
        return
    words, size, delta, total = result.stdout.split()
    print(f"  en-GB-large ({int(words):,} words, the largest shipped list): {size} MB mapped; "
          f"resident after loading it and generating moves: +{delta} MB (process {total} MB)")


def whami(args: argparse.Namespace) -> None:
    """30x30 WORDwhami positions, 12-tile racks without blanks."""
    config = load_config(boards_dir() / "wordwhami.cfg")
    words = load_lexicon(config.dictionary)
    finder = finder_for(config, words)
    positions = self_play(config, finder, 12, seed=7, prefix="w")
    print(f"\n30x30 WORDwhami, {len(positions)} seeded self-play positions, racks of 12 tiles "
          "without wilds (every move, length-squared scores, both automata):")
    times, tops, counts = [], [], []
    for p in positions:
        plain = Rack(tuple(t if t != BLANK else "E" for t in p.rack))
        board = p.board(config)
        cells, counts_ = board.cells, plain.counts(config.tiles.alphabet)
        # The empty board's 12-tile rack has 4.8 million moves: above the default limit.
        seconds, found = time_ours(finder.generator, cells, counts_, 0, 2, limit=50_000_000)
        top, _ = time_ours(finder.generator, cells, counts_, 0, 2, top=10)
        times.append(seconds)
        tops.append(top)
        counts.append(found)
    print(f"  all moves: median {statistics.median(times) * 1e3:.1f} ms, mean "
          f"{statistics.mean(times) * 1e3:.1f} ms per position; {statistics.mean(counts):,.0f} "
          f"moves per position, {sum(counts) / sum(times) / 1e6:.2f} M moves/s")
    print(f"  top 10 by score: median {statistics.median(tops) * 1e3:.1f} ms, mean "
          f"{statistics.mean(tops) * 1e3:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path,
                        help="the reference timing server (or WORDSTUDIO_REFERENCE_MOVEGEN)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--no-pure", action="store_true", help="skip the pure-Python generator")
    parser.add_argument("--no-fresh", action="store_true", help="skip the fresh-process timing")
    parser.add_argument("--no-memory", action="store_true", help="skip the automaton figures")
    parser.add_argument("--no-whami", action="store_true", help="skip the WORDwhami figures")
    parser.add_argument("--pure-build", action="store_true",
                        help="also time the pure-Python GADDAG builder (slow)")
    args = parser.parse_args()
    if args.positions < 1 or args.rounds < 1 or args.repeat < 1:
        parser.error("--positions, --rounds and --repeat must be at least 1")
    given_by = "--reference"
    if args.reference is None and os.environ.get("WORDSTUDIO_REFERENCE_MOVEGEN"):
        args.reference = Path(os.environ["WORDSTUDIO_REFERENCE_MOVEGEN"])
        given_by = "WORDSTUDIO_REFERENCE_MOVEGEN"
    # A reference named but not there is a mistake to say at once, not a row to skip.
    if args.reference is not None and not args.reference.is_file():
        what = "is a folder" if Path(args.reference).is_dir() else "does not exist"
        raise SystemExit(f"benchmarks/movegen.py: the reference {args.reference} ({given_by}) "
                         f"{what}; give the timing server built from "
                         "../shared/bench/reference-movegen/, or nothing to skip it")
    print(f"Machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} "
          f"(1 min) at the start; move generator {'compiled' if is_compiled() else 'pure Python'}")
    config = oracle.standard_config()
    words = oracle.lexicon()
    gaddag = oracle.gaddag()
    print(f"Lexicon: {len(words):,} words ({oracle.LEXICON_NAME})")
    finder = MoveFinder(config, gaddag)
    positions = self_play(config, finder, args.positions, leaves=standard_table())
    # Two blanks are rare in real racks: 20 of the boards again (spread over the games),
    # with two of the rack's tiles made blanks.
    plain = [p for p in positions if p.blanks == 0 and len(p.rack) == 7]
    wanted = min(20, args.positions, len(plain))
    positions += [BenchPosition(f"b{p.ident[1:]}", p.rows, "".join(sorted(p.rack[:-2])) + "??")
                  for p in (plain[k * len(plain) // wanted] for k in range(wanted))]
    positions += [BenchPosition(f"o{p['id']}", tuple(p["board"]), p["rack"])
                  for p in oracle.positions()[:args.positions]]
    reference = None
    with tempfile.TemporaryDirectory() as tmp:
        if args.reference is None:
            print("Reference: skipped - no reference server given (--reference PATH or "
                  "WORDSTUDIO_REFERENCE_MOVEGEN; see ../shared/bench/reference-movegen/README.md)")
        else:
            lexicon = Path(tmp) / "lexicon.txt"
            lexicon.write_text("\n".join(oracle.lexicon_words()) + "\n")
            reference = Reference(Path(args.reference), lexicon, positions, Path(tmp))
            print(f"Reference: {args.reference}")
        try:
            generation(args, config, gaddag, positions, reference)
            if not args.no_fresh:
                fresh_process(args, next((p for p in positions if p.ident == "o12"),
                                         positions[-1]), reference)
        finally:
            if reference is not None:
                reference.close()
    if not args.no_memory:
        automaton(args)
    if not args.no_whami:
        whami(args)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nPeak resident memory of this process: {peak:.0f} MB; load average "
          f"{os.getloadavg()[0]:.2f} (1 min) at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
