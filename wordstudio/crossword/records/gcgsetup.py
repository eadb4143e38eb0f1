"""What game a GCG record is read as: its configuration, word list, limits and seats.

A record is the standard game unless it names another in WordStudio's
``#note WordStudioConfig:`` (or the caller chooses one); Macondo's and Woogles'
``#game-type``, ``#board-layout`` and ``#tile-distribution`` (and the older ``#note
Variant:`` ...) must name a game WordStudio plays.  The notes WordStudio writes for the
limits that end a game early (``WordStudioScoreLimit``, ``WordStudioGameDuration``) are
read here too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from wordstudio.crossword.config.files import ConfigError, load_config
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.gcg import MAX_TOTAL, EventKind, GcgRecord
from wordstudio.lexicon.catalog import load_lexicon, resolve_lexicon
from wordstudio.lexicon.wordlist import LexiconError, WordList
from wordstudio.paths import boards_dir

#: The game a GCG record is read as unless it (or the caller) names another.
STANDARD_CONFIG = "scrabble.cfg"
#: ``#note Key: value`` metadata WordStudio writes for games on other boards, and for the
#: limits that end a game early (a score; the whole game's length in seconds).
CONFIG_KEY = "WordStudioConfig"
SCORE_LIMIT_KEY = "WordStudioScoreLimit"
DURATION_KEY = "WordStudioGameDuration"

__all__ = ["CONFIG_KEY", "DURATION_KEY", "SCORE_LIMIT_KEY", "STANDARD_CONFIG", "check_variant",
           "letters_used", "record_config", "seats_by_line", "setting_limit", "with_score_limit", "words_of"]


def record_config(record: GcgRecord, source: Path | str | None,
                  notes: list[str]) -> tuple[GameConfig, str, bool]:
    """The configuration the record names (and True), else the standard game's."""
    named = record.metadata(CONFIG_KEY)
    standard = boards_dir() / STANDARD_CONFIG
    if named:
        candidates = [Path(named), boards_dir() / Path(named).name]
        if source is not None:
            candidates.insert(1, Path(source).parent / named)
        for candidate in candidates:
            if candidate.is_file():
                try:
                    return load_config(candidate), str(candidate), True
                except ConfigError as exc:
                    notes.append(f"the game's configuration {candidate} cannot be read ({exc}); "
                                 "read as the standard game")
                    break
        else:
            notes.append(f"the record was written for the game {named}, which is not found; "
                         "read as the standard game")
    config = load_config(standard)
    foreign = letters_used(record) - set(config.tiles.alphabet)
    if foreign:
        # Letters the standard game has not (a Polish game's Ć, Ę...): the shipped game
        # whose tiles hold every letter the record uses, if there is one.
        for candidate in sorted(boards_dir().glob("*.cfg")):
            try:
                other = load_config(candidate)
            except ConfigError:
                continue
            if other.rack_size and letters_used(record) <= set(other.tiles.alphabet):
                notes.append(f"the record plays {', '.join(sorted(foreign))}, which the "
                             f"standard game has not; it is read as {other.title} "
                             f"({candidate.name})")
                return other, str(candidate), True
    return config, str(standard), False


def letters_used(record: GcgRecord) -> set[str]:
    """Every tile letter a record's racks and words name (upper case; a tile of more than
    one letter as written in brackets)."""
    letters: set[str] = set()
    for event in record.events:
        for text in (event.rack, event.word, event.tiles):
            letters.update(tile.upper() for tile in re.findall(r"\[([^\]]+)\]|([^\W\d_])",
                                                                text.replace("?", ""))
                           for tile in tile if tile)
    return letters


#: What a record may say it was played as, and what WordStudio plays: the pragma, the
#: ``#note Key:`` Macondo wrote before it had the pragma, and the names WordStudio plays
#: (MAGPIE names the standard board ``standard15``, and named it ``classic`` before).
_PLAYABLE = (("game-type", "Variant", ("classic", "crosswordgame")),
         ("board-layout", "BoardLayout", ("crosswordgame", "standard15", "classic")),
         ("tile-distribution", "LetterDistribution", ("english",)))


def check_variant(record: GcgRecord, source: Path | str | None, notes: list[str],
                  chosen: bool) -> None:
    """Refuse a record of a game WordStudio does not play, naming the line that says so.

    A variant with other rules (WordSmog) is always refused.  Another board or tile set is
    refused unless a configuration was chosen for the game (``chosen``: given by the
    caller, or named by the record's ``WordStudioConfig`` note); then it is read on that
    configuration, with a note.
    """
    for pragma, key, playable in _PLAYABLE:
        given = record.game.get(pragma)
        value, line = given if given else (record.metadata(key), record.metadata_line(key))
        if value is None or value.lower() in playable:
            continue
        said = f"#{pragma} {value}" if given else f"#note {key}: {value}"
        if pragma == "game-type":
            raise RecordError(source, f"{said}: this is a game of the variant {value!r}, which "
                                      "WordStudio does not play (it plays the classic game)",
                              line)
        what = "board" if pragma == "board-layout" else "tiles"
        if not chosen:
            standard = "CrosswordGame" if what == "board" else "english"
            raise RecordError(source, f"{said}: the game was played with the {what} {value!r}; "
                                      f"WordStudio reads GCG records on the standard {what} "
                                      f"({standard}) unless told which configuration the game "
                                      "was played with", line)
        notes.append(f"line {line}: the record was played with the {what} {value!r}; it is "
                     f"read with the configuration's {what}")


def setting_limit(record: GcgRecord, key: str, largest: int, notes: list[str]) -> int:
    """A limit WordStudio wrote as ``#note Key: number`` (0 when there is none)."""
    text = record.metadata(key)
    if text is None:
        return 0
    if not text.isdigit() or len(text) > 9 or int(text) > largest:
        notes.append(f"the record's '{key}: {text[:20]}' is not a number up to {largest}; "
                     "it is left out")
        return 0
    return int(text)


def with_score_limit(record: GcgRecord, config: GameConfig, notes: list[str]) -> GameConfig:
    """``config`` with the score limit the record's ``WordStudioScoreLimit`` note gives."""
    limit = setting_limit(record, SCORE_LIMIT_KEY, MAX_TOTAL, notes)
    if not limit or limit == config.end.score_limit:
        return config
    return config.with_changes(end=replace(config.end, score_limit=limit))


def words_of(record: GcgRecord, config: GameConfig, lexicon: WordList | None,
             source: Path | str | None, notes: list[str]) -> tuple[WordList, str]:
    """The word list to check the record's words against, and its name: ``lexicon``,
    else the record's when WordStudio has it, else the configuration's."""
    if lexicon is not None:
        name = lexicon.name
    else:
        name = config.dictionary
        if record.lexicon:
            try:
                resolve_lexicon(record.lexicon)
                name = record.lexicon
            except LexiconError:
                pass
        try:
            lexicon = load_lexicon(name)
        except LexiconError as exc:
            raise RecordError(source, f"the word list {name!r} cannot be loaded ({exc})") from None
    if record.lexicon and record.lexicon != name:
        notes.append(f"the game was played with {record.lexicon}; its words are checked "
                     f"against {name}, and words that list does not hold are flagged")
    return lexicon, name


def seats_by_line(record: GcgRecord, nicks: Sequence[str]) -> dict[int, int]:
    """Each event's seat, by line.  A nickname two players share (Quackle's
    ``NoName``) is told apart by the order of play: a move is the next player's, a
    withdrawal or challenge bonus the last play's player's."""
    seats: dict[int, int] = {}
    players = len(nicks)
    to_move = 0
    last_play: int | None = None
    moves = (EventKind.PLAY, EventKind.PASS, EventKind.EXCHANGE)
    for event in record.events:
        options = [seat for seat, nick in enumerate(nicks) if nick == event.nick]
        if not options:
            continue
        if len(options) == 1:
            seat = options[0]
        elif event.kind in moves or (event.kind is EventKind.CHALLENGE
                                     and event.score < 0):
            seat = next((s for k in range(players) for s in [(to_move + k) % players]
                         if s in options), options[0])
        elif event.kind is EventKind.END_PENALTY or event.kind is EventKind.TIME:
            seat = next((s for s in options if s != last_play), options[0])
        else:
            seat = last_play if last_play in options else options[0]
        seats[event.line] = seat
        if event.kind in moves:
            to_move = (seat + 1) % players
            last_play = seat if event.kind is EventKind.PLAY else last_play
    return seats
