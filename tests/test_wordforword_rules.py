"""Every rule of seed 000 as a scripted game on a lexicon small enough to reason about.

LEX: CAT-COT-DOT-DOG is Ann's only way (COT and DOT each cut her off); PIT-POT-DOT-DOG is
Bob's (POT and DOT cut him off); DOT cuts both.  ZOO and BOO are harmless words far
from every puzzle.  The common word is DOG.
"""

from __future__ import annotations

import pytest

from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.wordforword.moves import (
    Effect,
    Forfeit,
    GameSetup,
    IllegalMove,
    Move,
    MoveKind,
    PlayerSpec,
    WordForWordError,
)
from wordstudio.wordforword.rules import Deal, Game, Phase, WordClass, deal_puzzles
from wordstudio.wordforword.solver import DoubletGraph, has_chain, is_chain

LEX = ["CAT", "COT", "DOT", "DOG", "PIT", "POT", "ZOO", "BOO"]
#: Three players: Cy's BIG-DIG-DOG is apart from the others, so DOT cuts Ann and Bob only.
LEX_CY = [*LEX, "BIG", "DIG"]
#: Three players all hanging on DOT: HOT's neighbours COT, DOT, POT all lead through it.
LEX_HOT = [*LEX, "HOT"]


def setup(*names: str, study: int | None = 0, move: int | None = None) -> GameSetup:
    return GameSetup(players=tuple(PlayerSpec(n) for n in names), length=3,
                     study_seconds=study, move_seconds=move)


def two_player(study: int | None = 0) -> Game:
    return Game(setup("Ann", "Bob", study=study), LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)))


def three_player(words: list[str] = LEX_CY, cy: str = "BIG") -> Game:
    return Game(setup("Ann", "Bob", "Cy"), words, Deal("DOG", ("CAT", "PIT", cy), (0, 1, 2)))


def play(game: Game, text: str):
    return game.play(Move.parse(text))


# --- rule 1: the game, the players, the order of play, the time limits --------------------
@pytest.mark.parametrize("length", [3, 4, 5])
def test_rule1_games_of_three_four_or_five_letters(length):
    words = load_lexicon("en-US-common").of_length(length)
    game = Game(GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Bob")), length=length,
                          seed=7), words)
    assert all(len(w) == length for w in (game.common, *(s.word for s in game.seats)))


@pytest.mark.parametrize("length", [2, 6])
def test_rule1_other_lengths_are_refused(length):
    with pytest.raises(WordForWordError, match="3-, 4- or 5-letter"):
        GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Bob")), length=length)


def test_rule1_two_or_more_players_with_names():
    with pytest.raises(WordForWordError, match="2 or more players"):
        GameSetup(players=(PlayerSpec("Ann"),))
    with pytest.raises(WordForWordError, match="same name"):
        GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("ann")))
    with pytest.raises(WordForWordError, match="needs a name"):
        GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("  ")))
    with pytest.raises(WordForWordError, match="unknown computer strength"):
        GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Hal", "Grandmaster")))


def test_rule1_two_or_more_players_has_no_upper_limit_but_the_lexicons():
    """Rule 1: "two or more players agree on a 3-, 4-, or 5-letter game" - any number."""
    words = load_lexicon("en-US-common").of_length(4)
    players = tuple(PlayerSpec(f"Player {n}") for n in range(1, 21))
    game = Game(GameSetup(players=players, seed=3), words)
    assert len(game.seats) == 20 and len({seat.word for seat in game.seats}) == 20
    with pytest.raises(WordForWordError, match="too few linked 4-letter words for 20"):
        Game(GameSetup(players=players, seed=3), words[:25])


def test_rule1_random_order_of_play_repeatable_by_seed():
    words = load_lexicon("en-US-common").of_length(4)
    players = tuple(PlayerSpec(n) for n in ("Ann", "Bob", "Cy", "Di"))
    orders = {Game(GameSetup(players=players, seed=seed), words).deal.order
              for seed in range(12)}
    assert len(orders) > 3 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    again = Game(GameSetup(players=players, seed=5), words)
    assert again.deal == Game(GameSetup(players=players, seed=5), words).deal
    assert [s.name for s in again.seats] == [players[i].name for i in again.deal.order]


def test_rule1_time_limits_are_chosen_or_left_to_the_players():
    timed = setup("Ann", "Bob", study=90, move=30)
    assert (timed.study_seconds, timed.move_seconds) == (90, 30)
    untimed = setup("Ann", "Bob", study=None, move=None)
    assert untimed.study_seconds is None and untimed.move_seconds is None
    with pytest.raises(WordForWordError, match="at least one second"):
        setup("Ann", "Bob", move=0)
    with pytest.raises(WordForWordError, match="negative"):
        setup("Ann", "Bob", study=-5)


# --- rule 2: the lexicon and the puzzles ------------------------------------------------------
def test_rule2_lexicon_is_every_acceptable_word_of_the_length():
    game = Game(setup("Ann", "Bob"), ["cat", "cot", "DOT", "dog", "pit", "pot", "cart",
                                      "it's", "zoo", "boo"], Deal("DOG", ("CAT", "PIT"), (0, 1)))
    assert game.words == ("BOO", "CAT", "COT", "DOG", "DOT", "PIT", "POT", "ZOO")
    assert game.word_class("CART") is WordClass.UNKNOWN


def test_rule2_puzzles_are_random_distinct_and_solvable():
    words = load_lexicon("en-US-common").of_length(4)
    graph = DoubletGraph(words)
    players = tuple(PlayerSpec(n) for n in ("Ann", "Bob", "Cy"))
    deals = [deal_puzzles(graph, GameSetup(players=players, seed=seed)) for seed in range(10)]
    assert len({d.common for d in deals}) > 5
    for deal in deals:
        assert len({deal.common, *deal.words}) == 4
        for word in deal.words:
            chain = Game(GameSetup(players=players), words, deal).solution(deal.words.index(word))
            assert chain is not None and len(chain) >= 4 and is_chain(chain)
            assert has_chain(graph, word, deal.common)


def test_rule2_puzzle_words_are_not_too_close_to_the_common_word():
    words = load_lexicon("en-US-common").of_length(3)
    for seed in range(10):
        game = Game(GameSetup(players=(PlayerSpec("A"), PlayerSpec("B")), length=3, seed=seed),
                    words)
        assert all(len(game.solution(seat) or []) >= 4 for seat in range(2))


def test_rule2_a_list_too_small_for_the_players_is_refused():
    with pytest.raises(WordForWordError, match="too few linked"):
        Game(setup("Ann", "Bob", "Cy", "Di"), ["CAT", "COT", "ZOO"])


def test_rule2_a_deal_without_a_solution_is_refused():
    with pytest.raises(WordForWordError, match="no solution"):
        Game(setup("Ann", "Bob"), LEX, Deal("DOG", ("CAT", "ZOO"), (0, 1)))
    with pytest.raises(WordForWordError, match="share a word"):
        Game(setup("Ann", "Bob"), LEX, Deal("DOG", ("CAT", "CAT"), (0, 1)))


# --- rule 3 and 4: the study period, then turns -----------------------------------------------
def test_rule3_no_moves_during_the_study_period():
    game = two_player(study=None)
    assert game.phase is Phase.STUDY and game.commands() == ()
    with pytest.raises(IllegalMove, match="study period"):
        play(game, "S COT")
    game.begin_play()
    assert game.phase is Phase.PLAY
    with pytest.raises(IllegalMove, match="already over"):
        game.begin_play()
    assert play(game, "S COT").effect is Effect.SAVED


def test_rule3_a_study_period_of_zero_is_skipped():
    assert two_player(study=0).phase is Phase.PLAY
    assert two_player(study=60).phase is Phase.STUDY


def test_rule4_command_letters_in_either_case_and_upper_case_in_the_names():
    assert [k.label for k in MoveKind if k is not MoveKind.TIME_UP] == [
        "Save", "Delete", "Win", "sAve-to-win", "dElete-to-draw", "Resign"]
    for kind in MoveKind:
        if kind is not MoveKind.TIME_UP:
            assert kind.letter in kind.label
            assert MoveKind.from_letter(kind.letter.lower()) is kind
    assert Move.parse("s cot") == Move(MoveKind.SAVE, "COT")
    assert Move.parse("  W ") == Move(MoveKind.WIN)
    with pytest.raises(IllegalMove, match="not a command letter"):
        MoveKind.from_letter("x")
    with pytest.raises(IllegalMove, match="not a command letter"):
        MoveKind.from_letter("t")
    with pytest.raises(IllegalMove, match="needs a word"):
        Move(MoveKind.DELETE)
    with pytest.raises(IllegalMove, match="takes no word"):
        Move(MoveKind.RESIGN, "COT")


def test_rule4_players_take_turns_in_the_order_of_play():
    game = three_player()
    seats = []
    for word in ("ZOO", "BOO", "COT"):
        seats.append(game.acting)
        play(game, f"S {word}")
    assert seats == [0, 1, 2] and game.acting == 0
    assert MoveKind.DELETE_TO_DRAW not in game.commands()
    assert len(game.commands()) == 5


# --- rule 5: delete ---------------------------------------------------------------------------
def test_rule5_deletion_that_cuts_no_one_off_is_posted_under_the_deleter():
    game = two_player()
    turn = play(game, "D zoo")
    assert turn.effect is Effect.DELETED and turn.eliminated == () and turn.winner is None
    assert game.seats[0].deleted == ["ZOO"] and game.deleted_by("ZOO") == 0
    assert not game.in_lexicon("ZOO") and game.word_class("ZOO") is WordClass.DELETED
    assert game.acting == 1


def test_rule5_deletion_leaving_one_player_makes_him_the_winner():
    game = two_player()
    turn = play(game, "D POT")
    assert turn.eliminated == (1,) and turn.winner == 0 and game.over
    assert game.seats[1].eliminated and "cut off" in game.seats[1].fate
    assert game.result_text() == "Ann wins."


def test_rule5_acting_player_who_cuts_himself_off_can_hand_the_win_over():
    game = two_player()
    turn = play(game, "D COT")
    assert turn.eliminated == (0,) and turn.winner == 1


def test_rule5_deletion_leaving_two_or_more_players_lets_play_continue():
    game = three_player()
    turn = play(game, "D COT")
    assert turn.eliminated == (0,) and turn.winner is None and not game.over
    assert game.acting == 1 and game.active_seats() == [1, 2]


def test_rule5_deletion_cutting_two_of_three_off_leaves_the_third_the_winner():
    game = three_player()
    play(game, "S ZOO")
    turn = play(game, "D DOT")  # Bob cuts himself and Ann off
    assert set(turn.eliminated) == {0, 1} and turn.winner == 2


@pytest.mark.parametrize("game_factory", [two_player, lambda: three_player(LEX_HOT, "HOT")])
def test_rule5_deletion_that_would_eliminate_everyone_is_refused_and_forfeits(game_factory):
    game = game_factory()
    turn = play(game, "D DOT")
    assert turn.effect is Effect.FORFEITED and turn.forfeit is Forfeit.WOULD_ELIMINATE_ALL
    assert game.in_lexicon("DOT") and game.word_class("DOT") is WordClass.OPEN
    assert game.seats[0].deleted == [] and game.active_seats() == list(range(len(game.seats)))
    assert game.acting == 1


@pytest.mark.parametrize("word,reason", [
    ("XYZ", Forfeit.NOT_IN_LEXICON),      # not a word at all
    ("CTA", Forfeit.NOT_IN_LEXICON),      # misspelt
    ("CART", Forfeit.NOT_IN_LEXICON),     # wrong length
    ("DOG", Forfeit.ALREADY_SAVED),       # the common word is saved from the start
    ("PIT", Forfeit.ALREADY_SAVED),       # so is every puzzle word
])
def test_rule5_deleting_a_word_not_in_the_lexicon_or_saved_forfeits(word, reason):
    game = two_player()
    turn = play(game, f"D {word}")
    assert turn.effect is Effect.FORFEITED and turn.forfeit is reason
    assert game.deleted_words == frozenset() and game.acting == 1
    assert "forfeits the turn" in turn.message


def test_rule5_deleting_a_previously_deleted_or_saved_word_forfeits():
    game = two_player()
    play(game, "D ZOO")
    play(game, "S BOO")
    assert play(game, "D ZOO").forfeit is Forfeit.ALREADY_DELETED
    assert play(game, "D BOO").forfeit is Forfeit.ALREADY_SAVED
    assert game.seats[0].deleted == ["ZOO"] and game.seats[1].saved == ["BOO"]


# --- rule 6: save -----------------------------------------------------------------------------
def test_rule6_saved_word_is_posted_and_protected_from_deletion():
    game = two_player()
    assert play(game, "S cot").effect is Effect.SAVED
    assert game.seats[0].saved == ["COT"] and game.saved_by("COT") == 0
    assert game.word_class("COT") is WordClass.SAVED
    turn = play(game, "D COT")
    assert turn.forfeit is Forfeit.ALREADY_SAVED and game.in_lexicon("COT")


def test_rule6_puzzle_words_count_as_saved_from_the_start():
    game = two_player()
    assert game.saved_words == {"DOG", "CAT", "PIT"}
    assert game.word_class("CAT") is WordClass.PUZZLE
    assert game.word_class("DOG") is WordClass.PUZZLE
    assert play(game, "S DOG").forfeit is Forfeit.ALREADY_SAVED


@pytest.mark.parametrize("word,reason", [
    ("QQQ", Forfeit.NOT_IN_LEXICON),
    ("DOGS", Forfeit.NOT_IN_LEXICON),
    ("CAT", Forfeit.ALREADY_SAVED),
])
def test_rule6_invalid_save_forfeits_and_saves_nothing(word, reason):
    game = two_player()
    turn = play(game, f"S {word}")
    assert turn.effect is Effect.FORFEITED and turn.forfeit is reason
    assert game.seats[0].saved == [] and game.acting == 1


def test_rule6_saving_a_deleted_or_already_saved_word_forfeits():
    game = two_player()
    play(game, "D ZOO")
    play(game, "S BOO")
    assert play(game, "S ZOO").forfeit is Forfeit.ALREADY_DELETED
    assert play(game, "S BOO").forfeit is Forfeit.ALREADY_SAVED
    assert game.seats[0].saved == [] and game.seats[1].saved == ["BOO"]


# --- rule 7: win ------------------------------------------------------------------------------
def test_rule7_correct_win_from_words_saved_by_anyone():
    game = two_player()
    play(game, "S COT")      # Ann
    play(game, "S DOT")      # Bob saves a word Ann needs: saves apply to all players
    turn = play(game, "w")   # Ann
    assert turn.effect is Effect.WON and turn.winner == 0 and game.over
    assert turn.chain == ("CAT", "COT", "DOT", "DOG")
    with pytest.raises(IllegalMove, match="game is over"):
        play(game, "S ZOO")


def test_rule7_incorrect_win_eliminates_and_the_last_other_player_wins():
    game = two_player()
    play(game, "S COT")
    turn = play(game, "W")   # Bob has only PIT and DOG saved
    assert turn.effect is Effect.FAILED_WIN and turn.eliminated == (1,) and turn.winner == 0
    assert game.result_text() == "Ann wins."


def test_rule7_incorrect_win_with_two_left_lets_play_continue():
    game = three_player()
    turn = play(game, "W")
    assert turn.eliminated == (0,) and turn.winner is None and not game.over
    assert game.acting == 1 and game.active_seats() == [1, 2]


# --- rule 8: save-to-win ----------------------------------------------------------------------
def test_rule8_save_to_win_that_completes_the_chain_wins():
    game = two_player()
    play(game, "S COT")
    play(game, "S ZOO")
    turn = play(game, "a dot")
    assert turn.effect is Effect.WON and turn.winner == 0
    assert game.seats[0].saved == ["COT", "DOT"]


def test_rule8_failed_save_to_win_eliminates_but_the_save_stays():
    game = three_player()
    turn = play(game, "A COT")   # Ann still lacks DOT
    assert turn.effect is Effect.FAILED_WIN and turn.eliminated == (0,) and not game.over
    assert game.saved_by("COT") == 0 and game.seats[0].saved == ["COT"]
    assert play(game, "D COT").forfeit is Forfeit.ALREADY_SAVED


def test_rule8_failed_save_to_win_with_one_other_left_makes_him_the_winner():
    game = two_player()
    turn = play(game, "A COT")
    assert turn.eliminated == (0,) and turn.winner == 1


@pytest.mark.parametrize("word,reason", [
    ("CTO", Forfeit.NOT_IN_LEXICON), ("DOG", Forfeit.ALREADY_SAVED)])
def test_rule8_invalid_save_makes_the_win_moot_and_forfeits(word, reason):
    game = two_player()
    turn = play(game, f"A {word}")
    assert turn.effect is Effect.FORFEITED and turn.forfeit is reason
    assert turn.eliminated == () and not game.seats[0].eliminated and game.acting == 1


def test_rule8_save_to_win_of_a_deleted_word_forfeits():
    game = two_player()
    play(game, "D ZOO")
    assert play(game, "A ZOO").forfeit is Forfeit.ALREADY_DELETED


# --- rule 9: delete-to-draw -------------------------------------------------------------------
def test_rule9_delete_to_draw_cutting_both_players_off_draws():
    game = two_player()
    turn = play(game, "e DOT")
    assert turn.effect is Effect.DRAWN and turn.drawn and game.over and game.winner is None
    assert not game.in_lexicon("DOT") and game.seats[0].deleted == ["DOT"]
    assert game.result_text() == "The game is drawn."


def test_rule9_delete_to_draw_that_does_not_cut_both_off_loses():
    game = two_player()
    turn = play(game, "E POT")   # cuts Bob off, but not Ann
    assert turn.effect is Effect.FAILED_DRAW and turn.eliminated == (0,) and turn.winner == 1
    assert game.in_lexicon("POT")


@pytest.mark.parametrize("word,reason", [
    ("DTO", Forfeit.NOT_IN_LEXICON), ("CAT", Forfeit.ALREADY_SAVED)])
def test_rule9_invalid_delete_to_draw_forfeits(word, reason):
    game = two_player()
    turn = play(game, f"E {word}")
    assert turn.effect is Effect.FORFEITED and turn.forfeit is reason and not game.over


def test_rule9_delete_to_draw_of_a_deleted_word_forfeits():
    game = two_player()
    play(game, "D ZOO")
    assert play(game, "E ZOO").forfeit is Forfeit.ALREADY_DELETED


def test_rule9_delete_to_draw_only_with_two_players_left():
    game = three_player(LEX_HOT, "HOT")
    with pytest.raises(IllegalMove, match="two players left"):
        play(game, "E DOT")
    play(game, "R")              # Ann resigns: two left
    assert MoveKind.DELETE_TO_DRAW in game.commands()
    assert play(game, "E DOT").drawn


# --- rule 10: a confirmed misspelling is a word absent from the lexicon ---------------------
def test_rule10_confirmed_misspelling_forfeits_like_an_absent_word():
    for command in ("S", "D", "A", "E"):
        game = two_player()
        turn = play(game, f"{command} DTO")
        assert turn.forfeit is Forfeit.NOT_IN_LEXICON and not game.over


# --- resignation, the clock, eliminated players -----------------------------------------------
def test_resigning_eliminates_and_the_last_player_left_wins():
    game = two_player()
    turn = play(game, "r")
    assert turn.effect is Effect.RESIGNED and turn.winner == 1
    assert game.seats[0].fate == "resigned"


def test_eliminated_players_are_skipped():
    game = three_player()
    play(game, "S ZOO")          # Ann
    play(game, "R")              # Bob resigns
    assert game.acting == 2
    play(game, "S BOO")          # Cy
    assert game.acting == 0


def test_time_up_forfeits_the_turn():
    game = Game(setup("Ann", "Bob", move=30), LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)))
    turn = game.time_up()
    assert turn.forfeit is Forfeit.TIME_UP and game.acting == 1
    assert "ran out" in turn.message


def test_replay_reaches_the_same_position():
    game = three_player()
    moves = [Move.parse(t) for t in ("S COT", "D ZOO", "S DIG", "R", "D BOO")]
    for move in moves:
        game.play(move)
    again = Game.replay(game.setup, game.words, game.deal, moves)
    assert again.position() == game.position()
    assert [t.message for t in again.turns] == [t.message for t in game.turns]
