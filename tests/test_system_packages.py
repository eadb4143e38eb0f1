"""Tests that need a system package: skipped with its name without it, run by CI, and
nothing else in the suite fails for its absence (tests/system_packages.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests import system_packages
from tests.conftest import require_system_packages
from tests.system_packages import HIDDEN_PROGRAMS, PACKAGES, REQUIRE_ENV, SKIP_PREFIX

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"


@pytest.fixture
def bare_path(monkeypatch, tmp_path) -> None:
    """A machine with none of the system packages: an empty PATH, no SCOWL."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setenv(system_packages.SCOWL_ENV, str(tmp_path / "no-scowl"))
    monkeypatch.setenv(system_packages.DICT_ENV, str(tmp_path / "no-dict"))


# --- the convention --------------------------------------------------------------------------------
def test_a_missing_package_skips_the_test_naming_the_package(bare_path, monkeypatch):
    monkeypatch.delenv(REQUIRE_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        require_system_packages(["poppler-utils", "scowl"])
    reason = str(skipped.value)
    assert reason.startswith(SKIP_PREFIX)
    assert "poppler-utils (no pdftoppm on PATH" in reason and "apt-get install poppler-utils" in reason
    assert f"{SKIP_PREFIX} scowl (no folder" in reason


def test_in_ci_a_missing_package_fails_the_test(bare_path, monkeypatch):
    monkeypatch.setenv(REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match=r"\.ci/run must install desktop-file-utils"):
        require_system_packages(["desktop-file-utils"])
    monkeypatch.setenv(REQUIRE_ENV, "0")  # "0" means not required
    with pytest.raises(pytest.skip.Exception):
        require_system_packages(["desktop-file-utils"])


def test_an_installed_package_lets_the_test_run(monkeypatch, tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    for program in PACKAGES["desktop-file-utils"].programs:
        (folder / program).write_text("#!/bin/sh\n")
        (folder / program).chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    monkeypatch.setenv(REQUIRE_ENV, "1")
    require_system_packages(["desktop-file-utils"])  # neither skips nor fails
    with pytest.raises(ValueError, match="unknown system package 'poppler'"):
        require_system_packages(["poppler"])


def test_path_without_hides_only_the_named_programs(tmp_path):
    system, mine = tmp_path / "usr-bin", tmp_path / "venv-bin"
    for folder, programs in ((system, ("pdftoppm", "git", "shellcheck")), (mine, ("shellcheck",))):
        folder.mkdir()
        for program in programs:
            (folder / program).write_text("#!/bin/sh\n")
            (folder / program).chmod(0o755)
    path = system_packages.path_without(("pdftoppm", "shellcheck"), tmp_path / "shims",
                                        os.pathsep.join([str(system)]))
    assert shutil.which("pdftoppm", path=path) is None and shutil.which("shellcheck", path=path) is None
    assert Path(shutil.which("git", path=path)).resolve() == system / "git"
    path = system_packages.path_without(("pdftoppm", "shellcheck"), tmp_path / "shims2",
                                        os.pathsep.join([str(mine), str(system)]), keep=(str(mine),))
    assert shutil.which("shellcheck", path=path) == str(mine / "shellcheck")
    assert (system / "pdftoppm").exists()  # nothing real is touched


# --- CI installs them; the README names them -------------------------------------------------------
def test_ci_installs_every_system_package_and_lets_no_such_test_skip():
    ci = (REPO / ".ci" / "run").read_text()
    listed = re.search(r"^SYSTEM_PACKAGES=\(([^)]*)\)$", ci, re.M)
    assert listed is not None and set(PACKAGES) <= set(listed.group(1).split())
    assert re.search(r'apt-get install -y -qq "\$\{missing\[@\]\}"', ci)
    assert re.search(rf"^export {REQUIRE_ENV}=1$", ci, re.M)


def test_the_readme_names_every_system_package():
    readme = (REPO / "README.md").read_text()
    paragraph = next(text for text in readme.split("\n\n") if text.startswith("**System packages"))
    for name in (*PACKAGES, "xvfb"):
        assert f"`{name}`" in paragraph, name


# --- the suite on a machine without them -----------------------------------------------------------
def names_in(text: str, names: tuple[str, ...]) -> bool:
    """True when one of ``names`` is in ``text`` as a word of its own (a program's name
    such as ``cc`` is no match inside ``accept`` or ``wordstudio-cc``)."""
    return any(re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text) for name in names)


def modules_that_use_system_programs() -> list[Path]:
    """Every test module that names one of the hidden programs, SCOWL's folder or the
    marker: the modules that could fail on a machine without the system packages."""
    markers = ("system_package(", "scowl_dir(", "wordnet_dir(", "/usr/share/dict")
    return [path for path in sorted(TESTS.glob("test_*.py"))
            if path.name != Path(__file__).name
            and (names_in(text := path.read_text(), HIDDEN_PROGRAMS)
                 or any(marker in text for marker in markers))]


def bare_machine(tmp_path: Path) -> dict[str, str]:
    """This environment as on a machine with nothing but Python: every system package's
    programs and the C compiler hidden from PATH (the test extra's own shellcheck stays:
    pip installs it), SCOWL, WordNet and Python's headers moved away, and CI's demand
    that they all be there dropped."""
    env = {key: value for key, value in os.environ.items() if key != REQUIRE_ENV}
    env["PATH"] = system_packages.path_without(HIDDEN_PROGRAMS, tmp_path / "shims",
                                               keep=(sysconfig.get_path("scripts"),))
    env["CC"] = os.path.basename(system_packages.c_compiler()[0])  # found on PATH, or not
    env[system_packages.SCOWL_ENV] = str(tmp_path / "no-scowl")
    env[system_packages.WORDNET_ENV] = str(tmp_path / "no-wordnet")
    env[system_packages.PYTHON_INCLUDE_ENV] = str(tmp_path / "no-python-headers")
    env[system_packages.DICT_ENV] = str(tmp_path / "no-dict")
    env[system_packages.HUNSPELL_ENV] = str(tmp_path / "no-hunspell")
    return env


def test_a_hidden_program_is_looked_for_as_a_word_of_its_own():
    # "cc" is a program the suite hides, and three letters of many a word.
    assert names_in('subprocess.run(["cc", "-c", source])', ("cc",))
    assert not names_in("accept success wordstudio-cc-probe x.cc", ("cc",))
    assert {"pdftoppm", "pdftotext"} <= set(PACKAGES["poppler-utils"].programs)
    assert {"cc", "gcc"} <= set(HIDDEN_PROGRAMS)


def test_without_the_system_packages_the_whole_suite_is_collected(tmp_path):
    # Collection imports every test module: one that needs a system program at import
    # time (a module-level probe, a fixture run on import) would break the whole run on
    # a bare machine.  Collecting only: a few seconds.
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=REPO, env=bare_machine(tmp_path), capture_output=True, text=True, timeout=600)
    summary = result.stdout[-3000:] + result.stderr[-2000:]
    assert result.returncode == 0, summary
    assert re.search(r"^\d+ tests collected", result.stdout, re.M), summary
    assert "error" not in result.stdout.splitlines()[-1], summary


def test_without_the_system_packages_nothing_fails_and_each_skip_names_its_package(tmp_path):
    # The tests that use system programs, run with every such program hidden from PATH
    # and SCOWL moved away, as on a machine with nothing but Python.  About 30 s.
    modules = modules_that_use_system_programs()
    names = {path.name for path in modules}
    assert {"test_packaging.py", "test_packaging_install.py", "test_ui_wordwar_printing.py",
            "test_ui_crossword_printing.py", "test_wordlist.py", "test_build.py"} <= names
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", *map(str, modules)],
        cwd=REPO, env=bare_machine(tmp_path), capture_output=True, text=True, timeout=600)
    summary = result.stdout[-3000:]
    assert result.returncode == 0, summary
    reasons = re.findall(r"^SKIPPED \[\d+\] [^:]+:\d+: (.*)$", result.stdout, re.M)
    named = {found for reason in reasons for found in re.findall(rf"{SKIP_PREFIX} (\S+) \(", reason)}
    # Every package is really needed by some test, and its absence really noticed.
    assert named == set(PACKAGES), summary
    assert re.search(r"\d+ passed, \d+ skipped", summary)
