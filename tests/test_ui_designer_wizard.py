"""The setup wizard writes games the engine accepts; the template and derive dialogs."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QPushButton, QWizard

from wordstudio.crossword.config.document import ConfigDocument
from wordstudio.crossword.config.files import load_config
from wordstudio.crossword.gameconfig import DEFAULT_ALPHABET, FreeForm
from wordstudio.paths import boards_dir
from wordstudio.ui.context import AppContext, Settings
from wordstudio.ui.designer import ask, filing
from wordstudio.ui.designer.derive import DeriveDialog
from wordstudio.ui.designer.document import DesignDocument
from wordstudio.ui.designer.page import DesignerPage
from wordstudio.ui.designer.setup import BOARDS, OWN_BOARD, TILESETS, SetupChoices, write_setup
from wordstudio.ui.designer.templates import TemplateDialog, templates
from wordstudio.ui.designer.wizard import SetupWizard
from wordstudio.ui.workers import BackgroundRunner


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(tmp_path / "settings.json")


def run_wizard(qtbot, wizard: SetupWizard) -> None:
    """Press Next on every page, then Finish, as a person would."""
    qtbot.addWidget(wizard)
    wizard.show()
    while wizard.currentId() != wizard.pageIds()[-1]:
        wizard.next()
    wizard.button(QWizard.WizardButton.FinishButton).click()


def test_the_wizard_writes_a_game_the_engine_accepts(qtbot, settings, tmp_path: Path) -> None:
    wizard = SetupWizard(settings, folder=tmp_path)
    wizard.title_edit.setText("Baby Bible game")
    wizard.board_group.button(wizard.board_options.index(OWN_BOARD)).setChecked(True)
    wizard.rows.setValue(11)
    wizard.columns.setValue(9)
    wizard.tile_group.button(wizard.tile_options.index("tilesets/bible.def")).setChecked(True)
    wizard.rack.size.setValue(5)
    wizard.connection_group.button(wizard.connections.index(FreeForm.TERRITORIAL)).setChecked(True)
    wizard.path_edit.setText(str(tmp_path / "games" / "baby"))
    run_wizard(qtbot, wizard)
    assert wizard.result() == QWizard.DialogCode.Accepted
    assert wizard.written == tmp_path / "games" / "baby.cfg"
    config = load_config(wizard.written)
    assert config.title == "Baby Bible game" and (config.rows, config.columns) == (11, 9)
    assert config.number_of_tiles == 5 and config.free_form is FreeForm.TERRITORIAL
    assert config.first_move_square == (5, 4)
    assert config.tiles == load_config(boards_dir() / "tilesets" / "bible.def").tiles
    # Like SETUP's ww.cfg: Include lines for the parts, which sit beside it.
    document = ConfigDocument.open(wizard.written)
    assert [p.name for p in document.files[1:]] == ["baby-board.def", "bible.def", "level.def"]
    assert settings.layout("dialogs/designer-wizard/geometry") is not None


def test_the_wizard_summarises_and_refuses_a_bad_place(qtbot, settings, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    wizard = SetupWizard(settings, folder=tmp_path)
    wizard.path_edit.setText(str(blocker / "game.cfg"))
    run_wizard(qtbot, wizard)
    assert wizard.written is None and wizard.isVisible()
    assert "could not be written" in wizard.error.text()
    assert "The standard 15" in wizard.summary.text() and "Racks of 7 tiles" in wizard.summary.text()


def test_the_wizard_asks_before_replacing_a_game(qtbot, settings, tmp_path: Path, monkeypatch) -> None:
    existing = tmp_path / "game.cfg"
    existing.write_text("Title = Mine\n")
    monkeypatch.setattr(ask, "confirm", lambda *args, **kwargs: False)
    wizard = SetupWizard(settings, folder=tmp_path)
    wizard.path_edit.setText(str(existing))
    run_wizard(qtbot, wizard)
    assert wizard.written is None and existing.read_text() == "Title = Mine\n"


@pytest.mark.parametrize("board", [name for name, _ in BOARDS])
@pytest.mark.parametrize("tiles", [name for name, _ in TILESETS])
def test_every_answer_gives_a_playable_game(tmp_path: Path, board: str, tiles: str) -> None:
    target = tmp_path / "game.cfg"
    written = write_setup(SetupChoices(board=board, tiles=tiles, rack=1), target)
    config = load_config(target)
    assert written[0] == target and config.number_of_tiles == 1
    assert config.layout == load_config(boards_dir() / board).layout
    assert config.tiles == load_config(boards_dir() / tiles).tiles


def test_the_wizard_never_replaces_a_different_part(tmp_path: Path) -> None:
    (tmp_path / "scrabtil.def").write_text("# my own tiles\n")
    write_setup(SetupChoices(), tmp_path / "a.cfg")
    assert (tmp_path / "scrabtil.def").read_text() == "# my own tiles\n"
    assert "Include = scrabtil-2.def" in (tmp_path / "a.cfg").read_text()
    # A second game in the same folder shares the parts that are the same.
    written = write_setup(SetupChoices(title="Second"), tmp_path / "b.cfg")
    assert written == [tmp_path / "b.cfg"]
    assert load_config(tmp_path / "b.cfg").tiles == load_config(boards_dir() / "scrabtil.def").tiles


def test_the_wizard_from_the_page_opens_what_it_wrote(qtbot, settings, tmp_path: Path, monkeypatch) -> None:
    def finish(wizard: SetupWizard) -> int:
        wizard.path_edit.setText(str(tmp_path / "w.cfg"))
        run_wizard(qtbot, wizard)
        return int(wizard.result())

    monkeypatch.setattr(SetupWizard, "exec", finish)
    runner = BackgroundRunner(mode="sync")
    page = DesignerPage(AppContext(settings, runner), DesignDocument.open(boards_dir() / "board7.def"))
    qtbot.addWidget(page)
    assert filing.run_wizard(page)
    assert page.document.path == tmp_path / "w.cfg" and page.painter.rows == 15
    runner.shutdown()


# --- templates and deriving ------------------------------------------------------------------


def test_every_shipped_game_is_a_template(qtbot, settings) -> None:
    found = templates()
    assert {t.path.name for t in found} == {p.name for p in boards_dir().glob("*.cfg")}
    dialog = TemplateDialog(settings, offer_others=True)
    qtbot.addWidget(dialog)
    dialog.select("diamond.cfg")
    assert dialog.preview.layout_codes == load_config(boards_dir() / "diamond.cfg").layout
    assert "13 \u00d7 13 board" in dialog.about.text()
    dialog.accept()
    assert dialog.chosen == boards_dir() / "diamond.cfg" and dialog.other == ""
    with pytest.raises(KeyError):
        dialog.select("nothing.cfg")


def test_the_template_dialog_offers_the_wizard(qtbot, settings) -> None:
    dialog = TemplateDialog(settings, offer_others=True)
    qtbot.addWidget(dialog)
    button = dialog.findChild(QPushButton, "template-wizard")
    assert button is not None and dialog.findChild(QPushButton, "template-open") is not None
    button.click()
    assert dialog.other == "wizard" and dialog.result() == TemplateDialog.DialogCode.Accepted


def test_the_derive_dialog_previews_the_tiles(qtbot, settings) -> None:
    dialog = DeriveDialog(DEFAULT_ALPHABET, (0,) * 27, settings)
    qtbot.addWidget(dialog)
    assert dialog.result_tiles is None and "Choose a text" in dialog.info.text()
    dialog.set_text("Mississippi river " * 40)
    dialog.tiles.setValue(60)
    tiles = dialog.result_tiles
    assert tiles is not None and tiles.total_tiles == 60
    assert tiles.scores[DEFAULT_ALPHABET.index("I")] == 1
    assert "Counted 640 letters" in dialog.info.text() and "<b>Z</b>" in dialog.preview.text()
    dialog.blanks.setValue(59)  # 59 blanks leave one tile for 26 letters
    assert dialog.result_tiles is None and "cannot give" in dialog.info.text()


def test_the_derive_dialog_reads_a_file(qtbot, settings, tmp_path: Path) -> None:
    text = tmp_path / "text.txt"
    text.write_text("zzz quiz " * 10, encoding="utf-8")
    dialog = DeriveDialog(DEFAULT_ALPHABET, (0,) * 27, settings)
    qtbot.addWidget(dialog)
    dialog.file_edit.setText(str(text))
    dialog.file_edit.editingFinished.emit()
    tiles = dialog.result_tiles
    assert tiles is not None and tiles.scores[DEFAULT_ALPHABET.index("Z")] == 1
    dialog.file_edit.setText(str(tmp_path / "missing.txt"))
    dialog.file_edit.editingFinished.emit()
    assert "Cannot read" in dialog.info.text() and "missing.txt" in dialog.info.text()


def test_the_wizard_names_the_file_after_the_game_in_a_folder_of_its_own(qtbot, settings,
                                                                         tmp_path: Path):
    """It wrote my-game.cfg in the home folder whatever name the game was given, and the
    three parts it Includes beside it, loose."""
    from wordstudio.paths import designs_dir

    assert SetupWizard(settings).suggested_path().is_relative_to(designs_dir())
    games = tmp_path / "games"
    wizard = SetupWizard(settings, folder=games)
    wizard.title_edit.setText("Zebra Race!")
    run_wizard(qtbot, wizard)
    assert wizard.written == games / "zebra-race" / "zebra-race.cfg"
    assert load_config(wizard.written).title == "Zebra Race!"
    assert sorted(p.name for p in games.iterdir()) == ["zebra-race"]  # nothing loose
    assert len(list((games / "zebra-race").iterdir())) == 4  # the game and its parts


def test_the_suggested_place_follows_the_name_until_a_place_is_chosen(qtbot, settings,
                                                                       tmp_path: Path):
    wizard = SetupWizard(settings, folder=tmp_path)
    qtbot.addWidget(wizard)
    wizard.show()
    while wizard.currentId() != wizard.pageIds()[-1]:
        wizard.next()
    assert wizard.path_edit.text() == str(tmp_path / "my-game" / "my-game.cfg")
    wizard.restart()
    wizard.title_edit.setText("Owl")
    while wizard.currentId() != wizard.pageIds()[-1]:
        wizard.next()
    assert wizard.path_edit.text() == str(tmp_path / "owl" / "owl.cfg")
    wizard.path_edit.setText(str(tmp_path / "mine.cfg"))
    wizard.back()
    wizard.next()
    assert wizard.path_edit.text() == str(tmp_path / "mine.cfg")
