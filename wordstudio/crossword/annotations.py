"""What a game record says besides the moves, kept with the game.

A game read from another program's file (GCG) comes with a title, an identifier, the
name of the word list it was played with, the players' short names, notes on moves, and
sometimes only part of a player's rack.  :class:`Annotations` keeps all of that with
the :class:`~wordstudio.crossword.game.Game`, so the game can be written back as it came,
printed with its notes, and reviewed honestly (a move whose rack the record does not give
in full is not judged).

Entries are keyed by the index of the action in the game's list of inputs; ``GAME`` is
the record as a whole (notes before the first move) and ``END`` its end-of-game lines.  When a player takes back moves and
plays something else, the entries of the old line are forgotten.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The key of notes about the whole game (before the first move).
GAME = -1
#: The key of notes after the end-of-game lines of a record.
END = -2


@dataclass
class Annotations:
    """A game record's text beyond its moves (see the module docstring)."""

    title: str = ""
    description: str = ""
    #: ``authority id`` as a record identifies the game (GCG ``#id``).
    ident: str = ""
    #: The word list the record names (maybe one WordStudio does not have).
    lexicon: str = ""
    #: Short names the record knows the players by, in seat order.
    nicknames: tuple[str, ...] = ()
    #: Notes after each action (``GAME``: about the whole game), in order.
    notes: dict[int, list[str]] = field(default_factory=dict)
    #: The rack a record gives for an action when it does not give the whole rack (the
    #: game holds a rack consistent with the rest of the record).
    partial_racks: dict[int, str] = field(default_factory=dict)
    #: Exchanges the record gives only as a number of tiles.
    hidden_exchanges: set[int] = field(default_factory=set)
    #: Header lines of the record this program does not use, kept as they were.
    extra: list[str] = field(default_factory=list)
    #: Tiles a record says were exchanged where no rack can have held them (the game
    #: exchanged others); written back as the record gives them.
    exchanges: dict[int, str] = field(default_factory=dict)
    #: Plays a record says were withdrawn whose tiles no rack can have held together with
    #: the tiles the player used next: the game has a pass there (a withdrawn play leaves
    #: the board and the rack as they were); written back as the record gives them, the
    #: play (position, word, score) and its withdrawal.
    withdrawn: dict[int, tuple[str, str, int]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.title or self.description or self.ident or self.lexicon
                    or self.nicknames or self.notes or self.partial_racks
                    or self.hidden_exchanges or self.extra or self.exchanges
                    or self.withdrawn)

    def notes_after(self, index: int) -> list[str]:
        return self.notes.get(index, [])

    def add_note(self, index: int, text: str) -> None:
        self.notes.setdefault(index, []).append(text)

    def rack_known(self, index: int) -> bool:
        """False when the record gives only part of the rack of action ``index``."""
        return index not in self.partial_racks

    def forget_from(self, index: int) -> None:
        """Drop what belongs to actions ``index`` and later (a new line of play)."""
        self.notes = {k: v for k, v in self.notes.items() if k < index}
        self.partial_racks = {k: v for k, v in self.partial_racks.items() if k < index}
        self.hidden_exchanges = {k for k in self.hidden_exchanges if k < index}
        self.exchanges = {k: v for k, v in self.exchanges.items() if k < index}
        self.withdrawn = {k: v for k, v in self.withdrawn.items() if k < index}

    # --- saved with the game (WordStudio's own format) ------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "description": self.description, "ident": self.ident,
                "lexicon": self.lexicon, "nicknames": list(self.nicknames),
                "notes": [[k, list(v)] for k, v in sorted(self.notes.items())],
                "partial_racks": [[k, v] for k, v in sorted(self.partial_racks.items())],
                "hidden_exchanges": sorted(self.hidden_exchanges),
                "extra": list(self.extra),
                "exchanges": [[k, v] for k, v in sorted(self.exchanges.items())],
                "withdrawn": [[k, list(v)] for k, v in sorted(self.withdrawn.items())]}

    @classmethod
    def from_dict(cls, data: Any) -> Annotations:
        """Read :meth:`to_dict`'s shape; ValueError says what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("the annotations are not an object")
        texts = {key: data.get(key, "") for key in ("title", "description", "ident", "lexicon")}
        if not all(isinstance(v, str) for v in texts.values()):
            raise ValueError("an annotation that should be text is not")
        nicknames = _strings(data.get("nicknames", []), "nicknames")
        notes: dict[int, list[str]] = {}
        for entry in _list(data.get("notes", []), "notes"):
            index, texts_of = _pair(entry, "notes")
            notes[index] = _strings(texts_of, "notes")
        partial: dict[int, str] = {}
        for entry in _list(data.get("partial_racks", []), "partial_racks"):
            index, rack = _pair(entry, "partial_racks")
            if not isinstance(rack, str):
                raise ValueError("a partial rack is not text")
            partial[index] = rack
        hidden = _list(data.get("hidden_exchanges", []), "hidden_exchanges")
        if not all(_is_index(i) for i in hidden):
            raise ValueError("'hidden_exchanges' is not a list of action numbers")
        exchanges: dict[int, str] = {}
        for entry in _list(data.get("exchanges", []), "exchanges"):
            index, tiles = _pair(entry, "exchanges")
            if not isinstance(tiles, str):
                raise ValueError("an exchange's tiles are not text")
            exchanges[index] = tiles
        withdrawn: dict[int, tuple[str, str, int]] = {}
        for entry in _list(data.get("withdrawn", []), "withdrawn"):
            index, play = _pair(entry, "withdrawn")
            if not (isinstance(play, list) and len(play) == 3
                    and all(isinstance(v, str) for v in play[:2])
                    and isinstance(play[2], int) and not isinstance(play[2], bool)):
                raise ValueError("a withdrawn play is not [position, word, score]")
            withdrawn[index] = (play[0], play[1], play[2])
        return cls(texts["title"], texts["description"], texts["ident"], texts["lexicon"],
                   tuple(nicknames), notes, partial, set(hidden),
                   _strings(data.get("extra", []), "extra"), exchanges, withdrawn)


def _is_index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= END


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"'{what}' is not a list")
    return value


def _strings(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"'{what}' is not a list of texts")
    return list(value)


def _pair(entry: Any, what: str) -> tuple[int, Any]:
    if not isinstance(entry, list) or len(entry) != 2 or not _is_index(entry[0]):
        raise ValueError(f"an entry of '{what}' is not [action number, value]")
    return entry[0], entry[1]
