"""The designer page: the tile table, the rules, opening and saving every shipped
configuration, the checks as the person sees them, unsaved-changes prompts, "Play this
design", and the entry the main window opens it through."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton, QSpinBox

import wordstudio.ui.designer as designer_ui
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import DEFAULT_ALPHABET, Direction, Scoring
from wordstudio.paths import boards_dir
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.designer import ask, filing
from wordstudio.ui.designer.checks import Level
from wordstudio.ui.designer.document import DesignDocument
from wordstudio.ui.designer.page import DesignerPage
from wordstudio.ui.designer.tiles import TILES
from wordstudio.ui.workers import BackgroundRunner

SHIPPED = sorted(
    str(p.relative_to(boards_dir())) for p in boards_dir().rglob("*")
    if p.suffix in (".cfg", ".def")
)


@pytest.fixture
def context(tmp_path: Path, qtbot) -> AppContext:
    runner = BackgroundRunner(mode="sync")
    yield AppContext(Settings(tmp_path / "settings.json"), runner)
    runner.shutdown()


@pytest.fixture
def boards(tmp_path: Path) -> Path:
    """A private copy of the shipped boards, safe to edit."""
    folder = tmp_path / "boards"
    shutil.copytree(boards_dir(), folder)
    return folder


def make_page(qtbot, context: AppContext, document: DesignDocument) -> DesignerPage:
    page = DesignerPage(context, document)
    qtbot.addWidget(page)
    page.resize(1280, 820)
    page.show()
    qtbot.waitExposed(page)
    return page


def open_page(qtbot, context: AppContext, path: Path) -> DesignerPage:
    return make_page(qtbot, context, DesignDocument.open(path))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


# --- the tile table -----------------------------------------------------------------------


def test_editing_the_tile_table_writes_the_tiles_file_in_its_own_layout(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    model = page.tiles.model
    e = DEFAULT_ALPHABET.index("E")
    assert model.setData(model.index(e, 1), 15)  # E: 12 -> 15 tiles
    assert model.setData(model.index(len(DEFAULT_ALPHABET), 2), 5)  # the blank scores 5
    text = page.document.text(boards / "scrabtil.def")
    assert "LetterFrequencies = { 9  2  2  4 15  2" in text  # the columns still line up
    assert text.splitlines()[7].startswith("#                   A  B  C  D  E")
    config = page.document.to_config()
    assert config.tiles.frequencies[e] == 15 and config.tiles.blank_score == 5
    assert "103</b> tiles" in page.tiles.totals.text()
    assert page.document.modified_files() == [boards / "scrabtil.def"]
    assert page.save()
    assert load_config(boards / "scrabble.cfg") == config


def test_the_table_edits_through_its_spin_box_editor(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    view, model = page.tiles.view, page.tiles.model
    index = model.index(DEFAULT_ALPHABET.index("Q"), 3)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = view.findChild(QSpinBox)
    assert editor is not None and (editor.minimum(), editor.maximum()) == (-99, 99)
    editor.setValue(-4)
    view.commitData(editor)
    assert page.document.to_config().tiles.weights[DEFAULT_ALPHABET.index("Q")] == -4


def test_adding_and_removing_a_two_character_letter(qtbot, context, boards, monkeypatch) -> None:
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    before = page.document.texts()
    page.tiles.view.selectRow(DEFAULT_ALPHABET.index("C"))
    monkeypatch.setattr(ask, "letter", lambda parent, alphabet: "CH")
    page.tiles.findChild(QPushButton, "add-letter").click()
    tiles = page.document.to_config().tiles
    assert tiles.alphabet[:4] == ("A", "B", "C", "CH") and len(tiles.alphabet) == 27
    assert tiles.frequencies[3] == 1 and tiles.scores[3] == 1 and tiles.total_tiles == 101
    tiles_text = page.document.text(boards / "scrabtil.def")
    assert tiles_text.index("Alphabet = {") < tiles_text.index("LetterFrequencies")
    assert page.tiles.model.rowCount() == 28
    page.tiles.view.selectRow(0)
    page.tiles.remove.click()  # A goes
    assert page.document.to_config().tiles.alphabet[:3] == ("B", "C", "CH")
    page.undo_stack.undo()
    page.undo_stack.undo()
    assert page.document.texts() == before


def test_a_letter_must_be_new_and_made_of_letters() -> None:
    assert ask.letter_problem("ch", ("A", "B")) is None
    assert ask.letter_problem(" ", ("A",)) == "Type at least one letter."
    assert "letters only" in (ask.letter_problem("C1", ("A",)) or "")
    assert ask.letter_problem("a", ("A",)) == "A is already in the alphabet."


def test_copying_a_shipped_tile_set(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    page.copy_tileset(boards_dir() / "tilesets" / "bible.def")
    assert page.document.to_config().tiles == load_config(boards_dir() / "tilesets" / "bible.def").tiles
    titles = [action.text()
              for action in page.tiles.findChild(QPushButton, "copy-tileset").menu().actions()]
    assert any(t.startswith("bible.def") for t in titles) and any(t.startswith("scrabtil.def") for t in titles)


def test_deriving_the_tiles_from_a_text(qtbot, context, boards, monkeypatch) -> None:
    from wordstudio.ui.designer.derive import DeriveDialog

    def answer(dialog: DeriveDialog) -> int:
        dialog.set_text("a quiet zebra jumps over the lazy fox " * 30)
        dialog.blanks.setValue(4)
        return 1

    monkeypatch.setattr(DeriveDialog, "exec", answer)
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    old_weights = page.document.to_config().tiles.weights
    page.tiles.findChild(QPushButton, "derive-tiles").click()
    tiles = page.document.to_config().tiles
    assert tiles.total_tiles == 100 and tiles.blank_count == 4
    assert tiles.weights == old_weights  # kept, as the dialog offers by default
    assert tiles.scores[DEFAULT_ALPHABET.index("E")] == 1
    assert tiles.scores[DEFAULT_ALPHABET.index("K")] == 10  # not in the text at all


# --- rules --------------------------------------------------------------------------------


def test_rules_are_written_where_they_are_set_and_new_ones_to_the_game_file(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    fields = page.rules.fields
    assert "scrabble.cfg:12" in page.rules.sources["NumberOfTiles"].text()
    assert "default" in page.rules.sources["Directions"].text()
    fields["NumberOfTiles"].size.setValue(8)  # type: ignore[attr-defined]
    fields["NumberOfTiles"].size.setValue(9)  # type: ignore[attr-defined]
    fields["Directions"].boxes[Direction.DIAGONAL_DOWN].setChecked(True)  # type: ignore[attr-defined]
    combo = fields["Scoring"].combo  # type: ignore[attr-defined]
    combo.setCurrentIndex(combo.findData(Scoring.LENGTH_SQUARED))
    combo.activated.emit(combo.currentIndex())
    fields["FreeForm"].combo.activated.emit(2)  # type: ignore[attr-defined]
    fields["WildNoPlurals"].box.setChecked(True)  # type: ignore[attr-defined]
    fields["LengthWeight"].spin.setValue(5)  # type: ignore[attr-defined]
    config = page.document.to_config()
    assert config.number_of_tiles == 9 and config.scoring is Scoring.LENGTH_SQUARED
    assert config.directions == (Direction.ACROSS, Direction.DOWN, Direction.DIAGONAL_DOWN)
    assert int(config.free_form) == 2 and config.wild_no_plurals
    assert config.strategy.length_weight == 5
    game = page.document.text(boards / "scrabble.cfg")
    assert "NumberOfTiles = 9\nPlayAllTileBonusPoints = 50     # rule 17" in game
    assert "Directions = { Across Down DiagonalDown }" in game
    assert "LengthWeight = 5" in page.document.text(boards / "level.def")
    assert "scrabble.cfg:" in page.rules.sources["Directions"].text()
    # Two clicks on one spin box are one undo step: six edits in all.
    assert page.undo_stack.count() == 6
    for _ in range(5):
        page.undo_stack.undo()
    assert page.document.to_config().number_of_tiles == 9
    page.undo_stack.undo()
    assert page.document.to_config().number_of_tiles == 7


def test_the_rack_choices(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    rack = page.rules.fields["NumberOfTiles"]
    rack.pool.setChecked(True)  # type: ignore[attr-defined]
    assert page.document.to_config().number_of_tiles == 1
    rack.unlimited.setChecked(True)  # type: ignore[attr-defined]
    assert page.document.to_config().number_of_tiles == 0
    assert not rack.size.isEnabled()  # type: ignore[attr-defined]
    rack.racks.setChecked(True)  # type: ignore[attr-defined]
    assert page.document.to_config().number_of_tiles == 7


def test_the_title_and_dictionary(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    page.title_edit.setText("Fish & chips #1")
    page.title_edit.editingFinished.emit()
    dictionary = page.rules.fields["Dictionary"].combo  # type: ignore[attr-defined]
    dictionary.setEditText("my-words.txt")
    dictionary.lineEdit().editingFinished.emit()
    assert "Title = Fish & chips \\#1" in page.document.text(boards / "scrabble.cfg")
    config = page.document.to_config()
    assert config.title == "Fish & chips #1" and config.dictionary == "my-words.txt"


# --- open and save ------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_configuration_opens_and_saves_back_unchanged(qtbot, context, boards, name) -> None:
    before = snapshot(boards)
    page = open_page(qtbot, context, boards / name)
    assert page.document.to_config() == load_config(boards_dir() / name)
    # Word War grids are no crossword games: split boards are only worth a warning there.
    levels = {p.level for p in page.checks.problems}
    assert levels <= ({Level.WARNING} if name.startswith("wordwar") else set())
    assert page.save()
    assert snapshot(boards) == before  # nothing edited: no byte changes
    copy = (boards / name).with_name("copy" + Path(name).suffix)
    assert filing.save_to(page, copy)
    assert copy.read_bytes() == (boards / name).read_bytes()  # same folder: byte for byte
    assert load_config(copy) == load_config(boards / name)


@pytest.mark.parametrize("name", sorted(p.name for p in boards_dir().glob("*.cfg")))
def test_a_shipped_game_opens_as_a_template_and_saves_with_its_parts(qtbot, context, tmp_path, name) -> None:
    page = make_page(qtbot, context, filing.open_document(boards_dir() / name))
    assert page.document.is_untitled and "New design" in page.title()
    target = tmp_path / "mine" / name
    target.parent.mkdir()
    assert filing.save_to(page, target)
    assert not page.document.is_untitled and page.document.path == target
    for path in page.document.files:
        assert path is not None and path.read_bytes() == (boards_dir() / path.name).read_bytes()
    assert load_config(target) == load_config(boards_dir() / name)


def test_save_reopen_and_compare_with_the_engine(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "diamond.cfg")
    page.rules.fields["PlayAllTileBonusPoints"].spin.setValue(35)  # type: ignore[attr-defined]
    page.tiles.model.setData(page.tiles.model.index(0, 2), 2)
    page.resize_board(15, 15)
    assert page.save()
    reopened = DesignDocument.open(boards / "diamond.cfg")
    assert reopened.texts() == page.document.texts()
    engine = load_config(boards / "diamond.cfg")
    assert engine == page.document.to_config()
    assert (engine.rows, engine.play_all_tile_bonus, engine.tiles.scores[0]) == (15, 35, 2)
    assert "# diamond.def" in (boards / "diamond.def").read_text()


def test_save_as_writes_the_game_file_elsewhere_and_finds_its_parts(qtbot, context, boards, tmp_path) -> None:
    page = open_page(qtbot, context, boards / "board7.cfg")
    page.rules.fields["ScoreLimit"].spin.setValue(150)  # type: ignore[attr-defined]
    target = tmp_path / "elsewhere" / "seven.cfg"
    assert filing.save_as(page, target)
    assert page.document.path == target and not page.document.is_modified
    assert load_config(target).end.score_limit == 150
    assert "Include = ../boards/board7.def" in target.read_text()
    assert str(target.resolve()) in context.settings.recent_files()


def test_a_design_with_problems_is_saved_only_when_the_person_agrees(qtbot, context, boards, monkeypatch) -> None:
    page = open_page(qtbot, context, boards / "board7.cfg")
    page.rules.fields["MinimumPlayers"].spin.setValue(4)  # type: ignore[attr-defined]
    page.set_first_move(1, 1)
    page.painter.layout_painted.emit(("@" + "a" * 6,) + ("a" * 7,) * 6)
    assert page.checks.problems
    answers = iter([False, True])
    monkeypatch.setattr(ask, "confirm", lambda *args, **kwargs: next(answers))
    assert not page.save() and page.document.is_modified
    assert page.save() and not page.document.is_modified


def test_unsaved_changes_are_offered_to_be_saved(qtbot, context, boards, monkeypatch) -> None:
    page = open_page(qtbot, context, boards / "board7.cfg")
    assert page.maybe_close()  # nothing edited: no question
    page.clear_board()
    answers: list[str] = []
    for answer, closes in (("cancel", False), ("discard", True), ("save", True)):
        monkeypatch.setattr(ask, "save_changes", lambda parent, name, a=answer: answers.append(name) or a)
        assert page.maybe_close() is closes
    assert answers == ["board7.cfg"] * 3
    assert not page.document.is_modified  # the last answer saved it
    assert load_config(boards / "board7.cfg").layout == ("a" * 7,) * 7


def test_new_from_a_template_replaces_the_design(qtbot, context, boards, monkeypatch) -> None:
    page = open_page(qtbot, context, boards / "board7.cfg")
    page.clear_board()
    monkeypatch.setattr(ask, "save_changes", lambda parent, name: "cancel")
    assert not filing.new_from_template(page, boards_dir() / "super21.cfg")
    assert page.document.path == boards / "board7.cfg"
    monkeypatch.setattr(ask, "save_changes", lambda parent, name: "discard")
    assert filing.new_from_template(page, boards_dir() / "super21.cfg")
    assert page.document.is_untitled and page.document.template == boards_dir() / "super21.cfg"
    assert page.undo_stack.count() == 0 and page.painter.rows == 21


# --- the checks as shown ------------------------------------------------------------------


def test_each_check_appears_in_the_panel(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "board7.cfg")
    assert "ready to play" in page.checks.summary.text()
    page.painter.layout_painted.emit(("@" * 7,) * 7)
    assert page.checks.messages() == ["The board has no square to play on: every square is blocked."]
    page.undo_stack.undo()
    page.set_first_move(2, 2)
    page.painter.layout_painted.emit(("a" * 7, "a@aaaaa", *("a" * 7,) * 5))
    assert page.checks.messages() == [
        "The first move must cover row 2, column 2, which is a blocked square."]
    page.undo_stack.undo()
    page.tiles.tables_edited.emit({TILES: (1,) * 15 + (0,) * 12})
    page.rules.fields["MinimumPlayers"].spin.setValue(4)  # type: ignore[attr-defined]
    assert page.checks.messages() == [
        "Fewer tiles than the racks need: the bag holds 15 tiles, but 4 players with racks of 5 need 20."]
    page.checks.problem_activated.emit(page.checks.problems[0])
    assert page.tabs.currentWidget() is page.tiles
    assert "1</b> problem to fix" in page.checks.summary.text()


def test_errors_in_an_included_file_are_shown_with_file_and_line(qtbot, context, tmp_path) -> None:
    (tmp_path / "board.def").write_text("Rows = 3\nColumns = 3\nBoardPositionScore = {\n"
                                        "aaa\naMa\naa\n}\n", encoding="utf-8")
    (tmp_path / "game.cfg").write_text("Include = board.def\n", encoding="utf-8")
    page = open_page(qtbot, context, tmp_path / "game.cfg")
    assert page.checks.messages() == [
        "board.def, line 5: BoardPositionScore row 2, column 2: 'M' would be a word x13 square; "
        "premiums go up to x11 ('K')"]
    assert page.painter.layout_codes == ("aaa", "aaa", "aaa")  # shown as well as it can be
    page.painter.layout_painted.emit(("aaa", "aKa", "aaa"))  # repaint: fixed
    assert page.checks.messages() == []
    (tmp_path / "board.def").write_text("Rows = 3\nColumns = 3\nBoardPositionScore = {\n"
                                        "aaa\naaaa\naaa\n}\n", encoding="utf-8")
    page.replace_document(DesignDocument.open(tmp_path / "game.cfg"))
    assert page.checks.messages() == ["board.def, line 5: BoardPositionScore row 2 has 4 squares, not 3"]
    assert str(tmp_path / "board.def") in page.checks.list.item(0).toolTip()


# --- playing and the window ---------------------------------------------------------------


def test_play_this_design_hands_over_a_file_with_the_design(qtbot, context, boards) -> None:
    page = open_page(qtbot, context, boards / "board7.cfg")
    with qtbot.waitSignal(page.play_requested) as saved:
        page.play_button.click()
    assert saved.args == [boards / "board7.cfg"]
    page.rules.fields["PlayAllTileBonusPoints"].spin.setValue(7)  # type: ignore[attr-defined]
    with qtbot.waitSignal(page.play_requested) as edited:
        page.play_action.trigger()
    copy = edited.args[0]
    assert copy != boards / "board7.cfg" and load_config(copy) == page.document.to_config()
    assert load_config(boards / "board7.cfg").play_all_tile_bonus == 25  # nothing saved


def test_a_design_that_cannot_be_played_says_why(qtbot, context, boards, monkeypatch) -> None:
    page = open_page(qtbot, context, boards / "board7.cfg")
    page.painter.layout_painted.emit(("@" * 7,) * 7)
    warnings: list[str] = []
    monkeypatch.setattr(ask, "warn", lambda parent, title, text: warnings.append(text))
    with qtbot.assertNotEmitted(page.play_requested):
        assert filing.play(page) is None
    assert "no square to play on" in warnings[0]


def test_the_entry_opens_configurations(qtbot, context, boards) -> None:
    (entry,) = designer_ui.ENTRIES
    assert entry.ident == "designer" and entry.suffixes == (".cfg", ".def")

    class Window:
        def __init__(self) -> None:
            self.played: list[Path] = []

        def play_design(self, path: Path) -> None:
            self.played.append(path)

    window = Window()
    assert entry.open_file is not None
    page = entry.open_file(context, None, boards / "gridbrd.cfg")  # type: ignore[arg-type]
    assert isinstance(page, DesignerPage)
    qtbot.addWidget(page)
    page.play_requested.connect(window.play_design)
    page.play_action.trigger()
    assert window.played == [boards / "gridbrd.cfg"]
    assert designer_ui.open_design(context, window, boards / "gridbrd.cfg") is not None  # type: ignore[arg-type]


def test_a_file_that_cannot_be_read_is_reported(qtbot, context, tmp_path, monkeypatch) -> None:
    (tmp_path / "bad.cfg").write_text("Include = missing.def\n", encoding="utf-8")
    warnings: list[str] = []
    monkeypatch.setattr(ask, "warn", lambda parent, title, text: warnings.append(text))
    assert designer_ui.open_design(context, None, tmp_path / "bad.cfg") is None  # type: ignore[arg-type]
    assert "missing.def" in warnings[0]


def test_the_page_grabs_to_a_picture(qtbot, context, boards, tmp_path) -> None:
    page = open_page(qtbot, context, boards / "scrabble.cfg")
    path = tmp_path / "designer.png"
    assert page.grab().save(str(path))
    image = page.grab().toImage()
    assert image.width() >= 1200 and len({image.pixel(x, 400) for x in range(0, 1200, 20)}) > 5


def test_play_this_design_starts_a_game_in_the_main_window(qtbot, context, boards, monkeypatch) -> None:
    from PySide6.QtWidgets import QDialog

    from wordstudio.ui.crossword.newgame import NewGameDialog
    from wordstudio.ui.mainwindow import MainWindow

    chosen: list[str] = []

    def start(dialog: NewGameDialog) -> int:
        chosen.append(dialog.config_combo.currentData())
        dialog.count.setValue(1)
        dialog._accept()
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(NewGameDialog, "exec", start)
    window = MainWindow(context)
    qtbot.addWidget(window)
    page = window.open_path(boards / "board7.cfg")
    assert isinstance(page, DesignerPage) and window.page is page
    page.rules.fields["PlayAllTileBonusPoints"].spin.setValue(33)  # type: ignore[attr-defined]
    monkeypatch.setattr(ask, "save_changes", lambda parent, name: "discard")
    page.play_button.click()
    game_page = window.page
    assert game_page is not None and game_page is not page
    assert chosen and Path(chosen[0]).name == "board7-played.cfg"
    assert load_config(chosen[0]).play_all_tile_bonus == 33
    assert "Crossword" in type(game_page).__name__


def test_undo_still_works_after_a_template_is_saved_elsewhere(qtbot, context, tmp_path) -> None:
    page = make_page(qtbot, context, filing.open_document(boards_dir() / "board7.cfg"))
    page.rules.fields["ScoreLimit"].spin.setValue(120)  # type: ignore[attr-defined]
    page.tiles.model.setData(page.tiles.model.index(0, 2), 3)
    target = tmp_path / "baby.cfg"
    assert filing.save_to(page, target)
    assert page.undo_stack.count() == 2  # the history survives the move
    page.undo_stack.undo()
    page.undo_stack.undo()
    config = page.document.to_config()
    assert config == load_config(boards_dir() / "board7.cfg")
    assert page.document.is_modified  # the saved files still hold the edits
    page.undo_stack.redo()
    page.undo_stack.redo()
    assert page.document.texts() == DesignDocument.open(target).texts()


def test_starting_the_designer_from_the_start_page(qtbot, context, boards, tmp_path, monkeypatch) -> None:
    from wordstudio.ui.designer.setup import SetupChoices, write_setup
    from wordstudio.ui.designer.templates import TemplateDialog
    from wordstudio.ui.designer.wizard import SetupWizard

    def choose(answer: str):
        def run(dialog: TemplateDialog) -> int:
            if answer in ("wizard", "open"):
                dialog._other(answer)
            else:
                dialog.select(answer)
                dialog.accept()
            return int(dialog.result())
        return run

    def wizard(w: SetupWizard) -> int:
        w.written = write_setup(SetupChoices(title="From the wizard"), tmp_path / "w.cfg")[0]
        return 1

    monkeypatch.setattr(SetupWizard, "exec", wizard)
    monkeypatch.setattr(ask, "open_path", lambda *args: boards / "gridbrd.cfg")
    pages = []
    for answer in ("diamond.cfg", "wizard", "open"):
        monkeypatch.setattr(TemplateDialog, "exec", choose(answer))
        page = designer_ui.start_designer(context, None)  # type: ignore[arg-type]
        assert isinstance(page, DesignerPage)
        qtbot.addWidget(page)
        pages.append(page)
    assert pages[0].document.template == boards_dir() / "diamond.cfg"
    assert pages[1].document.path == tmp_path / "w.cfg" and pages[1].title_edit.text() == "From the wizard"
    assert pages[2].document.path == boards / "gridbrd.cfg"
    monkeypatch.setattr(TemplateDialog, "exec", lambda dialog: 0)
    assert designer_ui.start_designer(context, None) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["scrabtil.def", "tilesets/jargon.def", "wordwar/board3.def"])
def test_shipped_parts_open_as_templates_too(qtbot, context, tmp_path, name) -> None:
    before = (boards_dir() / name).read_bytes()
    page = make_page(qtbot, context, filing.open_document(boards_dir() / name))
    assert page.document.is_untitled
    page.clear_board()
    assert filing.save_to(page, tmp_path / Path(name).name)
    assert (boards_dir() / name).read_bytes() == before
    assert load_config(tmp_path / Path(name).name).layout == page.document.to_config().layout


def test_help_names_the_designers_play_button(qtbot, context, boards) -> None:
    import re

    page = open_page(qtbot, context, boards / "board7.cfg")
    text = re.sub(r"<[^>]+>", "", page.help_html())
    assert page.play_button.text().split(maxsplit=1)[1].lower() in text.lower()
    assert "x11" in text


# --- the board on the page ------------------------------------------------------------------
@pytest.mark.parametrize(("name", "least"), [("super21.cfg", 24), ("wordwhami.cfg", 17)])
def test_the_board_takes_the_room_and_its_premium_digits_read(qtbot, context, name, least):
    """At 1200x820 a 21x21 board had 20-pixel squares and 5-6 pixel digits (30x30: 4
    pixels, a 3 like a backwards c): the side column held the board to 510 pixels."""
    from wordstudio.ui.theme.board import factor_pixels

    page = DesignerPage(context, DesignDocument.open(boards_dir() / name))
    qtbot.addWidget(page)
    page.resize(1200, 820)
    page.show()
    qtbot.waitExposed(page)
    square = page.painter.square_rect(0, 0).height()
    assert square >= least - 1
    assert factor_pixels(square, 3) >= 8 and factor_pixels(square, 11) >= 8
    # The side column is as narrow as its table and buttons allow, no narrower.
    assert page.tiles.width() >= page.tiles.minimumSizeHint().width()
    assert page.tiles.view.horizontalHeader().length() <= page.tiles.view.viewport().width() + 1


def test_save_as_suggests_a_folder_of_its_own_in_the_games_folder(qtbot, context, monkeypatch):
    """A design from a template is saved with its parts beside it: the suggestion is a
    folder of its own (not the home folder); cancelling leaves no empty folder."""
    from wordstudio.paths import designs_dir

    page = make_page(qtbot, context, DesignDocument.from_template(boards_dir() / "scrabble.cfg"))
    asked = []
    monkeypatch.setattr(ask, "save_path", lambda parent, title, suggestion:
                        asked.append(suggestion) or None)
    assert not filing.save_as(page)
    stem = "my-scrabble"
    assert asked == [designs_dir() / stem / f"{stem}.cfg"]
    assert not (designs_dir() / stem).exists()
