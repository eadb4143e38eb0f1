"""Every command of the crossword window as a QAction: menus, toolbar and shortcuts.

Shortcuts follow Computer SCRABBLE's CTRL keys where they do not clash with the
desktop's standard ones: CTRL-D distribution, CTRL-V values, CTRL-I "any ideas?" (hint),
CTRL-J juggle, CTRL-R reorder (sort), CTRL-P pass - or, while a computer player thinks,
force it to play ("PASS/FORCE").  CTRL-C (change) would be Copy and CTRL-S (square codes)
Save, so exchange is CTRL-E and the square legend CTRL-L.  Plain letters are for typing
words on the board, so WordsWorth's one-letter commands get Ctrl+Shift letters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Protocol

from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from wordstudio.paths import resources_dir
from wordstudio.ui import theme


def icon(name: str) -> QIcon:
    """A toolbar icon in the ink of the look in use."""
    path = resources_dir() / "icons" / f"{name}.svg"
    return theme.line_icon(path) if path.exists() else QIcon()


def refresh_icons(actions: GameActions) -> None:
    """The icons again, in the new look's ink (light or dark)."""
    for action in actions.all():
        name = action.property("icon-name")
        if name:
            action.setIcon(icon(str(name)))


class CommandTarget(Protocol):
    """What the actions call: the crossword page's commands (the page is the target; the
    actions need nothing else of it, so this module does not know the page)."""

    def play(self) -> object: ...
    def enter_word(self) -> object: ...
    def pass_or_force(self) -> object: ...
    def exchange(self) -> object: ...
    def pick_up_blank(self) -> object: ...
    def recall(self) -> object: ...
    def shuffle(self) -> object: ...
    def sort_rack(self) -> object: ...
    def hint(self) -> object: ...
    def consult(self) -> object: ...
    def undo(self) -> object: ...
    def redo(self) -> object: ...
    def next_move(self) -> object: ...
    def play_now(self) -> object: ...
    def toggle_watch(self) -> object: ...
    def challenge(self) -> object: ...
    def resign(self) -> object: ...
    def toggle_view_racks(self) -> object: ...
    def show_distribution(self) -> object: ...
    def show_values(self) -> object: ...
    def show_legend(self) -> object: ...
    def toggle_symbols(self) -> object: ...
    def edit_settings(self) -> object: ...
    def export_wordsworth(self) -> object: ...
    def zoom_in(self) -> object: ...
    def zoom_out(self) -> object: ...
    def toggle_fit(self) -> object: ...


@dataclass
class GameActions:
    """The page's actions, by what they do."""

    play: QAction
    enter_word: QAction
    pass_turn: QAction
    exchange: QAction
    pick_up: QAction
    recall: QAction
    shuffle: QAction
    sort: QAction
    hint: QAction
    consult: QAction
    undo: QAction
    redo: QAction
    next_move: QAction
    play_now: QAction
    watch: QAction
    challenge: QAction
    resign: QAction
    view_racks: QAction
    distribution: QAction
    values: QAction
    legend: QAction
    symbols: QAction
    settings: QAction
    export: QAction
    zoom_in: QAction
    zoom_out: QAction
    fit_board: QAction

    def all(self) -> list[QAction]:
        return [getattr(self, f.name) for f in fields(self)]


#: Short toolbar labels for actions whose menu text is long.
TOOLBAR_TEXT = {"Consult the Dictionary": "Dictionary", "View Opponents' Tiles": "Racks"}


def _action(parent: QWidget, text: str, slot: Callable[[], object], shortcut: str | QKeySequence = "",
            icon_name: str = "", tip: str = "", checkable: bool = False) -> QAction:
    action = QAction(text, parent)
    plain = text.replace("&", "").rstrip("\u2026")
    action.setIconText(TOOLBAR_TEXT.get(plain, plain))
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
    if icon_name:
        action.setIcon(icon(icon_name))
        action.setProperty("icon-name", icon_name)
    if tip:
        action.setToolTip(tip + (f" ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
                                 if shortcut else ""))
        action.setStatusTip(tip)
    action.setCheckable(checkable)
    if checkable:
        action.toggled.connect(lambda _checked: slot())
    else:
        action.triggered.connect(lambda _checked=False: slot())
    return action


def build_actions(parent: QWidget, p: CommandTarget) -> GameActions:
    """The actions (children of ``parent``), wired to ``p``'s command methods."""
    actions = GameActions(
        play=_action(parent, "&Play", p.play, "Ctrl+Return", "play", "Play the tiles on the board"),
        enter_word=_action(parent, "&Enter a Word\u2026", p.enter_word, "Ctrl+T", "word",
                           "Type a whole word, then its square and direction (WordsWorth A/D)"),
        pass_turn=_action(parent, "Pa&ss\u2026", p.pass_or_force, "Ctrl+P", "pass",
                          "Pass, optionally returning tiles; while a computer thinks: play now"),
        exchange=_action(parent, "E&xchange\u2026", p.exchange, "Ctrl+E", "exchange",
                         "Swap tiles with the bag (your turn ends)"),
        pick_up=_action(parent, "Pick &Up a Blank\u2026", p.pick_up_blank, "Ctrl+Shift+X", "pickup",
                        "Put a letter from your rack on a blank and take the blank (WordsWorth X)"),
        recall=_action(parent, "&Take Tiles Back", p.recall, "", "recall",
                       "Take this turn's tiles back to the rack (Esc)"),
        shuffle=_action(parent, "&Juggle Rack", p.shuffle, "Ctrl+J", "shuffle", "Shuffle your rack"),
        sort=_action(parent, "&Reorder Rack", p.sort_rack, "Ctrl+R", "sort", "Sort your rack A-Z"),
        hint=_action(parent, "&Hint\u2026", p.hint, "Ctrl+I", "hint", "Any ideas? The best moves for your rack"),
        consult=_action(parent, "&Consult the Dictionary\u2026", p.consult, "Ctrl+Shift+C", "consult",
                        "List words matching a pattern (WordsWorth C)"),
        undo=_action(parent, "&Undo", p.undo, QKeySequence.StandardKey.Undo.name and "Ctrl+Z", "undo",
                     "Undo back to your previous turn"),
        redo=_action(parent, "&Redo", p.redo, "Ctrl+Shift+Z", "redo", "Replay undone moves"),
        next_move=_action(parent, "&Next Move", p.next_move, "Ctrl+Shift+N", "next",
                          "Make the computer play its next-best move instead (WordsWorth N)"),
        play_now=_action(parent, "Play &Now", p.play_now, "Ctrl+Shift+P", "playnow",
                         "Make the thinking computer player play its best move so far"),
        watch=_action(parent, "&Watch", p.toggle_watch, "Ctrl+Shift+W", "watch",
                      "The computer plays for you until you press a key (WordsWorth W)", checkable=True),
        challenge=_action(parent, "C&hallenge", p.challenge, "Ctrl+Shift+H", "challenge",
                          "Challenge the last play's words"),
        resign=_action(parent, "Resi&gn\u2026", p.resign, "", "resign", "Leave the game"),
        view_racks=_action(parent, "&View Opponents' Tiles", p.toggle_view_racks, "Ctrl+Shift+V", "view",
                           "Show or hide the other players' racks (WordsWorth V)", checkable=True),
        distribution=_action(parent, "Tile &Distribution", p.show_distribution, "Ctrl+D", "tiles",
                             "How many of each tile (CTRL-D)"),
        values=_action(parent, "Tile &Values", p.show_values, "Ctrl+V", "", "What each tile scores (CTRL-V)"),
        legend=_action(parent, "&Square Codes", p.show_legend, "Ctrl+L", "", "What the premium squares mean"),
        symbols=_action(parent, "Colour-Blind-Safe &Premium Squares", p.toggle_symbols, "", "",
                        "Premium squares with symbols on a colour-blind-safe palette "
                        "(off: the classic colours)", checkable=True),
        settings=_action(parent, "Crossword &Settings\u2026", p.edit_settings, QKeySequence(QKeySequence.StandardKey.Preferences),
                         "settings", "Racks, pauses, board style, animation"),
        export=_action(parent, "Export as &WordsWorth Game\u2026", p.export_wordsworth, "", "",
                       "Save a two-player game in WordsWorth's saved-game format"),
        zoom_in=_action(parent, "Zoom &In", p.zoom_in, QKeySequence(QKeySequence.StandardKey.ZoomIn), "",
                        "Bigger squares (Ctrl and the mouse wheel zoom too)"),
        zoom_out=_action(parent, "Zoom &Out", p.zoom_out, QKeySequence(QKeySequence.StandardKey.ZoomOut), "",
                         "Smaller squares"),
        fit_board=_action(parent, "&Fit the Board", p.toggle_fit, "Ctrl+0", "",
                          "Show the whole board however small (off: never smaller than "
                          "readable, scrolled when it does not fit)", checkable=True),
    )
    # Ctrl+= is Ctrl++ without Shift on most keyboards.
    actions.zoom_in.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomIn), QKeySequence("Ctrl+=")])
    return actions


def build_menus(page: QWidget, actions: GameActions) -> list[QMenu]:
    """The Move, Game and View menus the main window shows while the game is open."""
    move = QMenu("&Move", page)
    for action in (actions.play, actions.enter_word, actions.pass_turn, actions.exchange, actions.pick_up):
        move.addAction(action)
    move.addSeparator()
    for action in (actions.recall, actions.shuffle, actions.sort):
        move.addAction(action)
    game = QMenu("&Game", page)
    for group in ((actions.hint, actions.consult), (actions.undo, actions.redo),
                  (actions.next_move, actions.play_now, actions.watch), (actions.challenge, actions.resign),
                  (actions.export, actions.settings)):
        for action in group:
            game.addAction(action)
        game.addSeparator()
    view = QMenu("&View", page)
    for action in (actions.view_racks, actions.distribution, actions.values, actions.legend, actions.symbols):
        view.addAction(action)
    view.addSeparator()
    for action in (actions.zoom_in, actions.zoom_out, actions.fit_board):
        view.addAction(action)
    return [move, game, view]


def toolbar_actions(actions: GameActions) -> list[QAction]:
    return [actions.play, actions.pass_turn, actions.exchange, actions.hint, actions.undo, actions.redo,
            actions.next_move, actions.play_now, actions.watch, actions.consult, actions.view_racks]
