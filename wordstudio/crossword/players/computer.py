"""Computer players: generate the legal moves, choose an action by a style.

The entry point for the GUI, hints and self-play is :func:`choose_action`: a top-level
function of picklable arguments, so it runs in a worker process.  It reports progress
and looks at ``control.should_stop()`` while it judges moves; stopped, it answers with
the best move found so far ("play now", the turn clock).

How a style turns into a choice (the knobs themselves: :mod:`.strategy`):

1. Blank pick-up (``ExchangeAllowed``), when it pays: what a pick-up gains is the change
   in the rack's worth - its leave value less its letter weights (note 12: a positive
   weight is a tile to be rid of).  With ``ExchangeAllowed = 3`` any gain is taken first
   and the turn goes on; with 1 the pick-up is the whole move and must gain more than
   the best play would (its measure less the rack's leave value); with 2 it is made
   before a pass or swap.
2. Every legal move in the player's vocabulary, judged and searched (knobs, restricted
   search, adaptive mood), ranked by the player's measure.
3. Level 8 with the bag empty looks at the opponent's reply (:mod:`.endgames.lookahead`).
4. Players with leave values swap tiles when keeping the best subset is worth more than
   the best play; others swap only when no move is acceptable (note 12's discards).
   When the bag is too low to swap, or after :data:`STUCK_ROUNDS` rounds without a score
   (a dead board), the player passes.

When a decision has several parts (a pick-up, then a play), :attr:`Decision.action` is
the first and :attr:`Decision.follow_up` the rest of the turn.
"""

from __future__ import annotations

import heapq
import random
import zlib
from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.actions import Action, Pass, PickUpBlank, Play, Turn
from wordstudio.crossword.board import BLANK_FLAG, LETTER_MASK
from wordstudio.crossword.game import Game, PlayerSpec
from wordstudio.crossword.gameconfig import ExchangeAllowed, GameConfig, Scoring, Strategy
from wordstudio.crossword.movegen import FoundMoves, RawMove
from wordstudio.crossword.movegen.equity import Knobs
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.players import championship
from wordstudio.crossword.players.base import Candidate, Decision, lexicon_name, vocabulary_words
from wordstudio.crossword.players.endgames import exact, lookahead, preend
from wordstudio.crossword.players.knobs import GREEDY_STYLE, PlayerStyle, Vocabulary, config_style
from wordstudio.crossword.players.leaves import (
    NO_LEAVES,
    LeaveValues,
    NoLeaves,
    leaves_for,
    position_leaves,
)
from wordstudio.crossword.players.levels import style_for
from wordstudio.crossword.players.simulate import table_for
from wordstudio.crossword.players.strategy import (
    Judge,
    Judged,
    Mood,
    Search,
    best_exchange,
    effective_strategy,
    mood,
    note12_discards,
    pick,
    ranked,
    search,
)
from wordstudio.crossword.players.whami import choose_whami_action
from wordstudio.crossword.position import Position
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.lexicon.gaddag import shared_gaddag

#: Rounds of scoreless turns after which a player stops swapping and simply passes.
STUCK_ROUNDS = 3
#: Level 8's end game (the bag empty): seconds the exact solver may search a move.
ENDGAME_SECONDS = 0.5
#: Level 8's pre-end game (one or two tiles in the bag): seconds, and the plays that empty
#: the bag it weighs (0 seconds: off).
PREEND_SECONDS = 1.0
PREEND_CANDIDATES = 6
#: Level 8's look at the opponent's reply while the bag has tiles (0: off): the weight of
#: the mean best reply, the candidates looked at and how far below the best they may be,
#: and the opponent's racks drawn.
REPLY_WEIGHT = 0.0
REPLY_CANDIDATES = 6
REPLY_MARGIN = 12.0
REPLY_RACKS = 6
#: Moves a player weighs one by one at most (the styles not ranked inside the search):
#: with many blanks on a big board the rest would only cost memory.
WEIGHED_LIMIT = 500_000


@lru_cache(maxsize=8)
def _finder(config: GameConfig, lexicon: str, vocabulary: Vocabulary) -> MoveFinder:
    words = vocabulary_words(lexicon, vocabulary)
    return MoveFinder(config, shared_gaddag(words, config.tiles.alphabet))


def move_finder(position: Position, vocabulary: Vocabulary = Vocabulary.FULL) -> MoveFinder:
    """The move finder for a position's game and a vocabulary (one per worker process)."""
    return _finder(position.config, lexicon_name(position), vocabulary)


# --- the entry points ---------------------------------------------------------------------------
def choose_action(position: Position, spec: PlayerSpec, control: SearchControl = NULL_CONTROL,
                  top: int = 20) -> Decision:
    """The action the computer seat ``spec`` takes in ``position``, with its ``top``
    ranked candidates.  WORDwhami's length-squared games go to their own player
    (:mod:`.whami`): its boards and racks are too big to list every move."""
    if position.config.scoring is Scoring.LENGTH_SQUARED:
        return choose_whami_action(position, spec, control, top)
    return decide(position, style_for(spec, position.config), control, top,
                  pass_only=_must_pass(position))


def _must_pass(position: Position) -> bool:
    """After a blank pick-up under ``ExchangeAllowed = 2`` only a pass or swap may follow."""
    return bool(position.pickups_this_turn) and (
        position.config.exchange_allowed == ExchangeAllowed.BEFORE_PASS)


def hint(position: Position, opponent: PlayerStyle | None = None,
         control: SearchControl = NULL_CONTROL, top: int = 20) -> Decision:
    """A hint for a person (WordsWorth 4.2): the moves the computer suggests, best first.

    With the game's ``ControlStrategy`` 0, "a plain maximise score strategy" (Appendix A,
    note 7; section 4.12: "hints, which are shown to you in order of score"): the highest
    score first, each candidate's equity still the score plus the worth of the tiles it
    keeps, so a person can sort by that instead.  Otherwise the strategy the computer
    plays (``opponent``, or the game's own elements).  In WORDwhami's length-squared
    games, level 8's search (the highest score it finds)."""
    config = position.config
    if config.scoring is Scoring.LENGTH_SQUARED:
        return choose_whami_action(position, PlayerSpec("hint", computer=True, level=8),
                                   control, top)
    if config.strategy.control_strategy == 0:
        by_score = decide(position, GREEDY_STYLE, control, top, pass_only=_must_pass(position))
        return _with_equity(by_score, position)
    style = opponent or config_style(config)
    return decide(position, style, control, top, pass_only=_must_pass(position))


def _with_equity(decision: Decision, position: Position) -> Decision:
    """The same decision, each candidate's equity its score plus its leave's worth."""
    leaves = leaves_for(position.config)
    candidates = tuple(
        Candidate(c.move, c.score,
                  c.score + leaves.value(Rack(position.rack.tiles).without(c.move.tiles_used).tiles))
        for c in decision.candidates)
    return replace(decision, candidates=candidates)


def decide(position: Position, style: PlayerStyle, control: SearchControl = NULL_CONTROL,
           top: int = 20, leaves: LeaveValues | None = None, pass_only: bool = False
           ) -> Decision:
    """The decision of a player of ``style`` (module docstring).  ``leaves`` overrides the
    leave values (the leave-table maker); ``pass_only`` is the rest of a turn that began
    with a pick-up under ``ExchangeAllowed = 2``."""
    config = position.config
    if style.think > 0 and not pass_only:
        return championship.decide(position, style, control, top,
                                   lambda p, s: decide(p, s, control, top, leaves))
    if leaves is None:
        leaves = leaves_for(config) if style.leaves else NO_LEAVES
    pickup = None if pass_only else _best_pickup(position, style, leaves)
    if pickup is not None and config.exchange_allowed == ExchangeAllowed.BEFORE_ANY:
        first, _gain, after = pickup
        rest = decide(after, style, control, top, leaves)
        return Decision(first, rest.candidates, rest.moves_considered, rest.actions)

    judged = position_leaves(leaves, position) if style.endgame else leaves
    weighed = _weigh(position, style, judged, control, top, pass_only)
    finder, choice = weighed.finder, weighed.choice
    if (REPLY_WEIGHT and style.endgame and not pass_only and choice is not None
            and position.bag_size > 0 and position.players == 2 and not weighed.interrupted):
        choice = _reply_adjusted(position, weighed, choice)
    shown = tuple(Candidate(finder.to_move(j.raw), j.score, value)
                  for j, value in weighed.ranking[:top])
    considered = weighed.considered
    swap = _swap(position, style, leaves, choice)
    solved = (_solved_endgame(position, control) if style.endgame and not pass_only
              and swap is None and choice is not None and not weighed.interrupted else None)
    if swap is not None:
        action: Action = swap
    elif solved is not None:
        action = solved
    elif choice is not None:
        action = Play(finder.to_move(choice.raw).placed)
    else:
        action = Pass()
    if pickup is not None:
        pick_action, gain, after = pickup
        if config.exchange_allowed == ExchangeAllowed.WHOLE_MOVE:
            if gain > _gain_of(action, choice, position, leaves):
                return Decision(pick_action, shown, considered)
        elif config.exchange_allowed == ExchangeAllowed.BEFORE_PASS and isinstance(action, Pass):
            rest = decide(after, style, control, top, leaves, pass_only=True)
            return Decision(pick_action, shown, considered, rest.actions)
    return Decision(action, shown, considered)


@dataclass
class _Weighed:
    """The moves as a player weighed them: its ranking (move, measure), its choice."""

    finder: MoveFinder
    ranking: list[tuple[Judged, float]]
    choice: Judged | None
    considered: int
    interrupted: bool = False


def _solved_pre_endgame(position: Position, control: SearchControl) -> Action | None:
    table = table_for(position)
    search = preend.PreEndgame.of(position, table, leaves_for(position.config),
                                  PREEND_CANDIDATES)
    if not search.candidates:
        return None
    search.run(PREEND_SECONDS, control)
    if search.depth < preend.FIRM_DEPTH:
        return None
    return Play(table.finder.to_move(search.ranked()[0].raw).placed)


def _reply_adjusted(position: Position, weighed: _Weighed, choice: Judged) -> Judged:
    """Level 8's best few candidates (within :data:`REPLY_MARGIN` of the best measure)
    weighed again by what the opponent could score in reply: each is put on the board and
    the opponent's highest score found for :data:`REPLY_RACKS` racks drawn from the
    unseen tiles (the same racks for every candidate, so the comparison is fair); the
    measure less :data:`REPLY_WEIGHT` times the mean reply decides."""
    best = choice.measure
    rivals = [j for j, value in weighed.ranking[:REPLY_CANDIDATES]
              if value >= best - REPLY_MARGIN]
    unseen = list(position.unseen)
    if len(rivals) < 2 or not unseen:
        return choice
    rng = random.Random(zlib.crc32(repr((position.cells, position.rack.tiles)).encode()))
    size = min(position.config.rack_size, len(unseen))
    racks = [Rack(tuple(rng.sample(unseen, size))) for _ in range(REPLY_RACKS)]
    finder = weighed.finder
    opponent = 1 - position.player
    chosen, chosen_value = choice, float("-inf")
    for judged in rivals:
        board = position.board()
        board.place(finder.to_move(judged.raw).placed, owner=position.player)
        replies = 0
        for rack in racks:
            found = finder.top_moves(board, rack, 1, player=opponent)
            replies += found[0].score if found else 0
        value = judged.measure - REPLY_WEIGHT * replies / len(racks)
        if value > chosen_value:
            chosen, chosen_value = judged, value
    return chosen


def _solved_endgame(position: Position, control: SearchControl) -> Action | None:
    """Level 8 with the bag empty: the exact end-game solver's move, searched for at most
    :data:`ENDGAME_SECONDS` in this process (the best line of the deepest finished depth
    when time runs out); with one or two tiles in the bag, the pre-end game's best play
    when :data:`PREEND_SECONDS` let it see the player's reply (:mod:`.endgames.preend`);
    None when neither applies."""
    if PREEND_SECONDS and preend.applies(position):
        return _solved_pre_endgame(position, control)
    if not exact.applies(position) or not lookahead.applies(position):
        return None
    table = table_for(position)
    result = exact.solve_position(position, table, ENDGAME_SECONDS, control, helpers=0)
    if result.move is None:
        return Pass()
    return Play(table.finder.to_move(result.move).placed)


def _weigh(position: Position, style: PlayerStyle, leaves: LeaveValues, control: SearchControl,
           top: int, pass_only: bool) -> _Weighed:
    """Generate, judge and rank the moves; pick one (adaptive mood, end game).

    Most styles are ranked inside the search (:meth:`MoveFinder.top_moves`): only the
    ``top`` best become Python objects.  The restricted search (which depends on the
    order moves are found in), an adaptive player backing off (which looks for modest
    moves) and the end-game look-ahead weigh every move here instead.
    """
    control.report(0.0, "finding moves")
    finder = move_finder(position, style.vocabulary)
    current = mood(style.strategy, position.lead)
    strategy = effective_strategy(style.strategy, current)
    judge = Judge(position, style, leaves, strategy)
    knobs = judge.knobs()
    raw: FoundMoves | Sequence[RawMove] = []
    if pass_only:
        found = Search([], 0)
    elif (knobs is not None and not strategy.restricted_search_count
          and current is not Mood.BACK_OFF and not (style.endgame and lookahead.applies(position))):
        found = _ranked_in_search(position, finder, judge, knobs, strategy, control, max(top, 1))
    else:
        raw = finder.raw_moves(position.board(), position.rack, position.player,
                               limit=WEIGHED_LIMIT, stop=control.should_stop)
        found = search(raw, judge, strategy, control,
                       lambda f: control.report(0.1 + 0.8 * f, "weighing moves"))
    if found.interrupted and not found.found:
        found.found = _quick_best(raw, judge)
    ranking = [(j, j.measure) for j in ranked(found.found, max(top, 1))]
    choice = pick(found.found, current, position.lead) if found.found else None
    if style.endgame and found.found and lookahead.applies(position) and not found.interrupted:
        control.report(0.9, "looking ahead")
        lines = lookahead.look_ahead(position, found.found, move_finder(position), control)
        if lines:
            ranking = [(line.judged, line.value) for line in lines]
            choice = lines[0].judged
    control.report(1.0, "")
    return _Weighed(finder, ranking, choice, found.considered, found.interrupted)


def _ranked_in_search(position: Position, finder: MoveFinder, judge: Judge, knobs: Knobs,
                      strategy: Strategy, control: SearchControl, top: int) -> Search:
    """The ``top`` best moves by the player's measure, ranked by the move generator."""
    table = None if isinstance(judge.leaves, NoLeaves) else judge.leaves
    try:
        best = finder.top_moves(position.board(), position.rack, top, leaves=table, knobs=knobs,
                                player=position.player, stop=control.should_stop)
    except ValueError:  # a rack with too many different leaves to rank in the loop
        raw = finder.raw_moves(position.board(), position.rack, position.player,
                               limit=WEIGHED_LIMIT, stop=control.should_stop)
        return search(raw, judge, strategy, control)
    judged = [judge.judge(r.raw, order) for order, r in enumerate(best)]
    return Search([j for j in judged if j is not None], finder.found,
                  interrupted=finder.timed_out)


def _gain_of(action: Action, choice: Judged | None, position: Position, leaves: LeaveValues
             ) -> float:
    """What an action gains over keeping the rack as it is, in the player's measure."""
    kept = leaves.value(position.rack.tiles)
    if isinstance(action, Play) and choice is not None:
        return choice.measure - kept
    if isinstance(action, Pass) and action.discards:
        left = Rack(position.rack.tiles).without(action.discards)
        return leaves.value(left.tiles) - kept
    return 0.0


def _quick_best(raw: FoundMoves | Sequence[RawMove], judge: Judge) -> list[Judged]:
    """Stopped before anything was weighed: the highest-scoring acceptable move, if the
    first few looked at have one (a best-so-far answer must come at once)."""
    for index in heapq.nlargest(64, range(len(raw)), key=lambda i: raw[i][4]):
        judged = judge.judge(raw[index], index)
        if judged is not None:
            return [judged]
    return []


# --- swaps and passes -------------------------------------------------------------------------
def swap_limit(position: Position) -> int:
    """How many tiles may go back to the bag now (0: no swap allowed)."""
    config = position.config
    rack = len(position.rack.tiles)
    if not config.rack_size or not rack or position.bag_size < config.exchange_minimum_bag:
        return 0
    return min(rack, position.bag_size)


def stuck(position: Position) -> bool:
    """True after :data:`STUCK_ROUNDS` rounds without a score: the board is probably dead,
    and swapping again would only keep the game going (a swap is not a pass, so games
    without a scoreless-turns limit end only when every player passes in turn)."""
    return position.scoreless_streak >= STUCK_ROUNDS * position.players


def _swap(position: Position, style: PlayerStyle, leaves: LeaveValues, choice: Judged | None
          ) -> Pass | None:
    """A swap, when the style wants one (module docstring), or a plain pass when there is
    no acceptable move and nothing can be swapped; None to play ``choice``."""
    limit = 0 if stuck(position) else swap_limit(position)
    rack = position.rack.tiles
    if style.leaves:
        best = best_exchange(rack, leaves, limit)
        # Without a move, swapping must also beat keeping every tile (a plain pass).
        bar = choice.measure if choice is not None else leaves.value(rack)
        if best is not None and best[1] > bar:
            return Pass(best[0])
    elif choice is None and limit:
        weights, blank_weight = style.weights_for(position.config)
        tiles = position.config.tiles
        by_tile = dict(zip(tiles.alphabet, weights, strict=True)) | {BLANK: blank_weight}
        scores = dict(zip(tiles.alphabet, tiles.scores, strict=True)) | {BLANK: tiles.blank_score}
        discards = note12_discards(rack, by_tile, scores, limit)
        if discards:
            return Pass(discards)
    return Pass() if choice is None else None


# --- blank pick-ups -----------------------------------------------------------------------------
def _rack_worth(tiles: Sequence[str], style: PlayerStyle, config: GameConfig,
                leaves: LeaveValues) -> float:
    """What holding ``tiles`` is worth to the player: leave value less letter weights."""
    weights, blank_weight = style.weights_for(config)
    by_tile = dict(zip(config.tiles.alphabet, weights, strict=True)) | {BLANK: blank_weight}
    return leaves.value(tiles) - sum(by_tile.get(t, 0) for t in tiles)


def _best_pickup(position: Position, style: PlayerStyle, leaves: LeaveValues
                 ) -> tuple[PickUpBlank, float, Position] | None:
    """The most rewarding blank pick-up, its gain and the position after it; None when
    the game allows none or none gains anything."""
    config = position.config
    if config.exchange_allowed == ExchangeAllowed.NEVER or not config.rack_size:
        return None
    rack = position.rack.tiles
    held = Counter(rack)
    before = _rack_worth(rack, style, config, leaves)
    best: tuple[PickUpBlank, float, Position] | None = None
    for index, cell in enumerate(position.cells):
        if cell < 0 or not cell & BLANK_FLAG:
            continue
        letter = config.tiles.alphabet[cell & LETTER_MASK]
        if not held[letter]:
            continue
        after_rack = Rack(rack).without([letter]).plus([BLANK])
        gain = _rack_worth(after_rack.tiles, style, config, leaves) - before
        if gain > 0 and (best is None or gain > best[1]):
            row, col = divmod(index, config.columns)
            board = position.board()
            board.replace_blank(row, col, owner=position.player)
            after = replace(position, cells=tuple(board.cells), owners=tuple(board.owners),
                            rack=after_rack)
            best = (PickUpBlank(row, col), gain, after)
    return best


# --- challenges --------------------------------------------------------------------------------
def phonies(words: Sequence[str], lexicon: Container[str]) -> list[str]:
    """The words not in ``lexicon``."""
    return [w for w in words if w not in lexicon]


def should_challenge(game: Game, player: int | None = None) -> bool:
    """Would computer ``player`` (default: the player to move) challenge the last play?
    Computer players know the game's lexicon, so they challenge exactly when a word of it
    is not there."""
    if not game.can_challenge(player):
        return False
    last: Turn = game.history[-1]
    return bool(phonies(last.words, game.words))


def computer_challenger(game: Game) -> int | None:
    """The computer player who challenges the last play now, if any: the player to move
    first, then - where any player may challenge (WORDwhami rule 5) - the others in turn
    order after the one who played, so a phony is caught even when the next player is a
    person who lets it stand."""
    challengers = game.challengers()
    if not challengers:
        return None
    seats = len(game.players)
    last = game.history[-1].player
    order = [game.current] + [(last + step) % seats for step in range(1, seats)]
    for seat in dict.fromkeys(order):
        if seat in challengers and game.players[seat].computer and should_challenge(game, seat):
            return seat
    return None
