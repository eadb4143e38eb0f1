"""Which tiles each player drew, worked out from a record that gives racks, not draws.

A GCG record gives the rack each player held before each move, and programs that record
one player's games give the opponent's rack as only the tiles played (or not at all).
The game engine replays a game from its draws (``GameSetup.scripted_draws``), so the
draws have to be found: :func:`plan_draws` goes through the moves in order, keeping the
bag and every rack, and at each draw takes

1. the tiles the player's next known rack needs that the tiles kept do not hold;
2. when that rack is not known in full, tiles the player shows later (in the order he
   needs them), then tiles nobody ever shows, then tiles another player needs latest;

so a record that gives every rack is replayed exactly, and one that gives only the
tiles played gets racks that agree with everything it does give.  An exchange given as a
number of tiles returns the tiles the player's next known rack does not need.

Racks in real records do not always add up: an annotator writes a placeholder
(``EEEEEEE``), only the tiles played, or a rack that lacks a tile its own play uses.
What a play or an exchange puts down is certain; the racks are not.  So before each
action the tiles it uses, and then the rack the record gives, are *reconciled*: a tile
the rack lacks is found in the bag and put in place of a tile the player drew earlier and
still holds unused (the earlier draw is changed, where the bag held that tile all the
time since).  Only what still does not fit is a problem the replay names.

Racks and tile counts are :class:`collections.Counter` values; ``?`` is a blank.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

Tiles = Counter[str]


@dataclass(frozen=True)
class Step:
    """One action of the record as the tiles see it.

    ``kind`` is ``play`` (``used`` leaves the rack; the player then draws), ``exchange``
    (``used`` tiles go back after the draw, or ``count`` unknown ones), ``withdraw`` (the
    player's last play comes back to his rack and its draw goes back to the bag) or
    ``none`` (passes, challenges, penalties).  ``known`` is the rack the record gives
    before the action (maybe only part of it).
    """

    seat: int
    kind: str
    used: Tiles = field(default_factory=Counter)
    count: int = 0
    known: Tiles = field(default_factory=Counter)


@dataclass
class DrawPlan:
    """The draws in the order the game makes them, the tiles each unknown exchange
    returned (by step), the racks before each step, and the steps whose tiles the rack
    could not hold (the replay names them)."""

    draws: list[tuple[str, ...]]
    exchanged: dict[int, tuple[str, ...]]
    racks_before: list[Tiles]
    problems: list[tuple[int, str]]
    #: Exchanges whose tiles the record names but no rack can have held (an annotator's
    #: placeholder, ``-EEEEE``): planned as exchanges of that many unknown tiles.
    unnamed: list[int] = field(default_factory=list)
    #: The tiles each problem's step lacked.
    missing: list[tuple[int, Tiles]] = field(default_factory=list)
    #: Withdrawn plays whose tiles no rack can have held with the tiles the same player
    #: uses next (no draw between: the withdrawn tiles come back to the rack): planned as
    #: plays of tiles not known, which leave the rack as it was.  Each is (the play's
    #: step, its withdrawal's step, the step that could not be made).
    unknown_plays: list[tuple[int, int, int]] = field(default_factory=list)


#: Steps planned in all when a plan falls short and other readings are tried (each try
#: plans the whole game again): a real game of 30-60 steps gets dozens of tries, a
#: damaged file of a thousand exchanges none, so reading it stays quick.
TRIAL_STEPS = 2_400


def plan_draws(steps: Sequence[Step], tiles: Tiles, seats: int, rack_size: int,
               finals: dict[int, Tiles]) -> DrawPlan:
    """Draws that give every rack the record shows (see the module docstring).

    ``tiles`` is the whole tile set less what is on the board from the start; ``finals``
    the racks the record gives at the end, by seat.  When a play still lacks its tiles,
    the exchanges before it that named those tiles are taken for placeholders, and the
    plays the same player withdrew since his last draw for plays of tiles not known (the
    withdrawn tiles came back to his rack, so they and the tiles he plays next were held
    together), one at a time, latest first, while that helps.
    """
    steps = list(steps)
    plan = _Planner(steps, tiles, seats, rack_size, finals).run()
    unnamed: list[int] = []
    unknown: list[tuple[int, int, int]] = []
    tried: set[int] = set()
    trials = TRIAL_STEPS // max(1, len(steps))
    aside_trials = seats + 1
    while plan.missing and len(tried) < trials - aside_trials:
        index, missing = plan.missing[0]
        withdrawn = _withdrawn_since_draw(steps, index)
        suspects = [i for i in range(index, -1, -1) if i not in tried and (
            i in withdrawn or steps[i].kind == "exchange" and steps[i].used & missing)]
        if not suspects:
            break
        suspect = suspects[0]
        tried.add(suspect)
        trial = list(steps)
        step = steps[suspect]
        if suspect in withdrawn:
            # Nothing of the play is known but that it was made and taken back: no tiles
            # leave the rack, none are drawn, and the rack given with it is set aside.
            trial[suspect] = trial[withdrawn[suspect]] = Step(step.seat, "none")
        else:
            trial[suspect] = Step(step.seat, "exchange", count=sum(step.used.values()))
        again = _Planner(trial, tiles, seats, rack_size, finals).run()
        if _fewer(again, plan):
            steps, plan = trial, again
            if suspect in withdrawn:
                unknown.append((suspect, withdrawn[suspect], index))
            else:
                unnamed.append(suspect)
    plan.unnamed = sorted(unnamed)
    plan.unknown_plays = sorted(unknown)
    if plan.missing and trials >= aside_trials:
        # Still short: the racks the record gives cannot all be right together.  Only
        # what was played and exchanged is certain: one player's racks, then everyone's,
        # are set aside, and the plan that fits the most racks given is kept (the replay
        # names each recorded rack that differs).
        best = plan
        for aside in [{seat} for seat in range(seats)] + [set(range(seats))]:
            bare = [Step(step.seat, step.kind, step.used, step.count) if step.seat in aside
                    else step for step in steps]
            finals_kept = {s: f for s, f in finals.items() if s not in aside}
            again = _Planner(bare, tiles, seats, rack_size, finals_kept).run()
            if _fewer(again, best) or (not again.problems and not best.problems and
                                       _misfits(again, steps) < _misfits(best, steps)):
                best = again
        best.unnamed = plan.unnamed
        best.unknown_plays = plan.unknown_plays
        return best
    return plan


def _withdrawn_since_draw(steps: Sequence[Step], index: int) -> dict[int, int]:
    """The plays the player of step ``index`` withdrew since he last drew (by the play's
    step, each to its withdrawal's step): the rack he withdrew each from is the one he
    holds at ``index``."""
    seat = steps[index].seat
    found: dict[int, int] = {}
    withdrawal: int | None = None
    for i in range(index - 1, -1, -1):
        step = steps[i]
        if step.kind == "withdraw":
            withdrawal = i if step.seat == seat else None
        elif step.kind == "play" and withdrawal is not None:
            if step.seat != seat:
                break
            found[i] = withdrawal
            withdrawal = None
        elif step.seat == seat and step.kind in ("play", "exchange"):
            break  # he drew here
    return found


def _misfits(plan: DrawPlan, steps: Sequence[Step]) -> int:
    """How many racks the record gives the plan does not give."""
    return sum(1 for step, rack in zip(steps, plan.racks_before, strict=True)
               if step.known and step.known - rack)


def _fewer(new: DrawPlan, old: DrawPlan) -> bool:
    """True when ``new`` has fewer problems, or its first comes later."""
    if len(new.problems) != len(old.problems):
        return len(new.problems) < len(old.problems)
    return bool(new.problems) and new.problems[0][0] > old.problems[0][0]


class _Planner:
    def __init__(self, steps: Sequence[Step], tiles: Tiles, seats: int, rack_size: int,
                 finals: dict[int, Tiles]) -> None:
        self.steps = list(steps)
        self.bag: Tiles = Counter(tiles)
        self.racks: list[Tiles] = [Counter() for _ in range(seats)]
        self.rack_size = rack_size
        self.finals = finals
        self.draws: list[tuple[str, ...]] = []
        self.exchanged: dict[int, tuple[str, ...]] = {}
        self.before: list[Tiles] = []
        self.problems: list[tuple[int, str]] = []
        self.missing: list[tuple[int, Tiles]] = []
        #: Per seat, the steps where that seat acts (indices into ``steps``).
        self.turns: list[list[int]] = [[] for _ in range(seats)]
        for index, step in enumerate(self.steps):
            self.turns[step.seat].append(index)
        self.last_draw: dict[int, tuple[str, ...]] = {}
        self.last_index: dict[int, int] = {}
        #: The step being worked on.
        self.now = -1
        #: Where each tile on a rack came from: (tile, index of its draw), or (tile, -1)
        #: for a tile that came back from the board (a withdrawn play), which stays.
        self.origin: list[Counter[tuple[str, int]]] = [Counter() for _ in range(seats)]
        #: The bag after each change, and the first of these after each draw: a draw
        #: may take another tile when the bag held it from then on.
        self.history: list[Tiles] = []
        self.history_at: list[int] = []
        #: ``suffix[i]``: every tile shown from step ``i`` on (used, or held at the end).
        self.suffix: list[Tiles] = [Counter() for _ in range(len(self.steps) + 1)]
        for final in finals.values():
            self.suffix[-1].update(final)
        for index in range(len(self.steps) - 1, -1, -1):
            self.suffix[index] = self.suffix[index + 1] + self.steps[index].used

    def run(self) -> DrawPlan:
        for seat in range(len(self.racks)):
            self._draw(seat, self.rack_size, after=-1)
        for index, step in enumerate(self.steps):
            self.now = index
            rack = self.racks[step.seat]
            if step.kind in ("play", "exchange", "none"):
                self._reconcile(step.seat, step.used, step.known | step.used)
            self.before.append(Counter(rack))
            if step.kind == "play":
                self._take_from_rack(index, step.used)
                self.last_draw[step.seat] = self._draw(
                    step.seat, self.rack_size - sum(rack.values()), after=index)
            elif step.kind == "exchange":
                returned = step.used if step.used else self._unwanted(index, step.count)
                self.exchanged[index] = tuple(sorted(returned.elements()))
                self._take_from_rack(index, returned)
                self._draw(step.seat, sum(returned.values()), after=index)
                self.bag.update(returned)
                self._changed()
            elif step.kind == "withdraw":
                self._withdraw(index)
        self.now = len(self.steps)
        for seat, final in sorted(self.finals.items()):
            if 0 <= seat < len(self.racks):
                self._reconcile(seat, Counter(), final)
        return DrawPlan(self.draws, self.exchanged, self._racks_before(), self.problems,
                        missing=self.missing)

    def _racks_before(self) -> list[Tiles]:
        """The rack before each step as the final draws give it (reconciling changes
        earlier draws, so the racks are worked out again from them)."""
        draws = iter(self.draws)
        racks = [Counter(next(draws, ())) for _ in self.racks]
        last: dict[int, Tiles] = {}
        out = []
        for index, step in enumerate(self.steps):
            rack = racks[step.seat]
            out.append(Counter(rack))
            if step.kind in ("play", "exchange"):
                given = step.used if step.kind == "play" else Counter(self.exchanged[index])
                rack.subtract(given)
                last[step.seat] = Counter(next(draws, ()))
                rack.update(last[step.seat])
                racks[step.seat] = +rack
            elif step.kind == "withdraw" and step.seat in last:
                play = next(i for i in range(index - 1, -1, -1) if self.steps[i].kind == "play")
                if self.steps[play].seat == step.seat:
                    racks[step.seat] = +(rack - last[step.seat] + self.steps[play].used)
        return out

    # --- the moves ----------------------------------------------------------------------
    def _take_from_rack(self, index: int, used: Tiles) -> None:
        rack = self.racks[self.steps[index].seat]
        missing = used - rack
        if missing:
            self.problems.append((index, "the rack cannot hold " + _text(missing)))
            self.missing.append((index, missing))
            # Keep going with what there is; the game's own check will name the move.
        rack.subtract(used)
        for tile in [t for t, n in rack.items() if n <= 0]:
            del rack[tile]
        self._forget_origin(self.steps[index].seat, used)

    def _forget_origin(self, seat: int, tiles: Tiles, draw: int | None = None) -> None:
        """Tiles leave ``seat``'s rack: those of ``draw`` when given, else the earliest
        drawn (the latest stay, as they can be changed most easily)."""
        origin = self.origin[seat]
        for tile, count in tiles.items():
            for _ in range(count):
                held = sorted(d for t, d in origin.elements() if t == tile)
                if not held:
                    break
                chosen = draw if draw is not None and draw in held else held[0]
                origin[(tile, chosen)] -= 1
                if origin[(tile, chosen)] <= 0:
                    del origin[(tile, chosen)]

    def _withdraw(self, index: int) -> None:
        seat = self.steps[index].seat
        play = next((i for i in range(index - 1, -1, -1) if self.steps[i].kind == "play"), None)
        if play is None or self.steps[play].seat != seat:
            return
        rack = self.racks[seat]
        drawn = Counter(self.last_draw.get(seat, ()))
        rack.subtract(drawn)
        for tile in [t for t, n in rack.items() if n <= 0]:
            del rack[tile]
        self._forget_origin(seat, drawn, self.last_index.get(seat))
        self.bag.update(drawn)
        self._changed()
        rack.update(self.steps[play].used)
        self.origin[seat].update({(t, -1): n for t, n in self.steps[play].used.items()})

    # --- reconciling a rack with what the record shows ----------------------------------
    def _reconcile(self, seat: int, needed: Tiles, wanted: Tiles) -> None:
        """Make ``seat``'s rack hold ``needed`` (the tiles its action uses), then as much of
        ``wanted`` (the rack the record gives) as it can, by changing earlier draws."""
        for tile in sorted((needed - self.racks[seat]).elements()):
            # Certain: any tile not used now may give way, the rack given or not, and
            # when the bag has none left, another player's unused tile goes back to it.
            if self.bag[tile] <= 0:
                self._free(seat, tile)
            if self._swap_in(seat, tile, wanted) or self._swap_in(seat, tile, needed):
                continue
            self._trade(seat, tile, needed)
        for tile in sorted((wanted - self.racks[seat]).elements()):
            self._swap_in(seat, tile, wanted)

    def _swap_in(self, seat: int, tile: str, keep: Tiles) -> bool:
        """Put ``tile`` on ``seat``'s rack in place of a tile it drew and holds beyond
        ``keep``, latest draw first; False when no earlier draw can have taken it."""
        if self.bag[tile] <= 0:
            return False
        spare = self.racks[seat] - keep
        candidates = sorted(((d, t) for t, d in self.origin[seat].elements()
                             if d >= 0 and spare[t] > 0 and t != tile), reverse=True)
        for draw, other in candidates:
            if all(bag[tile] > 0 for bag in self.history[self.history_at[draw]:]):
                self._change_draw(seat, draw, other, tile)
                return True
        return False

    def _free(self, seat: int, tile: str) -> None:
        """Put back in the bag a ``tile`` another player drew and does not use next,
        his draw taking another tile the bag held from then on."""
        for other in range(len(self.racks)):
            if other == seat or self.racks[other][tile] <= 0:
                continue
            keep = self._next_known(other, self.now)
            if self._next_used(other)[tile] >= self.racks[other][tile]:
                continue
            draws = sorted((d for t, d in self.origin[other].elements() if t == tile and d >= 0),
                           reverse=True)
            for draw in draws:
                later = self.history[self.history_at[draw]:]
                spare = [t for t in sorted(self.bag, key=lambda t: (keep[t] > 0, t))
                         if t != tile and all(bag[t] > 0 for bag in later)]
                if spare:
                    self._change_draw(other, draw, tile, spare[0])
                    return

    def _trade(self, seat: int, tile: str, needed: Tiles) -> None:
        """Late in a game, with the bag empty: ``seat`` and another player each drew a
        tile the other needs; their draws trade them."""
        mine = sorted(((d, t) for t, d in self.origin[seat].elements()
                       if d >= 0 and t != tile and (self.racks[seat] - needed)[t] > 0),
                      reverse=True)
        for other in range(len(self.racks)):
            if other == seat or self._next_used(other)[tile] >= self.racks[other][tile]:
                continue
            theirs = sorted((d for t, d in self.origin[other].elements() if t == tile and d >= 0),
                            reverse=True)
            for their_draw in theirs:
                for my_draw, given in mine:
                    first, second = sorted((their_draw, my_draw))
                    short = given if their_draw < my_draw else tile
                    between = self.history[self.history_at[first]:self.history_at[second]]
                    if all(bag[short] > 0 for bag in between):
                        self._change_draw(other, their_draw, tile, given)
                        self._change_draw(seat, my_draw, given, tile)
                        return

    def _later_turns(self, seat: int, after: int) -> list[int]:
        """The seat's steps after step ``after`` (found by bisection: a damaged record
        can hold thousands of steps)."""
        turns = self.turns[seat]
        return turns[bisect_right(turns, after):]

    def _next_used(self, seat: int) -> Tiles:
        for index in self._later_turns(seat, self.now):
            if self.steps[index].kind != "withdraw":
                return Counter(self.steps[index].used)
        return Counter()

    def _change_draw(self, seat: int, draw: int, old: str, new: str) -> None:
        tiles = list(self.draws[draw])
        tiles.remove(old)
        self.draws[draw] = tuple(sorted([*tiles, new]))
        for bag in (*self.history[self.history_at[draw]:], self.bag):
            bag[new] -= 1
            bag[old] += 1
        rack = self.racks[seat]
        rack[old] -= 1
        if rack[old] <= 0:
            del rack[old]
        rack[new] += 1
        origin = self.origin[seat]
        origin[(old, draw)] -= 1
        if origin[(old, draw)] <= 0:
            del origin[(old, draw)]
        origin[(new, draw)] += 1
        if self.last_index.get(seat) == draw:
            self.last_draw[seat] = self.draws[draw]

    def _changed(self) -> None:
        """Note the bag as it is now (after a draw, or tiles going back)."""
        self.history.append(Counter(self.bag))

    def _unwanted(self, index: int, count: int) -> Tiles:
        """``count`` tiles to return, those the player's next known rack needs last."""
        seat = self.steps[index].seat
        rack = Counter(self.racks[seat])
        keep = self._next_known(seat, index)
        ordered = sorted(rack.elements(), key=lambda t: (keep[t] > 0, t))
        chosen: Tiles = Counter()
        for tile in ordered:
            if sum(chosen.values()) >= count:
                break
            if chosen[tile] + keep[tile] < rack[tile] or keep[tile] == 0:
                chosen[tile] += 1
        # The rack holds too few spare tiles: needed ones go back too, those the bag
        # holds most of first (the draw before the return can take another of them).
        for tile in sorted(ordered, key=lambda t: (-self.bag[t], t)):
            if sum(chosen.values()) >= count:
                break
            if chosen[tile] < rack[tile]:
                chosen[tile] += 1
        return chosen

    # --- drawing --------------------------------------------------------------------------
    def _draw(self, seat: int, wanted: int, after: int) -> tuple[str, ...]:
        """Draw ``min(wanted, bag)`` tiles for ``seat`` after step ``after``."""
        n = min(max(wanted, 0), sum(self.bag.values()))
        chosen: Tiles = Counter()
        rack = self.racks[seat]
        target = self._next_known(seat, after)
        phony = 0 <= after < len(self.steps) - 1 and self.steps[after + 1].kind == "withdraw"
        if phony:
            # A phony's draw goes back to the bag with it: tiles nobody needs.
            target = Counter()
        complete = bool(target) and sum(target.values()) >= sum(rack.values()) + n
        self._take(chosen, target - rack, n)
        if phony:
            self._take(chosen, self._unclaimed(after), n)
            for tile in self._claimed_latest(after):
                self._take(chosen, Counter({tile: 1}), n)
            self._take(chosen, Counter(self.bag), n)
        elif not complete:
            self._take_future(seat, after, chosen, n)
            self._take(chosen, self._unclaimed(after), n)
            for tile in self._claimed_latest(after):
                if sum(chosen.values()) >= n:
                    break
                self._take(chosen, Counter({tile: 1}), n)
            self._take(chosen, Counter(self.bag), n)
        else:
            # A rack that does not follow from the last one: the replay says so where the
            # record gives it; the draw is made up from what is left.
            self._take(chosen, Counter(self.bag), n)
        draw = tuple(sorted(chosen.elements()))
        self.bag.subtract(chosen)
        self.bag = +self.bag
        rack.update(chosen)
        self.origin[seat].update({(t, len(self.draws)): n for t, n in chosen.items()})
        self.history_at.append(len(self.history))
        self._changed()
        self.last_index[seat] = len(self.draws)
        self.draws.append(draw)
        return draw

    def _take(self, chosen: Tiles, wanted: Tiles, n: int) -> None:
        """Add tiles of ``wanted`` (in a stable order) that the bag still holds."""
        for tile in sorted(wanted):
            while (sum(chosen.values()) < n and wanted[tile] > 0
                   and self.bag[tile] - chosen[tile] > 0):
                chosen[tile] += 1
                wanted[tile] -= 1

    def _next_known(self, seat: int, after: int) -> Tiles:
        """What the seat must hold at its next action after step ``after`` (its known rack
        and the tiles it uses), or at the end."""
        for index in self._later_turns(seat, after):
            if self.steps[index].kind != "withdraw":
                step = self.steps[index]
                return step.known | step.used
        return Counter(self.finals.get(seat, Counter()))

    def _take_future(self, seat: int, after: int, chosen: Tiles, n: int) -> None:
        """Tiles the seat shows at later actions, in the order it needs them."""
        have = self.racks[seat] + chosen
        for index in self._later_turns(seat, after):
            step = self.steps[index]
            if step.kind == "withdraw":
                continue
            self._take(chosen, (step.known | step.used) - have, n)
            if step.kind == "exchange":
                # What is needed after an exchange can come with its draw; fetched now,
                # it might have to go back with the exchange.
                return
            have = self.racks[seat] + chosen
            have.subtract(step.used)
            have = +have
        final = self.finals.get(seat)
        if final:
            self._take(chosen, final - have, n)

    def _unclaimed(self, after: int) -> Tiles:
        """Tiles in the bag that nobody shows after step ``after``."""
        shown = self.suffix[after + 1] - sum(self.racks, Counter())
        return self.bag - shown

    def _claimed_latest(self, after: int) -> Iterator[str]:
        """Tiles others show, latest need first (the least harm in taking them now)."""
        for index in range(len(self.steps) - 1, after, -1):
            yield from sorted(self.steps[index].used.elements())
        for final in self.finals.values():
            yield from sorted(final.elements())


def _text(tiles: Tiles) -> str:
    return "".join(sorted(tiles.elements()))
