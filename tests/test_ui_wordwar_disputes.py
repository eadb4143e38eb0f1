"""The Word War window's disputed-word dialog (wordstudio.ui.wordwar.disputes)."""

from __future__ import annotations

from tests.test_wordwar_disputes import boards, finished_round  # noqa: F401 - fixture
from wordstudio.ui.wordwar.disputes import DisputeDialog
from wordstudio.ui.wordwar.panels import round_summary_html


def test_the_players_reject_a_word_and_the_ruling_is_shown(qtbot, boards):  # noqa: F811
    game = finished_round(boards)
    dialog = DisputeDialog(game)
    qtbot.addWidget(dialog)
    dialog.word.setText("at")
    assert "The game's word list holds AT." in dialog.verdict.text()
    dialog.raised_by.setCurrentIndex(1)
    dialog.reject_button.click()
    assert dialog.result() == dialog.DialogCode.Accepted
    assert [(r.word, r.accepted, r.raised_by) for r in game.rulings] == [("AT", False, 1)]
    assert "Disputed: AT rejected (disputed by Bob, round 1)." in round_summary_html(game)


def test_a_word_on_no_grid_is_explained_and_nothing_is_recorded(qtbot, boards):  # noqa: F811
    game = finished_round(boards)
    dialog = DisputeDialog(game)
    qtbot.addWidget(dialog)
    dialog.word.setText("zebra")
    assert "does not hold ZEBRA" in dialog.verdict.text() and "noun" in dialog.verdict.text()
    dialog.accept_button.click()
    assert "ZEBRA is on no player's grid" in dialog.error.text() and not game.rulings
