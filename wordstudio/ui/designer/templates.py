"""New from a template: pick one of the shipped games to start a design from.

Every ``boards/*.cfg`` is offered, by title, with a picture of its board and a line
about its tiles and racks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.errors import UserError
from wordstudio.paths import boards_dir
from wordstudio.ui import theme
from wordstudio.ui.designer.painter import BoardPainter
from wordstudio.ui.dialogs.base import RememberingDialog


@dataclass(frozen=True)
class Template:
    """A shipped game a design can start from."""

    path: Path
    title: str
    config: GameConfig


def templates(folder: Path | None = None) -> list[Template]:
    """Every readable ``.cfg`` in ``folder`` (the shipped boards by default), by title."""
    found = []
    for path in sorted((folder or boards_dir()).glob("*.cfg")):
        try:
            config = load_config(path)
        except (UserError, OSError):
            continue  # a broken file is no template; the designer can still open it
        found.append(Template(path, config.title or path.stem, config))
    return sorted(found, key=lambda t: t.title.lower())


def describe(config: GameConfig) -> str:
    """One line about a game: board, racks or pool, tiles, bonus, players."""
    if config.rack_size:
        tiles = f"racks of {config.rack_size} from {config.tiles.total_tiles} tiles"
    elif config.play_from_pool:
        tiles = f"any letter from a pool of {config.tiles.total_tiles} tiles"
    else:
        tiles = "any letters, unlimited"
    blocked = sum(row.count("@") for row in config.layout)
    shape = f"{config.rows} \u00d7 {config.columns} board"
    if blocked:
        shape += f" ({blocked} blocked squares)"
    bonus = f"; {config.play_all_tile_bonus}-point bonus for a full rack" if config.play_all_tile_bonus else ""
    return f"{shape}; {tiles}{bonus}; {config.min_players}-{config.max_players} players"


class TemplateDialog(RememberingDialog):
    """Choose a template; :attr:`chosen` is its path after OK."""

    def __init__(self, settings: Any, parent: QWidget | None = None,
                 folder: Path | None = None, offer_others: bool = False) -> None:
        super().__init__("designer-templates", settings, parent)
        self.setWindowTitle("New design from a template")
        self.chosen: Path | None = None
        #: "wizard", "setup" (a SETUP script) or "open" when the person chose that
        #: instead of a template.
        self.other = ""
        self.templates = templates(folder)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Start from one of WordStudio's games. Your design is a copy: "
                                "the first save asks where to keep it, with its parts."))
        row = QHBoxLayout()
        self.list = QListWidget()
        self.list.setObjectName("template-list")
        for template in self.templates:
            item = QListWidgetItem(template.title)
            item.setToolTip(str(template.path))
            self.list.addItem(item)
        self.list.setMinimumWidth(220)
        row.addWidget(self.list)
        side = QVBoxLayout()
        self.preview = BoardPainter(read_only=True, labels=False)
        self.preview.setMinimumSize(300, 300)
        side.addWidget(self.preview, 1)
        self.about = QLabel()
        self.about.setObjectName("template-about")
        self.about.setWordWrap(True)
        side.addWidget(self.about)
        row.addLayout(side, 1)
        layout.addLayout(row, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start designing")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        if offer_others:
            for name, text in (("wizard", "Setup wizard\u2026"), ("setup", "SETUP script\u2026"),
                               ("open", "Open a file\u2026")):
                button = buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole)
                button.setObjectName(f"template-{name}")
                button.clicked.connect(lambda _=False, n=name: self._other(n))
        layout.addWidget(buttons)
        self.list.currentRowChanged.connect(self._show)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        if self.templates:
            self.list.setCurrentRow(0)
        self.resize(720, 460)

    def select(self, name: str) -> None:
        """Select the template whose file is called ``name``."""
        for row, template in enumerate(self.templates):
            if template.path.name == name:
                self.list.setCurrentRow(row)
                return
        raise KeyError(name)

    def _show(self, row: int) -> None:
        if not 0 <= row < len(self.templates):
            return
        template = self.templates[row]
        config = template.config
        self.preview.set_board(config.layout, config.starting_board,
                               (config.first_move_row, config.first_move_col))
        self.about.setText(f"<b>{template.title}</b> <span style='color:{theme.colours().muted}'>"
                           f"({template.path.name})</span><br>{describe(config)}")
        self.about.setTextFormat(Qt.TextFormat.RichText)

    def _other(self, name: str) -> None:
        self.other = name
        super().accept()

    def accept(self) -> None:
        row = self.list.currentRow()
        self.chosen = self.templates[row].path if 0 <= row < len(self.templates) else None
        super().accept()
