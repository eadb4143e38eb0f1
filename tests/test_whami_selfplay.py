"""WORDwhami self-play: whole games between computer players, to the end.

Each game is refereed from its history alone (every play re-checked by the rules on a
board of the referee's own, every word looked up, every score re-added); on top of that
this test re-checks each play as it is made, the seed's wild rules written out
directly, the tiles (none lost, none made up) and how the game ended.  Searches are cut
to a twentieth of a second a move so a game takes seconds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache

import pytest

from wordstudio.crossword.actions import Outcome, Pass, Play, Turn
from wordstudio.crossword.board import Board
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.players.knobs import Vocabulary
from wordstudio.crossword.players.selfplay import play_whami_game
from wordstudio.crossword.players.whami import WHAMI_LEVELS, WhamiLevel
from wordstudio.crossword.rules import analyse_play
from wordstudio.crossword.tiles import BLANK
from wordstudio.paths import boards_dir

LEXICON = "en-US-standard"


@lru_cache(maxsize=1)
def config() -> GameConfig:
    return load_config(boards_dir() / "wordwhami.cfg")


class Watcher:
    """Checks each turn as it is taken, on a board of its own."""

    def __init__(self) -> None:
        self.board: Board | None = None
        self.plays = 0
        self.exchanges = 0
        self.wilds_played = 0

    def __call__(self, game: Game, turn: Turn) -> None:
        if self.board is None:
            self.board = Board(game.config)
        action = turn.action
        if isinstance(action, Play):
            analysis = analyse_play(self.board, action.placements, None, game.words, turn.player)
            assert analysis.score == turn.score and not analysis.unknown, turn.describe()
            assert not Counter(p.tile for p in action.placements) - Counter(turn.rack_before)
            wilds = sum(1 for p in action.placements if p.blank)
            assert wilds <= 1, turn.describe()  # one wild per word, one word per play
            for word in analysis.words:
                assert sum(1 for ch in word.shown if ch.islower()) <= 1, turn.describe()
                reading = word.shown[::-1] if word.backwards else word.shown
                if reading.endswith("s") and len(reading) > 2:
                    assert reading[:-1].upper() not in game.words, turn.describe()
            self.board.place(action.placements, owner=turn.player)
            self.plays += 1
            self.wilds_played += wilds
        elif isinstance(action, Pass):
            assert turn.outcome in (Outcome.EXCHANGED, Outcome.PASSED)
            if turn.outcome is Outcome.EXCHANGED:
                # Rule 7: a player who cannot form a word exchanges all his letters.
                assert len(action.discards) == len(turn.drawn) == game.config.rack_size
                self.exchanges += 1
        else:
            raise AssertionError(f"a computer player took {action!r}")


GAMES = [
    (11, (WHAMI_LEVELS[2], WHAMI_LEVELS[6])),
    (12, (WHAMI_LEVELS[8], WHAMI_LEVELS[4])),
]


@pytest.mark.parametrize(("seed", "levels"), GAMES, ids=["level2-level6", "level8-level4"])
def test_whole_games_are_legal_and_add_up(seed: int, levels: tuple[WhamiLevel, ...]) -> None:
    watcher = Watcher()
    played = play_whami_game(config(), levels, seed, seconds=0.05, lexicon=LEXICON,
                             verify=True, on_turn=watcher)
    game = played.game
    assert game.over
    # Nobody could move (every player exchanged or passed in turn; the engine's long
    # scoreless-rounds stop says the same), or the bag ran out and a player went out.
    assert (game.end_reason == "every player passed in turn"
            or game.end_reason.startswith("no one scored for")
            or game.end_reason.endswith("went out")), game.end_reason
    if game.end_reason.endswith("went out"):
        assert len(game.bag) == 0 and not game.racks[game.went_out].tiles
    # Scores re-added from the history (the referee did it too, with its own board).
    totals = [0, 0]
    for turn in game.history:
        totals[turn.player] += turn.score
    assert totals == game.final_scores() == game.scores
    # Every tile is somewhere: on the board, on a rack or in the bag.
    on_board = sum(1 for cell in game.board.cells if cell >= 0)
    held = sum(len(rack) for rack in game.racks)
    assert on_board + held + len(game.bag) == config().tiles.total_tiles == 400
    blanks = sum(1 for cell in game.board.cells if cell >= 0 and cell & 64)
    assert blanks == watcher.wilds_played
    assert blanks + sum(r.tiles.count(BLANK) for r in game.racks) + game.bag.tiles.count(
        BLANK) == 50
    assert watcher.board is not None and watcher.board.cells == game.board.cells
    # A real game: most of the tiles got played, by both players.
    assert watcher.plays >= 30 and on_board >= 250
    assert all(score > 0 for score in game.scores)


def test_a_game_without_a_clock_is_the_same_game_every_time() -> None:
    # Deterministic players (no budget, a quick search) on a board cut short by a
    # score limit: the batch engine reproduces a game from its seed.
    quick = WhamiLevel(5, Vocabulary.FULL, 0.0, 30, -1)
    short = config().with_changes(end=replace(config().end, score_limit=600))
    first = play_whami_game(short, (quick, quick), 21, lexicon=LEXICON)
    second = play_whami_game(short, (quick, quick), 21, lexicon=LEXICON)
    assert [t.action for t in first.game.history] == [t.action for t in second.game.history]
    assert first.game.end_reason.endswith("reached 600 points")
    assert [t.score for t in first.game.history] == [t.score for t in second.game.history]
