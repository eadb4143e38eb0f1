"""The move generator and the GADDAG builder install compiled where they can and fall back
to pure Python where not, with the same results."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from tests import oracle
from wordstudio.crossword import movegen
from wordstudio.crossword.moves import MoveFinder, is_compiled
from wordstudio.lexicon.gaddag import compiled_builder, load_gaddag

REPO = Path(__file__).resolve().parent.parent


def test_without_the_compiled_modules_the_pure_python_ones_give_the_same_moves(tmp_path):
    # As an install where nothing could be compiled: the compiled modules cannot be
    # imported, and the pure-Python generator and GADDAG builder serve instead.
    script = f"""
import sys
sys.modules["wordstudio.crossword.movegen._core"] = None
sys.modules["wordstudio.lexicon._gaddag_native"] = None
from pathlib import Path
from tests import oracle
from wordstudio.crossword import movegen
from wordstudio.crossword.moves import MoveFinder, is_compiled
from wordstudio.lexicon.gaddag import compiled_builder, load_gaddag
assert not is_compiled() and not compiled_builder()
assert movegen.implementation() is movegen.pure
words = oracle.lexicon().subset(w for w in oracle.lexicon_words() if len(w) <= 4)
gaddag = load_gaddag(words, cache_dir=Path({str(tmp_path)!r}))
finder = MoveFinder(oracle.standard_config(), gaddag)
position = oracle.positions()[0]
print(len(finder.moves(oracle.board_of(position, finder.config), position["rack"])))
"""
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    words = oracle.lexicon().subset(w for w in oracle.lexicon_words() if len(w) <= 4)
    finder = MoveFinder(oracle.standard_config(), load_gaddag(words, cache_dir=tmp_path / "c"))
    position = oracle.positions()[0]
    expected = finder.moves(oracle.board_of(position, finder.config), position["rack"])
    assert int(result.stdout) == len(expected) > 0


def test_the_compiled_modules_are_the_ones_in_use_where_a_compiler_was_there():
    # pip install (editable here) compiled them when a C compiler was available.
    if not (shutil.which("cc") or shutil.which("gcc")):
        assert not is_compiled()
        return
    assert is_compiled() and compiled_builder()
    assert movegen.implementation() is movegen._core
    for name in ("crossword.movegen._core", "crossword.movegen._lines",
                 "crossword.movegen._search", "lexicon._gaddag_native"):
        module = importlib.import_module(f"wordstudio.{name}")
        assert module.__file__.endswith((".so", ".pyd")), module.__file__


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
    assert "wordstudio/crossword/movegen/pure.py" in names
    assert "wordstudio/lexicon/gaddag_build.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
