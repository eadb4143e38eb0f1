"""Smoke test of the built WordStudio bundle (CI runs it after ``packaging/build.sh``).

    python3 packaging/smoke.py [--bundle dist/WordStudio] [--pure] [--xcb] [--install]
                               [--starts N] [--screenshots DIR]

Every check runs the bundle as a new user would, in a fresh temporary home folder (no
WORDSTUDIO_* or XDG_* variables, so the program uses its real per-user folders there):

* ``version``: ``wordstudio --version`` prints the package's version, exit status 0;
* ``contents``: the bundle holds boards, word lists, icons and licences, and the
  compiled move generator (with ``--pure``: the pure-Python one, and no extension);
* ``first-start``: started offscreen with ``WORDSTUDIO_SMOKE_TEST`` set, the program
  runs its first start (per-user folders, word lists compiled in a worker process
  behind a progress dialog), begins a crossword game for two computer players from the
  new-game dialog, lets a computer move, saves, quits: exit status 0, a saved game
  that holds the move, and a worker that was this same executable re-entered;
* ``second-start``: the same home again: no first start, the cache is reused;
* ``starts`` (``--starts N``): N more first starts, each in a fresh home, each a game
  played, saved and quit with exit status 0 - a crash that comes one start in five
  (as a garbage collection on a worker-pool thread once did) shows here;
* ``xcb`` (``--xcb``): the same game in a real X server (Xvfb) with Qt's xcb platform,
  reporting the system libraries and fonts the program loaded from outside the bundle
  and, with ``--screenshots DIR``, pictures of the screen while it plays;
* ``install`` (``--install``): ``install.sh`` into the temporary home, the installed
  command and the desktop entry's command line both start, ``uninstall.sh`` leaves the
  home folder exactly as it was.

It ends with a line ``smoke: N passed, N failed``; the exit status is 0 when all passed.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_BUNDLE = ROOT / "dist" / "WordStudio"
GAME_TIMEOUT = 300


class SmokeFailure(Exception):
    """A check found the bundle wrong; the message says how."""


def package_version() -> str:
    """``__version__`` from the checkout's ``wordstudio/__init__.py``."""
    tree = ast.parse((ROOT / "wordstudio" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__version__":
            return str(ast.literal_eval(node.value))
    raise SmokeFailure("no __version__ in wordstudio/__init__.py")


def user_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a new user whose home folder is ``home``."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("WORDSTUDIO_", "XDG_", "QT_"))}
    env.update(HOME=str(home), LANG=env.get("LANG", "C.UTF-8"))
    env.update(extra)
    return env


def run(command: list[str], env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    """Run a command, its output captured; a hang is a failure."""
    try:
        return subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        raise SmokeFailure(f"{shlex.join(command)} did not finish in {timeout} s") from exc


def tail(text: str, lines: int = 25) -> str:
    return "\n".join("    " + line for line in text.strip().splitlines()[-lines:])


# --- the checks -------------------------------------------------------------------------------
def check_version(bundle: Path, scratch: Path) -> str:
    result = run([str(bundle / "wordstudio"), "--version"], user_env(scratch / "home-version"))
    expected = f"WordStudio {package_version()}"
    if result.returncode != 0 or result.stdout.strip() != expected:
        raise SmokeFailure(f"--version gave status {result.returncode} and {result.stdout!r} "
                           f"{result.stderr!r}; expected {expected!r}")
    return expected


def check_contents(bundle: Path, pure: bool) -> str:
    internal = bundle / "_internal"
    needed = [
        "boards/scrabble.cfg", "boards/wordwhami.cfg", "lexicons/en-US-wordgame.txt",
        "lexicons/en-US-wordgame-family.txt", "lexicons/lists.json", "lexicons/offensive-words.txt",
        "lexicons/en-GB-large.txt", "lexicons/SCOWL-COPYRIGHT.txt", "lexicons/meanings.txt.gz",
        "lexicons/WORDNET-LICENSE.txt", "licenses/WORDNET-LICENSE.txt",
        "resources/icons/app/wordstudio.svg", "resources/icons/app/wordstudio-256.png",
        "licenses/NOTICE.txt", "licenses/LGPL-3.0.txt", "licenses/GPL-3.0.txt",
        "licenses/Python-LICENSE.txt", "licenses/SCOWL-COPYRIGHT.txt",
        "licenses/WordStudio-LICENSE.txt", "licenses/platformdirs-LICENSE.txt",
        "wordstudio/crossword/players/data/leaves-standard.json",
    ]
    missing = [name for name in needed if not (internal / name).is_file()]
    if missing:
        raise SmokeFailure(f"missing from the bundle: {', '.join(missing)}")
    # The compiled engine: the move generator's modules, the end-game search and the
    # GADDAG builder.
    engine = [("crossword/movegen", "_core"), ("crossword/movegen", "_lines"),
              ("crossword/movegen", "_search"), ("crossword/players/endgames", "_exact"),
              ("lexicon", "_gaddag_native")]
    compiled = [path for folder, name in engine for suffix in ("so", "pyd")
                for path in sorted((internal / "wordstudio" / folder).glob(f"{name}.*.{suffix}"))]
    if pure and compiled:
        raise SmokeFailure(f"--pure, but the bundle has {compiled[0].name}")
    if not pure and len(compiled) != len(engine):
        raise SmokeFailure("the bundle lacks compiled engine modules: "
                           f"{[name for _folder, name in engine]} wanted, "
                           f"{[path.name for path in compiled]} found")
    unwanted = [path for path in (internal / "PySide6" / "Qt").rglob("*")
                if "translations" in path.parts or path.name.startswith(("libQt6Quick", "libQt6Qml"))]
    if unwanted:
        raise SmokeFailure(f"pruned Qt files are in the bundle: {unwanted[0]}")
    size = sum(path.stat().st_size for path in bundle.rglob("*") if path.is_file() and not path.is_symlink())
    kind = "pure-Python" if pure else f"compiled ({compiled[0].name})"
    return f"{size / 1e6:.0f} MB, move generator {kind}"


def play_game(bundle: Path, home: Path, out: Path, env_extra: dict[str, str] | None = None,
              watch: Callable[[subprocess.Popen], None] | None = None,
              command: list[str] | None = None) -> str:
    """Run the program's self-test (a game saved to ``out``); returns its report."""
    # The program gives up first, and says what it was waiting for.
    env = user_env(home, **{"WORDSTUDIO_SMOKE_TEST": str(out), "QT_QPA_PLATFORM": "offscreen",
                            "WORDSTUDIO_SMOKE_TIMEOUT": str(GAME_TIMEOUT - 60),
                            **(env_extra or {})})
    process = subprocess.Popen(command or [str(bundle / "wordstudio")], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        if watch is not None:
            watch(process)
        stdout, stderr = process.communicate(timeout=GAME_TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        process.kill()
        stdout, stderr = process.communicate()
        raise SmokeFailure(f"the game did not end in {GAME_TIMEOUT} s:\n{tail(stdout + stderr)}") from exc
    report = "\n".join(line for line in stderr.splitlines() if line.startswith("smoke:"))
    if process.returncode != 0:
        raise SmokeFailure(f"exit status {process.returncode}:\n{tail(stdout + stderr)}")
    if not out.is_file():
        raise SmokeFailure(f"exit status 0 but no saved game at {out}:\n{tail(stderr)}")
    if "garbage collection: on the GUI thread only" not in report:
        # ui/gcguard.py: without it a collection on a pool thread can crash the window.
        raise SmokeFailure(f"garbage collection is not kept on the GUI thread:\n{report}")
    saved = json.loads(out.read_text(encoding="utf-8"))
    if saved.get("format") != "wordstudio-crossword" or not saved.get("inputs"):
        raise SmokeFailure(f"{out} is not a crossword game with a move in it")
    return report


def read_marker(home: Path) -> dict:
    marker = home / ".config" / "WordStudio" / "first-start.json"
    if not marker.is_file():
        raise SmokeFailure(f"no first-start marker at {marker}")
    return json.loads(marker.read_text(encoding="utf-8"))


def cache_files(home: Path) -> list[Path]:
    return sorted((home / ".cache" / "WordStudio" / "lexicons").glob("gaddag-*.bin"))


def check_first_start(bundle: Path, home: Path) -> str:
    report = play_game(bundle, home, home / "first.crossword")
    if "first start" not in report:
        raise SmokeFailure(f"no first-start progress dialog was seen:\n{report}")
    marker = read_marker(home)
    worker = marker.get("worker") or {}
    executable = os.path.realpath(bundle / "wordstudio")
    if os.path.realpath(worker.get("executable", "")) != executable or not worker.get("frozen"):
        raise SmokeFailure(f"the word lists were not compiled by this executable as a worker: {worker}")
    if worker.get("pid") == marker["program"]["pid"]:
        raise SmokeFailure("the word lists were compiled in the window's process, not a worker")
    for folder in (".config/WordStudio", ".local/share/WordStudio/saved-games",
                   ".local/share/WordStudio/autosave", ".cache/WordStudio/lexicons"):
        if not (home / folder).is_dir():
            raise SmokeFailure(f"the first start did not create ~/{folder}")
    if len(cache_files(home)) < 2:
        raise SmokeFailure("the first start left no compiled word lists in ~/.cache/WordStudio")
    move = next((line for line in report.splitlines() if "computer move" in line), report)
    return f"first start in {marker['seconds']} s, worker pid {worker['pid']}; {move.removeprefix('smoke: ')}"


def check_starts(bundle: Path, scratch: Path, count: int) -> str:
    """``count`` first starts in fresh homes; fails on the first that does not end cleanly."""
    seconds = []
    for number in range(1, count + 1):
        home = scratch / f"home-start-{number}"
        home.mkdir()
        started = time.monotonic()
        try:
            play_game(bundle, home, home / "game.crossword")
        except SmokeFailure as exc:
            raise SmokeFailure(f"start {number} of {count}: {exc}") from None
        seconds.append(time.monotonic() - started)
        shutil.rmtree(home, ignore_errors=True)
    seconds.sort()
    return f"{count} first starts, each a game saved and a clean exit (median {seconds[len(seconds) // 2]:.1f} s)"


def check_second_start(bundle: Path, home: Path) -> str:
    before = {path: path.stat().st_mtime_ns for path in cache_files(home)}
    report = play_game(bundle, home, home / "second.crossword")
    if "first start" in report:
        raise SmokeFailure("the first start ran again")
    after = {path: path.stat().st_mtime_ns for path in cache_files(home)}
    if after != before:
        raise SmokeFailure("the compiled word lists were rebuilt instead of loaded from the cache")
    return "no first start; word lists loaded from the cache"


@contextlib.contextmanager
def x_server(scratch: Path) -> Iterator[str]:
    """A private Xvfb display (1400x900, 24 bits) for the duration."""
    if shutil.which("Xvfb") is None:
        raise SmokeFailure("Xvfb is not installed (apt-get install xvfb)")
    for number in range(87, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            break
    display = f":{number}"
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=(scratch / "xvfb.log").open("w"))
    try:
        deadline = time.monotonic() + 15
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if server.poll() is not None or time.monotonic() > deadline:
                raise SmokeFailure(f"Xvfb did not start:\n{tail((scratch / 'xvfb.log').read_text())}")
            time.sleep(0.1)
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


def debian_packages(paths: set[str]) -> list[str]:
    """The Debian packages that own ``paths`` (empty when dpkg is not there)."""
    if not paths or shutil.which("dpkg") is None:
        return []
    # With a merged /usr, dpkg knows a library by one of its two names only.
    names = set(paths) | {path.removeprefix("/usr") if path.startswith("/usr/") else "/usr" + path
                          for path in paths}
    result = subprocess.run(["dpkg", "-S", *sorted(names)], capture_output=True, text=True)
    owners = {line.split(":", 1)[0] for line in result.stdout.splitlines() if ":" in line}
    return sorted(owner for owner in owners if "," not in owner)


def check_xcb(bundle: Path, home: Path, shots: Path | None) -> str:
    internal = str((bundle / "_internal").resolve())
    loaded: set[str] = set()
    with x_server(home.parent) as display:

        def watch(process: subprocess.Popen) -> None:
            count = 0
            while process.poll() is None:
                with contextlib.suppress(OSError):
                    for line in Path(f"/proc/{process.pid}/maps").read_text().splitlines():
                        path = line.split(maxsplit=5)[-1] if line.count(" ") >= 5 else ""
                        if path.startswith("/") and not path.startswith(internal) \
                                and (".so" in path or "/fonts/" in path):
                            loaded.add(path)
                if shots is not None and shutil.which("import"):
                    subprocess.run(["import", "-display", display, "-window", "root",
                                    str(shots / f"xcb-{count:03d}.png")], capture_output=True)
                    count += 1
                time.sleep(0.3)

        report = play_game(bundle, home, home / "xcb.crossword",
                           {"QT_QPA_PLATFORM": "xcb", "DISPLAY": display}, watch)
    libraries = {path for path in loaded if ".so" in path}
    fonts = sorted({Path(path).name for path in loaded if "/fonts/" in path})
    packages = debian_packages({os.path.realpath(path) for path in libraries})
    print(f"  system packages loaded: {' '.join(packages) or '(dpkg not available)'}")
    print(f"  fonts loaded: {' '.join(fonts) or '(none seen)'}")
    if not fonts:
        raise SmokeFailure("no font was loaded (install fonts-dejavu-core)")
    return f"game played on X11; {len(libraries)} system libraries from {len(packages)} packages" + \
        ("" if "computer move" in report else " (no move report)")


def snapshot(home: Path) -> dict[str, str]:
    """Every path under ``home`` with what it is (file content size, link target, folder)."""
    found = {}
    for path in sorted(home.rglob("*")):
        key = str(path.relative_to(home))
        if path.is_symlink():
            found[key] = f"link {os.readlink(path)}"
        elif path.is_dir():
            found[key] = "dir"
        else:
            found[key] = f"file {path.stat().st_size} {path.stat().st_mtime_ns}"
    return found


def check_install(bundle: Path, home: Path) -> str:
    home.mkdir(parents=True, exist_ok=True)
    before = snapshot(home)
    env = user_env(home, PATH=f"{home / '.local' / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}")
    result = run(["bash", str(ROOT / "packaging" / "install.sh"), str(bundle)], env, timeout=300)
    if result.returncode != 0:
        raise SmokeFailure(f"install.sh failed:\n{tail(result.stdout + result.stderr)}")
    version = run(["wordstudio", "--version"], env)
    if version.returncode != 0 or not version.stdout.startswith("WordStudio "):
        raise SmokeFailure(f"the installed command does not start: {version.stderr}")
    desktop = home / ".local" / "share" / "applications" / "wordstudio.desktop"
    exec_line = next(line for line in desktop.read_text().splitlines() if line.startswith("Exec="))
    command = [part for part in shlex.split(exec_line.removeprefix("Exec=")) if part != "%f"]
    report = play_game(bundle, home / "player", home / "installed.crossword", command=command)
    shutil.rmtree(home / "player")
    (home / "installed.crossword").unlink()
    result = run(["bash", str(ROOT / "packaging" / "uninstall.sh")], env, timeout=120)
    if result.returncode != 0:
        raise SmokeFailure(f"uninstall.sh failed:\n{tail(result.stdout + result.stderr)}")
    after = snapshot(home)
    if after != before:
        changed = sorted(set(after.items()) ^ set(before.items()))
        raise SmokeFailure(f"uninstall.sh left the home folder changed: {changed[:8]}")
    move = "computer moved" if "computer move" in report else "game saved"
    return f"installed, started from the menu entry's command line ({move}), uninstalled cleanly"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=DEFAULT_BUNDLE, help="the built bundle folder")
    parser.add_argument("--pure", action="store_true",
                        help="the bundle was built with WORDSTUDIO_NO_COMPILE=1")
    parser.add_argument("--xcb", action="store_true", help="also play under Xvfb with the xcb platform")
    parser.add_argument("--install", action="store_true", help="also test install.sh and uninstall.sh")
    parser.add_argument("--starts", type=int, default=0, metavar="N",
                        help="also N more first starts in fresh homes (a crash that is rare shows)")
    parser.add_argument("--screenshots", type=Path, help="with --xcb: save screen pictures here")
    args = parser.parse_args(argv)
    bundle = args.bundle.resolve()
    if not (bundle / "wordstudio").is_file():
        print(f"smoke: no bundle at {bundle}; build it with packaging/build.sh", file=sys.stderr)
        return 2
    if args.screenshots:
        args.screenshots.mkdir(parents=True, exist_ok=True)
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="wordstudio-smoke-") as folder:
        scratch = Path(folder)
        home = scratch / "home"
        home.mkdir()
        checks: list[tuple[str, Callable[[], str]]] = [
            ("version", lambda: check_version(bundle, scratch)),
            ("contents", lambda: check_contents(bundle, args.pure)),
            ("first-start", lambda: check_first_start(bundle, home)),
            ("second-start", lambda: check_second_start(bundle, home)),
        ]
        if args.starts > 0:
            checks.append(("starts", lambda: check_starts(bundle, scratch, args.starts)))
        if args.xcb:
            checks.append(("xcb", lambda: check_xcb(bundle, scratch / "home-xcb", args.screenshots)))
        if args.install:
            checks.append(("install", lambda: check_install(bundle, scratch / "home-install")))
        for name, check in checks:
            started = time.monotonic()
            try:
                detail = check()
            except (SmokeFailure, OSError, ValueError, KeyError, StopIteration) as exc:
                failed += 1
                print(f"smoke: FAIL {name}: {exc}", flush=True)
            else:
                passed += 1
                print(f"smoke: ok   {name} ({time.monotonic() - started:.1f} s): {detail}", flush=True)
    print(f"smoke: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
