"""Ending the program cleanly when it is asked to from outside (SIGTERM, SIGINT, SIGHUP).

Python's default for SIGTERM and SIGHUP is to die on the spot: no ``finally``, no atexit,
so the worker processes' named semaphores are left for multiprocessing's resource tracker
to clean up ("There appear to be 8 leaked semaphore objects"), and SIGINT (Ctrl+C in a
terminal) does nothing at all while Qt's event loop runs, because Python runs signal
handlers only between bytecodes.  Here each of these signals ends every event loop that
is running - a first start's progress dialog or any other dialog included - so ``main``
returns through its ``finally`` (which stops the workers) and Python exits normally.

Qt's loop is woken through :func:`signal.set_wakeup_fd`: the C-level handler writes to a
socket that a :class:`QSocketNotifier` watches, and the Python handler runs as soon as the
notifier's slot enters the interpreter.
"""

from __future__ import annotations

import signal
import socket
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QSocketNotifier, QTimer

#: The signals that ask a program to end (SIGHUP: its terminal or session went away).
TERMINATION_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                            if hasattr(signal, name))


def quit_on_termination_signals(app: QCoreApplication) -> Callable[[], None]:
    """Make each termination signal end ``app``'s event loops with status 128 + signal
    number (as a shell reports a program killed by it).  Returns a function that puts the
    previous handlers back, so that a second signal during shutdown ends the program."""
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    previous_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, app)

    def drain() -> None:
        # Entering Python here is what runs the pending handler below.
        try:
            reader.recv(512)
        except OSError:
            pass

    notifier.activated.connect(drain)

    def handle(signum: int, _frame: object) -> None:
        # Through the event loop, so a signal that arrives before it runs still counts.
        QTimer.singleShot(0, lambda: QCoreApplication.exit(128 + signum))

    previous = {number: signal.signal(number, handle) for number in TERMINATION_SIGNALS}

    def restore() -> None:
        for number, handler in previous.items():
            signal.signal(number, handler)
        signal.set_wakeup_fd(previous_fd)
        notifier.setEnabled(False)
        notifier.deleteLater()
        reader.close()
        writer.close()

    return restore
