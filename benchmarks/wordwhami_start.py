"""WORDwhami's start: how long a new game waits for its word list, before and after the
background preparation that follows the first start.

    python benchmarks/wordwhami_start.py [--runs 5]

In a new, empty user folder (``WORDSTUDIO_HOME``): the first start's word lists are
compiled (as the first-start dialog does); then a WORDwhami game is started cold - its
word list read both ways built while the player waits, as before the background
preparation existed; that automaton is removed again, the background preparation runs
(WORDwhami's list and its common words, read both ways, as the window does after the
first start) and a game is started ``--runs`` times more.  Each start is a fresh process
doing what the game page asks its worker (``prepare_lexicon``), so nothing is remembered
in memory between starts.  Prints each step's wall-clock seconds, the median warm start
and the ratio of the cold start to it, with the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

#: Run in a fresh process: one step, its wall-clock seconds printed as JSON.
STEP = """
import json, sys, time
from wordstudio.control import NULL_CONTROL
from wordstudio.ui import firstrun
step = sys.argv[1]
started = time.perf_counter()
if step == "first-start":
    firstrun.compile_word_lists(firstrun.default_word_lists(), control=NULL_CONTROL)
elif step == "background":
    firstrun.compile_word_lists(firstrun.background_word_lists(), control=NULL_CONTROL)
else:
    from wordstudio.ui.crossword.work import prepare_lexicon
    job = firstrun.background_word_lists()[0]
    prepare_lexicon(job.lexicon, job.alphabet, True, control=NULL_CONTROL)
print(json.dumps(time.perf_counter() - started))
"""


def step(name: str, env: dict[str, str]) -> float:
    """Run one step in a fresh process; its seconds."""
    out = subprocess.run([sys.executable, "-c", STEP, name], env=env, check=True,
                         capture_output=True, text=True, cwd=REPO).stdout
    return float(json.loads(out.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="wordstudio-whami-start-") as folder:
        env = dict(os.environ, WORDSTUDIO_HOME=folder, WORDSTUDIO_CACHE=str(Path(folder) / "cache"))
        cache = Path(folder) / "cache"
        print(f"load average at the start: {os.getloadavg()[0]:.2f}")
        first = step("first-start", env)
        print(f"first start (the default game's lists): {first:.2f} s")
        before = set(cache.rglob("*")) if cache.exists() else set()
        cold = step("start", env)
        print(f"WORDwhami start, nothing prepared (the wait before): {cold:.2f} s")
        for path in set(cache.rglob("*")) - before:
            if path.is_file():
                path.unlink()  # as if that start had not happened
        started = time.perf_counter()
        background = step("background", env)
        print(f"background preparation (no dialog, window free): {background:.2f} s "
              f"({time.perf_counter() - started:.2f} s with the process start)")
        warm = [step("start", env) for _ in range(args.runs)]
        median = statistics.median(warm)
        print(f"WORDwhami start after it, {args.runs} runs: median {median:.3f} s "
              f"(min {min(warm):.3f}, max {max(warm):.3f})")
        print(f"cold / warm: {cold / median:.0f}x")
        print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
