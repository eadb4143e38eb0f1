"""A game of Word War: players, rounds, the card being decided, totals (seed 002).

The game is a value plus a history of actions, as everywhere in WordStudio: saving writes
the history, loading replays it (:mod:`wordstudio.wordwar.records`).  The actions are

* ``["round", [b1, b2, ...]]`` - a round starts; each player's board number;
* ``["turn", card]`` - the next card is turned (the card is recorded as a check);
* ``["place", player, row, col, letter]`` - a player writes a letter;
* ``["pass", player]`` - a player does not use the card;
* ``["ruling", word, accepted, player]`` - the players settled a word ``player`` disputed
  (:mod:`wordstudio.wordwar.disputes`): it counts (true) or never counts (false) from now
  on, and a round just finished is scored again.

Every player answers every card (in any order); when the last answer is in, the card goes
to the discards and, if some grid is full, the round ends.  Each round starts from the
whole deck, shuffled; the last round's winner turns its first card, and the cards are then
turned by each player in turn ("the player to the left").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from wordstudio.wordwar.boards import Board, BoardSet, Grid
from wordstudio.wordwar.deck import WILD, Deck, DeckSpec, card_name
from wordstudio.wordwar.disputes import Ruling, checked_word, ruled_scorer
from wordstudio.wordwar.errors import IllegalPlay
from wordstudio.wordwar.scoring import GridScore, WordScorer, scorer_for

ROUNDS = 4
#: Seed 002 is "for 1 to 4 players", with four pens, and "pens may be shared or crayons
#: used if there are more than four players": the box's nine boards seat nine.
MAX_PLAYERS = 9
DEFAULT_LEXICON = "en-US-wordwar"  # the catalog's WORD_WAR_LEXICON


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table: a person, or a computer player of some strength."""

    name: str
    computer: bool = False
    strength: str = "expert"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "computer": self.computer, "strength": self.strength}

    @classmethod
    def from_json(cls, data: Any) -> PlayerSpec:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ValueError("a player needs a name")
        computer = data.get("computer", False)
        strength = data.get("strength", "expert")
        if not isinstance(computer, bool) or not isinstance(strength, str):
            raise ValueError(f"player {data['name']!r} is not described properly")
        return cls(data["name"], computer, strength)


@dataclass(frozen=True)
class Placement:
    """Writing ``letter`` on the square at (row, col), 0-based."""

    row: int
    col: int
    letter: str


#: A player's answer to a card: a placement, or None to pass.
Decision = Placement | None


class Phase(Enum):
    """What the game is waiting for."""

    CHOOSE_BOARDS = "choose boards"  # a round is about to start
    TURN_CARD = "turn card"  # the next card is to be turned
    DECIDE = "decide"  # a card is up and some players have not answered
    GAME_OVER = "game over"


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: each player's board, grid and score, and the winner."""

    index: int
    boards: tuple[int, ...]
    grids: tuple[Grid, ...]
    scores: tuple[GridScore, ...]
    winner: int
    cards_turned: int

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(score.total for score in self.scores)


class WordWarGame:
    """One game of Word War between one and nine players."""

    def __init__(self, players: Sequence[PlayerSpec], seed: str, *,
                 lexicon: str = DEFAULT_LEXICON, board_set: BoardSet | None = None,
                 deck: DeckSpec | None = None, scorer: WordScorer | None = None,
                 rounds: int = ROUNDS) -> None:
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise IllegalPlay(f"Word War is for 1 to {MAX_PLAYERS} players, not {len(players)}")
        if rounds < 1:
            raise IllegalPlay("a game needs at least one round")
        self.players = tuple(players)
        self.seed = str(seed)
        self.lexicon = lexicon
        self.board_set = board_set if board_set is not None else BoardSet.load()
        #: The deck in play: the board set's unless the game says otherwise (a saved game
        #: keeps its own, so editing ``wordwar.def`` later cannot change a game's cards).
        self.deck_spec = deck or self.board_set.deck
        self.rounds = rounds
        self._base_scorer = scorer
        self._scorer: WordScorer | None = None
        #: The players' rulings on disputed words, in the order they were made.
        self.rulings: list[Ruling] = []
        self.history: list[list[Any]] = []
        self.results: list[RoundResult] = []
        self.round_index = -1
        self.boards: tuple[Board, ...] = ()
        self.grids: list[Grid] = []
        self.deck: Deck | None = None
        self.card: str | None = None
        self.decisions: dict[int, Decision] = {}
        #: Who turns the next card (seed 002: the player to the left of the last one).
        self.dealer = 0
        self.cards_turned = 0
        #: What opening a saved game had to say (a word list gone since it was saved).
        self.load_notes: list[str] = []

    # --- queries ------------------------------------------------------------------------
    @property
    def scorer(self) -> WordScorer:
        """The game's word list with the players' rulings."""
        if self._scorer is None:
            if self._base_scorer is None:
                self._base_scorer = scorer_for(self.lexicon)
            self._scorer = ruled_scorer(self._base_scorer, self.rulings)
        return self._scorer

    @property
    def phase(self) -> Phase:
        if len(self.results) >= self.rounds:
            return Phase.GAME_OVER
        if self.deck is None:
            return Phase.CHOOSE_BOARDS
        if self.card is None:
            return Phase.TURN_CARD
        return Phase.DECIDE

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def waiting_for(self) -> list[int]:
        """Players who have still to answer the card that is up."""
        if self.card is None:
            return []
        return [p for p in range(len(self.players)) if p not in self.decisions]

    def score(self, player: int) -> GridScore:
        """The live line scores of a player's grid in the round being played."""
        return self.scorer.score(self.grids[player])

    def totals(self) -> list[int]:
        """Each player's total over the rounds finished so far."""
        totals = [0] * len(self.players)
        for result in self.results:
            for player, total in enumerate(result.totals):
                totals[player] += total
        return totals

    def winners(self) -> list[int]:
        """The players with the highest total (more than one on a tie)."""
        totals = self.totals()
        best = max(totals)
        return [p for p, total in enumerate(totals) if total == best]

    def next_round_dealer(self) -> int:
        """Who turns the first card of the next round: the last round's winner."""
        return self.results[-1].winner if self.results else 0

    # --- actions ------------------------------------------------------------------------
    def start_round(self, boards: Sequence[int]) -> None:
        """Start the next round with each player's chosen board number."""
        if self.phase is not Phase.CHOOSE_BOARDS:
            raise IllegalPlay(f"a round cannot start now (the game is waiting to {self.phase.value})")
        if len(boards) != len(self.players):
            raise IllegalPlay(f"choose a board for each of the {len(self.players)} players")
        chosen = tuple(self.board_set.board(int(n)) for n in boards)
        self.round_index = len(self.results)
        self.boards = chosen
        self.grids = [board.blank for board in chosen]
        self.deck = Deck.new_round(self.deck_spec, self.seed, self.round_index)
        self.dealer = self.next_round_dealer()
        self.cards_turned = 0
        self.history.append(["round", [board.number for board in chosen]])

    def turn_card(self, expected: str | None = None) -> str:
        """Turn the next card; ``expected`` (a replay's record) must match it."""
        if self.phase is not Phase.TURN_CARD or self.deck is None:
            raise IllegalPlay(f"no card can be turned now (the game is waiting to {self.phase.value})")
        card = self.deck.turn()
        if expected is not None and card != expected:
            raise IllegalPlay(f"the card turned is {card_name(card)}, not {card_name(expected)}")
        self.card = card
        self.decisions = {}
        self.cards_turned += 1
        self.history.append(["turn", card])
        return card

    def place(self, player: int, row: int, col: int, letter: str | None = None) -> None:
        """Player writes the card's letter (a letter of his choice for WILD) at (row, col)."""
        card = self._check_can_answer(player)
        if card == WILD:
            if letter is None:
                raise IllegalPlay("a WILD card needs the letter to write")
        elif letter is None:
            letter = card
        elif letter.upper() != card:
            raise IllegalPlay(f"the card is {card}, so {letter!r} cannot be written")
        letter = letter.upper()
        self.grids[player] = self.grids[player].place(row, col, letter)
        self.decisions[player] = Placement(row, col, letter)
        self.history.append(["place", player, row, col, letter])
        self._after_answer()

    def pass_card(self, player: int) -> None:
        """Player chooses not to use the card."""
        self._check_can_answer(player)
        self.decisions[player] = None
        self.history.append(["pass", player])
        self._after_answer()

    def settle_dispute(self, player: int, word: str, accepted: bool) -> Ruling:
        """The players' ruling on a word ``player`` disputes (seed 002: "If players
        disagree on the validity of a word, a dictionary should be consulted"): from now
        on it counts (``accepted``) or never counts; a round just finished is scored
        again.  The word must be on a grid of the round being played or just finished."""
        if not 0 <= player < len(self.players):
            raise IllegalPlay(f"there is no player {player + 1}")
        if self.round_index < 0:
            raise IllegalPlay("no round has been played yet")
        grids = self.grids if self.deck is not None else self.results[-1].grids
        ruling = Ruling(checked_word(word, grids), bool(accepted), player, self.round_index)
        self.rulings.append(ruling)
        self._scorer = None
        self.history.append(["ruling", ruling.word, ruling.accepted, player])
        if self.deck is None and self.results:
            self.results[-1] = self._result(self.results[-1].index, self.results[-1].boards,
                                            self.results[-1].grids,
                                            self.results[-1].cards_turned, rescoring=True)
        return ruling

    def decide(self, player: int, decision: Decision) -> None:
        """Apply a decision (as computer players return them)."""
        if decision is None:
            self.pass_card(player)
        else:
            self.place(player, decision.row, decision.col, decision.letter)

    # --- internals ----------------------------------------------------------------------
    def _check_can_answer(self, player: int) -> str:
        if not 0 <= player < len(self.players):
            raise IllegalPlay(f"there is no player {player + 1}")
        if self.phase is not Phase.DECIDE or self.card is None:
            raise IllegalPlay("no card is up")
        if player in self.decisions:
            raise IllegalPlay(f"{self.players[player].name} has already answered this card")
        return self.card

    def _after_answer(self) -> None:
        if len(self.decisions) < len(self.players):
            return
        assert self.deck is not None and self.card is not None
        self.deck.discard(self.card)
        self.card = None
        self.dealer = (self.dealer + 1) % len(self.players)
        if any(grid.is_full for grid in self.grids):
            self._end_round()

    def _end_round(self) -> None:
        self.results.append(self._result(self.round_index, tuple(b.number for b in self.boards),
                                         tuple(self.grids), self.cards_turned))
        self.deck = None

    def _result(self, index: int, boards: tuple[int, ...], grids: tuple[Grid, ...],
                cards_turned: int, rescoring: bool = False) -> RoundResult:
        scores = tuple(self.scorer.score(grid) for grid in grids)
        totals = [s.total for s in scores]
        best = max(totals)
        # A tie goes to the first tied player in turning order from the round's first
        # dealer, so the rule "the winner turns the next card" always names one player.
        first = (self.results[-2].winner if len(self.results) > 1 else 0) if rescoring \
            else self.next_round_dealer()
        order = [(first + k) % len(self.players) for k in range(len(self.players))]
        winner = next(p for p in order if totals[p] == best)
        return RoundResult(index, boards, grids, scores, winner, cards_turned)

    # --- replay -------------------------------------------------------------------------
    def apply(self, action: Sequence[Any]) -> None:
        """Apply one recorded action (see the module docstring)."""
        if not action or not isinstance(action[0], str):
            raise IllegalPlay(f"unreadable action {action!r}")
        kind, args = action[0], list(action[1:])
        if kind == "round" and len(args) == 1 and isinstance(args[0], list):
            self.start_round([_int(n) for n in args[0]])
        elif kind == "turn" and len(args) == 1 and isinstance(args[0], str):
            self.turn_card(expected=args[0])
        elif kind == "place" and len(args) == 4 and isinstance(args[3], str):
            self.place(_int(args[0]), _int(args[1]), _int(args[2]), args[3])
        elif kind == "pass" and len(args) == 1:
            self.pass_card(_int(args[0]))
        elif kind == "ruling" and len(args) == 3 and isinstance(args[0], str) \
                and isinstance(args[1], bool):
            self.settle_dispute(_int(args[2]), args[0], args[1])
        else:
            raise IllegalPlay(f"unreadable action {list(action)!r}")

    def snapshot_key(self) -> tuple[int, int, int]:
        """Identifies the moment a card is up (round, card, actions) for stale-result checks."""
        return (self.round_index, self.cards_turned, len(self.history))


def _int(value: Any) -> int:
    if type(value) is not int:
        raise IllegalPlay(f"{value!r} is not a whole number")
    return value
