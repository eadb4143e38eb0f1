"""WordsWorth saved games (seed 001, Appendix B): the manual's example, round trips,
WordsWorth's own conventions, and damaged files named by line."""

from __future__ import annotations

import re
import warnings
from dataclasses import replace
from pathlib import Path

import pytest

from tests.test_records import (
    SCRIPTED,
    FakeClock,
    game_played_out,
    game_with_every_turn,
    game_with_pick_ups,
    new_game,
    play_greedy,
    snapshot,
    standard_config,
    standard_words,
)
from wordstudio.crossword.game import GameSettings, WordCheck
from wordstudio.crossword.gameconfig import ExchangeAllowed, GameConfig
from wordstudio.crossword.records.formats import open_record
from wordstudio.crossword.records.native import RecordError, load_game, save_game
from wordstudio.crossword.records.saved import RecordNote, SavedGame
from wordstudio.crossword.records.wwformat import WWMove, parse_file
from wordstudio.crossword.records.wwsave import (
    load_wordsworth,
    read_wordsworth_text,
    save_wordsworth,
    wordsworth_text,
)

EXAMPLE = "1 0 A H G H-LLO +ACDO *12"


def read(text: str, config: GameConfig | None = None, seed: int | None = 77,
         **kwargs: object) -> SavedGame:
    return read_wordsworth_text(text, config or standard_config(), standard_words(),
                                source="game.sav", seed=seed, now=FakeClock(),
                                **kwargs)  # type: ignore[arg-type]


def strip_notes(text: str, keep: tuple[str, ...] = ()) -> str:
    """The file as WordsWorth itself would write it: no ``#:`` data (except ``keep``)."""
    lines = []
    for line in text.splitlines():
        body, mark, note = line.partition("#:")
        if mark and any(note.strip().startswith(k) for k in keep):
            lines.append(line)
        elif body.strip():
            lines.append(body.rstrip())
    return "\n".join(lines) + "\n"


def example_config() -> GameConfig:
    """The standard game with a double-letter square on row H, column G and an E already
    on row H, column H: the manual's example move then scores 12."""
    config = standard_config()
    layout = list(config.layout)
    layout[7] = layout[7][:6] + "b" + layout[7][7:]
    board = ["." * 15] * 15
    board[7] = "." * 7 + "E" + "." * 7
    return config.with_changes(layout=tuple(layout), starting_board=tuple(board))


def example_file(board: tuple[str, ...] | None = None, move: str = EXAMPLE) -> str:
    rows = "\n".join(board or example_config().starting_board)
    return f"""# The example of Appendix B
@5
{rows}
HLLOXYZ      # the program's rack
AEIRSTU      # yours
{move}
0
"""


# --- the manual's example ------------------------------------------------------------------
def test_the_example_line_is_read_and_written_back() -> None:
    parsed = parse_file(f"@1\nHLLOXYZ\nAEIRSTU\n{EXAMPLE}\n0\n", 15, 15)
    (move,) = parsed.moves
    assert move == WWMove(1, 0, "A", 7, 6, "H-LLO", "ACDO", 12, (), 4)
    assert move.format() == EXAMPLE


def test_the_example_game_replays_and_is_written_back_unchanged() -> None:
    base = standard_config()  # the file brings the starting board
    saved = read(example_file(), base.with_changes(layout=example_config().layout))
    game = saved.game
    assert saved.format == "wordsworth" and saved.notes == ()
    assert game.setup.scripted_draws == (tuple("HLLOXYZ"), tuple("AEIRSTU"), tuple("ACDO"))
    assert game.config.starting_board == example_config().starting_board
    assert game.board.to_rows()[7] == "......HELLO...."
    (turn,) = game.history
    assert (turn.player, turn.score, turn.drawn, turn.words) == (0, 12, tuple("ACDO"),
                                                                ("HELLO",))
    assert game.racks[0].tiles == tuple("XYZACDO")
    assert game.players[0].computer and not game.players[1].computer
    written = wordsworth_text(game)
    assert EXAMPLE in written.splitlines()
    assert "@5" in written.splitlines() and "HLLOXYZ" in written.splitlines()
    again = read(written, base.with_changes(layout=example_config().layout))
    assert snapshot(again.game) == snapshot(game)


def test_a_starting_board_relaxes_the_first_move_rule() -> None:
    """With letters on the board the first move need not cover the centre square (the
    standard game's rule); it builds on the letters instead."""
    rows = ["." * 15] * 15
    rows[2] = "...E..........."
    board = tuple(rows)
    game = read(example_file(board, "1 0 A C C H-LLO +ACDO"), standard_config()).game
    assert game.config.starting_board == board
    assert game.board.to_rows()[2] == "..HELLO........"
    with pytest.raises(RecordError, match="no anchor square"):
        read(example_file(board, "1 0 A H G HOLY +ACDO"), standard_config())


# --- round trips ---------------------------------------------------------------------------
TWO_PLAYER = [name for name in SCRIPTED if name != "redo line"]


@pytest.mark.parametrize("name", TWO_PLAYER)
def test_save_load_gives_the_identical_game(name: str, tmp_path: Path) -> None:
    game = SCRIPTED[name]()
    path = tmp_path / "game.sav"
    save_wordsworth(game, path)
    config = game.config.with_changes(starting_board=())  # the file brings the board
    loaded = load_wordsworth(path, config, standard_words(),
                             config_path=game.setup.config_path, now=FakeClock())
    assert loaded.setup.scripted_draws == ()  # the noted seed reproduces every draw
    assert snapshot(loaded, setup=False) == snapshot(game, setup=False)
    assert loaded.setup == game.setup
    assert wordsworth_text(loaded) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["played out", "pick-ups (ExchangeAllowed 3)",
                                  "pick-ups (ExchangeAllowed 2)", "undo then new moves"])
def test_a_plain_wordsworth_file_gives_the_same_position(name: str) -> None:
    """Without WordStudio's notes the tiles come from the file: same board, racks,
    scores and history; only names, times and the order of the unseen tiles are lost."""
    game = SCRIPTED[name]()
    saved = read(strip_notes(wordsworth_text(game)), game.config)
    loaded = saved.game
    assert loaded.setup.scripted_draws
    assert [p.name for p in loaded.players] == (["You", "WordsWorth"] if not game.players[0]
                                                 .computer else ["WordsWorth", "You"])
    assert loaded.setup.settings.word_check == WordCheck.CONFIRM
    mine = snapshot(loaded, bag_order=False, seconds=False, setup=False)
    theirs = snapshot(game, bag_order=False, seconds=False, setup=False)
    # The end names the player, and a plain file has no names.
    names = dict(zip(game.names, loaded.names, strict=True))
    theirs["end_reason"] = " ".join(names.get(w, w) for w in game.end_reason.split(" "))
    assert mine == theirs


def test_a_wrong_noted_seed_falls_back_to_the_files_tiles() -> None:
    game = game_played_out()
    text = wordsworth_text(game).replace("#: seed 11", "#: seed 12")
    loaded = read(text, seed=None).game
    assert loaded.setup.scripted_draws and loaded.setup.seed == 12
    assert snapshot(loaded, bag_order=False, setup=False) == snapshot(
        game, bag_order=False, setup=False)


def test_a_game_from_a_wordsworth_file_plays_on_undoes_and_saves(tmp_path: Path) -> None:
    game = new_game(seed=41)
    for _ in range(6):
        play_greedy(game)
    loaded = read(strip_notes(wordsworth_text(game)), seed=5).game
    assert len(loaded.setup.scripted_draws) == 8  # two racks and six plays
    play_greedy(loaded)
    play_greedy(loaded)
    before = snapshot(loaded)
    loaded.undo(5)  # back into the moves that came from the file
    loaded.redo(5)
    assert snapshot(loaded) == before
    loaded.undo(1)
    play_greedy(loaded, rank=1)
    save_game(loaded, tmp_path / "again.crossword")
    assert snapshot(load_game(tmp_path / "again.crossword", now=FakeClock())) == snapshot(loaded)
    save_wordsworth(loaded, tmp_path / "again.sav")
    again = load_wordsworth(tmp_path / "again.sav", standard_config(), now=FakeClock())
    # The draws made after loading are now in the file too.
    assert again.setup.scripted_draws[:8] == loaded.setup.scripted_draws
    assert replace(again.setup, scripted_draws=()) == replace(loaded.setup, scripted_draws=())
    assert snapshot(again, bag_order=False, setup=False) == snapshot(loaded, bag_order=False,
                                                                     setup=False)


def test_open_record_tells_the_formats_apart(tmp_path: Path) -> None:
    game = game_played_out()
    save_wordsworth(game, tmp_path / "g.sav")
    save_game(game, tmp_path / "g.crossword")
    ww = open_record(tmp_path / "g.sav", standard_config(), now=FakeClock())
    native = open_record(tmp_path / "g.crossword", now=FakeClock())
    assert (ww.format, native.format) == ("wordsworth", "wordstudio")
    assert snapshot(ww.game, setup=False) == snapshot(native.game, setup=False)
    with pytest.raises(RecordError, match="holds no configuration"):
        open_record(tmp_path / "g.sav")


# --- WordsWorth's conventions --------------------------------------------------------------
def test_whitespace_and_comments_are_ignored() -> None:
    spaced = example_file().replace(EXAMPLE, "1 0   # move one\nA H\n G H-LLO + ACDO\n* 12")
    spaced = spaced.replace(".......E.......", "....... E .......   # a split row")
    game = read(spaced, example_config()).game
    assert game.history[0].score == 12 and game.history[0].drawn == tuple("ACDO")


def test_a_blank_is_lower_case_in_words_and_underscore_in_racks() -> None:
    text = example_file().replace("HLLOXYZ", "_LLOXYZ").replace("H-LLO", "h-LLO")
    game = read(text.replace("*12", "*4"), example_config()).game
    assert game.board.tile_at(7, 6) == ("H", True)
    assert game.history[0].score == 4


def test_a_word_not_in_the_list_is_accepted_as_wordsworth_did() -> None:
    text = example_file().replace("HLLOXYZ", "HLLZXYO").replace("H-LLO", "H-LLZ")
    saved = read(text.replace("*12", "*21"), example_config())
    assert saved.game.history[0].action.confirmed == ("HELLZ",)  # type: ignore[union-attr]
    assert "HELLZ, not in the word list; accepted" in saved.notes[0]
    noted = text.replace("@5", '#: settings {"word_check": "refuse", "challenge_penalty": 0, '
                               '"clock": {"turn_limit": 0, "game_limit": 0, '
                               '"overtime_penalty": 10}}\n@5')
    with pytest.raises(RecordError, match="move 1 is not legal: not in the dictionary: HELLZ"):
        read(noted.replace("*12", "*21"), example_config())


@pytest.mark.parametrize(("flag", "moves"), [("@1", 1), ("@3", 1), ("@5", 1), ("@7", 1),
                                             ("@4", 0), ("@6", 0)])
def test_every_flag_combination(flag: str, moves: int) -> None:
    text = example_file().replace("@5", flag)
    if not int(flag[1]) & 4:
        text = "\n".join(line for line in text.splitlines() if not line.startswith("...")) + "\n"
    if not int(flag[1]) & 1:
        text = text.split("HLLOXYZ")[0] + "0\n"
    config = example_config() if not int(flag[1]) & 4 else example_config().with_changes(
        starting_board=())
    saved = read(text, config)
    assert len(saved.game.history) == moves
    assert saved.game.config.starting_board == example_config().starting_board
    assert any("no longer supported" in n for n in saved.notes) == bool(int(flag[1]) & 2)


def test_an_old_seed_after_flag_2_is_ignored() -> None:
    saved = read(example_file().replace("@5", "@7 4711"), example_config())
    assert saved.game.history[0].score == 12
    assert "random-seed flag (@2) is no longer supported" in saved.notes[0]


def test_text_after_the_closing_zero_and_unknown_notes_are_noted() -> None:
    text = example_file().replace("@5", "#: colour blue\n@5") + "stray words\n"
    saved = read(text, example_config())
    assert any("'colour'" in n for n in saved.notes)
    assert any("what follows the closing 0 is ignored" in n for n in saved.notes)


def test_a_pick_up_may_name_only_the_letter() -> None:
    game = game_with_pick_ups(ExchangeAllowed.WHOLE_MOVE)
    text = strip_notes(wordsworth_text(game))
    short = re.sub(r"^(\d+ \d) X H [GH] ([ea])", r"\1 X \2", text, flags=re.M)
    assert short != text
    loaded = read(short, game.config).game
    assert snapshot(loaded, bag_order=False, seconds=False, setup=False) == snapshot(
        game, bag_order=False, seconds=False, setup=False)


def test_only_two_player_games_can_be_written() -> None:
    with pytest.raises(RecordError, match="two-player game, not 3 players"):
        wordsworth_text(new_game(players=3))


def test_the_notes_are_issued_as_warnings(tmp_path: Path) -> None:
    path = tmp_path / "g.sav"
    path.write_text(example_file().replace("@5", "@7"), encoding="utf-8")
    with pytest.warns(RecordNote, match="no longer supported"):
        load_wordsworth(path, example_config(), standard_words(), seed=1)


# --- damaged files -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def plain_text() -> str:
    return strip_notes(wordsworth_text(game_played_out()))


def _line_of(text: str, prefix: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(prefix))


def _edit_line(text: str, prefix: str, change: object) -> str:
    lines = text.splitlines()
    n = _line_of(text, prefix) - 1
    lines[n] = change(lines[n])  # type: ignore[operator]
    return "\n".join(lines) + "\n"


def _next_move_number(text: str) -> int:
    """The number a move added after the last one would carry."""
    moves = [line for line in text.splitlines() if line[:1].isdigit() and " " in line]
    return int(moves[-1].split()[0]) + 1


def _word(line: str, index: int, value: str) -> str:
    items = line.split()
    items[index] = value
    return " ".join(items)


DAMAGE = {
    # name: (edit, message, the line named: a move's prefix, or a line number)
    "no flag": (lambda t: t.replace("@1\n", ""), "starts with a flag such as @1", "EYOTSWC"),
    "unknown flag": (lambda t: t.replace("@1\n", "@9\n"), "unknown flag @9", "@9"),
    "flag 0": (lambda t: t.replace("@1\n", "@0\n"), "flagged @0", None),
    "cut short": (lambda t: t.split("\n6 ")[0] + "\n", "cut short", "5 "),
    "bad move number": (lambda t: _edit_line(t, "3 ", lambda s: _word(s, 0, "x")),
                        "expected a move number or the closing 0, found 'x'", "x "),
    "move numbers out of order": (lambda t: _edit_line(t, "3 ", lambda s: _word(s, 0, "7")),
                                  "a move numbered 7 where move 3 should be", "7 "),
    "bad player": (lambda t: _edit_line(t, "3 ", lambda s: _word(s, 1, "2")),
                   "the player is 0 (program) or 1 (you), not '2'", "3 "),
    "wrong player": (lambda t: _edit_line(t, "3 ", lambda s: _word(s, 1, "0")),
                     "move 3 is by player 0, but it was player 1's turn", "3 "),
    "unknown action": (lambda t: _edit_line(t, "3 ", lambda s: _word(s, 2, "Q")),
                       "unknown action 'Q'", "3 "),
    "no word": (lambda t: _edit_line(t, "3 ", lambda s: " ".join(s.split()[:5] + ["*36"])),
                "gives a row, a column and a word", "3 "),
    "bad row": (lambda t: _edit_line(t, "3 ", lambda s: _word(s, 3, "?")),
                "'?' is not a row letter", "3 "),
    "mask marks an empty square": (lambda t: _edit_line(t, "2 ", lambda s: s.replace(
        "COY-TES", "COY--ES")), "marks row E, column I as already holding a tile", "2 "),
    "letter on a tile": (lambda t: _edit_line(t, "2 ", lambda s: s.replace("COY-TES",
                                                                          "COYRTES")),
                         "row E, column H already holds O", "2 "),
    "runs on from a tile": (lambda t: _edit_line(t, "2 ", lambda s: s.replace(
        "A E E COY-TES", "A E I TES")), "runs on from the tile before it", "2 "),
    "runs into a tile": (lambda t: _edit_line(t, "2 ", lambda s: s.replace("COY-TES",
                                                                           "COY")),
                         "can't end there", "2 "),
    "off the board": (lambda t: _edit_line(t, "2 ", lambda s: s.replace("A E E", "A E M")),
                      "runs off the board", "2 "),
    "edited score": (lambda t: _edit_line(t, "2 ", lambda s: s.replace("*48", "*49")),
                     "move 2 scores 48, but the file says 49", "2 "),
    "changed draw": (lambda t: _edit_line(t, "2 ", lambda s: s.replace("+LTEAPA", "+YTEAPA")),
                     "move 2 cannot be replayed: the bag holds no 'Y'", "2 "),
    "too few drawn": (lambda t: _edit_line(t, "2 ", lambda s: s.replace("+LTEAPA", "+LTEAP")),
                      "move 2 draws LTEAP, but 6 tiles were due", "2 "),
    "too many drawn": (lambda t: _edit_line(t, "2 ", lambda s: s.replace("+LTEAPA",
                                                                         "+LTEAPAA")),
                       "a recorded draw of 7 tiles where only 6 fit", "2 "),
    "short rack": (lambda t: t.replace("EYOTSWC", "EYOTSW"),
                   "the program's starting rack EYOTSW should hold 7 tiles", "EYOTSW"),
    "bad rack": (lambda t: t.replace("EYOTSWC", "EYOTSW3"), "'3' is not a tile", "EYOTSW3"),
    "illegal move": (lambda t: _edit_line(t, "4 ", lambda s: s.replace("WA-", "QQ-")),
                     "move 4 is not legal: you don't have a Q", "4 "),
    "bad pick-up": (lambda t: _edit_line(t, "4 ", lambda s: "4 0 X F F a *0"),
                    "move 4 is not legal: this game does not allow picking up blanks", "4 "),
    "after the end": (lambda t: t.replace("\n0\n", f"\n{_next_move_number(t)} 0 P *0\n0\n"),
                      "comes after the end of the game", lambda t: len(t.splitlines()) - 1),
    "bad notes": (lambda t: "#: players [oops\n" + t, "the noted players are not readable", 1),
    "bad time": (lambda t: _edit_line(t, "2 ", lambda s: s + "  #: s=soon"),
                 "'soon' is not a time in seconds", "2 "),
}


@pytest.mark.parametrize("name", list(DAMAGE))
def test_damaged_files_name_the_file_and_line(name: str, plain_text: str,
                                              tmp_path: Path) -> None:
    edit, message, where = DAMAGE[name]
    text = edit(plain_text)
    path = tmp_path / "damaged.sav"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_wordsworth(path, standard_config(), standard_words(), seed=3)
    error = caught.value
    assert message in error.problem
    assert str(error).startswith(f"{path}")
    if isinstance(where, str):
        assert error.line == _line_of(text, where), str(error)
    elif isinstance(where, int):
        assert error.line == where
    elif callable(where):
        assert error.line == where(text)
    assert path.read_text(encoding="utf-8") == text


def test_the_every_turn_game_keeps_its_challenges_and_resignation() -> None:
    game = game_with_every_turn()
    text = wordsworth_text(game)
    assert "#: C 0 *0 upheld" in text and "#: C 0 *-5 failed" in text
    assert re.search(r"^#: R \d", text, flags=re.M)
    assert "timeout" in text
    # The file's ruling stands (a game may have been judged by another word list), so an
    # edited ruling shows up in what the challenge did.
    edited = text.replace("*-5 failed", "*-5 upheld")
    with pytest.raises(RecordError, match="scores 0, but the file says -5"):
        read(edited)


def test_settings_from_notes_are_used() -> None:
    game = new_game(settings=GameSettings(WordCheck.CHALLENGE, challenge_penalty=3))
    play_greedy(game)
    loaded = read(wordsworth_text(game)).game
    assert loaded.setup.settings == game.setup.settings


def test_leading_zeros_of_any_length_in_a_move_number(plain_text: str, tmp_path: Path) -> None:
    """Python refuses to read a number of more than 4,300 digits: the zeros go first."""
    path = tmp_path / "zeros.sav"
    path.write_text(_edit_line(plain_text, "3 ", lambda s: "0" * 5000 + s), encoding="utf-8")
    zeros = load_wordsworth(path, standard_config(), standard_words(), seed=3)
    path.write_text(plain_text, encoding="utf-8")
    plain = load_wordsworth(path, standard_config(), standard_words(), seed=3)
    assert zeros.inputs == plain.inputs


@pytest.mark.parametrize("comment", ["#:", "#: ", "#: RC 1"])
def test_an_empty_or_unknown_note_among_the_moves_is_no_action(comment: str, plain_text: str,
                                                                tmp_path: Path) -> None:
    """Only ``#: R`` and ``#: C`` lines are WordStudio's actions (an empty note once read
    as one, and failed)."""
    path = tmp_path / "noted.sav"
    path.write_text(_edit_line(plain_text, "3 ", lambda s: f"{comment}\n{s}"), encoding="utf-8")
    with warnings.catch_warnings(record=True) as notes:
        warnings.simplefilter("always")
        noted = load_wordsworth(path, standard_config(), standard_words(), seed=3)
    assert [str(n.message).split(": ", 1)[1] for n in notes] == (
        ["line 12: a WordStudio note 'RC' that this version does not know is ignored"]
        if comment.strip() != "#:" else [])
    path.write_text(plain_text, encoding="utf-8")
    assert noted.inputs == load_wordsworth(path, standard_config(), standard_words(),
                                           seed=3).inputs
