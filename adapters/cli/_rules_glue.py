"""What ingest needs from the project's rule packs: their hashes and the supersession deriver."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from inforce.ontology import Document, Supersedes

__all__ = ["rules_for_ingest"]


def rules_for_ingest(
    project: Path,
) -> tuple[list[str], Callable[[Document], Iterable[Supersedes]] | None]:
    """The content hashes of the project's packs (for the index build id) and its deriver."""
    return [], None
