"""Tests for ``wordstudio consult`` and ``wordstudio lexicon`` (wordstudio.lexicon.commands)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordstudio.cli import main
from wordstudio.lexicon.catalog import load_lexicon


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
    assert json.loads(out) == ["ANGRIEST", "ARSENITE", "ARTESIAN"]
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


@pytest.mark.parametrize("bad", ["0", "-3", "many"])
def test_limit_must_be_positive(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["consult", "A", "--limit", bad])
    assert caught.value.code == 2
    assert "at least 1" in capsys.readouterr().err


def test_modes_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["consult", "A", "--ordered", "--anagram"])
    with pytest.raises(SystemExit):
        main(["consult", "A", "--all", "--some"])
    capsys.readouterr()


def test_lexicon_info(word_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["lexicon", "info", str(word_file)], capsys)
    assert status == 0
    assert "words:    7 (3-7 letters)" in out
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


def test_lexicon_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["lexicon", "list"], capsys)
    assert status == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names == [
        "en-US-common", "en-US-standard", "en-US-large",
        "en-GB-common", "en-GB-standard", "en-GB-large",
    ]  # fmt: skip
