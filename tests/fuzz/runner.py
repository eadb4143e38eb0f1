"""The long fuzz run: many damaged inputs per reader, in worker processes, and the table.

Each worker process reads inputs one at a time and reports each outcome.  A reader that
runs past :data:`~tests.fuzz.readers.HANG_SECONDS` is stopped by an alarm inside the
worker (a hang); one stuck where the alarm cannot reach it (inside C code) is killed by
the parent after :data:`KILL_SECONDS` and counted as a hang too, and a fresh worker
carries on.  Each input is read under a memory limit (:data:`INPUT_MEMORY` of address
space beyond what the worker held before it), so an input that would take all the
machine's memory ends in a MemoryError, counted as a traceback, and the run goes on; a
worker grown past its start by that much (something kept between inputs) is replaced.
The parent process is never limited (it may be a test run).

Input ``i`` of reader ``r`` in a run with seed ``s`` is always the same bytes
(:func:`~tests.fuzz.readers.input_rng`), so any failure can be shown again with
``python -m tests.fuzz --show r:i --seed s``.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from tests.fuzz.readers import (
    ACCEPTED,
    CLEAN,
    HANG,
    HANG_SECONDS,
    TRACEBACK,
    Outcome,
    Reader,
    input_rng,
    outcome,
)

#: A worker silent this long is stuck beyond the alarm's reach: it is killed.
KILL_SECONDS = HANG_SECONDS * 4
#: The address space one input may add to its worker's (no good file needs a tenth of it).
INPUT_MEMORY = 1024**3
#: Inputs handed to a worker at a time.
CHUNK = 25


def scratch_root() -> str | None:
    """Where workers keep their folders: a RAM-backed one where the system has it.

    Every input is written to a file (and some readers write more), and on this
    machine's disk creating, writing and removing a small file costs some 3 ms, more
    than most readers take to read one: in memory it costs a hundredth of that.  None
    (the system's temporary folder) elsewhere."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None


@dataclass
class Tally:
    """What happened to one reader's inputs."""

    reader: Reader
    counts: Counter[str] = field(default_factory=Counter)
    #: (input index, what went wrong) for tracebacks and hangs, the first few kept.
    failures: list[tuple[int, str]] = field(default_factory=list)
    sites: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    #: The most memory reading one input took (growth of the resident size, bytes), and
    #: which input that was.
    peak: int = 0
    peak_index: int = -1

    @property
    def tried(self) -> int:
        return sum(self.counts.values())

    def add(self, index: int, kind: str, detail: str) -> None:
        self.counts[kind] += 1
        if kind in (TRACEBACK, HANG):
            self.sites[detail.split(": ", 1)[0] + (" " + detail.rsplit(" at ", 1)[-1]
                                                   if " at " in detail else "")] += 1
            if len(self.failures) < 50:
                self.failures.append((index, detail))


def address_space() -> int | None:
    """This process's address space in bytes (Linux), or None where it cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def resident() -> tuple[int, int]:
    """(resident size now, its peak since :func:`reset_peak`) in bytes; zeros where the
    system does not say (Linux does, in /proc/self/status)."""
    now = peak = 0
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    value = int(line.split()[1]) * 1024
                    if line.startswith("VmRSS:"):
                        now = value
                    else:
                        peak = value
    except (OSError, ValueError, IndexError):
        pass
    return now, peak


def reset_peak() -> None:
    """Start measuring the resident peak afresh (Linux: ``5`` to /proc/self/clear_refs)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")
    except OSError:
        pass


def limit_memory(extra: int) -> None:
    """From now on this process may grow by ``extra`` bytes of address space (the soft
    limit: the hard one is left as it was, so the next input gets its own)."""
    current = address_space()
    try:
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = (current or 0) + extra
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ImportError, ValueError, OSError):
        pass


def _worker(conn: Connection, seed: int, workdir: str, reader: Reader) -> None:
    """Read inputs as the parent asks: (start, stop) -> one message per input.  Ends
    itself (the parent starts another) when it has grown by :data:`INPUT_MEMORY`."""
    _die_with_parent()
    os.environ["WORDSTUDIO_HOME"] = str(Path(workdir) / "home")
    folder = Path(workdir)
    began = address_space() or 0
    while True:
        job = conn.recv()
        if job is None:
            return
        start, stop = job
        for index in range(start, stop):
            conn.send(("start", index))
            limit_memory(INPUT_MEMORY)
            try:
                file_name, data = reader.generate(input_rng(seed, reader.name, index))
                reset_peak()
                before, _ = resident()
                result = outcome(reader, file_name, data, folder)
                del data
            except MemoryError:  # the input itself could not be made
                result, before = Outcome(TRACEBACK, "MemoryError: making the input"), 0
            grown = max(0, resident()[1] - before)
            conn.send(("done", index, result.kind, result.detail, grown))
            if (address_space() or 0) - began > INPUT_MEMORY:
                return


def _die_with_parent() -> None:
    """Linux: the kernel ends this worker if the run is stopped (no orphan left busy)."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class _Worker:
    def __init__(self, context: multiprocessing.context.BaseContext, seed: int,
                 reader: Reader) -> None:
        self.workdir = tempfile.mkdtemp(prefix="wordstudio-fuzz-", dir=scratch_root())
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_worker, args=(child, seed, self.workdir, reader),
                                       daemon=True)
        self.process.start()
        child.close()
        self.current: int | None = None  # the input being read
        self.remaining: list[int] = []  # inputs of the chunk not yet done
        self.last = time.monotonic()

    def give(self, start: int, stop: int) -> None:
        self.remaining = list(range(start, stop))
        self.last = time.monotonic()
        self.conn.send((start, stop))

    @property
    def busy(self) -> bool:
        return bool(self.remaining)

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.process.join(5)
        self.kill()

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        shutil.rmtree(self.workdir, ignore_errors=True)


def run_reader(reader: Reader, *, count: int | None, seconds: float | None, seed: int,
               jobs: int, progress: bool = False, kill_seconds: float = KILL_SECONDS
               ) -> Tally:
    """Fuzz one reader until ``count`` inputs are done or ``seconds`` have passed."""
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    context = multiprocessing.get_context(method)
    tally = Tally(reader)
    reader.warm()
    began = time.monotonic()
    deadline = began + seconds if seconds is not None else None
    limit = count if count is not None else sys.maxsize
    workers = [_Worker(context, seed, reader) for _ in range(max(1, jobs))]
    next_index = 0
    retry: list[int] = []  # inputs a killed worker did not get to
    shown = 0
    try:
        while True:
            out_of_time = deadline is not None and time.monotonic() >= deadline
            for worker in workers:
                if worker.busy:
                    continue
                if retry:
                    start = retry.pop(0)
                    worker.give(start, start + 1)
                elif next_index < limit and not out_of_time:
                    stop = min(limit, next_index + CHUNK)
                    worker.give(next_index, stop)
                    next_index = stop
            if not any(w.busy for w in workers):
                break
            ready = multiprocessing.connection.wait([w.conn for w in workers if w.busy],
                                                    timeout=1.0)
            for worker in workers:
                if worker.conn in ready:
                    _collect(worker, tally)
            for i, worker in enumerate(workers):
                if not worker.process.is_alive():
                    _collect(worker, tally)
                    retry += [n for n in worker.remaining if n != worker.current]
                    if worker.current is not None:
                        tally.add(worker.current, TRACEBACK, "the worker process died")
                    worker.kill()  # already ended: this removes its folder
                    workers[i] = _Worker(context, seed, reader)
                elif worker.busy and time.monotonic() - worker.last > kill_seconds:
                    stuck = worker.current
                    worker.kill()
                    if stuck is not None:
                        tally.add(stuck, HANG, f"killed after {kill_seconds:g} s")
                    retry += [n for n in worker.remaining if n != stuck]
                    workers[i] = _Worker(context, seed, reader)
            if progress and tally.tried - shown >= 1000:
                shown = tally.tried
                print(f"  {reader.name}: {tally.tried} ({time.monotonic() - began:.0f} s)",
                      file=sys.stderr, flush=True)
    finally:
        for worker in workers:
            worker.stop()
    tally.seconds = time.monotonic() - began
    return tally


def _collect(worker: _Worker, tally: Tally) -> None:
    while worker.conn.poll():
        try:
            message = worker.conn.recv()
        except (EOFError, OSError):
            return  # the worker died: the caller counts its input and replaces it
        worker.last = time.monotonic()
        if message[0] == "start":
            worker.current = message[1]
        elif message[0] == "done":
            _, index, kind, detail, grown = message
            tally.add(index, kind, detail)
            if grown > tally.peak:
                tally.peak, tally.peak_index = grown, index
            worker.current = None
            if index in worker.remaining:
                worker.remaining.remove(index)


def run(readers: Sequence[Reader], *, count: int | None = None, seconds: float | None = None,
        seed: int = 1, jobs: int = 2, progress: bool = False) -> list[Tally]:
    """Fuzz each reader in turn: ``count`` inputs each (default: its target), or an
    equal share of ``seconds``."""
    share = seconds / len(readers) if seconds is not None else None
    tallies = []
    for reader in readers:
        wanted = count if count is not None else (None if share is not None else reader.target)
        tallies.append(run_reader(reader, count=wanted, seconds=share, seed=seed, jobs=jobs,
                                  progress=progress))
    return tallies


def table(tallies: Sequence[Tally]) -> str:
    """The issue's table: tried, clean error, accepted, tracebacks, hangs per reader."""
    lines = [f"| input | tried | clean error | accepted | tracebacks | hangs > {HANG_SECONDS:g} s "
             "| inputs/s | most memory for one input |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for t in tallies:
        rate = t.tried / t.seconds if t.seconds else 0.0
        lines.append(f"| {t.reader.label} | {t.tried:,} | {t.counts[CLEAN]:,} | "
                     f"{t.counts[ACCEPTED]:,} | {t.counts[TRACEBACK]:,} | {t.counts[HANG]:,} "
                     f"| {rate:,.0f} | {t.peak / 1024**2:,.0f} MB |")
    return "\n".join(lines)


def failure_report(tallies: Sequence[Tally], seed: int) -> str:
    lines = []
    for t in tallies:
        if not t.sites:
            continue
        lines.append(f"{t.reader.name}: {sum(t.sites.values())} failures")
        for site, number in t.sites.most_common(12):
            lines.append(f"  {number:6d}  {site}")
        for index, detail in t.failures[:5]:
            lines.append(f"    e.g. --show {t.reader.name}:{index} --seed {seed}: {detail}")
    return "\n".join(lines)
