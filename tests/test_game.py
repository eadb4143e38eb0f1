"""Scripted games: every turn type, every end-of-game rule, undo/redo, challenges, clocks.

The games use a small 7x7 board and a hand-made word list; racks and draws are scripted
(GameSetup.scripted_draws) so every turn is known in advance.
"""

from __future__ import annotations

import pytest

from wordstudio.crossword.actions import Challenge, Outcome, Play, TimePenalty
from wordstudio.crossword.annotations import GAME as GAME_NOTES
from wordstudio.crossword.board import Placement
from wordstudio.crossword.clock import ClockSettings
from wordstudio.crossword.game import (
    Game,
    GameSettings,
    GameSetup,
    PlayerSpec,
    StartPosition,
    UnknownWords,
    WordCheck,
)
from wordstudio.crossword.gameconfig import (
    Direction,
    EndRules,
    ExchangeAllowed,
    FreeForm,
    GameConfig,
    TileSet,
)
from wordstudio.crossword.rules import IllegalMove, placements_from_word
from wordstudio.lexicon.wordlist import WordList

WORDS = WordList.from_words(
    ["CAT", "CATS", "AT", "TA", "DOG", "DOGS", "GO", "TO", "ACT", "SCAT", "COT", "COG",
     "TAD", "AD", "DO", "OD", "TOG", "GOT", "SO", "OS", "AS", "SAT", "OAT", "OATS"])
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SCORES = {"C": 3, "D": 2, "G": 2}


def config(**changes) -> GameConfig:
    layout = ["aaaaaaa"] * 7
    layout[3] = "aaaBaaa"  # the centre doubles the word
    base = GameConfig(
        rows=7, columns=7, layout=tuple(layout), first_move_row=4, first_move_col=4,
        tiles=TileSet(frequencies=(3,) * 26, scores=tuple(SCORES.get(c, 1) for c in LETTERS),
                      weights=(0,) * 26, blank_count=2, blank_score=0),
        number_of_tiles=3, play_all_tile_bonus=10, min_players=1,
        end=EndRules(scoreless_turns_limit=0))
    return base.with_changes(**changes)


def new_game(draws, cfg=None, players=2, settings=None, now=None) -> Game:
    setup = GameSetup(cfg or config(),
                      tuple(PlayerSpec(f"P{i + 1}") for i in range(players)), seed=7,
                      settings=settings or GameSettings(), lexicon="test",
                      scripted_draws=tuple(tuple(d) for d in draws))
    return Game(setup, WORDS, now=now) if now else Game(setup, WORDS)


def across(row: int, col: int, word: str) -> list[Placement]:
    return [Placement(row, col + i, ch.upper(), ch.islower()) for i, ch in enumerate(word)]


def down(row: int, col: int, word: str) -> list[Placement]:
    return [Placement(row + i, col, ch.upper(), ch.islower()) for i, ch in enumerate(word)]


# --- plays and their scores ----------------------------------------------------------------
def test_first_play_scores_with_the_centre_premium_and_the_full_rack_bonus():
    game = new_game(["CAT", "DOG", "SOX"])
    turn = game.play(across(3, 2, "CAT"))
    # (3 + 1 + 1) x 2 for the double word, + 10 for playing all three tiles.
    assert turn.score == 20 and game.scores == [20, 0]
    assert turn.drawn == ("S", "O", "X")
    assert game.racks[0].tiles == ("S", "O", "X")
    assert game.current == 1
    assert turn.notation == "4C CAT"


def test_cross_words_score_and_premiums_count_only_when_first_covered():
    game = new_game(["CAT", "DOG"])
    game.play(across(3, 2, "CAT"))
    # D under the centre A: AD scores 1 + 2, the double word is already used.
    turn = game.play([Placement(4, 3, "D")])
    assert turn.score == 3 and turn.words == ("AD",)
    game = new_game(["CAT", "DOG"])
    game.play(across(3, 2, "CAT"))
    # DO across under A and T also makes AD and TO: 3 + 3 + 2.
    turn = game.play(across(4, 3, "DO"))
    assert turn.words == ("DO", "AD", "TO") and turn.score == 8


@pytest.mark.parametrize("placements, reason", [
    (across(3, 2, "TCA"), "not in the dictionary: TCA"),
    (across(0, 0, "CAT"), "the first word must cover square D4"),
    (across(3, 2, "DOG"), "you don't have a D"),
    (across(3, 2, "CaT"), "you don't have a blank"),
    ([Placement(3, 2, "C"), Placement(4, 3, "A")], "one row or one column"),
    ([Placement(3, 2, "C"), Placement(3, 4, "T")], "no gaps"),
    ([Placement(3, 3, "C")], "at least two letters"),
])
def test_illegal_first_plays_are_refused_with_the_reason(placements, reason):
    game = new_game(["CAT", "DOG"])
    with pytest.raises(IllegalMove, match=reason):
        game.play(placements)
    assert game.ply == 0 and game.board.is_empty()


def test_later_plays_need_an_anchor_and_good_cross_words():
    game = new_game(["CAT", "DOG"])
    game.play(across(3, 2, "CAT"))
    with pytest.raises(IllegalMove, match="no anchor square"):
        game.play(across(0, 0, "DOG"))
    with pytest.raises(IllegalMove, match="conflicts with the board: D4 already holds A"):
        game.play([Placement(3, 3, "O")])
    with pytest.raises(IllegalMove, match="bad cross-word: AG"):
        game.play(across(4, 3, "GO"))
    assert game.current == 1 and game.ply == 1


def test_word_entry_explains_where_the_word_cannot_go():
    game = new_game(["CAT", "DOG"])
    game.play(across(3, 2, "CAT"))
    with pytest.raises(IllegalMove, match="can't end there"):
        placements_from_word(game.board, 3, 0, Direction.ACROSS, "DO")
    with pytest.raises(IllegalMove, match="conflicts with the board"):
        placements_from_word(game.board, 3, 2, Direction.ACROSS, "DOG")
    assert placements_from_word(game.board, 3, 2, Direction.ACROSS, "CATS") == [
        Placement(3, 5, "S")]


# --- word checking ---------------------------------------------------------------------
def test_confirm_mode_accepts_an_unknown_word_once_confirmed():
    game = new_game(["TAC", "DOG"], settings=GameSettings(word_check=WordCheck.CONFIRM))
    with pytest.raises(UnknownWords) as info:
        game.play(across(3, 2, "TCA"))
    assert info.value.words == ("TCA",)
    turn = game.play(across(3, 2, "TCA"), confirmed=["TCA"])
    assert turn.score == 20


def test_refuse_mode_never_accepts_unknown_words():
    game = new_game(["TAC", "DOG"])
    with pytest.raises(IllegalMove, match="does not accept"):
        game.play(across(3, 2, "TCA"), confirmed=["TCA"])


# --- passing and swapping -----------------------------------------------------------------
def test_exchange_returns_tiles_and_draws_replacements():
    game = new_game(["CAT", "DOG", "SO"])
    bag_before = len(game.bag)
    turn = game.exchange(["C", "A"])
    assert turn.outcome == Outcome.EXCHANGED and turn.drawn == ("S", "O")
    assert sorted(game.racks[0].tiles) == ["O", "S", "T"]
    assert len(game.bag) == bag_before
    assert game.bag.counts()["C"] == 3 and game.scores == [0, 0]
    with pytest.raises(IllegalMove, match="has no X"):
        game.exchange(["X"])


def test_exchange_needs_enough_tiles_in_the_bag():
    game = new_game(["CAT", "DOG"], cfg=config(exchange_minimum_bag=200))
    with pytest.raises(IllegalMove, match="at least 200"):
        game.exchange(["C"])
    game.pass_turn()
    assert game.history[-1].outcome == Outcome.PASSED and game.current == 1


# --- blank pick-up (ExchangeAllowed 1-3) --------------------------------------------------
def blank_game(mode: ExchangeAllowed) -> Game:
    game = new_game(["C?T", "ADO", "SOX"], cfg=config(exchange_allowed=mode))
    turn = game.play(across(3, 2, "CaT"))
    assert turn.score == 18  # (3 + 0 + 1) x 2 + 10
    return game


def test_blank_pick_up_is_refused_when_the_game_does_not_allow_it():
    game = blank_game(ExchangeAllowed.NEVER)
    with pytest.raises(IllegalMove, match="does not allow"):
        game.pick_up_blank(3, 3)


def test_blank_pick_up_as_a_whole_move():
    game = blank_game(ExchangeAllowed.WHOLE_MOVE)
    turn = game.pick_up_blank(3, 3)
    assert turn.ends_turn and game.current == 0
    assert game.board.tile_at(3, 3) == ("A", False)
    assert sorted(game.racks[1].tiles) == ["?", "D", "O"]
    assert game.board.owner(3, 3) == 1 and game.scores == [18, 0]


def test_blank_pick_up_then_only_a_pass_or_swap():
    game = blank_game(ExchangeAllowed.BEFORE_PASS)
    game.pick_up_blank(3, 3)
    assert game.current == 1
    with pytest.raises(IllegalMove, match="you must pass"):
        game.play([Placement(4, 3, "D")])
    game.pass_turn()
    assert game.current == 0


def test_blank_pick_up_before_a_word_play():
    game = blank_game(ExchangeAllowed.BEFORE_ANY)
    game.pick_up_blank(3, 3)
    turn = game.play([Placement(4, 3, "D")])
    assert turn.words == ("AD",) and game.current == 0
    with pytest.raises(IllegalMove, match="no blank"):
        game.pick_up_blank(3, 2)


def test_picking_up_needs_the_real_letter():
    game = blank_game(ExchangeAllowed.WHOLE_MOVE)
    game.pass_turn()  # P2 passes
    with pytest.raises(IllegalMove, match="you need an A"):
        game.pick_up_blank(3, 3)


# --- resigning ----------------------------------------------------------------------------
def test_resigning_in_a_two_player_game_ends_it():
    game = new_game(["CAT", "DOG"])
    game.resign()
    assert game.over and game.winners() == [1] and "resigned" in game.end_reason


def test_a_resigned_player_is_skipped_in_a_bigger_game():
    game = new_game(["CAT", "DOG", "SOX"], players=3)
    game.pass_turn()
    game.resign()  # P2
    assert not game.over and game.current == 2
    game.pass_turn()
    assert game.current == 0


# --- challenges -----------------------------------------------------------------------------
def challenge_game(penalty: int = 0) -> Game:
    settings = GameSettings(word_check=WordCheck.CHALLENGE, challenge_penalty=penalty)
    return new_game(["TAC", "DOG", "SOX"], settings=settings)


def test_a_phony_is_withdrawn_and_the_challenger_plays_on():
    game = challenge_game()
    game.play(across(3, 2, "TCA"))
    assert game.scores == [20, 0] and game.can_challenge()
    turn = game.challenge()
    assert turn.outcome == Outcome.CHALLENGE_WON and turn.words == ("TCA",)
    assert game.history[0].withdrawn and game.scores == [0, 0]
    assert game.board.is_empty()
    assert sorted(game.racks[0].tiles) == ["A", "C", "T"]
    assert game.bag.counts()["X"] == 3
    assert game.current == 1
    game.play(across(3, 2, "DOG"))  # the challenger's own turn
    assert game.current == 0


def test_a_failed_challenge_costs_the_challenger_his_turn():
    game = challenge_game()
    game.play(across(3, 2, "CAT"))
    turn = game.challenge()
    assert turn.outcome == Outcome.CHALLENGE_LOST and game.current == 0
    assert game.scores == [20, 0]


def test_a_failed_challenge_can_cost_points_instead():
    game = challenge_game(penalty=5)
    game.play(across(3, 2, "CAT"))
    game.challenge()
    assert game.scores == [20, -5] and game.current == 1


def test_there_must_be_a_play_to_challenge():
    game = challenge_game()
    with pytest.raises(IllegalMove, match="no play to challenge"):
        game.challenge()
    game = new_game(["CAT", "DOG"])
    game.play(across(3, 2, "CAT"))
    assert not game.can_challenge()  # challenges belong to the CHALLENGE setting


# --- clocks -------------------------------------------------------------------------------
class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_an_expired_turn_is_lost():
    clock = FakeClock()
    game = new_game(["CAT", "DOG"], settings=GameSettings(clock=ClockSettings(turn_limit=10)),
                    now=clock)
    clock.t += 9
    assert game.check_clock() is None and game.clocks.turn_remaining() == pytest.approx(1)
    clock.t += 2
    turn = game.check_clock()
    assert turn is not None and turn.outcome == Outcome.TIMED_OUT
    assert game.current == 1 and game.clocks.used[0] == pytest.approx(11)


def test_the_game_clock_costs_points_per_started_minute_over():
    clock = FakeClock()
    settings = GameSettings(clock=ClockSettings(game_limit=60, overtime_penalty=10))
    game = new_game(["CAT", "DOG"], settings=settings, now=clock)
    clock.t += 130  # 70 s over: two started minutes
    game.pass_turn()
    game.pass_turn()
    assert game.over
    assert [(a.player, a.points) for a in game.adjustments if "clock" in a.reason] == [(0, -20)]


# --- the end of the game ----------------------------------------------------------------------
def test_going_out_ends_the_game_with_deductions_and_the_bonus():
    only = TileSet(frequencies=tuple(1 if c in "CATDOG" else 0 for c in LETTERS),
                   scores=tuple(SCORES.get(c, 1) for c in LETTERS), weights=(0,) * 26,
                   blank_count=0)
    game = new_game(["CAT", "DOG"], cfg=config(tiles=only))
    game.play(across(3, 2, "CAT"))
    assert game.over and game.went_out == 0 and "went out" in game.end_reason
    assert [(a.player, a.points) for a in game.adjustments] == [(1, -5), (0, 5)]
    assert game.final_scores() == [25, -5] and game.winners() == [0]


def test_every_player_passing_in_turn_ends_a_wordsworth_game():
    game = new_game(["CAT", "DOG"])
    game.pass_turn()
    assert not game.over
    game.pass_turn()
    assert game.over and game.end_reason == "every player passed in turn"
    assert game.final_scores() == [-5, -5]


def test_with_a_scoreless_limit_passing_only_ends_it_at_the_limit():
    game = new_game(["CAT", "DOG"], cfg=config(end=EndRules(scoreless_turns_limit=6)))
    for _ in range(5):
        game.pass_turn()
    assert not game.over
    game.pass_turn()
    assert game.over and game.end_reason == "6 scoreless turns in a row"


def test_a_score_limit_ends_the_game():
    game = new_game(["CAT", "DOG"], cfg=config(end=EndRules(score_limit=15)))
    game.play(across(3, 2, "CAT"))
    assert game.over and game.end_reason == "P1 reached 15 points"
    with pytest.raises(IllegalMove, match="over"):
        game.pass_turn()


# --- undo and redo ----------------------------------------------------------------------------
def state(game: Game):
    return (list(game.board.cells), [r.tiles for r in game.racks], sorted(game.bag.tiles),
            list(game.scores), game.current, [t.describe() for t in game.history])


def test_undo_and_redo_restore_exactly():
    game = new_game(["CAT", "DOG", "SOX", "A"])
    game.play(across(3, 2, "CAT"))
    after_one = state(game)
    game.play([Placement(4, 3, "D")])
    after_two = state(game)
    game.undo()
    assert state(game) == after_one and game.can_redo()
    game.redo()
    assert state(game) == after_two
    game.undo(2)
    assert game.board.is_empty() and game.ply == 0
    game.redo(2)
    assert state(game) == after_two


def test_a_new_move_after_undo_discards_the_redo_line():
    game = new_game(["CAT", "DOG", "SOX"])
    game.play(across(3, 2, "CAT"))
    game.play([Placement(4, 3, "D")])
    game.undo()
    game.pass_turn()
    assert not game.can_redo()


def test_random_draws_replay_the_same_after_undo():
    setup = GameSetup(config(), (PlayerSpec("A"), PlayerSpec("B")), seed=99, lexicon="test")
    game = Game(setup, WORDS)
    for _ in range(4):
        game.exchange(game.racks[game.current].tiles[:2])
    before = state(game)
    game.undo_to(0)
    game.redo(4)
    assert state(game) == before


# --- where moves may go ---------------------------------------------------------------------------
def test_territorial_play_must_build_on_your_own_tiles():
    game = new_game(["CAT", "DOG", "SOX", "A"], cfg=config(free_form=FreeForm.TERRITORIAL))
    game.play(across(3, 2, "CAT"))
    game.play([Placement(4, 3, "D")])  # P2 has no tiles yet: anything attached will do
    with pytest.raises(IllegalMove, match="build on your own tiles"):
        game.play([Placement(5, 3, "S")])  # touches only P2's D
    game.play([Placement(3, 5, "S")])  # CATS: on P1's own tiles
    assert game.current == 1


def test_free_form_play_may_go_anywhere():
    game = new_game(["CAT", "DOG"], cfg=config(free_form=FreeForm.FREE))
    game.play(across(3, 2, "CAT"))
    turn = game.play(across(0, 0, "DOG"))
    assert turn.words == ("DOG",)


def test_playing_from_the_common_pool():
    game = new_game([], cfg=config(number_of_tiles=1))
    bag = len(game.bag)
    game.play(across(3, 2, "DOGS"))
    assert len(game.bag) == bag - 4 and not game.racks[0].tiles


def test_unlimited_letters():
    game = new_game([], cfg=config(number_of_tiles=0))
    game.play(across(3, 2, "OATS"))
    assert game.scores[0] == 8 and len(game.bag) == 80  # nothing is drawn


# --- WORDwhami's rules ----------------------------------------------------------------------
def test_a_stuck_player_exchanges_all_his_letters():
    game = new_game(["CAT", "DOG", "SOX", "ZZZ"], cfg=config(stuck_exchange_all=True))
    turn = game.pass_turn()
    assert turn.outcome == Outcome.EXCHANGED and turn.action.discards == ("C", "A", "T")
    assert game.racks[0].tiles == ("S", "O", "X")
    with pytest.raises(IllegalMove, match="exchanges all his letters"):
        game.exchange(["D"])
    game.pass_turn()
    # Both exchanged and have new letters to try: the game goes on ...
    assert not game.over
    # ... until nobody scores for ten rounds (or the bag cannot refill a rack).
    while not game.over:
        game.pass_turn()
    assert game.end_reason in ("no one scored for 10 rounds", "every player passed in turn")


def test_losing_a_challenge_forfeits_play_to_the_challenged_player():
    settings = GameSettings(word_check=WordCheck.CHALLENGE, challenge_forfeits_play=True)
    game = new_game(["CAT", "DOG", "SOX", "SAT", "ZZZ"], settings=settings, players=3)
    game.play(across(3, 2, "CAT"))  # P1
    game.challenge()  # P2 challenges a good word and loses
    assert game.current == 0  # P1 plays again, in P2's place
    game.pass_turn()
    assert game.current == 2  # then play goes on after P2's seat


def test_an_agreed_game_duration_ends_the_game():
    clock = FakeClock()
    settings = GameSettings(clock=ClockSettings(game_duration=120))
    game = new_game(["CAT", "DOG"], settings=settings, now=clock)
    clock.t += 60
    game.play(across(3, 2, "CAT"))
    assert not game.over
    clock.t += 61
    game.pass_turn()
    assert game.over and game.end_reason == "the game's time is up"


def test_a_new_move_after_undo_leaves_the_scripted_draws_of_the_old_line():
    game = new_game(["CAT", "DOG", "SOX", "E"])
    game.play(across(3, 2, "CAT"))
    game.play([Placement(4, 3, "D")])
    game.undo(2)
    assert [i.action for i in game.redo_inputs][0] == Play(tuple(across(3, 2, "CAT")))
    # A different first move: the recorded draw "SOX" was for CAT; a 2-tile play now
    # draws at random instead of failing on the recorded 3-tile draw.
    turn = game.play(across(3, 3, "AT"))
    assert len(turn.drawn) == 2 and not game.can_redo()


def test_endless_swapping_ends_a_game_without_a_scoreless_limit():
    game = new_game(["CAT", "DOG"])
    for _ in range(40):
        if game.over:
            break
        game.exchange(game.racks[game.current].tiles[:1])
    assert game.over and game.end_reason == "no one scored for 10 rounds"
    assert game.history[0].rack_before == ("C", "A", "T")


def test_the_position_says_a_blank_was_picked_up_this_turn():
    game = blank_game(ExchangeAllowed.BEFORE_PASS)
    assert game.position().pickups_this_turn == 0
    game.pick_up_blank(3, 3)
    assert game.position().pickups_this_turn == 1


# --- rules that game records use ------------------------------------------------------------
def small_tiles() -> TileSet:
    return TileSet(frequencies=tuple(1 if c in "CATDOG" else 0 for c in LETTERS),
                   scores=tuple(SCORES.get(c, 1) for c in LETTERS), weights=(0,) * 26,
                   blank_count=0)


def test_tournament_scoring_doubles_the_tiles_left_for_the_player_going_out():
    game = new_game(["CAT", "DOG"], cfg=config(tiles=small_tiles()),
                    settings=GameSettings(going_out_doubled=True))
    game.play(across(3, 2, "CAT"))
    assert [(a.player, a.points) for a in game.adjustments] == [(0, 10)]
    # The spread is the plain count's (25 - -5 == 30 - 0).
    assert game.final_scores() == [30, 0]


def test_a_failed_challenge_can_give_the_player_challenged_a_bonus():
    settings = GameSettings(word_check=WordCheck.CHALLENGE, challenge_bonus=5)
    game = new_game(["TAC", "DOG", "SOX"], settings=settings)
    game.play(across(3, 2, "CAT"))
    turn = game.challenge()
    assert turn.outcome == Outcome.CHALLENGE_LOST and turn.awarded == 5
    assert "+5 to the player challenged" in turn.describe(game.names)
    # The challenger keeps his turn.
    assert game.scores == [25, 0] and game.current == 1


def test_a_recorded_ruling_overrides_the_word_list():
    settings = GameSettings(word_check=WordCheck.CHALLENGE)
    game = new_game(["TAC", "DOG", "SOX"], settings=settings)
    game.play(across(3, 2, "CAT"))  # a word here, ruled a phony where it was played
    turn = game.act(Challenge(upheld=True))
    assert turn.outcome == Outcome.CHALLENGE_WON and turn.words == ("CAT",)
    assert game.board.is_empty() and game.scores == [0, 0]
    game.play(across(3, 2, "DOG"))
    game.play(down(1, 5, "TCA"))  # not words, but the record says the play stood
    assert game.act(Challenge(upheld=False)).outcome == Outcome.CHALLENGE_LOST
    assert not game.history[-2].withdrawn


def test_a_recorded_time_penalty_counts_once_the_game_is_over():
    game = new_game(["CAT", "DOG"], cfg=config(tiles=small_tiles()))
    with pytest.raises(IllegalMove, match="when the game is over"):
        game.act(TimePenalty(1, 10))
    game.play(across(3, 2, "CAT"))
    turn = game.act(TimePenalty(1, 10))
    assert turn.player == 1 and turn.score == -10 and turn.outcome == Outcome.PENALISED
    assert game.final_scores() == [25, -15]
    game.undo()
    assert game.final_scores() == [25, -5]
    with pytest.raises(IllegalMove, match="no player 3"):
        game.act(TimePenalty(2, 10))


def test_a_game_can_start_from_a_set_position():
    rows = ("." * 7,) * 3 + ("..CAT..",) + ("." * 7,) * 3
    setup = GameSetup(config(), (PlayerSpec("P1"), PlayerSpec("P2")), seed=7, lexicon="test",
                      scripted_draws=(("D", "O", "G"), ("S", "O", "X")),
                      start=StartPosition(rows, (40, 33), scoreless_turns=2))
    game = Game(setup, WORDS)
    assert game.scores == [40, 33] and game.scoreless_streak == 2
    assert game.board.tile_at(3, 2) == ("C", False)
    assert game.bag.counts()["C"] == 2  # the tiles on the board left the bag
    assert game.play(down(4, 2, "OG")).words == ("COG",)
    game.undo()
    assert game.board.tile_at(3, 4) == ("T", False) and game.scores == [40, 33]


def test_notes_of_an_abandoned_line_are_forgotten():
    game = new_game(["CAT", "DOG", "SOX"])
    game.play(across(3, 2, "CAT"))
    game.annotations.add_note(0, "a fine start")
    game.annotations.add_note(GAME_NOTES, "club night")
    game.undo()
    game.redo()
    assert game.annotations.notes_after(0) == ["a fine start"]
    game.undo()
    game.play(across(3, 2, "ACT"))
    assert game.annotations.notes_after(0) == []
    assert game.annotations.notes_after(GAME_NOTES) == ["club night"]


def test_an_exchange_says_how_many_tiles_in_words():
    """Not "exchanged 4 tile(s)"."""
    from wordstudio.crossword.actions import Pass, Turn

    assert Turn(0, Pass(("A", "B", "C", "D"))).describe(["Ann"]) == "Ann: exchanged 4 tiles"
    assert Turn(0, Pass(("Q",))).describe(["Ann"]) == "Ann: exchanged 1 tile"
