"""The ten language games' tile sets: each edition's letters, counts, values and blanks.

Each set is written here as the public references print it - grouped by value, ``letter
x count`` - and compared with the game's ``.def`` file, which lists it letter by letter.
Sources: Wikipedia's "Scrabble letter distributions" (the section of each language), and
for French, Spanish, German, Dutch, Catalan, Polish, Swedish and Norwegian also Macondo's
``data/letterdistributions`` files (the Woogles engine); Italian also the Italian
federation's tournament rules (FIGS, 1999, section 1.1).  Portuguese: Wikipedia only.
"""

from __future__ import annotations

import pytest

from wordstudio.crossword.config.files import load_config
from wordstudio.paths import boards_dir

#: code -> (blanks, {points: "letter x count ..."}, total tiles, total points of the letters)
EDITIONS: dict[str, tuple[int, dict[int, str], int, int]] = {
    # French: 102 tiles (the blanks were added to the original 100).
    "fr": (2, {1: "Ex15 Ax9 Ix8 Nx6 Ox6 Rx6 Sx6 Tx6 Ux6 Lx5", 2: "Dx3 Mx3 Gx2",
               3: "Bx2 Cx2 Px2", 4: "Fx2 Hx2 Vx2", 8: "Jx1 Qx1",
               10: "Kx1 Wx1 Xx1 Yx1 Zx1"}, 102, 197),
    # Spanish, sets sold outside North America (FISE).
    "es": (2, {1: "Ax12 Ex12 Ox9 Ix6 Sx6 Nx5 Lx4 Rx5 Ux5 Tx4", 2: "Dx5 Gx2",
               3: "Cx4 Bx2 Mx2 Px2", 4: "Hx2 Fx1 Vx1 Yx1", 5: "CHx1 Qx1",
               8: "Jx1 LLx1 Ñx1 RRx1 Xx1", 10: "Zx1"}, 100, 192),
    # German, since 1990.
    "de": (2, {1: "Ex15 Nx9 Sx7 Ix6 Rx6 Tx6 Ux6 Ax5 Dx4", 2: "Hx4 Gx3 Lx3 Ox3",
               3: "Mx4 Bx2 Wx1 Zx1", 4: "Cx2 Fx2 Kx2 Px1", 6: "Äx1 Jx1 Üx1 Vx1",
               8: "Öx1 Xx1", 10: "Qx1 Yx1"}, 102, 202),
    # Italian (FIGS): 120 tiles.
    "it": (2, {1: "Ox15 Ax14 Ix12 Ex11", 2: "Cx6 Rx6 Sx6 Tx6", 3: "Lx5 Mx5 Nx5 Ux5",
               5: "Bx3 Dx3 Fx3 Px3 Vx3", 8: "Gx2 Hx2 Zx2", 10: "Qx1"}, 120, 293),
    # Dutch: 102 tiles.
    "nl": (2, {1: "Ex18 Nx10 Ax6 Ox6 Ix4", 2: "Dx5 Rx5 Sx5 Tx5",
               3: "Gx3 Kx3 Lx3 Mx3 Bx2 Px2", 4: "Ux3 Fx2 Hx2 Jx2 Vx2 Zx2",
               5: "Cx2 Wx2", 8: "Xx1 Yx1", 10: "Qx1"}, 102, 230),
    # Catalan: 100 tiles, L·L, NY and QU among them.
    "ca": (2, {1: "Ex13 Ax12 Ix8 Rx8 Sx8 Nx6 Ox5 Tx5 Lx4 Ux4", 2: "Cx3 Dx3 Mx3",
               3: "Bx2 Gx2 Px2", 4: "Fx1 Vx1", 8: "Hx1 Jx1 QUx1 Zx1",
               10: "Çx1 L·Lx1 NYx1 Xx1"}, 100, 189),
    # Polish: 100 tiles.
    "pl": (2, {1: "Ax9 Ix8 Ex7 Ox6 Nx5 Zx5 Rx4 Sx4 Wx4", 2: "Yx4 Cx3 Dx3 Kx3 Lx3 Mx3 Px3 Tx3",
               3: "Bx2 Gx2 Hx2 Jx2 Łx2 Ux2", 5: "Ąx1 Ęx1 Fx1 Óx1 Śx1 Żx1", 6: "Ćx1",
               7: "Ńx1", 9: "Źx1"}, 100, 190),
    # Portuguese: 120 tiles, three blanks.
    "pt": (3, {1: "Ax14 Ex11 Ix10 Ox10 Sx8 Ux7 Mx6 Rx6 Tx5", 2: "Dx5 Lx5 Cx4 Px4",
               3: "Nx4 Bx3 Çx2", 4: "Fx2 Gx2 Hx2 Vx2", 5: "Jx2", 6: "Qx1",
               8: "Xx1 Zx1"}, 120, 204),
    # Swedish: 100 tiles; Q, W, Ü and Æ only as blanks.
    "sv": (2, {1: "Ax8 Rx8 Sx8 Tx8 Ex7 Nx6 Dx5 Ix5 Lx5", 2: "Ox5 Gx3 Kx3 Mx3 Hx2",
               3: "Äx2 Fx2 Vx2", 4: "Ux3 Bx2 Px2 Åx2 Öx2", 7: "Jx1 Yx1", 8: "Cx1 Xx1",
               10: "Zx1", 0: "Qx0 Wx0 Üx0 Æx0"}, 100, 194),
    # Norwegian (bokmål): 100 tiles; Q, X, Z, Ä, Ö and Ü only as blanks.
    "nb": (2, {1: "Ex9 Ax7 Nx6 Rx6 Sx6 Tx6 Dx5 Ix5 Lx5", 2: "Fx4 Gx4 Kx4 Ox4 Mx3",
               3: "Hx3", 4: "Bx3 Ux3 Vx3 Jx2 Px2 Åx2", 5: "Øx2", 6: "Yx1 Æx1",
               8: "Wx1", 10: "Cx1", 0: "Qx0 Xx0 Zx0 Äx0 Öx0 Üx0"}, 100, 202),
}


def edition(code: str) -> dict[str, tuple[int, int]]:
    """letter -> (count, points) as the reference prints it."""
    table: dict[str, tuple[int, int]] = {}
    for points, entries in EDITIONS[code][1].items():
        for entry in entries.split():
            letter, count = entry.rsplit("x", 1)
            assert letter not in table, (code, letter)
            table[letter] = (int(count), points)
    return table


@pytest.mark.parametrize("code", sorted(EDITIONS))
def test_each_game_has_its_editions_tiles(code: str) -> None:
    config = load_config(boards_dir() / f"{code}.cfg")
    tiles = config.tiles
    blanks, _, total_tiles, total_points = EDITIONS[code]
    expected = edition(code)
    assert set(tiles.alphabet) == set(expected)
    for letter, count, score in zip(tiles.alphabet, tiles.frequencies, tiles.scores, strict=True):
        assert (count, score) == expected[letter], letter
    assert tiles.blank_count == blanks and tiles.blank_score == 0
    assert tiles.total_tiles == total_tiles
    assert sum(n * s for n, s in zip(tiles.frequencies, tiles.scores, strict=True)) == total_points


@pytest.mark.parametrize("code", sorted(EDITIONS))
def test_each_game_is_the_standard_game_with_its_own_tiles_and_words(code: str) -> None:
    standard = load_config(boards_dir() / "scrabble.cfg")
    config = load_config(boards_dir() / f"{code}.cfg")
    assert config.layout == standard.layout and config.first_move_square == (7, 7)
    assert config.rack_size == 7 and config.play_all_tile_bonus == 50
    assert config.end == standard.end and config.exchange_minimum_bag == 7
    assert config.dictionary == code
    assert config.title and config.title.isprintable()
