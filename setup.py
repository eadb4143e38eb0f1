"""Build hook: compile the hot engine modules with Cython when possible.

The extension modules in ``COMPILED`` (the move generator's core and the GADDAG builder)
each have a pure-Python twin that gives the same results.  When Cython and a C compiler
are available, ``pip install`` compiles them; when either is missing, or compilation
fails, the install carries on with the pure-Python modules.  Set
``WORDSTUDIO_NO_COMPILE=1`` to skip compilation on purpose.
"""

from __future__ import annotations

import os
import platform
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "wordstudio/crossword/movegen/_core.pyx",
    "wordstudio/crossword/movegen/_lines.pyx",
    "wordstudio/crossword/movegen/_search.pyx",
    "wordstudio/crossword/players/endgames/_exact.pyx",
    "wordstudio/lexicon/_gaddag_native.pyx",
]


class OptionalBuildExt(build_ext):
    """A build_ext that never fails the install: it falls back to pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler trouble means "use Python"
            self._warn(f"compiling the engine failed ({exc}); using pure Python")

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        if self.compiler.compiler_type == "unix" and platform.machine().lower() in ("x86_64", "amd64"):
            # The search counts bits in every node it visits: one instruction with POPCNT
            # (every x86-64 processor since 2008), a library call without.
            ext.extra_compile_args = [*ext.extra_compile_args, "-mpopcnt"]
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            self._warn(f"could not compile {ext.name} ({exc}); using pure Python")

    @staticmethod
    def _warn(message: str) -> None:
        print(f"wordstudio: {message}", file=sys.stderr)


def extensions() -> list:
    if os.environ.get("WORDSTUDIO_NO_COMPILE"):
        return []
    sources = [path for path in COMPILED if os.path.exists(path)]
    if not sources:
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("wordstudio: Cython not available; using pure Python", file=sys.stderr)
        return []
    modules = [Extension(path[:-4].replace("/", "."), [path]) for path in sources]
    try:
        return cythonize(
            modules,
            compiler_directives={
                "language_level": 3,
                "boundscheck": False,
                "wraparound": False,
                "cdivision": True,
                "infer_types": True,
                "initializedcheck": False,
            },
            quiet=True,
            # Generated C goes under build/, not beside the source (nor into wheels).
            build_dir="build/cython",
        )
    except Exception as exc:  # noqa: BLE001
        print(f"wordstudio: cythonize failed ({exc}); using pure Python", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
