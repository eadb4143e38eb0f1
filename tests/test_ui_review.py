"""The review page: moves judged in the background with a progress bar, the planted
blunder marked in the list and on the graph, stepping through the game, back to it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.conftest import REPO
from tests.test_review import blunder_game
from tests.test_ui_crossword_support import make_context, open_window
from wordstudio.crossword.records.native import save_game
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.dialogs import messages
from wordstudio.ui.review import ENTRIES, review_page
from wordstudio.ui.review.graph import SpreadGraph
from wordstudio.ui.review.page import ReviewPage

DATA = REPO / "tests" / "data" / "gcg"


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    yield from open_window(qtbot, tmp_path, monkeypatch)


@pytest.fixture(autouse=True)
def quiet(monkeypatch):
    said: list[str] = []
    monkeypatch.setattr(messages, "choose", lambda *a: 1)
    monkeypatch.setattr(messages, "inform", lambda parent, title, text: said.append(text))
    monkeypatch.setattr(messages, "warn", lambda parent, title, text: said.append(text))
    return said


def reviewed(qtbot, page: ReviewPage) -> None:
    qtbot.waitUntil(lambda: page.done >= len(page.tasks), timeout=60000)


def test_the_review_marks_the_blunder_and_steps_through_the_game(qtbot, context) -> None:
    game, planted = blunder_game()
    page = ReviewPage(context, game)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    reviewed(qtbot, page)
    assert page.progress.value() == page.progress.maximum() == len(page.tasks)
    assert not page.stop.isEnabled()
    lost = page.moves.item(planted, 5)
    assert float(lost.text()) >= 30 and "large" in lost.toolTip()
    assert page.graph.marks[planted] == "large"
    # Stepping: the keys move the selection; the verdict and the options follow.
    page.select(planted)
    assert "large mistake" in page.verdict.text()
    QTest.keyClick(page, Qt.Key.Key_Right)
    assert page.current == planted + 1
    QTest.keyClick(page, Qt.Key.Key_Home)
    assert page.current == 0 and page.moves.currentRow() == 0
    page.select(planted)
    # The move made is on the board as the player saw it; an option can be shown instead.
    played = page.review.moves[planted].analysis.played
    assert page.board.scene.tentative == {p.square: (p.letter, p.blank)
                                          for p in played.placements}
    page.options.setCurrentCell(0, 1)
    best = page.shown_option()
    assert best is not None and best.equity > played.equity
    assert page.board.scene.tentative == {p.square: (p.letter, p.blank)
                                          for p in best.placements}
    summary = page.summary.text()
    assert game.names[game.inputs[planted].player] in summary and "worst" in summary
    page.shutdown()


def test_the_graph_shows_the_spread_and_selects_a_move_when_clicked(qtbot) -> None:
    graph = SpreadGraph()
    qtbot.addWidget(graph)
    graph.resize(400, 140)
    graph.show()
    graph.set_data([10, -20, 35, 5], ["", "small", "large", ""], "Spread")
    clicked: list[int] = []
    graph.move_clicked.connect(clicked.append)
    point = graph.point(2)
    QTest.mouseClick(graph, Qt.MouseButton.LeftButton, pos=point.toPoint())
    assert clicked == [2]
    assert graph.point(2).y() < graph.point(0).y() < graph.point(1).y()  # up = ahead
    image = graph.grab().toImage()
    assert image.pixelColor(point.toPoint()).red() > 150  # the large mistake's red dot


def test_a_review_can_be_stopped_and_keeps_what_was_judged(qtbot, context) -> None:
    game, _ = blunder_game()
    page = ReviewPage(context, game)
    qtbot.addWidget(page)
    page.select(page.tasks[0].index)
    assert page.verdict.text().endswith("being judged\u2026")
    page.stop_review()  # before the queued jobs deliver
    qtbot.wait(50)
    assert page.done == 0 and not page.stop.isEnabled()
    assert "\u2026" in page.moves.item(page.tasks[0].index, 5).text()
    page.select(page.tasks[0].index)
    assert page.verdict.text().endswith("not judged (stopped early)")
    page.start_review()
    reviewed(qtbot, page)
    page.shutdown()


def test_the_moves_are_judged_in_worker_processes_while_the_page_is_up(qtbot,
                                                                        tmp_path) -> None:
    """The window's own runner: every position crosses a process boundary and comes back;
    the page is up, and answers, before the first move is judged."""
    game, planted = blunder_game()
    for context in make_context(tmp_path, mode="process"):
        page = ReviewPage(context, game)
        qtbot.addWidget(page)
        assert page.runner.mode == "process" and page.runner is not context.runner
        assert page.done == 0 and page.stop.isEnabled()
        page.select(planted)
        assert page.verdict.text().endswith("being judged\u2026")
        reviewed(qtbot, page)
        assert page.progress.value() == len(page.tasks)
        assert page.review.moves[planted].size == "large"
        page.shutdown()


def test_review_from_the_game_and_back_again(qtbot, window, quiet, tmp_path) -> None:
    # The record played on the standard list, which lacks DE (the word-game default has it).
    record = tmp_path / "quackle-annotated.gcg"
    record.write_text("#lexicon en-US-standard\n"
                      + (DATA / "quackle-annotated.gcg").read_text(encoding="utf-8"),
                      encoding="utf-8")
    page = window.open_path(record)
    assert page.record_menu.review_game()
    review = window.page
    assert isinstance(review, ReviewPage)
    reviewed(qtbot, review)
    opponent = [m for m in review.review.moves if m.player == 1 and m.analysis is None]
    assert opponent and "does not give this rack" in opponent[0].skipped
    review.select(15)  # 2I DENT, whose DE this word list lacks
    assert "not in the word list: DE, judged as played" in review.verdict.text()
    review.back.click()
    assert isinstance(window.page, CrosswordPage) and window.page.game is review.game


def test_review_a_game_from_file_new(qtbot, window, monkeypatch, tmp_path) -> None:
    game, planted = blunder_game()
    path = tmp_path / "blunder.crossword"
    save_game(game, path)
    monkeypatch.setattr("wordstudio.ui.review.QFileDialog.getOpenFileName",
                        lambda *a, **k: (str(path), ""))
    page = window.start_entry(ENTRIES[0])
    assert isinstance(page, ReviewPage) and page.path == path
    reviewed(qtbot, page)
    assert page.review.moves[planted].size == "large"
    page.back.click()  # the file opens as a game, as File > Open would
    assert isinstance(window.page, CrosswordPage)
    assert window.page.game.final_scores() == game.final_scores()


def test_a_game_that_cannot_be_reviewed_says_why(qtbot, context, quiet) -> None:
    from tests.test_records import config_named, new_game

    assert review_page(context, None, new_game(config=config_named("wordwhami.cfg"))) is None
    assert "scored by letter values" in quiet[-1]
    assert review_page(context, None, new_game()) is None
    assert "nothing to review" in quiet[-1]


def test_the_review_can_simulate(qtbot, context, monkeypatch) -> None:
    from wordstudio.crossword.records.gcgread import read_gcg
    from wordstudio.crossword.review import analysis

    monkeypatch.setattr(analysis, "SIMULATION_SECONDS", 0.02)
    page = ReviewPage(context, read_gcg(DATA / "six-zeros.gcg").game)
    qtbot.addWidget(page)
    reviewed(qtbot, page)
    assert page.analyser.findData("simulation") >= 0
    page.analyser.setCurrentIndex(page.analyser.findData("simulation"))
    page.start_review()
    reviewed(qtbot, page)
    judged = [m for m in page.review.moves if m.analysis is not None]
    assert judged and all(m.analysis.method.startswith(("simulation", "static"))
                          for m in judged)
    assert any(m.analysis.played.win is not None for m in judged)
    page.shutdown()


def test_the_review_draws_as_the_game_does_and_its_marks_read_in_either_look(qtbot, context):
    """Issue 17's looks on the review page: the premiums in the colour-blind-safe symbols
    (the game page's default) and a mistake's mark readable in the light and dark looks."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QApplication

    from wordstudio.ui.theme import board, manager
    from wordstudio.ui.theme.palettes import DARK, LIGHT
    from wordstudio.ui.theme.vision import contrast

    game, planted = blunder_game()
    looks = manager()
    app = QApplication.instance()
    original = QPalette(app.palette())
    try:
        for look in (LIGHT, DARK):
            looks.choose(look)
            page = ReviewPage(context, game)
            qtbot.addWidget(page)
            page.show()
            reviewed(qtbot, page)
            assert page.board.symbols
            mark = page.moves.item(planted, 5)
            ink, fill = mark.foreground().color(), mark.background().color()
            assert contrast(ink.name(), fill.name()) >= 4.5, (look, ink.name(), fill.name())
            page.shutdown()
    finally:  # back to the light look and the palette the other tests expect
        looks.choice, looks.name = "system", LIGHT
        board.use(LIGHT)
        app.setPalette(original)


@pytest.mark.parametrize("record", ["native", "gcg"])
def test_back_from_the_review_keeps_the_games_name_and_its_end(qtbot, window, tmp_path,
                                                               record) -> None:
    """Back to the game: the title names the file (or the record it was read from), not
    "new game *", and the end of the game is not announced a second time."""
    if record == "native":
        game, _ = blunder_game()
        path = tmp_path / "blunder.crossword"
        save_game(game, path)
        name = "blunder.crossword"
    else:
        path, name = DATA / "quackle-annotated.gcg", "quackle-annotated.gcg (imported)"
    page = window.open_path(path)
    if page.game.over:
        qtbot.waitUntil(lambda: page.summary_dialog is not None)
        page.summary_dialog.close()
    title = window.windowTitle()
    assert f"\u2014 {name}" in title and title.endswith("WordStudio")
    assert page.record_menu.review_game()
    window.page.back.click()
    back = window.page
    assert isinstance(back, CrosswordPage) and back is not page
    assert window.windowTitle() == title
    assert back.summary_shown == page.summary_shown
    qtbot.wait(100)
    assert back.summary_dialog is None


def test_long_moves_leave_the_points_lost_in_sight_and_the_chosen_move_shows(qtbot, context):
    """Woogles' record (Macondo's GCG) with a phony withdrawn: "2J RIGG (withdrawn:
    phony)" and "challenge failed" are cut with "..." if they must be, never the points
    lost; the chosen move is scrolled into sight."""
    from wordstudio.crossword.records.formats import open_record
    from wordstudio.ui.widgets.tables import is_cut, tooltip_for

    game = open_record(DATA / "macondo-woogles.gcg").game
    page = ReviewPage(context, game)
    qtbot.addWidget(page)
    page.resize(1000, 560)
    page.show()
    qtbot.waitExposed(page)
    reviewed(qtbot, page)
    table = page.moves
    viewport = table.viewport().rect()
    withdrawn = next(r for r, m in enumerate(page.review.moves) if "withdrawn" in m.move)
    for row in range(table.rowCount()):
        lost = table.visualItemRect(table.item(row, 5))
        assert lost.right() <= viewport.right() + 1
        assert not is_cut(table, table.model().index(row, 5))
        move = table.model().index(row, 3)
        if is_cut(table, move):
            assert tooltip_for(table, move).startswith(page.review.moves[row].move)
    page.select(len(page.review.moves) - 1)
    page.select(withdrawn)
    assert viewport.contains(table.visualItemRect(table.item(withdrawn, 3)))
    page.shutdown()
