"""Word meanings from the shipped WordNet file (wordstudio.lexicon.meanings) and its build."""

from __future__ import annotations

import gzip
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from tests.system_packages import wordnet_dir
from wordstudio.lexicon.meanings import (
    describe_word,
    meaning_of,
    meanings_available,
    meanings_path,
)
from wordstudio.paths import lexicons_dir

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def small_file(tmp_path: Path) -> Path:
    path = tmp_path / "meanings.txt.gz"
    lines = ["CAT\tn\ta small feline\tv\tto vomit", "MICE\t=\tMOUSE",
             "MOUSE\tn\ta small rodent", "STOP\tv\tcome to a halt", "WOLF\t=\tNOWHERE"]
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return path


def test_a_word_and_its_senses_in_order(small_file: Path) -> None:
    meaning = meaning_of("cat", small_file)
    assert meaning is not None and meaning.base == "CAT"
    assert [(s.part, s.gloss) for s in meaning.senses] == [
        ("noun", "a small feline"), ("verb", "to vomit")]
    assert meaning.describe() == "noun: a small feline\nverb: to vomit"
    assert meaning.describe(limit=1) == "noun: a small feline"


@pytest.mark.parametrize("form, base", [
    ("CATS", "CAT"), ("STOPPED", "STOP"), ("STOPPING", "STOP"), ("STOPS", "STOP"),
    ("MICE", "MOUSE"),
])
def test_inflected_and_irregular_forms_find_their_base(small_file: Path, form, base) -> None:
    meaning = meaning_of(form, small_file)
    assert meaning is not None and meaning.base == base and meaning.word == form
    assert meaning.describe().startswith(f"{form}: a form of {base}\n")


def test_unknown_words_and_broken_links_have_no_meaning(small_file: Path) -> None:
    assert meaning_of("QZX", small_file) is None
    assert meaning_of("WOLF", small_file) is None
    assert meaning_of("CAT", small_file.parent / "missing.gz") is None


def test_shipped_meanings_cover_the_seed_words_and_no_abbreviation() -> None:
    assert meanings_available() and meanings_path().parent == lexicons_dir()
    for word in ("OAT", "OATS", "DISCOVER", "RULED", "HORN", "FARM", "PASTE", "GEESE"):
        assert meaning_of(word) is not None, word
    assert meaning_of("KB") is None and meaning_of("LM") is None
    assert describe_word("oats").splitlines()[:2] == ["OATS", "OATS: a form of OAT"]
    assert describe_word("qzx") == "QZX: no meaning known"


def test_wordnet_notice_is_shipped_with_the_meanings() -> None:
    notice = (lexicons_dir() / "WORDNET-LICENSE.txt").read_text(encoding="utf-8")
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in notice
    assert "Permission to use, copy, modify and distribute" in notice


def load_build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_meanings", REPO / "lexicons" / "build_meanings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_build_script_without_wordnet_says_how_to_get_it(tmp_path: Path, capsys) -> None:
    script = load_build_script()
    assert script.main(["--out", str(tmp_path / "out"), "--wordnet", str(tmp_path)]) == 1
    assert "apt-get install wordnet-base" in capsys.readouterr().err


@pytest.mark.system_package("wordnet-base")
def test_build_script_reproduces_the_shipped_meanings(tmp_path: Path) -> None:
    script = load_build_script()
    assert script.main(["--out", str(tmp_path), "--wordnet", str(wordnet_dir())]) == 0
    for name in ("meanings.txt.gz", "WORDNET-LICENSE.txt"):
        assert (tmp_path / name).read_bytes() == (lexicons_dir() / name).read_bytes(), name
