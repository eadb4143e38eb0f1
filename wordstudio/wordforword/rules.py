"""The rules of Word For Word (seed 000), as a game state that moves are played on.

A :class:`Game` is dealt from a :class:`~.moves.GameSetup` and the game's lexicon (every
word of the chosen length in the chosen list).  It starts in the study period (rule 3),
then the players take turns (rule 4) until one wins or the game is drawn.  Every move
goes through :meth:`Game.play`, which applies rules 5-10 and returns the
:class:`~.moves.Turn` it recorded; the GUI and the computer players hold no rules.

How we read the seed where it is silent (see also DESIGN.md section 5):

* Words are compared in upper case; a word of the wrong length or with other characters
  is simply "not in the lexicon" (rule 5/6: it forfeits the turn).
* A deletion that is not allowed (it would cut everyone off) is not posted; the word
  stays in the lexicon (rule 5).  A failed delete-to-draw does not delete its word: the
  game is over anyway (rule 9).
* Resigning eliminates the acting player; as with a failed win (rule 7), if only one
  player is left he is the winner.
* A time-limited move not made in time forfeits the turn (recorded as ``TIME_UP``).
* Saved words stay saved after the player who saved them is eliminated, and so do the
  eliminated players' puzzle words (they are saved "from the beginning of the game").
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.offensive import offensive_words
from wordstudio.wordforword.moves import (
    COMMANDS,
    Effect,
    Forfeit,
    GameSetup,
    IllegalMove,
    Move,
    MoveKind,
    PlayerSpec,
    Turn,
    WordForWordError,
)
from wordstudio.wordforword.solver import (
    DoubletGraph,
    bfs_distances,
    graph_for,
    has_chain,
    shortest_chain,
)

#: How many random common words to try before relaxing the puzzle distance.
_DEAL_ATTEMPTS = 64


class Phase(enum.Enum):
    STUDY = "study"
    PLAY = "play"
    OVER = "over"


class WordClass(enum.Enum):
    """The classes of words the board colours: puzzle, saved, deleted, still open."""

    PUZZLE = "puzzle"
    SAVED = "saved"
    DELETED = "deleted"
    OPEN = "open"
    UNKNOWN = "not in the lexicon"


@dataclass(frozen=True)
class Deal:
    """The puzzles: the common word, each seat's word, and who sits in each seat.

    Seats are the order of play (rule 1: assigned at random); ``order[seat]`` is the
    player's index in ``GameSetup.players``.
    """

    common: str
    words: tuple[str, ...]
    order: tuple[int, ...]


@dataclass(frozen=True)
class Position:
    """A picklable snapshot for computer players and the practice aid."""

    words: tuple[str, ...]
    common: str
    puzzles: tuple[str, ...]
    active: tuple[bool, ...]
    saved: frozenset[str]
    deleted: frozenset[str]
    acting: int
    turn: int

    @property
    def active_seats(self) -> list[int]:
        return [seat for seat, alive in enumerate(self.active) if alive]


@dataclass
class Seat:
    """A player during the game: his puzzle word and what he has saved and deleted."""

    spec: PlayerSpec
    word: str
    saved: list[str]
    deleted: list[str]
    eliminated: bool = False
    fate: str = ""

    @property
    def name(self) -> str:
        return self.spec.name


def game_words(words: Iterable[str], length: int) -> tuple[str, ...]:
    """The lexicon of an N-letter game: every plain word of that length, upper case, sorted."""
    return tuple(sorted({w.upper() for w in words if len(w) == length and w.isalpha()}))


def deal_puzzles(graph: DoubletGraph, setup: GameSetup) -> Deal:
    """Choose the common word and one word per player at random, each with a solution.

    Rule 2 has the computer pick words and verify that solutions exist.  We pick a random
    common word and the players' words among the words connected to it, so every puzzle
    is solvable by construction; the seed makes a deal repeatable.  The program never
    deals a slur or an offensive word (:mod:`wordstudio.lexicon.offensive`): such a deal is
    drawn again.
    """
    rng = random.Random(setup.seed)
    count = len(setup.players)
    order = list(range(count))
    rng.shuffle(order)
    shunned = offensive_words()
    if len(graph) > count:
        for distance in range(setup.min_distance, 0, -1):
            for _ in range(_DEAL_ATTEMPTS):
                common = rng.choice(graph.words)
                reach = bfs_distances(graph, graph.index[common], graph.mask())
                far = sorted(graph.words[i] for i, d in reach.items() if d >= distance)
                if len(far) >= count:
                    words = tuple(rng.sample(far, count))
                    if common not in shunned and not shunned.intersection(words):
                        return Deal(common, words, tuple(order))
    raise WordForWordError(
        f"the word list has too few linked {setup.length}-letter words for "
        f"{count} puzzles; choose a larger list or fewer players")


def prepare_game(setup: GameSetup) -> tuple[tuple[str, ...], Deal, DoubletGraph]:
    """Load the game's lexicon, build its graph and deal: the slow part of a new game.

    A top-level function of a picklable argument, so the window runs it in a worker
    process; hand the graph to :func:`~.solver.remember_graph` where the game is played.
    """
    words = game_words(load_lexicon(setup.lexicon).of_length(setup.length), setup.length)
    graph = graph_for(words)
    return words, deal_puzzles(graph, setup), graph


class Game:
    """A game of Word For Word: the board, whose turn it is, and the record of turns."""

    def __init__(self, setup: GameSetup, words: Iterable[str], deal: Deal | None = None) -> None:
        self.setup = setup
        self.words = game_words(words, setup.length)
        self.graph = graph_for(self.words)
        self.deal = deal_puzzles(self.graph, setup) if deal is None else deal
        self._check_deal(self.deal)
        self.common = self.deal.common
        self.seats = [Seat(setup.players[index], word, [], [])
                      for index, word in zip(self.deal.order, self.deal.words, strict=True)]
        # Who saved or deleted each word (None: a puzzle word, saved from the start).
        self._saved: dict[str, int | None] = {w: None for w in (self.common, *self.deal.words)}
        self._deleted: dict[str, int] = {}
        self.turns: list[Turn] = []
        self.phase = Phase.PLAY if setup.study_seconds == 0 else Phase.STUDY
        self.acting = 0
        self.winner: int | None = None
        self.drawn = False

    def _check_deal(self, deal: Deal) -> None:
        count = len(self.setup.players)
        puzzle_words = (deal.common, *deal.words)
        if len(deal.words) != count or sorted(deal.order) != list(range(count)):
            raise WordForWordError("the puzzles do not match the players")
        if len(set(puzzle_words)) != len(puzzle_words):
            raise WordForWordError("two puzzles share a word")
        for word in puzzle_words:
            if word not in self.graph:
                raise WordForWordError(f"the puzzle word {word} is not in the lexicon")
        for word in deal.words:
            if not has_chain(self.graph, word, deal.common):
                raise WordForWordError(f"the puzzle {word} to {deal.common} has no solution")

    @classmethod
    def replay(cls, setup: GameSetup, words: Iterable[str], deal: Deal,
               moves: Sequence[Move], study_over: bool = True) -> Game:
        """The game the record describes: the deal, then every move in order."""
        game = cls(setup, words, deal)
        if (study_over or moves) and game.phase is Phase.STUDY:
            game.begin_play()
        for move in moves:
            game.play(move)
        return game

    # --- what the board shows ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def saved_words(self) -> frozenset[str]:
        """Every saved word, the puzzle words included."""
        return frozenset(self._saved)

    @property
    def deleted_words(self) -> frozenset[str]:
        return frozenset(self._deleted)

    def active_seats(self) -> list[int]:
        return [seat for seat, s in enumerate(self.seats) if not s.eliminated]

    def word_class(self, word: str) -> WordClass:
        word = word.upper()
        if word in self._deleted:
            return WordClass.DELETED
        if word in self._saved:
            return WordClass.PUZZLE if self._saved[word] is None else WordClass.SAVED
        return WordClass.OPEN if word in self.graph else WordClass.UNKNOWN

    def saved_by(self, word: str) -> int | None:
        """The seat that saved ``word`` (None for a puzzle word or an unsaved one)."""
        return self._saved.get(word.upper())

    def deleted_by(self, word: str) -> int | None:
        return self._deleted.get(word.upper())

    def in_lexicon(self, word: str) -> bool:
        """Whether ``word`` is in the lexicon now (deleted words are not)."""
        word = word.upper()
        return word in self.graph and word not in self._deleted

    def commands(self) -> tuple[MoveKind, ...]:
        """The commands the acting player may give now (none outside play)."""
        if self.phase is not Phase.PLAY:
            return ()
        if len(self.active_seats()) == 2:
            return COMMANDS
        return tuple(k for k in COMMANDS if k is not MoveKind.DELETE_TO_DRAW)

    def solution(self, seat: int) -> list[str] | None:
        """A shortest chain for ``seat``'s puzzle in the lexicon as it is now."""
        return shortest_chain(self.graph, self.seats[seat].word, self.common,
                              without=self._deleted)

    def saved_solution(self, seat: int) -> list[str] | None:
        """A chain for ``seat``'s puzzle made of saved words only (what a win needs)."""
        return shortest_chain(self.graph, self.seats[seat].word, self.common,
                              within=self._saved)

    def position(self) -> Position:
        return Position(
            words=self.words, common=self.common,
            puzzles=tuple(s.word for s in self.seats),
            active=tuple(not s.eliminated for s in self.seats),
            saved=self.saved_words, deleted=self.deleted_words,
            acting=self.acting, turn=len(self.turns))

    def result_text(self) -> str:
        if self.winner is not None:
            return f"{self.seats[self.winner].name} wins."
        if self.drawn:
            return "The game is drawn."
        return ""

    # --- playing ------------------------------------------------------------------------
    def begin_play(self) -> None:
        """End the study period (by agreement or when its time runs out; rule 4)."""
        if self.phase is not Phase.STUDY:
            raise IllegalMove("the study period is already over")
        self.phase = Phase.PLAY

    def time_up(self) -> Turn:
        """The acting player's move clock ran out: he forfeits the turn."""
        return self.play(Move(MoveKind.TIME_UP))

    def play(self, move: Move) -> Turn:
        """Make the acting player's move and return what it did (see the module docstring)."""
        if self.phase is Phase.STUDY:
            raise IllegalMove("no moves are made during the study period (rule 3)")
        if self.phase is Phase.OVER:
            raise IllegalMove(f"the game is over: {self.result_text()}")
        if move.kind is MoveKind.DELETE_TO_DRAW and len(self.active_seats()) != 2:
            raise IllegalMove("delete-to-draw is only allowed with two players left (rule 9)")
        handler = {
            MoveKind.SAVE: self._save,
            MoveKind.DELETE: self._delete,
            MoveKind.WIN: self._win,
            MoveKind.SAVE_TO_WIN: self._save_to_win,
            MoveKind.DELETE_TO_DRAW: self._delete_to_draw,
            MoveKind.RESIGN: self._resign,
            MoveKind.TIME_UP: self._time_up,
        }[move.kind]
        turn = handler(self.acting, move)
        self.turns.append(turn)
        if turn.ends_game:
            self.phase = Phase.OVER
            self.winner = turn.winner
            self.drawn = turn.drawn
        else:
            self._advance()
        return turn

    def _advance(self) -> None:
        count = len(self.seats)
        for step in range(1, count + 1):
            seat = (self.acting + step) % count
            if not self.seats[seat].eliminated:
                self.acting = seat
                return

    def _turn(self, seat: int, move: Move, effect: Effect, message: str, **fields: object) -> Turn:
        return Turn(number=len(self.turns) + 1, seat=seat, move=move, effect=effect,
                    message=message, **fields)  # type: ignore[arg-type]

    def _word_problem(self, word: str) -> Forfeit | None:
        """Why ``word`` cannot be saved or deleted now (rules 5, 6 and 10), or None."""
        if word in self._deleted:
            return Forfeit.ALREADY_DELETED
        if word not in self.graph:
            return Forfeit.NOT_IN_LEXICON
        if word in self._saved:
            return Forfeit.ALREADY_SAVED
        return None

    def _forfeit(self, seat: int, move: Move, reason: Forfeit) -> Turn:
        name = self.seats[seat].name
        subject = f"{move.word} is {reason.value}" if move.word else reason.value
        if reason is Forfeit.WOULD_ELIMINATE_ALL:
            subject = f"deleting {move.word} {reason.value}"
        return self._turn(seat, move, Effect.FORFEITED,
                          f"{name} forfeits the turn: {subject}.", forfeit=reason)

    def _eliminate(self, seats: Iterable[int], fate: str) -> None:
        for seat in seats:
            self.seats[seat].eliminated = True
            self.seats[seat].fate = fate

    def _cut_off_by(self, word: str) -> list[int]:
        """Active seats with no solution once ``word`` is (tentatively) deleted."""
        without = {*self._deleted, word}
        return [seat for seat in self.active_seats()
                if not has_chain(self.graph, self.seats[seat].word, self.common,
                                 without=without)]

    def _sole_survivor(self) -> int | None:
        active = self.active_seats()
        return active[0] if len(active) == 1 else None

    def _names(self, seats: Iterable[int]) -> str:
        return ", ".join(self.seats[s].name for s in seats)

    def _save(self, seat: int, move: Move) -> Turn:
        word = move.word or ""
        problem = self._word_problem(word)
        if problem is not None:
            return self._forfeit(seat, move, problem)
        self._post_save(seat, word)
        return self._turn(seat, move, Effect.SAVED, f"{self.seats[seat].name} saved {word}.")

    def _post_save(self, seat: int, word: str) -> None:
        self._saved[word] = seat
        self.seats[seat].saved.append(word)

    def _delete(self, seat: int, move: Move) -> Turn:
        word = move.word or ""
        problem = self._word_problem(word)
        if problem is not None:
            return self._forfeit(seat, move, problem)
        cut = self._cut_off_by(word)
        if len(cut) == len(self.active_seats()):
            return self._forfeit(seat, move, Forfeit.WOULD_ELIMINATE_ALL)
        self._deleted[word] = seat
        self.seats[seat].deleted.append(word)
        self._eliminate(cut, f"cut off when {self.seats[seat].name} deleted {word}")
        message = f"{self.seats[seat].name} deleted {word}."
        if cut:
            message += f" Eliminated (no solution left): {self._names(cut)}."
        winner = self._sole_survivor()
        if winner is not None:
            message += f" {self.seats[winner].name} wins."
        return self._turn(seat, move, Effect.DELETED, message,
                          eliminated=tuple(cut), winner=winner)

    def _win(self, seat: int, move: Move, message: str = "") -> Turn:
        name = self.seats[seat].name
        chain = self.saved_solution(seat)
        if chain is not None:
            message += f"{name} wins with {' > '.join(chain)}."
            return self._turn(seat, move, Effect.WON, message, winner=seat, chain=tuple(chain))
        self._eliminate((seat,), "claimed a win without a chain of saved words")
        message += f"{name} has no chain of saved words and is eliminated."
        winner = self._sole_survivor()
        if winner is not None:
            message += f" {self.seats[winner].name} wins."
        return self._turn(seat, move, Effect.FAILED_WIN, message, eliminated=(seat,),
                          winner=winner)

    def _save_to_win(self, seat: int, move: Move) -> Turn:
        word = move.word or ""
        problem = self._word_problem(word)
        if problem is not None:
            return self._forfeit(seat, move, problem)
        # Rule 8: a valid save takes effect at once and stays even if the claim fails.
        self._post_save(seat, word)
        return self._win(seat, move, f"{self.seats[seat].name} saved {word}. ")

    def _delete_to_draw(self, seat: int, move: Move) -> Turn:
        word = move.word or ""
        problem = self._word_problem(word)
        if problem is not None:
            return self._forfeit(seat, move, problem)
        name = self.seats[seat].name
        if len(self._cut_off_by(word)) == 2:
            self._deleted[word] = seat
            self.seats[seat].deleted.append(word)
            return self._turn(seat, move, Effect.DRAWN,
                              f"{name} deleted {word}, cutting both players off: a draw.",
                              drawn=True)
        self._eliminate((seat,), f"deleting {word} would not cut both players off")
        winner = self._sole_survivor()
        assert winner is not None  # two were left, and only the acting player went
        message = (f"Deleting {word} would not cut both players off: {name} is eliminated"
                   f" and {self.seats[winner].name} wins.")
        return self._turn(seat, move, Effect.FAILED_DRAW, message, eliminated=(seat,),
                          winner=winner)

    def _resign(self, seat: int, move: Move) -> Turn:
        self._eliminate((seat,), "resigned")
        message = f"{self.seats[seat].name} resigns."
        winner = self._sole_survivor()
        if winner is not None:
            message += f" {self.seats[winner].name} wins."
        return self._turn(seat, move, Effect.RESIGNED, message, eliminated=(seat,),
                          winner=winner)

    def _time_up(self, seat: int, move: Move) -> Turn:
        return self._forfeit(seat, move, Forfeit.TIME_UP)
