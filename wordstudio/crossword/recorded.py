"""Games whose tiles come from a record instead of the seeded bag.

A game started in WordStudio is its setup plus its actions: the seed decides every draw,
so replaying the actions reproduces it.  A WordsWorth saved game (seed 001, Appendix B)
carries no seed; it lists the racks each player started with and the tiles every move
drew.  :class:`RecordedGame` replays such a game exactly: the starting racks are the
recorded ones and each recorded draw takes exactly the recorded tiles out of the bag.
Draws the record does not cover (moves made after loading) come from the seeded bag as
usual, so the game goes on normally.

This is a subclass of :class:`~wordstudio.crossword.game.Game` rather than a change to
it: the only difference is where tiles come from.  It depends on two things the game
does: ``_reset`` builds a fresh bag and racks (undo replays from there), and every
action appends exactly one entry to ``history`` (so the entry count while an action is
being applied is that action's index in the record).

:class:`ReplayClock` lets a loader replay actions through ``Game.act`` with the recorded
thinking times, then hands over to the real clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Container, Mapping, Sequence

from wordstudio.crossword.actions import Action, Turn
from wordstudio.crossword.game import Game, GameSetup
from wordstudio.crossword.gameconfig import TileSet
from wordstudio.crossword.rules import IllegalMove
from wordstudio.crossword.tiles import BLANK, Bag, Rack, TileError


class DrawMismatch(IllegalMove):
    """A recorded draw that the game cannot make (wrong count, or tiles not in the bag)."""


def tiles_text(tiles: Sequence[str]) -> str:
    """Tiles as one word for messages (``?`` a blank, ``nothing`` for none)."""
    return "".join(tiles) if tiles else "nothing"


class RecordedBag(Bag):
    """A bag that hands out recorded tiles for the draws a record covers.

    ``recorded()`` returns the tiles the action being applied drew according to the
    record, or None when the record does not say (then the draw is random as usual).
    """

    def __init__(self, tiles: TileSet, seed: int, unlimited: bool,
                 recorded: Callable[[], tuple[str, ...] | None]) -> None:
        super().__init__(tiles, seed, unlimited=unlimited)
        self._recorded = recorded

    def draw(self, n: int) -> list[str]:
        wanted = self._recorded()
        if wanted is None:
            return super().draw(n)
        due = min(n, len(self.tiles))
        if len(wanted) != due:
            raise DrawMismatch(
                f"the record says {tiles_text(wanted)} was drawn, but {due} tile(s) were "
                "due")
        try:
            self.take(wanted)
        except TileError:
            missing = [t for t in wanted if wanted.count(t) > self.tiles.count(t)]
            shown = "a blank" if missing[0] == BLANK else missing[0]
            raise DrawMismatch(
                f"the record says {tiles_text(wanted)} was drawn, but the bag holds no "
                f"{'more ' if missing[0] in self.tiles else ''}{shown}") from None
        return list(wanted)


class RecordedGame(Game):
    """A game whose starting racks and (some) draws are given by a record.

    ``racks`` are the racks in seat order at the start (after any starting-board tiles
    are taken from the bag); ``draws`` maps an action's index in the record to the tiles
    it drew.  Raises DrawMismatch (an IllegalMove) when the racks cannot be taken from
    the bag.  A new action taken after an undo discards the record's draws for the
    actions it replaces, just as it discards the redo line.
    """

    def __init__(self, setup: GameSetup, words: Container[str], racks: Sequence[Sequence[str]],
                 draws: Mapping[int, Sequence[str]],
                 now: Callable[[], float] = time.monotonic) -> None:
        self.recorded_racks: tuple[tuple[str, ...], ...] = tuple(tuple(r) for r in racks)
        self.recorded_draws: dict[int, tuple[str, ...]] = {
            index: tuple(tiles) for index, tiles in draws.items()}
        if len(self.recorded_racks) != len(setup.players):
            raise DrawMismatch(f"the record gives {len(self.recorded_racks)} racks for "
                               f"{len(setup.players)} players")
        super().__init__(setup, words, now)

    def _reset(self) -> None:
        super()._reset()
        config = self.config
        bag = RecordedBag(config.tiles, self.setup.seed, config.unlimited_tiles,
                          self._draw_for_current_action)
        # The same starting-board take as Game._reset, on the new bag.
        bag.take("?" if blank else letter for _, _, letter, blank in self.board.tiles())
        for player, rack in enumerate(self.recorded_racks):
            due = min(config.rack_size, len(bag))
            if len(rack) != due:
                raise DrawMismatch(f"the starting rack {tiles_text(rack)} should hold {due} "
                                   "tiles")
            try:
                bag.take(rack)
            except TileError:
                raise DrawMismatch(
                    f"the starting rack {tiles_text(rack)} holds tiles the bag does not "
                    "have") from None
            self.racks[player] = Rack(rack)
        self.bag = bag

    def _draw_for_current_action(self) -> tuple[str, ...] | None:
        # While an action is applied, the history holds one entry per earlier action.
        return self.recorded_draws.get(len(self.history))

    def act(self, action: Action) -> Turn:
        if not self.can_redo():
            return super().act(action)
        # A new action replaces the redo line, and with it the draws recorded for it;
        # they are kept if the action turns out to be illegal (the redo line stays too).
        kept = self.recorded_draws
        self.recorded_draws = {k: v for k, v in kept.items() if k < self.ply}
        try:
            return super().act(action)
        except BaseException:
            self.recorded_draws = kept
            raise


class ReplayClock:
    """A clock a loader drives while it replays actions, then the real one.

    While replaying, :meth:`set_turn_time` makes the running turn's elapsed time exactly
    the recorded seconds (by restarting the turn at zero and reading ``seconds``), so
    ``Game.act`` records the same time as the original game.  :meth:`go_live` hands over
    to ``now`` for the rest of the game (undo replays stored times, never the clock).
    """

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._live = False
        self._value = 0.0

    def __call__(self) -> float:
        return self._now() if self._live else self._value

    def set_turn_time(self, game: Game, seconds: float) -> None:
        if game.clocks.turn_started is not None:
            game.clocks.turn_started = 0.0
            game.clocks.paused_at = None
        self._value = seconds

    def go_live(self, game: Game) -> None:
        """From now on read the real clock; the player to move starts his turn now."""
        self._live = True
        if game.clocks.turn_started is not None:
            game.clocks.start_turn()
