"""Every WordsWorth knob (Appendix A, notes 2-4, 7-9, 12) changes the computer's choice
the way the manual says, in positions built for each one; and on random racks and knob
settings the player always plays the heaviest acceptable move, by an independent
reading of the weight formula."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_players_helpers import (
    all_moves,
    chosen_move,
    position,
    reference_acceptable,
    reference_weight,
    standard,
    style,
)
from wordstudio.crossword.actions import Pass, Play
from wordstudio.crossword.gameconfig import Strategy
from wordstudio.crossword.players.computer import decide, hint, move_finder
from wordstudio.crossword.players.knobs import GREEDY_STYLE, PlayerStyle, Vocabulary
from wordstudio.crossword.players.leaves import leaves_for
from wordstudio.crossword.players.strategy import ADAPTIVE_MARGIN, Mood, effective_strategy, mood
from wordstudio.crossword.tiles import BLANK, Rack

HEAVY = {"V": 20, "K": 20, "J": 20, "X": 20, "Q": 20, "E": 5, "N": 5}


def weight_of(pos, chosen_style: PlayerStyle, move) -> float:
    return reference_weight(move, pos, chosen_style.strategy, dict(chosen_style.letter_weights))


def best_acceptable(pos, chosen_style: PlayerStyle) -> float | None:
    weights = dict(chosen_style.letter_weights)
    best = None
    for move in all_moves(pos):
        w = reference_weight(move, pos, chosen_style.strategy, weights)
        if reference_acceptable(move, chosen_style.strategy, w) and (best is None or w > best):
            best = w
    return best


# --- the formula, on random racks and knobs ---------------------------------------------------
knob_settings = st.fixed_dictionaries({
    "length_weight": st.integers(-2, 10),
    "minimum_allowed_score": st.sampled_from([0, 0, 10, 25]),
    "maximum_allowed_score": st.sampled_from([0, 0, 15, 40]),
    "minimum_word_length": st.sampled_from([0, 0, 4, 6]),
    "maximum_word_length": st.sampled_from([0, 0, 3, 5]),
    "include_cross_weights": st.integers(0, 1),
    "blank_threshold": st.sampled_from([0, 20, 60]),
})
letter_weights = st.dictionaries(st.sampled_from("AEIOUSQJVXKZ?"), st.integers(-10, 15),
                                 max_size=5)
racks = st.text(alphabet="AAEEEIIOONRSTLDGBCMPFHVWYKJXQZ??", min_size=2, max_size=7)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(knobs=knob_settings, weights=letter_weights, rack=racks)
def test_the_player_plays_the_heaviest_acceptable_move(knobs, weights, rack) -> None:
    pos = position(rack)
    chosen_style = style(weights, **knobs)
    decision = decide(pos, chosen_style)
    best = best_acceptable(pos, chosen_style)
    move = chosen_move(pos, decision)
    if best is None:
        assert isinstance(decision.action, Pass)
        return
    assert move is not None
    weight = weight_of(pos, chosen_style, move)
    assert reference_acceptable(move, chosen_style.strategy, weight)
    assert weight == pytest.approx(best)
    assert decision.candidates[0].equity == pytest.approx(best)


# --- each knob, one position ---------------------------------------------------------------------
def test_length_weight_favours_long_words() -> None:
    pos = position("DEIORSU")
    plain = chosen_move(pos, decide(pos, style()))
    long = chosen_move(pos, decide(pos, style(length_weight=8)))
    # DISEUR and DOUSER both score 46; ties go to the smaller raw move (DOUSER's).
    assert (plain.word, plain.score) == ("DOUSER", 46)
    assert len(long.word) > len(plain.word) and long.score < plain.score
    assert long.word == "VINEYARDS"


def test_minimum_allowed_score_ignores_low_scores() -> None:
    pos = position("DEIORSU")
    unlimited = chosen_move(pos, decide(pos, style(length_weight=8)))
    limited = chosen_move(pos, decide(pos, style(length_weight=8, minimum_allowed_score=40)))
    assert unlimited.score < 40 <= limited.score


def test_maximum_allowed_score_ignores_high_scores() -> None:
    pos = position("AEINRST")
    assert chosen_move(pos, decide(pos, style())).score == 110
    capped = chosen_move(pos, decide(pos, style(maximum_allowed_score=12)))
    assert capped.score == max(m.score for m in all_moves(pos) if m.score <= 12)


def test_zero_means_no_score_limit() -> None:
    pos = position("AEINRST")
    assert chosen_move(pos, decide(pos, style(minimum_allowed_score=0,
                                              maximum_allowed_score=0))).score == 110


def test_restricted_search_plays_the_best_found_so_far() -> None:
    pos = position("AEINRST")
    knobs = style(restricted_search_min=10, restricted_search_count=3)
    decision = decide(pos, knobs)
    move = chosen_move(pos, decision)
    # The manual's procedure, over the generator's own order.
    finder = move_finder(pos)
    found, counted = [], 0
    for raw in finder.raw_moves(pos.board(), pos.rack, pos.player):
        candidate = finder.to_move(raw)
        found.append(candidate)
        counted += candidate.score >= 10
        if counted == 3:
            break
    best = max(found, key=lambda m: m.score)
    assert move.score == best.score < 110
    assert decision.moves_considered == len(found)
    assert len(decision.candidates) == len(found)


def test_restricted_search_count_zero_is_off() -> None:
    pos = position("AEINRST")
    assert chosen_move(pos, decide(pos, style(restricted_search_min=10))).score == 110


def test_minimum_word_length() -> None:
    pos = position("AEIKLPS")
    # Five 54-point words tie; ties go to the smallest raw move (KEPIS).
    assert chosen_move(pos, decide(pos, style())).word == "KEPIS"
    assert chosen_move(pos, decide(pos, style(minimum_word_length=6))).word == "LIPASE"


def test_maximum_word_length() -> None:
    pos = position("AEINRST")
    move = chosen_move(pos, decide(pos, style(maximum_word_length=3)))
    assert len(move.word) <= 3 and move.score < 110


def test_blank_threshold_keeps_the_blank_for_heavy_moves() -> None:
    pos = position("DEG?LOR")
    with_blank = chosen_move(pos, decide(pos, style(blank_threshold=60)))
    assert with_blank.word == "LODGERs" and with_blank.score == 64
    held = chosen_move(pos, decide(pos, style(blank_threshold=100)))
    assert BLANK not in held.tiles_used
    assert held.score < 64


def test_letter_weights_count_the_tiles_played() -> None:
    pos = position("AEIKLPS")
    assert chosen_move(pos, decide(pos, style())).word == "KEPIS"
    # Playing an A now earns 5 more: the best 54-point word with an A wins.
    assert chosen_move(pos, decide(pos, style({"A": 5}))).word == "PEAKS"
    # A negative weight keeps the letter: S stays on the rack.
    kept = chosen_move(pos, decide(pos, style({"S": -30})))
    assert "S" not in kept.tiles_used


def test_cross_weights_count_tiles_in_cross_words_again() -> None:
    pos = position("TEIINOJ")
    main_only = chosen_move(pos, decide(pos, style(HEAVY)))
    crossed = chosen_move(pos, decide(pos, style(HEAVY, include_cross_weights=1)))
    assert main_only.word == "JEAN"
    assert crossed.word == "JOINT"
    knobs = style(HEAVY, include_cross_weights=1)
    assert weight_of(pos, knobs, crossed) > weight_of(pos, knobs, main_only)


# --- AdaptiveStrategy (note 9) --------------------------------------------------------------------
def test_mood_follows_the_lead() -> None:
    on = Strategy(adaptive_strategy=1)
    assert mood(on, ADAPTIVE_MARGIN + 1) is Mood.BACK_OFF
    assert mood(on, -ADAPTIVE_MARGIN - 1) is Mood.PRESS
    assert mood(on, ADAPTIVE_MARGIN) is Mood.EVEN
    assert mood(Strategy(adaptive_strategy=0), 500) is Mood.EVEN
    pressed = effective_strategy(Strategy(maximum_allowed_score=9, restricted_search_count=3,
                                          blank_threshold=50, length_weight=3), Mood.PRESS)
    assert (pressed.maximum_allowed_score, pressed.restricted_search_count,
            pressed.blank_threshold, pressed.length_weight) == (0, 0, 0, 3)


def test_adaptive_player_backs_off_when_ahead() -> None:
    lead = 200
    pos = position("AEINRST", scores=(lead, 0))
    calm = chosen_move(pos, decide(pos, style()))
    eased = chosen_move(pos, decide(pos, style(adaptive_strategy=1)))
    assert calm.score == 110
    cap = 110 - (lead - ADAPTIVE_MARGIN) // 2
    assert eased.score == max(m.score for m in all_moves(pos) if m.score <= cap)


def test_adaptive_player_presses_when_behind() -> None:
    pos = position("AEINRST", scores=(0, 100))
    held_back = style(maximum_allowed_score=12, adaptive_strategy=1)
    assert chosen_move(pos, decide(pos, held_back)).score == 110
    even = position("AEINRST", scores=(0, 10))
    assert chosen_move(even, decide(even, held_back)).score <= 12


# --- ControlStrategy (note 7) and hints ----------------------------------------------------------
def test_hints_rank_by_plain_score_with_control_strategy_zero() -> None:
    # Note 7: "0 means use a plain maximise score strategy" for hints, whatever style the
    # opponent plays; section 4.12: hints "are shown to you in order of score".  Each
    # still carries its equity - the score plus the worth of the tiles kept - to sort by.
    pos = position("DEIORSU")
    assert pos.config.strategy.control_strategy == 0
    given_hint = hint(pos, opponent=style(length_weight=8))
    scores = [c.score for c in given_hint.candidates]
    assert scores == sorted(scores, reverse=True) and len(scores) == 20
    by_score = decide(pos, GREEDY_STYLE).candidates
    assert scores[0] == by_score[0].score == 46
    assert [c.move for c in given_hint.candidates] == [c.move for c in by_score]
    assert given_hint.action == Play(given_hint.candidates[0].move.placed)
    leaves = leaves_for(pos.config)
    for candidate in given_hint.candidates:
        kept = Rack(pos.rack.tiles).without(candidate.move.tiles_used).tiles
        assert candidate.equity == pytest.approx(candidate.score + leaves.value(kept))
    # Not the equity order: some lower-scoring hint keeps better tiles than one above it.
    equities = [c.equity for c in given_hint.candidates]
    assert equities != sorted(equities, reverse=True)


def test_hints_use_the_players_strategy_with_control_strategy_on() -> None:
    config = standard()
    on = config.with_changes(strategy=replace(config.strategy, control_strategy=1))
    pos = position("DEIORSU", config=on)
    given_hint = hint(pos, opponent=style(length_weight=8))
    assert given_hint.candidates[0].move.word == "VINEYARDS"
    # Without an opponent's style, the game's own elements (LengthWeight 2, the weights).
    own = hint(pos)
    equities = [c.equity for c in own.candidates]
    assert equities == sorted(equities, reverse=True)


def test_greedy_is_plain_score() -> None:
    pos = position("XAEMPLS")
    decision = decide(pos, GREEDY_STYLE)
    assert [c.equity for c in decision.candidates] == [c.score for c in decision.candidates]
    assert isinstance(decision.action, Play)
    assert GREEDY_STYLE.vocabulary is Vocabulary.FULL
