"""The system packages some tests need, and how the suite behaves without them.

The README's test command must pass on a machine that has Python and nothing else: what
pip cannot install (the test extra has the rest, shellcheck included) is listed here.
A test that needs one of these packages says so with a marker::

    @pytest.mark.system_package("poppler-utils")
    def test_the_sheet_renders(...): ...

and ``tests/conftest.py`` skips it, with a reason that starts with :data:`SKIP_PREFIX` and
names the package, when the package is missing.  A package is looked for as the tests use
it: its programs on PATH, its folders - and for the C compiler and Python's headers, which
the compiled move generator's build needs, by compiling a file and finding ``Python.h``
where this Python's builds look for it (a compiler alone falls back to pure Python).  CI (``.ci/run``) installs every package
here and sets :data:`REQUIRE_ENV`, which turns such a skip into a failure: CI runs every
test.  ``tests/test_system_packages.py`` runs the tests that use these packages with all
of them hidden and checks that nothing fails for their absence.
"""

from __future__ import annotations

import functools
import os
import shlex
import shutil
import subprocess
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path

#: Set (to anything but "" or "0") by CI: a missing system package fails its tests.
REQUIRE_ENV = "WORDSTUDIO_REQUIRE_SYSTEM_PACKAGES"
#: Every skip for a missing system package starts with this.
SKIP_PREFIX = "needs the system package"
#: Where Debian's ``scowl`` package puts SCOWL's source lists (this variable moves it).
SCOWL_ENV = "WORDSTUDIO_SCOWL_DIR"


#: Where Debian's ``wordnet-base`` package puts WordNet's database (this variable moves it).
WORDNET_ENV = "WORDSTUDIO_WORDNET_DIR"


#: Where Debian's word-list packages (``wfrench``...) put their lists, and its Hunspell
#: packages their dictionaries (these variables move them; lexicons/build_languages.py
#: reads the same ones).
DICT_ENV = "WORDSTUDIO_DICT_DIR"
HUNSPELL_ENV = "WORDSTUDIO_HUNSPELL_DIR"


def dict_dir() -> Path:
    return Path(os.environ.get(DICT_ENV) or "/usr/share/dict")


def hunspell_dir() -> Path:
    return Path(os.environ.get(HUNSPELL_ENV) or "/usr/share/hunspell")


#: Where this Python's C headers are looked for (this variable moves them: the test of a
#: machine without the system packages hides them).
PYTHON_INCLUDE_ENV = "WORDSTUDIO_PYTHON_INCLUDE_DIR"


def scowl_dir() -> Path:
    """SCOWL's source lists, as Debian's ``scowl`` package installs them."""
    return Path(os.environ.get(SCOWL_ENV) or "/usr/share/dict/scowl")


def wordnet_dir() -> Path:
    """WordNet's database, as Debian's ``wordnet-base`` package installs it."""
    return Path(os.environ.get(WORDNET_ENV) or "/usr/share/wordnet")


def python_include_dir() -> Path:
    """Where C extensions for this Python find ``Python.h`` (Debian's ``python3-dev`` puts
    it there for Debian's Python; pyenv's and other built Pythons carry their own)."""
    return Path(os.environ.get(PYTHON_INCLUDE_ENV) or sysconfig.get_paths()["include"])


def c_compiler() -> list[str]:
    """The command that compiles C extensions for this Python: ``$CC`` as setuptools
    reads it, else the compiler this Python was built with."""
    return shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")


def compiler_missing() -> str | None:
    """Why no C extension can be compiled here (None when a test file compiles)."""
    return _compile_probe(tuple(c_compiler()), os.environ.get("PATH", ""))


@functools.lru_cache(maxsize=8)
def _compile_probe(command: tuple[str, ...], path: str) -> str | None:
    # ``path`` is part of the cache's key only: a test may hide the compiler from PATH.
    if not command:
        return "no C compiler named (CC is empty)"
    with tempfile.TemporaryDirectory(prefix="wordstudio-cc-probe-") as folder:
        source = Path(folder) / "probe.c"
        source.write_text("int wordstudio_probe(void) { return 0; }\n")
        try:
            result = subprocess.run([*command, "-c", str(source), "-o", str(source.with_suffix(".o"))],
                                    capture_output=True, text=True, timeout=60)
        except FileNotFoundError:
            return f"no C compiler: {command[0]} is not on PATH"
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"the C compiler {command[0]} cannot be run ({exc})"
    if result.returncode != 0:
        said = (result.stderr.strip().splitlines() or ["no message"])[0]
        return f"the C compiler {command[0]} cannot compile a C file ({said})"
    return None


def python_headers_missing() -> str | None:
    """Why this Python's C headers are not here (None when ``Python.h`` is)."""
    header = python_include_dir() / "Python.h"
    if header.is_file():
        return None
    if header.parent.is_relative_to("/usr/include"):
        return f"no {header}"
    return f"no {header}; python3-dev serves Debian's own Python, this one needs its own headers"


@dataclass(frozen=True)
class SystemPackage:
    """A Debian package some tests need: the programs (on PATH) or folders it provides."""

    name: str
    programs: tuple[str, ...] = ()
    needs_scowl_dir: bool = False
    used_for: str = ""
    needs_wordnet_dir: bool = False
    needs_c_compiler: bool = False
    needs_python_headers: bool = False
    #: Files it installs: a word list in dict_dir() or a dictionary in hunspell_dir().
    dict_files: tuple[str, ...] = ()
    hunspell_files: tuple[str, ...] = ()

    def missing(self) -> str | None:
        """What of this package is not on this machine (None when all of it is)."""
        for program in self.programs:
            if shutil.which(program) is None:
                return f"no {program} on PATH"
        if self.needs_scowl_dir and not scowl_dir().is_dir():
            return f"no folder {scowl_dir()}"
        if self.needs_wordnet_dir and not wordnet_dir().is_dir():
            return f"no folder {wordnet_dir()}"
        for folder, names in ((dict_dir(), self.dict_files), (hunspell_dir(), self.hunspell_files)):
            for name in names:
                if not (folder / name).is_file():
                    return f"no file {folder / name}"
        if self.needs_c_compiler:
            return compiler_missing()
        if self.needs_python_headers:
            return python_headers_missing()
        return None


#: The sources of the ten language games' word lists (lexicons/build_languages.py).
LANGUAGE_PACKAGES = (
    *(SystemPackage(package, dict_files=(name,),
                    used_for=f"rebuilding the shipped {language} word list")
      for package, name, language in (
          ("wfrench", "french", "French"), ("wspanish", "spanish", "Spanish"),
          ("wngerman", "ngerman", "German"), ("witalian", "italian", "Italian"),
          ("wdutch", "dutch", "Dutch"), ("wcatalan", "catalan", "Catalan"),
          ("wpolish", "polish", "Polish"), ("wportuguese", "portuguese", "Portuguese"),
          ("wswedish", "swedish", "Swedish"), ("wnorwegian", "bokmål", "Norwegian"))),
    SystemPackage("hunspell-es", hunspell_files=("es_ES.dic", "es_ES.aff"),
                  used_for="the Spanish forms the Spanish word list adds to wspanish's"),
    SystemPackage("hunspell-de-de", hunspell_files=("de_DE.dic",),
                  used_for="igerman98's name class, which finds the German list's proper nouns"),
    SystemPackage("hunspell-tools", ("unmunch",),
                  used_for="Hunspell's unmunch, which expands the Spanish dictionary"),
)

PACKAGES: dict[str, SystemPackage] = {
    package.name: package
    for package in (
        SystemPackage("poppler-utils", ("pdftoppm", "pdftotext"),
                      used_for="printed scoresheets and records rendered to pictures and text "
                               "by another program"),
        SystemPackage("desktop-file-utils", ("desktop-file-validate", "update-desktop-database"),
                      used_for="the installed menu entry checked by freedesktop's own validator, "
                               "and the desktop database that maps file types to programs"),
        SystemPackage("shared-mime-info", ("update-mime-database",),
                      used_for="the compiled MIME database that maps files to their types"),
        SystemPackage("scowl", needs_scowl_dir=True,
                      used_for="rebuilding the shipped word lists from SCOWL's sources"),
        SystemPackage("wordnet-base", needs_wordnet_dir=True,
                      used_for="rebuilding the shipped word meanings from WordNet"),
        SystemPackage("gcc", needs_c_compiler=True,
                      used_for="compiling the move generator and the automaton builder when "
                               "the package is installed (without it: the pure-Python twins)"),
        SystemPackage("python3-dev", needs_python_headers=True,
                      used_for="Python's C headers, which that compiling needs as well"),
        *LANGUAGE_PACKAGES,
    )
}

#: The names under which a C compiler is found on PATH: hidden with the system packages.
COMPILER_PROGRAMS = tuple(sorted({"cc", "gcc", "x86_64-linux-gnu-gcc",
                                  os.path.basename((c_compiler() or ["cc"])[0])}))

#: Programs hidden when the suite is run "on a machine without the system packages": every
#: package's programs, the C compiler, and a system-wide shellcheck (the test extra's own
#: must be used).
HIDDEN_PROGRAMS = tuple(sorted({p for package in PACKAGES.values() for p in package.programs}
                               | set(COMPILER_PROGRAMS)
                               | {"shellcheck", "pdfinfo", "Xvfb", "xvfb-run"}))


def missing(name: str) -> str | None:
    """Why the system package ``name`` counts as missing (None when it is installed)."""
    try:
        package = PACKAGES[name]
    except KeyError:
        raise ValueError(f"unknown system package {name!r}: list it in tests/system_packages.py") from None
    return package.missing()


def required() -> bool:
    """True when a missing system package must fail its tests (CI) instead of skipping."""
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


def skip_reason(name: str, why: str) -> str:
    """The reason given when a test is skipped because ``name`` is missing."""
    return f"{SKIP_PREFIX} {name} ({why}; apt-get install {name})"


def path_without(programs: tuple[str, ...], shims: Path, path: str | None = None,
                 keep: tuple[str, ...] = ()) -> str:
    """A PATH like ``path`` (default: this one) on which none of ``programs`` is found,
    but for those in the folders ``keep`` (e.g. the test extra's own shellcheck).

    Each folder holding one of them is replaced by a folder in ``shims`` with links to
    everything else it holds, so every other program is found where it was.
    """
    folders: list[str] = []
    kept = {os.path.realpath(folder) for folder in keep}
    for index, folder in enumerate((path if path is not None else os.environ.get("PATH", "")).split(os.pathsep)):
        source = Path(folder)
        if (not folder or os.path.realpath(folder) in kept
                or not any((source / program).exists() for program in programs)):
            folders.append(folder)
            continue
        shim = shims / f"{index}-{source.name or 'root'}"
        shim.mkdir(parents=True, exist_ok=True)
        for entry in source.iterdir():
            if entry.name not in programs and not (shim / entry.name).exists():
                (shim / entry.name).symlink_to(entry)
        folders.append(str(shim))
    return os.pathsep.join(folders)
