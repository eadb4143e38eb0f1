"""The Word War deck: 54 cards, two of each letter and two WILD cards (seed 002).

The mix can be changed by a board set: its ``wordwar.def`` holds a WordsWorth
``LetterFrequencies`` table (26 letter counts, then the number of WILD cards, as a tile
set's blanks); see :class:`wordstudio.wordwar.boards.BoardSet`.  Shuffles come from a generator seeded by the game's seed, the round and
the shuffle number, so a saved game replays to exactly the same cards.
"""

from __future__ import annotations

import random
import string
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wordstudio.wordwar.errors import IllegalPlay

if TYPE_CHECKING:
    from wordstudio.crossword.gameconfig import GameConfig

ALPHABET = string.ascii_uppercase
#: The WILD card: each player writes a letter of his choice.
WILD = "*"


def card_name(card: str) -> str:
    """How a card is shown: its letter, or ``WILD``."""
    return "WILD" if card == WILD else card


#: The most cards a deck may hold (the seed's deck has 54; a board set may differ).
MAX_CARDS = 1_000


@dataclass(frozen=True)
class DeckSpec:
    """How many cards of each letter (A-Z) and how many WILD cards the deck holds."""

    letters: tuple[int, ...] = (2,) * 26
    wild: int = 2

    def __post_init__(self) -> None:
        if len(self.letters) != 26:
            raise ValueError(f"a deck lists 26 letter counts, not {len(self.letters)}")
        if min(self.letters) < 0 or self.wild < 0:
            raise ValueError("a deck cannot hold a negative number of cards")
        if self.size == 0:
            raise ValueError("a deck needs at least one card")
        if self.size > MAX_CARDS:
            raise ValueError(f"a deck of {self.size:,} cards; a deck holds at most "
                             f"{MAX_CARDS:,}")

    @property
    def size(self) -> int:
        return sum(self.letters) + self.wild

    def cards(self) -> list[str]:
        """Every card, in alphabetical order with the WILD cards last."""
        cards = [letter for letter, n in zip(ALPHABET, self.letters, strict=True)
                 for _ in range(n)]
        return cards + [WILD] * self.wild

    def counts(self) -> Counter[str]:
        return Counter(self.cards())

    @classmethod
    def from_config(cls, config: GameConfig) -> DeckSpec:
        """The deck a definition file's ``LetterFrequencies`` (and blank count) describes."""
        tiles = config.tiles
        if tuple(tiles.alphabet) != tuple(ALPHABET):
            raise ValueError("a Word War deck uses the letters A-Z")
        return cls(tuple(tiles.frequencies), tiles.blank_count)

    def to_json(self) -> dict[str, object]:
        return {"letters": list(self.letters), "wild": self.wild}

    @classmethod
    def from_json(cls, data: object) -> DeckSpec:
        if not isinstance(data, dict):
            raise ValueError("the deck is not an object")
        letters, wild = data.get("letters"), data.get("wild")
        if not (isinstance(letters, list) and all(type(n) is int for n in letters)
                and type(wild) is int):
            raise ValueError("the deck needs 26 letter counts and a WILD count")
        return cls(tuple(letters), wild)


def shuffle_rng(seed: str, round_index: int, shuffle: int) -> random.Random:
    """The generator of one shuffle; string seeds hash the same in every process."""
    return random.Random(f"wordwar:{seed}:{round_index}:{shuffle}")


@dataclass
class Deck:
    """The draw pile and the discard pile of one round.

    At the start of a round the whole deck is shuffled.  When the draw pile runs out the
    discards are shuffled to make a new one (seed 002: "the discard pile may be shuffled
    and turned facedown, forming a new draw pile").
    """

    spec: DeckSpec
    seed: str
    round_index: int
    draw: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    shuffles: int = 0

    @classmethod
    def new_round(cls, spec: DeckSpec, seed: str, round_index: int) -> Deck:
        deck = cls(spec, seed, round_index)
        deck.draw = spec.cards()
        shuffle_rng(seed, round_index, 0).shuffle(deck.draw)
        deck.shuffles = 1
        return deck

    def turn(self) -> str:
        """Take the top card of the draw pile, reshuffling the discards when it is empty."""
        if not self.draw:
            if not self.discards:
                raise IllegalPlay("there are no cards left to turn")
            self.draw = sorted(self.discards)
            self.discards = []
            shuffle_rng(self.seed, self.round_index, self.shuffles).shuffle(self.draw)
            self.shuffles += 1
        # The top of the pile is the end of the list: pop() is O(1).
        return self.draw.pop()

    def discard(self, card: str) -> None:
        self.discards.append(card)

    @property
    def cards_left(self) -> int:
        return len(self.draw)

    def unseen(self) -> Counter[str]:
        """The cards in the draw pile, as a player knows them: which, but not in what order."""
        return Counter(self.draw)
