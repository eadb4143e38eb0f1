"""Error messages name files in a readable length (wordstudio/errors.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.crossword.records.codec import RecordError
from wordstudio.errors import MAX_SHOWN_PATH, shown_path
from wordstudio.lexicon.wordlist import LexiconError
from wordstudio.paths import SaveError


@given(st.text(min_size=0, max_size=MAX_SHOWN_PATH))
def test_a_name_of_a_sane_length_is_shown_whole(name):
    assert shown_path(name) == name


@given(st.text(min_size=MAX_SHOWN_PATH + 1, max_size=20_000))
def test_a_very_long_name_shows_its_start_its_end_and_its_length(name):
    shown = shown_path(name)
    assert shown.startswith(name[:90]) and f"{name[-60:]} (" in shown
    assert f"({len(name):,} characters)" in shown
    assert len(shown) < MAX_SHOWN_PATH + 30


def test_every_error_that_names_a_file_shortens_a_very_long_name():
    name = "/games/" + "n" * 4000 + "/game.txt"
    for error in (ConfigError(name, 3, "unknown element"), RecordError(name, "damaged", 3),
                  LexiconError(name, "not a word list", 3), SaveError(name, "disk full")):
        message = str(error)
        assert len(message) < 300, type(error).__name__
        assert message.startswith("/games/nnn") and "/game.txt" in message
        assert "4,016 characters" in message
