"""A person's turn: tiles dragged or typed onto the board, and the commands that end a turn.

:class:`HumanTurn` is the half of the crossword page that takes a person's moves (the
other half, :class:`~wordstudio.ui.crossword.turns.TurnFlow`, moves the game along).
The move being laid down lives in a :class:`~wordstudio.ui.crossword.draft.MoveDraft`;
every change to it is checked by the engine (``game.check_play``) so the live score or
the reason the move is not legal shows at once.  Dialogs open window-modal without a
nested event loop (``open()``), and act when they are accepted.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent

from wordstudio.crossword.actions import Turn
from wordstudio.crossword.game import UnknownWords, WordCheck
from wordstudio.crossword.gameconfig import ExchangeAllowed, Scoring
from wordstudio.crossword.moves import arrow_notation, move_notation
from wordstudio.crossword.players.computer import Candidate, Decision
from wordstudio.crossword.rules import IllegalMove, placements_from_word
from wordstudio.crossword.tiles import BLANK
from wordstudio.errors import UserError
from wordstudio.lexicon.spelling import Spelling
from wordstudio.ui.crossword.consult import ConsultDialog
from wordstudio.ui.crossword.dialogs import (
    BlankLetterDialog,
    DiscardDialog,
    PickUpBlankDialog,
    WordEntryDialog,
)
from wordstudio.ui.crossword.draft import DraftError
from wordstudio.ui.crossword.drag import DragSource
from wordstudio.ui.crossword.state import PageState
from wordstudio.ui.crossword.unknown import settle_unknown_words
from wordstudio.ui.crossword.wordjudge import add_word_judge
from wordstudio.ui.crossword.work import TOP_MOVES, hint_decision
from wordstudio.ui.dialogs import messages
from wordstudio.ui.theme import board as theme

ARROWS: dict[int, tuple[int, int]] = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
          Qt.Key.Key_Down: (1, 0)}
#: The number pad's diagonal keys (7, 9, 1, 3) for games with diagonal words.
DIAGONAL_KEYS: dict[int, tuple[int, int]] = {
    Qt.Key.Key_Home: (-1, -1), Qt.Key.Key_PageUp: (-1, 1), Qt.Key.Key_End: (1, -1),
    Qt.Key.Key_PageDown: (1, 1)}


class HumanTurn(PageState):
    """Mixin for :class:`~wordstudio.ui.crossword.page.CrosswordPage`."""

    def can_edit(self) -> bool:
        """May the person lay tiles now (his turn, nothing in the way)?"""
        game = self.game
        return (game is not None and self.ready and not game.over and self.history_view is None
                and not self.curtain_down and not self.watching and not self.busy
                and not game.players[game.current].computer)

    def begin_human_turn(self) -> None:
        game = self.game
        assert game is not None
        self.sync_viewer()
        if self.options.pause_between_players and self.curtain_key != self.turn_key():
            self.curtain_down = True
            game.clocks.pause()
            last = game.history[-1].describe(game.names) if game.history else ""
            self.curtain.show_for(game.names[game.current], last)
        self.refresh()
        if not self.curtain_down:
            self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    def lift_curtain(self) -> None:
        game = self.game
        if game is None or not self.curtain_down:
            return
        self.curtain_down = False
        self.curtain_key = self.turn_key()
        game.clocks.resume()
        self.refresh()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        if game.players[game.current].computer:
            self.schedule_advance()  # the computer's turn was waiting for the curtain

    def turn_key(self) -> tuple[int, int]:
        """(player, turns ended so far): the same for every action of one turn."""
        game = self.game
        assert game is not None
        return game.current, sum(1 for t in game.history if t.ends_turn)

    # --- typing --------------------------------------------------------------------------
    def handle_key(self, event: QKeyEvent) -> bool:
        """Keys on the board: letters, Space/? then a letter for a blank, Backspace,
        arrows, Enter to play, Esc to take the tiles back."""
        if not self.can_edit():
            return False
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                   | Qt.KeyboardModifier.MetaModifier):
            return False
        draft = self.draft
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.play()
        elif key == Qt.Key.Key_Escape:
            self.recall()
        elif key == Qt.Key.Key_Backspace:
            draft.backspace()
            self.refresh_move()
        elif key in ARROWS:
            draft.arrow(*ARROWS[key])
            self.refresh_move()
        elif key in DIAGONAL_KEYS and any(d.is_diagonal for d in draft.board.config.directions):
            draft.arrow(*DIAGONAL_KEYS[key])
            self.refresh_move()
        elif key == Qt.Key.Key_Space or event.text() in ("?", "_"):
            self.blank_next = True
            self.show_message("Blank: now type the letter it stands for")
            return True
        else:
            return bool(event.text()) and self.type_text(event.text())
        self.typed = ""  # any other key ends the letters typed towards a tile
        return True

    def type_text(self, text: str) -> bool:
        """A typed character: a tile at the cursor, as the game spells it (typing C then H
        takes the CH tile where the game has one; lexicon.spelling).  False when it is no
        letter of the game."""
        draft = self.draft
        spelling = Spelling.of(draft.board.alphabet)
        step = spelling.keystroke(self.typed, text)
        if step is None:
            return False
        if draft.cursor is None:
            if step.place is not None:
                # WordsWorth's way round: type the word first, then say where it goes.
                self.enter_word(prefill=step.place)
            return True
        previous = self.typed_tile if step.take_back else None
        try:
            if previous is not None:
                draft.backspace()
            if step.place is not None:
                blank = self.blank_next or (previous is not None and previous[1])
                placed = draft.type_letter(step.place, blank=blank)
                self.typed_tile = (step.place, placed.blank)
            self.typed = step.pending
        except DraftError as exc:
            if previous is not None:
                draft.type_letter(*previous)  # the tile typed before stays
            self.typed_tile = None
            if spelling.begins_tile(step.pending):
                # No R tile, but R then R may yet make the RR the player holds.
                self.typed = step.pending
            else:
                self.typed = ""
                self.show_message(str(exc), error=True)
        if step.place is not None:
            self.blank_next = False
        self.refresh_move()
        return True

    def square_clicked(self, row: int, col: int) -> None:
        if not self.can_edit():
            return
        self.typed = ""
        if (row, col) in self.draft.placed:
            self.draft.lift(row, col)
        else:
            self.draft.click(row, col)
        self.refresh_move()

    def rack_tile_clicked(self, ident: int) -> None:
        """A click on a rack tile puts it at the cursor, as if its letter were typed."""
        if not self.can_edit() or self.draft.cursor is None:
            return
        tile = self.draft.tile(ident).tile
        if tile == BLANK:
            self.blank_next = True
            self.show_message("Blank: now type the letter it stands for")
            return
        try:
            self.draft.type_letter(tile)
        except DraftError as exc:
            self.show_message(str(exc), error=True)
        self.refresh_move()

    def move_rack_tile(self, ident: int, index: int) -> None:
        """The keyboard moved a tile along the rack (Ctrl+Left/Right on the rack)."""
        try:
            self.draft.reorder(ident, index)
        except DraftError:
            return
        self.refresh_rack()
        self.refresh_players()

    # --- dragging ------------------------------------------------------------------------
    def start_rack_drag(self, ident: int, point: QPointF) -> None:
        if not self.can_edit():
            return
        tile = self.draft.tile(ident).tile
        blank = tile == BLANK
        look = theme.TileLook("" if blank else tile, None if blank else self.values.get(tile), blank)
        self.rack.hidden_ident = ident
        self.drag.begin(DragSource(ident=ident), look, int(self.board.square_size() * 1.1), point)

    def start_board_drag(self, row: int, col: int, point: QPointF) -> None:
        tentative = self.draft.placed.get((row, col))
        if not self.can_edit() or tentative is None:
            return
        look = theme.TileLook(tentative.letter, None if tentative.blank else self.values.get(tentative.letter),
                              tentative.blank, tentative=True)
        self.dragged_square = (row, col)
        self.refresh_board()
        self.drag.begin(DragSource(square=(row, col)), look, int(self.board.square_size() * 1.1), point)

    def drag_moved(self, source: DragSource, point: QPointF) -> None:
        self.board_area.autoscroll(point)
        target = self.board.square_at_global(point)
        self.drop_target = target if target is not None and self.draft.is_free_square(*target) else None
        self.rack.insert_marker = self.rack.insert_index_at_global(point) if self.drop_target is None else None
        self.refresh_board()
        self.rack.update()

    def drop(self, source: DragSource, point: QPointF) -> None:
        """A dragged tile is let go: place it, move it, take it back, or reorder the rack."""
        self.board_area.stop_autoscroll()
        self.drop_target = None
        self.dragged_square = None
        self.rack.hidden_ident = None
        self.rack.insert_marker = None
        if not self.can_edit():
            self.refresh_move()
            return
        draft = self.draft
        target = self.board.square_at_global(point)
        try:
            if target is not None and draft.is_free_square(*target):
                # The keys go to the board now (a drag from the rack left the focus
                # there): "Press Enter to play" means what it says.
                self.board.setFocus(Qt.FocusReason.OtherFocusReason)
                if source.square is not None:
                    draft.move(source.square, target)
                else:
                    assert source.ident is not None
                    if draft.tile(source.ident).tile == BLANK:
                        self.ask_blank_letter(source.ident, target)
                    else:
                        draft.place(source.ident, *target)
            else:
                index = self.rack.insert_index_at_global(point)
                ident = draft.lift(*source.square) if source.square is not None else source.ident
                if index is not None and ident is not None:
                    draft.reorder(ident, index)
        except DraftError as exc:
            self.show_message(str(exc), error=True)
        self.refresh_move()

    def ask_blank_letter(self, ident: int, square: tuple[int, int]) -> None:
        """Which letter a dropped blank stands for (the tile goes down when chosen)."""
        dialog = BlankLetterDialog(self.draft.board.alphabet, self.context.settings, self)

        def chosen() -> None:
            if self.can_edit() and self.draft.is_free_square(*square):
                self.draft.place(ident, square[0], square[1], dialog.letter)
                self.refresh_move()
                self.board.setFocus(Qt.FocusReason.OtherFocusReason)

        dialog.accepted.connect(chosen)
        self.blank_dialog = dialog
        dialog.open()

    # --- rack commands -----------------------------------------------------------------
    def recall(self) -> None:
        self.draft.clear()
        self.blank_next = False
        self.refresh_move()

    def shuffle(self) -> None:
        self.draft.shuffle()
        self.refresh_rack()
        self.refresh_players()

    def sort_rack(self) -> None:
        self.draft.sort()
        self.refresh_rack()
        self.refresh_players()

    # --- ending a turn -----------------------------------------------------------------
    def play(self) -> None:
        """Play the tentative tiles (asking to confirm unknown words where the game allows)."""
        game = self.game
        if game is None or not self.can_edit():
            return
        placements = self.draft.placements()
        if not placements:
            self.show_message("Put some tiles on the board first", error=True)
            return
        try:
            turn = game.play(placements)
        except UnknownWords as exc:
            if game.setup.settings.word_check not in (WordCheck.CONFIRM,
                                                      WordCheck.PROGRAM_CHALLENGE):
                self.show_message(exc.reason, error=True)
                return
            try:
                settled = settle_unknown_words(self, game, placements, exc)
            except IllegalMove as again:
                self.show_message(again.reason, error=True)
                return
            if settled is None:
                return
            turn = settled
        except UserError as exc:
            self.show_message(getattr(exc, "reason", str(exc)), error=True)
            return
        self.after_action(turn)

    def act_and_continue(self, act: object) -> None:
        """Run an engine action for the person (a callable returning the Turn)."""
        if self.game is None:
            return
        try:
            turn: Turn = act()  # type: ignore[operator]
        except UserError as exc:
            self.show_message(getattr(exc, "reason", str(exc)), error=True)
            return
        self.after_action(turn)

    def pass_or_force(self) -> None:
        """Computer SCRABBLE's CTRL-P: pass - or, while a computer thinks, make it play."""
        if self.job is not None:
            self.play_now()
        else:
            self.pass_turn()

    def pass_turn(self) -> None:
        game = self.game
        if game is None or not self.can_edit():
            return
        self.recall()
        if not game.config.rack_size:
            if messages.confirm(self, "Pass", "Pass your turn?", yes="Pass", no="Cancel"):
                self.act_and_continue(game.pass_turn)
            return
        dialog = DiscardDialog(game.racks[game.current].tiles, False, self.context.settings, self)
        dialog.accepted.connect(lambda: self.act_and_continue(lambda: game.pass_turn(dialog.discards())))
        self.discard_dialog = dialog
        dialog.open()

    def exchange(self) -> None:
        game = self.game
        if game is None or not self.can_edit() or not game.config.rack_size:
            return
        self.recall()
        dialog = DiscardDialog(game.racks[game.current].tiles, True, self.context.settings, self,
                               note=f"The bag holds {len(game.bag)} tiles.")
        dialog.accepted.connect(lambda: self.act_and_continue(lambda: game.exchange(dialog.discards())))
        self.discard_dialog = dialog
        dialog.open()

    def pick_up_choices(self) -> list[tuple[int, int, str]]:
        """Blanks on the board whose letter the player to move holds."""
        game = self.game
        if game is None:
            return []
        held = set(game.supply(game.current).tiles)
        return [(r, c, letter) for r, c, letter, blank in game.board.tiles() if blank and letter in held]

    def pick_up_blank(self) -> None:
        game = self.game
        if game is None or not self.can_edit() or game.config.exchange_allowed == ExchangeAllowed.NEVER:
            return
        choices = self.pick_up_choices()
        if not choices:
            self.show_message("No blank on the board stands for a letter on your rack", error=True)
            return
        self.recall()
        dialog = PickUpBlankDialog(choices, self.context.settings, self)

        def chosen() -> None:
            square = dialog.square()
            if square is not None:
                self.act_and_continue(lambda: game.pick_up_blank(*square))

        dialog.accepted.connect(chosen)
        self.pick_up_dialog = dialog
        dialog.open()

    def resign(self) -> None:
        game = self.game
        if game is None or not self.can_edit():
            return
        name = game.names[game.current]
        if messages.confirm(self, "Resign", f"{name}, do you want to resign? You cannot win after resigning.",
                            yes="Resign", no="Keep playing"):
            self.act_and_continue(game.resign)

    def challenging_people(self) -> list[int]:
        """The people who may challenge the last play now (WORDwhami: any player)."""
        game = self.game
        if game is None:
            return []
        return [p for p in game.challengers() if not game.players[p].computer]

    def challenge(self) -> None:
        game = self.game
        people = self.challenging_people()
        if game is None or not people:
            return
        challenger = people[0]
        if len(people) > 1:
            # Seed 003 rule 5: "Any player may challenge the last play".
            names = [game.names[p] for p in people]
            answer = messages.choose(self, "Challenge", "Who challenges the last play?",
                                     [*names, "Cancel"])
            if not 0 <= answer < len(people):
                return
            challenger = people[answer]
        self.recall()
        try:
            turn = game.challenge(by=challenger)
        except IllegalMove as exc:
            self.show_message(exc.reason, error=True)
            return
        self.summary_shown = False
        self.after_action(turn, self.challenge_message(turn))

    # --- WordsWorth-style entry ----------------------------------------------------------
    def enter_word(self, prefill: str = "") -> None:
        game = self.game
        if game is None or not self.can_edit():
            return
        dialog = WordEntryDialog(game.config.rows, game.config.columns, self.draft.cursor,
                                 self.draft.direction.value == "Across", prefill,
                                 self.context.settings, self,
                                 directions=tuple(game.config.directions),
                                 current=self.draft.direction,
                                 backward=game.config.backward_words,
                                 arrows=arrow_notation(game.config))
        dialog.accepted.connect(lambda: self.lay_word(dialog.word_to_lay(), dialog.parsed_square(),
                                                      dialog.direction()))
        self.entry_dialog = dialog
        dialog.open()
        dialog.word.setFocus()
        dialog.word.end(False)

    def lay_word(self, word: str, square: tuple[int, int] | None, direction: object) -> None:
        """Put a typed word on the board as tentative tiles (it is played with Enter)."""
        game = self.game
        if game is None or square is None or not self.can_edit():
            return
        try:
            placements = placements_from_word(game.board, square[0], square[1], direction,  # type: ignore[arg-type]
                                              word, fold=True)
            self.draft.set_move(placements)
        except (IllegalMove, DraftError) as exc:
            self.show_message(getattr(exc, "reason", str(exc)), error=True)
            return
        self.refresh_move()
        self.board.setFocus()

    # --- help: hints and the dictionary --------------------------------------------------
    def hint(self) -> None:
        """The best moves for the person's rack, in the Hints tab beside the board."""
        game = self.game
        if game is None or not self.can_edit():
            return
        panel = self.hints
        self.tabs.setCurrentWidget(panel)
        panel.start()
        if self.hint_job is not None:
            self.hint_job.cancel()
        token = self.token()
        self.hint_token = token
        rack = game.racks[game.current].tiles if game.config.rack_size else ()
        self.hint_job = self.context.runner.run(
            hint_decision, game.position(), TOP_MOVES, wants_control=True,
            on_success=lambda decision: self._hints_ready(token, rack, decision),
            on_failure=lambda error: panel.show_error(str(error)), token=token)

    def _hints_ready(self, token: tuple[int, int], rack: tuple[str, ...],
                     decision: Decision) -> None:
        self.hint_job = None
        game = self.game
        if token != self.token() or game is None:
            self.hints.reset("The position has changed since these hints were asked for.")
            return
        action = decision.action
        fallback = ""
        if not decision.candidates:
            fallback = ("No word fits; exchanging " + " ".join(getattr(action, "discards", ())) +
                        " would be best." if getattr(action, "discards", ()) else
                        "No word fits: pass.")
        config = game.config
        self.hints.show_candidates(
            decision.candidates, fallback, rack=rack,
            notation=lambda move: move_notation(move, config, game.words),
            leaves=config.scoring is not Scoring.LENGTH_SQUARED)

    def drop_stale_hints(self) -> None:
        """The hints were for another position: take them away (and stop the search)."""
        if self.hint_token is not None and self.hint_token != self.token():
            if self.hint_job is not None:
                self.hint_job.cancel()
                self.hint_job = None
            self.hint_token = None
            self.hints.reset()

    def show_candidate(self, candidate: Candidate) -> None:
        """Lay a hinted move on the board (tentatively: the person still plays it)."""
        if not self.can_edit():
            return
        try:
            self.draft.set_move(candidate.move.placed)
        except DraftError as exc:
            self.show_message(str(exc), error=True)
        self.refresh_move()
        self.board_area.show_squares([p.square for p in candidate.move.placed])

    def play_candidate(self, candidate: Candidate) -> None:
        self.show_candidate(candidate)
        self.play()

    def consult(self) -> None:
        game = self.game
        if game is None:
            return
        rack = ""
        if game.config.rack_size and self.viewer is not None and not self.curtain_down:
            rack = "".join("_" if t == BLANK else t for t in game.racks[self.viewer].tiles)
        dialog = ConsultDialog(self.context.runner, game.setup.lexicon, self.context.settings, rack, self)
        add_word_judge(dialog, game.words, game.setup.lexicon)
        self.consult_dialog = dialog
        dialog.open()

    def close_turn_dialogs(self) -> None:
        """The turn ended under a dialog (the clock ran out): close what belongs to it."""
        for name in ("discard_dialog", "blank_dialog", "pick_up_dialog", "entry_dialog"):
            dialog = getattr(self, name, None)
            if dialog is not None and dialog.isVisible():
                dialog.reject()
