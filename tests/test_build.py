"""The move generator installs compiled where it can and falls back to Python where not."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tests import oracle
from wordstudio.crossword.moves import MoveFinder

REPO = Path(__file__).resolve().parent.parent


def test_pure_source_runs_without_cython_installed(monkeypatch):
    # With no ``cython`` module at all the source uses its own shadow module.
    monkeypatch.setitem(sys.modules, "cython", None)
    spec = importlib.util.spec_from_file_location(
        "movegen_without_cython", REPO / "wordstudio" / "crossword" / "movegen.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.cython.__name__ == "wordstudio.crossword._cyshadow"
    finder = MoveFinder(oracle.standard_config(), oracle.gaddag(), pure=True)
    finder.generator = module.MoveGenerator(
        oracle.gaddag().data, 26, 15, 15, [1] * 225, [1] * 225, [1] * 26, 0, 0)
    position = oracle.positions()[0]
    moves = finder.moves(oracle.board_of(position, finder.config), position["rack"])
    assert len(moves) == position["num_moves"]


def test_a_wheel_builds_without_a_c_compiler(tmp_path):
    # Build from a clean copy: a build/ folder left by an earlier build would leak in.
    source = tmp_path / "src"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", "build", ".pytest_cache", "*.so", "*.c", "__pycache__", "lexicons", "*.egg-info"))
    env = {"CC": "false", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path)],
        env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    wheel = next(tmp_path.glob("wordstudio-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "wordstudio/crossword/movegen.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
