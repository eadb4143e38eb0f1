"""Reading an autosave back: the newest copy, or the one before it with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordstudio.errors import UserError
from wordstudio.paths import atomic_write_text, previous_copy
from wordstudio.recovery import RecoveryError, autosave_exists, discard, recover


def load(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("game:"):
        raise UserError(f"{path}: not a game")
    return text


@pytest.fixture
def autosave(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    atomic_write_text(path, "game: move 1", keep_previous=True)
    atomic_write_text(path, "game: move 2", keep_previous=True)
    return path


def test_the_newest_copy_is_read_when_it_is_good(autosave: Path) -> None:
    recovered = recover(autosave, load)
    assert (recovered.value, recovered.source, recovered.problem) == ("game: move 2", autosave,
                                                                      None)
    assert not recovered.from_previous and recovered.report() == ""


def test_a_damaged_newest_copy_falls_back_and_says_why(autosave: Path) -> None:
    autosave.write_text("gam", encoding="utf-8")  # cut short
    recovered = recover(autosave, load)
    assert recovered.value == "game: move 1" and recovered.from_previous
    assert recovered.source == previous_copy(autosave) and recovered.path == autosave
    assert recovered.problem == f"{autosave}: not a game"
    assert recovered.report() == (f"The latest autosave could not be read ({autosave}: not a "
                                  "game); the copy saved one move earlier is offered instead.")


def test_a_missing_newest_copy_falls_back(autosave: Path) -> None:
    autosave.unlink()
    assert autosave_exists(autosave)
    recovered = recover(autosave, load)
    assert recovered.value == "game: move 1" and "missing" in str(recovered.problem)


def test_when_nothing_can_be_read_every_problem_is_named(autosave: Path) -> None:
    autosave.write_text("junk", encoding="utf-8")
    previous_copy(autosave).write_text("more junk", encoding="utf-8")
    with pytest.raises(RecoveryError) as caught:
        recover(autosave, load)
    assert caught.value.problems == [f"{autosave}: not a game",
                                     f"{previous_copy(autosave)}: not a game"]


def test_discard_removes_both_copies(autosave: Path) -> None:
    discard(autosave)
    assert not autosave.exists() and not previous_copy(autosave).exists()
    assert not autosave_exists(autosave)
    discard(autosave)  # nothing left: no error
    with pytest.raises(RecoveryError, match="there is no autosave|missing"):
        recover(autosave, load)


def test_discard_interrupted_never_leaves_the_older_copy_alone(autosave: Path,
                                                               monkeypatch) -> None:
    """Killed after removing one file: what is left is the newest copy (a finished game
    is not offered again, and never as it was one move before its end)."""
    removed: list[Path] = []
    real_unlink = Path.unlink

    def killed_after_one(self: Path, missing_ok: bool = False) -> None:
        if removed:
            raise KeyboardInterrupt  # the program stops here
        removed.append(self)
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", killed_after_one)
    with pytest.raises(KeyboardInterrupt):
        discard(autosave)
    monkeypatch.undo()
    assert removed == [previous_copy(autosave)]
    assert recover(autosave, load).value == "game: move 2"
