"""The Word War page: people click and pass, computers answer in the background, rounds
end and start, hidden grids for a shared screen, save/open/resume, entries."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QMessageBox

import wordstudio.ui.wordwar as wordwar_ui
from tests.disk_faults import broken_disk, refusals, said_why, temporaries
from tests.test_wordwar_boards import write_board
from wordstudio.recovery import discard
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.dialogs import messages
from wordstudio.ui.familylists import SETTING as FAMILY_SETTING
from wordstudio.ui.wordwar.dialogs import LetterDialog, NewGameDialog
from wordstudio.ui.wordwar.gridview import OPPONENT_MIN_CELL
from wordstudio.ui.wordwar.page import WordWarPage
from wordstudio.ui.workers import BackgroundRunner
from wordstudio.wordwar.boards import BoardSet
from wordstudio.wordwar.deck import WILD
from wordstudio.wordwar.game import Phase, PlayerSpec, WordWarGame
from wordstudio.wordwar.records import autosave_path, load_game, save_game

WORDS = ["AT", "TA", "EAT", "TEA", "ATE", "SEA", "SET", "TEN", "NET", "AN", "ON", "NO"]


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> BoardSet:
    folder = tmp_path_factory.mktemp("boards")
    write_board(folder, 1, ["A...", ".#..", "..E."])  # 9 squares to write in
    write_board(folder, 2, ["O..#", "...."])  # 6
    return BoardSet.load(folder)


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("words") / "words.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture
def context(tmp_path: Path, qtbot) -> AppContext:
    runner = BackgroundRunner(mode="sync")
    yield AppContext(Settings(tmp_path / "settings.json"), runner)
    runner.shutdown()
    discard(autosave_path())


def make_page(qtbot, context: AppContext, game: WordWarGame, **kwargs) -> WordWarPage:
    page = WordWarPage(context, game, pace_ms=0, **kwargs)
    qtbot.addWidget(page)
    page.resize(1100, 760)
    page.show()
    qtbot.waitExposed(page)
    qtbot.wait(10)
    return page


def new_game(boards: BoardSet, lexicon: str, players: list[PlayerSpec], seed: str = "ui",
             rounds: int = 4, first_boards: list[int] | None = None) -> WordWarGame:
    game = WordWarGame(players, seed, lexicon=lexicon, board_set=boards, rounds=rounds)
    game.start_round(first_boards or [1] * len(players))
    return game


def click_square(qtbot, page: WordWarPage, row: int, col: int) -> None:
    center = page.big_view.square_rect(row, col).center()
    qtbot.mouseClick(page.big_view, Qt.MouseButton.LeftButton,
                     pos=QPoint(round(center.x()), round(center.y())))


def wait_for_person(qtbot, page: WordWarPage) -> int:
    qtbot.waitUntil(lambda: page.active_person() is not None or page.game.phase in
                    (Phase.CHOOSE_BOARDS, Phase.GAME_OVER), timeout=20000)
    return page.active_person()  # type: ignore[return-value]


@pytest.fixture
def wild_letter(monkeypatch):
    """WILD cards are answered with E, as if E were clicked in the letter dialog."""
    def fake_exec(dialog: LetterDialog) -> int:
        dialog.letter = "E"
        return int(QDialog.DialogCode.Accepted)
    monkeypatch.setattr(LetterDialog, "exec", fake_exec)


def test_one_person_plays_a_round_by_clicking(qtbot, context, boards, lexicon, wild_letter):
    game = new_game(boards, lexicon, [PlayerSpec("Ann")])
    page = make_page(qtbot, context, game)
    assert page.small_views == [] and page.findChild(object, "wordwar-help").isVisible()
    clicks = 0
    while game.phase is Phase.DECIDE:
        person = wait_for_person(qtbot, page)
        if person is None:
            break
        row, col = game.grids[0].empty_squares()[0]
        assert "click a square" in page.card_panel.prompt.text()
        click_square(qtbot, page, row, col)
        clicks += 1
        qtbot.waitUntil(lambda: game.phase is not Phase.TURN_CARD, timeout=5000)
    assert clicks == 9 and game.phase is Phase.CHOOSE_BOARDS
    assert page.controls.currentWidget() is page.round_panel
    assert "Round 1 is over" in page.round_panel.summary.text()
    # The live line scores are what the engine says.
    assert page.big_view.score.total == game.results[0].totals[0]
    page.round_panel.combos[0].setCurrentIndex(page.round_panel.combos[0].findData(2))
    qtbot.mouseClick(page.round_panel.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: game.phase is Phase.DECIDE, timeout=5000)
    assert game.boards[0].number == 2 and page.controls.currentWidget() is page.card_panel
    assert game.dealer == 0  # the round's winner turns its first card


def test_pass_and_wild(qtbot, context, boards, lexicon, wild_letter):
    game = new_game(boards, lexicon, [PlayerSpec("Ann")], seed="wild-hunt")
    page = make_page(qtbot, context, game)
    passes = 0
    while game.card != WILD:
        wait_for_person(qtbot, page)
        qtbot.mouseClick(page.card_panel.pass_button, Qt.MouseButton.LeftButton)
        passes += 1
        qtbot.waitUntil(lambda: game.card is not None, timeout=5000)
    assert game.grids[0] == boards.board(1).blank and game.cards_turned == passes + 1
    assert "WILD" in page.card_panel.card.text()
    click_square(qtbot, page, 0, 1)
    assert game.grids[0].at(0, 1) == "E"
    assert ["place", 0, 0, 1, "E"] in game.history


def test_four_players_people_and_computers(qtbot, context, boards, lexicon, wild_letter):
    players = [PlayerSpec("Ann"), PlayerSpec("Greedy", True, "greedy"),
               PlayerSpec("Middle", True, "intermediate"), PlayerSpec("Ahead", True, "advanced")]
    game = new_game(boards, lexicon, players, first_boards=[1, 2, 1, 2])
    page = make_page(qtbot, context, game)
    assert len(page.small_views) == 3
    while game.phase is Phase.DECIDE or game.phase is Phase.TURN_CARD:
        person = wait_for_person(qtbot, page)
        if person is None:
            break
        empties = game.grids[0].empty_squares()
        click_square(qtbot, page, *empties[-1])
    result = game.results[0]
    assert result.cards_turned == 6  # boards 2 have six squares: the computers filled them
    assert any(grid.is_full for grid in result.grids)
    table = page.scores
    assert table.rowCount() == 4
    assert [table.item(r, 2).text() for r in range(4)] == [str(t) for t in game.totals()]
    path = Path(context.settings.path).parent / "four.png"
    assert page.grab().save(str(path)) and path.stat().st_size > 10_000


def test_computer_only_games_play_themselves(qtbot, context, boards, lexicon):
    players = [PlayerSpec("One", True, "greedy"), PlayerSpec("Two", True, "expert")]
    game = new_game(boards, lexicon, players, rounds=1)
    page = make_page(qtbot, context, game)
    qtbot.waitUntil(lambda: game.is_over, timeout=60000)
    assert page.round_panel.new_game_button.isVisibleTo(page)
    assert not page.round_panel.start_button.isVisibleTo(page)
    assert "Game over" in page.round_panel.summary.text()
    assert not autosave_path().exists()  # a finished game leaves nothing to resume


def test_stale_computer_answers_are_dropped(qtbot, context, boards, lexicon):
    players = [PlayerSpec("Ann"), PlayerSpec("Cpu", True, "greedy")]
    game = new_game(boards, lexicon, players)
    page = make_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    qtbot.waitUntil(lambda: 1 not in game.waiting_for(), timeout=10000)
    before = list(game.history)
    from wordstudio.wordwar.game import Placement

    page._computer_answered((page.generation - 1, 1), Placement(2, 3, "Q"))
    page._computer_answered((page.generation, 1), Placement(2, 3, "Q"))  # already answered
    assert game.history == before


def test_people_sharing_a_screen_see_a_cover(qtbot, context, boards, lexicon, wild_letter):
    context.settings.set("wordwar/hide_people", True)
    game = new_game(boards, lexicon, [PlayerSpec("Ann"), PlayerSpec("Bob")])
    page = make_page(qtbot, context, game)
    assert page.big_stack.currentWidget() is page.cover and "Ann" in page.cover_label.text()
    click_square(qtbot, page, 0, 1)  # covered: nothing happens
    page.pass_card()
    assert game.waiting_for() == [0, 1]
    qtbot.mouseClick(page.cover_button, Qt.MouseButton.LeftButton)
    assert page.big_stack.currentWidget() is page.big_view
    assert page.small_views[0].hidden  # Bob's grid is not shown to Ann
    click_square(qtbot, page, 0, 1)
    assert game.waiting_for() == [1]
    assert page.big_stack.currentWidget() is page.cover and "Bob" in page.cover_label.text()
    qtbot.mouseClick(page.cover_button, Qt.MouseButton.LeftButton)
    assert page.small_views[0].hidden and page.small_views[0].score is None
    assert page.scores.item(0, 1).text() == ""  # nor Ann's score to Bob
    page.hide_action.setChecked(False)
    assert not page.small_views[0].hidden and context.settings.get("wordwar/hide_people") is False


def test_save_open_and_autosave(qtbot, context, boards, lexicon, tmp_path, monkeypatch):
    players = [PlayerSpec("Ann"), PlayerSpec("Cpu", True, "greedy")]
    game = new_game(boards, lexicon, players)
    page = make_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    click_square(qtbot, page, 0, 1)
    qtbot.waitUntil(lambda: game.cards_turned == 2, timeout=10000)
    assert autosave_path().exists()
    # Autosaved once everyone had answered the first card, before the second was turned
    # (the computer may have answered the second one since: that is saved with the card).
    last_turn = max(k for k, entry in enumerate(game.history) if entry[0] == "turn")
    assert load_game(autosave_path(), board_set=boards).history == game.history[:last_turn]
    target = tmp_path / "saved.wordwar"
    assert page._save_to(target) and not page.dirty and "saved.wordwar" in page.title()
    assert str(target.resolve()) in context.settings.recent_files()
    opened = wordwar_ui.open_game(context, page, target)
    qtbot.addWidget(opened)
    assert opened.game.history == game.history and opened.game.grids == game.grids
    # Closing a changed game asks; "Don't save" leaves no autosave behind.
    page.dirty = True
    monkeypatch.setattr(messages, "save_before_closing", lambda *a: "cancel")
    assert not page.maybe_close()
    monkeypatch.setattr(messages, "save_before_closing", lambda *a: "discard")
    assert page.maybe_close() and not autosave_path().exists()
    page.shutdown()


@pytest.mark.parametrize("fault", ["full", "read-only"])
def test_a_save_the_disk_refuses_says_why_and_loses_nothing(qtbot, context, boards, lexicon,
                                                           tmp_path, monkeypatch, fault):
    """Save, Save As and the autosave on a full disk or a read-only folder: a message
    that says why, the files as they were, the game still unsaved; then saving works."""
    players = [PlayerSpec("Ann"), PlayerSpec("Cpu", True, "greedy")]
    game = new_game(boards, lexicon, players)
    page = make_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    click_square(qtbot, page, 0, 1)
    qtbot.waitUntil(lambda: game.cards_turned == 2, timeout=10000)
    path = tmp_path / "saved.wordwar"
    assert page._save_to(path)
    wait_for_person(qtbot, page)
    saved, autosaved = path.read_bytes(), autosave_path().read_bytes()
    elsewhere = tmp_path / "elsewhere.wordwar"
    warnings = refusals(monkeypatch, "wordstudio.ui.wordwar.page", elsewhere)
    with broken_disk(fault) as reason:
        click_square(qtbot, page, 1, 0)  # its autosave is refused
        qtbot.waitUntil(lambda: game.cards_turned == 3, timeout=10000)
        assert not page.save() and not page.save_as()
    assert said_why(warnings, reason, 2)
    assert [b for b in page.findChildren(QMessageBox) if b.objectName() == "autosave-failed"]
    assert path.read_bytes() == saved and autosave_path().read_bytes() == autosaved
    assert not elsewhere.exists() and temporaries(tmp_path) == []
    assert page.dirty and page.path == path
    assert page.save() and load_game(path, board_set=boards).history == game.history
    page.shutdown()


def test_a_damaged_file_is_reported_and_nothing_opens(qtbot, context, tmp_path, monkeypatch):
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    bad = tmp_path / "bad.wordwar"
    bad.write_text('{"format": "wordstudio-wordwar", "version": 1}', encoding="utf-8")
    assert wordwar_ui.open_game(context, None, bad) is None
    assert "bad.wordwar" in warnings[0]
    assert bad.read_text(encoding="utf-8") == '{"format": "wordstudio-wordwar", "version": 1}'


def test_entries_and_new_game(qtbot, context, monkeypatch):
    ids = [entry.ident for entry in wordwar_ui.ENTRIES]
    assert ids == ["wordwar", "wordwar-sheets"]
    assert wordwar_ui.ENTRIES[0].suffixes == (".wordwar",)
    monkeypatch.setattr(NewGameDialog, "exec", lambda self: int(QDialog.DialogCode.Accepted))
    page = wordwar_ui.start_game(context, None)
    qtbot.addWidget(page)
    game = page.game
    assert [p.name for p in game.players] == ["You", "Computer"]
    assert game.players[1].computer and game.players[1].strength == "expert"
    assert game.phase is Phase.TURN_CARD and game.lexicon == "en-US-wordwar"
    assert context.settings.get(wordwar_ui.NEW_GAME_SETTING)["count"] == 2
    page.shutdown()
    # Settings > Family Word Lists: the next game is on the family list (issue 24).
    context.settings.set(FAMILY_SETTING, True)
    page = wordwar_ui.start_game(context, None)
    qtbot.addWidget(page)
    assert page.game.lexicon == "en-US-wordwar-family"
    page.shutdown()


def test_resume_after_a_crash(qtbot, context, boards, lexicon, monkeypatch):
    game = new_game(boards, lexicon, [PlayerSpec("Ann")], first_boards=[2])
    game.turn_card()
    game.pass_card(0)
    save_game(game, autosave_path())
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    page = wordwar_ui.start_game(context, None)
    qtbot.addWidget(page)
    assert page.game.history == game.history and page.dirty
    page.shutdown()


def test_new_game_dialog_choices(qtbot, boards):
    dialog = NewGameDialog(boards, None, {"players": [{"name": "Zed", "computer": False},
                                                      {"name": "Bot", "computer": True,
                                                       "strength": "advanced"}],
                                          "boards": [2, 1], "count": 3, "hide_people": True})
    qtbot.addWidget(dialog)
    choice = dialog.choice()
    assert [p.name for p in choice.players] == ["Zed", "Bot", "Computer 2"]
    assert choice.players[1].strength == "advanced" and choice.boards[:2] == (2, 1)
    assert choice.hide_people
    dialog.rows[0].name.setText("  ")
    dialog._same_board()
    choice = dialog.choice()
    assert choice.players[0].name == "Player 1" and set(choice.boards) == {2}


def test_new_game_dialog_seats_up_to_nine(qtbot, boards):
    """Seed 002: "Pens may be shared or crayons used if there are more than four players"."""
    dialog = NewGameDialog(boards, None, {"count": 9})
    qtbot.addWidget(dialog)
    assert dialog.count.maximum() == 9
    choice = dialog.choice()
    assert len(choice.players) == 9 and choice.players[8].name == "Player 9"
    assert not choice.players[8].computer


def test_letter_dialog_takes_a_typed_letter(qtbot):
    dialog = LetterDialog(None, "Ann")
    qtbot.addWidget(dialog)
    qtbot.keyClick(dialog, Qt.Key.Key_Q)
    assert dialog.letter == "Q" and dialog.result() == QDialog.DialogCode.Accepted


def test_computer_players_think_in_a_worker_process(qtbot, tmp_path, boards, lexicon):
    runner = BackgroundRunner(mode="process")
    context = AppContext(Settings(tmp_path / "settings.json"), runner)
    try:
        players = [PlayerSpec("Ann"), PlayerSpec("Cpu", True, "expert")]
        game = new_game(boards, lexicon, players)
        page = make_page(qtbot, context, game)
        qtbot.waitUntil(lambda: game.card is not None and 1 not in game.waiting_for(),
                        timeout=60000)
        assert game.decisions[1] is not None or ["pass", 1] in game.history
        assert page.active_person() == 0  # the person was never kept waiting
    finally:
        runner.shutdown()
        discard(autosave_path())


def test_the_main_window_offers_an_interrupted_game_at_start_up(qtbot, context, boards, lexicon,
                                                                 monkeypatch):
    from wordstudio.ui.mainwindow import MainWindow

    game = new_game(boards, lexicon, [PlayerSpec("Ann")], first_boards=[2])
    game.turn_card()
    save_game(game, autosave_path())
    asked = []

    def answer(*args, **kwargs):
        asked.append(args[2])
        return answers.pop(0)

    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(QMessageBox, "question", answer)
    monkeypatch.setattr(messages, "save_before_closing", lambda *a: "discard")
    window = MainWindow(context)
    qtbot.addWidget(window)
    # "No": nothing opens and the game is kept for later.
    assert window.offer_resume() is None and window.page is None and autosave_path().exists()
    page = window.offer_resume()
    assert isinstance(page, WordWarPage) and window.page is page
    assert page.game.history == game.history
    assert len(asked) == 2 and "Word War game was not finished" in asked[0]
    # Closing the resumed game on purpose ("Don't save") leaves nothing to resume.
    assert window.close_page() and window.page is None and not autosave_path().exists()


def test_printing_blank_scoresheets_leaves_the_open_game_open(qtbot, context, boards, lexicon,
                                                              monkeypatch):
    from wordstudio.ui.mainwindow import MainWindow
    from wordstudio.ui.wordwar.dialogs import BlankSheetsDialog

    shown = []
    monkeypatch.setattr(BlankSheetsDialog, "exec", lambda dialog: shown.append(dialog) or 0)
    monkeypatch.setattr(wordwar_ui, "_board_set", lambda parent: boards)
    window = MainWindow(context)
    qtbot.addWidget(window)
    page = make_page(qtbot, context, new_game(boards, lexicon, [PlayerSpec("Ann")]))
    window.show_page(page)
    sheets = next(entry for entry in window.entries if entry.ident == "wordwar-sheets")
    assert window.start_entry(sheets) is None
    assert len(shown) == 1 and window.page is page
    monkeypatch.setattr(messages, "save_before_closing", lambda *a: "discard")
    assert window.close_page()


def test_help_names_the_pages_own_commands(qtbot, context, boards, lexicon):
    import re

    page = make_page(qtbot, context, new_game(boards, lexicon, [PlayerSpec("Ann")]))
    text = re.sub(r"<[^>]+>", "", page.help_html())
    for action in (page.pass_action, page.print_action):
        assert action.text().replace("&", "").rstrip("…") in text
    from wordstudio.wordwar.deck import card_name

    assert card_name(WILD) in text
    page.shutdown()


@pytest.mark.parametrize("people", [2, 4])
def test_the_grids_use_the_window_and_the_others_are_readable(qtbot, context, people):
    """The shipped boards in a default-sized window: everyone's letters can be read and
    the score table takes only the room it needs."""
    from PySide6.QtGui import QFontMetricsF

    from wordstudio.ui.mainwindow import MainWindow

    players = [PlayerSpec("Ann"), PlayerSpec("Hal", True, "greedy"),
               PlayerSpec("Bea", True, "greedy"), PlayerSpec("Kit", True, "greedy")][:people]
    game = WordWarGame(players, "layout", rounds=1)
    game.start_round(list(range(1, people + 1)))
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(1200, 820)
    window.show()
    page = WordWarPage(context, game, pace_ms=10_000)
    window.show_page(page)
    qtbot.waitExposed(window)
    qtbot.wait(50)
    for view in page.small_views:
        assert view.isVisible() and view.cell_size() >= OPPONENT_MIN_CELL
        letters = QFontMetricsF(view.font())
        assert round(view.cell_size() * 0.58) >= 12 and letters.height() > 0
    assert page.big_view.cell_size() >= 40
    table = page.scores
    assert table.width() <= sum(table.columnWidth(c) for c in range(4)) + 2 * table.frameWidth()
    # The grids (own and others) get most of the page's width.
    grids = page.big_stack.width() + (page.others.width() if page.small_views else 0)
    assert grids >= page.width() * 0.8
    page.dirty = False
    window.close_page()


def glyph_heights(view, image=None) -> list[int]:
    """The height in pixels of every letter drawn in a grid's squares, measured on a
    picture of it (``image``, or the view grabbed): the rows of each square holding ink
    (the printed grey or the written black), inside its lines."""
    from wordstudio.wordwar.boards import BLACK, EMPTY

    image = image if image is not None else view.grab().toImage()
    ratio = image.devicePixelRatio()
    heights = []
    for r, row in enumerate(view.grid.rows):
        for c, ch in enumerate(row):
            if ch in (BLACK, EMPTY):
                continue
            rect = view.square_rect(r, c)
            inset = max(3.0, rect.width() * 0.12)  # clear of the lines and the ring
            left, right = round((rect.left() + inset) * ratio), round((rect.right() - inset) * ratio)
            top, bottom = round((rect.top() + inset) * ratio), round((rect.bottom() - inset) * ratio)
            inked = [y for y in range(top, bottom)
                     if any(image.pixelColor(x, y).lightness() < 180 for x in range(left, right))]
            heights.append(round((inked[-1] - inked[0] + 1) / ratio) if inked else 0)
    return heights


def wordwar_window(qtbot, context, people: int, size: tuple[int, int] = (1200, 820)):
    """A Word War game of ``people`` seats (a person and computers) on the shipped
    boards, a dozen cards into its first round, in a main window of ``size``."""
    from wordstudio.ui.mainwindow import MainWindow

    names = ["Ann", "Hal", "Bea", "Kit", "Dee", "Max", "Sue", "Tom", "Uma"]
    players = [PlayerSpec("Ann")] + [PlayerSpec(n, True, "greedy") for n in names[1:people]]
    game = WordWarGame(players, "layout", rounds=1)
    game.start_round(list(range(1, people + 1)))
    for _ in range(12):
        game.turn_card()
        for p in game.waiting_for():
            empty = [(r, c) for r, row in enumerate(game.grids[p].rows)
                     for c, ch in enumerate(row) if ch == "."]
            if empty and game.card != WILD:
                game.place(p, *empty[(p * 7 + len(empty)) % len(empty)])
            else:
                game.pass_card(p)
    window = MainWindow(context)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    page = WordWarPage(context, game, pace_ms=10_000)
    page.maybe_close = lambda: True  # closed at the end without a question
    window.show_page(page)
    qtbot.waitExposed(window)
    qtbot.wait(50)
    return window, page


def rivals_in_view(page: WordWarPage) -> list:
    """The others' grids wholly inside the scroll area's viewport."""
    viewport = page.others.parentWidget()
    inside = []
    for view in page.small_views:
        corner = view.mapTo(viewport, view.rect().topLeft())
        if viewport.rect().contains(view.rect().translated(corner)):
            inside.append(view)
    return inside


@pytest.mark.parametrize("people", [5, 6, 9])
def test_many_players_grids_are_readable_without_sideways_scrolling(qtbot, context, people):
    """Five to nine players in a default-sized window: every letter of the others'
    grids, measured on a picture of the window, is at least 8 pixels high (a 12-pixel
    bold capital) and no grid is cut at the side - there is no sideways scroll bar.  Up
    to six players everyone is in view; nine show six of their eight rivals at once
    (the four-column layout showed about four) and scroll up and down for the rest."""
    window, page = wordwar_window(qtbot, context, people)
    scroll = page.others.parentWidget().parentWidget()
    assert not scroll.horizontalScrollBar().isVisible()
    assert page.others.width() <= scroll.viewport().width()
    picture = window.grab().toImage()
    in_view = rivals_in_view(page)
    assert in_view, "no rival grid in view"
    for view in in_view:
        # The view's own squares, found in the picture of the whole window.
        corner = view.mapTo(window, view.rect().topLeft())
        ratio = picture.devicePixelRatio()
        part = picture.copy(round(corner.x() * ratio), round(corner.y() * ratio),
                            round(view.width() * ratio), round(view.height() * ratio))
        part.setDevicePixelRatio(ratio)
        heights = glyph_heights(view, part)
        assert heights and min(heights) >= 8, (view.caption, heights)
        assert view.cell_size() >= OPPONENT_MIN_CELL
    if people <= 6:
        assert len(in_view) == people - 1
        assert not scroll.verticalScrollBar().isVisible()
    else:
        assert len(in_view) >= 6
        assert scroll.verticalScrollBar().isVisible()
        # The rest are reached by scrolling down, and are as readable.
        scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum())
        qtbot.wait(20)
        last = page.small_views[-1]
        assert last in rivals_in_view(page) and min(glyph_heights(last)) >= 8
    # Your own grid stays big enough to click comfortably.
    assert page.big_view.cell_size() >= 36
    window.close_page()


def test_a_card_is_written_from_the_keyboard(qtbot, context, boards, lexicon, wild_letter):
    game = new_game(boards, lexicon, [PlayerSpec("Ann")])
    page = make_page(qtbot, context, game)
    person = wait_for_person(qtbot, page)
    assert person == 0 and game.card is not None
    view = page.big_view
    view.setFocus()
    assert view.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert view.key_square == (0, 1)  # the first empty square (A1 holds a printed letter)
    QTest.keyClick(view, Qt.Key.Key_Right)  # row 1, column 3: empty on board 1
    assert view.accessibleDescription() == "Row 1, column 3: empty"
    card = game.card
    QTest.keyClick(view, Qt.Key.Key_Return)
    expected = "E" if card == WILD else card
    assert game.grids[0].at(0, 2) == expected


# --- high DPI: 150 % and 200 % ----------------------------------------------------------
def picture_at(view, ratio: float):
    """The view painted into a picture of ``ratio`` device pixels a pixel (as a 150 % or
    200 % screen's backing store is)."""
    from PySide6.QtGui import QColor, QImage

    image = QImage(round(view.width() * ratio), round(view.height() * ratio),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("white"))
    view.render(image)
    return image


def soft_share(image, view, squares, ratio: float) -> float:
    """Of the inked pixels inside ``squares`` (their letters), the share that is neither
    ink nor paper: the letters' blurred edges."""
    soft = inked = 0
    for r, c in squares:
        rect = view.square_rect(r, c)
        inset = rect.width() * 0.12
        for y in range(round((rect.top() + inset) * ratio), round((rect.bottom() - inset) * ratio)):
            for x in range(round((rect.left() + inset) * ratio), round((rect.right() - inset) * ratio)):
                lightness = image.pixelColor(x, y).lightness()
                inked += lightness < 230
                soft += 140 < lightness < 230
    return soft / inked


@pytest.mark.parametrize("ratio", [1.5, 2.0])
def test_a_grid_is_painted_sharp_at_high_dpi(qtbot, ratio):
    """At 150 % and 200 % the grid is painted at the device's resolution: the picture has
    the logical size times the ratio; across a row of squares every pixel is paper or a
    line - no grey smear of a line falling between pixels - with the lines where the
    squares' edges are, all equally wide; the letters are as tall as at 100 %, in the
    ratio's device pixels, and far sharper than a 100 % picture scaled up."""
    from PySide6.QtCore import Qt as QtNS

    from wordstudio.ui.wordwar.gridview import GridView
    from wordstudio.wordwar.boards import load_board

    board = load_board(1)
    view = GridView(interactive=True)
    qtbot.addWidget(view)
    view.show_grid(board.blank, board.printed, None, "Ann — board 1")
    view.resize(517, 463)  # odd sizes: the squares would fall on fractions of pixels
    image = picture_at(view, ratio)
    assert (image.width(), image.height()) == (round(517 * ratio), round(463 * ratio))
    assert image.devicePixelRatio() == ratio
    row = 7  # "....#...": empty squares and a black one
    assert board.blank.rows[row] == "....#..."
    first, last = view.square_rect(row, 0), view.square_rect(row, board.width - 1)
    y = round(first.center().y() * ratio)
    scan = [image.pixelColor(x, y).lightness()
            for x in range(round(first.left() * ratio) + 4, round(last.right() * ratio) - 4)]
    paper, line, black = 250, 60, 0
    assert all(min(abs(v - paper), abs(v - line), abs(v - black)) <= 6 for v in scan), \
        sorted(set(scan))
    # The lines inside the row: one at each square's edge, as wide as one another.
    runs: list[tuple[int, int]] = []
    for x, v in enumerate(scan):
        if abs(v - line) <= 6:
            if runs and runs[-1][1] == x - 1:
                runs[-1] = (runs[-1][0], x)
            else:
                runs.append((x, x))
    text = board.blank.rows[row]
    assert len(runs) == len(text) - 1
    widths = set()
    for (start, end), c in zip(runs, range(1, len(text)), strict=True):
        edge = round(view.square_rect(row, c).left() * ratio) - (round(first.left() * ratio) + 4)
        assert start - 2 <= edge <= end + 2
        if "#" not in text[c - 1:c + 1]:  # (beside a black square half the line is black)
            widths.add(end - start)
    assert len(widths) == 1
    # The letters: drawn at the device's resolution, not scaled up from 100 %.
    one = picture_at(view, 1.0)
    scaled = one.scaled(image.width(), image.height(), QtNS.AspectRatioMode.IgnoreAspectRatio,
                        QtNS.TransformationMode.SmoothTransformation)
    # (glyph_heights measures in device pixels and gives logical ones: the same size.)
    assert abs(min(glyph_heights(view, image)) - min(glyph_heights(view, one))) <= 1.5
    assert soft_share(image, view, board.printed, ratio) < \
        0.6 * soft_share(scaled, view, board.printed, ratio)


def test_the_keyboards_square_starts_where_a_letter_can_go(qtbot, context, boards, lexicon,
                                                            wild_letter):
    """It started on the top-left square - a printed letter on board 1 - where Enter did
    nothing and said nothing; now it starts on an empty square, and Enter elsewhere says
    why it cannot write there."""
    from wordstudio.wordwar.boards import EMPTY

    game = new_game(boards, lexicon, [PlayerSpec("Ann")])
    assert game.grids[0].at(0, 0) != EMPTY  # board 1's printed letter
    page = make_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    view = page.big_view
    assert game.grids[0].at(*view.key_square) == EMPTY
    view.setFocus()
    card = game.card
    written = view.key_square
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert game.grids[0].at(*written) == ("E" if card == WILD else card)
    # The next card finds the keyboard on an empty square again.
    wait_for_person(qtbot, page)
    assert view.key_square != written and game.grids[0].at(*view.key_square) == EMPTY
    refused = []
    view.square_refused.connect(refused.append)
    wait_for_person(qtbot, page)
    view.key_square = (0, 0)
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert refused and refused[-1].startswith("Row 1, column 1 already holds")
    assert page.card_panel.prompt.text() == refused[-1]
