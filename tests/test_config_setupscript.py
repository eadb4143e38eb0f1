"""SETUP scripts (seed 001, Appendix C): the reader, the runner, ``wordstudio config
setup``, and the shipped example ``boards/wordsworth.setup``."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordstudio.crossword.config.files import load_config, parse_config
from wordstudio.crossword.config.setup_cli import run_setup
from wordstudio.crossword.config.setupscript import SetupError, SetupRun
from wordstudio.errors import UserError
from wordstudio.paths import boards_dir

#: Appendix C's example entry, the '<svga.cfg' its extraction lost put back.
MANUAL_EXAMPLE = """\
# Get the display type (color only)

@What type of display do you have?
>EGA= { VideoType = EGA\\nVideoMode = 2}
>VGA= vgaspec.def color.def
>Super VGA= <svga.cfg
%%
"""


def write(folder: Path, **files: str) -> Path:
    for name, text in files.items():
        (folder / name.replace("_", ".")).write_text(text, encoding="utf-8")
    return folder / next(iter(files)).replace("_", ".")


def answered(script: Path, *answers: int) -> SetupRun:
    run = SetupRun(script)
    for number in answers:
        assert run.question is not None
        run.answer(number)
    return run


def body(run: SetupRun, destination: Path | None = None) -> list[str]:
    """The configuration's lines without SETUP's comment line."""
    return run.config_text(destination).splitlines()[1:]


def test_the_manuals_example_asks_its_question_and_writes_what_each_answer_says(tmp_path):
    script = write(tmp_path, setup_cfg=MANUAL_EXAMPLE,
                   svga_cfg="@Which mode?\n>800x600= {VideoMode = 3}\n>1024x768= {VideoMode = 4}\n%%\n")
    run = SetupRun(script)
    question = run.question
    assert question is not None and question.text == "What type of display do you have?"
    assert question.answers == ("EGA", "VGA", "Super VGA") and question.line == 3
    # "if you respond with `1', SETUP adds the lines: VideoType = EGA / VideoMode = 2"
    assert body(answered(script, 1)) == ["VideoType = EGA", "VideoMode = 2"]
    # "`2' ... Include = vgaspec.def / Include = color.def"
    assert body(answered(script, 2)) == ["Include = vgaspec.def", "Include = color.def"]
    # "`3' ... reads further instructions from the file `svga.cfg'", then the first file.
    run = answered(script, 3)
    assert run.question is not None and run.question.text == "Which mode?"
    assert run.question.path.name == "svga.cfg"
    run.answer(2)
    assert run.finished and body(run) == ["VideoMode = 4"] and run.answers == [3, 2]


def test_an_empty_question_does_every_action_until_a_file_is_read(tmp_path):
    script = write(tmp_path, main_setup=(
        "@\n>ignored= a.def\n>also ignored= {Rows = 7}\n%\n"
        "@\n>= b.def\n>= <more.setup\n>= never.def\n%\n"
        "@Last?\n>Yes= {Title = done}\n%%\nthis line is after the end\n"),
        more_setup="@\n>= c.def d.def\n%\n")
    run = SetupRun(script)
    assert run.question is not None and run.question.text == "Last?"
    run.answer(1)
    assert body(run) == ["Include = a.def", "Rows = 7", "Include = b.def", "Include = c.def",
                         "Include = d.def", "Title = done"]


def test_the_answers_can_come_from_a_file_of_their_own(tmp_path):
    """The "alternative form", read as ``@question<file``."""
    script = write(tmp_path, main_setup="@Tiles?<tiles.answers\n%%\n",
                   tiles_answers="# the answers\n>Standard= scrabtil.def\n>Mine= mine.def\n")
    run = SetupRun(script)
    assert run.question is not None and run.question.answers == ("Standard", "Mine")
    run.answer(2)
    assert body(run) == ["Include = mine.def"]


def test_a_text_action_keeps_tabs_and_new_lines(tmp_path):
    script = write(tmp_path, s_setup="@\n>= {Title = A\\tB\\nRows = 9}\n%%\n")
    assert body(SetupRun(script)) == ["Title = A\tB", "Rows = 9"]


@pytest.mark.parametrize(("text", "line", "problem"), [
    (">Orphan= a.def\n", 1, "before any question"),
    ("@Q?\n>No equals sign\n", 2, "'=' is missing"),
    ("@Q?\n" + "".join(f">{n}= a.def\n" for n in range(10)), 11, "at most 9 answers"),
    ("@Q?\n>A= " + "x" * 80 + "\n", 2, "at most 80"),
    ("@Q?\n >A= a.def\n", 2, "first column"),
    ("@Q?\n>A= {Rows = 7\n", 2, "must end with '}'"),
    ("@Q?\n>A= <\n", 2, "name of a setup file"),
    ("@Q?\n>A= <missing.setup\n%%\n", 2, "no setup file 'missing.setup'"),
])
def test_a_wrong_script_is_refused_naming_the_file_and_line(tmp_path, text, line, problem):
    script = write(tmp_path, bad_setup=text)
    with pytest.raises(SetupError) as caught:
        run = SetupRun(script)
        run.answer(1)
    assert caught.value.line == line and problem in caught.value.message
    assert f"bad.setup, line {line}" in str(caught.value)


def test_eight_levels_of_nesting_and_no_more(tmp_path):
    """"Up to eight levels of nesting of setup files is supported": a script that reads
    itself stops at the ninth, with a message, not for ever."""
    for level in range(1, 9):
        nxt = f">= <level{level + 1}.setup\n" if level < 8 else ">= deep.def\n"
        write(tmp_path, **{f"level{level}_setup": f"@\n{nxt}%%\n"})
    assert body(SetupRun(tmp_path / "level1.setup")) == ["Include = deep.def"]
    loop = write(tmp_path, loop_setup="@\n>= <loop.setup\n%%\n")
    with pytest.raises(SetupError, match="nested more than 8 deep"):
        SetupRun(loop)


def test_names_are_found_beside_their_script_and_written_for_where_the_game_goes(tmp_path):
    parts = tmp_path / "parts"
    parts.mkdir()
    write(parts, sub_setup="@\n>= board.def\n%%\n")
    script = write(tmp_path, main_setup="@\n>= top.def\n>= <parts/SUB.SETUP\n%%\n")
    run = SetupRun(script)
    assert body(run, tmp_path / "game.cfg") == ["Include = top.def", "Include = parts/board.def"]
    elsewhere = tmp_path / "games" / "mine.cfg"
    assert body(run, elsewhere) == [f"Include = {(tmp_path / 'top.def').resolve()}",
                                    f"Include = {(parts / 'board.def').resolve()}"]


def test_answers_out_of_range_are_refused(tmp_path):
    run = SetupRun(write(tmp_path, s_setup=MANUAL_EXAMPLE))
    for wrong in (0, 4):
        with pytest.raises(ValueError, match="answer 1 to 3"):
            run.answer(wrong)
    run.answer(1)
    with pytest.raises(ValueError, match="no question waiting"):
        run.answer(1)


# --- the shipped example ---------------------------------------------------------------------
SHIPPED = boards_dir() / "wordsworth.setup"


def test_every_line_of_the_shipped_scripts_keeps_setups_limits():
    for path in [*boards_dir().glob("*.setup"), boards_dir() / "tiles.answers"]:
        assert all(len(line) <= 80 for line in path.read_text().splitlines()), path


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(1, 9), min_size=12, max_size=12))
def test_every_answer_to_the_shipped_script_writes_a_game_that_plays(choices):
    run = SetupRun(SHIPPED)
    for choice in choices:
        if run.question is None:
            break
        run.answer(1 + (choice - 1) % len(run.question.answers))
    assert run.finished
    config = parse_config(run.config_text(boards_dir() / "ww.cfg"), boards_dir() / "ww.cfg")
    assert config.title == "My SETUP game"
    # Going back is running the same answers again: the same game.
    assert SetupRun.replay(SHIPPED, run.answers).config_text() == run.config_text()


def test_the_shipped_script_writes_the_game_its_answers_say(tmp_path):
    # VGA, the standard board, the standard tiles, racks of 7, anchored, 50, en-US.
    run = answered(SHIPPED, 1, 1, 1, 1, 1, 1, 1)
    config = parse_config(run.config_text(tmp_path / "ww.cfg"), tmp_path / "ww.cfg")
    standard = load_config(boards_dir() / "scrabble.cfg")
    assert (config.layout, config.tiles, config.rack_size, config.play_all_tile_bonus) == (
        standard.layout, standard.tiles, 7, 50)
    assert config.display.get("VideoCard") == "VGA" and config.dictionary == "en-US-wordgame"
    # Super VGA reads svga.setup, which asks the mode; Hercules takes mono.def.
    run = answered(SHIPPED, 3, 3, 2, 6, 6, 3, 3, 2)
    config = parse_config(run.config_text(tmp_path / "ww.cfg"), tmp_path / "ww.cfg")
    assert config.display.get("VideoCard") == "SuperVGA" and config.display.get("VideoMode") == 1
    assert config.rows == 13 and config.unlimited_tiles and config.free_form == 2
    assert config.dictionary == "en-GB-wordgame"


# --- wordstudio config setup ---------------------------------------------------------------------
def setup_args(out: Path, *answers: int, script: str = "wordsworth.setup",
               force: bool = False) -> argparse.Namespace:
    return argparse.Namespace(script=script, out=str(out), answer=list(answers), force=force)


def test_the_command_asks_at_the_terminal_as_setup_did(tmp_path):
    out = tmp_path / "ww.cfg"
    shown = io.StringIO()
    keys = io.StringIO("2\n9\nx\n6\n1\n1\n1\n1\n1\n")  # 9 and x are asked again
    assert run_setup(setup_args(out), keys, shown) == 0
    text = shown.getvalue()
    assert "What type of display do you have?\n\n1) VGA colour\n2) EGA colour" in text
    assert "Enter option (1-4)? " in text and text.count("Enter option (1-8)? ") == 3
    config = load_config(out)
    assert config.display.get("VideoCard") == "EGA" and config.rows == 7  # board7.def
    assert "Wrote " in text and "(answers 2 6 1 1 1 1 1)" in text


def test_the_command_takes_answers_and_keeps_an_existing_file(tmp_path):
    out = tmp_path / "ww.cfg"
    assert run_setup(setup_args(out, 4, 3, 2, 2, 1, 1, 1), io.StringIO(""), io.StringIO()) == 0
    config = load_config(out)
    assert config.display.get("VideoCard") == "Hercules" and config.rack_size == 6
    before = out.read_text()
    with pytest.raises(UserError, match="already there"):
        run_setup(setup_args(out, *[1] * 7), io.StringIO(""), io.StringIO())
    assert out.read_text() == before
    assert run_setup(setup_args(out, *[1] * 7, force=True), io.StringIO(""), io.StringIO()) == 0
    assert load_config(out).rows == 15
    with pytest.raises(UserError, match="has answers 1 to 4, not 7"):
        run_setup(setup_args(tmp_path / "a.cfg", 7), io.StringIO(""), io.StringIO())
    with pytest.raises(UserError, match="8 answers given for a script that asked 7"):
        run_setup(setup_args(tmp_path / "b.cfg", *[1] * 8), io.StringIO(""), io.StringIO())
    with pytest.raises(UserError, match="the input ended; give --answer N"):
        run_setup(setup_args(tmp_path / "c.cfg", 1), io.StringIO(""), io.StringIO())
    assert not (tmp_path / "a.cfg").exists() and not (tmp_path / "c.cfg").exists()


def test_a_game_that_does_not_play_is_not_written(tmp_path):
    script = write(tmp_path, s_setup="@\n>= {Rows = 99}\n%%\n")
    with pytest.raises(UserError, match="Rows"):
        run_setup(setup_args(tmp_path / "x.cfg", script=str(script)), io.StringIO(""),
                  io.StringIO())
    assert not (tmp_path / "x.cfg").exists()


def test_the_command_line_runs_it(tmp_path, capsys):
    from wordstudio.cli import main

    out = tmp_path / "ww.cfg"
    assert main(["config", "setup", "--out", str(out), *("-a 1 " * 7).split()]) == 0
    assert "Wrote" in capsys.readouterr().out and load_config(out).rows == 15
    assert main(["config", "setup", str(tmp_path / "none.setup"), "--out", str(out) + "2"]) == 2
    assert "none.setup: cannot read the file" in capsys.readouterr().err
