"""Challenges (wordstudio.crossword.challenges): the program's challenge of Computer
SCRABBLE, and WORDwhami's "any player may challenge ... whoever loses a challenge forfeits
play to the challenging player".  Scripted games on a 7x7 board, as in test_game."""

from __future__ import annotations

import pytest

from wordstudio.crossword.actions import Outcome, Play
from wordstudio.crossword.board import Placement
from wordstudio.crossword.game import (
    Game,
    GameSettings,
    GameSetup,
    PlayerSpec,
    UnknownWords,
    WordCheck,
)
from wordstudio.crossword.gameconfig import EndRules, GameConfig, TileSet
from wordstudio.crossword.records.native import game_from_json, game_to_json
from wordstudio.crossword.rules import IllegalMove
from wordstudio.lexicon.wordlist import WordList

WORDS = WordList.from_words(["CAT", "DOG", "GOD", "SAT", "TAD", "OX", "AT", "TO", "DO"])
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def config() -> GameConfig:
    layout = ["aaaaaaa"] * 7
    return GameConfig(
        rows=7, columns=7, layout=tuple(layout), first_move_row=4, first_move_col=4,
        tiles=TileSet(frequencies=(3,) * 26, scores=(1,) * 26, weights=(0,) * 26,
                      blank_count=0, blank_score=0),
        number_of_tiles=3, play_all_tile_bonus=0, min_players=1,
        end=EndRules(scoreless_turns_limit=0))


def new_game(draws: list[str], settings: GameSettings, players: int = 2) -> Game:
    setup = GameSetup(config(), tuple(PlayerSpec(f"P{i + 1}") for i in range(players)),
                      seed=3, settings=settings, lexicon="test",
                      scripted_draws=tuple(tuple(d) for d in draws))
    return Game(setup, WORDS)


def across(row: int, col: int, word: str) -> tuple[Placement, ...]:
    return tuple(Placement(row, col + i, ch) for i, ch in enumerate(word))


# --- Computer SCRABBLE: the program challenges ----------------------------------------------
PROGRAM = GameSettings(word_check=WordCheck.PROGRAM_CHALLENGE)


def test_the_program_challenges_a_word_it_does_not_know():
    """Seed 004 E7: "The Computer SCRABBLE program will challenge the validity of any word
    it fails to recognize.\""""
    game = new_game(["TCA", "DOG"], PROGRAM)
    with pytest.raises(UnknownWords) as challenge:
        game.play(across(3, 2, "TCA"))
    assert challenge.value.words == ("TCA",)
    assert game.ply == 0 and game.board.is_empty()


def test_accepting_the_challenge_loses_both_the_turn_and_its_score():
    """Seed 004 E8: "if you accept the challenge as valid (i.e. the word was indeed
    wrong), then you lose both your turn and the score achieved for that turn.\""""
    game = new_game(["TCA", "DOG"], PROGRAM)
    turn = game.concede(Play(across(3, 2, "TCA")))
    assert turn.withdrawn and turn.outcome == Outcome.WITHDRAWN and turn.score == 0
    assert turn.words == ("TCA",) and game.scores == [0, 0]
    assert game.board.is_empty() and sorted(game.racks[0].tiles) == ["A", "C", "T"]
    assert game.current == 1
    assert "the program challenged TCA; challenge accepted, turn lost" in turn.describe(game.names)
    game.play(across(3, 2, "DOG"))  # the next player plays on the empty board
    game.undo(2)
    assert game.ply == 0 and game.current == 0
    game.redo(2)
    assert game.history[0].withdrawn and game.board.tile_at(3, 2) == ("D", False)


def test_rejecting_the_challenge_lets_the_word_stand():
    """Seed 004 E8: "if you reject the challenge ... the program will accept the word
    played and any word generated.\""""
    game = new_game(["TCA", "DOG"], PROGRAM)
    turn = game.play(across(3, 2, "TCA"), confirmed=["TCA"])
    assert turn.score == 3 and not turn.withdrawn and game.scores == [3, 0]


def test_there_is_nothing_to_concede_without_an_unknown_word_or_outside_the_rule():
    game = new_game(["CAT", "DOG"], PROGRAM)
    with pytest.raises(IllegalMove, match="no challenge to accept"):
        game.concede(Play(across(3, 2, "CAT")))
    game = new_game(["TCA", "DOG"], GameSettings(word_check=WordCheck.CONFIRM))
    with pytest.raises(IllegalMove, match="the program challenges no words"):
        game.concede(Play(across(3, 2, "TCA")))
    game = new_game(["TCA", "DOG"], PROGRAM)
    with pytest.raises(IllegalMove, match="you don't have a G"):
        game.concede(Play(across(3, 2, "TAG")))


def test_a_conceded_play_is_saved_and_replayed():
    game = new_game(["TCA", "DOG"], PROGRAM)
    game.concede(Play(across(3, 2, "TCA")))
    game.play(across(3, 2, "DOG"))
    again = game_from_json(game_to_json(game), words=WORDS)
    assert again.setup.settings.word_check == WordCheck.PROGRAM_CHALLENGE
    assert [t.withdrawn for t in again.history] == [True, False]
    assert again.history[0].action.conceded and again.scores == game.scores


# --- WORDwhami: any player may challenge; the loser forfeits play ------------------------------
WHAMI = GameSettings(word_check=WordCheck.CHALLENGE, challenge_forfeits_play=True,
                     any_player_challenges=True)


def test_any_player_may_challenge_the_last_play():
    """Seed 003 rule 5: "Any player may challenge the last play before the next play is
    completed.\""""
    game = new_game(["TCA", "DOG", "SAT"], WHAMI, players=3)
    game.play(across(3, 2, "TCA"))
    assert game.challengers() == [1, 2]
    assert game.can_challenge(2) and not game.can_challenge(0)
    scrabble = new_game(["TCA", "DOG", "SAT"], GameSettings(word_check=WordCheck.CHALLENGE),
                        players=3)
    scrabble.play(across(3, 2, "TCA"))
    assert scrabble.challengers() == [1]
    with pytest.raises(IllegalMove, match="it is P2's turn"):
        scrabble.challenge(by=2)


def test_a_phony_challenged_out_of_turn_forfeits_play_to_the_challenger():
    """Seed 003 rule 5: "Whoever loses a challenge forfeits play to the challenging
    player": the third player wins his challenge and plays at once (the turn the first
    player forfeited), then play goes round as before: the second, the third, the first."""
    game = new_game(["TCA", "DOG", "SAT"], WHAMI, players=3)
    game.play(across(3, 2, "TCA"))
    turn = game.challenge(by=2)
    assert turn.outcome == Outcome.CHALLENGE_WON and turn.player == 2
    assert game.board.is_empty() and game.current == 2
    game.play(across(3, 2, "SAT"))
    assert game.current == 1
    game.pass_turn()
    assert game.current == 2
    game.pass_turn()
    assert game.current == 0


def test_a_failed_challenge_out_of_turn_forfeits_the_challengers_next_play():
    """The third player challenges a good word and loses: his next turn is played by the
    player he challenged; the turn in progress (the second player's) goes on."""
    game = new_game(["CAT", "DOG", "SAT", "TOO"], WHAMI, players=3)
    game.play(across(3, 2, "CAT"))
    turn = game.challenge(by=2)
    assert turn.outcome == Outcome.CHALLENGE_LOST and game.current == 1
    game.pass_turn()  # P2
    assert game.current == 0  # P1 plays in P3's place
    game.pass_turn()
    assert game.current == 0  # then P3's seat is done: P1's own turn
    assert game.owed_turns == {}


def test_without_forfeits_a_failed_challenger_loses_his_next_turn():
    settings = GameSettings(word_check=WordCheck.CHALLENGE, any_player_challenges=True)
    game = new_game(["CAT", "DOG", "SAT", "TOO"], settings, players=3)
    game.play(across(3, 2, "CAT"))
    game.challenge(by=2)
    game.pass_turn()  # P2
    assert game.current == 0  # P3's turn is skipped


def test_challenges_out_of_turn_are_saved_with_their_rules_and_replayed():
    game = new_game(["TCA", "DOG", "SAT"], WHAMI, players=3)
    game.play(across(3, 2, "TCA"))
    game.challenge(by=2)
    game.play(across(3, 2, "SAT"))
    again = game_from_json(game_to_json(game), words=WORDS)
    settings = again.setup.settings
    assert settings.any_player_challenges and settings.challenge_forfeits_play
    assert again.current == game.current == 1 and again.scores == game.scores
    game.undo(2)
    assert game.current == 1 and game.history[-1].action == Play(across(3, 2, "TCA"))
