"""The case being asked about: both dates, the asker's groups, the case attributes."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from .scalars import UtcDateTime, visible_name

__all__ = ["AttributeValue", "Context", "attribute_value"]

AttributeValue = str | bool | int | float | dt.date | None


def attribute_value(name: str, value: AttributeValue) -> AttributeValue:
    """A case attribute's value as every reader of a case takes it — the CLI's ``--context``, an
    API request's or a page's ``attributes``, a ``rules impact --cases`` line, an answer's
    ``context``: the one home of the rule. A text value is one a case matches a document's
    facet value by, exactly, so it follows the facet values' own rule (``scalars.visible_name``,
    as ingest reads ``applies_to``): ValueError for one holding a character that cannot be seen
    ("the value of market 'UK\\u200b' holds a character that cannot be seen (U+200B)"), which
    no document's facet can hold (the case had silently matched none)."""
    return visible_name(value, f"value of {name}") if isinstance(value, str) else value


class Context(BaseModel):
    """``valid_at`` is the date the question is about (chosen by a rule, never silently today);
    ``known_at`` is what document control had recorded by then (None: everything known now).
    Each text value of ``attributes`` follows ``attribute_value`` (a problem located at
    ``attributes.NAME``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    valid_at: dt.date | None = None
    known_at: UtcDateTime | None = None
    groups: tuple[str, ...] = ()
    attributes: dict[str, AttributeValue] = Field(default_factory=dict)

    @field_validator("attributes")
    @classmethod
    def _visible_values(cls, attributes: dict[str, AttributeValue]) -> dict[str, AttributeValue]:
        problems: list[InitErrorDetails] = []
        for name, value in attributes.items():
            try:
                attribute_value(name, value)
            except ValueError as problem:
                problems.append(InitErrorDetails(type=PydanticCustomError("value_error", "{reason}",
                                                                          {"reason": str(problem)}),
                                                 loc=(name,), input=value))
        if problems:  # each at its attribute (``attributes.market``), as a value of the wrong type is
            raise ValidationError.from_exception_data("attributes", problems)
        return attributes
