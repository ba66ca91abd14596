"""Opening a project: the graph of record plus the in-process indexes built from it."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from inforce.ontology import Manifest, NotFoundError

if TYPE_CHECKING:
    from inforce.rules import RuleSet

    from .asof import AsOfIndex
    from .eligibility import EligibilityIndex
    from .store import GraphStore

__all__ = ["Project"]


class Project:
    """An ingested project, opened read-only.

    The hot indexes (as-of, eligibility) are built once, on first use, from the graph;
    ingest replaces the graph, and the next ``Project.open`` sees the new one.
    """

    def __init__(self, root: Path, store: GraphStore) -> None:
        self.root = root
        self.store = store

    @classmethod
    def open(cls, root: str | Path) -> Project:
        from .store import GraphStore

        root = Path(root)
        if not (root / "inforce.yaml").is_file():
            raise NotFoundError(f"{root}: no inforce.yaml here", hint="is this a project folder?")
        return cls(root, GraphStore.open(root, read_only=True))

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Project:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @cached_property
    def manifest(self) -> Manifest:
        manifest = self.store.manifest()
        if manifest is None:
            raise NotFoundError(f"{self.root}: not ingested yet", hint=f"run: inforce ingest {self.root}")
        return manifest

    @cached_property
    def build_id(self) -> str:
        return self.store.build_id()

    @cached_property
    def asof(self) -> AsOfIndex:
        from .asof import AsOfIndex

        return AsOfIndex.from_store(self.store)

    @cached_property
    def rules(self) -> RuleSet:
        """The manifest's rule packs, compiled once (InputErrors if any pack is broken)."""
        from inforce.rules import compile_manifest

        return compile_manifest(self.manifest, self.root)

    @cached_property
    def eligibility(self) -> EligibilityIndex:
        """The eligibility index over every revision's metadata, built on first use."""
        from .eligibility import EligibilityIndex

        return EligibilityIndex.from_documents(self.store.documents(), self.rules)
