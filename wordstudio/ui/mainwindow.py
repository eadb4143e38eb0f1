"""The main window: a start page that opens every game and the designer, one page at a time.

Games plug in through the page contract (:mod:`wordstudio.ui.page`) and the registry
(:mod:`wordstudio.ui.games`).  A game module may also offer ``offer_resume(context,
parent) -> GamePage | None``: at start-up the window asks each one in turn, so a game a
crash interrupted is offered again (the crossword game's autosaves).
"""

from __future__ import annotations

import importlib
from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from wordstudio import __version__
from wordstudio.ui import screenfit, theme
from wordstudio.ui.context import AppContext
from wordstudio.ui.familylists import add_family_action
from wordstudio.ui.games import ENTRY_MODULES, game_entries
from wordstudio.ui.page import GameEntry, GamePage
from wordstudio.ui.wordlists import WordListsDialog

START_STYLE = """
QWidget#start-page, QWidget#start-content {{ background: {window}; }}
QLabel#start-title {{ font-size: 30px; font-weight: 800; color: {text}; }}
QLabel#start-subtitle {{ font-size: 14px; color: {muted}; }}
QLabel#start-section {{ font-size: 13px; font-weight: 700; color: {text}; margin-top: 10px; }}
QPushButton.start-card {{ text-align: left; padding: 14px 18px; font-size: 13px; color: {text};
    background: {base}; border: 1px solid {border}; border-left: 6px solid {accent}; border-radius: 10px; }}
QPushButton.start-card:hover {{ background: {accent_soft}; border-left-color: {accent}; }}
QPushButton.start-card:focus {{ border: 2px solid {accent}; border-left: 6px solid {accent}; }}
QListWidget#recent-files {{ background: {base}; color: {text}; border: 1px solid {border};
    border-radius: 10px; padding: 6px; font-size: 13px; }}
QPushButton#start-open {{ padding: 8px 16px; font-size: 13px; border-radius: 8px; background: {base};
    border: 1px solid {border}; color: {text}; }}
QPushButton#start-open:hover, QPushButton#start-open:focus {{ background: {accent_soft};
    border-color: {accent}; }}
"""


class StartCard(QPushButton):
    """A game on the start page: its title, and its summary on a second line, cut short
    with "…" where the card is too narrow (the whole summary is the tooltip) - never
    clipped in the middle of a word."""

    #: The card's left and right padding and borders (the style sheet's), in pixels.
    MARGINS = 18 + 18 + 6 + 2

    def __init__(self, entry: GameEntry, parent: QWidget | None = None) -> None:
        super().__init__(f"{entry.title}\n{entry.summary}", parent)
        self.title, self.summary = entry.title, entry.summary

    def fitted_summary(self) -> str:
        """The summary as the card's width shows it."""
        return self.fontMetrics().elidedText(self.summary, Qt.TextElideMode.ElideRight,
                                             max(0, self.width() - self.MARGINS))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        self.setText(f"{self.title}\n{self.fitted_summary()}")
        super().resizeEvent(event)


class StartPage(QWidget):
    """Big buttons for each game and tool, and the recent files."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self._window = window
        self.setObjectName("start-page")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.restyle()
        theme.manager().changed.connect(self.restyle)
        # The page scrolls rather than make the window taller than a small screen.
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setObjectName("start-scroll")
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the cards and the list take the keys
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll)
        content = QWidget()
        content.setObjectName("start-content")
        scroll.setWidget(content)
        layout = QVBoxLayout(content)
        layout.setContentsMargins(40, 16, 40, 14)
        layout.setSpacing(8)
        title = QLabel("WordStudio")
        title.setObjectName("start-title")
        subtitle = QLabel("Crossword-style word games: play against tunable computer opponents, "
                          "design your own boards, print scoresheets.")
        subtitle.setObjectName("start-subtitle")
        subtitle.setWordWrap(True)
        layout.addWidget(title)
        layout.addWidget(subtitle)
        section = QLabel("Start")
        section.setObjectName("start-section")
        layout.addWidget(section)
        grid = QGridLayout()
        grid.setSpacing(10)
        for index, entry in enumerate(e for e in window.entries if not e.group):
            button = StartCard(entry)
            button.setObjectName(f"start-{entry.ident}")
            button.setProperty("class", "start-card")
            button.setMinimumHeight(56)
            # Long summaries must not make the whole window wide: the card may shrink.
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setToolTip(entry.summary)
            button.setAccessibleName(entry.title)
            button.setAccessibleDescription(entry.summary)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _=False, e=entry: window.start_entry(e))
            grid.addWidget(button, index // 2, index % 2)
        layout.addLayout(grid)
        self._add_groups(window, layout)
        recent_label = QLabel("Recent files")
        recent_label.setObjectName("start-section")
        layout.addWidget(recent_label)
        self.recent = QListWidget()
        self.recent.setObjectName("recent-files")
        self.recent.setAccessibleName("Recent files")
        recent_label.setBuddy(self.recent)
        self.recent.itemActivated.connect(lambda item: window.open_path(item.data(Qt.ItemDataRole.UserRole)))
        # As tall as the page leaves it (its preferred height would make the page scroll
        # on a small screen: the page's height for its width is worked out from them).
        self.recent.setMinimumHeight(72)
        self.recent.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        layout.addWidget(self.recent, 1)
        open_button = QPushButton("Open a saved game or configuration\u2026")
        open_button.setObjectName("start-open")
        open_button.clicked.connect(window.open_dialog)
        layout.addWidget(open_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.refresh()

    @staticmethod
    def _add_groups(window: MainWindow, layout: QVBoxLayout) -> None:
        """Grouped entries (the other languages' games): a label and a row of buttons."""
        groups: dict[str, list[GameEntry]] = {}
        for entry in window.entries:
            if entry.group:
                groups.setdefault(entry.group, []).append(entry)
        for group, entries in groups.items():
            row = QHBoxLayout()
            row.setSpacing(6)
            label = QLabel(f"{group}:")
            row.addWidget(label)
            for entry in entries:
                button = QPushButton(entry.title)
                button.setObjectName(f"start-{entry.ident}")
                button.setToolTip(entry.summary)
                button.setAccessibleDescription(entry.summary)
                button.clicked.connect(lambda _=False, e=entry: window.start_entry(e))
                row.addWidget(button)
            row.addStretch(1)
            layout.addLayout(row)

    def restyle(self, _name: str = "") -> None:
        """The start page in the colours of the look in use."""
        self.setStyleSheet(START_STYLE.format(**theme.colours().as_dict()))

    def refresh(self) -> None:
        self.recent.clear()
        for path in self._window.context.settings.recent_files():
            item = QListWidgetItem(f"{Path(path).name}    \u2014  {Path(path).parent}")
            item.setToolTip(path)
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.recent.addItem(item)
        if not self.recent.count():
            item = QListWidgetItem("Games you save appear here.")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent.addItem(item)


class MainWindow(QMainWindow):
    """Hosts the start page and at most one open game or designer page."""

    def __init__(self, context: AppContext) -> None:
        super().__init__()
        self.context = context
        self.entries: list[GameEntry] = game_entries()
        self.page: GamePage | None = None
        self.setWindowTitle("WordStudio")
        # Inside the screen's available area (see screenfit), until a remembered size
        # that still fits replaces it.
        self.setGeometry(screenfit.fitted_geometry(
            screenfit.screen_of(self).availableGeometry()))
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.start_page = StartPage(self)
        self.stack.addWidget(self.start_page)
        self._page_menu_actions: list[QAction] = []
        self._build_menus()
        self.statusBar()
        self._restore_layout()
        #: The geometry the window chose for itself (fitted or remembered): checked again
        #: with the real frame once shown, unless something resized the window before.
        self._chosen_geometry: QRect | None = self.geometry()

    # --- menus ----------------------------------------------------------------------------
    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        new_menu = self.file_menu.addMenu("&New")
        for entry in self.entries:
            if not entry.group:
                action = new_menu.addAction(entry.title)
                action.triggered.connect(lambda _=False, e=entry: self.start_entry(e))
        self._add_grouped_entries(new_menu)
        open_action = self.file_menu.addAction("&Open…")
        open_action.setShortcut(QKeySequence.StandardKey.Open)
        open_action.triggered.connect(self.open_dialog)
        self.recent_menu = self.file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.save_action = self.file_menu.addAction("&Save")
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self._save_page)
        self.close_action = self.file_menu.addAction("&Close")
        self.close_action.setShortcut(QKeySequence("Ctrl+W"))
        self.close_action.triggered.connect(self.close_page)
        self.word_lists_action = self.file_menu.addAction("&Word Lists\u2026")
        self.word_lists_action.setStatusTip("Your personal and topic word lists; any word-list file")
        self.word_lists_action.triggered.connect(lambda: WordListsDialog(self).exec())
        self.file_menu.addSeparator()
        quit_action = self.file_menu.addAction("&Quit")
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        self.settings_menu = QMenu("&Settings", self)
        self._build_appearance_menu(self.settings_menu.addMenu("&Appearance"))
        self.family_action = add_family_action(self.settings_menu, self.context.settings)
        # A page's own menus go before Settings and Help.
        self.settings_action = bar.addMenu(self.settings_menu)
        self.help_menu = QMenu("&Help", self)
        self.how_to_play = self.help_menu.addAction("&How to Play")
        self.how_to_play.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))
        self.how_to_play.triggered.connect(self.show_help)
        about = self.help_menu.addAction("&About WordStudio")
        about.triggered.connect(self._about)
        self.help_action = bar.addMenu(self.help_menu)
        self.toolbar = self.addToolBar("Game")
        self.toolbar.setObjectName("game-toolbar")
        self.toolbar.setMovable(False)
        # Text beside the icons: a toolbar one line high leaves the board more room.
        self.toolbar.setIconSize(QSize(20, 20))
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._update_page_chrome()

    def _add_grouped_entries(self, new_menu: QMenu) -> None:
        """File > New's submenus: one a group of entries (the other languages' games)."""
        submenus: dict[str, QMenu] = {}
        for entry in self.entries:
            if entry.group:
                if entry.group not in submenus:
                    submenus[entry.group] = new_menu.addMenu(entry.group)
                action = submenus[entry.group].addAction(entry.title)
                action.triggered.connect(lambda _=False, e=entry: self.start_entry(e))

    def _build_appearance_menu(self, menu: QMenu) -> None:
        """Follow the desktop's light or dark look, or keep one."""
        group = QActionGroup(self)
        chosen = self.context.settings.get(theme.SETTING, "system")
        self.appearance_actions: dict[str, QAction] = {}
        for choice, label in (("system", "Follow the &Desktop"), ("light", "&Light"),
                              ("dark", "&Dark")):
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(choice == chosen)
            action.triggered.connect(lambda _=False, c=choice: self.choose_appearance(c))
            group.addAction(action)
            self.appearance_actions[choice] = action

    def choose_appearance(self, choice: str) -> None:
        self.context.settings.set(theme.SETTING, choice)
        theme.manager().choose(choice)
        self.appearance_actions[choice if choice in self.appearance_actions else "system"].setChecked(True)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in self.context.settings.recent_files():
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("(none)").setEnabled(False)

    def _update_page_chrome(self) -> None:
        bar = self.menuBar()
        for action in self._page_menu_actions:
            bar.removeAction(action)
        self._page_menu_actions = []
        self.toolbar.clear()
        page = self.page
        if page is not None:
            for menu in page.page_menus():
                self._page_menu_actions.append(bar.insertMenu(self.settings_action, menu))
            for action in page.toolbar_actions():
                self.toolbar.addAction(action)
        self.toolbar.setVisible(bool(page and page.toolbar_actions()))
        self.save_action.setEnabled(bool(page and page.can_save()))
        self.close_action.setEnabled(page is not None)
        self.setWindowTitle(page.title() if page else "WordStudio")

    # --- pages ----------------------------------------------------------------------------
    def start_entry(self, entry: GameEntry) -> GamePage | None:
        """File > New (or a start card): the entry's own dialog comes first; the open
        page closes (asking about unsaved work) only once a new one is set up, so
        cancelling the dialog leaves the open game as it was."""
        if not entry.opens_page:
            entry.start(self.context, self)
            return None
        page = entry.start(self.context, self)
        if page is None:
            return None
        self.show_page(page)
        return page if self.page is page else None

    def show_page(self, page: GamePage) -> None:
        if self.page is not None and not self.close_page():
            page.shutdown()
            page.deleteLater()
            return
        self.page = page
        page.title_changed.connect(self.setWindowTitle)
        page.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        page.close_requested.connect(self.close_page)
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self._update_page_chrome()
        page.setFocus()

    def close_page(self) -> bool:
        """Close the open page (asking about unsaved work); True when none is open after."""
        page = self.page
        if page is None:
            return True
        if not page.maybe_close():
            return False
        page.shutdown()
        self.stack.removeWidget(page)
        page.deleteLater()
        self.page = None
        self.start_page.refresh()
        self.stack.setCurrentWidget(self.start_page)
        self._update_page_chrome()
        return True

    def _save_page(self) -> None:
        if self.page is not None and self.page.can_save():
            self.page.save()
            self.start_page.refresh()

    # --- files ----------------------------------------------------------------------------
    def open_dialog(self) -> None:
        suffixes = sorted({s for e in self.entries for s in e.suffixes})
        patterns = " ".join(f"*{s}" for s in suffixes) or "*"
        path, _ = QFileDialog.getOpenFileName(
            self, "Open", str(Path.home()), f"WordStudio files ({patterns});;All files (*)")
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path) -> GamePage | None:
        """Open a saved game (or design) in a page of its own.

        The file is read first: one that cannot be opened is reported and the page open
        before stays as it was.  That page closes (asking about unsaved work) only once
        the new one is ready; if the person keeps it, the new page is dropped.  Only the
        file the open page shows is closed first, since saving it changes what is read.
        """
        path = Path(path)
        suffix = path.suffix.lower()
        known = any(suffix in entry.suffixes for entry in self.entries)
        for entry in self.entries:
            told = not known and entry.recognises is not None and entry.recognises(path)
            if (suffix in entry.suffixes or told) and entry.open_file is not None:
                if _shows_file(self.page, path) and not self.close_page():
                    return None
                page = entry.open_file(self.context, self, path)
                if page is None:
                    return None
                self.show_page(page)
                if self.page is not page:
                    return None
                self.context.settings.add_recent_file(path)
                return page
        QMessageBox.warning(self, "Open", f"WordStudio does not know how to open {path.name}.")
        return None

    def offer_resume(self) -> GamePage | None:
        """At start-up: each game may offer a game a crash interrupted; the first one
        taken opens."""
        for name in ENTRY_MODULES:
            offer = getattr(importlib.import_module(name), "offer_resume", None)
            if offer is None:
                continue
            page = offer(self.context, self)
            if page is not None:
                self.show_page(page)
                return page
        return None

    # --- hook: the designer's "Play this design" ------------------------------------------
    def play_design(self, path: Path) -> GamePage | None:
        """A new crossword game with the configuration at ``path`` (the designer page's
        ``play_requested`` signal comes here).  The new-game dialog comes first; the
        designer closes, asking about unsaved edits, only once a game is set up."""
        from wordstudio.ui.designer import start_game_with_config

        page = start_game_with_config(self.context, self, Path(path))
        if page is not None:
            self.show_page(page)
        return page

    # --- window ---------------------------------------------------------------------------
    def show_help(self) -> None:
        """The open page's help, or what WordStudio offers when no page is open."""
        from wordstudio.ui.help import GENERAL, HelpDialog

        text = (self.page.help_html() if self.page is not None else "") or GENERAL
        HelpDialog(text, self).exec()

    def _about(self) -> None:
        QMessageBox.about(
            self, "About WordStudio",
            f"<h3>WordStudio {__version__}</h3><p>Crossword-style word games.</p>"
            "<p>Word lists derived from SCOWL by Kevin Atkinson (see lexicons/SCOWL-COPYRIGHT.txt).</p>")

    def _restore_layout(self) -> None:
        """The size and place remembered from the last run - only if they fit the
        screen the window opens on now - and the toolbar's state."""
        settings = self.context.settings
        geometry = settings.layout("window/geometry")
        state = settings.layout("window/state")
        if geometry is not None:
            fitted = self.geometry()
            if self.restoreGeometry(geometry) and not self.isMaximized() and not screenfit.fits(
                    self.geometry(), screenfit.screen_of(self).availableGeometry()):
                self.setGeometry(fitted)
        if state is not None:
            self.restoreState(state)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._chosen_geometry is not None:
            QTimer.singleShot(0, self, self._settle_on_screen)

    def _settle_on_screen(self) -> None:
        """With the real title bar known: back inside the screen if it overruns it."""
        chosen, self._chosen_geometry = self._chosen_geometry, None
        if chosen is not None and self.size() == chosen.size():
            screenfit.settle(self)

    def _save_layout(self) -> None:
        settings = self.context.settings
        settings.set_layout("window/geometry", self.saveGeometry())
        settings.set_layout("window/state", self.saveState())

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        if not self.close_page():
            event.ignore()
            return
        self._save_layout()
        event.accept()


def _shows_file(page: GamePage | None, path: Path) -> bool:
    """Whether ``page`` has the file at ``path`` open (as its own ``path``, or its
    document's: the designer's)."""
    for owner in (page, getattr(page, "document", None)):
        shown = getattr(owner, "path", None)
        if isinstance(shown, Path):
            try:
                if shown.resolve() == path.resolve():
                    return True
            except OSError:
                if shown == path:
                    return True
    return False
