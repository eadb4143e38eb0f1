"""The rules panel: every rule of the game, grouped as a player thinks of them.

Racks or a pool, how moves must connect and the first move, scoring, exchanges and
blanks, the end of the game, the computer player's strategy knobs, and the WORDwhami
extensions (diagonal directions, backward words, length-squared scoring, wild-tile
rules).  Beside each editor a small note says which file and line the setting comes
from, or that it is at its default; an edit is written back to that file.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.config.document import ConfigDocument
from wordstudio.crossword.gameconfig import ExchangeAllowed, FirstMoveDir, FreeForm, Scoring
from wordstudio.ui import theme
from wordstudio.ui.designer.document import DesignValues
from wordstudio.ui.designer.fields import (
    CheckField,
    ChoiceField,
    DictionaryField,
    DirectionsField,
    Field,
    RackField,
    SpinField,
)

LABEL_WIDTH = 128


def _sections() -> list[tuple[str, str, list[Field]]]:
    """(title, explanation, fields) for each group, in the order shown."""
    return [
        ("Players and words", "", [
            DictionaryField("Dictionary", "Word list",
                            "The words that may be played (a shipped list or a file)"),
            SpinField("MinimumPlayers", "Fewest players", 1, 4),
            SpinField("MaximumPlayers", "Most players", 1, 4),
        ]),
        ("Racks", "", [
            RackField("NumberOfTiles", "Each player has",
                      "WordsWorth NumberOfTiles: N racks, 1 play from the pool, 0 unlimited"),
            SpinField("PlayAllTileBonusPoints", "Full-rack bonus", 0, 500,
                      "Points for playing every tile of the rack in one move",
                      special="none", suffix=" points"),
        ]),
        ("How moves connect", "", [
            ChoiceField("FreeForm", "After the first move", [
                (int(FreeForm.ANCHORED), "Join the tiles already on the board (anchored)"),
                (int(FreeForm.TERRITORIAL), "Join the player's own tiles (territorial)"),
                (int(FreeForm.FREE), "Anywhere on the board (free-form)"),
            ], "WordsWorth FreeForm", normalise=lambda v: min(int(v), 2)),
            DirectionsField("Directions", "Words run", "WORDwhami adds the diagonals"),
            CheckField("BackwardWords", "Backward words", "A line may read backwards too"),
            SpinField("FirstMoveRow", "First move crosses row", 0, 30,
                      "0: any row.  Click the board with the first-move tool to pick a square",
                      special="any row"),
            SpinField("FirstMoveCol", "First move crosses column", 0, 30,
                      "0: any column", special="any column"),
            ChoiceField("FirstMoveDir", "First move is played", [
                (int(FirstMoveDir.ANY), "Across or down"),
                (int(FirstMoveDir.ACROSS), "Across only"),
                (int(FirstMoveDir.DOWN), "Down only"),
            ]),
        ]),
        ("Scoring", "", [
            ChoiceField("Scoring", "A play scores", [
                (Scoring.LETTER_SUM, "Letter values with premium squares"),
                (Scoring.LENGTH_SQUARED, "Length \u00d7 length for each new word (WORDwhami)"),
            ]),
        ]),
        ("Exchanges and blanks", "", [
            SpinField("ExchangeMinimumBag", "Swapping tiles needs", 0, 100,
                      "Tiles that must be left in the bag to swap", special="any tiles in the bag",
                      suffix=" in the bag"),
            ChoiceField("ExchangeAllowed", "Picking up a blank", [
                (int(ExchangeAllowed.NEVER), "Never: blanks stay where they are played"),
                (int(ExchangeAllowed.WHOLE_MOVE), "Allowed, as the player's whole move"),
                (int(ExchangeAllowed.BEFORE_PASS), "Allowed before a pass or swap"),
                (int(ExchangeAllowed.BEFORE_ANY), "Allowed before any move"),
            ], "Put the real letter on the board and take the blank (WordsWorth ExchangeAllowed)"),
            CheckField("WildOncePerWord", "Blanks in a word", "At most one"),
            CheckField("WildNoPlurals", "Blank plurals", "No blank to make a plural"),
            CheckField("StuckExchangeAll", "A stuck player", "Exchanges every tile"),
        ]),
        ("End of the game", "", [
            SpinField("ScorelessTurnsLimit", "Ends after", 0, 99,
                      "Scoreless turns in a row that end the game", special="never",
                      suffix=" scoreless turns"),
            SpinField("ScoreLimit", "Ends when a player reaches", 0, 9999, special="no limit",
                      suffix=" points"),
            CheckField("DeductUnplayedTiles", "Unplayed tiles", "Count against their holder"),
            CheckField("GoingOutBonus", "Going out", "Gains the others' unplayed tiles"),
            CheckField("PassingEnds", "Nothing to draw",
                       "Every player passing in turn ends the game"),
        ]),
        ("Computer player", "The default strategy knobs (WordsWorth Appendix A).", [
            SpinField("LengthWeight", "Length weight", -20, 20,
                      "0: no effect; 1-2 balance score and length; 3+: long words"),
            SpinField("MininumAllowedScore", "Ignore moves below", 0, 999, special="no limit",
                      suffix=" points"),
            SpinField("MaximumAllowedScore", "Ignore moves above", 0, 999, special="no limit",
                      suffix=" points"),
            SpinField("RestrictedSearchMin", "Restricted search: score", 0, 999,
                      "Moves scoring at least this count towards the search limit"),
            SpinField("RestrictedSearchCount", "Restricted search: count", 0, 999,
                      "Play the best so far after this many such moves (WordsWorth's 5 and "
                      "40 keep about 70% of the best score on the standard game; on a game "
                      "whose moves score a few points, such as WordsWorth's default, little)",
                      special="off"),
            SpinField("MinimumWordLength", "Shortest word", 0, 30, special="any"),
            SpinField("MaximumWordLength", "Longest word", 0, 30),
            ChoiceField("ControlStrategy", "Hints and self-play control", [
                (0, "Play the best score"), (1, "Use the computer's own strategy")],
                normalise=lambda v: min(int(v), 1)),
            CheckField("IncludeCrossWeights", "Letter weights", "Count the cross words too",
                       "Weigh the cross words too, not only the main word", as_number=True),
            CheckField("AdaptiveStrategy", "Adaptive play", "Ease off ahead, press behind",
                       "Adapt to the score: ease off when ahead, press when behind",
                       as_number=True),
            SpinField("BlankThreshold", "Play a blank only for words weighing", 0, 999,
                      suffix=" or more"),
        ]),
    ]  # fmt: skip


def _holder(editor: QWidget) -> QWidget:
    """The editor at the left of a row that takes the rest of the width: the editor
    column starts at the same place in every group, whatever the editors' sizes."""
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(editor, 1 if isinstance(editor, QComboBox) else 0)
    if not isinstance(editor, QComboBox):
        row.addStretch(1)
    return holder


class RulesPanel(QScrollArea):
    """Every rule of the game; reports edits as (element, value, merge key)."""

    edited = Signal(str, object, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rules-panel")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # The panel is a column beside the board: editors shrink, they never scroll sideways.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setSpacing(10)
        self.fields: dict[str, Field] = {}
        self.sources: dict[str, QLabel] = {}
        for title, note, fields in _sections():
            column.addWidget(self._group(title, note, fields))
        column.addStretch(1)
        self.setWidget(body)

    def _group(self, title: str, note: str, fields: list[Field]) -> QGroupBox:
        box = QGroupBox(title)
        grid = QGridLayout(box)
        grid.setColumnStretch(1, 1)
        grid.setHorizontalSpacing(10)
        grid.setColumnMinimumWidth(0, LABEL_WIDTH)
        row = 0
        if note:
            explanation = QLabel(note)
            explanation.setWordWrap(True)
            explanation.setStyleSheet("color: palette(mid);")
            grid.addWidget(explanation, row, 0, 1, 3)
            row += 1
        for field in fields:
            # The label says what the setting is and, under it, where it is set.
            label = QLabel(field.label)
            label.setObjectName(f"source-{field.name}")
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setWordWrap(True)
            # One label width in every group, so the editors line up down the panel.
            label.setFixedWidth(LABEL_WIDTH)
            field.widget.setObjectName(f"rule-{field.name}")
            for combo in field.widget.findChildren(QComboBox) + (
                    [field.widget] if isinstance(field.widget, QComboBox) else []):
                # Long choices are elided rather than widening the whole panel.
                combo.setSizeAdjustPolicy(
                    QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
                combo.setMinimumContentsLength(14)
            if field.help:
                field.widget.setToolTip(field.help)
            grid.addWidget(label, row, 0, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            grid.addWidget(_holder(field.widget), row, 1)
            field.edited.connect(self.edited)
            self.fields[field.name] = field
            self.sources[field.name] = label
            row += 1
        return box

    def show_values(self, values: DesignValues, document: ConfigDocument) -> None:
        """Show the document's rules and where each comes from."""
        for name in ("FirstMoveRow", "FirstMoveCol"):
            field = self.fields[name]
            assert isinstance(field, SpinField)
            field.set_maximum(values.rows if name == "FirstMoveRow" else values.columns)
        for name, field in self.fields.items():
            field.show(values[name])
            found = document.source(name)
            label = self.sources[name]
            if found is None:
                where = "<i>default</i>"
                label.setToolTip("Not set in any file: the game uses the default")
            else:
                path, line = found
                where = f"{path.name if path is not None else 'this file'}:{line}"
                label.setToolTip(f"Set in {path}, line {line}; edits go back there")
            label.setText(f"{field.label}<br><span style='color:{theme.colours().muted}; font-size:small'>"
                          f"{where}</span>")

    def focus_element(self, name: str) -> bool:
        """Scroll to an element's editor and focus it (False if it is not here)."""
        field = self.fields.get(name)
        if field is None:
            return False
        self.ensureWidgetVisible(field.widget)
        field.widget.setFocus()
        return True
