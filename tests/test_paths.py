"""Per-user folders and safe writing: atomic replacement, the kept previous copy, clear
errors on a full disk or a read-only folder, and orphan temporary files cleaned."""

from __future__ import annotations

import errno
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wordstudio import paths
from wordstudio.errors import UserError
from wordstudio.paths import (
    SaveError,
    atomic_write_text,
    previous_copy,
    remove_orphan_temporaries,
)


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def dead_pid() -> int:
    """The process id of a process that has ended."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_a_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "games" / "game.crossword"
    atomic_write_text(target, "first")
    atomic_write_text(target, "second")
    assert target.read_text() == "second"
    assert temporaries(target.parent) == []
    assert not previous_copy(target).exists()


def test_keep_previous_keeps_the_last_copy(tmp_path: Path) -> None:
    target = tmp_path / "autosave.json"
    atomic_write_text(target, "move 1", keep_previous=True)
    assert not previous_copy(target).exists()
    atomic_write_text(target, "move 2", keep_previous=True)
    atomic_write_text(target, "move 3", keep_previous=True)
    assert target.read_text() == "move 3"
    assert previous_copy(target).read_text() == "move 2"
    assert previous_copy(target).name == "autosave.json.prev"


def test_keep_previous_copies_where_there_are_no_hard_links(tmp_path: Path, monkeypatch) -> None:
    def no_links(*args: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "autosave.json"
    atomic_write_text(target, "move 1", keep_previous=True)
    atomic_write_text(target, "move 2", keep_previous=True)
    assert (target.read_text(), previous_copy(target).read_text()) == ("move 2", "move 1")
    assert temporaries(tmp_path) == []


def test_a_full_disk_changes_nothing_and_says_so(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "game.wfw"
    atomic_write_text(target, "saved before", keep_previous=True)
    atomic_write_text(target, "saved last", keep_previous=True)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(SaveError) as caught:
        atomic_write_text(target, "x" * 10_000, keep_previous=True)
    assert str(caught.value) == (f"{target}: cannot save (the disk is full); nothing already "
                                 "saved was changed")
    assert caught.value.errno == errno.ENOSPC
    assert target.read_text() == "saved last"
    assert previous_copy(target).read_text() == "saved before"
    assert temporaries(tmp_path) == []


def test_a_read_only_folder_changes_nothing_and_says_so(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "settings.json"
    atomic_write_text(target, "{}")
    real_open = os.open

    def read_only(path: object, flags: int, *args: object) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(SaveError, match=r"cannot save \(the folder is on a read-only disk\)"):
        atomic_write_text(target, '{"a": 1}')
    assert target.read_text() == "{}"


def test_save_error_is_a_user_error_and_an_os_error_that_pickles() -> None:
    error = SaveError("/games/a.wordwar", "the disk is full", errno.ENOSPC)
    assert isinstance(error, UserError) and isinstance(error, OSError)
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == str(error) and copy.errno == errno.ENOSPC


def test_orphans_of_a_killed_writer_are_removed_on_the_next_write(
        tmp_path: Path, dead_pid: int) -> None:
    target = tmp_path / "crossword-1.crossword"
    orphan = tmp_path / f".{target.name}.{dead_pid}.t0badf00d.tmp"
    old_style = tmp_path / f".{target.name}.{dead_pid}.tmp"
    other = tmp_path / f".other.crossword.{dead_pid}.t12345678.tmp"
    for path in (orphan, old_style, other):
        path.write_text("half a game")
    atomic_write_text(target, "whole game")
    assert temporaries(tmp_path) == [other.name]  # only the target's own are touched
    assert remove_orphan_temporaries(tmp_path) == [other]
    assert temporaries(tmp_path) == []


def test_a_live_writers_temporary_is_left_alone_until_it_is_old(tmp_path: Path) -> None:
    writer = os.getppid()  # a process that is certainly running
    busy = tmp_path / f".game.wordwar.{writer}.t00000000.tmp"
    busy.write_text("being written")
    assert remove_orphan_temporaries(tmp_path) == []
    stale = time.time() - paths.ORPHAN_AGE - 5
    os.utime(busy, (stale, stale))
    assert remove_orphan_temporaries(tmp_path) == [busy]


def test_the_log_folder_is_under_wordstudio_home(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("WORDSTUDIO_HOME", str(tmp_path))
    assert paths.log_dir() == tmp_path / "log"
    assert paths.log_dir().is_dir()
