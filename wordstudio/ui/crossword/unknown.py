"""A person's play with words the word list does not know.

WordsWorth asks whether to accept such a word anyway (``WordCheck.CONFIRM``); Computer
SCRABBLE challenges it (``WordCheck.PROGRAM_CHALLENGE``, seed 004 E7-E8): the player
accepts the challenge and loses the turn and its score, or rejects it and the word
stands.  A word the player insists on can then be added to his own word list
(:func:`~wordstudio.lexicon.personal.add_insisted_words`) for later games.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from wordstudio.crossword.actions import Play, Turn
from wordstudio.crossword.board import Placement
from wordstudio.crossword.game import Game, UnknownWords, WordCheck
from wordstudio.errors import UserError
from wordstudio.lexicon.personal import add_insisted_words, insisted_list_name
from wordstudio.ui.dialogs import messages

REJECT, ACCEPT = 0, 1


def settle_unknown_words(parent: QWidget, game: Game, placements: Sequence[Placement],
                         unknown: UnknownWords) -> Turn | None:
    """Ask the person what to do about ``unknown`` and act; None when he changes the move.

    Raises IllegalMove / UserError as the engine does."""
    check = game.setup.settings.word_check
    words = ", ".join(unknown.words)
    if check == WordCheck.PROGRAM_CHALLENGE:
        answer = messages.choose(
            parent, "The program challenges",
            f"The program challenges {words}: it is not in its word list.\n\n"
            "Accept the challenge if the word is wrong: you lose this turn and its score.\n"
            "Reject it if the word is good: your play stands.",
            ["Reject the challenge", "Accept the challenge", "Change the move"])
        if answer == ACCEPT:
            return game.concede(Play(tuple(placements)))
        if answer != REJECT:
            return None
    elif check == WordCheck.CONFIRM:
        reason = unknown.reason
        if not messages.confirm(parent, "Not in the word list",
                                f"{reason[0].upper()}{reason[1:]}.\n\nPlay it anyway?",
                                yes="Play it", no="Change the move"):
            return None
    else:
        return None
    turn = game.play(placements, confirmed=unknown.words)
    offer_to_keep(parent, game.setup.lexicon, unknown.words)
    return turn


def offer_to_keep(parent: QWidget, lexicon: str, words: Sequence[str]) -> None:
    """Offer to add words the person insisted on to his own word list."""
    name = insisted_list_name(lexicon)
    if not messages.confirm(parent, "Keep the word?",
                            f"Add {', '.join(words)} to your word list \u201c{name}\u201d?\n\n"
                            "(Choose that list for later games to have them accepted.)",
                            yes="Add", no="Not now"):
        return
    try:
        add_insisted_words(lexicon, words)
    except UserError as exc:
        messages.inform(parent, "Word list", str(exc))
