"""Claims, citations, verdicts, findings and the audit record behind each."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .context import Context
from .scalars import Locator, UtcDateTime
from .vocabulary import ClaimStatus, FindingKind, ReasonCode, Resolution, VerdictKind

__all__ = [
    "AuditRecord",
    "Citation",
    "Claim",
    "ClaimResult",
    "ClaimStatus",
    "Exclusion",
    "Finding",
    "FindingKind",
    "FindingProvision",
    "ReasonCode",
    "Refusal",
    "Resolution",
    "Verdict",
    "VerdictKind",
]

_MODEL = ConfigDict(frozen=True, extra="forbid")

class Citation(BaseModel):
    """What a claim cites: a locator, a quote, or both (at least one)."""

    model_config = _MODEL

    locator: Locator | None = None
    quote: str | None = None
    page: int | None = Field(default=None, ge=1)
    span: tuple[int, int] | None = None

    @model_validator(mode="after")
    def _something_cited(self) -> Citation:
        if self.locator is None and not self.quote:
            raise ValueError("a citation needs a locator, a quote, or both")
        return self


class Claim(BaseModel):
    """One atomic statement of an answer and what it cites."""

    model_config = _MODEL

    text: str
    citations: tuple[Citation, ...] = ()


class ClaimResult(BaseModel):
    model_config = _MODEL

    text: str
    status: ClaimStatus
    detail: str = ""
    in_force: Locator | None = None
    redundant_citations: tuple[Locator, ...] = ()


class Refusal(BaseModel):
    """A question the engine declines to answer, and why (a reason code, never document text)."""

    model_config = _MODEL

    outcome: Literal["refusal"] = "refusal"
    reason: ReasonCode
    locator: str | None = None
    detail: str = ""


class Exclusion(BaseModel):
    """A document that may not answer the case, with each reason kept separately."""

    model_config = _MODEL

    document: str
    reasons: tuple[str, ...]


class AuditRecord(BaseModel):
    """The evidence path behind a verdict or finding."""

    model_config = _MODEL

    context: Context
    valid_at: dt.date | None = None
    known_at: UtcDateTime | None = None
    index_build: str = ""
    eligible: tuple[str, ...] = ()
    excluded: tuple[Exclusion, ...] = ()
    passages: tuple[Locator, ...] = ()
    qualifiers: tuple[Locator, ...] = ()
    calculations: tuple[dict[str, Any], ...] = ()
    rules_fired: tuple[str, ...] = ()


class Verdict(BaseModel):
    """Exactly one of answer, clarification request, refusal or escalation."""

    model_config = _MODEL

    verdict: VerdictKind
    reason: ReasonCode | None = None
    claims: tuple[ClaimResult, ...] = ()
    missing_attributes: tuple[str, ...] = ()
    rfi: str | None = None
    audit: AuditRecord | None = None

    @model_validator(mode="after")
    def _reason_fits(self) -> Verdict:
        if self.verdict == "answer" and self.reason is not None:
            raise ValueError("an answer carries no reason code")
        if self.verdict == "refusal" and self.reason is None:
            raise ValueError("a refusal needs a reason code")
        if self.verdict == "clarification_request" and not self.missing_attributes:
            raise ValueError("a clarification request names the missing attributes")
        if self.verdict == "escalation" and not self.rfi:
            raise ValueError("an escalation carries an RFI draft")
        return self


class FindingProvision(BaseModel):
    model_config = _MODEL

    locator: Locator
    text: str
    quantity: str | None = None
    replaces: Locator | None = None


class Finding(BaseModel):
    """One result of a sweep and how the rules resolved it."""

    model_config = _MODEL

    id: str
    kind: FindingKind
    scope: Literal["within_document", "across_documents"]
    subject: str | None = None
    provisions: tuple[FindingProvision, ...]
    resolution: Resolution
    rule: str | None = None
    clause: str | None = None
    rfi: str | None = None
