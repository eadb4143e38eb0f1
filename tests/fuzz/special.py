"""Special files through the command line: every command that reads or writes a file,
handed a name that stands for no plain file.

Each good input is a command (``moves``, ``replay``, ``convert``...) with one file
argument marked ``{S:.suffix}``; the damage (:func:`special_kind`) says what that name
will be: a device (a copy of ``/dev/null``, or ``/dev/zero`` and ``/dev/urandom`` through
a link), a named pipe nobody writes to, a link to one, a folder, a socket, a sparse file
of 3 GB.  :func:`read_special` makes it and runs the command, as the long fuzz run and the
brief one run any reader.  The program's answer must be, every time:

* a refusal - exit status 2 - in one line on standard error that names the file (a hang,
  a traceback, a memory error, or the command going ahead are failures);
* for a file it writes: the special file left as it was (a save never replaces a device,
  a pipe or a folder: only a plain file, or a new name).

Undamaged (no kind given), the name is a good plain file of what the command expects, or
a new name to write: the command must then do its work, so a refusal above is the special
file's, not a broken command line's.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import shutil
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

from tests.fuzz import seeds
from wordstudio.errors import UserError

#: An undamaged input: the marked name is a good plain file (or, to write, a new name).
PLAIN = "plain"
#: What a marked file name can stand for.
KINDS = ("device", "zero", "urandom", "fifo", "fifo-link", "folder", "socket", "huge")
#: The kinds that are no plain file at all: a writer must leave them alone (a huge plain
#: file is a file like any other to write over).
NOT_FILES = tuple(kind for kind in KINDS if kind != "huge")
#: The size of the huge file (sparse: it takes no room on the disk).
HUGE_BYTES = 3 * 1024**3
#: The address space one command may add while it runs in a test's process: reading
#: ``/dev/zero`` whole would otherwise take all the machine's memory before failing.
MEMORY_GUARD = 2 * 1024**3

# Commands that read a file a person names: "{S:.suffix}" marks it.  "{W}" is the
# worker's folder, "{GAME}" a good saved game, "{CGP}" a position, "{DICTIONARY}" a
# configuration whose Dictionary names the special file.
READING = (
    "moves\n--cgp\n{CGP}\n--lexicon\n{S:.txt}",
    "moves\n--cgp-file\n{S:.cgp}",
    "moves\n--cgp\n{CGP}\n--config\n{S:.cfg}",
    "moves\n--cgp\n{CGP}\n--config\n{DICTIONARY}",
    "consult\nA?E\n--lexicon\n{S:.txt}",
    "lexicon\ninfo\n{S:.txt}",
    "lexicon\nnew\nspecialfuzz\n--from\n{S:.txt}",
    "replay\n{S:.crossword}",
    "replay\n{S:.gcg}",
    "analyse\n{S:.crossword}\n--ply\n2\n--iterations\n1",
    "analyse\n--cgp\n{CGP}\n--lexicon\n{S:.txt}\n--iterations\n1",
    "review\n{S:.gcg}",
    "convert\n{S:.gcg}\n{W}/out.crossword",
    "wordwar\nscore\n{S:-grid.txt}",
    "doublets\nCAT\nDOG\n--lexicon\n{S:.txt}",
    "config\nshow\n{S:.cfg}",
    "leaves\nshow\n--config\n{S:.cfg}",
    "selfplay\n--config\nboard7.cfg\n--games\n1\n--workers\n1\n-Q\n--player\n{S:.def}\n"
    "--player\nlevel1",
    "selfplay\n--config\nboard7.cfg\n--games\n1\n--workers\n1\n-Q\n--lexicon\n{S:.txt}",
)
# Commands that write a file a person names.
WRITING = (
    "convert\n{GAME}\n{S:.gcg}",
    "convert\n{GAME}\n{S:.crossword}",
    "convert\n{GAME}\n{S:.sav}",
    "wordwar\nsheet\n--board\n1\n--out\n{S:.pdf}",
)


def special_seeds() -> list[seeds.Seed]:
    """The commands, each with its marked file argument (``read-N`` / ``write-N``)."""
    return ([(f"read-{n}.txt", text.encode()) for n, text in enumerate(READING)]
            + [(f"write-{n}.txt", text.encode()) for n, text in enumerate(WRITING)])


def special_kind(rng: random.Random, data: bytes, name: str) -> bytes:
    """The damage: which kind of special file the marked name stands for (a first line
    ``#kind``; a writer is never handed the huge file, which it may replace)."""
    kinds = NOT_FILES if name.startswith("write") else KINDS
    lines = data.split(b"\n")
    if lines[0].startswith(b"#"):
        lines = lines[1:]
    return b"\n".join([b"#" + rng.choice(kinds).encode(), *lines])


def make_special(kind: str, path: Path) -> tuple[str, object]:
    """Make the special file ``path`` of ``kind``; what it is, to compare afterwards."""
    if kind == "device":
        try:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.stat("/dev/null").st_rdev)
        except (PermissionError, AttributeError):  # not root: the device itself, by a link
            path.symlink_to("/dev/null")
    elif kind in ("zero", "urandom"):
        path.symlink_to(f"/dev/{kind}")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "fifo-link":
        target = path.with_name(path.name + ".fifo")
        os.mkfifo(target)
        path.symlink_to(target)
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("a file in the folder\n")
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(str(path))
        _SOCKETS.append(server)
    elif kind == "huge":
        with open(path, "wb") as handle:
            handle.truncate(HUGE_BYTES)
    return describe(path)


_SOCKETS: list[socket.socket] = []


def make_plain(path: Path, writing: bool) -> tuple[str, object]:
    """A good file of what the command reads at ``path`` (by its suffix), or nothing
    there for a command that writes it."""
    if writing:
        return "new", None
    name = path.name
    if name.endswith("-grid.txt"):
        data = seeds.wordwar_grid_seeds()[0][1]
    elif name.endswith(".txt"):
        data = (seeds.REPO / "lexicons" / "en-US-common.txt").read_bytes()
    elif name.endswith(".cgp"):
        data = seeds.cgp_seeds()[0][1] + b"\n"
    elif name.endswith(".cfg"):
        data = _dictionary_config(path.parent, Path("en-US-common")).read_bytes()
    elif name.endswith(".crossword"):
        data = seeds.native_seeds()[0][1]
    elif name.endswith(".gcg"):
        data = seeds.gcg_seeds()[0][1]
    elif name.endswith(".def"):
        data = (seeds.BOARDS / "level.def").read_bytes()
    else:
        raise ValueError(f"no good file for {name}")
    path.write_bytes(data)
    return "plain", len(data)


def describe(path: Path) -> tuple[str, object]:
    """What ``path`` is now: its type, and its link's target or its size."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        return "link", os.readlink(path)
    if stat.S_ISDIR(info.st_mode):
        return "folder", sorted(p.name for p in path.iterdir())
    return stat.S_IFMT(info.st_mode), (info.st_rdev, info.st_size)


@contextlib.contextmanager
def memory_guard(extra: int = MEMORY_GUARD) -> Iterator[None]:
    """While the command runs, this process may grow by ``extra`` bytes of address
    space at most (a MemoryError past it, not the machine's memory used up)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm", encoding="ascii") as statm:
            now = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError):
        yield
        return
    wanted = now + extra if hard == resource.RLIM_INFINITY else min(now + extra, hard)
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@contextlib.contextmanager
def own_home(home: Path) -> Iterator[None]:
    """The command's per-user folders in ``home`` (the commands that write there - ``lexicon
    new`` makes a personal list - leave nothing in the test run's own, where it showed in
    ``lexicon list``); the compiled word lists' cache stays shared."""
    previous = os.environ.get("WORDSTUDIO_HOME")
    os.environ["WORDSTUDIO_HOME"] = str(home)
    try:
        yield
    finally:
        if previous is None:
            del os.environ["WORDSTUDIO_HOME"]
        else:
            os.environ["WORDSTUDIO_HOME"] = previous


def _dictionary_config(folder: Path, dictionary: Path) -> Path:
    """The standard game's configuration, its Dictionary ``dictionary``."""
    text = (seeds.BOARDS / "scrabble.cfg").read_text(encoding="utf-8")
    text = text.replace("Include = ", f"Include = {seeds.BOARDS}/")
    text, count = re.subn(r"(?m)^Dictionary\s*=.*$", f"Dictionary = {dictionary}", text)
    assert count == 1, "the standard game names its word list once"
    config = folder / "dictionary.cfg"
    config.write_text(text, encoding="utf-8")
    return config


def read_special(path: Path, workdir: Path) -> object:
    """Run the command in ``path`` (first line ``#kind``) with its marked argument made
    a special file of that kind; UserError for the refusal the program must give,
    RuntimeError for anything else (see the module's docstring)."""
    from wordstudio import cli

    lines = path.read_text(encoding="utf-8").split("\n")
    kind = lines[0].lstrip("#") if lines[0].startswith("#") else PLAIN
    template = [line for line in lines if not line.startswith("#")]
    folder = workdir / "special"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    game = folder / "game.crossword"
    game.write_bytes(seeds.native_seeds()[0][1])
    argv: list[str] = []
    special: Path | None = None
    for arg in template:
        if arg.startswith("{S:"):
            special = folder / f"{kind}{arg[3:-1]}"
            arg = str(special)
        elif arg == "{DICTIONARY}":
            special = folder / f"{kind}.txt"
            arg = str(_dictionary_config(folder, special))
        arg = arg.replace("{W}", str(folder)).replace("{GAME}", str(game))
        argv.append(arg.replace("{CGP}", seeds.cgp_seeds()[0][1].decode()))
    assert special is not None, f"{path.name}: no marked file argument"
    writing = path.name.startswith("write")
    before = make_plain(special, writing) if kind == PLAIN else make_special(kind, special)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), memory_guard(), \
                own_home(folder / "home"):
            try:
                status = cli.main(argv)
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 2
        after = describe(special) if kind != PLAIN else before
    finally:
        while _SOCKETS:
            _SOCKETS.pop().close()
    said = err.getvalue().strip().splitlines()
    shown = f"wordstudio {' '.join(argv)} ({kind}): exit status {status}, said {said[-3:]}"
    if kind == PLAIN:
        # Done (``leaves show`` answers 1 when no table is trained: no fault).
        if status == 0 or (status == 1 and not any("internal error" in s for s in said)):
            if writing and not special.is_file():
                raise RuntimeError(f"nothing written: {shown}")
            return status
        raise RuntimeError(f"a good file refused: {shown}")
    if after != before:
        raise RuntimeError(f"the special file was replaced: {before} -> {after}; {shown}")
    if status != 2:
        raise RuntimeError(f"not refused: {shown}")
    if len(said) != 1 or special.name not in said[0]:
        raise RuntimeError(f"not refused in one line naming {special.name}: {shown}")
    raise UserError(said[0])
