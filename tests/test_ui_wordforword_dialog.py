"""The new-game dialog: everything rule 1 lets the players choose, and its checks."""

from __future__ import annotations

import pytest

from wordstudio.ui.wordforword.dialog import PERSON, NewGameDialog
from wordstudio.wordforword.moves import PlayerSpec


@pytest.fixture
def dialog(qtbot):
    dialog = NewGameDialog(practice_aid=False)
    qtbot.addWidget(dialog)
    return dialog


def test_defaults_make_a_friendly_four_letter_game(dialog):
    setup = dialog.setup()
    assert setup.length == 4 and setup.lexicon == "en-US-common"
    assert setup.players == (PlayerSpec("You"), PlayerSpec("Computer", "Club"))
    assert setup.study_seconds is None and setup.move_seconds is None
    assert not dialog.practice.isChecked()


def test_every_shipped_list_and_length_can_be_chosen(dialog):
    idents = [dialog.lexicon.itemData(i) for i in range(dialog.lexicon.count())]
    for ident in ("en-US-common", "en-US-standard", "en-US-large", "en-GB-common",
                  "en-GB-standard", "en-GB-large"):
        assert ident in idents
    dialog.lexicon.setCurrentIndex(idents.index("en-GB-large"))
    dialog.length.setCurrentIndex(2)
    setup = dialog.setup()
    assert setup.lexicon == "en-GB-large" and setup.length == 5


def test_a_word_file_of_ones_own(dialog, tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("cat\ncot\n", encoding="utf-8")
    dialog.use_word_file(path)
    dialog.use_word_file(path)  # chosen twice: listed once
    assert dialog.setup().lexicon == str(path)
    assert sum(dialog.lexicon.itemData(i) == str(path)
               for i in range(dialog.lexicon.count())) == 1


def test_players_people_and_computers_with_no_upper_limit(dialog):
    dialog.add_player("Bea", "Computer: Expert")
    dialog.add_player("Cy", "Computer: Novice")
    specs = dialog.setup().players
    assert specs[2:] == (PlayerSpec("Bea", "Expert"), PlayerSpec("Cy", "Novice"))
    # Seed 000 rule 1: "two or more players", with no upper limit.
    while len(dialog.rows) < 12:
        dialog.add_player()
    assert dialog.add_button.isEnabled()
    assert len(dialog.setup().players) == 12


def test_at_least_two_players_stay(dialog):
    dialog.remove_player(dialog.rows[0])
    assert len(dialog.rows) == 2 and not dialog.rows[0].remove.isEnabled()
    dialog.add_player("Cy", PERSON)
    dialog.remove_player(dialog.rows[0])
    assert [row.number.text() for row in dialog.rows] == ["1.", "2."]
    assert [p.name for p in dialog.setup().players] == ["Computer", "Cy"]


def test_time_limits_for_study_and_moves(dialog):
    assert not dialog.move_seconds.isEnabled()
    dialog.timed.setChecked(True)
    dialog.study_seconds.setValue(90)
    dialog.move_seconds.setValue(45)
    setup = dialog.setup()
    assert (setup.study_seconds, setup.move_seconds) == (90, 45)
    dialog.study.setChecked(False)
    assert dialog.setup().study_seconds == 0 and not dialog.study_seconds.isEnabled()


def test_the_study_period_length_is_usable_whenever_the_study_period_is_ticked(dialog):
    assert dialog.study.isChecked() and not dialog.timed.isChecked()
    assert dialog.study_seconds.isEnabled()
    assert dialog.study_seconds.text() == "until everyone is ready"
    dialog.study_seconds.setValue(90)
    setup = dialog.setup()
    assert (setup.study_seconds, setup.move_seconds) == (90, None)
    dialog.study_seconds.setValue(0)
    assert dialog.setup().study_seconds is None


def test_bad_setups_are_explained_and_the_dialog_stays_open(dialog):
    dialog.rows[1].name.setText("you")
    dialog.accept()
    assert dialog.result_setup is None and "same name" in dialog.error.text()
    dialog.rows[1].name.setText("Hal")
    dialog.accept()
    assert dialog.result_setup is not None and dialog.result_setup.players[1].name == "Hal"


def test_the_deal_number_replays_a_deal(dialog):
    dialog.seed.setValue(1234)
    assert dialog.setup().seed == 1234
