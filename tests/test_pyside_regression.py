"""PySide6 6.12.0 on Python 3.11 crashes after a few thousand calls that return nothing.

The binding frees ``None`` one time too many for every call of a C++ function returning
``void``; after a few thousand such calls the interpreter's ``None`` is gone and the
process dies.  A Qt program makes such calls all the time (``update()``,
``setProperty()``, slots returning None), so the project pins
``PySide6-Essentials>=6.11,<6.12`` on Python 3.11.

This test makes 20,000 such calls of each kind in a *separate* process, so a crash is a
test failure with the child's exit status, not a dead test run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

CALLS = 20_000

CHILD = textwrap.dedent(f"""
    import sys
    from PySide6.QtCore import QObject, Signal, Slot
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication([])
    label = QLabel("x")
    refs_before = sys.getrefcount(None)

    class Echo(QObject):
        fired = Signal(int)

        def __init__(self):
            super().__init__()
            self.count = 0
            self.fired.connect(self.on_fired)

        @Slot(int)
        def on_fired(self, value):  # a slot that returns None, called from C++
            self.count += 1

    echo = Echo()
    for i in range({CALLS}):
        label.update()                   # void C++ method
        label.setProperty("n", i)        # bool, but with a Python value in
        label.setText("abc")             # void setter
        echo.fired.emit(i)               # C++ calling a Python slot returning None
    assert echo.count == {CALLS}, echo.count
    refs_after = sys.getrefcount(None)
    print("survived", {CALLS}, refs_before, refs_after)
""")


def test_twenty_thousand_calls_returning_nothing_do_not_crash():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                            timeout=300, env=env)
    assert result.returncode == 0, (
        f"the child process died (status {result.returncode}): PySide6 freed None too often?\n"
        f"{result.stderr[-2000:]}")
    words = result.stdout.split()
    assert words[:2] == ["survived", str(CALLS)]
    before, after = int(words[2]), int(words[3])
    # Every call returning nothing must leave None's reference count where it was (a
    # little drift from the interpreter itself is allowed, a per-call leak is not).
    assert abs(after - before) < CALLS // 10


def test_the_project_pins_pyside6_below_6_12_on_python_3_11():
    from pathlib import Path

    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert "PySide6-Essentials>=6.11,<6.12; python_version < '3.12'" in pyproject
    import PySide6

    if sys.version_info < (3, 12):
        major, minor = (int(part) for part in PySide6.__version__.split(".")[:2])
        assert (major, minor) < (6, 12), f"PySide6 {PySide6.__version__} is the crashing release"
