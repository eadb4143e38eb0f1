"""The Championship player (level 9): how it is named, what it plays, and that a seat's
thinking time is kept in saved games."""

from __future__ import annotations

from tests.test_players_helpers import chosen_move, position, shipped
from wordstudio.control import DeadlineControl
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.crossword.players import parallel
from wordstudio.crossword.players.computer import choose_action, decide
from wordstudio.crossword.players.endgames.check import plain_minimax
from wordstudio.crossword.players.levels import (
    CHAMPIONSHIP,
    CHAMPIONSHIP_SECONDS,
    level_style,
    parse_player_spec,
    style_for,
)
from wordstudio.crossword.players.selfplay import play_game
from wordstudio.crossword.players.simulate import table_for
from wordstudio.crossword.records.native import game_from_json, game_to_json


def test_championship_is_level_nine_with_a_thinking_time() -> None:
    spec = parse_player_spec("championship")
    assert spec.level == CHAMPIONSHIP and spec.seconds == 0
    timed = parse_player_spec("championship:2.5")
    assert timed.level == CHAMPIONSHIP and timed.seconds == 2.5
    assert parse_player_spec("level9").level == CHAMPIONSHIP
    config = shipped("scrabble.cfg")
    assert style_for(spec, config).think == CHAMPIONSHIP_SECONDS
    assert style_for(timed, config).think == 2.5
    assert level_style(8).think == 0
    # The thinking time means nothing to a static level.
    assert style_for(PlayerSpec("x", True, 8, seconds=3), config).think == 0


def test_stopped_at_once_it_plays_the_best_static_candidate() -> None:
    pos = position("AEIRSTQ", bag=40)
    parallel.set_move_workers(1)
    try:
        decision = decide(pos, level_style(CHAMPIONSHIP), DeadlineControl(0.0))
    finally:
        parallel.set_move_workers(0)
    static = decide(pos, level_style(8))
    assert chosen_move(pos, decision) == chosen_move(pos, static)


def test_the_static_decision_counts_against_the_thinking_time() -> None:
    import time
    from dataclasses import replace

    from wordstudio.control import NULL_CONTROL
    from wordstudio.crossword.players import championship

    pos = position("AEIRSTQ", bag=40)

    def slow_static(p, style):
        time.sleep(0.3)  # longer than the whole thinking time below
        return decide(p, style)

    parallel.set_move_workers(1)
    try:
        decision = championship.decide(pos, replace(level_style(CHAMPIONSHIP), think=0.2),
                                       NULL_CONTROL, 10, slow_static)
    finally:
        parallel.set_move_workers(0)
    # No time was left to simulate: the best static candidate, unsimulated.
    assert decision.moves_considered == 0
    assert chosen_move(pos, decision) == chosen_move(pos, decide(pos, level_style(8)))


def test_with_the_bag_empty_it_plays_the_solved_best_move() -> None:
    pos = position("FZS", bag=0, unseen="DA")
    decision = decide(pos, level_style(CHAMPIONSHIP))
    move = chosen_move(pos, decision)
    table = table_for(pos)
    board = pos.board()
    best = plain_minimax(table, board, (pos.rack.tiles, tuple(pos.unseen)), 0)
    assert decision.candidates[0].move == move
    assert decision.candidates[0].equity == best
    assert "Z" in move.word.upper()  # it plays the heavy tile off


def test_a_whole_game_is_legal() -> None:
    parallel.set_move_workers(1)
    try:
        played = play_game(shipped("board7.cfg"), [parse_player_spec("championship:0.2"),
                                                   parse_player_spec("greedy")], 3, verify=True)
    finally:
        parallel.set_move_workers(0)
    assert played.game.over and played.decisions[0] > 0


def test_the_thinking_time_is_saved_with_the_game() -> None:
    from wordstudio.lexicon.catalog import load_lexicon

    config = shipped("scrabble.cfg")
    seats = [PlayerSpec("You"), PlayerSpec("Champ", True, CHAMPIONSHIP, seconds=7.5)]
    setup = GameSetup.create(config, seats, seed=2)
    game = Game(setup, load_lexicon(setup.lexicon))
    again = game_from_json(game_to_json(game), words=game.words)
    assert again.players[1].seconds == 7.5 and again.players[0].seconds == 0


def test_choose_action_reaches_the_championship_player() -> None:
    pos = position("FZS", bag=0, unseen="DA")
    decision = choose_action(pos, parse_player_spec("championship:1"))
    assert "Z" in chosen_move(pos, decision).word.upper()
