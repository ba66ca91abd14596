"""Documents and their provisions: sections, table rows and drawing callouts."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .errors import InputError
from .scalars import CharSpan, DocumentId, Locator, UtcDateTime

__all__ = [
    "ABBREVIATION_WORDS",
    "MAX_LEGEND_ENTRIES",
    "DOCUMENT_KINDS",
    "MAX_DOCUMENT_FIGURES",
    "MAX_DOCUMENT_PROVISIONS",
    "MAX_SECTION_DEPTH",
    "ON_LAPSE_VALUES",
    "OnLapse",
    "Callout",
    "Document",
    "DocumentKind",
    "EdgeReview",
    "EffectiveInterval",
    "Provision",
    "QualifierLink",
    "QuarantinedTable",
    "Revision",
    "Section",
    "SourceRef",
    "Supersedes",
    "TableRow",
    "provisions_past_limit",
]

DocumentKind = Literal[
    "specification",
    "drawing",
    "addendum",
    "change_order",
    "amendment",
    "agreement",
    "schedule",
    "sop",
    "label",
    "policy",
    "handbook",
    "standard",
    "other",
]
DOCUMENT_KINDS: tuple[str, ...] = DocumentKind.__args__  # type: ignore[attr-defined]

#: What happens when a revision's ``effective.until`` passes: ``lapse`` (the default) —
#: nothing of the document is in force; ``resume_previous`` — the revision it replaced
#: applies again (a temporary amendment handing back to the text it suspended).
OnLapse = Literal["lapse", "resume_previous"]
ON_LAPSE_VALUES: tuple[str, ...] = OnLapse.__args__  # type: ignore[attr-defined]

#: The words an abbreviation legend may give for an abbreviation (``CLR.`` → ``clear``): letters,
#: spaces, apostrophes, hyphens and slashes, starting with a letter, as a legend table, a
#: callout legend and a drawing's ``abbreviations:`` all write them.
ABBREVIATION_WORDS = re.compile(r"^[A-Za-z][A-Za-z '\-/]*$")

#: The most abbreviations one document's legend holds, however written (a drawing's ``abbreviations:``,
#: a Markdown or PDF table under an ABBREVIATIONS heading, a callout): a drawing set's legend is a few
#: hundred, and each is compiled into the patterns every statement is read with (audit 75 B F1; a
#: Markdown table of 90,000 rows had no bound, audit 114 B).
MAX_LEGEND_ENTRIES = 2_000

_FROZEN = ConfigDict(frozen=True, extra="forbid", populate_by_name=True, serialize_by_alias=True)


class EffectiveInterval(BaseModel):
    """Valid time: ``from`` inclusive, ``until`` exclusive; no ``until`` means open-ended."""

    model_config = _FROZEN

    from_: dt.date = Field(alias="from")
    until: dt.date | None = None

    @model_validator(mode="after")
    def _ordered(self) -> EffectiveInterval:
        if self.until is not None and self.until <= self.from_:
            raise ValueError(f"effective.until {self.until} is not after effective.from {self.from_}")
        return self

    def contains(self, day: dt.date) -> bool:
        return self.from_ <= day and (self.until is None or day < self.until)


class SourceRef(BaseModel):
    """Where a document revision came from: its file, and the line of its metadata."""

    model_config = _FROZEN

    file: str
    line: int | None = None
    format: Literal["markdown", "drawing", "pdf", "csv", "docx", "akoma_ntoso", "generated", "erased"] = "markdown"


class EdgeReview(BaseModel):
    """Who accepted an edge in the project's ``reviews.yaml``, when (UTC) and with what note."""

    model_config = _FROZEN

    by: str
    at: UtcDateTime
    note: str | None = None


class Supersedes(BaseModel):
    """An edge saying ``source`` replaces ``target`` (fully or in part) from ``effective``.

    ``origin`` is ``declared`` for an edge written in a document's metadata, ``rule:<ID>``
    for one a rule pack derived, or ``review`` for one a person accepted in ``reviews.yaml``
    (then ``review`` says who, when and why; ``by`` is the addendum item).

    ``successor`` False marks a deletion: the target stops applying and nothing replaces it
    ("Delete callout 4", "DELETE Section 01 21 00 in its entirety", a repeal). ``by`` then
    names the provision that deletes it, and the scope is full.

    ``consolidated`` True marks an amendment whose change the target's text already holds (an
    Akoma Ntoso expression dated on or after the change): the target is amended by it from
    ``effective`` (``amended_by`` names it) but no marker is added to its words. Partial only.
    """

    model_config = _FROZEN

    source: Locator
    target: Locator
    scope: Literal["full", "partial"]
    effective: dt.date
    by: Locator | None = None
    origin: str = "declared"
    line: int | None = None
    successor: bool = True
    review: EdgeReview | None = None
    consolidated: bool = False

    @model_validator(mode="after")
    def _deletion_is_full(self) -> Supersedes:
        if not self.successor and self.scope != "full":
            raise ValueError("an edge with no successor (a deletion) must have scope full")
        if self.consolidated and self.scope != "partial":
            raise ValueError("only a partial edge (an amendment) can be already consolidated in its target")
        if (self.review is not None) != (self.origin == "review"):
            raise ValueError("an edge has a review exactly when its origin is review")
        return self


class QualifierLink(BaseModel):
    """``provision`` is qualified by ``qualifier`` (the words that say so, and the rule that read them)."""

    model_config = _FROZEN

    provision: Locator
    qualifier: Locator
    rule: str
    words: str
    resolved: bool = True


#: The most levels sections nest (``Section.depth`` runs 0 to ``MAX_SECTION_DEPTH - 1``). A
#: section's text holds its descendants', so a document's stored text is at most this many
#: times its text layer; real documents nest under ten levels (part, section, 1.2.3, A, 1, a,
#: (1), (i)). A reader refuses a heading past it as an input error at its line.
MAX_SECTION_DEPTH = 16

#: The most provisions (sections and table rows together) one document may hold. Each costs
#: kilobytes once read and stored (its text, its row, its graph node), so a 2.6 MB CSV schedule
#: of 200,000 records held ingest 82 s and 2 GB (audit 104 B F1); the largest real documents
#: read have about a thousand (docs/formats.md, "Input limits"). Every reader counts its
#: provisions as it reads them and refuses the document at the first one past it, as an input
#: error at that provision's line (``provisions_past_limit``).
MAX_DOCUMENT_PROVISIONS = 100_000


#: The most figures (numbers read with their unit, ``Quantity``) one document may state. Each
#: costs a fraction of a millisecond and kilobytes read and stored, and one provision may state
#: any number of them: one 2.7 MB line of "concrete 4000 psi" held ingest 33 s at 2.7 GB, and the
#: input limit admitted millions (audit 107 B F2). As many as the provisions allowed: the largest
#: real documents read state some thousands. Refused at the provision where the count passes it.
MAX_DOCUMENT_FIGURES = 100_000


def provisions_past_limit(file: str, line: int | None, what: str) -> InputError:
    """The input error of a document whose provision ``what`` (at ``line``) is the first past
    ``MAX_DOCUMENT_PROVISIONS``: the one wording every reader refuses it with."""
    return InputError(
        f"more than {MAX_DOCUMENT_PROVISIONS:,} provisions (sections and table rows) in one document: "
        f"{what} is past the limit",
        file=file,
        line=line,
        field="provisions",
        hint="split it into several documents (a long schedule into several files)",
    )


class Section(BaseModel):
    """A numbered (or heading-delimited) part of a document, its descendants included."""

    model_config = _FROZEN

    kind: Literal["section"] = "section"
    path: str
    number: str | None = None
    heading: str = ""
    parent: str | None = None
    depth: int = Field(default=0, ge=0)
    span: CharSpan
    text: str


class TableRow(BaseModel):
    """One row of a table, kept whole with its header (``table-N.row-M``).

    ``span`` covers the row's own line in the text layer and ``header_span`` the header line;
    ``text`` is the header line, a newline, then the row line.
    """

    model_config = _FROZEN

    kind: Literal["table_row"] = "table_row"
    path: str
    parent: str | None = None
    table: int = Field(ge=1)
    row: int = Field(ge=1)
    header: tuple[str, ...]
    cells: tuple[str, ...]
    span: CharSpan
    header_span: CharSpan
    text: str


class Callout(BaseModel):
    """A note on a drawing sheet (``callout-3``), with its detail reference and scale."""

    model_config = _FROZEN

    kind: Literal["callout"] = "callout"
    path: str
    parent: str | None = None
    detail: str | None = None
    scale: str | None = None
    span: CharSpan
    text: str


Provision = Annotated[Section | TableRow | Callout, Field(discriminator="kind")]


class QuarantinedTable(BaseModel):
    """A PDF table whose rows were not indexed: the rows extracted from it and the rows the
    page's text layer shows disagree, so a person must confirm it.

    ``table`` is the number its rows would have had (``table-N``), ``page`` the page it starts
    on (``page_end`` the last, when it runs over a page break).
    """

    model_config = _FROZEN

    table: int = Field(ge=1)
    page: int = Field(ge=1)
    page_end: int | None = Field(default=None, ge=1)
    extracted_rows: int = Field(ge=0)
    text_rows: int = Field(ge=0)


class Revision(BaseModel):
    """One revision's place on both clocks: valid time (effective) and transaction time (recorded)."""

    model_config = _FROZEN

    document: DocumentId
    label: str
    seq: int = 0
    issued: dt.date | None = None
    effective: EffectiveInterval
    recorded: UtcDateTime
    changed: tuple[str, ...] | None = None
    on_lapse: OnLapse = "lapse"
    #: who may read it, as the document's ``access`` (None: everyone); what the registry says
    access: tuple[str, ...] | None = None

    @property
    def locator(self) -> Locator:
        return Locator(doc=self.document, rev=self.label)


class Document(BaseModel):
    """One issued revision of a document, with its provisions and text layer."""

    model_config = _FROZEN

    schema_version: int = 1
    id: DocumentId
    kind: DocumentKind
    title: str = ""
    revision: str = "0"
    seq: int = 0
    issued: dt.date | None = None
    effective: EffectiveInterval
    recorded: UtcDateTime
    changed: tuple[str, ...] | None = None
    on_lapse: OnLapse = "lapse"
    access: tuple[str, ...] | None = None
    applies_to: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    supersedes: tuple[Supersedes, ...] = ()
    sheet: str | None = None
    scale: str | None = None
    #: a drawing's ``abbreviations:`` legend, as written → its words (in the file's order): it
    #: extends the project's vocabulary for every document (``engine.quantities.legend``)
    abbreviations: dict[str, str] = Field(default_factory=dict)
    source: SourceRef
    content_hash: str = ""
    text_layer: str = ""
    provisions: tuple[Provision, ...] = ()
    #: PDF tables left out of ``provisions`` by the row-count check (reported by ingest)
    quarantined_tables: tuple[QuarantinedTable, ...] = ()

    @property
    def uid(self) -> str:
        """The revision's key: ``DOC@REV``."""
        return f"{self.id}@{self.revision}"

    @property
    def locator(self) -> Locator:
        return Locator(doc=self.id, rev=self.revision)

    def provision_locator(self, path: str) -> Locator:
        return Locator(doc=self.id, rev=self.revision, path=path)

    def as_revision(self) -> Revision:
        return Revision(
            document=self.id,
            label=self.revision,
            seq=self.seq,
            issued=self.issued,
            effective=self.effective,
            recorded=self.recorded,
            changed=self.changed,
            on_lapse=self.on_lapse,
            access=self.access,
        )
