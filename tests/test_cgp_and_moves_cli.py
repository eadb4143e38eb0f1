"""CGP reading/writing and ``wordstudio moves``."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import oracle
from wordstudio.cli import main
from wordstudio.crossword.records.cgp import CGPError, CGPPosition, parse_cgp, write_cgp


@pytest.fixture(scope="module")
def lexicon_file() -> str:
    """The oracle's lexicon file, as a person would pass it to --lexicon."""
    return str(oracle.LEXICON_FILE)


def oracle_cgp(position: dict) -> str:
    return write_cgp(CGPPosition(tuple(position["board"]), (position["rack"], ""), (10, 20), 1,
                                 (("lex", "SCOWL70"),)))


def test_parse_reads_every_field():
    position = parse_cgp("15/15/15/15/15/15/15/3HELLo7/15/15/15/15/15/15/15 AB?/CD 120/98 3 lex NWL20; ld english;")
    assert position.rows[7] == "...HELLo......."
    assert position.racks == ("AB?", "CD")
    assert position.scores == (120, 98)
    assert position.zero_turns == 3
    assert position.operation("lex") == "NWL20"
    assert position.operation("ld") == "english"


@given(st.lists(st.text(alphabet="....ABCxyz", min_size=7, max_size=7), min_size=7, max_size=7),
       st.text(alphabet="AEIRST?", max_size=7))
def test_write_then_parse_round_trips(rows, rack):
    position = CGPPosition(tuple(rows), (rack, ""), (0, 5), 2)
    assert parse_cgp(write_cgp(position)) == position


@pytest.mark.parametrize("text, fragment", [
    ("15/15", "four fields"),
    ("15/14 A/B 0/0 0", "different lengths"),
    ("15/1-13 A/B 0/0 0", "unexpected character '-'"),
    ("15/15 ab/ 0/0 0", "upper-case"),
    ("15/15 A/ x/0 0", "not numbers"),
    ("15/15 A/ 0/0 z", "zero-turns"),
])
def test_bad_cgp_is_explained(text, fragment):
    with pytest.raises(CGPError, match=fragment):
        parse_cgp(text)


def test_moves_json_matches_the_oracle(capsys, lexicon_file):
    position = oracle.positions()[3]
    assert main(["moves", "--cgp", oracle_cgp(position), "--lexicon", lexicon_file, "--json"]) == 0
    moves = json.loads(capsys.readouterr().out)
    expected = {(r, c, "across" if d == "A" else "down", w, s)
                for r, c, d, w, s in oracle.oracle_moves()[position["id"]]}
    assert {(m["row"], m["col"], m["dir"], m["word"], m["score"]) for m in moves} == expected


def test_moves_text_lists_moves_best_first(capsys, lexicon_file):
    position = oracle.positions()[0]
    assert main(["moves", "--cgp", oracle_cgp(position), "--lexicon", lexicon_file]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"{position['num_moves']} moves"
    assert lines[0].split()[0] == str(position["top_score"])


def test_cgp_file_prints_one_json_line_per_position(tmp_path, capsys, lexicon_file):
    chosen = oracle.positions()[:4]
    path = tmp_path / "positions.cgp"
    path.write_text("\n".join(oracle_cgp(p) for p in chosen) + "\n\n")
    assert main(["moves", "--cgp-file", str(path), "--lexicon", lexicon_file]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    for line, position in zip(lines, chosen, strict=True):
        assert len(json.loads(line)["moves"]) == position["num_moves"]


def test_errors_exit_with_status_2_and_say_where(tmp_path, capsys, lexicon_file):
    path = tmp_path / "bad.cgp"
    path.write_text(oracle_cgp(oracle.positions()[0]) + "\n" + "7/7 A/ 0/0 0\n")
    assert main(["moves", "--cgp-file", str(path), "--lexicon", lexicon_file]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "2x7" in err
    assert main(["moves", "--cgp", "nonsense", "--lexicon", lexicon_file]) == 2


def test_moves_on_wordwhami_by_board_name(tmp_path, capsys):
    """``--config wordwhami``: a shipped board's name, and the two automata a game with
    backward words needs (this used to end in a traceback, exit 1)."""
    words = tmp_path / "words.txt"
    words.write_text("CAT\nAT\n", encoding="ascii")
    empty = "/".join(["30"] * 30)
    status = main(["moves", "--config", "wordwhami", "--lexicon", str(words), "--json",
                   "--cgp", f"{empty} CAT/ 0/0 0"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    moves = json.loads(out)
    assert {m["dir"] for m in moves} >= {"across", "down"} and len({m["dir"] for m in moves}) == 4
    assert {m["word"] for m in moves} == {"CAT", "TAC", "AT", "TA"}


def test_moves_piped_into_head_says_so_in_one_line(lexicon_file):
    """``wordstudio moves ... | head -1``: no BrokenPipeError traceback, one line, exit 2."""
    import subprocess
    import sys

    # An empty board and a blank: thousands of moves, far more than a pipe holds, so the
    # program is still writing when the reader goes.
    empty = "/".join(["15"] * 15)
    command = [sys.executable, "-m", "wordstudio", "moves", "--lexicon", lexicon_file,
               "--cgp", f"{empty} AEINST?/ 0/0 0"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # the reader goes away, as head does
        err = process.stderr.read()
        status = process.wait(timeout=120)
    assert first.split()[0].isdigit()  # "  66  H2 ANTSIER"-like: score, then the move
    lines = err.decode().splitlines()
    assert status == 2 and len(lines) == 1 and "broken pipe" in lines[0], err


def test_top_gives_the_best_moves_in_order(capsys, lexicon_file):
    position = oracle.positions()[5]
    assert main(["moves", "--cgp", oracle_cgp(position), "--lexicon", lexicon_file]) == 0
    every = capsys.readouterr().out.splitlines()[:-1]
    assert main(["moves", "--cgp", oracle_cgp(position), "--lexicon", lexicon_file,
                 "--top", "5"]) == 0
    best = capsys.readouterr().out.splitlines()
    assert best[-1] == "5 moves"
    assert [line.split()[0] for line in best[:-1]] == [line.split()[0] for line in every[:5]]
    with pytest.raises(SystemExit) as refused:
        main(["moves", "--cgp", oracle_cgp(position), "--top", "0"])
    assert refused.value.code == 2 and "from 1 to" in capsys.readouterr().err


def test_more_moves_than_can_be_sorted_are_streamed_as_found(capsys, lexicon_file, monkeypatch):
    # A position with more moves than the sorted listing takes: every move still comes
    # out, as valid JSON, in the order found, and a note says so.
    from wordstudio.crossword import commands

    position = next(p for p in oracle.positions() if p["num_blanks_on_rack"] == 2)
    monkeypatch.setattr(commands, "SORTED_LIMIT", 100)
    assert main(["moves", "--cgp", oracle_cgp(position), "--lexicon", lexicon_file, "--json"]) == 0
    out, err = capsys.readouterr()
    moves = json.loads(out)
    assert len(moves) == position["num_moves"] > 100
    assert "listed in the order found" in err
    scores = [m["score"] for m in moves]
    assert scores != sorted(scores, reverse=True)
    assert main(["moves", "--cgp", oracle_cgp(position), "--lexicon", lexicon_file]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{position['num_moves']} moves"


BOARD7_EMPTY = "/".join(["7"] * 7)


@pytest.mark.parametrize("racks, fragment", [
    ("AEIRST?/", "the rack to move 'AEIRST?' has 7 tiles, but this game's racks hold 5"),
    ("AEI/ABCDEFG", "rack 2 'ABCDEFG' has 7 tiles, but this game's racks hold 5"),
])
def test_a_rack_larger_than_the_games_is_refused(racks, fragment):
    """board7 deals racks of five (NumberOfTiles = 5): a CGP rack of seven is no position
    of that game - for the move list, the analysis (which searched it for minutes) and a
    game set up at it alike."""
    from wordstudio.crossword.config.files import load_config
    from wordstudio.crossword.records.cgp import check_position, game_from_cgp
    from wordstudio.paths import boards_dir

    config = load_config(boards_dir() / "board7.cfg")
    position = parse_cgp(f"{BOARD7_EMPTY} {racks} 0/0 0")
    with pytest.raises(CGPError, match=re.escape(fragment)):
        check_position(position, config)
    with pytest.raises(CGPError, match=re.escape(fragment)):
        game_from_cgp(write_cgp(position), config, {"AT"})
    five = game_from_cgp(f"{BOARD7_EMPTY} AEIR?/ 0/0 0", config, {"AT"})
    assert sorted(five.racks[0].tiles) == sorted("AEIR?") and len(five.racks[1].tiles) == 5


@pytest.mark.parametrize("command", ["moves", "analyse"])
def test_the_commands_refuse_a_rack_larger_than_the_games(capsys, command):
    status = main([command, "--config", "board7", "--cgp", f"{BOARD7_EMPTY} AEIRST?/ 0/0 0",
                   *(["--seconds", "1"] if command == "analyse" else [])])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert "'AEIRST?' has 7 tiles, but this game's racks hold 5 (NumberOfTiles = 5)" in err
