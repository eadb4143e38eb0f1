"""Help > How to Play (F1): what the open page is for and how to work it.

Each page says what it needs through :meth:`GamePage.help_html`; the texts live here, in
one place, so they read alike.  The start page gets :data:`GENERAL`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

GENERAL = """
<h2>WordStudio</h2>
<p>Every game and the board designer open from the start page or <b>File &gt; New</b>;
saved games and game configurations open with <b>File &gt; Open</b> or from the recent
list. One game is open at a time: opening another asks about unsaved changes first.</p>
<ul>
<li><b>Crossword game</b>: any board and tile set, as many players as the game allows (the standard game 2-4, Computer SCRABBLE's 1-4, WORDwhami 1-6), people and computers.</li>
<li><b>WORDwhami</b>: the 30x30 crossword game with diagonal and backward words.</li>
<li><b>Word For Word</b>: Doublets for two or more players on a shrinking word list.</li>
<li><b>Word War</b>: fill your grid from a shared deck of letter cards.</li>
<li><b>Board designer</b>: boards, tile sets and rules, saved as WordsWorth .cfg files.</li>
</ul>
<p>A game that was not finished when WordStudio stopped is offered again at the next
start. Press <b>F1</b> in any game for its own keys and rules.</p>
"""

CROSSWORD = """
<h2>Crossword game</h2>
<h3>Laying a move</h3>
<ul>
<li><b>Mouse</b>: drag tiles from your rack to the board, and back; drag within the rack
to reorder it. A blank asks which letter it stands for.</li>
<li><b>Keyboard</b>: click a square, then type. Click the square again (or press an arrow
key) to turn the direction. <b>Backspace</b> takes the last tile back, <b>Esc</b> takes
them all back, <b>Enter</b> plays. <b>Space</b> (or <b>?</b>) then a letter lays a blank
for that letter; a letter you do not hold uses a blank if you have one.</li>
<li><b>Whole word</b> (<b>Ctrl+T</b>, or type with no square chosen): type the word, then
say where it starts and which way it runs.</li>
</ul>
<p>While you lay tiles the line under the board shows the words formed and the score, or
why the move is not legal yet.</p>
<p>Pick a move in the history to see the board as it was. The game is saved after every
move, so nothing is lost if WordStudio stops.</p>
"""

#: The heading of the keys table :func:`shortcut_table` makes.
KEYS_HEADING = "<h3>Keys</h3>"

DIAGONALS = """
<h3>Diagonal and backward words</h3>
<p>In this game words may also run along the diagonals and read backwards. Click a square
repeatedly to go through across, down and the diagonals, or use the number pad's diagonal
keys: <b>Page Down</b> or <b>Home</b> for down-right, <b>Page Up</b> or <b>End</b> for
up-right. <b>Ctrl+T</b> lets you type a word and lay it in any direction, backwards
too.</p>
"""

WORD_FOR_WORD = """
<h2>Word For Word</h2>
<p>Each player's puzzle is to link his own word to the common word, one letter change at a
time, through words of the list. Saved words are safe for everyone; a deleted word is gone
for everyone, and a player whose puzzle can no longer be solved is out. The winner is the
player who can show a chain made only of saved words (or the last one left).</p>
<p>During the study period work out chains; <b>Begin play</b> ends it. On your turn choose
a command by clicking it or typing the letter beside its name: Save (<b>S</b>) a word,
Delete (<b>D</b>) a word, Win (<b>W</b>), Save to win (<b>A</b>), Delete to draw
(<b>E</b>) when two players are left, or Resign (<b>R</b>). Type the word and press <b>Enter</b>; then
<b>Y</b> (or Enter) confirms the move and <b>N</b> (or Esc) goes back to change it. A
confirmed misspelling loses the turn.</p>
<p>The practice aid (off unless you turn it on) says once play begins whether your puzzle
still has a solution and how many words a chain still needs saved; <b>Show a chain</b>
shows one, for that turn only.</p>
<p>The <b>scratch pad</b> is your paper: choose a puzzle (yours or another player's), type
the words of a chain between its two words, and it shows the chain in the board's colours,
which step changes more than one letter or uses a deleted word, and which words still
need saving before you can Win. It makes no move, and it checks spelling only when the
practice aid is on and play has begun. What you write is kept while the game is open,
not saved with it.</p>
"""

WORD_WAR = """
<h2>Word War</h2>
<p>A card is turned for everyone. Click a free square of your grid to write its letter
there, or <b>Pass</b>. A <b>WILD</b> card may be written as any letter: click the square,
then choose (or type) the letter. Everyone answers every card; the round ends when some
player's grid is full, and each row and column then scores the words found within it.
The game has four rounds.</p>
<p>When several people share the screen, each one's grid is covered until it is his turn.
<b>Print Scoresheets</b> prints the game's sheets or saves them as PDF; <b>File &gt; New
&gt; Word War Scoresheets</b> prints blank ones for playing on paper.</p>
"""

DESIGNER = """
<h2>Board designer</h2>
<p>Choose a tool in the palette and paint the board: plain, blocked and premium squares
(letter and word premiums up to x11). Drag for strokes and rectangles; the symmetry setting
mirrors every change. The other tabs set the tiles (letters, counts, values, blanks; counts
can be derived from a word list or a text) and the rules.</p>
<p>The checks list what would stop the design from being played; click one to see where.
<b>Ctrl+Z</b> undoes any change. Saving writes WordsWorth-style .cfg and .def files;
<b>Play this design</b> starts a game with it.</p>
"""


def shortcut_table(actions: Iterable[QAction]) -> str:
    """The page's own actions that have a shortcut, as a table: key, then what it does
    (its status tip), so the help always says what the menus do."""
    rows = []
    for action in actions:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if keys:
            what = action.statusTip() or action.text().replace("&", "").rstrip("\u2026")
            rows.append(f"<tr><td><b>{html.escape(keys)}</b></td><td>{html.escape(what)}</td></tr>")
    return KEYS_HEADING + '<table cellspacing="4">' + "".join(rows) + "</table>" if rows else ""


class HelpDialog(QDialog):
    """A scrollable page of help text with a Close button."""

    def __init__(self, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("help-dialog")
        self.setWindowTitle("How to Play")
        layout = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setObjectName("help-text")
        self.text.setOpenExternalLinks(False)
        self.text.setHtml(html)
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(620, 560)
