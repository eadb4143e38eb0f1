"""Derive a tile set from a text: how many tiles of each letter, and what each scores.

WordsWorth shipped tile sets made from *Alice in Wonderland*, the King James Bible, the
CIA Fact File and the Jargon File (seed 001, section 1): the letters a text uses most get
the most tiles and score least.  This module does the same for any text and alphabet.

The method
----------
1. **Counting.**  The text is read in upper case, accents folded away when the alphabet
   is plain A-Z (so ``é`` counts as ``E``).  At each position the longest letter of the
   alphabet that matches is counted and skipped, so with an alphabet holding ``CH``,
   ``CHICO`` counts ``CH I C O``; characters that are no letter of the alphabet are
   skipped.  With ``distinct_words`` each different word counts once, so a letter's
   share reflects the vocabulary rather than how often ``the`` is written.
2. **Counts.**  Each letter's share is ``p = occurrences / all occurrences``.  The
   ``tiles - blanks`` letter tiles are shared out in proportion to ``p`` by largest
   remainders (each letter first gets the whole part of its quota, then the letters with
   the largest fractional parts get one more until the total is exact), and every letter
   gets at least ``min_count`` tiles so that every letter can be played; tiles given to
   rare letters that way are taken back from the letters whose quota they exceed most.
3. **Scores.**  ``score = round(sqrt(p_max / p))``, clamped to ``1..max_score``, where
   ``p_max`` is the share of the commonest letter; a letter the text never uses scores
   ``max_score``.  The square root makes scores rise steadily with rarity: on English
   text it gives E, T, A, O 1 point, the middle letters 2-4 and J, Q, X, Z 8-10, close to
   the standard values.
4. **Weights.**  Strategy weights (Appendix A, note 12) are a matter of taste, not of
   frequency: they are all 0 unless the caller passes some.

:func:`derive_tileset` does steps 2-4 on counts from :func:`count_letters`;
:func:`tileset_def_text` writes the result as a ``.def`` file in WordsWorth's language.
``tools/derive_tileset.py`` runs all of it from the command line.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from wordstudio.crossword.config.syntax import escape_text
from wordstudio.crossword.gameconfig import DEFAULT_ALPHABET, TileSet

__all__ = [
    "Derivation",
    "count_letters",
    "derive",
    "derive_tileset",
    "letter_scores",
    "share_out",
    "tileset_def_text",
]

DEFAULT_TILES = 100
DEFAULT_BLANKS = 2
DEFAULT_MAX_SCORE = 10


def _fold(text: str) -> str:
    """Upper case without accents: ``Ça`` -> ``CA`` (only for the plain A-Z alphabet)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


def _letter_pattern(alphabet: Sequence[str]) -> re.Pattern[str]:
    """A pattern matching any letter of ``alphabet``, longest letters tried first."""
    ordered = sorted(alphabet, key=len, reverse=True)
    return re.compile("|".join(re.escape(letter) for letter in ordered))


def count_letters(
    text: str,
    alphabet: Sequence[str] = DEFAULT_ALPHABET,
    *,
    distinct_words: bool = False,
    fold_accents: bool | None = None,
) -> tuple[int, ...]:
    """How often each letter of ``alphabet`` occurs in ``text`` (see the module docstring).

    ``fold_accents`` defaults to True for an alphabet of plain ASCII letters, where an
    accented letter can only mean its plain one, and False otherwise (an alphabet with
    ``Ñ`` keeps it apart from ``N``).
    """
    if fold_accents is None:
        fold_accents = all(letter.isascii() for letter in alphabet)
    text = _fold(text) if fold_accents else text.upper()
    if distinct_words:
        # A word is a run of letters; apostrophes and hyphens split words too.
        text = "\n".join(set(re.findall(r"[^\W\d_]+", text)))
    # The regular expression scans left to right, trying longer letters first at each
    # position: the greedy longest-match reading, at the speed of the re module.
    found = Counter(_letter_pattern(alphabet).findall(text))
    return tuple(found[letter] for letter in alphabet)


def share_out(weights: Sequence[float], total: int, minimum: int = 0) -> tuple[int, ...]:
    """``total`` split in proportion to ``weights`` by largest remainders, each part at
    least ``minimum`` (ValueError when ``total`` is too small for that, or every weight
    is 0 while something must be shared)."""
    size = len(weights)
    if size * minimum > total:
        raise ValueError(f"{total} tiles cannot give {size} letters {minimum} each")
    whole = sum(weights)
    if whole <= 0:
        if total > size * minimum:
            raise ValueError("the text has none of the alphabet's letters")
        return (minimum,) * size
    quotas = [total * w / whole for w in weights]
    parts = [max(minimum, math.floor(q)) for q in quotas]
    # Ties go to the earlier letter so the result never depends on sort stability.
    while sum(parts) < total:
        best = max(range(size), key=lambda i: (quotas[i] - parts[i], -i))
        parts[best] += 1
    while sum(parts) > total:
        spare = [i for i in range(size) if parts[i] > minimum]
        worst = min(spare, key=lambda i: (quotas[i] - parts[i], i))
        parts[worst] -= 1
    return tuple(parts)


def letter_scores(counts: Sequence[int], max_score: int = DEFAULT_MAX_SCORE) -> tuple[int, ...]:
    """Scores rising with rarity: ``round(sqrt(p_max / p))`` clamped to ``1..max_score``."""
    if max_score < 1:
        raise ValueError("the highest score must be at least 1")
    commonest = max(counts, default=0)
    scores = []
    for count in counts:
        if count == 0 or commonest == 0:
            scores.append(max_score)
            continue
        # floor(x + 0.5): round halves up, as people expect, not to even.
        score = math.floor(math.sqrt(commonest / count) + 0.5)
        scores.append(min(max_score, max(1, score)))
    return tuple(scores)


def derive_tileset(
    counts: Sequence[int],
    alphabet: Sequence[str] = DEFAULT_ALPHABET,
    *,
    tiles: int = DEFAULT_TILES,
    blanks: int = DEFAULT_BLANKS,
    max_score: int = DEFAULT_MAX_SCORE,
    min_count: int = 1,
    blank_score: int = 0,
    weights: Sequence[int] | None = None,
    blank_weight: int = 0,
) -> TileSet:
    """A tile set of ``tiles`` tiles (``blanks`` of them blank) from letter counts."""
    if len(counts) != len(alphabet):
        raise ValueError(f"{len(counts)} counts for an alphabet of {len(alphabet)} letters")
    if not 0 <= blanks <= tiles:
        raise ValueError(f"{blanks} blanks do not fit in {tiles} tiles")
    if weights is None:
        weights = (0,) * len(alphabet)
    return TileSet(
        alphabet=tuple(alphabet),
        frequencies=share_out(counts, tiles - blanks, min_count),
        scores=letter_scores(counts, max_score),
        weights=tuple(weights),
        blank_count=blanks,
        blank_score=blank_score,
        blank_weight=blank_weight,
    )


@dataclass(frozen=True)
class Derivation:
    """A derived tile set with the counts it came from (for reports and file comments)."""

    tileset: TileSet
    occurrences: tuple[int, ...]

    @property
    def letters_counted(self) -> int:
        """How many letters of the text were counted."""
        return sum(self.occurrences)

    def share(self, index: int) -> float:
        """The letter's share of everything counted, 0..1."""
        return self.occurrences[index] / self.letters_counted if self.letters_counted else 0.0


def derive(
    text: str,
    alphabet: Sequence[str] = DEFAULT_ALPHABET,
    *,
    distinct_words: bool = False,
    **options: int,
) -> Derivation:
    """Count ``text`` and derive a tile set from it (options as :func:`derive_tileset`)."""
    occurrences = count_letters(text, alphabet, distinct_words=distinct_words)
    tileset = derive_tileset(occurrences, alphabet, **options)  # type: ignore[arg-type]
    return Derivation(tileset, occurrences)


def tileset_def_text(tileset: TileSet, notes: Sequence[str] = ()) -> str:
    """A ``.def`` file setting the tile set: ``notes`` as comment lines, then the
    alphabet (only when it is not plain A-Z) and the three per-letter tables, aligned
    under a comment naming the letters, the blank last."""
    # Nothing in a comment is special, so notes are written as they are (one line each).
    lines = [f"# {note}".rstrip() for line in notes for note in line.splitlines() or [""]]
    if lines:
        lines.append("")
    if tileset.alphabet != DEFAULT_ALPHABET:
        letters = " ".join(escape_text(letter) for letter in tileset.alphabet)
        lines.append(f"Alphabet = {{ {letters} }}")
    tables = {
        "LetterFrequencies": (*tileset.frequencies, tileset.blank_count),
        "LetterScores": (*tileset.scores, tileset.blank_score),
        "LetterWeights": (*tileset.weights, tileset.blank_weight),
    }
    headings = [*tileset.alphabet, "blank"]
    widths = [
        max(len(headings[i]), *(len(str(values[i])) for values in tables.values()))
        for i in range(len(headings))
    ]
    pad = max(len(name) for name in tables)
    prefix = " " * (pad + len(" = { ") - 1)
    lines.append("#" + prefix + " ".join(h.rjust(w) for h, w in zip(headings, widths, strict=True)))
    for name, values in tables.items():
        cells = " ".join(str(v).rjust(w) for v, w in zip(values, widths, strict=True))
        lines.append(f"{name.ljust(pad)} = {{ {cells} }}")
    return "\n".join(lines) + "\n"
