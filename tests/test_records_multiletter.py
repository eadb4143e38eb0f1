"""Tiles of more than one letter (Spanish CH, LL, RR; Catalan L·L) in game records, as
Macondo and Woogles write them: ``[CH]`` in brackets, a blank standing for one in lower
case (``[ll]``), in racks, words, exchanges and CGP positions - written and read back."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from wordstudio.crossword.board import row_squares
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSettings, GameSetup, PlayerSpec, WordCheck
from wordstudio.crossword.gameconfig import Direction
from wordstudio.crossword.records.cgp import cgp_of_game, game_from_cgp, parse_cgp
from wordstudio.crossword.records.gcgread import read_gcg_text
from wordstudio.crossword.records.gcgwrite import gcg_export
from wordstudio.crossword.rules import placements_from_word
from wordstudio.crossword.tiles import BLANK, Rack, join_tiles, tile_text, tiles_text
from wordstudio.lexicon.wordlist import WordList

CONFIG_PATH = Path(__file__).parent / "data" / "gcg" / "multi" / "spanish-tiles.cfg"
CONFIG = load_config(CONFIG_PATH)
ALPHABET = CONFIG.tiles.alphabet
WORDS = WordList.from_words(["CHICO", "OLLA", "PERRO", "CHILE"], "es-test", ALPHABET)


def spanish_game() -> Game:
    """Ann plays CHICO (the CH tile), Bob OLLA with a blank as LL, Ann exchanges RR."""
    racks = (("CH", "I", "C", "O", "E", "RR", "S"), ("?", "A", "P", "E", "R", "T", "U"))
    draws = (*racks, ("A", "B", "D", "N"), ("M", "N"), ("F", "G"))
    setup = GameSetup(CONFIG, (PlayerSpec("Ana"), PlayerSpec("Beto")), 1,
                      GameSettings(WordCheck.CHALLENGE), "es-test", str(CONFIG_PATH), draws)
    game = Game(setup, WORDS)
    game.play(placements_from_word(game.board, 7, 7, Direction.ACROSS, "[CH]ICO"))
    game.play(placements_from_word(game.board, 7, 10, Direction.DOWN, "O[ll]A"))
    game.exchange(["RR", "S"])
    return game


def test_a_game_with_tiles_of_two_letters_writes_them_in_brackets_and_reads_back() -> None:
    game = spanish_game()
    text = gcg_export(game).text
    assert ">Ana: C[CH]EIO[RR]S 8H [CH]ICO +20 20" in text
    assert ">Beto: ?AEPRTU K8 .[ll]A +2 2" in text
    assert ">Ana: ABDEN[RR]S -[RR]S +0 20" in text
    back = read_gcg_text(text, CONFIG, WORDS, config_path=str(CONFIG_PATH))
    assert [t.notation for t in back.game.history] == [t.notation for t in game.history]
    assert back.game.board.to_rows() == game.board.to_rows()
    assert [sorted(r.tiles) for r in back.game.racks] == [sorted(r.tiles) for r in game.racks]
    assert back.notes == ()
    # Written again, the same text.
    assert gcg_export(back.game).text == text


def test_a_record_as_macondo_writes_it_reads_with_or_without_brackets() -> None:
    header = "#character-encoding UTF-8\n#player1 ana Ana\n#player2 beto Beto\n#tile CH ch\n"
    for word in ("[CH]ICO", "CHICO"):
        text = header + f">ana: [CH]CEIO[RR]S 8H {word} +20 20\n"
        saved = read_gcg_text(text, CONFIG, WORDS)
        (turn,) = saved.game.history
        assert [p.letter for p in turn.action.placements] == ["CH", "I", "C", "O"]
        assert saved.game.scores == [20, 0] and saved.notes == ()


def test_the_position_copies_as_cgp_with_brackets_and_sets_up_the_same() -> None:
    game = spanish_game()
    cgp = cgp_of_game(game)
    position = parse_cgp(cgp)
    assert "[CH]ICO" in position.rows[7] and "[ll]" in cgp
    assert all(len(row_squares(row)) == 15 for row in position.rows)
    copy = game_from_cgp(cgp, CONFIG, WORDS)
    assert copy.board.to_rows() == game.board.to_rows()
    assert sorted(copy.racks[0].tiles) == sorted(game.racks[game.current].tiles)


TILES = st.sampled_from(ALPHABET)


@given(st.lists(st.one_of(TILES, st.just(BLANK)), max_size=12))
def test_racks_of_any_tiles_write_and_read_back(tiles: list[str]) -> None:
    assert list(Rack.parse(tiles_text(tiles, ALPHABET), ALPHABET).tiles) == tiles


@given(st.lists(st.tuples(TILES, st.booleans()), min_size=2, max_size=15))
def test_words_of_any_tiles_place_as_written(word: list[tuple[str, bool]]) -> None:
    game = Game(GameSetup(CONFIG, (PlayerSpec("a"), PlayerSpec("b")), 1), WORDS)
    text = join_tiles([tile_text(letter, blank) for letter, blank in word], ALPHABET)
    placed = placements_from_word(game.board, 0, 0, Direction.ACROSS, text)
    assert [(p.letter, p.blank) for p in placed] == word
