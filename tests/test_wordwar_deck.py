"""The Word War deck: 54 cards, seeded shuffles, reshuffling the discards."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordstudio.crossword.gameconfig import GameConfig, TileSet
from wordstudio.wordwar.deck import ALPHABET, WILD, Deck, DeckSpec, card_name
from wordstudio.wordwar.errors import IllegalPlay


def test_standard_deck_is_54_cards_two_of_each_letter_and_two_wild():
    spec = DeckSpec()
    cards = spec.cards()
    assert len(cards) == spec.size == 54
    counts = Counter(cards)
    assert all(counts[letter] == 2 for letter in ALPHABET)
    assert counts[WILD] == 2
    assert card_name(WILD) == "WILD" and card_name("Q") == "Q"


def test_a_board_set_may_change_the_mix():
    tiles = TileSet(frequencies=(3,) + (1,) * 25, blank_count=0)
    spec = DeckSpec.from_config(GameConfig(tiles=tiles))
    assert spec.letters[0] == 3 and spec.wild == 0 and spec.size == 28


@pytest.mark.parametrize("letters, wild", [((2,) * 25, 2), ((-1,) + (2,) * 25, 2),
                                           ((0,) * 26, 0)])
def test_impossible_decks_are_refused(letters, wild):
    with pytest.raises(ValueError):
        DeckSpec(letters, wild)


def test_json_round_trip_and_bad_json():
    spec = DeckSpec((1,) * 26, 3)
    assert DeckSpec.from_json(spec.to_json()) == spec
    for bad in (None, [], {"letters": [2] * 26}, {"letters": "x", "wild": 2},
                {"letters": [2.0] * 26, "wild": 2}):
        with pytest.raises(ValueError):
            DeckSpec.from_json(bad)


def test_shuffles_are_seeded():
    first = Deck.new_round(DeckSpec(), "seed", 0)
    again = Deck.new_round(DeckSpec(), "seed", 0)
    other_round = Deck.new_round(DeckSpec(), "seed", 1)
    other_seed = Deck.new_round(DeckSpec(), "other", 0)
    assert first.draw == again.draw
    assert first.draw != other_round.draw and first.draw != other_seed.draw
    assert sorted(first.draw) == sorted(DeckSpec().cards())


def test_exhausted_pile_is_reshuffled_from_the_discards():
    deck = Deck.new_round(DeckSpec(), "seed", 0)
    turned = []
    for _ in range(54):
        card = deck.turn()
        turned.append(card)
        deck.discard(card)
    assert deck.cards_left == 0 and len(deck.discards) == 54
    assert Counter(turned) == Counter(DeckSpec().cards())
    card = deck.turn()
    assert deck.shuffles == 2 and deck.cards_left == 53 and deck.discards == []
    assert card in ALPHABET or card == WILD


def test_no_cards_at_all_cannot_be_turned():
    deck = Deck(DeckSpec(), "seed", 0)
    with pytest.raises(IllegalPlay):
        deck.turn()


@given(st.integers(0, 200), st.text(max_size=8))
@settings(max_examples=40, deadline=None)
def test_cards_are_conserved(turns, seed):
    deck = Deck.new_round(DeckSpec(), seed, 0)
    held = []
    for n in range(turns):
        card = deck.turn()
        # Keep every third card out "on the table" for a while, as a card being decided.
        if n % 3 == 0:
            held.append(card)
        else:
            deck.discard(card)
        if len(held) > 2:
            deck.discard(held.pop(0))
    everything = Counter(deck.draw) + Counter(deck.discards) + Counter(held)
    assert everything == Counter(DeckSpec().cards())
    assert deck.unseen() == Counter(deck.draw)
