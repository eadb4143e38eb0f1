"""Saving and resuming Word War games; damaged files are refused and nothing changes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_wordwar_boards import write_board
from wordstudio.errors import UserError
from wordstudio.wordwar.boards import BoardSet
from wordstudio.wordwar.deck import WILD
from wordstudio.wordwar.errors import RecordError
from wordstudio.wordwar.game import PlayerSpec, WordWarGame
from wordstudio.wordwar.records import (
    FORMAT,
    VERSION,
    autosave_path,
    dumps,
    game_from_json,
    game_to_json,
    load_game,
    save_game,
)
from wordstudio.wordwar.scoring import WordScorer

WORDS = ["AT", "TA", "EAT", "TEA", "ATE", "SEA", "AN", "ON", "NO", "TO"]


@pytest.fixture(scope="module")
def boards(tmp_path_factory: pytest.TempPathFactory) -> BoardSet:
    folder = tmp_path_factory.mktemp("boards")
    write_board(folder, 1, ["A..", ".#.", "..E"])
    write_board(folder, 2, ["O...", "...."])
    return BoardSet.load(folder)


@pytest.fixture(scope="module")
def scorer() -> WordScorer:
    return WordScorer(WORDS)


def played(boards: BoardSet, scorer: WordScorer, seed: int, steps: int) -> WordWarGame:
    """A game with ``steps`` answers given at random (places, passes, WILD letters)."""
    rng = random.Random(seed)
    players = [PlayerSpec("Ann"), PlayerSpec("Cpu", computer=True, strength="advanced"),
               PlayerSpec("Bob")]
    game = WordWarGame(players, f"seed{seed}", board_set=boards, scorer=scorer)
    for _ in range(steps):
        if game.is_over:
            break
        if game.deck is None:
            game.start_round([rng.choice([1, 2]) for _ in players])
        if game.card is None:
            game.turn_card()
        player = game.waiting_for()[0]
        empties = game.grids[player].empty_squares()
        if rng.random() < 0.3 or not empties:
            game.pass_card(player)
        else:
            row, col = rng.choice(empties)
            game.place(player, row, col, rng.choice("AEOT") if game.card == WILD else None)
    return game


def same_game(a: WordWarGame, b: WordWarGame) -> None:
    assert a.history == b.history
    assert a.players == b.players and a.seed == b.seed and a.rounds == b.rounds
    assert a.grids == b.grids and a.card == b.card and a.decisions == b.decisions
    assert a.totals() == b.totals() and a.phase == b.phase and a.dealer == b.dealer
    assert [r.totals for r in a.results] == [r.totals for r in b.results]
    if a.deck is not None:
        assert b.deck is not None
        assert (a.deck.draw, a.deck.discards) == (b.deck.draw, b.deck.discards)


@given(st.integers(0, 1000), st.integers(0, 150))
@settings(max_examples=30, deadline=None)
def test_save_then_load_gives_the_same_game(boards, scorer, seed, steps):
    game = played(boards, scorer, seed, steps)
    data = json.loads(dumps(game))
    assert data["format"] == FORMAT and data["version"] == VERSION
    same_game(game, game_from_json(data, scorer=scorer, board_set=boards))


def test_save_and_load_a_file(tmp_path, boards, scorer):
    game = played(boards, scorer, 1, 40)
    path = tmp_path / "game.wordwar"
    save_game(game, path)
    same_game(game, load_game(path, scorer=scorer, board_set=boards))
    # The board folder is recorded, so the file also loads on its own.
    same_game(game, load_game(path, scorer=scorer))


def test_the_lexicon_is_recorded_and_used(tmp_path, boards):
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    game = WordWarGame([PlayerSpec("Ann")], "s", lexicon=str(words), board_set=boards)
    path = tmp_path / "game.wordwar"
    save_game(game, path)
    loaded = load_game(path)
    assert loaded.lexicon == str(words) and "EAT" in loaded.scorer


def test_a_game_whose_list_is_gone_goes_on_with_todays(tmp_path, boards):
    """Issue 24: said in one line, and the game goes on with today's Word War list of the
    same spelling; every action replays."""
    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    game = WordWarGame([PlayerSpec("Ann")], "s", lexicon=str(words), board_set=boards)
    game.start_round([1])
    for _ in range(3):
        game.turn_card()
        game.decide(0, None)
    path = tmp_path / "game.wordwar"
    save_game(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["lexicon"] = "en-GB-gone-family"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_game(path, board_set=boards)
    assert loaded.lexicon == "en-GB-wordwar-family"
    assert len(loaded.load_notes) == 1 and "\n" not in loaded.load_notes[0]
    assert loaded.load_notes[0].startswith("the word list en-GB-gone-family is not found (")
    assert loaded.load_notes[0].endswith("the game goes on with en-GB-wordwar-family")
    assert loaded.history == game.history
    assert load_game(tmp_path / "game.wordwar", board_set=boards).lexicon == loaded.lexicon
    assert game_to_json(loaded)["lexicon"] == "en-GB-wordwar-family"


def damaged_versions(good: dict) -> list[tuple[str, str]]:
    """(file text, what the error must say) for many kinds of damage."""
    def variant(**changes) -> str:
        data = dict(good)
        data.update(changes)
        return json.dumps(data)

    turn = next(i for i, a in enumerate(good["actions"]) if a[0] == "turn")
    wrong_card = [list(a) for a in good["actions"]]
    wrong_card[turn][1] = "Q" if wrong_card[turn][1] != "Q" else "Z"
    return [
        ("", "not JSON"),
        ('{"format": "wordstudio-wordwar", "version": 1', "not JSON"),
        ("[1, 2, 3]", "not a saved Word War game"),
        (variant(format="something-else"), "not a saved Word War game"),
        (variant(version=VERSION + 1), "newer WordStudio"),
        (variant(version="1"), "version"),
        (variant(players=[]), "1 to 9 players"),
        (variant(players=[{"name": 3}]), "name"),
        (variant(seed=None), "'seed'"),
        (variant(rounds=0), "at least one round"),
        (variant(deck={"letters": [2] * 25, "wild": 2}), "26 letter counts"),
        (variant(actions="nothing"), "'actions'"),
        (variant(actions=[["turn", "A"], 5]), "action"),
        (variant(actions=wrong_card), f"action {turn + 1}"),
        (variant(actions=[["place", 0, 0, 0, "A"]]), "action 1"),
        (variant(actions=[["round", [1, 99, 1]]]), "board 99"),
    ]


def test_damaged_files_are_refused_and_left_alone(tmp_path, boards, scorer):
    good = game_to_json(played(boards, scorer, 3, 30))
    good["board_folder"] = str(tmp_path / "nowhere")  # must not matter: boards are given
    for number, (text, reason) in enumerate(damaged_versions(good)):
        path = tmp_path / f"bad{number}.wordwar"
        path.write_text(text, encoding="utf-8")
        before = path.read_bytes()
        with pytest.raises(RecordError) as caught:
            load_game(path, scorer=scorer, board_set=boards)
        assert isinstance(caught.value, UserError)
        assert reason in str(caught.value), (number, str(caught.value))
        assert str(path) in str(caught.value)
        assert path.read_bytes() == before


def test_unreadable_files(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        load_game(tmp_path / "missing.wordwar")
    binary = tmp_path / "binary.wordwar"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(RecordError, match="damaged .not UTF-8 text"):
        load_game(binary)
    folder_game = tmp_path / "moved.wordwar"
    data = {"format": FORMAT, "version": 1, "seed": "s", "lexicon": "en-US-standard",
            "board_folder": str(tmp_path / "gone"), "rounds": 4,
            "deck": {"letters": [2] * 26, "wild": 2},
            "players": [{"name": "Ann", "computer": False, "strength": "expert"}],
            "actions": []}
    folder_game.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="no such board folder"):
        load_game(folder_game)


def test_saving_is_atomic_and_replaces_the_old_file(tmp_path, boards, scorer):
    path = tmp_path / "game.wordwar"
    save_game(played(boards, scorer, 4, 10), path)
    save_game(played(boards, scorer, 4, 20), path)
    assert len(load_game(path, scorer=scorer, board_set=boards).history) > 10
    assert [p.name for p in tmp_path.iterdir()] == ["game.wordwar"]


def test_autosave_lives_in_the_user_folder():
    path = autosave_path()
    assert path.suffix == ".wordwar" and path.parent.is_dir()
    assert Path(path).parent.name == "autosave"
