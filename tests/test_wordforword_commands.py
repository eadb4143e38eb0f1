"""``wordstudio doublets``: chains, "no chain" with exit status 1, bad input as UserError."""

from __future__ import annotations

import json

import pytest

from wordstudio.cli import main
from wordstudio.wordforword.solver import is_chain


@pytest.fixture
def word_file(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("cat\ncot\ndot\ndog\ncag\ncog\nzoo\ncart\n", encoding="utf-8")
    return path


def test_prints_a_shortest_chain(word_file, capsys):
    assert main(["doublets", "cat", "DOG", "--lexicon", str(word_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    chain = out[0].split(" > ")
    assert chain[0] == "CAT" and chain[-1] == "DOG" and len(chain) == 4 and is_chain(chain)
    assert out[1].startswith("3 steps, 4 words")


def test_without_words_forces_another_chain(word_file, capsys):
    assert main(["doublets", "cat", "dog", "--lexicon", str(word_file),
                 "--without", "cot", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["chain"] == ["CAT", "CAG", "COG", "DOG"] and data["steps"] == 3
    assert data["without"] == ["COT"]


def test_no_chain_is_said_plainly_with_exit_status_one(word_file, capsys):
    assert main(["doublets", "cat", "dog", "--lexicon", str(word_file),
                 "--without", "cot", "--without", "cag"]) == 1
    assert capsys.readouterr().out.startswith("No chain links CAT to DOG")
    assert main(["doublets", "cat", "zoo", "--lexicon", str(word_file), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["chain"] is None and data["steps"] is None


def test_shipped_list_is_the_default(capsys):
    assert main(["doublets", "head", "tail"]) == 0
    chain = capsys.readouterr().out.splitlines()[0].split(" > ")
    assert chain[0] == "HEAD" and chain[-1] == "TAIL" and is_chain(chain)


@pytest.mark.parametrize("args,message", [
    (["cat", "dogs"], "different lengths"),
    (["c4t", "dog"], "not a word"),
    (["cat", "dgo"], "DGO is not in the word list"),
    (["cat", "dog", "--without", "cart"], "not 3-letter words"),
    (["cat", "dog", "--without", "cat"], "also given with --without"),
])
def test_bad_words_are_user_errors_with_exit_status_two(word_file, capsys, args, message):
    assert main(["doublets", *args, "--lexicon", str(word_file)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wordstudio: ") and message in err


def test_a_missing_word_list_is_a_user_error(tmp_path, capsys):
    assert main(["doublets", "cat", "dog", "--lexicon", str(tmp_path / "none.txt")]) == 2
    assert "no such word list" in capsys.readouterr().err


def test_the_engine_and_command_run_without_qt():
    """Only wordstudio.ui may import Qt: import every engine module with PySide6 blocked."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['PySide6'] = None\n"
        "import importlib, pkgutil, wordstudio.wordforword as p\n"
        "for m in pkgutil.iter_modules(p.__path__): importlib.import_module(p.__name__ + '.' + m.name)\n"
        "from wordstudio.cli import main\n"
        "sys.exit(main(['doublets', 'cold', 'warm']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("COLD > ") and "WARM" in done.stdout
