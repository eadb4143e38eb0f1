"""A GCG record played again through the rules: the game it records.

:func:`read_gcg_text` reads the record (:mod:`.gcg`), places every play on a board to
learn which tiles it used, works out the draws that give the racks the record shows
(:mod:`.gcgracks`), and replays the game through :class:`~wordstudio.crossword.game.Game`.

The file is the authority for what happened: its moves, their recorded scores and the
running totals.  Racks are reconciled, not enforced: where the racks a record gives
cannot be right (a placeholder, a rack lacking a tile its own play uses, the racks of
both players at odds), the draws assume the least they must - the tiles played are
certain, the rest is worked out; a withdrawn play whose tiles no rack can have held with
the tiles the player plays next is a play of tiles not known (the game has a pass there,
as a withdrawn play leaves the board and the rack as they were) - and where a recorded score is not the rules', the
record's counts (``Play.recorded``).  Everything that did not add up is said once, in a
note (line, what the file said, what was assumed) that the window shows on opening and
``wordstudio replay`` prints.  What the record shows that the rules do not decide is
carried over:

* the game is one with challenges (``WordCheck.CHALLENGE``), and a ``--`` withdrawal or a
  challenge bonus is the record's ruling, whatever this word list says - a game played
  with another word list opens with its words as played, and the words this list does not
  hold are flagged (:func:`unlisted_words`);
* ``(challenge) +5`` is the bonus of that challenge (the most common one the game's
  setting), ``-5`` a penalty; a pass after the play that ended the game is a failed
  (double) challenge of it;
* end-of-game points show whether the player going out gained twice the others' tiles
  (tournament scoring) or the plain count; a ``(time)`` penalty is a recorded
  :class:`~wordstudio.crossword.actions.TimePenalty`;
* turns the record leaves out are passes; a record that plays on after the rules end the
  game by scoreless turns goes on;
* the notes WordStudio writes for what GCG has no line for (:mod:`.gcgwrite`) are acted
  on: ``Ann resigned.`` after a move, when Ann is to move and makes no move later, is her
  resignation; a pass noted ``Bob lost the turn on time.`` is a turn lost on time; the
  header notes ``WordStudioScoreLimit`` and ``WordStudioGameDuration`` end the game where
  it ended;
* notes, the title, the identifier, the players' nicknames, the word list's name, racks
  as the record gives them (in part, or not as they can have been), exchanges given as a
  number of tiles or of tiles no rack held, and withdrawn plays of tiles not known, are
  kept in the game's :class:`~wordstudio.crossword.annotations.Annotations`, so the game
  is written back as it came.

Only a file that is not GCG, a record of a game WordStudio does not play - Macondo's and
Woogles' ``#game-type`` other than the classic game, a ``#board-layout`` or
``#tile-distribution`` other than the standard ones (or the older ``#note Variant:``,
``BoardLayout:``, ``LetterDistribution:``) unless a configuration was chosen for it, a
``#tile`` the game does not have - or a move that cannot be placed on the board (or
whose tiles the game does not have) is a :class:`RecordError`, naming the file, the line
and the problem.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Container, Sequence
from dataclasses import replace
from pathlib import Path

from wordstudio.crossword.actions import (
    Action,
    Challenge,
    Pass,
    Play,
    Resign,
    TimeOut,
    TimePenalty,
    Turn,
)
from wordstudio.crossword.annotations import END, GAME, Annotations
from wordstudio.crossword.board import Board, Placement, column_name, row_name
from wordstudio.crossword.clock import MAX_GAME_SECONDS, ClockSettings
from wordstudio.crossword.game import (
    PASSED_IN_TURN,
    Game,
    GameSettings,
    GameSetup,
    PlayerSpec,
    WordCheck,
)
from wordstudio.crossword.gameconfig import Direction, GameConfig
from wordstudio.crossword.records.codec import RecordError, ReplayClock, letters_index
from wordstudio.crossword.records.gcg import (
    EventKind,
    GcgEvent,
    GcgRecord,
    decode_gcg,
    parse_gcg,
)
from wordstudio.crossword.records.gcgracks import DrawPlan, Step, plan_draws
from wordstudio.crossword.records.gcgsetup import (
    CONFIG_KEY,
    DURATION_KEY,
    SCORE_LIMIT_KEY,
    check_variant,
    record_config,
    seats_by_line,
    setting_limit,
    with_score_limit,
    words_of,
)
from wordstudio.crossword.records.saved import SavedGame
from wordstudio.crossword.rules import IllegalMove, placements_from_word
from wordstudio.crossword.tiles import BLANK, Rack, TileError, tile_text
from wordstudio.errors import UserError
from wordstudio.filecheck import read_limited
from wordstudio.lexicon.wordlist import WordList

#: Macondo's note after a pass that was a challenge lost (double challenge).
LOST_CHALLENGE = "#unsuccessful-challenge"
#: The notes WordStudio writes for what GCG has no line for, after a player's name: a
#: resignation (after the move before it) and a turn lost on time (after its pass).
RESIGNED = " resigned."
TIMED_OUT = " lost the turn on time."

__all__ = ["LOST_CHALLENGE", "RESIGNED", "TIMED_OUT", "read_gcg", "read_gcg_text",
           "unlisted_words"]


#: The largest GCG file read (a long annotated game is some 20 kB).
MAX_GCG_BYTES = 2 * 1024 * 1024


def read_gcg(path: Path | str, config: GameConfig | None = None,
             lexicon: WordList | None = None, *, config_path: str | None = None,
             now: Callable[[], float] = time.monotonic) -> SavedGame:
    """Open a GCG file (see :func:`read_gcg_text`)."""
    path = Path(path)
    try:
        raw = read_limited(path, MAX_GCG_BYTES, "game record")
    except OSError as exc:
        raise RecordError(path, f"cannot read the file ({exc.strerror or exc})") from None
    notes: list[str] = []
    return read_gcg_text(decode_gcg(raw, path, notes), config, lexicon, source=path,
                         config_path=config_path, now=now, read_notes=notes)


def read_gcg_text(text: str, config: GameConfig | None = None,
                  lexicon: WordList | None = None, *, source: Path | str | None = None,
                  config_path: str | None = None,
                  now: Callable[[], float] = time.monotonic,
                  read_notes: Sequence[str] = ()) -> SavedGame:
    """The game a GCG record's text records, with notes for the user.

    ``config`` is the game it was played as (default: the one the record names, else the
    standard game); ``lexicon`` the word list to check words against (default: the
    record's when WordStudio has it, else the configuration's); ``read_notes`` what reading
    the file's bytes already had to say (:func:`~.gcg.decode_gcg`).
    """
    record = parse_gcg(text, source)
    notes = [*read_notes, *record.problems]
    chosen = config is not None
    if config is None:
        config, config_path, chosen = record_config(record, source, notes)
    check_variant(record, source, notes, chosen)
    for tile, line in record.tiles:
        if tile.upper() not in config.tiles.alphabet:
            raise RecordError(source, f"#tile {tile}: this game has no such tile (give the "
                                      "configuration the game was played with)", line)
    config = with_score_limit(record, config, notes)
    if not config.rack_size:
        raise RecordError(source, "GCG records games played with racks; this configuration "
                                  "has none")
    words, lexicon_name = words_of(record, config, lexicon, source, notes)
    before = list(notes)
    replay = _Replay(record, config, source, notes)
    said: list[str] = []
    while True:
        try:
            game = replay.run(words, lexicon_name, config_path, now)
            break
        except _PlaysOn as on:
            # The record plays on after the rules end the game (scoreless turns counted
            # otherwise, or every player passing with nothing to draw, which tournament
            # rules leave to the scoreless turns): it is the authority, so the game goes
            # on too.
            said.append(f"line {on.line}: by the rules the game ended before this move "
                        f"({on.reason}); the record plays on, and so does the game")
            notes[:] = [*before, *said]
            end = config.end
            if on.passing:
                end = replace(end, passing_ends=False)
            else:
                end = replace(end, scoreless_turns_limit=NO_SCORELESS_LIMIT)
            config = config.with_changes(end=end)
            plan = replay.plan
            replay = _Replay(record, config, source, notes)
            replay.plan = plan  # the draws do not depend on how the game ends
    return SavedGame(game, "gcg", Path(source) if source is not None else None, tuple(notes),
                     replay.recorded_totals(game))


#: Scoreless turns that never end a game read from a record that plays on past the rules'.
NO_SCORELESS_LIMIT = 1_000_000


class _PlaysOn(Exception):
    """A move recorded after the rules ended the game by scoreless turns (``passing``:
    by every player passing in turn with nothing to draw)."""

    def __init__(self, line: int, reason: str, passing: bool = False) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason
        self.passing = passing


def unlisted_words(turn: Turn, words: Container[str]) -> tuple[str, ...]:
    """The words of a play that ``words`` does not hold (a game played with another list)."""
    if not isinstance(turn.action, Play):
        return ()
    return tuple(w for w in turn.words if w not in words)


# --- the replay ---------------------------------------------------------------------------
class _Replay:
    """Plays a record's events into a new game, checking each against the record."""

    def __init__(self, record: GcgRecord, config: GameConfig, source: Path | str | None,
                 notes: list[str]) -> None:
        self.record = record
        self.config = config
        self.source = source
        self.notes = notes
        self.nicks = [p.nick for p in record.players] or _nicks_in_order(record)
        names = [p.name for p in record.players] or list(self.nicks)
        self.players = tuple(PlayerSpec(name) for name in names)
        self.seats = seats_by_line(self.record, self.nicks)
        #: Lines of exchanges whose named tiles no rack can have held.
        self.unnamed: set[int] = set()
        #: Lines of withdrawn plays whose tiles no rack can have held with the player's
        #: next (replayed as passes), and the lines of their withdrawals.
        self.unknown_plays: set[int] = set()
        self.unknown_withdrawals: set[int] = set()
        #: The draws worked out (kept when the game is replayed again).
        self.plan: DrawPlan | None = None
        #: The whole game's length (a game WordStudio ended when its time was up).
        self.duration = setting_limit(record, DURATION_KEY, MAX_GAME_SECONDS, notes)
        if not config.min_players <= len(self.players) <= config.max_players:
            raise self.fail(f"the record has {len(self.players)} players; this game is for "
                            f"{config.min_players} to {config.max_players}")

    def fail(self, problem: str, line: int | None = None) -> RecordError:
        return RecordError(self.source, problem, line)

    def seat(self, event: GcgEvent) -> int:
        seat = self.seats.get(event.line)
        if seat is None:
            raise self.fail(f"{event.nick!r} is not one of the players", event.line)
        return seat

    def run(self, words: WordList, lexicon_name: str, config_path: str | None,
            now: Callable[[], float]) -> Game:
        events = [e for e in self.record.events]
        placements = self._place_plays(events)
        settings = self._settings(events)
        steps, finals = self._steps(events, placements)
        tiles = Counter(Rack(self._full_tile_set()).tiles)
        if self.plan is None:
            self.plan = plan_draws(steps, tiles, len(self.players), self.config.rack_size,
                                   finals)
        plan = self.plan
        acting = [e for e in events if e.kind not in (EventKind.END_POINTS,
                                                      EventKind.END_PENALTY)]
        self.unnamed = {acting[index].line for index in plan.unnamed}
        for index in plan.unnamed:
            event = acting[index]
            self.notes.append(f"line {event.line}: the record says {event.nick} exchanged "
                              f"{event.tiles}, which no rack can have held; "
                              f"{len(event.tiles)} other tiles are assumed")
        self.unknown_plays = {acting[play].line for play, _, _ in plan.unknown_plays}
        self.unknown_withdrawals = {acting[w].line for _, w, _ in plan.unknown_plays}
        for play, _, then in plan.unknown_plays:
            event = acting[play]
            self.notes.append(
                f"line {event.line}: the record says {event.nick} played {event.position} "
                f"{event.word} and took it back, but no rack can have held its tiles together "
                f"with those of {self._what(acting[then])}, played next; a withdrawn play of "
                f"tiles not known is assumed, which leaves the board and the rack as they "
                f"were (the game has a pass there)")
        for index, problem in plan.problems:
            self.notes.append(f"line {acting[index].line}: {problem}")
        setup = GameSetup(self.config, self.players, 0, settings, lexicon_name, config_path,
                          tuple(plan.draws))
        clock = ReplayClock(now)
        try:
            game = Game(setup, words, clock)
        except (UserError, ValueError) as exc:
            raise self.fail(f"the game cannot be set up: {exc}") from None
        game.annotations = self._annotations()
        # The notes WordStudio writes to say what game it was are read, not kept (they are
        # written again).
        ours = tuple(f"{key}:" for key in (CONFIG_KEY, SCORE_LIMIT_KEY, DURATION_KEY))
        header = [n for n in self.record.notes if not n.startswith(ours)]
        self._keep_notes(game, GAME, header, acting)
        time_up = self._time_up(acting)
        for step_index, event in enumerate(acting):
            # GCG keeps no times: a game that ended when its time was up spends it all on
            # its last move, so the rules end it there.
            clock.set_turn_time(game, self.duration if step_index == time_up else 0.0)
            self._act(game, event, placements.get(event.line), plan.exchanged.get(step_index))
            self._keep_notes(game, len(game.inputs) - 1, self._notes_kept(event),
                             acting[step_index + 1:])
        clock.go_live(game)
        self._check_end(game, events)
        return game

    def _time_up(self, acting: list[GcgEvent]) -> int | None:
        """With a game length, the last move before the record's end-of-game lines (the
        move the time ran out on), by its place in ``acting``."""
        if not self.duration:
            return None
        events = self.record.events
        ends = [i for i, e in enumerate(events) if e.kind in (EventKind.END_POINTS,
                                                              EventKind.END_PENALTY)]
        if not ends:
            return None
        moves = (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)
        before = [e for e in events[:ends[0]] if e.kind in moves]
        return acting.index(before[-1]) if before else None

    # --- the board: which tiles each play put down --------------------------------------
    def _place_plays(self, events: list[GcgEvent]) -> dict[int, tuple[Placement, ...]]:
        """Each play's tiles (by line), found on a board of their own."""
        board = Board(self.config)
        placed: dict[int, tuple[Placement, ...]] = {}
        last: tuple[Placement, ...] = ()
        for event in events:
            if event.kind is EventKind.PLAY:
                last = self._placements(board, event)
                board.place(last)
                placed[event.line] = last
            elif event.kind is EventKind.PHONY:
                if not last:
                    raise self.fail("a play is withdrawn (--) but there is no play before it",
                                    event.line)
                board.remove(p.square for p in last)
                last = ()
        return placed

    def _placements(self, board: Board, event: GcgEvent) -> tuple[Placement, ...]:
        row, col, direction = self._position(event)
        shown = []
        r, c = row, col
        dr, dc = direction.step
        for square, inside in _squares(event.word, self.config.tiles.alphabet):
            tile = board.tile_at(r, c) if board.on_board(r, c) else None
            if square == "." or inside:
                if tile is None:
                    where = f"{column_name(c)}{row_name(r)}"
                    raise self.fail(f"{event.position} {event.word}: the record says {where} "
                                    "holds a tile, but it is empty", event.line)
                if inside and tile[0] != square.upper():
                    raise self.fail(f"{event.position} {event.word}: {column_name(c)}"
                                    f"{row_name(r)} holds {tile[0]}, not {square.upper()}",
                                    event.line)
                shown.append(tile_text(tile[0], tile[1]))
            else:
                shown.append(f"[{square}]" if len(square) > 1 else square)
            r, c = r + dr, c + dc
        try:
            return tuple(placements_from_word(board, row, col, direction, "".join(shown)))
        except IllegalMove as exc:
            raise self.fail(f"{event.position} {event.word}: {exc.reason}", event.line) from None

    def _position(self, event: GcgEvent) -> tuple[int, int, Direction]:
        text = event.position.upper()
        digits = "".join(ch for ch in text if ch.isdigit())
        letters = "".join(ch for ch in text if ch.isalpha())
        direction = Direction.ACROSS if text[0].isdigit() else Direction.DOWN
        col = letters_index(letters)
        row = int(digits) - 1
        if col is None or not self.config.on_board(row, col):
            raise self.fail(f"{event.position} is not a square of this "
                            f"{self.config.rows}x{self.config.columns} board", event.line)
        return row, col, direction

    # --- the rules the record shows -----------------------------------------------------
    def _settings(self, events: list[GcgEvent]) -> GameSettings:
        """The game's challenge bonus and penalty: the ones the record gives most often
        (a game records one, but annotators differ; each challenge keeps its own)."""
        bonuses = Counter(e.score for e in events if e.kind is EventKind.CHALLENGE and e.score > 0)
        penalties = Counter(-e.score for e in events
                            if e.kind is EventKind.CHALLENGE and e.score < 0)
        bonus = bonuses.most_common(1)[0][0] if bonuses else 0
        penalty = penalties.most_common(1)[0][0] if penalties else 0
        return GameSettings(WordCheck.CHALLENGE, challenge_penalty=penalty,
                            challenge_bonus=bonus, going_out_doubled=self._doubled(events),
                            clock=ClockSettings(game_duration=self.duration))

    def _doubled(self, events: list[GcgEvent]) -> bool:
        """Whether the player going out gained twice the others' tiles (the tournament
        rule, and the default) or the plain count (others lose theirs)."""
        gains = [e for e in events if e.kind is EventKind.END_POINTS]
        losses = [e for e in events if e.kind is EventKind.END_PENALTY]
        for event in gains:
            value = self._value(event.tiles, event.line)
            if value and event.score == 2 * value:
                return True
            if value and event.score == value:
                return False
        return not (gains and losses)

    def _value(self, text: str, line: int) -> int:
        return Rack(self._tiles(text, line)).value(self.config.tiles)

    def _tiles(self, text: str, line: int) -> tuple[str, ...]:
        try:
            return Rack.parse(text, self.config.tiles.alphabet).tiles
        except TileError as exc:
            raise self.fail(f"{text!r}: {exc}", line) from None

    def _full_tile_set(self) -> tuple[str, ...]:
        tileset = self.config.tiles
        letters = [letter for letter, count in zip(tileset.alphabet, tileset.frequencies,
                                                   strict=True) for _ in range(count)]
        return (*letters, *[BLANK] * tileset.blank_count)

    # --- the tiles ------------------------------------------------------------------------
    def _steps(self, events: list[GcgEvent], placements: dict[int, tuple[Placement, ...]]
               ) -> tuple[list[Step], dict[int, Counter[str]]]:
        steps: list[Step] = []
        finals: dict[int, Counter[str]] = {}
        for event in events:
            seat = self.seat(event)
            known = Counter(self._tiles(event.rack, event.line)) if event.rack else Counter()
            if event.kind is EventKind.PLAY:
                used = Counter(p.tile for p in placements[event.line])
                steps.append(Step(seat, "play", used, known=known))
            elif event.kind is EventKind.EXCHANGE:
                used = Counter(self._tiles(event.tiles, event.line)) if event.tiles else Counter()
                if not used and event.count > self.config.rack_size:
                    raise self.fail(f"an exchange of {event.count} tiles from a rack of "
                                    f"{self.config.rack_size}", event.line)
                steps.append(Step(seat, "exchange", used, event.count, known))
            elif event.kind is EventKind.PHONY:
                steps.append(Step(seat, "withdraw"))
            elif event.kind is EventKind.PASS:
                steps.append(Step(seat, "none", known=known))
            elif event.kind is EventKind.END_PENALTY:
                finals[seat] = Counter(self._tiles(event.tiles, event.line))
            elif event.kind is EventKind.END_POINTS and len(self.players) == 2:
                finals.setdefault(1 - seat, Counter(self._tiles(event.tiles, event.line)))
            elif event.kind in (EventKind.CHALLENGE, EventKind.TIME):
                steps.append(Step(seat, "none"))
        for number, rack in self.record.racks.items():
            if 1 <= number <= len(self.players):
                finals.setdefault(number - 1, Counter(self._tiles(rack, 0)))
        return steps, finals

    # --- acting -------------------------------------------------------------------------
    def _act(self, game: Game, event: GcgEvent, placements: tuple[Placement, ...] | None,
             exchanged: tuple[str, ...] | None) -> None:
        seat = self.seat(event)
        if event.line in self.unknown_withdrawals:
            # Taken back with its play, which the game has as a pass.
            self._check_total(game, event, seat)
            return
        if event.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE):
            self._skipped_turns(game, event, seat)
        if (game.over and event.kind in (EventKind.PLAY, EventKind.EXCHANGE)
                and "scoreless" in game.end_reason
                and self.config.end.scoreless_turns_limit != NO_SCORELESS_LIMIT):
            raise _PlaysOn(event.line, game.end_reason)
        if (game.over and event.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)
                and game.end_reason == PASSED_IN_TURN and self.config.end.passing_ends
                and self.config.end.scoreless_turns_limit):
            raise _PlaysOn(event.line, game.end_reason, passing=True)
        index = len(game.inputs)
        action = self._action(game, event, seat, placements, exchanged)
        unknown = event.line in self.unknown_plays
        if unknown:
            action = Pass()
        if event.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE):
            self._check_rack(game, event, seat, index)
        if isinstance(action, Play):
            action = self._recorded_score(game, event, action)
        try:
            game.act(action)
        except (UserError, ValueError) as exc:
            raise self.fail(f"{self._what(event)} cannot be replayed: {exc}", event.line) from None
        if event.kind is EventKind.EXCHANGE and not event.tiles:
            game.annotations.hidden_exchanges.add(index)
        if event.line in self.unnamed:
            game.annotations.exchanges[index] = event.tiles
        if unknown:
            # Its total counts the play its withdrawal takes back.
            game.annotations.withdrawn[index] = (event.position, event.word, event.score)
            return
        self._check_total(game, event, seat)

    def _skipped_turns(self, game: Game, event: GcgEvent, seat: int) -> None:
        """A move by a player whose turn it is not: the record left out the turns of the
        players before him (an annotator writes only the moves that mattered); each is
        taken as a pass, with a note."""
        skipped: list[str] = []
        while seat != game.current and not game.over and len(skipped) < len(self.players):
            skipped.append(self.nicks[game.current])
            # No rack is known for it: the review does not judge it.
            game.annotations.partial_racks[len(game.inputs)] = ""
            game.act(Pass())
        if skipped:
            self.notes.append(f"line {event.line}: the record gives no move of "
                              f"{', '.join(skipped)} before {event.nick}'s; "
                              f"{'a pass is' if len(skipped) == 1 else 'passes are'} assumed")

    def _recorded_score(self, game: Game, event: GcgEvent, play: Play) -> Play:
        """The play with the record's score when the rules give another (it counts)."""
        try:
            rules = game.check_play(play).score
        except (UserError, ValueError):
            return play  # act() names what is wrong
        if rules == event.score:
            return play
        self.notes.append(f"line {event.line}: the record scores {self._what(event)} "
                          f"{event.score}; by the rules it scores {rules}; the record's score "
                          "counts")
        return replace(play, recorded=event.score)

    def _action(self, game: Game, event: GcgEvent, seat: int,
                placements: tuple[Placement, ...] | None,
                exchanged: tuple[str, ...] | None) -> Action:
        kind = event.kind
        if kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE) and seat != game.current:
            raise self.fail(f"{event.nick} moves, but it is {self.nicks[game.current]}'s turn",
                            event.line)
        if kind is EventKind.PLAY:
            assert placements is not None
            return Play(placements)
        if kind is EventKind.EXCHANGE:
            return Pass(exchanged or ())
        if kind is EventKind.PASS:
            lost = LOST_CHALLENGE in (n.strip() for n in event.notes)
            if (lost or game.over) and game.can_challenge():
                # A pass after the play that ended the game: a challenge of it that
                # failed (a double challenge costs the challenger his turn).
                return Challenge(upheld=False, bonus=0, penalty=0)
            if self._timed_out(event):
                return TimeOut()
            return Pass()
        if kind is EventKind.TIME:
            if not game.over:
                raise self.fail("a time penalty before the end of the game", event.line)
            return TimePenalty(seat, -event.score)
        # Withdrawals and challenge bonuses belong to the player challenged; a penalty to
        # the challenger, who is the player to move.
        last = game.history[-1] if game.history else None
        challenged = last.player if last is not None and isinstance(last.action, Play) else None
        if kind is EventKind.CHALLENGE and event.score < 0:
            if seat != game.current:
                raise self.fail(f"a challenge penalty for {event.nick}, who did not challenge",
                                event.line)
        elif challenged != seat:
            what = "withdrawn play" if kind is EventKind.PHONY else "challenge bonus"
            raise self.fail(f"a {what} for {event.nick}, but the play before is not theirs",
                            event.line)
        if kind is EventKind.PHONY:
            return Challenge(upheld=True)
        if event.score >= 0:
            return Challenge(upheld=False, bonus=event.score, penalty=0)
        return Challenge(upheld=False, bonus=0, penalty=-event.score)

    # --- notes, and what WordStudio writes as notes: resignations, turns lost on time ---
    def _notes_kept(self, event: GcgEvent) -> list[str]:
        """An event's notes less the ones the replay has acted on."""
        return [note for note in event.notes if note.strip() != LOST_CHALLENGE
                and not (event.kind is EventKind.PASS and self._says_timed_out(event, note))]

    def _timed_out(self, event: GcgEvent) -> bool:
        """A pass with the note WordStudio writes for a turn lost on time."""
        return any(self._says_timed_out(event, note) for note in event.notes)

    def _says_timed_out(self, event: GcgEvent, note: str) -> bool:
        return self._marker_seat(note.strip(), TIMED_OUT) == self.seat(event)

    def _keep_notes(self, game: Game, index: int, notes: list[str],
                    later: list[GcgEvent]) -> None:
        """Keep ``notes`` after action ``index``; a note saying that the player to move
        resigned (WordStudio's way of writing a resignation) is the resignation, and the
        notes after it belong to it."""
        for position, note in enumerate(notes):
            seat = self._marker_seat(note.strip(), RESIGNED)
            if seat is None or seat != game.current or game.over or any(
                    e.kind in (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)
                    and self.seat(e) == seat for e in later):
                continue
            for kept in notes[:position]:
                game.annotations.add_note(index, kept)
            try:
                game.act(Resign())
            except (UserError, ValueError) as exc:  # pragma: no cover - checked above
                raise self.fail(f"{note.strip()!r} cannot be replayed: {exc}") from None
            for kept in notes[position + 1:]:
                game.annotations.add_note(len(game.inputs) - 1, kept)
            return
        for kept in notes:
            game.annotations.add_note(index, kept)

    def _marker_seat(self, text: str, suffix: str) -> int | None:
        """The one player a note ``<name><suffix>`` names (by full name or nickname)."""
        if not text.endswith(suffix):
            return None
        who = text[:len(text) - len(suffix)]
        seats = {seat for seat, (spec, nick) in enumerate(zip(self.players, self.nicks,
                                                               strict=True))
                 if who in (spec.name, nick)}
        return seats.pop() if len(seats) == 1 else None

    def _check_rack(self, game: Game, event: GcgEvent, seat: int, index: int) -> None:
        if not event.rack:
            game.annotations.partial_racks[index] = ""
            return
        held = Counter(game.racks[seat].tiles)
        given = Counter(self._tiles(event.rack, event.line))
        if given == held:
            return
        # Written back as the record gives it; the review does not judge the move.
        game.annotations.partial_racks[index] = event.rack
        if not given - held and sum(given.values()) < sum(held.values()):
            return
        self.notes.append(f"line {event.line}: the record gives {event.nick}'s rack as "
                          f"{event.rack}, which cannot be: the tiles kept and drawn make it "
                          f"{_rack_text(game.racks[seat].tiles)}, and that is assumed")

    def _check_total(self, game: Game, event: GcgEvent, seat: int) -> None:
        total = game.scores[seat]
        if event.kind is EventKind.TIME:
            total = game.final_scores()[seat]
        if total != event.total:
            self.notes.append(f"line {event.line}: the record's total for {event.nick} is "
                              f"{event.total}; by the moves it is {total}")

    def _check_end(self, game: Game, events: list[GcgEvent]) -> None:
        ends = [e for e in events if e.kind in (EventKind.END_POINTS, EventKind.END_PENALTY)]
        if ends and not game.over:
            self.notes.append(f"line {ends[0].line}: the record ends the game here, but by the "
                              "rules it goes on")
            return
        finals = game.final_scores()
        for event in ends:
            for note in event.notes:
                game.annotations.add_note(END, note)
        recorded = self.recorded_totals(game)
        if game.over and ends and list(recorded) != finals:
            self.notes.append(f"the record's final totals are "
                              f"{', '.join(str(v) for v in recorded)}; by the rules they "
                              f"are {', '.join(str(v) for v in finals)}")

    def recorded_totals(self, game: Game) -> tuple[int, ...]:
        """Each player's last total in the record (the rules' total for a player the
        record gives none)."""
        last: dict[int, int] = {}
        for event in self.record.events:
            last[self.seat(event)] = event.total
        finals = game.final_scores()
        return tuple(last.get(seat, total) for seat, total in enumerate(finals))

    def _what(self, event: GcgEvent) -> str:
        if event.kind is EventKind.PLAY:
            return f"{event.nick}'s {event.position} {event.word}"
        return f"{event.nick}'s {event.kind.value}"

    def _annotations(self) -> Annotations:
        record = self.record
        return Annotations(record.title, record.description, record.ident, record.lexicon,
                           tuple(self.nicks), {}, extra=list(record.extra))


def _squares(word: str, alphabet: Sequence[str]) -> list[tuple[str, bool]]:
    """A GCG word as its squares, each with whether it is in brackets (a tile already on
    the board): ``.`` a tile on the board, a tile of more than one letter in square
    brackets (``[CH]``) or matched longest first, any other letter one square."""
    letters = sorted((a for a in alphabet if len(a) > 1), key=len, reverse=True)
    out: list[tuple[str, bool]] = []
    inside = False
    i = 0
    while i < len(word):
        ch = word[i]
        if ch in "()":
            inside = ch == "("
            i += 1
            continue
        if ch == "[" and (end := word.find("]", i)) > i + 1:
            out.append((word[i + 1:end], inside))
            i = end + 1
            continue
        piece = next((word[i:i + len(a)] for a in letters
                      if word[i:i + len(a)].upper() == a), ch)
        out.append((piece, inside))
        i += len(piece)
    return out


def _nicks_in_order(record: GcgRecord) -> list[str]:
    nicks: list[str] = []
    for event in record.events:
        if event.nick not in nicks:
            nicks.append(event.nick)
    return nicks


def _rack_text(tiles: tuple[str, ...]) -> str:
    return "".join(sorted(tiles, key=lambda t: (t != BLANK, t))) or "nothing"
