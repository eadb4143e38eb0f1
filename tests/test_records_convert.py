"""``wordstudio convert``: between WordStudio's format, WordsWorth's and GCG; what an
output cannot hold is said; a bad input writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.test_records import config_named, game_played_out, game_with_every_turn, snapshot
from wordstudio.cli import main
from wordstudio.crossword.records.formats import open_record
from wordstudio.crossword.records.native import load_game, save_game
from wordstudio.crossword.records.wwsave import save_wordsworth

DATA = REPO / "tests" / "data" / "gcg"
SCRABBLE = str(REPO / "boards" / "scrabble.cfg")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["convert", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_gcg_to_wordstudio_to_wordsworth_and_back_keeps_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = DATA / "macondo-woogles.gcg"
    native, sav, gcg = tmp_path / "g.crossword", tmp_path / "g.sav", tmp_path / "g.gcg"
    assert run(capsys, str(source), str(native))[0] == 0
    assert load_game(native).final_scores() == [384, 347]
    assert load_game(native).annotations.ident == "io.woogles 7XqsLAZiDhW3"
    # WordsWorth files cannot hold a recorded time penalty: nothing is written.
    status, _, err = run(capsys, str(native), str(sav))
    assert status == 2 and "not written: a WordsWorth saved game cannot hold a recorded time" in err
    assert not sav.exists()
    status, _, err = run(capsys, str(native), str(gcg))
    assert status == 0 and err == ""
    assert open_record(gcg).game.final_scores() == [384, 347]


def test_a_wordstudio_game_goes_through_gcg_and_wordsworth(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = game_played_out(seed=13)
    native = tmp_path / "g.crossword"
    save_game(game, native)
    status, _, err = run(capsys, str(native), str(tmp_path / "g.gcg"))
    assert status == 0 and "GCG cannot hold this: the time each move took" in err
    status, _, _ = run(capsys, str(tmp_path / "g.gcg"), str(tmp_path / "g.ww"),
                       "--config", SCRABBLE)
    assert status == 0
    status, _, _ = run(capsys, str(tmp_path / "g.ww"), str(tmp_path / "back.crossword"),
                       "--config", SCRABBLE)
    assert status == 0
    back = load_game(tmp_path / "back.crossword")
    assert snapshot(back, seconds=False, setup=False, bag_order=False)["board"] == (
        snapshot(game)["board"])
    assert back.final_scores() == game.final_scores()


def test_what_a_wordsworth_file_cannot_hold_is_listed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sav = tmp_path / "club.sav"
    status, _, err = run(capsys, str(DATA / "quackle-annotated.gcg"), str(sav))
    assert status == 0
    said = [line.split("WordsWorth cannot hold this: ", 1)[1] for line in err.splitlines()]
    assert said == [
        f"WordsWorth files do not say which game they are: read this one back with --config "
        f"{SCRABBLE}",
        "the notes are not kept",
        "the record's title, description and nicknames are not kept",
        "racks the record gives only in part are written whole, as worked out from the rest "
        "of the record"]
    # Read back as the message says, it is the same game.
    status = main(["replay", str(sav), "--json", "--config", SCRABBLE])
    assert status == 0
    assert json.loads(capsys.readouterr().out)["result"]["final_scores"] == [356, 297]
    # A game of WordsWorth's own default needs no --config, and a plain game loses nothing.
    default = tmp_path / "default.crossword"
    save_game(game_played_out(seed=5, config=config_named("wordsworth.cfg")), default)
    status, _, err = run(capsys, str(default), str(tmp_path / "default.sav"))
    assert status == 0 and err == ""


def test_a_wordsworth_game_converts_to_gcg(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # A standard game kept as a WordsWorth file (which names no game: --config says it).
    game = game_played_out(seed=21)
    sav, gcg = tmp_path / "club.sav", tmp_path / "club.gcg"
    save_wordsworth(game, sav)
    status, _, err = run(capsys, str(sav), str(gcg), "--config", SCRABBLE)
    assert status == 0 and "does not describe the board" not in err
    text = gcg.read_text()
    assert text.startswith("#character-encoding UTF-8\n#player1 ")
    assert sum(line.startswith(">") for line in text.splitlines()) >= len(game.history)
    back = open_record(gcg).game
    assert back.over and back.final_scores() == game.final_scores()
    assert back.board.to_rows() == game.board.to_rows()
    assert [t.score for t in back.history] == [t.score for t in game.history]
    # WordsWorth's own 13x13 game needs no --config; GCG says it cannot describe its board,
    # and WordStudio reads the record back on it.
    default = game_played_out(seed=5, config=config_named("wordsworth.cfg"))
    sav = tmp_path / "default.sav"
    save_wordsworth(default, sav)
    status, _, err = run(capsys, str(sav), str(tmp_path / "default.gcg"))
    assert status == 0
    assert "GCG cannot hold this: GCG does not describe the board or the tiles" in err
    assert "#note WordStudioConfig: wordsworth.cfg\n" in (tmp_path / "default.gcg").read_text()
    back = open_record(tmp_path / "default.gcg").game
    assert back.config.rows == 13 and back.final_scores() == default.final_scores()


def test_what_gcg_cannot_hold_is_listed(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    native = tmp_path / "every.crossword"
    save_game(game_with_every_turn(), native)
    status, _, err = run(capsys, str(native), str(tmp_path / "every.txt"), "--to", "gcg")
    assert status == 0
    assert "GCG cannot hold this: move 13: GCG has no resignation" in err
    assert (tmp_path / "every.txt").read_text().startswith("#character-encoding")


def test_a_bad_input_writes_nothing_and_keeps_what_was_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.gcg"
    # A play that cannot be placed: the square before it is empty, not a tile.
    text = (DATA / "six-zeros.gcg").read_text().replace("8H .TTACHeD", "8I .TTACHeD")
    bad.write_text(text)
    output = tmp_path / "out.crossword"
    output.write_text("precious")
    status, _, err = run(capsys, str(bad), str(output))
    assert status == 2
    assert "bad.gcg, line 8: 8I .TTACHeD: the record says I8 holds a tile, but it is empty" \
        in err
    assert output.read_text() == "precious"


def test_the_output_format_must_be_known_and_not_the_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = DATA / "six-zeros.gcg"
    status, _, err = run(capsys, str(source), str(tmp_path / "out.doc"))
    assert status == 2 and "which format should this be? Give --to" in err
    copy = tmp_path / "x.gcg"
    copy.write_bytes(source.read_bytes())
    status, _, err = run(capsys, str(copy), str(copy))
    assert status == 2 and "would replace the input" in err


def test_replay_reads_gcg_and_its_totals_are_the_records(
        capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(DATA / "quackle-annotated.gcg"), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0 and data["format"] == "gcg"
    assert data["result"]["final_scores"] == [356, 297]
    assert data["record"]["title"] == "Club night, round 2"
    assert data["moves"][2]["comments"] == [
        "Opp held on this for a long time before challenging."]
    status = main(["replay", str(DATA / "six-zeros.gcg"), "--json"])
    moves = json.loads(capsys.readouterr().out)["moves"]
    # ">Bob: -2 +0 78": the tiles were worked out, not recorded.
    assert [m["move"] for m in moves[6:8]] == ["pass", "exchange 2 tiles"]
    status = main(["replay", str(DATA / "macondo-woogles.gcg")])
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("macondo-woogles.gcg: GCG game record")
    assert "2J RIGG (withdrawn: phony) [not in the word list: RIGG, IUT, GRE]" in out
    assert "     # Opening on the H column" in out
