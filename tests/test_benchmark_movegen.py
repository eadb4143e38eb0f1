"""benchmarks/movegen.py runs as its docstring says: a quick run prints every figure of
its tables, split by blanks on the rack; a reference named but missing is one line and a
failure, none named one line and a run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from wordstudio.crossword.movegen import is_compiled

REPO = Path(__file__).resolve().parent.parent
REFERENCE_ENV = "WORDSTUDIO_REFERENCE_MOVEGEN"
QUICK = ("--positions", "2", "--rounds", "1", "--repeat", "1", "--no-fresh", "--no-memory",
         "--no-whami")


def benchmark(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != REFERENCE_ENV}
    return subprocess.run([sys.executable, str(REPO / "benchmarks" / "movegen.py"), *args],
                          cwd=REPO, env=environment | env, capture_output=True, text=True,
                          timeout=600)


def test_a_quick_run_prints_medians_means_p90_and_moves_per_second_by_blanks():
    # Two self-play positions, two two-blank racks, two oracle positions: a few seconds.
    run = benchmark(*QUICK)
    assert run.returncode == 0, run.stderr[-2000:]
    out = run.stdout
    assert len(re.findall(r"^Reference: skipped - no reference server given", out, re.M)) == 1
    tables = re.findall(r"^(.*): (\d+) positions; milliseconds of CPU per position", out, re.M)
    assert [title for title, _n in tables] == [
        "Standard-game positions (seeded self-play)", "Two-blank racks on self-play boards",
        "Oracle positions"]
    assert [int(n) for _title, n in tables] == [2, 2, 2]
    headers = re.findall(r"^  generator +blanks +n +median +mean +p90 +moves/s", out, re.M)
    assert len(headers) == 3
    number = r"\d+\.\d+"
    rows = set(re.findall(rf"^  (compiled top-10|compiled|pure) +(all|0|1|2) +\d+ +{number} "
                          rf"+{number} +{number} +{number}M", out, re.M))
    generators = ["pure"] + (["compiled", "compiled top-10"] if is_compiled() else [])
    for generator in generators:
        # Every position, then by blanks: none (the self-play boards) and two.
        assert {(generator, "all"), (generator, "0"), (generator, "2")} <= rows, generator
    if is_compiled():
        assert re.search(r"top-10 by equity / all moves, per position: median \d", out)
        assert re.search(r"the same with the rack's leave table built for it: median \d", out)


def test_a_reference_named_but_missing_is_one_line_and_a_failure(tmp_path):
    missing = tmp_path / "wbench"
    for run, named_by in ((benchmark("--reference", str(missing), *QUICK), "--reference"),
                          (benchmark(*QUICK, **{REFERENCE_ENV: str(missing)}), REFERENCE_ENV)):
        assert run.returncode != 0
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1, run.stderr
        assert f"the reference {missing} ({named_by}) does not exist" in lines[0]
        assert run.stdout == ""  # said before any work
