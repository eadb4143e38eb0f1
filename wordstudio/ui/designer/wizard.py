"""The setup wizard: WordsWorth's SETUP program in a modern form, for newcomers.

A few questions - the game's name, the board's shape and size, the tile set, racks or a
pool, how moves must connect - and then a ``.cfg`` is written that Includes the chosen
``.def`` parts, as SETUP wrote ``ww.cfg`` (seed 001, Appendix C).  The written game is
read back with the engine before the wizard closes, so what it hands over always plays.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.crossword.gameconfig import MAX_COLUMNS, MAX_ROWS, PLAIN
from wordstudio.paths import boards_dir, designs_dir
from wordstudio.ui import theme
from wordstudio.ui.designer import ask
from wordstudio.ui.designer.fields import RackField
from wordstudio.ui.designer.painter import BoardPainter
from wordstudio.ui.designer.setup import (
    BOARDS,
    CONNECTIONS,
    OWN_BOARD,
    TILESETS,
    SetupChoices,
    write_setup,
)
from wordstudio.ui.designer.templates import describe

GEOMETRY_KEY = "dialogs/designer-wizard/geometry"


def _choices(page: QWidget, options: list[tuple[Any, str]], name: str) -> QButtonGroup:
    """Radio buttons for ``options`` in ``page``'s layout; the group's ids index them."""
    group = QButtonGroup(page)
    layout = page.layout()
    assert isinstance(layout, QVBoxLayout)
    for index, (_, text) in enumerate(options):
        button = QRadioButton(text)
        button.setObjectName(f"{name}-{index}")
        group.addButton(button, index)
        layout.addWidget(button)
    group.button(0).setChecked(True)
    return group


def file_stem(title: str) -> str:
    """A file name for a game's title: "Baby Bible game" -> ``baby-bible-game``."""
    stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return stem[:60].rstrip("-") or "my-game"


class _CallbackPage(QWizardPage):
    """A page whose "entered" and "Next/Finish pressed" steps the wizard supplies."""

    def __init__(self, entered: Callable[[], None], leaving: Callable[[], bool]) -> None:
        super().__init__()
        self._entered, self._leaving = entered, leaving

    def initializePage(self) -> None:  # noqa: N802 - Qt override
        self._entered()

    def validatePage(self) -> bool:  # noqa: N802 - Qt override
        return self._leaving()


class SetupWizard(QWizard):
    """Ask the questions and write the game; :attr:`written` is the ``.cfg`` after
    Finish."""

    def __init__(self, settings: Any = None, parent: QWidget | None = None,
                 folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("designer-wizard")
        self.setWindowTitle("New game: setup wizard")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.settings = settings
        self.written: Path | None = None
        #: Where new games go: each in a folder of its own, named after the game (the
        #: game file and the three parts it Includes once landed loose in the home folder).
        self._folder = folder or designs_dir()
        #: The place last suggested for the game: replaced by a new suggestion when the
        #: name changes, unless the person has written a place of his own.
        self._suggested = ""
        self.addPage(self._intro())
        self.addPage(self._board())
        self.addPage(self._tiles())
        self.addPage(self._rules())
        self.addPage(self._save())
        saved = settings.layout(GEOMETRY_KEY) if settings is not None else None
        if saved is not None:
            self.restoreGeometry(saved)
        else:
            self.resize(760, 540)

    # --- pages ------------------------------------------------------------------------------

    def _page(self, title: str, subtitle: str) -> QWizardPage:
        page = QWizardPage()
        page.setTitle(title)
        page.setSubTitle(subtitle)
        QVBoxLayout(page)
        return page

    def _intro(self) -> QWizardPage:
        page = self._page("A new game", "Answer a few questions, as WordsWorth's SETUP asked "
                          "them, and WordStudio writes the game for you. You can change "
                          "everything afterwards in the designer.")
        self.title_edit = QLineEdit("My game")
        self.title_edit.setObjectName("wizard-title")
        form = QFormLayout()
        form.addRow("Name of the game", self.title_edit)
        layout = page.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.addLayout(form)
        layout.addStretch(1)
        return page

    def _board(self) -> QWizardPage:
        page = self._page("The board", "What shape and size should the board be?")
        options: list[tuple[Any, str]] = [*BOARDS, (OWN_BOARD, "A plain board of my own size:")]
        # The choices on the left, a picture of the board chosen on the right.
        outer = page.layout()
        assert isinstance(outer, QVBoxLayout)
        row = QHBoxLayout()
        choices = QWidget()
        QVBoxLayout(choices).setContentsMargins(0, 0, 0, 0)
        row.addWidget(choices)
        outer.addLayout(row, 1)
        self.board_group = _choices(choices, options, "wizard-board")
        self.board_options = [value for value, _ in options]
        size = QHBoxLayout()
        self.rows = QSpinBox()
        self.rows.setObjectName("wizard-rows")
        self.rows.setRange(2, MAX_ROWS)
        self.rows.setValue(15)
        self.columns = QSpinBox()
        self.columns.setObjectName("wizard-columns")
        self.columns.setRange(2, MAX_COLUMNS)
        self.columns.setValue(15)
        size.addSpacing(24)
        size.addWidget(self.rows)
        size.addWidget(QLabel("rows \u00d7"))
        size.addWidget(self.columns)
        size.addWidget(QLabel("columns (up to 30 \u00d7 30)"))
        size.addStretch(1)
        layout = choices.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.addLayout(size)
        layout.addStretch(1)
        self.board_preview = BoardPainter(read_only=True, labels=False)
        self.board_preview.setMinimumSize(200, 200)
        row.addWidget(self.board_preview, 1)
        self.board_group.idToggled.connect(lambda _i, _on: self._preview_board())
        self.rows.valueChanged.connect(self._preview_board)
        self.columns.valueChanged.connect(self._preview_board)
        self._preview_board()
        return page

    def _tiles(self) -> QWizardPage:
        page = self._page("The tiles", "Which tiles go in the bag?")
        self.tile_group = _choices(page, list(TILESETS), "wizard-tiles")
        self.tile_options = [value for value, _ in TILESETS]
        layout = page.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.addStretch(1)
        return page

    def _rules(self) -> QWizardPage:
        page = self._page("Racks and moves", "How many tiles does each player hold, and how "
                          "must moves connect?")
        layout = page.layout()
        assert isinstance(layout, QVBoxLayout)
        form = QFormLayout()
        # The same editor as the designer's rules panel: racks, or a pool, or unlimited.
        self.rack = RackField("NumberOfTiles", "")
        self.rack.widget.setObjectName("wizard-rack")
        self.rack.show(7)
        self.rack_tiles = 7
        self.rack.edited.connect(lambda _name, value, _merge: setattr(self, "rack_tiles", value))
        self.bonus = QSpinBox()
        self.bonus.setObjectName("wizard-bonus")
        self.bonus.setRange(0, 500)
        self.bonus.setValue(50)
        self.bonus.setSuffix(" points")
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("Each player has", self.rack.widget)
        form.addRow("Bonus for playing them all", self.bonus)
        layout.addLayout(form)
        layout.addWidget(QLabel("Moves must connect:"))
        self.connection_group = _choices(page, [(f, t) for f, t in CONNECTIONS], "wizard-connect")
        self.connections = [f for f, _ in CONNECTIONS]
        layout.addStretch(1)
        return page

    def _save(self) -> QWizardPage:
        page = _CallbackPage(self._summarise, self._write)
        page.setTitle("Where to keep it")
        page.setSubTitle("The game file and the parts it Includes are written into one folder.")
        QVBoxLayout(page)
        layout = page.layout()
        assert isinstance(layout, QVBoxLayout)
        row = QHBoxLayout()
        self.path_edit = QLineEdit()
        self.path_edit.setObjectName("wizard-path")
        browse = QPushButton("Browse\u2026")
        browse.clicked.connect(self._browse)
        row.addWidget(self.path_edit, 1)
        row.addWidget(browse)
        layout.addLayout(row)
        self.summary = QLabel()
        self.summary.setObjectName("wizard-summary")
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.error = QLabel()
        self.error.setObjectName("wizard-error")
        self.error.setWordWrap(True)
        theme.styled(self.error, "color: {bad};")
        layout.addWidget(self.error)
        layout.addStretch(1)
        return page

    # --- behaviour --------------------------------------------------------------------------

    def choices(self) -> SetupChoices:
        """The answers given so far."""
        return SetupChoices(
            title=self.title_edit.text().strip() or "My game",
            board=self.board_options[max(0, self.board_group.checkedId())],
            rows=self.rows.value(),
            columns=self.columns.value(),
            tiles=self.tile_options[max(0, self.tile_group.checkedId())],
            rack=self.rack_tiles,
            connection=self.connections[max(0, self.connection_group.checkedId())],
            bonus=self.bonus.value(),
        )

    def _preview_board(self) -> None:
        own = self.board_options[max(0, self.board_group.checkedId())] == OWN_BOARD
        self.rows.setEnabled(own)
        self.columns.setEnabled(own)
        if own:
            layout = tuple(PLAIN * self.columns.value() for _ in range(self.rows.value()))
            centre = ((self.rows.value() + 1) // 2, (self.columns.value() + 1) // 2)
            self.board_preview.set_board(layout, (), centre)
            return
        try:
            config = load_config(boards_dir() / self.board_options[self.board_group.checkedId()])
        except ConfigError:
            return
        self.board_preview.set_board(config.layout, (), (config.first_move_row, config.first_move_col))

    def _browse(self) -> None:
        path = ask.save_path(self, "Save the new game as", Path(self.path_edit.text()))
        if path is not None:
            self.path_edit.setText(str(path))

    def suggested_path(self) -> Path:
        """The game's file as the wizard suggests it: named after the game, in a folder of
        its own (its parts beside it) in the games folder."""
        name = file_stem(self.choices().title)
        return self._folder / name / f"{name}.cfg"

    def _summarise(self) -> None:
        """What will be written, one answer a line (and where, as suggested for the name
        given unless the person chose the place)."""
        if self.path_edit.text() in ("", self._suggested):
            self._suggested = str(self.suggested_path())
            self.path_edit.setText(self._suggested)
        choices = self.choices()
        board = (f"A plain {choices.rows} \u00d7 {choices.columns} board"
                 if choices.board == OWN_BOARD else dict(BOARDS)[choices.board])
        rack = {0: "No rack: any letter, unlimited", 1: "No rack: any letter left in the pool"}.get(
            choices.rack, f"Racks of {choices.rack} tiles")
        lines = [("Board", board), ("Tiles", dict(TILESETS)[choices.tiles]), ("Racks", rack),
                 ("Moves", dict(CONNECTIONS)[choices.connection])]
        rows = "".join(f"<tr><td style='color:{theme.colours().muted}; padding-right:12px'>{name}</td>"
                       f"<td>{html.escape(value)}</td></tr>" for name, value in lines)
        self.summary.setText(f"<p><b>{html.escape(choices.title)}</b></p><table>{rows}</table>")
        self.error.clear()

    def _write(self) -> bool:
        """Write the game and read it back; stay on the page with the reason if either
        fails."""
        text = self.path_edit.text().strip()
        if not text:
            self.error.setText("Say where to keep the game.")
            return False
        target = Path(text).expanduser()
        if not target.suffix:
            target = target.with_suffix(".cfg")
        if target.exists() and not ask.confirm(self, "Setup wizard",
                                               f"{target.name} already exists. Replace it?",
                                               yes="Replace it"):
            return False
        try:
            write_setup(self.choices(), target)
            config = load_config(target)
        except (OSError, ValueError, ConfigError) as exc:
            self.error.setText(f"The game could not be written: {exc}")
            return False
        self.written = target
        self.error.clear()
        self.summary.setText(f"Written: {target}<br>{describe(config)}")
        return True

    def done(self, result: int) -> None:
        if self.settings is not None:
            self.settings.set_layout(GEOMETRY_KEY, self.saveGeometry())
        super().done(result)

