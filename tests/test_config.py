"""The WordsWorth configuration language: syntax, every element, errors, round trips."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordstudio.crossword.config.elements import (
    DISPLAY_ELEMENTS,
    ELEMENT_NAMES,
    elements_of,
)
from wordstudio.crossword.config.files import (
    MAX_STATEMENTS,
    ConfigError,
    SourceFile,
    build_config,
    config_to_json,
    load_config,
    parse_config,
    read_source,
    write_config,
)
from wordstudio.crossword.config.syntax import MAX_LINE_CHARS
from wordstudio.crossword.config.values import COLOURS, MAX_VIDEO_MODE, TEXTURES, VIDEO_CARDS
from wordstudio.crossword.gameconfig import (
    DEFAULT_ALPHABET,
    Direction,
    Display,
    EndRules,
    ExchangeAllowed,
    FirstMoveDir,
    FreeForm,
    GameConfig,
    Scoring,
    Strategy,
    TileSet,
)
from wordstudio.errors import UserError


def plain_board(rows: int, columns: int) -> str:
    return "\n".join("a" * columns for _ in range(rows))


def error_of(text: str, path: str | None = "x.cfg") -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, path)
    return caught.value


# --- syntax --------------------------------------------------------------------------------


def test_empty_text_is_the_appendix_a_default_game() -> None:
    config = parse_config("")
    assert config == GameConfig()
    assert (config.rows, config.columns, config.number_of_tiles) == (13, 13, 6)
    assert (config.first_move_row, config.first_move_col) == (8, 8)
    assert config.strategy.maximum_word_length == 21
    assert config.strategy.blank_threshold == 20
    assert config.strategy.adaptive_strategy == 1
    assert config.strategy.length_weight == 2
    assert config.dictionary == "wwdict"
    frequencies = dict(zip(DEFAULT_ALPHABET, config.tiles.frequencies, strict=True))
    assert {v: frequencies[v] for v in "AEIOU"} == {"A": 7, "E": 10, "I": 6, "O": 7, "U": 4}
    assert frequencies["B"] == 2 and config.tiles.blank_count == 2
    assert set(config.tiles.scores) == {1} and config.tiles.blank_score == 0


def test_comments_whitespace_and_case_insensitive_names() -> None:
    text = (
        "\n# a comment line\n"
        "    rOwS   =   15     # trailing comment\n"
        "COLUMNS=15\n"
        "\tboardPositionScore = {\n" + plain_board(15, 15) + "\n  }  # the board\n"
        "videoCard = vga\n"
    )
    config = parse_config(text)
    assert (config.rows, config.columns) == (15, 15)
    assert config.display.get("VideoCard") == "VGA"


def test_escapes_and_character_codes() -> None:
    config = parse_config(
        "Title = Fish \\& chips \\#1 \\{x\\} \\$5 \\\\ done  # comment\n"
        "LetterMarks = { $1 $2 $3 $4 $5 $6 $7 $8 $9 $0 }\n"
        "WordMarks = { \\# \\$ \\{ \\} \\  }\n"
    )
    assert config.title == "Fish & chips #1 {x} $5 \\ done"
    assert config.display.get("LetterMarks") == tuple(chr(n) for n in range(1, 11))
    assert config.display.get("WordMarks") == ("#", "$", "{", "}", " ")


def test_strings_keep_inner_whitespace() -> None:
    assert parse_config("Title =   Two  words  \n").title == "Two  words"
    assert parse_config("Dictionary = my words.txt").dictionary == "my words.txt"


def test_table_may_span_lines_and_open_on_the_next_line() -> None:
    config = parse_config(
        "LetterScores =\n"
        "  # the scores, A to Z, then the blank\n"
        "{ 1 3 3 2 1 4 2 4 1 8 5 1 3\n"
        "  1 1 3 10 1 1 1 1 4 4 8 4 10\n"
        "  0 }\n"
    )
    assert config.tiles.scores[:3] == (1, 3, 3) and config.tiles.scores[-1] == 10


def test_numbers_separated_by_commas_or_whitespace_weights_negative() -> None:
    weights = ", ".join(str(n) for n in range(-13, 13)) + ", -20"
    config = parse_config(f"LetterWeights = {{ {weights} }}")
    assert config.tiles.weights == tuple(range(-13, 13))
    assert config.tiles.blank_weight == -20


@given(st.integers(min_value=0, max_value=MAX_LINE_CHARS - 100),
       st.integers(min_value=-99, max_value=99))
@settings(max_examples=25, deadline=None)
def test_leading_zeros_never_stop_a_number(zeros: int, weight: int) -> None:
    """However many zeros a number starts with, as long as its line is not over-long (the
    long fuzz run tried tens of thousands: Python's int() refuses strings of more than
    4,300 digits), it is read."""
    sign = "-" if weight < 0 else ""
    rest = " 1" * 25
    config = parse_config(f"LetterWeights = {{ {sign}{'0' * zeros}{abs(weight)}{rest} }}")
    assert config.tiles.weights[0] == weight


def test_crlf_and_cr_line_endings() -> None:
    text = "Rows = 3\r\nColumns = 4\r\nBoardPositionScore = {\r\naaaa\r\naBaa\r\naaaa\r\n}\r\n"
    config = parse_config(text + "FirstMoveRow = 2\r\nFirstMoveCol = 2\r\n")
    assert config.layout == ("aaaa", "aBaa", "aaaa")
    assert parse_config("Rows = 3\rColumns = 5\r").columns == 5


def test_a_later_setting_overrides_an_earlier_one() -> None:
    assert parse_config("NumberOfTiles = 7\nNumberOfTiles = 8\n").number_of_tiles == 8


# --- every element -----------------------------------------------------------------------

EVERY_ELEMENT = """
Title = Every element
Dictionary = en-GB-large
Rows = 5
Columns = 6
BoardPositionScore = {
CaabaD
aKkaa@
aaBaaa
abaaca
@aaaaa
}
FirstMoveRow = 3
FirstMoveCol = 3
FirstMoveDir = 2
FreeForm = 5
NumberOfTiles = 9
PlayAllTileBonusPoints = 35
Alphabet = { A B CH D }
LetterFrequencies = { 5 4 3 2 6 }
LetterScores = { 1 2 3 4 9 }
LetterWeights = { -1 0 1 2 -7 }
ExchangeAllowed = 3
VideoCard = SuperVGA
VideoMode = 4
LengthWeight = -3
MininumAllowedScore = 4
MaximumAllowedScore = 80
RestrictedSearchMin = 5
RestrictedSearchCount = 40
MinimumWordLength = 3
MaximumWordLength = 9
ControlStrategy = 1
IncludeCrossWeights = 1
AdaptiveStrategy = 0
BlankThreshold = 33
SkillLevel = 9
ThinkingTime = 12
LetterMarks = { $1 $2 $3 }
LetterMarkColors = { red Blue green }
LetterMarkBColors = { White white WHITE }
LetterMarkBTextures = { solid line thinslash }
WordMarks = { $6 $7 }
WordMarkColors = { Black Yellow }
WordMarkBColors = { LightRed Red }
WordMarkBTextures = { ThickHatch InterleavingLine }
BoardColor = Green
BoardTexture = Solid
BoardLeftShadowColor = Black
BoardLeftShadowTexture = ThickSlash
BoardTopShadowColor = White
BoardTopShadowTexture = ThickBackslash
TileLeftShadowColor = Brown
TileLeftShadowTexture = ThinBackslash
TileTopShadowColor = Yellow
TileTopShadowTexture = ThinHatch
TileColor = LightCyan
TileTexture = WideSpacedDots
AlternateTileColor = LightMagenta
AlternateTileTexture = Line
NonPlayableSquareColor = DarkGray
NonPlayableSquareTexture = CloseSpacedDots
RackWallColor = Magenta
RackWallTexture = Solid
RackBaseColor = Cyan
RackBaseTexture = Solid
BlankTileTextColor = LightGreen
NormalTileTextColor = LightBlue
MessageTextColor = Red
LabelColor = LightRed
MinimumPlayers = 2
MaximumPlayers = 3
ExchangeMinimumBag = 7
ScorelessTurnsLimit = 6
ScoreLimit = 500
DeductUnplayedTiles = 0
GoingOutBonus = 0
PassingEnds = 0
Directions = { Across, Down, DiagonalDown, DiagonalUp }
BackwardWords = 1
Scoring = LengthSquared
WildOncePerWord = 1
WildNoPlurals = 1
StuckExchangeAll = 1
StartingBoard = {
......
..A...
..b...
......
.....d
}
"""


def test_the_every_element_sample_names_every_element() -> None:
    named = {line.split("=")[0].strip() for line in EVERY_ELEMENT.splitlines() if "=" in line}
    assert named >= set(ELEMENT_NAMES)


def test_every_element_parses_onto_game_config() -> None:
    config = parse_config(EVERY_ELEMENT)
    assert config.title == "Every element"
    assert config.dictionary == "en-GB-large"
    assert (config.rows, config.columns) == (5, 6)
    assert config.layout == ("CaabaD", "aKkaa@", "aaBaaa", "abaaca", "@aaaaa")
    assert (config.first_move_row, config.first_move_col) == (3, 3)
    assert config.first_move_dir is FirstMoveDir.ACROSS
    assert config.free_form is FreeForm.FREE and config.free_form_value == 5
    assert config.number_of_tiles == 9 and config.play_all_tile_bonus == 35
    assert config.tiles == TileSet(
        alphabet=("A", "B", "CH", "D"),
        frequencies=(5, 4, 3, 2),
        scores=(1, 2, 3, 4),
        weights=(-1, 0, 1, 2),
        blank_count=6,
        blank_score=9,
        blank_weight=-7,
    )
    assert config.exchange_allowed is ExchangeAllowed.BEFORE_ANY
    assert config.strategy == Strategy(
        length_weight=-3,
        minimum_allowed_score=4,
        maximum_allowed_score=80,
        restricted_search_min=5,
        restricted_search_count=40,
        minimum_word_length=3,
        maximum_word_length=9,
        control_strategy=1,
        include_cross_weights=1,
        adaptive_strategy=0,
        blank_threshold=33,
        skill_level=9,
        thinking_time=12,
    )
    assert (config.min_players, config.max_players) == (2, 3)
    assert config.exchange_minimum_bag == 7
    assert config.end == EndRules(6, 500, False, False, passing_ends=False)
    assert config.directions == tuple(Direction)
    assert config.backward_words and config.scoring is Scoring.LENGTH_SQUARED
    assert config.wild_once_per_word and config.wild_no_plurals and config.stuck_exchange_all
    assert config.starting_board == ("......", "..A...", "..b...", "......", ".....d")


def test_display_elements_are_checked_canonicalised_and_kept() -> None:
    display = parse_config(EVERY_ELEMENT).display
    assert [name for name, _ in display.values] == [
        e.name for e in DISPLAY_ELEMENTS
    ]  # every one differs from its default, and they come in canonical order
    assert display.get("LetterMarkColors") == ("Red", "Blue", "Green")
    assert display.get("LetterMarkBColors") == ("White", "White", "White")
    assert display.get("LetterMarkBTextures") == ("Solid", "Line", "ThinSlash")
    assert display.get("VideoCard") == "SuperVGA" and display.get("VideoMode") == 4
    assert display.get("NonPlayableSquareTexture") == "CloseSpacedDots"


def test_display_defaults_are_not_stored() -> None:
    assert parse_config("BoardColor = cyan\nBoardTexture = CloseSpacedDots") == GameConfig()


@pytest.mark.parametrize("colour", COLOURS)
def test_every_colour_name(colour: str) -> None:
    config = parse_config(f"LabelColor = {colour.upper()}")
    assert config.display.get("LabelColor", "LightGray") == colour


@pytest.mark.parametrize("texture", TEXTURES)
def test_every_texture_name(texture: str) -> None:
    config = parse_config(f"TileTexture = {texture.lower()}")
    assert config.display.get("TileTexture", "Solid") == texture


@pytest.mark.parametrize("card", VIDEO_CARDS)
def test_video_settings_are_accepted_and_kept(card: str) -> None:
    config = parse_config(f"VideoCard = {card}\nVideoMode = 1")
    assert config.display.get("VideoCard", "Autodetect") == card
    assert config.display.get("VideoMode") == 1


def test_setup_examples_videotype_is_videocard() -> None:
    assert parse_config("VideoType = EGA\nVideoMode = 2").display.as_dict() == {
        "VideoCard": "EGA",
        "VideoMode": 2,
    }


@pytest.mark.parametrize("name", ["MininumAllowedScore", "MinimumAllowedScore"])
def test_both_spellings_of_minimum_allowed_score(name: str) -> None:
    config = parse_config(f"{name} = 12")
    assert config.strategy.minimum_allowed_score == 12
    assert "MininumAllowedScore = 12" in write_config(config)
    assert "MinimumAllowedScore" not in write_config(config)


def test_manuals_exchangealowed_spelling() -> None:
    assert parse_config("ExchangeAlowed = 2").exchange_allowed is ExchangeAllowed.BEFORE_PASS


def test_per_letter_tables_take_n_or_n_plus_one_values() -> None:
    config = parse_config("LetterFrequencies = {" + " 3" * 26 + " }")
    assert config.tiles.frequencies == (3,) * 26 and config.tiles.blank_count == 2
    config = parse_config("LetterFrequencies = {" + " 3" * 26 + " 5 }")
    assert config.tiles.blank_count == 5


def test_custom_alphabet_with_multi_character_tiles() -> None:
    config = parse_config(
        "Alphabet = { A B C CH D E LL Ñ RR }\n"
        "LetterFrequencies = { 12 2 4 1 5 12 1 1 1 2 }\n"
        "LetterScores = { 1 3 3 5 2 1 8 8 8 }\n"
    )
    tiles = config.tiles
    assert tiles.alphabet == ("A", "B", "C", "CH", "D", "E", "LL", "Ñ", "RR")
    assert tiles.frequencies == (12, 2, 4, 1, 5, 12, 1, 1, 1) and tiles.blank_count == 2
    assert tiles.score_of("CH") == 5 and tiles.blank_score == 0
    assert tiles.weights == (0,) * 9


def test_custom_alphabet_defaults_follow_appendix_a() -> None:
    tiles = parse_config("Alphabet = { A B Ç }").tiles
    assert tiles.frequencies == (7, 2, 2) and tiles.scores == (1, 1, 1)


def test_alphabet_may_come_after_the_tables() -> None:
    config = parse_config("LetterScores = { 1 2 3 0 }\nAlphabet = { X Y Z }")
    assert config.tiles.scores == (1, 2, 3)


def test_board_as_one_run_of_characters() -> None:
    config = parse_config("Rows = 3\nColumns = 3\nBoardPositionScore = { aBa @a@ aaa }")
    assert config.layout == ("aBa", "@a@", "aaa")


def test_every_premium_code_up_to_x11() -> None:
    config = parse_config(
        "Rows = 2\nColumns = 11\nBoardPositionScore = {\nabcdefghijk\n@BCDEFGHIJK\n}\n"
        "FirstMoveRow = 1\nFirstMoveCol = 1\n"
    )
    assert config.layout == ("abcdefghijk", "@BCDEFGHIJK")


def test_boards_up_to_30_by_30() -> None:
    config = parse_config(
        f"Rows = 30\nColumns = 30\nBoardPositionScore = {{\n{plain_board(30, 30)}\n}}"
    )
    assert config.rows == config.columns == 30


def test_word_war_style_board() -> None:
    config = parse_config(
        "Title = A Word War board\nRows = 4\nColumns = 5\n"
        "BoardPositionScore = {\naaa@a\na@aaa\naaa@a\naa@aa\n}\n"
        "StartingBoard = {\nA....\n...E.\n.I...\n....O\n}\n"
        "LetterFrequencies = {" + " 2" * 26 + " 2 }\n"
    )
    assert config.starting_board == ("A....", "...E.", ".I...", "....O")
    # Appendix A's default first move (row 8, column 8) does not fit: it is dropped.
    assert config.first_move_square is None


def test_default_first_move_is_dropped_on_a_blocked_square() -> None:
    board = ["aaaaaaaaaaaaa"] * 13
    board[7] = "aaaaaaa@aaaaa"
    config = parse_config("BoardPositionScore = {\n" + "\n".join(board) + "\n}")
    assert (config.first_move_row, config.first_move_col) == (0, 0)
    config = parse_config("BoardPositionScore = {\n" + "\n".join(board) + "\n}\nFirstMoveRow = 8")
    assert (config.first_move_row, config.first_move_col) == (8, 0)


def test_empty_starting_board() -> None:
    assert parse_config("StartingBoard = { }").starting_board == ()
    dots = "\n".join("." * 13 for _ in range(13))
    assert parse_config(f"StartingBoard = {{\n{dots}\n}}").starting_board == ()


# --- errors ------------------------------------------------------------------------------

ERRORS = [
    ("Foo = 1", 1, "unknown element 'Foo'"),
    ("Rows = 15\n\nBoardColour = Red", 3, "did you mean 'BoardColor'"),
    ("Rows = fifteen", 1, "Rows needs a whole number, not 'fifteen'"),
    ("Rows = 1 5", 1, "Rows needs a whole number"),
    ("Rows = 31", 1, "Rows must be 1 to 30, not 31"),
    ("Columns = 0", 1, "Columns must be 1 to 30, not 0"),
    ("NumberOfTiles = -1", 1, "NumberOfTiles needs a whole number"),
    ("FirstMoveDir = 3", 1, "FirstMoveDir must be 0 to 2"),
    ("ExchangeAllowed = 4", 1, "ExchangeAllowed must be 0 to 3"),
    ("LengthWeight = x", 1, "LengthWeight needs a number"),
    ("BoardColor = Pink", 1, "unknown colour 'Pink'"),
    ("BoardTexture = Plaid", 1, "unknown texture 'Plaid'"),
    ("VideoCard = CGA", 1, "unknown video card 'CGA'"),
    ("LetterMarkColors = { Red\nMauve }", 2, "unknown colour 'Mauve'"),
    ("LetterMarks = { 1 2 3 4 5\n6 7 8 9 0 X }", 2, "at most 10"),
    ("WordMarkBTextures = {" + " Solid" * 11 + " }", 1, "has 11 entries; at most 10"),
    ("BoardColor = { Red }", 1, "BoardColor takes a colour, not a table"),
    ("LetterScores = 1 2 3", 1, "LetterScores needs a table"),
    ("LetterScores = { 1 2 3 }", 1, "LetterScores has 3 values; the 26-letter alphabet needs 26"),
    ("\nLetterWeights = {" + " 1" * 28 + " }", 2, "has 28 values"),
    ("LetterFrequencies = { 1 -2 }", 1, "needs a whole number for each letter, not '-2'"),
    ("Alphabet = { A b }", 1, "letter 'b' must be made of upper-case letters"),
    ("Alphabet = { A B A }", 1, "lists 'A' twice"),
    ("Alphabet = { }", 1, "needs at least one letter"),
    ("Dictionary =", 1, "Dictionary needs a value"),
    ("DeductUnplayedTiles = 2", 1, "must be 0 or 1, not '2'"),
    ("Scoring = Squares", 1, "unknown scoring 'Squares'"),
    ("Directions = { Across Sideways }", 1, "unknown direction 'Sideways'"),
    ("Directions = { Across across }", 1, "lists Across twice"),
    ("MinimumPlayers = 5\nMaximumPlayers = 3", 2, "MinimumPlayers (5) is more than"),
    (
        "Rows = 3\nColumns = 3\nBoardPositionScore = {\naaa\naaaa\naaa\n}",
        5,
        "row 2 has 4 squares, not 3",
    ),
    ("Rows = 3\nColumns = 3\nBoardPositionScore = {\naaa\naaa\n}", 6, "has 2 rows, not 3"),
    ("Rows = 2\nColumns = 3\nBoardPositionScore = {\naaa\naaa\naaa\n}", 6, "more than 2 rows"),
    ("Rows = 1\nColumns = 3\nBoardPositionScore = { alB }", 3, "'l' would be a letter x12 square"),
    ("Rows = 1\nColumns = 3\nBoardPositionScore = {\naLa\n}", 4, "'L' would be a word x12 square"),
    (
        "Rows = 1\nColumns = 3\nBoardPositionScore = { a%a }",
        3,
        "row 1, column 2: unknown square '%'",
    ),
    (
        "BoardPositionScore = {" + "a" * 169 + "}\nRows = 13",
        2,
        "Rows must be set before BoardPositionScore (line 1)",
    ),
    ("FirstMoveCol = 3\n\nColumns = 13", 3, "Columns must be set before FirstMoveCol"),
    ("StartingBoard = { }\nRows = 13", 2, "Rows must be set before StartingBoard"),
    ("Rows = 7\nFirstMoveRow = 8", 2, "FirstMoveRow 8 is outside the board, which has 7 rows"),
    ("Columns = 7\nFirstMoveCol = 9", 2, "FirstMoveCol 9 is outside the board"),
    (
        "Rows = 1\nColumns = 2\nBoardPositionScore = { a@ }\nFirstMoveRow = 1\nFirstMoveCol = 2",
        5,
        "row 1, column 2, which is a blocked square",
    ),
    (
        "Rows = 1\nColumns = 2\nFirstMoveRow = 1\nFirstMoveCol = 2\nBoardPositionScore = { a@ }",
        5,
        "which is a blocked square",
    ),
    (
        "Rows = 2\nColumns = 2\nBoardPositionScore = { a@ @@ }\nFirstMoveRow = 2\nFirstMoveCol = 0",
        4,
        "must cross row 2, which is all blocked squares",
    ),
    (
        "Rows = 2\nColumns = 2\nStartingBoard = {\n..\n.3\n}",
        5,
        "row 2, column 2: '3' is not a letter",
    ),
    (
        "Rows = 2\nColumns = 2\nStartingBoard = {\n..\n.Q\n}\nAlphabet = { A }",
        5,
        "'Q' is not a letter of the alphabet",
    ),
    (
        "Rows = 2\nColumns = 2\nBoardPositionScore = { aa a@ }\nStartingBoard = {\nA.\n.A\n}\nFirstMoveRow = 1",
        6,
        "row 2, column 2: a tile on a blocked square",
    ),
    ("Rows = 3\nBoardPositionScore = {\n", 2, "the '{' of BoardPositionScore is never closed"),
    ("Rows = 3\n}\n", 2, "'}' has no matching '{'"),
    ("Rows = 3 }", 1, "'}' has no matching '{'"),
    ("LetterMarks = { 1 { 2 }", 1, "'{' inside a table"),
    ("LetterMarks = { 1 2 } 3", 1, "unexpected text after '}'"),
    ("Rows = 3 {", 1, "'{' must come straight after 'Rows ='"),
    ("{ 1 2 }", 1, "a table needs a name"),
    ("Title = $x", 1, "'$' must be followed by one digit"),
    ("Title = cost\\", 1, "a '\\' at the end of a line escapes nothing"),
    ("Rows 13", 1, "expected '=' after 'Rows'"),
    ("= 13", 1, "expected 'Name = value'"),
    ("Include =", 1, "Include needs a file name"),
]


@pytest.mark.parametrize(("text", "line", "fragment"), ERRORS)
def test_errors_name_the_line_and_the_problem(text: str, line: int, fragment: str) -> None:
    error = error_of(text)
    assert error.line == line, str(error)
    assert fragment in error.message, str(error)
    assert str(error).startswith(f"x.cfg, line {line}: ")


def test_config_error_shape() -> None:
    error = error_of("\n" * 11 + "Foo = 1", "boards/x.def")
    assert isinstance(error, UserError) and error.exit_status == 2
    assert error.path == Path("boards/x.def") and error.line == 12
    assert error.message == "unknown element 'Foo'"
    assert str(error) == "boards/x.def, line 12: unknown element 'Foo'"
    assert str(pickle.loads(pickle.dumps(error))) == str(error)
    assert str(ConfigError(None, 3, "bad")) == "line 3: bad"
    assert str(ConfigError("a.cfg", None, "bad")) == "a.cfg: bad"


# --- files and includes -----------------------------------------------------------------


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_includes_are_relative_to_the_including_file(tmp_path: Path) -> None:
    write(
        tmp_path / "games" / "board.def",
        "Rows = 3\nColumns = 3\nFirstMoveRow = 2\nFirstMoveCol = 2\n",
    )
    write(tmp_path / "games" / "parts" / "tiles.def", "NumberOfTiles = 4\n")
    top = write(
        tmp_path / "games" / "game.cfg",
        "Title = Included\nInclude = board.def\nInclude = parts/tiles.def\nNumberOfTiles = 5\n",
    )
    config = load_config(top)
    assert (config.rows, config.first_move_row, config.title) == (3, 2, "Included")
    assert config.number_of_tiles == 5  # the top file's later setting wins
    assert parse_config(top.read_text(), top) == config


def test_include_names_match_case_insensitively_like_dos(tmp_path: Path) -> None:
    write(tmp_path / "scrabbrd.def", "Rows = 15\nColumns = 15\nFirstMoveRow = 8\n")
    assert load_config(write(tmp_path / "a.cfg", "Include = SCRABBRD.DEF\n")).rows == 15


def test_include_without_a_path_is_relative_to_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "b.def", "Rows = 9\n")
    monkeypatch.chdir(tmp_path)
    assert parse_config("Include = b.def").rows == 9


def test_nested_include_is_an_error_in_the_included_file(tmp_path: Path) -> None:
    write(tmp_path / "inner.def", "Rows = 3\n")
    write(tmp_path / "middle.def", "# middle\nColumns = 4\nInclude = inner.def\n")
    top = write(tmp_path / "top.cfg", "\nInclude = middle.def\n")
    with pytest.raises(ConfigError) as caught:
        load_config(top)
    assert caught.value.path == tmp_path / "middle.def" and caught.value.line == 3
    assert "cannot include another" in caught.value.message
    assert f"{top}, line 2" in caught.value.message


def test_missing_include_is_an_error_at_the_include_line(tmp_path: Path) -> None:
    top = write(tmp_path / "top.cfg", "Rows = 3\nInclude = nowhere.def\n")
    with pytest.raises(ConfigError) as caught:
        load_config(top)
    assert (caught.value.path, caught.value.line) == (top, 2)
    assert "cannot read included file" in caught.value.message


def test_an_include_repeated_thousands_of_times_is_refused_at_the_limit(tmp_path: Path) -> None:
    """A part of ten settings included 2,500 times: the Include that takes the count past
    MAX_STATEMENTS is named; the part is read from disk once, however often included."""
    write(tmp_path / "part.def", "".join(f"LengthWeight = {n}\n" for n in range(10)))
    top = write(tmp_path / "top.cfg", "Rows = 3\n" + "Include = part.def\n" * 2_500)
    with pytest.raises(ConfigError) as caught:
        load_config(top)
    # Rows, then eleven statements an Include (itself and its ten): the Include whose
    # settings cross the limit.
    included = (MAX_STATEMENTS - 1) // 11 + 1
    assert (caught.value.path, caught.value.line) == (top, 1 + included)
    assert f"more than {MAX_STATEMENTS:,} settings" in caught.value.message
    reads: list[Path] = []

    def counting(path: Path) -> SourceFile:
        reads.append(path)
        return read_source(path)

    config = build_config(SourceFile.from_text("Include = part.def\n" * 3, tmp_path / "t.cfg"),
                          counting)
    assert config.strategy.length_weight == 9 and reads == [tmp_path / "part.def"]


def test_a_file_of_too_many_settings_is_refused_at_the_first_past_the_limit() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config("LengthWeight = 1\n" * (MAX_STATEMENTS + 5), "x.cfg")
    assert caught.value.line == MAX_STATEMENTS + 1
    assert parse_config("LengthWeight = 3\n" * MAX_STATEMENTS).strategy.length_weight == 3


def test_errors_inside_an_included_file_name_that_file(tmp_path: Path) -> None:
    write(tmp_path / "bad.def", "Rows = 3\nColumns = 3\nBoardPositionScore = {\naaa\naa\naaa\n}\n")
    top = write(tmp_path / "top.cfg", "Include = bad.def\n")
    with pytest.raises(ConfigError) as caught:
        load_config(top)
    assert (caught.value.path, caught.value.line) == (tmp_path / "bad.def", 5)


def test_rows_after_a_board_entry_in_an_included_file(tmp_path: Path) -> None:
    write(tmp_path / "board.def", "FirstMoveRow = 3\n")
    top = write(tmp_path / "top.cfg", "Include = board.def\nRows = 9\n")
    with pytest.raises(ConfigError) as caught:
        load_config(top)
    assert (caught.value.path, caught.value.line) == (top, 2)
    assert "board.def, line 1" in caught.value.message


def test_missing_or_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "none.cfg")
    assert caught.value.line is None and "cannot read the file" in str(caught.value)
    with pytest.raises(ConfigError):
        load_config(tmp_path)  # a folder


def test_files_in_other_encodings(tmp_path: Path) -> None:
    (tmp_path / "bom.cfg").write_bytes(b"\xef\xbb\xbfTitle = Caf\xc3\xa9\n")
    assert load_config(tmp_path / "bom.cfg").title == "Café"
    (tmp_path / "dos.cfg").write_bytes(b"# \x82 a DOS comment\nRows = 9\n")
    assert load_config(tmp_path / "dos.cfg").rows == 9


# --- writing and JSON --------------------------------------------------------------------


def test_write_config_writes_every_element() -> None:
    text = write_config(GameConfig())
    for name in ELEMENT_NAMES:
        assert name in text, name
    assert "\nInclude =" not in text
    assert parse_config(text) == GameConfig()


def test_write_config_round_trips_every_element() -> None:
    config = parse_config(EVERY_ELEMENT)
    assert parse_config(write_config(config)) == config


def test_write_config_escapes_strings() -> None:
    config = GameConfig(title=" #1 {best} $5 \\ game ", dictionary="my\tlist")
    assert parse_config(write_config(config)) == config


def test_config_to_json_names_every_element() -> None:
    data = config_to_json(parse_config(EVERY_ELEMENT))
    assert list(data) == list(ELEMENT_NAMES)
    assert data["BoardPositionScore"] == ["CaabaD", "aKkaa@", "aaBaaa", "abaaca", "@aaaaa"]
    assert data["LetterFrequencies"] == [5, 4, 3, 2, 6]
    assert data["Alphabet"] == ["A", "B", "CH", "D"]
    assert data["MininumAllowedScore"] == 4
    assert data["LetterMarks"] == ["\x01", "\x02", "\x03"]
    assert data["Directions"] == ["Across", "Down", "DiagonalDown", "DiagonalUp"]
    assert data["Scoring"] == "LengthSquared"
    assert data["BackwardWords"] is True and data["DeductUnplayedTiles"] is False
    assert data["StartingBoard"][1] == "..A..."
    assert data["Title"] == "Every element"
    json.dumps(data)


def test_config_to_json_of_the_defaults() -> None:
    data = config_to_json(GameConfig())
    assert data["BoardColor"] == "Cyan" and data["RackBaseTexture"] == "WideSpacedDots"
    assert data["VideoCard"] == "Autodetect" and data["VideoMode"] is None
    assert data["LetterMarks"] == [] and data["StartingBoard"] == []
    assert data["LetterScores"] == [1] * 26 + [0]


# --- property: any GameConfig survives write -> parse --------------------------------------

_LETTERS = [*DEFAULT_ALPHABET, "CH", "LL", "RR", "Ñ", "Ä", "Ö", "Ü", "Ç", "IJ", "Ø"]
_TEXT = st.text(st.characters(codec="utf-8", exclude_characters="\r"), max_size=20)


def _display_value(name: str, data: st.DataObject) -> object:
    kind = next(e for e in DISPLAY_ELEMENTS if e.name == name).kind.__class__.__name__
    if name == "VideoMode":
        return data.draw(st.integers(0, MAX_VIDEO_MODE))
    if name == "VideoCard":
        return data.draw(st.sampled_from(VIDEO_CARDS))
    if kind == "CharTable":
        chars = st.characters(codec="utf-8", exclude_characters="\r")
        return tuple(data.draw(st.lists(chars, max_size=10)))
    if kind == "ChoiceTable":
        names = COLOURS if "Color" in name else TEXTURES
        return tuple(data.draw(st.lists(st.sampled_from(names), max_size=10)))
    return data.draw(st.sampled_from(COLOURS if "Color" in name else TEXTURES))


@st.composite
def game_configs(draw: st.DrawFn) -> GameConfig:
    data = draw(st.data())
    rows, columns = draw(st.integers(1, 30)), draw(st.integers(1, 30))
    codes = "aaaaaaaaaabcdefghijkBCDEFGHIJK@"
    layout = [
        list(draw(st.text(st.sampled_from(codes), min_size=columns, max_size=columns)))
        for _ in range(rows)
    ]
    row, col = draw(st.integers(0, rows)), draw(st.integers(0, columns))
    if row and col:
        layout[row - 1][col - 1] = "a"
    elif row:
        layout[row - 1][0] = "a"
    elif col:
        layout[0][col - 1] = "a"
    alphabet = tuple(
        draw(
            st.one_of(
                st.just(DEFAULT_ALPHABET),
                st.lists(st.sampled_from(_LETTERS), min_size=1, max_size=40, unique=True),
            )
        )
    )
    n = len(alphabet)
    numbers = st.lists(st.integers(0, 30), min_size=n, max_size=n)
    tiles = TileSet(
        alphabet=alphabet,
        frequencies=tuple(draw(numbers)),
        scores=tuple(draw(numbers)),
        weights=tuple(draw(st.lists(st.integers(-30, 30), min_size=n, max_size=n))),
        blank_count=draw(st.integers(0, 9)),
        blank_score=draw(st.integers(0, 9)),
        blank_weight=draw(st.integers(-30, 30)),
    )
    starting: tuple[str, ...] = ()
    singles = [letter for letter in alphabet if len(letter) == 1]
    if singles and draw(st.booleans()):
        cells = st.sampled_from([".", ".", ".", *singles, *(s.lower() for s in singles)])
        board = [[draw(cells) if code != "@" else "." for code in line] for line in layout]
        if all(cell == "." for line in board for cell in line):
            playable = [(r, c) for r in range(rows) for c in range(columns) if layout[r][c] != "@"]
            if playable:
                r, c = playable[0]
                board[r][c] = singles[0]
        starting = tuple("".join(line) for line in board)
        if all(set(line) == {"."} for line in starting):
            starting = ()
    shown = data.draw(st.sets(st.sampled_from([e.name for e in DISPLAY_ELEMENTS])))
    display = []
    for e in DISPLAY_ELEMENTS:
        if e.name in shown:
            value = _display_value(e.name, data)
            if value != e.default:
                display.append((e.name, value))
    free_form = draw(st.integers(0, 12))
    low = draw(st.integers(1, 6))
    return GameConfig(
        rows=rows,
        columns=columns,
        layout=tuple("".join(line) for line in layout),
        first_move_row=row,
        first_move_col=col,
        first_move_dir=draw(st.sampled_from(FirstMoveDir)),
        free_form=FreeForm.from_value(free_form),
        free_form_value=free_form,
        tiles=tiles,
        number_of_tiles=draw(st.integers(0, 12)),
        play_all_tile_bonus=draw(st.integers(0, 100)),
        exchange_allowed=draw(st.sampled_from(ExchangeAllowed)),
        dictionary=draw(_TEXT.filter(bool)),
        strategy=Strategy(
            draw(st.integers(-5, 50)), *(draw(st.integers(0, 50)) for _ in range(10))
        ),
        display=Display(tuple(display)),
        title=draw(_TEXT),
        min_players=low,
        max_players=draw(st.integers(low, 8)),
        exchange_minimum_bag=draw(st.integers(0, 10)),
        end=EndRules(
            draw(st.integers(0, 10)),
            draw(st.integers(0, 999)),
            draw(st.booleans()),
            draw(st.booleans()),
            draw(st.booleans()),
        ),
        directions=tuple(draw(st.lists(st.sampled_from(Direction), min_size=1, unique=True))),
        backward_words=draw(st.booleans()),
        scoring=draw(st.sampled_from(Scoring)),
        wild_once_per_word=draw(st.booleans()),
        wild_no_plurals=draw(st.booleans()),
        stuck_exchange_all=draw(st.booleans()),
        starting_board=starting,
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_configs())
def test_any_config_survives_write_then_parse(config: GameConfig) -> None:
    text = write_config(config)
    assert parse_config(text) == config
    assert config_to_json(parse_config(text)) == config_to_json(config)


def test_elements_of_is_the_inverse_of_reading() -> None:
    config = parse_config(EVERY_ELEMENT)
    values = elements_of(config)
    assert values["FreeForm"] == 5 and values["LetterScores"] == (1, 2, 3, 4, 9)
