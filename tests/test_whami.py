"""The WORDwhami computer player: legal plays with the rules' own scores, the wild rules,
word checking by vocabulary, the anytime search (stop flag, budget, progress), the
stuck rack, determinism without a budget, and strength growing with the level.

Every play the player offers is re-checked here by the independent rules check
(:func:`~wordstudio.crossword.rules.analyse_play`) and against the rules of seed 003
written out directly (one wild per word, no wild plural).
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import replace
from functools import lru_cache

import pytest

from tests.test_players_helpers import rank_only
from wordstudio.control import DeadlineControl, SearchControl
from wordstudio.crossword.actions import Pass, Play
from wordstudio.crossword.board import Board, Placement
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.crossword.gameconfig import Direction, GameConfig
from wordstudio.crossword.players.computer import Decision, hint
from wordstudio.crossword.players.knobs import PlayerSpecError, Vocabulary
from wordstudio.crossword.players.whami import (
    WHAMI_LEVELS,
    WhamiLevel,
    choose_whami_action,
    search_whami,
    whami_level,
)
from wordstudio.crossword.position import Position
from wordstudio.crossword.rules import analyse_play
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.wordlist import WordList
from wordstudio.paths import boards_dir

LEXICON = "en-US-standard"
#: Deterministic and quick: the 40 most promising places, no wild search, no clock.
QUICK_BUILDER = WhamiLevel(0, Vocabulary.FULL, 0.0, 40, -1)
#: Everything, no clock: the best play there is.
EXHAUSTIVE = WhamiLevel(8, Vocabulary.FULL, 0.0, 0, 0)


@lru_cache(maxsize=1)
def config() -> GameConfig:
    return load_config(boards_dir() / "wordwhami.cfg")


@lru_cache(maxsize=1)
def words() -> WordList:
    return load_lexicon(LEXICON)


@lru_cache(maxsize=1)
def common() -> WordList:
    return words().subset(load_lexicon("en-US-common"))


@lru_cache(maxsize=1)
def midgame_positions() -> tuple[Position, ...]:
    """Boards after 6 and 12 turns of two seeded games, each with racks of 0, 1 and 2
    wilds drawn (seeded) from the tiles the player cannot see."""
    boards = []
    for seed in (3, 4):
        seats = [PlayerSpec("one", computer=True), PlayerSpec("two", computer=True)]
        game = Game(GameSetup.create(config(), seats, seed=seed, lexicon=LEXICON), words())
        while game.ply <= 12:
            position = game.position()
            if game.ply in (6, 12):
                boards.append(position)
            game.act(search_whami(position, QUICK_BUILDER).action)
    rng = random.Random(99)
    out = []
    for position in boards:
        letters = [t for t in position.unseen if t != BLANK]
        for wilds in (0, 1, 2):
            rack = Rack(tuple(rng.sample(letters, 12 - wilds)) + (BLANK,) * wilds)
            out.append(replace(position, rack=rack))
    return tuple(out)


def position_with(rows: dict[tuple[int, int, str], str], rack: str) -> Position:
    """A position on a board holding words given as {(row, col, "across"/"down"): text}
    (lower case: a wild), with ``rack`` (``?`` a wild) for player 0."""
    board = Board(config())
    for (row, col, way), text in rows.items():
        dr, dc = (0, 1) if way == "across" else (1, 0)
        board.place(Placement(row + dr * k, col + dc * k, ch.upper(), ch.islower())
                    for k, ch in enumerate(text))
    return Position(config(), tuple(board.cells), tuple(board.owners),
                    Rack.parse(rack, config().tiles.alphabet), 0, 2, (0, 0), (), 200, 4,
                    lexicon=LEXICON)


def formed_words(position: Position, move_placed) -> list:
    return list(analyse_play(position.board(), move_placed, position.rack, words(),
                             position.player).words)


def assert_legal(position: Position, decision: Decision, vocabulary: WordList) -> None:
    """Every candidate legal with the rules' score, within the vocabulary, the wild
    rules kept; the action the best of them."""
    assert decision.candidates, "a mid-game 12-tile rack always has a play"
    assert decision.action == Play(decision.candidates[0].move.placed)
    scores = [c.score for c in decision.candidates]
    assert scores == sorted(scores, reverse=True)
    assert len({c.move.key for c in decision.candidates}) == len(decision.candidates)
    board = position.board()
    for candidate in decision.candidates:
        move = candidate.move
        analysis = analyse_play(board, move.placed, position.rack, words(), position.player)
        assert analysis.score == candidate.score == move.score, move.notation()
        assert not analysis.unknown, move.notation()
        assert required_words_within(analysis, vocabulary), move.notation()
        assert_wild_rules(move.placed, analysis.words)


def required_words_within(analysis, vocabulary: WordList) -> bool:
    """Word checking as the player must do it: each line the play has to make a word
    of - the main line, and the straight lines across it (both, for a diagonal play) -
    has a reading in the vocabulary.  The other words the game credits (diagonal
    by-products, a line's second reading) may come from the whole lexicon."""
    main = analysis.direction
    required = {Direction.ACROSS, Direction.DOWN} - {main} if not main.is_diagonal else {
        Direction.ACROSS, Direction.DOWN}
    readings: dict[tuple, list[str]] = {}
    for word in analysis.words:
        if word.direction == main or word.direction in required:
            readings.setdefault((word.row, word.col, word.direction), []).append(word.word)
    return all(any(w in vocabulary for w in line) for line in readings.values())


def assert_wild_rules(placed, formed) -> None:
    """Seed 003 rule 6 read directly: a wild once per word (so once per play: a play's
    tiles all lie in its one main word), and never the S of a plural."""
    assert sum(1 for p in placed if p.blank) <= 1
    for word in formed:
        assert sum(1 for ch in word.shown if ch.islower()) <= 1, word
        reading = word.shown[::-1] if word.backwards else word.shown
        if reading.endswith("s") and len(reading) > 2:
            assert reading[:-1].upper() not in words(), f"a wild plural: {reading}"


class Recording(SearchControl):
    """Stops after ``stop_after`` looks at the flag; records the looks and the reports."""

    def __init__(self, stop_after: int) -> None:
        self.stop_after = stop_after
        self.looks = 0
        self.looks_after_stop = 0
        self.reports: list[float] = []

    def should_stop(self) -> bool:
        self.looks += 1
        if self.looks > self.stop_after:
            self.looks_after_stop += 1
            return True
        return False

    def report(self, fraction: float, message: str = "") -> None:
        self.reports.append(fraction)


# --- levels -------------------------------------------------------------------------------------
def test_levels_one_to_eight_grow_in_budget_and_vocabulary() -> None:
    assert sorted(WHAMI_LEVELS) == list(range(1, 9))
    budgets = [WHAMI_LEVELS[n].seconds for n in range(1, 9)]
    assert budgets == sorted(budgets) and budgets[-1] <= 1.0
    assert [WHAMI_LEVELS[n].vocabulary for n in range(1, 9)] == (
        [Vocabulary.COMMON] * 4 + [Vocabulary.FULL] * 4)
    assert whami_level(PlayerSpec("x", computer=True, level=3)) is WHAMI_LEVELS[3]
    with pytest.raises(PlayerSpecError):
        whami_level(PlayerSpec("x", computer=True, level=9))


# --- the first move -----------------------------------------------------------------------------
def best_word_score(rack: str) -> int:
    """Independently of the player: the best score of a word made of the rack's tiles
    (no wilds) alone on the board - its length squared, twice when it reads backwards
    as another word."""
    have = Counter(rack)
    lexicon = words()
    best = 0
    for word in lexicon:
        if len(word) <= len(rack) and not Counter(word) - have:
            reverse = word[::-1]
            score = len(word) ** 2 * (2 if reverse != word and reverse in lexicon else 1)
            best = max(best, score)
    return best


@pytest.mark.parametrize("rack", ["HTSENTQUTBTA", "RSTLNEAIOPDG", "STOPKEEPRAWL"])
def test_first_move_is_the_racks_best_word(rack: str) -> None:
    position = position_with({}, rack)
    decision = choose_whami_action(position, PlayerSpec("eight", computer=True, level=8))
    best = decision.candidates[0]
    assert best.score == best_word_score(rack)
    assert analyse_play(position.board(), best.move.placed, position.rack, words()).score == (
        best.score)


# --- legality, scores, vocabulary ---------------------------------------------------------------
def test_every_level_offers_legal_exactly_scored_plays_in_its_vocabulary() -> None:
    for index, position in enumerate(midgame_positions()):
        level = 1 + index % 8
        spec = PlayerSpec(f"level{level}", computer=True, level=level)
        decision = choose_whami_action(position, spec, DeadlineControl(0.3), top=12)
        vocabulary = common() if level <= 4 else words()
        assert_legal(position, decision, vocabulary)
        assert decision.moves_considered >= len(decision.candidates)


def test_no_level_beats_the_full_search() -> None:
    for position in midgame_positions()[1::4]:
        best = search_whami(position, EXHAUSTIVE)
        assert_legal(position, best, words())
        for level in (1, 5):
            spec = PlayerSpec(f"level{level}", computer=True, level=level)
            found = choose_whami_action(position, spec)
            assert found.candidates[0].score <= best.candidates[0].score


def test_a_common_words_player_stays_in_its_vocabulary() -> None:
    # With the whole lexicon these racks make words the common list lacks; level 4
    # must not choose them.
    rarer = 0
    for position in midgame_positions()[::2]:
        full = search_whami(position, replace(EXHAUSTIVE, wild_breadth=-1))
        analysis = analyse_play(position.board(), full.action.placements, position.rack,
                                words())
        rarer += not required_words_within(analysis, common())
        weak = search_whami(position, replace(WHAMI_LEVELS[4], seconds=0.0))
        assert_legal(position, weak, common())
    assert rarer, "the test positions should tempt a common-words player"


# --- the wild rules -----------------------------------------------------------------------------
def test_a_wild_never_makes_a_plural() -> None:
    board = {(5, 2, "across"): "CONSTELLATION"}
    assert "CONSTELLATIONS" in words()
    # A real S: extending the long word is the play to make...
    with_s = position_with(board, "ADEILNORTUCS")
    found = search_whami(with_s, EXHAUSTIVE)
    assert "CONSTELLATIONS" in {w.word for w in formed_words(with_s, found.action.placements)}
    # ...but a wild may not be that S.
    wilds = position_with(board, "ADEILNORTU??")
    found = search_whami(wilds, EXHAUSTIVE)
    assert_legal(wilds, found, words())
    for candidate in found.candidates:
        assert "CONSTELLATIONS" not in {w.word for w in formed_words(wilds,
                                                                     candidate.move.placed)}


def test_a_word_holding_a_wild_takes_no_second_one() -> None:
    board = {(20, 3, "across"): "CONGRATULATe"}  # the last E is a wild
    assert "CONGRATULATED" in words()
    with_d = position_with(board, "AEINORTLUCDH")
    found = search_whami(with_d, EXHAUSTIVE)
    assert "CONGRATULATED" in {w.word for w in formed_words(with_d, found.action.placements)}
    wilds = position_with(board, "AEINORTLUC??")
    found = search_whami(wilds, EXHAUSTIVE)
    assert_legal(wilds, found, words())
    for candidate in found.candidates:
        formed = {w.word for w in formed_words(wilds, candidate.move.placed)}
        assert "CONGRATULATED" not in formed and "CONGRATULATES" not in formed


def test_racks_with_wilds_play_legally_at_full_strength() -> None:
    for position in midgame_positions():
        if position.rack.blanks:
            decision = search_whami(position, replace(WHAMI_LEVELS[8], seconds=0.4))
            assert_legal(position, decision, words())


@pytest.mark.parametrize("index", [5, 8, 11])
def test_two_wilds_in_hand_still_give_a_full_list_of_distinct_plays(index) -> None:
    """A long word with a wild can outscore every other play by more than the search's
    window (here 169, then 87): the list still has its 20 plays, and the same word on
    the same squares with the wild on another of its letters is listed once."""
    position = midgame_positions()[index]
    assert position.rack.blanks == 2
    decision = search_whami(position, EXHAUSTIVE, top=20)
    assert len(decision.candidates) == 20
    assert_legal(position, decision, words())
    shapes = {frozenset((p.row, p.col, p.letter) for p in c.move.placed)
              for c in decision.candidates}
    assert len(shapes) == 20


def test_the_player_and_its_hints_rank_plays_inside_the_generator(monkeypatch) -> None:
    # Listing every play of a 12-tile rack would take seconds: every search is ranked by
    # the move generator, and only its best plays become Python objects.
    searches = rank_only(monkeypatch)
    position = midgame_positions()[1]  # a wild on the rack
    for decision in (choose_whami_action(position, PlayerSpec("five", computer=True, level=5)),
                     hint(position, control=DeadlineControl(0.5))):
        assert_legal(position, decision, words())
        assert decision.moves_considered > 10 * len(decision.candidates)
    assert searches and all(s["anchors"] for s in searches)


# --- anytime ------------------------------------------------------------------------------------
def test_stopped_before_it_starts_it_still_answers_from_open_ground() -> None:
    position = midgame_positions()[4]
    control = Recording(stop_after=0)
    decision = choose_whami_action(position, PlayerSpec("eight", computer=True, level=8), control)
    assert isinstance(decision.action, Play)
    assert_legal(position, decision, words())
    # The search read the flag once, saw "stop" and answered: no batch after that.
    assert control.looks == control.looks_after_stop == 1
    full = search_whami(position, EXHAUSTIVE)
    assert decision.moves_considered < full.moves_considered / 10


def test_the_stop_flag_returns_the_best_so_far() -> None:
    position = midgame_positions()[5]  # two wilds
    long_budget = replace(WHAMI_LEVELS[8], seconds=60.0)
    control = Recording(stop_after=4)
    started = time.monotonic()
    stopped = search_whami(position, long_budget, control)
    elapsed = time.monotonic() - started
    assert control.looks_after_stop == 1
    assert_legal(position, stopped, words())
    full = search_whami(position, EXHAUSTIVE)
    assert 0 < stopped.candidates[0].score <= full.candidates[0].score
    assert stopped.moves_considered < full.moves_considered
    # Four batches of a few hundredths of a second each, not the minute allowed.
    assert elapsed < 10.0


def test_a_deadline_control_ends_a_long_search_early() -> None:
    position = midgame_positions()[8]
    started = time.monotonic()
    decision = search_whami(position, replace(WHAMI_LEVELS[8], seconds=60.0),
                            DeadlineControl(0.2))
    assert time.monotonic() - started < 10.0
    assert_legal(position, decision, words())


def test_progress_is_reported_in_order_up_to_done() -> None:
    control = Recording(stop_after=10**6)
    search_whami(midgame_positions()[2], replace(WHAMI_LEVELS[8], seconds=0.5), control)
    assert len(control.reports) >= 3
    assert control.reports == sorted(control.reports)
    assert all(0.0 <= f <= 1.0 for f in control.reports) and control.reports[-1] == 1.0


def test_without_a_budget_the_search_is_reproducible() -> None:
    position = midgame_positions()[7]
    level = WhamiLevel(8, Vocabulary.FULL, 0.0, 0, 30)
    first = search_whami(position, level)
    second = search_whami(position, level)
    assert first.candidates == second.candidates


# --- stuck --------------------------------------------------------------------------------------
STUCK = "QQXXZZJJVVKK"


def test_a_rack_without_a_word_passes_and_the_engine_exchanges_it_all() -> None:
    have = Counter(STUCK)
    assert not any(not Counter(word) - have for word in words()), "no word in these tiles"
    seats = [PlayerSpec("one", computer=True, level=8), PlayerSpec("two", computer=True)]
    setup = replace(GameSetup.create(config(), seats, seed=5, lexicon=LEXICON),
                    scripted_draws=(tuple(STUCK), tuple("ETAOINSHRDLU")))
    game = Game(setup, words())
    bag = len(game.bag)
    decision = choose_whami_action(game.position(), seats[0])
    assert decision.action == Pass() and decision.candidates == ()
    turn = game.act(decision.action)
    assert sorted(turn.action.discards) == sorted(STUCK)  # rule 7: all letters go back
    assert len(game.racks[0]) == 12 and len(game.bag) == bag
    assert game.board.is_empty() and game.current == 1


def test_a_rack_of_wilds_alone_plays_one_next_to_the_board() -> None:
    # Twelve wilds make no word on open ground (one wild per word), but one wild next
    # to a tile on the board can make a two-letter word.
    position = replace(midgame_positions()[0], rack=Rack((BLANK,) * 12))
    decision = search_whami(position, EXHAUSTIVE)
    assert_legal(position, decision, words())
    assert len(decision.candidates[0].move.placed) == 1


# --- strength -----------------------------------------------------------------------------------
def test_higher_levels_score_more() -> None:
    positions = [p for p in midgame_positions() if p.rack.blanks][:6]
    means = {}
    for level in (1, 4, 8):
        spec = PlayerSpec(f"level{level}", computer=True, level=level)
        means[level] = statistics.fmean(
            choose_whami_action(p, spec).candidates[0].score for p in positions)
    assert means[1] < means[4] < means[8], means


@pytest.mark.parametrize("rack", ["AEIRSTNLOD??", "AEIRSTNL????"])
def test_the_largest_racks_move_in_time(rack) -> None:
    # Twelve tiles with two or four wilds on 30x30: millions of plays; a player with a
    # third of a second still answers with a legal play, at about that time.
    position = replace(midgame_positions()[6], rack=Rack.parse(rack, config().tiles.alphabet))
    started = time.monotonic()
    decision = search_whami(position, replace(WHAMI_LEVELS[8], seconds=60.0),
                            DeadlineControl(0.3))
    assert time.monotonic() - started < 5.0
    assert_legal(position, decision, words())
