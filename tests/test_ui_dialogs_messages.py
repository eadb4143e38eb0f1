"""The questions every page asks, worded in one place."""

from __future__ import annotations

import shutil

from tests.test_ui_crossword_support import FAST, make_context, new_game
from wordstudio.crossword.actions import Pass
from wordstudio.paths import boards_dir
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.designer.document import DesignDocument
from wordstudio.ui.designer.page import DesignerPage
from wordstudio.ui.dialogs import messages
from wordstudio.ui.wordforword import WordForWordPage
from wordstudio.ui.wordwar.page import WordWarPage
from wordstudio.wordforword.moves import GameSetup, Move, PlayerSpec
from wordstudio.wordforword.rules import Deal, Game
from wordstudio.wordwar.game import PlayerSpec as WarSeat
from wordstudio.wordwar.game import WordWarGame


def test_every_page_asks_the_same_question_before_closing_unsaved_work(qtbot, tmp_path,
                                                                       monkeypatch):
    asked: list[tuple[str, ...]] = []
    monkeypatch.setattr(messages, "choose",
                        lambda parent, title, text, buttons: asked.append(tuple(buttons)) or 2)
    for context in make_context(tmp_path):
        crossword = new_game("board7.cfg", seed=3)
        crossword.act(Pass())
        word_game = Game(GameSetup(players=(PlayerSpec("Ann"), PlayerSpec("Bob")), length=3,
                                   study_seconds=0),
                         ["CAT", "COT", "DOT", "DOG", "ZOO"], Deal("DOG", ("CAT", "COT"), (0, 1)))
        war = WordWarGame([WarSeat("Ann")], "prompt")
        war.start_round([1])
        shutil.copytree(boards_dir(), tmp_path / "boards")
        pages = [CrosswordPage(context, game=crossword, options=FAST, autosave=False),
                 WordForWordPage(context, game=word_game),
                 WordWarPage(context, war, pace_ms=10_000),
                 DesignerPage(context, DesignDocument.open(tmp_path / "boards" / "board7.cfg"))]
        pages[1].make_move(Move.parse("S ZOO"))
        pages[2].dirty = True
        pages[3].clear_board()
        for page in pages:
            qtbot.addWidget(page)
            assert not page.maybe_close()  # "Cancel" keeps every page open
        assert asked == [(messages.SAVE, messages.DONT_SAVE, messages.CANCEL)] * len(pages)
        assert messages.DONT_SAVE == "Don't save"
        for page in pages:
            page.shutdown()


def test_notices_begin_each_line_with_a_capital(monkeypatch):
    """The engine's reasons and a record's notes ("the game was played with NWL20; ...")
    begin in lower case: shown alone, each line begins a sentence."""
    from PySide6.QtWidgets import QMessageBox

    from wordstudio.ui.dialogs.messages import inform, sentence, warn

    assert sentence("the game was played with NWL20\nline 4: a note\n\n/x.gcg: ok") == \
        "The game was played with NWL20\nLine 4: a note\n\n/x.gcg: ok"
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: shown.append(text))
    warn(None, "Open", "a word needs at least two letters")
    inform(None, "Open", "the game was played with NWL20; its words are checked")
    assert shown == ["A word needs at least two letters",
                     "The game was played with NWL20; its words are checked"]
