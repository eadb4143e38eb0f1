"""WordStudio's own saved crossword games: save -> load -> the same game; damaged files.

The helpers here (scripted games covering every kind of turn, a fake clock, a snapshot
of everything a game is) are shared with the WordsWorth-format and replay tests.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from wordstudio.crossword.actions import Challenge, Outcome, Pass, Play, TimePenalty
from wordstudio.crossword.board import Placement
from wordstudio.crossword.clock import ClockSettings
from wordstudio.crossword.config.files import load_config, write_config
from wordstudio.crossword.game import (
    Game,
    GameSettings,
    GameSetup,
    PlayerSpec,
    StartPosition,
    WordCheck,
)
from wordstudio.crossword.gameconfig import ExchangeAllowed, GameConfig
from wordstudio.crossword.moves import MoveFinder
from wordstudio.crossword.records.autosave import (
    autosave,
    autosave_path,
    discard_autosave,
    pending_autosaves,
    resume,
)
from wordstudio.crossword.records.formats import open_record
from wordstudio.crossword.records.native import (
    FORMAT,
    VERSION,
    RecordError,
    game_from_dict,
    game_id,
    game_to_dict,
    game_to_json,
    load_game,
    save_game,
)
from wordstudio.crossword.records.saved import RecordNote
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.lexicon.gaddag import shared_gaddag
from wordstudio.lexicon.wordlist import WordList
from wordstudio.paths import previous_copy
from wordstudio.recovery import RecoveryError

STANDARD = REPO / "boards" / "scrabble.cfg"


# --- shared helpers ------------------------------------------------------------------------
class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.value = 1000.0

    def __call__(self) -> float:
        return self.value

    def advance(self, seconds: float) -> None:
        self.value += seconds


@cache
def config_named(name: str) -> GameConfig:
    return load_config(REPO / "boards" / name)


def standard_config() -> GameConfig:
    return config_named("scrabble.cfg")


@cache
def standard_words() -> WordList:
    return load_lexicon("en-US-standard")


@cache
def finder_for(config: GameConfig) -> MoveFinder:
    words = standard_words()
    return MoveFinder(config, shared_gaddag(words, config.tiles.alphabet))


def moves_now(game: Game) -> list[Any]:
    return finder_for(game.config).moves(game.board, game.supply(game.current), game.current)


def best_play(game: Game, rank: int = 0) -> Play | None:
    """The ``rank``-th best scoring move for the player to move (None if there is none)."""
    moves = moves_now(game)
    if not moves:
        return None
    return Play(moves[min(rank, len(moves) - 1)].placed)


def play_greedy(game: Game, clock: FakeClock | None = None, seconds: float = 3.0,
                rank: int = 0) -> None:
    """The best move, or a pass when there is none."""
    if clock is not None:
        clock.advance(seconds)
    play = best_play(game, rank)
    game.act(play if play is not None else Pass())


def new_game(config: GameConfig | None = None, seed: int = 11, players: int = 2,
             settings: GameSettings | None = None, clock: FakeClock | None = None,
             config_path: str | None = None, lexicon: str = "en-US-standard",
             words: Any = None) -> Game:
    config = config or standard_config()
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    specs = [PlayerSpec(n, computer=(i == 1), level=5 + i) for i, n in enumerate(names)]
    setup = GameSetup.create(config, specs, seed=seed, settings=settings, lexicon=lexicon,
                             config_path=config_path)
    return Game(setup, standard_words() if words is None else words,
                clock if clock is not None else FakeClock())


def phony_first_move(game: Game) -> Play:
    """Two tiles of the rack across the centre that do not make a word."""
    rack = [t for t in game.racks[game.current].tiles if t != "?"]
    for first in rack:
        for second in rack:
            pair = [first, second]
            if first + second not in game.words and (first != second or rack.count(first) > 1):
                return Play((Placement(7, 7, pair[0]), Placement(7, 8, pair[1])))
    raise AssertionError("every pair of this rack is a word")


def game_with_every_turn(clock: FakeClock | None = None) -> Game:
    """Plays, a phony lost to a challenge, a failed challenge with a penalty, a pass, an
    exchange, a turn lost on time, and a resignation that ends the game."""
    clock = clock or FakeClock()
    settings = GameSettings(WordCheck.CHALLENGE, challenge_penalty=5,
                            clock=ClockSettings(turn_limit=60, game_limit=100))
    game = new_game(settings=settings, clock=clock, config_path=str(STANDARD))
    clock.advance(7.5)
    game.act(phony_first_move(game))
    clock.advance(2.25)
    assert game.challenge().outcome == Outcome.CHALLENGE_WON
    play_greedy(game, clock)
    play_greedy(game, clock)
    clock.advance(1.0)
    assert game.challenge().outcome == Outcome.CHALLENGE_LOST
    clock.advance(4.0)
    game.exchange(game.racks[game.current].tiles[:3])
    clock.advance(5.0)
    game.pass_turn()
    clock.advance(61.0)
    assert game.check_clock() is not None
    for _ in range(4):
        play_greedy(game, clock, seconds=50.0)
    clock.advance(2.0)
    game.resign()
    assert game.over
    return game


def game_played_out(seed: int = 11, config: GameConfig | None = None) -> Game:
    """Greedy play to the end: deductions and the going-out bonus."""
    clock = FakeClock()
    game = new_game(config, seed=seed, clock=clock,
                    settings=GameSettings(clock=ClockSettings(game_limit=40)))
    while not game.over:
        play_greedy(game, clock, seconds=1.5)
    return game


def pick_up_config(mode: ExchangeAllowed) -> GameConfig:
    """The standard game with blanks standing for E and A on the board at the start."""
    config = standard_config()
    rows = ["." * 15] * 15
    rows[7] = "......ea......."
    return config.with_changes(exchange_allowed=mode, starting_board=tuple(rows))


def game_with_pick_ups(mode: ExchangeAllowed = ExchangeAllowed.BEFORE_ANY) -> Game:
    """A player holding an E or an A picks the blank up, then plays on (or passes)."""
    config = pick_up_config(mode)
    for seed in range(200):
        game = new_game(config, seed=seed)
        square = next(((7, 6 + i) for i, letter in enumerate("EA")
                       if letter in game.racks[0].tiles), None)
        if square is not None:
            break
    else:
        raise AssertionError("no seed gives the first player an E or an A")
    game.pick_up_blank(*square)
    if mode == ExchangeAllowed.BEFORE_ANY:
        play_greedy(game)
    elif mode == ExchangeAllowed.BEFORE_PASS:
        game.pass_turn()
    play_greedy(game)
    play_greedy(game)
    return game


def game_undone_and_replayed() -> Game:
    """Moves, an undo of three, then different moves (the redo line is gone)."""
    clock = FakeClock()
    game = new_game(clock=clock, seed=23)
    for _ in range(6):
        play_greedy(game, clock)
    game.undo(3)
    play_greedy(game, clock, rank=2)
    game.pass_turn()
    return game


def game_with_redo_line() -> Game:
    clock = FakeClock()
    game = new_game(clock=clock, seed=31)
    for _ in range(5):
        play_greedy(game, clock)
    game.undo(2)
    assert game.can_redo()
    return game


def snapshot(game: Game, *, bag_order: bool = True, seconds: bool = True,
             setup: bool = True) -> dict[str, Any]:
    """Everything that makes a game the game it is (optionally less what a format
    without seeds, names or times cannot carry)."""
    history = game.history if seconds else [replace(t, seconds=0.0) for t in game.history]
    inputs = game.inputs if seconds else tuple(replace(i, seconds=0.0) for i in game.inputs)
    state = {
        "board": game.board.to_rows(), "owners": list(game.board.owners),
        "racks": [r.tiles for r in game.racks],
        "bag": list(game.bag.tiles) if bag_order else sorted(game.bag.tiles),
        "scores": list(game.scores), "current": game.current, "active": list(game.active),
        "over": game.over, "end_reason": game.end_reason, "went_out": game.went_out,
        "adjustments": list(game.adjustments), "final": game.final_scores(),
        "history": list(history), "inputs": inputs,
        "streaks": (game.scoreless_streak, game.pass_streak, game.turn_pickups),
        "can_redo": game.can_redo(), "config": game.config,
    }
    if seconds:
        state["clocks"] = list(game.clocks.used)
    if setup:
        state["setup"] = game.setup
    return state


SCRIPTED: dict[str, Callable[[], Game]] = {
    "every turn": game_with_every_turn,
    "played out": game_played_out,
    "pick-ups (ExchangeAllowed 1)": lambda: game_with_pick_ups(ExchangeAllowed.WHOLE_MOVE),
    "pick-ups (ExchangeAllowed 2)": lambda: game_with_pick_ups(ExchangeAllowed.BEFORE_PASS),
    "pick-ups (ExchangeAllowed 3)": lambda: game_with_pick_ups(ExchangeAllowed.BEFORE_ANY),
    "undo then new moves": game_undone_and_replayed,
    "redo line": game_with_redo_line,
    "fresh": lambda: new_game(seed=3),
}


@pytest.fixture(scope="module")
def every_turn() -> Game:
    return game_with_every_turn()


def game_by_record_rules() -> Game:
    """What games read from other programs' records use: a five-point challenge, rulings
    the record gives, tournament scoring at the end, a time penalty, notes."""
    settings = GameSettings(WordCheck.CHALLENGE, challenge_bonus=5, going_out_doubled=True)
    game = new_game(settings=settings, seed=5)
    play_greedy(game)
    assert game.act(Challenge(upheld=False)).awarded == 5
    game.act(Pass())
    play_greedy(game)
    game.act(Challenge(upheld=True))
    game.annotations.add_note(2, "ruled off by the judge")
    game.annotations.partial_racks[1] = "Q"
    game.annotations.title = "Round 3"
    while not game.over:
        play_greedy(game)
    game.act(TimePenalty(0, 10))
    return game


def game_from_a_position() -> Game:
    rows = ["." * 15] * 15
    rows[7] = "....QUIXOTe...."
    setup = GameSetup.create(standard_config(), [PlayerSpec("Ann"), PlayerSpec("Bob")],
                             seed=9, lexicon="en-US-standard")
    setup = replace(setup, start=StartPosition(tuple(rows), (88, 61), 1))
    game = Game(setup, standard_words(), FakeClock())
    play_greedy(game)
    return game


@pytest.mark.parametrize("make", [game_by_record_rules, game_from_a_position])
def test_record_rules_and_set_positions_survive_save_and_load(
        make: Callable[[], Game], tmp_path: Path) -> None:
    game = make()
    path = tmp_path / "game.crossword"
    save_game(game, path)
    loaded = load_game(path, now=FakeClock())
    assert snapshot(loaded) == snapshot(game)
    assert loaded.annotations == game.annotations
    assert game_to_json(loaded) == path.read_text(encoding="utf-8")


# --- round trips ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(SCRIPTED))
def test_save_load_gives_the_identical_game(name: str, tmp_path: Path) -> None:
    game = SCRIPTED[name]()
    path = tmp_path / "game.crossword"
    save_game(game, path)
    loaded = load_game(path, now=FakeClock())
    assert snapshot(loaded) == snapshot(game)
    assert game_to_json(loaded) == path.read_text(encoding="utf-8")


def test_the_scripted_game_has_every_kind_of_turn(every_turn: Game) -> None:
    outcomes = {t.outcome for t in every_turn.history}
    # Pick-ups have games of their own below; time penalties come only from records of
    # other programs' games (tests/test_records_gcg.py).
    assert outcomes == set(Outcome) - {Outcome.PICKED_UP, Outcome.PENALISED}
    assert any(a.reason == "over the game clock" for a in every_turn.adjustments)


def test_a_loaded_game_plays_on_exactly_like_the_original(tmp_path: Path) -> None:
    game = game_with_redo_line()
    save_game(game, tmp_path / "g.crossword")
    loaded = load_game(tmp_path / "g.crossword", now=FakeClock())
    for g in (game, loaded):
        g.redo()
        play_greedy(g)
        g.undo(2)
        play_greedy(g, rank=1)
    assert snapshot(loaded) == snapshot(game)


def test_the_running_turn_keeps_its_elapsed_time(tmp_path: Path) -> None:
    clock = FakeClock()
    game = new_game(clock=clock, settings=GameSettings(clock=ClockSettings(turn_limit=30)))
    play_greedy(game, clock)
    clock.advance(12.5)
    save_game(game, tmp_path / "g.crossword")
    later = FakeClock()
    later.advance(5000)
    loaded = load_game(tmp_path / "g.crossword", now=later)
    assert loaded.clocks.turn_elapsed() == pytest.approx(12.5)
    later.advance(18)
    assert loaded.check_clock() is not None


def test_dict_round_trip_and_json_shape(every_turn: Game) -> None:
    data = game_to_dict(every_turn)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["config"]["text"] == write_config(every_turn.config)
    assert data["lexicon"]["digest"] == standard_words().digest
    assert [e["action"] for e in data["inputs"]][:2] == ["play", "challenge"]
    assert snapshot(game_from_dict(json.loads(json.dumps(data)))) == snapshot(every_turn)


def test_each_action_is_one_line_of_the_file(every_turn: Game) -> None:
    lines = game_to_json(every_turn).splitlines()
    actions = [line for line in lines if line.startswith('  {"player"')]
    assert len(actions) == len(every_turn.inputs)
    phony = every_turn.history[0].action
    assert isinstance(phony, Play)
    assert json.loads(actions[0].rstrip(","))["tiles"] == [
        f"{square} {p.letter}" for square, p in zip(("H8", "I8"), phony.placements,
                                                    strict=True)]


# --- damaged and edited files --------------------------------------------------------------
def _edit(data: dict[str, Any], change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    edited = copy.deepcopy(data)
    change(edited)
    return edited


def _first_play(data: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in data["inputs"] if e["action"] == "play" and e["outcome"] == "played")


DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], Any], str]] = {
    "wrong format": (lambda d: d.update(format="wordstudio-wordwar"), "not a WordStudio"),
    "newer version": (lambda d: d.update(version=VERSION + 1), "newer WordStudio"),
    "no version": (lambda d: d.pop("version"), "no valid format version"),
    "version as text": (lambda d: d.update(version="1"), "no valid format version"),
    "edited score": (lambda d: _first_play(d).update(score=99), "recorded with score 99"),
    "changed draw": (lambda d: _first_play(d)["drawn"].reverse(), "recorded with drawn"),
    "edited total": (lambda d: d["state"]["scores"].__setitem__(0, 500), "has scores 500, "),
    "edited end": (lambda d: d["state"].update(over=False), "has game over no, but the replay"),
    "illegal move": (lambda d: _first_play(d).update(tiles=["A1 Q", "C1 Q"]), "is not legal"),
    "unknown action": (lambda d: d["inputs"][3].update(action="fly"), "unknown action 'fly'"),
    "player out of range": (lambda d: d["inputs"][0].update(player=7), "is by player 8"),
    "wrong player": (lambda d: d["inputs"][0].update(player=1), "player 1's turn"),
    "bad square": (lambda d: _first_play(d).update(tiles=["Z99 A"]), "not a square"),
    "bad letter": (lambda d: _first_play(d).update(tiles=["H8 3"]), "not a letter"),
    "changed seed": (lambda d: d["setup"].update(seed=d["setup"]["seed"] + 1), ""),
    # The words a save's moves made are read before the moves are checked (the fuzz run's).
    "actions a number": (lambda d: d.update(inputs=7), "'inputs' is missing or not a list"),
    "words a number": (lambda d: d["inputs"][0].update(words=7), "action 1 is recorded with words 7"),
    "seed as text": (lambda d: d["setup"].update(seed="7"), "'seed' is missing or not a whole"),
    "tampered config": (lambda d: d["config"].update(text=d["config"]["text"].replace(
        "LetterScores", "# LetterScores")), "does not match its checksum"),
    "missing state": (lambda d: d.pop("state"), "'state' is missing"),
    "edited clocks": (lambda d: d["clocks"]["used"].__setitem__(0, 9999.0), "clocks"),
    "negative time": (lambda d: d["inputs"][0].update(seconds=-1), "negative time"),
    "bad clock setting": (lambda d: d["setup"]["settings"]["clock"].update(turn_limit=5),
                          "bad settings"),
    "bad word check": (lambda d: d["setup"]["settings"].update(word_check="maybe"),
                       "'maybe' is not one of refuse"),
    "too many players": (lambda d: d["setup"]["players"].extend(
        [d["setup"]["players"][0]] * 4), "players, but this game is for"),
    "inputs not a list": (lambda d: d.update(inputs={}), "'inputs' is missing or not a list"),
    "action after the end": (lambda d: d["inputs"].append(dict(d["inputs"][-2])),
                             "is not legal"),
    # The long fuzz run's 15 GB shape: a list copied a thousandfold, then again.
    "inputs copied thousandfold": (lambda d: d.update(inputs=d["inputs"] * 10_000),
                                   "the file is too large for a saved game"),
    "illegal redo line": (lambda d: d["redo"].append({"player": 0, "seconds": 0,
                                                      "action": "pick-up", "square": "H8"}),
                          "undone action 1 (the redo line)"),
}


@pytest.mark.parametrize("name", list(DAMAGE))
def test_damaged_files_are_refused_and_nothing_changes(name: str, every_turn: Game,
                                                       tmp_path: Path) -> None:
    change, message = DAMAGE[name]
    path = tmp_path / "damaged.crossword"
    text = json.dumps(_edit(game_to_dict(every_turn), change))
    path.write_text(text, encoding="utf-8")
    before = snapshot(every_turn)
    with pytest.raises(RecordError) as caught:
        load_game(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)
    assert path.read_text(encoding="utf-8") == text
    assert snapshot(every_turn) == before


@pytest.mark.parametrize(("text", "message"), [
    ("", "the file is empty"),
    ("{\"format\": \"wordstudio-crossword\", \"vers", "cut short"),
    ("[1, 2]", "not a WordStudio crossword saved game"),
    ("@1\nAB\nCD\n0\n", "WordsWorth saved game"),
])
def test_files_that_are_not_saved_games(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.crossword"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match=message):
        load_game(path)


def test_a_truncated_file_is_refused(every_turn: Game, tmp_path: Path) -> None:
    text = game_to_json(every_turn)
    for cut in (len(text) // 3, len(text) - 5):
        path = tmp_path / f"cut{cut}.crossword"
        path.write_text(text[:cut], encoding="utf-8")
        with pytest.raises(RecordError, match="cut short"):
            load_game(path)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the file"):
        load_game(tmp_path / "nothing.crossword")


# --- what changed since the game was saved -------------------------------------------------
def test_a_changed_config_file_is_noticed_and_the_saved_copy_used(tmp_path: Path) -> None:
    cfg = tmp_path / "mine.cfg"
    cfg.write_text(write_config(standard_config()), encoding="utf-8")
    game = new_game(load_config(cfg), config_path=str(cfg))
    play_greedy(game)
    save_game(game, tmp_path / "g.crossword")
    assert open_record(tmp_path / "g.crossword").notes == ()
    cfg.write_text(cfg.read_text(encoding="utf-8") + "\n# only a comment\n", encoding="utf-8")
    assert open_record(tmp_path / "g.crossword").notes == ()
    cfg.write_text(cfg.read_text(encoding="utf-8") + "PlayAllTileBonusPoints = 10\n",
                   encoding="utf-8")
    with pytest.warns(RecordNote, match="has changed since this game was saved"):
        loaded = load_game(tmp_path / "g.crossword")
    assert loaded.config == game.config
    cfg.unlink()
    assert "is not found" in open_record(tmp_path / "g.crossword").notes[0]


def test_a_changed_word_list_is_said_clearly(tmp_path: Path) -> None:
    wordfile = tmp_path / "words.txt"
    wordfile.write_text("\n".join(standard_words().words), encoding="utf-8")
    words = load_lexicon(str(wordfile))
    game = new_game(lexicon=str(wordfile), words=words)
    play_greedy(game)
    played = game.history[0].words[0]
    save_game(game, tmp_path / "g.crossword")
    wordfile.write_text("\n".join(w for w in standard_words().words if w != "QI"),
                        encoding="utf-8")
    saved = open_record(tmp_path / "g.crossword")
    assert any("has changed since this game was saved" in n for n in saved.notes)
    assert snapshot(saved.game) == snapshot(game)
    # A word the game played is no longer in the list: the game still replays as it was
    # played (issue 24), its word allowed in it, and the note names it.
    wordfile.write_text("\n".join(w for w in standard_words().words if w != played),
                        encoding="utf-8")
    saved = open_record(tmp_path / "g.crossword")
    assert snapshot(saved.game) == snapshot(game)
    assert any("has changed since this game was saved" in n for n in saved.notes)
    assert any(n.startswith("words this game played that the list does not hold stay "
                            f"allowed in it: {played}") for n in saved.notes)
    assert played in saved.game.words and saved.game.setup.lexicon == str(wordfile)


def test_a_missing_word_list_is_said_in_one_line_and_the_game_opens_on_todays(
        tmp_path: Path) -> None:
    """Issue 24: a game saved with a list that is gone opens on today's list of its kind
    (the word-game list of its spelling), with one line to say so."""
    game = new_game(lexicon="en-GB-no-such-list", words=standard_words())
    for _ in range(4):
        play_greedy(game)
    save_game(game, tmp_path / "g.crossword")
    saved = open_record(tmp_path / "g.crossword")
    missing = [n for n in saved.notes if "en-GB-no-such-list" in n]
    assert len(missing) == 1 and "\n" not in missing[0]
    assert missing[0].startswith("the word list en-GB-no-such-list is not found (")
    assert missing[0].endswith("the game opens on en-GB-wordgame")
    assert saved.game.setup.lexicon == "en-GB-wordgame"
    # the same game, but for the list it goes on with
    assert snapshot(saved.game) == {**snapshot(game), "setup": replace(
        game.setup, lexicon="en-GB-wordgame")}
    # saved again, it names the list it goes on with
    assert game_to_dict(saved.game)["lexicon"]["name"] == "en-GB-wordgame"
    with pytest.warns(RecordNote, match="is not found"):
        load_game(tmp_path / "g.crossword")


def test_an_explicit_word_list_replaces_the_named_one(tmp_path: Path) -> None:
    game = new_game(lexicon="no-such-list-anywhere", words=standard_words())
    play_greedy(game)
    save_game(game, tmp_path / "g.crossword")
    assert snapshot(load_game(tmp_path / "g.crossword", words=standard_words())) == snapshot(game)


def test_games_saved_with_the_old_default_list_open_as_they_were(tmp_path: Path) -> None:
    """The lists before issue 24 are still shipped: a game saved on en-US-standard opens
    on it, with no note."""
    game = new_game(lexicon="en-US-standard")
    for _ in range(6):
        play_greedy(game)
    save_game(game, tmp_path / "g.crossword")
    saved = open_record(tmp_path / "g.crossword")
    assert saved.notes == () and saved.game.setup.lexicon == "en-US-standard"
    assert snapshot(saved.game) == snapshot(game)


# --- autosave ------------------------------------------------------------------------------
def test_autosave_one_file_per_game_offered_until_finished(tmp_path: Path) -> None:
    for path in pending_autosaves():
        discard_autosave(path)
    first = new_game(seed=101)
    second = new_game(seed=102)
    path = autosave(first)
    assert path == autosave_path(first) and path.name.endswith(".crossword")
    ident = game_id(first)
    play_greedy(first)
    assert autosave(first) == path and game_id(first) == ident
    autosave(second)
    assert set(pending_autosaves()) == {path, autosave_path(second)}
    assert snapshot(load_game(path, now=FakeClock())) == snapshot(first)
    while not second.over:
        play_greedy(second)
    autosave(second)
    assert pending_autosaves() == [path]
    discard_autosave(path)
    discard_autosave(path)
    assert not path.exists() and not previous_copy(path).exists()
    assert pending_autosaves() == []
    discard_autosave(autosave_path(second))


def test_a_damaged_autosave_is_reported_and_the_copy_before_it_offered() -> None:
    """A truncated (or garbage) autosave is no longer silently dropped: the previous
    copy, one move earlier, is offered, with the reason."""
    for path in pending_autosaves():
        discard_autosave(path)
    game = new_game(seed=103)
    play_greedy(game)
    autosave(game)
    before = snapshot(game, seconds=False)
    play_greedy(game)
    path = autosave(game)
    assert previous_copy(path).exists()
    for damage in (path.read_bytes()[:200], b"\x00garbage\xff", b""):
        path.write_bytes(damage)
        assert pending_autosaves() == [path]
        recovered = resume(path)
        assert recovered.from_previous
        assert snapshot(recovered.value, seconds=False) == before
        assert "latest autosave could not be read" in recovered.report()
        assert str(path) in recovered.report()
    path.unlink()  # only the previous copy is left (a crash between two writes)
    assert pending_autosaves() == [path] and resume(path).from_previous
    discard_autosave(path)
    assert pending_autosaves() == []


def test_an_unreadable_autosave_and_copy_say_both_problems() -> None:
    game = new_game(seed=104)
    play_greedy(game)
    path = autosave(game)
    autosave(game)
    path.write_text("{ damaged", encoding="utf-8")
    previous_copy(path).write_text("[]", encoding="utf-8")
    assert pending_autosaves() == []
    with pytest.raises(RecoveryError) as caught:
        resume(path)
    assert "broken JSON" in str(caught.value) and "not a WordStudio" in str(caught.value)
    discard_autosave(path)


def test_an_autosave_never_leaves_a_half_written_file(tmp_path: Path, monkeypatch:
                                                      pytest.MonkeyPatch) -> None:
    game = new_game(seed=5)
    path = autosave(game)
    before = path.read_text(encoding="utf-8")
    play_greedy(game)

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError):
        autosave(game)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")] == []
    discard_autosave(path)
