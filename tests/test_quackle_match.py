"""The benchmark against Quackle (benchmarks/quackle_match.py), without Quackle: its game
driver against a small built-in opponent that answers Quackle's line protocol from the
same GCG lines, Quackle's moves turned into ours and back, the pairs' mirrored bags, the
game's end by the rules and the summary's arithmetic."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.test_players_helpers import shipped
from wordstudio.crossword.actions import Pass, Play
from wordstudio.crossword.board import Placement
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.crossword.records.gcgread import read_gcg_text
from wordstudio.lexicon.catalog import DEFAULT_LEXICON, load_lexicon

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import quackle_match as qm  # noqa: E402

LEXICON = DEFAULT_LEXICON


@pytest.fixture(scope="module")
def config():
    return shipped("scrabble.cfg")


@pytest.fixture(scope="module")
def pair(config):
    """Both games of pair 0: level 7 against the built-in opponent, seats swapped."""
    opponent = qm.BuiltinOpponent(config, LEXICON)
    side = qm.Side(ours="level7", theirs="speedy")
    games = [qm.play_match_game(config, LEXICON, side, opponent, qm.pair_seed(500, n), n)
             for n in (0, 1)]
    return games, opponent


def test_paired_games_share_one_bag_with_the_seats_swapped(pair) -> None:
    (first, second), _ = pair
    assert qm.pair_seed(500, 0) == qm.pair_seed(500, 1) != qm.pair_seed(500, 2)
    assert first.row["ours_first"] and not second.row["ours_first"]
    # One bag: the first seat draws the same seven tiles in both games (ours in one,
    # Quackle's in the other), and so does the second.
    assert first.row["first_racks"] == second.row["first_racks"]
    assert first.game.names == ["WordStudio", "Quackle"]
    assert second.game.names == ["Quackle", "WordStudio"]
    # Same seed, same tiles in the bag after the deal.
    setups = [g.game.setup for g in (first, second)]
    bags = [Game(GameSetup(s.config, s.players, s.seed, s.settings, s.lexicon),
                 load_lexicon(LEXICON)).bag.tiles for s in setups]
    assert bags[0] == bags[1]


def test_a_game_ends_as_the_rules_say(pair) -> None:
    (first, second), opponent = pair
    assert opponent.requests > 10  # every Quackle move asked for, and a CHECK at the end
    for played in (first, second):
        game, row = played.game, played.row
        assert game.over
        assert row["problems"] == []
        final = game.final_scores()
        ours_seat = 0 if row["ours_first"] else 1
        assert (row["ours"], row["theirs"]) == (final[ours_seat], final[1 - ours_seat])
        assert row["spread"] == row["ours"] - row["theirs"]
        if game.went_out is not None:
            # Going out: an empty bag and an empty rack; the others' tiles settle it.
            assert len(game.bag) == 0 and not game.racks[game.went_out].tiles
            left = sum(game.config.tiles.score_of(t) if t != "?" else 0
                       for seat, rack in enumerate(game.racks) if seat != game.went_out
                       for t in rack.tiles)
            assert final[game.went_out] == game.scores[game.went_out] + left
        else:
            assert game.end_reason and game.scoreless_streak > 0
        # The saved record reads back to the same totals.
        text = qm.gcg_export(game).text
        again = read_gcg_text(text, game.config, load_lexicon(LEXICON)).game
        assert again.final_scores() == final
        assert row["our_moves"] > 0 and row["their_moves"] > 0


def test_quackle_moves_become_ours_and_back(config) -> None:
    across = qm.to_action({"action": "place", "position": "8D", "tiles": "Wa.IER"})
    assert across == Play((Placement(7, 3, "W"), Placement(7, 4, "A", True),
                           Placement(7, 6, "I"), Placement(7, 7, "E"), Placement(7, 8, "R")))
    down = qm.to_action({"action": "place", "position": "H1", "tiles": "EX"})
    assert down == Play((Placement(0, 7, "E"), Placement(1, 7, "X")))
    assert qm.to_action({"action": "exchange", "tiles": "Q?"}) == Pass(("Q", "?"))
    assert qm.to_action({"action": "pass", "tiles": ""}) == Pass()
    with pytest.raises(qm.MatchError):
        qm.to_action({"action": "place", "position": "??", "tiles": "A"})
    for move in ({"action": "place", "position": "8D", "tiles": "Wa.IER"},
                 {"action": "place", "position": "H1", "tiles": "EX"}):
        assert qm.action_json(qm.to_action(move), config)["position"] == move["position"]
        assert qm.action_json(qm.to_action(move), config)["tiles"] == move["tiles"]


def test_the_lines_sent_have_no_racks_and_no_end(config) -> None:
    game = Game(GameSetup.create(config, [PlayerSpec("WordStudio", True),
                                          PlayerSpec("Quackle", True)], seed=3,
                                 lexicon=LEXICON), load_lexicon(LEXICON))
    game.act(Pass())
    lines = qm.game_lines(game)
    assert not [line for line in lines if line.startswith("#rack")]
    assert lines[-1].startswith(">WordStudio: ") and lines[-1].endswith("- +0 0")


def test_the_summary_adds_up() -> None:
    def row(game: int, spread: int) -> dict:
        return {"game": game, "ours": 400 + spread, "theirs": 400, "spread": spread,
                "our_seconds": 1.0, "our_moves": 10, "their_seconds": 0.5,
                "their_moves": 10, "problems": []}

    rows = [row(0, 10), row(1, 20), row(2, -10), row(3, 0), row(4, -30), row(5, -20)]
    lines = qm.summary_lines("x", rows)
    # 2 wins, 1 draw (half), 3 losses: 2.5 of 6; Wilson's interval for 2.5/6.
    low, high = qm.wilson(2.5, 6)
    assert lines[0].startswith(f"x: 6 games, wins 41.7% [95%: {100 * low:.1f}-{100 * high:.1f}]")
    # Mean spread -5; its 95% bar is 1.96 standard errors.
    mean, bar = qm.mean_error([10, 20, -10, 0, -30, -20])
    assert mean == -5 and f"spread -5.0 +-{bar:.1f}" in lines[0]
    assert bar == pytest.approx(1.96 * (1750 / 5 / 6) ** 0.5)
    assert "mean score 395.0 v 400.0; s/move 0.1000 (ours) / 0.0500" in lines[1]
    assert "pairs complete 3: both won 1, both lost 1, split 1" in lines[2]
    assert lines[3].endswith("six scoreless turns): 0")
    assert lines[4].endswith("disagreed: 0")


def test_without_quackle_the_benchmark_says_so_and_stops(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.delenv(qm.QUACKLE_ENV, raising=False)
    assert qm.main(["--games", "2", "--out", str(tmp_path)]) == 0
    assert "skipped: no Quackle build" in capsys.readouterr().out
    assert qm.main(["--quackle", str(tmp_path), "--out", str(tmp_path)]) == 0
    assert "skipped: the Quackle build lacks" in capsys.readouterr().out
