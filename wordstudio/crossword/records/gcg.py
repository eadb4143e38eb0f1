"""GCG, the game record of tournament software, Quackle, Macondo and Woogles: its text.

A GCG file is pragma lines (``#keyword arguments``) and event lines, one event a line::

    #character-encoding UTF-8
    #player1 ann Ann Smith                  # nickname, then the full name
    #player2 bob Bob Jones
    #lexicon NWL20
    #game-type classic                      # Macondo and Woogles: what game was played
    #board-layout CrosswordGame             # (and #tile-distribution english, #tile CH ch)
    >ann: AEINRST 8D RETAINS +74 74         # rack, position, word, score, total
    #note a note on the move above (further lines without # or > continue it)
    #- as does a line starting '#- ' (a line that would read as a pragma or a move)
    >bob: DGOU?? H4 DOUG.ie +62 62          # '.' a tile already on the board
    >bob: DGOU?? -- -62 0                   # the play above withdrawn: a phony
    >ann: ADEILNU - +0 74                   # a pass
    >bob: DGOU?? -DGU +0 0                  # an exchange (or -3: three tiles, unknown)
    >ann: ADEILNU (challenge) +5 79         # a failed challenge's bonus (a penalty: -5)
    >ann: (EIQ) +24 400                     # points for the others' tiles left
    >bob: EIQ (EIQ) -12 250                 # points lost for one's own tiles left
    >bob: EIQ (time) -10 240                # a time penalty

The position ``8D`` is row 8, column D, across; ``D8`` is down.  In a word a lower-case
letter is a blank, and a tile already on the board is written ``.``, as the letter
itself, or the letter in brackets - the public programs differ, and all three are read.
A rack is ``?`` for a blank; programs that record one player's games often give the
opponent's rack as only the tiles played, or none at all.

This module reads and writes that text (:func:`parse_gcg`, :func:`format_gcg`) and knows
nothing of the rules; :mod:`.gcggame` turns a record into a game and back.  Reading is
defensive: the size of the file, the length of a line and every number are checked
before any work, and anything wrong is a :class:`RecordError` naming the file, the line
and the problem.
"""

from __future__ import annotations

import codecs
import enum
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from wordstudio.crossword.records.codec import RecordError

SUFFIX = ".gcg"
#: Limits checked before any work (a real record is a few kilobytes).
MAX_BYTES = 2_000_000
MAX_LINE = 10_000
MAX_EVENTS = 2_000
MAX_PLAYERS = 4
#: Largest score of one event and largest total a record may give.
MAX_SCORE = 99_999
MAX_TOTAL = 9_999_999
MAX_EXCHANGE = 99

_PLAYER = re.compile(r"#player([0-9]+)$")
_RACK_PRAGMA = re.compile(r"#rack([0-9]+)$")
#: A tile of more than one letter is written in square brackets (``[CH]``, a blank ``[ch]``),
#: as Macondo and Woogles write them; letters are any alphabet's.
_TILE = r"\[[^\W\d_][^\s\[\]()]*\]|[^\W\d_]"
_RACK = re.compile(rf"(?:{_TILE}|[?_])+")
_SIGNED = re.compile(r"[+-]?[0-9]{1,7}")
_SCORE = re.compile(r"[+-][0-9]{1,7}")
_POSITION = re.compile(r"[0-9]{1,2}[A-Za-z]{1,2}|[A-Za-z]{1,2}[0-9]{1,2}")
_WORD = re.compile(rf"(?:{_TILE}|[.()])+")
#: The words a play formed, as Quackle's early records list them after the total
#: (``BE, ET, DO``): read and left out (the replay finds them again).
_FORMED = re.compile(r"[^\W\d_]+,?")
#: Pragmas with meaning here; any other is kept as it was.
KNOWN = ("#character-encoding", "#title", "#description", "#id", "#lexicon", "#note",
         "#game-type", "#board-layout", "#tile-distribution", "#tile")
#: Macondo's and Woogles' pragmas saying what game was played (kept as written, and
#: checked by the reader): ``#game-type classic``, ``#board-layout CrosswordGame``,
#: ``#tile-distribution english``.
GAME_PRAGMAS = ("#game-type", "#board-layout", "#tile-distribution")
#: ``#- text`` continues the note (or other pragma) above it.
CONTINUATION = "#-"


class EventKind(enum.Enum):
    """What an event line records."""

    PLAY = "play"
    PASS = "pass"
    EXCHANGE = "exchange"
    PHONY = "phony"  # the play before withdrawn after a challenge (``--``)
    CHALLENGE = "challenge"  # ``(challenge) +5``: a bonus (or ``-5``: a penalty)
    END_POINTS = "end points"  # ``(RACK) +N``: gained for the others' tiles left
    END_PENALTY = "end penalty"  # ``RACK (RACK) -N``: lost for one's own tiles left
    TIME = "time"  # ``(time) -N``: a time penalty


@dataclass(frozen=True)
class GcgEvent:
    """One event line, as written (the game gives it meaning).

    ``score`` is signed (a phony's ``-24``); ``tiles`` are the tiles exchanged or the rack
    in brackets of the end-of-game lines; ``count`` is an exchange given as a number.
    """

    kind: EventKind
    nick: str
    rack: str
    score: int
    total: int
    line: int = 0
    position: str = ""
    word: str = ""
    tiles: str = ""
    count: int = 0
    notes: tuple[str, ...] = ()

    def format(self) -> str:
        """The event as a line of the file (its notes not included)."""
        # A rack the record does not give is left out, with its space: ">bob: -2 +0 78".
        head = f">{self.nick}: {self.rack}" if self.rack else f">{self.nick}:"
        signed = f"{self.score:+d}"
        if self.kind is EventKind.PLAY:
            return f"{head} {self.position} {self.word} {signed} {self.total}"
        if self.kind is EventKind.PASS:
            return f"{head} - +0 {self.total}"
        if self.kind is EventKind.EXCHANGE:
            return f"{head} -{self.tiles or self.count} +0 {self.total}"
        if self.kind is EventKind.PHONY:
            return f"{head} -- {signed} {self.total}"
        if self.kind is EventKind.CHALLENGE:
            return f"{head} (challenge) {signed} {self.total}"
        if self.kind is EventKind.END_POINTS:
            return f">{self.nick}: ({self.tiles}) {signed} {self.total}"
        if self.kind is EventKind.END_PENALTY:
            return f"{head} ({self.tiles}) {signed} {self.total}"
        return f"{head} (time) {signed} {self.total}"


@dataclass(frozen=True)
class GcgPlayer:
    number: int
    nick: str
    name: str


@dataclass
class GcgRecord:
    """A whole file: its pragmas, and its events in order with the notes after each."""

    players: list[GcgPlayer] = field(default_factory=list)
    title: str = ""
    description: str = ""
    ident: str = ""
    lexicon: str = ""
    #: Notes before the first event (``Key: value`` notes there are metadata).
    notes: list[str] = field(default_factory=list)
    #: Pragma lines kept as written: those this program does not use, and those saying
    #: what game was played (with their ``#-`` continuation lines).
    extra: list[str] = field(default_factory=list)
    events: list[GcgEvent] = field(default_factory=list)
    #: ``#rack1 ...``: the racks of an unfinished game, by player number.
    racks: dict[int, str] = field(default_factory=dict)
    #: Line of each pragma that matters to the game (for messages); ``note:key`` for a
    #: ``#note Key: value`` before the first event.
    lines: dict[str, int] = field(default_factory=dict)
    #: ``#game-type``, ``#board-layout``, ``#tile-distribution`` (without the ``#``): what
    #: the record says it was played as, and the line (the lines are in ``extra`` too).
    game: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: ``#tile CH ch`` declarations of tiles of more than one letter: tile and line.
    tiles: list[tuple[str, int]] = field(default_factory=list)
    #: What reading the text took in its stride, for the user (line, what, what was done).
    problems: list[str] = field(default_factory=list)

    def player_of(self, nick: str) -> int | None:
        """The seat (0-based, in the order of the ``#player`` numbers) of a nickname."""
        for seat, player in enumerate(self.players):
            if player.nick == nick:
                return seat
        return None

    def metadata(self, key: str) -> str | None:
        """A ``#note Key: value`` before the first event (Macondo's convention)."""
        for note in self.notes:
            name, colon, value = note.partition(":")
            if colon and name.strip().lower() == key.lower():
                return value.strip()
        return None

    def metadata_line(self, key: str) -> int | None:
        """The line of :meth:`metadata`'s note."""
        return self.lines.get(f"note:{key.lower()}")


# --- reading --------------------------------------------------------------------------------
def decode_gcg(raw: bytes, source: str | Path | None = None,
               notes: list[str] | None = None) -> str:
    """The text of a GCG file: the encoding its first line names, else UTF-8, else ISO
    8859-1 (the format's original encoding).  A file that is not in the encoding it
    names (or names one there is no such thing as) is read as UTF-8 or ISO 8859-1 all
    the same, with a note in ``notes``."""
    if len(raw) > MAX_BYTES:
        raise RecordError(source, f"the file is too big for a game record ({len(raw)} bytes; "
                                  f"at most {MAX_BYTES})")
    first = raw.split(b"\n", 1)[0].strip()
    if first.startswith(b"#character-encoding"):
        name = first[len(b"#character-encoding"):].strip().decode("ascii", "replace")
        problem = ""
        try:
            return raw.decode(codecs.lookup(name).name).lstrip("\ufeff")
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            problem = f"line {line}: the text is not {_shown(name)} as line 1 says"
        except (LookupError, ValueError):  # ValueError: a NUL in the name
            problem = f"line 1: unknown character encoding {_shown(name)}"
        text = _plain_decode(raw)
        if notes is not None:
            read_as = "UTF-8" if text is not None and _is_utf8(raw) else "ISO 8859-1"
            notes.append(f"{problem}; it is read as {read_as}")
        return text
    return _plain_decode(raw)


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return True


def _plain_decode(raw: bytes) -> str:
    return raw.decode("utf-8-sig") if _is_utf8(raw) else raw.decode("latin-1")


def parse_gcg(text: str, source: str | Path | None = None) -> GcgRecord:
    """Read a GCG record; RecordError (with the line) for anything malformed."""
    if len(text) > MAX_BYTES:
        raise RecordError(source, f"the file is too big for a game record (at most "
                                  f"{MAX_BYTES} characters)")
    record = GcgRecord()
    reader = _Lines(record, source)
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE:
            raise RecordError(source, f"the line is too long ({len(line)} characters; at most "
                                      f"{MAX_LINE})", number)
        reader.read(line, number)
    reader.end_note()
    if not record.players and not record.events:
        raise RecordError(source, "not a GCG game record: no #player lines and no moves")
    return record


class _Lines:
    """Reads one line after another into a record."""

    def __init__(self, record: GcgRecord, source: str | Path | None) -> None:
        self.record = record
        self.source = source
        self.in_note = False
        #: The lines of the note being read (joined when it ends: a note of many lines is
        #: read in linear time).
        self.note_lines: list[str] = []
        #: The line before was a pragma kept in ``extra`` (a ``#-`` line continues it).
        self.in_extra = False

    def fail(self, problem: str, line: int) -> RecordError:
        return RecordError(self.source, problem, line)

    def end_note(self) -> None:
        """The note being read is complete: put its lines together."""
        if len(self.note_lines) > 1:
            record = self.record
            text = "\n".join(self.note_lines)
            if record.events:
                event = record.events[-1]
                record.events[-1] = _replace_notes(event, (*event.notes[:-1], text))
            else:
                record.notes[-1] = text
        self.note_lines = []

    def read(self, line: str, number: int) -> None:
        stripped = line.strip()
        if self.note_lines and not (self.in_note and (
                stripped.startswith(CONTINUATION + " ") or stripped == CONTINUATION
                or not stripped.startswith(("#", ">")) and stripped)):
            self.end_note()
        if not stripped:
            self.in_note = self.in_extra = False
            return
        if stripped.startswith(">"):
            self.in_note = self.in_extra = False
            self._event(stripped, number)
        elif stripped.startswith("#"):
            self._pragma(stripped, number)
        elif self.in_note:
            self._continue_note(stripped)
        elif self.record.players or self.record.events:
            # Text an annotator typed without a #note: kept as a note, and said.
            self.record.problems.append(f"line {number}: {_shown(stripped)} is neither a "
                                        "pragma nor a move; it is kept as a note")
            self._pragma(f"#note {stripped}", number)
        else:
            raise self.fail(f"{_shown(stripped)} is neither a pragma (#...) nor a move (>...)",
                            number)

    # --- pragmas ------------------------------------------------------------------------
    def _pragma(self, line: str, number: int) -> None:
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        record = self.record
        if keyword == CONTINUATION:
            self._continuation(line, rest, number)
            return
        self.in_note = self.in_extra = False
        if keyword == "#note":
            self.in_note = True
            self.note_lines = [rest]
            if record.events:
                event = record.events[-1]
                record.events[-1] = _with_note(event, rest)
            else:
                record.notes.append(rest)
                key, colon, _ = rest.partition(":")
                if colon:
                    record.lines.setdefault(f"note:{key.strip().lower()}", number)
        elif (match := _PLAYER.match(keyword)) is not None:
            self._player(self._seat(match.group(1), keyword, number), rest, number)
        elif (match := _RACK_PRAGMA.match(keyword)) is not None:
            if not _RACK.fullmatch(rest):
                raise self.fail(f"{_shown(rest)} is not a rack", number)
            record.racks[self._seat(match.group(1), keyword, number)] = rest
        elif keyword in ("#title", "#description", "#lexicon"):
            setattr(record, keyword[1:], rest)
            record.lines[keyword[1:]] = number
        elif keyword == "#id":
            if len(rest.split()) != 2:
                raise self.fail("#id gives an authority and an identifier", number)
            record.ident = " ".join(rest.split())
        elif keyword == "#character-encoding":
            if number != 1:
                record.problems.append(f"line {number}: #character-encoding is not the first "
                                       "line; the text was read as UTF-8 or ISO 8859-1")
        elif keyword in GAME_PRAGMAS or keyword == "#tile":
            self._game_pragma(keyword, line, rest, number)
        else:
            record.extra.append(line)
            self.in_extra = True

    def _game_pragma(self, keyword: str, line: str, rest: str, number: int) -> None:
        """``#game-type``, ``#board-layout``, ``#tile-distribution`` and ``#tile``: kept
        as written, and noted for the reader to check."""
        record = self.record
        if record.events:
            raise self.fail(f"{keyword} comes after the first move", number)
        if keyword == "#tile":
            if len(rest.split()) != 2:
                raise self.fail("#tile gives a tile and how a blank standing for it is "
                                "written (#tile CH ch)", number)
            record.tiles.append((rest.split()[0], number))
        else:
            if not rest:
                raise self.fail(f"{keyword} names nothing", number)
            if keyword[1:] in record.game:
                raise self.fail(f"{keyword} is given twice", number)
            record.game[keyword[1:]] = (rest, number)
        record.extra.append(line)
        self.in_extra = True

    def _continuation(self, line: str, rest: str, number: int) -> None:
        """``#- text``: the next line of the note (or the pragma) above."""
        if self.in_note:
            self._continue_note(rest)
        elif self.in_extra:
            self.record.extra.append(line)
        else:
            raise self.fail("a continuation line (#-) follows no note or pragma it could "
                            "continue", number)

    def _seat(self, digits: str, keyword: str, number: int) -> int:
        """The player number of ``#playerN`` or ``#rackN`` (digits only, never so many
        that reading them is work)."""
        if len(digits.lstrip("0")) > 2:
            raise self.fail(f"{_shown(keyword)}: players are numbered 1 to {MAX_PLAYERS}",
                            number)
        return int(digits.lstrip("0") or "0")

    def _player(self, index: int, rest: str, number: int) -> None:
        record = self.record
        if not 1 <= index <= MAX_PLAYERS:
            raise self.fail(f"#player{index}: players are numbered 1 to {MAX_PLAYERS}", number)
        if record.events:
            raise self.fail(f"#player{index} comes after the first move", number)
        parts = rest.split(None, 1)
        if not parts:
            raise self.fail(f"#player{index} gives no nickname", number)
        nick = parts[0]
        if any(p.number == index for p in record.players):
            raise self.fail(f"player {index} is named twice", number)
        # Two players may share a nickname (Quackle's "NoName"): the order of play tells
        # their moves apart.
        name = parts[1].strip() if len(parts) > 1 else nick
        record.players.append(GcgPlayer(index, nick, name))
        record.players.sort(key=lambda p: p.number)
        record.lines[f"player{index}"] = number

    def _continue_note(self, text: str) -> None:
        self.note_lines.append(text)

    # --- events -------------------------------------------------------------------------
    def _event(self, line: str, number: int) -> None:
        record = self.record
        if len(record.events) >= MAX_EVENTS:
            raise self.fail(f"more than {MAX_EVENTS} moves: not a game record", number)
        tokens = line.split()
        head = tokens[0]
        if len(head) < 3 or not head.endswith(":"):
            raise self.fail(f"a move starts '>nickname:', not {_shown(head)}", number)
        nick = head[1:-1]
        if record.players and record.player_of(nick) is None:
            # The same nickname in other capitals (``>josh:`` for ``#player2 Josh``).
            same = {p.nick for p in record.players if p.nick.lower() == nick.lower()}
            if len(same) == 1:
                nick = same.pop()
        if record.players and record.player_of(nick) is None:
            raise self.fail(f"{_shown(nick)} is not one of the players "
                            f"({', '.join(p.nick for p in record.players)})", number)
        record.events.append(self._event_of(nick, tokens[1:], number))

    def _event_of(self, nick: str, items: list[str], number: int) -> GcgEvent:
        """The event an event line's items (after the nickname) describe."""
        def error(problem: str) -> RecordError:
            return self.fail(problem, number)

        if len(items) < 3:
            raise error("a move gives at least what was done, its score and the total")
        body, score_text, total_text = _numbers(items)
        score = _number(score_text, "score", MAX_SCORE, error)
        total = _number(total_text, "total", MAX_TOTAL, error)
        # The rack comes first, but programs leave it out (end-of-game lines, unknown
        # racks); a rack is letters only, so it cannot be taken for anything else.
        rack = body[0] if _RACK.fullmatch(body[0]) else ""
        if rack:
            body = body[1:]
        if not body:
            raise error("the move gives a rack and a score but not what was done")
        what, rest = body[0], body[1:]
        special = what in ("--", "(challenge)", "(time)") or what.startswith(("-", "("))
        if special and rest:
            raise error(f"unexpected {_shown(rest[0])} after {_shown(what)}")
        if what in ("--", "(challenge)", "(time)") or what.startswith("-"):
            return self._special(nick, rack, what, score, total, number, error)
        if what.startswith("("):
            tiles = _bracketed(what, error)
            kind = EventKind.END_POINTS if score >= 0 else EventKind.END_PENALTY
            return GcgEvent(kind, nick, rack, score, total, number, tiles=tiles)
        if not _POSITION.fullmatch(what):
            raise error(f"{_shown(what)} is not a position such as 8D (across) or D8 (down)")
        if len(rest) != 1:
            raise error("a play gives its position, the word, the score and the total"
                        if not rest else f"unexpected {_shown(rest[1])} after the word")
        word = rest[0]
        if not _WORD.fullmatch(word) or not any(ch.isalpha() for ch in word):
            raise error(f"{_shown(word)} is not a word of letters ('.' or brackets for tiles "
                        "on the board)")
        return GcgEvent(EventKind.PLAY, nick, rack, score, total, number, position=what,
                        word=word)

    @staticmethod
    def _special(nick: str, rack: str, what: str, score: int, total: int, number: int,
                 error: Callable[[str], RecordError]) -> GcgEvent:
        """Phonies, challenges, time penalties, passes and exchanges."""
        if what == "--":
            return GcgEvent(EventKind.PHONY, nick, rack, score, total, number)
        if what == "(challenge)":
            return GcgEvent(EventKind.CHALLENGE, nick, rack, score, total, number)
        if what == "(time)":
            if score > 0:
                raise error("a time penalty takes points away (-10, not +10)")
            return GcgEvent(EventKind.TIME, nick, rack, score, total, number)
        given = what[1:]
        if score:
            raise error("a pass or an exchange scores +0")
        if given in ("", "0"):
            return GcgEvent(EventKind.PASS, nick, rack, 0, total, number)
        if given.isdigit():
            if len(given) > 2 or int(given) > MAX_EXCHANGE:
                raise error(f"an exchange of {_shown(given)} tiles")
            return GcgEvent(EventKind.EXCHANGE, nick, rack, 0, total, number, count=int(given))
        if not _RACK.fullmatch(given):
            raise error(f"{_shown(what)} is not an exchange ('-' then the tiles, or their "
                        "number)")
        return GcgEvent(EventKind.EXCHANGE, nick, rack, 0, total, number, tiles=given,
                        count=len(given))


def _numbers(items: list[str]) -> tuple[list[str], str, str]:
    """An event line's items (after the nickname) as what was done, the score and the
    total.  These are the last two items, except in Quackle's early records, which list
    the words a play formed after the total (``7e BEDIM +26 66 BE, ET, DO``)."""
    if not (_SIGNED.fullmatch(items[-1]) and _SIGNED.fullmatch(items[-2])):
        for index in range(1, len(items) - 2):
            if (_SCORE.fullmatch(items[index]) and _SIGNED.fullmatch(items[index + 1])
                    and all(_FORMED.fullmatch(item) for item in items[index + 2:])):
                return items[:index], items[index], items[index + 1]
    return items[:-2], items[-2], items[-1]


def _bracketed(text: str, error: Callable[[str], RecordError]) -> str:
    inside = text[1:-1] if text.endswith(")") else None
    if inside is None or (inside and not _RACK.fullmatch(inside)):
        raise error(f"{_shown(text)} is not tiles in brackets")
    return inside


def _number(text: str, what: str, limit: int, error: Callable[[str], RecordError]) -> int:
    if not _SIGNED.fullmatch(text):
        raise error(f"the {what} {_shown(text)} is not a number")
    value = int(text)
    if abs(value) > limit:
        raise error(f"the {what} {text} is out of range")
    return value


def _with_note(event: GcgEvent, text: str) -> GcgEvent:
    return _replace_notes(event, (*event.notes, text))


def _replace_notes(event: GcgEvent, notes: tuple[str, ...]) -> GcgEvent:
    return replace(event, notes=notes)


def _shown(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


# --- writing --------------------------------------------------------------------------------
def format_gcg(record: GcgRecord) -> str:
    """The record as GCG text (UTF-8, as its first line says)."""
    lines = ["#character-encoding UTF-8"]
    for player in record.players:
        lines.append(f"#player{player.number} {player.nick} {one_line(player.name)}")
    for key in ("title", "description"):
        value = getattr(record, key)
        if value:
            lines.append(f"#{key} {one_line(value)}")
    if record.ident:
        lines.append(f"#id {record.ident}")
    if record.lexicon:
        lines.append(f"#lexicon {record.lexicon}")
    lines.extend(record.extra)
    for note in record.notes:
        lines.extend(_note_lines(note))
    for event in record.events:
        lines.append(event.format())
        for note in event.notes:
            lines.extend(_note_lines(note))
    for number, rack in sorted(record.racks.items()):
        lines.append(f"#rack{number} {rack}")
    return "\n".join(lines) + "\n"


def _note_lines(note: str) -> list[str]:
    """A note as lines: ``#note`` and its first line, then each further line as it is,
    or as a ``#- `` continuation when it would read as a pragma or a move or is blank."""
    first, *more = note.split("\n")
    lines = [f"#note {first}".rstrip()]
    for line in more:
        line = line.strip()
        lines.append(f"{CONTINUATION} {line}".rstrip() if not line or line.startswith(("#", ">"))
                     else line)
    return lines


def one_line(text: str) -> str:
    """``text`` on one line, its runs of white space one space each."""
    return " ".join(text.split())


def looks_like_gcg(text: str) -> bool:
    """True when ``text`` reads as a GCG record (its first lines are pragmas or moves)."""
    for line in text.splitlines()[:50]:
        line = line.strip()
        if not line:
            continue
        if line.startswith(">") and ":" in line.split()[0]:
            return True
        if line.startswith("#") and not line.startswith(("# ", "#:")) and len(line) > 1:
            keyword = line.split()[0]
            if keyword in KNOWN or _PLAYER.match(keyword) or keyword.startswith("#rack"):
                return True
            continue
        return False
    return False
