"""A crossword game from the first draw to the final adjustments.

:class:`GameSetup` is everything needed to start a game again (config, lexicon, players,
settings, seed); the game itself is that setup plus the list of actions the players
took.  Every state - after undo, redo, loading a saved game - is those actions replayed
from the start, so draws from the seeded bag come out the same every time.

Rules follow WordsWorth (seed 001) and Computer SCRABBLE (seed 004): plays, passes with
or without returning tiles, blank pick-ups as ``ExchangeAllowed`` says, resignation,
challenges between people, a turn clock and a game clock, and the end of the game when
the bag is empty and a player is out of tiles, when every player has passed in turn
with nothing to draw, after a number of scoreless turns, or at a score limit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field, replace

from wordstudio.crossword.actions import (
    Action,
    Challenge,
    Outcome,
    Pass,
    PickUpBlank,
    Play,
    Resign,
    TimeOut,
    TimePenalty,
    Turn,
)
from wordstudio.crossword.annotations import Annotations
from wordstudio.crossword.board import Board, Placement, square_name
from wordstudio.crossword.challenges import ChallengeRules, WordCheck
from wordstudio.crossword.clock import Clocks, ClockSettings
from wordstudio.crossword.gameconfig import ExchangeAllowed, GameConfig
from wordstudio.crossword.moves import Move, arrow_notation, word_tiles
from wordstudio.crossword.position import LastPlay, Position
from wordstudio.crossword.rules import IllegalMove, PlayAnalysis, analyse_play
from wordstudio.crossword.tiles import BLANK, Bag, Rack, TileError

#: Why a game ended when every player passed in turn (with nothing to draw, or in a game
#: without a scoreless-turns limit).
PASSED_IN_TURN = "every player passed in turn"

#: Scoreless rounds that end a game with no scoreless-turns limit of its own.
STUCK_ROUNDS = 10


class UnknownWords(IllegalMove):
    """The play uses words not in the lexicon; with WordCheck.CONFIRM the player may
    confirm them (play again with ``Play(..., confirmed=words)``); with
    WordCheck.PROGRAM_CHALLENGE this is the program's challenge, which the player rejects
    (confirms the words) or accepts (:meth:`Game.concede`)."""

    def __init__(self, words: Sequence[str], main: bool) -> None:
        self.words = tuple(words)
        kind = "not in the dictionary" if main else "bad cross-word"
        super().__init__(f"{kind}: {', '.join(self.words)}")


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table: a person or a computer player (level 1-8, 9 the Championship
    player, or a knob file).  ``seconds`` is the Championship player's thinking time per
    move (0: its default)."""

    name: str
    computer: bool = False
    level: int = 8
    knobs: str | None = None
    seconds: float = 0.0


@dataclass(frozen=True)
class GameSettings:
    word_check: WordCheck = WordCheck.REFUSE
    #: A failed challenge: 0 = the challenger loses his turn; n > 0 = he loses n points.
    challenge_penalty: int = 0
    clock: ClockSettings = field(default_factory=ClockSettings)
    #: WORDwhami rule 5: "whoever loses a challenge forfeits play to the challenging
    #: player" - a failed challenger's turn goes to the player he challenged.
    challenge_forfeits_play: bool = False
    #: WORDwhami rule 5: "any player may challenge the last play", not only the next one.
    any_player_challenges: bool = False
    #: A failed challenge gives the player challenged this many points and the challenger
    #: plays on (the "five-point challenge" of many clubs and of game records).
    challenge_bonus: int = 0
    #: Tournament scoring at the end: the player who goes out gains twice the others'
    #: unplayed tiles and they lose nothing (the spread is the same as the plain count's).
    going_out_doubled: bool = False


@dataclass(frozen=True)
class StartPosition:
    """A game that starts part-way (a position set up for analysis, a CGP): the tiles on
    the board (rows as ``Board.set_rows`` reads them), the scores in seat order and the
    scoreless turns so far.  The racks are the setup's first scripted draws."""

    rows: tuple[str, ...]
    scores: tuple[int, ...]
    scoreless_turns: int = 0


@dataclass(frozen=True)
class GameSetup:
    """Everything a game starts from; players are listed in the order they play."""

    config: GameConfig
    players: tuple[PlayerSpec, ...]
    seed: int
    settings: GameSettings = field(default_factory=GameSettings)
    lexicon: str = "en-US-wordgame"  # the catalog's DEFAULT_LEXICON
    config_path: str | None = None
    #: Draws to make exactly, in order, before random draws start: each player's first
    #: rack, then what each play or swap draws (recorded games, scripted tests).
    scripted_draws: tuple[tuple[str, ...], ...] = ()
    #: Where the game starts when not from an empty board.
    start: StartPosition | None = None

    @classmethod
    def create(cls, config: GameConfig, players: Sequence[PlayerSpec], seed: int | None = None,
               settings: GameSettings | None = None, random_order: bool = False,
               lexicon: str | None = None, config_path: str | None = None) -> GameSetup:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        seats = list(players)
        if not config.min_players <= len(seats) <= config.max_players:
            raise IllegalMove(
                f"this game is for {config.min_players} to {config.max_players} players, "
                f"not {len(seats)}")
        if random_order:
            random.Random(seed ^ 0x5EED).shuffle(seats)
        return cls(config, tuple(seats), seed, settings or GameSettings(),
                   lexicon or config.dictionary, config_path)


@dataclass(frozen=True)
class Input:
    """One action as the player gave it, with the time it took (what is saved)."""

    player: int
    action: Action
    seconds: float = 0.0


@dataclass(frozen=True)
class Adjustment:
    player: int
    points: int
    reason: str


class Game(ChallengeRules):
    """A game in progress.  ``words`` is the lexicon plays are checked against."""

    def __init__(self, setup: GameSetup, words: Container[str],
                 now: Callable[[], float] = time.monotonic) -> None:
        self.setup = setup
        self.config = setup.config
        self.words = words
        self._now = now
        self._inputs: list[Input] = []
        self._redo: list[Input] = []
        #: What a record read from a file says besides the moves (notes, title...).
        self.annotations = Annotations()
        self._reset()
        self.clocks.start_turn()

    # --- state ---------------------------------------------------------------------------
    def _reset(self) -> None:
        config = self.config
        n = len(self.setup.players)
        self.board = Board(config)
        self.bag = Bag(config.tiles, self.setup.seed, unlimited=config.unlimited_tiles,
                       script=self.setup.scripted_draws)
        start = self.setup.start
        if start is not None:
            self._set_start(start, n)
        self.racks = [Rack() for _ in range(n)]
        if config.rack_size:
            for p in range(n):
                self.racks[p] = Rack(tuple(self.bag.draw(config.rack_size)))
        self.scores = list(start.scores) if start is not None else [0] * n
        self.active = [True] * n
        self.current = 0
        self.history: list[Turn] = []
        self.scoreless_streak = start.scoreless_turns if start is not None else 0
        self.pass_streak = 0
        self.turn_pickups = 0
        self.over = False
        self.end_reason = ""
        self.went_out: int | None = None
        self.adjustments: list[Adjustment] = []
        self.forfeit_to: int | None = None
        self.resume_from: int | None = None
        self.owed_turns: dict[int, int] = {}
        self.return_to: int | None = None
        self.clocks = Clocks(self.setup.settings.clock, n, self._now)

    def _set_start(self, start: StartPosition, players: int) -> None:
        """The tiles of a set position go on the board and out of the bag."""
        if len(start.scores) != players:
            raise IllegalMove(f"the position gives {len(start.scores)} scores for "
                              f"{players} players")
        before = {(r, c) for r, c, _, _ in self.board.tiles()}
        self.board.set_rows(start.rows)
        if not self.config.unlimited_tiles:
            self.bag.take(BLANK if blank else letter
                          for r, c, letter, blank in self.board.tiles() if (r, c) not in before)

    @property
    def players(self) -> tuple[PlayerSpec, ...]:
        return self.setup.players

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.setup.players]

    @property
    def ply(self) -> int:
        """How many actions have been taken (identifies a position for stale results)."""
        return len(self._inputs)

    @property
    def inputs(self) -> tuple[Input, ...]:
        return tuple(self._inputs)

    def supply(self, player: int) -> Rack:
        """The tiles a player may play from: his rack, the pool, or any letter at all."""
        config = self.config
        if config.rack_size:
            return self.racks[player]
        if config.play_from_pool:
            return Rack(tuple(self.bag.tiles))
        longest = max(config.rows, config.columns)
        return Rack(tuple(letter for letter in config.tiles.alphabet for _ in range(longest)))

    def unseen_by(self, player: int) -> tuple[str, ...]:
        tiles = list(self.bag.tiles)
        for p, rack in enumerate(self.racks):
            if p != player:
                tiles.extend(rack.tiles)
        return tuple(sorted(tiles))

    def position(self, player: int | None = None) -> Position:
        player = self.current if player is None else player
        return Position(
            config=self.config, cells=tuple(self.board.cells), owners=tuple(self.board.owners),
            rack=self.supply(player), player=player, players=len(self.players),
            scores=tuple(self.scores), unseen=self.unseen_by(player), bag_size=len(self.bag),
            ply=self.ply, scoreless_streak=self.scoreless_streak, lexicon=self.setup.lexicon,
            pickups_this_turn=self.turn_pickups, last_play=self._last_play_before(player))

    def _last_play_before(self, player: int) -> LastPlay | None:
        """The turn before ``player``'s, when it was another player's play."""
        for turn in reversed(self.history):
            if turn.withdrawn or not turn.ends_turn:
                continue
            action = turn.action
            if turn.player == player or not isinstance(action, Play) or action.conceded:
                return None
            return LastPlay(turn.player, action.placements, turn.score, len(turn.drawn))
        return None

    def final_scores(self) -> list[int]:
        totals = list(self.scores)
        for adj in self.adjustments:
            totals[adj.player] += adj.points
        return totals

    def winners(self) -> list[int]:
        """Players with the best final score (more than one for a tie); resigned players
        cannot win."""
        totals = self.final_scores()
        contenders = [p for p in range(len(totals)) if self.active[p]] or list(range(len(totals)))
        best = max(totals[p] for p in contenders)
        return [p for p in contenders if totals[p] == best]

    @property
    def last_play(self) -> Turn | None:
        for turn in reversed(self.history):
            if isinstance(turn.action, Play) and not turn.withdrawn:
                return turn
        return None

    # --- taking turns --------------------------------------------------------------------
    def check_play(self, play: Play) -> PlayAnalysis:
        """What a play would form and score (raises IllegalMove / UnknownWords)."""
        return self._analyse(self.current, play)

    def act(self, action: Action, player: int | None = None) -> Turn:
        """The current player (or ``player``: only a challenge may be made out of turn)
        takes ``action``; returns the resulting history entry."""
        if self.over and not isinstance(action, Challenge | TimePenalty):
            raise IllegalMove("the game is over")
        if player is None or player == self.current:
            player = self.current
        elif not isinstance(action, Challenge) or not self.can_challenge(player):
            raise IllegalMove(f"it is {self.names[self.current]}'s turn")
        seconds = self.clocks.turn_elapsed()
        before = len(self.history)
        if self._redo:
            # A new action after undo leaves the recorded line: its remaining scripted
            # draws and its notes belong to that old future.
            self.annotations.forget_from(len(self._inputs))
            if self.bag.script:
                self._drop_unused_script()
        turn = self._apply(Input(player, action, seconds))
        if not turn.ends_turn:
            # The turn goes on (a pick-up, a challenge): its time is charged with the
            # action that ends it.
            seconds = 0.0
            self.history[before] = replace(self.history[before], seconds=0.0)
        self._inputs.append(Input(player, action, seconds))
        self._redo.clear()
        if turn.ends_turn:
            self.clocks.start_turn()
        return self.history[before]

    def play(self, placements: Sequence[Placement], confirmed: Sequence[str] = ()) -> Turn:
        return self.act(Play(tuple(placements), tuple(confirmed)))

    def play_move(self, move: Move) -> Turn:
        return self.act(Play(move.placed))

    def pass_turn(self, discards: Sequence[str] = ()) -> Turn:
        return self.act(Pass(tuple(discards)))

    def exchange(self, tiles: Sequence[str]) -> Turn:
        if not tiles:
            raise IllegalMove("choose the tiles to exchange")
        return self.act(Pass(tuple(tiles)))

    def pick_up_blank(self, row: int, col: int) -> Turn:
        return self.act(PickUpBlank(row, col))

    def resign(self) -> Turn:
        return self.act(Resign())

    def check_clock(self) -> Turn | None:
        """Apply the turn limit: a turn that has run out is lost.  Returns that turn."""
        if self.over or not self.clocks.turn_expired():
            return None
        return self.act(TimeOut())

    def _drop_unused_script(self) -> None:
        used = len(self.setup.scripted_draws) - len(self.bag.script)
        self.setup = replace(self.setup, scripted_draws=self.setup.scripted_draws[:used])
        self.bag.script = []

    # --- undo / redo ---------------------------------------------------------------------
    @property
    def redo_inputs(self) -> tuple[Input, ...]:
        """The actions undone and not yet redone, next one first."""
        return tuple(reversed(self._redo))

    def can_undo(self) -> bool:
        return bool(self._inputs)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions (they can be redone until a new action)."""
        count = min(count, len(self._inputs))
        for _ in range(count):
            self._redo.append(self._inputs.pop())
        self._replay()

    def redo(self, count: int = 1) -> None:
        for _ in range(min(count, len(self._redo))):
            item = self._redo.pop()
            self._apply(item)
            self._inputs.append(item)
        self.clocks.start_turn()

    def undo_to(self, ply: int) -> None:
        self.undo(len(self._inputs) - ply)

    def _replay(self) -> None:
        inputs = list(self._inputs)
        self._reset()
        for item in inputs:
            self._apply(item)
        self.clocks.start_turn()

    def replay_inputs(self, inputs: Sequence[Input]) -> None:
        """Play a recorded list of actions from the start, checking every one (saved
        games); raises IllegalMove naming the first action that is not legal."""
        self._inputs = []
        self._redo = []
        self._reset()
        for number, item in enumerate(inputs, start=1):
            if item.player != self.current and not self._replaying_challenge_by(item):
                raise IllegalMove(
                    f"action {number} is by player {item.player + 1} but it was player "
                    f"{self.current + 1}'s turn")
            try:
                self._apply(item)
            except IllegalMove as exc:
                raise IllegalMove(f"action {number} is not legal: {exc.reason}") from None
            self._inputs.append(item)
        self.clocks.start_turn()

    # --- applying actions ----------------------------------------------------------------
    def _apply(self, item: Input) -> Turn:
        player = item.player
        action = item.action
        if isinstance(action, Challenge):
            turn = self._challenge(player, action)
        elif isinstance(action, TimePenalty):
            turn = self._time_penalty(action)
        elif self.over:
            raise IllegalMove("the game is over")
        elif isinstance(action, Play):
            turn = self._play(player, action)
        elif isinstance(action, Pass):
            turn = self._pass(player, action)
        elif isinstance(action, PickUpBlank):
            turn = self._pick_up(player, action)
        elif isinstance(action, Resign):
            self.active[player] = False
            turn = Turn(player, action, outcome=Outcome.RESIGNED)
        elif isinstance(action, TimeOut):
            turn = Turn(player, action, outcome=Outcome.TIMED_OUT)
        else:
            raise IllegalMove(f"unknown action {action!r}")
        turn = replace(turn, seconds=item.seconds)
        self.history.append(turn)
        if turn.ends_turn:
            self.clocks.used[player] += item.seconds
            self._after_turn(turn)
        return turn

    def _analyse(self, player: int, play: Play) -> PlayAnalysis:
        if self.turn_pickups and self.config.exchange_allowed == ExchangeAllowed.BEFORE_PASS:
            raise IllegalMove("you must pass: after picking up a blank you may only pass or swap")
        supply = None if self.config.unlimited_tiles else self.supply(player)
        analysis = analyse_play(self.board, play.placements, supply, self.words, player)
        check = self.setup.settings.word_check
        if play.conceded:
            if check != WordCheck.PROGRAM_CHALLENGE:
                raise IllegalMove("in this game the program challenges no words")
            return analysis
        if check == WordCheck.REFUSE and analysis.unknown:
            if play.confirmed:
                raise IllegalMove("this game does not accept words that are not in the dictionary")
            bad = analysis.unknown[0]
            if bad == analysis.main.word:
                raise IllegalMove(f"not in the dictionary: {bad}")
            raise IllegalMove(f"bad cross-word: {bad}")
        if check in (WordCheck.CONFIRM, WordCheck.PROGRAM_CHALLENGE):
            unknown = [w for w in analysis.unknown if w not in play.confirmed]
            if unknown:
                raise UnknownWords(unknown, unknown[0] == analysis.main.word)
        return analysis

    def _play(self, player: int, play: Play) -> Turn:
        analysis = self._analyse(player, play)
        if play.conceded:
            move = Move(analysis.main.row, analysis.main.col, analysis.direction,
                        analysis.main.shown, analysis.placements, 0,
                        word_tiles(analysis.main.shown, self.config.tiles.alphabet))
            return self._conceded(player, play, tuple(analysis.unknown), move.notation())
        tiles = [p.tile for p in analysis.placements]
        rack_before = self.supply(player).tiles if self.config.rack_size else ()
        if self.config.rack_size:
            self.racks[player] = self.racks[player].without(tiles)
        elif self.config.play_from_pool:
            self.bag.take(tiles)
        self.board.place(analysis.placements, owner=player)
        score = analysis.score if play.recorded is None else play.recorded
        self.scores[player] += score
        drawn: tuple[str, ...] = ()
        if self.config.rack_size:
            drawn = tuple(self.bag.draw(self.config.rack_size - len(self.racks[player])))
            self.racks[player] = self.racks[player].plus(drawn)
        move = Move(analysis.main.row, analysis.main.col, analysis.direction,
                    analysis.main.shown, analysis.placements, score,
                    word_tiles(analysis.main.shown, self.config.tiles.alphabet))
        return Turn(player, Play(analysis.placements, play.confirmed, recorded=play.recorded),
                    score, drawn,
                    tuple(w.word for w in analysis.words), outcome=Outcome.PLAYED,
                    notation=move.notation(analysis.main.backwards, arrow_notation(self.config)),
                    rack_before=rack_before)

    def _pass(self, player: int, action: Pass) -> Turn:
        if self.config.stuck_exchange_all and self.config.rack_size:
            # WORDwhami rule 7: a player who cannot form a word exchanges all his
            # letters and passes (a plain pass when the bag cannot replace them all).
            held = self.racks[player].tiles
            if action.discards and sorted(action.discards) != sorted(held):
                raise IllegalMove("in this game a player who cannot play exchanges all his letters")
            if held and len(self.bag) >= max(len(held), self.config.exchange_minimum_bag):
                action = Pass(held)
            else:
                return Turn(player, Pass(), outcome=Outcome.PASSED)
        if not action.discards:
            return Turn(player, action, outcome=Outcome.PASSED)
        if not self.config.rack_size:
            raise IllegalMove("there are no tiles to return in this game")
        need = max(self.config.exchange_minimum_bag, len(action.discards))
        if len(self.bag) < need:
            raise IllegalMove(
                f"you can only swap tiles when the bag holds at least {need} "
                f"(it holds {len(self.bag)})")
        try:
            rack = self.racks[player].without(action.discards)
        except TileError as exc:
            raise IllegalMove(str(exc)) from None
        before = self.racks[player].tiles
        drawn = tuple(self.bag.draw(len(action.discards)))
        self.bag.put_back(action.discards)
        self.racks[player] = rack.plus(drawn)
        return Turn(player, action, drawn=drawn, outcome=Outcome.EXCHANGED, rack_before=before)

    def _pick_up(self, player: int, action: PickUpBlank) -> Turn:
        mode = self.config.exchange_allowed
        if mode == ExchangeAllowed.NEVER:
            raise IllegalMove("this game does not allow picking up blanks")
        tile = self.board.tile_at(action.row, action.col)
        if tile is None or not tile[1]:
            raise IllegalMove(f"there is no blank on {square_name(action.row, action.col)}")
        letter = tile[0]
        supply = self.supply(player)
        if letter not in supply.tiles:
            raise IllegalMove(f"you need a{'n' if letter in 'AEFHILMNORSX' else ''} {letter} "
                              "to pick up that blank")
        self.board.replace_blank(action.row, action.col, owner=player)
        if self.config.rack_size:
            self.racks[player] = self.racks[player].without([letter]).plus([BLANK])
        elif self.config.play_from_pool:
            self.bag.take([letter])
            self.bag.put_back([BLANK])
        ends = mode == ExchangeAllowed.WHOLE_MOVE
        if not ends:
            self.turn_pickups += 1
        return Turn(player, action, outcome=Outcome.PICKED_UP, ends_turn=ends,
                    notation=f"{square_name(action.row, action.col)} {letter}")

    def _time_penalty(self, action: TimePenalty) -> Turn:
        if not self.over:
            raise IllegalMove("a time penalty is given when the game is over")
        if not 0 <= action.player < len(self.players):
            raise IllegalMove(f"there is no player {action.player + 1} to penalise")
        if action.points <= 0:
            raise IllegalMove("a time penalty takes away some points")
        self.adjustments.append(Adjustment(action.player, -action.points, "over the game clock"))
        return Turn(action.player, action, -action.points, outcome=Outcome.PENALISED,
                    ends_turn=False)

    # --- after a turn --------------------------------------------------------------------
    def _after_turn(self, turn: Turn) -> None:
        self.turn_pickups = 0
        scored = isinstance(turn.action, Play) and not turn.withdrawn
        self.scoreless_streak = 0 if scored and turn.score > 0 else self.scoreless_streak + 1
        # "Stuck" (WordsWorth 2.1, Computer SCRABBLE F1): every player passes in turn.
        # With tiles left to draw that ends the game only when no scoreless-turns limit
        # governs passing (WordsWorth's games); a timeout is not a pass.
        # A WORDwhami player who exchanges everything has new letters to try, so only a
        # plain pass (nothing left to exchange with) counts as being stuck.
        if isinstance(turn.action, Pass) and not turn.action.discards:
            nothing_to_draw = len(self.bag) == 0 or not self.config.rack_size
            end = self.config.end
            if (nothing_to_draw and end.passing_ends) or not end.scoreless_turns_limit:
                self.pass_streak += 1
            else:
                self.pass_streak = 0
        elif not isinstance(turn.action, TimeOut):
            self.pass_streak = 0
        self._check_end(turn)
        # Advance even when the game is over: the next player may still challenge the
        # play that ended it.
        self._advance()

    def _advance(self) -> None:
        if self.forfeit_to is not None:
            self.resume_from = self.current
            self.current = self.forfeit_to
            self.forfeit_to = None
            return
        if self.return_to is not None:
            self.current = self.return_to
            self.return_to = None
            return
        if self.resume_from is not None:
            self.current = self.resume_from
            self.resume_from = None
        self.current = self._next_after(self.current)

    def _check_end(self, turn: Turn) -> None:
        config = self.config
        active = [p for p in range(len(self.players)) if self.active[p]]
        if len(active) <= 1 and len(self.players) > 1:
            self._finish(f"{self.names[turn.player]} resigned", None)
            return
        if not active:
            self._finish("every player resigned", None)
            return
        if isinstance(turn.action, Play) and not config.unlimited_tiles:
            if config.rack_size and not self.racks[turn.player].tiles and not len(self.bag):
                self._finish(f"{self.names[turn.player]} went out", turn.player)
                return
            if config.play_from_pool and not len(self.bag):
                self._finish("the pool is empty", None)
                return
        if self.pass_streak >= len(active):
            self._finish(PASSED_IN_TURN, None)
            return
        limit = config.end.scoreless_turns_limit
        if limit and self.scoreless_streak >= limit:
            self._finish(f"{limit} scoreless turns in a row", None)
            return
        if not limit and self.scoreless_streak >= STUCK_ROUNDS * len(active):
            # Without a configured limit (WordsWorth's games) players who only swap
            # would never end: after this many scoreless rounds nobody can score.
            self._finish(f"no one scored for {STUCK_ROUNDS} rounds", None)
            return
        if self.clocks.game_over_time():
            self._finish("the game's time is up", None)
            return
        if config.end.score_limit and max(self.scores) >= config.end.score_limit:
            leader = self.scores.index(max(self.scores))
            self._finish(f"{self.names[leader]} reached {config.end.score_limit} points", None)

    def _finish(self, reason: str, went_out: int | None) -> None:
        self.over = True
        self.end_reason = reason
        self.went_out = went_out
        self.clocks.turn_started = None
        adjustments: list[Adjustment] = []
        config = self.config
        tileset = config.tiles
        doubled = (self.setup.settings.going_out_doubled and went_out is not None
                   and config.end.going_out_bonus)
        if config.rack_size and doubled:
            assert went_out is not None
            total_left = sum(rack.value(tileset) for rack in self.racks)
            if total_left:
                adjustments.append(Adjustment(went_out, 2 * total_left,
                                              "twice the others' unplayed tiles"))
        elif config.rack_size and config.end.deduct_unplayed:
            total_left = 0
            for p, rack in enumerate(self.racks):
                value = rack.value(tileset)
                total_left += value
                if value:
                    adjustments.append(Adjustment(p, -value, f"unplayed tiles {rack}"))
            if went_out is not None and config.end.going_out_bonus and total_left:
                adjustments.append(Adjustment(went_out, total_left, "the others' unplayed tiles"))
        for p in range(len(self.players)):
            penalty = self.clocks.overtime_penalty(p)
            if penalty:
                adjustments.append(Adjustment(p, -penalty, "over the game clock"))
        self.adjustments = adjustments
