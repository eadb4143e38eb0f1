"""How moves are written: the classic notation, and WORDwhami's arrows for diagonal and
backward words (a backward word written the way it reads)."""

from __future__ import annotations

from wordstudio.crossword.board import Placement
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.crossword.gameconfig import Direction
from wordstudio.crossword.moves import Move, arrow_notation, move_notation, reads_backwards
from wordstudio.crossword.tiles import Rack
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir

LEXICON = "en-US-common"


def line_move(row: int, col: int, direction: Direction, word: str, new: set[int]) -> Move:
    """A move laying ``word`` from (row, col); the letters at positions ``new`` are new."""
    dr, dc = direction.step
    placed = tuple(Placement(row + dr * k, col + dc * k, ch.upper(), ch.islower())
                   for k, ch in enumerate(word) if k in new)
    return Move(row, col, direction, word, placed, 0)


def test_classic_notation_for_across_and_down():
    across = line_move(7, 7, Direction.ACROSS, "WORD", {0, 1, 3})
    down = line_move(7, 7, Direction.DOWN, "WORD", {0, 1, 2, 3})
    assert across.notation() == "8H WO(R)D"
    assert down.notation() == "H8 WORD"


def test_a_backward_word_is_written_the_way_it_reads_from_where_the_reading_starts():
    # SUBTLEST laid up-right from O23 reads TSELTBUS forwards: it reads from V16, down-left.
    move = line_move(22, 14, Direction.DIAGONAL_UP, "TSELTBUS", set(range(8)))
    assert move.notation() == "O23\u2197 TSELTBUS"
    assert move.notation(backwards=True) == "V16\u2199 SUBTLEST"
    across = line_move(0, 0, Direction.ACROSS, "GOD", {0, 2})
    assert across.notation(backwards=True) == "C1\u2190 D(O)G"
    assert line_move(0, 0, Direction.DOWN, "GOD", {0, 1, 2}).notation(True) == "A3\u2191 DOG"


def test_the_same_word_forwards_and_backwards_through_one_tile_reads_as_two_plays():
    # One E on the board, ENTRUSTED laid through it twice: once reading down-right from
    # J14 (the E its eighth letter), once reading up-left from Q21 (the E its first).
    forwards = line_move(13, 9, Direction.DIAGONAL_DOWN, "ENTRUSTED", set(range(9)) - {7})
    backwards = line_move(12, 8, Direction.DIAGONAL_DOWN, "DETSURTNE", set(range(9)) - {8})
    words = {"ENTRUSTED"}
    assert not reads_backwards(forwards, words) and reads_backwards(backwards, words)
    config = load_config(boards_dir() / "wordwhami.cfg")
    first, second = (move_notation(m, config, words) for m in (forwards, backwards))
    assert first == "J14\u2198 ENTRUST(E)D"
    assert second == "Q21\u2196 (E)NTRUSTED"


def test_wordwhami_writes_every_move_with_arrows_and_scrabble_does_not():
    assert arrow_notation(load_config(boards_dir() / "wordwhami.cfg"))
    assert not arrow_notation(load_config(boards_dir() / "scrabble.cfg"))


def test_the_history_writes_a_backward_play_as_it_reads():
    config = load_config(boards_dir() / "wordwhami.cfg")
    setup = GameSetup.create(config, (PlayerSpec("Ann"), PlayerSpec("Hal")), seed=5,
                             lexicon=LEXICON)
    words = load_lexicon(LEXICON)
    game = Game(setup, words)
    assert "CAT" in words and "TAC" not in words
    game.racks[0] = Rack(("T", "A", "C"))
    # TAC laid across from K11 is CAT read leftwards from M11.
    turn = game.play([Placement(10, 10 + k, letter) for k, letter in enumerate("TAC")])
    assert turn.notation == "M11\u2190 CAT"
