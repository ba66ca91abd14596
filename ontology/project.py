"""The project manifest (``inforce.yaml``) as a typed value."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, model_validator

from .scalars import YamlModel

__all__ = ["Manifest", "ModelChoice", "Models", "OwnPath", "RulePackRef"]


class RulePackRef(YamlModel):
    """One entry of the manifest's ``rules:`` list: a stock pack by name or a project file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    stock: str | None = None
    path: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    line: int | None = None

    @model_validator(mode="after")
    def _one_of(self) -> RulePackRef:
        if (self.stock is None) == (self.path is None):
            raise ValueError("a rules entry names exactly one of `stock` or `path`")
        return self

    @property
    def name(self) -> str:
        return self.stock if self.stock is not None else str(self.path)


class ModelChoice(YamlModel):
    """A local model folder (relative to the project, or absolute) and the score it must reach."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str
    #: NLI: the probability at which entailment (or contradiction) is accepted as proposed
    threshold: float = Field(default=0.5, gt=0.0, le=1.0)
    line: int | None = None


class Models(YamlModel):
    """``models:`` in ``inforce.yaml``: which backends propose candidates. None of them decides.

    ``embedding`` names the sentence-embedding model whose vectors ``inforce embed`` puts in
    the graph (the packaged all-MiniLM-L6-v2 by default; ``none`` turns vector search off);
    ``nli`` a local entailment model (none by default: ``check --tier high`` then escalates
    with ``entailment_unverified``); ``rerank`` an optional local cross-encoder for ``resolve``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    embedding: str | None = "all-MiniLM-L6-v2"
    #: True when ``embedding`` was written in the manifest (a failure to load it is then an error)
    embedding_configured: bool = False
    nli: ModelChoice | None = None
    rerank: ModelChoice | None = None


class Manifest(YamlModel):
    """``inforce.yaml``: the project's name, facets and rule packs (applied in order)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = 1
    project: str
    facets: tuple[str, ...] = ()
    rules: tuple[RulePackRef, ...] = ()
    registry: str | None = None
    #: the project's own unit spellings, each naming a unit pint knows (``KSF: ksf``, ``SY: yard ** 2``)
    units: dict[str, str] = {}
    models: Models = Models()
    #: what a document (every revision, every format) whose metadata declares neither ``access``
    #: nor ``public: true`` is: ``public``, read by everyone (the corpus format's meaning of leaving
    #: ``access`` out: the default); ``refuse``, an input error at its metadata; or a list of groups,
    #: read only by them, as if it declared ``access`` with them (``adapters.ingest.metadata.effective_access``)
    undeclared_access: Literal["public", "refuse"] | Annotated[tuple[str, ...], Field(min_length=1)] = Field(
        default="public",
        description="A document declaring neither access nor public: true: 'public' (everyone may read it, the "
                    "default), 'refuse' (an input error naming its file), or a list of groups that alone may read it.")


class OwnPath(YamlModel):
    """One file or folder a project reads as its own, or keeps (its manifest, its documents
    folder, its register, a pack file, its store): an output written at or inside it would be
    read as the project's input, or replace it (``Project.own_path_at``; audit 43).

    ``what`` names it ("the project's manifest (inforce.yaml)"); ``why`` says what an output
    there would do; ``folder``: an output is refused anywhere inside it, not only at it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: Path
    what: str
    why: str
    folder: bool = False
