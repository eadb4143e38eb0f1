"""The main window on the screen it opens on: inside the screen's available area.

The window opens at its preferred size where the screen has room, and at the available
area's size (less the title bar and borders) where it has not - a laptop at 1366x768 or
1280x720 sees the whole window, board, rack and Play button included.  A size remembered
from an earlier run is used only if it still fits the screen the window opens on (the
window may have been on a bigger screen then).

Before the window is shown its frame (title bar, borders) is unknown: :data:`FRAME_GUESS`
stands in for it, and once shown the window is checked again with its real frame.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QRect, QSize
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

#: The size the window opens at where the screen has room for it; a bigger screen gives
#: it :data:`SHARE` of its available area.
PREFERRED = QSize(1200, 820)
SHARE = 0.85
#: Title bar and borders as most desktops draw them, until the real frame is known.
FRAME_GUESS = QMargins(1, 32, 1, 1)


def fitted_geometry(available: QRect, frame: QMargins = FRAME_GUESS,
                    preferred: QSize | None = None) -> QRect:
    """Where the window's inside goes on a screen whose available area is ``available``:
    the preferred size (by default :data:`PREFERRED`, or :data:`SHARE` of a bigger
    screen's area) or as much as the area holds with ``frame`` around it, centred."""
    if preferred is None:
        preferred = QSize(max(PREFERRED.width(), round(available.width() * SHARE)),
                          max(PREFERRED.height(), round(available.height() * SHARE)))
    room = available.marginsRemoved(frame)
    width = max(1, min(preferred.width(), room.width()))
    height = max(1, min(preferred.height(), room.height()))
    left = room.left() + (room.width() - width) // 2
    top = room.top() + (room.height() - height) // 2
    return QRect(left, top, width, height)


def size_fits(size: QSize, available: QRect, frame: QMargins = FRAME_GUESS) -> bool:
    """Whether a window whose inside is ``size`` fits ``available`` with its frame."""
    return (size.width() + frame.left() + frame.right() <= available.width()
            and size.height() + frame.top() + frame.bottom() <= available.height())


def fits(geometry: QRect, available: QRect, frame: QMargins = FRAME_GUESS) -> bool:
    """Whether a window whose inside is ``geometry`` fits ``available``: its size with
    the frame's, and its inside within the area."""
    return size_fits(geometry.size(), available, frame) and available.contains(geometry)


def screen_of(widget: QWidget) -> QScreen:
    """The screen the widget is on (the one under its middle), else the primary one."""
    screen = QGuiApplication.screenAt(widget.geometry().center()) or widget.screen()
    return screen or QGuiApplication.primaryScreen()


def frame_of(widget: QWidget) -> QMargins:
    """The real frame of a shown top-level widget (title bar and borders)."""
    outer, inner = widget.frameGeometry(), widget.geometry()
    return QMargins(inner.left() - outer.left(), inner.top() - outer.top(),
                    outer.right() - inner.right(), outer.bottom() - inner.bottom())


def settle(widget: QWidget) -> bool:
    """Once shown: bring a window whose frame overruns its screen's available area back
    inside it (moved if its size fits, else made to fit).  True when it moved."""
    if widget.isMaximized() or widget.isFullScreen():
        return False
    available = available_area(widget)
    frame = frame_of(widget)
    if available.contains(widget.frameGeometry()):
        return False
    geometry = widget.geometry()
    if size_fits(geometry.size(), available, frame):
        left = min(max(geometry.left(), available.left() + frame.left()),
                   available.right() - frame.right() - geometry.width() + 1)
        top = min(max(geometry.top(), available.top() + frame.top()),
                  available.bottom() - frame.bottom() - geometry.height() + 1)
        widget.setGeometry(QRect(left, top, geometry.width(), geometry.height()))
    else:
        widget.setGeometry(fitted_geometry(available, frame))
    return True


def available_area(widget: QWidget) -> QRect:
    """The available area of the screen ``widget`` opens on (its parent window's, for a
    dialog not placed yet)."""
    parent = widget.parentWidget()
    anchor = parent.window() if parent is not None else widget
    return screen_of(anchor).availableGeometry()


def fit_dialog(dialog: QWidget, available: QRect | None = None,
               place: bool | str = True) -> bool:
    """A dialog no bigger than the available area with a title bar
    (:data:`FRAME_GUESS`) - as small as its minimum allows - and (``place``) inside it;
    ``place="centre"``: first put over the middle of its parent window.  A dialog
    taller than a 1280x720 screen had its buttons below the screen's edge.  True when
    it was resized or moved."""
    area = available if available is not None else available_area(dialog)
    room = area.marginsRemoved(FRAME_GUESS)
    size = dialog.size()
    wanted = QSize(max(dialog.minimumWidth(), min(size.width(), room.width())),
                   max(dialog.minimumHeight(), min(size.height(), room.height())))
    changed = wanted != size
    if changed:
        dialog.resize(wanted)
    geometry = dialog.geometry()
    if place == "centre" and dialog.isWindow():
        # Over the middle of its parent window (of the area, without one), inside the
        # area with a title bar - where Qt would put it, less the guessing.
        parent = dialog.parentWidget()
        middle = parent.window().geometry().center() if parent is not None else room.center()
        geometry.moveCenter(middle)
        dialog.setGeometry(geometry)  # the inside's place (move() places the frame)
        changed = True
    if place and dialog.isWindow() and not room.contains(geometry):
        left = min(max(geometry.left(), room.left()), room.right() - geometry.width() + 1)
        top = min(max(geometry.top(), room.top()), room.bottom() - geometry.height() + 1)
        if (left, top) != (geometry.left(), geometry.top()):
            geometry.moveTo(left, top)
            dialog.setGeometry(geometry)
            changed = True
    return changed

