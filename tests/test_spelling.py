"""Spelling <-> tiles (wordstudio.lexicon.spelling): marks folded or kept as the game's
tiles say, multi-letter tiles taken whenever the letters spell them, typing one key at a
time."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordstudio.crossword.config.files import load_config
from wordstudio.lexicon.spelling import Spelling
from wordstudio.paths import boards_dir

LANGUAGES = ("fr", "es", "de", "it", "nl", "ca", "pl", "pt", "sv", "nb")


#: Property tests draw racks from a game's alphabet; a busy machine makes them slow.
RELAXED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                         HealthCheck.data_too_large])


@cache
def spelling(code: str) -> Spelling:
    return Spelling.of(load_config(boards_dir() / f"{code}.cfg").tiles.alphabet)


SPANISH = spelling("es")
CATALAN = spelling("ca")

#: (language, as written, the tiles) - each checked by hand against the edition's rules.
WORDS = [
    ("es", "chorro", ("CH", "O", "RR", "O")),
    ("es", "llamó", ("LL", "A", "M", "O")),
    ("es", "año", ("A", "Ñ", "O")),
    ("es", "pingüino", ("P", "I", "N", "G", "U", "I", "N", "O")),
    ("es", "Acción", ("A", "C", "C", "I", "O", "N")),
    ("ca", "col·lecció", ("C", "O", "L·L", "E", "C", "C", "I", "O")),
    ("ca", "coŀlecció", ("C", "O", "L·L", "E", "C", "C", "I", "O")),
    ("ca", "col.lecció", ("C", "O", "L·L", "E", "C", "C", "I", "O")),
    ("ca", "llum", ("L", "L", "U", "M")),
    ("ca", "anys", ("A", "NY", "S")),
    ("ca", "qüestió", ("QU", "E", "S", "T", "I", "O")),
    ("ca", "plaça", ("P", "L", "A", "Ç", "A")),
    ("fr", "cœur", ("C", "O", "E", "U", "R")),
    ("fr", "élève", ("E", "L", "E", "V", "E")),
    ("fr", "garçon", ("G", "A", "R", "C", "O", "N")),
    ("de", "Straße", ("S", "T", "R", "A", "S", "S", "E")),
    ("de", "Bär", ("B", "Ä", "R")),
    ("de", "Café", ("C", "A", "F", "E")),
    ("it", "città", ("C", "I", "T", "T", "A")),
    ("nl", "ĳs", ("I", "J", "S")),
    ("nl", "ideeën", ("I", "D", "E", "E", "E", "N")),
    ("pl", "źdźbło", ("Ź", "D", "Ź", "B", "Ł", "O")),
    ("pt", "coração", ("C", "O", "R", "A", "Ç", "A", "O")),
    ("sv", "idé", ("I", "D", "E")),
    ("sv", "råg", ("R", "Å", "G")),
    ("nb", "blåbær", ("B", "L", "Å", "B", "Æ", "R")),
    ("nb", "søster", ("S", "Ø", "S", "T", "E", "R")),
]


@pytest.mark.parametrize(("code", "written", "tiles"), WORDS)
def test_words_become_the_tiles_the_edition_plays(code: str, written: str,
                                                   tiles: tuple[str, ...]) -> None:
    rules = spelling(code)
    assert rules.tiles(written) == tiles
    assert rules.spell(tiles) == rules.fold(written)


@pytest.mark.parametrize(("code", "written"), [
    ("es", "kilo"), ("es", "wifi"),   # no K or W tile in Spanish
    ("ca", "yoga"),                   # Catalan's Y is only in NY
    ("ca", "qatar"),                  # nor a Q without its U
    ("it", "jeans"), ("pl", "quiz"), ("fr", "grand-mère"), ("fr", "aujourd'hui"),
    ("de", "3D"), ("es", "Ωmega"),
])
def test_words_no_tiles_can_spell(code: str, written: str) -> None:
    assert spelling(code).tiles(written) is None


def test_marks_with_a_tile_stay_and_the_others_go() -> None:
    assert spelling("de").fold("Öl") == "ÖL" and spelling("de").fold("Äpfel,") is None
    assert spelling("de").fold("Crème") == "CREME"
    assert spelling("sv").fold("Ö") == "Ö" and spelling("nb").fold("Ö") == "Ö"  # blank-only
    assert spelling("fr").fold("Ö") == "O" and spelling("es").fold("Ñ") == "Ñ"
    assert spelling("fr").fold("Ñ") == "N" and spelling("pl").fold("Ł") == "Ł"
    assert spelling("it").fold("Ł") == "L"


@st.composite
def tile_words(draw: st.DrawFn, code: str) -> tuple[str, ...]:
    rules = spelling(code)
    return tuple(draw(st.lists(st.sampled_from(rules.alphabet), min_size=1, max_size=15)))


@pytest.mark.parametrize("code", LANGUAGES)
@RELAXED
@given(data=st.data())
def test_spell_fold_unfold(code: str, data: st.DataObject) -> None:
    """Tiles spelt, folded and split again are the same tiles whenever no two of them
    spell a multi-letter tile together; the folded text always is a fixed point."""
    rules = spelling(code)
    tiles = data.draw(tile_words(code))
    text = rules.spell(tiles)
    assert rules.fold(text) == text and rules.fold(text.lower()) == text
    again = rules.tiles(text.lower())
    assert again is not None and rules.spell(again) == text
    if rules.canonical(tiles):
        assert again == tiles
    else:
        # A multi-letter tile read across two tiles' boundary: other tiles, same text.
        assert again != tiles and any(len(t) > 1 for t in again)


@RELAXED
@given(st.text(alphabet="aáàâäãåæçčéèêëíìîïñóòôöõøœúùûüýÿßłńśźżąęćcdhlnqruy·", max_size=20))
def test_folding_is_idempotent_and_splits_into_the_alphabet(text: str) -> None:
    for code in ("es", "ca", "fr", "pl", "nb"):
        rules = spelling(code)
        folded = rules.fold(text)
        if folded is None:
            continue
        assert rules.fold(folded) == folded
        tiles = rules.split(folded)
        if tiles is not None:
            assert all(t in rules.alphabet for t in tiles) and rules.spell(tiles) == folded


def typed(rules: Spelling, keys: str) -> list[str]:
    """The tiles on the board after typing ``keys`` one at a time."""
    board: list[str] = []
    pending = ""
    for key in keys:
        step = rules.keystroke(pending, key)
        assert step is not None, key
        if step.take_back:
            board.pop()
        if step.place is not None:
            board.append(step.place)
        pending = step.pending
    return board


def test_typing_takes_multi_letter_tiles() -> None:
    assert typed(SPANISH, "chorro") == ["CH", "O", "RR", "O"]
    assert typed(SPANISH, "calle") == ["C", "A", "LL", "E"]
    assert typed(SPANISH, "ñandú") == ["Ñ", "A", "N", "D", "U"]
    assert typed(CATALAN, "col·lecció") == ["C", "O", "L·L", "E", "C", "C", "I", "O"]
    assert typed(CATALAN, "quan") == ["QU", "A", "N"]
    assert typed(CATALAN, "llum") == ["L", "L", "U", "M"]
    assert typed(CATALAN, "any") == ["A", "NY"]
    assert typed(spelling("fr"), "chez") == ["C", "H", "E", "Z"]
    assert SPANISH.keystroke("", "k") is None and SPANISH.keystroke("", "-") is None


@RELAXED
@given(st.lists(st.sampled_from(SPANISH.alphabet), min_size=1, max_size=12))
def test_typing_a_words_letters_gives_its_tiles(tiles: list[str]) -> None:
    if SPANISH.canonical(tiles):
        assert typed(SPANISH, SPANISH.spell(tiles).lower()) == tiles
