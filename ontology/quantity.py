"""Quantities: a value, its unit, the kind of bound it states and the subject it measures."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from .scalars import CharSpan, Locator

__all__ = ["Bound", "BoundSource", "NormalizedValue", "Quantity"]

Bound = Literal["exact", "min", "max", "range"]

#: Where a bound came from: the words beside the number (``not less than``), or the subject
#: vocabulary (a plain ``f'c = 4,000 PSI`` read as the minimum the vocabulary says it is).
BoundSource = Literal["text", "vocabulary"]


class NormalizedValue(BaseModel):
    """A value (and a range's upper end) in the canonical unit of its dimension (pint's name)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: float
    upper: float | None = None
    unit: str


class Quantity(BaseModel):
    """``not less than 4,000 psi`` → value 4000, unit ``psi``, bound ``min``.

    A ``range`` carries its upper end in ``upper``. ``unit`` is the text as written (pint
    parses it when quantities are compared); ``subject`` is a vocabulary key such as
    ``concrete.compressive_strength``, or None until a subject rule binds it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    value: float
    upper: float | None = None
    unit: str | None = None
    bound: Bound = "exact"
    subject: str | None = None
    text: str = ""
    locator: Locator | None = None
    span: CharSpan | None = None
    #: The value in its dimension's canonical unit (``4,000 PSI`` → 27.58 megapascal); None
    #: for a number without a unit. Comparisons use it; ``unit`` stays as written.
    normalized: NormalizedValue | None = None
    bound_from: BoundSource = "text"
    #: A dosing frequency written with the amount (``twice daily``), and doses per day.
    frequency: str | None = None
    per_day: float | None = None
    #: The condition the figure is stated under: terms of the subject pack's ``conditions:``
    #: (``("increased", "adult")``, ``("weight 30-40 kg",)``); empty when its clause states none.
    condition: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _range_has_upper(self) -> Quantity:
        if (self.bound == "range") != (self.upper is not None):
            raise ValueError("a range bound needs `upper`, and only a range has one")
        if self.upper is not None and self.upper < self.value:
            raise ValueError(f"range upper {self.upper} is below its lower end {self.value}")
        return self

    @property
    def has_unit(self) -> bool:
        return bool(self.unit)


