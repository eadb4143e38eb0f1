"""The WORDwhami computer player (seed 003): an anytime search for long words.

WORDwhami's board is 30x30, racks hold 12 tiles, one tile in eight is a wild, words run
in four directions and may read backwards, and every new and different word scores its
length squared.  A 7-tile rack on such a board already has hundreds of thousands of
plays; a 12-tile rack with a wild has far more, so listing them all (as
:mod:`.players` does for Scrabble-like games) would take many seconds.  This player
searches the way a person does - the most promising places first - and always has an
answer: :func:`choose_whami_action` returns the best play found so far as soon as
``control.should_stop()`` turns true or its level's time budget is spent.

How the search goes (each step uses :class:`~.moves.MoveFinder` with a chosen subset of
anchor squares, so every move it finds is legal and exactly scored by the generator):

1. **Open ground.**  The rack's best word where it touches nothing: one anchor in the
   most open area of the board (the centre of an empty board).  A few milliseconds, and
   the answer a "play now" gets at the very least.
2. **Plain tiles next to the board.**  Every (square, direction) pair next to a tile,
   ordered by promise - the lines a tile there would join (a line of ``k`` tiles joined
   scores ``(k + 1)**2``) and the tiles along the main line (a longer main word) - and
   searched in small batches, so the stop flag is looked at every few tens of
   milliseconds.  Wilds are left out: with them the generator tries 26 letters on every
   square, ten times the work.
3. **With one wild.**  The rules allow one wild per word, and all of a play's tiles lie
   in one word, so a play never uses more than one: the rack goes in with its letters
   and a single wild.  Pairs are taken in the order of the best plain play found
   through them (where the plain tiles did well, a wild usually does better), then by
   promise; then open ground again, with the wild.
4. **Check.**  The best plays are re-read by the independent rules check
   (:func:`~.rules.analyse_play`) against the game's lexicon, and the score shown is the
   rules' score.  Word checking: the words a play must make - its main word and the
   straight lines it crosses - must read as words of the player's vocabulary (the
   generator works in that vocabulary, and the check makes sure); what the game credits
   besides (the other reading of a line, a diagonal that happens to spell a word) is a
   by-product the player did not choose, scored as the rules say.

No play found: the action is a :class:`~.actions.Pass`, which the engine turns into the
exchange of the whole rack (rule 7).  The strength levels are :data:`WHAMI_LEVELS`.
"""

from __future__ import annotations

import heapq
import math
import time
from collections import deque
from collections.abc import Container, Sequence
from dataclasses import dataclass
from functools import lru_cache

from wordstudio.control import NULL_CONTROL, SearchControl
from wordstudio.crossword.actions import Action, Pass, Play
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.gameconfig import Direction, GameConfig
from wordstudio.crossword.movegen import EXISTING_FLAG, line_geometry
from wordstudio.crossword.moves import Move, MoveFinder, finder_for
from wordstudio.crossword.players.base import Candidate, Decision, lexicon_name, vocabulary_words
from wordstudio.crossword.players.knobs import PlayerSpecError, Vocabulary
from wordstudio.crossword.position import Position
from wordstudio.crossword.rules import IllegalMove, PlayAnalysis, analyse_play, anchor_masks
from wordstudio.crossword.scoring import checked_directions
from wordstudio.crossword.tiles import BLANK, Rack
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.wordlist import WordList

#: A raw move as the generator gives it: (direction code, line, start, word, score).
Raw = tuple[int, int, int, bytes, int]
#: A place to search from: (square index, direction).
Pair = tuple[int, Direction]

_DIRECTIONS = (Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_DOWN, Direction.DIAGONAL_UP)
_CODES = {d: i for i, d in enumerate(_DIRECTIONS)}

#: Wall-clock time one batch of anchors should take: how often the stop flag is read.
SLICE = 0.04
#: Plays kept in the running (the top list) may score this much below the best so far.
KEEP_WINDOW = 30
#: However far below the best they score, this many plays for each move asked for are
#: kept too: a hint list must have its usual length when the best play (a long word
#: with a wild) outscores every other by more than the window.  Several of them may be
#: one move (the same word with the wild on another of its letters), and the check may
#: refuse some.
KEEP_PER_MOVE = 4
#: Plays one batch of anchors hands back: its best, ranked by the move generator (they
#: fill the top list and tell where a wild may do well).
BATCH_TOP = 256
#: First guesses of the seconds one (square, direction) pair costs, plain and with a
#: wild (measured on mid-game positions; the search corrects them as it goes).
_COST_GUESS = (0.0015, 0.008)


@dataclass(frozen=True)
class WhamiLevel:
    """How strong a WORDwhami player is: what it knows, how long and how widely it looks.

    ``seconds`` is the wall-clock budget of a move (0: no limit, a deterministic search,
    used to build reproducible positions); ``breadth`` the number of (square, direction)
    pairs next to the board searched with plain tiles, most promising first (0: all);
    ``wild_breadth`` the same for the search with a wild (0: all; -1: none - the wild is
    then tried only on open ground, and only when nothing else was found).
    """

    level: int
    vocabulary: Vocabulary
    seconds: float
    breadth: int
    wild_breadth: int


COMMON, FULL = Vocabulary.COMMON, Vocabulary.FULL
#: Levels 1-4 know the common words only (as Computer SCRABBLE's low levels), 5-8 the
#: game's lexicon.  Budgets grow with the level; so does breadth: levels 1-2 look at a
#: few dozen places next to the board and use a wild only when nothing else plays,
#: levels 3-6 try the wild at the 12-40 most promising places, 7-8 search everything
#: they have time for.  On the 36 mid-game positions of benchmarks/wordwhami.py the
#: levels average 61, 70, 89, 106, 114, 121, 122 and 122 points a move, and level 8's
#: answer matched a ten-second search on every one.
WHAMI_LEVELS: dict[int, WhamiLevel] = {
    1: WhamiLevel(1, COMMON, 0.10, 12, -1),
    2: WhamiLevel(2, COMMON, 0.15, 30, -1),
    3: WhamiLevel(3, COMMON, 0.25, 80, 12),
    4: WhamiLevel(4, COMMON, 0.30, 0, 40),
    5: WhamiLevel(5, FULL, 0.35, 120, 30),
    6: WhamiLevel(6, FULL, 0.50, 0, 40),
    7: WhamiLevel(7, FULL, 0.60, 0, 0),
    8: WhamiLevel(8, FULL, 0.90, 0, 0),
}


def whami_level(spec: PlayerSpec) -> WhamiLevel:
    """The level of a computer seat (``PlayerSpec.level``; knob files describe letter-sum
    strategies and do not apply to WORDwhami)."""
    try:
        return WHAMI_LEVELS[spec.level]
    except KeyError:
        raise PlayerSpecError(f"there is no level {spec.level}: levels go from 1 to 8") from None


# --- lexicons and move finders ------------------------------------------------------------------
@lru_cache(maxsize=8)
def _finder(config: GameConfig, lexicon: str, vocabulary: Vocabulary) -> MoveFinder:
    return finder_for(config, vocabulary_words(lexicon, vocabulary))


def whami_finder(position: Position, vocabulary: Vocabulary = FULL) -> MoveFinder:
    """The move finder for a position's game in a vocabulary (one per process)."""
    return _finder(position.config, lexicon_name(position), vocabulary)


# --- the entry point ----------------------------------------------------------------------------
def choose_whami_action(position: Position, spec: PlayerSpec,
                        control: SearchControl = NULL_CONTROL, top: int = 20) -> Decision:
    """The action computer seat ``spec`` takes in a WORDwhami (length-squared) position,
    with its ``top`` best plays as candidates.  Anytime: stopped by ``control`` or by the
    level's budget, it answers with the best play found so far."""
    return search_whami(position, whami_level(spec), control, top)


def search_whami(position: Position, level: WhamiLevel, control: SearchControl = NULL_CONTROL,
                 top: int = 20) -> Decision:
    """:func:`choose_whami_action` for an explicit :class:`WhamiLevel` (benchmarks use it
    for long reference searches and deterministic position building)."""
    search = WhamiSearch(position, level, control, keep=KEEP_PER_MOVE * max(top, 1))
    search.run()
    control.report(1.0, "")
    return search.decision(max(top, 1))


# --- the search ---------------------------------------------------------------------------------
class WhamiSearch:
    """One move's search: the passes of the module docstring over one position.

    :meth:`run` searches (and says whether it searched everything its level allows);
    :meth:`decision` then gives the checked answer.  Kept in the running are the plays
    within :data:`KEEP_WINDOW` of the best, and the ``keep`` best whatever they score.
    """

    def __init__(self, position: Position, level: WhamiLevel,
                 control: SearchControl = NULL_CONTROL, keep: int = KEEP_PER_MOVE * 20) -> None:
        self.position = position
        self.level = level
        self.control = control
        self.config = position.config
        self.board = position.board()
        self.finder = whami_finder(position, level.vocabulary)
        self.started = time.monotonic()
        self.deadline = self.started + level.seconds if level.seconds > 0 else 0.0
        rack = position.rack
        plain = tuple(t for t in rack.tiles if t != BLANK)
        # One wild is all a play can use when the rules allow one per word.
        wilds = min(rack.blanks, 1) if self.config.wild_once_per_word else rack.blanks
        self.plain = Rack(plain)
        self.wild = Rack(plain + (BLANK,) * wilds) if wilds else None
        self.rules = anchor_masks(self.board, position.player)
        self.found: dict[Raw, None] = {}
        #: The ``keep`` best plays whatever their score: a min-heap of (score, play).
        self.keep = keep
        self.runners: list[tuple[int, Raw]] = []
        self.best = 0
        self.considered = 0
        # Per pair: the best plain play through it (orders the search with a wild).
        self.through: dict[Pair, int] = {}
        # Per pair: the tiles of the main line it touches (filled by pairs_near_tiles).
        self.joined: dict[Pair, int] = {}
        self.cost = list(_COST_GUESS)
        self.geometry = [line_geometry(self.config.rows, self.config.columns, d)
                         for d in range(4)]

    # --- control -------------------------------------------------------------------------
    def out_of_time(self) -> bool:
        if self.deadline and time.monotonic() >= self.deadline:
            return True
        return self.control.should_stop()

    def report(self, fraction: float, stage: str) -> None:
        if self.deadline:
            spent = (time.monotonic() - self.started) / self.level.seconds
            fraction = max(fraction, spent)
        best = f", best {self.best}" if self.best else ""
        self.control.report(min(fraction, 0.99), f"{stage}{best}")

    # --- the passes ----------------------------------------------------------------------
    def run(self) -> bool:
        """Search until done or stopped; True when every pair the level allows was
        searched (nothing was cut short by the budget or the stop flag)."""
        open_ground = self.open_pairs()
        # Open ground runs even when asked to stop at once: "play now" needs an answer.
        self.generate(self.plain, open_ground)
        self.report(0.02, "open ground")
        pairs = self.pairs_near_tiles()
        breadth = self.level.breadth
        plain_pairs = pairs[:breadth] if breadth > 0 else pairs
        if not self.batches(self.plain, plain_pairs, 0, 0.05, 0.45, "plain tiles"):
            return False
        if self.wild is None:
            return True
        wild_breadth = self.level.wild_breadth
        if wild_breadth < 0:
            # A player that does not look for wild plays still uses a wild rather than
            # give up its whole rack.
            if not self.found:
                return self.batches(self.wild, open_ground, 1, 0.5, 0.45, "with a wild")
            return True
        # Where plain tiles scored well first, more so on a line with tiles to take in
        # (a wild most often completes a longer main word); ties by promise.
        order = {pair: k for k, pair in enumerate(pairs)}
        joined = self.joined
        ranked = sorted(pairs, key=lambda p: (-self.through.get(p, 0) - 4 * joined[p], order[p]))
        wild_pairs = ranked[:wild_breadth] if wild_breadth > 0 else ranked
        return self.batches(self.wild, [*wild_pairs, *open_ground], 1, 0.5, 0.45, "with a wild")

    def batches(self, rack: Rack, pairs: Sequence[Pair], kind: int, start: float, share: float,
                stage: str) -> bool:
        """Search ``pairs`` with ``rack`` in batches of about :data:`SLICE` seconds
        (fixed sizes without a budget, so such a search is reproducible: the plays the
        generator returns depend on how the anchors are grouped); False when stopped
        before the end."""
        queue = deque(pairs)
        total = max(len(pairs), 1)
        while queue:
            if self.out_of_time():
                return False
            size = max(1, min(256, int(SLICE / self.cost[kind])))
            batch = [queue.popleft() for _ in range(min(size, len(queue)))]
            began = time.monotonic()
            if not self.generate(rack, batch):
                return False
            if self.deadline:
                # A running mean of the cost per pair, weighted towards recent batches.
                spent = (time.monotonic() - began) / len(batch)
                self.cost[kind] = max(1e-5, 0.6 * self.cost[kind] + 0.4 * spent)
            self.report(start + share * (1 - len(queue) / total), stage)
        return True

    def generate(self, rack: Rack, pairs: Sequence[Pair]) -> bool:
        """Every play of ``rack`` through the anchors ``pairs`` (those the rules allow);
        False when the generator stopped at the deadline before the last of them."""
        if not pairs or not rack.tiles:
            return True
        n = self.config.rows * self.config.columns
        masks: dict[Direction, bytearray] = {}
        for sq, d in pairs:
            allowed = self.rules.get(d)
            if allowed is None or not allowed[sq]:
                continue
            mask = masks.get(d)
            if mask is None:
                mask = masks[d] = bytearray(n)
            mask[sq] = 1
        if not masks:
            return True
        # Ranked by score inside the search: only the best plays of the batch come back.
        best = self.finder.top_moves(self.board, rack, BATCH_TOP, player=self.position.player,
                                     deadline=self.deadline, anchors=masks)
        self.considered += self.finder.found
        self.collect([r.raw for r in best], rack is self.plain)
        return not self.finder.timed_out

    def collect(self, raw: list[Raw], learn: bool) -> None:
        """Keep the strong plays; with plain tiles, remember the best play through each
        pair (every play the generator returned, not only those kept in the running: a
        pair whose plain plays fell short may be where a wild makes the longest word)."""
        if not raw:
            return
        best = max(r[4] for r in raw)
        if best > self.best:
            self.best = best
            floor = best - KEEP_WINDOW
            self.found = {r: None for r in self.found if r[4] >= floor}
        floor = self.best - KEEP_WINDOW
        through = self.through
        runners = self.runners
        for r in raw:
            score = r[4]
            if score >= floor:
                self.found[r] = None
            elif len(runners) < self.keep:
                heapq.heappush(runners, (score, r))
            elif (score, r) > runners[0]:
                heapq.heapreplace(runners, (score, r))
            if learn:
                code, line, start, word, _ = r
                first, _length, step = self.geometry[code][line]
                direction = _DIRECTIONS[code]
                sq = first + start * step
                for letter in word:
                    if not letter & EXISTING_FLAG:
                        pair = (sq, direction)
                        if through.get(pair, 0) < score:
                            through[pair] = score
                    sq += step

    # --- where to look -------------------------------------------------------------------
    def open_pairs(self) -> list[Pair]:
        """Where a word touching nothing fits best: on an empty board, for each direction
        the square nearest the centre that the first-move rules allow; later, the square
        farthest from every tile and one more in another open area, in every direction."""
        rows, cols = self.config.rows, self.config.columns
        cells = self.board.cells
        centre_r, centre_c = (rows - 1) / 2, (cols - 1) / 2

        def from_centre(sq: int) -> float:
            r, c = divmod(sq, cols)
            return math.hypot(r - centre_r, c - centre_c)

        directions = self.config.directions
        if all(cell < 0 for cell in cells):
            pairs = []
            for d in directions:
                allowed = [sq for sq in range(rows * cols) if self.rules[d][sq]]
                if allowed:
                    pairs.append((min(allowed, key=from_centre), d))
            return pairs
        distance = _distances(cells, rows, cols)

        def openness(sq: int) -> tuple[float, float]:
            r, c = divmod(sq, cols)
            # Room to both sides matters too: a 12-letter word needs a line of 12.
            room = min(r, c, rows - 1 - r, cols - 1 - c) + 1
            return (min(distance[sq], room), -from_centre(sq))

        empty = [sq for sq in range(rows * cols) if cells[sq] == -1]
        if not empty:
            return []
        chosen = [max(empty, key=openness)]
        r0, c0 = divmod(chosen[0], cols)
        reach = 2 * max(distance[chosen[0]], 3)
        far = [sq for sq in empty if distance[sq] >= 3
               and max(abs(sq // cols - r0), abs(sq % cols - c0)) > reach]
        if far:
            chosen.append(max(far, key=openness))
        return [(sq, d) for sq in chosen for d in directions]

    def pairs_near_tiles(self) -> list[Pair]:
        """Every (empty square next to a tile, direction), most promising first: by the
        other lines a tile there joins (``k`` tiles joined make a line worth ``(k + 1)**2``
        when it reads as a word), then by the tiles of the main line it takes in.  (On
        mid-game positions built as benchmarks/wordwhami.py builds them, this reaches the
        best plain play sooner than ordering by the main line, or by both together.)"""
        rows, cols = self.config.rows, self.config.columns
        cells = self.board.cells
        directions = self.config.directions
        scored: list[tuple[int, int, int, int, Direction]] = []
        self.joined.clear()
        for sq in _near_tiles(cells, rows, cols):
            r, c = divmod(sq, cols)
            runs = [_joined(cells, rows, cols, r, c, d.step) for d in _DIRECTIONS]
            for d in directions:
                code = _CODES[d]
                cross = sum((runs[_CODES[o]] + 1) ** 2 for o in directions
                            if o != d and runs[_CODES[o]])
                self.joined[(sq, d)] = runs[code]
                scored.append((-cross, -runs[code], sq, code, d))
        scored.sort(key=lambda t: t[:4])
        return [(t[2], t[4]) for t in scored]

    # --- the answer ----------------------------------------------------------------------
    def decision(self, top: int) -> Decision:
        """The best checked plays, and the action: the best of them, or a pass."""
        lexicon = lexicon_name(self.position)
        words = load_lexicon(lexicon)
        vocabulary: WordList | None = None
        if self.level.vocabulary is not FULL:
            vocabulary = vocabulary_words(lexicon, self.level.vocabulary)
        pool = set(self.found).union(r for _, r in self.runners)
        ranked = sorted(pool, key=lambda r: (r[4], r), reverse=True)
        candidates: list[Candidate] = []
        seen: set[frozenset[tuple[int, int, str]]] = set()
        for raw in ranked:
            move = self.finder.to_move(raw)
            # The same letters on the same squares are one move to a player, whichever
            # of them the wild stands for (the score is the same: a wild counts as a
            # letter); the first found is kept.
            shape = frozenset((p.row, p.col, p.letter) for p in move.placed)
            if shape in seen:
                continue
            seen.add(shape)
            checked = self.check(move, words, vocabulary)
            if checked is not None:
                candidates.append(Candidate(checked, checked.score, float(checked.score)))
                if len(candidates) >= top:
                    break
        candidates.sort(key=lambda c: -c.score)
        action: Action = Play(candidates[0].move.placed) if candidates else Pass()
        return Decision(action, tuple(candidates), self.considered)

    def check(self, move: Move, words: WordList, vocabulary: WordList | None) -> Move | None:
        """The move with the rules' own score, or None when the rules refuse it or a
        word it must make is outside the player's vocabulary."""
        try:
            analysis = analyse_play(self.board, move.placed, self.position.rack, words,
                                    self.position.player)
        except IllegalMove:
            return None
        if analysis.unknown:
            return None
        if vocabulary is not None and not chosen_words_within(analysis, vocabulary):
            return None
        return move._replace(score=analysis.score)


def chosen_words_within(analysis: PlayAnalysis, vocabulary: Container[str]) -> bool:
    """True when every line a play must make a word of (its main word and the lines
    the rules check across it) reads, one way or the other, as a word of
    ``vocabulary``.  Lines are told apart by their first square and direction; each
    reading of a line is one entry of ``analysis.words``."""
    checked = checked_directions(analysis.direction)
    lines: dict[tuple[int, int, Direction], bool] = {}
    for word in analysis.words:
        if word.direction == analysis.direction or word.direction in checked:
            key = (word.row, word.col, word.direction)
            lines[key] = lines.get(key, False) or word.word in vocabulary
    return all(lines.values())


# --- board geometry -----------------------------------------------------------------------------
def _distances(cells: Sequence[int], rows: int, cols: int) -> list[int]:
    """Each square's king-move distance to the nearest tile (rows + cols when none)."""
    far = rows + cols
    distance = [far] * (rows * cols)
    frontier = [sq for sq, cell in enumerate(cells) if cell >= 0]
    for sq in frontier:
        distance[sq] = 0
    step = 0
    while frontier:
        step += 1
        following = []
        for sq in frontier:
            r, c = divmod(sq, cols)
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < rows and 0 <= cc < cols:
                        other = rr * cols + cc
                        if distance[other] == far:
                            distance[other] = step
                            following.append(other)
        frontier = following
    return distance


def _near_tiles(cells: Sequence[int], rows: int, cols: int) -> list[int]:
    """Empty squares with a tile among their eight neighbours."""
    near: set[int] = set()
    for sq, cell in enumerate(cells):
        if cell < 0:
            continue
        r, c = divmod(sq, cols)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and cells[rr * cols + cc] == -1:
                    near.add(rr * cols + cc)
    return sorted(near)


def _joined(cells: Sequence[int], rows: int, cols: int, r: int, c: int, step: tuple[int, int]
            ) -> int:
    """The tiles a tile on empty (r, c) would join along ``step``: the runs touching it
    on both sides."""
    dr, dc = step
    joined = 0
    for sign in (-1, 1):
        rr, cc = r + sign * dr, c + sign * dc
        while 0 <= rr < rows and 0 <= cc < cols and cells[rr * cols + cc] >= 0:
            joined += 1
            rr += sign * dr
            cc += sign * dc
    return joined


__all__ = [
    "WHAMI_LEVELS", "WhamiLevel", "WhamiSearch", "choose_whami_action", "chosen_words_within",
    "search_whami", "whami_finder", "whami_level",
]
