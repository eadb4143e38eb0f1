"""The one check of what a file name stands for (:mod:`wordstudio.filecheck`): readers
refuse devices, pipes, folders, sockets and files past their limit at once; writers
replace only plain files or new names.  ``tests/fuzz/special.py`` puts every command
through the same special files."""

from __future__ import annotations

import argparse
import os
import socket
import stat
import threading
from pathlib import Path

import pytest

from wordstudio import faults, filecheck
from wordstudio.paths import SaveError, atomic_write_bytes, atomic_write_text

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")


@pytest.fixture(params=["device", "fifo", "folder", "socket", "link to a fifo"])
def special(request, tmp_path: Path):
    """A name that stands for no plain file, and what it says it is."""
    path = tmp_path / "special.txt"
    kind = request.param
    if kind == "device":
        path.symlink_to(os.devnull)
        said = "it is a device, not a file"
    elif kind == "fifo":
        os.mkfifo(path)
        said = "it is a named pipe, not a file"
    elif kind == "folder":
        path.mkdir()
        said = "it is a folder, not a file"
    elif kind == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        request.addfinalizer(server.close)
        said = "it is a socket, not a file"
    else:
        os.mkfifo(tmp_path / "pipe")
        path.symlink_to(tmp_path / "pipe")
        said = "it is a named pipe, not a file"
    return path, said


def kind(path: Path) -> int:
    return stat.S_IFMT(os.stat(path).st_mode)


def test_a_reader_refuses_what_is_no_plain_file_without_waiting(special) -> None:
    # A pipe nobody writes to would keep a plain open() waiting for ever.
    path, said = special
    with pytest.raises(OSError) as refused:
        filecheck.read_limited(path, 1000, "word list")
    assert refused.value.strerror == said
    with pytest.raises(OSError) as refused:
        filecheck.check_readable(path)
    assert refused.value.strerror == said


def test_endless_devices_are_refused_before_a_byte_is_read() -> None:
    for device in ("/dev/zero", "/dev/urandom"):
        if os.path.exists(device):
            with pytest.raises(OSError, match="it is a device"):
                filecheck.read_limited(device, 10**12)


def test_a_file_past_the_limit_is_refused_by_its_size(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as handle:
        handle.truncate(3 * 1024**3)  # sparse: no room taken
    with pytest.raises(OSError) as refused:
        filecheck.read_limited(huge, 50_000_000, "word list")
    assert refused.value.strerror == ("the file is too large for a word list: 3221.2 MB, "
                                      "at most 50.0 MB")
    assert filecheck.check_readable(huge) == 3 * 1024**3
    with pytest.raises(OSError, match="too large"):
        filecheck.check_readable(huge, 1000, "marker")
    small = tmp_path / "small.txt"
    small.write_bytes(b"ABC\n")
    assert filecheck.read_limited(small, 4) == b"ABC\n"


def test_a_writer_replaces_only_a_plain_file_or_a_new_name(special, tmp_path: Path) -> None:
    path, said = special
    before = kind(path)
    with pytest.raises(SaveError) as refused:
        atomic_write_text(path, "a saved game")
    assert refused.value.reason == (said if before != stat.S_IFDIR
                                    else "there is a folder of that name")
    assert str(path) in str(refused.value) and "\n" not in str(refused.value)
    assert kind(path) == before  # still the device, the pipe, the folder...
    plain, new = tmp_path / "plain.txt", tmp_path / "new.txt"
    plain.write_text("old")
    atomic_write_bytes(plain, b"new")
    atomic_write_bytes(new, b"new")
    assert plain.read_bytes() == new.read_bytes() == b"new"


def test_an_empty_file_name_is_refused_on_the_command_line() -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="an empty file name"):
        filecheck.file_name("")
    with pytest.raises(argparse.ArgumentTypeError):
        filecheck.file_name("  ")
    assert filecheck.file_name("game.gcg") == Path("game.gcg")


def test_the_fault_log_is_not_written_into_a_pipe(tmp_path: Path, monkeypatch) -> None:
    # The log is appended to: a pipe in its place kept the program waiting for a reader.
    monkeypatch.setattr(faults, "log_dir", lambda: tmp_path)
    os.mkfifo(tmp_path / faults.LOG_NAME)
    done: list[Path | None] = []
    writer = threading.Thread(target=lambda: done.append(
        faults.record_fault(ValueError("boom"), "a test")), daemon=True)
    writer.start()
    writer.join(timeout=10)
    assert done == [None]  # not written, and at once


def test_a_file_holds_the_bytes_only_when_it_is_a_plain_file_of_them(special, tmp_path) -> None:
    path, _said = special
    assert not filecheck.holds(path, b"")  # never waited on, never read whole
    plain = tmp_path / "plain.txt"
    assert not filecheck.holds(plain, b"abc")  # no file yet
    plain.write_bytes(b"abc")
    assert filecheck.holds(plain, b"abc")
    assert not filecheck.holds(plain, b"ab") and not filecheck.holds(plain, b"abd")
    assert not filecheck.holds(plain, b"abcd")


def test_a_descriptor_is_opened_only_on_a_plain_file(special, tmp_path) -> None:
    path, said = special
    with pytest.raises(OSError) as refused:
        filecheck.open_plain(path)
    assert refused.value.strerror == said
    plain = tmp_path / "plain.txt"
    plain.write_bytes(b"abc")
    fd, info = filecheck.open_plain(plain)
    try:
        assert info.st_size == 3 and os.read(fd, 10) == b"abc"
    finally:
        os.close(fd)
