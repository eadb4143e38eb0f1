"""Challenges: a person's word questioned by another player, or by the program.

The rules come from three seeds, chosen per game by :class:`~wordstudio.crossword.game.
GameSettings`:

* Computer SCRABBLE rule 8 (seed 004): "Any word may be challenged before the next player
  starts their turn. If the word challenged is unacceptable the player takes back all
  their tiles and loses their turn."  A failed challenge costs the challenger his turn
  (or, as a house rule, points).
* WORDwhami rule 5 (seed 003): "Any player may challenge the last play before the next
  play is completed ... Whoever loses a challenge forfeits play to the challenging
  player."  With ``any_player_challenges`` every other player may challenge, not only the
  next one; with ``challenge_forfeits_play`` the loser's turn goes to the winner.
* Computer SCRABBLE E7-E8: "The program will challenge the validity of any word it fails
  to recognize ... if you accept the challenge as valid ... you lose both your turn and the
  score achieved for that turn."  With ``WordCheck.PROGRAM_CHALLENGE`` a play with unknown
  words is refused with :class:`~wordstudio.crossword.game.UnknownWords`; the player then
  either rejects the challenge (plays again with the words confirmed) or accepts it
  (plays again with ``conceded=True``: the tiles stay on his rack, the turn is lost).

This module is a mixin of :class:`~wordstudio.crossword.game.Game`: the rules read and
change the game's own state.  :class:`WordCheck` lives here (and is imported with the
game) because the rules turn on it.
"""

from __future__ import annotations

import enum
from collections.abc import Container
from dataclasses import replace
from typing import Any

from wordstudio.crossword.actions import Challenge, Outcome, Play, Turn
from wordstudio.crossword.board import Board
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.rules import IllegalMove
from wordstudio.crossword.tiles import Bag, Rack


class WordCheck(enum.Enum):
    """What happens to a word that is not in the lexicon."""

    REFUSE = "refuse"  # the play is illegal
    CONFIRM = "confirm"  # accepted when the player confirms it (house rule)
    CHALLENGE = "challenge"  # not checked; the next player may challenge
    #: Computer SCRABBLE: the program challenges it; accepting costs the turn and score.
    PROGRAM_CHALLENGE = "program-challenge"


class ChallengeRules:
    """Challenging the last play; mixed into the game (see the module docstring)."""

    # The game's state these rules use (set by Game; ``setup`` is its GameSetup).
    setup: Any
    config: GameConfig
    history: list[Turn]
    words: Container[str]
    board: Board
    bag: Bag
    racks: list[Rack]
    scores: list[int]
    active: list[bool]
    current: int
    scoreless_streak: int
    over: bool
    end_reason: str
    went_out: int | None
    adjustments: list[Any]
    forfeit_to: int | None
    resume_from: int | None
    #: Seats whose next turn is owed to another player (a lost challenge): seat -> winner.
    owed_turns: dict[int, int]
    #: After the current turn, play goes to exactly this seat (a challenger who won out
    #: of turn plays at once; then the player whose turn it was).
    return_to: int | None

    def act(self, action: Any, player: int | None = None) -> Turn:  # pragma: no cover
        raise NotImplementedError

    # --- asking ----------------------------------------------------------------------------
    def challengers(self) -> list[int]:
        """The players who may challenge the last play now."""
        settings = self.setup.settings
        if settings.word_check != WordCheck.CHALLENGE or not self.history:
            return []
        last = self.history[-1]
        if not isinstance(last.action, Play) or last.withdrawn:
            return []
        if not settings.any_player_challenges:
            return [self.current] if last.player != self.current else []
        return [p for p in range(len(self.active))
                if self.active[p] and p != last.player]

    def can_challenge(self, player: int | None = None) -> bool:
        """Whether ``player`` (default: the player to move) may challenge the last play."""
        return (self.current if player is None else player) in self.challengers()

    def challenge(self, by: int | None = None) -> Turn:
        """``by`` (default: the player to move) challenges the last play."""
        return self.act(Challenge(), player=by)

    def concede(self, play: Play) -> Turn:
        """The player accepts the program's challenge of ``play``'s unknown words: no tiles
        move, and the turn and its score are lost (Computer SCRABBLE E8)."""
        return self.act(Play(play.placements, (), conceded=True))

    # --- applying --------------------------------------------------------------------------
    def _challenge(self, challenger: int, action: Challenge | None = None) -> Turn:
        """Judge the challenge: by the word list, or by the ruling a game record gives
        (``Challenge.upheld``: a game read from a file was judged by its own list)."""
        action = action or Challenge()
        if not self.can_challenge(challenger):
            raise IllegalMove("there is no play to challenge")
        settings = self.setup.settings
        index = len(self.history) - 1
        target = self.history[index]
        assert isinstance(target.action, Play)
        phonies = [w for w in target.words if w not in self.words]
        upheld = bool(phonies) if action.upheld is None else action.upheld
        if upheld:
            self._withdraw(index)
            self.over = False
            self.end_reason = ""
            self.adjustments = []
            self.went_out = None
            if settings.challenge_forfeits_play and challenger != self.current:
                # The loser forfeits play to the challenger: he plays now, then the player
                # whose turn it was.
                self.return_to = self.current
                self.current = challenger
            # A ruling from a record may withdraw words this word list holds.
            return Turn(challenger, action, outcome=Outcome.CHALLENGE_WON,
                        words=tuple(phonies or target.words), ends_turn=False)
        penalty = settings.challenge_penalty if action.penalty is None else action.penalty
        bonus = settings.challenge_bonus if action.bonus is None else action.bonus
        if penalty or bonus:
            # A penalty costs the challenger points, a bonus goes to the player challenged
            # (the five-point challenge); either way the challenger plays on.
            self.scores[challenger] -= penalty
            self.scores[target.player] += bonus
            return Turn(challenger, action, -penalty, outcome=Outcome.CHALLENGE_LOST,
                        ends_turn=False, awarded=bonus)
        if challenger != self.current:
            # Out of turn: the challenger's next turn is lost, or with WORDwhami's rule
            # played by the player he challenged; the turn in progress goes on.
            self.owed_turns[challenger] = (
                target.player if settings.challenge_forfeits_play else challenger)
            return Turn(challenger, action, outcome=Outcome.CHALLENGE_LOST, ends_turn=False)
        if settings.challenge_forfeits_play:
            # The challenged player takes the challenger's turn; play then goes on from
            # the challenger's seat.
            self.forfeit_to = target.player
        return Turn(challenger, action, outcome=Outcome.CHALLENGE_LOST)

    def _conceded(self, player: int, play: Play, unknown: tuple[str, ...],
                  notation: str) -> Turn:
        """The turn of a play whose unknown words the player let the program reject."""
        if not unknown:
            raise IllegalMove("every word of this play is in the word list: there is no "
                              "challenge to accept")
        return Turn(player, play, 0, (), unknown, outcome=Outcome.WITHDRAWN, withdrawn=True,
                    notation=notation)

    def _withdraw(self, index: int) -> None:
        """Take a phony play back: tiles off the board, drawn tiles back in the bag."""
        turn = self.history[index]
        assert isinstance(turn.action, Play)
        placements = turn.action.placements
        self.board.remove(p.square for p in placements)
        player = turn.player
        self.scores[player] -= turn.score
        if self.config.rack_size:
            self.racks[player] = self.racks[player].without(turn.drawn).plus(
                p.tile for p in placements)
            self.bag.put_back(turn.drawn)
        elif self.config.play_from_pool:
            self.bag.put_back(p.tile for p in placements)
        self.history[index] = replace(turn, withdrawn=True, outcome=Outcome.WITHDRAWN)
        # The phony was a scoreless turn all along: the run of scoreless turns goes on
        # from before it (two withdrawn plays and four exchanges end a game).
        self.scoreless_streak = self._scoreless_run()

    def _scoreless_run(self) -> int:
        """Scoreless turns at the end of the history, counted as ``_after_turn`` does."""
        run = 0
        for turn in reversed(self.history):
            if not turn.ends_turn:
                continue
            if isinstance(turn.action, Play) and not turn.withdrawn and turn.score > 0:
                return run
            run += 1
        start = self.setup.start
        return run + (start.scoreless_turns if start is not None else 0)

    def _next_after(self, seat: int) -> int:
        """The next active seat after ``seat``, honouring turns owed after a challenge:
        a seat whose turn is owed is played by its winner (itself: the turn is lost)."""
        n = len(self.active)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if not self.active[candidate]:
                continue
            if candidate in self.owed_turns:
                winner = self.owed_turns.pop(candidate)
                if winner == candidate:
                    continue  # the lost turn is skipped
                self.resume_from = candidate
                return winner
            return candidate
        return seat

    def _replaying_challenge_by(self, item: Any) -> bool:
        """A recorded challenge made out of turn, as ``any_player_challenges`` allows."""
        return (isinstance(item.action, Challenge)
                and self.setup.settings.any_player_challenges
                and self.can_challenge(item.player))
