"""The long run's machinery: outcomes counted, hangs stopped by the alarm or by killing
the worker, a worker that dies replaced, memory limited, and the table."""

from __future__ import annotations

import ctypes
import mmap
import os
import signal
import sys
import time
from pathlib import Path

from tests.fuzz import runner
from tests.fuzz.readers import ACCEPTED, CLEAN, HANG, TRACEBACK, Reader
from wordstudio.errors import UserError

#: The fake reader does what its file's name says (names are never damaged).
SEEDS = [(f"{choice}.txt", b"0123456789") for choice in range(6)]


def _seeds() -> list[tuple[str, bytes]]:
    return SEEDS


def _by_name(path: Path, workdir: Path) -> object:
    choice = int(path.name[0])
    if choice == 0:
        raise UserError("a clean refusal")
    if choice == 1:
        raise OverflowError("a traceback")
    if choice == 2:
        time.sleep(30)  # the alarm stops it
    if choice == 3:
        # Stuck where the alarm cannot reach: the parent kills the worker.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(30)
    if choice == 4:
        os._exit(3)  # the worker dies
    return None


def _choice(index: int) -> int:
    """Which seed input ``index`` (of seed 1) damages: what the fake reader does."""
    from tests.fuzz.readers import input_rng

    name, _ = FAKE.generate(input_rng(1, FAKE.name, index))
    return int(name[0])


def _expected(index: int) -> str:
    return {0: CLEAN, 1: TRACEBACK, 2: HANG, 3: HANG, 4: TRACEBACK, 5: ACCEPTED}[_choice(index)]


FAKE = Reader("fake", "a fake reader", _seeds, _by_name, 12)


def test_every_outcome_is_counted_and_the_run_goes_on(monkeypatch) -> None:
    monkeypatch.setattr(runner, "HANG_SECONDS", 1.0)
    monkeypatch.setattr("tests.fuzz.readers.HANG_SECONDS", 1.0)
    tally = runner.run_reader(FAKE, count=12, seconds=None, seed=1, jobs=2, kill_seconds=4.0)
    expected = {kind: 0 for kind in (CLEAN, ACCEPTED, TRACEBACK, HANG)}
    for index in range(12):
        expected[_expected(index)] += 1
    assert all(expected.values())  # these twelve inputs try every outcome
    assert tally.tried == 12
    assert dict(tally.counts) == {k: v for k, v in expected.items() if v}
    assert {index for index, _ in tally.failures} == {
        i for i in range(12) if _expected(i) in (TRACEBACK, HANG)}


def test_an_input_runs_under_a_memory_limit_and_the_run_goes_on(monkeypatch) -> None:
    """Each input may add INPUT_MEMORY: more is a MemoryError counted as a traceback;
    the limit is per input (three inputs of 60 MB each pass under a 100 MB limit); and
    the process running the fuzz (here, the test run) is never limited."""
    import resource

    monkeypatch.setattr(runner, "INPUT_MEMORY", 100 * 1024**2)
    before = resource.getrlimit(resource.RLIMIT_AS)

    def greedy(path: Path, workdir: Path) -> object:
        if int(path.name[0]) < 3:
            return len(bytearray(200 * 1024**2))  # more than one input may take
        return len(bytearray(60 * 1024**2))

    reader = Reader("fake", "greedy", _seeds, greedy, 1)  # FAKE's name: the same inputs
    tally = runner.run_reader(reader, count=12, seconds=None, seed=1, jobs=1)
    greedy_inputs = {i for i in range(12) if _choice(i) < 3}
    assert tally.counts[TRACEBACK] == len(greedy_inputs)
    assert tally.counts[ACCEPTED] == 12 - len(greedy_inputs) >= 3
    assert all("MemoryError: over the memory one input may use" in detail
               for _, detail in tally.failures)
    # The accepted inputs' 60 MB is measured (Linux reports the resident peak).
    if sys.platform.startswith("linux"):
        assert 55 * 1024**2 <= tally.peak < 100 * 1024**2
    assert resource.getrlimit(resource.RLIMIT_AS) == before


def test_a_worker_that_keeps_memory_is_replaced(monkeypatch, tmp_path: Path) -> None:
    """Memory kept between inputs (a cache growing) ends the worker, not the run: every
    input is read, by more than one worker."""
    monkeypatch.setattr(runner, "INPUT_MEMORY", 64 * 1024**2)
    kept: list[mmap.mmap] = []

    def hoarder(path: Path, workdir: Path) -> object:
        # Memory of its own (not a bytearray, which malloc may place in free heap the test
        # process had before the worker forked - then the worker grew by nothing, was never
        # replaced, and the test failed in some orders of the suite).
        kept.append(mmap.mmap(-1, 40 * 1024**2))
        (tmp_path / f"{os.getpid()}-{len(kept)}").touch()
        return None

    reader = Reader("hoarder", "hoarder", _seeds, hoarder, 1)
    tally = runner.run_reader(reader, count=8, seconds=None, seed=1, jobs=1)
    assert tally.counts[ACCEPTED] == 8
    readers = {entry.name.split("-")[0] for entry in tmp_path.iterdir()}
    assert len(list(tmp_path.iterdir())) == 8 and len(readers) >= 3


def test_a_time_budget_stops_the_run() -> None:
    def slow(path: Path, workdir: Path) -> object:
        time.sleep(0.05)
        return None

    reader = Reader("slow", "slow", _seeds, slow, 10**6)
    began = time.monotonic()
    tally = runner.run_reader(reader, count=None, seconds=1.0, seed=1, jobs=1)
    assert time.monotonic() - began < 15
    assert 1 <= tally.tried < 1000 and tally.counts[ACCEPTED] == tally.tried


def test_the_table_has_a_row_per_reader() -> None:
    tally = runner.Tally(FAKE)
    for index, kind in enumerate([CLEAN, CLEAN, ACCEPTED, TRACEBACK, HANG]):
        tally.add(index, kind, "OverflowError: x at a.py:3 (f)" if kind == TRACEBACK else "")
    tally.seconds = 2.0
    lines = runner.table([tally]).splitlines()
    assert lines[0].startswith("| input | tried | clean error | accepted | tracebacks | hangs")
    assert lines[2] == "| a fake reader | 5 | 2 | 1 | 1 | 1 | 2 | 0 MB |"
    assert "OverflowError a.py:3 (f)" in runner.failure_report([tally], 1)


def test_no_libc_is_not_fatal() -> None:
    assert ctypes is not None  # _die_with_parent uses ctypes; it must import here
    runner._die_with_parent()
