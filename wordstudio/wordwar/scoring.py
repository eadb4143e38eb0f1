"""Word War scoring (seed 002, read as DESIGN.md section 6).

For every row and every column, each run of consecutive letters is searched for words:
every substring of two or more letters that is a word scores one point per letter, so
words within words (DISCOVER, COVER, DISCO, DISC, IS, OVER, COVE: 32) and words within
non-words (HGSPY holds SPY: 3) all count, each occurrence separately.  Each empty square
costs one point, counted once, in its row's score.  A grid's total is the sum of its row
scores and its column scores.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from wordstudio.lexicon.wordlist import WordList
from wordstudio.wordwar.boards import EMPTY, MAX_SIZE, Grid

_RUN = re.compile(r"[A-Z]+")
#: Line scores are remembered by line text; a bound keeps a long session's memory flat.
_CACHE_LIMIT = 200_000


@dataclass(frozen=True)
class ScoredWord:
    """A word found in a line, and where it starts (0-based along the line)."""

    word: str
    start: int

    @property
    def points(self) -> int:
        return len(self.word)


@dataclass(frozen=True)
class LineScore:
    """The score of one row or column and the words that earned it."""

    across: bool
    index: int
    words: tuple[ScoredWord, ...]
    #: Empty squares charged to this line (always 0 for a column).
    empties: int

    @property
    def points(self) -> int:
        """Points from words, before the empty-square penalty."""
        return sum(w.points for w in self.words)

    @property
    def score(self) -> int:
        return self.points - self.empties

    @property
    def label(self) -> str:
        return f"{'row' if self.across else 'column'} {self.index + 1}"

    def describe(self) -> str:
        """The words, each apart, then the empty squares: ``OATS, OAT, AT``,
        ``OW; 4 empty squares``."""
        parts = [", ".join(w.word for w in self.words)] if self.words else []
        if self.empties:
            parts.append(f"{self.empties} empty square{'s' if self.empties != 1 else ''}")
        return "; ".join(parts)


@dataclass(frozen=True)
class GridScore:
    """Every line score of a grid, and the totals."""

    rows: tuple[LineScore, ...]
    columns: tuple[LineScore, ...]

    @property
    def row_total(self) -> int:
        return sum(line.score for line in self.rows)

    @property
    def column_total(self) -> int:
        return sum(line.score for line in self.columns)

    @property
    def total(self) -> int:
        return self.row_total + self.column_total

    @property
    def row_scores(self) -> list[int]:
        return [line.score for line in self.rows]

    @property
    def column_scores(self) -> list[int]:
        return [line.score for line in self.columns]


class WordScorer:
    """Scores Word War lines against a fixed set of words (upper case, two letters or more).

    ``line_points`` is the hot path of the computer players, so it is memoised by the line
    text: a row changes one letter at a time and the same lines recur in every look-ahead.
    """

    def __init__(self, words: Iterable[str], name: str = "words",
                 max_length: int = MAX_SIZE) -> None:
        self.name = name
        self.words = frozenset(w.upper() for w in words if 2 <= len(w) <= max_length)
        self.max_length = max((len(w) for w in self.words), default=0)
        #: Line points by line text (public so look-ahead loops can read it directly).
        self.points_cache: dict[str, int] = {}

    @classmethod
    def from_word_list(cls, word_list: WordList) -> WordScorer:
        return cls(word_list.words, name=word_list.name)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.words

    def words_in_run(self, run: str, offset: int = 0) -> list[ScoredWord]:
        """Every word inside a run of letters, longest first, then left to right."""
        found = []
        n = len(run)
        longest = min(n, self.max_length)
        for length in range(longest, 1, -1):
            for start in range(n - length + 1):
                piece = run[start:start + length]
                if piece in self.words:
                    found.append(ScoredWord(piece, offset + start))
        return found

    def line_words(self, text: str) -> list[ScoredWord]:
        """Every word in a line of ``#``, ``.`` and letters, run by run."""
        found: list[ScoredWord] = []
        for match in _RUN.finditer(text):
            found.extend(self.words_in_run(match.group(), match.start()))
        return found

    def line_points(self, text: str) -> int:
        """Points the words of a line earn (no empty-square penalty); memoised."""
        points = self.points_cache.get(text)
        if points is None:
            points = 0
            words = self.words
            top = self.max_length
            for match in _RUN.finditer(text):
                run = match.group()
                n = len(run)
                for start in range(n - 1):
                    for end in range(start + 2, min(n, start + top) + 1):
                        if run[start:end] in words:
                            points += end - start
            if len(self.points_cache) >= _CACHE_LIMIT:
                self.points_cache.clear()
            self.points_cache[text] = points
        return points

    def row_value(self, text: str) -> int:
        """A row's score: its words less one point per empty square."""
        return self.line_points(text) - text.count(EMPTY)

    def line_score(self, text: str, across: bool, index: int) -> LineScore:
        empties = text.count(EMPTY) if across else 0
        return LineScore(across, index, tuple(self.line_words(text)), empties)

    def score(self, grid: Grid) -> GridScore:
        """Every row and column score of ``grid``."""
        rows = tuple(self.line_score(text, True, i) for i, text in enumerate(grid.rows))
        columns = tuple(self.line_score(text, False, i) for i, text in enumerate(grid.columns()))
        return GridScore(rows, columns)

    def total(self, grid: Grid) -> int:
        """The grid's total, quickly (memoised line points, no word lists built)."""
        return (sum(self.row_value(text) for text in grid.rows)
                + sum(self.line_points(text) for text in grid.columns()))


@lru_cache(maxsize=4)
def scorer_for(lexicon: str) -> WordScorer:
    """The scorer for a shipped lexicon name or word-list file (one per process)."""
    from wordstudio.lexicon.catalog import load_lexicon

    return WordScorer.from_word_list(load_lexicon(lexicon))
