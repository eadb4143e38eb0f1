"""The practice aid: does a player's puzzle still have a solution, and what is one?

Run off the GUI thread (it searches the whole lexicon on big lists), so it takes a
picklable :class:`~.rules.Position` and returns a plain value.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordstudio.wordforword.rules import Position
from wordstudio.wordforword.solver import fewest_open_words, graph_for, shortest_chain


@dataclass(frozen=True)
class PracticeAid:
    """What the aid shows for one player's puzzle."""

    seat: int
    turn: int
    #: A shortest chain in the lexicon as it is now; empty when there is no solution.
    chain: tuple[str, ...]
    #: How few words not yet saved a solution needs (0: a Win is possible now).
    still_to_save: int | None
    #: A chain needing only that many words not yet saved.
    cheapest: tuple[str, ...]

    @property
    def solvable(self) -> bool:
        return bool(self.chain)


def practice_aid(position: Position, seat: int) -> PracticeAid:
    """The aid for ``seat``'s puzzle in ``position``."""
    graph = graph_for(position.words)
    start = position.puzzles[seat]
    chain = shortest_chain(graph, start, position.common, without=position.deleted) or []
    cheapest = fewest_open_words(graph, start, position.common, without=position.deleted,
                                 saved=position.saved)
    return PracticeAid(
        seat=seat, turn=position.turn, chain=tuple(chain),
        still_to_save=None if cheapest is None else cheapest[0],
        cheapest=() if cheapest is None else tuple(cheapest[1]))
