"""Keeping the crossword page's views up to date with the game and the draft move.

:class:`PageViews` is the part of :class:`~wordstudio.ui.crossword.page.CrosswordPage`
that turns state into pixels and text: the board scene, the rack, the player cards with
their clocks, the history, the unseen tiles, which commands are enabled, and the status
line with the live score of the move being laid down (or the engine's reason it is not
legal).  Nothing here changes the game.
"""

from __future__ import annotations

from pathlib import Path

from wordstudio.crossword.actions import Play
from wordstudio.crossword.board import square_name
from wordstudio.crossword.clock import format_seconds
from wordstudio.crossword.game import PlayerSpec, UnknownWords, WordCheck
from wordstudio.crossword.gameconfig import ExchangeAllowed, Scoring
from wordstudio.errors import UserError
from wordstudio.ui import theme
from wordstudio.ui.crossword.boardview import BoardScene
from wordstudio.ui.crossword.players_panel import PlayerView
from wordstudio.ui.crossword.state import PageState
from wordstudio.ui.crossword.wwlook import message_style
from wordstudio.ui.dialogs.messages import sentence

#: How long a notice ("Cleo: 8H QUA for 24") stays before the turn prompt returns.
MESSAGE_MS = 6000
#: The status line's tint for a legal move, a problem, and anything else (roles of the
#: look in use: background, text).
STATUS_ROLES = {"good": ("good_soft", "good"), "bad": ("bad_soft", "bad"), "info": ("info_soft", "text")}


def status_style(kind: str) -> str:
    background, text = STATUS_ROLES[kind]
    ui = theme.colours()
    return f"background: {getattr(ui, background)}; color: {getattr(ui, text)};"


class PageViews(PageState):
    """Mixin for :class:`~wordstudio.ui.crossword.page.CrosswordPage`."""

    def refresh(self) -> None:
        self.drop_stale_hints()
        self.analyse_draft()
        self.refresh_board()
        self.refresh_rack()
        self.refresh_players()
        self.refresh_history()
        self.refresh_unseen()
        self.refresh_actions()
        self.refresh_status()

    def refresh_move(self) -> None:
        """After the draft changed: live score, board, rack, Play button."""
        self.analyse_draft()
        self.refresh_board()
        self.refresh_rack()
        self.refresh_players()
        self.refresh_actions()
        self.refresh_status()

    def refresh_board(self) -> None:
        game = self.display_game()
        scene = BoardScene(self.config)
        if game is not None:
            scene.tiles = {(r, c): (letter, blank) for r, c, letter, blank in game.board.tiles()}
            scene.owners = {square: game.board.owner(*square) for square in scene.tiles}
            scene.tiles.update(self.anim_tiles)
            last = game.last_play
            squares = {p.square for p in last.action.placements} if last is not None and \
                isinstance(last.action, Play) else set()
            scene.highlight = frozenset(squares | set(self.anim_tiles))
        editing = self.history_view is None and self.can_edit()
        if self.history_view is None and not self.curtain_down:
            scene.tentative = {sq: (t.letter, t.blank) for sq, t in self.draft.placed.items()
                               if sq != self.dragged_square}
        scene.cursor = self.draft.cursor if editing else None
        scene.across = self.draft.direction.value == "Across"
        scene.step = self.draft.direction.step
        scene.badge = self._badge if self.history_view is None else None
        scene.drop_target = self.drop_target
        self.board.interactive = editing
        self.board.set_scene(scene)
        self.board.setAccessibleDescription(board_description(scene))
        self._follow(scene)

    def _follow(self, scene: BoardScene) -> None:
        """Keep what matters in view on a board bigger than the view: a new last move,
        and the typing cursor as it moves."""
        area = self.board_area
        if scene.highlight and scene.highlight != self._followed_move:
            self._followed_move = scene.highlight
            area.show_squares(scene.highlight)
        cursor = scene.cursor if self.board.interactive else None
        if cursor is not None and cursor != self._followed_cursor \
                and scene.config.on_board(*cursor):
            area.show_squares([cursor])
        self._followed_cursor = cursor

    def refresh_rack(self) -> None:
        game = self.game
        self.rack_stack.setCurrentWidget(self.curtain if self.curtain_down else self.rack_row)
        if game is None or self.viewer is None:
            self.rack.placeholder = "Your tiles come once the word list is ready\u2026"
            self.rack.set_tiles([])
            self.rack_owner.setText("")
            return
        self.rack.interactive = self.can_edit()
        self.rack.placeholder = "No tiles left" if not game.over else ""
        # With WordsWorth's -c the rack shows its owner's tile colour, as on the board.
        fills = self.board.player_fills
        self.rack.tile_fill = fills[self.viewer] if fills and self.viewer < len(fills) else None
        look = self.board.game_look
        self.rack.tile_texture = look.tile_texture(self.viewer if fills else 0) if look else "Solid"
        self.rack.tile_bevel = look.tile_bevel if look else None
        self.rack.stand = look.rack if look else None
        self.rack.set_tiles([(rt.ident, rt.tile) for rt in self.draft.free()])
        self.rack_owner.setText(game.names[self.viewer])

    def rack_visible(self, player: int) -> bool:
        game = self.game
        if game is None:
            return False
        if game.over:
            return True
        if self.curtain_down:
            return False
        if self.view_racks or all(spec.computer for spec in game.players):
            return True
        return player == self.viewer

    def refresh_players(self) -> None:
        game = self.game
        if game is None:
            views = [PlayerView(spec.name, kind_of(spec), 0, dealt=False) for spec in self.setup.players]
            self.players_panel.show_players(views)
            return
        clock = game.clocks
        settings = clock.settings
        finals = game.final_scores() if game.over else game.scores
        winners = set(game.winners()) if game.over else set()
        views = []
        for p, spec in enumerate(game.players):
            running = p == game.current and not game.over
            turn_text = game_text = ""
            warning = False
            if settings.turn_limit:
                remaining = clock.turn_remaining() if running else settings.turn_limit
                turn_text = f"\u23f1 {format_seconds(remaining or 0)}"
                warning = running and (remaining or 0) <= 10
            if settings.game_limit:
                left = clock.game_remaining(p, running) or 0
                game_text = f"Game {format_seconds(left)}"
                warning = warning or left < 0
            rack = game.racks[p].tiles if game.config.rack_size else ()
            if p == self.viewer and sorted(self.draft.tiles()) == sorted(rack):
                # The card shows the rack as the person arranged it below the board.
                rack = tuple(self.draft.tiles())
            views.append(PlayerView(
                spec.name, kind_of(spec), finals[p], current=running, active=game.active[p],
                winner=p in winners, thinking=running and self.job is not None,
                turn_clock=turn_text, game_clock=game_text, clock_warning=warning,
                rack=rack if self.rack_visible(p) and game.config.rack_size else None,
                rack_count=len(rack)))
        self.players_panel.show_players(views)

    def refresh_history(self) -> None:
        game = self.game
        if game is None:
            return
        key = (self.epoch, game.ply, tuple(t.outcome for t in game.history[-2:]))
        if key != self._history_key:
            self._history_key = key
            self.history.show_history(game.history, game.names, game.words)

    def refresh_unseen(self) -> None:
        game = self.game
        if game is None or self.viewer is None:
            return
        if self.curtain_down:
            self.unseen.summary.setText("Hidden while the racks are covered.")
            self.unseen.grid.set_entries([])
            return
        self.unseen.show_unseen(game.unseen_by(self.viewer), len(game.bag), game.names[self.viewer])

    def refresh_actions(self) -> None:
        game = self.game
        a = self.commands
        edit = self.can_edit()
        live = game is not None and self.history_view is None
        for action in (a.enter_word, a.pass_turn, a.hint, a.resign, a.recall, a.shuffle, a.sort):
            action.setEnabled(edit)
        a.pass_turn.setEnabled(edit or self.job is not None)
        # Play is offered only for a move the engine accepts (or one with words the
        # player may confirm): never while the status line says it is illegal.
        a.play.setEnabled(edit and bool(self.draft.placed) and self._playable)
        a.exchange.setEnabled(edit and bool(game and game.config.rack_size))
        a.pick_up.setEnabled(edit and bool(game and game.config.exchange_allowed != ExchangeAllowed.NEVER))
        a.consult.setEnabled(game is not None)
        a.export.setEnabled(game is not None and len(game.players) == 2)
        a.undo.setEnabled(live and self.ready and bool(game and game.can_undo()))
        a.redo.setEnabled(live and self.ready and bool(game and game.can_redo()))
        a.next_move.setEnabled(live and self.next_move_available())
        a.play_now.setEnabled(self.job is not None)
        a.watch.setEnabled(live and self.ready and bool(game and not game.over and self.people_play()))
        a.challenge.setEnabled(live and bool(self.challenging_people()))
        self.commands.shuffle.setEnabled(self.viewer is not None and not self.curtain_down)
        self.commands.sort.setEnabled(self.viewer is not None and not self.curtain_down)

    # --- the status line -------------------------------------------------------------------
    def analyse_draft(self) -> None:
        """The live score of the tentative move, or why it is not legal (the engine says)."""
        game = self.game
        self._badge = None
        self._analysis: tuple[str, str] | None = None
        self._playable = False
        if game is None or not self.draft.placed or not self.can_edit():
            return
        try:
            analysis = game.check_play(Play(tuple(self.draft.placements())))
        except UnknownWords as exc:
            confirmable = game.setup.settings.word_check == WordCheck.CONFIRM
            self._analysis = ("bad", exc.reason + (" (you may confirm it when you play)" if confirmable else ""))
            self._badge = ("?", False)
            self._playable = confirmable
            return
        except UserError as exc:
            self._analysis = ("bad", getattr(exc, "reason", str(exc)))
            self._badge = ("\u2715", False)
            return
        if game.config.scoring is Scoring.LENGTH_SQUARED:
            # Every word counts for itself (WORDwhami): show each, read the way it
            # counts, with what it scores - unless it is the only one, whose score is
            # the total said next ("BUNGLERS (backwards) - 64 points", not "64 - 64").
            scoring = [w for w in analysis.words if w.score]
            words = ", ".join(f"{w.word}{' (backwards)' if w.backwards else ''}"
                              f"{f' {w.score}' if len(scoring) > 1 else ''}" for w in scoring)
        else:
            words = ", ".join(w.shown.upper() for w in analysis.words)
        bonus = f" including a {analysis.bonus}-point bonus" if analysis.bonus else ""
        self._analysis = ("good", f"{words} \u2014 {analysis.score} points{bonus}. Press Enter to play.")
        self._badge = (str(analysis.score), True)
        self._playable = True

    def refresh_status(self) -> None:
        game = self.game
        if self._analysis is not None:
            kind, text = self._analysis
        elif self._message[0]:
            kind, text = ("bad" if self._message[1] else "info"), self._message[0]
        elif game is not None and game.over:
            winners = game.winners()
            who = " and ".join(game.names[w] for w in winners)
            kind, text = "good", (f"Game over: {game.end_reason}. {who} "
                                  f"{'wins' if len(winners) == 1 else 'tie'} with {game.final_scores()[winners[0]]}.")
        elif game is not None and self.can_edit():
            kind, text = "info", (f"{game.names[game.current]}, your turn: drag tiles to the board, or "
                                  "click a square and type a word.")
        else:
            kind, text = "info", ""
        look = self.board.game_look
        # The game's own colours: its MessageTextColor, as WordsWorth wrote messages.
        self.move_status.setStyleSheet(message_style(look) if look else status_style(kind))
        self.status_line.set_text(sentence(text))  # the engine's reasons begin in lower case

    def show_message(self, text: str, error: bool = False) -> None:
        self._message = (text, error)
        self.status.emit(sentence(text))
        self.refresh_status()
        # A notice fades back to the turn prompt; an error stays a little longer.
        self._message_timer.start(MESSAGE_MS * (2 if error else 1))

    def _clear_message(self) -> None:
        self._message = ("", False)
        self.refresh_status()


def kind_of(spec: PlayerSpec) -> str:
    """What a seat is: a person, a computer at a level, or one tuned by a knob file."""
    if not spec.computer:
        return "Person"
    if spec.knobs:
        return f"Computer \u00b7 {Path(spec.knobs).stem}"
    return f"Computer \u00b7 level {spec.level}"


def board_description(scene: BoardScene) -> str:
    """The board in words for screen readers: where the typing cursor is, which way it
    types, and what is on its square."""
    if scene.cursor is None or not scene.config.on_board(*scene.cursor):
        return (f"{len(scene.tiles)} tiles on the board. Use the arrow keys to put the "
                "typing cursor on a square.")
    row, col = scene.cursor
    way = {(0, 1): "across", (1, 0): "down", (1, 1): "down and to the right",
           (-1, 1): "up and to the right"}.get(scene.step, "across")
    here = scene.tiles.get((row, col)) or scene.tentative.get((row, col))
    what = f"holds {'a blank ' + here[0] if here[1] else here[0]}" if here else "is empty"
    return f"Cursor on {square_name(row, col)}, typing {way}; the square {what}."
