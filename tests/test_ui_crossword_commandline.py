"""WordsWorth's command line for the window (seed 001, section 3): ``-f CONFIG``, ``-B0``
/ ``-B1`` and ``-D`` (``wordstudio.ui.crossword.commandline``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QWidget

from tests.test_ui_crossword_support import make_context, new_game
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.records.wwsave import save_wordsworth
from wordstudio.paths import boards_dir
from wordstudio.ui.crossword.commandline import (
    COMPUTER_FIRST,
    PERSON_FIRST,
    StartRequest,
    seat_first,
    start_requested,
    view_all_racks,
)
from wordstudio.ui.crossword.newgame import NewGameDialog
from wordstudio.ui.crossword.options import SETTINGS_KEY, TableOptions
from wordstudio.ui.crossword.page import CrosswordPage

ANN, BOB = PlayerSpec("Ann"), PlayerSpec("Bob")
APPLE, ORANGE = PlayerSpec("Apple", True, 5), PlayerSpec("Orange", True, 2)


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


class Window(QWidget):
    """What start_requested asks of the main window."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: list[object] = []
        self.opened: list[str] = []

    def show_page(self, page: object) -> None:
        self.shown.append(page)

    def open_path(self, path: str) -> None:
        self.opened.append(path)


def test_b0_seats_the_computer_first_and_b1_the_person() -> None:
    seats = (ANN, BOB, APPLE, ORANGE)
    assert seat_first(seats, COMPUTER_FIRST) == (APPLE, ANN, BOB, ORANGE)
    assert seat_first(seats, PERSON_FIRST) == seats
    assert seat_first((APPLE, ANN), PERSON_FIRST) == (ANN, APPLE)
    assert seat_first((APPLE, ORANGE), PERSON_FIRST) == (APPLE, ORANGE)  # no person to seat
    assert seat_first(seats, None) == seats


@pytest.mark.parametrize(("first", "starter"), [(COMPUTER_FIRST, "Computer"), (PERSON_FIRST, "You")])
def test_a_new_game_from_the_command_line(qtbot, context, monkeypatch, first, starter) -> None:
    """``wordstudio -f board7.cfg -B0``: the new-game dialog with that game chosen, and
    the computer in the first seat (``-B1``: the person), even when the dialog said
    "in random order"."""
    chosen: list[str] = []

    def accept(dialog: NewGameDialog) -> QDialog.DialogCode:
        chosen.append(dialog.config_combo.currentText())
        dialog.order_random.setChecked(True)
        dialog.rows[0].name.setText("You")
        dialog.rows[1].name.setText("Computer")
        dialog.rows[1].kind.setCurrentIndex(1)
        dialog._accept()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    window = Window()
    qtbot.addWidget(window)
    request = StartRequest(config=str(boards_dir() / "board7.cfg"), first=first)
    assert request.new_game
    page = start_requested(context, window, request)
    assert isinstance(page, CrosswordPage) and window.shown == [page]
    qtbot.addWidget(page)
    setup = page.setup
    assert chosen == ["7x7 baby board"] and setup.config.rows == 7
    assert [p.name for p in setup.players] == [starter, "You" if starter != "You" else "Computer"]
    page.shutdown()


def test_f_reads_a_wordsworth_save_with_that_configuration(qtbot, context, monkeypatch,
                                                           tmp_path: Path) -> None:
    """A WordsWorth save holds no configuration: ``-f`` gives it, nobody is asked."""
    played = new_game("board7.cfg", seed=3)
    played.pass_turn()
    path = tmp_path / "old.sav"
    save_wordsworth(played, path)
    monkeypatch.setattr("wordstudio.ui.crossword.dialogs.choose_config",
                        lambda *a: pytest.fail("asked for the configuration"))
    window = Window()
    qtbot.addWidget(window)
    page = start_requested(context, window, StartRequest(
        file=str(path), config=str(boards_dir() / "board7.cfg")))
    assert isinstance(page, CrosswordPage) and window.shown == [page]
    qtbot.addWidget(page)
    assert page.game.config.rows == 7 and page.game.racks == played.racks
    assert page.path is None  # Save asks for a WordStudio file
    page.shutdown()
    # Without -f a file opens as any file does.
    assert start_requested(context, window, StartRequest(file=str(path))) is None
    assert window.opened == [str(path)]


def test_d_shows_every_rack_from_now_on(context) -> None:
    context.settings.set(SETTINGS_KEY, TableOptions(animation_speed=0).to_json())
    view_all_racks(context.settings)
    options = TableOptions.from_json(context.settings.get(SETTINGS_KEY))
    assert options.view_all_racks and options.animation_speed == 0
