"""``wordstudio config show``: the resolved game as text and JSON, errors with status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordstudio.cli import main
from wordstudio.crossword.config.files import config_to_json, load_config
from wordstudio.paths import boards_dir

REPO = Path(__file__).resolve().parent.parent


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "show", str(boards_dir() / "scrabble.cfg")]) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())  # long facts wrap
    assert out.startswith("Standard 15x15 game\n===================\n")
    assert "15 rows x 15 columns: 225 playable squares, 0 blocked" in flat
    assert "8 word x3, 17 word x2, 12 letter x3, 24 letter x2" in flat
    assert "must cover row 8, column 8, across or down" in flat
    assert "100 (98 letters and 2 blanks), racks of 7" in flat
    assert "50 bonus points" in flat and "needs at least 7 tiles in the bag" in flat
    assert "after 6 scoreless turns in a row" in flat
    assert "   1  CaabaaaCaaabaaC\n" in out and "   8  CaabaaaBaaabaaC\n" in out
    assert "  Q           1     10" in out and "  blank       2      0" in out
    assert "MininumAllowedScore 0" in out
    assert "LetterMarks = { $1 $2 $3 $4 $5 }" in out


def test_show_text_of_a_starting_board_and_blocked_squares(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ww.def"
    path.write_text(
        "Rows = 2\nColumns = 3\nBoardPositionScore = {\naa@\n@aa\n}\n"
        "StartingBoard = {\nA..\n..e\n}\nFreeForm = 7\nNumberOfTiles = 0\n"
        "Directions = { Across Down DiagonalUp }\nBackwardWords = 1\nScoring = LengthSquared\n"
    )
    assert main(["config", "show", str(path)]) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    assert out.startswith("(untitled game)\n")
    assert "4 playable squares, 2 blocked" in flat
    assert "Starting board (. empty, A-Z a tile, a-z a blank):" in out and "   2  ..e" in out
    assert "First move anywhere" in flat and "anywhere (free-form)" in flat
    assert "Across, Down, DiagonalUp; words may also read backwards" in flat
    assert "length squared" in flat and "any letters, as many as wanted" in flat


def test_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = boards_dir() / "diamond.cfg"
    assert main(["config", "show", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == config_to_json(load_config(path))
    assert data["Title"] == "Diamond board" and data["BoardPositionScore"][0] == "@@@@@@C@@@@@@"
    assert data["VideoCard"] == "VGA" and data["LetterMarks"][0] == "\x01"


def test_shipped_boards_can_be_named_without_a_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "show", "wordsworth"]) == 0
    assert capsys.readouterr().out.startswith("WordsWorth default 13x13 game\n")


def test_errors_give_file_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.cfg"
    path.write_text("Rows = 15\nColumns = 15\n\nBoardColour = Red\n")
    assert main(["config", "show", str(path)]) == 2
    err = capsys.readouterr().err
    assert (
        err
        == f"wordstudio: {path}, line 4: unknown element 'BoardColour' (did you mean 'BoardColor'?)\n"
    )
    assert main(["config", "show", str(tmp_path / "none.cfg"), "--json"]) == 2
    assert "none.cfg: cannot read the file" in capsys.readouterr().err


def test_the_installed_command_exits_with_status_2(tmp_path: Path) -> None:
    (tmp_path / "part.def").write_text(
        "Rows = 3\nColumns = 3\nBoardPositionScore = {\naaa\naa\naaa\n}\n"
    )
    (tmp_path / "game.cfg").write_text("Title = Broken\nInclude = part.def\n")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    result = subprocess.run(
        [sys.executable, "-m", "wordstudio", "config", "show", str(tmp_path / "game.cfg")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert f"{tmp_path / 'part.def'}, line 5: BoardPositionScore row 2 has 2 squares, not 3" in (
        result.stderr
    )
