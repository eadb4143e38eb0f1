"""The small dialogs of a crossword game: exchange or pass with discards, a blank's letter,
picking a blank up from the board, WordsWorth-style word entry, the end-of-game summary."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.board import square_name
from wordstudio.crossword.coordinates import Coordinate, parse_coordinate, write_coordinate
from wordstudio.crossword.gameconfig import Direction, GameConfig
from wordstudio.crossword.tiles import BLANK
from wordstudio.ui import theme
from wordstudio.ui.dialogs.base import RememberingDialog
from wordstudio.ui.widgets.tables import fit_columns

if TYPE_CHECKING:
    from wordstudio.crossword.records.saved import SavedGame
    from wordstudio.ui.context import AppContext

TOGGLE_STYLE = """
QPushButton { min-width: 40px; min-height: 40px; font-size: 18px; font-weight: 700;
    border-radius: 6px; background: #f4d58d; border: 1px solid #c79a3b; color: #2a1f12; }
QPushButton:checked { background: #ffc94a; border: 3px solid #d9480f; }
QPushButton:disabled { background: #e9ecef; color: #adb5bd; border-color: #dee2e6; }
"""


class DiscardDialog(RememberingDialog):
    """Choose tiles to return to the bag: an exchange (at least one) or a pass with
    optional discards (WordsWorth's P)."""

    def __init__(self, rack: Sequence[str], exchange: bool, settings: Any = None,
                 parent: QWidget | None = None, note: str = "") -> None:
        super().__init__("crossword-discard", settings, parent)
        self.exchange = exchange
        self.setWindowTitle("Exchange tiles" if exchange else "Pass")
        layout = QVBoxLayout(self)
        text = ("Choose the tiles to put back in the bag; you draw as many new ones and your "
                "turn ends." if exchange else
                "Pass your turn. You may also put some tiles back in the bag and draw new ones.")
        intro = QLabel(text + (f"<br><i>{note}</i>" if note else ""))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        row = QHBoxLayout()
        self.buttons_by_index: list[QPushButton] = []
        for index, tile in enumerate(rack):
            button = QPushButton("?" if tile == BLANK else tile)
            button.setObjectName(f"discard-{index}")
            button.setCheckable(True)
            button.setStyleSheet(TOGGLE_STYLE)
            button.toggled.connect(self._update)
            self.buttons_by_index.append(button)
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.rack = list(rack)
        quick = QHBoxLayout()
        all_button = QPushButton("All")
        none_button = QPushButton("None")
        all_button.clicked.connect(lambda: self._select_all(True))
        none_button.clicked.connect(lambda: self._select_all(False))
        quick.addWidget(all_button)
        quick.addWidget(none_button)
        quick.addStretch(1)
        layout.addLayout(quick)
        self.box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok = self.box.button(QDialogButtonBox.StandardButton.Ok)
        self.box.accepted.connect(self.accept)
        self.box.rejected.connect(self.reject)
        layout.addWidget(self.box)
        self._update()

    def _select_all(self, checked: bool) -> None:
        for button in self.buttons_by_index:
            button.setChecked(checked)

    def select(self, tiles: str) -> None:
        """Tick tiles by letter (``?`` for a blank), as WordsWorth's typed discards."""
        wanted = list(tiles.upper().replace("_", "?"))
        for button, tile in zip(self.buttons_by_index, self.rack, strict=True):
            if tile in wanted:
                wanted.remove(tile)
                button.setChecked(True)

    def discards(self) -> tuple[str, ...]:
        return tuple(t for t, b in zip(self.rack, self.buttons_by_index, strict=True) if b.isChecked())

    def _update(self) -> None:
        n = len(self.discards())
        if self.exchange:
            self.ok.setText(f"Exchange {n} tile{'s' if n != 1 else ''}")
            self.ok.setEnabled(n > 0)
        else:
            self.ok.setText("Pass" if not n else f"Pass and return {n}")


class BlankLetterDialog(RememberingDialog):
    """Which letter a blank stands for: a button per letter of the game's alphabet."""

    def __init__(self, alphabet: Sequence[str], settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__("crossword-blank", settings, parent)
        self.setWindowTitle("Blank tile")
        self.letter = ""
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Which letter does the blank stand for? (or type it)"))
        grid = QGridLayout()
        self.letter_buttons: dict[str, QPushButton] = {}
        for index, letter in enumerate(alphabet):
            button = QPushButton(letter)
            button.setObjectName(f"blank-{letter}")
            button.setStyleSheet(TOGGLE_STYLE)
            button.clicked.connect(lambda _=False, ch=letter: self.choose(ch))
            grid.addWidget(button, index // 7, index % 7)
            self.letter_buttons[letter] = button
        layout.addLayout(grid)
        cancel = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        cancel.rejected.connect(self.reject)
        layout.addWidget(cancel)

    def choose(self, letter: str) -> None:
        self.letter = letter
        self.accept()

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        text = event.text().upper()
        if text in self.letter_buttons:
            self.choose(text)
            return
        super().keyPressEvent(event)


class PickUpBlankDialog(RememberingDialog):
    """WordsWorth's X: take a blank off the board by putting the real letter there."""

    def __init__(self, choices: Sequence[tuple[int, int, str]], settings: Any = None,
                 parent: QWidget | None = None) -> None:
        super().__init__("crossword-pick-up", settings, parent)
        self.setWindowTitle("Pick up a blank")
        layout = QVBoxLayout(self)
        intro = QLabel("Put the letter from your rack on the blank's square and take the blank.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.list = QListWidget()
        self.list.setObjectName("pick-up-list")
        for row, col, letter in choices:
            item = QListWidgetItem(f"{square_name(row, col)} \u2014 blank as {letter}")
            item.setData(Qt.ItemDataRole.UserRole, (row, col))
            self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)
        layout.addWidget(self.list)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.button(QDialogButtonBox.StandardButton.Ok).setText("Pick up")
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        self.list.itemDoubleClicked.connect(lambda _: self.accept())
        layout.addWidget(box)

    def square(self) -> tuple[int, int] | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None


class WordEntryDialog(RememberingDialog):
    """WordsWorth's A(cross)/D(own) and Computer SCRABBLE's entry: type the whole word
    (board letters included, lower case for a blank), then where it starts and which way.
    Games with diagonal words offer the diagonals; games with backward words can lay the
    word so that it reads backwards along that way.

    The square is written as the game's moves are (:mod:`wordstudio.crossword.coordinates`):
    row first for a word across (``8H``), column first for one down (``H8``) - typing it
    chooses the direction, and choosing a direction writes it that way; in games with
    arrows a move's square from the hint list (``M23↗``) can be typed as it is written."""

    _NAMES = {Direction.ACROSS: "Across", Direction.DOWN: "Down",
              Direction.DIAGONAL_DOWN: "Diagonal \u2198", Direction.DIAGONAL_UP: "Diagonal \u2197"}

    def __init__(self, rows: int, columns: int, start: tuple[int, int] | None = None,
                 across: bool = True, word: str = "", settings: Any = None,
                 parent: QWidget | None = None,
                 directions: tuple[Direction, ...] = (Direction.ACROSS, Direction.DOWN),
                 current: Direction | None = None, backward: bool = False,
                 arrows: bool | None = None) -> None:
        super().__init__("crossword-word-entry", settings, parent)
        self.setWindowTitle("Enter a word")
        self.rows, self.columns = rows, columns
        self._syncing = True  # the fields are being filled in: nothing to keep in step
        if current is None:
            current = Direction.ACROSS if across else Direction.DOWN
        #: The game writes its moves with arrows (diagonal or backward words).
        self.arrows = backward or any(d.is_diagonal for d in directions) if arrows is None \
            else arrows
        layout = QVBoxLayout(self)
        middle = (rows // 2, columns // 2)
        if self.arrows:
            where = (f"Then give the square of its first letter, e.g. "
                     f"{square_name(*middle)}, and the way it goes; a move's square from "
                     f"the hint list, e.g. {write_coordinate(*middle, Direction.DIAGONAL_DOWN, True)}, "
                     "can be typed as it is written.")
        else:
            where = ("Then give its first square as game records write a move: row first "
                     f"for a word across ({write_coordinate(*middle, Direction.ACROSS, False)}), "
                     f"column first for a word down ({write_coordinate(*middle, Direction.DOWN, False)}).")
        help_text = QLabel("Type the whole word, including letters already on the board; "
                           f"type a blank's letter in lower case (hELLO). {where}")
        help_text.setWordWrap(True)
        layout.addWidget(help_text)
        grid = QGridLayout()
        self.word = QLineEdit(word)
        self.word.setObjectName("entry-word")
        self.square = QLineEdit(write_coordinate(*start, current, self.arrows)
                                if start else "")
        self.square.setObjectName("entry-square")
        self.square.setPlaceholderText(
            f"e.g. {square_name(*middle)}" if self.arrows else
            f"e.g. {write_coordinate(*middle, Direction.ACROSS, False)} across, "
            f"{write_coordinate(*middle, Direction.DOWN, False)} down")
        self.square.textEdited.connect(self._square_typed)
        grid.addWidget(QLabel("Word"), 0, 0)
        grid.addWidget(self.word, 0, 1, 1, 4)
        grid.addWidget(QLabel("First square"), 1, 0)
        grid.addWidget(self.square, 1, 1, 1, 4)
        grid.addWidget(QLabel("Direction"), 2, 0)
        self.ways: dict[Direction, QRadioButton] = {}
        for column, way in enumerate(directions, start=1):
            button = QRadioButton(self._NAMES[way])
            button.setObjectName(f"entry-{way.value.lower()}")
            button.setChecked(way == current)
            button.toggled.connect(lambda on, w=way: self._way_toggled(w, on))
            self.ways[way] = button
            grid.addWidget(button, 2, column)
        if not any(b.isChecked() for b in self.ways.values()):
            next(iter(self.ways.values())).setChecked(True)
        # The historical names, used by callers and tests.
        self.across = self.ways.get(Direction.ACROSS) or QRadioButton()
        self.down = self.ways.get(Direction.DOWN) or QRadioButton()
        self.backwards = QCheckBox("Lay it to read backwards (the last letter on the first square)")
        self.backwards.setObjectName("entry-backwards")
        self.backwards.setVisible(backward)
        self.backwards.toggled.connect(lambda _on: self._way_chosen(self.direction()))
        if backward:
            grid.addWidget(self.backwards, 3, 1, 1, 4)
        layout.addLayout(grid)
        self.error = QLabel()
        self.error.setObjectName("entry-error")
        theme.styled(self.error, "color: {bad};")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.button(QDialogButtonBox.StandardButton.Ok).setText("Put it on the board")
        box.accepted.connect(self._accept)
        box.rejected.connect(self.reject)
        layout.addWidget(box)
        self._syncing = False

    # --- the square and the direction, kept saying the same -------------------------------
    def coordinate(self) -> Coordinate | None:
        return parse_coordinate(self.square.text(), self.rows, self.columns, self.arrows)

    def _square_typed(self, _text: str) -> None:
        """A coordinate that says its direction (8H, H8, M23↗) chooses it."""
        coordinate = self.coordinate()
        said = coordinate.direction() if coordinate is not None else None
        if said is None or said[0] not in self.ways:
            return
        self._syncing = True
        try:
            self.ways[said[0]].setChecked(True)
            if self.backwards.isVisible() or said[1]:
                self.backwards.setChecked(said[1])
        finally:
            self._syncing = False

    def _way_toggled(self, way: Direction, on: bool) -> None:
        if on:
            self._way_chosen(way)

    def _way_chosen(self, way: Direction) -> None:
        """A direction chosen: the square written the way that direction is written (an
        arrow typed earlier gives way to the square where the laid word starts)."""
        if self._syncing:
            return
        square = self.parsed_square()
        if square is not None:
            self.square.setText(write_coordinate(*square, way, self.arrows)
                                if not self.arrows else square_name(*square))

    def parsed_square(self) -> tuple[int, int] | None:
        """The square where the laid word starts (its first letter along the direction
        laid), or None when the text is not a square of the board."""
        coordinate = self.coordinate()
        if coordinate is None:
            return None
        said = coordinate.direction()
        if said is None or not said[1] or coordinate.step is None:
            return coordinate.row, coordinate.col
        # A backward arrow (V16↙): the reading starts at the square; the laid word
        # starts at the other end.
        length = max(1, len(self.word.text().strip()))
        dr, dc = coordinate.step
        return coordinate.row + dr * (length - 1), coordinate.col + dc * (length - 1)

    def word_to_lay(self) -> str:
        """The letters in the order they go on the board."""
        text = self.word.text().strip()
        return text[::-1] if self.backwards.isChecked() else text

    def direction(self) -> Direction:
        for way, button in self.ways.items():
            if button.isChecked():
                return way
        return Direction.ACROSS

    def _accept(self) -> None:
        if not self.word.text().strip():
            self.error.setText("Type the word.")
            return
        if self.parsed_square() is None:
            middle = (self.rows // 2, self.columns // 2)
            self.error.setText(
                f"Give the first square as a column letter and a row number, e.g. {square_name(*middle)}."
                if self.arrows else
                "Give the first square as game records write a move: row first for a word "
                f"across ({write_coordinate(*middle, Direction.ACROSS, False)}), column first "
                f"for a word down ({write_coordinate(*middle, Direction.DOWN, False)}).")
            return
        self.accept()


class SummaryDialog(RememberingDialog):
    """The end of the game: why it ended, each score, the final adjustments, the winner."""

    new_game = Signal()

    def __init__(self, names: Sequence[str], scores: Sequence[int],
                 adjustments: Sequence[tuple[int, int, str]], finals: Sequence[int],
                 winners: Sequence[int], reason: str, settings: Any = None,
                 parent: QWidget | None = None) -> None:
        super().__init__("crossword-summary", settings, parent)
        self.setWindowTitle("Game over")
        layout = QVBoxLayout(self)
        if len(winners) == 1:
            headline = f"{names[winners[0]]} wins!"
        else:
            headline = "A tie between " + " and ".join(names[w] for w in winners)
        title = QLabel(f"<h2>{headline}</h2><p>The game ended: {reason}.</p>")
        title.setObjectName("summary-headline")
        layout.addWidget(title)
        self.table = QTableWidget(len(names), 4)
        self.table.setObjectName("summary-table")
        self.table.setHorizontalHeaderLabels(["Player", "Score", "Adjustments", "Final"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for p, name in enumerate(names):
            mine = [(points, why) for who, points, why in adjustments if who == p]
            text = "; ".join(f"{points:+d} ({why})" for points, why in mine) or "\u2014"
            cells = [name + (" \u2605" if p in winners else ""), str(scores[p]), text, str(finals[p])]
            for c, value in enumerate(cells):
                item = QTableWidgetItem(value)
                if c in (1, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if c == 3:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(p, c, item)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # A long adjustment is cut with "..." and said whole in its tooltip; the final
        # scores keep their place.
        fit_columns(self.table, 2)
        self.table.setMinimumWidth(560)
        # Exactly as tall as its rows: no empty band under the last player.
        self.table.resizeRowsToContents()
        height = self.table.horizontalHeader().height() + sum(
            self.table.rowHeight(r) for r in range(len(names))) + 4
        self.table.setFixedHeight(height)
        layout.addWidget(self.table)
        buttons = QDialogButtonBox()
        self.new_button = buttons.addButton("New game", QDialogButtonBox.ButtonRole.AcceptRole)
        self.new_button.setObjectName("summary-new-game")
        self.close_button = buttons.addButton("Look at the board", QDialogButtonBox.ButtonRole.RejectRole)
        self.new_button.clicked.connect(self._new_game)
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(buttons)

    def _new_game(self) -> None:
        self.accept()
        self.new_game.emit()


class ConfigChoiceDialog(RememberingDialog):
    """A WordsWorth saved game holds no configuration: which game was it played with?"""

    def __init__(self, file_name: str, configs: Sequence[tuple[str, str, GameConfig]], settings: Any = None,
                 parent: QWidget | None = None) -> None:
        super().__init__("crossword-config-choice", settings, parent)
        self.setWindowTitle("Open a WordsWorth game")
        self.configs = list(configs)
        layout = QVBoxLayout(self)
        note = QLabel(f"{file_name} is a WordsWorth saved game. Which game was it played with?")
        note.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("config-choice")
        for _, title, _ in self.configs:
            self.list.addItem(title)
        titles = [title for _, title, _ in self.configs]
        default = "WordsWorth default 13x13 game"
        self.list.setCurrentRow(titles.index(default) if default in titles else 0)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        self.list.itemDoubleClicked.connect(lambda _: self.accept())
        layout.addWidget(note)
        layout.addWidget(self.list)
        layout.addWidget(box)

    def chosen(self) -> tuple[str, GameConfig]:
        """(path, GameConfig) of the selected game."""
        path, _, config = self.configs[max(0, self.list.currentRow())]
        return path, config


def choose_config(context: AppContext, parent: QWidget, path: Path
                  ) -> tuple[GameConfig, str] | None:
    """A WordsWorth saved game holds no configuration: ask which game it was."""
    from wordstudio.ui.crossword.newgame import shipped_configs

    configs = [(p, title, config) for p, title, config, _ in shipped_configs()
               if config is not None]
    dialog = ConfigChoiceDialog(path.name, configs, context.settings, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    config_path, config = dialog.chosen()
    return config, config_path


def open_saved_game(context: AppContext, parent: QWidget, path: Path, title: str,
                    given: tuple[GameConfig, str] | None = None) -> SavedGame | None:
    """Read a saved game of any format (asking which configuration a WordsWorth game was
    played with, unless ``given``: the config and its path); a file that cannot be read
    is reported and None returned, notes shown."""
    from wordstudio.crossword.records.formats import needs_config, open_record
    from wordstudio.errors import UserError
    from wordstudio.ui.dialogs import messages

    try:
        config = config_path = None
        if needs_config(path):
            chosen = given or choose_config(context, parent, path)
            if chosen is None:
                return None
            config, config_path = chosen
        saved = open_record(path, config, config_path=config_path)
    except (UserError, OSError) as exc:
        messages.warn(parent, title, str(exc))
        return None
    if saved.notes:
        messages.inform(parent, title, "\n".join(saved.notes))
    return saved
