"""Test set-up shared by every test module.

* Qt runs offscreen (set before PySide6 can be imported anywhere).
* Per-user folders go to a throw-away folder, except the lexicon cache, which is kept
  in pytest's cache folder between runs (as it would be for a real user) so the suite
  does not rebuild the automata every time.
* Cyclic garbage collection runs only on the main thread, between tests, as the program
  runs it only on the GUI thread (``wordstudio/ui/gcguard.py``): a Qt object collected on
  a worker-pool thread can crash the process.
* No test inherits worker processes or the move-worker setting from another: pools a
  test leaves running are stopped after it, and the setting is put back
  (:func:`_worker_processes_of_its_own`).
* A test marked ``@pytest.mark.system_package("name")`` is skipped, with a reason naming
  the package, where that Debian package is missing - and fails instead in CI, which
  installs them all (``tests/system_packages.py`` lists them).
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from tests import system_packages
from wordstudio.crossword.players import parallel

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_HOME = Path(tempfile.mkdtemp(prefix="wordstudio-test-home-"))
os.environ["WORDSTUDIO_HOME"] = str(_HOME)
_OWNER = os.getpid()


@atexit.register
def _remove_home() -> None:
    """The throw-away folder goes at the end of the run (removed by the process that
    made it: a forked worker ending does not take it away)."""
    if os.getpid() == _OWNER:
        shutil.rmtree(_HOME, ignore_errors=True)


_CACHE = Path(__file__).resolve().parent.parent / ".pytest_cache" / "wordstudio-cache"
_CACHE.mkdir(parents=True, exist_ok=True)
os.environ.setdefault("WORDSTUDIO_CACHE", str(_CACHE))

REPO = Path(__file__).resolve().parent.parent

gc.disable()


@pytest.fixture(autouse=True)
def _collect_garbage_on_the_main_thread():
    """What automatic collection would have collected during the test, collected here."""
    yield
    from wordstudio.ui.gcguard import collect_due

    collect_due()


@pytest.fixture(autouse=True)
def _worker_processes_of_its_own():
    """Each test starts as a new process of the program would: no worker pool running,
    every core allowed to one move's search.  The pools live as long as their process
    (:mod:`wordstudio.crossword.players.parallel`): a pool one test started and warmed
    served the end-game searches of the tests after it as helpers, which then proved
    values the test meant its own search to prove (or not) - an outcome that depended on
    the suite's order and the machine's load.  Self-play and leave training played in
    the test's process set the move-worker count to 1 for whatever ran next."""
    yield
    parallel.set_move_workers(0)
    parallel.stop_pools()  # nothing to do (and no time taken) when none is running


@pytest.fixture(autouse=True)
def _no_window_left_open():
    """A window a test left up is hidden when the test ends, a dialog rejected (a new-game
    dialog the self-test opened, a message box nobody answered, a main window the test
    did not hand to qtbot).  Left up, a dialog was the application's active modal widget
    in the tests after it - F1 asked it for help, key presses went to it, a self-test
    that gave up named it as what it was waiting for - and a window lying over the
    screen's top left took the mouse moves a later test sent to its own widget.  Hidden,
    not closed: closing a page with a game asks whether to save it."""
    yield
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is None or widgets.QApplication.instance() is None:
        return
    for widget in widgets.QApplication.topLevelWidgets():
        if not widget.isVisible():
            continue
        if isinstance(widget, widgets.QDialog):
            widget.reject()
            widget.deleteLater()
        else:
            widget.hide()


# --- tests that need a system package (tests/system_packages.py) --------------------------------
def pytest_runtest_setup(item: pytest.Item) -> None:
    names = [name for marker in item.iter_markers("system_package") for name in marker.args]
    if names:
        require_system_packages(names)


def require_system_packages(names: list[str]) -> None:
    """Skip the running test when one of the system packages ``names`` is missing, with a
    reason naming each missing one - or, in CI (``WORDSTUDIO_REQUIRE_SYSTEM_PACKAGES``
    set), fail it: CI installs every such package, so every such test runs there."""
    missing = [(name, why) for name in names if (why := system_packages.missing(name))]
    if not missing:
        return
    reason = "; ".join(system_packages.skip_reason(name, why) for name, why in missing)
    if system_packages.required():
        pytest.fail(f"{reason} - but {system_packages.REQUIRE_ENV} is set: .ci/run must "
                    f"install {' '.join(name for name, _ in missing)}", pytrace=False)
    pytest.skip(reason)
