"""``python -m tests.fuzz``: the long fuzz run, and showing one input again.

    python -m tests.fuzz                      # every reader, its target count (long)
    python -m tests.fuzz --seconds 240        # CI: every reader, an equal share of 4 minutes
    python -m tests.fuzz --reader cgp --count 5000 --jobs 2
    python -m tests.fuzz --show cgp:1234      # the input, and what reading it does

Prints the table of the issue (tried, clean error, accepted, tracebacks, hangs per
reader) and the places tracebacks and hangs came from.  The exit status is 1 when any
input ended in a traceback or a hang.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import traceback
from pathlib import Path

from tests.fuzz.readers import BY_NAME, READERS, input_rng
from tests.fuzz.runner import failure_report, run, table


def _show(spec: str, seed: int) -> int:
    name, _, index = spec.partition(":")
    reader = BY_NAME[name]
    file_name, data = reader.generate(input_rng(seed, name, int(index)))
    preview = data[:2000]
    print(f"{file_name}, {len(data):,} bytes:\n{preview!r}{' ...' if len(data) > 2000 else ''}")
    folder = Path(tempfile.mkdtemp(prefix="wordstudio-fuzz-show-"))
    (folder / file_name).write_bytes(data)
    print(f"written to {folder / file_name}")
    try:
        reader.read(folder / file_name, folder)
        print("accepted")
    except Exception:  # noqa: BLE001 - show whatever happens
        traceback.print_exc()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reader", action="append", choices=sorted(BY_NAME),
                        help="fuzz only this reader (repeatable; default: all)")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--count", type=int, help="inputs per reader (default: its target)")
    amount.add_argument("--seconds", type=float, help="total time, shared equally by the readers")
    parser.add_argument("--seed", type=int, default=1, help="which inputs (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--show", metavar="READER:INDEX", help="show one input and read it")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.show:
        return _show(args.show, args.seed)
    readers = [BY_NAME[name] for name in args.reader] if args.reader else list(READERS)
    # Stopped with SIGTERM (a timeout, CI giving up): end as Ctrl+C does, so the workers
    # are stopped and their folders removed.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    tallies = run(readers, count=args.count, seconds=args.seconds, seed=args.seed,
                  jobs=args.jobs, progress=not args.quiet)
    print(table(tallies))
    report = failure_report(tallies, args.seed)
    if report:
        print()
        print(report)
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
