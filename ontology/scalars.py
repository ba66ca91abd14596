"""Scalars shared by every model: locators, character spans, dates on both clocks."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    model_serializer,
    model_validator,
)

from .dates import parse_datetime_utc
from .errors import LocatorError

__all__ = [
    "CharSpan",
    "DocumentId",
    "Locator",
    "PATH_SEGMENT",
    "UtcDateTime",
    "is_document_id",
]

#: One segment of a section path: ``2``, ``A``, ``a``, ``iv``, ``part-2``, ``table-1``, ``row-3``.
PATH_SEGMENT = r"[A-Za-z0-9][A-Za-z0-9_\-]*"
_DOC_ID = r"[A-Za-z0-9][A-Za-z0-9_\-.]*"
_REV = r"[A-Za-z0-9][A-Za-z0-9_\-.]*"
_LOCATOR_RE = re.compile(
    rf"^(?P<doc>{_DOC_ID})(?:@(?P<rev>{_REV}))?(?:#(?P<path>{PATH_SEGMENT}(?:\.{PATH_SEGMENT})*))?$"
)
_DOC_ID_RE = re.compile(rf"^{_DOC_ID}$")

DocumentId = Annotated[str, Field(pattern=rf"^{_DOC_ID}$", min_length=1, max_length=200)]


class Locator(BaseModel):
    """Where a provision lives: ``DOC-ID[@REV][#path]``.

    ``rev`` pins one revision; without it the locator means the document's provision in
    whatever revision is in force. ``path`` is absent for a whole document.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    doc: str
    rev: str | None = None
    path: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_string(cls, value: Any) -> Any:
        if isinstance(value, str):
            return cls._parts(value)
        return value

    @model_validator(mode="after")
    def _check_parts(self) -> Locator:
        text = self.format()
        if not _LOCATOR_RE.match(text) or self.doc.endswith("."):
            raise ValueError(f"invalid locator parts: {text!r}")
        return self

    @staticmethod
    def _parts(text: str) -> dict[str, str | None]:
        match = _LOCATOR_RE.match(text.strip())
        if match is None or match["doc"].endswith("."):
            raise LocatorError(
                f"cannot parse locator {text!r}",
                hint="expected DOC-ID[@REV][#path], e.g. SPEC-033000#2.1.A or SOP-114@D#5.2",
            )
        return match.groupdict()

    @classmethod
    def parse(cls, text: str) -> Locator:
        """Parse ``DOC-ID[@REV][#path]``; raises LocatorError with a hint when it does not."""
        return cls(**cls._parts(text))

    @model_serializer(mode="plain")
    def _to_string(self) -> str:
        return self.format()

    def format(self) -> str:
        text = self.doc
        if self.rev is not None:
            text += f"@{self.rev}"
        if self.path is not None:
            text += f"#{self.path}"
        return text

    def __str__(self) -> str:
        return self.format()

    def unpinned(self) -> Locator:
        """The same provision without a revision: the in-force one, whichever that is."""
        return Locator(doc=self.doc, path=self.path)

    def pinned(self, rev: str | None) -> Locator:
        return Locator(doc=self.doc, rev=rev, path=self.path)

    @property
    def segments(self) -> tuple[str, ...]:
        return tuple(self.path.split(".")) if self.path else ()


class CharSpan(BaseModel):
    """Character offsets ``[start, end)`` into a document's text layer, with pages for PDFs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    page_start: int | None = Field(default=None, ge=1)
    page_end: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> CharSpan:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} is before start {self.start}")
        return self

    def slice(self, text: str) -> str:
        return text[self.start : self.end]


UtcDateTime = Annotated[
    dt.datetime,
    BeforeValidator(parse_datetime_utc),
    PlainSerializer(lambda v: v.isoformat().replace("+00:00", "Z"), return_type=str),
]


def is_document_id(text: str) -> bool:
    return bool(_DOC_ID_RE.match(text))
