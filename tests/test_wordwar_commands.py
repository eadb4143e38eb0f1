"""``wordstudio wordwar score`` and ``wordstudio wordwar sheet``; the rules need no Qt."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pdf import page_sizes
from tests.test_wordwar_scoring import SEED_GRID, SEED_WORDS
from wordstudio.cli import main

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def seed_files(tmp_path: Path) -> tuple[Path, Path]:
    grid = tmp_path / "example.txt"
    grid.write_text(SEED_GRID, encoding="utf-8")
    words = tmp_path / "seed-words.txt"
    words.write_text("\n".join(SEED_WORDS) + "\n", encoding="utf-8")
    return grid, words


def test_score_json(seed_files, capsys):
    grid, words = seed_files
    assert main(["wordwar", "score", str(grid), "--lexicon", str(words), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rows"] == [9, 2, 32, -1, 0, 2, 12, 3]
    assert data["columns"] == [0, 5, 3, 4, 5, 0, 5, 3]
    assert data["total"] == 84 and data["row_total"] == 59 and data["column_total"] == 25
    assert data["row_words"][0] == ["OATS", "OAT", "AT"]
    assert data["column_words"][1] == ["IN", "ARK"]
    assert data["empty_squares"][3] == 1


def test_score_text(seed_files, capsys):
    grid, words = seed_files
    assert main(["wordwar", "score", str(grid), "--lexicon", str(words)]) == 0
    out = capsys.readouterr().out
    assert "Row 3        32  DISCOVER, DISCO, COVER, DISC, COVE, OVER, IS" in out
    assert "Row 4        -1  1 empty square" in out
    assert "Column 2      5  IN, ARK" in out
    assert out.rstrip().endswith("Rows 59 + columns 25 = total 84")
    first = out.splitlines()[0]
    assert first.split()[-1] == "9" and "O" in first
    assert out.splitlines()[8].split() == ["0", "5", "3", "4", "5", "0", "5", "3"]


def test_score_with_the_default_word_list(seed_files, capsys):
    grid, _ = seed_files
    assert main(["wordwar", "score", str(grid), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lexicon"] == "en-US-wordwar"
    # Word War's list counts the words the seed counts, and only those (issue 24).
    assert data["total"] == 84
    assert data["rows"] == [9, 2, 32, -1, 0, 2, 12, 3]
    assert data["columns"] == [0, 5, 3, 4, 5, 0, 5, 3]


def test_bad_grid_file_names_file_and_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("AB#\nA1#\n", encoding="utf-8")
    assert main(["wordwar", "score", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.txt, line 2" in err and "'1'" in err
    assert main(["wordwar", "score", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_unknown_board_for_a_sheet(capsys):
    assert main(["wordwar", "sheet", "--board", "12", "--out", "x.pdf"]) == 2
    assert "no Word War board 12" in capsys.readouterr().err


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wordstudio", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120,
                          env={**_env(), "PYTHONPATH": str(REPO)})


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    # The command needs no display: it makes its own off-screen Qt application.
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("DISPLAY", None)
    return env


def test_sheet_writes_a_pdf(tmp_path):
    result = run_cli("wordwar", "sheet", "--board", "4", "--out", str(tmp_path / "four.pdf"),
                     cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "four.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    result = run_cli("wordwar", "sheet", "--board", "2", "--page", "letter", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "wordwar-board-2.pdf"
    assert page_sizes(tmp_path / "wordwar-board-2.pdf") == [(612.0, 792.0)]  # US Letter
    assert page_sizes(pdf) == [(595.0, 842.0)]  # A4


ENGINE_WITHOUT_QT = """
import sys
sys.modules["PySide6"] = None  # any import of Qt now fails
from wordstudio.wordwar import boards, commands, deck, evaluation, game, players, records
from wordstudio.wordwar import scoresheet, scoring
from wordstudio.cli import main
sys.exit(main(["wordwar", "score", sys.argv[1], "--json"]))
"""


def test_the_rules_run_without_qt(seed_files):
    grid, _ = seed_files
    result = subprocess.run([sys.executable, "-c", ENGINE_WITHOUT_QT, str(grid)],
                            capture_output=True, text=True, timeout=120,
                            env={**_env(), "PYTHONPATH": str(REPO)})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["columns"][0] == 0


def test_the_sheet_command_draws_with_the_writer_it_is_handed(tmp_path):
    """The engine's command draws nothing itself: it hands the board, the file and the
    paper to the writer it was registered with (the window's, from wordstudio.cli)."""
    import argparse

    from wordstudio.paper import LETTER
    from wordstudio.wordwar import commands

    written = []
    parser = argparse.ArgumentParser()
    commands.register(parser.add_subparsers(dest="command"),
                      write_sheets=lambda boards, path, page: written.append(
                          ([b.number for b in boards], path, page)))
    args = parser.parse_args(["wordwar", "sheet", "--board", "3", "--page", "letter",
                              "--out", str(tmp_path / "three.pdf")])
    assert args.func(args) == 0
    assert written == [([3], tmp_path / "three.pdf", LETTER)]


def test_the_sheet_command_without_a_writer_says_so(tmp_path):
    import argparse

    from wordstudio.errors import UserError
    from wordstudio.wordwar import commands

    parser = argparse.ArgumentParser()
    commands.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["wordwar", "sheet", "--board", "3",
                              "--out", str(tmp_path / "three.pdf")])
    with pytest.raises(UserError, match="cannot be drawn"):
        args.func(args)
    assert not (tmp_path / "three.pdf").exists()
