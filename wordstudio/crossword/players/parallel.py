"""Work spread over every local core, or over a Ray cluster - same results either way.

Two shapes of work:

* :func:`run_iterations` - one simulation round split into contiguous runs of
  iterations, one per worker process; the rows come back in iteration order, so the
  simulation's tallies do not depend on how many workers played them.
* :func:`map_tasks` - independent tasks (self-play games, leave-training batches) run
  by a :class:`Workers` pool: in this process (one worker), in local processes, or on
  Ray (``cluster`` an address, or ``"local"`` to start a Ray instance here).  Results
  are yielded in task order whatever order they finish in, so anything summed from
  them is the same for any worker count.

Local pools live as long as the process (a worker loads the lexicon once).  Ray is
optional (``pip install wordstudio[cluster]``); asking for a cluster without it is a
:class:`ClusterError` with the install line.
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from wordstudio.errors import UserError


class ClusterError(UserError):
    """A Ray cluster that cannot be used (Ray missing, address unreachable)."""


def local_cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def usable_workers(asked: int, option: str = "--workers") -> tuple[int, str | None]:
    """The local worker processes to start when ``asked`` for (0: one per core): at most
    one per core this process may use - more only wait their turn, each holding its own
    copy of the game and the word list in memory (``--workers 10000`` started ten
    thousand).  Returns the count, and a line saying so when ``asked`` was cut (None
    otherwise); a negative ``asked`` is a ValueError."""
    if asked < 0:
        raise ValueError(f"{option} must be 0 (one per core) or more, not {asked}")
    cores = local_cores()
    if asked <= cores:
        return asked, None
    return cores, (f"{option} {asked:,}: this machine has {cores} "
                   f"core{'s' if cores != 1 else ''} for it; using {cores}")


_POOLS: dict[int, ProcessPoolExecutor] = {}
#: The warm-up tasks of each pool started by :func:`start_pool`.
_WARMING: dict[int, list[Future]] = {}
_MOVE_WORKERS = 0


def set_move_workers(workers: int) -> None:
    """How many processes one move's search may use in this process (0: every core).
    Self-play running games side by side sets 1, so the games share the cores."""
    global _MOVE_WORKERS
    _MOVE_WORKERS = max(0, workers)


def move_workers() -> int:
    """The processes one move's search uses (see :func:`set_move_workers`)."""
    return _MOVE_WORKERS or local_cores()


#: How much nicer than their parent pool workers run (os.nice): searches give way to
#: whatever the person is doing, the window above all.
WORKER_NICENESS = 10


def lower_priority(step: int = WORKER_NICENESS) -> None:
    """Run this process at a lower priority (where the system allows it)."""
    nice = getattr(os, "nice", None)
    if nice is not None:
        try:
            nice(step)
        except OSError:
            pass


def leave_a_core_free() -> None:
    """For a process that thinks beside a window: one move's search uses every core but
    one (the window's), and this process runs at a lower priority."""
    set_move_workers(max(1, local_cores() - 1))
    lower_priority()


def local_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool of ``workers`` processes, kept for the life of this process."""
    pool = _POOLS.get(workers)
    if pool is None:
        start_resource_tracker()
        context = multiprocessing.get_context("spawn")
        semaphores: list[str] = []
        pool = _POOLS[workers] = ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_end_with_parent,
            initargs=(semaphores,))
        # The processes start with the first tasks, and take the list as it is then.
        semaphores.extend(semaphore_names(pool))
    return pool


def semaphore_names(pool: ProcessPoolExecutor) -> list[str]:
    """The names of the named semaphores ``pool``'s queues hold (its call queue's locks
    and counter, its result queue's locks: five), as the resource tracker knows them."""
    return queue_semaphores(getattr(pool, "_call_queue", None),
                            getattr(pool, "_result_queue", None))


def queue_semaphores(*queues: object) -> list[str]:
    """The names of the named semaphores multiprocessing ``queues`` hold."""
    from multiprocessing.synchronize import SemLock

    names = []
    for queue in queues:
        for value in vars(queue).values() if queue is not None else ():
            name = getattr(getattr(value, "_semlock", None), "name", None)
            if isinstance(value, SemLock) and name:
                names.append(name)
    return names


def release_semaphores(names: Sequence[str]) -> None:
    """In a pool worker whose owner was killed: remove the pool's named semaphores and
    strike them off the resource tracker's list.

    The owner made them and would have removed them on its way out; killed (SIGKILL),
    it cannot, and the tracker, which every process of the pool reaches, removed them
    itself once the last of those processes had gone - saying "There appear to be 5
    leaked semaphore objects" on the terminal.  A worker outlives its owner for a
    moment (:func:`_end_with_parent`): the first to remove a name (the system lets only
    one) also tells the tracker, so each name is struck off once."""
    from multiprocessing import resource_tracker

    try:
        from _multiprocessing import sem_unlink
    except ImportError:  # no named semaphores here (Windows): nothing was left
        return
    for name in names:
        try:
            sem_unlink(name)
        except OSError:
            continue  # another worker removed it first
        resource_tracker.unregister(name, "semaphore")


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker deaf to SIGHUP, before a pool needs it.

    The tracker is the process that removes the pools' semaphores if this process cannot;
    it shares the process group, so a closed terminal's SIGHUP reaches it too.  Python
    starts it with SIGINT and SIGTERM blocked but not SIGHUP: it died at once, and the
    semaphores released afterwards made a new tracker print "process died unexpectedly"
    and a KeyError each.  Started here with SIGHUP blocked as well (a blocked signal stays
    blocked in the new process); once running, this does nothing.
    """
    from multiprocessing import resource_tracker

    hangup = getattr(signal, "SIGHUP", None)
    if hangup is None or not hasattr(signal, "pthread_sigmask"):
        return  # not POSIX: no process groups, no tracker process
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {hangup})
    try:
        resource_tracker.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _end_with_parent(semaphores: Sequence[str] = ()) -> None:
    """In a pool worker: run at a lower priority, leave Ctrl+C and a closed terminal to
    the process that made the pool, and end when that process ends, however it ends
    (the window's worker that runs a Championship player is terminated, not shut down,
    and would otherwise leave its simulation workers waiting for ever) - removing the
    pool's ``semaphores`` first when it was killed (:func:`release_semaphores`).

    SIGINT and SIGHUP reach every process of a terminal's process group: the pool's owner
    handles them and stops its pool (:func:`stop_pool`); a worker that took them itself
    would die mid-task or print a KeyboardInterrupt traceback of its own."""
    lower_priority()
    for name in ("SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        release_semaphores(semaphores)
        os._exit(0)

    threading.Thread(target=watch, name="wordstudio-pool-parent-watch", daemon=True).start()


@atexit.register
def _close_pools() -> None:
    """At exit: the pools still open are stopped (:func:`stop_pools`) before
    multiprocessing's own last step releases their queues' semaphores."""
    stop_pools()


def stop_pool(pool: ProcessPoolExecutor, wait_seconds: float = 5.0) -> None:
    """End ``pool`` now: pending tasks dropped, running ones abandoned, its processes
    terminated and waited for (killed if they do not end within ``wait_seconds``)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=wait_seconds)
        if process.is_alive():
            process.kill()  # stuck in C code, deaf to SIGTERM
            process.join(timeout=wait_seconds)
    # The pool's own thread then closes its queues; a process that ends while that thread
    # is still at it can lose a semaphore half released (unlinked, never struck off the
    # resource tracker's list: "1 leaked semaphore", about one quit in a dozen under load).
    if manager is not None and manager is not threading.current_thread():
        manager.join(timeout=wait_seconds)


def stop_pools() -> None:
    """End this process's pools now (:func:`stop_pool`).  Their queues' semaphores are
    released when this process then exits normally - not if it is killed, which is why
    the window's worker turns SIGTERM into an ordinary exit (``ui/workers.py``)."""
    pools = list(_POOLS.values())
    _POOLS.clear()
    _WARMING.clear()
    for pool in pools:
        stop_pool(pool)


def split(first: int, count: int, parts: int) -> list[tuple[int, int]]:
    """``count`` items from ``first`` in at most ``parts`` contiguous (start, size) runs."""
    parts = max(1, min(parts, count))
    size, extra = divmod(count, parts)
    runs = []
    start = first
    for part in range(parts):
        n = size + (1 if part < extra else 0)
        if n:
            runs.append((start, n))
        start += n
    return runs


def start_pool(workers: int, warm: Callable[..., Any] | None = None, *args: Any) -> None:
    """Start the pool of ``workers`` processes without waiting for it: each process is
    started and handed ``warm(*args)`` (loading what the work will need - a lexicon, a
    board's tables), so the first search that uses the pool finds it ready.  Starting
    takes from a fraction of a second to seconds on a busy machine."""
    if workers in _WARMING:
        return
    pool = local_pool(workers)
    _WARMING[workers] = [pool.submit(warm or _nothing, *args) for _ in range(workers)]


def pool_ready(workers: int) -> bool:
    """True once the pool of ``workers`` processes is started and warmed
    (:func:`start_pool`)."""
    warming = _WARMING.get(workers)
    return workers in _POOLS and warming is not None and all(f.done() for f in warming)


def _nothing(*_args: Any) -> None:
    """A warm-up that only starts the process."""


def run_iterations(fn: Callable[..., list], args: tuple, first: int, count: int,
                   plies: int, seed: int, deadline: float, workers: int) -> list:
    """``fn(*args, first, count, plies, seed, deadline)`` over ``workers`` processes
    (contiguous runs of iterations), the rows concatenated in iteration order.

    Until the pool is ready the iterations are played in this process, and the pool is
    started meanwhile (warmed with ``fn`` on no iterations): its start-up then costs the
    search a round's pace, not a wait past its deadline.  The rows are the same either
    way."""
    if count <= 0:
        return []
    if workers <= 1 or count == 1:
        return fn(*args, first, count, plies, seed, deadline)
    if not pool_ready(workers):
        start_pool(workers, fn, *args, first, 0, plies, seed, deadline)
        return fn(*args, first, count, plies, seed, deadline)
    pool = local_pool(workers)
    futures = [pool.submit(fn, *args, start, n, plies, seed, deadline)
               for start, n in split(first, count, workers)]
    rows: list = []
    for future in futures:
        rows.extend(future.result())
    return rows


# --- independent tasks ------------------------------------------------------------------------
class Workers:
    """Where tasks run: ``workers`` local processes (1: this process) or a Ray cluster."""

    def __init__(self, workers: int = 0, cluster: str | None = None) -> None:
        self.workers = workers if workers > 0 else local_cores()
        self.cluster = cluster
        self._ray: Any = None
        if cluster:
            self._ray = connect_ray(cluster)

    def describe(self) -> str:
        if self._ray is not None:
            cpus = int(self._ray.cluster_resources().get("CPU", 0))
            return f"Ray cluster {self.cluster} ({cpus} CPUs)"
        return f"{self.workers} local worker{'s' if self.workers != 1 else ''}"

    def map(self, fn: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
        """``fn(task)`` for every task, yielded in task order.  ``tasks`` may be made as
        they are taken (a generator): only the tasks out at a time are ever held, so a
        run of a million games costs no more memory than a run of ten."""
        if self._ray is not None:
            yield from _ray_map(self._ray, fn, tasks)
        elif self.workers <= 1 or (isinstance(tasks, Sequence) and len(tasks) <= 1):
            for task in tasks:
                yield fn(task)
        else:
            yield from _ordered(local_pool(self.workers), fn, tasks, 2 * self.workers)


def map_tasks(fn: Callable[[Any], Any], tasks: Iterable[Any], workers: int = 0,
              cluster: str | None = None) -> Iterator[Any]:
    """``fn(task)`` for each task, in task order, on :class:`Workers` of that size."""
    return Workers(workers, cluster).map(fn, tasks)


def _ordered(pool: ProcessPoolExecutor, fn: Callable[[Any], Any], tasks: Iterable[Any],
             ahead: int) -> Iterator[Any]:
    """Local processes: at most ``ahead`` tasks out at a time, results in task order."""
    def finished(pending: list[Future]) -> list[Future]:
        return list(wait(pending, return_when=FIRST_COMPLETED)[0])

    return _in_order(lambda task: pool.submit(fn, task), finished, lambda f: f.result(),
                     lambda f: f.cancel(), tasks, ahead)


def _in_order(submit: Callable[[Any], Any], finished: Callable[[list], list],
              result: Callable[[Any], Any], cancel: Callable[[Any], Any],
              tasks: Iterable[Any], ahead: int) -> Iterator[Any]:
    """Keep at most ``ahead`` tasks running (``submit`` gives a handle, ``finished`` the
    handles done among those pending); yield results in task order."""
    pending: dict[Any, int] = {}
    done: dict[int, Any] = {}
    queue = iter(enumerate(tasks))
    following = 0
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < ahead:
                try:
                    index, task = next(queue)
                except StopIteration:
                    exhausted = True
                    break
                pending[submit(task)] = index
            if not pending:
                break
            for handle in finished(list(pending)):
                done[pending.pop(handle)] = result(handle)
            while following in done:
                yield done.pop(following)
                following += 1
    finally:
        for handle in pending:
            cancel(handle)


# --- Ray -------------------------------------------------------------------------------------
def connect_ray(address: str) -> Any:
    """Ray, connected to ``address`` (``"local"``: a new instance on this machine)."""
    try:
        import ray
    except ImportError:
        raise ClusterError("running on a cluster needs Ray: pip install 'wordstudio[cluster]'"
                           ) from None
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
            else:
                ray.init(address=address, include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ClusterError(f"cannot reach the Ray cluster at {address}: {exc}") from None
    return ray


def _ray_map(ray: Any, fn: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
    remote = ray.remote(fn)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    return _in_order(remote.remote, lambda refs: ray.wait(refs, num_returns=1)[0], ray.get,
                     ray.cancel, tasks, 2 * cpus)
