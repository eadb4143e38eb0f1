"""The players panel: a card per player with name, score, whose turn, clocks and rack."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from wordstudio.ui import theme
from wordstudio.ui.crossword.rackview import RackView

CARD_STYLE = """
QFrame#player-card {{ background: {background}; border-radius: 10px;
    border: 1px solid {border}; border-left: 6px solid {accent}; }}
QLabel {{ background: transparent; border: none; color: {text}; }}
QLabel#player-score {{ font-size: 22px; font-weight: 700; }}
QLabel#player-name {{ font-size: 14px; font-weight: 700; }}
QLabel#player-kind, QLabel#player-rack-count {{ color: {muted}; font-size: 11px; }}
QLabel#player-clock {{ font-family: monospace; font-size: 13px; font-weight: 600; color: {clock}; }}
"""


@dataclass(frozen=True)
class PlayerView:
    """What one card shows."""

    name: str
    kind: str
    score: int
    current: bool = False
    active: bool = True
    winner: bool = False
    thinking: bool = False
    #: "Turn 0:42" / "Game 24:10" texts, or empty when that clock is off.
    turn_clock: str = ""
    game_clock: str = ""
    clock_warning: bool = False
    #: The rack's tiles when this rack may be seen, else None (only the count shows).
    rack: tuple[str, ...] | None = None
    rack_count: int = 0
    #: False before the game begins (the word list is being prepared): no tiles yet.
    dealt: bool = True


class PlayerCard(QFrame):
    """One player's card."""

    def __init__(self, values: dict[str, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("player-card")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 8, 12, 8)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        self.name = QLabel()
        self.name.setObjectName("player-name")
        self.kind = QLabel()
        self.kind.setObjectName("player-kind")
        self.score = QLabel()
        self.score.setObjectName("player-score")
        self.score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.clock = QLabel()
        self.clock.setObjectName("player-clock")
        self.rack = RackView(values, tile_size=24, interactive=False)
        self.rack.setObjectName("player-rack")
        self.rack_count = QLabel()
        self.rack_count.setObjectName("player-rack-count")
        grid.addWidget(self.name, 0, 0)
        grid.addWidget(self.score, 0, 1, 2, 1)
        grid.addWidget(self.kind, 1, 0)
        grid.addWidget(self.clock, 2, 0, 1, 2)
        grid.addWidget(self.rack, 3, 0, 1, 2)
        grid.addWidget(self.rack_count, 4, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        self.view: PlayerView | None = None

    def show_view(self, view: PlayerView) -> None:
        previous = self.view
        self.view = view
        self.name.setText(("\u2605 " if view.winner else "") + view.name)
        kind = view.kind
        if not view.active:
            kind += " \u00b7 resigned"
        elif view.thinking:
            kind += " \u00b7 thinking\u2026"
        self.kind.setText(kind)
        self.score.setText(str(view.score))
        clocks = "   ".join(t for t in (view.turn_clock, view.game_clock) if t)
        self.clock.setText(clocks)
        self.clock.setVisible(bool(clocks))
        if view.rack is not None and view.rack:
            self.rack.set_tiles(list(enumerate(view.rack)))
            self.rack.setVisible(True)
            self.rack_count.setVisible(False)
        else:
            self.rack.setVisible(False)
            count = view.rack_count
            if not view.dealt:
                text = "Tiles are dealt when the game begins"
            elif count:
                text = f"{count} tile{'s' if count != 1 else ''} on the rack"
            else:
                text = "No tiles left"
            self.rack_count.setText(text)
            self.rack_count.setVisible(True)
        if previous is None or (previous.current, previous.active, previous.clock_warning,
                                previous.winner) != (view.current, view.active,
                                                     view.clock_warning, view.winner):
            self._restyle(view)

    def _restyle(self, view: PlayerView) -> None:
        ui = theme.colours()
        if view.current:
            colours = dict(background=ui.accent_soft, border=ui.accent, accent=ui.accent)
        elif view.winner:
            colours = dict(background=ui.warning_soft, border=ui.card_border, accent="#e0a800")
        else:
            colours = dict(background=ui.card, border=ui.card_border, accent=ui.border)
        colours["text"] = ui.text if view.active else ui.muted
        colours["muted"] = ui.muted
        colours["clock"] = ui.bad if view.clock_warning else colours["text"]
        self.setStyleSheet(CARD_STYLE.format(**colours))

    def restyle(self) -> None:
        """Again, in the look in use."""
        if self.view is not None:
            self._restyle(self.view)


class PlayersPanel(QWidget):
    """Cards for every player, in playing order."""

    def __init__(self, count: int, values: dict[str, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("players-panel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.cards = [PlayerCard(values) for _ in range(count)]
        for card in self.cards:
            layout.addWidget(card)

    def show_players(self, views: Sequence[PlayerView]) -> None:
        for card, view in zip(self.cards, views, strict=True):
            card.show_view(view)

    def restyle(self) -> None:
        for card in self.cards:
            card.restyle()

    def racks_shown(self) -> list[bool]:
        """Which cards show their rack's letters (tests and the curtain check this)."""
        return [card.view is not None and card.view.rack is not None for card in self.cards]
