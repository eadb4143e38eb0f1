"""The new-game dialog: which game, which words, who plays, the clock and the rules.

Everything Computer SCRABBLE asked before a game (players 1-4, names, computer or not
and its level, view all racks, pause between players, colour, animation speed, the
turn clock) plus WordsWorth's choices (any configuration file, any word list, a knob
file for a computer player) and WordStudio's word-checking rules.  The last choices are
remembered per user.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, QTime
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.clock import MAX_TURN_LIMIT, MIN_TURN_LIMIT, ClockSettings
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import GameSettings, PlayerSpec, WordCheck
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.errors import UserError
from wordstudio.lexicon.catalog import ALIASES, available_lexicons
from wordstudio.paths import boards_dir
from wordstudio.ui import theme
from wordstudio.ui.crossword.options import SETTINGS_KEY as OPTIONS_KEY
from wordstudio.ui.crossword.options import OptionsWidget, TableOptions
from wordstudio.ui.crossword.rulechoices import (
    ChallengeRules,
    GameLimits,
    add_rows,
    remembered_count,
)
from wordstudio.ui.crossword.work import WordListReport, check_word_list
from wordstudio.ui.dialogs.base import RememberingDialog

SETTINGS_KEY = "crossword/new_game"
OTHER_FILE = "__other__"
LEVEL_NAMES = {1: "novice", 2: "beginner", 3: "casual", 4: "improver", 5: "club",
               6: "strong", 7: "expert", 8: "champion", 9: "championship"}
#: Level 9 (the Championship player) thinks this long a move unless the seat says otherwise.
DEFAULT_THINKING_SECONDS = 5.0
WORD_CHECKS = [
    (WordCheck.REFUSE, "Refuse words that are not in the word list"),
    (WordCheck.CONFIRM, "Ask the player to confirm unknown words (house rule)"),
    (WordCheck.CHALLENGE, "Accept any word; the next player may challenge it"),
    (WordCheck.PROGRAM_CHALLENGE,
     "The program challenges unknown words; accepting costs the turn and its score"),
]


@dataclass(frozen=True)
class NewGame:
    """What the person chose."""

    config: GameConfig
    config_path: str
    lexicon: str
    players: tuple[PlayerSpec, ...]
    random_order: bool
    settings: GameSettings
    options: TableOptions


def shipped_configs() -> list[tuple[str, str, GameConfig | None, str]]:
    """(path, title, config or None, problem) for every ``boards/*.cfg``, by title."""
    found: list[tuple[str, str, GameConfig | None, str]] = []
    for path in sorted(boards_dir().glob("*.cfg")):
        try:
            config = load_config(path)
            found.append((str(path), config.title or path.stem, config, ""))
        except (UserError, OSError) as exc:
            found.append((str(path), path.stem, None, str(exc)))
    return sorted(found, key=lambda item: item[1].lower())


def describe_config(config: GameConfig) -> str:
    """One line about a game: board, racks, tiles, players."""
    if config.rack_size:
        tiles = f"racks of {config.rack_size} \u00b7 {config.tiles.total_tiles} tiles"
    elif config.play_from_pool:
        tiles = f"play from a pool of {config.tiles.total_tiles} tiles"
    else:
        tiles = "any letters, unlimited"
    bonus = f" \u00b7 {config.play_all_tile_bonus}-point bonus" if config.play_all_tile_bonus else ""
    return (f"{config.rows}\u00d7{config.columns} board \u00b7 {tiles}{bonus} \u00b7 "
            f"{config.min_players}-{config.max_players} players")


class PlayerRow:
    """The widgets of one seat: name, person or computer, level or knob file."""

    def __init__(self, index: int, grid: QGridLayout, dialog: QWidget) -> None:
        self.index = index
        self.dialog = dialog
        self.name = QLineEdit()
        self.name.setObjectName(f"player-name-{index}")
        self.name.setMaxLength(24)
        self.kind = QComboBox()
        self.kind.setObjectName(f"player-kind-{index}")
        self.kind.addItems(["Person", "Computer"])
        self.level = QSpinBox()
        self.level.setObjectName(f"player-level-{index}")
        self.level.setRange(1, 9)
        self.level.setPrefix("Level ")
        self.level.setToolTip("1-8: Computer SCRABBLE's levels; 9: the Championship player, "
                              "which simulates and solves end games")
        self.think = QDoubleSpinBox()
        self.think.setObjectName(f"player-think-{index}")
        self.think.setRange(0.5, 600.0)
        self.think.setDecimals(1)
        self.think.setSingleStep(1.0)
        self.think.setValue(DEFAULT_THINKING_SECONDS)
        self.think.setSuffix(" s a move")
        self.think.setToolTip("How long the Championship player thinks about each move")
        self.level_name = QLabel()
        self.level_name.setMinimumWidth(70)
        self.knobs_button = QPushButton("Knob file\u2026")
        self.knobs_button.setObjectName(f"player-knobs-{index}")
        self.knobs_path = ""
        self.shown = True
        row = index + 1
        number = QLabel(f"{index + 1}.")
        grid.addWidget(number, row, 0)
        grid.addWidget(self.name, row, 1)
        grid.addWidget(self.kind, row, 2)
        grid.addWidget(self.level, row, 3)
        grid.addWidget(self.level_name, row, 4)
        grid.addWidget(self.knobs_button, row, 5)
        grid.addWidget(self.think, row, 6)
        self.widgets: list[QWidget] = [number, self.name, self.kind, self.level, self.level_name,
                                        self.knobs_button]
        self.kind.currentIndexChanged.connect(self._update)
        self.level.valueChanged.connect(self._update)
        self.knobs_button.clicked.connect(self._choose_knobs)

    def _choose_knobs(self) -> None:
        if self.knobs_path:
            self.knobs_path = ""
        else:
            path, _ = QFileDialog.getOpenFileName(
                self.dialog, "Computer player's knob file", str(boards_dir()),
                "Strategy files (*.def *.cfg *.knobs);;All files (*)")
            self.knobs_path = path
        self._update()

    def _update(self) -> None:
        computer = self.kind.currentIndex() == 1
        self.level.setEnabled(not self.knobs_path)
        # A person has no level or knobs: those widgets show for computer seats only.
        for widget in (self.level, self.level_name, self.knobs_button):
            widget.setVisible(self.shown and computer)
        self.think.setVisible(self.shown and computer and self.level.value() == 9
                              and not self.knobs_path)
        self.knobs_button.setText(Path(self.knobs_path).name + " \u2715" if self.knobs_path else "Knob file\u2026")
        self.knobs_button.setToolTip(self.knobs_path or "Tune this computer player with a WordsWorth strategy file")
        self.level_name.setText(LEVEL_NAMES[self.level.value()] if computer and not self.knobs_path else "")

    def set_visible(self, visible: bool) -> None:
        self.shown = visible
        for widget in (self.widgets[0], self.name, self.kind):
            widget.setVisible(visible)
        self._update()

    def load(self, data: dict[str, Any]) -> None:
        self.name.setText(str(data.get("name", ""))[:24])
        self.kind.setCurrentIndex(1 if data.get("computer") else 0)
        level = data.get("level", 5)
        self.level.setValue(level if isinstance(level, int) and 1 <= level <= 9 else 5)
        seconds = data.get("seconds")
        if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and seconds > 0:
            self.think.setValue(float(seconds))
        knobs = data.get("knobs") or ""
        self.knobs_path = knobs if isinstance(knobs, str) and _is_file(knobs) else ""
        self._update()

    def spec(self) -> PlayerSpec:
        computer = self.kind.currentIndex() == 1
        default = f"Computer {self.index + 1}" if computer else f"Player {self.index + 1}"
        thinking = computer and self.level.value() == 9 and not self.knobs_path
        return PlayerSpec(self.name.text().strip() or default, computer, self.level.value(),
                          self.knobs_path or None if computer else None,
                          self.think.value() if thinking else 0.0)

    def dump(self) -> dict[str, Any]:
        spec = self.spec()
        return {"name": self.name.text().strip(), "computer": spec.computer,
                "level": self.level.value(), "knobs": self.knobs_path,
                "seconds": self.think.value()}


def _is_file(path: str) -> bool:
    """Whether a remembered file is still there (False for a name no file can have)."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


DEFAULT_PLAYERS = [
    {"name": "You", "computer": False, "level": 5},
    {"name": "Computer", "computer": True, "level": 5},
    {"name": "Computer 3", "computer": True, "level": 3},
    {"name": "Computer 4", "computer": True, "level": 7},
    *({"name": f"Computer {n}", "computer": True, "level": 5} for n in range(5, 10)),
]
#: The most seats the dialog offers: as many as a game's ``MaximumPlayers`` allows (the
#: standard game 4, WORDwhami's "two to four (or more)" 6), up to the nine tile colours
#: the board has for players (Word War seats nine too).
MAX_SEATS = len(DEFAULT_PLAYERS)


class SectionsArea(QScrollArea):
    """A dialog's sections, scrolled up and down when the screen is too low for them:
    as big as they are where there is room (Qt's scroll area asks for 24 lines at
    most), never narrower than they are."""

    def __init__(self, sections: QWidget) -> None:
        super().__init__()
        self.setObjectName("dialog-sections")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(sections)
        self.sections = sections

    def _bar(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        inner = self.sections.sizeHint()
        return QSize(inner.width() + self._bar(), inner.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        inner = self.sections.minimumSizeHint()
        return QSize(inner.width() + self._bar(), min(inner.height(), MIN_SECTIONS_HEIGHT))


#: The least height the new-game dialog's sections are given (they scroll below it).
MIN_SECTIONS_HEIGHT = 240


class NewGameDialog(RememberingDialog):
    """Set up a crossword game; :meth:`choice` gives the result after Accept."""

    def __init__(self, settings: Any, runner: Any, parent: QWidget | None = None) -> None:
        super().__init__("crossword-new-game", settings, parent)
        self.runner = runner
        self.setWindowTitle("New crossword game")
        self.configs: list[tuple[str, str, GameConfig | None, str]] = shipped_configs()
        self.extra_lexicon: WordListReport | None = None
        remembered = settings.get(SETTINGS_KEY) if settings is not None else None
        remembered = remembered if isinstance(remembered, dict) else {}
        layout = QVBoxLayout(self)
        # The sections scroll, the buttons stay: with four players the dialog is taller
        # than a 1280x720 screen holds (it opens as tall as the screen allows).
        sections = QWidget()
        column = QVBoxLayout(sections)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self._game_box())
        column.addWidget(self._players_box())
        column.addWidget(self._rules_box())
        options_box = QGroupBox("Table")
        options_layout = QVBoxLayout(options_box)
        saved = settings.get(OPTIONS_KEY) if settings is not None else None
        self.options_form = OptionsWidget(TableOptions.from_json(saved))
        options_layout.addWidget(self.options_form)
        column.addWidget(options_box)
        column.addStretch(1)
        self.sections = SectionsArea(sections)
        layout.addWidget(self.sections, 1)
        self.error = QLabel()
        self.error.setObjectName("new-game-error")
        theme.styled(self.error, "color: {bad};")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.start_button = self.buttons.addButton("Start game", QDialogButtonBox.ButtonRole.AcceptRole)
        self.start_button.setObjectName("start-game")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._load(remembered)
        # Every section in sight where the screen has room (Qt would open a dialog at
        # two thirds of the screen's height); a lower screen gets all it has (see
        # RememberingDialog).
        self.resize(self.sizeHint())

    # --- sections ------------------------------------------------------------------------
    def _game_box(self) -> QGroupBox:
        box = QGroupBox("Game")
        form = QFormLayout(box)
        self.config_combo = QComboBox()
        self.config_combo.setObjectName("config")
        for path, title, config, problem in self.configs:
            self.config_combo.addItem(title if config else f"{title} (cannot be read)", path)
            if problem:
                self.config_combo.setItemData(self.config_combo.count() - 1, problem, 3)  # tooltip
        self.config_combo.addItem("Other configuration file\u2026", OTHER_FILE)
        self.config_info = QLabel()
        self.config_info.setObjectName("config-info")
        self.config_info.setWordWrap(True)
        self.lexicon_combo = QComboBox()
        self.lexicon_combo.setObjectName("lexicon")
        for lexicon in available_lexicons():
            self.lexicon_combo.addItem(lexicon.label, lexicon.ident)
        self.lexicon_combo.addItem("Other word list file\u2026", OTHER_FILE)
        self.lexicon_info = QLabel()
        self.lexicon_info.setObjectName("lexicon-info")
        self.lexicon_info.setWordWrap(True)
        form.addRow("Board and tiles", self.config_combo)
        form.addRow("", self.config_info)
        form.addRow("Word list", self.lexicon_combo)
        form.addRow("", self.lexicon_info)
        self.config_combo.activated.connect(self._config_activated)
        self.config_combo.currentIndexChanged.connect(self._config_changed)
        self.lexicon_combo.activated.connect(self._lexicon_activated)
        return box

    def _players_box(self) -> QGroupBox:
        box = QGroupBox("Players")
        outer = QVBoxLayout(box)
        top = QHBoxLayout()
        self.count = QSpinBox()
        self.count.setObjectName("player-count")
        self.count.setRange(1, MAX_SEATS)
        self.count.valueChanged.connect(self._count_changed)
        self.order_listed = QRadioButton("in the order listed")
        self.order_random = QRadioButton("in random order")
        self.order_random.setObjectName("random-order")
        group = QButtonGroup(self)
        group.addButton(self.order_listed)
        group.addButton(self.order_random)
        top.addWidget(QLabel("Players:"))
        top.addWidget(self.count)
        top.addSpacing(16)
        top.addWidget(QLabel("They play"))
        top.addWidget(self.order_listed)
        top.addWidget(self.order_random)
        top.addStretch(1)
        outer.addLayout(top)
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        self.rows = [PlayerRow(i, grid, self) for i in range(MAX_SEATS)]
        outer.addLayout(grid)
        return box

    def _rules_box(self) -> QGroupBox:
        box = QGroupBox("Clock and rules")
        form = QFormLayout(box)
        self.turn_clock = QCheckBox("Limit each turn to")
        self.turn_clock.setObjectName("turn-clock")
        self.turn_limit = QTimeEdit()
        self.turn_limit.setObjectName("turn-limit")
        self.turn_limit.setDisplayFormat("m:ss")
        self.turn_limit.setMinimumTime(QTime(0, MIN_TURN_LIMIT // 60, MIN_TURN_LIMIT % 60))
        self.turn_limit.setMaximumTime(QTime(0, MAX_TURN_LIMIT // 60, MAX_TURN_LIMIT % 60))
        turn_row = QHBoxLayout()
        turn_row.addWidget(self.turn_clock)
        turn_row.addWidget(self.turn_limit)
        turn_row.addWidget(QLabel("(a turn that runs out is lost)"))
        turn_row.addStretch(1)
        self.game_clock = QCheckBox("Give each player")
        self.game_clock.setObjectName("game-clock")
        self.game_minutes = QSpinBox()
        self.game_minutes.setObjectName("game-minutes")
        self.game_minutes.setRange(1, 600)
        self.game_minutes.setSuffix(" min")
        self.overtime = QSpinBox()
        self.overtime.setRange(0, 100)
        self.overtime.setSuffix(" points")
        game_row = QHBoxLayout()
        game_row.addWidget(self.game_clock)
        game_row.addWidget(self.game_minutes)
        game_row.addWidget(QLabel("for the game; each minute over costs"))
        game_row.addWidget(self.overtime)
        game_row.addStretch(1)
        self.word_check = QComboBox()
        self.word_check.setObjectName("word-check")
        for check, label in WORD_CHECKS:
            self.word_check.addItem(label, check.value)
        self.penalty = QSpinBox()
        self.penalty.setObjectName("challenge-penalty")
        self.penalty.setRange(0, 100)
        self.penalty.setSpecialValueText("the challenger loses his turn")
        self.penalty.setSuffix(" points")
        form.addRow("Turn clock", turn_row)
        form.addRow("Game clock", game_row)
        form.addRow("Word checking", self.word_check)
        self.penalty_label = QLabel("A wrong challenge costs")
        form.addRow(self.penalty_label, self.penalty)
        self.challenge_rules = ChallengeRules()
        self.limits = GameLimits()
        add_rows(form, self.challenge_rules, self.limits)
        self.turn_clock.toggled.connect(self.turn_limit.setEnabled)
        self.game_clock.toggled.connect(self.game_minutes.setEnabled)
        self.game_clock.toggled.connect(self.overtime.setEnabled)
        self.word_check.currentIndexChanged.connect(self._check_changed)
        return box

    # --- state ---------------------------------------------------------------------------
    def _load(self, data: dict[str, Any]) -> None:
        # Remembered values may have been edited: only text is looked up (Qt refuses a
        # number past 64 bits with an OverflowError).
        config = data.get("config")
        index = self.config_combo.findData(config) if isinstance(config, str) else -1
        if index < 0:
            index = self.config_combo.findText("Standard 15x15 game")
        self.config_combo.setCurrentIndex(max(0, index))
        self._config_changed()
        lexicon = data.get("lexicon")
        if isinstance(lexicon, str) and lexicon and self.lexicon_combo.findData(lexicon) < 0 \
                and _is_file(lexicon):
            self.lexicon_combo.insertItem(self.lexicon_combo.count() - 1, Path(lexicon).name, lexicon)
        if isinstance(lexicon, str) and self.lexicon_combo.findData(lexicon) >= 0:
            self.lexicon_combo.setCurrentIndex(self.lexicon_combo.findData(lexicon))
        players = data.get("players")
        players = players if isinstance(players, list) and players else DEFAULT_PLAYERS[:2]
        for i, row in enumerate(self.rows):
            entry = players[i] if i < len(players) and isinstance(players[i], dict) else DEFAULT_PLAYERS[i]
            row.load(entry)
        self.count.setValue(min(MAX_SEATS, max(1, len(players))))
        self._count_changed()
        (self.order_random if data.get("random_order") else self.order_listed).setChecked(True)
        turn = data.get("turn_limit", 0)
        self.turn_clock.setChecked(bool(turn))
        turn = turn if isinstance(turn, int) and MIN_TURN_LIMIT <= turn <= MAX_TURN_LIMIT else 120
        self.turn_limit.setTime(QTime(0, turn // 60, turn % 60))
        self.turn_limit.setEnabled(self.turn_clock.isChecked())
        game = data.get("game_limit", 0)
        self.game_clock.setChecked(bool(game))
        self.game_minutes.setValue(
            remembered_count(self.game_minutes, game // 60 if type(game) is int else None, 25))
        self.overtime.setValue(remembered_count(self.overtime, data.get("overtime_penalty"), 10))
        self.game_minutes.setEnabled(self.game_clock.isChecked())
        self.overtime.setEnabled(self.game_clock.isChecked())
        word_check = data.get("word_check")
        check = self.word_check.findData(
            word_check if isinstance(word_check, str) else WordCheck.REFUSE.value)
        self.word_check.setCurrentIndex(max(0, check))
        penalty = data.get("challenge_penalty", 0)
        self.penalty.setValue(remembered_count(self.penalty, penalty, 0))
        self.challenge_rules.load(data)
        self.limits.load(data)
        self._check_changed()

    def remembered(self) -> dict[str, Any]:
        return {
            "config": self.config_combo.currentData(),
            "lexicon": self.lexicon_combo.currentData(),
            "players": [row.dump() for row in self.rows[:self.count.value()]],
            "random_order": self.order_random.isChecked(),
            "turn_limit": self._turn_seconds(),
            "game_limit": self.game_minutes.value() * 60 if self.game_clock.isChecked() else 0,
            "overtime_penalty": self.overtime.value(),
            "word_check": self.word_check.currentData(),
            "challenge_penalty": self.penalty.value(),
            **self.challenge_rules.dump(),
            **self.limits.dump(),
        }

    def _turn_seconds(self) -> int:
        if not self.turn_clock.isChecked():
            return 0
        t = self.turn_limit.time()
        return t.minute() * 60 + t.second()

    def current_config(self) -> GameConfig | None:
        path = self.config_combo.currentData()
        for known, _, config, _ in self.configs:
            if known == path:
                return config
        return None

    # --- reactions -----------------------------------------------------------------------
    def _config_activated(self, index: int) -> None:
        if self.config_combo.itemData(index) != OTHER_FILE:
            return
        path, _ = QFileDialog.getOpenFileName(self, "Game configuration", str(boards_dir()),
                                              "Configurations (*.cfg *.def);;All files (*)")
        self.add_config_file(path) if path else self.config_combo.setCurrentIndex(0)

    def choose_config(self, path: str) -> bool:
        """Select a configuration: a shipped one already listed, else added as the
        person's own (False if unreadable)."""
        index = self.config_combo.findData(str(path))
        if index >= 0:
            self.config_combo.setCurrentIndex(index)
            return True
        return self.add_config_file(str(path))

    def add_config_file(self, path: str) -> bool:
        """Add a configuration file of the person's own and select it (False if unreadable)."""
        try:
            config = load_config(path)
        except (UserError, OSError) as exc:
            self.config_combo.setCurrentIndex(0)
            self.error.setText(str(exc))
            return False
        self.configs.append((path, config.title or Path(path).stem, config, ""))
        self.config_combo.insertItem(self.config_combo.count() - 1, config.title or Path(path).name, path)
        self.config_combo.setCurrentIndex(self.config_combo.count() - 2)
        self.error.clear()
        return True

    def _config_changed(self) -> None:
        config = self.current_config()
        if config is None:
            problem = next((p for path, _, _, p in self.configs if path == self.config_combo.currentData()), "")
            self.config_info.setText(problem)
            return
        self.config_info.setText(describe_config(config))
        self.count.setRange(max(1, config.min_players), min(MAX_SEATS, config.max_players))
        dictionary = ALIASES.get(config.dictionary.lower(), config.dictionary)
        index = self.lexicon_combo.findData(dictionary)
        if index >= 0:
            self.lexicon_combo.setCurrentIndex(index)
        self._count_changed()

    def _lexicon_activated(self, index: int) -> None:
        if self.lexicon_combo.itemData(index) != OTHER_FILE:
            self.lexicon_info.clear()
            return
        path, _ = QFileDialog.getOpenFileName(self, "Word list", str(Path.home()),
                                              "Word lists (*.txt *.lst *.dic);;All files (*)")
        if path:
            self.add_word_list(path)
        else:
            self.lexicon_combo.setCurrentIndex(0)

    def add_word_list(self, path: str) -> None:
        """Check a word list of the person's own in the background and select it."""
        self.lexicon_info.setText("Reading the word list\u2026")
        self.start_button.setEnabled(False)
        self.runner.run(check_word_list, path, on_success=self._word_list_read,
                        on_failure=self._word_list_failed)

    def _word_list_read(self, report: WordListReport) -> None:
        self.start_button.setEnabled(True)
        self.extra_lexicon = report
        index = self.lexicon_combo.findData(report.path)
        if index < 0:
            self.lexicon_combo.insertItem(self.lexicon_combo.count() - 1, Path(report.path).name, report.path)
            index = self.lexicon_combo.findData(report.path)
        self.lexicon_combo.setCurrentIndex(index)
        text = f"{report.count:,} words."
        if report.rejected:
            text += f" {report.rejected[0].upper()}{report.rejected[1:]}."
        self.lexicon_info.setText(text)

    def _word_list_failed(self, error: BaseException) -> None:
        self.start_button.setEnabled(True)
        self.lexicon_combo.setCurrentIndex(0)
        self.lexicon_info.setText(f"That word list cannot be used: {error}")

    def _count_changed(self) -> None:
        for i, row in enumerate(self.rows):
            row.set_visible(i < self.count.value())

    def _check_changed(self) -> None:
        challenge = self.word_check.currentData() == WordCheck.CHALLENGE.value
        self.penalty.setVisible(challenge)
        self.penalty_label.setVisible(challenge)
        self.challenge_rules.setEnabled(challenge)

    def _accept(self) -> None:
        if self.current_config() is None:
            self.error.setText("Choose a game configuration that can be read.")
            return
        if self.lexicon_combo.currentData() == OTHER_FILE:
            self.error.setText("Choose a word list.")
            return
        if self.settings is not None:
            self.settings.set(SETTINGS_KEY, self.remembered())
            self.settings.set(OPTIONS_KEY, self.options_form.options().to_json())
        self.accept()

    def choice(self) -> NewGame:
        config = self.current_config()
        assert config is not None
        clock = ClockSettings(self._turn_seconds(),
                              self.game_minutes.value() * 60 if self.game_clock.isChecked() else 0,
                              self.overtime.value())
        settings = GameSettings(WordCheck(self.word_check.currentData()), self.penalty.value(), clock)
        settings = self.challenge_rules.apply(settings)
        config, settings = self.limits.apply(config, settings)
        return NewGame(config, str(self.config_combo.currentData()), str(self.lexicon_combo.currentData()),
                       tuple(row.spec() for row in self.rows[:self.count.value()]),
                       self.order_random.isChecked(), settings, self.options_form.options())
