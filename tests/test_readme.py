"""The README tells one story: each section once, the test command CI runs, and a command
beside the figures that exists and takes the options it is shown with."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
#: ``python benchmarks/x.py --a 1``, ``python3 packaging/smoke.py``, ``python -m tests.fuzz ...``
COMMAND = re.compile(r"`python3? (-m [\w.]+|[\w/]+\.py)((?: [^`]*)?)`")


def sections(level: int, text: str = README) -> list[tuple[str, str]]:
    """``(heading, body)`` for each heading of ``level`` ``#`` signs in ``text``."""
    marks = "#" * level
    parts = re.split(rf"^{marks} (.+)$", text, flags=re.M)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def test_every_section_heading_appears_once():
    for level in (2, 3):
        headings = [heading for heading, _ in sections(level)]
        assert len(headings) == len(set(headings)), headings
    top = [heading for heading, _ in sections(2)]
    assert top.count("Architecture") == 1 and top.count("Performance") == 1


def test_each_performance_section_shows_the_command_of_its_figures():
    performance = dict(sections(2))["Performance"]
    for heading, body in sections(3, performance):
        assert COMMAND.search(body), f"Performance > {heading}: no command beside its figures"


def script_of(target: str) -> list[Path]:
    """The files that define the command line of ``python TARGET``."""
    if target.startswith("-m "):
        package = REPO.joinpath(*target[3:].split("."))
        return sorted(package.glob("*.py")) if package.is_dir() else [package.with_suffix(".py")]
    return [REPO / target]


@pytest.mark.parametrize("target,arguments", sorted(set(COMMAND.findall(README))))
def test_every_command_the_readme_shows_exists_with_its_options(target, arguments):
    if "<" in target:
        return  # a pattern (benchmarks/<name>.py), not a command
    files = [path for path in script_of(target) if path.is_file()]
    assert files, f"the README shows `python {target}`, which does not exist"
    source = "\n".join(path.read_text(encoding="utf-8") for path in files)
    for option in re.findall(r"(?<![\w-])(--[a-z][\w-]*)", arguments):
        assert f'"{option}"' in source, f"`python {target}` takes no {option}"


def test_the_readme_test_command_is_the_one_ci_runs():
    quick_start = dict(sections(2))["Quick start"]
    shown = re.search(r"^    (python3 -m pip install -e '\.\[test[^']*\]') && QT_QPA_PLATFORM=offscreen "
                      r"(python3 -m pytest)$", quick_start, re.M)
    assert shown is not None, "the Quick start shows no test command"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").replace(" -q", "")  # CI is quieter
    assert f"{shown.group(1)} && {shown.group(2)}" in ci
    assert re.search(r"^export QT_QPA_PLATFORM=offscreen$", ci, re.M)
