"""GCG text: every event line and pragma read and written; bad lines named; limits held.

The replay of a record through the rules is tested in ``test_records_gcgread.py``, the
writing of games in ``test_records_gcgwrite.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.gcg import (
    MAX_EVENTS,
    MAX_LINE,
    EventKind,
    GcgEvent,
    decode_gcg,
    format_gcg,
    looks_like_gcg,
    parse_gcg,
)

GCG_FILES = sorted((REPO / "tests" / "data" / "gcg").glob("*.gcg"))
PLAYERS = "#player1 ann Ann Lee\n#player2 bob Bob Ray\n"


def event(line: str) -> GcgEvent:
    return parse_gcg(PLAYERS + line + "\n").events[0]


# --- event lines ----------------------------------------------------------------------------
@pytest.mark.parametrize(("line", "kind", "fields"), [
    (">ann: AEINRST 8D RETAINS +74 74", EventKind.PLAY,
     {"rack": "AEINRST", "position": "8D", "word": "RETAINS", "score": 74, "total": 74}),
    (">bob: DGOU?? h4 DOUG.ie +62 62", EventKind.PLAY,
     {"rack": "DGOU??", "position": "h4", "word": "DOUG.ie"}),
    (">bob: AELT 1D (B)ATTLE +18 324", EventKind.PLAY, {"word": "(B)ATTLE"}),
    (">bob: 12A DYNAST +36 62", EventKind.PLAY, {"rack": "", "position": "12A"}),
    (">ann: DGOU -- -62 0", EventKind.PHONY, {"rack": "DGOU", "score": -62, "total": 0}),
    (">ann: ADEILNU - +0 74", EventKind.PASS, {"rack": "ADEILNU", "score": 0}),
    (">ann: ADEILNU -0 +0 74", EventKind.PASS, {}),
    (">bob: DGOU?? -DGU +0 0", EventKind.EXCHANGE, {"tiles": "DGU", "count": 3}),
    (">bob: -7 +0 10", EventKind.EXCHANGE, {"rack": "", "tiles": "", "count": 7}),
    (">ann: ADEILNU (challenge) +5 79", EventKind.CHALLENGE, {"score": 5}),
    (">ann:  (challenge) +5 79", EventKind.CHALLENGE, {"rack": ""}),
    (">bob: AEI (challenge) -5 20", EventKind.CHALLENGE, {"score": -5}),
    (">ann: (EIQ) +24 400", EventKind.END_POINTS, {"tiles": "EIQ", "score": 24}),
    (">ann:  (EIQ) +24 400", EventKind.END_POINTS, {"rack": ""}),
    (">bob: EIQ (EIQ) -12 250", EventKind.END_PENALTY, {"rack": "EIQ", "tiles": "EIQ"}),
    (">bob: EIQ (time) -10 240", EventKind.TIME, {"score": -10, "total": 240}),
    (">bob: EIQ (time) -10 -5", EventKind.TIME, {"total": -5}),
])
def test_every_kind_of_event_line(line: str, kind: EventKind, fields: dict) -> None:
    parsed = event(line)
    assert parsed.kind is kind and parsed.line == 3
    for key, value in fields.items():
        assert getattr(parsed, key) == value
    # Written back, the line reads as the same event, its items one space apart (a rack
    # the record leaves out leaves no gap: strict readers split on single spaces).
    written = parsed.format()
    assert "  " not in written and written.split() == line.replace("-0 ", "- ").split()
    assert event(written) == parsed


def test_pragmas_are_read_and_unknown_ones_kept() -> None:
    record = parse_gcg(
        "#character-encoding UTF-8\n#player1 ann Ann Marie Lee\n#player2 bob\n"
        "#title Round 3\n#description Created with Macondo\n#id io.woogles ABC123\n"
        "#lexicon NWL20\n#tournament-name Spring open\n#note Variant: classic\n"
        "#note a long night\n>ann: AEINRST 8D RETAINS +74 74\n#rack2 ABC\n")
    assert [(p.number, p.nick, p.name) for p in record.players] == [
        (1, "ann", "Ann Marie Lee"), (2, "bob", "bob")]
    assert (record.title, record.description, record.ident, record.lexicon) == (
        "Round 3", "Created with Macondo", "io.woogles ABC123", "NWL20")
    assert record.extra == ["#tournament-name Spring open"]
    assert record.notes == ["Variant: classic", "a long night"]
    assert record.metadata("variant") == "classic" and record.metadata("BoardLayout") is None
    assert record.racks == {2: "ABC"}


def test_notes_belong_to_the_move_before_and_may_run_over_lines() -> None:
    record = parse_gcg(PLAYERS + ">ann: AEINRST 8D RETAINS +74 74\n#note first line\n"
                       "second line\n#note another\n\n>bob: DGO H4 DOG +10 10\n")
    assert record.events[0].notes == ("first line\nsecond line", "another")
    assert record.events[1].notes == ()


@pytest.mark.parametrize("path", GCG_FILES, ids=lambda p: p.name)
def test_writing_a_read_record_gives_the_same_record(path) -> None:
    record = parse_gcg(decode_gcg(path.read_bytes(), path), path)
    text = format_gcg(record)
    again = parse_gcg(text)
    assert format_gcg(again) == text
    assert [e.format() for e in again.events] == [e.format() for e in record.events]
    assert [e.notes for e in again.events] == [e.notes for e in record.events]
    assert again.players == record.players and again.notes == record.notes


def test_what_an_annotator_typed_out_of_place_is_kept_and_said() -> None:
    record = parse_gcg(PLAYERS + ">ann: AEINRST 8D RETAINS +74 74\nann thought long\n"
                       "#character-encoding UTF-8\n>Bob: - +0 0\n")
    assert record.events[0].notes == ("ann thought long",)
    assert record.events[1].nick == "bob"  # the nickname in other capitals
    assert record.problems == [
        "line 4: 'ann thought long' is neither a pragma nor a move; it is kept as a note",
        "line 5: #character-encoding is not the first line; the text was read as UTF-8 or "
        "ISO 8859-1"]
    with pytest.raises(RecordError, match="line 1: 'ann thought long' is neither a pragma"):
        parse_gcg("ann thought long\n")


# --- reading what is not right -------------------------------------------------------------
@pytest.mark.parametrize(("line", "message"), [
    (">ann AEINRST 8D RETAINS +74 74", "starts '>nickname:'"),
    (">cy: AEINRST 8D RETAINS +74 74", "'cy' is not one of the players (ann, bob)"),
    (">ann: AEINRST 8D RETAINS +74", "the score 'RETAINS' is not a number"),
    (">ann: +74 74", "at least what was done"),
    (">ann: AEINRST 8D RETAINS 74x 74", "the score '74x' is not a number"),
    (">ann: AEINRST 8D RETAINS +74 lots", "the total 'lots' is not a number"),
    (">ann: AEINRST 8D RETAINS +999999 74", "the score +999999 is out of range"),
    (">ann: AEINRST 88 RETAINS +74 74", "'88' is not a position"),
    (">ann: AEINRST 8D RET4INS +74 74", "'RET4INS' is not a word"),
    (">ann: AEINRST 8D RETAINS EXTRA +74 74", "unexpected 'EXTRA' after the word"),
    (">ann: AEINRST 8D +74 74", "position, the word"),
    (">ann: AEINRST -AB1 +0 74", "'-AB1' is not an exchange"),
    (">ann: AEINRST -123 +0 74", "an exchange of '123' tiles"),
    (">ann: AEINRST -AB +3 74", "scores +0"),
    (">ann: AEINRST (time) +10 74", "takes points away"),
    (">ann: (EI3) +4 74", "not tiles in brackets"),
    (">ann: AEINRST -- X -74 0", "unexpected 'X' after '--'"),
    ("#id io.woogles", "#id gives an authority and an identifier"),
    ("#rack1 AB-C", "'AB-C' is not a rack"),
])
def test_a_malformed_line_is_named_with_its_problem(line: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_gcg(PLAYERS + ">ann: AEINRST 8D RETAINS +74 74\n" + line + "\n", "game.gcg")
    error = caught.value
    assert error.line == 4 and error.source == "game.gcg"
    assert message in error.problem
    assert str(error).startswith("game.gcg, line 4: ")


@pytest.mark.parametrize(("line", "message"), [
    ("#player1 cy Cy", "player 1 is named twice"),
    ("#player9 dee Dee", "#player9: players are numbered 1 to 4"),
    ("#player" + "9" * 5000 + " dee Dee", "'#player999.*': players are numbered 1 to 4"),
    ("#rack" + "1" * 5000 + " AB", "'#rack111.*': players are numbered 1 to 4"),
    ("#player3", "#player3 gives no nickname"),
])
def test_players_are_named_once_each(line: str, message: str) -> None:
    with pytest.raises(RecordError, match=f"line 3: {message}"):
        parse_gcg(PLAYERS + line + "\n")


def test_a_player_named_after_the_moves_began_is_refused() -> None:
    with pytest.raises(RecordError, match="line 3: #player2 comes after the first move"):
        parse_gcg("#player1 ann Ann\n>ann: A 8D AT +2 2\n#player2 bob Bob\n")


def test_limits_are_checked_before_any_work() -> None:
    with pytest.raises(RecordError, match="line 3: the line is too long"):
        parse_gcg(PLAYERS + "#note " + "x" * MAX_LINE + "\n")
    with pytest.raises(RecordError, match="too big for a game record"):
        decode_gcg(b"#" * 3_000_000)
    moves = "".join(">ann: - +0 0\n" for _ in range(MAX_EVENTS + 1))
    with pytest.raises(RecordError, match=f"more than {MAX_EVENTS} moves"):
        parse_gcg(PLAYERS + moves)
    with pytest.raises(RecordError, match="no #player lines and no moves"):
        parse_gcg("#title nothing here\n")


# --- encodings ------------------------------------------------------------------------------
def test_the_encoding_is_the_one_the_file_names_else_utf8_else_latin1() -> None:
    assert "Zoë" in decode_gcg("#player1 zoe Zoë\n".encode("latin-1"))
    assert "Zoë" in decode_gcg("#player1 zoe Zoë\n".encode())
    named = "#character-encoding ISO-8859-1\n#player1 zoe Zoë\n".encode("latin-1")
    assert "Zoë" in decode_gcg(named)
    # A file that names an encoding it is not in is read all the same, with a note.
    notes: list[str] = []
    assert "a A" in decode_gcg(b"#character-encoding KLINGON\n#player1 a A\n", notes=notes)
    assert decode_gcg(b"#character-encoding UTF\x008\n#player1 a A\n", notes=notes)
    wrong = "#character-encoding UTF-8\n#player1 zoe Zoë\n".encode("latin-1")
    assert "Zoë" in decode_gcg(wrong, notes=notes)
    assert notes == ["line 1: unknown character encoding 'KLINGON'; it is read as UTF-8",
                     "line 1: unknown character encoding 'UTF\\x008'; it is read as UTF-8",
                     "line 2: the text is not 'UTF-8' as line 1 says; it is read as ISO 8859-1"]


def test_gcg_is_told_from_the_other_formats_by_content() -> None:
    assert looks_like_gcg(PLAYERS)
    assert looks_like_gcg("\n>ann: AEINRST 8D RETAINS +74 74\n")
    assert looks_like_gcg("#character-encoding UTF-8\n#player1 a A\n")
    assert not looks_like_gcg("# WordsWorth saved game\n@1\nABCDEFG\n")
    assert not looks_like_gcg('{"format": "wordstudio-crossword"}')
    assert not looks_like_gcg("#: seed 5\n@1\n")


# --- anything at all is read safely ---------------------------------------------------------
_GRAMMAR = st.sampled_from([
    "#player1 ann Ann", "#player2 bob Bob", "#note x", "#lexicon NWL20", "#rack1 AB",
    ">ann: AEINRST 8D RETAINS +74 74", ">bob: ?AB -- -20 0", ">ann: A - +0 1",
    ">bob: (EIQ) +24 400", ">ann: AB (time) -10 3", ">bob: -7 +0 0", "", "continued",
    ">ann: AB (challenge) +5 5", ">bob: AB 12A A.(B) +3 3", "#id a b", "#title T"])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_GRAMMAR, st.text(max_size=40)), max_size=25),
       st.randoms(use_true_random=False))
def test_any_text_is_read_or_refused_with_a_record_error(lines: list[str], rng) -> None:
    # Lines in the record's own shapes, mixed with junk and cut at random points.
    mutated = [line[:rng.randrange(len(line) + 1)] if line and rng.random() < 0.2 else line
               for line in lines]
    try:
        record = parse_gcg("\n".join(mutated))
    except RecordError as exc:
        assert exc.problem
        return
    # Whatever was read is written so that it reads back the same.
    text = format_gcg(record)
    assert format_gcg(parse_gcg(text)) == text
