"""What computer players do besides playing words: swaps and passes (note 12), blank
pick-ups (ExchangeAllowed 1-3), challenges; and how they answer when told to stop."""

from __future__ import annotations

import pickle
import time
from collections import Counter
from dataclasses import replace
from itertools import permutations

import pytest

from tests.test_players_helpers import (
    MIDGAME,
    all_moves,
    chosen_move,
    position,
    rank_only,
    standard,
    style,
)
from wordstudio.control import DeadlineControl, SearchControl
from wordstudio.crossword.actions import Challenge, Outcome, Pass, PickUpBlank, Play
from wordstudio.crossword.board import Placement
from wordstudio.crossword.game import Game, GameSettings, GameSetup, PlayerSpec, WordCheck
from wordstudio.crossword.gameconfig import ExchangeAllowed
from wordstudio.crossword.players.computer import (
    Decision,
    choose_action,
    computer_challenger,
    decide,
    hint,
    move_finder,
    should_challenge,
)
from wordstudio.crossword.players.knobs import GREEDY_STYLE, PlayerStyle
from wordstudio.crossword.players.leaves import NO_LEAVES, leaves_for
from wordstudio.crossword.players.levels import level_style
from wordstudio.crossword.players.selfplay import play_game
from wordstudio.crossword.players.strategy import Judge, best_exchange, note12_discards
from wordstudio.crossword.rules import analyse_play
from wordstudio.lexicon.catalog import load_lexicon

SCRABBLE_WEIGHTS = {"J": 2, "K": 1, "Q": 6, "S": -6, "U": 1, "V": 3, "W": 2, "?": -10}
SCORES = {"A": 1, "E": 1, "I": 1, "T": 1, "S": 1, "V": 4, "K": 5, "Q": 10, "U": 1, "X": 8,
          "?": 0}
WORDSWORTH = PlayerStyle("config", standard().strategy)  # the game's elements and weights


# --- note 12: discards ---------------------------------------------------------------------------
def test_discards_positive_weights_first_and_keep_q_with_u() -> None:
    # V and K go; Q and U stay together; S and the blank (negative) stay; then zero-weight
    # tiles until half the rack is returned.
    assert note12_discards("QUVKSE?", SCRABBLE_WEIGHTS, SCORES, 7) == ("V", "K", "E")


def test_discards_q_without_u() -> None:
    assert note12_discards("QVIIEES", SCRABBLE_WEIGHTS, SCORES, 7) == ("Q", "V", "E", "I")


def test_discards_duplicates_then_zero_weights() -> None:
    # No positive weights: the extra A and the two extra E's, then one more zero-weight
    # tile to reach half the rack (4 of 7).
    assert Counter(note12_discards("EEEAATS", SCRABBLE_WEIGHTS, SCORES, 7)) == Counter("AEEA")


def test_discards_never_more_than_the_bag_allows() -> None:
    assert len(note12_discards("QVIIEES", SCRABBLE_WEIGHTS, SCORES, 2)) == 2


def test_no_acceptable_move_means_note_12_swap() -> None:
    pos = position("QVIIEES")
    decision = decide(pos, style(SCRABBLE_WEIGHTS, minimum_allowed_score=500))
    assert decision.action == Pass(("Q", "V", "E", "I"))
    assert decision.candidates == ()


def test_no_swap_when_the_bag_is_too_low() -> None:
    pos = position("QVIIEES", bag=6)  # the standard game needs 7 in the bag
    decision = decide(pos, style(SCRABBLE_WEIGHTS, minimum_allowed_score=500))
    assert decision.action == Pass()


# --- equity swaps ----------------------------------------------------------------------------------
def test_equity_player_swaps_a_hopeless_rack() -> None:
    pos = position("UUUVVWW")
    decision = decide(pos, level_style(7))
    assert isinstance(decision.action, Pass) and decision.action.discards
    leaves = leaves_for(pos.config)
    kept = Counter(pos.rack.tiles) - Counter(decision.action.discards)
    value = leaves.value(tuple(kept.elements()))
    assert value > decision.candidates[0].equity
    assert best_exchange(pos.rack.tiles, leaves, 7) == (decision.action.discards, value)


def test_equity_player_plays_a_good_rack() -> None:
    pos = position("AEINRST")
    decision = decide(pos, level_style(7))
    assert chosen_move(pos, decision).score == 110


def test_best_exchange_keeps_the_best_subset() -> None:
    leaves = leaves_for(standard())
    returned, value = best_exchange(tuple("QAEIRS?"), leaves, 7)
    assert "Q" in returned and "?" not in returned and "S" not in returned
    assert best_exchange(tuple("QAEIRS?"), leaves, 0) is None


# --- blank pick-ups --------------------------------------------------------------------------------
BLANK_ROWS = tuple(row.replace("VINEYARD", "VINEyARD") for row in MIDGAME)
Y_SQUARE = (4, 6)


def pickup_game(mode: ExchangeAllowed, rack: str) -> Game:
    config = standard().with_changes(exchange_allowed=mode, starting_board=BLANK_ROWS)
    setup = GameSetup(config, (PlayerSpec("A", True, 5), PlayerSpec("B", True, 5)), seed=3,
                      scripted_draws=(tuple(rack), tuple("EEAAOOI")))
    return Game(setup, load_lexicon("en-US-standard"))


def apply(game: Game, decision: Decision) -> None:
    for action in decision.actions:
        game.act(action)


def test_pickup_before_any_move_then_plays() -> None:
    game = pickup_game(ExchangeAllowed.BEFORE_ANY, "YAEINRT")
    decision = decide(game.position(), WORDSWORTH)
    assert decision.action == PickUpBlank(*Y_SQUARE)
    assert len(decision.follow_up) == 1 and isinstance(decision.follow_up[0], Play)
    apply(game, decision)
    assert game.history[0].outcome is Outcome.PICKED_UP
    assert game.history[1].outcome is Outcome.PLAYED
    assert game.board.tile_at(*Y_SQUARE) == ("Y", False)


def test_greedy_sees_no_gain_in_a_pickup() -> None:
    game = pickup_game(ExchangeAllowed.BEFORE_ANY, "YAEINRT")
    assert isinstance(decide(game.position(), GREEDY_STYLE).action, Play)


def test_whole_move_pickup_only_when_it_beats_playing() -> None:
    game = pickup_game(ExchangeAllowed.WHOLE_MOVE, "YAEINRT")
    assert isinstance(decide(game.position(), WORDSWORTH).action, Play)
    stuck = PlayerStyle("stuck", standard().strategy.__class__(minimum_allowed_score=500))
    decision = decide(game.position(), stuck)
    assert decision.action == PickUpBlank(*Y_SQUARE) and decision.follow_up == ()
    apply(game, decision)
    assert game.current == 1  # the pick-up was the whole move


def test_pickup_before_a_pass_then_swaps() -> None:
    game = pickup_game(ExchangeAllowed.BEFORE_PASS, "YAEINRT")
    stuck = PlayerStyle("stuck", standard().strategy.__class__(minimum_allowed_score=500))
    decision = decide(game.position(), stuck)
    assert decision.action == PickUpBlank(*Y_SQUARE)
    assert len(decision.follow_up) == 1 and isinstance(decision.follow_up[0], Pass)
    assert "?" not in decision.follow_up[0].discards  # note 12: keep the blank
    apply(game, decision)
    assert game.current == 1
    # Playing normally, the player does not pick up before a play under rule 2.
    game = pickup_game(ExchangeAllowed.BEFORE_PASS, "YAEINRT")
    assert isinstance(decide(game.position(), WORDSWORTH).action, Play)


# --- challenges --------------------------------------------------------------------------------------
def challenge_game(word: str) -> Game:
    settings = GameSettings(word_check=WordCheck.CHALLENGE)
    setup = GameSetup(standard(), (PlayerSpec("A", True, 8), PlayerSpec("B", True, 8)), seed=5,
                      settings=settings, scripted_draws=(tuple("QZXAEIO"), tuple("RSTLNEA")))
    game = Game(setup, load_lexicon("en-US-standard"))
    game.play([Placement(7, 7 + k, letter) for k, letter in enumerate(word)])
    return game


def test_computer_challenges_a_phony() -> None:
    assert "QAZ" not in load_lexicon("en-US-standard")
    game = challenge_game("QAZ")
    assert should_challenge(game)
    game.challenge()
    assert game.history[0].withdrawn
    assert not should_challenge(game)  # nothing left to challenge


def test_a_computer_challenges_out_of_turn_where_any_player_may() -> None:
    """Seed 003 rule 5, "Any player may challenge the last play": a person lets a phony
    stand, the computer sitting after him catches it; without the rule only the player to
    move may challenge, and a computer never challenges a good word."""
    def game_of(any_player: bool, word: str, seats: tuple[bool, ...]) -> Game:
        settings = GameSettings(word_check=WordCheck.CHALLENGE, any_player_challenges=any_player,
                                challenge_forfeits_play=any_player)
        players = tuple(PlayerSpec(f"P{i}", computer, 5) for i, computer in enumerate(seats))
        setup = GameSetup(standard(), players, seed=5, settings=settings,
                          scripted_draws=(tuple("QZXAEIO"), tuple("RSTLNEA"), tuple("DGOUTER")))
        game = Game(setup, load_lexicon("en-US-standard"))
        game.play([Placement(7, 7 + k, letter) for k, letter in enumerate(word)])
        return game

    people_then_computer = (False, False, True)
    game = game_of(True, "QAZ", people_then_computer)
    assert game.current == 1 and not game.players[1].computer
    assert computer_challenger(game) == 2
    game.challenge(by=2)
    assert game.history[0].withdrawn and game.current == 2  # play forfeited to him
    assert computer_challenger(game) is None
    assert computer_challenger(game_of(False, "QAZ", people_then_computer)) is None
    assert computer_challenger(game_of(True, "AX", people_then_computer)) is None
    # The computer to move challenges on its own turn, before anyone else.
    assert computer_challenger(game_of(True, "QAZ", (False, True, True))) == 1


def test_computer_accepts_a_good_word() -> None:
    game = challenge_game("AX")
    assert not should_challenge(game)


def test_selfplay_challenges_phonies_and_the_game_goes_on() -> None:
    calls = []
    specs = [PlayerSpec("A", True, knobs="greedy"), PlayerSpec("B", True, knobs="greedy")]
    words = load_lexicon("en-US-standard")

    def chooser(pos, seat):
        calls.append(seat)
        if len(calls) == 1:  # the first move: three of its tiles that make no word
            letters = [t for t in pos.rack.tiles if t != "?"]
            for triple in permutations(letters, 3):
                if "".join(triple) not in words:
                    return Decision(Play(tuple(Placement(7, 7 + k, ch)
                                               for k, ch in enumerate(triple))))
        return choose_action(pos, specs[seat])

    config = standard()
    played = play_game(config, specs, seed=11, chooser=chooser, words=words, verify=True,
                       lexicon="en-US-standard",
                       settings=GameSettings(word_check=WordCheck.CHALLENGE))
    history = played.game.history
    assert history[0].withdrawn and isinstance(history[1].action, Challenge)
    assert history[1].outcome is Outcome.CHALLENGE_WON
    assert played.game.over


# --- stopping and reporting -------------------------------------------------------------------------
class Recorder(SearchControl):
    def __init__(self, stop_after: int | None = None) -> None:
        self.reports: list[float] = []
        self.asked = 0
        self.stop_after = stop_after

    def should_stop(self) -> bool:
        self.asked += 1
        return self.stop_after is not None and self.asked > self.stop_after

    def report(self, fraction: float, message: str = "") -> None:
        self.reports.append(fraction)


def test_progress_is_reported_from_zero_to_one() -> None:
    pos = position("ER??STA")
    control = Recorder()
    decide(pos, level_style(8), control)
    assert control.reports[0] == 0.0 and control.reports[-1] == 1.0
    assert control.reports == sorted(control.reports)
    assert control.asked > 0


@pytest.mark.parametrize("level", [1, 5, 8])
def test_stopped_at_once_it_still_plays_a_legal_move(level: int) -> None:
    pos = position("ER??STA")
    total = len(all_moves(pos))
    decision = decide(pos, level_style(level), Recorder(stop_after=0))
    assert isinstance(decision.action, Play)
    assert decision.moves_considered < total
    move = chosen_move(pos, decision)  # raises if the generator does not know it
    assert move is not None


def test_stopped_part_way_it_plays_the_best_so_far() -> None:
    pos = position("ER??STA")
    knobs = style(length_weight=2)
    decision = decide(pos, knobs, Recorder(stop_after=3))
    considered = decision.moves_considered
    raw = move_finder(pos).raw_moves(pos.board(), pos.rack, pos.player)
    assert 0 < considered < len(raw)
    judge = Judge(pos, knobs, NO_LEAVES)
    best_so_far = max(judge.judge(r).measure for r in raw[:considered])
    assert decision.candidates[0].equity == best_so_far
    assert chosen_move(pos, decision) == decision.candidates[0].move
    assert best_so_far < max(judge.judge(r).measure for r in raw)


def test_top_candidates_are_ranked_by_the_players_measure() -> None:
    pos = position("DEIORSU")
    decision = decide(pos, style(length_weight=8), top=5)
    equities = [c.equity for c in decision.candidates]
    assert len(equities) == 5 and equities == sorted(equities, reverse=True)
    assert decision.candidates[0].move == chosen_move(pos, decision)
    assert len(decide(pos, style(), top=20).candidates) == 20


def test_decisions_travel_between_processes() -> None:
    pos = position("ER??STA")
    decision = choose_action(pos, PlayerSpec("eight", True, 8))
    assert pickle.loads(pickle.dumps(decision)) == decision
    assert pickle.loads(pickle.dumps(pos)) == pos


def test_after_a_pick_up_under_exchange_allowed_2_the_computer_only_passes():
    from tests.test_game import across, config
    from wordstudio.crossword.gameconfig import ExchangeAllowed
    from wordstudio.crossword.players.computer import choose_action
    from wordstudio.lexicon.catalog import load_lexicon

    setup = GameSetup(config(exchange_allowed=ExchangeAllowed.BEFORE_PASS),
                      (PlayerSpec("A"), PlayerSpec("B", computer=True)), seed=1,
                      lexicon="en-US-common",
                      scripted_draws=(("C", "?", "T"), ("A", "D", "O"), ("S", "O", "X")))
    game = Game(setup, load_lexicon("en-US-common"))
    game.play(across(3, 2, "CaT"))
    game.pick_up_blank(3, 3)
    decision = choose_action(game.position(), PlayerSpec("B", True, level=8))
    assert decision.actions and all(isinstance(a, Pass) for a in decision.actions)
    for action in decision.actions:
        game.act(action)
    assert game.current == 0


def test_seven_blanks_under_a_deadline_still_play_in_time() -> None:
    # Seven blanks mid-game: millions of moves; ranked in the search, the player keeps
    # only its best few, and a deadline stops it with the best found so far.
    pos = position("???????")
    started = time.monotonic()
    decision = decide(pos, level_style(8), DeadlineControl(0.2))
    assert time.monotonic() - started < 5.0
    assert isinstance(decision.action, Play)
    analysis = analyse_play(pos.board(), decision.action.placements, pos.rack,
                            load_lexicon("en-US-standard"), pos.player)
    assert not analysis.unknown and analysis.score == decision.candidates[0].score


# --- ranked inside the move generator -----------------------------------------------------------
def best_measure(pos, player: PlayerStyle) -> tuple[float, int]:
    """The best of every move by the player's own measure, weighed one by one in Python,
    and how many moves there are."""
    leaves = leaves_for(pos.config) if player.leaves else NO_LEAVES
    judge = Judge(pos, player, leaves)
    raw = move_finder(pos, player.vocabulary).raw_moves(pos.board(), pos.rack, pos.player)
    return max(j.measure for r in raw if (j := judge.judge(r)) is not None), len(raw)


@pytest.mark.parametrize("level", [5, 6, 7, 8])
def test_levels_without_the_restricted_search_rank_moves_inside_the_generator(level, monkeypatch):
    # Levels 1-4 keep WordsWorth's restricted search, which takes moves in the order the
    # generator finds them, so they list them all; the others never do.
    pos = position("DEIORS?")
    player = level_style(level)
    expected, total = best_measure(pos, player)
    searches = rank_only(monkeypatch)
    decision = choose_action(pos, PlayerSpec("p", True, level=level))
    assert searches and all((s["leaves"] is not None) == player.leaves for s in searches)
    assert searches[0]["knobs"].length_weight == player.strategy.length_weight
    assert decision.candidates[0].equity == pytest.approx(expected)
    assert decision.action == Play(decision.candidates[0].move.placed)
    assert decision.moves_considered == total


@pytest.mark.parametrize("control_strategy", [0, 1])
def test_hints_rank_moves_inside_the_generator(control_strategy, monkeypatch):
    config = standard()
    config = config.with_changes(strategy=replace(config.strategy,
                                                  control_strategy=control_strategy))
    pos = position("AEKLPS?", config=config)
    # ControlStrategy 0: plain score (note 7); otherwise the computer's own strategy.
    player = GREEDY_STYLE if control_strategy == 0 else level_style(8)
    expected, _total = best_measure(pos, player)
    searches = rank_only(monkeypatch)
    given = hint(pos, level_style(8))
    assert searches and len(given.candidates) == 20
    assert all((s["leaves"] is not None) == player.leaves for s in searches)
    best = given.candidates[0]
    assert (best.score if control_strategy == 0 else best.equity) == pytest.approx(expected)
