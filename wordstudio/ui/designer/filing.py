"""Opening, saving and playing designs: what the designer page's file actions do.

* Save writes only the files that changed, each where it came from.  A design started
  from a template has no name yet, so its first save asks for one and writes the parts
  beside it (asking before replacing different files of the same names).
* Unsaved edits are offered to be saved before the design is closed or replaced.
* A design with problems can still be saved (work in progress), after a warning.
* "Play this design" hands the main window a configuration file: the design's own when
  it is saved, otherwise a copy written by the engine's writer into a scratch file.
"""

from __future__ import annotations

from pathlib import Path

from wordstudio.crossword.config.files import write_config
from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.paths import atomic_write_text, boards_dir, cache_dir, designs_dir
from wordstudio.ui.designer import ask
from wordstudio.ui.designer.checks import Level
from wordstudio.ui.designer.document import DesignDocument
from wordstudio.ui.designer.host import DesignHost

TITLE = "Board designer"


def _name(page: DesignHost) -> str:
    document = page.document
    if document.is_untitled or document.path is None:
        return "The new design"
    return document.path.name


def _errors(page: DesignHost) -> list[str]:
    return [p.message for p in page.problems if p.level is Level.ERROR]


def save(page: DesignHost) -> bool:
    """Save to the design's own files (asking for a name the first time)."""
    document = page.document
    if document.is_untitled or document.path is None:
        return save_as(page)
    if not _problems_accepted(page):
        return False
    try:
        written = document.save()
    except OSError as exc:
        ask.warn(page, TITLE, f"The design could not be saved:\n{exc}")
        return False
    if document.path is not None:
        page.context.settings.add_recent_file(document.path)
    page.document_changed()
    page.status.emit(_written(written))
    return True


def save_as(page: DesignHost, path: Path | None = None) -> bool:
    """Save under a new name (``path``, or asked for)."""
    document = page.document
    if path is None:
        # A new design goes in a folder of its own in the games folder: its parts are
        # written beside it (never loose in the home folder).
        stem = f"my-{document.template.stem}" if document.is_untitled and document.template \
            else "my-game"
        suggestion = document.path if document.path and not document.is_untitled else \
            designs_dir() / stem / f"{stem}.cfg"
        made = not suggestion.parent.exists()
        suggestion.parent.mkdir(parents=True, exist_ok=True)  # the dialog opens in it
        path = ask.save_path(page, "Save the design as", suggestion)
        if made and (path is None or path.parent != suggestion.parent):
            _remove_if_empty(suggestion.parent)
        if path is None:
            return False
    if not _problems_accepted(page):
        return False
    return save_to(page, path)


def _remove_if_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass  # something was put in it meanwhile: it stays


def save_to(page: DesignHost, path: Path) -> bool:
    """Save the design at ``path`` without asking for a name (the rest of Save As)."""
    document = page.document
    try:
        if document.is_untitled:
            conflicts = document.part_conflicts(path.parent)
            if conflicts and not ask.confirm(
                page, TITLE,
                "These files are already in that folder, with other contents:\n"
                + "\n".join(f"  {p.name}" for p in conflicts)
                + "\nReplace them with this design's?", yes="Replace them"):
                return False
            page.replace_document(document.save_with_parts(path), keep_history=True)
        else:
            written = document.save(path)
            page.document_changed()
            page.status.emit(_written(written))
    except (OSError, ConfigError) as exc:
        ask.warn(page, TITLE, f"The design could not be saved:\n{exc}")
        return False
    page.context.settings.add_recent_file(path)
    return True


def _written(paths: list[Path]) -> str:
    if not paths:
        return "Nothing to save: no file has changed."
    return "Saved " + ", ".join(p.name for p in paths)


def _problems_accepted(page: DesignHost) -> bool:
    errors = _errors(page)
    if not errors:
        return True
    listed = "\n".join(f"\u2022 {message}" for message in errors[:5])
    return ask.confirm(
        page, TITLE,
        f"The design has problems, so the game cannot be played as it is:\n{listed}\n\n"
        "Save it anyway, to finish later?", yes="Save anyway")


def maybe_close(page: DesignHost) -> bool:
    """Offer to save unsaved edits; False keeps the design open."""
    if not page.document.is_modified:
        return True
    answer = ask.save_changes(page, _name(page))
    if answer == "cancel":
        return False
    if answer == "save":
        return save(page)
    return True


def open_design(page: DesignHost, path: Path | None = None) -> bool:
    """Open another configuration in this page."""
    if path is None:
        folder = page.document.path.parent if page.document.path else boards_dir()
        path = ask.open_path(page, "Open a game configuration", folder)
        if path is None:
            return False
    if not maybe_close(page):
        return False
    try:
        document = open_document(path)
    except ConfigError as exc:
        ask.warn(page, TITLE, str(exc))
        return False
    page.replace_document(document)
    page.context.settings.add_recent_file(path)
    return True


def open_document(path: Path) -> DesignDocument:
    """A design for ``path``.  WordStudio's own files in ``boards/`` open as templates,
    so editing one never changes what was installed: the first save asks for a name."""
    path = Path(path)
    if path.resolve().is_relative_to(boards_dir().resolve()):
        return DesignDocument.from_template(path)
    return DesignDocument.open(path)


def new_from_template(page: DesignHost, template: Path | None = None) -> bool:
    """Start a new design from one of the shipped games."""
    if template is None:
        from wordstudio.ui.designer.templates import TemplateDialog

        dialog = TemplateDialog(page.context.settings, page)
        if not dialog.exec() or dialog.chosen is None:
            return False
        template = dialog.chosen
    if not maybe_close(page):
        return False
    try:
        document = DesignDocument.from_template(template)
    except (ConfigError, OSError) as exc:
        ask.warn(page, TITLE, f"That template cannot be used:\n{exc}")
        return False
    page.replace_document(document)
    return True


def run_wizard(page: DesignHost) -> bool:
    """The SETUP-style wizard; the game it writes opens in this page."""
    from wordstudio.ui.designer.wizard import SetupWizard

    wizard = SetupWizard(page.context.settings, page)
    if not wizard.exec() or wizard.written is None:
        return False
    return open_design(page, wizard.written)


def run_setup_script(page: DesignHost) -> bool:
    """A SETUP script's questions (seed 001, Appendix C); the game written opens here."""
    from wordstudio.ui.designer.setupscript import SetupScriptDialog

    dialog = SetupScriptDialog(page.context.settings, page)
    if not dialog.exec() or dialog.written is None:
        return False
    return open_design(page, dialog.written)


def playable_path(page: DesignHost) -> Path | None:
    """A configuration file holding the design as it is now, or None (with a message)
    when the game cannot be played like this."""
    document = page.document
    errors = _errors(page)  # the checks' plain words, the engine's own error among them
    if errors:
        ask.warn(page, TITLE, "This design cannot be played yet:\n" + "\n".join(errors))
        return None
    try:
        config = document.to_config()
    except ConfigError as exc:
        ask.warn(page, TITLE, f"This design cannot be played yet:\n{exc}")
        return None
    if not document.is_untitled and document.path is not None and not document.is_modified:
        return document.path
    # Unsaved edits are played from a copy: the engine's canonical writing of the design.
    # It is kept (in the cache folder, replaced by the next one) because a saved game
    # may name the configuration it was played with.
    stem = document.path.stem if document.path and not document.is_untitled else "new-design"
    copy = cache_dir() / "designs" / f"{stem}-played.cfg"
    atomic_write_text(copy, write_config(config))
    return copy


def play(page: DesignHost) -> Path | None:
    """"Play this design": emit ``play_requested`` with a file that holds it."""
    path = playable_path(page)
    if path is not None:
        page.play_requested.emit(path)
    return path
