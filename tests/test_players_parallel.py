"""Work over several processes or a Ray cluster gives the same results as one process."""

from __future__ import annotations

import json
import os

import pytest

from wordstudio.cli import main
from wordstudio.crossword.players import parallel
from wordstudio.crossword.players.parallel import ClusterError, Workers, map_tasks, split


def square(n: int) -> int:
    return n * n


def slow_first(n: int) -> tuple[int, int]:
    """Finishes in reverse order of submission (the first task sleeps longest)."""
    import time

    time.sleep(0.05 * (4 - n) if n < 4 else 0)
    return n, os.getpid()


def where_played(first: int, count: int, plies: int, seed: int, deadline: float
                 ) -> list[tuple[int, int]]:
    """Iterations as :func:`~.parallel.run_iterations` hands them out: each with the
    process that played it."""
    return [(k, os.getpid()) for k in range(first, first + count)]


def test_rounds_are_played_here_until_the_pool_is_ready() -> None:
    import time

    workers = 3  # a pool size no other test starts
    assert not parallel.pool_ready(workers)
    rows = parallel.run_iterations(where_played, (), 0, 6, 2, 0, 0.0, workers)
    # The pool was only asked to start: this process played the round, at once.
    assert rows == [(k, os.getpid()) for k in range(6)]
    deadline = time.monotonic() + 120
    while not parallel.pool_ready(workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert parallel.pool_ready(workers)
    rows = parallel.run_iterations(where_played, (), 6, 6, 2, 0, 0.0, workers)
    assert [k for k, _pid in rows] == list(range(6, 12))
    assert os.getpid() not in {pid for _k, pid in rows}


def test_split_covers_every_iteration_once_in_order() -> None:
    for count in range(0, 12):
        for parts in range(1, 5):
            runs = split(5, count, parts)
            covered = [i for start, n in runs for i in range(start, start + n)]
            assert covered == list(range(5, 5 + count))
            assert len(runs) <= parts


def test_results_come_back_in_task_order_whatever_finishes_first() -> None:
    tasks = list(range(8))
    assert list(map_tasks(square, tasks, workers=1)) == [n * n for n in tasks]
    results = list(map_tasks(slow_first, tasks, workers=2))
    assert [n for n, _pid in results] == tasks
    assert len({pid for _n, pid in results}) == 2  # both workers played a part


def test_workers_default_to_every_core() -> None:
    assert Workers().workers == parallel.local_cores()
    assert Workers(3).describe() == "3 local workers"


def test_move_workers_follow_the_setting() -> None:
    try:
        parallel.set_move_workers(1)
        assert parallel.move_workers() == 1
        parallel.set_move_workers(0)
        assert parallel.move_workers() == parallel.local_cores()
    finally:
        parallel.set_move_workers(0)


def niceness_and_move_workers(_task: int) -> tuple[int, int]:
    """In a fresh process: what a search beside a window is left with."""
    parallel.leave_a_core_free()
    return os.nice(0), parallel.move_workers()


def pool_niceness(_task: int) -> int:
    return os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_searches_beside_a_window_give_way_to_it() -> None:
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        niceness, workers = pool.apply(niceness_and_move_workers, (0,))
    assert niceness >= min(19, os.nice(0) + parallel.WORKER_NICENESS)
    assert workers == max(1, parallel.local_cores() - 1)
    # The search's own pool workers run at a lower priority too: a pool of a size no
    # other test starts, made now from this process as it is (another test may have
    # lowered this process's priority since it made a pool of its own).
    parent = os.nice(0)
    assert (min(map_tasks(pool_niceness, [0, 1, 2, 3], workers=4))
            >= min(19, parent + parallel.WORKER_NICENESS))


def test_a_cluster_without_ray_is_a_clear_error(monkeypatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_ray(name, *args, **kwargs):
        if name == "ray":
            raise ImportError("no ray here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    with pytest.raises(ClusterError, match=r"wordstudio\[cluster\]"):
        Workers(cluster="local")


@pytest.mark.slow  # about 20 s: most of it starting Ray (CI installs the cluster extra)
def test_selfplay_on_a_local_ray_instance_matches_the_local_run(capsys) -> None:
    ray = pytest.importorskip("ray")
    args = ["selfplay", "--config", "board7.cfg", "--games", "4", "--seed", "31",
            "--player", "level8", "--player", "greedy", "--json"]
    try:
        assert main([*args, "--cluster", "local"]) == 0
        on_ray = json.loads(capsys.readouterr().out)
    finally:
        ray.shutdown()
    assert main([*args, "--workers", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    for data in (on_ray, local):
        data.pop("seconds")
        for player in data["players"]:
            player.pop("seconds_per_move")
    assert on_ray == local


def _pool_then_wait(queue) -> None:
    import time

    pool = parallel.local_pool(2)
    list(pool.map(abs, [1, -2]))
    queue.put([p.pid for p in pool._processes.values()])
    time.sleep(60)


def running(pid: int) -> bool:
    """The process exists and is not a zombie (Linux)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split()[2] != "Z"
    except OSError:
        return False


def test_pool_workers_end_when_their_parent_is_killed() -> None:
    # The window's worker running a Championship player is terminated, not shut down:
    # its simulation workers must not be left behind.
    import multiprocessing
    import time

    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    parent = context.Process(target=_pool_then_wait, args=(queue,))
    parent.start()
    pids = queue.get(timeout=60)
    parent.kill()
    parent.join()
    deadline = time.monotonic() + 10
    alive = pids
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = [pid for pid in pids if running(pid)]
    assert alive == []


def _slow_to_close(queue) -> None:
    """The pool's thread takes half a second to see ``queue``'s feeder thread end."""
    import time

    join = queue.join_thread

    def slowly_joined() -> None:
        time.sleep(0.5)
        join()

    queue.join_thread = slowly_joined


def test_stop_pool_waits_for_the_pools_thread_and_leaves_no_semaphore(monkeypatch) -> None:
    # Commit 642e138: stop_pool returned while the pool's own thread was still closing its
    # queues; a process that ended then (a Championship quit) could leave a semaphore
    # unlinked but still on the resource tracker's list ("1 leaked semaphore", one quit
    # in a dozen under load).  Here that thread is slow to close them, as on a busy
    # machine: stop_pool must wait for it, and every semaphore the pool made is then
    # struck off the tracker's list as soon as the pool is gone.
    import gc
    import multiprocessing
    import threading
    import time
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import resource_tracker

    registered: set[str] = set()
    register, unregister = resource_tracker.register, resource_tracker.unregister

    def registering(name: str, rtype: str) -> None:
        if rtype == "semaphore":
            registered.add(name)
        register(name, rtype)

    def unregistering(name: str, rtype: str) -> None:
        registered.discard(name)
        unregister(name, rtype)

    monkeypatch.setattr(resource_tracker, "register", registering)
    monkeypatch.setattr(resource_tracker, "unregister", unregistering)
    before = set(threading.enumerate())
    pool = ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))
    futures = [pool.submit(time.sleep, 60) for _ in range(2)]
    while len(getattr(pool, "_processes", None) or {}) < 2:
        time.sleep(0.01)
    assert len(registered) >= 5  # the two queues' locks and the call queue's semaphore
    _slow_to_close(pool._call_queue)
    threads = [thread for thread in threading.enumerate() if thread not in before]
    assert threads  # the pool's manager thread and its queue's feeder
    parallel.stop_pool(pool)
    alive = [thread.name for thread in threads if thread.is_alive()]
    assert alive == []
    del pool, futures, threads
    gc.collect()
    assert registered == set()


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="needs POSIX named semaphores")
def test_a_command_killed_while_its_workers_play_leaves_no_semaphore(tmp_path) -> None:
    # SIGKILL leaves the command no time to remove its pool's five semaphores: the
    # resource tracker did it when the workers had gone, saying "There appear to be 5
    # leaked semaphore objects to clean up at shutdown".  The workers, which outlive
    # their owner for a moment, now remove them and strike them off the tracker's list.
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    repo = Path(__file__).resolve().parent.parent
    env = dict(os.environ, WORDSTUDIO_HOME=str(tmp_path / "account"), PYTHONPATH=str(repo))
    program = subprocess.Popen(
        [sys.executable, "-m", "wordstudio", "leaves", "train", "--config", "board7.cfg",
         "--games", "400", "--workers", "2"],  # a first round of 26 games, then 78...
        cwd=repo, env=env, text=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert program.stderr is not None
        first = program.stderr.readline()  # a round played: the pool is at work
        assert first.startswith("round done"), first
        program.kill()
        program.wait(timeout=60)
        # The rest of standard error, to its end: the workers and the tracker hold it.
        deadline = time.monotonic() + 120
        rest = program.stderr.read()
        assert time.monotonic() < deadline
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
    assert program.returncode == -signal.SIGKILL
    # Nothing left for the tracker to remove, or removed twice (a traceback).
    assert "leaked" not in rest and "resource_tracker" not in rest, rest
    assert "Traceback" not in rest, rest
