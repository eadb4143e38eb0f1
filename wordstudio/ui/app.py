"""Start the WordStudio window."""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    multiprocessing.freeze_support()
    from PySide6.QtWidgets import QApplication

    from wordstudio import __version__
    from wordstudio.ui.context import AppContext, Settings
    from wordstudio.ui.mainwindow import MainWindow
    from wordstudio.ui.workers import BackgroundRunner

    argv = list(sys.argv[1:] if argv is None else argv)
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("WordStudio")
    app.setOrganizationName("WordStudio")
    app.setApplicationVersion(__version__)
    settings = Settings()
    runner = BackgroundRunner()
    window = MainWindow(AppContext(settings, runner))
    window.show()
    if argv:
        window.open_path(argv[0])
    try:
        return app.exec()
    finally:
        runner.shutdown()


if __name__ == "__main__":
    sys.exit(main())
