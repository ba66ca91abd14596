"""The project's Python sources, each parsed once per test process.

The packaging and flag-table tests walk the syntax tree of every module of a layer, several
tests each (which layer imports which, who imports kuzu or torch, import cycles, strings naming
a flag): parsing every module again for each of them costed seconds. The trees are only read.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

__all__ = ["parsed"]


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the Python file at ``path`` (shared: never change it)."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
