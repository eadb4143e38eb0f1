"""A worked position for each language game: the best first move of a rack holding the
language's own tiles, its score added up by hand on the standard board (row 8: a double
letter on D8 and L8, the centre H8 doubles the word; a full rack adds 50)."""

from __future__ import annotations

import pytest

from wordstudio.crossword.board import Board
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.moves import finder_for
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir

#: code -> (rack, best score, words that make it, one of them as played, its sum by hand)
WORKED = {
    "fr": (("Z", "E", "B", "R", "E", "S", "A"), 106, {"BASEREZ", "EBRASEZ"}, "8F BASEREZ",
           # B3 A1 S1 E1 R1 E1 Z10x2 = 28, x2 = 56, +50
           (3 + 1 + 1 + 1 + 1 + 1 + 10 * 2) * 2 + 50),
    "es": (("Ñ", "A", "N", "D", "U", "E", "S"), 96, {"ÑANDUES", "DESUÑAN"}, "8D ÑANDUES",
           # Ñ8x2 A1 N1 D2 U1 E1 S1 = 23, x2 = 46, +50
           (8 * 2 + 1 + 1 + 2 + 1 + 1 + 1) * 2 + 50),
    "de": (("Ü", "B", "E", "R", "A", "L", "L"), 94, {"ÜBERALL"}, "8D ÜBERALL",
           # Ü6x2 B3 E1 R1 A1 L2 L2 = 22, x2 = 44, +50
           (6 * 2 + 3 + 1 + 1 + 1 + 2 + 2) * 2 + 50),
    "it": (("Z", "A", "N", "Z", "A", "R", "A"), 114, {"ZANZARA"}, "8D ZANZARA",
           # Z8x2 A1 N3 Z8 A1 R2 A1 = 32, x2 = 64, +50
           (8 * 2 + 1 + 3 + 8 + 1 + 2 + 1) * 2 + 50),
    "nl": (("F", "I", "E", "T", "S", "E", "N"), 82, {"FIETSEN"}, "8D FIETSEN",
           # F4x2 I1 E1 T2 S2 E1 N1 = 16, x2 = 32, +50
           (4 * 2 + 1 + 1 + 2 + 2 + 1 + 1) * 2 + 50),
    "ca": (("C", "O", "L·L", "E", "G", "A", "S"), 42, {"COL·LEGA"}, "8H COL·LEGA",
           # C2 O1 L·L10 E1 G3x2 A1 = 21 (six tiles: the S stays), x2
           (2 + 1 + 10 + 1 + 3 * 2 + 1) * 2),
    "pl": (("Ż", "Ó", "Ł", "W", "I", "E", "K"), 96, {"KIEŁŻÓW"}, "8H KIEŁŻÓW",
           # K2 I1 E1 Ł3 Ż5x2 Ó5 W1 = 23, x2 = 46, +50
           (2 + 1 + 1 + 3 + 5 * 2 + 5 + 1) * 2 + 50),
    "pt": (("C", "O", "R", "A", "Ç", "A", "O"), 76, {"CORAÇAO", "COÇARAO"}, "8H CORAÇAO",
           # C2 O1 R1 A1 Ç3x2 A1 O1 = 13, x2 = 26, +50 (CORAÇÃO: Ã is played as A)
           (2 + 1 + 1 + 1 + 3 * 2 + 1 + 1) * 2 + 50),
    "sv": (("S", "M", "Ö", "R", "G", "Å", "S"), 88, {"SMÖRGÅS"}, "8B SMÖRGÅS",
           # S1 M2 Ö4x2 R1 G2 Å4 S1 = 19, x2 = 38, +50
           (1 + 2 + 4 * 2 + 1 + 2 + 4 + 1) * 2 + 50),
    "nb": (("B", "L", "Å", "B", "Æ", "R", "E"), 52, {"BLÅBÆR"}, "8H BLÅBÆR",
           # B4 L1 Å4 B4 Æ6x2 R1 = 26 (the E stays), x2
           (4 + 1 + 4 + 4 + 6 * 2 + 1) * 2),
}


@pytest.mark.parametrize("code", sorted(WORKED))
def test_the_best_first_move_and_its_score(code: str) -> None:
    rack, best, words, played, by_hand = WORKED[code]
    config = load_config(boards_dir() / f"{code}.cfg")
    moves = finder_for(config, load_lexicon(code)).moves(Board(config), rack)
    assert by_hand == best
    assert moves[0].score == best
    assert {m.word for m in moves if m.score == best} == words
    assert any(m.notation() == played and m.score == best for m in moves)


def test_a_typed_word_folds_its_marks_and_a_records_word_does_not() -> None:
    from wordstudio.crossword.gameconfig import Direction
    from wordstudio.crossword.rules import IllegalMove, placements_from_word

    board = Board(load_config(boards_dir() / "es.cfg"))
    typed = placements_from_word(board, 7, 5, Direction.ACROSS, "chORRÓN", fold=True)
    assert [(p.letter, p.blank) for p in typed] == [
        ("CH", True), ("O", False), ("RR", False), ("O", False), ("N", False)]
    with pytest.raises(IllegalMove, match="'Ó' is not a letter of this game"):
        placements_from_word(board, 7, 5, Direction.ACROSS, "CHORRÓN")
