"""Tests for ``wordstudio consult`` and ``wordstudio lexicon`` (wordstudio.lexicon.commands)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from wordstudio.cli import main
from wordstudio.lexicon.catalog import (
    DEFAULT_LEXICON,
    language_lexicons,
    load_lexicon,
    shipped_lexicons,
)


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    path = tmp_path / "mine.txt"
    path.write_text("divide\nDIVIDED\ndivider\nDive\nvide\ndid\nx-ray\n\ndie\n3rd\n")
    return path


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_consult_defaults_to_anagram_all_on_the_standard_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(["consult", "DIVIDE_"], capsys)
    assert status == 0 and err == ""
    assert out.split() == ["DIVIDED", "DIVIDER", "DIVIDES", "DIVINED", "DIVVIED"]


def test_consult_modes(word_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["consult", "divide", "--lexicon", str(word_file)]
    assert run(base, capsys)[1].split() == ["DIVIDE"]
    assert run([*base, "--some"], capsys)[1].split() == ["DIVIDE", "DIVE", "VIDE", "DID", "DIE"]
    assert run([*base, "--ordered", "--some"], capsys)[1].split() == [
        "DIVIDE", "DIVE", "VIDE", "DID", "DIE",
    ]  # fmt: skip
    assert run(["consult", "d?e", "--ordered", "--lexicon", str(word_file)], capsys)[1] == "DIE\n"


def test_consult_reports_rejected_lines_of_the_list(
    word_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["consult", "DIE", "--lexicon", str(word_file)], capsys)
    assert status == 0 and out == "DIE\n"
    assert "2 lines are not words" in err and "line 7 ('x-ray')" in err and "line 10" in err


def test_consult_json_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["consult", "RETAINS?", "--json", "--limit", "3"], capsys)
    assert status == 0
    # The first three (alphabetical) of the default list's eight-letter words made of
    # RETAINS and one more letter, found here by counting letters.
    rack = Counter("RETAINS")
    expected = sorted(word for word in load_lexicon(DEFAULT_LEXICON).of_length(8)
                      if not rack - Counter(word))[:3]
    assert json.loads(out) == expected == ["ANGRIEST", "ANTISERA", "ARENITES"]
    status, out, _ = run(["consult", "Q", "--json"], capsys)
    assert json.loads(out) == []


def test_consult_shipped_lexicon_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["consult", "COLOU?", "--ordered", "--lexicon", "en-GB-standard"], capsys)
    assert status == 0 and out.split() == ["COLOUR"]
    status, out, _ = run(["consult", "COLOU?", "--ordered", "--lexicon", "en-US-standard"], capsys)
    assert out == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["consult", "AB["], "column 3: '[' is never closed"),
        (["consult", "A" * 80], "the limit is 79"),
        (["consult", "ABC", "--lexicon", "no-such-list"], "no-such-list: no such word list"),
        (["lexicon", "info", "no-such-list"], "no such word list"),
    ],
)
def test_bad_input_is_a_clear_message_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2 and out == ""
    assert err.startswith("wordstudio: ") and message in err


def test_word_list_without_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.txt"
    junk.write_text("1\n2\n")
    status, _, err = run(["consult", "A", "--lexicon", str(junk)], capsys)
    assert status == 2 and "no words found" in err and "2 lines are not words" in err


@pytest.mark.parametrize("bad", ["0", "-3", "many", "1" + "0" * 25, "9" * 5000, "٣"])
def test_limit_must_be_positive(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["consult", "A", "--limit", bad])
    assert caught.value.code == 2
    assert "a whole number from 1 to 1,000,000,000" in capsys.readouterr().err


def test_modes_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["consult", "A", "--ordered", "--anagram"])
    with pytest.raises(SystemExit):
        main(["consult", "A", "--all", "--some"])
    capsys.readouterr()


def test_lexicon_info(word_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["lexicon", "info", str(word_file)], capsys)
    assert status == 0
    assert "words:    7 (3-7 letters), 0 of two letters" in out
    assert f"file:     {word_file}" in out
    assert (
        "rejected: 2 lines are not words and were left out: line 7 ('x-ray'), line 10 ('3rd')"
        in out
    )
    digest = out.split("digest:")[1].split()[0]
    assert len(digest) == 64


def test_lexicon_info_json_for_a_shipped_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["lexicon", "info", "en-US-standard", "--json"], capsys)
    report = json.loads(out)
    assert status == 0
    assert report["name"] == "en-US-standard"
    assert report["words"] == len(load_lexicon("en-US-standard")) > 100_000
    assert report["shortest"] == 2
    assert report["rejected_lines"] == 0 and report["first_rejected"] == []
    assert report["two_letter_words"] == len(load_lexicon("en-US-standard").of_length(2))
    assert any("SCOWL 2020.12.07" in source for source in report["sources"])


def test_lexicon_info_of_every_shipped_list(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24: for every shipped list, its size, two-letter count and sources - figures
    the build recorded, checked here against the lists themselves."""
    status, out, _ = run(["lexicon", "info"], capsys)
    assert status == 0
    rows = {line.split()[0]: line.split(None, 3) for line in out.splitlines()[1:]
            if line.startswith("en-")}
    assert set(rows) == {lexicon.ident for lexicon in shipped_lexicons()}
    for name, (_, words, twos, made_from) in rows.items():
        listed = load_lexicon(name)
        assert int(words) == len(listed) and int(twos) == len(listed.of_length(2)), name
        assert "SCOWL 2020.12.07" in made_from
        assert ("offensive-words.txt" in made_from) is name.endswith("-family")
    assert rows["en-US-wordgame"][2] == "107" and "ENABLE" in rows["en-US-wordgame"][3]
    status, out, _ = run(["lexicon", "info", "--json"], capsys)
    records = json.loads(out)
    assert [r["name"] for r in records] == [lexicon.ident for lexicon in shipped_lexicons()]
    assert all(r["sources"] and r["use"] for r in records)


def test_lexicon_info_of_one_shipped_list_names_its_sources(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(["lexicon", "info", "en-GB-wordgame-family"], capsys)
    assert status == 0
    assert ", 107 of two letters" in out
    assert "use:      the words word-game players play" in out
    assert "public domain" in out and "offensive-words.txt" in out


def test_lexicon_check_is_the_word_judge(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["lexicon", "check", "qi", "ZA", "hurt", "Un"], capsys)
    assert status == 0
    assert out.splitlines() == ["QI: acceptable", "ZA: acceptable", "HURT: acceptable",
                                "UN: acceptable", "the play is acceptable (en-US-wordgame)"]
    status, out, _ = run(["lexicon", "check", "ZZQ", "OAT"], capsys)
    assert status == 1
    assert out.splitlines() == ["ZZQ: not acceptable", "OAT: acceptable",
                                "the play is not acceptable (en-US-wordgame)"]
    status, out, _ = run(["lexicon", "check", "--lexicon", "en-US-wordwar", "OW", "GIN",
                          "--json"], capsys)
    assert status == 1
    assert json.loads(out) == {"lexicon": "en-US-wordwar", "acceptable": False, "words": [
        {"word": "OW", "acceptable": False}, {"word": "GIN", "acceptable": True}]}
    status, out, _ = run(["lexicon", "check", "x-ray"], capsys)
    assert status == 1 and out == "X-RAY: not acceptable (a word is made of letters only)\n"


def test_lexicon_check_on_a_file_and_a_missing_list(
    word_file: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(["lexicon", "check", "--lexicon", str(word_file), "vide"], capsys)[0] == 0
    assert run(["lexicon", "check", "--lexicon", str(word_file), "x-ray"], capsys)[0] == 1
    status, _, err = run(["lexicon", "check", "--lexicon", "no-such-list", "QI"], capsys)
    assert status == 2 and "no such word list" in err


def test_lexicon_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["lexicon", "list"], capsys)
    assert status == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names == [lexicon.ident for lexicon in shipped_lexicons() + language_lexicons()]
    assert names[:2] == ["en-US-wordgame", "en-US-wordgame-family"]
    assert names[-10:] == ["fr", "es", "de", "it", "nl", "ca", "pl", "pt", "sv", "nb"]


# --------------------------------------------------------------------------------------
# Meanings and personal lists


@pytest.fixture
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_define_gives_meanings_and_says_when_there_is_none(capsys) -> None:
    status, out, _ = run(["lexicon", "define", "oats", "qzx"], capsys)
    assert status == 0
    assert out.startswith("OATS\nOATS: a form of OAT\nnoun: annual grass")
    assert out.rstrip().endswith("QZX: no meaning known")


def test_consult_with_meanings(capsys) -> None:
    status, out, _ = run(["consult", "HORN", "--ordered", "--meanings"], capsys)
    assert status == 0 and out.startswith("HORN\tnoun: ")
    status, out, _ = run(["consult", "HORN", "--ordered", "--meanings", "--json"], capsys)
    (entry,) = json.loads(out)
    assert entry["word"] == "HORN" and entry["meaning"].startswith("noun: ")


def test_personal_list_from_the_command_line(own_home: Path, capsys) -> None:
    assert run(["lexicon", "new", "house"], capsys)[0] == 0
    assert run(["lexicon", "add", "house", "qzx", "zqx"], capsys)[0] == 0
    status, out, _ = run(["lexicon", "remove", "house", "cat"], capsys)
    assert status == 0 and out == f"house: {DEFAULT_LEXICON}, 2 added, 1 taken away\n"
    status, out, _ = run(["consult", "QZX", "--ordered", "--lexicon", "house"], capsys)
    assert out == "QZX\n"
    status, out, _ = run(["lexicon", "show", "house"], capsys)
    assert "added:    QZX ZQX" in out and "removed:  CAT" in out
    status, out, _ = run(["lexicon", "list"], capsys)
    assert out.splitlines()[-1].split() == [
        "house", "personal", "list:", f"{DEFAULT_LEXICON},", "2", "added,", "1", "taken", "away"]


def test_topic_list_from_a_file_reports_the_lines_left_out(
    own_home: Path, tmp_path: Path, capsys
) -> None:
    source = tmp_path / "sailing.txt"
    source.write_text("ahoy\nkeel\nx-ray\njib\n3rd\n")
    status, out, err = run(["lexicon", "new", "sailing", "--topic", "Sailing",
                            "--from", str(source)], capsys)
    assert status == 0 and out.startswith("sailing: topic list (Sailing): 3 words")
    assert "2 lines are not words and were left out: line 3 ('x-ray'), line 5 ('3rd')" in err
    status, out, _ = run(["consult", "???", "--some", "--lexicon", "sailing"], capsys)
    assert out.split() == ["JIB"]


def test_personal_list_mistakes_are_one_line_errors(own_home: Path, capsys) -> None:
    status, _, err = run(["lexicon", "add", "nope", "word"], capsys)
    assert status == 2 and "there is no personal word list called 'nope'" in err
    assert main(["lexicon", "new", "base-less", "--base", "no-such-list"]) == 2
    assert "no-such-list: no such word list" in capsys.readouterr().err
    assert main(["lexicon", "new", "ok"]) == 0 and main(["lexicon", "add", "ok", "x-y"]) == 2
    assert "'x-y' is not a word" in capsys.readouterr().err
