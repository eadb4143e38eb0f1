"""Garbage collection kept on the GUI thread (wordstudio/ui/gcguard.py)."""

from __future__ import annotations

import gc
import threading

import pytest

from wordstudio.ui import gcguard


class _Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def automatic_off():
    """Automatic collection off and the counts at zero for the test; all restored after."""
    was_enabled = gc.isenabled()
    thresholds = gc.get_threshold()
    gc.disable()
    gc.collect()
    yield
    gc.set_threshold(*thresholds)
    if was_enabled:
        gc.enable()


def test_nothing_is_due_right_after_a_full_collection(automatic_off):
    assert gc.get_count()[0] <= gc.get_threshold()[0]
    assert gcguard.due_generation() is None
    assert gcguard.collect_due() == 0


def test_the_young_generation_is_due_once_its_allocations_pass_the_threshold(automatic_off):
    gc.set_threshold(50, 10, 10)
    kept = [[] for _ in range(60)]
    assert gcguard.due_generation() == 0
    assert len(kept) == 60


def test_older_generations_are_due_as_the_automatic_collector_would_decide(automatic_off):
    gc.set_threshold(50, 0, 0)
    gc.collect(0)  # a young collection counts towards generation 1
    kept = [[] for _ in range(60)]
    assert gc.get_count()[1:] == (1, 0)
    assert gcguard.due_generation() == 1
    gc.collect(1)  # counts towards generation 2
    gc.collect(0)
    kept += [[] for _ in range(60)]
    assert gc.get_count()[1:] == (1, 1)
    assert gcguard.due_generation() == 2
    assert gcguard.collect_due() == 0  # nothing unreachable, but collected: counts reset
    assert gc.get_count()[1:] == (0, 0)


def test_a_due_collection_frees_cycles(automatic_off):
    gc.set_threshold(50, 10, 10)
    for _ in range(100):
        _Cycle()
    assert gcguard.collect_due() >= 100


def test_collections_run_on_the_gui_thread_only_while_started(qtbot):
    collector = gcguard.MainThreadCollector(interval_ms=10)
    seen: list[str] = []

    def watch(phase: str, info: dict) -> None:
        if phase == "start":
            seen.append(threading.current_thread().name)

    was_enabled = gc.isenabled()
    gc.enable()
    gc.callbacks.append(watch)
    try:
        collector.start()
        assert not gc.isenabled()

        def churn() -> None:
            # Far past every threshold: automatic collection would run on this thread.
            for _ in range(50_000):
                _Cycle()

        worker = threading.Thread(target=churn, name="churn")
        worker.start()
        worker.join()
        assert "churn" not in seen
        qtbot.waitUntil(lambda: threading.main_thread().name in seen, timeout=5000)
        collector.stop()
        assert gc.isenabled()
    finally:
        gc.callbacks.remove(watch)
        collector.stop()
        if not was_enabled:
            gc.disable()
    assert "churn" not in seen


def test_stop_restores_automatic_collection_as_it_was(qtbot):
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        collector = gcguard.MainThreadCollector()
        collector.start()
        collector.stop()
        assert not gc.isenabled()  # it was off before: it stays off
        gc.enable()
        collector.start()
        collector.start()  # twice is once
        collector.stop()
        assert gc.isenabled()
        assert not collector.active
    finally:
        if was_enabled:
            gc.enable()
        else:
            gc.disable()
