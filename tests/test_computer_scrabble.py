"""``boards/computer-scrabble.cfg``: the game by the Computer SCRABBLE manual's own rules
(seed 004) - 1 to 4 players, swaps whatever the bag holds, no scoreless-turns limit -
beside the tournament standard game (``scrabble.cfg``), which keeps its rules."""

from __future__ import annotations

import pytest

from wordstudio.crossword.actions import Pass
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
from wordstudio.crossword.players.computer import choose_action
from wordstudio.crossword.players.selfplay import play_game
from wordstudio.crossword.rules import IllegalMove
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir

LEXICON = "en-US-standard"
COMPUTER = PlayerSpec("Apple", computer=True, level=5)


@pytest.fixture(scope="module")
def words():
    return load_lexicon(LEXICON)


def manual():
    return load_config(boards_dir() / "computer-scrabble.cfg")


def tournament():
    return load_config(boards_dir() / "scrabble.cfg")


def test_it_is_the_standard_board_and_tiles_with_the_manuals_rules() -> None:
    ours, standard = manual(), tournament()
    assert (ours.layout, ours.tiles, ours.rack_size, ours.play_all_tile_bonus) == (
        standard.layout, standard.tiles, 7, 50)
    assert (ours.min_players, ours.max_players) == (1, 4)  # "NUMBER OF PLAYERS 1-4 ?"
    assert ours.exchange_minimum_bag == 0 and ours.end.scoreless_turns_limit == 0
    assert ours.end.deduct_unplayed and ours.end.going_out_bonus  # rule 18
    # The tournament game keeps today's rules.
    assert (standard.min_players, standard.exchange_minimum_bag,
            standard.end.scoreless_turns_limit) == (2, 7, 6)


def test_one_person_plays_a_game_alone_to_its_end(words) -> None:
    played = play_game(manual(), [COMPUTER], seed=3, words=words, verify=True, lexicon=LEXICON)
    game = played.game
    assert game.over and len(game.players) == 1 and game.winners() == [0]
    assert game.went_out == 0 or "passed" in game.end_reason or "scored" in game.end_reason
    assert sum(t.score for t in game.history) > 100
    with pytest.raises(IllegalMove, match="2 to 4 players"):
        GameSetup.create(tournament(), [COMPUTER])


def _twin_games(words, bag_below: int) -> tuple[Game, Game]:
    """The same seeded game under both rule sets (same board, tiles and draws), played by
    the computer until the bag holds fewer than ``bag_below`` tiles."""
    seats = [COMPUTER, PlayerSpec("Ann", computer=True, level=5)]
    ours = Game(GameSetup.create(manual(), seats, seed=8, lexicon=LEXICON), words)
    theirs = Game(GameSetup.create(tournament(), seats, seed=8, lexicon=LEXICON), words)
    while len(ours.bag) >= bag_below:
        for action in choose_action(ours.position(), seats[ours.current]).actions:
            ours.act(action)
            theirs.act(action)
        assert not ours.over
    assert ours.racks == theirs.racks and len(ours.bag) == len(theirs.bag)
    return ours, theirs


def test_a_swap_is_allowed_whatever_the_bag_holds(words) -> None:
    ours, theirs = _twin_games(words, bag_below=7)
    assert 1 <= len(ours.bag) < 7
    tile = (ours.racks[ours.current].tiles[0],)
    with pytest.raises(IllegalMove, match="at least 7"):
        theirs.act(Pass(tile))
    turn = ours.act(Pass(tile))
    assert turn.action == Pass(tile) and not ours.over
    # Never more tiles than the bag can give back.
    too_many = tuple(ours.racks[ours.current].tiles[: len(ours.bag) + 1])
    with pytest.raises(IllegalMove):
        ours.act(Pass(too_many))


def test_six_scoreless_turns_do_not_end_the_game(words) -> None:
    ours, theirs = _twin_games(words, bag_below=60)
    for _ in range(6):
        tile = (ours.racks[ours.current].tiles[0],)
        ours.act(Pass(tile))
        theirs.act(Pass(tile))
    assert theirs.over and "6 scoreless turns" in theirs.end_reason
    assert not ours.over
    # Every player passing in turn still ends it (section F 1).
    for _ in range(2):
        ours.act(Pass())
    assert ours.over and "passed" in ours.end_reason
