"""Tile sets derived from texts: counting, sharing out, scores, the .def file, the script
and the shipped sets."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tools.derive_tileset import main as derive_main
from wordstudio.crossword.config.files import load_config, parse_config
from wordstudio.crossword.config.tilederive import (
    count_letters,
    derive,
    derive_tileset,
    letter_scores,
    share_out,
    tileset_def_text,
)
from wordstudio.crossword.gameconfig import DEFAULT_ALPHABET
from wordstudio.paths import boards_dir

SPANISH = ("A", "C", "CH", "E", "L", "LL", "N", "Ñ", "O", "R", "RR")


# --- counting ---------------------------------------------------------------------------------


def test_counting_is_case_blind_and_skips_what_is_no_letter() -> None:
    counts = dict(zip(DEFAULT_ALPHABET, count_letters("Abba, 1 bee!\n"), strict=True))
    assert (counts["A"], counts["B"], counts["E"]) == (2, 3, 2)
    assert sum(counts.values()) == 7


def test_accents_fold_onto_the_plain_alphabet() -> None:
    counts = dict(zip(DEFAULT_ALPHABET, count_letters("Café naïve"), strict=True))
    assert counts["E"] == 2 and counts["I"] == 1 and counts["C"] == 1


def test_multi_character_letters_are_read_longest_first() -> None:
    counts = dict(zip(SPANISH, count_letters("chocolate, llorar, perro, niño", SPANISH), strict=True))
    # CH once (c-h-o-c: the second C is alone), LL once, RR once, Ñ kept apart from N.
    assert counts["CH"] == 1 and counts["C"] == 1
    assert counts["LL"] == 1 and counts["L"] == 1
    assert counts["RR"] == 1 and counts["R"] == 2
    assert counts["Ñ"] == 1 and counts["N"] == 1


def test_distinct_words_count_each_word_once() -> None:
    text = "the the the the zebra"
    running = dict(zip(DEFAULT_ALPHABET, count_letters(text), strict=True))
    distinct = dict(zip(DEFAULT_ALPHABET, count_letters(text, distinct_words=True), strict=True))
    assert running["T"] == 4 and distinct["T"] == 1
    assert running["Z"] == distinct["Z"] == 1


# --- counts and scores ------------------------------------------------------------------------


def test_share_out_is_exact_proportional_and_keeps_the_minimum() -> None:
    parts = share_out([50, 30, 19, 1, 0], 20, minimum=1)
    assert sum(parts) == 20 and min(parts) == 1
    assert parts[0] > parts[1] > parts[2]
    # Largest remainders: 10 x 50/100 = 10 exactly, and the rest follow the quotas.
    assert share_out([5, 3, 2], 10) == (5, 3, 2)
    assert share_out([1, 1, 1], 10) == (4, 3, 3)  # a tie goes to the earlier letter


def test_share_out_refuses_what_cannot_be_done() -> None:
    with pytest.raises(ValueError):
        share_out([1, 1, 1], 2, minimum=1)
    with pytest.raises(ValueError, match="none of the alphabet"):
        share_out([0, 0], 10)


def test_scores_rise_with_rarity_by_the_documented_formula() -> None:
    counts = [1000, 500, 100, 10, 1, 0]
    scores = letter_scores(counts, max_score=10)
    assert scores == tuple(
        min(10, max(1, math.floor(math.sqrt(1000 / c) + 0.5))) if c else 10 for c in counts)
    assert list(scores) == sorted(scores)
    assert scores[0] == 1 and scores[-1] == 10


def test_a_derived_set_has_the_tiles_asked_for() -> None:
    tiles = derive_tileset(count_letters("the quick brown fox jumps over the lazy dog " * 20),
                           tiles=120, blanks=4, max_score=12)
    assert tiles.total_tiles == 120 and tiles.blank_count == 4
    assert min(tiles.frequencies) >= 1 and max(tiles.scores) <= 12
    assert tiles.frequencies[DEFAULT_ALPHABET.index("O")] > tiles.frequencies[DEFAULT_ALPHABET.index("Q")]


def test_english_text_gives_scrabble_like_values() -> None:
    derivation = derive(_english_sample())
    scores = dict(zip(DEFAULT_ALPHABET, derivation.tileset.scores, strict=True))
    assert scores["E"] == scores["T"] == 1
    assert min(scores["Q"], scores["J"], scores["X"], scores["Z"]) >= 7
    assert max(scores[letter] for letter in "AEIOST") == 1
    assert derivation.letters_counted == sum(derivation.occurrences)


# --- the .def file and the script ---------------------------------------------------------


def test_the_def_file_reads_back_as_the_same_tiles() -> None:
    tiles = derive_tileset(count_letters("chocolate llorar perro niño " * 5, SPANISH), SPANISH,
                           tiles=40, blanks=1)
    text = tileset_def_text(tiles, ["A test set", "", "# with a hash"])
    assert text.startswith("# A test set\n#\n# # with a hash\n")
    assert "Alphabet = { A C CH E L LL N Ñ O R RR }" in text
    assert parse_config(text).tiles == tiles


def test_the_script_writes_a_commented_def_file(tmp_path: Path) -> None:
    source = tmp_path / "text.txt"
    source.write_text(_english_sample(), encoding="utf-8")
    out = tmp_path / "sample.def"
    assert derive_main([str(source), "--out", str(out), "--source", "A sample of English",
                        "--tiles", "50", "--blanks", "1"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "A sample of English" in text and "round(sqrt(" in text
    config = load_config(out)
    assert config.tiles.total_tiles == 50 and config.tiles.blank_count == 1


def test_the_script_reports_an_unreadable_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert derive_main([str(tmp_path / "missing.txt")]) == 1
    assert "derive_tileset" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["alice.def", "bible.def", "cia.def", "jargon.def"])
def test_shipped_derived_sets_say_where_they_come_from_and_follow_the_method(name: str) -> None:
    path = boards_dir() / "tilesets" / name
    text = path.read_text(encoding="utf-8")
    assert "Source:" in text and "public domain" in text and "tools/derive_tileset.py" in text
    tiles = load_config(path).tiles
    assert tiles.total_tiles == 100 and tiles.blank_count == 2
    # The shares printed in the file give back the counts and scores in it.
    shares = {m[0]: float(m[1]) for m in re.findall(r"\b([A-Z]) (\d+\.\d\d)\b", text)}
    assert set(shares) == set(DEFAULT_ALPHABET)
    occurrences = [round(shares[letter] * 1000) for letter in DEFAULT_ALPHABET]
    assert share_out(occurrences, 98, 1) == tiles.frequencies
    # Each score is round(sqrt(p_max / p)) for shares within the printed ones' rounding
    # (Alice's J, 0.1356%, is printed 0.14 and scores 10, not the 9 that 0.14 gives).
    top = max(shares.values())
    for letter, score in zip(DEFAULT_ALPHABET, tiles.scores, strict=True):
        share = shares[letter]
        low = letter_scores([round(1000 * (top - 0.005)), round(1000 * (share + 0.005))])[1]
        high = letter_scores([round(1000 * (top + 0.005)), round(1000 * (share - 0.005))])[1]
        assert low <= score <= high, letter


def _english_sample() -> str:
    # Ordinary English in miniature: Dickens's opening, where Q, J and Z are rare.
    return (
        "It was the best of times, it was the worst of times, it was the age of wisdom, "
        "it was the age of foolishness, it was the epoch of belief, it was the epoch of "
        "incredulity, it was the season of light, it was the season of darkness, it was "
        "the spring of hope, it was the winter of despair, we had everything before us, we "
        "had nothing before us, we were all going direct to Heaven, we were all going direct "
        "the other way. There were a king with a large jaw and a queen with a plain face. "
    ) * 30


def test_the_script_reads_the_factbook_archives_sql_dump(tmp_path: Path) -> None:
    """``--sql-fields``: each row's field name and text are counted, nothing else (the
    ids, the SQL around them), SQL's doubled quote read as one."""
    import gzip

    dump = ("-- CountryFields for year 1991\nINSERT INTO CountryFields VALUES\n"
            "  (1, 2, 3, N'Climate', N'arid; isn''t it'),\n"
            "  (4, 5, 6, N'Terrain', N'ZZZ'); \nGO\n")
    source = tmp_path / "fields.sql.gz"
    source.write_bytes(gzip.compress(dump.encode("utf-8")))
    out = tmp_path / "cia.def"
    assert derive_main(["--sql-fields", str(source), "--out", str(out), "--source", "x"]) == 0
    # CLIMATE ARID ISNT IT, TERRAIN ZZZ: 27 letters, three of them Z.
    text = out.read_text(encoding="utf-8")
    assert "Counted: 27 letters" in text and " Z 11.11" in text
