"""Whole Word War games: turns, passing, WILD cards, round ends, reshuffles, totals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_wordwar_boards import write_board
from wordstudio.wordwar.boards import EMPTY, BoardSet
from wordstudio.wordwar.deck import WILD, Deck
from wordstudio.wordwar.errors import IllegalPlay
from wordstudio.wordwar.game import Phase, Placement, PlayerSpec, WordWarGame
from wordstudio.wordwar.scoring import WordScorer

WORDS = ["AT", "TA", "EAT", "TEA", "ATE", "SEA", "SET", "AN", "AS", "IS", "IT", "ON", "NO"]


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> BoardSet:
    folder: Path = tmp_path_factory.mktemp("wordwar-boards")
    write_board(folder, 1, ["A..", ".#.", "..E"])  # 6 squares to write in
    write_board(folder, 2, ["O...", "...."])  # 7 squares
    write_board(folder, 3, ["." * 10] * 6)  # 60 squares: more than the deck
    return BoardSet.load(folder)


@pytest.fixture(scope="module")
def scorer() -> WordScorer:
    return WordScorer(WORDS)


def new_game(boards: BoardSet, scorer: WordScorer, players: int = 2, seed: str = "s",
             rounds: int = 4) -> WordWarGame:
    specs = [PlayerSpec(f"P{n}") for n in range(players)]
    return WordWarGame(specs, seed, board_set=boards, scorer=scorer, rounds=rounds)


def first_empty(game: WordWarGame, player: int) -> tuple[int, int]:
    return game.grids[player].empty_squares()[0]


def fill(game: WordWarGame, player: int, letter: str = "E") -> None:
    """Player writes the card (WILD as ``letter``) on his first empty square."""
    row, col = first_empty(game, player)
    game.place(player, row, col, letter if game.card == WILD else None)


def test_phases_of_a_card(boards, scorer):
    game = new_game(boards, scorer)
    assert game.phase is Phase.CHOOSE_BOARDS
    game.start_round([1, 2])
    assert game.phase is Phase.TURN_CARD and game.grids[1].rows == ("O...", "....")
    card = game.turn_card()
    assert game.phase is Phase.DECIDE and game.card == card
    assert game.waiting_for() == [0, 1]
    game.pass_card(1)
    assert game.waiting_for() == [0]
    fill(game, 0)
    assert game.phase is Phase.TURN_CARD and game.card is None
    assert game.deck is not None and game.deck.discards == [card]
    assert game.dealer == 1  # the player to the left turns the next card


def test_cards_come_from_the_seeded_deck(boards, scorer):
    game = new_game(boards, scorer, seed="abc")
    game.start_round([3, 3])
    expected = Deck.new_round(game.deck_spec, "abc", 0).draw[::-1]
    for card in expected[:20]:
        assert game.turn_card() == card
        game.pass_card(0)
        game.pass_card(1)


def test_wild_card_takes_the_letter_of_the_players_choice(boards, scorer):
    game = new_game(boards, scorer, seed="wild")
    game.start_round([3, 3])
    while game.turn_card() != WILD:
        fill(game, 0)
        fill(game, 1)
    row, col = first_empty(game, 0)
    with pytest.raises(IllegalPlay, match="letter"):
        game.place(0, row, col)
    game.place(0, row, col, "q")
    game.place(1, *first_empty(game, 1), "Z")
    assert game.grids[0].at(row, col) == "Q"
    assert ["place", 0, row, col, "Q"] in game.history


def test_letter_cards_write_their_own_letter(boards, scorer):
    game = new_game(boards, scorer, seed="letters")
    game.start_round([3, 3])
    card = game.turn_card()
    while card == WILD:
        game.pass_card(0)
        game.pass_card(1)
        card = game.turn_card()
    other = "B" if card != "B" else "C"
    with pytest.raises(IllegalPlay, match="cannot be written"):
        game.place(0, 0, 0, other)
    game.place(0, 0, 0, card.lower())
    assert game.grids[0].at(0, 0) == card
    assert game.decisions[0] == Placement(0, 0, card)


def test_illegal_moments_are_refused(boards, scorer):
    game = new_game(boards, scorer)
    with pytest.raises(IllegalPlay):
        game.turn_card()
    with pytest.raises(IllegalPlay, match="2 players"):
        game.start_round([1])
    game.start_round([1, 1])
    with pytest.raises(IllegalPlay, match="no card is up"):
        game.pass_card(0)
    with pytest.raises(IllegalPlay):
        game.start_round([1, 1])
    game.turn_card()
    with pytest.raises(IllegalPlay):
        game.turn_card()
    game.pass_card(0)
    with pytest.raises(IllegalPlay, match="already answered"):
        game.pass_card(0)
    with pytest.raises(IllegalPlay, match="no player 3"):
        game.pass_card(2)
    with pytest.raises(IllegalPlay, match="not an empty square"):
        game.place(1, 0, 0, "E" if game.card == WILD else None)  # the printed A
    with pytest.raises(IllegalPlay, match="1 to 9 players"):
        WordWarGame([PlayerSpec(str(n)) for n in range(10)], "s", board_set=boards)


def test_round_ends_when_a_grid_is_full_after_every_answer(boards, scorer):
    game = new_game(boards, scorer, seed="end")
    game.start_round([1, 2])
    for _ in range(5):
        game.turn_card()
        fill(game, 0)
        game.pass_card(1)
    game.turn_card()
    fill(game, 0)  # the sixth letter fills board 1...
    assert game.grids[0].is_full and game.phase is Phase.DECIDE  # ...but P1 still answers
    fill(game, 1)
    assert game.phase is Phase.CHOOSE_BOARDS
    result = game.results[0]
    assert result.cards_turned == 6 and result.boards == (1, 2)
    assert result.grids[1].empty_count == 6
    assert result.scores[1].total == scorer.score(result.grids[1]).total
    assert result.scores[1].row_total <= -6 + result.scores[1].rows[0].points + \
        result.scores[1].rows[1].points


def test_reshuffle_within_a_round(boards, scorer):
    game = new_game(boards, scorer, players=1, seed="long")
    game.start_round([3])
    while game.phase is not Phase.CHOOSE_BOARDS:
        game.turn_card()
        fill(game, 0)
        if game.deck is not None and game.cards_turned == 54:
            assert game.deck.cards_left == 0 and len(game.deck.discards) == 54
    assert game.results[0].cards_turned == 60
    assert game.results[0].grids[0].is_full


def test_passing_everything_keeps_the_round_going_through_reshuffles(boards, scorer):
    game = new_game(boards, scorer, players=1, seed="pass")
    game.start_round([1])
    for _ in range(120):
        game.turn_card()
        game.pass_card(0)
    assert game.phase is Phase.TURN_CARD and game.deck is not None
    assert game.deck.shuffles == 3 and game.grids[0] == boards.board(1).blank


def play_round(game: WordWarGame, rng: random.Random, pass_rate: float = 0.2) -> None:
    while game.deck is not None:
        game.turn_card()
        for player in range(len(game.players)):
            if rng.random() < pass_rate:
                game.pass_card(player)
            else:
                row, col = rng.choice(game.grids[player].empty_squares())
                game.place(player, row, col, rng.choice("AEST") if game.card == WILD else None)


def test_four_rounds_totals_and_the_winner_turns_first(boards, scorer):
    game = new_game(boards, scorer, players=3, seed="full")
    rng = random.Random(5)
    for number in range(4):
        assert game.phase is Phase.CHOOSE_BOARDS
        game.start_round([1 + (number + p) % 2 for p in range(3)])
        if number:
            assert game.dealer == game.results[-1].winner
            game.turn_card()
            assert game.dealer == game.results[-1].winner  # he turned this first card
            for player in range(3):
                game.pass_card(player)
        play_round(game, rng)
    assert game.is_over and len(game.results) == 4
    with pytest.raises(IllegalPlay):
        game.start_round([1, 1, 1])
    totals = game.totals()
    assert totals == [sum(r.totals[p] for r in game.results) for p in range(3)]
    assert game.winners() == [p for p in range(3) if totals[p] == max(totals)]
    for result in game.results:
        assert result.totals[result.winner] == max(result.totals)


def test_a_tied_round_goes_to_the_first_in_turning_order(boards, scorer):
    game = new_game(boards, scorer, players=2, seed="tie", rounds=2)
    game.start_round([1, 1])
    while game.deck is not None:
        game.turn_card()
        game.place(0, *first_empty(game, 0), "E" if game.card == WILD else None)
        game.pass_card(1)
    winner = game.results[0].winner
    game.start_round([2, 2])
    while game.deck is not None:  # both write the same letters in the same squares
        game.turn_card()
        letter = "E" if game.card == WILD else None
        game.place(0, *first_empty(game, 0), letter)
        game.place(1, *first_empty(game, 1), letter)
    assert game.results[1].totals[0] == game.results[1].totals[1]
    assert game.results[1].winner == winner


def test_replaying_the_history_gives_the_same_game(boards, scorer):
    game = new_game(boards, scorer, players=2, seed="replay")
    rng = random.Random(9)
    for number in range(2):
        game.start_round([1 + number, 2 - number])
        play_round(game, rng)
    game.start_round([2, 2])
    game.turn_card()
    copy = new_game(boards, scorer, players=2, seed="replay")
    for action in game.history:
        copy.apply(action)
    assert copy.history == game.history
    assert copy.grids == game.grids and copy.totals() == game.totals()
    assert copy.card == game.card and copy.deck.draw == game.deck.draw
    for bad in ([], ["fly"], ["turn", 3], ["place", 0, 0, 0], ["pass", "0"], ["round", 1]):
        with pytest.raises(IllegalPlay):
            copy.apply(bad)
    with pytest.raises(IllegalPlay, match="not an empty square"):
        copy.apply(["place", 0, 0, 0, "E" if copy.card == WILD else copy.card])  # the O
    if copy.card != WILD:
        wrong = "B" if copy.card != "B" else "C"
        with pytest.raises(IllegalPlay, match="cannot be written"):
            copy.apply(["place", 0, 1, 0, wrong])


@given(st.integers(0, 10_000), st.integers(1, 4), st.floats(0.0, 0.6))
@settings(max_examples=25, deadline=None)
def test_rules_invariants_under_random_play(seed, players, pass_rate):
    folder_boards = BoardSet.load(Path(__file__).resolve().parent.parent / "boards" / "wordwar")
    game = WordWarGame([PlayerSpec(str(p)) for p in range(players)], str(seed),
                       board_set=folder_boards, scorer=WordScorer(WORDS), rounds=1)
    rng = random.Random(seed)
    board_numbers = [rng.randint(1, 9) for _ in range(players)]
    game.start_round(board_numbers)
    previous = [list(g.rows) for g in game.grids]
    while game.deck is not None:
        game.turn_card()
        for player in range(players):
            if rng.random() < pass_rate:
                game.pass_card(player)
            else:
                row, col = rng.choice(game.grids[player].empty_squares())
                game.place(player, row, col, "E" if game.card == WILD else None)
        if game.deck is None:
            break
        for player, grid in enumerate(game.grids):
            # Letters never move: every square written before still holds its letter.
            for old, new in zip(previous[player], grid.rows, strict=True):
                assert all(a in (EMPTY, b) for a, b in zip(old, new, strict=True))
            previous[player] = list(grid.rows)
            board = folder_boards.board(board_numbers[player])
            assert all(grid.at(r, c) == board.blank.at(r, c) for r, c in board.printed)
    result = game.results[0]
    assert any(grid.is_full for grid in result.grids)
    assert sum(1 for action in game.history if action[0] == "turn") == result.cards_turned
    assert game.totals() == list(result.totals)


def test_more_than_four_players_share_the_pens(boards, scorer):
    """Seed 002: "Pens may be shared or crayons used if there are more than four
    players" - the nine boards of the box seat nine."""
    game = WordWarGame([PlayerSpec(f"P{n}") for n in range(9)], "nine", board_set=boards,
                       scorer=scorer)
    game.start_round([1] * 9)
    game.turn_card()
    for player in range(9):
        game.pass_card(player)
    assert len(game.grids) == 9 and not game.waiting_for()
