"""Grabs of the Word For Word window with 2 and 4 players, in a real main window.

The pictures go to a temporary folder, or to ``$WORDSTUDIO_SCREENSHOTS`` when set, so a
person can look at them (that is how the layout was checked).  The tests check what can
be checked without eyes: the page fits the window, and every player's panel is on it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.dialogs import messages
from wordstudio.ui.mainwindow import MainWindow
from wordstudio.ui.wordforword import WordForWordPage, start_game
from wordstudio.ui.wordforword.dialog import NewGameDialog
from wordstudio.ui.workers import BackgroundRunner
from wordstudio.wordforword.moves import GameSetup, Move, MoveKind, PlayerSpec
from wordstudio.wordforword.rules import Phase

NAMES = ("Ann", "Hal", "Bea", "Kit")
KINDS = (None, "Expert", None, "Novice")


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(WordForWordPage, "computer_delay_ms", 0)
    # Closing the window asks about an unsaved game; answer for the person.
    monkeypatch.setattr(messages, "save_before_closing", lambda *args: "discard")
    runner = BackgroundRunner(mode="sync")
    window = MainWindow(AppContext(Settings(tmp_path / "settings.json"), runner))
    qtbot.addWidget(window)
    window.resize(1200, 820)
    window.show()
    yield window
    runner.shutdown()


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("WORDSTUDIO_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_page(qtbot, window, players: int, study: int | None = 0) -> WordForWordPage:
    specs = tuple(PlayerSpec(n, k) for n, k in zip(NAMES[:players], KINDS, strict=False))
    setup = GameSetup(players=specs, length=4, seed=11, study_seconds=study,
                      move_seconds=90 if players > 2 else None)
    page = WordForWordPage(window.context, setup=setup)
    window.show_page(page)
    qtbot.waitUntil(lambda: page.game is not None, timeout=20000)
    return page


def play_some(qtbot, page: WordForWordPage, person_moves: int) -> None:
    game = page.game
    for _ in range(person_moves):
        qtbot.waitUntil(lambda: game.over or not game.seats[game.acting].spec.is_computer)
        if game.over:
            return
        chain = game.solution(game.acting) or []
        word = next(w for w in chain if game.word_class(w).value == "open")
        page.make_move(Move.parse(f"S {word}"))


def grab(qtbot, window, folder: Path, name: str) -> QImage:
    qtbot.wait(100)  # let pending layout requests run, as the event loop would
    path = folder / name
    assert window.grab().save(str(path))
    image = QImage(str(path))
    assert not image.isNull()
    return image


@pytest.mark.parametrize("players", [2, 4])
def test_the_board_fits_the_window(qtbot, window, tmp_path, players):
    page = open_page(qtbot, window, players)
    play_some(qtbot, page, 2)
    game = page.game
    qtbot.waitUntil(lambda: not game.seats[game.acting].spec.is_computer)
    assert not game.over
    assert page.entry.choose(MoveKind.DELETE)         # then wait for its confirmation
    page.entry.word.setText("zoom")
    page.entry.submit_word()
    page.practice.setChecked(True)
    qtbot.waitUntil(lambda: "still has a solution" in page.aid_label.text())
    page.reveal_chain()
    assert "shortest chain" in page.aid_label.text()
    image = grab(qtbot, window, shots_dir(tmp_path), f"wordforword-{players}-players.png")
    assert (image.width(), image.height()) == (1200, 820)
    assert len(page.panels) == players
    for panel in page.panels:
        assert panel.isVisible() and panel.width() >= 200
        assert panel.geometry().bottom() < page.height()
    assert page.entry.yes.isVisible() and page.entry.question.text() == "<b>Delete ZOOM?</b>"
    question = page.entry.question
    assert question.width() >= question.sizeHint().width()  # not squeezed


def placeholder_ink(image: QImage, box) -> tuple[int, int]:
    """The first and last columns of the word box, in a picture of the window, where its
    hint text is drawn (pixels that differ clearly from the box's own background)."""
    from PySide6.QtCore import QPoint

    corner = box.mapTo(box.window(), QPoint(0, 0))
    ratio = image.devicePixelRatio()
    base = box.palette().base().color()
    middle = box.height() // 2
    rows = range(round((corner.y() + middle - 5) * ratio), round((corner.y() + middle + 5) * ratio))
    # Inside the frame: 3 pixels in from each side.
    columns = range(round((corner.x() + 3) * ratio), round((corner.x() + box.width() - 3) * ratio))
    inked = [x for x in columns
             if any(abs(image.pixelColor(x, y).lightness() - base.lightness()) > 40 for y in rows)]
    assert inked, "no hint text drawn in the word box"
    return round(inked[0] / ratio) - corner.x(), round(inked[-1] / ratio) - corner.x()


@pytest.mark.parametrize("players", [2, 4])
def test_the_word_box_shows_its_whole_hint_on_the_page(qtbot, window, tmp_path, players):
    """At the default window size, on the page itself: the word box's hint text is drawn
    whole - the ink in a picture of the window spans the text's full width, and Qt's own
    text area (the box less its frame and margins) is as wide as the text."""
    from PySide6.QtWidgets import QStyle, QStyleOptionFrame

    page = open_page(qtbot, window, players)
    game = page.game
    qtbot.waitUntil(lambda: not game.seats[game.acting].spec.is_computer)
    assert page.entry.choose(MoveKind.SAVE)
    box = page.entry.word
    assert box.isVisible() and box.text() == "" and box.placeholderText()
    image = grab(qtbot, window, shots_dir(tmp_path), f"wordforword-word-box-{players}.png")
    needed = box.fontMetrics().horizontalAdvance(box.placeholderText())
    option = QStyleOptionFrame()
    box.initStyleOption(option)
    area = box.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, box)
    margins = box.textMargins()
    assert area.width() - margins.left() - margins.right() - 2 * 2 >= needed
    first, last = placeholder_ink(image, box)
    assert last - first + 1 >= needed - 4, "the hint text is cut short"
    assert last < box.width() - 3
    # The line under it speaks of the word now, not of command letters.
    assert page.entry.hint.text() == "Escape or Cancel gives up the command."


def test_the_study_period_on_screen(qtbot, window, tmp_path):
    page = open_page(qtbot, window, 4, study=120)
    assert page.game.phase is Phase.STUDY and page.begin_button.isVisible()
    assert page.clock.text().startswith("Study period: 2:00") or "1:59" in page.clock.text()
    grab(qtbot, window, shots_dir(tmp_path), "wordforword-study.png")


def test_file_new_shows_the_dialog_and_opens_the_game(qtbot, window, monkeypatch):
    def accept(dialog: NewGameDialog) -> int:
        dialog.rows[1].kind.setCurrentText("Computer: Novice")
        dialog.length.setCurrentIndex(0)
        dialog.accept()
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    entry = next(e for e in window.entries if e.ident == "wordforword")
    page = window.start_entry(entry)
    assert isinstance(page, WordForWordPage) and window.page is page
    qtbot.waitUntil(lambda: page.game is not None, timeout=20000)
    assert page.game.setup.length == 3 and page.game.setup.players[1].computer == "Novice"
    assert window.windowTitle() == "Word For Word — new game"


def test_file_new_cancelled_opens_nothing(qtbot, window, monkeypatch):
    monkeypatch.setattr(NewGameDialog, "exec", lambda dialog: NewGameDialog.DialogCode.Rejected)
    assert start_game(window.context, window) is None
