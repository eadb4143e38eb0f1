"""WordStudio's light and dark looks, following the desktop.

:func:`apply_theme` gives the application the look of a name ("light" or "dark") or, by
default, the one the desktop asks for (Qt's colour scheme,
``QStyleHints.colorScheme()``), and follows the desktop when it changes its mind.  The
person may choose one for good in Settings > Appearance (:data:`SETTING`).

Everything that draws with its own colours asks :func:`colours` (the window) or
:mod:`wordstudio.ui.theme.board` (the board) *when it draws*, and widgets that set
style sheets once listen to :func:`manager`'s ``changed`` signal to set them again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QWidget,
)

from wordstudio.ui.theme.palettes import DARK, LIGHT, UI, UiColours

#: The settings key: "system" (follow the desktop), "light" or "dark".
SETTING = "appearance"
CHOICES = ("system", LIGHT, DARK)


class ThemeManager(QObject):
    """Holds the look in use and says when it changes."""

    #: The new look's name.
    changed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.name = LIGHT
        self.choice = "system"
        self._following = False

    def follow_desktop(self) -> None:
        """Apply the desktop's look now and whenever the desktop changes it (while the
        person's choice is "system")."""
        hints = QGuiApplication.styleHints()
        if not self._following:
            hints.colorSchemeChanged.connect(self._desktop_changed)
            self._following = True
        self._desktop_changed(hints.colorScheme())

    def _desktop_changed(self, scheme: Qt.ColorScheme) -> None:
        if self.choice == "system":
            self.use(DARK if scheme == Qt.ColorScheme.Dark else LIGHT)

    def choose(self, choice: str) -> None:
        """The person's choice: "system", "light" or "dark"."""
        if choice not in CHOICES:
            choice = "system"
        self.choice = choice
        if choice == "system":
            self.follow_desktop()
        else:
            self.use(choice)

    def use(self, name: str) -> None:
        """Give the application the look ``name`` and tell everyone."""
        from wordstudio.ui.theme import board

        app = QApplication.instance()
        self.name = name if name in UI else LIGHT
        board.use(self.name)
        if isinstance(app, QApplication):
            _frame_indicators(app)
            app.setPalette(qt_palette(UI[self.name]))
        self.changed.emit(self.name)


_manager: ThemeManager | None = None


def manager() -> ThemeManager:
    """The application's theme manager (made on first use)."""
    global _manager
    if _manager is None:
        _manager = ThemeManager()
    return _manager


def colours() -> UiColours:
    """The window colours of the look in use."""
    return UI[manager().name]


def is_dark() -> bool:
    return manager().name == DARK


def apply_theme(app: QApplication | None = None, choice: str = "system") -> str:
    """Set the look: "system" follows the desktop (now and later), or "light"/"dark".
    Returns the look in use."""
    manager().choose(choice)
    return manager().name


class _Restyler(QObject):
    """Sets a widget's style sheet from a template in the look in use; a child of the
    widget, so its connection to the theme ends with the widget."""

    def __init__(self, widget: QWidget, template: str) -> None:
        super().__init__(widget)
        self.widget = widget
        self.template = template

    def apply(self, _name: str = "") -> None:
        self.widget.setStyleSheet(self.template.format(**colours().as_dict()))


def styled(widget: QWidget, template: str) -> None:
    """Give ``widget`` the style sheet ``template`` - ``{text}``, ``{muted}``... name the
    roles of :class:`~.palettes.UiColours` (``{{`` and ``}}`` for braces) - now and
    whenever the look changes."""
    for old in widget.findChildren(_Restyler):
        if old.parent() is widget:
            old.setParent(None)
            old.deleteLater()
    restyler = _Restyler(widget, template)
    restyler.apply()
    manager().changed.connect(restyler.apply)


def span(text: str, role: str, extra: str = "") -> str:
    """``text`` (already escaped) in a rich-text span of the colour ``role`` of the look
    in use."""
    style = f"color:{getattr(colours(), role)};{extra}"
    return f'<span style="{style}">{text}</span>'


#: The ink the shipped line icons are drawn with; each look draws them in its text colour.
ICON_INK = "#24323d"
ICON_SIZES = (16, 20, 24, 32, 48, 64)


def line_icon(path: Path) -> QIcon:
    """A shipped SVG line icon in the look's ink, sharp at every size and scale (the
    SVG is drawn anew for each size, never scaled as a picture)."""
    try:
        svg = path.read_text(encoding="utf-8")
    except OSError:
        return QIcon()
    data = QByteArray(svg.replace(ICON_INK, colours().text).encode("utf-8"))
    renderer = QSvgRenderer(data)
    icon = QIcon()
    if not renderer.isValid():
        return QIcon(str(path))
    for size in ICON_SIZES:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        renderer.render(painter)
        painter.end()
        icon.addPixmap(pixmap)
    return icon


class FramedIndicators(QProxyStyle):
    """Fusion, with the edges of check boxes and radio buttons drawn so they can be seen
    in the dark look.  Fusion draws them in the window colour darkened by 40 %: on the
    dark window that is nearly the box's own colour (a contrast of 1.1 to 1), and an
    unticked box could not be seen.  Here they get the muted text colour (about 4 to 1)."""

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption,  # noqa: N802
                      painter: QPainter, widget: QWidget | None = None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        indicators = (QStyle.PrimitiveElement.PE_IndicatorCheckBox,
                      QStyle.PrimitiveElement.PE_IndicatorRadioButton)
        if element not in indicators or not is_dark():
            return
        edge = QColor(colours().muted)
        edge.setAlpha(180)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(edge, 1.0))
        rect = option.rect.toRectF().adjusted(0.5, 0.5, -0.5, -0.5)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(rect.adjusted(1, 1, -1, -1))
        else:
            painter.drawRect(rect)
        painter.restore()


def _frame_indicators(app: QApplication) -> None:
    """Give the application :class:`FramedIndicators` when it uses Fusion (a new Fusion
    under it: the application deletes the style it replaces)."""
    style = app.style()
    if isinstance(style, FramedIndicators) or style is None or style.name().lower() != "fusion":
        return
    base = QStyleFactory.create("Fusion")
    if base is not None:
        app.setStyle(FramedIndicators(base))


def qt_palette(ui: UiColours) -> QPalette:
    """A Fusion palette for a look: every role Qt's widgets draw with, enabled and
    disabled."""
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: ui.window, QPalette.ColorRole.WindowText: ui.text,
        QPalette.ColorRole.Base: ui.base, QPalette.ColorRole.AlternateBase: ui.alternate_base,
        QPalette.ColorRole.Text: ui.text, QPalette.ColorRole.Button: ui.button,
        QPalette.ColorRole.ButtonText: ui.text, QPalette.ColorRole.BrightText: ui.bad,
        QPalette.ColorRole.Highlight: ui.highlight, QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.ToolTipBase: ui.tooltip, QPalette.ColorRole.ToolTipText: ui.tooltip_text,
        QPalette.ColorRole.PlaceholderText: ui.muted, QPalette.ColorRole.Link: ui.link,
        QPalette.ColorRole.LinkVisited: ui.link, QPalette.ColorRole.Accent: ui.accent,
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    # Light, Midlight, Dark, Mid and Shadow shade frames and bevels.
    button = QColor(ui.button)
    lighter, darker = (button.lighter(130), button.darker(160)) if ui.name == LIGHT \
        else (button.lighter(150), button.darker(180))
    palette.setColor(QPalette.ColorRole.Light, lighter)
    palette.setColor(QPalette.ColorRole.Midlight, button.lighter(115))
    palette.setColor(QPalette.ColorRole.Mid, QColor(ui.border))
    palette.setColor(QPalette.ColorRole.Dark, darker)
    palette.setColor(QPalette.ColorRole.Shadow, darker.darker(150))
    disabled = QColor(ui.muted)
    disabled.setAlpha(170)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Highlight, QColor(ui.border))
    return palette


__all__ = ["CHOICES", "SETTING", "ThemeManager", "apply_theme", "colours", "is_dark",
           "line_icon", "manager", "qt_palette", "span", "styled"]
