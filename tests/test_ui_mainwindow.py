"""The main window: start page, File menu, pages coming and going, start-up resume."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QPushButton

from tests.conftest import REPO
from tests.test_ui_crossword_support import FAST, make_context, new_game
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.records.native import save_game
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.dialogs import messages
from wordstudio.ui.mainwindow import MainWindow


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(messages, "choose", lambda *a: 1)  # closing never saves
    for context in make_context(tmp_path):
        window = MainWindow(context)
        qtbot.addWidget(window)
        window.resize(1100, 760)
        window.show()
        qtbot.waitExposed(window)
        yield window


def test_the_start_page_offers_every_game(window):
    idents = [entry.ident for entry in window.entries]
    assert idents[0] == "crossword"
    for ident in idents:
        button = window.start_page.findChild(QPushButton, f"start-{ident}")
        assert button is not None and button.isVisible()
    new_menu = window.file_menu.actions()[0].menu()
    main = [e.title for e in window.entries if not e.group]
    assert [a.text() for a in new_menu.actions()] == [*main, "Other languages"]
    languages = new_menu.actions()[-1].menu()
    assert [a.text() for a in languages.actions()] == [
        "Français", "Español", "Deutsch", "Italiano", "Nederlands", "Català", "Polski",
        "Português", "Svenska", "Norsk bokmål"]
    recent = window.start_page.recent  # nothing saved yet: a hint, not a file
    assert recent.count() == 1 and recent.item(0).text() == "Games you save appear here."


def test_a_page_brings_its_menus_and_toolbar_and_takes_them_away(qtbot, window):
    page = CrosswordPage(window.context, game=new_game("scrabble.cfg", seed=51), options=FAST, autosave=False)
    window.show_page(page)
    menus = [a.text() for a in window.menuBar().actions()]
    assert menus == ["&File", "&Move", "&Game", "&Record", "&View", "&Settings", "&Help"]
    assert window.toolbar.isVisible() and window.save_action.isEnabled()
    labels = [a.iconText() for a in window.toolbar.actions()]
    assert labels[:4] == ["Play", "Pass", "Exchange", "Hint"] and "Dictionary" in labels
    assert "Standard 15x15 game" in window.windowTitle()
    assert window.close_page()
    assert [a.text() for a in window.menuBar().actions()] == ["&File", "&Settings", "&Help"]
    assert not window.toolbar.isVisible() and not window.save_action.isEnabled()
    assert window.stack.currentWidget() is window.start_page


def test_starting_a_game_from_the_start_page(qtbot, window):
    started = []

    def fake_start(context, parent):
        page = CrosswordPage(context, game=new_game("board7.cfg", seed=52), options=FAST, autosave=False)
        started.append(page)
        return page

    window.entries[0] = replace(window.entries[0], start=fake_start)
    window.start_entry(window.entries[0])
    assert started and window.page is started[0]


def test_unknown_files_are_refused_politely(window, tmp_path, monkeypatch):
    warned = []
    monkeypatch.setattr("wordstudio.ui.mainwindow.QMessageBox.warning",
                        lambda parent, title, text: warned.append(text))
    path = tmp_path / "notes.xyz"
    path.write_text("hello", encoding="utf-8")
    assert window.open_path(path) is None
    assert warned and "notes.xyz" in warned[0]


def test_offer_resume_asks_each_game(qtbot, window, monkeypatch):
    import wordstudio.ui.crossword as crossword

    offered = []

    def offer(context, parent):
        offered.append(context)
        return CrosswordPage(context, game=new_game("scrabble.cfg", seed=53), options=FAST, autosave=False)

    monkeypatch.setattr(crossword, "offer_resume", offer)
    page = window.offer_resume()
    assert offered == [window.context] and window.page is page


def test_window_title_follows_the_saved_file(qtbot, window, tmp_path, monkeypatch):
    page = CrosswordPage(window.context, game=new_game("scrabble.cfg", seed=54), options=FAST, autosave=False)
    window.show_page(page)
    path = tmp_path / "title.crossword"
    monkeypatch.setattr("wordstudio.ui.crossword.page.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(path), ""))
    window.save_action.trigger()
    assert "title.crossword" in window.windowTitle()
    window.start_page.refresh()
    items = [window.start_page.recent.item(i).toolTip() for i in range(window.start_page.recent.count())]
    assert str(Path(path).resolve()) in items


def test_the_program_icon_has_every_shipped_size(qtbot):
    from wordstudio.ui.app import application_icon

    icon = application_icon()
    assert not icon.isNull()
    sizes = {size.width() for size in icon.availableSizes()}
    assert {16, 32, 48, 256} <= sizes
    # A size that was not drawn is scaled from the nearest one or the SVG, never blank.
    assert not icon.pixmap(100, 100).toImage().isNull()


def test_f1_shows_the_open_pages_help(qtbot, window, monkeypatch):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from wordstudio.ui import help as texts

    shown: list[str] = []
    monkeypatch.setattr(texts.HelpDialog, "exec",
                        lambda dialog: shown.append(dialog.text.toPlainText()) or 0)
    QTest.keyClick(window, Qt.Key.Key_F1)  # no game open: what WordStudio offers
    assert len(shown) == 1 and "Word For Word" in shown[0] and "File > New" in shown[0]
    page = CrosswordPage(window.context, game=new_game("scrabble.cfg", seed=55), options=FAST,
                         autosave=False)
    window.show_page(page)
    window.how_to_play.trigger()
    assert "Ctrl+I" in shown[1] and "Diagonal" not in shown[1]
    window.close_page()
    whami = CrosswordPage(window.context, game=new_game("wordwhami.cfg", seed=56), options=FAST,
                          autosave=False)
    window.show_page(whami)
    window.how_to_play.trigger()
    assert "Ctrl+I" in shown[2] and "Page Down" in shown[2]


def _focusable_without_a_name(root) -> list[str]:
    """Widgets Tab can reach that a screen reader could not name."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QAbstractSpinBox, QWidget

    missing = []
    for widget in root.findChildren(QWidget):
        if not (widget.focusPolicy() & Qt.FocusPolicy.TabFocus) or not widget.isVisible():
            continue
        if isinstance(widget.parent(), QAbstractSpinBox):
            continue  # the spin box's own line edit: the spin box carries the name
        interface = QAccessible.queryAccessibleInterface(widget)
        if interface is None or not interface.text(QAccessible.Text.Name):
            missing.append(f"{type(widget).__name__} {widget.objectName()!r}")
    return missing


def _open_each_page(window):
    """Every page the start page opens, each as a person would see it (a game begun)."""
    from tests.test_review import blunder_game
    from wordstudio.paths import boards_dir
    from wordstudio.ui.designer.document import DesignDocument
    from wordstudio.ui.designer.page import DesignerPage
    from wordstudio.ui.review.page import ReviewPage
    from wordstudio.ui.wordforword import WordForWordPage
    from wordstudio.ui.wordwar.page import WordWarPage
    from wordstudio.wordforword.moves import GameSetup
    from wordstudio.wordforword.moves import PlayerSpec as Seat
    from wordstudio.wordwar.game import PlayerSpec as WarSeat
    from wordstudio.wordwar.game import WordWarGame

    context = window.context
    yield "start", None
    yield "crossword", CrosswordPage(context, game=new_game("scrabble.cfg", seed=3), options=FAST,
                                     autosave=False)
    yield "wordforword", WordForWordPage(context, setup=GameSetup(
        players=(Seat("Ann"), Seat("Hal", "Novice")), length=3, seed=2, study_seconds=0))
    war = WordWarGame([WarSeat("Ann"), WarSeat("Hal", True, "greedy")], "keys", rounds=1)
    war.start_round([1, 2])
    yield "wordwar", WordWarPage(context, war, pace_ms=10_000)
    yield "designer", DesignerPage(context, DesignDocument.open(boards_dir() / "scrabble.cfg"))
    yield "review", ReviewPage(context, blunder_game()[0])
    yield "wordwhami", CrosswordPage(context, game=new_game("wordwhami.cfg", seed=3), options=FAST,
                                     autosave=False)


def test_every_page_names_every_control_it_lets_tab_reach(qtbot, window, monkeypatch):
    from wordstudio.ui.dialogs import messages

    monkeypatch.setattr(messages, "save_before_closing", lambda *a: "discard")
    for name, page in _open_each_page(window):
        if page is not None:
            window.show_page(page)
            qtbot.wait(30)
        root = page if page is not None else window.start_page
        assert _focusable_without_a_name(root) == [], name
        if page is not None:
            assert window.close_page()


def test_the_start_page_works_from_the_keyboard(qtbot, window, monkeypatch):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    started = []
    button = window.start_page.findChild(QPushButton, "start-wordwhami")
    assert button.accessibleName() == "WORDwhami" and button.focusPolicy() & Qt.FocusPolicy.TabFocus
    button.clicked.connect(lambda: started.append("wordwhami"))
    monkeypatch.setattr(window, "start_entry", lambda entry: started.append(entry.ident))
    button.setFocus()
    QTest.keyClick(button, Qt.Key.Key_Space)
    assert started and started[0] == "wordwhami"


@pytest.mark.parametrize("width", [900, 1200, 1700])
def test_start_cards_cut_a_long_summary_short_instead_of_clipping_it(qtbot, window, width):
    from wordstudio.ui.mainwindow import StartCard

    window.resize(width, 820)
    qtbot.wait(30)
    cards = window.start_page.findChildren(StartCard)
    assert len(cards) == len([e for e in window.entries if not e.group])
    for card in cards:
        title, line = card.text().split("\n")
        assert title == card.title and card.toolTip() == card.summary
        assert card.fontMetrics().horizontalAdvance(line) <= card.width() - StartCard.MARGINS
        assert line == card.summary or (line.endswith("\u2026") and len(line) > 10)
    whami = window.start_page.findChild(StartCard, "start-wordwhami")
    assert (whami.text().split("\n")[1] == whami.summary) == (width >= 1200)


# --- opening a file while a game is open ----------------------------------------------------
GCG_DATA = REPO / "tests" / "data" / "gcg"
SCRABBLE = REPO / "boards" / "scrabble.cfg"
#: A malformed saved game of each kind the window opens, and what its message names.
BAD_FILES = {
    "bad.crossword": ('{\n "format": "wordstudio-crossword", "version": 1\n}\n', "bad.crossword"),
    "bad.sav": ("# WordsWorth saved game\n@1\nDEEFGII\n8H ???? nonsense\n", "bad.sav"),
    "bad.gcg": ((GCG_DATA / "six-zeros.gcg").read_text().replace("H4 FELLA", "H4 FE1LA"),
                "bad.gcg, line 4"),
    "bad.wordwar": ('{"format": "wordstudio-wordwar", "version": 1}', "bad.wordwar"),
    "bad.wfw": ('{"format": "wordstudio-wordforword"}', "bad.wfw"),
}


@pytest.fixture
def warned(monkeypatch) -> list[str]:
    """Every warning any page or the window gives, instead of a message box."""
    said: list[str] = []
    monkeypatch.setattr(messages, "warn", lambda parent, title, text: said.append(text))
    monkeypatch.setattr(messages, "inform", lambda parent, title, text: None)
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text, *a: said.append(text))
    monkeypatch.setattr("wordstudio.ui.crossword.dialogs.choose_config",
                        lambda context, parent, path: (load_config(SCRABBLE), str(SCRABBLE)))
    return said


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_file_that_cannot_be_opened_leaves_the_open_game_as_it_was(
        qtbot, window, warned, tmp_path, name):
    first = window.open_path(GCG_DATA / "six-zeros.gcg")
    assert isinstance(first, CrosswordPage) and window.page is first
    title = window.windowTitle()
    text, named = BAD_FILES[name]
    bad = tmp_path / name
    bad.write_text(text)
    assert window.open_path(bad) is None
    assert warned and named in warned[-1]
    # The file is read before the open page closes: it is still there, with its game.
    assert window.page is first and window.stack.currentWidget() is first
    assert first.isVisible() and window.windowTitle() == title
    assert first.game.final_scores() == [133, 60] and first.game.over
    assert "&Record" in [a.text() for a in window.menuBar().actions()]


def test_a_file_that_opens_replaces_the_open_game(qtbot, window, warned, tmp_path):
    first = window.open_path(GCG_DATA / "six-zeros.gcg")
    path = tmp_path / "other.crossword"
    save_game(new_game("scrabble.cfg", seed=55), path)
    second = window.open_path(path)
    assert isinstance(second, CrosswordPage) and window.page is second and second is not first
    assert window.stack.indexOf(first) == -1 and not warned
    # The same file again: the page showing it closes first (saving it would change what
    # is read), then it is read.
    third = window.open_path(path)
    assert window.page is third and third is not second and window.stack.indexOf(second) == -1
    assert window.context.settings.recent_files()[0] == str(path.resolve())


def test_keeping_the_open_game_when_asked_drops_the_file_read(qtbot, window, warned, tmp_path,
                                                              monkeypatch):
    first = window.open_path(GCG_DATA / "six-zeros.gcg")
    monkeypatch.setattr(first, "maybe_close", lambda: False)  # "Cancel" to saving it
    assert window.open_path(GCG_DATA / "quackle-annotated.gcg") is None
    assert window.page is first and window.stack.currentWidget() is first



def test_file_new_asks_for_the_new_game_before_closing_the_open_one(qtbot, window,
                                                                     monkeypatch):
    """The new-game dialog comes first: cancelling it leaves the open game as it was
    (it used to be closed first, leaving the start page and no game); only a game set
    up closes the open one, asking about unsaved work then."""
    said: list[str] = []
    open_game = CrosswordPage(window.context, game=new_game("board7.cfg", seed=52),
                              options=FAST, autosave=False)
    window.show_page(open_game)
    open_game.maybe_close = lambda: said.append("save?") or True  # type: ignore[method-assign]

    def cancelled(context, parent):
        said.append("dialog")
        return None

    window.entries[0] = replace(window.entries[0], start=cancelled)
    assert window.start_entry(window.entries[0]) is None
    assert said == ["dialog"] and window.page is open_game
    assert window.stack.currentWidget() is open_game

    def chosen(context, parent):
        said.append("dialog")
        return CrosswordPage(context, game=new_game("board7.cfg", seed=53), options=FAST,
                             autosave=False)

    window.entries[0] = replace(window.entries[0], start=chosen)
    page = window.start_entry(window.entries[0])
    assert said == ["dialog", "dialog", "save?"]
    assert page is not None and window.page is page


def test_keeping_the_open_game_drops_the_new_one(qtbot, window):
    """"Cancel" when asked about the open game's unsaved work: the game set up in the
    dialog is dropped and the open game stays."""
    open_game = CrosswordPage(window.context, game=new_game("board7.cfg", seed=52),
                              options=FAST, autosave=False)
    window.show_page(open_game)
    open_game.maybe_close = lambda: False  # type: ignore[method-assign]
    made = []

    def chosen(context, parent):
        made.append(CrosswordPage(context, game=new_game("board7.cfg", seed=53),
                                  options=FAST, autosave=False))
        return made[-1]

    window.entries[0] = replace(window.entries[0], start=chosen)
    assert window.start_entry(window.entries[0]) is None
    assert window.page is open_game and made and made[0].closing
