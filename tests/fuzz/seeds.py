"""Good files for the mutators to damage: the shipped ones, and games played and saved here.

Each ``*_seeds()`` function returns ``[(file name, bytes), ...]``, made once per process.
Saved games are played by the engine itself (seeded, so every run damages the same
files): a crossword game with every kind of turn, one played out, one with a redo line,
a WORDwhami game, WordsWorth saves, Word War and Word For Word games.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

from tests.conftest import REPO
from tests.oracle import positions

Seed = tuple[str, bytes]
BOARDS = REPO / "boards"


@cache
def config_seeds() -> list[Seed]:
    """Every shipped configuration and definition file (and the tile sets)."""
    files = sorted(BOARDS.glob("*.cfg")) + sorted(BOARDS.glob("*.def"))
    files += sorted((BOARDS / "tilesets").glob("*.def"))
    return [(p.name, p.read_bytes()) for p in files]


@cache
def knob_seeds() -> list[Seed]:
    level = (BOARDS / "level.def").read_bytes()
    return [("level.def", level), ("greedy.def", b"LengthWeight = 0\nBlankThreshold = 0\n"),
            ("weights.def", b"LetterWeights = { " + b" ".join(b"%d" % (i % 7) for i in range(27))
             + b" }\nIncludeCrossWeights = 1\n")]


@cache
def cgp_seeds() -> list[Seed]:
    """CGP strings of the oracle positions (standard board), with racks and scores."""
    from wordstudio.crossword.records.cgp import CGPPosition, write_cgp

    found = []
    for position in positions()[:40]:
        cgp = CGPPosition(tuple(position["board"]), (position["rack"], "AEIOU?"), (120, 98), 2,
                          (("lex", "SCOWL70"),))
        found.append((f"position-{position['id']}.cgp", write_cgp(cgp).encode()))
    return found


@cache
def word_list_seeds() -> list[Seed]:
    """Slices of the shipped lists, a few hundred words each (the whole list is read the
    same way, only slower)."""
    rng = random.Random(7)
    seeds = []
    for name in ("en-US-common", "en-GB-standard", "en-US-large"):
        words = (REPO / "lexicons" / f"{name}.txt").read_text(encoding="utf-8").split()
        for n in range(3):
            start = rng.randrange(len(words) - 400)
            seeds.append((f"{name}-{n}.txt", ("\n".join(words[start:start + 300]) + "\n").encode()))
    return seeds


# --- crossword saved games ----------------------------------------------------------------
@cache
def _crossword_games() -> list[tuple[str, object]]:
    from tests import test_records as records
    from wordstudio.crossword.actions import Pass, Play
    from wordstudio.crossword.moves import finder_for
    from wordstudio.crossword.tiles import BLANK, Rack

    games: list[tuple[str, object]] = [
        ("every-turn", records.game_with_every_turn()),
        ("played-out", records.game_played_out(seed=5)),
        ("redo-line", records.game_with_redo_line()),
    ]
    whami_config = records.config_named("wordwhami.cfg")
    whami = records.new_game(whami_config, seed=3)
    finder = finder_for(whami_config, records.standard_words())
    for _ in range(4):
        # Four letters of the 12-tile rack, no blank: every move of a whole rack on an
        # open 30x30 board would be millions.
        letters = [t for t in whami.racks[whami.current].tiles if t != BLANK][:4]
        moves = finder.moves(whami.board, Rack(tuple(letters)), whami.current)
        whami.act(Play(moves[0].placed) if moves else Pass())
    games.append(("wordwhami", whami))
    return games


@cache
def native_seeds() -> list[Seed]:
    from wordstudio.crossword.records.native import game_to_json

    return [(f"{name}.crossword", game_to_json(game).encode())  # type: ignore[arg-type]
            for name, game in _crossword_games()]


@cache
def wordsworth_seeds() -> list[Seed]:
    """WordsWorth saves of standard games: as WordStudio writes them (with its notes in
    comments) and as WordsWorth did (without)."""
    from tests import test_records as records
    from wordstudio.crossword.records.wwsave import wordsworth_text

    seeds = []
    for name, game in _crossword_games():
        if name in ("every-turn", "played-out", "redo-line"):
            seeds.append((f"{name}.sav", wordsworth_text(game).encode()))  # type: ignore[arg-type]
    plain = records.new_game(seed=21)
    for _ in range(6):
        records.play_greedy(plain)
    text = wordsworth_text(plain)
    # As WordsWorth itself wrote it: no WordStudio notes.
    seeds.append(("plain.sav", "\n".join(line for line in text.splitlines()
                                          if not line.startswith("#:")).encode() + b"\n"))
    return seeds


@cache
def gcg_seeds() -> list[Seed]:
    """GCG records of the standard games, as WordStudio exports them (not the game with
    every kind of turn: its turn lost on time is exported as a time penalty that the
    reader refuses before the end of a game)."""
    from wordstudio.crossword.records.gcgwrite import gcg_export

    exported = [(f"{name}.gcg", gcg_export(game).text.encode())  # type: ignore[arg-type]
                for name, game in _crossword_games() if name in ("played-out", "redo-line")]
    # And every real record of the corpus that opens, as other programs wrote them.
    from wordstudio.crossword.records.codec import RecordError
    from wordstudio.crossword.records.gcgread import read_gcg

    real = []
    gcg = Path(__file__).parent.parent / "data" / "gcg"
    for path in sorted([*gcg.glob("*.gcg"), *gcg.glob("corpus/*/*.gcg")]):
        try:
            read_gcg(path)
        except RecordError:
            continue
        real.append((path.name, path.read_bytes()))
    return exported + real


@cache
def personal_list_seeds() -> list[Seed]:
    """Personal word lists: a shipped list changed, and a topic list of its own."""
    changed = ("# WordStudio personal word list\nbase en-US-common\n+AHOY\n+KETCH\n-ZA\n"
               "YAWL\n")
    topic = ("# WordStudio personal word list\nbase none\ntopic Sailing\n" +
             "".join(f"+{w}\n" for w in ("ABAFT", "AHOY", "BOOM", "JIB", "KEEL", "MAST",
                                          "SLOOP", "STERN", "TACK", "YAWL")))
    return [("changed.wordlist", changed.encode()), ("sailing.wordlist", topic.encode())]


# --- Word War ------------------------------------------------------------------------------
@cache
def wordwar_board_seeds() -> list[Seed]:
    folder = BOARDS / "wordwar"
    return [(p.name, p.read_bytes()) for p in sorted(folder.glob("*.def"))]


@cache
def wordwar_grid_seeds() -> list[Seed]:
    """Grids as ``wordwar score`` reads them: the seed's worked example and blank boards."""
    from wordstudio.wordwar.boards import BoardSet

    seeds = [("example.txt", b"DISCOVER\nO#A#N#AT\nOATS#MEN\n")]
    for board in BoardSet.load().boards[:4]:
        seeds.append((f"board{board.number}.txt", board.blank.to_text().encode()))
    return seeds


@cache
def wordwar_save_seeds() -> list[Seed]:
    from wordstudio.wordwar.boards import BoardSet
    from wordstudio.wordwar.deck import WILD
    from wordstudio.wordwar.game import PlayerSpec, WordWarGame
    from wordstudio.wordwar.records import dumps

    seeds = []
    for seed, steps in ((1, 12), (2, 60), (3, 200)):
        rng = random.Random(seed)
        players = [PlayerSpec("Ann"), PlayerSpec("Cpu", computer=True, strength="advanced")]
        game = WordWarGame(players, f"seed{seed}", board_set=BoardSet.load())
        for _ in range(steps):
            if game.is_over:
                break
            if game.deck is None:
                game.start_round([rng.choice(game.board_set.numbers) for _ in players])
            if game.card is None:
                game.turn_card()
            player = game.waiting_for()[0]
            empties = game.grids[player].empty_squares()
            if rng.random() < 0.2 or not empties:
                game.pass_card(player)
            else:
                row, col = rng.choice(empties)
                game.place(player, row, col, rng.choice("AEST") if game.card == WILD else None)
        seeds.append((f"game{seed}.wordwar", dumps(game).encode()))
    return seeds


# --- Word For Word -------------------------------------------------------------------------
@cache
def wordforword_seeds() -> list[Seed]:
    from tests.test_wordforword_records import scripted
    from wordstudio.wordforword.records import game_to_json

    return [("scripted.wfw", game_to_json(scripted()).encode())]


# --- settings ------------------------------------------------------------------------------
def _layout(text: str) -> dict[str, str]:
    """A window layout as the settings keep it (``Settings.set_layout``): Qt's bytes in
    base64 with their digest."""
    import base64
    import hashlib

    return {"data": text, "sha256": hashlib.sha256(base64.b64decode(text)).hexdigest()}


@cache
def settings_seeds() -> list[Seed]:
    """Settings files as the program writes them: after a little use, and after much
    (every key the program reads, each value of the kind and shape it writes)."""
    geometry = _layout("AdnQywADAAAAAAAAAAAAAAAABJ8AAAMzAAAAAAAAAAAAAASfAAADMwAAAAAAAAAAB4AAAAAAAAAAAAAEnwAAAzM=")
    little = {
        "recent_files": [str(BOARDS / "scrabble.cfg"), "/tmp/game.crossword"],
        "window/geometry": geometry,
        "crossword/new_game": {"config": str(BOARDS / "scrabble.cfg"), "lexicon": "en-US-standard",
                               "players": [{"name": "Ann", "computer": False, "level": 5},
                                           {"name": "Bob", "computer": True, "level": 8}],
                               "word_check": "refuse", "turn_limit": 0},
        "crossword/options": {"view_all": False, "pause": True, "animation_speed": 5},
        "wordwar/page": "a4", "wordwar/hide_people": True,
        "wordwar/new_game": {"players": [{"name": "Ann", "computer": False}], "boards": [1]},
        "wordforword/practice_aid": True,
    }
    much = {
        **little,
        "appearance": "dark",
        "window/state": _layout("AAAA/wAAAAD9AAAAAAAABJ8AAALzAAAABAAAAAQAAAAIAAAACPwAAAABAAAAAgAAAAEAAAAYAGcAYQBtAGUALQB0AG8AbwBsAGIAYQByAQAAAAD/////AAAAAAAAAAA="),
        "crossword/new_game": {
            "config": str(BOARDS / "wordwhami.cfg"), "lexicon": "en-US-common",
            "players": [{"name": "Ann", "computer": False, "level": 5, "knobs": "", "seconds": 0.0},
                        {"name": "Cy", "computer": True, "level": 9,
                         "knobs": str(BOARDS / "level.def"), "seconds": 2.5},
                        {"name": "Di", "computer": True, "level": 3, "knobs": "", "seconds": 1.0}],
            "random_order": True, "turn_limit": 90, "game_limit": 1500, "overtime_penalty": 10,
            "word_check": "challenge", "challenge_penalty": 5, "any_player_challenges": True,
            "challenge_forfeits_play": False, "score_limit": 500, "game_duration_minutes": 0,
        },
        "crossword/options": {"view_all": True, "pause": False, "symbols": True,
                              "player_colours": True, "animation_speed": 9},
        "crossword/splitter": _layout("AAAA/wAAAAEAAAACAAADXAAAAUoB/////wEAAAABAA=="),
        "crossword/splitter/wide": _layout("AAAA/wAAAAEAAAACAAADhAAAASIB/////wEAAAABAA=="),
        "crossword/zoom/15x15": {"mode": "fixed", "square": 42.5},
        "crossword/zoom/21x21": {"mode": "fit"},
        "dialogs/crossword-new-game/geometry": geometry,
        "dialogs/designer-wizard/geometry": geometry,
        "wordwar/page": "letter",
        "wordwar/new_game": {"players": [{"name": "Ann", "computer": False, "strength": "expert"},
                                         {"name": "Computer", "computer": True,
                                          "strength": "advanced"}],
                             "boards": [1, 3], "lexicon": "en-US-standard",
                             "hide_people": False, "count": 2},
    }
    return [("settings.json", json.dumps(values, indent=2, sort_keys=True).encode())
            for values in (little, much)]


def seed_dir(seeds: list[Seed], folder: Path) -> Path:
    """Write seeds into ``folder`` (for readers whose files refer to each other)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in seeds:
        (folder / name).write_bytes(data)
    return folder
