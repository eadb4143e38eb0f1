"""The designer's "Train leaves for this design": learn what kept tiles are worth in this
game by self-play, in the background, with progress and a Stop button.

The table is stored for the game (its tiles, board and word list) in the user's data
folder, where every computer player of the design finds it
(:func:`~wordstudio.crossword.players.leaves.leaves_for`).  Stopped, the rounds finished
so far are kept, and training again goes on from there.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox, QProgressDialog

from wordstudio.control import Cancelled
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.players.leaves import trained_table
from wordstudio.crossword.players.leavetrain import MAX_GAMES, train_design
from wordstudio.ui.designer import ask, filing
from wordstudio.ui.designer.host import DesignHost

TITLE = "Train leaves"
#: Games offered by default: enough for a table that beats the heuristic on most boards.
DEFAULT_GAMES = 1000


def train_leaves(page: DesignHost) -> None:
    """Ask how many games, then train in the background (module docstring)."""
    path = filing.playable_path(page)
    if path is None:
        return
    config = load_config(path)
    if not config.rack_size or config.unlimited_tiles:
        ask.warn(page, TITLE, "Leave values are for games with racks drawn from a bag; "
                              "this design has none.")
        return
    existing = trained_table(config)
    played = int(existing.info.get("games", 0)) if existing is not None else 0
    note = (f"A table learnt from {played} games exists; training goes on to the number "
            "you give.\n" if played else "")
    games, ok = QInputDialog.getInt(
        page, TITLE, f"{note}Games of self-play to learn from (more is better and slower; "
                     "it uses every core):", min(max(DEFAULT_GAMES, played + 200), MAX_GAMES), 10, MAX_GAMES, 100)
    if not ok:
        return
    progress = QProgressDialog("Playing the first games\u2026", "Stop", 0, 1000, page)
    progress.setWindowTitle(TITLE)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)

    def advance(fraction: float, message: str) -> None:
        progress.setValue(int(1000 * fraction))
        progress.setLabelText(f"Learning leave values: {message}")

    def done(result: tuple[int, int, str]) -> None:
        progress.close()
        games_played, leaves, values = result
        QMessageBox.information(page, TITLE, f"Leave values learnt from {games_played} games "
                                f"({leaves} leaves kept). Computer players of this design "
                                f"now use them.\n{values}")

    def failed(error: BaseException) -> None:
        progress.close()
        if isinstance(error, Cancelled):
            QMessageBox.information(page, TITLE, "Stopped. The rounds finished so far are kept; training "
                                    "again goes on from there.")
        else:
            ask.warn(page, TITLE, f"Training stopped: {error}")

    job = page.context.runner.run(train_design, config, games, wants_control=True,
                                  on_success=done, on_failure=failed, on_progress=advance)
    progress.canceled.connect(job.force)
    progress.show()
