"""Quantities: a value, its unit, the kind of bound it states and the subject it measures."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from .scalars import CharSpan, Locator

__all__ = ["Bound", "Quantity"]

Bound = Literal["exact", "min", "max", "range"]


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


