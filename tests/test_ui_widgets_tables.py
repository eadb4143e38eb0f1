"""Tables of moves, words and figures never hide a value: cut cells end in "…" and say
their whole text in the tooltip; figures keep their place; narrow views drop the optional
columns before the text column becomes unreadable (the side panel's Thinking tab, the
review's lists, the history)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication, QTreeWidget, QTreeWidgetItem

from tests.test_ui_crossword_simpanel import a_simulation_message
from wordstudio.ui.crossword.info_panels import HistoryPanel
from wordstudio.ui.crossword.notation import ELLIPSIS, cell_runs, elided_runs
from wordstudio.ui.crossword.simpanel import SimulationPanel
from wordstudio.ui.widgets.tables import fit_columns, hidden_columns, is_cut, tooltip_for

LONG = "challenge upheld: RIGG, IUT, GRE withdrawn"


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


def tree(qtbot, width: int, rows: list[list[str]], headers: list[str]) -> QTreeWidget:
    view = QTreeWidget()
    qtbot.addWidget(view)
    view.setHeaderLabels(headers)
    view.setRootIsDecorated(False)
    for row in rows:
        view.addTopLevelItem(QTreeWidgetItem(row))
    view.resize(width, 200)
    view.show()
    qtbot.waitExposed(view)
    settle()
    return view


def inside(view, row: int, column: int) -> bool:
    index = view.model().index(row, column)
    rect = view.visualRect(index)
    return rect.left() >= 0 and rect.right() <= view.viewport().width()


def test_a_long_text_is_cut_with_its_whole_text_in_the_tooltip_and_figures_stay(qtbot):
    view = tree(qtbot, 330, [["1", "Ann", LONG, "-12", "1.9"], ["2", "Hal", "8H QI", "22", "best"]],
                ["#", "Player", "Move", "Score", "Lost"])
    fit_columns(view, 2)
    settle()
    # The figures, last in the row, are in sight and whole; the move is cut.
    for row in range(2):
        for column in (0, 3, 4):
            assert inside(view, row, column) and not is_cut(view, view.model().index(row, column))
    cut = view.model().index(0, 2)
    assert is_cut(view, cut)
    assert tooltip_for(view, cut) == LONG
    short = view.model().index(1, 2)
    assert not is_cut(view, short) and tooltip_for(view, short) == ""
    # Wide enough, the long move is whole too.
    view.resize(900, 200)
    settle()
    assert not is_cut(view, cut)


def test_a_narrow_view_hides_optional_columns_and_the_tooltip_says_them(qtbot):
    headers = ["Move", "Score", "Leave", "Equity", "Win %", "Spread", "\u00b1", "Iter."]
    view = tree(qtbot, 260, [["8H QUIXOTIC", "98", "AEINRST", "101.5", "88.2", "+45.1", "3.2", "1024"]],
                headers)
    fit_columns(view, 0, optional=(2, 3, 6, 7))
    settle()
    hidden = hidden_columns(view)
    assert hidden and set(hidden) <= {2, 3, 6, 7}
    move = view.model().index(0, 0)
    assert not is_cut(view, move)
    tip = tooltip_for(view, move)
    assert "Leave: AEINRST" in tip
    # Least important first: the leave goes before the iterations.
    assert 2 in hidden
    view.resize(1000, 200)
    settle()
    assert hidden_columns(view) == []


def test_the_thinking_tab_shows_whole_moves_in_the_side_panels_width(qtbot):
    """The Thinking tab's move column read "J...", "K...", "7..." even maximised."""
    panel = SimulationPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 400)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.show_progress(a_simulation_message())
    settle()
    table = panel.table
    model = table.model()
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        assert not is_cut(table, index), index.data()
        for column in range(model.columnCount()):
            if not table.isColumnHidden(column):
                assert inside(table, row, column)
    assert {1, 4, 5}.isdisjoint(hidden_columns(table))  # score, win %, spread stay


def test_the_history_cuts_a_long_entry_with_an_ellipsis(qtbot):
    """WORDwhami's "W15← STENOGRAPHERS" and "challenged - challenge failed" were cut
    with no ellipsis."""
    from wordstudio.crossword.actions import Play, Turn

    history = HistoryPanel()
    qtbot.addWidget(history)
    history.resize(280, 300)
    history.show()
    qtbot.waitExposed(history)
    turn = Turn(player=0, action=Play(()), score=120,
                notation="W15\u2190 STENOGRAPHERS", words=("STENOGRAPHERS",))
    history.show_history([turn], ["Ann"])
    settle()
    index = history.model().index(0, HistoryPanel.MOVE)
    assert inside(history, 0, HistoryPanel.TOTAL)
    if is_cut(history, index):  # the font in use decides; then the tooltip says it all
        assert tooltip_for(history, index).startswith("W15\u2190 STENOGRAPHERS")
    history.resize(150, 300)
    settle()
    assert is_cut(history, index)
    assert tooltip_for(history, index).startswith("W15\u2190 STENOGRAPHERS")


def width_of(text: str, blank: bool) -> float:
    return len(text) * (9.0 if blank else 7.0)


@given(st.text(alphabet="ABCxyz \u2190-", max_size=30), st.integers(0, 300))
def test_a_move_cut_for_room_fits_and_ends_in_an_ellipsis(text, room):
    parts = cell_runs(text, None)
    shown = elided_runs(parts, room, width_of)
    whole = "".join(p for p, _ in parts)
    written = "".join(p for p, _ in shown)
    if sum(width_of(p, b) for p, b in parts) <= room:
        assert shown == parts
    else:
        assert written.endswith(ELLIPSIS)
        assert whole.startswith(written[:-1])
        kept = sum(width_of(p, b) for p, b in shown)
        assert kept <= max(room, width_of(ELLIPSIS, False))
        # Each character shown keeps its marking (a blank's letter stays a blank's).
        flat = [(ch, blank) for part, blank in parts for ch in part]
        kept_chars = [(ch, blank) for part, blank in shown for ch in part][:-1]
        assert kept_chars == flat[:len(kept_chars)]


def test_columns_an_owner_withholds_stay_hidden_however_wide(qtbot):
    """WORDwhami's hint list has no leave or equity to show: a wide panel must not bring
    those columns back."""
    from wordstudio.ui.crossword.hints import EQUITY, LEAVE, HintsPanel

    panel = HintsPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 400)
    panel.show()
    qtbot.waitExposed(panel)
    panel.show_candidates([], leaves=False)
    settle()
    assert {LEAVE, EQUITY} <= set(hidden_columns(panel.list))
    panel.show_candidates([], leaves=True)
    settle()
    assert hidden_columns(panel.list) == []


def test_a_hidden_column_is_measured_by_what_it_holds_and_the_view_comes_to_rest(qtbot):
    """The hint list at 1366x768 read "4D H(E)...", "10G MIT...": the leave was hidden for
    want of room, then measured hidden (its heading only, narrower than its letters),
    found to fit and shown again - cutting the moves - and left so."""
    headers = ["#", "Move", "Score", "Leave", "Equity"]
    rows = [[str(n), move, "30", "EIIRT", "31.3"] for n, move in
            enumerate(["4D H(E)RM", "10G MITHER", "12I HERMIT", "F1 THERM(E)"], start=1)]
    probe = tree(qtbot, 900, rows, headers)
    fitter = fit_columns(probe, 1, optional=(3, 4))
    settle()
    widths = [fitter.needed(column) for column in range(5)]
    readable = probe.fontMetrics().horizontalAdvance("M" * 12)
    text = min(widths[1], readable)
    # Room for the move and every column but the leave as it is written.
    room = text + widths[0] + widths[2] + widths[4] + (widths[3] - 4)
    view = tree(qtbot, room + probe.width() - probe.viewport().width(), rows, headers)
    fitter = fit_columns(view, 1, optional=(3, 4))
    settle()
    assert view.viewport().width() == room
    assert fitter.needed(3) == widths[3]  # hidden, measured as shown
    shown_before = hidden_columns(view)
    for _ in range(3):
        fitter.fit()
        settle()
        assert hidden_columns(view) == shown_before  # at rest
    assert 3 in shown_before
    for row in range(len(rows)):
        assert not is_cut(view, view.model().index(row, 1)), rows[row][1]
