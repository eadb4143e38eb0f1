"""Every dialog of the crossword window opens, does its job and closes."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog

from tests.test_ui_crossword_support import (
    FAST,
    LEXICON,
    drag_tile_to_board,
    make_context,
    new_game,
    settle,
    show_page,
    wait_for_person,
)
from wordstudio.crossword.actions import Outcome
from wordstudio.crossword.board import Placement
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.game import Game, GameSetup, PlayerSpec, WordCheck
from wordstudio.crossword.gameconfig import ExchangeAllowed
from wordstudio.lexicon.catalog import load_lexicon
from wordstudio.paths import boards_dir
from wordstudio.ui.crossword import ENTRIES, open_game, start_game
from wordstudio.ui.crossword.consult import ConsultDialog
from wordstudio.ui.crossword.dialogs import ConfigChoiceDialog
from wordstudio.ui.crossword.newgame import NewGameDialog, shipped_configs
from wordstudio.ui.crossword.options import OptionsDialog, TableOptions
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.dialogs import messages


@pytest.fixture
def context(qtbot, tmp_path):
    yield from make_context(tmp_path)


# --- the new-game dialog ------------------------------------------------------------------
def test_new_game_dialog_lists_every_board_by_title(qtbot, context):
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    titles = [dialog.config_combo.itemText(i) for i in range(dialog.config_combo.count())]
    for path in boards_dir().glob("*.cfg"):
        assert load_config(path).title in titles
    assert titles[-1].startswith("Other configuration file")
    assert dialog.config_combo.currentText() == "Standard 15x15 game"
    assert "15\u00d715 board" in dialog.config_info.text() and "2-4 players" in dialog.config_info.text()
    lexicons = [dialog.lexicon_combo.itemData(i) for i in range(dialog.lexicon_combo.count())]
    assert LEXICON in lexicons and "en-GB-common" in lexicons


def test_new_game_dialog_builds_the_game_and_remembers_it(qtbot, context):
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    dialog.config_combo.setCurrentIndex(dialog.config_combo.findText("21x21 board"))
    dialog.count.setValue(4)
    assert all(w.isVisibleTo(dialog) for w in dialog.rows[3].widgets)
    names = ["Ann", "Bob", "Cleo", "Dan"]
    for row, name, kind, level in zip(dialog.rows[:4], names, (0, 0, 1, 1), (5, 5, 2, 8), strict=True):
        row.name.setText(name)
        row.kind.setCurrentIndex(kind)
        row.level.setValue(level)
    dialog.order_random.setChecked(True)
    dialog.turn_clock.setChecked(True)
    dialog.turn_limit.setTime(dialog.turn_limit.time().fromString("1:30", "m:ss"))
    dialog.game_clock.setChecked(True)
    dialog.game_minutes.setValue(20)
    dialog.word_check.setCurrentIndex(dialog.word_check.findData(WordCheck.CHALLENGE.value))
    assert dialog.penalty.isVisibleTo(dialog)
    dialog.penalty.setValue(5)
    dialog.options_form.pause.setChecked(True)
    dialog.options_form.symbols.setChecked(True)
    dialog.options_form.speed.setValue(0)
    dialog._accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    choice = dialog.choice()
    assert choice.config.rows == 21 and [p.name for p in choice.players] == names
    assert [p.computer for p in choice.players] == [False, False, True, True]
    assert choice.players[2].level == 2 and choice.random_order
    clock = choice.settings.clock
    assert (clock.turn_limit, clock.game_limit) == (90, 1200)
    assert choice.settings.word_check == WordCheck.CHALLENGE and choice.settings.challenge_penalty == 5
    assert choice.options == TableOptions(False, True, True, 0)
    # Next time the dialog starts from these choices.
    again = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(again)
    assert again.config_combo.currentText() == "21x21 board" and again.count.value() == 4
    assert again.rows[3].name.text() == "Dan" and again.turn_clock.isChecked()
    assert again.options_form.symbols.isChecked()


def test_player_count_follows_the_game(qtbot, context):
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    dialog.config_combo.setCurrentIndex(dialog.config_combo.findText("Standard 15x15 game"))
    assert (dialog.count.minimum(), dialog.count.maximum()) == (2, 4)
    # Computer SCRABBLE's own game: "NUMBER OF PLAYERS 1-4 ?"
    dialog.config_combo.setCurrentIndex(
        dialog.config_combo.findText("Computer SCRABBLE game (1-4 players)"))
    assert (dialog.count.minimum(), dialog.count.maximum()) == (1, 4)
    dialog.count.setValue(1)
    assert dialog.rows[0].name.isVisibleTo(dialog) and not dialog.rows[1].name.isVisibleTo(dialog)
    dialog._accept()
    assert len(dialog.choice().players) == 1


def test_wordwhami_seats_as_many_players_as_its_configuration_allows(qtbot, context):
    """WORDwhami is for "two to four (or more)": its configuration allows six, and the
    dialog offers six seats, not the standard game's four."""
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    dialog.config_combo.setCurrentIndex(dialog.config_combo.findText("WORDwhami"))
    assert (dialog.count.minimum(), dialog.count.maximum()) == (1, 6)
    dialog.count.setValue(6)
    assert all(row.name.isVisibleTo(dialog) for row in dialog.rows[:6])
    assert not dialog.rows[6].name.isVisibleTo(dialog)
    dialog._accept()
    players = dialog.choice().players
    assert len(players) == 6 and len({p.name for p in players}) == 6
    # Next time the dialog offers the same six.
    again = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(again)
    assert again.count.value() == 6
    # A game for six: six cards on the page, in playing order.
    names = ("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay")
    game = new_game("wordwhami.cfg", players=tuple(PlayerSpec(n) for n in names))
    page = show_page(qtbot, context, game)
    assert [card.name.text() for card in page.players_panel.cards] == list(names)
    assert all(card.isVisible() for card in page.players_panel.cards)


def test_a_word_list_with_junk_lines_says_what_was_left_out(qtbot, context, tmp_path):
    words = tmp_path / "mine.txt"
    words.write_text("cat\ndog\nrock'n'roll\nbird\nx-ray\n", encoding="utf-8")
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    dialog.add_word_list(str(words))
    qtbot.waitUntil(lambda: "words" in dialog.lexicon_info.text() and "Reading" not in dialog.lexicon_info.text())
    text = dialog.lexicon_info.text()
    assert text.startswith("3 words.") and "2 lines are not words and were left out" in text
    assert "line 3" in text and dialog.lexicon_combo.currentData() == str(words)


def test_an_unusable_word_list_or_config_is_reported(qtbot, context, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("123\n", encoding="utf-8")
    bad_config = tmp_path / "bad.cfg"
    bad_config.write_text("Rows = 99\n", encoding="utf-8")
    dialog = NewGameDialog(context.settings, context.runner)
    qtbot.addWidget(dialog)
    dialog.add_word_list(str(empty))
    qtbot.waitUntil(lambda: "cannot be used" in dialog.lexicon_info.text())
    assert dialog.lexicon_combo.currentData() != str(empty)
    assert not dialog.add_config_file(str(bad_config))
    assert "bad.cfg" in dialog.error.text()


def test_start_game_from_the_entry_prepares_the_word_list(qtbot, context, monkeypatch):
    def accept(dialog):
        dialog.rows[0].name.setText("Ann")
        dialog.rows[1].kind.setCurrentIndex(1)
        dialog.options_form.speed.setValue(0)
        dialog._accept()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    page = start_game(context, None)
    qtbot.addWidget(page)
    assert isinstance(page, CrosswordPage) and page.game is None
    qtbot.waitUntil(lambda: page.game is not None)
    assert page.game.names[0] == "Ann" and page.game.players[1].computer
    page.shutdown()
    # Its autosave would be offered to the next test that opens a main window.
    page.discard_autosave()
    monkeypatch.setattr(NewGameDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected)
    assert start_game(context, None) is None
    assert ENTRIES[0].start is start_game


# --- dialogs during play ----------------------------------------------------------------------
def test_pass_exchange_blank_word_entry_and_settings_dialogs_open_and_close(qtbot, context):
    game = new_game("scrabble.cfg", seed=41, players=(PlayerSpec("Ann"), PlayerSpec("Bob")))
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    for action, name in ((page.commands.pass_turn, "discard_dialog"), (page.commands.exchange, "discard_dialog"),
                         (page.commands.enter_word, "entry_dialog"), (page.commands.settings, "options_dialog")):
        action.trigger()
        dialog = getattr(page, name)
        assert dialog.isVisible()
        dialog.reject()
        assert not dialog.isVisible()
    assert game.ply == 0
    page.commands.exchange.trigger()
    assert not page.discard_dialog.ok.isEnabled()  # nothing chosen yet
    page.discard_dialog.buttons_by_index[0].click()
    assert page.discard_dialog.ok.text() == "Exchange 1 tile"
    page.discard_dialog.reject()
    # The blank's letter dialog: chosen by typing the letter.
    game.racks[0] = game.racks[0].without(game.racks[0].tiles[:1]).plus(["?"])
    page._synced = None
    page.sync_viewer()
    page.refresh()
    blank = next(rt.ident for rt in page.draft.free() if rt.tile == "?")
    from tests.test_ui_crossword_support import drag, rack_point, square_point

    drag(page.rack, rack_point(page, blank), page.board, square_point(page, 7, 7))
    assert page.blank_dialog.isVisible()
    QTest.keyClick(page.blank_dialog, Qt.Key.Key_K)
    assert not page.blank_dialog.isVisible()
    assert page.draft.placed[(7, 7)].letter == "K" and page.draft.placed[(7, 7)].blank


def test_settings_dialog_applies_symbols_and_animation_and_keeps_them(qtbot, context):
    page = show_page(qtbot, context, new_game("scrabble.cfg", seed=42))
    page.commands.settings.trigger()
    dialog = page.options_dialog
    assert isinstance(dialog, OptionsDialog)
    dialog.form.symbols.setChecked(True)
    dialog.form.speed.setValue(7)
    dialog.accept()
    assert page.board.symbols and page.legend.symbols and page.commands.symbols.isChecked()
    assert page.options.animation_speed == 7
    assert context.settings.get("crossword/options")["symbols"] is True
    page.commands.symbols.trigger()
    assert not page.board.symbols


def test_resign_asks_then_ends_the_game(qtbot, context, monkeypatch):
    game = new_game("scrabble.cfg", seed=43)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    monkeypatch.setattr(messages, "confirm", lambda *a, **k: False)
    page.commands.resign.trigger()
    assert game.ply == 0
    monkeypatch.setattr(messages, "confirm", lambda *a, **k: True)
    page.commands.resign.trigger()
    assert game.over and game.history[0].outcome == Outcome.RESIGNED
    qtbot.waitUntil(lambda: page.summary_dialog is not None and page.summary_dialog.isVisible())
    assert "Cleo wins" in page.summary_dialog.findChild(type(page.move_status), "summary-headline").text()
    page.summary_dialog.reject()


def test_summary_new_game_starts_the_next_game(qtbot, context, monkeypatch):
    from wordstudio.ui.mainwindow import MainWindow

    window = MainWindow(context)
    qtbot.addWidget(window)
    window.show()
    game = new_game("scrabble.cfg", seed=44)
    page = CrosswordPage(context, game=game, options=FAST, autosave=False)
    window.show_page(page)
    wait_for_person(qtbot, page)
    monkeypatch.setattr(messages, "confirm", lambda *a, **k: True)
    page.commands.resign.trigger()
    qtbot.waitUntil(lambda: page.summary_dialog is not None and page.summary_dialog.isVisible())
    started = []
    monkeypatch.setattr(window, "start_entry", lambda entry: started.append(entry.ident))
    page.summary_dialog.new_button.click()
    qtbot.waitUntil(lambda: started == ["crossword"])


def test_pick_up_a_blank_from_the_board(qtbot, context):
    config = load_config(boards_dir() / "scrabble.cfg").with_changes(exchange_allowed=ExchangeAllowed.BEFORE_ANY)
    setup = GameSetup(config, (PlayerSpec("Ann"), PlayerSpec("Bob")), seed=45, lexicon=LEXICON,
                      scripted_draws=(("?", "A", "T", "E", "R", "S", "I"), ("C", "A", "T", "D", "O", "G", "S")))
    game = Game(setup, load_lexicon(LEXICON))
    game.play([Placement(7, 7, "C", True), Placement(7, 8, "A"), Placement(7, 9, "T")])
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    assert page.commands.pick_up.isEnabled() and page.pick_up_choices() == [(7, 7, "C")]
    page.commands.pick_up.trigger()
    dialog = page.pick_up_dialog
    assert dialog.list.count() == 1 and dialog.square() == (7, 7)
    dialog.accept()
    assert game.history[-1].outcome == Outcome.PICKED_UP
    assert game.board.tile_at(7, 7) == ("C", False) and "?" in game.racks[1].tiles
    assert page.draft.tiles().count("?") == 1 and game.current == 1  # the turn goes on


def test_hints_sit_beside_the_board_and_never_cover_it(qtbot, context):
    page = show_page(qtbot, context, new_game("scrabble.cfg", seed=46))
    wait_for_person(qtbot, page)
    page.commands.hint.trigger()
    panel = page.hints
    qtbot.waitUntil(lambda: panel.list.topLevelItemCount() > 0)
    panel.select(0)
    top_left = panel.mapTo(page, panel.rect().topLeft())
    hints_rect = panel.rect().translated(top_left)
    board_rect = page.board_area.rect().translated(page.board_area.mapTo(page, page.board_area.rect().topLeft()))
    assert panel.isVisible() and not hints_rect.intersects(board_rect)
    # The move it previews is on the board, in view.
    squares = [p.square for p in panel.candidates[0].move.placed]
    visible = page.board.visible_area()
    assert all(visible.contains(page.board.square_rect(*sq)) for sq in squares)


def test_hint_equity_is_the_score_plus_the_leave(qtbot, context):
    from wordstudio.crossword.players.leaves import leaves_for

    game = new_game("scrabble.cfg", seed=46)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    rack = game.racks[game.current]
    page.commands.hint.trigger()
    panel = page.hints
    qtbot.waitUntil(lambda: panel.list.topLevelItemCount() > 0)
    leaves = leaves_for(game.config)
    for row, candidate in enumerate(panel.candidates):
        kept = rack.without(candidate.move.tiles_used).tiles
        assert candidate.equity == pytest.approx(candidate.score + leaves.value(kept))
        item = panel.list.topLevelItem(row)
        assert sorted(item.text(3)) == sorted("?" if t == "?" else t for t in kept)
        assert item.text(4) == f"{candidate.equity:.1f}"
    assert any(round(c.equity, 1) != c.score for c in panel.candidates)
    assert not panel.list.isColumnHidden(3)  # leave and equity are shown


def test_hints_come_ranked_by_score_and_sort_by_a_clicked_heading(qtbot, context):
    """With the game's ControlStrategy 0 the list is the highest score first (WordsWorth
    4.12: hints "are shown to you in order of score"); on this rack a move scoring less
    keeps the blank, so its equity is higher: a click on a heading sorts by that column,
    highest first, then lowest; '#' puts the ranking back; the chosen row is the move
    shown."""
    from wordstudio.ui.crossword.hints import EQUITY, RANK, SCORE

    game = new_game("scrabble.cfg", seed=51)  # GORE?FZ: the top scores spend the blank
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    page.commands.hint.trigger()
    panel = page.hints
    qtbot.waitUntil(lambda: panel.list.topLevelItemCount() > 0)
    tree = panel.list

    def column(index: int) -> list[str]:
        return [tree.topLevelItem(row).text(index) for row in range(tree.topLevelItemCount())]

    def click_heading(index: int) -> None:
        header = tree.header()
        x = header.sectionViewportPosition(index) + header.sectionSize(index) // 2
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                         pos=QPoint(x, header.height() // 2))

    equities = [float(text) for text in column(EQUITY)]
    scores = [int(text) for text in column(SCORE)]
    assert len(scores) == 20 and scores == sorted(scores, reverse=True)
    assert column(RANK) == [str(n) for n in range(1, 21)]
    assert max(equities) > equities[0], "this rack's best score is not its best equity"
    click_heading(EQUITY)
    by_equity = [float(text) for text in column(EQUITY)]
    assert by_equity == sorted(equities, reverse=True)
    panel.list.setCurrentItem(tree.topLevelItem(0))
    shown = panel.current()
    assert shown is not None and round(shown.equity, 1) == max(equities)
    assert {p.square for p in page.draft.placements()} == {p.square for p in shown.move.placed}
    click_heading(SCORE)
    assert [int(text) for text in column(SCORE)] == sorted(scores, reverse=True)
    click_heading(SCORE)
    assert [int(text) for text in column(SCORE)] == sorted(scores)
    click_heading(RANK)
    assert column(RANK) == [str(n) for n in range(1, 21)]
    panel.select(3)  # the fourth-ranked move, wherever it is listed
    assert panel.current() is panel.candidates[3]
    assert tree.currentItem().text(RANK) == "4"


# --- consulting the dictionary -------------------------------------------------------------
def consulted(qtbot, context, pattern: str, use_all: bool) -> ConsultDialog:
    """The dialog shown, an anagram search of ``pattern`` done."""
    dialog = ConsultDialog(context.runner, LEXICON)
    qtbot.addWidget(dialog)
    dialog.resize(560, 400)
    dialog.show()
    dialog.pattern.setText(pattern)
    dialog.anagram.setChecked(True)
    (dialog.use_all if use_all else dialog.use_some).setChecked(True)
    dialog.search_button.click()
    qtbot.waitUntil(lambda: dialog.job is None)
    return dialog


def test_consult_finds_words_as_the_manual_says(qtbot, context):
    dialog = consulted(qtbot, context, "DIVIDE", use_all=True)
    assert dialog.words() == ["DIVIDE"] and "1 word found" in dialog.status.text()
    dialog.pattern.setText("?[MN]?")
    dialog.ordered.setChecked(True)
    dialog.search_button.click()
    qtbot.waitUntil(lambda: dialog.job is None)
    words = dialog.words()
    assert words and all(len(w) == 3 and w[1] in "MN" for w in words)
    dialog.pattern.setText("[A-")
    dialog.search_button.click()
    assert dialog.job is None and "[" in dialog.status.text() or "pattern" in dialog.status.text()
    dialog.close()


def test_consult_shows_every_word_whole(qtbot, context):
    """Every cell is wide enough for its word: not "..." for all but two-letter words (the
    cells once took the size of the first word listed); several words still share a row."""
    dialog = consulted(qtbot, context, "STRANGER", use_all=False)
    words = dialog.words()
    assert len(words) > 30 and min(map(len, words)) == 2 and max(map(len, words)) >= 7
    metrics = dialog.results.fontMetrics()
    view = dialog.results
    rows = set()
    for row in range(view.count()):
        item = view.item(row)
        rect = view.visualItemRect(item)
        assert rect.width() >= metrics.horizontalAdvance(item.text()) + 4, item.text()
        rows.add(rect.top())
    assert len(rows) < len(words) / 2  # words side by side, not one a row
    dialog.close()


def test_consult_lists_words_as_found_and_stops(qtbot, tmp_path, monkeypatch):
    """In a background thread, with a search slowed down: words arrive in batches while it
    runs, and Stop ends it with the words found so far still listed."""
    from wordstudio.ui.crossword import work

    real_search = work.search

    def slow_search(words, pattern, anagram, use_all, cancelled=None):
        for word in real_search(words, pattern, anagram, use_all, cancelled):
            time.sleep(0.002)
            yield word

    monkeypatch.setattr(work, "search", slow_search)
    monkeypatch.setattr(work, "CONSULT_BATCH_SECONDS", 0.02)
    for context in make_context(tmp_path, mode="thread"):
        dialog = ConsultDialog(context.runner, LEXICON)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.pattern.setText("??????")
        dialog.ordered.setChecked(True)
        dialog.use_all.setChecked(True)
        dialog.search_button.click()
        qtbot.waitUntil(lambda d=dialog: d.results.count() >= 20, timeout=20000)
        assert dialog.job is not None and "found so far" in dialog.status.text()
        assert dialog.stop_button.isEnabled()
        dialog.stop_button.click()
        found = dialog.results.count()
        assert dialog.job is None and "Stopped" in dialog.status.text()
        settle(qtbot, 200)
        assert dialog.results.count() == found  # nothing more arrives after Stop
        dialog.close()


def test_consult_from_the_game_starts_with_the_rack(qtbot, context):
    game = new_game("scrabble.cfg", seed=47)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    page.commands.consult.trigger()
    dialog = page.consult_dialog
    assert dialog.isVisible()
    assert dialog.pattern.text() == "".join("_" if t == "?" else t for t in game.racks[0].tiles)
    dialog.reject()
    assert not dialog.isVisible()


# --- WordsWorth files ------------------------------------------------------------------------
def test_export_and_open_a_wordsworth_game(qtbot, context, tmp_path, monkeypatch):
    game = new_game("scrabble.cfg", seed=48)
    page = show_page(qtbot, context, game)
    wait_for_person(qtbot, page)
    drag_tile_to_board(qtbot, page, page.draft.free()[0].tile, 7, 7, "E")
    page.recall()
    from tests.test_ui_crossword_support import best_decision, drag_move

    drag_move(qtbot, page, best_decision(game).action)
    QTest.keyClick(page.board, Qt.Key.Key_Return)
    wait_for_person(qtbot, page)
    path = tmp_path / "game.sav"
    monkeypatch.setattr("wordstudio.ui.crossword.page.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(path), ""))
    page.commands.export.trigger()
    assert path.exists()

    def choose_scrabble(dialog):
        titles = [dialog.list.item(i).text() for i in range(dialog.list.count())]
        dialog.list.setCurrentRow(titles.index("Standard 15x15 game"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ConfigChoiceDialog, "exec", choose_scrabble)
    opened = open_game(context, None, Path(path))
    assert opened is not None
    qtbot.addWidget(opened)
    assert opened.game.board.to_rows() == game.board.to_rows()
    assert opened.path is None  # a WordsWorth file is not overwritten by Save
    opened.shutdown()


def test_config_choice_dialog_offers_every_game(qtbot):
    configs = [(p, t, c) for p, t, c, _ in shipped_configs() if c is not None]
    dialog = ConfigChoiceDialog("old.sav", configs)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.list.currentItem().text() == "WordsWorth default 13x13 game"
    assert dialog.chosen()[1].title == "WordsWorth default 13x13 game"
    dialog.reject()
    assert not dialog.isVisible()


def test_dialogs_remember_their_geometry(qtbot, context):
    dialog = OptionsDialog(TableOptions(), context.settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.resize(610, 333)
    dialog.accept()
    assert context.settings.layout("dialogs/crossword-options/geometry") is not None
    again = OptionsDialog(TableOptions(), context.settings)
    qtbot.addWidget(again)
    again.show()
    assert (again.width(), again.height()) == (610, 333)


def test_wordwhami_starts_from_the_start_page_with_its_board_chosen(qtbot, context, monkeypatch):
    from wordstudio.ui.crossword.newgame import NewGameDialog

    seen = []

    def look(dialog):
        combo = dialog.config_combo
        paths = [combo.itemData(i) for i in range(combo.count())]
        seen.append((combo.currentData(), paths.count(combo.currentData())))
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(NewGameDialog, "exec", look)
    entry = next(e for e in ENTRIES if e.ident == "wordwhami")
    assert entry.title == "WORDwhami" and entry.start(context, None) is None
    chosen, listed = seen[0]
    assert str(chosen).endswith("wordwhami.cfg") and listed == 1  # chosen, not added again
