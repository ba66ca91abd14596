"""One vocabulary of outcomes and reason codes: every engine result uses these, nothing else.

``docs/formats.md`` lists them from here (``tests/ontology/test_vocabulary.py`` keeps it in step).
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "AsOfReason",
    "CandidateSource",
    "ClaimStatus",
    "ComparisonOutcome",
    "DropReason",
    "EligibilityOutcome",
    "ExclusionReason",
    "FailOn",
    "FindingKind",
    "PrecedenceResolution",
    "QuantityMismatch",
    "QuantityWarningCode",
    "ReasonCode",
    "RefusalReason",
    "Resolution",
    "StaleReason",
    "StopReason",
    "Tier",
    "VerdictKind",
    "VOCABULARY",
]

#: The four verdicts.
VerdictKind = Literal["answer", "clarification_request", "refusal", "escalation"]

#: Why a question is refused (eligibility, access on any command).
RefusalReason = Literal["no_eligible_document", "access_restricted", "no_coverage_for_date"]

#: Reason codes a verdict may carry.
ReasonCode = Literal[
    "no_eligible_document",
    "access_restricted",
    "no_coverage_for_date",
    "unsupported",
    "missing_attribute",
    "conflict",
    "no_valid_citation",
    "entailment_unverified",
]

#: How hard ``check`` looks: ``low`` runs the mechanical checks only; ``high`` adds entailment
#: by an NLI model, and escalates (``entailment_unverified``) when none is configured.
Tier = Literal["low", "high"]

#: What eligibility decides for a case.
EligibilityOutcome = Literal["eligible", "clarification_request", "refusal"]

#: Why one document is excluded from a case: a facet name (``market``, ``product``…), or one of these.
ExclusionReason = Literal["period", "superseded", "access"]

#: Why an as-of answer is not simply "in force".
AsOfReason = Literal["no_coverage_for_date", "superseded", "stale_revision", "not_yet_in_force"]

#: Why a retrieval candidate was dropped when collapsing to the in-force revision.
DropReason = Literal[
    "duplicate", "older_revision", "not_yet_in_force", "superseded", "removed",
    "no_coverage_for_date", "unknown_locator", "access",
]

#: Why the freshness gate blocks a citation.
StaleReason = Literal[
    "stale_revision", "not_yet_in_force", "superseded", "removed", "no_coverage_for_date",
    "fabricated_locator", "access_restricted",
]

#: Why a version of a provision stopped applying (history).
#: ``withheld``: a revision the asker may not read carries or ends the version (``engine.redaction``).
StopReason = Literal["changed", "removed", "superseded", "deleted", "lapsed", "withheld"]

#: What a claim check finds.
ClaimStatus = Literal[
    "ok", "fabricated_locator", "quote_not_found", "unsupported_quantity", "stale_revision",
    "ineligible_source", "missing_qualifier", "unsupported_citation", "contradicted", "uncited", "erased",
]

#: What two statements of one quantity are to each other (``engine.quantities.compare``).
ComparisonOutcome = Literal["equal", "compatible", "conflict", "not_comparable"]

#: Why a claim's quantity is not supported by a cited one (``unsupported_quantity``, in detail).
QuantityMismatch = Literal[
    "unit_missing", "no_unit_in_source", "value_differs", "frequency_differs",
    "bound_differs", "subject_differs", "not_comparable", "no_quantity_in_source",
    "malformed_number", "condition_differs",
]

#: Why a quantity is kept without a value or a unit (an ingest warning; never guessed).
QuantityWarningCode = Literal["unknown_unit", "malformed_number"]

#: Kinds of sweep findings, and how a conflict is resolved.
FindingKind = Literal[
    "quantity_conflict", "contradiction", "superseded_reference", "broken_reference", "table_mismatch",
    "unapplied_item",  # an addendum item's proposed edge nobody has accepted or rejected yet
]
Resolution = Literal["resolved_by_supersession", "resolved_by_precedence", "escalate"]
#: Where a sweep's candidate pairs come from (blocking keys and proposers).
CandidateSource = Literal["quantity_subject", "supersession", "cross_reference", "embedding", "nli"]
#: Which findings make ``inforce sweep`` exit 1.
FailOn = Literal["escalate", "any", "none"]
PrecedenceResolution = Literal["resolved_by_precedence", "escalate"]

#: Every vocabulary by name, for documentation and tests.
VOCABULARY: dict[str, tuple[str, ...]] = {
    name: globals()[name].__args__
    for name in __all__
    if name != "VOCABULARY"
}
