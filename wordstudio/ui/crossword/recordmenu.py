"""The crossword page's Record menu: the game as a record that travels.

* Export as GCG - the format of Quackle, Macondo, Woogles and tournament software, with
  what GCG cannot hold said afterwards;
* Copy Position as CGP / Set Up Position from CGP - the position on screen (the one
  looked back at, when looking back), and a new game at any position to analyse;
* Print Game Record / Save Game Record as PDF, Print Board / Save Board as PDF - the
  board as it is on screen (after the move looked back at), Export Board as Picture (PNG
  or SVG);
* Review Game - every move against the best alternatives (:mod:`wordstudio.ui.review`).

The menu holds no game logic: it asks the engine for the text, the pages or the new game
and shows what went wrong in plain words.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from wordstudio.crossword.game import Game
from wordstudio.crossword.gameconfig import GameConfig
from wordstudio.crossword.records.cgp import (
    CGPError,
    cgp_of_game,
    check_position,
    game_from_cgp,
    parse_cgp,
)
from wordstudio.crossword.records.gcg import SUFFIX as GCG_SUFFIX
from wordstudio.crossword.records.printed import board_diagram
from wordstudio.errors import UserError
from wordstudio.paper import A4, PageSize
from wordstudio.paths import saved_games_dir
from wordstudio.ui.contexthelp import ContextHelpKeys
from wordstudio.ui.crossword.state import PageState
from wordstudio.ui.dialogs import files, messages
from wordstudio.ui.printing import page_size_of


def default_paper() -> PageSize:
    """The paper this machine's printers use by default (A4 or US Letter by locale)."""
    try:
        return page_size_of(QPrinter().pageLayout())
    except Exception:  # noqa: BLE001 - no print support at all: A4
        return A4


class RecordMenu(QObject):
    """The Record menu of one crossword page (a child of the page: it lives as long)."""

    def __init__(self, page: PageState) -> None:
        super().__init__(page)
        self.page = page
        self._slots: dict[QAction, Callable[[], object]] = {}
        self.menu = QMenu("&Record", page)
        self.export_gcg = self._add("Export as &GCG\u2026", self.export_as_gcg,
                                    "Save the game in GCG, the format of Quackle, Macondo "
                                    "and Woogles")
        self.menu.addSeparator()
        self.copy_cgp = self._add("&Copy Position as CGP", self.copy_position,
                                  "Copy the position on screen as a CGP line",
                                  QKeySequence(QKeySequence.StandardKey.Copy))
        self.paste_cgp = self._add("Set Up Position from CG&P\u2026", self.set_up_position,
                                   "A new game at a position given as CGP, to analyse or "
                                   "to play on")
        self.menu.addSeparator()
        self.print_record = self._add("&Print Game Record\u2026", self.print_game_record,
                                      "Print every move, the totals and the final board")
        self.record_pdf = self._add("Save Game Record as P&DF\u2026", self.save_record_pdf,
                                    "The printed game record as a PDF file")
        self.print_board = self._add("Print &Board\u2026", self.print_board_diagram,
                                     "Print the board as it is on screen")
        self.board_pdf = self._add("Save Board as PDF\u2026", self.save_board_pdf,
                                   "The board as it is on screen, as a PDF file")
        self.board_picture = self._add("Export Board as Pict&ure\u2026",
                                       self.export_board_picture,
                                       "The board as it is on screen, as PNG or SVG")
        self.menu.addSeparator()
        self.review = self._add("&Review Game\u2026", self.review_game,
                                "Every move against the best alternatives, mistakes marked")

    def _add(self, text: str, slot: Callable[[], object], tip: str,
             shortcut: QKeySequence | None = None) -> QAction:
        action = QAction(text, self)
        action.setStatusTip(tip)
        action.setToolTip(tip)
        if shortcut is not None:
            action.setShortcut(shortcut)
        self._slots[action] = slot
        action.triggered.connect(self._triggered)
        self.menu.addAction(action)
        return action

    @Slot()
    def _triggered(self) -> None:
        action = self.sender()
        slot = self._slots.get(action) if isinstance(action, QAction) else None
        if slot is not None:
            slot()

    def actions(self) -> list[QAction]:
        return [a for a in self.menu.actions() if not a.isSeparator()]

    # --- what is on screen ----------------------------------------------------------------
    def shown(self) -> tuple[Game | None, int | None]:
        """The game, and how many of its moves the screen shows (None: all of them)."""
        page = self.page
        if page.game is None:
            return None, None
        if page.history_view is not None:
            return page.game, page.history_view[0]
        return page.game, None

    def _game(self) -> Game | None:
        game = self.page.game
        if game is None:
            messages.inform(self.page, "Record", "The game is not ready yet.")
        return game

    # --- GCG ------------------------------------------------------------------------------
    def export_as_gcg(self) -> bool:
        from wordstudio.crossword.records.gcgwrite import save_gcg

        game = self._game()
        if game is None:
            return False
        path = self._save_name("Export as GCG", f"game{GCG_SUFFIX}",
                               f"GCG game records (*{GCG_SUFFIX})", GCG_SUFFIX, files.RECORDS)
        if path is None:
            return False
        try:
            omissions = save_gcg(game, path)
        except (OSError, UserError) as exc:
            messages.warn(self.page, "Export as GCG", f"The game could not be exported:\n{exc}")
            return False
        self.page.context.settings.add_recent_file(path)
        if omissions:
            messages.inform(self.page, "Export as GCG",
                            f"Saved to {path.name}.  GCG cannot hold all of this game:\n\n"
                            + "\n".join(f"\u2022 {o}" for o in omissions))
        self.page.show_message(f"Exported to {path.name}")
        return True

    # --- CGP ------------------------------------------------------------------------------
    def copy_position(self) -> str:
        page = self.page
        game = page.history_view[1] if page.history_view is not None else page.game
        if game is None:
            return ""
        seats = set(range(len(game.players))) if self.page.view_racks else (
            {self.page.viewer} if self.page.viewer is not None else set())
        text = cgp_of_game(game, seats)
        QGuiApplication.clipboard().setText(text)
        self.page.show_message("Position copied as CGP")
        return text

    def set_up_position(self, text: str | None = None) -> bool:
        """A new game at a CGP position (the clipboard's, when it holds one, offered first)."""
        page = self.page
        current = self._game()
        if current is None:
            return False
        if text is None:
            dialog = CgpDialog(QGuiApplication.clipboard().text(), page, page.config)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            text = dialog.text()
        # CGP puts the player to move first: so do the names (a position copied from the
        # screen comes back with each player's own name, score and rack).
        shown = page.history_view[1] if page.history_view is not None else current
        mover = shown.current if 0 <= shown.current < len(shown.names) else 0
        names = [*shown.names[mover:], *shown.names[:mover]]
        try:
            game = game_from_cgp(text, page.config, current.words, names=names,
                                 lexicon=current.setup.lexicon)
        except UserError as exc:
            messages.warn(page, "Set up position", f"That position cannot be set up:\n{exc}")
            return False
        show = getattr(page.window(), "show_page", None)
        if not callable(show):
            return False
        show(page.new_page(game))
        return True

    # --- printing ---------------------------------------------------------------------------
    def print_game_record(self) -> bool:
        from wordstudio.ui.crossword.printing import print_record

        game = self._game()
        return game is not None and self._printing(
            lambda: print_record(self.page, game, self.page.context.settings))

    def save_record_pdf(self) -> bool:
        from wordstudio.ui.crossword.printing import write_record_pdf

        game = self._game()
        if game is None:
            return False
        path = self._save_name("Save game record as PDF", "game-record.pdf",
                               "PDF files (*.pdf)", ".pdf")
        return path is not None and self._printing(
            lambda: write_record_pdf(game, path, default_paper()), path)

    def print_board_diagram(self) -> bool:
        from wordstudio.ui.crossword.printing import print_diagram

        game, moves = self.shown()
        return game is not None and self._printing(
            lambda: print_diagram(self.page, game, moves, self.page.context.settings))

    def save_board_pdf(self) -> bool:
        from wordstudio.ui.crossword.printing import write_diagram_pdf

        game, moves = self.shown()
        if game is None:
            return False
        path = self._save_name("Save board as PDF", "board.pdf", "PDF files (*.pdf)", ".pdf")
        return path is not None and self._printing(
            lambda: write_diagram_pdf(game, path, moves, default_paper()), path)

    def export_board_picture(self) -> bool:
        from wordstudio.ui.crossword.printing import export_board_png, export_board_svg

        game, moves = self.shown()
        if game is None:
            return False
        path = self._save_name("Export board as picture", "board.png",
                               "PNG pictures (*.png);;SVG pictures (*.svg)", ".png")
        if path is None:
            return False
        diagram = board_diagram(game, moves)
        write = export_board_svg if path.suffix.lower() == ".svg" else export_board_png
        return self._printing(lambda: write(diagram, path), path)

    def _printing(self, work: object, path: Path | None = None) -> bool:
        try:
            done = work()  # type: ignore[operator]
        except (OSError, UserError) as exc:
            messages.warn(self.page, "Print", str(exc))
            return False
        if path is not None:
            self.page.show_message(f"Saved {path.name}")
        return done is not False

    def _save_name(self, title: str, name: str, filters: str, suffix: str,
                   kind: str = files.PRINTED) -> Path | None:
        """Where to save: the dialog opens in the folder the last such file went to."""
        return files.save_file_name(self.page, self.page.context.settings, kind, title, name,
                                    filters, suffix, saved_games_dir())

    # --- review ---------------------------------------------------------------------------
    def review_game(self) -> bool:
        from wordstudio.ui.review import open_review

        game = self._game()
        if game is None:
            return False
        page = self.page
        # Back from the review: the game as it is then (saved or not when the review
        # opened), under its own name, its end already announced.
        return open_review(page, game, page.path, back=page.reopened) is not None


class CgpDialog(ContextHelpKeys, QDialog):
    """Asks for a CGP line (the clipboard's offered when it reads as one); with the game's
    ``config``, OK takes only a position of that game (its board, letters, rack size and
    tiles) and says what does not fit."""

    def __init__(self, clipboard: str, parent: QWidget | None = None,
                 config: GameConfig | None = None) -> None:
        super().__init__(parent)
        self.config = config
        self.setWindowTitle("Set up position from CGP")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("A position in CGP (board, racks, scores, scoreless turns), "
                                "as Woogles and Macondo write it:"))
        self.line = QLineEdit(self)
        self.line.setObjectName("cgp-text")
        self.line.setMinimumWidth(480)
        try:
            parse_cgp(clipboard)
            self.line.setText(clipboard.strip())
        except CGPError:
            pass
        layout.addWidget(self.line)
        self.error = QLabel("", self)
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def text(self) -> str:
        return self.line.text().strip()

    def _check(self) -> None:
        try:
            position = parse_cgp(self.text())
            if self.config is not None:
                check_position(position, self.config)
        except CGPError as exc:
            self.error.setText(str(exc))
            return
        self.accept()
