"""A stand-in for Cython's ``cython`` module when Cython is not installed.

The move generator is written in Cython's pure-Python mode.  Compiled, its decorators and
types mean C; uncompiled they must simply do nothing, which is all this module provides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

compiled = False


def _identity(obj: Any) -> Any:
    return obj


def _identity_factory(*_args: Any, **_kwargs: Any) -> Callable[[Any], Any]:
    return _identity


cfunc = ccall = inline = final = cclass = _identity
locals = exceptval = returns = _identity_factory  # noqa: A001 - mirrors cython.locals


class _Type:
    def __getitem__(self, _item: Any) -> _Type:
        return self

    def __call__(self, value: Any = None) -> Any:
        return value


int = uint = long = longlong = ulonglong = char = uchar = short = double = float = void = bint = _Type()  # noqa: A001


def declare(_type: Any = None, value: Any = None, **_kwargs: Any) -> Any:
    return value


def cast(_type: Any, value: Any, **_kwargs: Any) -> Any:
    return value
