"""Word War computer players: legal answers at every strength, look-ahead, strength order."""

from __future__ import annotations

import pytest

from tests.test_wordwar_boards import write_board
from wordstudio.control import SearchControl
from wordstudio.wordwar.boards import EMPTY, BoardSet, Grid
from wordstudio.wordwar.deck import ALPHABET, WILD, DeckSpec
from wordstudio.wordwar.evaluation import Judgement, PatternIndex, horizon_level
from wordstudio.wordwar.game import PlayerSpec, WordWarGame
from wordstudio.wordwar.players import (
    PLAYABLE_STRENGTHS,
    STRENGTHS,
    Situation,
    cards_left_in_round,
    choose_placement,
    strength,
)
from wordstudio.wordwar.scoring import WordScorer, scorer_for

WORDS = ["AT", "TA", "EAT", "TEA", "ATE", "SEA", "SET", "TEN", "NET", "AN", "ON", "NO",
         "TO", "IN", "IS", "IT", "SIT", "TIN", "NOTE", "TONE", "STONE", "ONSET", "SEAT"]


@pytest.fixture(scope="module")
def scorer() -> WordScorer:
    return WordScorer(WORDS)


@pytest.fixture(scope="module")
def small_boards(tmp_path_factory: pytest.TempPathFactory) -> BoardSet:
    folder = tmp_path_factory.mktemp("boards")
    write_board(folder, 1, ["A...#", ".#...", "...E.", "#..O."])
    return BoardSet.load(folder)


def situation(grid: str, card: str, rivals: tuple[int, ...] = (), seed: str = "t") -> Situation:
    deck = DeckSpec()
    unseen = tuple(2 for _ in ALPHABET) + (2,)
    return Situation(Grid.parse(grid), card, unseen, deck, rivals, "en-US-standard", seed)


def legal(situation: Situation, decision) -> bool:
    """An independent rules check: an empty square, and the card's letter (any for WILD)."""
    if decision is None:
        return True
    grid = situation.grid
    if not (0 <= decision.row < grid.height and 0 <= decision.col < grid.width):
        return False
    if grid.at(decision.row, decision.col) != EMPTY:
        return False
    if situation.card == WILD:
        return len(decision.letter) == 1 and decision.letter in ALPHABET
    return decision.letter == situation.card


@pytest.mark.parametrize("name", list(STRENGTHS))
@pytest.mark.parametrize("card", ["T", WILD])
def test_every_strength_answers_legally(scorer, name, card):
    where = situation("TE.#\n.#..\nSEA.\n", card, rivals=(5,))
    decision = choose_placement(where, name, scorer=scorer)
    assert legal(where, decision)
    # The same situation gets the same answer: replays and saved games play alike.
    assert choose_placement(where, name, scorer=scorer) == decision


def test_greedy_takes_the_points_on_offer(scorer):
    # Only E between T and A scores at once (TEA).
    where = situation("T.A#\n####\n", "E")
    decision = choose_placement(where, "greedy", scorer=scorer)
    assert (decision.row, decision.col, decision.letter) == (0, 1, "E")


def test_wild_is_written_as_a_useful_letter(scorer):
    where = situation("ST.NE\n", WILD)
    decision = choose_placement(where, "intermediate", scorer=scorer)
    assert (decision.col, decision.letter) == (2, "O")  # STONE, TONE, TO, ON, NO, ONE...


def test_nothing_to_do_on_a_full_grid(scorer):
    assert choose_placement(situation("AT\nTA\n", "E"), "expert", scorer=scorer) is None


def test_unknown_strength():
    with pytest.raises(ValueError, match="unknown computer strength"):
        strength("godlike")
    assert set(PLAYABLE_STRENGTHS) <= set(STRENGTHS) and "random" not in PLAYABLE_STRENGTHS


def test_cards_left_in_round():
    where = situation("...\n...\n", "E", rivals=(4, 9))
    assert cards_left_in_round(where) == 3  # the rival with 4 squares ends it
    assert cards_left_in_round(where, passing=True) == 3
    alone = situation("...\n...\n", "E")
    assert cards_left_in_round(alone) == 5
    assert cards_left_in_round(alone, passing=True) == 6  # passing puts the end off


class StopAtOnce(SearchControl):
    def __init__(self) -> None:
        self.reports: list[float] = []

    def should_stop(self) -> bool:
        return True

    def report(self, fraction: float, message: str = "") -> None:
        self.reports.append(fraction)


def test_lookahead_stopped_early_still_answers(scorer):
    where = situation("T...\n.#..\n....\n", "E", rivals=(8,))
    control = StopAtOnce()
    decision = choose_placement(where, "expert", control=control, scorer=scorer)
    assert legal(where, decision) and decision is not None
    # One round of play-outs, comparable for every candidate, before it stops.
    assert control.reports == [pytest.approx(1 / STRENGTHS["expert"].rollouts)]


def test_pattern_index_counts_matching_words(scorer):
    index = PatternIndex(scorer)
    assert index.matches("..") == sum(1 for w in WORDS if len(w) == 2)
    assert index.matches("T.") == 2  # TA, TO
    assert index.matches(".N") == 3  # AN, IN, ON
    assert index.matches("S.T") == 2  # SET, SIT
    assert index.matches("QQ") == 0


def test_line_values_reward_promising_lines(scorer):
    judgement = Judgement(scorer)
    value = judgement.at(20).value
    assert value("T.N") > value("Q.J")  # TEN/TIN can still come; nothing fits Q.J
    assert value("TEN") >= scorer.line_points("TEN")
    assert value("....") > 0
    assert horizon_level(0) == 1 and horizon_level(100) == 45
    # Fewer cards to come, less hope for the open squares.
    assert judgement.at(2).value("T.N") < judgement.at(40).value("T.N")


def self_play(board_set: BoardSet, scorer: WordScorer, strengths: list[str], seed: str,
              rounds: int = 1) -> WordWarGame:
    """Computer players only, every answer checked by the independent rules check."""
    players = [PlayerSpec(name, computer=True, strength=name) for name in strengths]
    game = WordWarGame(players, seed, board_set=board_set, scorer=scorer, rounds=rounds)
    while not game.is_over:
        game.start_round([board_set.numbers[len(game.results) % len(board_set.numbers)]]
                         * len(players))
        while game.deck is not None:
            game.turn_card()
            for seat, name in enumerate(strengths):
                where = Situation.of(game, seat)
                decision = choose_placement(where, name, scorer=scorer)
                assert legal(where, decision), (name, decision)
                game.decide(seat, decision)
    return game


def test_self_play_every_strength_is_legal(small_boards, scorer):
    game = self_play(small_boards, scorer, ["random", "greedy", "intermediate", "advanced"],
                     "legal", rounds=2)
    assert game.is_over and len(game.results) == 2
    game = self_play(small_boards, scorer, ["expert"], "solo")
    assert game.results[0].grids[0].is_full


def test_stronger_players_score_more_on_the_shipped_boards():
    """A small, fixed sample (the benchmark measures this properly, with error bars)."""
    scorer = scorer_for("en-US-standard")
    boards = BoardSet.load()
    one_board = BoardSet(tuple(boards.board(n) for n in (1, 4, 7)), boards.deck)
    game = self_play(one_board, scorer, ["random", "greedy", "intermediate"], "order", rounds=3)
    random_total, greedy_total, intermediate_total = game.totals()
    assert random_total < greedy_total < intermediate_total
    first = BoardSet((boards.board(1),), boards.deck)
    game = self_play(first, scorer, ["random", "greedy", "advanced"], "look")
    random_score, greedy_score, advanced_score = game.results[0].totals
    assert advanced_score > greedy_score > random_score


def test_a_lone_computer_never_stalls_the_round(scorer):
    # Alone, passing only postpones the end of the round: it is not considered, however
    # poor the card (a lone player could otherwise wait for ideal cards for ever).
    alone = situation("T.N#\n.#..\n", "Q")
    assert choose_placement(alone, "expert", scorer=scorer) is not None
    # With a rival about to finish, passing costs nothing in time and may be chosen.
    rival_ends = situation("T.N#\n.#..\n", "Q", rivals=(1,))
    assert cards_left_in_round(rival_ends) == cards_left_in_round(rival_ends, passing=True)
