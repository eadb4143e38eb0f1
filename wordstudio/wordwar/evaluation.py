"""How promising a partly written Word War line is: the computer players' judgement.

A line's final score is the sum of the words inside it, so a square's letter matters
through every *window* (stretch of two or more squares) that holds it.  For a window
with ``k`` empty squares whose written letters ``m`` words of its length fit, the chance
that some fitting word is completed is estimated as ``1 - (1 - q**k) ** m``: ``q`` is the
chance that one empty square receives a particular letter before the round ends, so it
shrinks as the cards run out.  A segment's *value* is the points its words already earn
plus, for every window with an empty square, its length times that chance.

Counting the words that fit a pattern uses one bitset per (length, position, letter):
the words matching ``C.T`` are the AND of the sets "C first" and "T third".  Values are
memoised by segment text, because look-ahead revisits the same lines again and again.
"""

from __future__ import annotations

import math
from functools import lru_cache

from wordstudio.wordwar.boards import EMPTY
from wordstudio.wordwar.scoring import WordScorer

#: The chance levels used; a line's value is memoised per level.
_HORIZON_LEVELS = (1, 2, 3, 4, 6, 9, 13, 20, 30, 45)
#: Memo bound (per evaluator); cleared, not evicted, when reached: cheap and rarely hit.
_MEMO_LIMIT = 100_000


class PatternIndex:
    """For each word length: how many words there are, and bitsets by position and letter."""

    def __init__(self, scorer: WordScorer) -> None:
        self._scorer = scorer
        self._counts: dict[int, int] = {}
        self._bits: dict[int, dict[tuple[int, str], int]] = {}

    def _build(self, length: int) -> dict[tuple[int, str], int]:
        words = [w for w in self._scorer.words if len(w) == length]
        self._counts[length] = len(words)
        maps: dict[tuple[int, str], bytearray] = {}
        size = len(words) // 8 + 1
        for index, word in enumerate(words):
            byte, bit = index >> 3, 1 << (index & 7)
            for pos, letter in enumerate(word):
                key = (pos, letter)
                bitmap = maps.get(key)
                if bitmap is None:
                    bitmap = maps[key] = bytearray(size)
                bitmap[byte] |= bit
        bits = {key: int.from_bytes(bitmap, "little") for key, bitmap in maps.items()}
        self._bits[length] = bits
        return bits

    def matches(self, pattern: str) -> int:
        """How many words fit ``pattern`` (letters fixed, ``.`` any letter)."""
        length = len(pattern)
        bits = self._bits.get(length)
        if bits is None:
            bits = self._build(length)
        found = -1
        for pos, letter in enumerate(pattern):
            if letter != EMPTY:
                found &= bits.get((pos, letter), 0)
                if not found:
                    return 0
        if found == -1:
            return self._counts[length]
        return found.bit_count()


def horizon_level(cards: int) -> int:
    """The chance level for ``cards`` still to come (levels keep the memo small)."""
    level = _HORIZON_LEVELS[0]
    for candidate in _HORIZON_LEVELS:
        if candidate <= cards:
            level = candidate
    return level


class LineEvaluator:
    """Values of segment texts (letters and ``.``) for one word list and one chance level."""

    def __init__(self, scorer: WordScorer, index: PatternIndex, q: float) -> None:
        self._points = scorer.line_points
        self._index = index
        self.q = q
        #: Values by segment text (public so look-ahead loops can read it directly).
        self.cache: dict[str, float] = {}
        self._window: dict[str, float] = {}

    def value(self, text: str) -> float:
        """Points earned so far plus the expected points of the windows still open."""
        value = self.cache.get(text)
        if value is not None:
            return value
        value = float(self._points(text))
        if EMPTY in text:
            window = self._window_value
            n = len(text)
            for start in range(n - 1):
                for end in range(start + 2, n + 1):
                    piece = text[start:end]
                    if EMPTY in piece:
                        value += window(piece)
        if len(self.cache) >= _MEMO_LIMIT or len(self._window) >= _MEMO_LIMIT:
            self.cache.clear()
            self._window.clear()
        self.cache[text] = value
        return value

    def _window_value(self, piece: str) -> float:
        value = self._window.get(piece)
        if value is None:
            matches = self._index.matches(piece)
            if matches:
                chance = self.q ** piece.count(EMPTY)
                # 1 - (1 - chance) ** matches, computed stably for tiny chances.
                value = len(piece) * -math.expm1(matches * math.log1p(-chance))
            else:
                value = 0.0
            self._window[piece] = value
        return value


class Judgement:
    """Line evaluators for every chance level of one word list (one per process)."""

    def __init__(self, scorer: WordScorer, boldness: float = 0.08) -> None:
        self.scorer = scorer
        self.boldness = boldness
        self.index = PatternIndex(scorer)
        self._levels: dict[int, LineEvaluator] = {}

    def at(self, cards: int) -> LineEvaluator:
        """The evaluator for ``cards`` cards still to come."""
        level = horizon_level(cards)
        evaluator = self._levels.get(level)
        if evaluator is None:
            # The chance a square gets one particular letter: that letter must turn up
            # (on average 1 card in 27) and then be written there rather than elsewhere.
            arrives = 1.0 - (26.0 / 27.0) ** level
            evaluator = LineEvaluator(self.scorer, self.index, self.boldness * arrives)
            self._levels[level] = evaluator
        return evaluator


@lru_cache(maxsize=8)
def judgement_for(scorer: WordScorer, boldness: float = 0.08) -> Judgement:
    """The shared :class:`Judgement` of a scorer (built lazily, kept for the process)."""
    return Judgement(scorer, boldness)
