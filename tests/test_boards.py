"""The shipped game definitions in ``boards/``: each loads, round-trips, and is the game
it says it is."""

from __future__ import annotations

import string
from collections import deque

import pytest

from wordstudio.crossword.config.document import ConfigDocument
from wordstudio.crossword.config.elements import ELEMENTS, Section
from wordstudio.crossword.config.files import load_config, parse_config, write_config
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.gameconfig import (
    BLOCKED,
    EndRules,
    GameConfig,
    letter_multiplier,
    word_multiplier,
)
from wordstudio.crossword.players.selfplay import play_game
from wordstudio.paths import boards_dir

BOARDS = boards_dir()
#: Every configuration in the folder, Word War's included: they all use the same language.
ALL_FILES = sorted(
    str(p.relative_to(BOARDS)) for p in BOARDS.rglob("*") if p.suffix in (".cfg", ".def")
)
#: The games with a board of their own to check for shape and reachability.
BOARD_GAMES = [
    "scrabble.cfg",
    "computer-scrabble.cfg",
    "wordsworth.cfg",
    "blocked13.cfg",
    "diamond.cfg",
    "gridbrd.cfg",
    "board7.cfg",
    "board21.cfg",
    "super21.cfg",
]

#: The parts those games are made of.
PARTS = [
    "scrabbrd.def", "board13.def", "blocked13.def", "diamond.def", "gridbrd.def",
    "board7.def", "board21.def", "super21.def", "scrabtil.def", "supertil.def",
    "wwtiles.def", "level.def", "color.def", "mono.def", "vga.def", "herc.def",
    "ega.def", "svga.def",
]  # fmt: skip

STANDARD_COUNTS = dict(
    A=9, B=2, C=2, D=4, E=12, F=2, G=3, H=2, I=9, J=1, K=1, L=4, M=2,
    N=6, O=8, P=2, Q=1, R=6, S=4, T=6, U=4, V=2, W=2, X=1, Y=2, Z=1,
)  # fmt: skip
STANDARD_VALUES = dict(
    A=1, B=3, C=3, D=2, E=1, F=4, G=2, H=4, I=1, J=8, K=5, L=1, M=3,
    N=1, O=1, P=3, Q=10, R=1, S=1, T=1, U=1, V=4, W=4, X=8, Y=4, Z=10,
)  # fmt: skip

#: Appendix A, note 5, as the manual prints it.
MANUAL_NOTE_5 = (
    "BaaacaaacaaaB", "a@aaababaaa@a", "aa@aaabaaa@aa", "aaa@aaaaa@aaa", "caaacaaacaaac",
    "abaaababaaaba", "aabaaaBaaabaa", "abaaababaaaba", "caaacaaacaaac", "aaa@aaaaa@aaa",
    "aa@aaabaaa@aa", "a@aaababaaa@a", "BaaacaaacaaaB",
)  # fmt: skip


def test_the_games_and_their_parts_are_shipped() -> None:
    assert all((BOARDS / name).is_file() for name in BOARD_GAMES + PARTS)


@pytest.mark.parametrize("name", ALL_FILES)
def test_every_file_loads_and_round_trips(name: str) -> None:
    config = load_config(BOARDS / name)
    assert parse_config(write_config(config)) == config


@pytest.mark.parametrize("name", BOARD_GAMES)
def test_every_game_has_a_title_and_includes_its_parts(name: str) -> None:
    config = load_config(BOARDS / name)
    assert config.title
    document = ConfigDocument.open(BOARDS / name)
    included = [p for p in document.files[1:] if p is not None]
    assert included and all(p.suffix == ".def" for p in included)
    # The board comes from an included definition file, as in WordsWorth.
    source = document.source("BoardPositionScore")
    assert source is not None and source[0].suffix == ".def"


def squares(config: GameConfig) -> set[tuple[int, int]]:
    return {
        (r, c)
        for r in range(config.rows)
        for c in range(config.columns)
        if config.layout[r][c] != BLOCKED
    }


def on_a_line_of_two(playable: set[tuple[int, int]], r: int, c: int) -> bool:
    """Whether a word of two letters or more can cover the square, across or down."""
    return any((r + dr, c + dc) in playable for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))


@pytest.mark.parametrize("name", BOARD_GAMES)
def test_boards_are_symmetric_and_every_square_is_reachable(name: str) -> None:
    config = load_config(BOARDS / name)
    layout = config.layout
    assert layout == tuple(row[::-1] for row in layout)  # left-right
    assert layout == layout[::-1]  # top-bottom
    if config.rows == config.columns:
        assert layout == tuple("".join(col) for col in zip(*layout, strict=True))  # diagonal
    start = config.first_move_square
    assert start is not None and not config.is_blocked(*start)
    playable = squares(config)
    seen, queue = {start}, deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            square = (r + dr, c + dc)
            if square in playable and square not in seen:
                seen.add(square)
                queue.append(square)
    assert seen == playable
    assert all(on_a_line_of_two(playable, r, c) for r, c in playable)


def test_standard_game() -> None:
    config = load_config(BOARDS / "scrabble.cfg")
    tiles = config.tiles
    assert tiles.alphabet == tuple(string.ascii_uppercase)
    assert dict(zip(tiles.alphabet, tiles.frequencies, strict=True)) == STANDARD_COUNTS
    assert dict(zip(tiles.alphabet, tiles.scores, strict=True)) == STANDARD_VALUES
    assert (tiles.blank_count, tiles.blank_score, tiles.total_tiles) == (2, 0, 100)
    assert (config.rows, config.columns) == (15, 15)
    assert config.number_of_tiles == 7 and config.play_all_tile_bonus == 50
    assert config.first_move_square == (7, 7) and config.square(7, 7) == "B"
    assert config.exchange_minimum_bag == 7
    assert config.end.scoreless_turns_limit == 6
    assert config.end.going_out_bonus and config.end.deduct_unplayed
    assert (config.min_players, config.max_players) == (2, 4)
    counts: dict[str, int] = {}
    for row in config.layout:
        for code in row:
            counts[code] = counts.get(code, 0) + 1
    assert (counts["C"], counts["B"], counts["c"], counts["b"]) == (8, 17, 12, 24)
    assert config.layout[0] == "CaabaaaCaaabaaC"
    assert config.layout[7] == "CaabaaaBaaabaaC"


def test_wordsworth_default_game_is_appendix_a() -> None:
    config = load_config(BOARDS / "wordsworth.cfg")
    # Every Appendix A element at its default; the end of the game as section 2.1 says.
    assert config == GameConfig(title="WordsWorth default 13x13 game",
                                end=EndRules(deduct_unplayed=True, going_out_bonus=False))


def test_wordsworth_game_only_deducts_the_tiles_left_when_a_player_goes_out() -> None:
    """Section 2.1: "If either or both players still hold unplayed tiles, the score of
    those tiles is deducted" - nothing is credited to the player who went out."""
    config = load_config(BOARDS / "wordsworth.cfg")
    seats = [PlayerSpec("A", computer=True, level=8), PlayerSpec("B", computer=True, level=8)]
    for seed in range(1, 30):
        game = play_game(config, seats, seed, lexicon="en-US-standard").game
        if game.went_out is not None and any(len(r) for r in game.racks):
            break
    else:
        raise AssertionError("no seed ends with a player going out while the other holds tiles")
    other = 1 - game.went_out
    left = game.racks[other].value(config.tiles)
    assert left > 0
    assert [(a.player, a.points) for a in game.adjustments] == [(other, -left)]
    assert game.final_scores()[game.went_out] == game.scores[game.went_out]


def test_blocked_board_is_the_manuals() -> None:
    config = load_config(BOARDS / "blocked13.cfg")
    assert config.layout == MANUAL_NOTE_5
    assert config.first_move_square == (6, 6) and config.square(6, 6) == "B"
    assert config.display.get("VideoCard") == "Hercules"
    assert config.display.get("WordMarks") == ("#", "$", "{", "}", "*")


def test_board_sizes() -> None:
    sizes = {name: load_config(BOARDS / name) for name in BOARD_GAMES}
    assert (sizes["board7.cfg"].rows, sizes["board7.cfg"].columns) == (7, 7)
    assert (sizes["board21.cfg"].rows, sizes["board21.cfg"].columns) == (21, 21)
    assert (sizes["super21.cfg"].rows, sizes["super21.cfg"].columns) == (21, 21)
    diamond = sizes["diamond.cfg"]
    assert all(
        (abs(r - 6) + abs(c - 6) > 6) == diamond.is_blocked(r, c)
        for r in range(13)
        for c in range(13)
    )
    grid = sizes["gridbrd.cfg"]
    assert all(
        (r % 3 != 0 and c % 3 != 0) == grid.is_blocked(r, c) for r in range(13) for c in range(13)
    )


def test_super_game_is_bigger_than_the_standard_one() -> None:
    standard = load_config(BOARDS / "scrabble.cfg")
    super_game = load_config(BOARDS / "super21.cfg")
    assert super_game.tiles.total_tiles == 200
    assert super_game.rack_size > standard.rack_size
    word = max(word_multiplier(code) for row in super_game.layout for code in row)
    letter = max(letter_multiplier(code) for row in super_game.layout for code in row)
    assert word >= 4 and letter >= 4
    assert super_game.tiles.scores == standard.tiles.scores


@pytest.mark.parametrize("name", ["color.def", "mono.def"])
def test_display_files_set_every_display_element(name: str) -> None:
    document = ConfigDocument.open(BOARDS / name)
    display = {e.name for e in ELEMENTS if e.section is Section.DISPLAY}
    assert {s.name for s in document.settings()} == display


def test_level_file_sets_every_strategy_element() -> None:
    document = ConfigDocument.open(BOARDS / "level.def")
    strategy = {e.name for e in ELEMENTS if e.section is Section.STRATEGY}
    assert {s.name for s in document.settings()} == strategy
    assert load_config(BOARDS / "level.def") == GameConfig()


def test_readme_describes_every_file_and_extension() -> None:
    readme = (BOARDS / "README.md").read_text(encoding="utf-8")
    for name in BOARD_GAMES + PARTS:
        assert f"`{name}`" in readme, name
    for e in ELEMENTS:
        if e.section is Section.EXTENSION:
            assert f"`{e.name}`" in readme, e.name


def test_config_module_documents_every_extension() -> None:
    import wordstudio.crossword.config.files as config_module

    doc = config_module.__doc__ or ""
    for e in ELEMENTS:
        if e.section is Section.EXTENSION:
            assert e.name in doc, e.name


def test_shipped_files_are_plain_ascii_text() -> None:
    for name in [*BOARD_GAMES, *PARTS, "README.md"]:
        data = (BOARDS / name).read_bytes()
        assert data.isascii() and b"\r" not in data and data.endswith(b"\n"), name


#: The configuration definition files WordsWorth 1.1 shipped (seed 001, section 1's table;
#: its zip names the grid board GRIDBRD.DEF), and the video card each display file sets.
MANUAL_DEFINITIONS = [
    "herc.def", "ega.def", "vga.def", "svga.def", "color.def", "mono.def", "diamond.def",
    "gridbrd.def", "scrabbrd.def", "board21.def", "board7.def", "alice.def", "cia.def",
    "bible.def", "jargon.def", "scrabtil.def", "level.def",
]  # fmt: skip
VIDEO_CARDS = {"herc.def": "Hercules", "ega.def": "EGA", "vga.def": "VGA", "svga.def": "SuperVGA"}


def test_every_definition_file_of_the_manual_is_shipped() -> None:
    shipped = {p.name: p for p in BOARDS.rglob("*.def")}
    assert [name for name in MANUAL_DEFINITIONS if name not in shipped] == []
    for name, card in VIDEO_CARDS.items():
        assert load_config(shipped[name]).display.get("VideoCard") == card
    for name in ("alice.def", "bible.def", "cia.def", "jargon.def"):
        # "Letter frequencies/scores based on ...": a whole tile set, standard-sized.
        tiles = load_config(shipped[name]).tiles
        assert tiles.total_tiles == 100 and len(set(tiles.scores)) > 3
