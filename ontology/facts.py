"""Facts by subject: every in-force statement of a quantity on a day, where it was read.

``Facts`` is the result of ``inforce.engine.Project.facts`` (built by ``engine.facts``) and
the input the sweep compares; it lives here, with the other result types, so an adapter
renders it without reaching into the engine. Its JSON is the "Facts" contract of
docs/formats.md.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict, Field

from .quantity import Bound, BoundSource, NormalizedValue, Quantity
from .scalars import CharSpan, Locator, UtcDateTime

__all__ = ["Fact", "FactQuantity", "Facts", "NormalizedFact"]

_MODEL = ConfigDict(frozen=True, extra="forbid")


class FactQuantity(BaseModel):
    """The quantity as written: ``not less than 5,000 psi`` → 5000, psi, min."""

    model_config = _MODEL

    value: float
    upper: float | None = None
    unit: str | None = None
    bound: Bound
    bound_from: BoundSource = "text"
    frequency: str | None = None  # a dosing frequency written with the amount (``twice daily``)
    per_day: float | None = None


class NormalizedFact(BaseModel):
    """The value in its dimension's canonical unit (pint's name), as facts are compared."""

    model_config = _MODEL

    value: float
    upper: float | None = None
    unit: str


class Fact(BaseModel):
    """One in-force statement of a subject's quantity, where it was read."""

    model_config = _MODEL

    subject: str
    locator: Locator  # the provision, unpinned (the contract's form)
    resolved: Locator  # the provision's in-force version, pinned
    kind: str  # section | table_row | callout
    text: str  # the quantity as written in the provision
    quantity: FactQuantity
    normalized: NormalizedFact | None = None
    span: CharSpan | None = None
    replaces: tuple[Locator, ...] = ()  # sections the provision replaced (``by``), in force on the day
    #: the condition the figure is stated under, its terms (``["increased", "adult"]``); None: none stated
    condition: tuple[str, ...] | None = None
    #: the provision is in force but amended in part on the day by these (the figure may be stale)
    amended_by: tuple[Locator, ...] = ()

    def as_quantity(self) -> Quantity:
        """The fact as a ``Quantity`` (for ``engine.quantities.compare``)."""
        q, n = self.quantity, self.normalized
        return Quantity(
            value=q.value, upper=q.upper, unit=q.unit, bound=q.bound, bound_from=q.bound_from,
            subject=self.subject, text=self.text, locator=self.resolved, span=self.span,
            normalized=None if n is None else NormalizedValue(value=n.value, upper=n.upper, unit=n.unit),
            frequency=q.frequency, per_day=q.per_day, condition=self.condition or (),
        )


class Facts(BaseModel):
    """What ``inforce facts`` prints (the "Facts" contract of docs/formats.md, extended)."""

    model_config = _MODEL

    facts: tuple[Fact, ...]
    subject: str | None
    valid_at: dt.date
    known_at: UtcDateTime | None
    index_build: str
    withheld: tuple[str, ...] = ()  # documents whose facts the asker may not read (access)
    #: Where ``valid_at`` came from (as ``AsOfAnswer.valid_at_source``); left out of the JSON.
    valid_at_source: str = Field(default="valid_at", exclude=True)
