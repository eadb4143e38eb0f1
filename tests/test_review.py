"""Game review: a planted blunder is marked, every move is judged or says why not, the
summary adds up, the command prints the same."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.test_records import (
    FakeClock,
    game_with_every_turn,
    moves_now,
    new_game,
    play_greedy,
)
from wordstudio.cli import main
from wordstudio.crossword.actions import Pass, Play
from wordstudio.crossword.game import Game
from wordstudio.crossword.players.analysis import analyse
from wordstudio.crossword.players.leaves import leave_key, leaves_for
from wordstudio.crossword.records.cli import running_totals
from wordstudio.crossword.records.gcgread import read_gcg
from wordstudio.crossword.records.native import save_game
from wordstudio.crossword.review import analysis as analysis_module
from wordstudio.crossword.review.analysis import (
    EXCHANGE,
    PASS,
    PLAY,
    PlayedMove,
    SimulationAnalyser,
    StaticAnalyser,
    analyser_named,
)
from wordstudio.crossword.review.engine import (
    analyse_tasks,
    mistake_size,
    review_game,
    review_tasks,
)
from wordstudio.crossword.tiles import Rack

DATA = REPO / "tests" / "data" / "gcg"


def equity(game: Game, play: Play, score: int) -> float:
    kept = Rack(game.racks[game.current].tiles).without(
        "?" if p.blank else p.letter for p in play.placements)
    return score + leaves_for(game.config).value(leave_key(kept.tiles))


@cache
def blunder_game() -> tuple[Game, int]:
    """Greedy play, except one move at least 30 points of equity below the best."""
    game = new_game(seed=19, clock=FakeClock())
    planted = -1
    while not game.over:
        moves = moves_now(game)
        if planted < 0 and len(game.history) >= 4 and moves:
            plays = [(equity(game, Play(m.placed), m.score), m) for m in moves]
            best = max(value for value, _ in plays)
            worse = [(value, m) for value, m in plays if value <= best - 30]
            if worse:
                planted = len(game.inputs)
                game.act(Play(max(worse, key=lambda x: x[0])[1].placed))
                continue
        play_greedy(game)
    assert planted >= 0
    return game, planted


def test_a_planted_blunder_is_marked_as_a_large_mistake() -> None:
    game, planted = blunder_game()
    review = review_game(game, top=3)
    move = review.moves[planted]
    assert move.analysis is not None and move.lost >= 30
    assert move.size == "large"
    # It is that player's worst move, and the summary says so.
    summary = review.summaries()[move.player]
    assert summary.worst is not None and summary.worst.index == planted
    assert summary.mistakes["large"] >= 1
    others = [m for m in review.moves if m.player == move.player and m.index != planted
              and m.analysis is not None]
    assert all(m.lost < move.lost for m in others)


def test_every_turn_is_judged_or_says_why_not() -> None:
    game = game_with_every_turn()
    review = review_game(game)
    assert len(review.moves) == len(game.history)
    reasons = {m.skipped for m in review.moves if m.analysis is None}
    assert reasons == {"a challenge", "the turn was lost on time", "not a move"}
    phony = review.moves[0]
    assert phony.analysis is not None and phony.analysis.played.kind == PASS
    assert phony.analysis.played.notation.endswith("(withdrawn)")
    exchange = next(m for m in review.moves if m.move.startswith("exchange"))
    assert exchange.analysis is not None and exchange.analysis.played.kind == EXCHANGE
    # The running totals are the game's, move by move.
    assert [list(m.totals) for m in review.moves] == running_totals(game)


def test_the_static_analyser_ranks_by_score_plus_leave() -> None:
    game = new_game(seed=5)
    play_greedy(game)
    position = game.position()
    best = moves_now(game)[0]
    played = PlayedMove(Play(best.placed), best.score, best.notation())
    analysis = StaticAnalyser().analyse(position, played, top=6)
    equities = [o.equity for o in analysis.options]
    assert equities == sorted(equities, reverse=True)
    # The best plays of every move (ranked inside the move generator).
    every = sorted((equity(game, Play(m.placed), m.score) for m in moves_now(game)),
                   reverse=True)
    plays = [o.equity for o in analysis.options if o.kind == PLAY]
    assert plays == pytest.approx(every[:len(plays)]) and len(plays) >= 4
    for option in analysis.options:
        if option.kind == PLAY:
            kept = Rack(position.rack.tiles).without(option.tiles)
            assert option.equity == pytest.approx(
                option.score + leaves_for(game.config).value(leave_key(kept.tiles)))
    assert analysis.played.score == best.score
    assert analysis.lost == pytest.approx(analysis.best.equity - analysis.played.equity)
    # An exchange and a pass are valued by what they keep.
    swap = PlayedMove(Pass(tuple(position.rack.tiles[:2])), 0, "exchange")
    kept = Rack(position.rack.tiles).without(position.rack.tiles[:2]).tiles
    valued = StaticAnalyser().analyse(position, swap, top=3).played
    assert valued.kind == EXCHANGE
    assert valued.equity == pytest.approx(leaves_for(game.config).value(leave_key(kept)))


def test_the_end_game_is_judged_by_the_reply() -> None:
    game, _ = blunder_game()
    review = review_game(game, top=2)
    last = [m for m in review.moves if m.analysis is not None][-1]
    tasks, _ = review_tasks(game)
    assert tasks[-1].position.bag_size == 0
    # Going out gains the tiles left, counted twice (deducted and added).
    assert last.analysis is not None and last.analysis.played.equity >= last.score


def test_moves_a_record_does_not_give_in_full_are_not_judged() -> None:
    game = read_gcg(DATA / "quackle-annotated.gcg").game
    review = review_game(game, top=1)
    opponent = [m for m in review.moves if m.player == 1 and m.move[:1].isdigit()]
    assert all(m.analysis is None and "does not give this rack" in m.skipped
               for m in opponent[:-1])
    assert all(m.analysis is not None for m in review.moves if m.player == 0)


def test_a_stopped_review_keeps_what_it_judged() -> None:
    game, _ = blunder_game()
    tasks, _ = review_tasks(game)

    class StopAfterTwo:
        def __init__(self) -> None:
            self.reports = 0

        def should_stop(self) -> bool:
            return self.reports >= 2

        def report(self, fraction: float, message: str = "") -> None:
            self.reports += 1

    done = analyse_tasks(tasks, "static", 2, StopAfterTwo())  # type: ignore[arg-type]
    assert [index for index, _ in done] == [t.index for t in tasks[:2]]


def test_mistake_sizes() -> None:
    assert [mistake_size(x) for x in (0, 2.9, 3, 9.9, 10, 19.9, 20, 45)] == [
        "", "", "small", "small", "medium", "medium", "large", "large"]


def test_games_without_letter_scores_or_racks_cannot_be_reviewed() -> None:
    from tests.test_records import config_named

    whami = new_game(config=config_named("wordwhami.cfg"), seed=1)
    with pytest.raises(ValueError, match="scored by letter values"):
        review_game(whami)


# --- the command ----------------------------------------------------------------------------
def test_the_review_command_prints_each_move_and_a_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, planted = blunder_game()
    path = tmp_path / "game.crossword"
    save_game(game, path)
    assert main(["review", str(path), "--top", "2"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[1] == "Moves valued by static equity."
    blunder = next(line for line in lines if line.startswith(f"{planted + 1:>3}. "))
    assert "large mistake" in blunder
    assert "Summary" in lines and out.rstrip().splitlines()[-1].startswith("Final scores: ")
    assert main(["review", str(path), "--json", "--top", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    move = data["moves"][planted]
    assert move["mistake"] == "large" and move["lost"] >= 30 and len(move["best"]) == 2
    summary = data["summary"][game.inputs[planted].player]
    assert summary["worst"]["number"] == planted + 1
    assert data["final_scores"] == game.final_scores()


def test_the_review_command_simulates_for_the_seconds_it_is_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A short game and a small budget: four moves, a twentieth of a second each.
    game = new_game(seed=23, clock=FakeClock())
    for _ in range(4):
        play_greedy(game)
    path = tmp_path / "short.crossword"
    save_game(game, path)
    budgets: list[float] = []

    def timed(position, seconds, *args, **kwargs):
        budgets.append(seconds)
        return analyse(position, seconds, *args, **kwargs)

    monkeypatch.setattr(analysis_module, "analyse", timed)
    assert main(["review", str(path), "--analyser", "simulation", "--seconds", "0.05",
                 "--json", "--top", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "simulation" and budgets == [0.05] * 4
    judged = [m for m in data["moves"] if "played" in m]
    assert len(judged) == 4 and all(len(m["best"]) == 2 for m in judged)
    # Simulation gives each option its chance of winning, which static equity does not.
    assert all(0.0 <= m["played"]["win"] <= 1.0 for m in judged)
    assert data["final_scores"] == game.final_scores()
    assert main(["review", str(path), "--analyser", "simulation", "--seconds", "0.05"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Moves valued by simulation." and "  win " in "\n".join(lines)
    # --seconds is for the simulation only, and must be a time.
    assert main(["review", str(path), "--seconds", "0.05"]) == 2
    assert "--seconds is for --analyser simulation" in capsys.readouterr().err
    assert main(["review", str(path), "--analyser", "simulation", "--seconds", "0"]) == 2
    assert "short.crossword" in capsys.readouterr().err


def test_words_the_list_lacks_are_flagged_in_the_review(
        capsys: pytest.CaptureFixture[str]) -> None:
    # A club game checked against the default list: 5G C(I)AOS makes TS and N9 PALMAR
    # makes PS, which no list holds.  (2I DENT's DE, a tournament word, was flagged too
    # before the word-game list became the default: issue 24.)
    game = read_gcg(DATA / "quackle-annotated.gcg").game
    review = review_game(game, top=2)
    flagged = {m.index + 1: m.unlisted for m in review.moves if m.unlisted}
    assert flagged == {15: ("TS",), 21: ("PS",)}
    assert main(["review", str(DATA / "quackle-annotated.gcg"), "--top", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(" 16. Ann Smith") and "2I DENT" in line
               and "not in the word list" not in line for line in lines)
    assert any("5G C(I)AOS [not in the word list: TS]" in line for line in lines)
    assert main(["review", str(DATA / "quackle-annotated.gcg"), "--json", "--top", "1"]) == 0
    moves = json.loads(capsys.readouterr().out)["moves"]
    assert moves[14]["unlisted"] == ["TS"] and moves[15]["unlisted"] == []


def test_what_a_record_does_not_give_is_not_made_up() -> None:
    # Quackle's opponent racks are the tiles played; six-zeros' Bob exchanges "-2".
    club = review_game(read_gcg(DATA / "quackle-annotated.gcg").game, top=1)
    assert club.moves[1].rack == "ERSTVY" and club.moves[1].analysis is None
    zeros = review_game(read_gcg(DATA / "six-zeros.gcg").game, top=1)
    assert (zeros.moves[7].rack, zeros.moves[7].move) == ("", "exchange 2 tiles")
    assert zeros.moves[0].rack == "ADEFLLV"


def test_the_review_command_refuses_what_it_cannot_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(DATA / "six-zeros.gcg"), "--top", "0"]) == 2
    assert "--top is 1 to 20" in capsys.readouterr().err
    missing = tmp_path / "none.gcg"
    assert main(["review", str(missing)]) == 2
    assert "none.gcg" in capsys.readouterr().err


def test_the_simulation_analyser_marks_the_blunder_too() -> None:
    game, planted = blunder_game()
    tasks, _ = review_tasks(game)
    task = next(t for t in tasks if t.index == planted)
    analysis = SimulationAnalyser(seconds=30.0, iterations=24).analyse(
        task.position, task.played, top=3)
    assert analysis.method.startswith("simulation")
    assert analysis.played.win is not None and 0.0 <= analysis.played.win <= 1.0
    assert analysis.lost >= 20 and mistake_size(analysis.lost) == "large"
    # The same position judged again gives the same answer (seeded by the position).
    again = SimulationAnalyser(seconds=30.0, iterations=24).analyse(
        task.position, task.played, top=3)
    assert again.played.equity == analysis.played.equity


def test_a_move_the_word_list_lacks_is_judged_statically_and_said_so() -> None:
    game = read_gcg(DATA / "macondo-woogles.gcg").game
    tasks, _ = review_tasks(game)
    phony = next(t for t in tasks if t.played.withdrawn)
    analysis = SimulationAnalyser(seconds=30.0, iterations=20).analyse(
        phony.position, phony.played, top=2)
    assert analysis.played.notation.endswith("(withdrawn)")


def test_analysers_by_name() -> None:
    assert isinstance(analyser_named("static"), StaticAnalyser)
    simulation = analyser_named("simulation:2.5")
    assert isinstance(simulation, SimulationAnalyser) and simulation.seconds == 2.5
    for bad in ("guess", "simulation:0", "simulation:fast"):
        with pytest.raises(ValueError):
            analyser_named(bad)
