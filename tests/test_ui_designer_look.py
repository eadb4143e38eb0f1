"""How the designer draws squares (issue 17, item 8): the premiums up to x11 each in its
own shade of the colour-blind-safe palette *and* with a symbol and its factor, as the game
board draws them - the designer's x7-x11 swatches were once hard to tell apart."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from wordstudio.crossword.gameconfig import LETTER_CODES, PLAIN, WORD_CODES
from wordstudio.ui.designer import look
from wordstudio.ui.theme import board as theme
from wordstudio.ui.theme.vision import worst_difference

SIZE = 40


def swatch_image(code: str) -> QImage:
    image = look.swatch(code, SIZE).toImage()
    assert (image.width(), image.height()) == (SIZE, SIZE)
    return image


@pytest.mark.parametrize("codes", [LETTER_CODES, WORD_CODES], ids=["letter", "word"])
def test_the_high_factors_each_have_their_own_shade_seen_by_every_vision(qtbot, codes):
    high = codes[5:]  # x7 to x11
    fills = [swatch_image(code).pixelColor(3, SIZE // 2) for code in high]
    assert fills == [look.square_fill(code) for code in high]
    for first, second in itertools.pairwise(fills):
        difference, vision = worst_difference(first.name(), second.name())
        assert difference >= 8, (first.name(), second.name(), vision)
    assert len({fill.name() for fill in fills}) == 5


@pytest.mark.parametrize("code", LETTER_CODES[5:] + WORD_CODES[5:])
def test_each_premium_swatch_carries_its_symbol_and_factor(qtbot, code):
    """Drawn as the board draws it with symbols: the very same pixels."""
    image = swatch_image(code)
    fill = look.square_fill(code)
    ink = theme.ink_for(fill)
    colours = {image.pixel(x, y) for x in range(SIZE) for y in range(SIZE)}
    assert ink.rgb() in colours  # the ring or the diamond
    board = QImage(image.size(), image.format())
    board.fill(0)
    painter = QPainter(board)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    theme.paint_square(painter, QRectF(1, 1, SIZE - 2, SIZE - 2), code, symbols=True)
    painter.end()
    assert board == image
    premium = theme.premium_of(code)
    kind = "W" if code in WORD_CODES else "L"
    assert premium is not None and look.square_label(code) == f"{premium.factor}{kind}"


def test_plain_and_named_squares(qtbot):
    assert look.square_fill(PLAIN) == theme.PLAIN
    assert look.square_name("k") == "Letter \u00d711" and look.square_name("K") == "Word \u00d711"
