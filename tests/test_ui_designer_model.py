"""The designer's Qt-free parts: the document (lenient values, exact restores, tables
that keep their layout, templates saved with their parts), board editing (symmetry,
strokes, fills, resizing) and the checks, one case per message."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.crossword.gameconfig import DEFAULT_ALPHABET
from wordstudio.paths import boards_dir
from wordstudio.ui.designer import boardedit
from wordstudio.ui.designer.boardedit import Symmetry
from wordstudio.ui.designer.checks import Area, Level, check_design
from wordstudio.ui.designer.document import DesignDocument, format_table_like, source_label


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


def board_file(folder: Path, rows: list[str], extra: str = "", name: str = "game.cfg") -> Path:
    body = "\n".join(rows)
    return write(folder / name, f"Rows = {len(rows)}\nColumns = {len(rows[0])}\n"
                                f"BoardPositionScore = {{\n{body}\n}}\n{extra}")


def messages(document: DesignDocument) -> list[str]:
    return [p.message for p in check_design(document, document.design_values())]


# --- the document ---------------------------------------------------------------------------


def test_values_of_a_valid_game_are_the_engines(tmp_path: Path) -> None:
    document = DesignDocument.open(boards_dir() / "scrabble.cfg")
    values = document.design_values()
    config = load_config(boards_dir() / "scrabble.cfg")
    assert values.valid and values.rows == 15 and values["NumberOfTiles"] == 7
    assert values["BoardPositionScore"] == config.layout
    assert values.blank_written == dict.fromkeys(values.blank_written, True)
    assert source_label(document, "BoardPositionScore") == "scrabbrd.def, line 10"
    assert source_label(document, "Scoring") == "default"


def test_a_broken_board_is_still_shown_padded(tmp_path: Path) -> None:
    write(tmp_path / "board.def", "Rows = 3\nColumns = 4\nBoardPositionScore = {\naBaa\naa\n@aaa\n}\n")
    document = DesignDocument.open(write(tmp_path / "game.cfg", "Include = board.def\n"))
    values = document.design_values()
    assert not values.valid
    assert values["BoardPositionScore"] == ("aBaa", "aaaa", "@aaa")


def test_unknown_squares_read_as_plain_and_tables_as_far_as_they_go(tmp_path: Path) -> None:
    path = board_file(tmp_path, ["aZa", "aaa"], "LetterScores = { 1 2 x 3 }\n")
    values = DesignDocument.open(path).design_values()
    assert values["BoardPositionScore"] == ("aaa", "aaa")
    assert values["LetterScores"][:3] == (1, 2, 3) and len(values["LetterScores"]) == 27


def test_restore_text_puts_a_file_back_exactly(tmp_path: Path) -> None:
    path = board_file(tmp_path, ["aaa", "aaa"], "# keep me\nNumberOfTiles = 7\n")
    document = DesignDocument.open(path)
    before = document.text(path)
    document.set("NumberOfTiles", 5)
    assert document.text(path) != before
    document.restore_text(path, before)
    assert document.text(path) == before and not document.is_modified


def test_set_near_puts_the_alphabet_beside_the_tables(tmp_path: Path) -> None:
    tiles = write(tmp_path / "tiles.def", (boards_dir() / "scrabtil.def").read_text())
    document = DesignDocument.open(write(tmp_path / "game.cfg", "Include = tiles.def\nTitle = x\n"))
    alphabet = (*DEFAULT_ALPHABET, "CH")
    document.set_near("Alphabet", alphabet, "LetterFrequencies")
    text = document.text(tiles)
    assert text.index("Alphabet = {") < text.index("LetterFrequencies")
    assert "Alphabet" not in document.text(tmp_path / "game.cfg")
    # Once set, it is edited where it is.
    document.set_near("Alphabet", alphabet[:-1], "LetterFrequencies")
    assert document.text(tiles).count("Alphabet") == 1


def test_tables_keep_their_columns() -> None:
    old = "{ 9  2  2  4 12  2 }"
    assert format_table_like(old, [10, 2, 3, 4, 9, 2]) == "{ 10  2  3  4  9  2 }"
    assert format_table_like("{ 7, 2, 2,10 }", [7, 2, 12, 9]) == "{ 7, 2,12, 9 }"
    assert format_table_like("{ 1 2 }", [1, 2, 3]) == "{ 1 2 3 }"
    assert format_table_like("{\n1 2\n}", [1]) is None
    assert format_table_like(None, [1]) is None


def test_a_template_is_a_copy_saved_with_its_parts(tmp_path: Path) -> None:
    design = DesignDocument.from_template(boards_dir() / "board7.cfg")
    try:
        assert design.is_untitled and design.scratch is not None
        assert [p.name for p in design.parts()] == ["color.def", "board7.def", "scrabtil.def",
                                                    "level.def"]
        design.set("NumberOfTiles", 4)  # the template's own file
        design.set("PlayAllTileBonusPoints", 20)
        target = tmp_path / "mine" / "baby.cfg"
        target.parent.mkdir()
        write(target.parent / "scrabtil.def", "# someone else's tiles\n")
        assert [p.name for p in design.part_conflicts(target.parent)] == ["scrabtil.def"]
        saved = design.save_with_parts(target)
        assert not saved.is_untitled and saved.path == target
        config = load_config(target)
        assert config.number_of_tiles == 4 and config.play_all_tile_bonus == 20
        assert config.tiles == load_config(boards_dir() / "board7.cfg").tiles
        for part in ("color.def", "board7.def", "level.def"):
            assert (target.parent / part).read_bytes() == (boards_dir() / part).read_bytes()
    finally:
        design.discard_scratch()
    assert design.scratch is None


def test_a_template_with_parts_elsewhere_is_refused(tmp_path: Path) -> None:
    write(tmp_path / "parts" / "board.def", "Rows = 5\n")
    template = write(tmp_path / "games" / "game.cfg", "Include = ../parts/board.def\n")
    with pytest.raises(ConfigError, match="template's folder"):
        DesignDocument.from_template(template)


# --- board editing ---------------------------------------------------------------------------


@pytest.mark.parametrize(("symmetry", "expected"), [
    (Symmetry.NONE, {(0, 1)}),
    (Symmetry.LEFT_RIGHT, {(0, 1), (0, 3)}),
    (Symmetry.TOP_BOTTOM, {(0, 1), (2, 1)}),
    (Symmetry.BOTH, {(0, 1), (0, 3), (2, 1), (2, 3)}),
    (Symmetry.ROTATIONAL, {(0, 1), (2, 3)}),
])
def test_symmetric_images(symmetry: Symmetry, expected: set[tuple[int, int]]) -> None:
    assert boardedit.images((0, 1), 3, 5, symmetry) == expected
    board = boardedit.paint(("aaaaa",) * 3, boardedit.with_images({(0, 1)}, 3, 5, symmetry), "@")
    assert boardedit.is_symmetric(board, symmetry)


def test_lines_rectangles_and_regions() -> None:
    stroke = list(boardedit.line((0, 0), (2, 4)))
    assert stroke[0] == (0, 0) and stroke[-1] == (2, 4) and len(stroke) == 5
    assert all(abs(r1 - r0) <= 1 and c1 - c0 == 1
               for (r0, c0), (r1, c1) in zip(stroke, stroke[1:], strict=False))
    assert list(boardedit.line((3, 1), (0, 1))) == [(3, 1), (2, 1), (1, 1), (0, 1)]
    assert boardedit.rectangle((2, 3), (1, 1)) == {(r, c) for r in (1, 2) for c in (1, 2, 3)}
    board = ("aa@a", "a@aa", "@aaa")
    assert boardedit.region(board, (0, 0)) == {(0, 0), (0, 1), (1, 0)}
    assert boardedit.region(board, (0, 2)) == {(0, 2)}
    assert boardedit.region(board, (5, 5)) == set()


def test_resizing_keeps_the_board_centred() -> None:
    board = ("aBa", "BCB", "aBa")
    grown = boardedit.resize(board, 5, 5, "a")
    assert grown == ("aaaaa", "aaBaa", "aBCBa", "aaBaa", "aaaaa")
    assert boardedit.resize(grown, 3, 3, "a") == board
    assert boardedit.moved_index(2, 3, 5) == 3 and boardedit.moved_index(1, 5, 3) == 0
    assert boardedit.moved_index(0, 3, 5) == 0


# --- the checks: one case for each message ------------------------------------------------


def test_a_good_design_has_no_problems() -> None:
    document = DesignDocument.open(boards_dir() / "scrabble.cfg")
    assert check_design(document, document.design_values()) == []


def test_no_playable_square(tmp_path: Path) -> None:
    document = DesignDocument.open(board_file(tmp_path, ["@@@", "@@@"]))
    assert "The board has no square to play on: every square is blocked." in messages(document)


def test_first_move_on_a_blocked_square(tmp_path: Path) -> None:
    path = board_file(tmp_path, ["aaa", "a@a", "aaa"], "FirstMoveRow = 2\nFirstMoveCol = 2\n")
    found = check_design(document := DesignDocument.open(path), document.design_values())
    assert [p.message for p in found] == [
        "The first move must cover row 2, column 2, which is a blocked square."]
    assert found[0].area is Area.BOARD and found[0].level is Level.ERROR


def test_first_move_outside_the_board(tmp_path: Path) -> None:
    path = board_file(tmp_path, ["aaa", "aaa"], "FirstMoveRow = 7\nFirstMoveCol = 9\n")
    assert messages(DesignDocument.open(path)) == [
        "The first move must cross row 7, which is outside the board (it has 2 rows).",
        "The first move must cross column 9, which is outside the board (it has 3 columns).",
    ]


def test_first_move_row_all_blocked(tmp_path: Path) -> None:
    path = board_file(tmp_path, ["aaa", "@@@"], "FirstMoveRow = 2\nFirstMoveCol = 0\n")
    assert "The first move must cross row 2, but every square of it is blocked." in messages(
        DesignDocument.open(path))


def test_fewer_tiles_than_the_racks_need(tmp_path: Path) -> None:
    tables = " ".join(["1"] * 5 + ["0"] * 21)
    path = board_file(tmp_path, ["aaa"] * 3,
                      f"NumberOfTiles = 7\nMinimumPlayers = 2\nLetterFrequencies = {{ {tables} 0 }}\n")
    assert ("Fewer tiles than the racks need: the bag holds 5 tiles, but 2 players with racks "
            "of 7 need 14.") in messages(DesignDocument.open(path))


def test_enough_tiles_for_some_players_only_is_a_warning(tmp_path: Path) -> None:
    tables = " ".join(["1"] * 20 + ["0"] * 6)
    path = board_file(tmp_path, ["aaa"] * 3,
                      f"NumberOfTiles = 7\nMinimumPlayers = 2\nMaximumPlayers = 4\n"
                      f"LetterFrequencies = {{ {tables} 0 }}\n")
    found = check_design(document := DesignDocument.open(path), document.design_values())
    assert [(p.level, p.message) for p in found] == [(
        Level.WARNING,
        "The bag holds 20 tiles: enough for 2 racks of 7, not for 4 players (they need 28).")]


def test_a_premium_beyond_x11(tmp_path: Path) -> None:
    write(tmp_path / "board.def", "Rows = 2\nColumns = 3\nBoardPositionScore = {\naaa\naLa\n}\n")
    document = DesignDocument.open(write(tmp_path / "game.cfg", "Include = board.def\n"))
    found = check_design(document, document.design_values())
    assert [p.message for p in found] == [
        "board.def, line 5: BoardPositionScore row 2, column 2: 'L' would be a word x12 "
        "square; premiums go up to x11 ('K')"]
    assert found[0].path == tmp_path / "board.def" and found[0].line == 5
    assert found[0].element == "BoardPositionScore" and found[0].area is Area.BOARD


def test_a_board_row_of_the_wrong_width_in_an_included_file(tmp_path: Path) -> None:
    write(tmp_path / "board.def", "# my board\nRows = 3\nColumns = 4\nBoardPositionScore = {\n"
                                  "aaaa\naaa\naaaa\n}\n")
    document = DesignDocument.open(write(tmp_path / "game.cfg", "Include = board.def\n"))
    assert messages(document) == [
        "board.def, line 6: BoardPositionScore row 2 has 3 squares, not 4"]


def test_blocked_squares_that_split_an_anchored_board_are_a_warning(tmp_path: Path) -> None:
    path = board_file(tmp_path, ["aa@aa", "aa@aa"], "FirstMoveRow = 0\nFirstMoveCol = 0\n")
    found = check_design(document := DesignDocument.open(path), document.design_values())
    assert [p.level for p in found] == [Level.WARNING]
    assert "cut the open squares into 2 separate parts" in found[0].message
    document.set("FreeForm", 2)  # free-form play can use both parts
    assert check_design(document, document.design_values()) == []


def test_an_engine_error_names_the_setting_it_is_about(tmp_path: Path) -> None:
    path = write(tmp_path / "game.cfg", "MinimumPlayers = 3\nMaximumPlayers = 2\n")
    found = check_design(document := DesignDocument.open(path), document.design_values())
    assert found[0].element == "MaximumPlayers" and found[0].area is Area.RULES
    assert "MinimumPlayers (3) is more than MaximumPlayers (2)" in found[0].message


@pytest.mark.parametrize("name", sorted(p.name for p in boards_dir().glob("*.cfg")))
def test_every_shipped_game_passes_the_checks(name: str) -> None:
    document = DesignDocument.open(boards_dir() / name)
    assert check_design(document, document.design_values()) == []


def finished_in_time(work, pipe: Path, seconds: float = 20.0):
    """``work()``'s answer; fails the test (and unblocks the work, by writing nothing to
    ``pipe`` and closing it) when it waits on the pipe instead."""
    answer: list[object] = []
    thread = threading.Thread(target=lambda: answer.append(_outcome(work)), daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))  # the reader sees the end
        thread.join(seconds)
        pytest.fail(f"waited on the named pipe {pipe.name}")
    result = answer[0]
    if isinstance(result, BaseException):
        raise result
    return result


def _outcome(work):
    try:
        return work()
    except BaseException as exc:  # noqa: BLE001 - handed back to the test's thread
        return exc


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
def test_a_part_beside_the_game_that_is_a_named_pipe_is_never_waited_on(tmp_path: Path) -> None:
    """Saving a design compares each part with the file of its name beside the game: a
    named pipe there was read, and the window waited for ever.  It is a conflict, and the
    save is refused naming it; the pipe stays a pipe."""
    design = DesignDocument.from_template(boards_dir() / "board7.cfg")
    try:
        target = tmp_path / "mine" / "baby.cfg"
        target.parent.mkdir()
        pipe = target.parent / "scrabtil.def"
        os.mkfifo(pipe)
        conflicts = finished_in_time(lambda: design.part_conflicts(target.parent), pipe)
        assert [p.name for p in conflicts] == ["scrabtil.def"]
        with pytest.raises(OSError, match="it is a named pipe, not a file"):
            finished_in_time(lambda: design.save_with_parts(target), pipe)
        assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    finally:
        design.discard_scratch()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
def test_the_wizard_passes_over_a_part_name_that_is_a_named_pipe(tmp_path: Path) -> None:
    from wordstudio.ui.designer.setup import SetupChoices, write_setup

    pipe = tmp_path / "scrabtil.def"
    os.mkfifo(pipe)
    finished_in_time(lambda: write_setup(SetupChoices(), tmp_path / "a.cfg"), pipe)
    assert "Include = scrabtil-2.def" in (tmp_path / "a.cfg").read_text()
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
