"""The specification checks the packaging tests use (tests/freedesktop.py) find real faults."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.freedesktop import desktop_entry_problems, exec_problems, mime_info_problems

PACKAGING = Path(__file__).resolve().parent.parent / "packaging"
GOOD_ENTRY = """# a comment
[Desktop Entry]
Type=Application
Name=Example
Name[de]=Beispiel
Exec="/opt/My Programs/example" %f
Icon=example
Terminal=false
Categories=Game;BoardGame;
MimeType=application/x-example;
X-Example-Extra=anything
"""


def test_a_good_entry_and_the_shipped_template_pass():
    assert desktop_entry_problems(GOOD_ENTRY) == []
    template = (PACKAGING / "wordstudio.desktop").read_text()
    assert desktop_entry_problems(template.replace("@EXEC@", "/opt/wordstudio/wordstudio")) == []


@pytest.mark.parametrize(("change", "problem"), [
    (("[Desktop Entry]\n", "[Other]\n"), "first group must be [Desktop Entry]"),
    (("Name=Example\n", ""), "required key Name"),
    (("Terminal=false", "Terminal=no"), "'no' is not true or false"),
    (("Categories=Game;BoardGame;", "Categories=BoardGame;"), "a game category needs Game"),
    (("Categories=Game;BoardGame;", "Categories=Game;Boardgames;"), "not a registered category"),
    (("MimeType=application/x-example;", "MimeType=application/x-example"), "must end with ';'"),
    (("X-Example-Extra", "Extra"), "not a key of the specification"),
    (("Icon=example", "Icon=icons/example.png"), "a name or an absolute path"),
    (("Type=Application", "Type=Application\nType=Link"), "appears twice"),
    (("Terminal=false", "Terminal[de]=false"), "cannot be localised"),
    (("Name=Example", "Name=Ex\\qample"), "invalid escape \\q"),
    (("Exec=", "Version=2.0\nExec="), "not a version of the specification"),
])
def test_faults_in_an_entry_are_named(change, problem):
    old, new = change
    assert old in GOOD_ENTRY
    problems = desktop_entry_problems(GOOD_ENTRY.replace(old, new, 1))
    assert any(problem in found for found in problems), problems


@pytest.mark.parametrize(("command", "problem"), [
    ("/opt/My Programs/example %f", None),  # two arguments, both fine
    ("/opt/(mine)/example %f", "'(' outside quotes"),
    ('"/opt/example" "%f"', "field code %f inside quotes"),
    ("/opt/example %f %U", "at most one of %f %F %u %U"),
    ("/opt/example %q", "unknown field code %q"),
    ('"/opt/a$b/example" %f', "'$' inside quotes must be escaped"),
    ('"/opt/example', "unterminated quotes"),
    ("/opt/example --file=%f", "must stand alone"),
    ('"/opt/a\\$b/example" %f', None),
])
def test_exec_quoting_and_field_codes(command, problem):
    problems = exec_problems(command)
    if problem is None:
        assert problems == []
    else:
        assert any(problem in found for found in problems), problems


def test_the_shipped_mime_definitions_pass_and_faults_are_named():
    good = (PACKAGING / "mime" / "wordstudio.xml").read_text()
    assert mime_info_problems(good) == []
    faults = {
        'offset="0:200"': ('offset="200:0"', "ends before it starts"),
        'weight="40"': ('weight="400"', "not a whole number from 0 to 100"),
        'type="string"': ('type="text"', "match type 'text'"),
        "<comment>WordStudio crossword game</comment>": ("", "0 comments without xml:lang"),
        '<icon name="wordstudio"/>': ('<icon/>', "icon needs the attribute name"),
        '<sub-class-of type="text/plain"/>': ('<subclass-of type="text/plain"/>', "unknown element"),
        'type="application/x-wordstudio-wordwar"': ('type="wordwar"', "type is not a media type"),
    }
    for old, (new, problem) in faults.items():
        assert old in good, old
        problems = mime_info_problems(good.replace(old, new, 1))
        assert any(problem in found for found in problems), (old, problems)
    assert mime_info_problems("<mime-info>") [0].startswith("not well-formed XML")
    assert "not mime-info" in mime_info_problems("<mime-info/>")[0]  # no namespace
