"""The lexical layer of the configuration language: where each statement sits in its
text (the designer rewrites values in place by these offsets), and over-long lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordstudio.crossword.config.syntax import (
    MAX_LINE_CHARS,
    ConfigError,
    Piece,
    escape_text,
    split_statements,
)

#: Value text as people write it: letters, separators, odd whitespace, escapes, codes.
_VALUE_PARTS = st.lists(
    st.sampled_from(["A", "b", "7", " ", "\t", ",", "\u00a0", "\u2028", "é", "\\#", "\\{",
                     "\\ ", "\\,", "$1", "$0", "\\\\"]),
    max_size=12,
).map("".join)


def _decoded(value: str) -> str:
    """The value text read back through a one-line scalar."""
    (statement,) = split_statements(f"V = {value}\n")
    return statement.scalar_text()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Title", "Rows", "T_2"]), _VALUE_PARTS,
                          st.booleans(), st.sampled_from(["\n", "\r\n", "\r"])),
                min_size=1, max_size=6))
def test_offsets_bracket_each_value_as_written(settings_: list[tuple[str, str, bool, str]]
                                               ) -> None:
    """Scalars and tables, with escapes, comments and any line ending: the offsets of
    every statement bracket its name, its ``=`` and its value in the original text."""
    lines = []
    for name, value, is_table, newline in settings_:
        body = f"{{ {value}{newline}{value} }}" if is_table else value
        lines.append(f"  {name} = {body}  # note{newline}")
    text = "".join(lines)
    statements = split_statements(text, "x.cfg")
    assert [s.name for s in statements] == [name for name, *_ in settings_]
    for statement, (name, value, is_table, _) in zip(statements, settings_, strict=True):
        assert statement.is_table == is_table
        assert text[statement.start:statement.equals_end].strip() == f"{name} ="
        written = text[statement.value_start:statement.value_end]
        if is_table:
            assert written.startswith("{") and written.endswith("}")
            (scalar,) = split_statements(f"V = {value}\n")
            assert [p.words() for p in statement.pieces] == [scalar.pieces[0].words()] * 2
        else:
            assert _decoded(written) == statement.scalar_text() == _decoded(value)
        assert text[statement.end - 1] in "\n\r"


@given(st.text(st.sampled_from("ab ,\t\u00a0\u2028\x1c\u3000"), max_size=30))
def test_a_piece_without_escapes_splits_as_one_character_at_a_time(text: str) -> None:
    """Plain pieces use str's own methods: they agree with the rule character by
    character (whitespace is what str.isspace says, and commas separate words)."""
    piece = Piece(1, text, (False,) * len(text))
    # The same text with one escaped character in front takes the per-character way.
    escaped = Piece(1, "x" + text, (True,) + (False,) * len(text))
    assert escaped.chars() == "x" + piece.chars()
    words = piece.words()
    starts_word = bool(text) and not (text[0].isspace() or text[0] == ",")
    assert escaped.words() == (["x" + words[0], *words[1:]] if starts_word else ["x", *words])
    assert Piece(1, text + "x", (False,) * len(text) + (True,)).stripped() == \
        text.lstrip() + "x"
    assert piece.stripped() == text.strip()


def test_an_over_long_line_is_refused_naming_its_file_and_line() -> None:
    long_value = "A" * MAX_LINE_CHARS
    with pytest.raises(ConfigError) as caught:
        split_statements(f"Rows = 3\n# fine\nTitle = {long_value}\n", "boards/x.cfg")
    assert caught.value.line == 3
    assert str(caught.value).startswith("boards/x.cfg, line 3: the line is 10,008 characters")
    # ...also inside a table, and in a comment: the whole line counts.
    with pytest.raises(ConfigError) as caught:
        split_statements(f"T = {{\n1 2\n#{long_value}\n}}\n", "x.def")
    assert caught.value.line == 3


def test_the_longest_allowed_line_is_read() -> None:
    value = "A" * (MAX_LINE_CHARS - len("Title = "))
    (statement,) = split_statements(f"Title = {value}\n")
    assert statement.scalar_text() == value
    escaped = escape_text("{#}" * ((MAX_LINE_CHARS - 20) // 6))
    (statement,) = split_statements(f"Title = {escaped}\n")
    assert statement.scalar_text() == "{#}" * ((MAX_LINE_CHARS - 20) // 6)
