"""A person taking a seat in a ``selfplay -S``/``-s`` game (seed 001, section 3: "You can
return to normal play from a -S or -s game by pressing a key other than the ENTER key")
and playing on at the terminal (``wordstudio.crossword.players.takeover``)."""

from __future__ import annotations

import argparse
import io
import os
import re
import threading

import pytest

from wordstudio.crossword.actions import Pass, Play
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.crossword.gameconfig import Direction
from wordstudio.crossword.players.computer import choose_action, hint
from wordstudio.crossword.players.selfplay_cli import run_selfplay
from wordstudio.crossword.players.takeover import parse_square, person_seat, read_action
from wordstudio.crossword.rules import IllegalMove
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir


def step_args(**changes) -> argparse.Namespace:
    values = dict(config="board7.cfg", games=3, seed=1, player=[], lexicon="en-US-standard",
                  json=False, watch=False, step=True, quiet=False, show_tiles=False,
                  check=False, workers=1, first=None)
    values.update(changes)
    return argparse.Namespace(**values)


def game_on(config: str = "board7.cfg", seed: int = 1) -> Game:
    seats = (PlayerSpec("config", computer=True, level=5), PlayerSpec("control", computer=True,
                                                                       knobs="control"))
    setup = GameSetup.create(load_config(boards_dir() / config), seats, seed=seed,
                             lexicon="en-US-standard")
    return Game(setup, load_lexicon("en-US-standard"))


def test_moves_are_typed_as_the_history_writes_them_or_as_wordsworth_took_them():
    assert parse_square("8H", 15) == (7, 7, Direction.ACROSS)
    assert parse_square("h8", 15) == (7, 7, Direction.DOWN)
    assert parse_square("16A", 15) is None and parse_square("8", 15) is None
    assert parse_square("8H8", 15) is None
    game = game_on("scrabble.cfg")
    best = hint(game.position()).candidates[0].move
    assert read_action(game, best.notation()) == Play(best.placed)
    square = f"{chr(ord('A') + best.col)}{best.row + 1}"
    way = "a" if best.direction is Direction.ACROSS else "d"
    assert read_action(game, f"{way} {square} {best.word}") == Play(best.placed)
    assert read_action(game, "p") == Pass(())
    assert read_action(game, "p QU_ ?") == Pass(("Q", "U", "?", "?"))
    assert [read_action(game, c) for c in ("h", "W", "q")] == ["hint", "watch", "quit"]
    for wrong, said in (("", "type a move"), ("zz WORD", "not a square"),
                        ("8H", "a square and a word"), ("a 99Z WORD", "not a square")):
        with pytest.raises(IllegalMove, match=said):
            read_action(game, wrong)


def test_the_person_takes_the_controls_seat_or_chooses_one():
    game = game_on()
    assert person_seat(game, io.StringIO(""), io.StringIO()) == 1  # WordsWorth's "you"
    seats = (PlayerSpec("level2", computer=True, level=2), PlayerSpec("greedy", computer=True))
    other = Game(GameSetup.create(load_config(boards_dir() / "board7.cfg"), seats, seed=1,
                                  lexicon="en-US-standard"), load_lexicon("en-US-standard"))
    shown = io.StringIO()
    assert person_seat(other, io.StringIO("7\nx\n1\n"), shown) == 0
    assert "1) level2" in shown.getvalue() and shown.getvalue().count("Take which seat") == 3


def test_a_key_other_than_enter_in_a_step_game_gives_the_person_the_control(capsys):
    """``-s``: Enter plays the next move; another key (a line from a pipe) takes the
    control's seat; the person's moves go through the game's rules, ``h`` shows hints,
    ``w`` hands the seat back, and the game is played to its end; the match stops."""
    keys = io.StringIO("\n"        # the first move, then the control is to play
                       "t\n"       # take the seat
                       "8A ZZZZZZZ\n"  # a word the rules refuse
                       "h\n"       # hints
                       "p\n"       # pass
                       "w\n")      # the computer plays on
    out = io.StringIO()
    assert run_selfplay(step_args(), out, io.StringIO(), keys) == 0
    text = out.getvalue()
    assert "You play control's seat from move 3." in text
    assert "Your rack:" in text and "Try again." in text
    hints_at = text.index("Your move", text.index("Try again."))
    assert any(line.strip().split()[-1].isdigit() for line in text[hints_at:].splitlines()[1:4])
    assert "control: passed" in text and "The computer plays control again." in text
    assert "== game (seed 1" in text and "The match stops here" in text
    assert "== game 2" not in text


def test_q_at_the_persons_turn_stops():
    keys = io.StringIO("t\nq\n")
    out = io.StringIO()
    assert run_selfplay(step_args(), out, io.StringIO(), keys) == 0
    assert out.getvalue().rstrip().endswith("stopped")


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal needs a POSIX system")
def test_any_key_but_enter_pressed_while_a_watched_game_plays_takes_a_seat():
    """``-S`` at a terminal: the game plays on by itself; a key (not Enter) pressed
    meanwhile gives the person the control's seat."""
    import pty

    leader, follower = pty.openpty()
    try:
        keys = os.fdopen(follower, "r", closefd=False)
        os.write(leader, b"\nx")  # Enter is ignored; x takes the seat
        out = io.StringIO()
        status: list[int] = []
        args = step_args(step=False, watch=True)
        player = threading.Thread(target=lambda: status.append(
            run_selfplay(args, out, io.StringIO(), keys)))
        player.start()
        for _ in range(200):
            if "Your move" in out.getvalue():
                break
            player.join(0.1)
        os.write(leader, b"q\n")
        player.join(30)
        assert status == [0]
        text = out.getvalue()
        assert "You play control's seat from move" in text and text.rstrip().endswith("stopped")
        moves = [line for line in text.splitlines() if re.match(r"\s*\d+\. ", line)]
        assert 1 <= len(moves) <= 3  # it stopped at once, not after the game
    finally:
        os.close(leader)
        os.close(follower)


def test_without_a_key_a_watched_game_plays_to_its_end():
    out = io.StringIO()
    assert run_selfplay(step_args(step=False, watch=True, games=1), out, io.StringIO(),
                        io.StringIO("x\n")) == 0  # not a terminal: no key is looked for
    assert "You play" not in out.getvalue() and "== game 1" in out.getvalue()


def test_the_computer_plays_the_other_seats_legally():
    game = game_on()
    for action in choose_action(game.position(), game.players[0]).actions:
        game.act(action)
    keys = io.StringIO("w\n")
    from wordstudio.crossword.players.takeover import play_on

    turns = []
    assert play_on(game, 1, keys, io.StringIO(), lambda g, t: turns.append(t))
    assert game.over and turns and all(t.player in (0, 1) for t in turns)
