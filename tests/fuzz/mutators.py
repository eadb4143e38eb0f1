"""Ways to damage a file as a careless editor, a bad disk or a hostile sender would.

Every mutator takes a :class:`random.Random` and the bytes of a good file and returns new
bytes.  :func:`mutate` applies one to three of them; a reader's own mutators (JSON values,
``Include`` lines) join the generic ones through its ``extra`` list.

Growth is bounded: a mutator that repeats something repeats it only as far as
:data:`MAX_INPUT` allows.  Repeats of repeats (a line a million characters long copied
3,000 times, a list copied a thousandfold twice) once built inputs of many gigabytes in
the fuzzer itself, before any reader saw them; every reader refuses a file far smaller.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

Mutator = Callable[[random.Random, bytes], bytes]

#: The largest input made (above every reader's size limit, the biggest being the word
#: lists' 50 MB, so that limit is tried too).
MAX_INPUT = 64 * 1024 * 1024

_DIGITS = re.compile(rb"\d+")
_TOKEN = re.compile(rb"\S+")

#: Numbers that break naive readers: too many digits for int(), past 2**63, float
#: overflow, negative, leading zeros.
HUGE_NUMBERS = (
    b"9" * 12, b"9" * 25, b"9" * 400, b"9" * 5000, b"9" * 100_000, b"18446744073709551616",
    b"9223372036854775808", b"-9223372036854775809", b"1e308", b"1e999", b"-1", b"-999999999",
    b"0" * 50 + b"1", b"4294967296", b"2147483648", b"65536", b"999",
)
#: Characters whose case mapping changes length, digits that are not 0-9, invisible and
#: direction marks, line separators Python's splitlines knows and others do not.
UNICODE = (
    "é", "ß", "İ", "ı", "ﬁ", "ǅ", "²", "٣", "Ⅻ", "\u202e", "\u0301", "😀", "\ufeff",
    "\u00a0", "\u2028", "\u0085", "\r", "\t", "\x0b", "\x1c", "ᵃ", "ＡＢ", "\U0001d400", "ŉ",
)
#: Strings for text fields: paths to odd places, huge and empty values.
ODD_STRINGS = (
    "", " ", "/", ".", "..", "/dev/zero", "/dev/null", "/dev/urandom", "/proc/self/mem",
    "~", "x" * 5000, "\x00", "a\x00b", "../" * 50, "C:\\con", "*", "?", "[", "{", "%s%n",
    "en-US-standard", "greedy", "level99", "wwdict",
)


def _pos(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _times(wanted: int, piece: int, size: int) -> int:
    """How many copies of ``piece`` bytes to add to ``size`` bytes: ``wanted``, or as many
    as :data:`MAX_INPUT` leaves room for."""
    return max(0, min(wanted, (MAX_INPUT - size) // max(1, piece)))


# --- bytes -----------------------------------------------------------------------------------
def flip_bit(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return b"\x80"
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]


def random_byte(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return bytes([rng.randrange(256)])
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]


def nul_bytes(rng: random.Random, data: bytes) -> bytes:
    i = _pos(rng, data)
    return data[:i] + b"\x00" * rng.choice((1, 1, 3, 5000)) + data[i:]


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[:_pos(rng, data)]


def delete_span(rng: random.Random, data: bytes) -> bytes:
    i = _pos(rng, data)
    return data[:i] + data[i + rng.randrange(1, 64):]


def duplicate_span(rng: random.Random, data: bytes) -> bytes:
    i = _pos(rng, data)
    span = data[i:i + rng.randrange(1, 64)]
    copies = _times(rng.choice((2, 2, 10, 1000)), len(span), len(data))
    return data[:i] + span * copies + data[i:]


def insert_unicode(rng: random.Random, data: bytes) -> bytes:
    i = _pos(rng, data)
    return data[:i] + rng.choice(UNICODE).encode("utf-8") + data[i:]


def change_encoding(rng: random.Random, data: bytes) -> bytes:
    """The file re-saved by an editor: UTF-16 with its mark, Latin-1, a UTF-8 mark."""
    text = data.decode("utf-8", errors="replace")
    kind = rng.randrange(4)
    if kind == 0:
        return text.encode("utf-16")
    if kind == 1:
        return text.encode("latin-1", errors="replace")
    if kind == 2:
        return b"\xef\xbb\xbf" + data
    return text.replace("\n", "\r\n").encode("utf-8")


# --- lines -----------------------------------------------------------------------------------
def delete_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def duplicate_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    copies = _times(rng.choice((1, 1, 2, 30, 3000)), len(lines[i]) + 1, len(data))
    lines[i:i] = [lines[i]] * copies
    return b"\n".join(lines)


def swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def long_line(rng: random.Random, data: bytes) -> bytes:
    """A very long line: one character, or a token of the file, repeated."""
    lines = _lines(data)
    tokens = _TOKEN.findall(data) or [b"A"]
    piece = rng.choice((rng.choice(tokens), b"A", b"9", b"{", b"#", b"?", b"/", b"[", b" "))
    length = min(rng.choice((300, 5000, 100_000, 1_000_000)), max(1, MAX_INPUT - len(data)))
    line = (piece * (length // max(1, len(piece)) + 1))[:length]
    i = rng.randrange(len(lines) + 1)
    if rng.random() < 0.5 and lines:
        j = min(i, len(lines) - 1)
        lines[j] = lines[j] + line  # a line made long, not a new one
    else:
        lines.insert(i, line)
    return b"\n".join(lines)


# --- tokens and numbers ----------------------------------------------------------------------
def swap_token(rng: random.Random, data: bytes) -> bytes:
    """One whitespace-separated item replaced by another item of the same file."""
    spans = [m.span() for m in _TOKEN.finditer(data)]
    if len(spans) < 2:
        return data
    a, b = rng.sample(spans, 2)
    return data[:a[0]] + data[b[0]:b[1]] + data[a[1]:]


def huge_number(rng: random.Random, data: bytes) -> bytes:
    spans = [m.span() for m in _DIGITS.finditer(data)]
    number = rng.choice(HUGE_NUMBERS)
    if not spans:
        i = _pos(rng, data)
        return data[:i] + number + data[i:]
    start, end = rng.choice(spans)
    return data[:start] + number + data[end:]


def negative_number(rng: random.Random, data: bytes) -> bytes:
    spans = [m.span() for m in _DIGITS.finditer(data)]
    if not spans:
        return data
    start, _ = rng.choice(spans)
    return data[:start] + b"-" + data[start:]


def deep_nesting(rng: random.Random, data: bytes) -> bytes:
    """Brackets nested far deeper than any file needs (a recursion bomb for some parsers)."""
    i = _pos(rng, data)
    opener = rng.choice((b"[", b"{", b"(", b"{\n"))
    depth = rng.choice((100, 10_000, 200_000))
    return data[:i] + opener * depth + data[i:]


GENERIC: tuple[Mutator, ...] = (
    flip_bit, random_byte, nul_bytes, truncate, delete_span, duplicate_span, insert_unicode,
    change_encoding, delete_line, duplicate_line, swap_lines, long_line, swap_token,
    huge_number, huge_number, negative_number, deep_nesting,
)


# --- JSON ------------------------------------------------------------------------------------
def _odd_value(rng: random.Random, old: Any, used: int = 0) -> Any:
    """A value of the wrong size or kind for the place it goes (in a file of ``used``
    bytes: copies of ``old`` only as many as :data:`MAX_INPUT` leaves room for)."""
    choices: list[Any] = [
        None, True, False, 0, -1, 10**400, -(10**30), 2**63, 1e308, -1e308, 0.5,
        float("inf"), float("nan"), "", [], {}, [[[]]], rng.choice(ODD_STRINGS), {"": None},
        "x" * _times(100_000, 1, used), [0] * _times(100_000, 3, used),
    ]
    size = len(json.dumps(old)) + 1 if isinstance(old, str | list) else 1
    if isinstance(old, str):
        choices += [old * _times(1000, size, used), old.upper(), old.lower(), old[::-1],
                    old + rng.choice(UNICODE)]
    if isinstance(old, int) and not isinstance(old, bool):
        choices += [old + 1, old - 1, -old, old * 10**6, str(old)]
    if isinstance(old, list) and old:
        first = len(json.dumps(old[0])) + 1
        choices += [old * (1 + _times(1, size, used)), old[:-1], old[::-1],
                    old * _times(1000, size, used), [old[0]] * _times(10_000, first, used)]
    return rng.choice(choices)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:50]):
            found += _paths(inner, (*prefix, index))
    return found


def json_value(rng: random.Random, data: bytes) -> bytes:
    """One value anywhere in a JSON file replaced by an odd one (or its key removed)."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        return data
    paths = [p for p in _paths(document) if p]
    if not paths:
        return json.dumps(_odd_value(rng, document, len(data))).encode()
    path = rng.choice(paths)
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if isinstance(parent, dict) and rng.random() < 0.15:
        del parent[last]
    else:
        parent[last] = _odd_value(rng, parent[last], len(data))
    return json.dumps(document).encode()


# --- configurations --------------------------------------------------------------------------
#: ``Include`` targets: itself (a cycle), a missing file, devices, a folder, long names.
INCLUDE_TARGETS = (
    "{self}", "{self}", "missing.def", "/dev/zero", "/dev/urandom", "/dev/null", "/", ".",
    "x" * 300, "x" * 5000, "../" * 40 + "etc/hostname", "a\x00b", "scrabbrd.def",
    "SCRABBRD.DEF", "level.def", "*.def", "",
)


def include_line(rng: random.Random, data: bytes, name: str) -> bytes:
    """An ``Include`` of an odd target put anywhere in a configuration."""
    target = rng.choice(INCLUDE_TARGETS).replace("{self}", name)
    lines = _lines(data)
    lines.insert(rng.randrange(len(lines) + 1), f"Include = {target}".encode())
    return b"\n".join(lines)


def mutate(rng: random.Random, data: bytes, extra: Sequence[Mutator] = ()) -> bytes:
    """One to three damages to ``data``, from the generic mutators and ``extra``."""
    pool = GENERIC + tuple(extra) * 3
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        data = rng.choice(pool)(rng, data)
    return data
