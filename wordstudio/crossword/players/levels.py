"""Computer SCRABBLE's skill levels 1-8 (seed 004) as named presets of the knobs, and
how a player seat (:class:`~wordstudio.crossword.game.PlayerSpec`) finds its style.

Seed 004: level 1 averages about 200 points in a two-player game and level 8 over 400;
levels 1-4 know only a selected common vocabulary.  The presets below were tuned with
``benchmarks/strength.py`` on the standard game (figures in the README):

* levels 1-4 play common words only, held back by WordsWorth's restricted search (note
  4: stop after a few moves of some score and play the best so far) and a score cap;
* levels 5 and 6 are WordsWorth's own player: the whole lexicon, the game's letter
  weights, a length weight and the blank threshold - level 6 with WordsWorth's default
  elements, level 5 favouring long words and never taking more than 65 points;
* level 7 weighs moves by equity (score + leave value) and swaps when keeping the best
  tiles is worth more than any play;
* level 8 adds a look at the opponent's reply once the bag is empty;
* level 9, the Championship player, is level 8 that thinks: it simulates its best
  candidates over the racks the opponent may hold (:mod:`.simulate`) and solves the end
  game exactly (:mod:`.endgames.exact`), for :data:`CHAMPIONSHIP_SECONDS` a move unless its
  seat says otherwise (``PlayerSpec.seconds``; ``championship:SECONDS`` in self-play).

No level is adaptive: a level is a fixed strength (``AdaptiveStrategy`` stays available
in knob files and in the game's own elements).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.gameconfig import GameConfig, Strategy
from wordstudio.crossword.players.knobs import (
    CONTROL,
    GREEDY,
    GREEDY_STYLE,
    PROGRAM,
    PlayerSpecError,
    PlayerStyle,
    Vocabulary,
    config_style,
    control_style,
    load_knobs,
    read_knob_file,
)

LEVELS = range(1, 10)
#: The Championship player's level, and its default thinking time per move.
CHAMPIONSHIP = 9
CHAMPIONSHIP_SECONDS = 5.0


def _level(number: int, vocabulary: Vocabulary, leaves: bool = False, endgame: bool = False,
           weights: tuple[tuple[str, int], ...] | None = None, **knobs: int) -> PlayerStyle:
    strategy = Strategy(**({"maximum_word_length": 0, "adaptive_strategy": 0} | knobs))
    return PlayerStyle(f"level{number}", strategy, weights, vocabulary, leaves, endgame)


COMMON, FULL = Vocabulary.COMMON, Vocabulary.FULL
_PRESETS: dict[int, PlayerStyle] = {
    1: _level(1, COMMON, length_weight=0, maximum_allowed_score=20, restricted_search_min=6,
              restricted_search_count=12, blank_threshold=35),
    2: _level(2, COMMON, length_weight=0, maximum_allowed_score=26, restricted_search_min=8,
              restricted_search_count=20, blank_threshold=30),
    3: _level(3, COMMON, length_weight=0, maximum_allowed_score=40, restricted_search_min=10,
              restricted_search_count=40, blank_threshold=30),
    4: _level(4, COMMON, length_weight=1, restricted_search_min=12,
              restricted_search_count=100, blank_threshold=25),
    5: _level(5, FULL, length_weight=3, maximum_allowed_score=65, blank_threshold=25),
    6: _level(6, FULL, length_weight=2, blank_threshold=20),
    7: _level(7, FULL, leaves=True, weights=(), length_weight=0, blank_threshold=0),
    8: _level(8, FULL, leaves=True, endgame=True, weights=(), length_weight=0,
              blank_threshold=0),
}
_PRESETS[CHAMPIONSHIP] = replace(_PRESETS[8], name="level9", think=CHAMPIONSHIP_SECONDS)


def level_style(level: int) -> PlayerStyle:
    """The preset for skill level 1-9 (9: the Championship player)."""
    try:
        return _PRESETS[level]
    except KeyError:
        raise PlayerSpecError(
            f"there is no level {level}: levels go from 1 to 8, and 9 (championship)") from None


_LEVEL_NAME = re.compile(r"level\s*([1-9])", re.IGNORECASE)
#: A level of any number (to say there is no such level, not that the name is unknown).
_ANY_LEVEL = re.compile(r"level\s*([0-9]{1,9})", re.IGNORECASE)
_CHAMPIONSHIP_NAME = re.compile(r"championship(?::\s*([0-9]*\.?[0-9]+))?", re.IGNORECASE)


def parse_player_spec(text: str, name: str | None = None) -> PlayerSpec:
    """A computer seat from a ``SPEC``: ``level1``..``level9``, ``championship`` or
    ``championship:SECONDS`` (level 9 thinking that long a move), ``greedy``, ``control``,
    ``config`` (the game's own strategy elements, WordsWorth's program) or a knob file path
    (read now, so a bad file fails before any game starts)."""
    spec = text.strip()
    champion = _CHAMPIONSHIP_NAME.fullmatch(spec)
    if champion:
        seconds = float(champion.group(1)) if champion.group(1) else 0.0
        if champion.group(1) and seconds <= 0:
            raise PlayerSpecError(f"{text!r}: the thinking time must be more than 0 seconds")
        return PlayerSpec(name or "championship", computer=True, level=CHAMPIONSHIP,
                          seconds=seconds)
    match = _LEVEL_NAME.fullmatch(spec)
    if match:
        level = int(match.group(1))
        return PlayerSpec(name or f"level{level}", computer=True, level=level)
    if spec.lower() in (GREEDY, CONTROL, PROGRAM):
        return PlayerSpec(name or spec.lower(), computer=True, knobs=spec.lower())
    numbered = _ANY_LEVEL.fullmatch(spec)
    if numbered:
        raise PlayerSpecError(f"there is no level {int(numbered.group(1))}: the levels are "
                              "level1 to level9 (championship[:SECONDS] is level 9 thinking "
                              "longer)")
    path = Path(spec).expanduser()
    if not path.is_file():
        raise PlayerSpecError(
            f"unknown player {text!r}: give level1..level9, championship[:SECONDS], greedy, "
            "control, config or a knob file")
    read_knob_file(path)
    return PlayerSpec(name or path.stem, computer=True, knobs=str(path))


def knob_style(path: str | Path, config: GameConfig) -> PlayerStyle:
    """The style a knob file describes.  Its ``SkillLevel`` (1-9) names the level whose
    presets its other elements adjust (without one they adjust the game's own elements);
    its ``ThinkingTime`` makes the player look ahead that many seconds a move, as the
    Championship player does (``SkillLevel = 9`` alone thinks the level's default)."""
    style = load_knobs(path, config)
    chosen, weights = read_knob_file(path)
    knobs = dict(chosen)
    level = knobs.pop("skill_level", 0)
    seconds = knobs.pop("thinking_time", 0)
    if level:
        base = level_style(level)
        style = replace(base, name=style.name, strategy=replace(base.strategy, **knobs),
                        letter_weights=base.letter_weights if weights is None else weights)
    if seconds:
        style = replace(style, think=float(seconds))
    return style


def style_for(spec: PlayerSpec, config: GameConfig) -> PlayerStyle:
    """The style a computer seat plays with in a game of ``config``."""
    knobs = spec.knobs
    if knobs:
        if knobs.lower() == GREEDY:
            return GREEDY_STYLE
        if knobs.lower() == CONTROL:
            return control_style(config)
        if knobs.lower() == PROGRAM:
            return config_style(config)
        style = knob_style(knobs, config)
    else:
        style = level_style(spec.level)
    if spec.seconds > 0 and style.think > 0:
        style = replace(style, think=spec.seconds)
    return style
