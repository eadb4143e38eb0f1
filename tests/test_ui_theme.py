"""The light and dark looks follow the desktop (Qt's colour scheme) or the person's choice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from tests.test_ui_crossword_support import FAST, new_game, open_window, settle
from wordstudio.ui import theme
from wordstudio.ui.crossword.page import CrosswordPage
from wordstudio.ui.theme import board, palettes


@pytest.fixture
def looks(qtbot):
    """The theme manager, put back to the light look and the original palette after."""
    app = QApplication.instance()
    original = QPalette(app.palette())
    yield theme.manager()
    manager = theme.manager()
    manager.choice = "system"
    manager.name = palettes.LIGHT
    board.use(palettes.LIGHT)
    app.setPalette(original)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch, looks):
    yield from open_window(qtbot, tmp_path, monkeypatch)


def window_colour() -> str:
    return QApplication.instance().palette().color(QPalette.ColorRole.Window).name()


def test_the_look_follows_the_desktop_colour_scheme(looks):
    hints = QGuiApplication.styleHints()
    looks.choose("system")
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert looks.name == palettes.DARK and window_colour() == palettes.DARK_UI.window
    assert board.FRAME.name() == palettes.BOARD[palettes.DARK].frame
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert looks.name == palettes.LIGHT and window_colour() == palettes.LIGHT_UI.window
    # A look chosen for good stays, whatever the desktop does.
    looks.choose(palettes.DARK)
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert looks.name == palettes.DARK


def test_settings_appearance_is_kept_and_restyles_the_open_page(qtbot, window, looks):
    page = CrosswordPage(window.context, game=new_game("scrabble.cfg", seed=3), options=FAST,
                         autosave=False)
    window.show_page(page)
    settle(qtbot)
    changed: list[str] = []
    looks.changed.connect(changed.append)
    window.appearance_actions["dark"].trigger()
    settle(qtbot)
    assert changed == ["dark"] and window.context.settings.get(theme.SETTING) == "dark"
    assert palettes.DARK_UI.accent in page.styleSheet()
    assert palettes.DARK_UI.window in window.start_page.styleSheet()
    card = page.players_panel.cards[0]
    assert palettes.DARK_UI.accent_soft in card.styleSheet()  # Ann's turn: the accent card
    # The board is drawn again in the dark look: its frame is the dark frame.
    image = page.board.grab().toImage()
    corner = page.board.square_rect(0, 0).topLeft().toPoint()
    frame = image.pixelColor(corner.x() - 3, corner.y() + 10)
    assert frame == QColor(palettes.BOARD[palettes.DARK].frame)
    window.appearance_actions["system"].trigger()
    assert window.context.settings.get(theme.SETTING) == "system"


def test_pages_closed_before_the_look_changes_are_not_touched(qtbot, window, looks):
    from wordstudio.paths import boards_dir
    from wordstudio.ui.designer.document import DesignDocument
    from wordstudio.ui.designer.page import DesignerPage

    page = DesignerPage(window.context, DesignDocument.open(boards_dir() / "board7.cfg"))
    window.show_page(page)
    window.appearance_actions["dark"].trigger()
    assert palettes.DARK_UI.muted in page.board_source.text()
    assert window.close_page()
    qtbot.wait(20)  # the page is deleted
    window.appearance_actions["light"].trigger()  # nothing left over reacts to it
    assert window.start_page.isVisible()


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of two colours."""
    def luminance(colour: QColor) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) \
            + 0.0722 * channel(colour.blueF())
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("look", [palettes.LIGHT, palettes.DARK])
def test_an_unticked_check_box_can_be_seen_in_either_look(qtbot, looks, look):
    """Fusion draws a check box's and a radio button's edge in the window colour made
    40 % darker: on the dark window nearly the box's own colour.  Measured on a picture,
    the edge stands out from the window around it by 3 to 1 at least in the dark look
    (WCAG's figure for controls); the light look stays as Fusion draws it (about 1.7)."""
    from PySide6.QtWidgets import QCheckBox, QRadioButton, QStyle, QStyleOptionButton

    app = QApplication.instance()
    app.setStyle("Fusion")
    looks.choose(look)
    assert isinstance(app.style(), theme.FramedIndicators)
    for kind, element in ((QCheckBox, QStyle.SubElement.SE_CheckBoxIndicator),
                          (QRadioButton, QStyle.SubElement.SE_RadioButtonIndicator)):
        box = kind("Practice aid")
        qtbot.addWidget(box)
        box.show()
        qtbot.waitExposed(box)
        option = QStyleOptionButton()
        box.initStyleOption(option)
        indicator = box.style().subElementRect(element, option, box)
        image = box.grab().toImage()
        ratio = image.devicePixelRatio()
        y = round(indicator.center().y() * ratio)
        window = box.palette().color(QPalette.ColorRole.Window)
        edge = max((image.pixelColor(x, y) for x in range(round(indicator.left() * ratio),
                                                           round(indicator.center().x() * ratio))),
                   key=lambda colour: contrast(colour, window))
        assert contrast(edge, window) >= (3.0 if look == palettes.DARK else 1.5), \
            (kind.__name__, edge.name(), window.name())
