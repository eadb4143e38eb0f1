"""The program a crash drill kills: the real WordStudio window, offscreen, playing a game.

    python -m tests.drills.child GAME

``GAME`` is ``crossword``, ``wordwhami``, ``wordforword`` or ``wordwar``; the per-user
folders come from ``WORDSTUDIO_HOME`` as for any run.  The window starts as the
program does (temporary files of a killed run removed, an interrupted game offered -
and accepted here), or, with nothing to resume, begins a new game of computer players.
After every autosave it prints the game's moves as one JSON line, so the drill knows
what was safe on disk when it killed the process.  Lines:

* ``{"start": "resumed" | "new", "moves": [...], "warnings": [...]}``;
* ``{"moves": [...]}`` after each autosave;
* ``{"over": true}`` when the game has ended (the process then quits).

Dialogs answer themselves (the person always says yes); warnings are printed.
"""

from __future__ import annotations

import json
import os
import random
import sys
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

GAMES = ("crossword", "wordwhami", "wordforword", "wordwar")


def say(**message: Any) -> None:
    print(json.dumps(message), flush=True)


def moves_of(page: Any) -> list[str]:
    """The game's moves as text the drill can compare across processes."""
    game = page.game
    if game is None:
        return []
    if hasattr(game, "inputs"):  # crossword and WORDwhami
        return [f"{item.player}:{item.action!r}" for item in game.inputs]
    if hasattr(game, "turns"):  # Word For Word
        return [f"{turn.seat}:{turn.move}" for turn in game.turns]
    return [json.dumps(action) for action in game.history]  # Word War


def _answer_every_dialog(warnings: list[str]) -> None:
    """A person who says yes to everything, and whose warnings are written down."""
    from PySide6.QtWidgets import QDialog, QMessageBox

    from wordstudio.ui.dialogs import messages

    def warn(parent: Any, title: str, text: str, *args: Any) -> Any:
        warnings.append(text)
        return QMessageBox.StandardButton.Ok

    messages.confirm = lambda *args, **kwargs: True  # type: ignore[assignment]
    messages.warn = warn  # type: ignore[assignment]
    messages.inform = lambda *args, **kwargs: None  # type: ignore[assignment]
    QMessageBox.question = staticmethod(  # type: ignore[method-assign]
        lambda *args, **kwargs: QMessageBox.StandardButton.Yes)
    QMessageBox.warning = staticmethod(warn)  # type: ignore[method-assign]
    QDialog.exec = lambda self: QDialog.DialogCode.Accepted  # type: ignore[method-assign]
    QDialog.open = lambda self: None  # type: ignore[method-assign]


def _report_after_autosaves(on_over: Any) -> None:
    """Each page's autosave, followed by a line saying what is now on disk."""
    from wordstudio.ui.crossword.page import CrosswordPage
    from wordstudio.ui.wordforword.page import WordForWordPage
    from wordstudio.ui.wordwar.page import WordWarPage

    for cls, name in ((CrosswordPage, "autosave"), (WordForWordPage, "_autosave"),
                      (WordWarPage, "autosave")):
        original = getattr(cls, name)

        def reporting(self: Any, _original: Any = original) -> None:
            _original(self)
            game = self.game
            if game is None:
                return
            over = getattr(game, "over", None)
            over = getattr(game, "is_over", False) if over is None else over
            if over:
                on_over()
            else:
                say(moves=moves_of(self))

        setattr(cls, name, reporting)


def new_page(kind: str, context: Any, seed: int) -> Any:
    """A new game of computer players only, so it plays itself."""
    if kind in ("crossword", "wordwhami"):
        from wordstudio.crossword.config.files import load_config
        from wordstudio.crossword.game import GameSetup, PlayerSpec
        from wordstudio.paths import boards_dir
        from wordstudio.ui.crossword.options import TableOptions
        from wordstudio.ui.crossword.page import CrosswordPage

        config = load_config(boards_dir() / ("wordwhami.cfg" if kind == "wordwhami"
                                             else "scrabble.cfg"))
        players = (PlayerSpec("Ann", True, 3), PlayerSpec("Bob", True, 5))
        setup = GameSetup.create(config, players, seed=seed)
        return CrosswordPage(context, setup, options=TableOptions(animation_speed=0))
    if kind == "wordforword":
        from wordstudio.ui.wordforword.page import WordForWordPage
        from wordstudio.wordforword.moves import GameSetup, PlayerSpec
        from wordstudio.wordforword.rules import Game, prepare_game
        from wordstudio.wordforword.solver import remember_graph

        # Novices on five-letter words: games long enough to be killed in.
        setup = GameSetup(players=(PlayerSpec("Ann", "Novice"), PlayerSpec("Bob", "Novice"),
                                   PlayerSpec("Cy", "Novice")), length=5, seed=seed,
                          study_seconds=0)
        words, deal, graph = prepare_game(setup)
        remember_graph(graph)
        game = Game(setup, words, deal)  # no study period: play begins at once
        page = WordForWordPage(context, game=game)
        page.computer_delay_ms = 200
        return page
    from wordstudio.ui.wordwar.page import WordWarPage
    from wordstudio.wordwar.boards import BoardSet
    from wordstudio.wordwar.game import PlayerSpec as WarPlayer
    from wordstudio.wordwar.game import WordWarGame

    boards = BoardSet.load()
    players = [WarPlayer("Ann", computer=True, strength="expert"),
               WarPlayer("Bob", computer=True, strength="advanced")]
    game = WordWarGame(players, f"drill{seed}", board_set=boards)
    game.start_round([random.Random(seed).choice(boards.numbers) for _ in players])
    return WordWarPage(context, game, pace_ms=30)


def main(argv: list[str]) -> int:
    kind = argv[0]
    seed = int(argv[1]) if len(argv) > 1 else 1
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from wordstudio.ui.app import clean_temporaries
    from wordstudio.ui.context import AppContext, Settings
    from wordstudio.ui.dialogs.faults import install_fault_handler
    from wordstudio.ui.mainwindow import MainWindow
    from wordstudio.ui.workers import BackgroundRunner

    app = QApplication([sys.argv[0]])
    warnings: list[str] = []
    _answer_every_dialog(warnings)
    _report_after_autosaves(lambda: (say(over=True), QTimer.singleShot(0, app.quit)))
    runner = BackgroundRunner()
    context = AppContext(Settings(), runner)
    window = MainWindow(context)
    install_fault_handler(window)
    clean_temporaries()
    window.show()

    def begin() -> None:
        page = window.offer_resume()
        if page is not None:
            say(start="resumed", moves=moves_of(page), warnings=warnings)
            return
        page = new_page(kind, context, seed)
        window.show_page(page)
        say(start="new", moves=moves_of(page), warnings=warnings)

    QTimer.singleShot(0, begin)
    try:
        return app.exec()
    finally:
        runner.shutdown()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
