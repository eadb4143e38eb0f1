"""Tests for word lists (wordstudio.lexicon.wordlist) and the shipped lists (catalog.py).

Also checks the shipped lists themselves: the committed derivation script rebuilds every
committed list exactly (what the lists hold is tested in test_shipped_lexicons.py).
"""

from __future__ import annotations

import codecs
import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

from tests.system_packages import scowl_dir
from wordstudio.lexicon.catalog import (
    DEFAULT_LEXICON,
    common_counterpart,
    family_variant,
    full_variant,
    is_family,
    list_record,
    load_lexicon,
    resolve_lexicon,
    shipped_lexicons,
)
from wordstudio.lexicon.wordlist import (
    REPORT_LINES,
    LexiconError,
    RejectedLines,
    WordList,
    load_word_list,
    parse_word_list,
    tokenize,
)
from wordstudio.paths import lexicons_dir

REPO = Path(__file__).resolve().parent.parent
SPANISH = ("A", "B", "C", "CH", "D", "E", "L", "LL", "N", "Ñ", "O", "R", "RR", "S")


def write(tmp_path: Path, data: bytes | str, name: str = "words.txt") -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8", newline="")
    else:
        path.write_bytes(data)
    return path


# --------------------------------------------------------------------------------------
# Reading word lists


def test_words_are_upper_case_sorted_and_unique() -> None:
    words = parse_word_list("cat\nDog\nCAT\n  emu \ncAt\n")
    assert words.words == ("CAT", "DOG", "EMU")
    assert not words.rejected


def test_crlf_and_blank_lines() -> None:
    words = parse_word_list("cat\r\n\r\ndog\r\n   \r\nemu")
    assert words.words == ("CAT", "DOG", "EMU")
    assert words.rejected.count == 0  # blank lines are skipped, not reported


def test_junk_lines_are_reported_with_count_and_line_numbers() -> None:
    text = "cat\nx-ray\ndon't\n\ncafé\ntwo words\n42\na\ndog\n"
    words = parse_word_list(text)
    assert words.words == ("CAT", "DOG")
    assert words.rejected.count == 6
    assert words.rejected.first == (
        (2, "x-ray"), (3, "don't"), (5, "café"), (6, "two words"), (7, "42"), (8, "a"),
    )  # fmt: skip
    assert words.rejected.describe() == (
        "6 lines are not words and were left out: line 2 ('x-ray'), line 3 (\"don't\"), "
        "line 5 ('café'), line 6 ('two words'), line 7 ('42'), line 8 ('a')"
    )


def test_report_quotes_only_the_first_lines() -> None:
    words = parse_word_list("\n".join(["ok"] + [f"bad{n}" for n in range(25)]))
    assert words.rejected.count == 25
    assert [n for n, _ in words.rejected.first] == list(range(2, 2 + REPORT_LINES))
    assert words.rejected.describe().endswith(", ...")


def test_one_rejected_line_reads_well() -> None:
    assert RejectedLines(1, ((3, "x-ray"),)).describe() == (
        "1 line is not a word and was left out: line 3 ('x-ray')"
    )
    assert RejectedLines().describe() == "every line is a word"
    assert not RejectedLines()


def test_minimum_length() -> None:
    assert parse_word_list("a\nan\nant", min_length=3).words == ("ANT",)
    assert parse_word_list("a\nan", min_length=1).words == ("A", "AN")


def test_custom_alphabet_with_multi_letter_tiles() -> None:
    words = parse_word_list("chorro\nllano\naño\nxilo\n", alphabet=SPANISH)
    assert words.words == ("AÑO", "CHORRO", "LLANO")
    assert words.rejected.first == ((4, "xilo"),)
    assert tokenize("CHORRO", SPANISH) == ("CH", "O", "RR", "O")
    assert tokenize("LLANO", SPANISH) == ("LL", "A", "N", "O")
    assert tokenize("XILO", SPANISH) is None
    assert tokenize("CAT", tuple("ACT")) == ("C", "A", "T")
    assert words.of_length(4) == ["CHORRO", "LLANO"]
    assert words.of_length(3) == ["AÑO"]


# --------------------------------------------------------------------------------------
# Loading files


def test_load_file(tmp_path: Path) -> None:
    words = load_word_list(write(tmp_path, "zebra\napple\nApple\n"))
    assert words.words == ("APPLE", "ZEBRA")
    assert words.name == "words"
    assert words.source == str(tmp_path / "words.txt")


def test_user_list_with_junk_keeps_the_words_and_reports_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path, "apple\n# my words\nbanana\n\t\nl33t\ncherry\n")
    words = load_word_list(path)
    assert words.words == ("APPLE", "BANANA", "CHERRY")
    assert words.rejected.count == 2
    assert words.rejected.first == ((2, "# my words"), (5, "l33t"))


def test_binary_file_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, b"\x7fELF\x02\x01\x01\x00\x00\x00garbage\n", "a.out")
    with pytest.raises(LexiconError, match="not a text file") as caught:
        load_word_list(path)
    assert caught.value.path == str(path)
    assert caught.value.exit_status == 2


def test_empty_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="no words found$"):
        load_word_list(write(tmp_path, ""))


def test_file_of_junk_is_refused_with_the_report(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match=r"no words found; 2 lines are not words .*line 1"):
        load_word_list(write(tmp_path, "1\n2\n"))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LexiconError, match="cannot read the word list"):
        load_word_list(tmp_path / "nothing.txt")
    with pytest.raises(LexiconError, match="cannot read the word list"):
        load_word_list(tmp_path)  # a folder


def test_utf8_byte_order_mark_does_not_eat_the_first_word(tmp_path: Path) -> None:
    words = load_word_list(write(tmp_path, codecs.BOM_UTF8 + b"apple\r\nbanana\r\n"))
    assert words.words == ("APPLE", "BANANA")
    assert not words.rejected


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_text_is_read(tmp_path: Path, encoding: str) -> None:
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(encoding, b"")
    data = bom + "apple\r\nbanana\r\nx-ray\r\n".encode(encoding)
    words = load_word_list(write(tmp_path, data))
    assert words.words == ("APPLE", "BANANA")
    assert words.rejected.first == ((3, "x-ray"),)


def test_undecodable_bytes_are_reported_not_guessed(tmp_path: Path) -> None:
    words = load_word_list(write(tmp_path, b"apple\ncaf\xe9\nbanana\n"))
    assert words.words == ("APPLE", "BANANA")
    assert [n for n, _ in words.rejected.first] == [2]


# --------------------------------------------------------------------------------------
# Identity and the WordList value


def test_digest_is_stable_across_order_case_and_duplicates() -> None:
    one = parse_word_list("cat\ndog\nemu\n")
    two = parse_word_list("EMU\r\nDog\ncat\ncat\n\n")
    three = WordList.from_words(["dog", "Emu", "CAT"])
    assert one.digest == two.digest == three.digest
    assert len(one.digest) == 64
    assert parse_word_list("cat\ndog\n").digest != one.digest


def test_digest_covers_a_custom_alphabet() -> None:
    plain = WordList.from_words(["ANO"])
    spanish = WordList.from_words(["ANO"], alphabet=SPANISH)
    assert plain.digest != spanish.digest


def test_word_list_queries() -> None:
    words = WordList.from_words(["cat", "dog", "emus", "ox"], name="zoo")
    assert len(words) == 4 and list(words) == ["CAT", "DOG", "EMUS", "OX"]
    assert "cat" in words and "CAT" in words and "cow" not in words and 3 not in words
    assert words.of_length(3) == ["CAT", "DOG"]
    common = words.subset(["dog", "OX", "yak"], name="common zoo")
    assert common.words == ("DOG", "OX") and common.name == "common zoo"


# --------------------------------------------------------------------------------------
# The catalog


def test_shipped_lexicons() -> None:
    found = shipped_lexicons()
    kinds = ("wordgame", "common", "standard", "large", "wordwar")
    assert [lexicon.ident for lexicon in found] == [
        f"{spelling}-{kind}{family}" for spelling in ("en-US", "en-GB") for kind in kinds
        for family in ("", "-family")
    ]
    labels = {lexicon.ident: lexicon.label for lexicon in found}
    assert labels["en-US-wordgame"] == "American English, word game"
    assert labels["en-GB-standard-family"] == "British English, standard, family"
    assert all(lexicon.path.parent == lexicons_dir() for lexicon in found)
    assert [lexicon.family for lexicon in found] == [False, True] * 10
    assert {lexicon.ident for lexicon in shipped_lexicons(family=True)} == {
        lexicon.ident for lexicon in found if lexicon.ident.endswith("-family")}
    assert not any(lexicon.family for lexicon in shipped_lexicons(family=False))


def test_family_variants_of_names() -> None:
    assert family_variant("en-US-wordgame") == "en-US-wordgame-family"
    assert family_variant("en-GB-common-family") == "en-GB-common-family"
    assert family_variant("/home/me/words.txt") == "/home/me/words.txt"  # none shipped
    assert full_variant("en-GB-wordwar-family") == "en-GB-wordwar"
    assert full_variant("en-GB-wordwar") == "en-GB-wordwar"
    assert is_family("en-US-large-family") and not is_family("en-US-large")


def test_every_shipped_list_has_its_sources_recorded() -> None:
    for lexicon in shipped_lexicons():
        record = list_record(lexicon.ident)
        assert record["family"] is lexicon.family, lexicon.ident
        sources = " | ".join(record["sources"])  # type: ignore[arg-type]
        assert "SCOWL 2020.12.07" in sources, lexicon.ident
        assert ("offensive" in sources) is lexicon.family, lexicon.ident
        assert ("ENABLE" in sources) is ("wordgame" in lexicon.ident), lexicon.ident
    assert list_record("no-such-list") == {}


def test_resolve_names_aliases_and_files(tmp_path: Path) -> None:
    standard = lexicons_dir() / f"{DEFAULT_LEXICON}.txt"
    assert resolve_lexicon("en-US-wordgame") == standard
    assert resolve_lexicon("WWDICT") == resolve_lexicon("") == standard
    path = write(tmp_path, "cat\n", "mine.txt")
    assert resolve_lexicon(path) == path
    assert resolve_lexicon("mine.txt", relative_to=tmp_path) == tmp_path / "mine.txt"
    with pytest.raises(LexiconError, match="nonesuch: no such word list"):
        resolve_lexicon("nonesuch")


def test_common_counterpart() -> None:
    assert common_counterpart("en-GB-large") == "en-GB-common"
    assert common_counterpart("en-US-standard") == "en-US-common"
    assert common_counterpart("en-US-wordgame") == "en-US-common"
    assert common_counterpart("en-GB-wordgame-family") == "en-GB-common-family"
    assert common_counterpart("/home/me/words.txt") == "en-US-common"


def test_load_lexicon_is_remembered_until_the_file_changes(tmp_path: Path) -> None:
    path = write(tmp_path, "cat\n")
    first = load_lexicon(path)
    assert load_lexicon(path) is first
    path.write_text("cat\ndog\n")
    later = path.stat().st_mtime + 10
    os.utime(path, (later, later))
    assert load_lexicon(path).words == ("CAT", "DOG")


# --------------------------------------------------------------------------------------
# The shipped lists


def test_every_shipped_list_is_clean_and_sizes_nest() -> None:
    for spelling in ("en-US", "en-GB"):
        common, standard, large = (
            load_lexicon(f"{spelling}-{size}") for size in ("common", "standard", "large")
        )
        for words in (common, standard, large):
            assert not words.rejected
            assert all(len(word) >= 2 and word.isascii() and word.isupper() for word in words)
        assert set(common.words) < set(standard.words) < set(large.words)
        wordgame, wordwar = (load_lexicon(f"{spelling}-{kind}") for kind in ("wordgame", "wordwar"))
        # the word-game list takes the standard list's words, but for its two-letter ones
        assert {w for w in standard if len(w) > 2} < set(wordgame.words)
        assert set(wordwar.words) < set(standard.words)
        for words in (common, standard, large, wordgame, wordwar):
            family = load_lexicon(f"{words.name}-family")
            assert not family.rejected
            assert set(family.words) < set(words.words), words.name


def load_build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_lexicons", REPO / "lexicons" / "build_lexicons.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.system_package("scowl")
def test_build_script_reproduces_the_committed_lists(tmp_path: Path) -> None:
    # Only Debian's scowl package has the sources (test_build_script_without_scowl_...
    # checks what the script says without them).
    script = load_build_script()
    assert script.main(["--out", str(tmp_path), "--scowl", str(scowl_dir())]) == 0
    built = sorted(path.name for path in tmp_path.iterdir())
    assert built == sorted(
        [f"{lexicon.ident}.txt" for lexicon in shipped_lexicons()]
        + ["SCOWL-COPYRIGHT.txt", "lists.json"]
    )
    for name in built:
        assert (tmp_path / name).read_bytes() == (lexicons_dir() / name).read_bytes(), name


def test_build_script_without_scowl_says_how_to_get_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_build_script()
    assert script.main(["--out", str(tmp_path), "--scowl", str(tmp_path / "no-scowl")]) == 1
    assert "apt-get install scowl" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())
