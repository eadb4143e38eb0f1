"""F1 in a dialog: help about the dialog and the field in use (WordsWorth 4.11: "Pressing
F1 at any time will display some help about what input WordsWorth is currently expecting
from you").

The main window's F1 shows the open page's How to Play (:mod:`wordstudio.ui.help`).  In a
dialog F1 reaches the dialog itself (:class:`ContextHelpKeys`, a base of the dialogs),
which calls :func:`show_context_help`: the dialog's purpose (:data:`DIALOG_HELP`, by the dialog's
class) and what the field that has the focus expects (its "What's This" text, its
tooltip, or :data:`FIELD_HELP` by its name), under the label beside it.  (No event filter on the
whole application, no focus watcher and no extra shortcuts: each of those outlived the
windows it served and disturbed the keyboard of later windows.)
"""

from __future__ import annotations

import html

from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QFormLayout, QLabel, QWidget

from wordstudio.ui.help import HelpDialog

#: What each dialog is for, by "module.Class".
DIALOG_HELP: dict[str, str] = {
    "wordstudio.ui.crossword.newgame.NewGameDialog": (
        "Choose the game (a board and tile set: any shipped or own .cfg file), the word list "
        "(shipped, one of your personal or topic lists, or any word-list file), the players "
        "(people, or computers of level 1-8 or tuned by a knob file) and their order, the "
        "clocks, and how unknown words are treated: refused, confirmed by the player "
        "(WordsWorth), challenged by the next player (or, in WORDwhami, by any player; the "
        "loser may forfeit play to the winner), or challenged by the program (Computer "
        "SCRABBLE: accepting costs the turn and its score). A game may end at a score or "
        "after a time. The table options say how the board and racks are shown."),
    "wordstudio.ui.crossword.consult.ConsultDialog": (
        "Consult the word list (WordsWorth 4.1). Type letters; ? or _ stands for any letter, "
        "[AEIOU] for one of those letters, [!AEIOU] for any other, [A-F] for a range, and * "
        "before a tile makes it required. 'Any order' finds anagrams, 'in order' the pattern "
        "as written; 'use all' needs every tile, 'use some' any number. Hover a word to see "
        "its meaning."),
    "wordstudio.ui.crossword.dialogs.DiscardDialog": (
        "Choose the tiles to put back in the bag; you draw as many new ones. Exchanging is "
        "your whole turn, and needs enough tiles left in the bag."),
    "wordstudio.ui.crossword.dialogs.BlankLetterDialog": (
        "Type the letter the blank stands for. It scores nothing and keeps that letter for "
        "the rest of the game."),
    "wordstudio.ui.crossword.dialogs.PickUpBlankDialog": (
        "Pick up a blank from the board by putting the real letter in its place "
        "(WordsWorth's X move); when the game allows it, the blank goes to your rack."),
    "wordstudio.ui.crossword.dialogs.WordEntryDialog": (
        "Type a whole word (letters already on the board included), the square where it "
        "starts and its direction; it is laid out for you to check before you play."),
    "wordstudio.ui.crossword.options.OptionsDialog": (
        "How the table looks: every rack shown or only the player's, a pause between players "
        "(also before computer turns), symbols instead of colours, each player's tiles in "
        "their own colour (WordsWorth -c), the game's own colours, and how fast a computer "
        "lays its tiles."),
    "wordstudio.ui.crossword.dialogs.SummaryDialog": (
        "The final scores, with the adjustments for tiles left on the racks."),
    "wordstudio.ui.wordwar.dialogs.NewGameDialog": (
        "Word War for one to nine players (beyond four the box's pens are shared): names, "
        "people or computers, each player's first board, the word list, and whether each "
        "person's grid is hidden from the others."),
    "wordstudio.ui.wordwar.dialogs.LetterDialog": (
        "A WILD card: choose the letter to write in the square."),
    "wordstudio.ui.wordwar.disputes.DisputeDialog": (
        "Settle a word the players disagree on (Word War: \"if players disagree on the "
        "validity of a word, a dictionary should be consulted\"). Type the word as it "
        "stands on a grid and choose who disputes it; the dialog says whether the game's "
        "word list holds it, and its meaning when one is known. Then click what the players "
        "decide: an accepted word counts from now on, a rejected one never counts. The "
        "round just played is scored again, and the ruling is kept with the game and shown "
        "under the round's result."),
    "wordstudio.ui.wordwar.dialogs.BlankSheetsDialog": (
        "Blank Word War scoresheets for playing on paper: one page per board ticked, with its "
        "printed vowels and empty score boxes. Choose the paper (A4 or US Letter), then "
        "print them or save them as a PDF."),
    "wordstudio.ui.crossword.recordmenu.CgpDialog": (
        "Set up a new game at a position written in CGP, as Woogles and Macondo copy it: the "
        "board's rows separated by / (a number is that many empty squares, a lower-case "
        "letter a blank), the racks (the player to move first, ? a blank), the scores and "
        "the scoreless turns so far, e.g. 15/15/.../15 AEIRST?/ 0/0 0. The position must "
        "fit this game: its board size, its letters, racks no larger than its racks and no "
        "more of a tile than its tile set holds. A rack left empty is drawn from the "
        "unseen tiles."),
    "wordstudio.ui.wordlists.ReportDialog": (
        "What a word-list file holds: how many words, and which lines are not words and "
        "were left out (with their line numbers) - lines with digits, spaces, apostrophes, "
        "hyphens or other marks, letters outside the alphabet, or words of one letter or "
        "more than 60. Give a name to keep the words as a topic list (a WORDwhami game "
        "limited to one subject), or close to keep nothing."),
    "wordstudio.ui.wordforword.dialog.NewGameDialog": (
        "Word For Word for two or more players: the word length (3, 4 or 5 letters), the word "
        "list, the players, and whether moves are timed (a study period, then each move)."),
    "wordstudio.ui.wordlists.WordListsDialog": (
        "Your own word lists. A personal list is a shipped list with words you add or take "
        "away; a topic list holds only its own words (a WORDwhami game limited to one "
        "subject). Open any text file of words to see what it holds and which lines are not "
        "words."),
}


#: What a field expects, by its object name, where the widget carries no tip of its own.
FIELD_HELP: dict[str, str] = {
    "config": "The game: its board, tiles and rules (a shipped configuration or your own "
              ".cfg file).",
    "lexicon": "The words the game accepts: a shipped list, one of your personal or topic "
               "lists (File > Word Lists), or any word-list file.",
    "player-count": "How many play. Each seat is a person or a computer player.",
    "random-order": "Let chance decide who plays first, as WordsWorth and Computer SCRABBLE do.",
    "turn-clock": "Limit each turn (Computer SCRABBLE: 10 seconds to 9:59); a turn that "
                  "runs out is lost.",
    "turn-limit": "The time each turn may take, minutes and seconds.",
    "game-clock": "Give each player a total time for the game; every minute over costs points.",
    "game-minutes": "Each player's time for the whole game.",
    "word-check": "What happens to a word the word list does not know: refused; played "
                  "when the player confirms it; open to a challenge by the next player (any "
                  "player in WORDwhami); or challenged by the program, where accepting the "
                  "challenge costs the turn and its score.",
    "challenge-penalty": "What a challenge of a good word costs the challenger: his turn "
                         "(0), or this many points.",
    "score-limit": "The game ends when a player reaches this score (WORDwhami Limits 2).",
    "game-duration": "The game ends with the first turn that finishes after this time, all "
                     "players together (WORDwhami Limits 2).",
    "consult-pattern": "Letters; ? or _ any letter; [AEIOU] one of; [!AEIOU] none of; "
                       "[A-F] a range; * before a tile makes it required.",
    "entry-word": "The whole word, letters already on the board included.",
    "entry-square": "Where the word starts, like H8.",
    "option-speed": "How slowly a computer lays its tiles one by one (0: all at once).",
    "dispute-raised-by": "The player who disputes the word (recorded with the ruling).",
    "blank-boards": "Tick the boards to print: one scoresheet page each.",
    "blank-paper": "The paper size of the scoresheets.",
    "cgp-text": "The position in CGP: board rows separated by /, the racks (the player to "
                "move first), the scores, and the scoreless turns so far.",
    "report-list-name": "The name to keep these words under as a topic list (File > Word "
                        "Lists); leave it and close to keep nothing.",
    "report-list-about": "The subject of the topic list (optional).",
    "wfw-study-seconds": "The study period before play, when everyone works on the puzzles.",
    "wfw-move-seconds": "The time each move may take.",
}


def dialog_help(dialog: QWidget) -> str:
    """The text about a dialog's purpose, or its window title when none is written."""
    for cls in type(dialog).__mro__:
        text = DIALOG_HELP.get(f"{cls.__module__}.{cls.__qualname__}")
        if text:
            return text
    return ""


def field_help(widget: QWidget | None, dialog: QWidget) -> tuple[str, str]:
    """(the field's name, what it expects) for the focused widget, looking up its parents
    up to the dialog for a What's This text or a tooltip."""
    current = widget
    while current is not None and current is not dialog:
        text = current.whatsThis() or current.toolTip() or FIELD_HELP.get(current.objectName(), "")
        if text:
            return _label_for(current, dialog), text
        current = current.parentWidget()
    return (_label_for(widget, dialog), "") if widget is not None else ("", "")


def _label_for(widget: QWidget, dialog: QWidget) -> str:
    """The label a form row gives ``widget`` (or its text, for buttons and boxes)."""
    for form in dialog.findChildren(QFormLayout):
        label = form.labelForField(widget)
        if isinstance(label, QLabel) and label.text():
            return label.text().rstrip(":")
    text = getattr(widget, "text", None)
    return text().replace("&", "") if callable(text) and isinstance(text(), str) else ""


def context_help_html(dialog: QWidget, focus: QWidget | None) -> str:
    """The F1 text for ``dialog`` with ``focus`` in it."""
    title = dialog.windowTitle() or "This dialog"
    parts = [f"<h2>{html.escape(title)}</h2>"]
    about = dialog_help(dialog)
    if about:
        parts.append(f"<p>{html.escape(about)}</p>")
    name, text = field_help(focus, dialog)
    if text:
        heading = html.escape(name) if name else "This field"
        parts.append(f"<h3>{heading}</h3><p>{text if '<' in text else html.escape(text)}</p>")
    if len(parts) == 1:
        parts.append("<p>No help is written for this dialog yet; the main window's "
                     "<b>Help &gt; How to Play</b> describes the game.</p>")
    return "".join(parts)


def active_dialog() -> QDialog | None:
    """The dialog F1 is about: the active modal dialog or window, unless it is help."""
    dialog = QApplication.activeModalWidget() or QApplication.activeWindow()
    if isinstance(dialog, QDialog) and not isinstance(dialog, HelpDialog):
        return dialog
    return None


def show_context_help(dialog: QWidget | None = None, focus: QWidget | None = None
                      ) -> HelpDialog | None:
    """Open the help about ``dialog`` (default: the active one) and its field in use;
    None when no dialog is open."""
    dialog = dialog if dialog is not None else active_dialog()
    if dialog is None:
        return None
    help_dialog = HelpDialog(context_help_html(dialog, focus or QApplication.focusWidget()),
                             dialog)
    help_dialog.setWindowTitle(f"Help: {dialog.windowTitle()}")
    help_dialog.open()
    return help_dialog


class ContextHelpKeys:
    """Mixin for dialogs: F1 opens :func:`show_context_help` for this dialog.  The key
    reaches the dialog when the field in use does not take it (no field does)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if event.matches(QKeySequence.StandardKey.HelpContents) and isinstance(self, QDialog):
            # The dialog's own last focused field (the application's may be elsewhere).
            show_context_help(self, self.focusWidget())
            event.accept()
            return
        super().keyPressEvent(event)  # type: ignore[misc]
