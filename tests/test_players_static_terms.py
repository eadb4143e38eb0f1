"""Level 8's static evaluation beyond the leave table: the exact end game once the bag is
empty, and the position's terms on the leave (the bag's timing, the bag's vowels)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.test_players_helpers import chosen_move, position
from wordstudio.crossword.actions import Pass, Play
from wordstudio.crossword.players import computer, leaves
from wordstudio.crossword.players.computer import decide
from wordstudio.crossword.players.endgames import exact, preend
from wordstudio.crossword.players.leaves import NO_LEAVES, PositionLeaves, position_leaves
from wordstudio.crossword.players.levels import level_style
from wordstudio.crossword.players.simulate import table_for


def test_level8_plays_the_exact_solvers_move_with_the_bag_empty() -> None:
    pos = position("RFN", bag=0, unseen="XQVE")
    decision = decide(pos, level_style(8))
    result = exact.solve_position(pos, table_for(pos), computer.ENDGAME_SECONDS, helpers=0)
    if result.move is None:
        assert decision.action == Pass()
    else:
        assert isinstance(decision.action, Play)
        assert set(decision.action.placements) == set(
            table_for(pos).finder.to_move(result.move).placed)
    # Level 7 has no end-game search: its static choice.
    assert chosen_move(pos, decide(pos, level_style(7))) is not None


def test_level8_keeps_its_static_choice_while_the_bag_has_tiles(monkeypatch) -> None:
    def never(*_args, **_kwargs):
        raise AssertionError("the solver is for an empty bag")

    monkeypatch.setattr(exact, "solve_position", never)
    pos = position("RFNEAST", bag=20, unseen="XQVE")
    assert isinstance(decide(pos, level_style(8)).action, Play)


class Flat:
    def value(self, tiles) -> float:
        return 10.0 * len(tiles)


def test_timing_counts_the_tiles_a_play_leaves_in_the_bag(monkeypatch) -> None:
    monkeypatch.setattr(leaves, "BAG_TIMING", {1: 5.0, 0: 1.0, -2: -2.5})
    monkeypatch.setattr(leaves, "BAG_VOWEL_WEIGHT", 0.0)
    pos = position("ABCDEFG", bag=3, unseen="")
    timed = position_leaves(Flat(), pos)
    assert isinstance(timed, PositionLeaves)
    # Rack 7, bag 3: keeping 3 tiles plays 4, so the bag empties and we hold 6 (-1: not
    # listed); keeping 1 leaves the bag at -3 ... keeping 4 plays 3: bag 0; keeping 5: 1.
    assert timed.value("ABCDE") == 50 + 5.0
    assert timed.value("ABCD") == 40 + 1.0
    assert timed.value("AB") == 20 - 2.5
    assert timed.value("ABC") == 30
    # The same object for the same position (the search's tables are kept by identity).
    base = Flat()
    assert position_leaves(base, pos) is position_leaves(base, pos)
    # Far from the end, with nothing else to correct, the table itself.
    assert position_leaves(base, replace(pos, bag_size=40)) is base
    assert position_leaves(NO_LEAVES, pos) is NO_LEAVES


def test_the_bags_vowels_move_the_value_of_vowels_kept(monkeypatch) -> None:
    monkeypatch.setattr(leaves, "BAG_TIMING", {})
    monkeypatch.setattr(leaves, "BAG_VOWEL_WEIGHT", 1.0)
    vowelly = position("ABCDEFG", bag=40, unseen="AEIOUAEIOUAEIOUAEIOUBCD")
    lean = position("ABCDEFG", bag=40, unseen="BCDFGHJKLMNPRSTVWBCDAEI")
    base = Flat()
    rich, poor = position_leaves(base, vowelly), position_leaves(base, lean)
    assert isinstance(rich, PositionLeaves) and isinstance(poor, PositionLeaves)
    assert rich.shift > 0 > poor.shift
    # Keeping vowels is worth less when the bag is full of them, and more when it is not.
    assert rich.value("AE") < base.value("AE") < poor.value("AE")
    assert rich.value("BC") > poor.value("BC")
    assert rich.value("AE") - rich.value("BC") < poor.value("AE") - poor.value("BC")
    # Playing out every tile draws a whole rack: the shift moves it, the sign as above.
    assert rich.value("") == pytest.approx(base.value("") - 1.0 * (
        (7 * rich.shift) ** 2))


def test_the_reply_look_ahead_weighs_the_opponents_best_replies(monkeypatch) -> None:
    pos = position("AEINRST", bag=40, unseen="AEIOUBCDFGHLMNPRSTQZXJKVWY")
    plain = decide(pos, level_style(8))
    monkeypatch.setattr(computer, "REPLY_WEIGHT", 0.0)
    assert decide(pos, level_style(8)).action == plain.action
    # Counting the replies above all, level 8 plays the candidate (within the margin of
    # the best) after which the opponent's sampled racks score least.
    seen: list[tuple[float, frozenset]] = []
    real = computer._reply_adjusted

    def spy(position, weighed, choice):
        chosen = real(position, weighed, choice)
        for judged, value in weighed.ranking[:computer.REPLY_CANDIDATES]:
            if value >= choice.measure - computer.REPLY_MARGIN:
                seen.append((value, frozenset(weighed.finder.to_move(judged.raw).placed)))
        return chosen

    monkeypatch.setattr(computer, "REPLY_WEIGHT", 1000.0)
    monkeypatch.setattr(computer, "_reply_adjusted", spy)
    heavy = decide(pos, level_style(8))
    assert len(seen) >= 2
    assert isinstance(heavy.action, Play)
    assert frozenset(heavy.action.placements) in {key for _, key in seen}
    # Level 7 never looks at replies.
    seen.clear()
    decide(pos, level_style(7))
    assert not seen


def test_level8_plays_the_pre_end_games_best_with_one_or_two_in_the_bag(monkeypatch) -> None:
    assert computer.PREEND_SECONDS > 0
    # A small pre-end game, proven well within the time (so both searches agree).
    monkeypatch.setattr(computer, "PREEND_SECONDS", 60.0)
    pos = position("RFNEA", bag=1, unseen="XQVEI")
    decision = decide(pos, level_style(8))
    search = preend.PreEndgame.of(pos, table_for(pos), leaves.leaves_for(pos.config),
                                  computer.PREEND_CANDIDATES)
    search.run(computer.PREEND_SECONDS)
    assert search.proven
    best = table_for(pos).finder.to_move(search.ranked()[0].raw)
    assert isinstance(decision.action, Play)
    assert set(decision.action.placements) == set(best.placed)
    assert len(best.placed) >= 1  # it empties the bag
    # Off, level 8 keeps its static choice.
    monkeypatch.setattr(computer, "PREEND_SECONDS", 0.0)
    static = decide(pos, level_style(8))
    assert isinstance(static.action, Play)
