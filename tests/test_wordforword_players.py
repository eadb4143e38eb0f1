"""Computer players: the moves every strength must find, and self-play under a referee.

The referee re-checks every computer move with its own, independent search (letter
substitution, not the engine's wildcard buckets), as DESIGN.md section 10 asks.
"""

from __future__ import annotations

import pickle
from collections import deque

import pytest

from wordstudio.control import SearchControl
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.wordforword.moves import (
    STRENGTHS,
    Effect,
    GameSetup,
    Move,
    MoveKind,
    PlayerSpec,
    WordForWordError,
)
from wordstudio.wordforword.players import Search, choose_move, play_out
from wordstudio.wordforword.practice import practice_aid
from wordstudio.wordforword.rules import Deal, Game, Position

#: Ann's CAT has one way out (COT); Bob's PIT has two (PIG-DIG or POT-DOT).
LEX = ["CAT", "COT", "DOT", "DOG", "COG", "PIT", "PIG", "DIG", "POT", "ZOO", "BOO"]


def game_of(words, deal: Deal, *saves: str, names=("Ann", "Bob")) -> Game:
    setup = GameSetup(players=tuple(PlayerSpec(n) for n in names), length=3, study_seconds=0)
    game = Game(setup, words, deal)
    for word in saves:
        game._post_save(game.acting, word)  # set the scene without using up turns
    return game


def moves_of(game: Game, strength: str, seeds=range(6)) -> set[Move]:
    return {choose_move(game.position(), strength, seed) for seed in seeds}


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_claims_a_win_from_saved_words(strength):
    game = game_of(LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)), "COT", "DOT")
    assert moves_of(game, strength) == {Move(MoveKind.WIN)}


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_saves_to_win_when_one_word_is_missing(strength):
    game = game_of(LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)), "COT")
    assert moves_of(game, strength) <= {Move(MoveKind.SAVE_TO_WIN, "DOT"),
                                        Move(MoveKind.SAVE_TO_WIN, "COG")}


@pytest.mark.parametrize("strength", ["Club", "Expert"])
def test_club_and_expert_cut_an_opponent_off_without_cutting_themselves(strength):
    # Ann's CAT hangs on COT, Bob's PIT on POT, and both on DOT: deleting POT cuts Bob
    # off and leaves Ann her chain, so Ann wins at once.
    words = ["CAT", "COT", "DOT", "DOG", "PIT", "POT", "ZOO"]
    game = game_of(words, Deal("DOG", ("CAT", "PIT"), (0, 1)))
    assert moves_of(game, strength) == {Move(MoveKind.DELETE, "POT")}


@pytest.mark.parametrize("strength", ["Club", "Expert"])
def test_club_and_expert_block_an_opponent_one_word_from_winning(strength):
    # Bob's PIG-DIG-DOG needs only DIG; Ann can delete it (Bob still has PIG-PIT-POT-DOT).
    game = game_of(LEX, Deal("DOG", ("CAT", "PIG"), (0, 1)))
    search = Search(game.position())
    assert search.need(1) == 1 and not search.separators(1)
    assert moves_of(game, strength) == {Move(MoveKind.DELETE, "DIG")}


@pytest.mark.parametrize("strength", ["Club", "Expert"])
def test_club_and_expert_protect_a_word_whose_deletion_would_cut_them_off(strength):
    game = game_of(LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)))
    search = Search(game.position())
    assert {search.word(n) for n in search.separators(0)} == {"COT"}
    assert not search.separators(1) and search.need(1) == 2
    assert moves_of(game, strength) == {Move(MoveKind.SAVE, "COT")}


def test_expert_settles_for_a_draw_when_the_opponent_cannot_be_stopped():
    # Bob's POT-DOT-DOG needs only DOT, which Ann may not delete (it cuts both off).
    words = ["CAT", "COT", "DOT", "DOG", "POT", "ZOO"]
    game = game_of(words, Deal("DOG", ("CAT", "POT"), (0, 1)))
    assert moves_of(game, "Expert") == {Move(MoveKind.DELETE_TO_DRAW, "DOT")}
    turn = game.play(Move(MoveKind.DELETE_TO_DRAW, "DOT"))
    assert turn.effect is Effect.DRAWN


def test_novice_never_deletes_a_word_that_cuts_itself_off():
    game = game_of(LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)))
    moves = moves_of(game, "Novice", range(60))
    assert Move(MoveKind.DELETE, "COT") not in moves
    assert any(m.kind is MoveKind.DELETE for m in moves)
    assert any(m.kind is MoveKind.SAVE for m in moves)


class _StopNow(SearchControl):
    def should_stop(self) -> bool:
        return True


def test_expert_stopped_at_once_still_gives_a_sound_move():
    words = load_lexicon("en-US-common").of_length(4)
    setup = GameSetup(players=(PlayerSpec("A", "Expert"), PlayerSpec("B", "Expert")), seed=3)
    game = Game(setup, words)
    game.begin_play()
    move = choose_move(game.position(), "Expert", 0, control=_StopNow())
    assert game.play(move).effect in (Effect.SAVED, Effect.DELETED)


def test_choose_move_and_positions_can_go_to_a_worker_process():
    game = game_of(LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)))
    position = pickle.loads(pickle.dumps(game.position()))
    assert isinstance(position, Position) and position == game.position()
    assert pickle.loads(pickle.dumps(choose_move)) is choose_move


# --- self-play under an independent referee ------------------------------------------------
def _linked(words: set[str], start: str, end: str) -> bool:
    """Plain breadth-first search, trying every letter in every position."""
    seen, queue = {start}, deque([start])
    while queue:
        word = queue.popleft()
        if word == end:
            return True
        for i in range(len(word)):
            for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
                near = word[:i] + letter + word[i + 1:]
                if near in words and near not in seen:
                    seen.add(near)
                    queue.append(near)
    return False


def referee(before: Position, move: Move, turn) -> None:
    lexicon = set(before.words) - before.deleted
    me = before.acting
    active = before.active_seats
    assert turn.effect not in (Effect.FORFEITED, Effect.FAILED_WIN, Effect.FAILED_DRAW), turn
    if move.kind in (MoveKind.SAVE, MoveKind.SAVE_TO_WIN, MoveKind.DELETE,
                     MoveKind.DELETE_TO_DRAW):
        assert move.word in lexicon and move.word not in before.saved
    if move.kind in (MoveKind.DELETE, MoveKind.DELETE_TO_DRAW):
        cut = {s for s in active
               if not _linked(lexicon - {move.word}, before.puzzles[s], before.common)}
        if move.kind is MoveKind.DELETE:
            assert me not in cut and set(turn.eliminated) == cut
        else:
            assert cut == set(active)
    if move.kind in (MoveKind.WIN, MoveKind.SAVE_TO_WIN):
        saved = set(before.saved) | ({move.word} if move.word else set())
        assert _linked(saved, before.puzzles[me], before.common)
        assert turn.winner == me


@pytest.mark.parametrize("length,lexicon,strengths,seed", [
    (3, "en-US-common", ("Novice", "Expert"), 1),
    (4, "en-US-common", ("Club", "Expert", "Novice"), 2),
    (4, "en-GB-standard", ("Expert", "Club"), 3),
    (5, "en-US-common", ("Novice", "Club", "Expert", "Club"), 4),
    (3, "en-US-standard", ("Novice", "Novice", "Club", "Club", "Expert"), 5),
])
def test_self_play_never_makes_a_move_that_forfeits_or_fails(length, lexicon, strengths, seed):
    words = load_lexicon(lexicon).of_length(length)
    players = tuple(PlayerSpec(f"P{i}", s) for i, s in enumerate(strengths))
    for game_seed in range(seed * 10, seed * 10 + 3):
        game = Game(GameSetup(players=players, length=length, seed=game_seed,
                              study_seconds=0), words)
        while not game.over:
            before = game.position()
            move = choose_move(before, game.seats[game.acting].spec.computer or "", game_seed)
            referee(before, move, game.play(move))
        assert game.winner is not None or game.drawn
    # play_out (what the benchmark uses) plays the very same game.
    again = play_out(Game(game.setup, words), game_seed)
    assert [t.move for t in again.turns] == [t.move for t in game.turns]


def test_play_out_needs_computer_players():
    game = game_of(LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)))
    with pytest.raises(WordForWordError, match="Ann is not a computer player"):
        play_out(game)


# --- the practice aid ------------------------------------------------------------------------
def test_practice_aid_shows_a_shortest_chain_and_what_is_still_to_save():
    game = game_of(LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)), "COG")
    aid = practice_aid(game.position(), 0)
    assert aid.solvable and aid.chain[0] == "CAT" and aid.chain[-1] == "DOG"
    assert len(aid.chain) == 4 and aid.still_to_save == 1
    assert aid.cheapest == ("CAT", "COT", "COG", "DOG")


def test_practice_aid_says_when_a_puzzle_has_no_solution():
    game = game_of(LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)))
    position = game.position()
    cut = Position(position.words, position.common, position.puzzles, position.active,
                   position.saved, frozenset({"COT"}), position.acting, position.turn)
    aid = practice_aid(cut, 0)
    assert not aid.solvable and aid.chain == () and aid.still_to_save is None
