"""Games written as GCG: every game the program plays on the standard board survives
write -> read -> write unchanged with the same final scores; what GCG cannot hold is said.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from tests.test_records import (
    FakeClock,
    config_named,
    game_played_out,
    game_with_every_turn,
    game_with_pick_ups,
    new_game,
    play_greedy,
    standard_config,
    standard_words,
)
from wordstudio.crossword.actions import Challenge, Resign, TimeOut, TimePenalty
from wordstudio.crossword.board import Placement
from wordstudio.crossword.clock import ClockSettings
from wordstudio.crossword.game import (
    Game,
    GameSettings,
    GameSetup,
    PlayerSpec,
    StartPosition,
    WordCheck,
)
from wordstudio.crossword.gameconfig import Direction, ExchangeAllowed
from wordstudio.crossword.players.selfplay import play_game
from wordstudio.crossword.records.codec import RecordError
from wordstudio.crossword.records.gcg import decode_gcg, parse_gcg
from wordstudio.crossword.records.gcgread import read_gcg, read_gcg_text
from wordstudio.crossword.records.gcgwrite import gcg_export, is_standard_game, save_gcg

DATA = REPO / "tests" / "data" / "gcg"
#: Every computer player below the Championship one (which simulates for seconds a move).
SEATS = ["greedy", *(f"level{n}" for n in range(1, 9))]
PLAYERS_ANN_BOB = "#player1 ann Ann\n#player2 bob Bob\n"


def seat(spec: str, name: str) -> PlayerSpec:
    if spec.startswith("level"):
        return PlayerSpec(name, computer=True, level=int(spec[-1]))
    return PlayerSpec(name, computer=True, knobs=spec)


def round_trip(game) -> tuple[str, str, object]:
    first = gcg_export(game).text
    read = read_gcg_text(first)
    assert read.notes == ()
    return first, gcg_export(read.game).text, read.game


# --- the round trip -------------------------------------------------------------------------
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(SEATS), st.sampled_from(SEATS),
       st.sampled_from(["refuse", "challenge", "five-point", "tournament"]))
def test_self_play_games_write_read_write_unchanged(seed: int, first: str, second: str,
                                                    rules: str) -> None:
    check = WordCheck.REFUSE if rules == "refuse" else WordCheck.CHALLENGE
    rule = GameSettings(check, challenge_bonus=5 if rules == "five-point" else 0,
                        going_out_doubled=rules == "tournament")
    played = play_game(standard_config(), [seat(first, "Ann Lee"), seat(second, "Bob")],
                       seed, lexicon="en-US-standard", settings=rule).game
    text, again, read = round_trip(played)
    assert again == text
    assert read.final_scores() == played.final_scores()
    assert [t.score for t in read.history] == [t.score for t in played.history]
    assert read.board.to_rows() == played.board.to_rows()


def test_a_championship_players_game_writes_read_write_unchanged() -> None:
    # A twentieth of a second a move: its choices differ from run to run, the round trip
    # must not.
    championship = PlayerSpec("Ann Lee", computer=True, level=9, seconds=0.05)
    played = play_game(standard_config(), [championship, seat("level8", "Bob")], 3,
                       lexicon="en-US-standard",
                       settings=GameSettings(WordCheck.CHALLENGE)).game
    text, again, read = round_trip(played)
    assert again == text and played.over
    assert read.final_scores() == played.final_scores()


@pytest.mark.parametrize("path", sorted(DATA.glob("*.gcg")), ids=lambda p: p.name)
def test_records_from_other_programs_are_written_back_as_they_came(path: Path) -> None:
    saved = read_gcg(path)
    written = parse_gcg(gcg_export(saved.game).text)
    original = parse_gcg(decode_gcg(path.read_bytes()))
    # Tiles already on the board are written as dots, whichever way the record had them.
    def fields(record):
        return [(e.kind, e.nick, e.rack, e.position, e.score, e.total, e.tiles, e.count,
                 e.notes) for e in record.events]

    assert fields(written) == fields(original)
    assert read_gcg_text(gcg_export(saved.game).text).game.board.to_rows() == (
        saved.game.board.to_rows())
    assert (written.players, written.title, written.ident, written.lexicon, written.notes) == (
        original.players, original.title, original.ident, original.lexicon, original.notes)


def test_a_game_with_every_kind_of_turn_writes_read_write_unchanged() -> None:
    # A phony, challenges, an exchange, a pass, a turn lost on time, a resignation, and
    # clock penalties at the end: the record reads back as the same game.
    played = game_with_every_turn()
    text, again, read = round_trip(played)
    assert again == text
    assert read.over and read.final_scores() == played.final_scores() == [162, 47]
    # The clock's penalties come back as the record's penalties, the rest move for move.
    kinds = [type(item.action) for item in read.inputs]
    assert kinds[:len(played.inputs)] == [type(item.action) for item in played.inputs]
    assert kinds[len(played.inputs):] == [TimePenalty, TimePenalty]
    assert isinstance(read.inputs[7].action, TimeOut)
    assert read.active == [False, True] and read.winners() == [1]


def test_a_resignation_is_a_note_that_reads_back_as_the_resignation() -> None:
    game = new_game(seed=5)
    for _ in range(4):
        play_greedy(game)
    game.annotations.add_note(3, "Bob's last play.")
    game.resign()
    game.annotations.add_note(4, "Ann had seen enough.")
    export = gcg_export(game)
    assert "#note Bob's last play.\n#note Ann resigned.\n#note Ann had seen enough.\n" in (
        export.text)
    text, again, read = round_trip(game)
    assert again == text and read.over
    assert read.final_scores() == game.final_scores() != read.scores
    assert isinstance(read.inputs[-1].action, Resign)
    assert read.annotations.notes_after(3) == ["Bob's last play."]
    assert read.annotations.notes_after(4) == ["Ann had seen enough."]


def test_a_resignation_before_any_move_and_among_three_players() -> None:
    first = new_game(seed=8)
    first.resign()
    text, again, read = round_trip(first)
    assert again == text and read.over and read.final_scores() == first.final_scores()
    assert [type(item.action) for item in read.inputs] == [Resign]

    three = new_game(players=3, seed=4)
    for _ in range(4):
        play_greedy(three)
    three.resign()  # Bob leaves; Cy and Ann play on
    for _ in range(4):
        play_greedy(three)
    text, again, read = round_trip(three)
    assert again == text and not read.over
    assert read.active == three.active == [True, False, True]
    assert read.scores == three.scores and read.current == three.current


def test_a_note_naming_a_player_who_plays_on_is_only_a_note() -> None:
    text = PLAYERS_ANN_BOB + ">ann: AEINRST 8D RETAINS +66 66\n#note bob resigned.\n"
    saved = read_gcg_text(text)
    # Bob makes no later move, so the note is his resignation ...
    assert saved.game.over and isinstance(saved.game.inputs[-1].action, Resign)
    # ... but not when Bob is not the player to move, nor when he moves again.
    text = PLAYERS_ANN_BOB + (">ann: AEINRST 8D RETAINS +66 66\n"
                              ">bob: DEGILOU - +0 0\n#note bob resigned.\n")
    saved = read_gcg_text(text)
    assert not saved.game.over and saved.game.annotations.notes_after(1) == ["bob resigned."]
    text = PLAYERS_ANN_BOB + (">ann: AEINRST 8D RETAINS +66 66\n#note Bob resigned.\n"
                              ">bob: DEGILOU - +0 0\n")
    saved = read_gcg_text(text)
    assert not saved.game.over and saved.game.annotations.notes_after(0) == ["Bob resigned."]


def test_games_ended_by_a_score_limit_or_the_games_time_end_there_again() -> None:
    config = standard_config()
    limited = new_game(config.with_changes(end=replace(config.end, score_limit=100)), seed=3)
    while not limited.over:
        play_greedy(limited)
    assert "#note WordStudioScoreLimit: 100\n" in gcg_export(limited).text
    clock = FakeClock()
    timed = new_game(seed=3, clock=clock,
                     settings=GameSettings(clock=ClockSettings(game_duration=60)))
    while not timed.over:
        play_greedy(timed, clock, seconds=10)
    assert "#note WordStudioGameDuration: 60\n" in gcg_export(timed).text
    for played, reason in ((limited, "Ann reached 100 points"), (timed, "the game's time is up")):
        assert played.end_reason == reason
        text, again, read = round_trip(played)
        assert again == text and read.end_reason == reason
        assert read.final_scores() == played.final_scores()
        assert len(read.inputs) == len(played.inputs)


def test_a_challenge_lost_without_bonus_is_macondos_pass_with_a_note() -> None:
    game = new_game(settings=GameSettings(WordCheck.CHALLENGE), seed=41)
    play_greedy(game)
    game.act(Challenge())
    line = [e for e in gcg_export(game).record.events][1]
    assert line.format() == f">Bob: {''.join(sorted(game.racks[1].tiles))} - +0 0"
    assert line.notes == ("#unsuccessful-challenge",)
    text, again, read = round_trip(game)
    assert again == text and isinstance(read.inputs[1].action, Challenge)


def test_an_unfinished_game_keeps_every_rack() -> None:
    game = new_game(seed=7)
    for _ in range(5):
        play_greedy(game)
    record = gcg_export(game).record
    assert record.racks == {1: "".join(sorted(game.racks[0].tiles)),
                            2: "".join(sorted(game.racks[1].tiles))}
    text, again, read = round_trip(game)
    assert again == text
    assert [sorted(r.tiles) for r in read.racks] == [sorted(r.tiles) for r in game.racks]


def test_end_of_game_lines_follow_the_rules_the_game_used() -> None:
    plain = game_played_out(seed=16)
    lines = [e.format() for e in gcg_export(plain).record.events][-2:]
    out, held = plain.went_out, 1 - plain.went_out
    value = plain.racks[held].value(plain.config.tiles)
    tiles = "".join(sorted(plain.racks[held].tiles))
    assert lines[0].startswith(f">{plain.names[out]}: ({tiles}) +{value} ")
    assert lines[1].startswith(f">{plain.names[held]}: {tiles} ({tiles}) -{value} ")


# --- what GCG cannot hold -------------------------------------------------------------------
def test_what_gcg_cannot_hold_is_said() -> None:
    export = gcg_export(game_with_every_turn())
    said = "\n".join(export.omissions)
    assert "a turn lost on time is written as a pass" in said
    assert "GCG has no resignation; Ann's is written as a note" in said
    assert "a challenge penalty is written '(challenge) -5'" in said
    assert "time each move took" in said and "computers" in said and "clock" in said
    assert "\n#note Ann resigned.\n" in export.text


def test_more_players_and_other_boards_are_written_with_a_warning(tmp_path: Path) -> None:
    three = new_game(players=3, seed=4)
    for _ in range(6):
        play_greedy(three)
    export = gcg_export(three)
    assert "#player3 Cy Cy" in export.text
    assert any("made for two players" in o for o in export.omissions)
    assert read_gcg_text(export.text).game.final_scores() == three.final_scores()

    config = config_named("wordsworth.cfg")
    other = new_game(config=config, seed=4, config_path=str(REPO / "boards" / "wordsworth.cfg"))
    for _ in range(6):
        play_greedy(other)
    path = tmp_path / "ww.gcg"
    omissions = save_gcg(other, path)
    assert any("does not describe the board" in o for o in omissions)
    assert "#note WordStudioConfig: wordsworth.cfg" in path.read_text()
    back = read_gcg(path).game
    assert back.config.rows == 13 and back.board.to_rows() == other.board.to_rows()
    assert not is_standard_game(config) and is_standard_game(standard_config())


def test_games_gcg_cannot_express_are_refused() -> None:
    with pytest.raises(RecordError, match="move 1 picks up a blank"):
        gcg_export(game_with_pick_ups(ExchangeAllowed.WHOLE_MOVE))
    diagonal = standard_config().with_changes(
        directions=(Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_DOWN))
    setup = GameSetup(diagonal, (PlayerSpec("Ann"), PlayerSpec("Bob")), seed=1,
                      lexicon="en-US-standard", scripted_draws=(tuple("CATSXYZ"),))
    game = Game(setup, standard_words())
    game.play([Placement(6 + k, 6 + k, letter) for k, letter in enumerate("CAT")])
    with pytest.raises(RecordError, match="move 1 is a diagonal play"):
        gcg_export(game)
    started = new_game(seed=2)
    started.setup = replace(started.setup, start=StartPosition(("." * 15,) * 15, (0, 0)))
    with pytest.raises(RecordError, match="set up part-way"):
        gcg_export(started)


def test_saving_is_atomic(tmp_path: Path) -> None:
    path = tmp_path / "g.gcg"
    path.write_text("old")
    with pytest.raises(RecordError):
        save_gcg(game_with_pick_ups(ExchangeAllowed.WHOLE_MOVE), path)
    assert path.read_text() == "old"
    save_gcg(game_played_out(seed=3), path)
    assert path.read_text().startswith("#character-encoding UTF-8\n")
