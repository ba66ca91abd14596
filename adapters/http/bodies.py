"""The request bodies the service takes beyond the answer contract's own models.

Each is the ontology's ``Context`` (``valid_at``, ``known_at``, ``attributes``; ``groups`` only
to be refused when not empty) with the fields of its endpoint, so one model is the contract
for the CLI's options, the OpenAPI document and the service's validation. Unknown fields are
refused (``extra="forbid"``, inherited).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from inforce.ontology import Context
from inforce.ontology.ingest import REVIEW_NOTE_MAX
from inforce.ontology.scalars import UtcDateTime

__all__ = ["EligibleRequest", "EraseRequest", "PortfolioSweepRequest", "PrecedenceRequest", "ResolveRequest",
           "ReviewRequest", "StockPack", "SweepRequest"]

#: a stock pack by name (``precedence/none``): a client never names a file on the server
StockPack = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9][a-z0-9_-]*)+$", max_length=200)]
_Params = dict[Annotated[str, StringConstraints(min_length=1, max_length=100)], Annotated[str, Field(max_length=1000)]]


class EligibleRequest(Context):
    """``POST .../eligible``: the case; ``exclusions``: how many excluded documents to detail
    (None: all), ``documents``: those to detail whatever the number."""

    exclusions: int | None = Field(default=100, ge=0)
    documents: tuple[Annotated[str, StringConstraints(min_length=1, max_length=200)], ...] = ()


class ResolveRequest(Context):
    """``POST .../resolve``: the case, the question in words, and how many provisions."""

    question: Annotated[str, StringConstraints(min_length=1, max_length=2000)]
    k: int = Field(default=10, ge=1, le=200)


class PrecedenceRequest(BaseModel):
    """``POST .../precedence``: which of two provisions governs on ``valid_at``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    a: Annotated[str, StringConstraints(min_length=1, max_length=500)]
    b: Annotated[str, StringConstraints(min_length=1, max_length=500)]
    valid_at: dt.date
    known_at: UtcDateTime | None = None
    groups: tuple[str, ...] = ()
    packs: tuple[StockPack, ...] = ()
    params: _Params = Field(default_factory=dict)


class SweepRequest(BaseModel):
    """``POST .../sweeps``: every conflict among the provisions in force on ``valid_at``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    valid_at: dt.date
    known_at: UtcDateTime | None = None
    groups: tuple[str, ...] = ()
    packs: tuple[StockPack, ...] = ()
    params: _Params = Field(default_factory=dict)
    include_superseded: bool = False
    fail_on: Literal["escalate", "any", "none"] = "escalate"


class PortfolioSweepRequest(SweepRequest):
    """``POST /v1/portfolio/sweeps``: the single sweep's body, over ``projects`` (the served
    projects' names, each once; default: every project the caller's key may reach)."""

    projects: Annotated[tuple[Annotated[str, StringConstraints(min_length=1, max_length=200)], ...],
                        Field(min_length=1, max_length=1000)] | None = None


class EraseRequest(BaseModel):
    """``POST .../erase``: the document whose text is removed (every revision, or ``revision``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    document: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    revision: Annotated[str, StringConstraints(min_length=1, max_length=100)] | None = None
    #: the document id again, as ``inforce erase --confirm`` asks: erasing cannot be undone
    confirm: Annotated[str, StringConstraints(max_length=200)] | None = None
    #: as on every body: absent or empty (the key's groups count); stated, 400
    groups: tuple[str, ...] = ()


class ReviewRequest(BaseModel):
    """``POST .../review``: a reviewer's decision on an addendum item's proposal (a reviewer key;
    the decision is recorded under the key's name)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    item: Annotated[str, StringConstraints(min_length=1, max_length=500)]
    decision: Literal["accept", "reject"]
    target: Annotated[str, StringConstraints(min_length=1, max_length=500)] | None = None
    scope: Literal["full", "partial"] | None = None
    note: Annotated[str, StringConstraints(max_length=REVIEW_NOTE_MAX)] | None = None
    #: the digest of the item's words as the decider read them (reviews.yaml's ``digest``; the
    #: review page sends the one it showed): words changed since are refused, 409, nothing written
    digest: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{16}$")] | None = None
    #: as on every body: absent or empty (the key's groups count); stated, 400
    groups: tuple[str, ...] = ()
