"""The light and dark looks, checked as people with every common colour vision see them.

Thresholds are CIEDE2000 differences seen with normal vision, protanopia, deuteranopia
and tritanopia (the worst of the four counts): 8 and more is "clearly a different
colour", 5 "noticeably different"; text needs a WCAG contrast of 4.5:1.
"""

from __future__ import annotations

import itertools

import pytest

from wordstudio.ui.theme import palettes
from wordstudio.ui.theme.palettes import BOARD, CLASSIC_WORD, LETTER_PREMIUMS, UI, WORD_PREMIUMS
from wordstudio.ui.theme.vision import contrast, worst_difference

LOOKS = list(UI)


def ink(fill: str, board: palettes.BoardColours) -> str:
    return max((board.ink_dark, board.ink_light), key=lambda c: contrast(fill, c))


def test_ten_shades_of_each_premium_kind():
    assert len(LETTER_PREMIUMS) == len(WORD_PREMIUMS) == 10  # x2 to x11
    assert len(set(LETTER_PREMIUMS + WORD_PREMIUMS)) == 20


@pytest.mark.parametrize("factor", range(2, 12))
def test_a_letter_and_a_word_premium_of_one_factor_are_clearly_different(factor):
    difference, vision = worst_difference(LETTER_PREMIUMS[factor - 2], WORD_PREMIUMS[factor - 2])
    assert difference >= 8, (factor, vision)


@pytest.mark.parametrize("ramp", [LETTER_PREMIUMS, WORD_PREMIUMS], ids=["letter", "word"])
def test_neighbouring_factors_never_look_alike(ramp):
    for factor, (first, second) in enumerate(itertools.pairwise(ramp), start=2):
        difference, vision = worst_difference(first, second)
        assert difference >= 8, (factor, factor + 1, vision)
    # Double and triple - every standard board's - are far apart.
    assert worst_difference(ramp[0], ramp[1])[0] >= 20


@pytest.mark.parametrize("look", LOOKS)
def test_premiums_stand_out_from_the_board_and_carry_readable_factors(look):
    board = BOARD[look]
    for fill in LETTER_PREMIUMS + WORD_PREMIUMS:
        for other in (board.plain, board.tile, board.blank_tile, board.blocked_fill):
            assert worst_difference(fill, other)[0] >= 5, (fill, other)
        assert contrast(fill, ink(fill, board)) >= 4.5, fill


def test_the_classic_double_word_square_nearly_vanishes_for_deuteranopes():
    # Why the colour-blind-safe palette is the default: the classic pink double word
    # square and a plain square are hardly different with deuteranopia.
    difference, vision = worst_difference(CLASSIC_WORD[0], BOARD[palettes.LIGHT].plain)
    assert difference < 4 and vision == "deuteranopia"
    assert worst_difference(WORD_PREMIUMS[0], BOARD[palettes.LIGHT].plain)[0] >= 5


READ_TOGETHER = [
    ("text", "window"), ("text", "base"), ("text", "card"), ("text", "alternate_base"),
    ("muted", "window"), ("muted", "base"), ("muted", "card"), ("text", "info_soft"),
    ("good", "good_soft"), ("bad", "bad_soft"), ("good", "window"), ("bad", "window"),
    ("accent_text", "accent"), ("link", "base"), ("text", "accent_soft"),
    ("text", "warning_soft"), ("tooltip_text", "tooltip"), ("text", "button"),
    ("puzzle_word", "base"), ("saved_word", "base"), ("deleted_word", "base"),
    ("puzzle_word", "warning_soft"), ("saved_word", "warning_soft"),
    ("deleted_word", "warning_soft"),
]


@pytest.mark.parametrize("look", LOOKS)
def test_every_text_colour_reads_on_its_background(look):
    ui = UI[look].as_dict()
    for text, background in READ_TOGETHER:
        assert contrast(ui[text], ui[background]) >= 4.5, (look, text, background)
    assert contrast("#ffffff", ui["play"]) >= 4.5
    assert contrast(BOARD[look].blank_ink, ui["base"]) >= 4.5
    assert contrast(BOARD[look].label, BOARD[look].frame) >= 4.5


def test_the_dark_look_is_dark_and_the_light_look_light():
    from wordstudio.ui.theme.vision import relative_luminance

    assert relative_luminance(UI[palettes.DARK].window) < 0.05 < 0.8 < relative_luminance(
        UI[palettes.LIGHT].window)
    assert relative_luminance(UI[palettes.DARK].text) > 0.6
