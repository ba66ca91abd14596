"""Claims, citations, verdicts, findings and the audit record behind each."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .context import Context
from .document import EdgeReview
from .scalars import Locator, UtcDateTime
from .vocabulary import (
    CandidateSource,
    ClaimStatus,
    FindingKind,
    ReasonCode,
    Resolution,
    Tier,
    VerdictKind,
)

__all__ = [
    "Answer",
    "AuditRecord",
    "Citation",
    "CitationCheck",
    "Claim",
    "ClaimResult",
    "EntailmentCheck",
    "ClaimStatus",
    "Exclusion",
    "FINDING_ID_DIGITS",
    "Finding",
    "FindingKind",
    "FindingProvision",
    "ReasonCode",
    "Refusal",
    "Resolution",
    "ReviewedEdge",
    "ANSWER_MAX_CLAIMS",
    "CLAIM_MAX_CITATIONS",
    "CLAIM_MAX_CHARS",
    "CLAIM_MAX_QUANTITIES_SHOWN",
    "QUOTE_MAX_CHARS",
    "Verdict",
    "VerdictKind",
    "is_finding_id",
]

_MODEL = ConfigDict(frozen=True, extra="forbid")

#: The longest quote a citation may carry (docs/formats.md): a quote is words of one provision,
#: and finding a quote without a locator, with the closest passage when it is not there, grows
#: with its length times the passages compared.
QUOTE_MAX_CHARS = 10_000
#: The longest text a claim may have (docs/formats.md): a claim is one statement, a sentence or
#: a paragraph, and checking it reads every quantity in it against what it cites, a cost that
#: grows with its length. A few thousand characters is several paragraphs.
CLAIM_MAX_CHARS = 4_000
#: The most claims one answer may have, for ``check`` on the command line and over HTTP alike
#: (a service may be set to take fewer): each claim is checked in turn.
ANSWER_MAX_CLAIMS = 200
#: The most citations one claim may have (docs/formats.md): a claim is supported by a few
#: provisions, and each citation is located, quoted and checked in turn.
CLAIM_MAX_CITATIONS = 20
#: The most quantities of one claim a check's result lists (matched, unmatched and warnings,
#: each; docs/formats.md): every quantity is checked and decides the claim, but past this
#: many the result gives the total and the text says how many more, so a check's output and
#: its audit record stay a small multiple of the answer, whatever its claims hold.
CLAIM_MAX_QUANTITIES_SHOWN = 10

class Citation(BaseModel):
    """What a claim cites: a locator, a quote, or both (at least one)."""

    model_config = _MODEL

    locator: Locator | None = None
    quote: str | None = None
    page: int | None = Field(default=None, ge=1)
    span: tuple[int, int] | None = None

    @model_validator(mode="before")
    @classmethod
    def _blank_quote(cls, data: Any) -> Any:
        # a quote of only spaces quotes nothing: treat it as absent, so "neither" is caught
        if isinstance(data, dict) and isinstance(data.get("quote"), str) and not data["quote"].strip():
            data = {**data, "quote": None}
        return data

    @model_validator(mode="after")
    def _quote_bounded(self) -> Citation:
        if self.quote is not None and len(self.quote) > QUOTE_MAX_CHARS:
            raise ValueError(f"a quote is at most {QUOTE_MAX_CHARS:,} characters, this one {len(self.quote):,}: "
                             "quote the words of one provision")
        return self

    @model_validator(mode="after")
    def _span_ordered(self) -> Citation:
        if self.span is not None and not 0 <= self.span[0] <= self.span[1]:
            raise ValueError("span is [start, end] with 0 <= start <= end")
        return self

    @model_validator(mode="after")
    def _something_cited(self) -> Citation:
        if self.locator is None and not self.quote:
            raise ValueError("a citation needs a locator, a quote, or both")
        return self


class Claim(BaseModel):
    """One atomic statement of an answer and what it cites."""

    model_config = _MODEL

    text: str = Field(min_length=1)
    citations: tuple[Citation, ...] = ()

    @field_validator("text")
    @classmethod
    def _text_bounded(cls, text: str) -> str:
        if len(text) > CLAIM_MAX_CHARS:
            raise ValueError(f"a claim's text is at most {CLAIM_MAX_CHARS:,} characters, this one {len(text):,}: "
                             "split it into the statements it makes")
        return text

    @field_validator("citations")
    @classmethod
    def _citations_bounded(cls, citations: tuple[Citation, ...]) -> tuple[Citation, ...]:
        if len(citations) > CLAIM_MAX_CITATIONS:
            raise ValueError(f"a claim cites at most {CLAIM_MAX_CITATIONS} provisions, this one {len(citations):,}: "
                             "cite the provisions that support it")
        return citations

    @model_validator(mode="after")
    def _has_words(self) -> Claim:
        # invisible characters (zero-width spaces, direction marks) are no words either
        if not any(ch.isalnum() for ch in self.text):
            raise ValueError("a claim needs text: the statement its citations support")
        return self


class Answer(BaseModel):
    """The input of ``check`` (``corpus-format.md``, "The answer contract"): a question, the
    case it was asked about, and the answer's claims with what each cites."""

    model_config = _MODEL

    question: str | None = None
    context: Context = Context()
    claims: tuple[Claim, ...] = Field(min_length=1)


class CitationCheck(BaseModel):
    """What the checks found of one citation: where it points, and the first check it failed.

    ``resolved`` is the pinned version the citation was checked against (a quote-only
    citation is located by its words); ``closest``/``similarity`` show the nearest passage when
    the quote is not there (reported, never accepted).
    """

    model_config = _MODEL

    locator: Locator | None = None
    quote: str | None = None
    resolved: Locator | None = None
    status: ClaimStatus = "ok"
    detail: str = ""
    closest: str | None = None
    similarity: float | None = None


class EntailmentCheck(BaseModel):
    """What the NLI model proposed for a claim (the rules decide what it means)."""

    model_config = _MODEL

    model: str
    entailment: float
    neutral: float
    contradiction: float
    threshold: float


class ClaimResult(BaseModel):
    model_config = _MODEL

    text: str
    status: ClaimStatus
    detail: str = ""
    in_force: Locator | None = None
    redundant_citations: tuple[Locator, ...] = ()
    citations: tuple[CitationCheck, ...] = ()
    #: qualifiers the claim should have cited (a failure or, where the pack says so, a warning)
    missing_qualifiers: tuple[Locator, ...] = ()
    warnings: tuple[str, ...] = ()
    quantities: dict[str, Any] | None = None
    entailment: EntailmentCheck | None = None


class Refusal(BaseModel):
    """A question the engine declines to answer, and why (a reason code, never document text)."""

    model_config = _MODEL

    outcome: Literal["refusal"] = "refusal"
    reason: ReasonCode
    locator: str | None = None
    detail: str = ""
    #: access_restricted on a readable document whose answer rests on others: their ids. Left
    #: out of the JSON, whose contract says it in ``detail``.
    depends_on: tuple[str, ...] = Field(default=(), exclude=True)


class Exclusion(BaseModel):
    """A document that may not answer the case, with each reason kept separately."""

    model_config = _MODEL

    document: str
    reasons: tuple[str, ...]


class ReviewedEdge(BaseModel):
    """A supersedes edge a person accepted in reviews.yaml that a decision rested on: the
    addendum item, what it replaces (or deletes), from when, and who accepted it, when, why."""

    model_config = _MODEL

    item: Locator
    target: Locator
    scope: Literal["full", "partial"]
    successor: bool = True
    effective: dt.date
    origin: Literal["review"] = "review"
    review: EdgeReview


class AuditRecord(BaseModel):
    """The evidence path behind a verdict or finding: a decision log entry that can be stored
    and replayed (``inforce replay``) against the graph as it is later.

    ``revisions`` lists, for each document the decision rests on, the revisions the graph held;
    with ``index_build``, ``configuration`` and ``rule_packs`` it lets a replay say what changed.
    """

    model_config = _MODEL

    context: Context
    valid_at: dt.date | None = None
    known_at: UtcDateTime | None = None
    index_build: str = ""
    eligible: tuple[str, ...] = ()
    eligible_total: int = 0
    excluded: tuple[Exclusion, ...] = ()
    excluded_total: int = 0
    passages: tuple[Locator, ...] = ()
    qualifiers: tuple[Locator, ...] = ()
    calculations: tuple[dict[str, Any], ...] = ()
    rules_fired: tuple[str, ...] = ()
    project: str = ""
    question: str | None = None
    valid_at_source: str | None = None
    tier: Tier | None = None
    #: ``run``, or why not (``tier low``, ``no NLI model configured``)
    entailment: str | None = None
    models: dict[str, str] = {}
    configuration: str = ""
    rule_packs: dict[str, str] = {}
    revisions: dict[str, tuple[str, ...]] = {}
    answer_sha256: str = ""
    decided_at: UtcDateTime | None = None
    #: the edges of origin ``review`` on the documents the decision rested on (who accepted each)
    reviewed_edges: tuple[ReviewedEdge, ...] = ()


class Verdict(BaseModel):
    """Exactly one of answer, clarification request, refusal or escalation."""

    model_config = _MODEL

    verdict: VerdictKind
    reason: ReasonCode | None = None
    claims: tuple[ClaimResult, ...] = ()
    missing_attributes: tuple[str, ...] = ()
    #: for a clarification request: a stated value no rule accepts, with the values they do
    #: ("pilot=flase is none of the values ... (false, true)")
    unmatched_values: tuple[str, ...] = ()
    #: of ``missing_attributes``, those the case does not state at all (the others are stated
    #: with a value no rule accepts). For showing the verdict; left out of the JSON, whose
    #: contract says it with ``missing_attributes`` and ``unmatched_values``.
    unstated_attributes: tuple[str, ...] = Field(default=(), exclude=True)
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
    """One side of a finding: the provision (unpinned, the contract's form), its words, the
    quantity as written, and how an RFI names it ("Section 03 30 00 §2.1.A as amended by
    Addendum No. 2 §1.3")."""

    model_config = _MODEL

    locator: Locator
    text: str
    quantity: str | None = None
    replaces: Locator | None = None
    label: str | None = None
    resolved: Locator | None = None  # the pinned version the text was read from
    kind: str | None = None  # section | table_row | callout | reference
    condition: tuple[str, ...] | None = None  # what ``quantity`` is stated under (its terms); None: nothing


#: how many lowercase hex digits a finding's id has (``engine.sweep`` hashes what identifies
#: a finding to them): what a ``--baseline``'s id must be to name one
FINDING_ID_DIGITS = 16


def is_finding_id(text: object) -> bool:
    """Whether ``text`` is a finding id as a sweep writes one (``FINDING_ID_DIGITS`` lowercase
    hex digits, nothing around them)."""
    return (isinstance(text, str) and len(text) == FINDING_ID_DIGITS
            and all(ch in "0123456789abcdef" for ch in text))


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
    #: extensions of the contract: why the two disagree, which provision governs (resolved),
    #: which candidate sources proposed the pair, and, against a baseline, new, unchanged or
    #: changed (the same provisions, resolved otherwise: newly escalated, say)
    explanation: str = ""
    winner: Locator | None = None
    sources: tuple[CandidateSource, ...] = ()
    baseline: Literal["new", "unchanged", "changed"] | None = None
