"""The engine packages never import Qt: only wordstudio.ui may (a checked contract)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import wordstudio

REPO = Path(__file__).resolve().parent.parent


def engine_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(wordstudio.__path__, "wordstudio."):
        if info.name.startswith("wordstudio.ui") or info.name.endswith("__main__"):
            continue
        names.append(info.name)
    return names


def test_every_engine_module_imports_with_qt_blocked():
    modules = engine_modules()
    assert "wordstudio.crossword.movegen" in modules and "wordstudio.cli" in modules
    script = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('PySide6', 'shiboken6', 'PyQt5', 'PyQt6'):\n"
        "            raise ImportError('Qt is not allowed here: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import importlib\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('ok', len(sys.modules))\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("ok")
