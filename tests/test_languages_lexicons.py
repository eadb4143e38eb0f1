"""The ten language games' word lists (lexicons/<code>.txt.gz): what they hold, how they
are read, and their rebuild from Debian's packages by lexicons/build_languages.py."""

from __future__ import annotations

import gzip
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests import system_packages
from wordstudio.crossword.config.files import load_config
from wordstudio.lexicon.catalog import LANGUAGES, common_counterpart, load_lexicon, resolve_lexicon
from wordstudio.lexicon.spelling import Spelling
from wordstudio.lexicon.wordlist import LexiconError, load_word_list, parse_word_list
from wordstudio.paths import boards_dir, lexicons_dir

REPO = Path(__file__).resolve().parent.parent

#: code -> (fewest words the list must hold, words it holds as the language writes them,
#: entries it must not hold: proper nouns, abbreviations, unit symbols, foreign letters).
#: Each checked by hand against the language's spelling and the game's tiles.
CONTENTS: dict[str, tuple[int, tuple[str, ...], tuple[str, ...]]] = {
    "fr": (300_000, ("élève", "cœur", "garçon", "mangeaient", "zythum"),
           ("paris-", "François", "km", "cm", "aujourd'hui", "grand-mère")),
    "es": (500_000, ("chorro", "año", "cantábamos", "llamaron", "perro", "pingüino"),
           ("Madrid", "mostrarse", "comiéndoselo", "km", "cm", "kilo")),
    "de": (250_000, ("Straße", "Bär", "Häuser", "gegangen", "Öl", "Zucker", "Keller",
                     "Fischer", "Arbeit", "Mann", "Apfel"),
           ("GmbH", "DDR", "km", "kg", "3D", "Goethe", "Goethes", "Mozart", "Nokia", "Galilei",
            "Wuppertal", "München", "Alfred")),
    "it": (100_000, ("città", "mangiavano", "perché", "zanzara"),
           ("l'acqua", "lacqua", "km", "Roma", "jeans")),
    "nl": (250_000, ("ijs", "huizen", "ideeën", "fiets"),
           ("km", "Amsterdam", "cm")),
    "ca": (450_000, ("col·lecció", "anys", "quan", "plaça", "llum", "qüestió"),
           ("km", "Barcelona", "yoga")),
    "pl": (3_000_000, ("źdźbło", "żółw", "miasta", "chrząszcz"),
           ("km", "Warszawa", "cm", "quiz")),
    "pt": (300_000, ("coração", "pão", "amanhã", "português"),
           ("Lisboa", "km", "cm")),
    "sv": (100_000, ("råg", "idé", "husen", "smörgås"),
           ("Stockholm", "km", "cm")),
    "nb": (600_000, ("blåbær", "søster", "hus", "kjærlighet"),
           ("Oslo", "km", "cm")),
}


def game_spelling(code: str) -> Spelling:
    return Spelling.of(load_config(boards_dir() / f"{code}.cfg").tiles.alphabet)


@pytest.fixture(scope="module", params=sorted(CONTENTS))
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_every_language_game_has_its_list() -> None:
    assert set(LANGUAGES) == set(CONTENTS)
    for code in LANGUAGES:
        assert resolve_lexicon(code) == lexicons_dir() / f"{code}.txt.gz"
        assert common_counterpart(code) == code  # no common-words list: the whole one
        assert (lexicons_dir() / "licenses").is_dir()


def test_each_list_holds_its_languages_words_in_the_games_tiles(language: str) -> None:
    words = load_lexicon(language)
    spelling = game_spelling(language)
    fewest, present, absent = CONTENTS[language]
    assert words.alphabet == spelling.alphabet and not words.rejected
    assert len(words) >= fewest
    assert spelling.all_written(words.words, 2, 15)
    for written in present:
        assert spelling.fold(written) in words, written
    for written in absent:
        folded = spelling.fold(written)
        assert folded is None or spelling.split(folded) is None or folded not in words, written


def test_a_list_names_its_tiles_on_its_first_line() -> None:
    words = parse_word_list("#alphabet: A C CH O R RR Ñ\nchorro\nAÑO\nCOCHE\ncorro\n"
                            "año\nacción\n", name="t")
    assert words.alphabet == ("A", "C", "CH", "O", "R", "RR", "Ñ")
    assert words.words == ("AÑO", "CHORRO", "CORRO")  # COCHE has an E; ACCIÓN an I and N
    assert [line for line, _ in words.rejected.first] == [4, 7]
    with pytest.raises(LexiconError, match="line 1: the #alphabet line"):
        parse_word_list("#alphabet: A a\nAA\n", source="x.txt")
    plain = parse_word_list("#alphabet is not a word\nCAT\n")
    assert plain.words == ("CAT",) and plain.rejected.count == 1


def test_a_compressed_list_is_read_and_a_damaged_one_named(tmp_path: Path) -> None:
    good = tmp_path / "mine.txt.gz"
    good.write_bytes(gzip.compress("#alphabet: A B L L·L O\nbol·la\nBOLA\n".encode()))
    assert load_word_list(good).words == ("BOLA", "BOL·LA")
    bad = tmp_path / "bad.txt.gz"
    bad.write_bytes(gzip.compress(b"CAT\nDOG\n")[:-6])
    with pytest.raises(LexiconError, match="bad.txt.gz: a damaged compressed word list"):
        load_word_list(bad)


def test_a_language_list_makes_moves_in_its_game() -> None:
    from wordstudio.crossword.board import Board
    from wordstudio.crossword.moves import finder_for
    from wordstudio.crossword.tiles import Rack

    config = load_config(boards_dir() / "es.cfg")
    finder = finder_for(config, load_lexicon("es"))
    moves = finder.moves(Board(config), Rack(("CH", "O", "RR", "O", "A", "S", "T")))
    words = {m.word for m in moves}
    assert {"CHORRO", "CHORROS", "CHORROSA"} & words and "CHORRO" in words
    assert all(m.word.replace("CH", "").replace("RR", "").isalpha() for m in moves)


# --- the rebuild ----------------------------------------------------------------------
def build_script() -> ModuleType:
    """lexicons/build_languages.py as a module (loaded once)."""
    name = "wordstudio_build_languages"
    if name not in sys.modules:
        path = REPO / "lexicons" / "build_languages.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules[name]


def _packages(code: str) -> tuple[str, ...]:
    script = build_script()
    return script.needed_packages(next(lang for lang in script.LANGUAGES if lang.code == code))


@pytest.mark.parametrize("code", [
    pytest.param(code, marks=pytest.mark.system_package(*_packages(code))) for code in CONTENTS
])
@pytest.mark.timeout(1500)  # the Polish list, 4.3 million entries, takes minutes to rebuild
def test_the_build_script_rebuilds_each_list_byte_for_byte(code: str, tmp_path: Path,
                                                           monkeypatch) -> None:
    script = build_script()
    monkeypatch.setattr(script, "DICT", system_packages.dict_dir())
    monkeypatch.setattr(script, "HUNSPELL", system_packages.hunspell_dir())
    monkeypatch.setattr(script, "SCOWL", system_packages.scowl_dir())
    assert script.main(["--out", str(tmp_path), code]) == 0
    name = f"{code}.txt.gz"
    assert (tmp_path / name).read_bytes() == (lexicons_dir() / name).read_bytes()
    for licence in (tmp_path / "licenses").iterdir():
        assert licence.read_bytes() == (lexicons_dir() / "licenses" / licence.name).read_bytes()


def test_the_build_script_names_the_packages_it_lacks(tmp_path: Path, monkeypatch, capsys) -> None:
    script = build_script()
    monkeypatch.setattr(script, "DICT", tmp_path / "no-dict")
    monkeypatch.setattr(script, "HUNSPELL", tmp_path / "no-hunspell")
    assert script.main(["--out", str(tmp_path), "es", "pl"]) == 1
    said = capsys.readouterr().err
    assert "es: missing packages: apt-get install wspanish hunspell-es" in said
    assert "pl: missing packages: apt-get install wpolish" in said
    assert not (tmp_path / "es.txt.gz").exists()


def test_spanish_enclitic_forms_are_left_out() -> None:
    script = build_script()
    aff = ("SFX A Y 2\nSFX A 0 la r\nSFX A 0 melo r\n"
           "SFX B Y 2\nSFX B a illa/S a\nSFX B o illo/S o\n"
           "SFX C Y 2\nSFX C ar o ar\nSFX C r mos ar\n")
    assert script.clitic_flags(aff) == {"A"}
    words = {"MOSTRAR", "MOSTRARSE", "MOSTRANDO", "MOSTRANDOSELO", "PARLA", "PAR", "CANTARLA"}
    assert script.spanish_enclitic_forms(words) == {"MOSTRARSE", "MOSTRANDOSELO"}


def test_german_proper_nouns_are_found_by_names_elsewhere_and_igerman98s_name_class() -> None:
    script = build_script()
    entries = {"Goethe", "Goethes", "Mozart", "Mozarts", "Waigel", "Waigels", "Fischer",
               "Fischern", "Berlin", "Berliner", "Berlinern", "Berlinerin", "Katze", "Katzen",
               "Zucker", "Hanse", "Hans", "Rose", "Rosen", "Physik", "Physiker", "Physikerin",
               "haus"}
    flags = {"Goethe": "S", "Waigel": "S", "Fischer": "FNSm", "Zucker": "Smij", "Physik": "m"}
    elsewhere = {"Mozart", "Fischer", "Berlin", "Katzen", "Zucker", "Rose", "Hans", "Physik"}
    lower = {"rose", "haus"}
    found = script.german_proper_nouns(entries, flags, elsewhere, lower, {"Physik"})
    # Goethe and Waigel by their flags, Mozart and Berlin named elsewhere (Berlin's people
    # are not its plural), each with its genitive where the list has one; Fischer declines
    # (Fischern), Rose is a word elsewhere, Katzen is Katze's plural, Hans has Hanse, and
    # the reviewed list keeps Physik.
    assert found == {"Goethe", "Goethes", "Mozart", "Mozarts", "Waigel", "Waigels", "Berlin",
                     "Zucker"}
    assert "Zucker" not in script.german_proper_nouns(entries, flags, elsewhere, lower,
                                                      {"Physik", "Zucker"})


def test_the_reviewed_german_list_of_common_nouns_holds_words_of_the_german_list() -> None:
    script = build_script()
    kept = script.not_names("de")
    assert {"Zucker", "Keller", "Mitte", "Uni"} <= kept and len(kept) > 100
    german = load_lexicon("de")
    spelling = game_spelling("de")
    playable = [word for word in kept if len(spelling.split(spelling.fold(word)) or ()) <= 15]
    assert len(playable) == len(kept) - 2  # Beeinflusstwerden, Geistesgeschichte: 17 tiles
    assert all(spelling.fold(word) in german for word in playable), playable


def test_consult_reads_a_pattern_in_the_lists_tiles() -> None:
    from wordstudio.lexicon.pattern import search

    catalan, spanish = load_lexicon("ca"), load_lexicon("es")
    assert "COL·LI" in set(search(catalan, "col·l?", False, True))  # four tiles: C O L·L I
    assert "COL·LI" in set(search(catalan, "coŀli", False, True))
    assert list(search(spanish, "ñandú", True, True)) == ["ÑANDU"]
    found = set(search(spanish, "CH?RR?", False, True))
    assert {"CHARRO", "CHORRO", "CHURRO"} <= found
    assert all(Spelling.of(spanish.alphabet).split(w)[0] == "CH" for w in found)
    assert load_lexicon("ca").name == "ca"
