"""WordsWorth's SETUP scripts (seed 001, Appendix C): questions whose answers write a
configuration of ``Include`` lines.

WordsWorth's SETUP program read ``SETUP.CFG`` and asked its questions one by one; each
answer's action added lines to the ``ww.cfg`` it wrote.  The script's lines, each read
only with its marker in the first column:

    # a comment
    @What type of display do you have?     a question (empty: see below)
    >EGA= { VideoType = EGA\\nVideoMode = 2}  an answer and its action
    >VGA= vgaspec.def color.def
    >Super VGA= <svga.cfg
    %                                      the end of the entry
    %%                                     the end of the script

An action is one of three kinds:

1. names of definition files, separated by whitespace: an ``Include`` line for each;
2. ``{text}``: the text as a line of its own, ``\\t`` a tab and ``\\n`` a new line;
3. ``<file``: SETUP reads on from that script file, then comes back to this one (at most
   eight files deep).

A question may be empty: its answers' labels are then ignored and every action is
performed in turn - until a ``<file`` action, after which none of that question's are.
The "alternative form" takes a question's answers from another file.  Its text is lost
from the copy of the manual we have; WordStudio reads it as ``@question<file`` - the
question, then ``<`` and the file, whose ``>`` lines are the answers.  Files named in a
script (definition files and scripts) are found beside the script that names them, in
any case as on DOS.  As the manual says, a question has at most nine answers and a line
at most 80 characters; anything else in the first column than ``@``, ``>``, ``%`` and ``#``
(a line of spaces aside) is an error naming the file and line.

:class:`SetupRun` runs a script: :attr:`SetupRun.question` is the question waiting for an
answer (None when the script is done), :meth:`SetupRun.answer` gives it, and
:meth:`SetupRun.config_text` is the configuration the answers describe, its Includes
written relative to where it will be saved.  The window asks the questions in a dialog
(``wordstudio.ui.designer.setupscript``), ``wordstudio config setup`` at the terminal.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path

from wordstudio.crossword.config.files import decode_bytes, include_target
from wordstudio.crossword.config.syntax import ConfigError
from wordstudio.paths import read_limited

#: Appendix C: "no question can have more than nine answers, and no line may exceed 80
#: characters"; "Up to eight levels of nesting of setup files is supported."
MAX_ANSWERS = 9
MAX_LINE = 80
MAX_NESTING = 8
#: The largest script file read (a script is a few kB).
MAX_SCRIPT_BYTES = 200_000


class SetupError(ConfigError):
    """A SETUP script that cannot be run: ``path`` and ``line`` say where."""


@dataclass(frozen=True)
class Action:
    """What an answer does: ``kind`` "include" (``names``), "text" or "read" (``name``,
    another script); names are relative to ``folder``, the script's own."""

    kind: str
    folder: Path
    names: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Answer:
    label: str
    action: Action
    line: int


@dataclass(frozen=True)
class Entry:
    """One ``@`` question with its answers (or the file that holds them)."""

    question: str
    answers: tuple[Answer, ...]
    line: int
    answers_file: str = ""


@dataclass(frozen=True)
class Question:
    """A question waiting for an answer: its text, its answers' labels, where it is."""

    text: str
    answers: tuple[str, ...]
    path: Path
    line: int


@dataclass(frozen=True)
class Include:
    """An ``Include`` of a definition file found at ``path``."""

    path: Path


def parse_action(text: str, folder: Path) -> Action:
    """An answer's action (the text after ``=``)."""
    text = text.strip()
    if text.startswith("{"):
        if not text.endswith("}"):
            raise ValueError("a text action must end with '}'")
        body = text[1:-1].strip().replace("\\t", "\t").replace("\\n", "\n")
        return Action("text", folder, text=body)
    if text.startswith("<"):
        name = text[1:].strip()
        if not name:
            raise ValueError("'<' must be followed by the name of a setup file")
        return Action("read", folder, names=(name,))
    return Action("include", folder, names=tuple(text.split()))


def parse_script(text: str, path: Path, answers_only: bool = False) -> list[Entry]:
    """The entries of one script file (SetupError naming the line for anything wrong);
    with ``answers_only`` its ``>`` lines before any ``@`` are an entry's answers."""
    folder = path.parent
    entries: list[Entry] = []
    question: tuple[str, int, str] | None = ("", 0, "") if answers_only else None
    answers: list[Answer] = []

    def close() -> None:
        nonlocal question, answers
        if question is not None:
            entries.append(Entry(question[0], tuple(answers), question[1], question[2]))
        question, answers = None, []

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if len(line) > MAX_LINE:
            raise SetupError(path, number, f"the line is {len(line)} characters long; SETUP "
                                           f"reads lines of at most {MAX_LINE}")
        marker = line[:1]
        if not line.strip() or marker == "#":
            continue
        if marker == "@":
            close()
            body, _, source = line[1:].partition("<")
            question = (body.strip(), number, source.strip())
            if "<" in line and not source.strip():
                raise SetupError(path, number, "'<' must be followed by the file of answers")
        elif marker == ">":
            if question is None:
                raise SetupError(path, number, "an answer ('>') before any question ('@')")
            label, equals, action = line[1:].partition("=")
            if not equals:
                raise SetupError(path, number, "an answer is written '>answer= action': "
                                               "the '=' is missing")
            if len(answers) == MAX_ANSWERS:
                raise SetupError(path, number, f"a question has at most {MAX_ANSWERS} "
                                               "answers")
            try:
                answers.append(Answer(label.strip(), parse_action(action, folder), number))
            except ValueError as exc:
                raise SetupError(path, number, str(exc)) from None
        elif marker == "%":
            close()
            if line.startswith("%%"):
                break
        else:
            raise SetupError(path, number, "SETUP reads only lines beginning with '@', '>', "
                                           "'%' or '#' in the first column")
    close()
    return entries


def read_script(path: Path, answers_only: bool = False) -> list[Entry]:
    """Read and parse one script file (SetupError if it cannot be read or is wrong);
    ``answers_only``: a file of answers for a question asked elsewhere."""
    try:
        data = read_limited(path, MAX_SCRIPT_BYTES, "setup script")
    except OSError as exc:
        raise SetupError(path, None, f"cannot read the file: {exc.strerror or exc}") from None
    return parse_script(decode_bytes(data)[0], path, answers_only)


def _answers_from(entry: Entry, path: Path) -> tuple[Answer, ...]:
    """An entry's answers, from its own ``>`` lines or the file it names (the file's
    ``>`` lines, up to its first ``%``)."""
    if not entry.answers_file:
        return entry.answers
    source = include_target(entry.answers_file, path)
    entries = read_script(source, answers_only=True)
    return entries[0].answers if entries else ()


class SetupRun:
    """A script being run: answer :attr:`question` until it is None, then take
    :meth:`config_text`."""

    def __init__(self, script: Path | str) -> None:
        self.script = Path(script)
        #: What the answers wrote so far: Includes and text lines, in order.
        self.output: list[Include | str] = []
        #: The answers given (1-based), in order: :meth:`replay` gives them again.
        self.answers: list[int] = []
        self._steps = self._run(self.script, 1)
        self.question: Question | None = next(self._steps, None)

    @classmethod
    def replay(cls, script: Path | str, answers: Sequence[int]) -> SetupRun:
        """The run after ``answers`` (going back a question is a replay of the others)."""
        run = cls(script)
        for number in answers:
            if run.question is None:
                break
            run.answer(number)
        return run

    @property
    def finished(self) -> bool:
        return self.question is None

    def answer(self, number: int) -> None:
        """Answer the waiting question with its answer ``number`` (1 to how many)."""
        question = self.question
        if question is None:
            raise ValueError("the script has no question waiting")
        if not 1 <= number <= len(question.answers):
            raise ValueError(f"answer 1 to {len(question.answers)}, not {number}")
        self.answers.append(number)
        try:
            self.question = self._steps.send(number)
        except StopIteration:
            self.question = None

    def _run(self, path: Path, depth: int) -> Generator[Question, int, None]:
        if depth > MAX_NESTING:
            raise SetupError(path, None, f"setup files are nested more than {MAX_NESTING} "
                                         "deep (a file that reads itself?)")
        for entry in read_script(path):
            answers = _answers_from(entry, path)
            if not entry.question:
                # Labels ignored, every action in turn; a '<file' ends the question.
                for answer in answers:
                    yield from self._perform(answer.action, path, answer.line, depth)
                    if answer.action.kind == "read":
                        break
            elif answers:
                number = yield Question(entry.question, tuple(a.label for a in answers),
                                        path, entry.line)
                chosen = answers[number - 1]
                yield from self._perform(chosen.action, path, chosen.line, depth)

    def _perform(self, action: Action, path: Path, line: int, depth: int
                 ) -> Generator[Question, int, None]:
        if action.kind == "text":
            self.output.append(action.text)
        elif action.kind == "include":
            self.output.extend(Include(include_target(name, path)) for name in action.names)
        else:
            target = include_target(action.names[0], path)
            if not target.is_file():
                raise SetupError(path, line, f"no setup file {action.names[0]!r} beside "
                                             "this one")
            yield from self._run(target, depth + 1)

    def config_text(self, destination: Path | str | None = None) -> str:
        """The configuration the answers wrote, as SETUP wrote ``ww.cfg``: an
        ``Include`` line for each definition file and the text lines, in order.  Each
        Include names its file as the configuration reader finds it from
        ``destination``'s folder (the script's when None): relative when it is in that
        folder or below, its whole path otherwise."""
        folder = Path(destination).parent if destination is not None else self.script.parent
        lines = [f"# Written by SETUP from {self.script.name} (answers "
                 f"{' '.join(map(str, self.answers)) or 'none'})."]
        for item in self.output:
            if isinstance(item, Include):
                lines.append(f"Include = {_relative(item.path, folder)}")
            else:
                lines.append(item)
        return "\n".join(lines) + "\n"


def _relative(path: Path, folder: Path) -> str:
    """``path`` as seen from ``folder``: relative when it is in that folder or below it
    (the two move together), the whole path otherwise."""
    try:
        relative = Path(os.path.relpath(path.resolve(), folder.resolve()))
    except ValueError:  # another drive (Windows)
        return str(path.resolve())
    return str(path.resolve()) if ".." in relative.parts else relative.as_posix()
