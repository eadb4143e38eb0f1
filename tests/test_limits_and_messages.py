"""What the commands say to a person, and how much they take (issue 29): worker and
candidate counts cut to what the machine can use, with a line saying so; every
``--json`` answer JSON on standard output; the real problem named (no level 12, a video
mode no card has, a saved game in UTF-16); a personal or topic list usable everywhere."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest

from tests.test_records import game_played_out
from wordstudio.cli import main
from wordstudio.crossword.players import parallel
from wordstudio.crossword.records.native import save_game
from wordstudio.lexicon.personal import personal_path
from wordstudio.paths import boards_dir

EMPTY_BOARD = "/".join(["15"] * 15)


# --- limits ----------------------------------------------------------------------------------
def test_workers_are_cut_to_the_cores_and_it_is_said() -> None:
    cores = parallel.local_cores()
    assert parallel.usable_workers(0) == (0, None)
    assert parallel.usable_workers(cores) == (cores, None)
    count, said = parallel.usable_workers(10_000, "--jobs")
    assert count == cores
    assert said == (f"--jobs 10,000: this machine has {cores} core{'s' if cores != 1 else ''} "
                    f"for it; using {cores}")
    with pytest.raises(ValueError, match="not -1"):
        parallel.usable_workers(-1)


def test_analyse_cuts_workers_candidates_and_plies_and_says_so(capsys, monkeypatch) -> None:
    from wordstudio.crossword.players import analyse_cli

    asked: dict[str, int] = {}

    def analyse(position, seconds, **options):
        asked.update(candidates=options["candidates"], plies=options["plies"],
                     workers=options["workers"])
        raise ValueError("stopped here: the test wanted the options only")

    monkeypatch.setattr(analyse_cli, "analyse", analyse)
    status = main(["analyse", "--cgp", f"{EMPTY_BOARD} AEINRST/ 0/0 0", "--iterations", "1",
                   "--workers", "10000", "--candidates", "100000", "--plies", "100000"])
    err = capsys.readouterr().err.splitlines()
    assert status == 2
    cores = parallel.local_cores()
    assert asked == {"candidates": analyse_cli.MAX_CANDIDATES, "plies": 100, "workers": cores}
    assert err[0].startswith("wordstudio analyse: --workers 10,000: this machine has")
    assert err[1].startswith("wordstudio analyse: --candidates 100,000: at most 100")
    assert err[2] == ("wordstudio analyse: --plies 100,000: this game has 100 tiles left to "
                      "play; playing out 100 moves")


def test_selfplay_and_training_cut_their_workers(capsys) -> None:
    assert main(["selfplay", "--config", "board7.cfg", "--games", "1", "-Q", "--workers",
                 "10000", "--player", "greedy", "--player", "level1"]) == 0
    err = capsys.readouterr().err
    assert f"wordstudio selfplay: --workers 10,000: this machine has {parallel.local_cores()}" \
        in err
    assert main(["leaves", "train", "--config", "board7.cfg", "--games", "1", "--workers",
                 "-3"]) == 2
    assert "--workers must be 0 (one per core) or more, not -3" in capsys.readouterr().err


# --- every --json is JSON -----------------------------------------------------------------
def test_leaves_show_json_without_a_table_answers_json(capsys) -> None:
    assert main(["leaves", "show", "--config", "wordwhami.cfg", "--json"]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["trained"] is False and answer["path"].endswith(".json")


@pytest.mark.parametrize("shown", ["-Q", "-S"])
def test_selfplay_json_keeps_the_moves_off_standard_output(capsys, shown: str) -> None:
    assert main(["selfplay", "--config", "board7.cfg", "--games", "1", "--workers", "1",
                 shown, "--json", "--player", "greedy", "--player", "level1"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)  # the whole of standard output
    assert summary["games"] == 1
    assert "== game 1 " in captured.err


# --- the real problem named ---------------------------------------------------------------
def test_a_level_that_does_not_exist_is_named_before_the_players_are_counted(capsys) -> None:
    assert main(["selfplay", "--player", "level12"]) == 2
    err = capsys.readouterr().err
    assert "there is no level 12: the levels are level1 to level9" in err
    assert "--player options" not in err


@pytest.mark.parametrize(("lines", "said"), [
    ("VideoMode = 9", "VideoMode must be 0 to 4, not 9"),
    ("VideoCard = VGA\nVideoMode = 5", "VideoMode must be 0 to 4, not 5"),
    ("VideoCard = SuperVGA\nVideoMode = 4", None),
    ("VideoType = EGA\nVideoMode = 2", None),  # the manual's own SETUP example
])
def test_a_video_mode_no_card_has_is_refused(tmp_path: Path, capsys, lines: str,
                                             said: str | None) -> None:
    text = (boards_dir() / "scrabble.cfg").read_text(encoding="utf-8")
    config = tmp_path / "video.cfg"
    config.write_text(text.replace("Include = ", f"Include = {boards_dir()}/") + lines + "\n",
                      encoding="utf-8")
    status = main(["config", "show", str(config)])
    err = capsys.readouterr().err
    if said is None:
        assert status == 0, err
    else:
        assert status == 2 and said in err and "video.cfg, line" in err


@pytest.fixture(scope="module")
def saved_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("saved") / "game.crossword"
    save_game(game_played_out(seed=5), path)
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "two marks"])
def test_a_saved_game_in_another_unicode_form_is_read(tmp_path: Path, capsys, saved_text: str,
                                                      encoding: str) -> None:
    # Saved again by an editor as "Unicode": read as Latin-1 it was taken for a WordsWorth
    # file, and the complaint was of a missing "@1" flag.
    if encoding == "two marks":
        data = codecs.BOM_UTF8 * 2 + saved_text.encode("utf-8")
    elif encoding == "utf-16-be":
        data = codecs.BOM_UTF16_BE + saved_text.encode("utf-16-be")
    else:
        data = saved_text.encode(encoding)
    path = tmp_path / "game.crossword"
    path.write_bytes(data)
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)


def test_a_native_save_damaged_at_its_start_says_so(tmp_path: Path, capsys,
                                                    saved_text: str) -> None:
    path = tmp_path / "game.crossword"
    path.write_text("x" + saved_text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "broken JSON" in err and "@1" not in err and "WordsWorth" not in err


# --- a topic list is a lexicon everywhere -------------------------------------------------
def test_moves_takes_a_topic_list_as_consult_does(tmp_path: Path, capsys) -> None:
    words = tmp_path / "botany.txt"
    words.write_text("stamen\npistil\nsepal\npetal\nxylem\nphloem\ntuber\n", encoding="utf-8")
    name = "issue29-botany"
    assert main(["lexicon", "new", name, "--topic", "botany", "--from", str(words)]) == 0
    try:
        capsys.readouterr()
        assert main(["moves", "--cgp", f"{EMPTY_BOARD} PETALS/ 0/0 0", "--lexicon", name,
                     "--json"]) == 0
        found = {move["word"] for move in json.loads(capsys.readouterr().out)}
        assert found == {"PETAL", "SEPAL"}  # and not "no words found"
        assert main(["consult", "PETALS", "--some", "--lexicon", name]) == 0
        assert sorted(capsys.readouterr().out.split()) == ["PETAL", "SEPAL"]
    finally:
        personal_path(name).unlink()  # no list of this test's is left to the others


# --- --games: memory for the games played, not for the games asked -----------------------
class _Enough(Exception):
    """Raised by a test's progress callback: the games it needed are played."""


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_match_of_a_million_games_holds_only_the_games_out(jobs: int) -> None:
    """``selfplay --games 1000000000000`` grew by gigabytes before its first game: every
    game's task was made first.  Now the tasks are made as the workers take them, so two
    games of a match of a million cost what two games of a match of two do."""
    import tracemalloc

    from tests.test_players_helpers import shipped
    from wordstudio.crossword.players.levels import parse_player_spec
    from wordstudio.crossword.players.selfplay import run_match

    config = shipped("board7.cfg")
    specs = [parse_player_spec("greedy"), parse_player_spec("greedy")]

    def stop_after_two(_outcome: object, done: int) -> None:
        if done == 2:
            raise _Enough

    def peak(games: int) -> int:
        tracemalloc.start()
        try:
            with pytest.raises(_Enough):
                run_match(config, specs, games, seed=1, jobs=jobs, on_game=stop_after_two)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    try:
        peak(3)  # the word list loaded and the pool started: not what is measured
        two, million = peak(3), peak(1_000_000)
    finally:
        parallel.stop_pools()
    assert million < two + 5_000_000, f"{million:,} bytes, against {two:,} in a match of 3"


def test_training_learns_from_at_most_its_limit_and_says_so(capsys, monkeypatch) -> None:
    from wordstudio.crossword.players import leaves_cli
    from wordstudio.crossword.players.leavetrain import MAX_GAMES

    asked: list[int] = []

    def train(_config, games, *args, **kwargs):
        asked.append(games)
        raise ValueError("stopped here: the test wanted the count only")

    monkeypatch.setattr(leaves_cli, "train", train)
    assert main(["leaves", "train", "--config", "board7.cfg", "--games", "1000000000",
                 "--workers", "1"]) == 2
    assert asked == [MAX_GAMES]
    err = capsys.readouterr().err
    assert (f"wordstudio leaves train: --games 1,000,000,000: a run learns from at most "
            f"{MAX_GAMES:,} games") in err
    assert main(["leaves", "train", "--config", "board7.cfg", "--games", "50",
                 "--workers", "1"]) == 2
    assert asked == [MAX_GAMES, 50] and "at most" not in capsys.readouterr().err
