"""Every reader of outside input, as the fuzz suite drives it.

A :class:`Reader` knows its good files (:mod:`tests.fuzz.seeds`), the damage that suits
it beyond the generic kinds (:mod:`tests.fuzz.mutators`), and how the program reads such
a file: exactly the function the window or the command line calls.  :func:`outcome`
feeds it one input and says what happened:

* ``clean`` - a :class:`~wordstudio.errors.UserError` (the message a person sees);
* ``accepted`` - it read the input without complaint;
* ``traceback`` - any other exception (MemoryError, OverflowError, RecursionError...);
* ``hang`` - it ran past :data:`HANG_SECONDS`.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import signal
import sys
import time
import traceback
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from tests.fuzz import mutators, seeds, special
from tests.fuzz.mutators import Mutator
from wordstudio.errors import UserError

HANG_SECONDS = 5.0
CLEAN, ACCEPTED, TRACEBACK, HANG = "clean", "accepted", "traceback", "hang"
OUTCOMES = (CLEAN, ACCEPTED, TRACEBACK, HANG)

#: A reader-specific damage: (rng, data, file name) -> data.
Damage = Callable[[random.Random, bytes, str], bytes]


@dataclass(frozen=True)
class Reader:
    """One kind of outside input and the program's reader of it."""

    name: str
    label: str
    seeds: Callable[[], list[seeds.Seed]]
    #: Read the file at the path as the program does (the folder is the worker's own).
    read: Callable[[Path, Path], object]
    #: Inputs a long run tries (the issue's targets).
    target: int = 20_000
    extra: tuple[Damage, ...] = field(default_factory=tuple)
    #: Loads what every input needs (the standard game, its word list) once, before the
    #: clock starts: in the parent, so forked workers share it.
    prepare: Callable[[], object] | None = None
    #: The generic damage (byte flips, lines...) as well as ``extra``; False: ``extra``
    #: alone (the special files keep their commands whole).
    generic: bool = True

    def warm(self) -> None:
        self.seeds()
        if self.prepare is not None:
            self.prepare()

    def generate(self, rng: random.Random) -> tuple[str, bytes]:
        """A damaged copy of one of the good files: (its name, its bytes)."""
        name, data = rng.choice(self.seeds())
        extra: list[Mutator] = [_bind(damage, name) for damage in self.extra]
        if not self.generic:
            return name, rng.choice(extra)(rng, data)
        return name, mutators.mutate(rng, data, extra)

    def damages(self, name: str) -> Sequence[Mutator]:
        """Every mutator this reader's inputs may get (for the hypothesis strategies)."""
        own = tuple(_bind(damage, name) for damage in self.extra)
        return mutators.GENERIC + own if self.generic else own


def _bind(damage: Damage, name: str) -> Mutator:
    def bound(rng: random.Random, data: bytes) -> bytes:
        return damage(rng, data, name)

    bound.__name__ = getattr(damage, "__name__", "damage")
    return bound


def input_rng(seed: int, reader: str, index: int) -> random.Random:
    """The generator of input ``index`` of a run: the same input every time."""
    return random.Random(f"{seed}:{reader}:{index}")


# --- running one input -----------------------------------------------------------------------
class Hang(BaseException):
    """Raised by the alarm: a BaseException, so no reader's ``except Exception`` eats it."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang


@dataclass(frozen=True)
class Outcome:
    kind: str
    detail: str = ""  # the exception and where it was raised, for tracebacks


def outcome(reader: Reader, name: str, data: bytes, workdir: Path,
            limit: float = HANG_SECONDS) -> Outcome:
    """Feed ``data`` (as file ``name``) to ``reader`` and classify what happened."""
    inputs = workdir / "input"
    if inputs.exists():
        shutil.rmtree(inputs, ignore_errors=True)
    inputs.mkdir(parents=True)
    path = inputs / name
    path.write_bytes(data)
    # An alarm already set (pytest-timeout's) is put back afterwards, less the time used.
    outer, _ = signal.getitimer(signal.ITIMER_REAL)
    began = time.monotonic()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            reader.read(path, workdir)
        result = Outcome(ACCEPTED)
    except Hang:
        result = Outcome(HANG, f"ran past {limit:g} s")
    except UserError:
        result = Outcome(CLEAN)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as exc:  # noqa: BLE001 - every other escape is what we count
        frames = traceback.extract_tb(exc.__traceback__)
        where = frames[-1] if frames else None
        place = f" at {Path(where.filename).name}:{where.lineno} ({where.name})" if where else ""
        message = str(exc)[:150] or ("over the memory one input may use"
                                     if isinstance(exc, MemoryError) else "")
        result = Outcome(TRACEBACK, f"{type(exc).__name__}: {message}{place}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer:
            signal.setitimer(signal.ITIMER_REAL, max(0.001, outer - (time.monotonic() - began)))
    return result


# --- the readers -------------------------------------------------------------------------
@cache
def _standard_config():  # type: ignore[no-untyped-def]
    from wordstudio.crossword.config.files import load_config

    return load_config(seeds.BOARDS / "scrabble.cfg")


@cache
def _standard_finder():  # type: ignore[no-untyped-def]
    from wordstudio.crossword.moves import finder_for
    from wordstudio.lexicon.catalog import load_lexicon

    return finder_for(_standard_config(), load_lexicon("en-US-standard"))


def _standard_scorer() -> object:
    from wordstudio.wordwar.scoring import scorer_for

    return scorer_for("en-US-standard")


def _common_words() -> object:
    from wordstudio.lexicon.catalog import load_lexicon

    return load_lexicon("en-US-common")


def _qt_settings() -> object:
    """The window's modules, loaded (Qt is started in each worker, not here: a forked
    process cannot share it)."""
    from wordstudio.ui import mainwindow
    from wordstudio.wordwar.boards import BoardSet

    BoardSet.load()
    return mainwindow


def _command_line_ready() -> object:
    """What the commands load: the standard game's finder, the common and standard
    lists, the command modules."""
    from wordstudio import cli
    from wordstudio.lexicon.catalog import load_lexicon

    cli.build_parser()
    load_lexicon("en-US-common")
    seeds.native_seeds()  # the game ``replay`` reads
    return _standard_finder()


def read_cgp(path: Path, workdir: Path) -> object:
    """``wordstudio moves --cgp TEXT``: an argument is text without NUL characters."""
    from wordstudio.crossword.commands import moves_for_cgp

    text = path.read_bytes().decode("utf-8", "surrogateescape").replace("\x00", "")
    return moves_for_cgp(_standard_finder(), text)


def _board_folder(workdir: Path) -> Path:
    """A private copy of ``boards/`` (so Includes of the shipped parts resolve)."""
    folder = workdir / "boards"
    if not (folder / "scrabble.cfg").exists():
        shutil.copytree(seeds.BOARDS, folder, dirs_exist_ok=True)
    return folder


def read_config(path: Path, workdir: Path) -> object:
    """Open a configuration, as File > Open, the designer and ``config show`` do.  A
    damaged ``.def`` is also read through a ``.cfg`` that includes it."""
    from wordstudio.crossword.config.files import load_config

    folder = _board_folder(workdir)
    target = folder / path.name
    original = target.read_bytes() if target.exists() else None
    target.write_bytes(path.read_bytes())
    try:
        load_config(target)
        including = _including_configs().get(path.name.lower())
        if path.suffix == ".def" and including is not None:
            load_config(folder / including)
    finally:
        if original is not None:
            target.write_bytes(original)
        else:
            target.unlink(missing_ok=True)
    return None


@cache
def _including_configs() -> dict[str, str]:
    """For each shipped part (``.def``), the first shipped ``.cfg`` (by name) that
    includes it: the damaged part is read through it too."""
    found: dict[str, str] = {}
    for cfg in sorted(seeds.BOARDS.glob("*.cfg")):
        text = cfg.read_text(encoding="utf-8").lower()
        for part in seeds.BOARDS.glob("*.def"):
            if f"= {part.name}".lower() in text:
                found.setdefault(part.name.lower(), cfg.name)
    return found


def _include(rng: random.Random, data: bytes, name: str) -> bytes:
    return mutators.include_line(rng, data, name)


def read_knobs(path: Path, workdir: Path) -> object:
    from wordstudio.crossword.players.knobs import load_knobs

    return load_knobs(path, _standard_config())


def read_native(path: Path, workdir: Path) -> object:
    """File > Open of a ``.crossword`` game (and resuming an autosave)."""
    from wordstudio.crossword.records.formats import open_record

    return open_record(path)


def _json_value(rng: random.Random, data: bytes, name: str) -> bytes:
    return mutators.json_value(rng, data)


def read_wordsworth(path: Path, workdir: Path) -> object:
    """File > Open of a WordsWorth ``.sav``, played with the standard game."""
    from wordstudio.crossword.records.formats import open_record

    return open_record(path, _standard_config(), config_path="scrabble.cfg", seed=1)


def read_gcg(path: Path, workdir: Path) -> object:
    """File > Open of a ``.gcg`` record (the standard game unless it names another)."""
    from wordstudio.crossword.records.formats import open_record

    return open_record(path, seed=1)


def read_personal_list(path: Path, workdir: Path) -> object:
    """A personal word list opened as a lexicon: its base's words with its changes."""
    from wordstudio.lexicon.catalog import load_lexicon

    return load_lexicon(path)


def read_word_list(path: Path, workdir: Path) -> object:
    """A person's own word list: read, then compiled into the automaton the games use."""
    from wordstudio.lexicon.gaddag import load_gaddag
    from wordstudio.lexicon.wordlist import load_word_list

    words = load_word_list(path)
    try:
        return load_gaddag(words, cache_dir=workdir / "cache")
    finally:
        # Each input's automaton is cached under its own key: thousands of them would
        # fill the worker's folder (which may be in memory).
        shutil.rmtree(workdir / "cache", ignore_errors=True)


def read_wordwar_board(path: Path, workdir: Path) -> object:
    """A Word War board set folder with one damaged board (or deck) file, or a grid as
    ``wordwar score`` reads and scores it."""
    from wordstudio.wordwar import boards
    from wordstudio.wordwar.scoring import scorer_for

    if path.suffix == ".txt":
        grid = boards.Grid.load(path)
        return scorer_for("en-US-standard").score(grid)
    folder = workdir / "wordwar-boards"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(seeds.BOARDS / "wordwar", folder)
    (folder / path.name).write_bytes(path.read_bytes())
    boards._load_set_cached.cache_clear()  # the folder's times may not have changed
    return boards.BoardSet.load(folder)


def _wordwar_board_seeds() -> list[seeds.Seed]:
    return seeds.wordwar_board_seeds() + seeds.wordwar_grid_seeds()


def read_wordwar_save(path: Path, workdir: Path) -> object:
    from wordstudio.wordwar.records import load_game

    return load_game(path)


def read_wordforword_save(path: Path, workdir: Path) -> object:
    from wordstudio.wordforword.records import load_game

    return load_game(path)


def read_settings(path: Path, workdir: Path) -> object:
    """settings.json as the program reads it, without building a window per input: the
    :class:`~wordstudio.ui.context.Settings` object (size limit, JSON, an object, set
    aside when damaged), every value read with the default the program reads it with,
    and the code that puts remembered choices into the window, the new-game dialogs and
    a crossword page (its zoom), run on widgets built once per worker (building them
    took nearly all of each input's time).
    ``settings-window`` sends fewer inputs through the real start-up path."""
    return _reading_with_qt(lambda: _settings_values(path, workdir))


def read_settings_window(path: Path, workdir: Path) -> object:
    """The settings file, read by everything that reads it: the main window (layout,
    recent files), the new-game dialogs of every game and the scoresheet dialog, the
    crossword table options.  Offscreen, synchronous, thrown away after."""
    return _reading_with_qt(lambda: _settings_readers(path))


def _reading_with_qt(read: Callable[[], object]) -> object:
    application = _application()
    escaped: list[BaseException] = []
    hook = sys.excepthook
    # Qt reports an exception in a slot (or a refused conversion) to sys.excepthook
    # and carries on: caught here, it counts as the traceback it is.
    sys.excepthook = lambda kind, value, tb: escaped.append(value)
    try:
        settings = read()
        application.processEvents()  # type: ignore[attr-defined]
    finally:
        sys.excepthook = hook
    if escaped:
        raise escaped[0]
    if getattr(settings, "load_error", None):
        # A damaged file is set aside (renamed .bad) and the defaults used: the program's
        # clean refusal, counted as one.
        raise UserError(settings.load_error)  # type: ignore[attr-defined]
    return settings


#: Each plain value the program reads (key, the default it reads it with); tables and
#: remembered choices are read by their own code in :func:`_settings_values`.
_PLAIN_SETTINGS: tuple[tuple[str, object], ...] = (
    ("appearance", "system"),
    ("wordwar/page", "a4"), ("wordwar/hide_people", False),
    ("wordforword/practice_aid", False), ("recent_files", []),
)


def _settings_values(path: Path, workdir: Path) -> object:
    from wordstudio.ui.context import Settings
    from wordstudio.ui.crossword.newgame import SETTINGS_KEY as CROSSWORD_NEW_GAME
    from wordstudio.ui.crossword.options import SETTINGS_KEY as OPTIONS_KEY
    from wordstudio.ui.crossword.options import TableOptions
    from wordstudio.ui.wordwar import NEW_GAME_SETTING

    settings = Settings(path)
    for key, default in _PLAIN_SETTINGS:
        settings.get(key, default)
    TableOptions.from_json(settings.get(OPTIONS_KEY))
    settings.recent_files()
    widgets = _settings_widgets(workdir)
    # The window's start-up reads (its layout, the recent files menu), on the one window.
    widgets.window.context.settings = settings
    widgets.window._restore_layout()
    widgets.window._fill_recent_menu()
    # Each new-game dialog fills itself from the remembered choices as it opens.
    remembered = settings.get(CROSSWORD_NEW_GAME)
    widgets.crossword._load(remembered if isinstance(remembered, dict) else {})
    remembered = settings.get(NEW_GAME_SETTING)
    widgets.wordwar._restore(remembered if isinstance(remembered, dict) else {})
    # A crossword page takes the zoom kept for its board size, and lays the board out.
    # (From the zoom a new page starts with: one input's zoom must not stay for the next.)
    widgets.page.board_area.mode, widgets.page.board_area.fixed_square = widgets.page_zoom
    widgets.page.context.settings = settings
    widgets.page._restore_zoom()
    widgets.page.board_area.relayout()
    return settings


@dataclass
class _SettingsWidgets:
    window: Any
    crossword: Any
    wordwar: Any
    page: Any
    #: The page's zoom before any settings were read: (mode, fixed square size).
    page_zoom: tuple[str, float]


#: The widgets :func:`read_settings` reuses, by the folder of the process that built them.
_WIDGETS: dict[Path, _SettingsWidgets] = {}


def _settings_widgets(workdir: Path) -> _SettingsWidgets:
    """The window and the new-game dialogs, built once in a worker (not in the parent:
    a forked process cannot share Qt), with settings of their own in its folder."""
    if workdir in _WIDGETS:
        return _WIDGETS[workdir]
    from wordstudio.crossword.game import Game, GameSetup, PlayerSpec
    from wordstudio.lexicon.catalog import load_lexicon
    from wordstudio.ui.context import AppContext, Settings
    from wordstudio.ui.crossword.newgame import NewGameDialog as CrosswordDialog
    from wordstudio.ui.crossword.page import CrosswordPage
    from wordstudio.ui.mainwindow import MainWindow
    from wordstudio.ui.wordwar.dialogs import NewGameDialog as WordWarDialog
    from wordstudio.ui.workers import BackgroundRunner
    from wordstudio.wordwar.boards import BoardSet

    _application()
    empty = Settings(workdir / "built-with-settings.json")
    runner = BackgroundRunner(mode="sync")
    # The standard game between two people: no computer move is ever started.
    setup = GameSetup.create(_standard_config(), (PlayerSpec("Ann"), PlayerSpec("Bob")),
                             seed=1, lexicon="en-US-standard")
    page = CrosswordPage(AppContext(Settings(workdir / "page-settings.json"), runner),
                         game=Game(setup, load_lexicon("en-US-standard")), autosave=False)
    page.resize(1000, 700)
    widgets = _WIDGETS[workdir] = _SettingsWidgets(
        MainWindow(AppContext(empty, runner)), CrosswordDialog(empty, runner),
        WordWarDialog(BoardSet.load()), page,
        (page.board_area.mode, page.board_area.fixed_square))
    return widgets


def forget_settings_widgets() -> None:
    """Delete the widgets :func:`read_settings` kept (a test run goes on after it)."""
    if not _WIDGETS:
        return
    for widgets in _WIDGETS.values():
        for widget in (widgets.window, widgets.crossword, widgets.wordwar, widgets.page):
            widget.deleteLater()
    _WIDGETS.clear()
    _application().processEvents()  # type: ignore[attr-defined]


def _settings_readers(path: Path) -> object:
    from wordstudio.ui.context import AppContext, Settings
    from wordstudio.ui.crossword.newgame import NewGameDialog as CrosswordDialog
    from wordstudio.ui.crossword.options import SETTINGS_KEY, TableOptions
    from wordstudio.ui.mainwindow import MainWindow
    from wordstudio.ui.wordforword import NewGameDialog as WordForWordDialog
    from wordstudio.ui.wordforword.page import PRACTICE_SETTING
    from wordstudio.ui.wordwar import NEW_GAME_SETTING
    from wordstudio.ui.wordwar.dialogs import BlankSheetsDialog
    from wordstudio.ui.wordwar.dialogs import NewGameDialog as WordWarDialog
    from wordstudio.ui.workers import BackgroundRunner
    from wordstudio.wordwar.boards import BoardSet

    settings = Settings(path)
    runner = BackgroundRunner(mode="sync")
    widgets = [MainWindow(AppContext(settings, runner)), CrosswordDialog(settings, runner)]
    TableOptions.from_json(settings.get(SETTINGS_KEY))
    remembered = settings.get(NEW_GAME_SETTING)
    boards = BoardSet.load()
    widgets.append(WordWarDialog(boards, None, remembered if isinstance(remembered, dict)
                                 else None))
    widgets.append(BlankSheetsDialog(boards, None, settings.get("wordwar/page", "a4")))
    widgets.append(WordForWordDialog(None, bool(settings.get(PRACTICE_SETTING, True))))
    for widget in widgets:
        widget.deleteLater()
    return settings


@cache
def _application() -> object:
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def read_command_line(path: Path, workdir: Path) -> object:
    """``wordstudio COMMAND ARGS...``: the file's name says the command (``moves-1.txt``),
    the file holds its arguments, one a line (NUL-free, as arguments must be).  The
    command itself is never damaged: ``wordstudio`` with a file name opens the window.
    Status 2 is a clean refusal, 1 a fault."""
    from wordstudio import cli

    game = workdir / "game.crossword"
    if not game.exists():
        game.write_bytes(seeds.native_seeds()[0][1])
    text = path.read_bytes().decode("utf-8", "surrogateescape").replace("{workdir}", str(workdir))
    argv = [path.name.split("-")[0]] + [arg.replace("\x00", "") for arg in text.split("\n")]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as exc:  # argparse's usage errors and --help
            status = exc.code if isinstance(exc.code, int) else 2
    if status == 2:
        raise UserError(err.getvalue().strip().splitlines()[-1] if err.getvalue() else "")
    if status not in (0, 2):
        raise RuntimeError(f"exit status {status}: {err.getvalue().strip()[:300]}")
    return status


def _command_line_seeds() -> list[seeds.Seed]:
    cgp = seeds.cgp_seeds()[0][1].decode()
    commands = [
        ["moves", "--cgp", cgp],
        ["moves", "--cgp", cgp, "--json", "--config", "scrabble"],
        ["consult", "DIVIDE_"],
        ["consult", "???*X", "--some", "--limit", "20"],
        ["consult", "[AEIOU]R?T", "--ordered", "--lexicon", "en-US-common"],
        ["doublets", "CAT", "DOG"],
        ["doublets", "COLD", "WARM", "--without", "CORD", "--json"],
        ["config", "show", "wordwhami"],
        ["config", "show", str(seeds.BOARDS / "board7.def"), "--json"],
        ["lexicon", "info", "en-US-common"],
        ["replay", "{workdir}/game.crossword"],
        ["replay", "{workdir}/game.crossword", "--json", "--lexicon", "en-US-standard"],
    ]
    return [(f"{argv[0]}-{n}.txt", "\n".join(argv[1:]).encode())
            for n, argv in enumerate(commands)]


def _argument(rng: random.Random, data: bytes, name: str) -> bytes:
    """An argument dropped, doubled, or replaced by an odd value or a huge number."""
    args = data.split(b"\n")
    i = rng.randrange(len(args))
    kind = rng.randrange(4)
    if kind == 0 and len(args) > 1:
        del args[i]
    elif kind == 1:
        args.insert(i, args[i])
    elif kind == 2:
        args[i] = rng.choice(mutators.ODD_STRINGS).encode()
    else:
        args[i] = rng.choice(mutators.HUGE_NUMBERS)
    return b"\n".join(args)


READERS: tuple[Reader, ...] = (
    Reader("cgp", "CGP strings (`wordstudio moves --cgp`)", seeds.cgp_seeds, read_cgp,
           100_000, prepare=_standard_finder),
    Reader("config", "WordsWorth configs (.cfg/.def)", seeds.config_seeds, read_config,
           100_000, (_include,)),
    Reader("native", "native saved games (.crossword)", seeds.native_seeds, read_native,
           100_000, (_json_value,), prepare=_standard_finder),
    Reader("wordsworth", "WordsWorth saved games (.sav)", seeds.wordsworth_seeds,
           read_wordsworth, 100_000, prepare=_standard_finder),
    Reader("wordlist", "word lists", seeds.word_list_seeds, read_word_list, 100_000),
    Reader("gcg", "GCG records (.gcg)", seeds.gcg_seeds, read_gcg, 100_000,
           prepare=_standard_finder),
    Reader("personal", "personal word lists (.wordlist)", seeds.personal_list_seeds,
           read_personal_list, 20_000, prepare=_common_words),
    Reader("knobs", "knob files", seeds.knob_seeds, read_knobs, 20_000, (_include,),
           prepare=_standard_config),
    Reader("wordwar-boards", "Word War boards and grids", _wordwar_board_seeds,
           read_wordwar_board, 20_000, (_include,), prepare=_standard_scorer),
    Reader("wordwar-saves", "Word War saved games (.wordwar)", seeds.wordwar_save_seeds,
           read_wordwar_save, 20_000, (_json_value,), prepare=_standard_scorer),
    Reader("wordforword-saves", "Word For Word saved games (.wfw)", seeds.wordforword_seeds,
           read_wordforword_save, 20_000, (_json_value,)),
    Reader("settings", "settings (settings.json)", seeds.settings_seeds, read_settings,
           20_000, (_json_value,), prepare=_qt_settings),
    Reader("settings-window", "settings through the window's start-up", seeds.settings_seeds,
           read_settings_window, 2_000, (_json_value,), prepare=_qt_settings),
    Reader("command-line", "command-line arguments", _command_line_seeds, read_command_line,
           20_000, (_argument,), prepare=_command_line_ready),
    Reader("special-files", "special files (devices, pipes, folders, huge) to every command",
           special.special_seeds, special.read_special, 2_000, (special.special_kind,),
           prepare=_command_line_ready, generic=False),
)
BY_NAME = {reader.name: reader for reader in READERS}
