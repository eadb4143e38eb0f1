"""``wordstudio replay``: a saved game move by move, as text and JSON; errors exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_records import (
    REPO,
    game_played_out,
    game_with_every_turn,
    new_game,
    play_greedy,
)
from tests.test_records_wordsworth import example_config, example_file
from wordstudio.cli import main
from wordstudio.crossword.actions import Outcome
from wordstudio.crossword.config.files import load_config, write_config
from wordstudio.crossword.game import Game
from wordstudio.crossword.records.cli import running_totals
from wordstudio.crossword.records.native import save_game
from wordstudio.crossword.records.wwsave import save_wordsworth


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["replay", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def every_turn() -> Game:
    return game_with_every_turn()


def test_text_shows_each_move_the_running_totals_and_the_result(
        every_turn: Game, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.crossword"
    save_game(every_turn, path)
    status, out, err = run(capsys, str(path))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"{path}: WordStudio saved game"
    assert lines[1].startswith("Game: Standard 15x15 game (") and "en-US-standard" in lines[1]
    assert lines[2] == "Players: Ann, Bob (computer)"
    header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("#"))
    assert lines[header].split() == ["#", "Player", "Move", "Score", "Ann", "Bob"]
    rows = lines[header + 1:header + 1 + len(every_turn.history)]
    first = every_turn.history[0]
    assert rows[0].split()[:3] == ["1", "Ann", first.notation.split()[0]]
    assert "(withdrawn: phony)" in rows[0]
    assert rows[0].split()[-2:] == [str(first.score), "0"]  # it counted until challenged
    assert "challenge upheld" in rows[1] and rows[1].split()[-2:] == ["0", "0"]
    assert "challenge failed" in rows[4] and "-5" in rows[4]
    assert "exchange" in rows[5] and "pass" in rows[6] and "out of time" in rows[7]
    totals = every_turn.scores
    assert rows[-1].split()[-2:] == [str(totals[0]), str(totals[1])]
    tail = "\n".join(lines[header + 1 + len(every_turn.history):])
    assert f"Game over: {every_turn.end_reason}" in tail
    assert "over the game clock" in tail
    final = every_turn.final_scores()
    assert f"Final scores: Ann {final[0]}, Bob {final[1]}" in tail
    winner = every_turn.names[every_turn.winners()[0]]
    assert tail.rstrip().endswith(f"Winner: {winner}")


def test_json_has_the_moves_totals_and_result(every_turn: Game, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.crossword"
    save_game(every_turn, path)
    status, out, _ = run(capsys, str(path), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["format"] == "wordstudio" and data["notes"] == []
    assert [m["player"] for m in data["moves"]] == [t.player for t in every_turn.history]
    assert [m["score"] for m in data["moves"]] == [t.score for t in every_turn.history]
    assert [m["totals"] for m in data["moves"]] == running_totals(every_turn)
    assert data["moves"][0]["action"] == "play" and data["moves"][1]["action"] == "challenge"
    assert data["moves"][-1]["action"] == "resign"
    assert {m["outcome"] for m in data["moves"]} == {o.value for o in Outcome} - {
        Outcome.PICKED_UP.value, Outcome.PENALISED.value}
    result = data["result"]
    assert result["over"] and result["end_reason"] == every_turn.end_reason
    assert result["final_scores"] == every_turn.final_scores()
    assert result["winners"] == [every_turn.names[p] for p in every_turn.winners()]
    assert {a["reason"] for a in result["adjustments"]} >= {"over the game clock"}


def test_a_gcg_records_own_totals_are_its_final_scores(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The scorer wrote 390 where the rules make Ann's last total 384 (a point of
    # disagreement the replay keeps as a note): the record's totals are the result.
    text = (REPO / "tests" / "data" / "gcg" / "macondo-woogles.gcg").read_text()
    assert ">ann: T (time) -10 384\n" in text
    path = tmp_path / "scorer.gcg"
    path.write_text(text.replace(">ann: T (time) -10 384\n", ">ann: T (time) -10 390\n"))
    status, out, _ = run(capsys, str(path), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["result"]["final_scores"] == [390, 347]
    assert data["result"]["rules_final_scores"] == [384, 347]
    assert data["result"]["winners"] == ["Ann Lee"]
    assert "the record's final totals are 390, 347; by the rules they are 384, 347" in (
        data["notes"])
    status, out, _ = run(capsys, str(path))
    assert "Final scores: Ann Lee 390, Bob Ray 347\n  (the record's totals; by the rules: " \
           "Ann Lee 384, Bob Ray 347)\nWinner: Ann Lee\n" in out
    # Where the record and the rules agree, both fields are the same.
    status, out, _ = run(capsys, str(REPO / "tests" / "data" / "gcg" / "macondo-woogles.gcg"),
                         "--json")
    result = json.loads(out)["result"]
    assert result["final_scores"] == result["rules_final_scores"] == [384, 347]


def test_a_gcg_record_whose_scorer_named_the_wrong_winner(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (REPO / "tests" / "data" / "gcg" / "macondo-woogles.gcg").read_text()
    path = tmp_path / "scorer.gcg"
    path.write_text(text.replace(">ann: T (time) -10 384\n", ">ann: T (time) -10 300\n"))
    status, out, _ = run(capsys, str(path), "--json")
    result = json.loads(out)["result"]
    assert result["final_scores"] == [300, 347] and result["winners"] == ["Bob Ray"]


def test_the_running_totals_end_at_the_scores() -> None:
    game = game_played_out()
    assert running_totals(game)[-1] == game.scores


def test_a_wordsworth_file_with_its_config(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "example.cfg"
    cfg.write_text(write_config(example_config().with_changes(starting_board=())),
                   encoding="utf-8")
    path = tmp_path / "example.sav"
    path.write_text(example_file(), encoding="utf-8")
    status, out, err = run(capsys, str(path), "--config", str(cfg))
    assert status == 0 and err == ""
    assert out.splitlines()[0] == f"{path}: WordsWorth saved game"
    assert "Players: WordsWorth (computer), You" in out
    move = next(line for line in out.splitlines() if line.lstrip().startswith("1 "))
    assert move.split() == ["1", "WordsWorth", "8G", "H(E)LLO", "12", "12", "0"]
    assert "Game in progress: You to play" in out
    data = json.loads(run(capsys, str(path), "--config", str(cfg), "--json")[1])
    assert data["moves"][0]["drawn"] == ["A", "C", "D", "O"]
    assert data["result"]["to_play"] == "You" and data["result"]["winners"] == []


def test_a_wordsworth_file_without_config_uses_the_wordsworth_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(load_config(REPO / "boards" / "wordsworth.cfg"), seed=9)
    for _ in range(4):
        play_greedy(game)
    path = tmp_path / "ww.sav"
    save_wordsworth(game, path)
    status, out, err = run(capsys, str(path))
    assert status == 0
    assert "replayed with WordsWorth's default game" in err and "--config" in err
    assert f"Scores: Ann {game.scores[0]}, Bob {game.scores[1]}" in out



@pytest.mark.parametrize("name", ["super21", "super21.cfg"])
def test_config_takes_a_shipped_boards_name(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One way to name a board everywhere: ``--config super21`` as for selfplay."""
    game = new_game(load_config(REPO / "boards" / "super21.cfg"), seed=4)
    for _ in range(3):
        play_greedy(game)
    path = tmp_path / "super.sav"
    save_wordsworth(game, path)
    status, out, err = run(capsys, str(path), "--config", name)
    assert (status, err) == (0, "")
    assert f"Scores: Ann {game.scores[0]}, Bob {game.scores[1]}" in out
    assert str(REPO / "boards" / "super21.cfg") in out


def test_an_unknown_config_name_exits_2_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ww.sav"
    path.write_text(example_file(), encoding="utf-8")
    status, out, err = run(capsys, str(path), "--config", "no-such-board")
    assert (status, out) == (2, "")
    assert err == "wordstudio: no-such-board: cannot read the file: No such file or directory\n"

def test_a_damaged_wordsworth_file_exits_2_naming_the_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "example.cfg"
    cfg.write_text(write_config(example_config()), encoding="utf-8")
    path = tmp_path / "bad.sav"
    text = example_file().replace("*12", "*13")
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, str(path), "--config", str(cfg))
    line = text.splitlines().index("1 0 A H G H-LLO +ACDO *13") + 1
    assert status == 2 and out == ""
    assert err == (f"wordstudio: {path}, line {line}: move 1 scores 12, but the file says 13 "
                   "(damaged or edited)\n")


def test_a_damaged_wordstudio_file_exits_2(every_turn: Game, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.crossword"
    save_game(every_turn, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["inputs"][2]["score"] += 1
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, str(path))
    assert status == 2
    assert err.startswith(f"wordstudio: {path}: action 3 is recorded with score ")
    status, _, err = run(capsys, str(tmp_path / "missing.crossword"))
    assert status == 2 and "cannot read the file" in err
