"""Display and table options (Computer SCRABBLE's yes/no questions) and their dialog.

* view all racks - every rack shown all the time (VIEW ALL RACKS?);
* pause between players - a curtain hides the racks between turns so people sharing a
  screen do not see each other's tiles (PAUSE BETWEEN EACH PLAYER?);
* premium squares with symbols on a colour-blind-safe palette (the default), or in the
  classic colours with DL/TW labels (Computer SCRABBLE's IN COLOR? Y);
* animation speed 0-9 - how slowly a computer player's tiles go down one by one
  (ANIMATED CURSOR SPEED); 0 puts the whole move down at once;
* each player's tiles in their own colour (WordsWorth's ``-c`` and ``AlternateTileColor``),
  to follow territorial games;
* the game's own colours: the configuration's display elements (board, tile, mark and
  mark background colours), see :mod:`wordstudio.ui.crossword.wwlook`.

They are chosen per game in the new-game dialog, changed during play in Settings, and
the last choice is kept per user as the default for the next game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from wordstudio.ui.dialogs.base import RememberingDialog

SETTINGS_KEY = "crossword/options"
#: Milliseconds between a computer player's tiles per step of animation speed.
ANIMATION_STEP_MS = 70


@dataclass(frozen=True)
class TableOptions:
    view_all_racks: bool = False
    pause_between_players: bool = False
    symbols: bool = True
    animation_speed: int = 3
    player_colours: bool = False
    game_colours: bool = False

    @property
    def tile_delay_ms(self) -> int:
        return self.animation_speed * ANIMATION_STEP_MS

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> TableOptions:
        """Options from saved settings; unknown or damaged entries fall back to defaults."""
        if not isinstance(data, dict):
            return cls()
        values: dict[str, Any] = {}
        for f in fields(cls):
            value = data.get(f.name)
            if f.name == "animation_speed":
                if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9:
                    values[f.name] = value
            elif isinstance(value, bool):
                values[f.name] = value
        return cls(**values)


def choose_player_colours(settings: Any) -> None:
    """WordsWorth's ``ww -c`` (``wordstudio -c``): each player's tiles in their own colour,
    kept as the remembered table option, as if chosen in the new-game dialog."""
    options = TableOptions.from_json(settings.get(SETTINGS_KEY))
    settings.set(SETTINGS_KEY, replace(options, player_colours=True).to_json())


class OptionsWidget(QWidget):
    """The four options as form rows (used by the new-game and settings dialogs)."""

    def __init__(self, options: TableOptions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.view_all = QCheckBox("Show every player's rack all the time")
        self.view_all.setObjectName("option-view-all")
        self.pause = QCheckBox("Hide the racks between players (people sharing a screen)")
        self.pause.setObjectName("option-pause")
        self.symbols = QCheckBox("Colour-blind-safe premiums, with symbols")
        self.symbols.setToolTip("Off: the classic colours, labelled DL, TL, DW, TW")
        self.symbols.setObjectName("option-symbols")
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setObjectName("option-speed")
        self.speed.setRange(0, 9)
        self.speed.setPageStep(1)
        self.speed.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.speed_label = QLabel()
        self.speed_label.setMinimumWidth(120)
        self.speed.valueChanged.connect(self._speed_changed)
        speed_row = QHBoxLayout()
        speed_row.addWidget(self.speed, 1)
        speed_row.addWidget(self.speed_label)
        form.addRow("Racks", self.view_all)
        form.addRow("", self.pause)
        self.player_colours = QCheckBox("Each player's tiles in their own colour (WordsWorth -c)")
        self.player_colours.setObjectName("option-player-colours")
        self.game_colours = QCheckBox("The game's own colours (its display elements)")
        self.game_colours.setObjectName("option-game-colours")
        form.addRow("Board", self.symbols)
        form.addRow("", self.player_colours)
        form.addRow("", self.game_colours)
        form.addRow("Computer moves", speed_row)
        self.set_options(options)

    def _speed_changed(self, value: int) -> None:
        self.speed_label.setText("all at once" if value == 0 else
                                 f"{value} \u00b7 {value * ANIMATION_STEP_MS} ms a tile")

    def set_options(self, options: TableOptions) -> None:
        self.view_all.setChecked(options.view_all_racks)
        self.pause.setChecked(options.pause_between_players)
        self.symbols.setChecked(options.symbols)
        self.speed.setValue(options.animation_speed)
        self._speed_changed(options.animation_speed)
        self.player_colours.setChecked(options.player_colours)
        self.game_colours.setChecked(options.game_colours)

    def options(self) -> TableOptions:
        return TableOptions(self.view_all.isChecked(), self.pause.isChecked(),
                            self.symbols.isChecked(), self.speed.value(),
                            self.player_colours.isChecked(), self.game_colours.isChecked())


class OptionsDialog(RememberingDialog):
    """Settings for the game in progress (and the default for new games)."""

    def __init__(self, options: TableOptions, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__("crossword-options", settings, parent)
        self.setWindowTitle("Crossword settings")
        layout = QVBoxLayout(self)
        intro = QLabel("These apply to this game now and become the default for new games.")
        intro.setWordWrap(True)
        self.form = OptionsWidget(options)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(intro)
        layout.addWidget(self.form)
        layout.addWidget(buttons)

    def options(self) -> TableOptions:
        return self.form.options()
