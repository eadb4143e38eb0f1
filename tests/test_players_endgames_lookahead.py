"""Level 8's end game: with the bag empty it looks at the opponent's reply."""

from __future__ import annotations

from tests.test_players_helpers import all_moves, chosen_move, position, standard
from wordstudio.crossword.players.computer import decide
from wordstudio.crossword.players.endgames import lookahead
from wordstudio.crossword.players.levels import level_style

HEAVY = {"X": 8, "A": 1, "J": 8, "K": 5}


def test_applies_only_to_two_player_endgames_with_tiles_seen() -> None:
    assert lookahead.applies(position("TEA", bag=0, unseen="XAJK"))
    assert not lookahead.applies(position("TEA", bag=1, unseen="XAJK"))
    assert not lookahead.applies(position("TEA", bag=0, unseen=""))
    assert not lookahead.applies(position("", bag=0, unseen="XAJK"))


def test_going_out_collects_the_opponents_tiles() -> None:
    pos = position("TEA", bag=0, unseen="XAJK")
    static = chosen_move(pos, decide(pos, level_style(7)))
    decision = decide(pos, level_style(8))
    ending = chosen_move(pos, decision)
    assert len(static.placed) < 3  # the static player keeps a tile for a few points more
    assert static.score > ending.score
    assert len(ending.placed) == 3  # level 8 goes out ...
    opponent_tiles = sum(HEAVY[t] for t in "XAJK")
    # ... and counts the opponent's tiles twice: deducted from him, added to the player.
    assert decision.candidates[0].equity == ending.score + 2 * opponent_tiles


def test_candidates_are_ranked_by_the_look_ahead() -> None:
    pos = position("RFN", bag=0, unseen="XQVE")
    decision = decide(pos, level_style(8))
    values = [c.equity for c in decision.candidates]
    assert values == sorted(values, reverse=True)
    examined = {c.move for c in decision.candidates}
    outs = {m for m in all_moves(pos) if len(m.placed) == 3}
    assert outs <= examined
    assert len(examined) <= len(outs) + lookahead.WIDTH


def test_values_follow_the_end_rules() -> None:
    pos = position("RFN", bag=0, unseen="XQVE")
    opponent_tiles = sum(standard().tiles.score_of(t) for t in "XQVE")
    decision = decide(pos, level_style(8))
    for candidate in decision.candidates:
        if len(candidate.move.placed) == 3:
            assert candidate.equity == candidate.score + 2 * opponent_tiles
        else:  # the opponent's best reply (or the tiles kept) can only cost points
            assert candidate.equity < candidate.score
    assert chosen_move(pos, decision) == decision.candidates[0].move
