"""packaging/install.sh and uninstall.sh, run for real into temporary home folders.

A small stand-in bundle (a ``wordstudio`` shell script that answers ``--version`` and
the real icons under ``_internal/``) keeps these tests fast; the built bundle itself is
installed, started and uninstalled by ``packaging/smoke.py --install`` in CI.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests import system_packages
from tests.freedesktop import desktop_entry_problems, mime_info_problems

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
ICONS = REPO / "resources" / "icons" / "app"
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"
OUR_TYPES = {
    "application/x-wordstudio-crossword", "application/x-wordstudio-wordforword",
    "application/x-wordstudio-wordwar", "text/x-gcg", "text/x-wordstudio-config",
}


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    """A stand-in for dist/WordStudio: the program, a library link, the icons."""
    folder = tmp_path / "dist" / "WordStudio"
    internal = folder / "_internal"
    shutil.copytree(ICONS, internal / "resources" / "icons" / "app")
    (internal / "libexample.so.1").write_bytes(b"\x7fELF stand-in")
    (internal / "libexample.so").symlink_to("libexample.so.1")
    program = folder / "wordstudio"
    program.write_text('#!/bin/sh\n'
                       'if [ "$1" = "--version" ]; then echo "WordStudio 9.9.9"; exit 0; fi\n'
                       'echo "opened: $*"\n')
    program.chmod(0o755)
    return folder


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


def user_env(home: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("XDG_", "WORDSTUDIO_"))}
    env["HOME"] = str(home)
    env.update(extra)
    return env


def script(name: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(PACKAGING / name), *args], env=env,
                          capture_output=True, text=True, timeout=120)


def snapshot(root: Path) -> dict[str, str]:
    """Every path under ``root``: kind, and for files their bytes (so any change shows)."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        key = str(path.relative_to(root))
        if path.is_symlink():
            found[key] = "link " + os.readlink(path)
        elif path.is_dir():
            found[key] = "dir"
        else:
            found[key] = "file " + path.read_bytes().hex()[:2000]
    return found


def mime_type_of(path: Path, data_home: Path) -> str:
    """What the freedesktop MIME database under ``data_home`` says ``path`` is (Qt reads
    the same database as the desktop; a fresh process, because Qt loads it once)."""
    code = ("import sys\nfrom PySide6.QtCore import QMimeDatabase\n"
            "print(QMimeDatabase().mimeTypeForFile(sys.argv[1]).name())")
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), XDG_DATA_DIRS="/usr/share")
    result = subprocess.run([sys.executable, "-c", code, str(path)], env=env,
                            capture_output=True, text=True, timeout=60, check=True)
    return result.stdout.strip()


# --- a fresh account ------------------------------------------------------------------------------
def test_install_puts_everything_in_place_and_uninstall_removes_all_of_it(bundle, home):
    env = user_env(home)
    before = snapshot(home)
    result = script("install.sh", env, str(bundle))
    assert result.returncode == 0, result.stderr
    assert "installed WordStudio 9.9.9" in result.stdout
    app = home / ".local" / "opt" / "wordstudio"
    data = home / ".local" / "share"
    launcher = home / ".local" / "bin" / "wordstudio"
    assert (app / "wordstudio").is_file() and os.access(app / "wordstudio", os.X_OK)
    assert os.readlink(app / "_internal" / "libexample.so") == "libexample.so.1"  # links kept
    assert launcher.is_symlink() and os.readlink(launcher) == str(app / "wordstudio")
    version = subprocess.run([str(launcher), "--version"], capture_output=True, text=True)
    assert version.stdout.strip() == "WordStudio 9.9.9"
    for size in PNG_SIZES:
        icon = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "wordstudio.png"
        assert icon.read_bytes() == (ICONS / f"wordstudio-{size}.png").read_bytes()
    assert (data / "icons/hicolor/scalable/apps/wordstudio.svg").read_bytes() == \
        (ICONS / "wordstudio.svg").read_bytes()
    assert (data / "mime/packages/wordstudio.xml").read_bytes() == \
        (PACKAGING / "mime" / "wordstudio.xml").read_bytes()

    desktop = data / "applications" / "wordstudio.desktop"
    entry = dict(line.split("=", 1) for line in desktop.read_text().splitlines() if "=" in line)
    assert entry["Exec"] == f'"{app / "wordstudio"}" %f'
    assert entry["TryExec"] == str(app / "wordstudio")
    assert entry["Icon"] == "wordstudio" and entry["Terminal"] == "false"
    assert set(filter(None, entry["MimeType"].split(";"))) == OUR_TYPES
    assert desktop_entry_problems(desktop.read_text()) == []
    # (test_install_registers_the_file_types_with_the_desktop_databases checks the
    # databases, and test_freedesktop_tools_accept_the_installed_files the real validator.)

    # Opening a file the way the desktop does: the Exec line with %f replaced.
    opened = subprocess.run([str(app / "wordstudio"), str(home / "game.crossword")],
                            capture_output=True, text=True)
    assert opened.stdout.strip() == f"opened: {home / 'game.crossword'}"

    result = script("uninstall.sh", env)
    assert result.returncode == 0, result.stderr
    assert snapshot(home) == before  # nothing left behind, not even empty folders


def test_the_mime_types_resolve_by_name_and_by_content(bundle, home, tmp_path):
    env = user_env(home)
    assert script("install.sh", env, str(bundle)).returncode == 0
    data = home / ".local" / "share"
    files = tmp_path / "files"
    files.mkdir()
    named = {"game.crossword": "application/x-wordstudio-crossword",
             "puzzle.wfw": "application/x-wordstudio-wordforword",
             "cards.wordwar": "application/x-wordstudio-wordwar",
             "round3.gcg": "text/x-gcg",
             "scrabble.cfg": "text/x-wordstudio-config"}
    for name in named:
        (files / name).write_text('{\n "format": "x"\n}\n' if "." in name else "")
    (files / "scrabble.cfg").write_text("Title = Standard 15x15 game\n")
    for name, kind in named.items():
        assert mime_type_of(files / name, data) == kind, name
    # A saved game under another name is still recognised by its content.
    renamed = files / "saved game"
    renamed.write_text('{\n "format": "wordstudio-crossword", "version": 1,\n "inputs": []\n}\n')
    assert mime_type_of(renamed, data) == "application/x-wordstudio-crossword"
    record = files / "record from woogles"
    record.write_text("#character-encoding UTF-8\n#player1 ann Ann\n#player2 bob Bob\n")
    assert mime_type_of(record, data) == "text/x-gcg"


def test_install_honours_xdg_folders_and_a_prefix_with_spaces(bundle, home, tmp_path):
    data, bin_dir = tmp_path / "xdg data", tmp_path / "my bin"
    prefix = tmp_path / "Programs (mine)"
    env = user_env(home, XDG_DATA_HOME=str(data), XDG_BIN_HOME=str(bin_dir),
                   WORDSTUDIO_PREFIX=str(prefix))
    result = script("install.sh", env, str(bundle))
    assert result.returncode == 0, result.stderr
    assert "is not on your PATH" in result.stdout
    app = prefix / "wordstudio"
    assert os.readlink(bin_dir / "wordstudio") == str(app / "wordstudio")
    desktop = data / "applications" / "wordstudio.desktop"
    assert f'Exec="{app / "wordstudio"}" %f' in desktop.read_text()
    assert desktop_entry_problems(desktop.read_text()) == []
    assert not (home / ".local").exists()  # nothing outside the chosen folders
    assert script("uninstall.sh", env).returncode == 0
    assert not prefix.exists() and not data.exists() and not bin_dir.exists()


# --- the desktop's databases (need desktop-file-utils and shared-mime-info) --------------------
@pytest.mark.system_package("desktop-file-utils", "shared-mime-info")
def test_install_registers_the_file_types_with_the_desktop_databases(bundle, home):
    env = user_env(home)
    before = snapshot(home)
    result = script("install.sh", env, str(bundle))
    assert result.returncode == 0, result.stderr
    data = home / ".local" / "share"
    # The desktop's databases know the file types and which program opens them.
    cache = (data / "applications" / "mimeinfo.cache").read_text()
    for kind in OUR_TYPES:
        assert f"{kind}=wordstudio.desktop;" in cache
    globs = (data / "mime" / "globs2").read_text()
    assert "application/x-wordstudio-crossword:*.crossword" in globs
    assert "40:text/x-wordstudio-config:*.cfg" in globs
    assert script("uninstall.sh", env).returncode == 0
    assert snapshot(home) == before  # the databases it made go too


@pytest.mark.system_package("desktop-file-utils", "shared-mime-info")
def test_freedesktop_tools_accept_the_installed_files(bundle, home, tmp_path):
    # The same files the Python checks above accept, through freedesktop's own tools;
    # once with an install folder whose name needs quoting in Exec.
    layouts = {"default": {}, "spaces": {"XDG_DATA_HOME": str(tmp_path / "xdg data"),
                                         "WORDSTUDIO_PREFIX": str(tmp_path / "Programs (mine)")}}
    for name, extra in layouts.items():
        env = user_env(home, **extra)
        assert script("install.sh", env, str(bundle)).returncode == 0
        data = Path(extra.get("XDG_DATA_HOME", home / ".local" / "share"))
        validate = subprocess.run(["desktop-file-validate", str(data / "applications" / "wordstudio.desktop")],
                                  capture_output=True, text=True)
        assert validate.returncode == 0 and not validate.stdout.strip(), (name, validate.stdout + validate.stderr)
        # update-mime-database reports a bad definition ("Error in type ...") and goes on.
        mime = subprocess.run(["update-mime-database", str(data / "mime")],
                              capture_output=True, text=True)
        assert mime.returncode == 0 and "Error" not in mime.stderr, mime.stderr
        assert script("uninstall.sh", env).returncode == 0


@pytest.mark.system_package("desktop-file-utils", "shared-mime-info")
def test_uninstall_refreshes_the_databases_and_keeps_other_programs_in_them(bundle, home):
    env = user_env(home)
    data = other_programs(home)
    subprocess.run(["update-mime-database", str(data / "mime")], check=True)
    subprocess.run(["update-desktop-database", str(data / "applications")], check=True)
    before = snapshot(home)

    assert script("install.sh", env, str(bundle)).returncode == 0
    assert "wordstudio" in (data / "applications" / "mimeinfo.cache").read_text()
    result = script("uninstall.sh", env)
    assert result.returncode == 0, result.stderr

    # The regenerated databases no longer name ours, and still name the other program's.
    assert "wordstudio" not in (data / "applications" / "mimeinfo.cache").read_text()
    assert "application/x-other=other.desktop;" in (data / "applications" / "mimeinfo.cache").read_text()
    assert "wordstudio" not in (data / "mime" / "globs2").read_text()
    assert "application/x-other:*.other" in (data / "mime" / "globs2").read_text()
    assert set(snapshot(home)) == set(before)


# --- an account with other programs ---------------------------------------------------------------
def other_programs(home: Path) -> Path:
    """Another program's menu entry, file type and command; returns the data folder."""
    data = home / ".local" / "share"
    other_desktop = data / "applications" / "other.desktop"
    other_desktop.parent.mkdir(parents=True)
    other_desktop.write_text("[Desktop Entry]\nType=Application\nName=Other\nExec=other %f\n"
                             "MimeType=application/x-other;\n")
    other_mime = data / "mime" / "packages" / "other.xml"
    other_mime.parent.mkdir(parents=True)
    other_mime.write_text(
        '<?xml version="1.0"?>\n<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
        '  <mime-type type="application/x-other"><comment>Other</comment>'
        '<glob pattern="*.other"/></mime-type>\n</mime-info>\n')
    (home / ".local" / "bin").mkdir(parents=True)
    (home / ".local" / "bin" / "othertool").write_text("#!/bin/sh\n")
    return data


def test_uninstall_leaves_other_programs_files_alone(bundle, home):
    env = user_env(home)
    other_programs(home)
    before = snapshot(home)
    assert script("install.sh", env, str(bundle)).returncode == 0
    result = script("uninstall.sh", env)
    assert result.returncode == 0, result.stderr

    after = snapshot(home)
    # Other programs' files are untouched; ours are gone, and no folder they share.
    for key in ("local/share/applications/other.desktop", "local/share/mime/packages/other.xml",
                "local/bin/othertool"):
        assert after["." + key] == before["." + key]
    assert not (home / ".local" / "opt").exists()
    assert not (home / ".local" / "bin" / "wordstudio").exists()
    assert (home / ".local" / "share" / "applications").is_dir()
    # Nothing else is left, but for the desktop's databases, which uninstall.sh refreshes
    # for the other program when their tools are there (the test above checks them).
    new = set(after) - set(before)
    assert set(before) <= set(after)
    assert all(path.startswith((".local/share/mime/", ".local/share/applications/mimeinfo.cache"))
               and "wordstudio" not in path and not path.startswith(".local/share/mime/packages")
               for path in new), new
    if system_packages.missing("desktop-file-utils") and system_packages.missing("shared-mime-info"):
        assert after == before


def test_installing_again_replaces_the_copy_and_still_uninstalls_cleanly(bundle, home):
    env = user_env(home)
    before = snapshot(home)
    assert script("install.sh", env, str(bundle)).returncode == 0
    first = snapshot(home)
    (bundle / "_internal" / "added-in-a-new-build.txt").write_text("new\n")
    result = script("install.sh", env, str(bundle))
    assert result.returncode == 0, result.stderr
    app = home / ".local" / "opt" / "wordstudio"
    assert (app / "_internal" / "added-in-a-new-build.txt").is_file()
    second = snapshot(home)
    assert set(second) - set(first) == {".local/opt/wordstudio/_internal/added-in-a-new-build.txt"}
    manifest = (app / "install-manifest.txt").read_text()
    assert f"dir\t{home / '.local'}\n" in manifest  # still "ours" after the second run
    assert script("uninstall.sh", env).returncode == 0
    assert snapshot(home) == before


# --- refusals ---------------------------------------------------------------------------------------
def test_install_refuses_to_replace_a_command_it_did_not_install(bundle, home):
    env = user_env(home)
    command = home / ".local" / "bin" / "wordstudio"
    command.parent.mkdir(parents=True)
    command.write_text("#!/bin/sh\n# pip's entry point\n")
    result = script("install.sh", env, str(bundle))
    assert result.returncode == 1
    assert "not from this installer" in result.stderr
    assert command.read_text() == "#!/bin/sh\n# pip's entry point\n"
    assert not (home / ".local" / "opt").exists()


def test_install_explains_a_missing_or_broken_bundle(bundle, home, tmp_path):
    env = user_env(home)
    missing = script("install.sh", env, str(tmp_path / "nowhere"))
    assert missing.returncode == 1 and "packaging/build.sh" in missing.stderr
    (bundle / "wordstudio").write_text("#!/bin/sh\necho 'libEGL.so.1: cannot open' >&2\nexit 127\n")
    broken = script("install.sh", env, str(bundle))
    assert broken.returncode == 1
    assert "does not start" in broken.stderr and "libEGL.so.1" in broken.stderr
    assert "Install as a desktop app" in broken.stderr
    assert snapshot(home) == {}


def test_uninstall_without_an_installation_does_nothing(home):
    result = script("uninstall.sh", user_env(home))
    assert result.returncode == 0
    assert "not installed" in result.stdout
    assert snapshot(home) == {}


def test_uninstall_leaves_a_folder_it_did_not_install(home):
    stranger = home / ".local" / "opt" / "wordstudio"
    stranger.mkdir(parents=True)
    (stranger / "notes.txt").write_text("mine\n")
    result = script("uninstall.sh", user_env(home))
    assert result.returncode == 1
    assert "left alone" in result.stderr
    assert (stranger / "notes.txt").read_text() == "mine\n"


# --- the definitions themselves -------------------------------------------------------------------
def test_the_mime_definitions_cover_every_saved_game_suffix_the_game_pages_open():
    from wordstudio.ui.games import game_entries

    assert mime_info_problems((PACKAGING / "mime" / "wordstudio.xml").read_text()) == []
    tree = ET.parse(PACKAGING / "mime" / "wordstudio.xml")
    globs = {glob.get("pattern"): kind.get("type")
             for kind in tree.getroot().iter(f"{MIME_NS}mime-type")
             for glob in kind.iter(f"{MIME_NS}glob")}
    assert set(globs.values()) == OUR_TYPES
    opened = {suffix for entry in game_entries() for suffix in entry.suffixes}
    # WordsWorth's own saved games (.sav/.ww/.wws) and .def include files have no fixed
    # meaning on a desktop, so they are not claimed; everything WordStudio writes is.
    unclaimed = {".sav", ".ww", ".wws", ".def"}
    assert {f"*{suffix}" for suffix in opened - unclaimed} == set(globs)
    assert {".crossword", ".wfw", ".wordwar", ".cfg"} <= opened


def test_the_desktop_template_lists_the_mime_types_and_has_placeholders():
    template = (PACKAGING / "wordstudio.desktop").read_text()
    lines = dict(line.split("=", 1) for line in template.splitlines() if "=" in line)
    assert lines["Exec"] == "@EXEC@ %f" and lines["TryExec"] == "@EXEC@"
    assert set(filter(None, lines["MimeType"].split(";"))) == OUR_TYPES
    assert lines["StartupWMClass"] == "WordStudio"  # Qt's WM_CLASS class is the app name
    assert "Game;" in lines["Categories"]
