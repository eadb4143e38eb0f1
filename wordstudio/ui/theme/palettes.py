"""The colours of WordStudio's two looks, light and dark, by what they are for.

No Qt here: plain ``#rrggbb`` strings, so tests (and :mod:`.vision`) can check every
pair that is read together - text on its background, a premium square beside another -
for contrast and for colour-vision deficiencies.

* :class:`UiColours` - the window: backgrounds, text, muted text, the accent, the
  good / bad / information tints of status lines, player cards.
* :class:`BoardColours` - the crossword board: frame, labels, squares, tiles.  The
  squares and tiles are a physical board's and stay the same in both looks; the frame,
  labels and the page around them follow the look.
* :data:`LETTER_PREMIUMS` / :data:`WORD_PREMIUMS` - the colour-blind-safe premium
  palette (x2..x11) drawn with symbols: letter premiums blue-cyan-violet, word premiums
  rose-orange-magenta; every pair a board shows together stays apart for protanopia,
  deuteranopia and tritanopia (``tests/test_ui_theme_vision.py`` measures it), and the
  factor is written on each square in ink of at least 4.5:1 contrast.
* :data:`CLASSIC_LETTER` / :data:`CLASSIC_WORD` - the classic look's colours (DL, TL,
  DW, TW labels), kept for players who want a traditional board.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

LIGHT, DARK = "light", "dark"


@dataclass(frozen=True)
class UiColours:
    """The window's colours in one look."""

    name: str
    window: str
    base: str  # lists, text fields
    alternate_base: str
    text: str
    muted: str  # secondary text: notes, captions
    border: str
    button: str
    accent: str  # the current player, focus, highlights
    accent_soft: str  # a background tinted with the accent
    accent_text: str  # text on the accent
    highlight: str  # selected rows
    link: str
    good: str  # success text
    good_soft: str  # success background (status line)
    bad: str  # errors
    bad_soft: str
    info_soft: str  # the neutral status line
    warning_soft: str  # the winner's card
    card: str  # a player's card, a panel
    card_border: str
    play: str  # the Play button
    play_hover: str
    play_disabled: str
    tooltip: str
    tooltip_text: str
    #: Word For Word: puzzle, saved, deleted, open and unknown words.
    puzzle_word: str
    saved_word: str
    deleted_word: str

    def as_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


LIGHT_UI = UiColours(
    name=LIGHT, window="#f4f6f8", base="#ffffff", alternate_base="#f3f5f7", text="#1f2a33",
    muted="#52606d", border="#d0d7de", button="#f6f8fa", accent="#0f7d6b",
    accent_soft="#e3f4f0", accent_text="#ffffff", highlight="#2f80c4", link="#1f5fa8",
    good="#1b6e2c", good_soft="#d3f9d8", bad="#b3261e", bad_soft="#ffe3e3", info_soft="#e9eef3",
    warning_soft="#fff4cc", card="#f6f7f9", card_border="#dde2e7", play="#2b7a3b",
    play_hover="#23692f", play_disabled="#b7c6bb", tooltip="#ffffe1", tooltip_text="#1f2a33",
    puzzle_word="#0b4f9c", saved_word="#1a6e2e", deleted_word="#b3261e")

DARK_UI = UiColours(
    name=DARK, window="#1d2226", base="#15191c", alternate_base="#21272c", text="#e4e8eb",
    muted="#a3afba", border="#3b444c", button="#2a3137", accent="#3cc2a8",
    accent_soft="#1d3a35", accent_text="#0d1f1b", highlight="#2b6cb0", link="#7fb7f2",
    good="#7ee08f", good_soft="#1f3b27", bad="#ff8a80", bad_soft="#45201f", info_soft="#283139",
    warning_soft="#3f3719", card="#252b31", card_border="#39424a", play="#267d3b",
    play_hover="#37a150", play_disabled="#3a4a3f", tooltip="#2a3137", tooltip_text="#e4e8eb",
    puzzle_word="#8cc4ff", saved_word="#7ee08f", deleted_word="#ff8a80")

UI = {LIGHT: LIGHT_UI, DARK: DARK_UI}


@dataclass(frozen=True)
class BoardColours:
    """The crossword board's colours in one look."""

    frame: str
    label: str
    plain: str
    blocked_fill: str
    blocked_mark: str
    tile: str
    tile_edge: str
    tile_text: str
    blank_tile: str
    blank_text: str  # a blank's letter on its tile
    blank_ink: str  # a blank's letter in text on the window (move lists)
    tentative: str
    tentative_edge: str
    last_move: str
    cursor: str
    good: str
    bad: str
    tile_back: str
    star: str
    star_edge: str
    ink_dark: str  # premium factors on light squares
    ink_light: str  # ... on dark squares


BOARD = {
    LIGHT: BoardColours(
        frame="#22303b", label="#c3cfd9", plain="#ece6d6", blocked_fill="#2b3238",
        blocked_mark="#4b5660", tile="#f4d58d", tile_edge="#c79a3b", tile_text="#2a1f12",
        blank_tile="#fbf2dd", blank_text="#b23a1e", blank_ink="#b23a1e", tentative="#ffc94a",
        tentative_edge="#d9480f", last_move="#0f7d6b", cursor="#0b7285", good="#2b7a3b",
        bad="#c92a2a", tile_back="#7a8a99", star="#f2b705", star_edge="#7a5a00",
        ink_dark="#1f2a33", ink_light="#ffffff"),
    DARK: BoardColours(
        frame="#0e1215", label="#aab6c0", plain="#ece6d6", blocked_fill="#2b3238",
        blocked_mark="#4b5660", tile="#f4d58d", tile_edge="#c79a3b", tile_text="#2a1f12",
        blank_tile="#fbf2dd", blank_text="#b23a1e", blank_ink="#ff9e80", tentative="#ffc94a",
        tentative_edge="#d9480f", last_move="#3cc2a8", cursor="#4dd0e1", good="#2f8f45",
        bad="#e03131", tile_back="#7a8a99", star="#f2b705", star_edge="#7a5a00",
        ink_dark="#1f2a33", ink_light="#ffffff"),
}

#: The colour-blind-safe premiums, x2 to x11 (index = factor - 2).  x2 and x3 - every
#: standard board's - are far apart in lightness; x4-x7 and x8-x11 are two runs of
#: their own hue, light to dark, so neighbouring factors never look alike.
LETTER_PREMIUMS = ("#9ee5f9", "#0078b2", "#4fc7ca", "#00a1b3", "#007098", "#00446f",
                   "#9ea6ec", "#6469c2", "#474797", "#2c2864")
WORD_PREMIUMS = ("#ffb1bc", "#c6403b", "#ffb964", "#ed8544", "#b84a2e", "#802920",
                 "#ec96c4", "#c14786", "#96235f", "#611238")

#: The classic look (DL TL DW TW labels): x2, x3, then x4 and beyond.
CLASSIC_LETTER = ("#a5d8ff", "#3b82c4", "#1c4f8a")
CLASSIC_WORD = ("#ffc9c9", "#e03131", "#8f1d2c")
