"""The brief fuzz run inside the normal test command: every reader, damaged inputs drawn by
hypothesis, never a traceback and never a hang (``python -m tests.fuzz`` is the long run).

Derandomized, so the suite tries the same inputs every time (a regression net that never
flickers); the long run explores new ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz.readers import (
    ACCEPTED,
    BY_NAME,
    CLEAN,
    READERS,
    forget_settings_widgets,
    outcome,
)
from tests.fuzz.strategies import damaged_inputs

#: Inputs per reader in the normal run: a few seconds each.
EXAMPLES = {"settings-window": 12, "native": 30, "wordsworth": 30, "command-line": 25}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield tmp_path_factory.mktemp("fuzz")
    forget_settings_widgets()  # the settings reader's window is not left to later tests


def _fuzz(name: str, workdir: Path) -> None:
    reader = BY_NAME[name]
    reader.warm()

    @settings(max_examples=EXAMPLES.get(name, 40), deadline=None, derandomize=True,
              database=None, suppress_health_check=list(HealthCheck))
    @given(damaged_inputs(reader))
    def check(damaged: tuple[str, bytes]) -> None:
        file_name, data = damaged
        result = outcome(reader, file_name, data, workdir)
        assert result.kind in (CLEAN, ACCEPTED), result.detail

    check()


@pytest.mark.parametrize("name", [reader.name for reader in READERS])
def test_damaged_input_gets_a_clean_error_or_is_read(name: str, workdir: Path) -> None:
    _fuzz(name, workdir)


@pytest.mark.parametrize("name", [reader.name for reader in READERS])
def test_every_good_file_is_read(name: str, workdir: Path) -> None:
    """The seeds themselves are good files: a reader refusing one is a broken harness."""
    reader = BY_NAME[name]
    reader.warm()
    for file_name, data in reader.seeds():
        result = outcome(reader, file_name, data, workdir, limit=60)
        assert result.kind == ACCEPTED, (file_name, result.detail)
