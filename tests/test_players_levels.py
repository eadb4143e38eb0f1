"""Skill levels, player specs, knob files and vocabularies."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.test_players_helpers import position, shipped, standard
from wordstudio.control import DeadlineControl
from wordstudio.crossword.actions import Play
from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.players.computer import choose_action, hint, move_finder, vocabulary_words
from wordstudio.crossword.players.knobs import GREEDY_STYLE, PlayerSpecError, Vocabulary, load_knobs
from wordstudio.crossword.players.levels import (
    CHAMPIONSHIP,
    CHAMPIONSHIP_SECONDS,
    LEVELS,
    knob_style,
    level_style,
    parse_player_spec,
    style_for,
)
from wordstudio.crossword.players.selfplay import play_game
from wordstudio.crossword.rules import analyse_play
from wordstudio.lexicon.catalog import load_lexicon


def test_levels_are_fixed_presets() -> None:
    for level in LEVELS:
        preset = level_style(level)
        assert preset.name == f"level{level}"
        assert preset.strategy.adaptive_strategy == 0
        assert preset.vocabulary is (Vocabulary.COMMON if level <= 4 else Vocabulary.FULL)
        assert preset.leaves == (level >= 7)
        assert preset.endgame == (level >= 8)
        assert (preset.think > 0) == (level == 9)  # the Championship player thinks
    with pytest.raises(PlayerSpecError, match="levels go from 1 to 8, and 9"):
        level_style(10)


def test_parse_player_spec() -> None:
    assert parse_player_spec("level3") == PlayerSpec("level3", computer=True, level=3)
    assert parse_player_spec("Level 8", "Eight").name == "Eight"
    assert parse_player_spec("greedy").knobs == "greedy"
    assert parse_player_spec("CONTROL").knobs == "control"
    knobs = parse_player_spec(str(shipped_file("level.def")))
    assert knobs.knobs == str(shipped_file("level.def")) and knobs.name == "level"
    for bad in ("grredy", "no/such/file.def"):
        with pytest.raises(PlayerSpecError, match="unknown player"):
            parse_player_spec(bad)
    for level in (10, 0, 12):
        with pytest.raises(PlayerSpecError, match=f"there is no level {level}: the levels are"):
            parse_player_spec(f"level{level}")


def shipped_file(name: str) -> Path:
    from wordstudio.paths import boards_dir

    return boards_dir() / name


def test_style_for_each_kind_of_seat() -> None:
    config = standard()
    assert style_for(PlayerSpec("a", True, 5), config) == level_style(5)
    assert style_for(PlayerSpec("a", True, knobs="greedy"), config) == GREEDY_STYLE
    # WordsWorth's control: greedy with ControlStrategy 0, else the game's own elements.
    assert style_for(PlayerSpec("a", True, knobs="control"), config) == GREEDY_STYLE
    own = config.with_changes(strategy=replace(config.strategy, control_strategy=1))
    control = style_for(PlayerSpec("a", True, knobs="control"), own)
    assert control.strategy == own.strategy and control.letter_weights is None
    # "config": the game's own strategy elements (the program WordsWorth's -Q tests).
    weighted = config.with_changes(strategy=replace(config.strategy, length_weight=7))
    program = style_for(parse_player_spec("config"), weighted)
    assert program.strategy == weighted.strategy and program.strategy.length_weight == 7


def test_a_knob_file_overrides_only_what_it_sets(tmp_path: Path) -> None:
    path = tmp_path / "keen.def"
    path.write_text("LengthWeight = 7   # long words\nBlankThreshold = 0\n")
    config = standard()
    knobs = load_knobs(path, config)
    assert knobs.strategy == replace(config.strategy, length_weight=7, blank_threshold=0)
    assert knobs.letter_weights is None  # the game's weights
    weights, blank = knobs.weights_for(config)
    assert weights == list(config.tiles.weights) and blank == config.tiles.blank_weight


def test_a_knob_file_with_letter_weights(tmp_path: Path) -> None:
    path = tmp_path / "vowels.def"
    table = " ".join("9" if ch in "AEIOU" else "0" for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    path.write_text(f"LetterWeights = {{ {table} -3 }}\n")
    knobs = load_knobs(path, standard())
    weights, blank = knobs.weights_for(standard())
    assert weights[0] == 9 and weights[1] == 0 and blank == -3
    decision = choose_action(position("AEIOURT"), PlayerSpec("v", True, knobs=str(path)))
    assert isinstance(decision.action, Play)


def test_a_bad_knob_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.def"
    path.write_text("LengthWeight = 2\nLenghtWeight = 3\n")
    with pytest.raises(ConfigError, match=r"line 2.*LengthWeight"):
        parse_player_spec(str(path))


def test_a_knob_file_names_a_level_to_adjust(tmp_path: Path) -> None:
    path = tmp_path / "third.def"
    path.write_text("SkillLevel = 3\nLengthWeight = 5\n")
    third = knob_style(path, standard())
    assert third.name == "third.def" and third.vocabulary is Vocabulary.COMMON
    assert third.strategy == replace(level_style(3).strategy, length_weight=5)
    assert third.think == 0


def test_a_knob_file_chooses_the_championship_player(tmp_path: Path) -> None:
    config = standard()
    path = tmp_path / "champ.def"
    path.write_text("SkillLevel = 9\n")
    champion = knob_style(path, config)
    assert champion.think == CHAMPIONSHIP_SECONDS and champion.leaves and champion.endgame
    path.write_text("SkillLevel = 9\nThinkingTime = 2\n")
    assert knob_style(path, config).think == 2.0
    # Any style thinks when given a time; a seat's own time (championship:S) wins.
    path.write_text("LengthWeight = 4\nThinkingTime = 3\n")
    assert knob_style(path, config).think == 3.0
    seat = PlayerSpec("c", True, knobs=str(path), seconds=1.5)
    assert style_for(seat, config).think == 1.5
    shipped_champion = style_for(parse_player_spec(str(shipped_file("championship.def"))), config)
    assert shipped_champion.think == 10.0
    assert shipped_champion.strategy == level_style(CHAMPIONSHIP).strategy


def test_a_knob_files_level_must_exist(tmp_path: Path) -> None:
    path = tmp_path / "bad.def"
    path.write_text("# a level too far\nSkillLevel = 10\n")
    with pytest.raises(ConfigError, match=r"line 2.*SkillLevel"):
        parse_player_spec(str(path))


def test_the_shipped_level_file_is_a_knob_file() -> None:
    knobs = load_knobs(shipped_file("level.def"), standard())
    assert knobs.strategy == standard().strategy


# --- vocabularies -----------------------------------------------------------------------------
def test_common_vocabulary_is_within_the_game_lexicon() -> None:
    common = vocabulary_words("en-US-standard", Vocabulary.COMMON)
    full = vocabulary_words("en-US-standard", Vocabulary.FULL)
    assert 30_000 < len(common) < len(full)
    assert all(w in full for w in common.words[::97])


def test_common_players_only_form_common_words() -> None:
    common = load_lexicon("en-US-common")
    for rack in ("AEINRST", "QUAINTS", "DEG?LOR", "XAEMPLS"):
        pos = position(rack)
        board = pos.board()
        moves = move_finder(pos, Vocabulary.COMMON).moves(board, pos.rack)
        assert moves
        for move in moves:
            analysis = analyse_play(board, move.placed)
            assert all(word.word in common for word in analysis.words), move.notation()


def test_low_levels_never_play_outside_their_vocabulary() -> None:
    common = load_lexicon("en-US-common")
    seen: list[str] = []

    def check(game, turn) -> None:
        for word in turn.words:
            seen.append(word)
            assert word in common, f"{turn.describe(game.names)}: {word} is not common"

    specs = [PlayerSpec("one", True, 1), PlayerSpec("four", True, 4)]
    play_game(standard(), specs, seed=21, on_turn=check, verify=True)
    assert len(seen) > 10


def test_a_list_without_common_words_falls_back_to_itself(tmp_path: Path) -> None:
    path = tmp_path / "odd.txt"
    path.write_text("zyzzyva\nqoph\nxysti\n")
    words = vocabulary_words(str(path), Vocabulary.COMMON)
    assert set(words) == {"ZYZZYVA", "QOPH", "XYSTI"}


def test_levels_play_on_every_shipped_board() -> None:
    for name in ("wordsworth.cfg", "board7.cfg", "super21.cfg", "diamond.cfg"):
        config = shipped(name)
        pos = position("AEINRST", rows=None, config=config, lexicon=config.dictionary)
        for level in (1, 5, 8):
            decision = choose_action(pos, PlayerSpec("x", True, level))
            assert isinstance(decision.action, Play), (name, level)


def test_wordwhami_games_go_to_their_own_player() -> None:
    config = shipped("wordwhami.cfg")
    pos = position("AEINRSTLODGE", rows=None, config=config, lexicon=config.dictionary)
    decision = choose_action(pos, PlayerSpec("one", True, 1))
    assert isinstance(decision.action, Play)
    analysis = analyse_play(pos.board(), decision.action.placements)
    assert analysis.score == decision.candidates[0].score
    suggestion = hint(pos, control=DeadlineControl(0.5), top=5)
    assert isinstance(suggestion.action, Play) and 0 < len(suggestion.candidates) <= 5
