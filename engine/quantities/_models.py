"""The typed results of extraction, binding, comparison and claim checks."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from inforce.ontology import Bound, CharSpan, ClaimStatus, Locator, Quantity
from inforce.ontology.quantity import BoundSource, NormalizedValue
from inforce.ontology.vocabulary import ComparisonOutcome, QuantityMismatch, QuantityWarningCode

__all__ = [
    "ClaimQuantityCheck",
    "Comparison",
    "ComparisonOutcome",
    "Extraction",
    "MatchedClaimQuantity",
    "Notation",
    "QuantityMention",
    "QuantityWarning",
    "SubjectBinding",
    "UnmatchedClaimQuantity",
    "WarningCode",
]

_MODEL = ConfigDict(frozen=True, extra="forbid")

#: Why a mention is kept without a value or a unit (one vocabulary: ``ontology.vocabulary``).
WarningCode = QuantityWarningCode

#: How the number was written.
#: ``unread``: a figure in a notation the reader keeps without a value (``1e3 psi``, ``1 x 10^3
#: psi``), warned of where it stands and named by ``unread.unread_figures`` in a claim.
Notation = Literal[
    "number", "fraction", "feet_inches", "word", "money", "percent", "unread",
]



class QuantityWarning(BaseModel):
    """Something in the text looked like a quantity and was not understood.

    ``span`` is in the caller's offsets (``base_offset`` added); ingest adds file and line.
    """

    model_config = _MODEL

    code: WarningCode
    text: str
    span: CharSpan
    message: str


class SubjectBinding(BaseModel):
    """Why a mention measures its subject: the words that name it, where, and how well."""

    model_config = _MODEL

    subject: str
    rule: str
    phrase: str
    synonym: str
    #: ``text``: the words are in the same clause; ``context``: in the context given
    #: (a table column's header, a callout's title).
    source: Literal["text", "context"]
    #: 100 for the synonym as written; lower for a fuzzy match (rapidfuzz).
    score: float
    span: CharSpan | None = None


class QuantityMention(BaseModel):
    """One quantity found in text, as written and normalised.

    ``value``/``upper`` are in the unit as written (a range carries both ends; a ± tolerance
    becomes a range around ``nominal``); money carries its scale word in the value
    (``$1,577 million`` → 1.577e9). ``value`` is None only for a malformed number, which is
    kept with a warning rather than guessed. ``unit`` is the unit's spelling in the text
    (``PSI``, ``"``, ``calendar days``, ``$``), except feet-and-inches (``12'-6"``), which is
    read in feet (``ft``, 12.5); ``unit_expression`` is what pint reads it as (``psi``,
    ``inch``, ``day``, ``USD``) and ``normalized`` the value in its dimension's canonical unit.
    A number without a unit has neither. ``precision`` is the place value of the last digit
    written, in the unit as written (``1.6 billion`` → 1e8; ``4,000`` → 1): claim checks use
    it to accept a claim that rounds its source.
    """

    model_config = _MODEL

    text: str
    span: CharSpan
    value: float | None
    upper: float | None = None
    nominal: float | None = None
    unit: str | None = None
    unit_expression: str | None = None
    dimension: str | None = None
    #: ``text``: written beside the number; ``context``: from a column header such as ``Dose (mg)``.
    unit_from: Literal["text", "context"] | None = None
    normalized: NormalizedValue | None = None
    bound: Bound = "exact"
    bound_from: BoundSource = "text"
    bound_text: str | None = None
    notation: Notation = "number"
    scale: str | None = None
    precision: float | None = None
    frequency: str | None = None
    per_day: float | None = None
    spacing: bool = False
    subject: str | None = None
    binding: SubjectBinding | None = None
    #: The condition the figure is stated under, as terms of the subject pack's ``conditions:``
    #: (``("increased", "adult")``, ``("weight 30-40 kg",)``); empty when the clause states
    #: none. Claims compare it; the graph stores it with the quantity (``facts`` shows it).
    condition: tuple[str, ...] = ()
    warnings: tuple[QuantityWarning, ...] = ()

    @property
    def has_unit(self) -> bool:
        return self.unit_expression is not None

    def quantity(self, locator: Locator | str | None = None) -> Quantity | None:
        """The stored form (the graph's quantity table); None for a malformed number."""
        if self.value is None:
            return None
        return Quantity(
            value=self.value, upper=self.upper, unit=self.unit, bound=self.bound,
            subject=self.subject, text=self.text, span=self.span,
            locator=Locator.parse(locator) if isinstance(locator, str) else locator,
            normalized=self.normalized, bound_from=self.bound_from,
            frequency=self.frequency, per_day=self.per_day, condition=self.condition,
        )


class Extraction(BaseModel):
    """Every quantity mention in one text, in order, and every warning raised on the way."""

    model_config = _MODEL

    mentions: tuple[QuantityMention, ...] = ()
    warnings: tuple[QuantityWarning, ...] = ()

    def bound(self) -> tuple[QuantityMention, ...]:
        """The mentions bound to a subject."""
        return tuple(m for m in self.mentions if m.subject is not None)

    def of_subject(self, subject: str) -> tuple[QuantityMention, ...]:
        return tuple(m for m in self.mentions if m.subject == subject)


class Comparison(BaseModel):
    """Two quantities compared after conversion, and what that means for two requirements.

    ``equal``: the same value (or interval) within tolerance. ``compatible``: different
    statements that can both hold (a value that meets a minimum, overlapping ranges).
    ``conflict``: they cannot both hold. ``not_comparable``: different dimensions, a number
    without a unit against one with, or a malformed value — never a match.
    """

    model_config = _MODEL

    outcome: ComparisonOutcome
    subject: str | None = None
    unit: str | None = None
    a: NormalizedValue | None = None
    b: NormalizedValue | None = None
    a_bound: Bound | None = None
    b_bound: Bound | None = None
    difference: float | None = None
    relative_difference: float | None = None
    tolerance_relative: float | None = None
    tolerance_absolute: float | None = None
    explanation: str

    @property
    def is_conflict(self) -> bool:
        return self.outcome == "conflict"

    @property
    def agrees(self) -> bool:
        """Equal or compatible: a requirement met, two statements that can both hold."""
        return self.outcome in ("equal", "compatible")


class MatchedClaimQuantity(BaseModel):
    model_config = _MODEL

    claim: QuantityMention
    source: QuantityMention
    source_index: int
    rule: Literal["equal", "rounded"]
    #: why a person decides, where the match alone does not (``claims``): the cited text gives the
    #: value for one of several places and the claim's place is not read, or the claim's figure is
    #: a soft conversion of the cited one; None for a plain match
    doubt: str | None = None


class UnmatchedClaimQuantity(BaseModel):
    """A claim quantity no cited quantity supports, and the nearest one that was there."""

    model_config = _MODEL

    claim: QuantityMention
    reason: QuantityMismatch
    closest: QuantityMention | None = None
    closest_index: int | None = None
    explanation: str


class ClaimQuantityCheck(BaseModel):
    """``ok`` when every quantity of a claim is matched by a cited one; else
    ``unsupported_quantity`` (the only two claim statuses this check gives)."""

    model_config = _MODEL

    status: ClaimStatus
    matched: tuple[MatchedClaimQuantity, ...] = ()
    unmatched: tuple[UnmatchedClaimQuantity, ...] = ()
    warnings: tuple[QuantityWarning, ...] = ()
