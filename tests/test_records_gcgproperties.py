"""Properties of reading real GCG records: whatever racks and scores a record claims,
the file is the authority for the moves - it opens with the same moves, its recorded
scores count, each problem is a note, and it writes back and reads to the same game."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordstudio.crossword.records.cli import racks_before
from wordstudio.crossword.records.gcg import EventKind, format_gcg, parse_gcg
from wordstudio.crossword.records.gcgread import read_gcg_text
from wordstudio.crossword.records.gcgwrite import gcg_export
from wordstudio.crossword.records.saved import SavedGame

CORPUS = Path(__file__).parent / "data" / "gcg" / "corpus"
#: A few real records of different programs, each a whole game.
SAMPLES = [CORPUS / "quackle" / "boys1.gcg", CORPUS / "macondo" / "gcgio_vs_frentz.gcg",
           CORPUS / "woogles" / "stats_josh_nationals_round_5.gcg"]
RACK_TILES = "AEIOUDLNRSTBCGHMPYKQXZ?"
RACKS = st.one_of(st.just(""), st.text(RACK_TILES, min_size=1, max_size=7))


def moves(saved: SavedGame) -> list[tuple[int, str, int, bool]]:
    return [(t.player, t.notation, t.score, t.withdrawn) for t in saved.game.history]


def round_trips(saved: SavedGame) -> None:
    back = read_gcg_text(gcg_export(saved.game).text)
    assert moves(back) == moves(saved)
    assert racks_before(back.game) == racks_before(saved.game)
    assert back.recorded_scores == saved.recorded_scores


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.lists(st.tuples(st.integers(0, 200), RACKS), max_size=8))
def test_any_racks_a_record_claims_give_the_same_moves(path: Path,
                                                       changes: list[tuple[int, str]]) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    original = read_gcg_text(text)
    record = parse_gcg(text)
    events = record.events
    acting = [i for i, e in enumerate(events)
              if e.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)]
    for where, rack in changes:
        index = acting[where % len(acting)]
        events[index] = events[index].__class__(**{**events[index].__dict__, "rack": rack})
    damaged = read_gcg_text(format_gcg(record))
    assert moves(damaged) == moves(original)
    assert damaged.recorded_scores == original.recorded_scores
    assert len(damaged.notes) == len(set(damaged.notes))
    round_trips(damaged)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.lists(st.tuples(st.integers(0, 200), st.integers(-9, 9)),
                                          min_size=1, max_size=4))
def test_a_recorded_score_counts_whatever_the_rules_give(path: Path,
                                                         changes: list[tuple[int, int]]) -> None:
    record = parse_gcg(path.read_text(encoding="utf-8", errors="replace"))
    events = record.events
    plays = [i for i, e in enumerate(events) if e.kind is EventKind.PLAY
             and not (i + 1 < len(events) and events[i + 1].kind is EventKind.PHONY)]
    for where, change in changes:
        # The annotator's score, and the running totals that follow from it.
        index = plays[where % len(plays)]
        event = events[index]
        change = max(change, -event.score)
        for later in range(index, len(events)):
            other = events[later]
            if other.nick == event.nick:
                fields = {**other.__dict__, "total": other.total + change}
                if later == index:
                    fields["score"] = other.score + change
                events[later] = other.__class__(**fields)
    saved = read_gcg_text(format_gcg(record))
    scores = {e.line: e.score for e in parse_gcg(format_gcg(record)).events
              if e.kind is EventKind.PLAY}
    played = [t.score for t in saved.game.history if t.notation and not t.withdrawn]
    assert played == [scores[line] for line in sorted(scores)][:len(played)]
    round_trips(saved)
