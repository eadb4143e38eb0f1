"""File > Word Lists (wordstudio.ui.wordlists): personal and topic lists in the window, and
any word-list file with its rejected lines reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.personal import create_personal
from wordstudio.ui import wordlists
from wordstudio.ui.wordlists import WordListsDialog


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def dialog(qtbot):
    created = WordListsDialog()
    qtbot.addWidget(created)
    return created


def test_an_empty_folder_says_what_lists_are(dialog):
    assert dialog.names.count() == 0 and "No lists yet" in dialog.summary.text()
    assert not dialog.add_button.isEnabled()


def test_make_a_personal_list_and_add_and_take_away_words(dialog):
    assert dialog.make_list("house", "en-US-standard")
    dialog.word.setText("qzx")
    dialog.change(add=True)
    dialog.word.setText("cat")
    dialog.change(add=False)
    assert [dialog.words.item(i).text() for i in range(dialog.words.count())] == [
        "+ QZX", "\u2212 CAT"]
    assert "1 added, 1 taken away" in dialog.summary.text()
    words = load_lexicon("house")
    assert "QZX" in words and "CAT" not in words
    dialog.word.setText("x-ray")
    dialog.change(add=True)
    assert "'x-ray' is not a word" in dialog.error.text()


def test_a_topic_list_and_a_list_of_the_same_name(dialog):
    assert dialog.make_list("birds", None, "Birds")
    assert not dialog.make_list("birds", None)
    assert "already a word list called 'birds'" in dialog.error.text()
    create_personal("apples", None, words=["pippin"])
    dialog.reload()
    assert [dialog.names.item(i).text() for i in range(dialog.names.count())] == [
        "apples", "birds"]


def test_opening_a_word_file_reports_its_junk_and_can_keep_it(dialog, tmp_path, monkeypatch):
    source = tmp_path / "sailing.txt"
    source.write_text("ahoy\nkeel\nx-ray\njib\n3rd\n")
    seen = []

    def accept(report):
        seen.append(report.report.text())
        report.topic.setText("Sailing")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(wordlists.ReportDialog, "exec", accept)
    words = dialog.open_word_file(str(source))
    assert words is not None and len(words) == 3
    assert "3 words of 3-4 letters" in seen[0]
    assert "2 lines are not words and were left out: line 3 ('x-ray'), line 5 ('3rd')" in seen[0]
    assert load_lexicon("sailing").words == ("AHOY", "JIB", "KEEL")
    assert "topic list (Sailing): 3 words" in dialog.summary.text()


def test_an_unreadable_file_is_a_clear_message(dialog, tmp_path):
    source = tmp_path / "junk.txt"
    source.write_text("1\n2\n")
    assert dialog.open_word_file(str(source)) is None
    assert "no words found" in dialog.error.text()
