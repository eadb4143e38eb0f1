"""Every configuration element, its type and default, and how the elements map onto a
:class:`~wordstudio.crossword.gameconfig.GameConfig`.

:data:`ELEMENTS` lists WordsWorth's elements (seed 001, Appendix A: display, level and
strategy, game) and then WordStudio's extensions, in the order a written configuration
lists them.  :func:`elements_of` turns a GameConfig into one value per element and
:func:`config_from_elements` turns such values back into a GameConfig; the reader, the
writer and the JSON view all go through these two, so they cannot drift apart.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wordstudio.crossword.config.values import (
    COLOURS,
    MAX_VIDEO_MODE,
    TEXTURES,
    VIDEO_CARDS,
    AlphabetTable,
    BoardIndex,
    CharTable,
    Choice,
    ChoiceTable,
    DirectionTable,
    EnumChoice,
    Flag,
    Integer,
    Kind,
    Natural,
    NumberTable,
    PremiumBoard,
    StartingTiles,
    Text,
)
from wordstudio.crossword.gameconfig import (
    DEFAULT_ALPHABET,
    MAX_COLUMNS,
    MAX_ROWS,
    PLAIN,
    Display,
    EndRules,
    ExchangeAllowed,
    FirstMoveDir,
    FreeForm,
    GameConfig,
    Scoring,
    Strategy,
    TileSet,
)

#: Tiles on a rack at most: a move never places more than a board's 30 squares.
MAX_RACK_TILES = 30
#: Tiles in a whole set at most (WORDwhami's has about 420).
MAX_TILES = 10_000


class Section(enum.Enum):
    """The groups of Appendix A, plus WordStudio's own."""

    GAME = "Game"
    STRATEGY = "Level and strategy"
    DISPLAY = "Display"
    EXTENSION = "WordStudio extensions"


@dataclass(frozen=True)
class Element:
    """One configuration element: its canonical name (as the manual spells it), the kind
    of value it takes, its default, and whether it depends on the board size (and so
    must come after ``Rows`` and ``Columns``)."""

    name: str
    kind: Kind
    section: Section
    default: Any
    board_dependent: bool = False
    help: str = ""


_COLOUR = Choice(COLOURS, "colour")
_TEXTURE = Choice(TEXTURES, "texture")
_DEFAULT_CONFIG = GameConfig()
_STRATEGY = Strategy()
_END = EndRules()


def _game(name: str, kind: Kind, default: Any, help: str, board: bool = False) -> Element:
    return Element(name, kind, Section.GAME, default, board, help)


def _strategy(name: str, kind: Kind, default: Any, help: str) -> Element:
    return Element(name, kind, Section.STRATEGY, default, False, help)


def _display(name: str, kind: Kind, default: Any, help: str = "") -> Element:
    return Element(name, kind, Section.DISPLAY, default, False, help)


def _extension(name: str, kind: Kind, default: Any, help: str, board: bool = False) -> Element:
    return Element(name, kind, Section.EXTENSION, default, board, help)


#: Every element, in the order a written configuration lists them.  Defaults that depend
#: on the board size or the alphabet are None here and filled in by :func:`defaults`.
ELEMENTS: tuple[Element, ...] = (
    # --- WordsWorth game configuration -------------------------------------------------
    _game("Dictionary", Text(), _DEFAULT_CONFIG.dictionary, "name of the word list"),
    _game("Rows", Natural(1, MAX_ROWS), 13, "rows on the board"),
    _game("Columns", Natural(1, MAX_COLUMNS), 13, "columns on the board"),
    _game(
        "BoardPositionScore", PremiumBoard(), None,
        "a plain, b-k letter x2-x11, B-K word x2-x11, @ blocked", board=True,
    ),
    _game(
        "FirstMoveRow", BoardIndex("row"), 8,
        "row the first move must cross (0 = any)", board=True,
    ),
    _game(
        "FirstMoveCol", BoardIndex("column"), 8,
        "column the first move must cross (0 = any)", board=True,
    ),
    _game("FirstMoveDir", Natural(0, 2), 0, "first move: 0 any, 1 down, 2 across"),
    _game(
        "FreeForm", Natural(), 0,
        "0 build on the words on the board, 1 on your own words, other: anywhere",
    ),
    _game(
        "NumberOfTiles", Natural(0, MAX_RACK_TILES), _DEFAULT_CONFIG.number_of_tiles,
        "tiles per rack; 0 any letters, unlimited; 1 any letters from the pool",
    ),
    _game("PlayAllTileBonusPoints", Natural(), 0, "bonus for playing every tile of the rack"),
    _game(
        "LetterFrequencies", NumberTable(signed=False), None,
        "tiles of each letter, then the blanks",
    ),
    _game("LetterScores", NumberTable(signed=False), None, "score of each letter, then the blank"),
    _game(
        "LetterWeights", NumberTable(signed=True), None,
        "strategy weight of each letter, then the blank (negative: keep it)",
    ),
    _game(
        "ExchangeAllowed", Natural(0, 3), 0,
        "picking up a blank: 0 never, 1 as a whole move, 2 before a pass, 3 before any move",
    ),
    _game("VideoCard", Choice(VIDEO_CARDS, "video card"), "Autodetect", "ignored by WordStudio"),
    _game("VideoMode", Natural(0, MAX_VIDEO_MODE), None,
          f"0 to {MAX_VIDEO_MODE}, the display modes of WordsWorth's cards; ignored by "
          "WordStudio"),
    # --- WordsWorth level and strategy control ----------------------------------------
    _strategy("LengthWeight", Integer(), _STRATEGY.length_weight, "weighting for long words"),
    _strategy(
        "MininumAllowedScore", Natural(), _STRATEGY.minimum_allowed_score,
        "ignore moves scoring less (0 = no limit)",
    ),
    _strategy(
        "MaximumAllowedScore", Natural(), _STRATEGY.maximum_allowed_score,
        "ignore moves scoring more (0 = no limit)",
    ),
    _strategy(
        "RestrictedSearchMin", Natural(), _STRATEGY.restricted_search_min,
        "score that counts towards RestrictedSearchCount",
    ),
    _strategy(
        "RestrictedSearchCount", Natural(), _STRATEGY.restricted_search_count,
        "play the best so far after this many such moves (0 = off); the manual's 5 and 40 "
        "keep 70% of the best score on the standard game, all of it on WordsWorth's "
        "default game (README, Performance)",
    ),
    _strategy(
        "MinimumWordLength", Natural(), _STRATEGY.minimum_word_length, "ignore shorter moves",
    ),
    _strategy(
        "MaximumWordLength", Natural(), _STRATEGY.maximum_word_length, "ignore longer moves",
    ),
    _strategy(
        "ControlStrategy", Natural(), _STRATEGY.control_strategy,
        "hints and self-play control: 0 best score, other: the program's own strategy",
    ),
    _strategy(
        "IncludeCrossWeights", Natural(), _STRATEGY.include_cross_weights,
        "0 weigh the main word only, other: the cross words too",
    ),
    _strategy(
        "AdaptiveStrategy", Natural(), _STRATEGY.adaptive_strategy,
        "0 off, other: ease off when ahead, press when behind",
    ),
    _strategy(
        "BlankThreshold", Natural(), _STRATEGY.blank_threshold,
        "play a blank only for words weighing at least this",
    ),
    # --- WordsWorth display ----------------------------------------------------------
    _display("LetterMarks", CharTable(), (), "marks of letter x2, x3, ... squares"),
    _display("LetterMarkColors", ChoiceTable(_COLOUR), ()),
    _display("LetterMarkBColors", ChoiceTable(_COLOUR), ()),
    _display("LetterMarkBTextures", ChoiceTable(_TEXTURE), ()),
    _display("WordMarks", CharTable(), (), "marks of word x2, x3, ... squares"),
    _display("WordMarkColors", ChoiceTable(_COLOUR), ()),
    _display("WordMarkBColors", ChoiceTable(_COLOUR), ()),
    _display("WordMarkBTextures", ChoiceTable(_TEXTURE), ()),
    _display("BoardColor", _COLOUR, "Cyan"),
    _display("BoardTexture", _TEXTURE, "CloseSpacedDots"),
    _display("BoardLeftShadowColor", _COLOUR, "DarkGray"),
    _display("BoardLeftShadowTexture", _TEXTURE, "Solid"),
    _display("BoardTopShadowColor", _COLOUR, "LightGray"),
    _display("BoardTopShadowTexture", _TEXTURE, "Solid"),
    _display("TileLeftShadowColor", _COLOUR, "DarkGray"),
    _display("TileLeftShadowTexture", _TEXTURE, "Solid"),
    _display("TileTopShadowColor", _COLOUR, "LightGray"),
    _display("TileTopShadowTexture", _TEXTURE, "Solid"),
    _display("TileColor", _COLOUR, "White"),
    _display("TileTexture", _TEXTURE, "Solid"),
    _display("AlternateTileColor", _COLOUR, "LightBlue"),
    _display("AlternateTileTexture", _TEXTURE, "Solid"),
    _display("NonPlayableSquareColor", _COLOUR, "Black"),
    _display("NonPlayableSquareTexture", _TEXTURE, "Solid"),
    _display("RackWallColor", _COLOUR, "Blue"),
    _display("RackWallTexture", _TEXTURE, "CloseSpacedDots"),
    _display("RackBaseColor", _COLOUR, "LightBlue"),
    _display("RackBaseTexture", _TEXTURE, "WideSpacedDots"),
    _display("BlankTileTextColor", _COLOUR, "Red"),
    _display("NormalTileTextColor", _COLOUR, "Black"),
    _display("MessageTextColor", _COLOUR, "White"),
    _display("LabelColor", _COLOUR, "LightGray"),
    # --- WordStudio extensions -------------------------------------------------------
    _extension("Title", Text(allow_empty=True), "", "the game's name"),
    _extension(
        "Alphabet", AlphabetTable(), DEFAULT_ALPHABET,
        "the letters of the tables below (CH, LL... allowed)",
    ),
    _extension("MinimumPlayers", Natural(1), _DEFAULT_CONFIG.min_players, "fewest players"),
    _extension("MaximumPlayers", Natural(1), _DEFAULT_CONFIG.max_players, "most players"),
    _extension(
        "ExchangeMinimumBag", Natural(), _DEFAULT_CONFIG.exchange_minimum_bag,
        "tiles that must be left in the bag to swap tiles (0 = any)",
    ),
    _extension(
        "ScorelessTurnsLimit", Natural(), _END.scoreless_turns_limit,
        "end after this many scoreless turns in a row (0 = never)",
    ),
    _extension("ScoreLimit", Natural(), _END.score_limit, "end at this score (0 = never)"),
    _extension(
        "DeductUnplayedTiles", Flag(), _END.deduct_unplayed,
        "1: unplayed tiles count against their holder at the end",
    ),
    _extension(
        "GoingOutBonus", Flag(), _END.going_out_bonus,
        "1: the player who goes out gains the others' unplayed tiles",
    ),
    _extension(
        "PassingEnds", Flag(), _END.passing_ends,
        "1: with nothing to draw, every player passing in turn ends the game",
    ),
    _extension(
        "Directions", DirectionTable(), _DEFAULT_CONFIG.directions,
        "Across, Down, DiagonalDown, DiagonalUp",
    ),
    _extension("BackwardWords", Flag(), False, "1: a line may read as a word backwards too"),
    _extension(
        "Scoring", EnumChoice(Scoring, "scoring"), Scoring.LETTER_SUM,
        "LetterSum (letter values and premiums) or LengthSquared",
    ),
    _extension("WildOncePerWord", Flag(), False, "1: at most one blank in a word"),
    _extension("WildNoPlurals", Flag(), False, "1: no blank to make a plural"),
    _extension(
        "StuckExchangeAll", Flag(), False,
        "1: a player who cannot play must exchange every tile",
    ),
    _extension(
        "SkillLevel", Natural(0, 9), _STRATEGY.skill_level,
        "knob files: the level 1-9 whose presets the file adjusts (0 = the game's elements)",
    ),
    _extension(
        "ThinkingTime", Natural(0, 3600), _STRATEGY.thinking_time,
        "knob files: seconds a move of look-ahead, as the Championship player (0 = none)",
    ),
    _extension(
        "StartingBoard", StartingTiles(), (),
        ". empty, A-Z a tile, a-z a blank; { } for an empty board", board=True,
    ),
)  # fmt: skip

ELEMENT_NAMES: tuple[str, ...] = tuple(e.name for e in ELEMENTS)
_BY_KEY: dict[str, Element] = {e.name.lower(): e for e in ELEMENTS}
#: Other spellings accepted on reading (the canonical one is written):
#: ``MinimumAllowedScore`` is the correct spelling of the manual's ``MininumAllowedScore``;
#: the manual's section 4.10 writes ``ExchangeAlowed``; SETUP's example writes
#: ``VideoType`` for ``VideoCard``.
ALIASES: dict[str, str] = {
    "minimumallowedscore": "MininumAllowedScore",
    "exchangealowed": "ExchangeAllowed",
    "videotype": "VideoCard",
}
#: The one statement that is not an element: it reads another file.
INCLUDE = "Include"
PER_LETTER_TABLES = ("LetterFrequencies", "LetterScores", "LetterWeights")
#: The elements GameConfig keeps in ``Display.values``: the display section and the video
#: settings, which WordStudio accepts and ignores.
DISPLAY_ELEMENTS: tuple[Element, ...] = tuple(
    e for e in ELEMENTS if e.section is Section.DISPLAY or e.name in ("VideoCard", "VideoMode")
)


def find_element(name: str) -> Element | None:
    """The element called ``name`` (any case, aliases included), or None."""
    key = name.lower()
    return _BY_KEY.get(key) or (_BY_KEY[ALIASES[key].lower()] if key in ALIASES else None)


def element(name: str) -> Element:
    """The element called ``name``; KeyError when there is none."""
    found = find_element(name)
    if found is None:
        raise KeyError(name)
    return found


# --- defaults -----------------------------------------------------------------------------

#: Appendix A note 10: two of each letter except the vowels (7 A, 10 E, 6 I, 7 O, 4 U).
_DEFAULT_FREQUENCY = dict(zip(DEFAULT_ALPHABET, TileSet().frequencies, strict=True))


def default_letter_table(name: str, alphabet: tuple[str, ...]) -> tuple[int, ...]:
    """A per-letter table's default for ``alphabet``, the blank's value last.

    Letters of the default alphabet keep Appendix A's counts; any other letter gets two
    tiles.  Scores default to 1 and weights to 0, with two blanks scoring 0.
    """
    tiles = TileSet()
    if name == "LetterFrequencies":
        return tuple(_DEFAULT_FREQUENCY.get(letter, 2) for letter in alphabet) + (
            tiles.blank_count,
        )
    if name == "LetterScores":
        return (1,) * len(alphabet) + (tiles.blank_score,)
    return (0,) * len(alphabet) + (tiles.blank_weight,)


def defaults(rows: int, columns: int, alphabet: tuple[str, ...]) -> dict[str, Any]:
    """Every element's default on a board of this size with this alphabet."""
    values = {e.name: e.default for e in ELEMENTS}
    values["Rows"], values["Columns"], values["Alphabet"] = rows, columns, alphabet
    values["BoardPositionScore"] = tuple(PLAIN * columns for _ in range(rows))
    for name in PER_LETTER_TABLES:
        values[name] = default_letter_table(name, alphabet)
    return values


# --- GameConfig <-> element values --------------------------------------------------------


def _free_form_number(config: GameConfig) -> int:
    # free_form_value keeps the number as written (any value but 0 and 1 is free-form);
    # trust it only when it agrees with free_form.
    if FreeForm.from_value(config.free_form_value) is config.free_form:
        return config.free_form_value
    return int(config.free_form)


def elements_of(config: GameConfig) -> dict[str, Any]:
    """One value per element (in :data:`ELEMENTS` order) describing ``config``.

    Per-letter tables carry the blank's value last; display elements the config does not
    set carry their Appendix A defaults (None for ``VideoMode``, which has none).
    """
    tiles, strategy, end = config.tiles, config.strategy, config.end
    values: dict[str, Any] = {
        "Dictionary": config.dictionary,
        "Rows": config.rows,
        "Columns": config.columns,
        "BoardPositionScore": config.layout,
        "FirstMoveRow": config.first_move_row,
        "FirstMoveCol": config.first_move_col,
        "FirstMoveDir": int(config.first_move_dir),
        "FreeForm": _free_form_number(config),
        "NumberOfTiles": config.number_of_tiles,
        "PlayAllTileBonusPoints": config.play_all_tile_bonus,
        "LetterFrequencies": tiles.frequencies + (tiles.blank_count,),
        "LetterScores": tiles.scores + (tiles.blank_score,),
        "LetterWeights": tiles.weights + (tiles.blank_weight,),
        "ExchangeAllowed": int(config.exchange_allowed),
        "LengthWeight": strategy.length_weight,
        "MininumAllowedScore": strategy.minimum_allowed_score,
        "MaximumAllowedScore": strategy.maximum_allowed_score,
        "RestrictedSearchMin": strategy.restricted_search_min,
        "RestrictedSearchCount": strategy.restricted_search_count,
        "MinimumWordLength": strategy.minimum_word_length,
        "MaximumWordLength": strategy.maximum_word_length,
        "ControlStrategy": strategy.control_strategy,
        "IncludeCrossWeights": strategy.include_cross_weights,
        "AdaptiveStrategy": strategy.adaptive_strategy,
        "BlankThreshold": strategy.blank_threshold,
        "SkillLevel": strategy.skill_level,
        "ThinkingTime": strategy.thinking_time,
        "Title": config.title,
        "Alphabet": tiles.alphabet,
        "MinimumPlayers": config.min_players,
        "MaximumPlayers": config.max_players,
        "ExchangeMinimumBag": config.exchange_minimum_bag,
        "ScorelessTurnsLimit": end.scoreless_turns_limit,
        "ScoreLimit": end.score_limit,
        "DeductUnplayedTiles": end.deduct_unplayed,
        "GoingOutBonus": end.going_out_bonus,
        "PassingEnds": end.passing_ends,
        "Directions": config.directions,
        "BackwardWords": config.backward_words,
        "Scoring": config.scoring,
        "WildOncePerWord": config.wild_once_per_word,
        "WildNoPlurals": config.wild_no_plurals,
        "StuckExchangeAll": config.stuck_exchange_all,
        "StartingBoard": config.starting_board,
    }
    shown = config.display.as_dict()
    for e in DISPLAY_ELEMENTS:
        values[e.name] = shown.get(e.name, e.default)
    return {e.name: values[e.name] for e in ELEMENTS}


def _split_letter_table(
    table: tuple[int, ...], size: int, blank_default: int
) -> tuple[tuple[int, ...], int]:
    return table[:size], (table[size] if len(table) > size else blank_default)


def config_from_elements(values: Mapping[str, Any]) -> GameConfig:
    """The GameConfig that element values describe (the inverse of :func:`elements_of`).

    ``values`` must hold every element, already checked: per-letter tables of the
    alphabet's size (the blank's value optionally last), first-move squares on the board.
    Display elements equal to their defaults are left out of ``Display.values``, so that
    a file that spells out a default reads back equal to one that leaves it out.
    """
    alphabet = tuple(values["Alphabet"])
    size, blank = len(alphabet), TileSet()
    frequencies, blank_count = _split_letter_table(
        values["LetterFrequencies"], size, blank.blank_count
    )
    scores, blank_score = _split_letter_table(values["LetterScores"], size, blank.blank_score)
    weights, blank_weight = _split_letter_table(values["LetterWeights"], size, blank.blank_weight)
    display = tuple(
        (e.name, values[e.name]) for e in DISPLAY_ELEMENTS if values[e.name] != e.default
    )
    free_form = int(values["FreeForm"])
    return GameConfig(
        rows=values["Rows"],
        columns=values["Columns"],
        layout=tuple(values["BoardPositionScore"]),
        first_move_row=values["FirstMoveRow"],
        first_move_col=values["FirstMoveCol"],
        first_move_dir=FirstMoveDir(values["FirstMoveDir"]),
        free_form=FreeForm.from_value(free_form),
        free_form_value=free_form,
        tiles=TileSet(
            alphabet=alphabet,
            frequencies=tuple(frequencies),
            scores=tuple(scores),
            weights=tuple(weights),
            blank_count=blank_count,
            blank_score=blank_score,
            blank_weight=blank_weight,
        ),
        number_of_tiles=values["NumberOfTiles"],
        play_all_tile_bonus=values["PlayAllTileBonusPoints"],
        exchange_allowed=ExchangeAllowed(values["ExchangeAllowed"]),
        dictionary=values["Dictionary"],
        strategy=Strategy(
            length_weight=values["LengthWeight"],
            minimum_allowed_score=values["MininumAllowedScore"],
            maximum_allowed_score=values["MaximumAllowedScore"],
            restricted_search_min=values["RestrictedSearchMin"],
            restricted_search_count=values["RestrictedSearchCount"],
            minimum_word_length=values["MinimumWordLength"],
            maximum_word_length=values["MaximumWordLength"],
            control_strategy=values["ControlStrategy"],
            include_cross_weights=values["IncludeCrossWeights"],
            adaptive_strategy=values["AdaptiveStrategy"],
            blank_threshold=values["BlankThreshold"],
            skill_level=values["SkillLevel"],
            thinking_time=values["ThinkingTime"],
        ),
        display=Display(display),
        title=values["Title"],
        min_players=values["MinimumPlayers"],
        max_players=values["MaximumPlayers"],
        exchange_minimum_bag=values["ExchangeMinimumBag"],
        end=EndRules(
            scoreless_turns_limit=values["ScorelessTurnsLimit"],
            score_limit=values["ScoreLimit"],
            deduct_unplayed=bool(values["DeductUnplayedTiles"]),
            going_out_bonus=bool(values["GoingOutBonus"]),
            passing_ends=bool(values["PassingEnds"]),
        ),
        directions=tuple(values["Directions"]),
        backward_words=bool(values["BackwardWords"]),
        scoring=Scoring(values["Scoring"]),
        wild_once_per_word=bool(values["WildOncePerWord"]),
        wild_no_plurals=bool(values["WildNoPlurals"]),
        stuck_exchange_all=bool(values["StuckExchangeAll"]),
        starting_board=tuple(values["StartingBoard"]),
    )
