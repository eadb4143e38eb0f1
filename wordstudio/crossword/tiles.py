"""Tiles off the board: racks and the bag.

A tile is its letter (an entry of the config's alphabet) or :data:`BLANK` (``?``).  The
bag draws with its own seeded generator, so a game replays exactly from its seed and
move list (undo/redo and saved games depend on that).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from wordstudio.crossword.gameconfig import TileSet
from wordstudio.errors import UserError

BLANK = "?"


class TileError(UserError):
    """A tile that is not in the set, or tiles a rack or bag does not hold."""


@dataclass(frozen=True)
class Rack:
    """The tiles a player holds (order kept: the player arranges them)."""

    tiles: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str, alphabet: Sequence[str]) -> Rack:
        """Read ``"AEIRST?"`` style text (``?`` or ``_`` a blank); multi-letter tiles
        are matched longest first, or written in brackets (``[CH]AE``, as Macondo and
        Woogles write them)."""
        letters = sorted(alphabet, key=len, reverse=True)
        tiles: list[str] = []
        i = 0
        text = text.strip().upper()
        while i < len(text):
            ch = text[i]
            if ch in "?_":
                tiles.append(BLANK)
                i += 1
                continue
            if ch.isspace():
                i += 1
                continue
            if ch == "[":
                end = text.find("]", i)
                if end < 0 or text[i + 1:end] not in alphabet:
                    shown = text[i:end + 1] if end >= 0 else text[i:]
                    raise TileError(f"{shown!r} is not a tile of this game")
                tiles.append(text[i + 1:end])
                i = end + 1
                continue
            for letter in letters:
                if text.startswith(letter, i):
                    tiles.append(letter)
                    i += len(letter)
                    break
            else:
                raise TileError(f"{text[i]!r} is not a tile of this game")
        return cls(tuple(tiles))

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[str]:
        return iter(self.tiles)

    def __str__(self) -> str:
        return "".join(self.tiles)

    @property
    def blanks(self) -> int:
        return self.tiles.count(BLANK)

    def counts(self, alphabet: Sequence[str]) -> list[int]:
        """How many of each letter (blanks not included), in alphabet order."""
        counter = Counter(self.tiles)
        return [counter.get(letter, 0) for letter in alphabet]

    def holds(self, tiles: Iterable[str]) -> bool:
        need = Counter(tiles)
        have = Counter(self.tiles)
        return all(have[t] >= n for t, n in need.items())

    def without(self, tiles: Iterable[str]) -> Rack:
        """This rack less ``tiles`` (TileError if it does not hold them)."""
        remaining = list(self.tiles)
        for tile in tiles:
            try:
                remaining.remove(tile)
            except ValueError:
                shown = "a blank" if tile == BLANK else tile
                raise TileError(f"the rack {self} has no {shown}") from None
        return Rack(tuple(remaining))

    def plus(self, tiles: Iterable[str]) -> Rack:
        return Rack(self.tiles + tuple(tiles))

    def sorted(self) -> Rack:
        return Rack(tuple(sorted(self.tiles, key=lambda t: (t == BLANK, t))))

    def value(self, tiles: TileSet) -> int:
        """Sum of the tiles' scores (the end-of-game deduction)."""
        return sum(tiles.blank_score if t == BLANK else tiles.score_of(t) for t in self.tiles)


def tile_text(tile: str, blank: bool = False) -> str:
    """A tile as game records write it: a tile of more than one letter in brackets
    (``[CH]``), a blank standing for a letter in lower case (``[ch]``, ``e``)."""
    text = tile.lower() if blank else tile
    return f"[{text}]" if len(tile) > 1 else text


def tiles_text(tiles: Iterable[str], alphabet: Sequence[str] = ()) -> str:
    """Tiles as game records write a rack (see :func:`tile_text` and :func:`join_tiles`)."""
    return join_tiles([tile_text(tile) for tile in tiles], alphabet)


def join_tiles(texts: Sequence[str], alphabet: Sequence[str] = ()) -> str:
    """Tile texts (:func:`tile_text`, or ``.``) written one after another.  A reader
    matches a tile of more than one letter first (``RR`` is the RR tile), so a
    one-letter tile that would run together with what follows into one of ``alphabet``'s
    longer tiles is written in brackets too: two R tiles are ``[R]R``."""
    longer = [letter for letter in alphabet if len(letter) > 1]
    out = []
    for index, text in enumerate(texts):
        if len(text) == 1 and text.isalpha() and longer:
            rest = "".join(texts[index + 1:]).upper()
            if any(letter.startswith(text.upper()) and rest.startswith(letter[1:])
                   for letter in longer):
                text = f"[{text}]"
        out.append(text)
    return "".join(out)


class Bag:
    """The tiles not yet drawn, drawn at random from a seeded generator.

    With ``unlimited`` (WordsWorth ``NumberOfTiles = 0``) the bag never runs out.
    """

    def __init__(self, tiles: TileSet, seed: int, unlimited: bool = False,
                 script: Sequence[Sequence[str]] = ()) -> None:
        self.tileset = tiles
        self.unlimited = unlimited
        self.rng = random.Random(seed)
        #: Recorded draws to hand out first, one entry per draw() call (a WordsWorth saved
        #: game records every draw; scripted tests choose the racks).
        self.script: list[tuple[str, ...]] = [tuple(entry) for entry in script]
        self.tiles: list[str] = []
        for letter, count in zip(tiles.alphabet, tiles.frequencies, strict=True):
            self.tiles.extend([letter] * count)
        self.tiles.extend([BLANK] * tiles.blank_count)

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self, n: int) -> list[str]:
        """Up to ``n`` tiles, chosen at random (fewer when the bag runs low), or the next
        scripted draw when there is one."""
        if self.script:
            entry = self.script.pop(0)
            if len(entry) > n:
                raise TileError(f"a recorded draw of {len(entry)} tiles where only {n} fit")
            self.take(entry)
            return list(entry)
        drawn: list[str] = []
        for _ in range(min(n, len(self.tiles))):
            index = self.rng.randrange(len(self.tiles))
            # Swap-remove keeps draws O(1); the order of the bag does not matter.
            self.tiles[index], self.tiles[-1] = self.tiles[-1], self.tiles[index]
            drawn.append(self.tiles.pop())
        return drawn

    def take(self, tiles: Iterable[str]) -> None:
        """Remove specific tiles (a preset board, a saved game's recorded draw)."""
        for tile in tiles:
            try:
                self.tiles.remove(tile)
            except ValueError:
                raise TileError(f"the bag holds no {tile!r}") from None

    def put_back(self, tiles: Iterable[str]) -> None:
        self.tiles.extend(tiles)

    def counts(self) -> Counter[str]:
        return Counter(self.tiles)
