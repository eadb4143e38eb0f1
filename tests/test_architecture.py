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


def _module_imports(path: Path, package: str, typing: bool = False) -> set[str]:
    """The wordstudio modules a source file imports anywhere: at load time or inside a
    function (an import put off to a function to dodge a circle is still a circle).
    ``TYPE_CHECKING`` blocks are left out (they never run) unless ``typing``."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                test = node.test
                if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" and not typing:
                    continue
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("wordstudio"))
            elif isinstance(node, ast.ImportFrom) and node.module:
                module = node.module
                if node.level:
                    base = package.split(".")
                    module = ".".join(base[: len(base) - node.level + 1] + [module])
                if module.startswith("wordstudio"):
                    found.add(module)
                    found.update(f"{module}.{a.name}" for a in node.names)
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(node, field, None)
                    if isinstance(inner, list):
                        visit([n for n in inner if isinstance(n, ast.stmt)])
                        for handler in inner:
                            if isinstance(handler, ast.ExceptHandler):
                                visit(handler.body)
    visit(tree.body)
    return found


def import_graph(typing: bool = False) -> dict[str, set[str]]:
    """Module -> the wordstudio modules it imports when it loads (``typing``: and for
    the type checker)."""
    modules: dict[str, Path] = {}
    for info in pkgutil.walk_packages(wordstudio.__path__, "wordstudio."):
        spec = info.module_finder.find_spec(info.name.rsplit(".", 1)[-1], None)  # type: ignore[call-arg]
        origin = spec.origin if spec else None
        if origin and origin.endswith(".py"):
            modules[info.name] = Path(origin)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        # A module's own parent packages are loaded before it anyway: no edge.
        graph[name] = {m for m in _module_imports(path, package, typing)
                       if m in modules and m != name and not name.startswith(m + ".")}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node)
    return cycles


def test_no_module_imports_itself_in_a_circle():
    """Import circles make the order in which modules are first imported matter, and
    putting one side off into a function only hides them; there are none (players,
    WORDwhami and self-play; records and WordsWorth saves were the last)."""
    graph = import_graph()
    assert "wordstudio.crossword.players.whami" in graph
    assert _cycles(graph) == []


def test_no_part_of_a_page_imports_its_page_even_for_the_type_checker():
    """A page's parts are given what they need (the crossword page's state, the
    designer's host, the commands' target) rather than importing the page that uses
    them: counting the imports only the type checker reads, there is no circle either
    (the crossword page's commands and record menu, and the designer's filing and
    leaves, were the last)."""
    graph = import_graph(typing=True)
    # The page contract names the context only for the type checker: counted here.
    assert "wordstudio.ui.context" in graph["wordstudio.ui.page"]
    assert "wordstudio.ui.context" not in import_graph()["wordstudio.ui.page"]
    assert _cycles(graph) == []


def test_the_cycle_finder_sees_a_circle(tmp_path):
    """The check above can fail: two modules importing each other are found."""
    (tmp_path / "a.py").write_text("from wordstudio.crossword import b\n")
    (tmp_path / "b.py").write_text("def later():\n    import wordstudio.crossword.a\n")
    assert _module_imports(tmp_path / "a.py", "wordstudio.crossword") >= {"wordstudio.crossword.b"}
    assert _module_imports(tmp_path / "b.py", "wordstudio.crossword") == {"wordstudio.crossword.a"}


def test_no_engine_module_reaches_up_into_the_window():
    """Only the program's edge (``wordstudio.cli``, which starts the window and hands
    the headless commands the window's drawing) imports ``wordstudio.ui``; the engine
    is given what it needs (Word War's scoresheet writer was the last to reach up)."""
    graph = import_graph(typing=True)
    reaching = sorted(f"{name} -> {target}" for name, targets in graph.items()
                      if not name.startswith("wordstudio.ui") and name != "wordstudio.cli"
                      for target in targets if target.startswith("wordstudio.ui"))
    assert reaching == []
    assert any(t.startswith("wordstudio.ui") for t in graph["wordstudio.cli"])
