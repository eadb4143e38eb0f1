"""Computer players never choose a slur or an offensive word on their own (issue 24).

Word For Word's computer player chose to save RAPE: the common list holds offensive words.
Now no strength saves, deletes or wins with one unless someone else saved it, the program
deals none as a puzzle, and Word War's players never complete one in their grids.  Checked
on crafted positions where the offensive word is the obvious choice, and on seeded games
on the shipped lists, which hold such words.
"""

from __future__ import annotations

import re

import pytest

from tests.test_wordwar_players import self_play, situation
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.offensive import is_offensive, offensive_words
from wordstudio.wordforword.moves import STRENGTHS, GameSetup, Move, MoveKind, PlayerSpec
from wordstudio.wordforword.players import choose_move
from wordstudio.wordforword.rules import Deal, Game, deal_puzzles
from wordstudio.wordforword.solver import graph_for
from wordstudio.wordwar.boards import BoardSet
from wordstudio.wordwar.players import STRENGTHS as WAR_STRENGTHS
from wordstudio.wordwar.players import choose_placement, completes_offensive
from wordstudio.wordwar.scoring import WordScorer, scorer_for


def test_the_offensive_words_are_the_reviewed_file() -> None:
    words = offensive_words()
    assert {"RAPE", "RAPED", "FUCK", "NIGGER", "KIKE", "CUNT"} <= words
    assert not {"RAPESEED", "GRAPE", "ASS", "COCK", "SPADE", "SHEEN"} & words
    assert all(re.fullmatch(r"[A-Z]{2,}", word) for word in words)
    assert is_offensive("rape") and not is_offensive("rapt")
    # The shipped common list (Word For Word's default) holds some: the rule is needed.
    assert {"RAPE", "CRAP", "WHORE"} <= set(load_lexicon("en-US-common").words)


# --- Word For Word ------------------------------------------------------------------------

#: RAPT to GAPE: the short way is RAPT-RAPE-GAPE; the long way RAPT-RAFT-DAFT-DATE-GATE-GAPE.
CHAIN = ["RAPT", "RAPE", "GAPE", "RAFT", "DAFT", "DATE", "GATE", "CAPE", "CAPS", "COPS"]


def chain_game(*saves: str) -> Game:
    """Ann (seat 0) has RAPT, Bob COPS; the saves are Ann's, made before her turn."""
    setup = GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Bob")), length=4,
                      study_seconds=0)
    game = Game(setup, CHAIN, Deal("GAPE", ("RAPT", "COPS"), (0, 1)))
    for word in saves:
        game._post_save(game.acting, word)  # set the scene without using up turns
    return game


@pytest.mark.parametrize("strength", STRENGTHS)
def test_no_strength_saves_an_offensive_word_on_its_shortest_chain(strength: str) -> None:
    game = chain_game()
    moves = {choose_move(game.position(), strength, seed) for seed in range(12)}
    assert not any(move.word and is_offensive(move.word) for move in moves), moves
    # It works along the clean chain instead (or hinders its opponent).
    assert any(move.kind is MoveKind.SAVE and move.word in {"RAFT", "DAFT", "DATE", "GATE"}
               for move in moves) or all(move.kind is MoveKind.DELETE for move in moves)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_no_strength_saves_to_win_with_an_offensive_word(strength: str) -> None:
    # One word short of a win, and that word is RAPE: it does not claim the win with it.
    game = chain_game("GATE", "DATE")
    moves = {choose_move(game.position(), strength, seed) for seed in range(12)}
    assert Move(MoveKind.SAVE_TO_WIN, "RAPE") not in moves
    assert not any(move.word and is_offensive(move.word) for move in moves), moves


@pytest.mark.parametrize("strength", STRENGTHS)
def test_a_word_someone_else_saved_may_complete_its_chain(strength: str) -> None:
    """The rules let a person play the word: once saved, the computer may win with it."""
    game = chain_game("RAPE")
    assert {choose_move(game.position(), strength, seed) for seed in range(4)} == {
        Move(MoveKind.WIN)}


def test_the_program_deals_no_offensive_puzzle_word() -> None:
    words = load_lexicon("en-US-common").of_length(4)
    graph = graph_for(words)
    for seed in range(300):
        setup = GameSetup(players=(PlayerSpec("A"), PlayerSpec("B"), PlayerSpec("C")),
                          length=4, seed=seed)
        deal = deal_puzzles(graph, setup)
        assert not offensive_words() & {deal.common, *deal.words}, (seed, deal)


@pytest.mark.parametrize("length,seed", [(4, 1), (4, 2), (5, 3), (4, 4)])
def test_seeded_games_on_the_common_list_never_name_one(length: int, seed: int) -> None:
    words = load_lexicon("en-US-common").of_length(length)
    assert offensive_words() & set(words)  # the list holds some of this length
    players = tuple(PlayerSpec(f"P{i}", s) for i, s in enumerate(("Novice", "Club", "Expert")))
    for game_seed in range(seed * 10, seed * 10 + 4):
        game = Game(GameSetup(players=players, length=length, seed=game_seed,
                              study_seconds=0), words)
        while not game.over:
            move = choose_move(game.position(), game.seats[game.acting].spec.computer or "",
                               game_seed)
            assert not (move.word and is_offensive(move.word)), (game_seed, move)
            game.play(move)


# --- Word War ------------------------------------------------------------------------------

RUDE = ["SHIT", "HIT", "IT", "HI", "AT", "SHOT", "HOT", "TO"]


@pytest.mark.parametrize("name", list(WAR_STRENGTHS))
def test_no_strength_completes_an_offensive_word(name: str) -> None:
    """SHI. with a T up: SHIT would score most at once (SHIT, HIT, IT); every strength
    writes the T elsewhere or passes.  Its judgement counts no offensive word either."""
    scorer = WordScorer(RUDE)
    for seed in range(6):
        where = situation("SHI.\n....\n", "T", seed=str(seed))
        decision = choose_placement(where, name, scorer=scorer)
        assert decision is None or (decision.row, decision.col) != (0, 3), (name, decision)


def test_a_wild_card_is_never_written_as_the_missing_letter() -> None:
    scorer = WordScorer(RUDE)
    for name in WAR_STRENGTHS:
        decision = choose_placement(situation("SHI.\n#.#.\n", "WILD", seed="w"), name,
                                    scorer=scorer)
        assert decision is None or not (decision.row == 0 and decision.letter == "T")


def test_with_nothing_decent_left_the_computer_passes() -> None:
    """The only empty square would complete SHIT: passing is always allowed."""
    scorer = WordScorer(RUDE)
    for name in WAR_STRENGTHS:
        assert choose_placement(situation("SHI.\n", "T", rivals=(3,)), name,
                                scorer=scorer) is None, name


def test_completes_offensive_looks_at_rows_and_columns() -> None:
    from wordstudio.wordwar.boards import Grid
    from wordstudio.wordwar.players import _Position

    position = _Position.of(Grid.parse("S..\nH..\nI..\n.#.\n"))
    cell = 3 * 3  # row 3, column 0: completes SHIT down the first column
    assert completes_offensive(position, cell, "T")
    assert not completes_offensive(position, cell, "P")  # SHIP
    assert not completes_offensive(position, 1, "T")


def test_seeded_games_on_the_standard_list_complete_none() -> None:
    """Computer grids on the shipped boards and Word War's list: no line holds an
    offensive word at the end of any round."""
    scorer = scorer_for("en-US-wordwar")
    assert offensive_words() & scorer.words
    boards = BoardSet.load()
    some = BoardSet(tuple(boards.board(n) for n in (2, 5)), boards.deck)
    game = self_play(some, scorer, ["random", "greedy", "intermediate"], "decent", rounds=2)
    longest = max(map(len, offensive_words()))
    for result in game.results:
        for grid in result.grids:
            for line in (*grid.rows, *grid.columns()):
                for start in range(len(line)):
                    for end in range(start + 2, min(len(line), start + longest) + 1):
                        assert line[start:end] not in offensive_words(), line
