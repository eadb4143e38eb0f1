"""Game records of the language games: a whole computer game in Spanish (CH, LL, RR, Ñ),
Catalan (L·L, NY, QU, Ç), Polish and Norwegian written as GCG and read back to the same
game, and its position copied as CGP and set up again (multi-letter tiles in brackets as
Macondo and Woogles write them: records/gcg.py, records/cgp.py)."""

from __future__ import annotations

from functools import cache

import pytest

from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game
from wordstudio.crossword.players.levels import parse_player_spec
from wordstudio.crossword.players.selfplay import play_game
from wordstudio.crossword.records.cgp import cgp_of_game, game_from_cgp
from wordstudio.crossword.records.gcgread import read_gcg_text
from wordstudio.crossword.records.gcgwrite import gcg_export
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir

#: A seed whose game lays a multi-letter tile, checked below.
GAMES = {"es": 5, "ca": 3, "pl": 2, "nb": 4}


@cache
def played(code: str) -> Game:
    config = load_config(boards_dir() / f"{code}.cfg")
    seats = (parse_player_spec("level8"), parse_player_spec("level6"))
    return play_game(config, seats, GAMES[code], lexicon=code).game


@pytest.mark.parametrize("code", sorted(GAMES))
def test_a_whole_game_writes_as_gcg_and_reads_back_the_same(code: str) -> None:
    game = played(code)
    text = gcg_export(game).text
    back = read_gcg_text(text, game.config, load_lexicon(code))
    assert back.notes == ()
    assert [t.notation for t in back.game.history] == [t.notation for t in game.history]
    assert back.game.board.to_rows() == game.board.to_rows()
    assert back.game.final_scores() == game.final_scores()
    assert gcg_export(back.game).text == text
    laid = {p.letter for turn in game.history for p in getattr(turn.action, "placements", ())}
    multi = {t for t in game.config.tiles.alphabet if len(t) > 1}
    if multi:
        # The record holds the game's multi-letter tiles in brackets.
        assert laid & multi and all(f"[{t}]" in text or f"[{t.lower()}]" in text
                                    for t in laid & multi)


@pytest.mark.parametrize("code", sorted(GAMES))
def test_the_final_position_copies_as_cgp_and_sets_up_the_same(code: str) -> None:
    game = played(code)
    cgp = cgp_of_game(game)
    copy = game_from_cgp(cgp, game.config, load_lexicon(code))
    assert copy.board.to_rows() == game.board.to_rows()
    assert sorted(copy.racks[0].tiles) == sorted(game.racks[game.current].tiles)
    assert cgp_of_game(copy).split()[0] == cgp.split()[0]
