"""Saved games: the record replays to the same game; damaged files are refused cleanly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordstudio.errors import UserError
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.wordforword.moves import GameSetup, Move, PlayerSpec
from wordstudio.wordforword.players import choose_move
from wordstudio.wordforword.records import (
    RecordError,
    game_from_json,
    game_to_dict,
    game_to_json,
    load_game,
    save_game,
)
from wordstudio.wordforword.rules import Deal, Game, Phase

LEX = ["CAT", "COT", "DOT", "DOG", "PIT", "POT", "ZOO", "BOO", "BIG", "DIG"]


def scripted() -> Game:
    setup = GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Bob", "Club"), PlayerSpec("Cy")),
                      length=3, study_seconds=0, move_seconds=20)
    game = Game(setup, LEX, Deal("DOG", ("CAT", "PIT", "BIG"), (2, 0, 1)))
    for text in ("S COT", "D ZOO", "S ZOO"):
        game.play(Move.parse(text))
    game.time_up()
    return game


def assert_same_game(a: Game, b: Game) -> None:
    assert a.position() == b.position()
    assert a.setup == b.setup and a.deal == b.deal and a.phase is b.phase
    assert [t.message for t in a.turns] == [t.message for t in b.turns]
    assert [(s.saved, s.deleted, s.eliminated) for s in a.seats] == [
        (s.saved, s.deleted, s.eliminated) for s in b.seats]


def test_save_and_load_replays_the_same_game(tmp_path):
    game = scripted()
    path = tmp_path / "game.wfw"
    save_game(game, path)
    again = load_game(path)
    assert_same_game(game, again)
    assert again.turns[-1].move == Move.parse("T", recorded=True)
    assert list(tmp_path.iterdir()) == [path]  # the atomic write left no temporary file


def test_the_record_is_readable_versioned_json():
    data = json.loads(game_to_json(scripted()))
    assert data["format"] == "wordstudio-wordforword" and data["version"] == 1
    assert data["moves"][0] == {"player": "Cy", "move": "S COT", "effect": "saved"}
    assert data["deal"] == {"common": "DOG", "words": ["CAT", "PIT", "BIG"], "order": [2, 0, 1]}
    assert data["setup"]["players"][1] == {"name": "Bob", "computer": "Club"}


def test_a_game_saved_in_its_study_period_resumes_there():
    setup = GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Bob")), length=3,
                      study_seconds=60)
    game = Game(setup, LEX, Deal("DOG", ("CAT", "PIT"), (0, 1)))
    again = game_from_json(game_to_json(game))
    assert again.phase is Phase.STUDY


def test_a_finished_game_replays_to_its_result():
    game = scripted()
    # Seats in order of play: Cy (CAT), Ann (PIT), Bob (BIG).  Ann cuts Bob off by
    # deleting DIG, then Cy resigns.
    assert game.play(Move.parse("D DIG")).eliminated == (2,)
    game.play(Move.parse("R"))
    again = game_from_json(game_to_json(game))
    assert again.over and again.winner == game.winner == 1
    assert again.seats[1].name == "Ann" and again.seats[2].eliminated


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_computer_games_round_trip_at_every_move(seed):
    words = load_lexicon("en-US-common").of_length(3)
    setup = GameSetup(players=(PlayerSpec("A", "Novice"), PlayerSpec("B", "Club")),
                      length=3, seed=seed, study_seconds=0)
    game = Game(setup, words)
    while not game.over and len(game.turns) < 40:
        game.play(choose_move(game.position(), game.seats[game.acting].spec.computer or "",
                              seed))
        assert_same_game(game, game_from_json(game_to_json(game)))


# --- damaged and edited files -----------------------------------------------------------
def _edited(change) -> str:
    data = game_to_dict(scripted())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change,message", [
    (lambda d: d.update(format="something-else"), "not a Word For Word saved game"),
    (lambda d: d.update(version=99), "newer WordStudio"),
    (lambda d: d.update(version="1"), "no valid format version"),
    (lambda d: d.pop("moves"), "'moves' is missing"),
    (lambda d: d["setup"].update(length="3"), "'length' is missing or not a int"),
    (lambda d: d["setup"].update(length=7), "bad setup"),
    (lambda d: d["setup"]["players"].pop(), "do not match the players"),
    (lambda d: d["lexicon"].update(words=d["lexicon"]["words"] + " FOX"), "checksum"),
    (lambda d: d["deal"].update(common="ZZZ"), "not in the lexicon"),
    (lambda d: d["deal"].update(order=["a", 1, 2]), "order of play"),
    (lambda d: d["moves"][1].update(move="S ZOO"), "recorded as 'deleted' but replays"),
    (lambda d: d["moves"][1].update(player="Cy"), "it was Ann's turn"),
    (lambda d: d["moves"][0].update(move="Q COT"), "cannot be replayed"),
    (lambda d: d["moves"][0].update(move="W"), "recorded as 'saved'"),
    (lambda d: d["moves"].append(d["moves"][0]), "Cy"),
    (lambda d: d["moves"].__setitem__(0, "S COT"), "move 1 is not an object"),
])
def test_damaged_or_edited_records_raise_a_clear_record_error(change, message):
    with pytest.raises(RecordError, match=message) as info:
        game_from_json(_edited(change), source="damaged.wfw")
    assert isinstance(info.value, UserError)
    assert str(info.value).startswith("damaged.wfw: ")


def test_moves_after_the_end_of_the_game_are_refused():
    game = scripted()
    game.play(Move.parse("R"))
    game.play(Move.parse("R"))
    data = game_to_dict(game)
    data["moves"].append({"player": "Ann", "move": "S BOO", "effect": "saved"})
    with pytest.raises(RecordError, match="after the end of the game"):
        game_from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{not json", "[1, 2]", "\x00\x01binary"])
def test_text_that_is_not_a_record_is_refused(text):
    with pytest.raises(RecordError):
        game_from_json(text)


def test_a_bad_file_is_left_exactly_as_it_was(tmp_path):
    path = tmp_path / "bad.wfw"
    original = _edited(lambda d: d["moves"][1].update(move="S ZOO")).encode()
    path.write_bytes(original)
    with pytest.raises(RecordError, match=str(path)):
        load_game(path)
    assert path.read_bytes() == original and list(tmp_path.iterdir()) == [path]


def test_a_missing_file_is_a_record_error(tmp_path):
    with pytest.raises(RecordError, match="cannot read the file"):
        load_game(tmp_path / "nowhere.wfw")
