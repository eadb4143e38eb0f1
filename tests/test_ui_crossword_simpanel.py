"""The simulation panel, the hint list's "Simulate", the Championship level in the
new-game dialog and the designer's "Train leaves for this design"."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox

from tests.test_players_helpers import position, shipped
from tests.test_ui_crossword_support import make_context, new_game, settle, show_page
from wordstudio.control import DeadlineControl
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.players.analysis import analyse
from wordstudio.crossword.players.computer import hint
from wordstudio.crossword.players.leaves import table_path, trained_table
from wordstudio.crossword.players.simulate import SimOptions, Simulation
from wordstudio.ui.crossword.hints import HintsPanel
from wordstudio.ui.crossword.newgame import NewGameDialog
from wordstudio.ui.crossword.simpanel import (
    COLUMNS,
    DEPTH_COLUMN,
    SimulationPanel,
    offer_simulation,
)


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


def a_simulation_message() -> str:
    pos = position("AEIRSTQ", bag=40, unseen="EEEEIIAAOONNRRTTLSSUDDGGBCMPFHVWYKJXZ?")
    sim = Simulation(pos, SimOptions(seconds=0, iterations=32, candidates=8, workers=1))
    sim.run()
    return sim.message()


def test_the_panel_shows_what_the_simulation_weighs(qtbot) -> None:
    panel = SimulationPanel()
    qtbot.addWidget(panel)
    assert not panel.show_progress("finding moves")
    message = a_simulation_message()
    assert panel.show_progress(message)
    table = panel.table
    assert table.topLevelItemCount() == len(panel.rows) > 1
    first = table.topLevelItem(0)
    assert first.text(0) == panel.rows[0]["move"]
    assert first.text(4) == f"{panel.rows[0]['win']:.1f}"
    assert first.text(7) == "32"
    assert "32 iterations" in panel.status.text()
    greyed = [table.topLevelItem(i) for i in range(table.topLevelItemCount())
              if panel.rows[i]["pruned"]]
    for item in greyed:
        assert item.toolTip(0).startswith("clearly worse")


def test_the_end_game_solver_is_shown_by_depth(qtbot) -> None:
    panel = SimulationPanel()
    qtbot.addWidget(panel)
    panel.show_progress(a_simulation_message())
    messages: list[str] = []
    pos = position("FZS", bag=0, unseen="DA")
    result = analyse(pos, 0.0, control=DeadlineControl(on_report=lambda _f, m: messages.append(m)))
    assert result.method == "end game" and result.proven
    # A snapshot after every depth, the last the proven one.
    assert len(messages) == result.iterations
    assert panel.show_progress(messages[-1])
    header = panel.table.headerItem()
    assert header.text(len(COLUMNS) - 1) == DEPTH_COLUMN
    assert panel.status.text().startswith(f"end game: depth {result.iterations}, proven")
    assert panel.table.topLevelItem(0).text(0) == result.candidates[0].notation
    assert panel.table.topLevelItem(0).text(len(COLUMNS) - 1) == str(result.iterations)
    panel.show_analysis(result)
    assert f"depth {result.iterations}" in panel.status.text()
    assert "iterations" not in panel.status.text()
    # A simulation again: iterations again.
    panel.show_progress(a_simulation_message())
    assert header.text(len(COLUMNS) - 1) == COLUMNS[-1]
    assert "32 iterations" in panel.status.text()


def test_hints_can_be_simulated(qtbot, context) -> None:
    pos = position("AEIRSTQ", bag=40, unseen="EEEEIIAAOONNRRTTLSSUDDGGBCMPFHVWYKJXZ?")
    decision = hint(pos, top=4)
    hints = HintsPanel()
    qtbot.addWidget(hints)
    shown: list[list] = []

    def show(ranked):
        shown.append(ranked)
        hints.show_candidates(ranked)

    panel = offer_simulation(hints, context.runner, lambda: pos, show, seconds=1.0)
    hints.simulate_button.click()
    assert "Ask for hints first" in panel.status.text()
    hints.show_candidates(decision.candidates)
    hints.simulate_button.click()
    qtbot.waitUntil(lambda: bool(shown), timeout=30000)
    settle(qtbot)
    assert panel.isVisibleTo(hints) and panel.table.topLevelItemCount() == 4
    assert "moves ranked by simulation" in hints.status.text()
    assert {c.move for c in hints.candidates} == {c.move for c in decision.candidates}
    # The list is re-ranked in the simulation's order, each move valued by its spread.
    assert [c.move.notation() for c in hints.candidates] == [r["move"] for r in panel.rows]
    assert [c.equity for c in hints.candidates] == [r["spread"] for r in panel.rows]
    hints.start()  # a new search: the old simulation goes
    assert not panel.isVisibleTo(hints)


def test_a_changed_position_is_not_simulated(qtbot, context) -> None:
    pos = position("AEIRSTQ", bag=40)
    hints = HintsPanel()
    qtbot.addWidget(hints)
    hints.show_candidates(hint(pos, top=2).candidates)
    panel = offer_simulation(hints, context.runner, lambda: None, lambda ranked: None)
    hints.simulate_button.click()
    assert "Ask for hints first" in panel.status.text()


def test_the_page_hint_list_has_simulate(qtbot, context) -> None:
    page = show_page(qtbot, context, new_game())
    assert page.hints.simulate_button.text() == "Simulate"


def test_new_game_dialog_offers_the_championship_player(qtbot, context) -> None:
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    row = dialog.rows[1]
    row.kind.setCurrentIndex(1)
    row.level.setValue(9)
    assert row.level_name.text() == "championship"
    assert row.think.isVisibleTo(dialog)
    row.think.setValue(12)
    spec = row.spec()
    assert spec.level == 9 and spec.seconds == 12
    row.level.setValue(8)
    assert not row.think.isVisibleTo(dialog) and row.spec().seconds == 0
    row.level.setValue(9)
    row.load(row.dump())
    assert row.spec().seconds == 12


def test_the_thinking_tab_follows_a_championship_player(qtbot, context) -> None:
    game = new_game(players=(PlayerSpec("Champ", True, 9, seconds=0.5), PlayerSpec("Ann")))
    page = show_page(qtbot, context, game)
    qtbot.waitUntil(lambda: game.ply > 0, timeout=30000)
    assert page.tabs.currentWidget() is page.simulation


def test_the_designer_trains_leaves_for_its_design(qtbot, context, monkeypatch) -> None:
    from wordstudio.paths import boards_dir
    from wordstudio.ui.designer.document import DesignDocument
    from wordstudio.ui.designer.page import DesignerPage

    config = shipped("board7.cfg")
    table_path(config).unlink(missing_ok=True)
    table_path(config).with_suffix(".training.json").unlink(missing_ok=True)
    page = DesignerPage(context, DesignDocument.open(boards_dir() / "board7.cfg"))
    qtbot.addWidget(page)
    told: list[str] = []
    monkeypatch.setattr(QInputDialog, "getInt", lambda *args, **kwargs: (3, True))
    monkeypatch.setattr(QMessageBox, "information",
                        lambda _parent, _title, text: told.append(text))
    assert "Train leaves for this design\u2026" in [a.text() for a in page.design_menu.actions()]
    page.train_action.trigger()
    qtbot.waitUntil(lambda: bool(told), timeout=60000)
    assert told[0].startswith("Leave values learnt from 3 games")
    assert trained_table(config) is not None
    table_path(config).unlink()
    table_path(config).with_suffix(".training.json").unlink()
