"""The case being asked about: both dates, the asker's groups, the case attributes."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict, Field

from .scalars import UtcDateTime

__all__ = ["AttributeValue", "Context"]

AttributeValue = str | bool | int | float | dt.date | None


class Context(BaseModel):
    """``valid_at`` is the date the question is about (chosen by a rule, never silently today);
    ``known_at`` is what document control had recorded by then (None: everything known now)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    valid_at: dt.date | None = None
    known_at: UtcDateTime | None = None
    groups: tuple[str, ...] = ()
    attributes: dict[str, AttributeValue] = Field(default_factory=dict)
