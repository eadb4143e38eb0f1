"""Word War computer players.

A computer player is asked, each time a card is up, where to write it (or whether to
pass).  It knows its own grid, the card, which cards are still in the draw pile (the
discards are face up) and how full the other grids are, which says roughly how many
cards the round has left: it ends when the first grid is full.

Strengths, weakest first:

* ``random`` - writes every card on a random empty square (a baseline);
* ``greedy`` - writes every card where it scores most at once, anywhere when nothing
  scores (a baseline, and the "beginner" level);
* ``intermediate`` - also weighs how promising each line stays
  (:mod:`wordstudio.wordwar.evaluation`), one card at a time;
* ``advanced`` and ``expert`` - Monte Carlo look-ahead: for the most promising
  placements (and for passing, when that does not put off the end of the round) the
  next cards are played out many times over random orders of the unseen cards (the
  same orders for every candidate, so their differences are measured precisely),
  continuing with the ``intermediate`` judgement, and the rest of the round is
  estimated by that judgement; the choice with the best mean final score wins.  This is
  the "maximise the expected final score given the cards still to come" player;
  ``expert`` looks at more candidates, more orders and further ahead.

No strength ever writes a letter that completes a slur or an offensive word in its grid
(issue 24): such placements are never chosen (passing is always allowed), and the words
are worth nothing to its judgement, so it does not build towards them.

:func:`choose_placement` is a top-level function of picklable arguments so the window can
run it in a worker process; it honours a :class:`~wordstudio.control.SearchControl`:
stopping early returns the best choice found so far.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.lexicon.offensive import longest_offensive, offensive_words
from wordstudio.wordwar.boards import BLACK, EMPTY, Grid
from wordstudio.wordwar.deck import ALPHABET, WILD, DeckSpec
from wordstudio.wordwar.disputes import scorer_with_verdicts, verdicts
from wordstudio.wordwar.evaluation import Judgement, LineEvaluator, judgement_for
from wordstudio.wordwar.game import Placement, WordWarGame
from wordstudio.wordwar.scoring import WordScorer


@dataclass(frozen=True)
class Strength:
    """A named computer-player setting."""

    name: str
    label: str
    #: "random", "greedy", "heuristic" or "lookahead".
    policy: str
    #: Look-ahead: placements examined (besides passing) and play-outs per placement.
    candidates: int = 0
    rollouts: int = 0
    #: Cards played out before the judgement estimates the rest (0: to the round's end).
    depth: int = 0


STRENGTHS: dict[str, Strength] = {
    s.name: s for s in (
        Strength("random", "Random (baseline)", "random"),
        Strength("greedy", "Beginner (greedy)", "greedy"),
        Strength("intermediate", "Intermediate", "heuristic"),
        Strength("advanced", "Advanced", "lookahead", candidates=4, rollouts=12, depth=8),
        Strength("expert", "Expert", "lookahead", candidates=6, rollouts=24, depth=12),
    )
}
#: Strengths offered in the new-game dialog (the random baseline is for benchmarks).
PLAYABLE_STRENGTHS = ("greedy", "intermediate", "advanced", "expert")


def strength(name: str) -> Strength:
    try:
        return STRENGTHS[name]
    except KeyError:
        raise ValueError(f"unknown computer strength {name!r}; "
                         f"choose one of {', '.join(STRENGTHS)}") from None


@dataclass(frozen=True)
class Situation:
    """What a player knows when a card is up: all a computer player is given."""

    grid: Grid
    card: str
    #: The draw pile's cards, A-Z then WILD (the order is unknown).
    unseen: tuple[int, ...]
    deck: DeckSpec
    #: Empty squares on each other player's grid.
    rivals_empty: tuple[int, ...]
    lexicon: str
    #: Seeds the player's own randomness, so a replayed game plays the same.
    seed: str
    #: The players' rulings on disputed words so far, as (word, accepted).
    verdicts: tuple[tuple[str, bool], ...] = ()

    @classmethod
    def of(cls, game: WordWarGame, player: int) -> Situation:
        """The situation of ``player`` in ``game`` while a card is up."""
        if game.card is None or game.deck is None:
            raise ValueError("no card is up")
        pile = game.deck.unseen()
        unseen = tuple(pile.get(letter, 0) for letter in ALPHABET) + (pile.get(WILD, 0),)
        rivals = tuple(g.empty_count for p, g in enumerate(game.grids) if p != player)
        seed = f"{game.seed}:{game.round_index}:{game.cards_turned}:{player}"
        return cls(game.grids[player], game.card, unseen, game.deck_spec, rivals,
                   game.lexicon, seed, verdicts(game.rulings))


# --- a fast, mutable view of one grid --------------------------------------------------------
class _Shape:
    """The segments (runs of two or more open squares) of a grid shape."""

    def __init__(self, grid: Grid) -> None:
        width = grid.width
        self.width = width
        self.size = grid.height * width
        segments: list[list[int]] = []
        for across in (True, False):
            lines = grid.rows if across else grid.columns()
            for line_index, text in enumerate(lines):
                run: list[int] = []
                for k, ch in enumerate(text + BLACK):
                    if ch != BLACK:
                        run.append(line_index * width + k if across else k * width + line_index)
                    else:
                        if len(run) >= 2:
                            segments.append(run)
                        run = []
        self.segments = segments
        where: list[list[tuple[int, int]]] = [[] for _ in range(self.size)]
        for seg, cells in enumerate(segments):
            for pos, cell in enumerate(cells):
                where[cell].append((seg, pos))
        self.where = where


class _Position:
    """One grid as flat cells plus its segment texts, cheap to copy and to change."""

    __slots__ = ("shape", "cells", "texts", "empties")

    def __init__(self, shape: _Shape, cells: list[str], texts: list[str],
                 empties: list[int]) -> None:
        self.shape = shape
        self.cells = cells
        self.texts = texts
        self.empties = empties

    @classmethod
    def of(cls, grid: Grid) -> _Position:
        shape = _Shape(grid)
        cells = [ch for row in grid.rows for ch in row]
        texts = ["".join(cells[c] for c in seg) for seg in shape.segments]
        empties = [k for k, ch in enumerate(cells) if ch == EMPTY]
        return cls(shape, cells, texts, empties)

    def copy(self) -> _Position:
        return _Position(self.shape, self.cells[:], self.texts[:], self.empties[:])

    def write(self, cell: int, letter: str) -> None:
        self.cells[cell] = letter
        self.empties.remove(cell)
        texts = self.texts
        for seg, pos in self.shape.where[cell]:
            text = texts[seg]
            texts[seg] = text[:pos] + letter + text[pos + 1:]

    def final_score(self, scorer: WordScorer) -> int:
        """The grid's score if the round ended now (segments hold all the words)."""
        points = scorer.line_points
        return sum(points(text) for text in self.texts) - len(self.empties)

    def to_grid(self) -> Grid:
        w = self.shape.width
        return Grid(tuple("".join(self.cells[r:r + w]) for r in range(0, self.shape.size, w)))


# --- one-card policies --------------------------------------------------------------------
#: How a policy values a segment text: its memo and the function that fills it.
Valuer = tuple[dict[str, Any], Callable[[str], Any]]


def _points_valuer(scorer: WordScorer) -> Valuer:
    return scorer.points_cache, scorer.line_points


def _judgement_valuer(evaluator: LineEvaluator) -> Valuer:
    return evaluator.cache, evaluator.value


def _letters_for(card: str) -> Sequence[str]:
    return ALPHABET if card == WILD else (card,)


def _gains(position: _Position, card: str, valuer: Valuer) -> list[tuple[float, int, str]]:
    """Every (gain, cell, letter) for the card: how much each placement raises the sum of
    the segment values.  The hot loop of every computer player, so written out flat."""
    cache, compute = valuer
    texts = position.texts
    where = position.shape.where
    before: dict[int, float] = {}
    options = []
    for letter in _letters_for(card):
        for cell in position.empties:
            gain = 0.0
            for seg, pos in where[cell]:
                text = texts[seg]
                new = text[:pos] + letter + text[pos + 1:]
                value = cache.get(new)
                if value is None:
                    value = compute(new)
                old = before.get(seg)
                if old is None:
                    old = before[seg] = compute(text)
                gain += value - old
            options.append((gain, cell, letter))
    return options


def _ranked(position: _Position, card: str, valuer: Valuer) -> list[tuple[float, int, str]]:
    """Every (gain, cell, letter) for the card, best first."""
    return sorted(_gains(position, card, valuer), key=lambda option: -option[0])


def _best(position: _Position, card: str, valuer: Valuer, rng: random.Random) -> tuple[int, str]:
    """The placement with the highest gain, ties broken at random."""
    return _pick(_gains(position, card, valuer), rng)


def _decent_best(position: _Position, card: str, valuer: Valuer,
                 rng: random.Random) -> tuple[int, str] | None:
    """The best placement that completes no offensive word (None when there is none)."""
    options = [option for option in _gains(position, card, valuer)
               if not completes_offensive(position, option[1], option[2])]
    return _pick(options, rng) if options else None


def _pick(options: list[tuple[float, int, str]], rng: random.Random) -> tuple[int, str]:
    top = max(option[0] for option in options)
    best = [(cell, letter) for gain, cell, letter in options if gain > top - 1e-9]
    return best[0] if len(best) == 1 else rng.choice(best)


def _random_choice(position: _Position, card: str, rng: random.Random) -> tuple[int, str] | None:
    cell = rng.choice(position.empties)
    letter = rng.choice(ALPHABET) if card == WILD else card
    if not completes_offensive(position, cell, letter):
        return cell, letter
    decent = [(cell, letter) for letter in _letters_for(card) for cell in position.empties
              if not completes_offensive(position, cell, letter)]
    return rng.choice(decent) if decent else None


def completes_offensive(position: _Position, cell: int, letter: str) -> bool:
    """Whether writing ``letter`` in ``cell`` completes an offensive word in its row or
    column (:mod:`wordstudio.lexicon.offensive`)."""
    shunned = offensive_words()
    longest = longest_offensive()
    if not shunned:
        return False
    texts = position.texts
    for seg, pos in position.shape.where[cell]:
        text = texts[seg]
        new = text[:pos] + letter + text[pos + 1:]
        for start in range(max(0, pos - longest + 1), pos + 1):
            for end in range(max(pos + 1, start + 2), min(len(new), start + longest) + 1):
                if new[start:end] in shunned:
                    return True
    return False


@lru_cache(maxsize=8)
def decent_scorer(scorer: WordScorer) -> WordScorer:
    """``scorer`` without the offensive words: what a computer player's judgement counts
    (it never completes one, so they would never score for it)."""
    shunned = offensive_words() & scorer.words
    if not shunned:
        return scorer
    return WordScorer(scorer.words - shunned, name=f"{scorer.name} (without offensive words)")


def cards_left_in_round(situation: Situation, passing: bool = False) -> int:
    """How many more cards, after this one, the player expects to write this round.

    The round ends when the first grid is full: a rival fills his after as many cards as
    he has empty squares (if he writes every card), this player after his own count, one
    later if he passes now.
    """
    own = situation.grid.empty_count + (1 if passing else 0)
    ending = min((own, *situation.rivals_empty))
    return max(0, ending - 1)


# --- look-ahead ----------------------------------------------------------------------------
def _card_orders(situation: Situation, length: int, count: int,
                 rng: random.Random) -> list[list[str]]:
    """``count`` random futures: the draw pile in random order, then reshuffled decks."""
    pile = [letter for letter, n in zip(ALPHABET, situation.unseen, strict=False)
            for _ in range(n)] + [WILD] * situation.unseen[26]
    full = situation.deck.cards()
    orders = []
    for _ in range(count):
        order = pile[:]
        rng.shuffle(order)
        while len(order) < length:
            # When the pile runs out the discards - by then the whole deck - are reshuffled.
            extra = full[:]
            rng.shuffle(extra)
            order.extend(extra)
        orders.append(order[:length])
    return orders


def _play_out(position: _Position, order: Sequence[str], judgement: Judgement,
              rng: random.Random, depth: int) -> float:
    """Play ``order`` with the one-card judgement and say how the round should end.

    With ``depth`` 0 the whole order is played and the result is the final score.
    Otherwise only ``depth`` cards are played and the rest is estimated by the judgement:
    the segment values for the cards then left, less a point for each square those cards
    cannot fill.  Shallow play-outs are much cheaper and, as every candidate is judged the
    same way, they still rank candidates well.
    """
    remaining = len(order)
    played = order if depth <= 0 else order[:depth]
    for card in played:
        if not position.empties:
            break
        remaining -= 1
        cell, letter = _best(position, card, _judgement_valuer(judgement.at(remaining)), rng)
        position.write(cell, letter)
    if remaining <= 0 or not position.empties:
        return position.final_score(judgement.scorer)
    value = judgement.at(remaining).value
    unfilled = max(0, len(position.empties) - remaining)
    return sum(value(text) for text in position.texts) - unfilled


def _lookahead(situation: Situation, position: _Position, setting: Strength,
               judgement: Judgement, rng: random.Random,
               control: SearchControl) -> tuple[int, str] | None:
    place_after = cards_left_in_round(situation)
    pass_after = cards_left_in_round(situation, passing=True)
    ranked = [option for option in
              _ranked(position, situation.card, _judgement_valuer(judgement.at(place_after)))
              if not completes_offensive(position, option[1], option[2])]
    candidates: list[tuple[int, str] | None] = [(cell, letter) for _, cell, letter
                                                in ranked[:setting.candidates]]
    # Passing is weighed only when it does not put off the end of the round (a rival
    # will end it first anyway).  Otherwise waiting for better cards costs nothing, and
    # a computer on its own would wait for ideal cards for ever: the rules allow that,
    # but nobody wants to watch it.
    if pass_after == place_after or not candidates:
        candidates.append(None)
    if len(candidates) == 1:
        return candidates[0]
    orders = _card_orders(situation, max(place_after, pass_after), setting.rollouts, rng)
    totals = [0.0] * len(candidates)
    for number, order in enumerate(orders):
        if number and control.should_stop():
            # Every candidate has had the same orders so far: the means stay comparable.
            break
        for k, candidate in enumerate(candidates):
            trial = position.copy()
            if candidate is None:
                future = order[:pass_after]
            else:
                trial.write(*candidate)
                future = order[:place_after]
            # The same order (and the same tie-breaking) for every candidate: common
            # random numbers make the comparison far sharper than independent samples.
            totals[k] += _play_out(trial, future, judgement, random.Random(number),
                                   setting.depth)
        control.report((number + 1) / len(orders), f"{number + 1} of {len(orders)} play-outs")
    best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
    return candidates[best]


def choose_placement(situation: Situation, strength_name: str = "expert", *,
                     control: SearchControl = NULL_CONTROL,
                     scorer: WordScorer | None = None) -> Placement | None:
    """Where a computer player of ``strength_name`` writes the card; None to pass."""
    setting = strength(strength_name)
    position = _Position.of(situation.grid)
    if not position.empties:
        return None
    rng = random.Random(situation.seed)
    scorer = decent_scorer(scorer or scorer_with_verdicts(situation.lexicon, situation.verdicts))
    choice: tuple[int, str] | None
    if setting.policy == "random":
        choice = _random_choice(position, situation.card, rng)
    elif setting.policy == "greedy":
        choice = _decent_best(position, situation.card, _points_valuer(scorer), rng)
    else:
        judgement = judgement_for(scorer)
        if setting.policy == "heuristic":
            evaluator: LineEvaluator = judgement.at(cards_left_in_round(situation))
            choice = _decent_best(position, situation.card, _judgement_valuer(evaluator), rng)
        else:
            choice = _lookahead(situation, position, setting, judgement, rng, control)
    if choice is None:
        return None
    cell, letter = choice
    width = position.shape.width
    return Placement(cell // width, cell % width, letter)
