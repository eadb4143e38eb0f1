"""The move generator and the GADDAG builder install compiled where they can and fall back
to pure Python where not, with the same results."""

from __future__ import annotations

import ast
import importlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests import oracle
from wordstudio.crossword import movegen
from wordstudio.crossword.moves import MoveFinder, is_compiled
from wordstudio.lexicon.gaddag import compiled_builder, load_gaddag

REPO = Path(__file__).resolve().parent.parent


def compiled_modules() -> list[str]:
    """The modules setup.py compiles (its ``COMPILED`` sources), as dotted names."""
    tree = ast.parse((REPO / "setup.py").read_text())
    sources = next(ast.literal_eval(node.value) for node in tree.body
                   if isinstance(node, ast.Assign)
                   and any(getattr(t, "id", None) == "COMPILED" for t in node.targets))
    return [source.removesuffix(".pyx").replace("/", ".") for source in sources]


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


#: What pip needs to compile the modules: a C compiler that works and Python's headers (a
#: compiler alone is not enough: the install falls back to pure Python without the headers).
COMPILING = pytest.mark.system_package("gcc", "python3-dev")


@COMPILING
def test_the_compiled_modules_are_the_ones_in_use_where_a_compiler_was_there():
    # pip install (editable here) compiled them: the machine can compile C extensions.
    # (Where it cannot, the other tests here check the pure-Python fallback.)
    assert is_compiled() and compiled_builder()
    assert movegen.implementation() is movegen._core
    assert "wordstudio.crossword.movegen._core" in compiled_modules()
    for name in compiled_modules():
        module = importlib.import_module(name)
        assert module.__file__.endswith((".so", ".pyd")), module.__file__


# Run by a wheel installed with ``pip install --target``: which modules serve, from where,
# and do they find every oracle move with its score?
INSTALLED = """
import json, sys
from pathlib import Path
import wordstudio
from wordstudio.crossword import movegen
from wordstudio.crossword.moves import MoveFinder
from wordstudio.lexicon import gaddag as automata
from tests import oracle
names = ("crossword.movegen._core", "crossword.movegen._lines", "crossword.movegen._search",
         "lexicon._gaddag_native")
files = {n: getattr(sys.modules.get("wordstudio." + n), "__file__", None) for n in names}
words = oracle.lexicon()
finder = MoveFinder(oracle.standard_config(), automata.load_gaddag(words, cache_dir=Path(".")))
agree = 0
for position in oracle.positions():
    moves = finder.moves(oracle.board_of(position, finder.config), position["rack"])
    agree += {m.key: m.score for m in moves} == oracle.oracle_key_set(position)
print(json.dumps({"package": wordstudio.__file__, "compiled": movegen.is_compiled(),
                  "builder": automata.compiled_builder(), "files": files, "agree": agree}))
"""


@pytest.mark.parametrize("compiler", [pytest.param(True, id="with-a-compiler", marks=COMPILING),
                                      pytest.param(False, id="without")])
def test_pip_install_uses_the_compiled_modules_with_a_compiler_and_pure_python_without(
        compiler, tmp_path):
    # The real thing, as a user installs it: pip builds a wheel from a clean copy of the
    # source (Cython and the C compiler, or CC=false for a machine without one), installs
    # it, and a new process imports the installed package: the only proof the install
    # picks the right modules.  About 10 s of CPU either way: compiled without
    # optimisation (-O0 is a third of the compiling time), since what is checked here is
    # which modules serve, not how fast.
    source = tmp_path / "src"
    # Build from a clean copy: a build/ folder left by an earlier build would leak in.
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".git", "build", ".pytest_cache", "*.so", "*.c", "__pycache__", "lexicons", "*.egg-info"))
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env |= {"CFLAGS": "-O0"} if compiler else {"CC": "false"}
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path)],
        env=env, capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel = next(tmp_path.glob("wordstudio-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "wordstudio/crossword/movegen/pure.py" in names
    assert "wordstudio/lexicon/gaddag_build.py" in names
    native = [n for n in names if n.endswith((".so", ".pyd"))]
    assert not [n for n in names if n.endswith(".c")]
    assert len(native) == (len(compiled_modules()) if compiler else 0), native
    target = tmp_path / "installed"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q", "--target",
         str(target), str(wheel)], env=env, capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr[-2000:]
    # The installed copy first on the path; the checkout only lends the oracle's tests.
    run_env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(target), str(REPO)]))
    result = subprocess.run([sys.executable, "-c", INSTALLED], cwd=tmp_path, env=run_env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    found = json.loads(result.stdout)
    assert Path(found["package"]).is_relative_to(target)
    assert found["compiled"] is compiler and found["builder"] is compiler
    for name, path in found["files"].items():
        if compiler:
            assert Path(path).is_relative_to(target) and path.endswith(".so"), name
        else:
            assert path is None, name
    assert found["agree"] == len(oracle.positions())
