"""Spelling <-> tiles: how a language's written words become a game's tiles and back.

A game's alphabet says which tiles there are; this module says how text is written with
them, the same way everywhere (word lists, typing in the window, Consult, hints, printing):

* **Marks that are tiles of their own stay** (Spanish Ñ, German Ä Ö Ü, the Polish letters,
  Swedish and Norwegian Å Ä Ö Æ Ø, Catalan and Portuguese Ç): a letter is kept whenever the
  alphabet has a tile for it.
* **Other marks are dropped** (French and Italian accents, Spanish Á É Í Ó Ú Ü): a letter
  with no tile of its own is decomposed (Unicode NFKD) and its marks left out, so É is
  played as E.  Ligatures without a decomposition are spelt out (Œ as OE, Æ as AE where Æ
  has no tile); German ß is SS, as upper case writes it.
* **Multi-letter tiles are taken whenever the letters spell them** (Spanish CH, LL, RR;
  Catalan L·L, NY, QU), longest first: in Spanish a C followed by an H is always the CH tile
  (C and H tiles never make CH), as the Spanish federation's rules say.  Catalan's
  ela geminada may be written with a middle dot (``l·l``), the one-character ``ŀl``, or a
  full stop (``l.l``); all three are the L·L tile.

:meth:`Spelling.fold` gives the text in the game's letters (upper case), :meth:`Spelling.tiles`
splits it into tiles, :meth:`Spelling.spell` writes tiles back as text.  Spelling a word's
tiles gives its folded text again (``spell(tiles(w)) == fold(w)``); a sequence of tiles
reads back as itself unless two of its tiles together spell a multi-letter tile
(:meth:`Spelling.canonical`), which no word of the game's list can hold.

:meth:`Spelling.keystroke` is the typing rule: letters typed one at a time take a
multi-letter tile as soon as they spell it (typing C then H takes the CH tile).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

#: Letters that Unicode does not decompose, spelt out when the game has no tile for them.
LIGATURES = {"Œ": "OE", "Æ": "AE", "Ø": "O", "Ł": "L", "Đ": "D", "Ð": "D", "Þ": "TH"}
#: Other ways of writing the Catalan middle dot (ŀ decomposes to L and the dot itself).
MIDDLE_DOTS = ("\u2027", "\u22c5", "\u2219", "\u02d1", "\u0387")
MIDDLE_DOT = "\u00b7"


@dataclass(frozen=True)
class Keystroke:
    """What one typed character does: take back the tile the previous keystroke put down
    (``take_back``), put ``place`` down (None: nothing), and the letters now typed towards
    a tile (``pending``, to pass to the next keystroke)."""

    take_back: bool
    place: str | None
    pending: str


@dataclass(frozen=True)
class Spelling:
    """The spelling rules of one alphabet (upper-case tiles, multi-letter ones allowed)."""

    alphabet: tuple[str, ...]

    @classmethod
    def of(cls, alphabet: Sequence[str]) -> Spelling:
        """The (shared) spelling of ``alphabet``."""
        return _spelling(tuple(alphabet))

    @cached_property
    def _longest_first(self) -> tuple[str, ...]:
        return tuple(sorted(self.alphabet, key=len, reverse=True))

    @cached_property
    def _characters(self) -> frozenset[str]:
        return frozenset("".join(self.alphabet))

    @cached_property
    def _prefixes(self) -> frozenset[str]:
        """Every proper beginning of a multi-letter tile (C of CH, L and L· of L·L)."""
        return frozenset(t[:i] for t in self.alphabet for i in range(1, len(t)))

    @cached_property
    def multi_letter(self) -> bool:
        return any(len(t) > 1 for t in self.alphabet)

    # --- text -> tiles -------------------------------------------------------------------
    def fold(self, text: str) -> str | None:
        """``text`` in upper case, in the game's letters (marks without a tile dropped), or
        None when a character has no tile (a digit, a hyphen, a letter of another script)."""
        upper = unicodedata.normalize("NFC", text.strip()).upper()
        if MIDDLE_DOT in self._characters:
            upper = _middle_dots(upper)
        out: list[str] = []
        characters = self._characters
        for ch in upper:
            if ch in characters:
                out.append(ch)
                continue
            replacement = LIGATURES.get(ch)
            if replacement is None:
                decomposed = unicodedata.normalize("NFKD", ch)
                replacement = "".join(c for c in decomposed if not unicodedata.combining(c))
            if not replacement or any(c not in characters for c in replacement):
                return None
            out.append(replacement)
        return "".join(out)

    @cached_property
    def _tile_pattern(self) -> re.Pattern[str]:
        # Alternatives are tried in order, so the longest tile wins at each point.
        return re.compile("|".join(re.escape(t) for t in self._longest_first))

    def all_written(self, words: Sequence[str], min_tiles: int, max_tiles: int) -> bool:
        """Whether every one of ``words`` is already in the game's letters and makes
        ``min_tiles`` to ``max_tiles`` tiles - checked for a whole list at the speed of
        the regular-expression engine (a shipped list of half a million words in a
        fraction of a second), not word by word."""
        whole = text = "\n".join(words)
        singles = "".join(re.escape(t) for t in self.alphabet if len(t) == 1)
        multi = "|".join(re.escape(t) for t in self._longest_first if len(t) > 1)
        if multi:
            # What is left once the multi-letter tiles are taken out must be single tiles
            # (Catalan's Q, Y and middle dot only come inside QU, NY and L·L).
            text = re.sub(multi, "", text)
        if re.fullmatch(f"[{singles}\n]*", text) is None:
            return False
        # Only a short or a long word's count of tiles needs its split.
        shortest = min_tiles * max(len(t) for t in self.alphabet)
        outliers = re.findall(f"^.{{0,{shortest - 1}}}$|^.{{{max_tiles + 1},}}$", whole, re.M)
        return all(tiles is not None and min_tiles <= len(tiles) <= max_tiles
                   for tiles in map(self.split, outliers))

    def fold_keeping_case(self, text: str) -> str | None:
        """Like :meth:`fold`, but a lower-case letter stays lower case (a blank, where a
        move is typed as a word: ``cAnción`` -> ``cANCION``)."""
        if MIDDLE_DOT in self._characters:
            text = text.replace("l.l", "l\u00b7l").replace("L.L", "L\u00b7L")
        out: list[str] = []
        for ch in unicodedata.normalize("NFC", text):
            folded = self.fold(ch)
            if folded is None:
                return None
            out.append(folded.lower() if ch.islower() else folded)
        return "".join(out)

    def split(self, folded: str) -> tuple[str, ...] | None:
        """Folded text as tiles, the longest tile first at each point (None if it cannot
        be spelt)."""
        if not self.multi_letter:
            letters = self._characters
            return tuple(folded) if all(ch in letters for ch in folded) else None
        tiles = self._tile_pattern.findall(folded)
        # findall steps over what no tile matches: the tiles must cover every character.
        return tuple(tiles) if sum(map(len, tiles)) == len(folded) else None

    def tiles(self, text: str) -> tuple[str, ...] | None:
        """The tiles that spell ``text`` (folded first), or None if no tiles can."""
        folded = self.fold(text)
        return None if folded is None or not folded else self.split(folded)

    # --- tiles -> text -------------------------------------------------------------------
    @staticmethod
    def spell(tiles: Iterable[str]) -> str:
        """Tiles written as text (a blank's lower-case letter stays lower case)."""
        return "".join(tiles)

    def canonical(self, tiles: Sequence[str]) -> bool:
        """Whether ``tiles`` read back as themselves from their text (False when, say, a C
        and an H stand side by side where the game has a CH tile)."""
        return self.split(self.spell(t.upper() for t in tiles)) == tuple(t.upper() for t in tiles)

    # --- typing --------------------------------------------------------------------------
    def keystroke(self, pending: str, char: str) -> Keystroke | None:
        """One typed character, after ``pending`` (the letters typed towards the last tile,
        "" at first).  None when the character is no letter of the game."""
        folded = self.fold(char) if char.strip() else None
        if not folded:
            return None
        joined = pending + folded
        if pending:
            placed = self._placed(pending)
            if joined in self.alphabet:
                return Keystroke(placed is not None, joined, joined)
            if joined in self._prefixes:
                return Keystroke(False, None, joined)
        if folded in self.alphabet:
            return Keystroke(False, folded, folded)
        if folded in self._prefixes:
            return Keystroke(False, None, folded)
        tiles = self.split(folded)  # a character that folds to several tiles (Æ as A E)
        if tiles is not None and len(tiles) == 1:
            return Keystroke(False, tiles[0], tiles[0])
        return None

    def begins_tile(self, text: str) -> bool:
        """Whether ``text`` is the beginning of a longer tile (C of CH, L· of L·L)."""
        return text in self._prefixes

    def _placed(self, pending: str) -> str | None:
        """The tile the keystrokes of ``pending`` put down: its longest beginning that is
        a tile (L for L·, nothing for Catalan's Q)."""
        for end in range(len(pending), 0, -1):
            if pending[:end] in self.alphabet:
                return pending[:end]
        return None


def _middle_dots(text: str) -> str:
    for dot in MIDDLE_DOTS:
        text = text.replace(dot, MIDDLE_DOT)
    text = text.replace("Ŀ", "L" + MIDDLE_DOT)
    return text.replace("L.L", "L" + MIDDLE_DOT + "L")


@lru_cache(maxsize=32)
def _spelling(alphabet: tuple[str, ...]) -> Spelling:
    return Spelling(alphabet)
