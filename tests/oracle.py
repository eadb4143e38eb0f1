"""The move-generation oracle: positions, their move lists, the lexicon.

The positions, move lists and lexicon are a copy of the project's shared oracle
(``tests/data/oracle``, its README says where they come from), so the suite runs on any
checkout.  The oracle's lexicon (SCOWL-70 words of 2-15 letters, abbreviations included) is
test data only: the shipped lists are word-game lists and differ from it.  :func:`lexicon`
checks the copy against the SHA-256 of the oracle's own file.

Also the standard game as the oracle describes it, built directly from its README so the
shipped ``boards/`` config can be compared with it.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from wordstudio.crossword.board import Board, Placement
from wordstudio.crossword.gameconfig import GameConfig, TileSet
from wordstudio.lexicon.gaddag import Gaddag, load_gaddag
from wordstudio.lexicon.wordlist import WordList

ORACLE = Path(__file__).resolve().parent / "data" / "oracle"
#: SHA-256 of the oracle's ``scowl70.txt`` (one upper-case word per line, newline-ended).
LEXICON_SHA256 = "7e82557729fbfb5f3a9e354b0107820bfde7dfa8408b6681f64f3feb66c03040"
LEXICON_NAME = "the oracle's scowl70.txt (SCOWL-70, 2-15 letters)"
LEXICON_FILE = ORACLE / "scowl70.txt"

_HALF = ["CaabaaaCaaabaaC", "aBaaacaaacaaaBa", "aaBaaababaaaBaa", "baaBaaabaaaBaab",
         "aaaaBaaaaaBaaaa", "acaaacaaacaaaca", "aabaaababaaabaa", "CaabaaaBaaabaaC"]
STANDARD_LAYOUT = tuple(_HALF + _HALF[:7][::-1])
COUNTS = dict(A=9, B=2, C=2, D=4, E=12, F=2, G=3, H=2, I=9, J=1, K=1, L=4, M=2, N=6, O=8,
              P=2, Q=1, R=6, S=4, T=6, U=4, V=2, W=2, X=1, Y=2, Z=1)
VALUES = dict(A=1, B=3, C=3, D=2, E=1, F=4, G=2, H=4, I=1, J=8, K=5, L=1, M=3, N=1, O=1,
              P=3, Q=10, R=1, S=1, T=1, U=1, V=4, W=4, X=8, Y=4, Z=10)


def standard_config() -> GameConfig:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return GameConfig(
        rows=15, columns=15, layout=STANDARD_LAYOUT, first_move_row=8, first_move_col=8,
        tiles=TileSet(frequencies=tuple(COUNTS[c] for c in letters),
                      scores=tuple(VALUES[c] for c in letters), weights=(0,) * 26,
                      blank_count=2, blank_score=0),
        number_of_tiles=7, play_all_tile_bonus=50)


@lru_cache(maxsize=1)
def positions() -> list[dict]:
    with open(ORACLE / "positions.jsonl") as handle:
        return [json.loads(line) for line in handle]


@lru_cache(maxsize=1)
def oracle_moves() -> dict[int, list]:
    with open(ORACLE / "moves.jsonl") as handle:
        return {m["id"]: m["moves"] for m in map(json.loads, handle)}


def lexicon_words() -> list[str]:
    """The oracle's words, in its file's order."""
    return LEXICON_FILE.read_text(encoding="ascii").split()


def digest(words: list[str]) -> str:
    return hashlib.sha256(("\n".join(words) + "\n").encode("ascii")).hexdigest()


@lru_cache(maxsize=1)
def lexicon() -> WordList:
    words = lexicon_words()
    assert digest(words) == LEXICON_SHA256, f"{LEXICON_FILE} is not the oracle's lexicon"
    return WordList.from_words(words, name="scowl70")


@lru_cache(maxsize=1)
def gaddag() -> Gaddag:
    return load_gaddag(lexicon())


def board_of(position: dict, config: GameConfig) -> Board:
    board = Board(config)
    board.set_rows(position["board"])
    return board


def oracle_key_set(position: dict) -> dict[frozenset, int]:
    """Each oracle move as {frozenset of placements: score}."""
    board = position["board"]
    out: dict[frozenset, int] = {}
    for row, col, direction, word, score in oracle_moves()[position["id"]]:
        placed = []
        for k, ch in enumerate(word):
            r, c = (row, col + k) if direction == "A" else (row + k, col)
            if board[r][c] == ".":
                placed.append(Placement(r, c, ch.upper(), ch.islower()))
        out[frozenset(placed)] = score
    return out
