"""Pictures of every page of the window, to look at (light and dark, several screens).

    python tools/window_pictures.py OUT_FOLDER [--theme light|dark] [--size 1280x720 ...]
                                    [--scale 1.5] [--only PAGE ...] [--check]

Run it under a real X server (``xvfb-run -a python tools/window_pictures.py ...`` with
``QT_QPA_PLATFORM=xcb``) or offscreen.  Each page is opened in a real main window with
games part-played by computer players, and the window is grabbed to
``OUT_FOLDER/<page>-<theme>-<size>.png``.  A ``--size`` is a *screen*: the window takes
the place the program gives itself on such a screen (its available area less a title
bar, :mod:`wordstudio.ui.screenfit`), so the pictures show what a person there sees; by
default 1280x720, 1366x768, 1600x1000 and 1920x1200.  ``--scale`` sets Qt's scale
factor (``QT_SCALE_FACTOR``) to see the window at 150 % or 200 %.

``--check`` also measures each picture's key widgets (board, rack, Play, result lists;
:mod:`window_checks`) and prints what is hidden, cut off or unreadable, as JSON lines
``{"page", "size", "problems"}``; the exit status is 1 when anything is found
(``tests/test_window_pictures.py`` runs it).  With ``--check`` and no OUT_FOLDER no
picture is written.

Every run shows the same positions, so pictures taken before and after a change (or in
the light and the dark look) compare square for square: the games are seeded, the
computer players that build them search without a clock (WORDwhami's players and hints
have time budgets: here they search to the end instead), and Python's string hashing is
fixed (the tool runs itself again with ``PYTHONHASHSEED=0`` when it is not).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: A page's key widgets by name (what --check measures).
Keys = dict[str, Any]

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

#: The screens pictured when no --size is given.
SCREENS = ("1280x720", "1366x768", "1600x1000", "1920x1200")


#: Python's string hashing, fixed so that nothing ordered by a hash differs between runs.
HASH_SEED = "0"


def main(argv: list[str] | None = None) -> int:
    if argv is None and os.environ.get("PYTHONHASHSEED") != HASH_SEED:
        os.execve(sys.executable, [sys.executable, *sys.argv],
                  {**os.environ, "PYTHONHASHSEED": HASH_SEED})
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--theme", choices=("light", "dark"), default="light")
    parser.add_argument("--size", action="append", default=[], help="a screen, e.g. 1280x720")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--only", action="append", default=[], help="page names to grab")
    parser.add_argument("--check", action="store_true",
                        help="measure the key widgets and print what is wrong (JSON lines)")
    args = parser.parse_args(argv)
    if args.out is None and not args.check:
        parser.error("give OUT_FOLDER, or --check")
    if args.scale != 1.0:
        os.environ["QT_SCALE_FACTOR"] = str(args.scale)
    os.environ.setdefault("WORDSTUDIO_HOME", tempfile.mkdtemp(prefix="wordstudio-pictures-"))
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size or SCREENS]
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["wordstudio-pictures"])
    QApplication.setStyle("Fusion")
    _without_clocks()
    _apply_theme(app, args.theme)
    pages = _pages()
    unknown = set(args.only) - set(pages)
    if unknown:
        parser.error(f"no such page: {', '.join(sorted(unknown))} (pages: {', '.join(pages)})")
    found = False
    for name, opener in pages.items():
        if args.only and name not in args.only:
            continue
        for width, height in sizes:
            path = None if args.out is None else args.out / (
                f"{name}-{args.theme}-{width}x{height}"
                f"{'' if args.scale == 1 else f'-{round(args.scale * 100)}pc'}.png")
            problems = _grab(app, opener, (width, height), path)
            if path is not None:
                print(path)
            if args.check:
                print(json.dumps({"page": name, "size": f"{width}x{height}",
                                  "problems": problems}), flush=True)
                found = found or bool(problems)
    return 1 if found else 0


def _apply_theme(app: object, theme: str) -> None:
    try:
        from wordstudio.ui.theme import apply_theme
    except ImportError:  # before the themes existed: the desktop's palette only
        return
    apply_theme(app, theme)  # type: ignore[arg-type]


def _grab(app: object, opener: Callable[[object], Keys], screen: tuple[int, int],
          path: Path | None) -> list[str]:
    """Open a page in a window placed as on a ``screen``-sized screen; save its picture
    at ``path`` (if any); return what the key widgets' measures find wrong."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication
    from window_checks import problems

    from wordstudio.ui import screenfit
    from wordstudio.ui.context import AppContext, Settings
    from wordstudio.ui.mainwindow import MainWindow
    from wordstudio.ui.screenfit import fitted_geometry
    from wordstudio.ui.workers import BackgroundRunner

    runner = BackgroundRunner(mode="sync")
    folder = Path(tempfile.mkdtemp(prefix="wordstudio-pictures-settings-"))
    context = AppContext(Settings(folder / "settings.json"), runner)
    context.settings.set("crossword/options", {"animation_speed": 0})
    window = MainWindow(context)
    area = QRect(0, 0, *screen)
    window.setGeometry(fitted_geometry(area))
    # Dialogs are fitted to the screen pictured, not to the one the tool runs on.
    real_area, screenfit.available_area = screenfit.available_area, lambda widget: area
    try:
        window.show()
        for _ in range(5):
            QApplication.processEvents()
        keys = opener(window)
        for _ in range(20):
            QApplication.processEvents()
        found = problems(window, keys, area)
    finally:
        screenfit.available_area = real_area
    if path is not None:
        _picture(window).save(str(path))
    for widget in QApplication.topLevelWidgets():
        if widget is not window and widget.isVisible():
            widget.close()  # dialogs a page opened
    page = window.page
    if page is not None:
        page.maybe_close = lambda: True  # type: ignore[method-assign]
    window.close_page()
    window.close()
    runner.shutdown()
    return found


def _picture(window: object) -> Any:
    """The window as the screen shows it (dialogs over it included) on a real X
    server; the window alone offscreen."""
    from PySide6.QtWidgets import QApplication

    if QApplication.platformName() == "offscreen":
        return window.grab()  # type: ignore[attr-defined]
    geometry = window.frameGeometry()  # type: ignore[attr-defined]
    screen = QApplication.primaryScreen()
    return screen.grabWindow(0, geometry.x(), geometry.y(), geometry.width(), geometry.height())


def _without_clocks() -> None:
    """WORDwhami hints search to the end, not for their 0.9 s: the same list every run."""
    from dataclasses import replace

    import wordstudio.ui.crossword.human as human
    from wordstudio.crossword.gameconfig import Scoring
    from wordstudio.crossword.players.whami import WHAMI_LEVELS, search_whami

    timed = human.hint_decision
    if getattr(timed, "untimed", False):
        return

    def hint_decision(position: object, top: int = 20, *, control: object) -> object:
        if position.config.scoring is Scoring.LENGTH_SQUARED:  # type: ignore[attr-defined]
            level = replace(WHAMI_LEVELS[8], seconds=0.0)
            return search_whami(position, level, control, top)  # type: ignore[arg-type]
        return timed(position, top, control=control)  # type: ignore[arg-type]

    hint_decision.untimed = True  # type: ignore[attr-defined]
    human.hint_decision = hint_decision  # type: ignore[assignment]


def _brain_move(game: object, whami: bool) -> object:
    """The computer player that builds a page's position: level 6 in letter-sum games,
    WORDwhami's level 1 without its 0.1 s clock (so it finds the same play every run)."""
    from dataclasses import replace

    from wordstudio.crossword.game import PlayerSpec
    from wordstudio.crossword.players.computer import choose_action
    from wordstudio.crossword.players.whami import WHAMI_LEVELS, search_whami

    position = game.position()  # type: ignore[attr-defined]
    if whami:
        return search_whami(position, replace(WHAMI_LEVELS[1], seconds=0.0))
    return choose_action(position, PlayerSpec("brain", True, 6))


# --- the pages ------------------------------------------------------------------------------
def _crossword_keys(page: Any) -> Keys:
    return {"board": page.board_area, "rack": page.rack, "play": page.play_button,
            "move status": page.move_status}


def _crossword(config: str, plies: int, whami: bool = False) -> Callable[[object], Keys]:
    def open_it(window: object) -> Keys:
        from wordstudio.crossword.config.files import load_config
        from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
        from wordstudio.lexicon.catalog import load_lexicon
        from wordstudio.paths import boards_dir
        from wordstudio.ui.crossword.page import CrosswordPage

        lexicon = "en-US-common" if whami else "en-US-standard"
        setup = GameSetup.create(load_config(boards_dir() / config),
                                 (PlayerSpec("Ann"), PlayerSpec("Hal", True, 4)), seed=7,
                                 lexicon=lexicon)
        game = Game(setup, load_lexicon(lexicon))
        while game.ply < plies and not game.over:
            for action in _brain_move(game, whami).actions:  # type: ignore[attr-defined]
                game.act(action)
        page = CrosswordPage(window.context, game=game, autosave=False)  # type: ignore[attr-defined]
        window.show_page(page)  # type: ignore[attr-defined]
        keys = _crossword_keys(page)
        if config != "wordwhami.cfg":  # 30x30 is shown readable and scrolled, by design
            keys["whole board"] = page.board
        keys["history"] = page.history
        return keys
    return open_it


def _hints(config: str = "scrabble.cfg", plies: int = 6, whami: bool = False) -> Callable[[object], Keys]:
    def open_it(window: object) -> Keys:
        keys = _crossword(config, plies, whami)(window)
        _ask_for_hints(window)
        page = window.page  # type: ignore[attr-defined]
        keys.pop("history")
        keys["hints"] = page.hints.list
        return keys
    return open_it


def _ask_for_hints(window: object) -> None:
    from PySide6.QtWidgets import QApplication

    page = window.page  # type: ignore[attr-defined]
    for _ in range(10):
        QApplication.processEvents()
    page.hint()
    for _ in range(10):
        QApplication.processEvents()
    panel = getattr(page, "hints", None)
    if panel is not None and panel.list.topLevelItemCount():
        panel.select(0)
    else:  # before the hints moved beside the board: the dialog
        dialog = getattr(page, "hints_dialog", None)
        if dialog is not None and dialog.list.topLevelItemCount():
            dialog.list.setCurrentItem(dialog.list.topLevelItem(0))


def _thinking(window: object) -> Keys:
    """The Thinking tab with what a simulation weighs (eight candidates, every column)."""
    from wordstudio.crossword.players.simulate import SimOptions, Simulation

    keys = _crossword("scrabble.cfg", 8)(window)
    page = window.page  # type: ignore[attr-defined]
    game = page.game
    simulation = Simulation(game.position(), SimOptions(seconds=0, iterations=24, candidates=8,
                                                        workers=1, seed=3))
    simulation.run()
    page.tabs.setCurrentWidget(page.simulation)
    page.simulation.show_progress(simulation.message())
    keys.pop("history")
    keys["thinking"] = page.simulation.table
    return keys


def _thinking_long(window: object) -> Keys:
    """The Thinking tab with long moves: a 14-letter word through five letters on the
    board and an exchange of seven tiles among what the simulation weighs (as a
    bingo-rich turn lists them), above the simulation's own candidates."""
    keys = _thinking(window)
    panel = window.page.simulation  # type: ignore[attr-defined]
    rows = list(panel.rows)
    template = dict(rows[0]) if rows else {"score": 0, "static": 0.0, "win": 0.0,
                                           "spread": 0.0, "error": None, "iterations": 0}
    long_rows = [{**template, "move": "8A UN(DERST)ATEMENT", "score": 86, "leave": "",
                  "win": 71.4, "spread": 41.3},
                 {**template, "move": "exchange AEIOUU?", "score": 0, "leave": "?",
                  "win": 38.2, "spread": -9.6}]
    panel.show_rows(long_rows + rows, panel.status.text())
    return keys


def _consult(window: object) -> Keys:
    """Consult the Dictionary over the game, with a search of every length listed."""
    from PySide6.QtWidgets import QApplication

    keys = _crossword("scrabble.cfg", 8)(window)
    page = window.page  # type: ignore[attr-defined]
    page.consult()
    dialog = page.consult_dialog
    dialog.pattern.setText("STRANGER?")
    dialog.use_some.setChecked(True)
    dialog.search()
    for _ in range(10):
        QApplication.processEvents()
    return {"board": keys["board"], "consult results": dialog.results,
            "consult status": dialog.status}


def _review(window: object) -> Keys:
    from wordstudio.ui.review.page import ReviewPage

    _crossword("scrabble.cfg", 8)(window)
    game = window.page.game  # type: ignore[attr-defined]
    window.page.maybe_close = lambda: True  # type: ignore[attr-defined]
    window.close_page()  # type: ignore[attr-defined]
    page = ReviewPage(window.context, game)  # type: ignore[attr-defined]
    window.show_page(page)  # type: ignore[attr-defined]
    return _review_keys(page)


def _review_keys(page: Any) -> Keys:
    return {"board": page.board, "moves": page.moves, "options": page.options,
            "graph": page.graph}


def _review_challenges(window: object) -> Keys:
    """A whole club game from Woogles (Macondo's GCG) with a phony withdrawn and a
    challenge that failed: long entries beside the points lost."""
    from wordstudio.crossword.records.formats import open_record
    from wordstudio.ui.review.page import ReviewPage

    record = REPO / "tests" / "data" / "gcg" / "macondo-woogles.gcg"
    game = open_record(record).game
    page = ReviewPage(window.context, game, record)  # type: ignore[attr-defined]
    window.show_page(page)  # type: ignore[attr-defined]
    rows = [r for r, m in enumerate(page.review.moves) if "withdrawn" in m.move]
    page.select(rows[0] if rows else 0)
    return _review_keys(page)


def _wordforword(window: object) -> Keys:
    """The study period, before play, a ladder begun on the scratch pad."""
    from wordstudio.ui.wordforword import WordForWordPage
    from wordstudio.wordforword.moves import GameSetup, PlayerSpec

    setup = GameSetup(players=(PlayerSpec("Ann", None), PlayerSpec("Hal", "Expert")), length=4,
                      seed=11, study_seconds=None, move_seconds=None)
    page = WordForWordPage(window.context, setup=setup, practice=True)  # type: ignore[attr-defined]
    page.scratch.texts[(0, 0)] = "PANT PAST CAST"  # Ann's chain so far (PUNT to WASH)
    window.show_page(page)  # type: ignore[attr-defined]
    return {"scratch pad": page.scratch.words, "record": page.record}


def _wordforword_move(window: object) -> Keys:
    """Four players in play, the person typing a word to save (the word box and its hint)."""
    from PySide6.QtWidgets import QApplication

    from wordstudio.ui.wordforword import WordForWordPage
    from wordstudio.wordforword.moves import GameSetup, MoveKind, PlayerSpec

    setup = GameSetup(players=(PlayerSpec("Ann", None), PlayerSpec("Hal", "Expert"),
                               PlayerSpec("Bea", None), PlayerSpec("Kit", "Novice")),
                      length=4, seed=11, study_seconds=0, move_seconds=90)
    page = WordForWordPage(window.context, setup=setup)  # type: ignore[attr-defined]
    window.show_page(page)  # type: ignore[attr-defined]
    for _ in range(20):
        QApplication.processEvents()
    page.entry.choose(MoveKind.SAVE)
    return {"move entry": page.entry, "scratch pad": page.scratch.words, "record": page.record}


#: Word War's seats: a person and computers of every strength, nine at most (the game's
#: limit); the boards are dealt 1, 2, 3... in seat order.
WORDWAR_SEATS = (("Ann", None), ("Hal", "expert"), ("Bea", "intermediate"), ("Kit", "random"),
                 ("Dee", "greedy"), ("Max", "expert"), ("Sue", "intermediate"),
                 ("Tom", "greedy"), ("Uma", "random"))


def _wordwar(seats: int = 4) -> Callable[[object], Keys]:
    def open_it(window: object) -> Keys:
        from wordstudio.ui.wordwar.page import WordWarPage
        from wordstudio.wordwar.deck import WILD
        from wordstudio.wordwar.game import PlayerSpec, WordWarGame

        players = [PlayerSpec(name) if strength is None else PlayerSpec(name, True, strength)
                   for name, strength in WORDWAR_SEATS[:seats]]
        game = WordWarGame(players, "pictures", rounds=4)
        game.start_round(list(range(1, seats + 1)))
        for _ in range(12):
            game.turn_card()
            for p in game.waiting_for():
                empty = [(r, c) for r, row in enumerate(game.grids[p].rows)
                         for c, ch in enumerate(row) if ch == "."]
                if empty and game.card != WILD:
                    game.place(p, *empty[(p * 7 + len(empty)) % len(empty)])
                else:
                    game.pass_card(p)
        page = WordWarPage(window.context, game, pace_ms=10_000)  # type: ignore[attr-defined]
        window.show_page(page)  # type: ignore[attr-defined]
        return {"grid": page.big_view, "pass": page.card_panel.pass_button,
                "scores": page.scores}
    return open_it


def _designer(window: object) -> Keys:
    from wordstudio.paths import boards_dir
    from wordstudio.ui.designer.document import DesignDocument
    from wordstudio.ui.designer.page import DesignerPage

    page = DesignerPage(window.context, DesignDocument.open(boards_dir() / "super21.cfg"))  # type: ignore[attr-defined]
    window.show_page(page)  # type: ignore[attr-defined]
    return {"board": page.painter, "play": page.play_button, "tools": page.tools}


def _designer_wizard(window: object) -> Keys:
    """The set-up wizard over the designer, on its last page (where the game goes)."""
    from PySide6.QtWidgets import QApplication

    from wordstudio.ui.designer.wizard import SetupWizard

    _designer(window)
    wizard = SetupWizard(window.context.settings, window.page)  # type: ignore[attr-defined]
    wizard.title_edit.setText("Zebra Race")
    wizard.show()
    while wizard.currentId() != wizard.pageIds()[-1]:
        wizard.next()
    for _ in range(5):
        QApplication.processEvents()
    return {"wizard place": wizard.path_edit, "wizard summary": wizard.summary}


def _game_over(window: object) -> Keys:
    """A game played to its end: the Game over dialog, its adjustments long."""
    from wordstudio.ui.crossword.dialogs import SummaryDialog

    _crossword("scrabble.cfg", 8)(window)
    names = ["Ann", "Hal with a rather long name"]
    dialog = SummaryDialog(names, [312, 298], [(0, 14, "Hal's tiles left: EIOUWXZ"),
                                               (1, -14, "tiles left on the rack: EIOUWXZ")],
                           [326, 284], [0], "a player went out", None, window.page)  # type: ignore[attr-defined]
    dialog.show()
    return {"summary": dialog.table}


def _print_dialog(window: object) -> Keys:
    """Record > Print Game Record: the print dialog over the game."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    _crossword("scrabble.cfg", 8)(window)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    dialog = QPrintDialog(printer, window.page)  # type: ignore[attr-defined]
    dialog.setWindowTitle("Print Crossword game record")
    dialog.show()
    return {}


def _blank_sheets(window: object) -> Keys:
    """File > New > Word War Scoresheets: the boards and paper to print."""
    from wordstudio.ui.wordwar.dialogs import BlankSheetsDialog
    from wordstudio.wordwar.boards import BoardSet

    dialog = BlankSheetsDialog(BoardSet.load(), window, "a4", window.context.settings)  # type: ignore[attr-defined,arg-type]
    dialog.show()
    return {"boards": dialog.boards}


def _new_game(window: object) -> Keys:
    """File > New > Crossword game over the start page, four players set (the dialog
    is taller than a small screen: its sections scroll, its buttons stay in sight)."""
    from wordstudio.ui.crossword.newgame import DEFAULT_PLAYERS, SETTINGS_KEY, NewGameDialog

    context = window.context  # type: ignore[attr-defined]
    context.settings.set(SETTINGS_KEY, {"players": DEFAULT_PLAYERS[:4]})
    dialog = NewGameDialog(context.settings, context.runner, window)  # type: ignore[arg-type]
    dialog.show()
    return {"start game": dialog.start_button, "players": dialog.rows[3].name,
            "sections": dialog.sections}


def _start(window: object) -> Keys:
    page = window.start_page  # type: ignore[attr-defined]
    return {"recent files": page.recent}


def _pages() -> dict[str, Callable[[object], Keys]]:
    return {
        "start": _start,
        "new-game": _new_game,
        "standard": _crossword("scrabble.cfg", 8),
        "board21": _crossword("board21.cfg", 8),
        "wordwhami": _crossword("wordwhami.cfg", 6, whami=True),
        "hints": _hints(),
        "wordwhami-hints": _hints("wordwhami.cfg", 6, whami=True),
        "thinking": _thinking,
        "thinking-long": _thinking_long,
        "consult": _consult,
        "review": _review,
        "review-challenges": _review_challenges,
        "wordforword": _wordforword,
        "wordforword-move": _wordforword_move,
        "wordwar": _wordwar(4),
        "wordwar6": _wordwar(6),
        "wordwar9": _wordwar(9),
        "designer": _designer,
        "designer-wizard": _designer_wizard,
        "game-over": _game_over,
        "print-dialog": _print_dialog,
        "wordwar-sheets": _blank_sheets,
    }


if __name__ == "__main__":
    sys.exit(main())
