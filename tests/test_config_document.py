"""ConfigDocument: editing configuration files in place for the designer."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wordstudio.crossword.config.document import ConfigDocument
from wordstudio.crossword.config.files import ConfigError, load_config, parse_config
from wordstudio.crossword.gameconfig import Direction, Scoring
from wordstudio.paths import boards_dir

SHIPPED = sorted(p.name for p in boards_dir().iterdir() if p.suffix in (".cfg", ".def"))


@pytest.fixture
def boards(tmp_path: Path) -> Path:
    """A private copy of the shipped boards folder, safe to edit."""
    folder = tmp_path / "boards"
    shutil.copytree(boards_dir(), folder)
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


# --- opening and saving back unchanged ---------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_file_opens_and_saves_back_unchanged(boards: Path, name: str) -> None:
    before = snapshot(boards)
    document = ConfigDocument.open(boards / name)
    for path, text in document.texts().items():
        assert path is not None and path.read_bytes() == text.encode("utf-8")
    assert document.to_config() == load_config(boards / name)
    assert not document.is_modified and document.save() == []
    copy = boards / "copy" / name
    document.save(copy)  # save as, into a sub-folder: Includes must still be found
    assert load_config(copy) == load_config(boards / name)
    del before[name]
    after = snapshot(boards)
    del after[name]
    assert after == before


def test_saving_as_in_the_same_folder_is_byte_for_byte(boards: Path) -> None:
    document = ConfigDocument.open(boards / "scrabble.cfg")
    document.save(boards / "mine.cfg")
    assert (boards / "mine.cfg").read_bytes() == (boards / "scrabble.cfg").read_bytes()


def test_files_lists_the_top_file_then_its_includes(boards: Path) -> None:
    document = ConfigDocument.open(boards / "scrabble.cfg")
    assert [p.name for p in document.files if p] == [
        "scrabble.cfg",
        "scrabbrd.def",
        "scrabtil.def",
        "level.def",
        "color.def",
    ]
    assert document.path == boards / "scrabble.cfg"


# --- where settings come from ------------------------------------------------------------


def test_source_value_and_value_text(boards: Path) -> None:
    document = ConfigDocument.open(boards / "scrabble.cfg")
    assert document.source("rows") == (boards / "scrabbrd.def", 7)
    assert document.source("NumberOfTiles")[0] == boards / "scrabble.cfg"
    assert document.source("ScoreLimit") is None and not document.is_set("ScoreLimit")
    assert document.value_text("FirstMoveRow") == "8"
    assert document.value_text("BoardPositionScore").startswith("{\nCaabaaaCaaabaaC\n")
    assert document.value_text("ScoreLimit") is None
    assert document.value("Rows") == 15
    assert document.value("ScoreLimit") == 0  # the default
    assert document.value("BoardColor") == "Green"
    assert document.value("minimumallowedscore") == 0  # an alias finds the element


def test_settings_lists_each_element_once_where_it_is_in_force(tmp_path: Path) -> None:
    write(tmp_path / "a.def", "Rows = 9\nNumberOfTiles = 5\n")
    top = write(tmp_path / "t.cfg", "Include = a.def\nnumberoftiles = 6\n")
    settings = ConfigDocument.open(top).settings()
    assert [(s.name, s.path, s.line, s.value_text) for s in settings] == [
        ("Rows", tmp_path / "a.def", 1, "9"),
        ("NumberOfTiles", top, 2, "6"),
    ]


# --- editing -------------------------------------------------------------------------------


def test_set_rewrites_the_value_in_the_file_it_came_from(boards: Path) -> None:
    document = ConfigDocument.open(boards / "scrabble.cfg")
    level_before = (boards / "level.def").read_text()
    document.set("MinimumWordLength", 3)
    document.set("lengthweight", "-1")
    text = document.text(boards / "level.def")
    assert text == level_before.replace(
        "MinimumWordLength = 0       #", "MinimumWordLength = 3       #"
    ).replace("LengthWeight = 2            #", "LengthWeight = -1            #")
    assert document.modified_files() == [boards / "level.def"]
    assert document.to_config().strategy.minimum_word_length == 3
    assert document.save() == [boards / "level.def"]
    assert (boards / "level.def").read_text() == text
    assert load_config(boards / "scrabble.cfg").strategy.length_weight == -1
    assert not document.is_modified


def test_set_an_unset_element_appends_it_to_the_top_file(boards: Path) -> None:
    document = ConfigDocument.open(boards / "scrabble.cfg")
    before = document.text()
    document.set("ScoreLimit", 400)
    document.set("Directions", (Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_DOWN))
    document.set("Scoring", Scoring.LENGTH_SQUARED)
    document.set("BackwardWords", True)
    assert document.text() == before + (
        "ScoreLimit = 400\n"
        "Directions = { Across Down DiagonalDown }\n"
        "Scoring = LengthSquared\n"
        "BackwardWords = 1\n"
    )
    config = document.to_config()
    assert config.end.score_limit == 400 and config.backward_words
    assert config.directions[-1] is Direction.DIAGONAL_DOWN
    assert document.source("ScoreLimit") == (boards / "scrabble.cfg", before.count("\n") + 1)


def test_set_board_and_tables_from_python_values(boards: Path) -> None:
    document = ConfigDocument.open(boards / "board7.cfg")
    layout = ("DaaaaaD", "a@aaa@a", "aaaaaaa", "aaaBaaa", "aaaaaaa", "a@aaa@a", "DaaaaaD")
    document.set("BoardPositionScore", layout)
    document.set("LetterScores", tuple(range(27)))
    document.set("StartingBoard", ("...A...",) + (".......",) * 6)
    config = document.to_config()
    assert config.layout == layout
    assert config.tiles.scores == tuple(range(26)) and config.tiles.blank_score == 26
    assert config.starting_board[0] == "...A..."
    board_def = document.text(boards / "board7.def")
    assert "BoardPositionScore = {\nDaaaaaD\na@aaa@a\n" in board_def
    assert board_def.startswith("# board7.def -- a 7x7 baby board.")
    assert "FirstMoveRow = 4\nFirstMoveCol = 4\n" in board_def


def test_strings_are_escaped(tmp_path: Path) -> None:
    document = ConfigDocument.from_text("Title = old  # the name\n", tmp_path / "t.cfg")
    document.set("Title", "Fish & chips #1 {new} $5")
    assert document.text() == "Title = Fish & chips \\#1 \\{new\\} \\$5  # the name\n"
    assert document.to_config().title == "Fish & chips #1 {new} $5"


def test_set_keeps_comments_and_spelling(tmp_path: Path) -> None:
    text = (
        "# My game\n"
        "minimumAllowedScore = 3   # not too weak\n"
        "\n"
        "LetterMarks = { 1 2 }     # marks\n"
        "Title =\n"
    )
    document = ConfigDocument.from_text(text, tmp_path / "g.cfg")
    document.set("MininumAllowedScore", 7)
    document.set("LetterMarks", ("x",))
    document.set("Title", "Named")
    assert document.text() == (
        "# My game\n"
        "minimumAllowedScore = 7   # not too weak\n"
        "\n"
        "LetterMarks = { x }     # marks\n"
        "Title = Named\n"
    )


def test_set_replaces_a_table_that_opens_on_a_later_line(tmp_path: Path) -> None:
    text = "WordMarks =\n# the marks\n{ 1 2\n3 }\nRows = 13\n"
    document = ConfigDocument.from_text(text, tmp_path / "g.cfg")
    document.set("WordMarks", "{ a b }")
    assert document.text() == "WordMarks =\n# the marks\n{ a b }\nRows = 13\n"
    document.set("VideoCard", "VGA")
    document.set("WordMarks", "{ }")
    assert document.to_config().display.get("WordMarks") is None


def test_rows_added_before_the_entries_that_depend_on_it(tmp_path: Path) -> None:
    board = "\n".join(["aaaaaaaaaaaaaaa"] * 15)
    document = ConfigDocument.from_text(
        f"Title = t\nColumns = 15\nBoardPositionScore = {{\n{board}\n}}\n", tmp_path / "g.cfg"
    )
    document.set("Rows", 15)
    assert document.text().startswith("Title = t\nColumns = 15\nRows = 15\nBoardPositionScore")
    assert document.to_config().rows == 15


def test_rows_added_before_the_include_that_brings_a_board(tmp_path: Path) -> None:
    write(tmp_path / "b.def", "FirstMoveRow = 9\n")
    top = write(tmp_path / "g.cfg", "Title = t\nInclude = b.def\nNumberOfTiles = 7\n")
    document = ConfigDocument.open(top)
    document.set("Rows", 11)
    assert document.text() == "Title = t\nRows = 11\nInclude = b.def\nNumberOfTiles = 7\n"
    assert document.to_config().first_move_row == 9


def test_lines_added_keep_the_files_line_endings(tmp_path: Path) -> None:
    top = tmp_path / "g.cfg"
    top.write_bytes(b"Title = t\r\nRows = 3\r\nColumns = 3")
    document = ConfigDocument.open(top)
    document.set("StartingBoard", ("...", ".Q.", "..."))
    document.save()
    assert top.read_bytes() == (
        b"Title = t\r\nRows = 3\r\nColumns = 3\r\nStartingBoard = {\r\n...\r\n.Q.\r\n...\r\n}\r\n"
    )
    assert load_config(top).starting_board[1] == ".Q."


def test_bad_values_are_refused_and_leave_the_document_alone(boards: Path) -> None:
    document = ConfigDocument.open(boards / "scrabble.cfg")
    texts = document.texts()
    for name, value in [
        ("Rows", "fifteen"),
        ("Rows", 99),
        ("BoardColor", "Pink"),
        ("LetterMarks", "{ 1 2"),
        ("LetterMarks", "{ 1 } Rows = 3"),
        ("Directions", "{ Sideways }"),
        ("Nonsense", 1),
    ]:
        with pytest.raises(ConfigError):
            document.set(name, value)
    assert document.texts() == texts and not document.is_modified


def test_to_config_reports_an_unfinished_design(boards: Path) -> None:
    document = ConfigDocument.open(boards / "board7.cfg")
    document.set("Columns", 8)  # the board rows now have the wrong width
    with pytest.raises(ConfigError) as caught:
        document.to_config()
    assert caught.value.path == boards / "board7.def" and caught.value.line == 10
    assert "row 1 has 7 squares, not 8" in caught.value.message
    document.set("BoardPositionScore", tuple("a" * 8 for _ in range(7)))
    assert document.to_config().columns == 8


def test_remove_takes_every_setting_out_so_the_default_applies(tmp_path: Path) -> None:
    write(tmp_path / "a.def", "# tiles\nNumberOfTiles = 5   # five\nRows = 9\n")
    top = write(tmp_path / "t.cfg", "Include = a.def\n# override\nNumberOfTiles = 6\nTitle = x\n")
    document = ConfigDocument.open(top)
    assert document.remove("numberoftiles") == 2
    assert document.text(tmp_path / "a.def") == "# tiles\nRows = 9\n"
    assert document.text() == "Include = a.def\n# override\nTitle = x\n"
    assert document.value("NumberOfTiles") == 6 and document.source("NumberOfTiles") is None
    assert document.remove("NumberOfTiles") == 0
    assert sorted(p.name for p in document.save()) == ["a.def", "t.cfg"]


def test_remove_a_table() -> None:
    document = ConfigDocument.from_text("Rows = 1\nLetterMarks = {\n1\n2\n}\nTitle = t\n")
    document.remove("LetterMarks")
    assert document.text() == "Rows = 1\nTitle = t\n"


def test_document_from_text_is_saved_to_a_new_file(tmp_path: Path) -> None:
    write(
        tmp_path / "parts" / "board.def",
        "Rows = 5\nColumns = 5\nFirstMoveRow = 3\nFirstMoveCol = 3\n",
    )
    document = ConfigDocument.from_text(
        "Title = New\nInclude = board.def\n", tmp_path / "parts" / "new.cfg"
    )
    with pytest.raises(ValueError):
        ConfigDocument.from_text("Title = x\n").save()
    target = tmp_path / "games" / "new.cfg"
    assert document.save(target) == [target]
    assert target.read_text() == "Title = New\nInclude = ../parts/board.def\n"
    assert load_config(target).rows == 5
    assert document.path == target and not document.is_modified


def test_opening_problems_are_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        ConfigDocument.open(tmp_path / "missing.cfg")
    write(tmp_path / "inner.def", "Include = other.def\n")
    with pytest.raises(ConfigError) as caught:
        ConfigDocument.open(write(tmp_path / "top.cfg", "Include = inner.def\n"))
    assert caught.value.path == tmp_path / "inner.def" and caught.value.line == 1
    with pytest.raises(ConfigError) as caught:
        ConfigDocument.open(write(tmp_path / "top2.cfg", "\nInclude = gone.def\n"))
    assert caught.value.line == 2


def test_edited_document_equals_the_same_game_written_fresh(boards: Path) -> None:
    document = ConfigDocument.open(boards / "super21.cfg")
    document.set("NumberOfTiles", 9)
    document.set("RackWallColor", "Red")
    document.save()
    expected = load_config(boards / "super21.cfg")
    assert expected.number_of_tiles == 9
    assert expected.display.get("RackWallColor") == "Red"
    assert parse_config(document.text(), document.path) == expected
