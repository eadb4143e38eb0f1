"""Whose turn it is and what happens next: computer players, clocks, watching, undo/redo.

:class:`TurnFlow` is the half of the crossword page that moves the game along (the other
half, :class:`~wordstudio.ui.crossword.human.HumanTurn`, takes a person's moves).

* Computer players think in the background runner (a worker process).  Each job carries
  a *token* - ``(epoch, ply)`` - and a result whose token no longer matches the game
  (an undo, a timeout, a new game loaded) is dropped.  "Play now" forces the job to
  answer with its best move so far; the turn clock forces it too, shortly before the
  limit.
* Computer moves go down tile by tile at the chosen animation speed.
* The engine keeps time: a timer only asks ``game.check_clock()`` (which forfeits a turn
  that ran out) and repaints the clocks.
* Undo and redo stop at a person's turn (WordsWorth undoes the computer's move and yours);
  "Next move" takes the computer's last move back and plays its next-ranked one.
* Watch: the computer plays for the people until a key is pressed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from wordstudio.crossword.actions import Action, Outcome, PickUpBlank, Play, Turn
from wordstudio.crossword.game import PlayerSpec
from wordstudio.crossword.players.computer import Decision, computer_challenger
from wordstudio.crossword.players.levels import CHAMPIONSHIP
from wordstudio.crossword.records import autosave
from wordstudio.crossword.rules import IllegalMove
from wordstudio.errors import UserError
from wordstudio.ui.crossword.dialogs import SummaryDialog
from wordstudio.ui.crossword.state import PageState
from wordstudio.ui.crossword.work import TOP_MOVES, computer_decision
from wordstudio.ui.dialogs.faults import autosave_failed, autosave_worked
from wordstudio.ui.workers import Job

#: The level the computer plays at when it plays for a person (Watch).
WATCH_LEVEL = 8
#: Seconds before the turn limit at which a thinking computer player is made to play.
FORCE_MARGIN = 1.5
#: How often the clocks are checked and repainted (ms).
CLOCK_TICK_MS = 200
#: Keys that do not stop Watch (WordsWorth: "any key other than ENTER").
WATCH_KEEPS = {Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Shift, Qt.Key.Key_Control,
               Qt.Key.Key_Alt, Qt.Key.Key_Meta}


def possessive(name: str) -> str:
    """"Ann's"; "your" for a player called You (not "You's")."""
    return "your" if name.strip().lower() == "you" else f"{name}'s"


class TurnFlow(PageState):
    """Mixin for :class:`~wordstudio.ui.crossword.page.CrosswordPage`."""

    def _init_flow(self) -> None:
        self.epoch = 0
        self.job: Job | None = None
        self.job_watch = False
        #: ply after a computer's turn -> (ply before it, its decision, candidate played)
        self.decisions: dict[int, tuple[int, Decision, int]] = {}
        self.watching = False
        self.summary_shown = False
        self.anim_tiles: dict[tuple[int, int], tuple[str, bool]] = {}
        self._anim_queue: list[tuple[int, int, str, bool]] = []
        self._anim_then: Callable[[], None] | None = None
        self._anim_token: tuple[int, int] | None = None
        self._anim_timer = QTimer(self)
        self._anim_timer.timeout.connect(self._anim_step)
        self._advance_pending = False
        self.clock_timer = QTimer(self)
        self.clock_timer.setInterval(CLOCK_TICK_MS)
        self.clock_timer.timeout.connect(self.tick)

    # --- tokens --------------------------------------------------------------------------
    def token(self) -> tuple[int, int]:
        """Identifies the position a background result belongs to."""
        return (self.epoch, self.game.ply if self.game is not None else -1)

    @property
    def busy(self) -> bool:
        """A computer player is thinking or putting its tiles down."""
        return self.job is not None or self._anim_timer.isActive()

    def cancel_work(self) -> None:
        """Stop any computer thinking or animation; their results will be dropped."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self._anim_timer.stop()
        self._anim_queue = []
        self.anim_tiles = {}
        self._anim_then = None
        self.banner.stop()

    # --- moving the game along -------------------------------------------------------------
    def schedule_advance(self) -> None:
        """Decide what happens next once the current event is handled (never recursively)."""
        if not self._advance_pending:
            self._advance_pending = True
            QTimer.singleShot(0, self, self._advance_now)

    def _advance_now(self) -> None:
        self._advance_pending = False
        self.advance()

    def advance(self) -> None:
        game = self.game
        if game is None or not self.ready or self.closing or self.busy:
            return
        if game.over:
            self.clock_timer.stop()
            self.stop_watching()
            self.refresh()
            self.show_summary_once()
            return
        if not self.clock_timer.isActive():
            self.clock_timer.start()
        spec = game.players[game.current]
        if spec.computer and self.pause_before_computer():
            return
        challenger = computer_challenger(game)
        if challenger is not None:
            # A computer player catches a phony - on its own turn, or out of turn where any
            # player may challenge (WORDwhami rule 5).
            turn = game.challenge(by=challenger)
            self.after_action(turn, self.challenge_message(turn))
            return
        if spec.computer:
            self.start_computer(spec, watch=False)
        elif self.watching:
            self.start_computer(PlayerSpec(spec.name, True, WATCH_LEVEL), watch=True)
        else:
            self.begin_human_turn()

    def pause_before_computer(self) -> bool:
        """Computer SCRABBLE's "PAUSE BETWEEN EACH PLAYER" pauses "each time a player starts
        and ends a turn", the computer's turns included: the curtain comes down until a
        person lets the computer play.  True while it is down."""
        game = self.game
        assert game is not None
        if self.curtain_down:
            return True
        if not self.options.pause_between_players or self.watching \
                or self.curtain_key == self.turn_key():
            return False
        self.curtain_down = True
        game.clocks.pause()
        last = game.history[-1].describe(game.names) if game.history else ""
        self.curtain.show_for_computer(game.names[game.current], last)
        self.refresh()
        return True

    def after_action(self, turn: Turn | None, message: str = "") -> None:
        """After any action: autosave, bring every view up to date, then what comes next."""
        game = self.game
        assert game is not None
        self.dirty = True
        self.autosave()
        if turn is not None and not message:
            message = turn.describe(game.names)
            if turn.outcome == Outcome.TIMED_OUT:
                message = f"{game.names[turn.player]} ran out of time: the turn is lost"
        self.history_view = None
        self.sync_viewer()
        self.refresh()
        if message:
            self.show_message(message)
        self.schedule_advance()

    def after_history_change(self, message: str) -> None:
        """After undo, redo or "next move": results for the old line are void."""
        game = self.game
        assert game is not None
        self.decisions = {k: v for k, v in self.decisions.items() if k <= game.ply}
        self.summary_shown = False
        self.after_action(None, message)

    def challenge_message(self, turn: Turn) -> str:
        game = self.game
        assert game is not None
        who = game.names[turn.player]
        if turn.outcome == Outcome.CHALLENGE_WON:
            return (f"{who} challenged: {', '.join(turn.words)} "
                    f"{'is' if len(turn.words) == 1 else 'are'} not in the word list; the play is taken back")
        cost = f"{who} loses {-turn.score} points" if turn.score else f"{who} loses the turn"
        return f"{who} challenged, but every word is good: {cost}"

    # --- computer players ------------------------------------------------------------------
    def start_computer(self, spec: PlayerSpec, watch: bool) -> None:
        game = self.game
        assert game is not None
        token = self.token()
        self.job_watch = watch
        self.job = self.context.runner.run(
            computer_decision, game.position(), spec, TOP_MOVES, wants_control=True,
            on_success=partial(self._decided, token),
            on_failure=partial(self._computer_failed, token),
            on_progress=self._computer_progress, token=token)
        name = game.names[game.current]
        text = f"The computer is playing for {name}\u2026 (press any key to take over)" if watch \
            else f"{name} is thinking\u2026"
        self.banner.start(text, "Play now")
        if spec.level == CHAMPIONSHIP and not spec.knobs:
            # Show what the Championship player weighs while it thinks.
            self.simulation.finish(f"{name} is thinking\u2026")
            self.tabs.setCurrentWidget(self.simulation)
        self.refresh_players()
        self.refresh_actions()

    def _computer_progress(self, fraction: float, message: str) -> None:
        if self.job is not None:
            self.banner.set_progress(fraction)
            self.simulation.show_progress(message)

    def _computer_failed(self, token: tuple[int, int], error: BaseException) -> None:
        if token != self.token():
            return
        self.job = None
        self.banner.stop()
        self.stop_watching()
        self.show_message(f"The computer player could not move: {error}", error=True)
        self.refresh()

    def _decided(self, token: tuple[int, int], decision: Decision) -> None:
        if token != self.token() or self.game is None:
            return  # the position changed while it thought: the answer is void
        self.job = None
        self.banner.stop()
        self.play_computer_turn(decision, 0)

    def play_computer_turn(self, decision: Decision, index: int,
                           actions: Sequence[Action] | None = None) -> None:
        """Put a computer's turn on the board (animated), then apply it."""
        game = self.game
        assert game is not None
        ply_before = game.ply
        actions = list(actions if actions is not None else decision.actions)
        token = self.token()

        def apply() -> None:
            if token != self.token():
                return
            last: Turn | None = None
            for action in actions:
                try:
                    last = game.act(action)
                except IllegalMove as exc:
                    self.show_message(f"The computer's move was refused ({exc.reason}); it passes",
                                      error=True)
                    last = game.pass_turn()
                    break
                if game.over:
                    break
            self.anim_tiles = {}
            self.decisions[game.ply] = (ply_before, decision, index)
            self.after_action(last)

        play = next((a for a in actions if isinstance(a, Play)), None)
        delay = self.options.tile_delay_ms
        remaining = game.clocks.turn_remaining()
        room = remaining is None or remaining > (delay * len(play.placements)) / 1000 + FORCE_MARGIN \
            if play is not None else False
        if play is None or delay <= 0 or not room:
            apply()
            return
        self.animate(play, delay, apply)

    def animate(self, play: Play, delay: int, then: Callable[[], None]) -> None:
        """Computer SCRABBLE's animated cursor: the tiles go down one at a time."""
        self._anim_queue = [(p.row, p.col, p.letter, p.blank) for p in play.placements]
        self._anim_then = then
        self._anim_token = self.token()
        self.anim_tiles = {}
        self._anim_timer.start(delay)

    def _anim_step(self) -> None:
        if self._anim_token != self.token():
            self._anim_timer.stop()
            return
        if self._anim_queue:
            row, col, letter, blank = self._anim_queue.pop(0)
            self.anim_tiles[(row, col)] = (letter, blank)
            self.refresh_board()
            return
        self._anim_timer.stop()
        then, self._anim_then = self._anim_then, None
        if then is not None:
            then()

    def play_now(self) -> None:
        """Make the thinking computer player play its best move so far."""
        if self.job is not None:
            self.job.force()
            self.banner.set_progress(0.0, "Playing now\u2026")

    # --- the clock -------------------------------------------------------------------------
    def tick(self) -> None:
        game = self.game
        if game is None or game.over or not self.ready:
            return
        turn = game.check_clock()
        if turn is not None:
            self.cancel_work()
            self.close_turn_dialogs()
            self.after_action(turn)
            return
        remaining = game.clocks.turn_remaining()
        if self.job is not None and remaining is not None and remaining < FORCE_MARGIN:
            self.job.force()
        self.refresh_players()

    # --- undo, redo, next move ------------------------------------------------------------
    def undo(self) -> None:
        """Take back moves until it is a person's turn again (at least one action)."""
        game = self.game
        if game is None or not game.can_undo():
            return
        self.cancel_work()
        self.stop_watching()
        self.epoch += 1
        game.undo(1)
        while self.people_play() and game.can_undo() and game.players[game.current].computer:
            game.undo(1)
        self.after_history_change(f"Undone: it is {possessive(game.names[game.current])} turn "
                                  "again")

    def redo(self) -> None:
        """Replay undone moves up to the next person's turn."""
        game = self.game
        if game is None or not game.can_redo():
            return
        self.cancel_work()
        self.epoch += 1
        game.redo(1)
        while game.can_redo() and game.players[game.current].computer:
            game.redo(1)
        self.after_history_change("Redone")

    def next_move_available(self) -> bool:
        game = self.game
        if game is None or self.busy or game.over and not game.inputs:
            return False
        entry = self.decisions.get(game.ply)
        return entry is not None and entry[2] + 1 < len(entry[1].candidates)

    def next_move(self) -> None:
        """WordsWorth's N: the computer's last move is taken back and its next-ranked
        move played instead."""
        game = self.game
        if game is None or not self.next_move_available():
            return
        ply_before, decision, index = self.decisions[game.ply]
        self.cancel_work()
        self.epoch += 1
        game.undo_to(ply_before)
        self.summary_shown = False
        self.sync_viewer()
        candidate = decision.candidates[index + 1]
        pickups: list[Action] = [a for a in decision.actions if isinstance(a, PickUpBlank)]
        self.show_message(f"{game.names[game.current]} plays its move number {index + 2} instead")
        self.play_computer_turn(decision, index + 1, [*pickups, Play(candidate.move.placed)])

    # --- watch -----------------------------------------------------------------------------
    def toggle_watch(self) -> None:
        if self.commands.watch.isChecked():
            self.start_watching()
        else:
            self.stop_watching()

    def start_watching(self) -> None:
        if self.watching or self.game is None or self.game.over:
            self._set_watch_checked(False)
            return
        self.watching = True
        self._set_watch_checked(True)
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        self.recall()
        self.show_message("Watching: the computer plays for you until you press a key")
        self.schedule_advance()

    def stop_watching(self) -> None:
        if not self.watching:
            return
        self.watching = False
        self._set_watch_checked(False)
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        if self.job is not None and self.job_watch:
            self.cancel_work()
        self.show_message("You have taken over")
        self.refresh()
        self.schedule_advance()

    def _set_watch_checked(self, checked: bool) -> None:
        self.commands.watch.blockSignals(True)
        self.commands.watch.setChecked(checked)
        self.commands.watch.blockSignals(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if self.watching and event.type() == QEvent.Type.KeyPress:
            key = event.key() if isinstance(event, QKeyEvent) else None
            if key not in WATCH_KEEPS:
                self.stop_watching()
                return True
        return False

    # --- the end -----------------------------------------------------------------------------
    def show_summary_once(self) -> None:
        game = self.game
        if game is None or self.summary_shown:
            return
        self.summary_shown = True
        self.discard_autosave()
        finals = game.final_scores()
        adjustments = [(a.player, a.points, a.reason) for a in game.adjustments]
        dialog = SummaryDialog(game.names, game.scores, adjustments, finals, game.winners(),
                               game.end_reason, self.context.settings, self)
        dialog.new_game.connect(self.request_new_game)
        self.summary_dialog = dialog
        dialog.open()

    # --- autosave ----------------------------------------------------------------------------
    def autosave(self) -> None:
        """Write the game to its autosave file after every change (never fatal)."""
        if self.game is None or not self.autosave_enabled:
            return
        try:
            self.autosave_file = autosave.autosave(self.game)
            autosave_worked(self)
        except (OSError, UserError) as exc:
            self.show_message(f"The game could not be autosaved: {exc}", error=True)
            autosave_failed(self, exc)

    def discard_autosave(self) -> None:
        if self.autosave_file is not None:
            autosave.discard_autosave(self.autosave_file)
            self.autosave_file = None

