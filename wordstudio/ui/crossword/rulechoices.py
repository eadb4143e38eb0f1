"""The new-game dialog's challenge rules and game limits.

WORDwhami (seed 003) rule 5: "Any player may challenge the last play ... Whoever loses a
challenge forfeits play to the challenging player"; Limits 2: "Each game may be limited to
a specified numerical score or to a specific duration of time."  The limits serve every
crossword game; the challenge rules show while the word check is "challenge".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtWidgets import QCheckBox, QFormLayout, QHBoxLayout, QLabel, QSpinBox, QWidget

from wordstudio.crossword.game import GameSettings
from wordstudio.crossword.gameconfig import GameConfig


def remembered_count(box: QSpinBox, value: Any, default: int) -> int:
    """``value`` from remembered settings if it is a whole number the box can show, else
    ``default``: an edited settings file may hold any number (Qt refuses one past 32 bits
    with an OverflowError), a string or a flag where a count was."""
    if type(value) is int and box.minimum() <= value <= box.maximum():
        return value
    return default


class ChallengeRules(QWidget):
    """Who may challenge, and what losing a challenge costs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.any_player = QCheckBox("Any player may challenge")
        self.any_player.setObjectName("any-player-challenges")
        self.any_player.setToolTip("WORDwhami: any player, not only the next one, may "
                                   "challenge the last play before the next play is made")
        self.forfeits = QCheckBox("The loser of a challenge forfeits play to the winner")
        self.forfeits.setObjectName("challenge-forfeits-play")
        self.forfeits.setToolTip("WORDwhami: whoever loses a challenge forfeits play to the "
                                 "challenging player")
        layout.addWidget(self.any_player)
        layout.addWidget(self.forfeits)
        layout.addStretch(1)

    def apply(self, settings: GameSettings) -> GameSettings:
        return replace(settings, any_player_challenges=self.any_player.isChecked(),
                       challenge_forfeits_play=self.forfeits.isChecked())

    def load(self, data: dict[str, Any]) -> None:
        self.any_player.setChecked(data.get("any_player_challenges") is True)
        self.forfeits.setChecked(data.get("challenge_forfeits_play") is True)

    def dump(self) -> dict[str, Any]:
        return {"any_player_challenges": self.any_player.isChecked(),
                "challenge_forfeits_play": self.forfeits.isChecked()}


class GameLimits(QWidget):
    """End the game at a score, or after a time for the whole game."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.score = QSpinBox()
        self.score.setObjectName("score-limit")
        self.score.setRange(0, 99_999)
        self.score.setSingleStep(50)
        self.score.setSpecialValueText("no score limit")
        self.score.setSuffix(" points")
        self.minutes = QSpinBox()
        self.minutes.setObjectName("game-duration")
        self.minutes.setRange(0, 24 * 60)
        self.minutes.setSingleStep(5)
        self.minutes.setSpecialValueText("no time limit")
        self.minutes.setSuffix(" min")
        layout.addWidget(QLabel("End the game at"))
        layout.addWidget(self.score)
        layout.addWidget(QLabel("or after"))
        layout.addWidget(self.minutes)
        layout.addStretch(1)

    def apply(self, config: GameConfig, settings: GameSettings) -> tuple[GameConfig, GameSettings]:
        """The game with these limits (a config's own score limit stays unless one is set)."""
        if self.score.value():
            config = config.with_changes(end=replace(config.end, score_limit=self.score.value()))
        clock = replace(settings.clock, game_duration=self.minutes.value() * 60)
        return config, replace(settings, clock=clock)

    def load(self, data: dict[str, Any]) -> None:
        score, minutes = data.get("score_limit", 0), data.get("game_duration_minutes", 0)
        self.score.setValue(remembered_count(self.score, score, 0))
        self.minutes.setValue(remembered_count(self.minutes, minutes, 0))

    def dump(self) -> dict[str, Any]:
        return {"score_limit": self.score.value(), "game_duration_minutes": self.minutes.value()}


def add_rows(form: QFormLayout, rules: ChallengeRules, limits: GameLimits) -> None:
    """Put both into the dialog's rules form."""
    form.addRow("Challenges", rules)
    form.addRow("Game limits", limits)
