"""Exports imported on first use (PEP 562), for a package whose front should cost nothing to import.

A package lists each exported name and the module defining it (``_HOMES``) and takes the
module-level ``__getattr__`` and ``__dir__`` from ``lazy_exports``: ``from PACKAGE import
Name`` then loads only ``Name``'s module (issue 20: importing every engine module eagerly was
0.9 s of a cold ``inforce check``). It lives in the root package, below every layer, so the
engine and the adapters share it without either importing the other.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(
    namespace: MutableMapping[str, Any], homes: Mapping[str, str],
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for the package whose globals are ``namespace``: a name of
    ``homes`` is imported from its module (relative to the package) the first time it is
    asked for and then kept in ``namespace``, so later look-ups skip ``__getattr__``;
    ``__dir__`` lists the globals and ``__all__`` (read when called, so the package may define
    ``__all__`` after this call)."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *namespace.get("__all__", ())})

    return __getattr__, __dir__
