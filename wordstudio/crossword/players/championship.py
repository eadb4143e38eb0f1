"""The Championship player (level 9): level 8's judgement, then a look-ahead.

Its turn: level 8's static decision first (it is instant, and it is the answer whenever
the look-ahead does not apply - a blank pick-up, a game without racks, WORDwhami's
scoring); then :func:`~.analysis.analyse` for the style's thinking time - simulation
while the bag has tiles, the exact end-game solver once it is empty - and the best
candidate is played.  Stopped early ("play now", a turn clock), it plays the best
candidate so far.  After :data:`STUCK_ROUNDS` rounds without a score it does not swap
(as every computer player: a dead board must end).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from wordstudio.control import SearchControl
from wordstudio.crossword.actions import Pass, PickUpBlank
from wordstudio.crossword.players.analysis import Analysis, CandidateAnalysis, analyse
from wordstudio.crossword.players.base import Candidate, Decision
from wordstudio.crossword.players.knobs import PlayerStyle
from wordstudio.crossword.players.simulate import applies
from wordstudio.crossword.position import Position

#: Rounds without a score after which exchanges are no longer considered.
STUCK_ROUNDS = 3

#: The static player the Championship player starts from: (position, style) -> decision.
StaticPlayer = Callable[[Position, PlayerStyle], Decision]


def decide(position: Position, style: PlayerStyle, control: SearchControl, top: int,
           static: StaticPlayer) -> Decision:
    """The Championship player's decision (module docstring).  Its thinking time counts
    from the start of the turn: the static decision's time is spent from it."""
    started = time.monotonic()
    # Where the look-ahead follows, level 8's own searches (the end-game solver, the
    # replies) would only spend its time: the static choice is then a fallback.
    searched = applies(position) and not position.pickups_this_turn
    first = static(position, replace(style, think=0.0, endgame=style.endgame and not searched))
    if (not applies(position) or position.pickups_this_turn
            or isinstance(first.action, PickUpBlank) or first.follow_up):
        return first
    analysis = analyse(position, style.think, top=max(top, 1), control=control,
                       started=started)
    chosen = _choice(analysis, position)
    if chosen is None:
        return first
    return Decision(chosen.action, _candidates(analysis), analysis.iterations)


def _choice(analysis: Analysis, position: Position) -> CandidateAnalysis | None:
    stuck = position.scoreless_streak >= STUCK_ROUNDS * position.players
    for row in analysis.candidates:
        if stuck and isinstance(row.action, Pass) and row.action.discards:
            continue
        return row
    return None


def _candidates(analysis: Analysis) -> tuple[Candidate, ...]:
    """The plays among the analysed candidates, valued by their simulated spread."""
    return tuple(Candidate(row.move, row.score, row.spread) for row in analysis.candidates
                 if row.move is not None)
