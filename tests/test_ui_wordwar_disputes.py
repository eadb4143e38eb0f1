"""The Word War window's disputed-word dialog (wordstudio.ui.wordwar.disputes) and the
page's "Dispute a word…" button: seed 002, "If players disagree on the validity of a word,
a dictionary should be consulted"."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from tests.test_wordwar_disputes import WORDS, boards, finished_round  # noqa: F401 - fixture
from wordstudio.recovery import discard
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.wordwar.disputes import DisputeDialog
from wordstudio.ui.wordwar.page import WordWarPage
from wordstudio.ui.wordwar.panels import round_summary_html
from wordstudio.ui.workers import BackgroundRunner
from wordstudio.wordwar.records import autosave_path, load_game
from wordstudio.wordwar.scoring import WordScorer


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


@pytest.fixture
def context(tmp_path: Path, qtbot):
    runner = BackgroundRunner(mode="sync")
    yield AppContext(Settings(tmp_path / "settings.json"), runner)
    runner.shutdown()
    discard(autosave_path())


def dispute_on_the_page(qtbot, page: WordWarPage, word: str, raised_by: int,
                        accepted: bool) -> list[DisputeDialog]:
    """Click "Dispute a word…" and, in the dialog it opens, rule on ``word``."""
    seen: list[DisputeDialog] = []

    def rule() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, DisputeDialog):
            return
        seen.append(dialog)
        dialog.word.setText(word)
        dialog.raised_by.setCurrentIndex(raised_by)
        button = dialog.accept_button if accepted else dialog.reject_button
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        if dialog.isVisible():  # the ruling was refused: do not hang the test
            dialog.reject()

    QTimer.singleShot(0, rule)
    qtbot.mouseClick(page.round_panel.dispute_button, Qt.MouseButton.LeftButton)
    return seen


@pytest.mark.parametrize("accepted", [False, True])
def test_the_dispute_button_rescores_the_round_records_and_autosaves(
        qtbot, context, boards, tmp_path, accepted):  # noqa: F811
    """After round 1 Ann's grid reads EAT (EAT and AT count, 3 + 2 = 5).  Bob disputes
    AT: rejected, Ann's round is scored 3; accepted (already a word), it stays 5."""
    game = finished_round(boards)
    discard(autosave_path())
    page = WordWarPage(context, game, pace_ms=0)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    button = page.round_panel.dispute_button
    qtbot.waitUntil(lambda: page.controls.currentWidget() is page.round_panel)
    assert button.isVisible() and button.isEnabled()
    before = game.totals()[0]
    assert before == game.results[0].totals[0] == 5
    assert page.scores.item(0, 2).text() == "5"
    assert page._save_to(tmp_path / "game.wordwar") and not page.dirty
    titles: list[str] = []
    page.title_changed.connect(titles.append)

    seen = dispute_on_the_page(qtbot, page, "at", raised_by=1, accepted=accepted)

    assert len(seen) == 1, "the button opened no dispute dialog"
    expected = 5 if accepted else 3
    assert [(r.word, r.accepted, r.raised_by) for r in game.rulings] == [("AT", accepted, 1)]
    assert game.results[0].totals[0] == game.totals()[0] == expected
    # The page shows the round scored again and the ruling.
    assert page.scores.item(0, 2).text() == str(expected)
    verdict = "accepted" if accepted else "rejected"
    summary = page.round_panel.summary.text()
    assert f"Disputed: AT {verdict} (disputed by Bob, round 1)." in summary
    assert f"Ann {expected}" in summary
    # Recorded with the game and autosaved: the game read back has the ruling and score.
    assert game.history[-1] == ["ruling", "AT", accepted, 1]
    assert page.dirty and titles and titles[-1].startswith("Word War — game.wordwar *")
    saved = load_game(autosave_path(), board_set=boards, scorer=WordScorer(WORDS))
    assert [(r.word, r.accepted, r.raised_by) for r in saved.rulings] == [("AT", accepted, 1)]
    assert saved.totals() == game.totals()
    page.shutdown()


def test_cancelling_the_dispute_changes_nothing(qtbot, context, boards,  # noqa: F811
                                                tmp_path):
    game = finished_round(boards)
    discard(autosave_path())
    page = WordWarPage(context, game, pace_ms=0)
    qtbot.addWidget(page)
    assert page._save_to(tmp_path / "game.wordwar")
    history = list(game.history)

    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, DisputeDialog):
            dialog.word.setText("AT")
            dialog.reject()

    QTimer.singleShot(0, cancel)
    page.round_panel.dispute_button.click()
    assert game.history == history and not game.rulings and not page.dirty
    assert not autosave_path().exists()
    page.shutdown()


def test_return_after_the_word_records_no_ruling(qtbot, boards):  # noqa: F811
    """The players rule by clicking one of the two buttons: Return in the word field
    (the first button was the dialog's default) neither accepts the word nor closes."""
    game = finished_round(boards)
    dialog = DisputeDialog(game)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.word.setFocus()
    qtbot.keyClicks(dialog.word, "AT")
    qtbot.keyClick(dialog.word, Qt.Key.Key_Return)
    assert not game.rulings and dialog.isVisible()
    assert "holds AT" in dialog.verdict.text()


def test_a_ruling_after_the_last_round_is_not_lost_on_closing(qtbot, context, boards,  # noqa: F811
                                                            tmp_path, monkeypatch):
    """The final scores a dispute changes after the last round are worth keeping: closing
    asks to save them, as for a game in progress; without a ruling a finished game
    closes without asking."""
    from wordstudio.ui.dialogs import messages

    asked: list[str] = []

    def answer(*_args) -> str:
        asked.append("asked")
        return "save"

    monkeypatch.setattr(messages, "save_before_closing", answer)
    game = finished_round(boards, rounds=1)
    assert game.is_over
    page = WordWarPage(context, game, pace_ms=0)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    qtbot.waitUntil(lambda: page.controls.currentWidget() is page.round_panel)
    target = tmp_path / "final.wordwar"
    assert page._save_to(target)
    assert page.maybe_close() and asked == []
    dispute_on_the_page(qtbot, page, "at", raised_by=1, accepted=False)
    assert game.totals()[0] == 3 and page.dirty
    monkeypatch.setattr(page, "save", lambda: page._save_to(target))
    assert page.maybe_close() and asked == ["asked"]
    saved = load_game(target, board_set=boards, scorer=WordScorer(WORDS))
    assert saved.totals()[0] == 3
    assert [(r.word, r.accepted) for r in saved.rulings] == [("AT", False)]
    page.shutdown()
