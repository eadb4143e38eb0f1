"""The window's word judge beside Consult, and Settings > Family Word Lists (issue 24)."""

from __future__ import annotations

import pytest

from tests.test_ui_crossword_support import (
    make_context,
    new_game,
    open_window,
    show_page,
    wait_for_person,
)
from wordstudio.lexicon.catalog import WORD_WAR_LEXICON, family_variant, load_lexicon
from wordstudio.ui.crossword.newgame import NewGameDialog as CrosswordDialog
from wordstudio.ui.crossword.wordjudge import WordJudge
from wordstudio.ui.familylists import SETTING, family_preferred, prefer_family
from wordstudio.ui.wordforword.dialog import NewGameDialog as WordForWordDialog
from wordstudio.ui.wordwar.dialogs import NewGameDialog as WordWarDialog
from wordstudio.wordwar.boards import BoardSet


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


# --- the word judge -------------------------------------------------------------------------
def test_consult_answers_at_once_whether_words_are_in_the_games_list(qtbot, context):
    game = new_game("scrabble.cfg", seed=47)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    page.commands.consult.trigger()
    dialog = page.consult_dialog
    judge = dialog.findChild(WordJudge)
    assert judge is not None and judge.isVisible()
    assert judge.words is game.words and judge.lexicon == game.setup.lexicon
    # Typing is enough: no button, no search in the background.
    judge.entry.setText("qi")
    assert judge.rulings() == [("QI", True)]
    assert "QI \u2714" in judge.answer.text() and "is in the list" in judge.answer.text()
    judge.entry.setText("oat qzx")
    assert judge.rulings() == [("OAT", True), ("QZX", False)]
    assert "QZX \u2718" in judge.answer.text() and "not acceptable" in judge.answer.text()
    judge.entry.setText("")
    assert "Type words" in judge.answer.text()
    # The dialog's own search is untouched beside it.
    assert dialog.pattern.text()
    dialog.reject()


def test_the_judge_follows_the_list_it_is_given(qtbot):
    judge = WordJudge(load_lexicon("en-US-wordwar"), "en-US-wordwar")
    qtbot.addWidget(judge)
    judge.entry.setText("gin, OW/dis <b>")
    assert judge.rulings() == [("GIN", True), ("OW", False), ("DIS", False), ("<B>", False)]
    assert "&lt;B&gt;" in judge.answer.text()  # what is typed is shown, never read as markup


# --- family word lists ---------------------------------------------------------------------
def test_settings_menu_turns_family_lists_on_and_off(qtbot, tmp_path, monkeypatch):
    for window in open_window(qtbot, tmp_path, monkeypatch):
        settings = window.context.settings
        action = window.family_action
        assert action in window.settings_menu.actions() and action.isCheckable()
        assert not action.isChecked() and not family_preferred(settings)
        action.trigger()
        assert settings.get(SETTING) is True and family_preferred(settings)
        action.trigger()
        assert settings.get(SETTING) is False


def test_every_new_game_dialog_opens_on_the_family_list_when_asked(qtbot, context):
    boards = BoardSet.load()
    crossword = CrosswordDialog(context.settings, context.runner)
    words = WordForWordDialog(practice_aid=False)
    war = WordWarDialog(boards, None, None)
    combos = {"crossword": crossword.lexicon_combo, "Word For Word": words.lexicon,
              "Word War": war.lexicon}
    for dialog in (crossword, words, war):
        qtbot.addWidget(dialog)
    before = {name: combo.currentData() for name, combo in combos.items()}
    assert before == {"crossword": "en-US-wordgame", "Word For Word": "en-US-common",
                      "Word War": WORD_WAR_LEXICON}
    for combo in combos.values():
        prefer_family(combo, context.settings)  # the setting is off: nothing changes
    assert {name: combo.currentData() for name, combo in combos.items()} == before
    context.settings.set(SETTING, True)
    for name, combo in combos.items():
        prefer_family(combo, context.settings)
        assert combo.currentData() == family_variant(before[name]) == f"{before[name]}-family"
        # and every list, family or not, can still be chosen
        offered = {combo.itemData(i) for i in range(combo.count())}
        assert {before[name], f"{before[name]}-family"} <= offered


def test_a_list_without_a_family_variant_stays(qtbot, context, tmp_path):
    own = tmp_path / "mine.txt"
    own.write_text("cat\ndog\n")
    dialog = WordForWordDialog(practice_aid=False)
    qtbot.addWidget(dialog)
    dialog.lexicon.addItem("mine", str(own))
    dialog.lexicon.setCurrentIndex(dialog.lexicon.count() - 1)
    context.settings.set(SETTING, True)
    prefer_family(dialog.lexicon, context.settings)
    assert dialog.lexicon.currentData() == str(own)
