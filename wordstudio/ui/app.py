"""Start the WordStudio window."""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon


def application_icon() -> QIcon:
    """WordStudio's icon, at every size it ships (the SVG scales for the rest)."""
    from PySide6.QtGui import QIcon

    from wordstudio.paths import resources_dir

    folder = resources_dir() / "icons" / "app"
    icon = QIcon()
    for png in sorted(folder.glob("wordstudio-*.png")):
        icon.addFile(str(png))
    svg = folder / "wordstudio.svg"
    if svg.is_file():
        icon.addFile(str(svg))
    return icon


def clean_temporaries() -> None:
    """Remove temporary files a killed WordStudio left in the user's folders."""
    from wordstudio.paths import (
        autosave_dir,
        config_dir,
        remove_orphan_temporaries,
        saved_games_dir,
    )

    for folder in (autosave_dir, saved_games_dir, config_dir):
        try:
            remove_orphan_temporaries(folder())
        except OSError:
            pass


def main(argv: Sequence[str] | None = None, player_colours: bool = False,
         show_tiles: bool = False, config: str | None = None, first: str | None = None) -> int:
    """The window; ``argv`` may name a file to open.  ``player_colours`` is WordsWorth's
    ``-c``: each player's tiles in their own colour; ``show_tiles`` its ``-D``, ``config``
    its ``-f`` and ``first`` its ``-B0``/``-B1`` (:mod:`wordstudio.ui.crossword.commandline`)."""
    multiprocessing.freeze_support()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from wordstudio import __version__
    from wordstudio.faults import disable_crash_log, enable_crash_log
    from wordstudio.ui.context import AppContext, Settings
    from wordstudio.ui.dialogs.faults import install_fault_handler
    from wordstudio.ui.firstrun import (
        first_run_needed,
        run_first_start,
        start_background_preparation,
        start_smoke_test,
    )
    from wordstudio.ui.gcguard import MainThreadCollector
    from wordstudio.ui.mainwindow import MainWindow
    from wordstudio.ui.termination import quit_on_termination_signals
    from wordstudio.ui.theme import SETTING as THEME_SETTING
    from wordstudio.ui.theme import apply_theme
    from wordstudio.ui.workers import BackgroundRunner

    argv = list(sys.argv[1:] if argv is None else argv)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *argv])
    app.setApplicationName("WordStudio")
    app.setOrganizationName("WordStudio")
    app.setApplicationVersion(__version__)
    # The menu entry (packaging/wordstudio.desktop) and the icon every window shows.
    app.setDesktopFileName("wordstudio")
    app.setWindowIcon(application_icon())
    # Fusion looks the same on every desktop and scales cleanly on high-DPI screens.
    app.setStyle("Fusion")
    # Garbage collection only on this thread: a Qt object collected on a worker-pool
    # thread could crash the program (ui/gcguard.py).
    collector = MainThreadCollector(app)
    collector.start()
    # A crash in native code leaves every thread's stack in the log folder.
    enable_crash_log()
    settings = Settings()
    if player_colours:
        from wordstudio.ui.crossword.options import choose_player_colours

        choose_player_colours(settings)
    if show_tiles:
        from wordstudio.ui.crossword.commandline import view_all_racks

        view_all_racks(settings)
    # The desktop's light or dark look (or the one the person chose in Settings).
    apply_theme(app, str(settings.get(THEME_SETTING, "system")))
    runner = BackgroundRunner()
    context = AppContext(settings, runner)
    window = MainWindow(context)
    # From here on no traceback reaches the person: logged, and said in plain words.
    faults = install_fault_handler(window)
    clean_temporaries()
    window.show()
    notice = settings.notice()
    if notice:
        window.statusBar().showMessage(notice, 60_000)
    start_smoke_test(window)  # only when WORDSTUDIO_SMOKE_TEST is set (packaging/smoke.py)

    def begin() -> None:
        from wordstudio.ui.crossword.commandline import StartRequest, start_requested

        request = StartRequest(argv[0] if argv else None, config, first)
        # Inside the main loop, so quitting from any dialog below ends the program.
        if first_run_needed():
            run_first_start(context, window, new_game=not argv and not request.new_game)
        # Other games' word lists, without a dialog (WORDwhami's, read both ways).
        start_background_preparation(window)
        if request.new_game or (argv and config):
            start_requested(context, window, request)  # WordsWorth's -f, -B0, -B1
        elif argv:
            window.open_path(argv[0])
        else:
            window.offer_resume()  # a game a crash interrupted is offered again

    QTimer.singleShot(0, begin)
    # SIGTERM, Ctrl+C, a closed terminal: out through the finally below, like a quit.
    restore_signals = quit_on_termination_signals(app)
    try:
        return app.exec()
    finally:
        restore_signals()
        faults.uninstall()
        runner.shutdown()  # the worker processes, their queues and semaphores
        collector.stop()
        disable_crash_log()


if __name__ == "__main__":
    sys.exit(main())
