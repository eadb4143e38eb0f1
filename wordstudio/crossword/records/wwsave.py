"""WordsWorth saved games (seed 001, section 5 and Appendix B) as WordStudio games.

Loading replays every move through the rules, with the configuration the caller gives
(the files hold none).  WordsWorth files carry no seed, so the game takes its tiles from
the file: the recorded starting racks, and exactly the ``+drawn`` tiles of each move
(``GameSetup.scripted_draws``); tiles drawn after loading come from a seeded bag as
usual.  A file WordStudio wrote also notes its seed (``#: seed``): when the seed
reproduces every recorded draw the game is an ordinary seeded game, identical to the one
saved, bag order included.  WordsWorth files keep no redo line (the manual: "the Redo
information is lost").

Moves are checked as WordsWorth entered them: the word's mask must agree with the board
(``-`` exactly where a tile already stands, the word neither running on from a tile
before it nor into one after it), the player must be the one to move, the tiles drawn
and the score must be what the replay gives.  Any disagreement is a
:class:`~wordstudio.crossword.records.codec.RecordError` naming the file and the line of
the move.  A word not in the list is accepted, with a note, when the game's word check
lets a player confirm words (WordsWorth asked "accept anyway?"; a plain WordsWorth file
is loaded that way).  A starting board (flag 4) becomes the config's
``starting_board`` (printed on the board, as the game places such letters); the board
not being empty, the first-move rule no longer applies, as the manual says.

Writing needs a two-player game; WordStudio's extra data (seed, players, settings,
times, confirmed words, resignations and challenges) goes into ``#:`` comments
(:mod:`wordstudio.crossword.records.wwformat`).
"""

from __future__ import annotations

import json
import random
import re
import time
import warnings
from collections.abc import Callable, Container
from pathlib import Path
from typing import Any

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
from wordstudio.crossword.board import Board, BoardError
from wordstudio.crossword.game import (
    Game,
    GameSettings,
    GameSetup,
    Input,
    PlayerSpec,
    UnknownWords,
    WordCheck,
)
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.records.codec import (
    EDITED,
    Reader,
    RecordError,
    ReplayClock,
    player_to_dict,
    settings_to_dict,
    shorten,
)
from wordstudio.crossword.records.saved import RecordNote, SavedGame, read_text
from wordstudio.crossword.records.wwformat import (
    WWFile,
    WWMove,
    format_file,
    mask_of_play,
    parse_file,
    placements_from_mask,
    square_words,
)
from wordstudio.crossword.tiles import BLANK, Rack, TileError
from wordstudio.errors import UserError
from wordstudio.jsonfile import load_json
from wordstudio.lexicon.catalog import load_lexicon, resolve_lexicon
from wordstudio.lexicon.wordlist import LexiconError, WordList
from wordstudio.paths import atomic_write_text

#: Seats as WordsWorth numbers them.
PROGRAM, YOU = 0, 1

__all__ = ["load_wordsworth", "read_wordsworth_text", "save_wordsworth", "wordsworth_text"]


# --- loading -------------------------------------------------------------------------------
def load_wordsworth(path: Path | str, config: GameConfig, lexicon: WordList | None = None, *,
                    config_path: str | None = None, seed: int | None = None,
                    now: Callable[[], float] = time.monotonic) -> Game:
    """Load a WordsWorth saved game played with ``config`` (RecordError if it is bad).

    ``lexicon`` is the word list (default: the one the file notes, else the config's);
    ``seed`` seeds the draws after the recorded ones (random when None).  Notes are
    issued as :class:`~wordstudio.crossword.records.saved.RecordNote` warnings.
    """
    path = Path(path)
    saved = read_wordsworth_text(read_text(path), config, lexicon, source=path,
                                 config_path=config_path, seed=seed, now=now)
    for note in saved.notes:
        warnings.warn(f"{path}: {note}", RecordNote, stacklevel=2)
    return saved.game


def read_wordsworth_text(text: str, config: GameConfig, lexicon: WordList | None = None, *,
                         source: Path | str | None = None, config_path: str | None = None,
                         seed: int | None = None,
                         now: Callable[[], float] = time.monotonic) -> SavedGame:
    """The game a WordsWorth saved game's text records, with notes for the user."""
    parsed = parse_file(text, config.rows, config.columns, source)
    reader = Reader(source)
    notes = list(parsed.notes)
    if parsed.flags == 0:
        raise reader.fail("the file is flagged @0 (ignore what follows): it holds no game")
    if parsed.board is not None:
        config = _with_starting_board(reader, config, parsed)
    players, numbers = _players(reader, parsed)
    if not config.min_players <= len(players) <= config.max_players:
        raise reader.fail(f"this configuration is for {config.min_players} to "
                          f"{config.max_players} players; WordsWorth games have two")
    settings = _settings(reader, parsed)
    words, lexicon_name = _words(reader, parsed, config, lexicon, source)
    noted_seed = _noted_seed(reader, parsed)

    def setup(seed: int, draws: tuple[tuple[str, ...], ...] = ()) -> GameSetup:
        return GameSetup(config, players, seed, settings, lexicon_name, config_path, draws)

    fallback_seed = seed if seed is not None else noted_seed
    if fallback_seed is None:
        fallback_seed = random.SystemRandom().randrange(2**31)
    if not parsed.flags & 1:
        # A starting board (or nothing) and no game: a new game on that board.
        return SavedGame(Game(setup(fallback_seed), words, now), "wordsworth",
                         _path(source), tuple(notes))
    replay = _Replay(reader, parsed, numbers, now)
    if noted_seed is not None:
        try:
            game = replay.seeded(setup(noted_seed), words)
            return SavedGame(game, "wordsworth", _path(source), tuple(notes + replay.notes))
        except RecordError:
            # Edited (or continued in WordsWorth) after WordStudio wrote it: the file's
            # own tiles decide, below; a real fault is reported from there.
            pass
    game = replay.scripted(setup(fallback_seed, replay.script(config)), words)
    return SavedGame(game, "wordsworth", _path(source), tuple(notes + replay.notes))


def _path(source: Path | str | None) -> Path | None:
    return Path(source) if source is not None else None


def _with_starting_board(reader: Reader, config: GameConfig, parsed: WWFile) -> GameConfig:
    assert parsed.board is not None
    rows = tuple(parsed.board)
    changed = config.with_changes(starting_board=() if all(set(r) <= {"."} for r in rows)
                                  else rows)
    try:
        Board(changed)
    except BoardError as exc:
        raise reader.fail(f"the starting board does not fit this game: {exc}",
                          parsed.board_line) from None
    return changed


def _players(reader: Reader, parsed: WWFile) -> tuple[tuple[PlayerSpec, ...], list[int]]:
    """The seats in order of play, and the WordsWorth number of each."""
    if "players" in parsed.header:
        line = parsed.header_lines["players"]
        entries = _json(reader, parsed, "players")
        if not isinstance(entries, list) or len(entries) != 2:
            raise reader.fail("the noted players are not a list of two", line)
        numbers = [e.get("ww") if isinstance(e, dict) else None for e in entries]
        if sorted(n for n in numbers if isinstance(n, int)) != [PROGRAM, YOU]:
            raise reader.fail("the noted players are not WordsWorth players 0 and 1", line)
        return reader.players(entries, "noted"), [int(n) for n in numbers if n is not None]
    first = parsed.moves[0].player if parsed.moves else PROGRAM
    specs = {PROGRAM: PlayerSpec("WordsWorth", computer=True), YOU: PlayerSpec("You")}
    order = [first, 1 - first]
    return tuple(specs[n] for n in order), order


def _settings(reader: Reader, parsed: WWFile) -> GameSettings:
    if "settings" not in parsed.header:
        # WordsWorth offered to accept a word it did not know.
        return GameSettings(word_check=WordCheck.CONFIRM)
    data = _json(reader, parsed, "settings")
    if not isinstance(data, dict):
        raise reader.fail("the noted settings are not an object", parsed.header_lines["settings"])
    return reader.settings(data)


def _json(reader: Reader, parsed: WWFile, key: str) -> Any:
    try:
        return load_json(parsed.header[key])
    except ValueError as exc:
        raise reader.fail(f"the noted {key} are not readable ({exc})",
                          parsed.header_lines[key]) from None


def _noted_seed(reader: Reader, parsed: WWFile) -> int | None:
    text = parsed.header.get("seed")
    if text is None:
        return None
    if not re.fullmatch(r"[0-9]{1,30}", text):
        raise reader.fail(f"the noted seed {shorten(text)!r} is not a number (of up to 30 "
                          "digits)", parsed.header_lines["seed"])
    return int(text)


def _words(reader: Reader, parsed: WWFile, config: GameConfig, lexicon: WordList | None,
           source: Path | str | None) -> tuple[Container[str], str]:
    noted = parsed.header.get("lexicon")
    if lexicon is not None:
        return lexicon, noted or _lexicon_name(lexicon)
    name = noted or config.dictionary
    try:
        words = load_lexicon(name, Path(source).parent if source is not None else None)
    except LexiconError as exc:
        raise reader.fail(f"the game's word list cannot be loaded ({exc})") from None
    return words, name


def _lexicon_name(words: WordList) -> str:
    """The name to record for a list: its shipped name when it is one, else its file."""
    try:
        if words.source and resolve_lexicon(words.name) == Path(words.source):
            return words.name
    except LexiconError:
        pass
    return words.source or words.name


class _Replay:
    """Plays a parsed file's moves into a new game, checking each against the file."""

    def __init__(self, reader: Reader, parsed: WWFile, numbers: list[int],
                 now: Callable[[], float]) -> None:
        self.reader = reader
        self.parsed = parsed
        self.numbers = numbers  # WordsWorth number of each seat
        self.now = now
        self.notes: list[str] = []

    def racks(self, config: GameConfig) -> list[tuple[str, ...]]:
        """The starting racks in seat order."""
        assert self.parsed.racks is not None
        by_number = []
        for text, line in zip(self.parsed.racks, self.parsed.racks_lines, strict=True):
            tiles = self._tiles(text, config, line, "a rack")
            if tiles and not config.rack_size:
                raise self.reader.fail("this game has no racks: write a rack as '-'", line)
            by_number.append(tiles)
        return [by_number[n] for n in self.numbers]

    def script(self, config: GameConfig) -> tuple[tuple[str, ...], ...]:
        """Every draw the file records, in the order the game makes them."""
        if not config.rack_size:
            return ()
        draws = [self._tiles(move.drawn or "", config, move.line, "drawn tiles")
                 for move in self.parsed.moves if _draws_tiles(move, config)]
        return (*self.racks(config), *draws)

    def seeded(self, setup: GameSetup, words: Container[str]) -> Game:
        clock = ReplayClock(self.now)
        game = Game(setup, words, clock)
        if [r.tiles for r in game.racks] != self.racks(setup.config):
            raise self.reader.fail("the starting racks do not follow from the noted seed")
        return self._play(game, clock)

    def scripted(self, setup: GameSetup, words: Container[str]) -> Game:
        clock = ReplayClock(self.now)
        self.notes = []
        line = self.parsed.racks_lines[0]
        try:
            game = Game(setup, words, clock)
        except (UserError, ValueError) as exc:
            raise self.reader.fail(f"the starting racks cannot be dealt: {exc}", line) from None
        config = setup.config
        for seat, rack in enumerate(game.racks):
            if len(rack) < config.rack_size and len(game.bag):
                which = "the program's" if self.numbers[seat] == PROGRAM else "your"
                raise self.reader.fail(f"{which} starting rack {_tiles_text(rack.tiles)} "
                                       f"should hold {config.rack_size} tiles", line)
        return self._play(game, clock)

    def _play(self, game: Game, clock: ReplayClock) -> Game:
        seat_of = {number: seat for seat, number in enumerate(self.numbers)}
        for move in self.parsed.moves:
            where = _name(move)
            seat = seat_of[move.player]
            if game.over and move.action != "C":
                raise self.reader.fail(f"{where} comes after the end of the game", move.line)
            if seat != game.current:
                raise self.reader.fail(
                    f"{where} is by player {move.player}, but it was player "
                    f"{self.numbers[game.current]}'s turn", move.line)
            clock.set_turn_time(game, self._seconds(move))
            turn = self._act(game, move, where)
            self._check(game.config, move, turn, where)
            self._check_refilled(game, seat, move, turn, where)
        clock.go_live(game)
        return game

    def _act(self, game: Game, move: WWMove, where: str) -> Turn:
        try:
            action = self._action(game, move, where)
            try:
                return game.act(action)
            except UnknownWords as exc:
                if not isinstance(action, Play) or (
                        game.setup.settings.word_check != WordCheck.CONFIRM):
                    raise
                turn = game.act(Play(action.placements, action.confirmed + exc.words))
                self.notes.append(f"line {move.line}: {where} plays {', '.join(exc.words)}, "
                                  "not in the word list; accepted as the file records it")
                return turn
        except RecordError:
            raise
        except TileError as exc:
            # A recorded draw the bag cannot give (the only TileError left to a replay).
            raise self.reader.fail(f"{where} cannot be replayed: {exc}", move.line) from None
        except (UserError, ValueError) as exc:
            raise self.reader.fail(f"{where} is not legal: {exc}", move.line) from None

    def _action(self, game: Game, move: WWMove, where: str) -> Action:
        config = game.config
        if move.action in "AD":
            confirmed = move.note_value("ok")
            placements = placements_from_mask(game.board, move, self._mask_error(move, where))
            return Play(tuple(placements), tuple(confirmed.split(",")) if confirmed else (),
                        conceded=move.has_note("conceded"))
        if move.action == "P":
            if move.has_note("timeout"):
                if move.text:
                    raise self.reader.fail(f"{where}: a turn lost on time puts no tiles back",
                                           move.line)
                return TimeOut()
            return Pass(self._tiles(move.text, config, move.line, "tiles put back"))
        if move.action == "X":
            return _pick_up(self.reader, game.board, move, where)
        if move.action == "R":
            return Resign()
        # The file's ruling stands, as the game was played (perhaps with another list); it
        # is written into the action only where this word list would rule otherwise.
        ruling = move.has_note("upheld") if move.has_note("upheld") or move.has_note(
            "failed") else None
        last = game.history[-1] if game.history else None
        phony = last is not None and any(w not in game.words for w in last.words)
        return Challenge(None if ruling is None or ruling == phony else ruling)

    def _check(self, config: GameConfig, move: WWMove, turn: Turn, where: str) -> None:
        fail = self.reader.fail
        if move.score is not None and turn.score != move.score:
            raise fail(f"{where} scores {turn.score}, but the file says {move.score} {EDITED}",
                       move.line)
        drawn = self._tiles(move.drawn or "", config, move.line, "drawn tiles")
        if tuple(turn.drawn) != drawn:
            raise fail(f"{where} draws {_tiles_text(turn.drawn)}, but the file says "
                       f"{_tiles_text(drawn)} {EDITED}", move.line)
        if move.action == "C":
            upheld = turn.outcome == Outcome.CHALLENGE_WON
            said = "upheld" if move.has_note("upheld") else "failed" if move.has_note(
                "failed") else None
            if said is not None and said != ("upheld" if upheld else "failed"):
                raise fail(f"{where} is {'upheld' if upheld else 'failed'} on replay, but the "
                           f"file says {said} {EDITED}", move.line)

    def _mask_error(self, move: WWMove, where: str) -> Callable[[str], RecordError]:
        def fail(problem: str) -> RecordError:
            shown = move.format().split("  #")[0]
            return self.reader.fail(f"{where} ({shown}): {problem}", move.line)
        return fail

    def _check_refilled(self, game: Game, seat: int, move: WWMove, turn: Turn,
                        where: str) -> None:
        """A move that draws refills the rack while the bag has tiles (a file that lists
        too few tiles drawn would leave it short)."""
        config = game.config
        rack = len(game.racks[seat])
        if not _draws_tiles(move, config) or rack >= config.rack_size or not len(game.bag):
            return
        due = len(turn.drawn) + min(config.rack_size - rack, len(game.bag))
        raise self.reader.fail(f"{where} draws {_tiles_text(turn.drawn)}, but {due} tiles "
                               "were due", move.line)

    def _seconds(self, move: WWMove) -> float:
        text = move.note_value("s")
        if text is None:
            return 0.0
        try:
            seconds = float(text)
        except ValueError:
            seconds = -1.0
        if not seconds >= 0:
            raise self.reader.fail(f"{_name(move)}: {text!r} is not a time in seconds",
                                   move.line)
        return seconds

    def _tiles(self, text: str, config: GameConfig, line: int, what: str) -> tuple[str, ...]:
        try:
            return Rack.parse(text, config.tiles.alphabet).tiles
        except TileError as exc:
            raise self.reader.fail(f"{what} {text!r}: {exc}", line) from None


def _draws_tiles(move: WWMove, config: GameConfig) -> bool:
    """Whether the move draws from the bag (so the file's ``+`` tiles are its draw)."""
    if not config.rack_size:
        return False
    return move.action in "AD" or (move.action == "P" and bool(move.text)
                                   and not move.has_note("timeout"))


def _name(move: WWMove) -> str:
    if move.number is None:
        kind = "resignation" if move.action == "R" else "challenge"
        return f"the {kind} by player {move.player}"
    return f"move {move.number}"


def _tiles_text(tiles: tuple[str, ...]) -> str:
    return "".join("_" if t == BLANK else t for t in tiles) or "nothing"


def _pick_up(reader: Reader, board: Board, move: WWMove, where: str) -> PickUpBlank:
    letter = move.text.upper()
    if move.row is not None and move.col is not None:
        if not board.on_board(move.row, move.col):
            raise reader.fail(f"{where}: {square_words(move.row, move.col)} is off the board",
                              move.line)
        tile = board.tile_at(move.row, move.col)
        if letter and tile is not None and tile[1] and tile[0] != letter:
            raise reader.fail(f"{where}: the blank on {square_words(move.row, move.col)} is "
                              f"{tile[0].lower()}, not {move.text}", move.line)
        return PickUpBlank(move.row, move.col)
    squares = [(r, c) for r, c, shown, blank in board.tiles() if blank and shown == letter]
    if len(squares) != 1:
        count = "no blank" if not squares else "more than one blank"
        raise reader.fail(f"{where}: {count} on the board stands for {move.text!r}; give "
                          "the row and column", move.line)
    return PickUpBlank(*squares[0])


# --- saving --------------------------------------------------------------------------------
def save_wordsworth(game: Game, path: Path | str) -> None:
    """Write ``game`` as a WordsWorth saved game, atomically."""
    atomic_write_text(Path(path), wordsworth_text(game))


def wordsworth_text(game: Game) -> str:
    """``game`` as a WordsWorth saved game (RecordError if the format cannot hold it)."""
    if len(game.players) != 2:
        raise RecordError(None, f"a WordsWorth saved game holds a two-player game, not "
                                f"{len(game.players)} players")
    if game.setup.start is not None:
        raise RecordError(None, "a WordsWorth saved game cannot hold a game that starts from "
                                "a set position")
    if any(isinstance(item.action, TimePenalty) for item in game.inputs):
        raise RecordError(None, "a WordsWorth saved game cannot hold a recorded time penalty")
    program = _program_seat(game)
    number_of = {program: PROGRAM, 1 - program: YOU}
    shadow = _shadow(game)
    config = game.config
    racks = (_tiles_out(shadow.racks[program].tiles), _tiles_out(shadow.racks[1 - program].tiles))
    moves: list[WWMove] = []
    for item, turn in zip(game.inputs, game.history, strict=True):
        before = shadow.board.copy()
        shadow.redo()
        number = 1 + sum(1 for m in moves if m.number is not None)
        moves.append(_ww_move(item, turn, before, number, number_of[item.player], config))
    setup = game.setup
    players = [dict(player_to_dict(p), ww=number_of[seat]) for seat, p in enumerate(setup.players)]
    header = {"seed": str(setup.seed), "lexicon": setup.lexicon,
              "players": json.dumps(players, ensure_ascii=False),
              "settings": json.dumps(settings_to_dict(setup.settings))}
    board = None
    if config.starting_board:
        board = ["".join(ch if ch.isalpha() else "." for ch in row)
                 for row in config.starting_board]
    parsed = WWFile(1 | (4 if board else 0), board, racks, moves, header)
    names = game.names
    title = config.title or "WordStudio game"
    where = f" ({setup.config_path})" if setup.config_path else ""
    comments = {
        "top": ["# WordsWorth saved game, written by WordStudio.",
                f"# Game: {_one_line(title)}{where}; load it with that configuration.",
                f"# Player 0 (the program): {_one_line(names[program])}; "
                f"player 1 (you): {_one_line(names[1 - program])}."],
        "board": ["# The starting board ('.' an empty square, lower case a blank)."],
        "racks": ["# Starting racks: the program's, then yours ('_' a blank)."],
        "moves": ["# Moves: number, player, action (P pass, A across, D down, X blank "
                  "pick-up),", "# row and column letters, word ('-' on the board), +drawn, "
                  "*score."],
    }
    return format_file(parsed, comments)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _program_seat(game: Game) -> int:
    """WordsWorth's program: the computer when exactly one seat is one, else seat 0."""
    computers = [seat for seat, p in enumerate(game.players) if p.computer]
    return computers[0] if len(computers) == 1 else 0


def _shadow(game: Game) -> Game:
    """A copy of ``game`` wound back to the start with every action ready to redo, so
    each can be written against the board it was played on."""
    copy = Game(game.setup, game.words)
    copy.replay_inputs(game.inputs)
    copy.undo(len(game.inputs))
    return copy


def _tiles_out(tiles: tuple[str, ...]) -> str:
    return "".join("_" if t == BLANK else t for t in tiles)


def _ww_move(item: Input, turn: Turn, before: Board, number: int, player: int,
             config: GameConfig) -> WWMove:
    notes = []
    if item.seconds:
        notes.append(f"s={item.seconds!r}")
    action = item.action
    drawn = _tiles_out(turn.drawn) if config.rack_size else None
    if isinstance(action, Play):
        if action.confirmed:
            notes.append("ok=" + ",".join(action.confirmed))
        if action.conceded:
            notes.append("conceded")
        letter, row, col, mask = mask_of_play(before, action.placements)
        return WWMove(number, player, letter, row, col, mask, drawn, turn.score, tuple(notes))
    if isinstance(action, Pass):
        if not action.discards:
            drawn = None
        return WWMove(number, player, "P", text=_tiles_out(action.discards), drawn=drawn,
                      score=0, notes=tuple(notes))
    if isinstance(action, TimeOut):
        return WWMove(number, player, "P", score=0, notes=("timeout", *notes))
    if isinstance(action, PickUpBlank):
        tile = before.tile_at(action.row, action.col)
        shown = tile[0].lower() if tile else ""
        return WWMove(number, player, "X", action.row, action.col, shown, score=0,
                      notes=tuple(notes))
    if isinstance(action, Resign):
        return WWMove(None, player, "R", notes=tuple(notes))
    result = "upheld" if turn.outcome == Outcome.CHALLENGE_WON else "failed"
    return WWMove(None, player, "C", score=turn.score, notes=(result, *notes))
