"""A game written as a GCG record: what the format can hold, and what it cannot.

Every move becomes an event line with the rack the player held, the running totals and
the notes the game carries (a game read from a GCG record is written back as it came:
its nicknames, title, identifier, word list name, partial racks, exchanges given as a
number and withdrawn plays no rack can have held).  The end of the game is written as the rules settled it: with tournament
scoring ``>ann: (EIQ) +24 400``, otherwise the player going out gains ``(EIQ) +12`` and
each other player loses ``EIQ (EIQ) -12``.  A challenge lost with no bonus or penalty is
written as a pass with Macondo's note ``#unsuccessful-challenge``.

GCG describes two-player games on the standard board.  :func:`gcg_export` writes any
game whose moves it can express and lists in plain words what the record leaves out
(:attr:`GcgExport.omissions`): more than two players (Quackle reads them, Macondo and
Woogles do not), another board or tile set (written as the standard game's coordinates,
with a ``#note WordStudioConfig:`` line so WordStudio reads it back on its own board),
resignations and turns lost on time, times and computer players.  What WordStudio needs
to replay such a game to the same end is written so that other programs show it as notes:
a resignation is the note ``Ann resigned.`` after the move before it, a turn lost on time
a pass with the note ``Bob lost the turn on time.``, and a score limit or a length for the
whole game the header notes ``WordStudioScoreLimit: 500`` and
``WordStudioGameDuration: 1800`` (seconds).  A game GCG cannot express at all - diagonal
plays, blank pick-ups, a game set up part-way - is a :class:`RecordError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from wordstudio.crossword.actions import (
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
from wordstudio.crossword.annotations import END, GAME
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, Input
from wordstudio.crossword.gameconfig import Direction, GameConfig
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.gcg import (
    EventKind,
    GcgEvent,
    GcgPlayer,
    GcgRecord,
    format_gcg,
    one_line,
)
from wordstudio.crossword.records.gcgread import LOST_CHALLENGE, RESIGNED, TIMED_OUT
from wordstudio.crossword.records.gcgsetup import (
    CONFIG_KEY,
    DURATION_KEY,
    SCORE_LIMIT_KEY,
    STANDARD_CONFIG,
)
from wordstudio.crossword.tiles import join_tiles, tile_text, tiles_text
from wordstudio.paths import atomic_write_text, boards_dir

__all__ = ["GcgExport", "gcg_export", "is_standard_game", "save_gcg"]


@dataclass(frozen=True)
class GcgExport:
    """A game as GCG text, and what the format could not hold (plain sentences)."""

    text: str
    record: GcgRecord
    omissions: tuple[str, ...]


def save_gcg(game: Game, path: Path | str) -> tuple[str, ...]:
    """Write ``game`` as a GCG file, atomically; returns what GCG could not hold."""
    export = gcg_export(game)
    atomic_write_text(Path(path), export.text)
    return export.omissions


def gcg_export(game: Game) -> GcgExport:
    """``game`` as a GCG record (see the module docstring)."""
    _check_expressible(game)
    writer = _Writer(game)
    record = writer.record()
    return GcgExport(format_gcg(record), record, tuple(writer.omissions))


@lru_cache(maxsize=1)
def _standard() -> GameConfig:
    return load_config(boards_dir() / STANDARD_CONFIG)


def is_standard_game(config: GameConfig) -> bool:
    """True when a game is played on the standard board with the standard tiles (what
    GCG records describe), whatever its title or computer-player elements."""
    standard = _standard()
    return (config.rows, config.columns, config.layout, config.tiles, config.rack_size,
            config.play_all_tile_bonus) == (
        standard.rows, standard.columns, standard.layout, standard.tiles,
        standard.rack_size, standard.play_all_tile_bonus)


def _check_expressible(game: Game) -> None:
    config = game.config
    if not config.rack_size:
        raise RecordError(None, "GCG records games played with racks; this game has none")
    if game.setup.start is not None:
        raise RecordError(None, "this game was set up part-way through, which GCG cannot "
                                "hold (copy the position as CGP instead)")
    for number, (item, turn) in enumerate(zip(game.inputs, game.history, strict=True), 1):
        if isinstance(item.action, PickUpBlank):
            raise RecordError(None, f"move {number} picks up a blank, which GCG cannot hold")
        if isinstance(item.action, Play) and turn.notation[:1] and _direction(turn) is None:
            raise RecordError(None, f"move {number} is a diagonal play, which GCG cannot hold")


_CLASSIC = re.compile(r"[0-9]+[A-Z]+|[A-Z]+[0-9]+")
#: Arrow-form squares that read as GCG's across (row then column) and down positions.
_ARROWS = {"\u2192": Direction.ACROSS, "\u2193": Direction.DOWN}


def _direction(turn: Turn) -> Direction | None:
    """A play's direction as GCG can say it: across or down, read forwards; None for a
    diagonal or backward word."""
    where = turn.notation.split(" ", 1)[0]
    if _CLASSIC.fullmatch(where):
        return Direction.ACROSS if where[:1].isdigit() else Direction.DOWN
    return _ARROWS.get(where[-1:])


def _position_and_word(turn: Turn, game: Game) -> tuple[str, str]:
    """``8D WO(R)D`` -> ``("8D", "WO.D")``: tiles on the board as dots, as GCG writes;
    a tile of more than one letter in brackets (``[CH]``, a blank ``[ch]``).  ``game``
    is the game just after the play (its board holds the word).
    (Games that write every move with an arrow - ``D8\u2192 WORD`` - read the same.)"""
    where = turn.notation.split(" ", 1)[0]
    direction = _direction(turn)
    assert isinstance(turn.action, Play) and direction is not None
    if not _CLASSIC.fullmatch(where):
        square = where[:-1]
        letters = "".join(ch for ch in square if ch.isalpha())
        digits = "".join(ch for ch in square if ch.isdigit())
        where = f"{digits}{letters}" if direction is Direction.ACROSS else f"{letters}{digits}"
    placed = {p.square: p for p in turn.action.placements}
    board = game.board
    dr, dc = direction.step
    r, c = min(placed)
    while board.on_board(r - dr, c - dc) and board.has_tile(r - dr, c - dc):
        r, c = r - dr, c - dc
    word = []
    while board.on_board(r, c) and board.has_tile(r, c):
        placement = placed.get((r, c))
        word.append("." if placement is None else tile_text(placement.letter, placement.blank))
        r, c = r + dr, c + dc
    return where, join_tiles(word, board.alphabet)


class _Writer:
    """Walks a copy of the game from the start, writing each move as it was played."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.annotations = game.annotations
        self.nicks = _nicknames(game)
        self.totals = [0] * len(game.players)
        self.events: list[GcgEvent] = []
        self.omissions: list[str] = []
        self.header_notes: list[str] = list(self.annotations.notes_after(GAME))

    def record(self) -> GcgRecord:
        game, notes = self.game, self.annotations
        header_notes = self.header_notes
        if not is_standard_game(game.config):
            self.omissions.append(
                "GCG does not describe the board or the tiles: other programs read this game "
                "as the standard 15x15 game (WordStudio reads it on its own board)")
            path = game.setup.config_path
            if path and not any(n.startswith(f"{CONFIG_KEY}:") for n in header_notes):
                header_notes.append(f"{CONFIG_KEY}: {_config_name(path)}")
        # Limits that end a game early, for WordStudio to end it where it ended.
        limits = ((SCORE_LIMIT_KEY, game.config.end.score_limit),
                  (DURATION_KEY, game.setup.settings.clock.game_duration))
        for key, value in limits:
            if value and not any(n.startswith(f"{key}:") for n in header_notes):
                header_notes.append(f"{key}: {value}")
        if len(game.players) > 2:
            self.omissions.append(f"GCG is made for two players: Quackle reads all "
                                  f"{len(game.players)}, Macondo and Woogles do not")
        self._moves()
        players = [GcgPlayer(seat + 1, nick, spec.name)
                   for seat, (nick, spec) in enumerate(zip(self.nicks, game.players,
                                                           strict=True))]
        racks = {} if game.over else {seat + 1: self._rack_text(r.tiles)
                                      for seat, r in enumerate(game.racks)}
        self._general_omissions()
        # A game read from a record keeps the record's title and word list name (or none);
        # others are named after their game and list.
        from_record = bool(notes.nicknames)
        title = notes.title if from_record else game.config.title
        lexicon = notes.lexicon if from_record else game.setup.lexicon
        return GcgRecord(players, title, notes.description, notes.ident, lexicon, header_notes,
                         list(notes.extra), self.events, racks)

    # --- the moves ------------------------------------------------------------------------
    def _moves(self) -> None:
        game = self.game
        shadow = Game(game.setup, game.words)
        penalties: list[tuple[int, Turn]] = []
        for index, (item, turn) in enumerate(zip(game.inputs, game.history, strict=True)):
            racks = [r.tiles for r in shadow.racks]
            history_before = list(shadow.history)
            shadow.act(item.action)
            if isinstance(item.action, TimePenalty):
                penalties.append((index, turn))
                continue
            self._move(index, item, turn, racks, history_before, shadow)
        if game.over:
            self._end(game)
        for note in self.annotations.notes_after(END):
            self._note(note)
        for index, turn in penalties:
            assert isinstance(turn.action, TimePenalty)
            self._add(index, GcgEvent(EventKind.TIME, self.nicks[turn.player],
                                      self._rack_text(game.racks[turn.player].tiles), turn.score,
                                      self._total(turn.player, turn.score)))

    def _move(self, index: int, item: Input, turn: Turn, racks: list[tuple[str, ...]],
              history: list[Turn], shadow: Game) -> None:
        seat = item.player
        action = item.action
        nick = self.nicks[seat]
        rack = self._rack_of(index, racks[seat])
        if isinstance(action, Play):
            where, word = _position_and_word(turn, shadow)
            self._add(index, GcgEvent(EventKind.PLAY, nick, rack, turn.score,
                                      self._total(seat, turn.score), position=where, word=word))
        elif isinstance(action, Pass) and index in self.annotations.withdrawn:
            # A withdrawn play whose tiles no rack held (the game has a pass): as recorded.
            where, word, score = self.annotations.withdrawn[index]
            self.events.append(GcgEvent(EventKind.PLAY, nick, rack, score,
                                        self._total(seat, score), position=where, word=word))
            self._add(index, GcgEvent(EventKind.PHONY, nick, rack, -score,
                                      self._total(seat, -score)))
        elif isinstance(action, Pass) and action.discards:
            hidden = index in self.annotations.hidden_exchanges
            tiles = "" if hidden else self.annotations.exchanges.get(
                index, self._rack_text(action.discards))
            self._add(index, GcgEvent(EventKind.EXCHANGE, nick, rack, 0, self.totals[seat],
                                      tiles=tiles, count=len(action.discards)))
        elif isinstance(action, Pass | TimeOut):
            # The note comes first: WordStudio reads the pass back as the turn lost.
            lost = (f"{self._who(seat)}{TIMED_OUT}",) if isinstance(action, TimeOut) else ()
            if lost:
                self.omissions.append(f"move {index + 1}: a turn lost on time is written as "
                                      "a pass with a note")
            self._add(index, GcgEvent(EventKind.PASS, nick, rack, 0, self.totals[seat],
                                      notes=lost))
        elif isinstance(action, Resign):
            name = self.game.players[seat].name
            self.omissions.append(f"move {index + 1}: GCG has no resignation; {name}'s is "
                                  "written as a note")
            # After the move before it (WordStudio reads the note back as the resignation,
            # and the notes after it as the resignation's).
            self._note(f"{self._who(seat)}{RESIGNED}")
            self._notes_of(index)
        elif isinstance(action, Challenge):
            self._challenge(index, seat, turn, racks, history, shadow)

    def _challenge(self, index: int, seat: int, turn: Turn, racks: list[tuple[str, ...]],
                   history: list[Turn], shadow: Game) -> None:
        target = history[-1]
        target_nick = self.nicks[target.player]
        if turn.outcome is Outcome.CHALLENGE_WON:
            # The rack the withdrawn play came from (GCG writes it on both lines).
            before = target.rack_before or racks[target.player]
            self._add(index, GcgEvent(EventKind.PHONY, target_nick, self._rack_text(before),
                                      -target.score, self._total(target.player, -target.score)))
        elif turn.awarded:
            self._add(index, GcgEvent(EventKind.CHALLENGE, target_nick,
                                      self._rack_text(racks[target.player]), turn.awarded,
                                      self._total(target.player, turn.awarded)))
        elif turn.score:
            self.omissions.append(f"move {index + 1}: a challenge penalty is written "
                                  f"'(challenge) {turn.score}', which not every program reads")
            self._add(index, GcgEvent(EventKind.CHALLENGE, self.nicks[seat], self._rack_text(racks[seat]),
                                      turn.score, self._total(seat, turn.score)))
        else:
            event = GcgEvent(EventKind.PASS, self.nicks[seat], self._rack_text(racks[seat]), 0,
                             self.totals[seat], notes=(LOST_CHALLENGE,))
            self._add(index, event)

    def _end(self, game: Game) -> None:
        """The end-of-game lines: what the rules settled, gains first."""
        penalties = sum(1 for item in game.inputs if isinstance(item.action, TimePenalty))
        settled = game.adjustments[:len(game.adjustments) - penalties]
        racks = [r.tiles for r in game.racks]
        gains = [a for a in settled if a.points > 0 and "unplayed" in a.reason]
        losses = [a for a in settled if a.points < 0 and "unplayed" in a.reason]
        clock = [a for a in settled if "unplayed" not in a.reason]
        for adjustment in gains:
            others = [t for seat, tiles in enumerate(racks) if seat != adjustment.player
                      for t in tiles]
            self._add(END, GcgEvent(EventKind.END_POINTS, self.nicks[adjustment.player], "",
                                    adjustment.points,
                                    self._total(adjustment.player, adjustment.points),
                                    tiles=self._rack_text(tuple(others))))
        for adjustment in losses:
            tiles = self._rack_text(racks[adjustment.player])
            self._add(END, GcgEvent(EventKind.END_PENALTY, self.nicks[adjustment.player],
                                    tiles, adjustment.points,
                                    self._total(adjustment.player, adjustment.points),
                                    tiles=tiles))
        for adjustment in clock:
            self._add(END, GcgEvent(EventKind.TIME, self.nicks[adjustment.player],
                                    self._rack_text(racks[adjustment.player]), adjustment.points,
                                    self._total(adjustment.player, adjustment.points)))

    # --- helpers --------------------------------------------------------------------------
    def _rack_of(self, index: int, tiles: tuple[str, ...]) -> str:
        partial = self.annotations.partial_racks.get(index)
        return partial if partial is not None else self._rack_text(tiles)

    def _rack_text(self, tiles: tuple[str, ...]) -> str:
        return tiles_text(sorted(tiles), self.game.config.tiles.alphabet)

    def _who(self, seat: int) -> str:
        """A player as a note names him: by name, or by nickname when another player has
        the same name (the ``#player`` lines give both)."""
        names = [one_line(spec.name) for spec in self.game.players]
        name = names[seat]
        return name if name and names.count(name) == 1 else self.nicks[seat]

    def _total(self, seat: int, points: int) -> int:
        self.totals[seat] += points
        return self.totals[seat]

    def _add(self, index: int, event: GcgEvent) -> None:
        self.events.append(event)
        if index >= 0:
            self._notes_of(index)

    def _notes_of(self, index: int) -> None:
        for note in self.annotations.notes_after(index):
            self._note(note)

    def _note(self, text: str) -> None:
        """A note after the last event written (or in the header before any)."""
        # Lines are read back without their surrounding space.
        note = "\n".join(line.strip() for line in text.split("\n"))
        if not self.events:
            self.header_notes.append(note)
            return
        last = self.events[-1]
        self.events[-1] = replace(last, notes=(*last.notes, note))

    def _general_omissions(self) -> None:
        game = self.game
        if any(item.seconds for item in game.inputs):
            self.omissions.append("the time each move took is not kept")
        if any(p.computer for p in game.players):
            self.omissions.append("which players were computers, and their levels, are not "
                                  "kept")
        clock = game.setup.settings.clock
        if clock.turn_limit or clock.game_limit:
            self.omissions.append("the game's clock settings are not kept")



def _nicknames(game: Game) -> list[str]:
    """One-word names, all different (the record's own when it had them)."""
    known = game.annotations.nicknames
    if len(known) == len(game.players) and len(set(known)) == len(known) and all(
            n and not any(ch.isspace() for ch in n) for n in known):
        return list(known)
    nicks: list[str] = []
    for seat, spec in enumerate(game.players):
        base = re.sub(r"\s+", "_", spec.name.strip()) or f"player{seat + 1}"
        nick, n = base, 2
        while nick in nicks:
            nick, n = f"{base}{n}", n + 1
        nicks.append(nick)
    return nicks


def _config_name(path: str) -> str:
    """A shipped board by its file name (found on any machine), anything else by path."""
    candidate = Path(path)
    if (boards_dir() / candidate.name).is_file() and candidate.parent.resolve() == (
            boards_dir().resolve()):
        return candidate.name
    return str(candidate)
