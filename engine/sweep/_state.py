"""One sweep as it runs: what it was asked, the findings so far, and how a finding names and
quotes its provisions."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from inforce.ontology import Fact, Finding, FindingProvision, Locator, NotFoundError, SourceRun
from inforce.ontology.verdict import FINDING_ID_DIGITS

from ..precedence import provision_label

if TYPE_CHECKING:
    from inforce.ontology import FindingKind

    from ..backends import ModelBackends
    from ..redaction import Readable
    from ..snapshot import Snapshot


@dataclass
class _Run:
    """One sweep under way: what it was asked (the snapshot it reads, the model backends, the
    date and asker, the packs), the findings so far by id, and the labels already read."""

    snapshot: Snapshot
    backends: ModelBackends
    valid_at: dt.date
    known_at: dt.datetime | None
    groups: tuple[str, ...]
    packs: tuple[str, ...]
    params: Mapping[str, str]
    include_superseded: bool
    findings: dict[str, Finding] = field(default_factory=dict)
    sources: dict[str, SourceRun] = field(default_factory=dict)
    withheld: set[str] = field(default_factory=set)
    superseded_left_out: int = 0
    unconfirmed: int = 0
    labels: dict[str, str] = field(default_factory=dict)
    #: provisions' texts by pinned locator, read in batches (``read_texts``)
    texts: dict[str, str] = field(default_factory=dict)
    documents: dict[str, Any] = field(default_factory=dict)  # revision uid → its Document, as read
    _readable: Readable = field(init=False, repr=False)

    def readable(self, locator: Locator) -> bool:
        """Whether the asker may be shown ``locator`` in this sweep: its revision readable and
        its document not decided on the day by a revision they may not read
        (``Snapshot.readable_on``, the rule ``facts`` and ``asof`` follow)."""
        return self._readable(locator)

    def __post_init__(self) -> None:
        self._readable = self.snapshot.readable_on(self.groups, self.valid_at, self.known_at)

    def read_texts(self, pinned: Iterable[Locator]) -> None:
        """Read the texts of many provisions a finding will quote in a few statements, not one
        each (a finding of a subject stated 80,000 times)."""
        wanted = [locator for locator in pinned if locator.format() not in self.texts]
        if len(wanted) > 1:
            self.texts.update(self.snapshot.store.provision_texts(wanted))

    def text(self, pinned: Locator) -> str:
        """A provision's text (NotFoundError where the graph has none at ``pinned``)."""
        key = pinned.format()
        found = self.texts.get(key)
        if found is None:
            found = self.texts[key] = self.snapshot.store.provision_text(pinned)[0]
        return found

    def label(self, pinned: Locator) -> str:
        """How an RFI names a provision version (``DOC@REV#path``) or a document (``DOC@REV``)."""
        key = pinned.format()
        found = self.labels.get(key)
        if found is None:
            uid = f"{pinned.doc}@{pinned.rev}"
            meta = self._metadata().get(uid)
            try:
                if pinned.path is None:
                    document = self.documents.get(uid) or self.snapshot.store.document(uid)
                    found = provision_label(document, None)
                elif meta is not None and meta.kind != "drawing":
                    # a section's label needs its document's metadata and the path alone: one lean
                    # lookup that the provision is there, not the revision's rows and declared edges
                    # read again for each provision (2,000 addendum items on one paragraph: 29 s)
                    self.text(pinned)  # NotFoundError when it is not there
                    found = provision_label(meta, None) + f" §{pinned.path}"
                else:  # a sheet's label names the callout's detail, on the provision's own row
                    document, provision = self.snapshot.store.provision(pinned)
                    self.documents.setdefault(uid, document)
                    found = provision_label(document, provision)
            except NotFoundError:
                found = pinned.unpinned().format()
            self.labels[key] = found
        return found

    def _metadata(self) -> Mapping[str, Any]:
        """Every revision's metadata by uid, read once per snapshot."""
        return self.snapshot._once("document_metadata_by_uid",  # type: ignore[no-any-return]
                                   lambda: {d.uid: d for d in self.snapshot.store.documents()})

    def add(self, finding: Finding) -> None:
        self.findings.setdefault(finding.id, finding)


def finding_id(kind: str, subject: str | None, locators: Iterable[Locator]) -> str:
    """A stable id: the kind, the subject and the provisions (unpinned, in order), hashed, so
    runs can be compared (a new revision that changes nothing keeps the id)."""
    names = sorted(locator.unpinned().format() for locator in locators)
    return hashlib.sha256("\x1f".join([kind, subject or "", *names]).encode()).hexdigest()[:FINDING_ID_DIGITS]


def _provision(run: _Run, fact: Fact, label: str | None = None) -> FindingProvision:
    return FindingProvision(
        locator=fact.locator, text=run.text(fact.resolved), quantity=fact.text,
        replaces=fact.replaces[0].unpinned() if fact.replaces else None,
        label=label or run.label(fact.resolved), resolved=fact.resolved, kind=fact.kind, condition=fact.condition,
    )


def _kind(a: Fact, b: Fact) -> FindingKind:
    return "table_mismatch" if "table_row" in (a.kind, b.kind) else "quantity_conflict"


def _reference_provision(run: _Run, pinned: Locator, label: str | None = None,
                         replaces: Locator | None = None, kind: str | None = None) -> FindingProvision:
    """A side read from the graph by its pinned version (not from a stored quantity)."""
    return FindingProvision(
        locator=pinned.unpinned(), text=run.text(pinned),
        label=label or run.label(pinned), resolved=pinned, kind=kind, replaces=replaces,
    )
