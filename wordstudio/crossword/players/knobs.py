"""How a computer player chooses: its style, and where a style comes from.

A :class:`PlayerStyle` is WordsWorth's level and strategy control elements (seed 001,
Appendix A, the :class:`~wordstudio.crossword.gameconfig.Strategy` knobs) plus what
WordStudio adds on top: the vocabulary the player may use (Computer SCRABBLE's low levels
know only common words), letter weights of its own, and the stronger-play switches (leave
values, end-game look-ahead).

A player seat names its style in one of four ways - the ``SPEC`` of ``wordstudio
selfplay``, or ``PlayerSpec.level`` / ``PlayerSpec.knobs``; :func:`.levels.parse_player_spec`
reads a SPEC and :func:`.levels.style_for` turns a seat into its style:

* ``level1`` .. ``level8`` - Computer SCRABBLE's skill levels (``PlayerSpec.level``);
* ``greedy`` - the highest score, nothing else (WordsWorth's self-play control with
  ``ControlStrategy = 0``); ``PlayerSpec.knobs = "greedy"``;
* ``control`` - WordsWorth's control player: ``greedy`` when the game's
  ``ControlStrategy`` is 0, otherwise the game's own strategy elements;
  ``PlayerSpec.knobs = "control"``;
* a knob file (``PlayerSpec.knobs`` = its path) - any WordsWorth-syntax file, read with
  the configuration reader.  Strategy elements it sets override the game's; elements it
  leaves out keep the game's values (so a one-line file ``LengthWeight = 0`` changes just
  that).  Its ``LetterWeights``, when set, replace the game's weights, letter by letter.
  Two WordStudio elements choose a level in a knob file: ``SkillLevel`` (1-9) makes the
  file adjust that level's presets instead of the game's elements, ``ThinkingTime`` gives
  the player that many seconds a move of look-ahead (``SkillLevel = 9``: the Championship
  player; see :func:`.levels.knob_style`).
"""

from __future__ import annotations

import enum
import os
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from pathlib import Path

from wordstudio.crossword.config.document import ConfigDocument
from wordstudio.crossword.gameconfig import GameConfig, Strategy
from wordstudio.crossword.tiles import BLANK
from wordstudio.errors import UserError

GREEDY = "greedy"
CONTROL = "control"
#: The game's own strategy elements: the player WordsWorth pits against its control.
PROGRAM = "config"

#: Strategy field -> the WordsWorth element that sets it (Appendix A spelling).
STRATEGY_ELEMENTS = {
    "length_weight": "LengthWeight",
    "minimum_allowed_score": "MininumAllowedScore",
    "maximum_allowed_score": "MaximumAllowedScore",
    "restricted_search_min": "RestrictedSearchMin",
    "restricted_search_count": "RestrictedSearchCount",
    "minimum_word_length": "MinimumWordLength",
    "maximum_word_length": "MaximumWordLength",
    "control_strategy": "ControlStrategy",
    "include_cross_weights": "IncludeCrossWeights",
    "adaptive_strategy": "AdaptiveStrategy",
    "blank_threshold": "BlankThreshold",
    "skill_level": "SkillLevel",
    "thinking_time": "ThinkingTime",
}
assert set(STRATEGY_ELEMENTS) == {f.name for f in fields(Strategy)}


class PlayerSpecError(UserError):
    """A player description (level name, ``greedy``, knob file) that cannot be used."""


class Vocabulary(enum.Enum):
    """The words a computer player may play."""

    FULL = "full"  # the game's lexicon
    COMMON = "common"  # the common words of the same spelling (levels 1-4), within the game's


@dataclass(frozen=True)
class PlayerStyle:
    """Everything that decides a computer player's choice.

    ``letter_weights`` maps tiles (``?`` the blank) to WordsWorth letter weights; None
    means "the game's LetterWeights".  ``leaves`` adds the value of the tiles kept to
    each move's measure (equity) and lets the player exchange when that pays; ``endgame``
    looks one reply ahead once the bag is empty.  ``think`` > 0 makes the Championship
    player: that many seconds a move of simulation (:mod:`.simulate`) and exact end
    games (:mod:`.endgames.exact`) on top of this style's static judgement.
    """

    name: str
    strategy: Strategy
    letter_weights: tuple[tuple[str, int], ...] | None = None
    vocabulary: Vocabulary = Vocabulary.FULL
    leaves: bool = False
    endgame: bool = False
    think: float = 0.0

    def weights_for(self, config: GameConfig) -> tuple[list[int], int]:
        """Per-letter weights in the config's alphabet order, and the blank's weight."""
        tiles = config.tiles
        if self.letter_weights is None:
            return list(tiles.weights), tiles.blank_weight
        table = dict(self.letter_weights)
        return [table.get(letter, 0) for letter in tiles.alphabet], table.get(BLANK, 0)


#: WordsWorth's control player with ControlStrategy 0: "a plain maximise score strategy".
#: No weights, no limits; BlankThreshold 0 lets every blank play through (a weight of
#: plain score is never negative).
GREEDY_STYLE = PlayerStyle(
    GREEDY,
    Strategy(length_weight=0, maximum_word_length=0, adaptive_strategy=0, blank_threshold=0),
    letter_weights=(),
)


def config_style(config: GameConfig, name: str = PROGRAM) -> PlayerStyle:
    """The game's own strategy elements and letter weights (WordsWorth's program)."""
    return PlayerStyle(name, config.strategy)


def control_style(config: GameConfig) -> PlayerStyle:
    """WordsWorth's control player (note 7): plain score when ControlStrategy is 0, else
    the same strategy the program plays (the game's own elements)."""
    if config.strategy.control_strategy == 0:
        return GREEDY_STYLE
    return config_style(config, CONTROL)


# --- knob files ----------------------------------------------------------------------------
def load_knobs(path: str | os.PathLike[str], config: GameConfig) -> PlayerStyle:
    """The style a knob file describes, over the game's own strategy (module docstring).

    Raises PlayerSpecError for a missing file and ConfigError (naming file and line) for
    one that is not valid WordsWorth.
    """
    resolved = _knob_path(path)
    strategy_set, weights = read_knob_file(resolved)
    strategy = replace(config.strategy, **dict(strategy_set))
    return PlayerStyle(resolved.name, strategy, letter_weights=weights)


def read_knob_file(path: str | os.PathLike[str]) -> tuple[tuple[tuple[str, int], ...],
                                                        tuple[tuple[str, int], ...] | None]:
    """(the Strategy fields a knob file sets, its letter weights or None)."""
    resolved = _knob_path(path)
    try:
        mtime = resolved.stat().st_mtime
    except OSError as exc:
        raise PlayerSpecError(f"{path}: cannot read the knob file ({exc.strerror})") from None
    return _read_knobs(str(resolved), mtime)


def _knob_path(path: str | os.PathLike[str]) -> Path:
    """The knob file's full path (PlayerSpecError for a name no file can have)."""
    try:
        return Path(path).expanduser().resolve()
    except (OSError, ValueError, RuntimeError) as exc:
        raise PlayerSpecError(f"{path!r}: not a knob file name ({exc})") from None


@lru_cache(maxsize=32)
def _read_knobs(path: str, mtime: float) -> tuple[tuple[tuple[str, int], ...],
                                                   tuple[tuple[str, int], ...] | None]:
    """(strategy fields the file sets, its letter weights or None); cached per version."""
    document = ConfigDocument.open(path)
    knob_config = document.to_config()
    chosen = tuple(
        (field_name, getattr(knob_config.strategy, field_name))
        for field_name, element_name in STRATEGY_ELEMENTS.items()
        if document.is_set(element_name)
    )
    weights = None
    if document.is_set("LetterWeights"):
        tiles = knob_config.tiles
        weights = tuple(zip(tiles.alphabet, tiles.weights, strict=True)) + (
            (BLANK, tiles.blank_weight),)
    return chosen, weights
