"""What the reading of an addendum comes to (issue 21): the ``Reading`` of one document and what
it resolves references against (``Lookup``), the outcome of one item (applied, proposed, not
understood, skipped, quiet), and how an edge or a proposal is written into the reading or taken
out of it."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from inforce.ontology import (
    DerivedEdge,
    Document,
    Locator,
    NotUnderstoodItem,
    ProposalEvidence,
    ProposedEdge,
    Supersedes,
)

from ..derivation import TargetDirectory
from .actions import Action
from .items import Item
from .references import Reference


@dataclass(frozen=True)
class Lookup:
    """What a reading resolves references against: the section and sheet directory, whether a
    locator exists, each document's named paragraphs and outline paths."""

    directory: TargetDirectory
    has_target: Callable[[Locator], bool] | None = None
    names: Callable[[str], Mapping[str, str]] | None = None
    paths: Callable[[str], Collection[str]] | None = None


@dataclass
class Reading:
    """One document's reading: the edges applied (``applied`` as listed, ``edges`` as staged),
    the proposals, the items not understood, the items each rule's skip list covers, and the
    notes of targets that do not exist (ingest warnings)."""

    applied: list[DerivedEdge] = field(default_factory=list)
    edges: list[Supersedes] = field(default_factory=list)
    proposed: list[ProposedEdge] = field(default_factory=list)
    not_understood: list[NotUnderstoodItem] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)
    unresolved: list[str] = field(default_factory=list)
    #: (item, target) of the edges whose scope the item's own former and new text settled, each under its label
    #: ("Instead of:" / "Read: 2.3 ...", "Eski hali:" / "Yeni hali: Madde yürürlükten kaldırılmıştır."): the
    #: extent gate does not ask the item's words again
    settled: set[tuple[str, str]] = field(default_factory=set)


def _words(text: str, limit: int = 200) -> str:
    shown = " ".join(text.split())
    return shown if len(shown) <= limit else shown[: limit - 1].rstrip() + "…"


def _reference_score(reference: Reference) -> float | None:
    """How sure the reference's resolution is, 0-1: 1.0 for a number or an outline path, a
    title's rapidfuzz ratio / 100, None when nothing resolved it (a candidate of several)."""
    if reference.score is not None:
        return round(reference.score / 100, 3)
    return 1.0 if reference.target is not None else None


def _verb(action: Action) -> str | None:
    """The verb read, lower case ("revise", "delete ... substitute"), None when none was."""
    if not action.words:
        return None
    return " ".join(action.words.split(" … ")[0].lower().split())


def _offsets(document: Document) -> dict[str | None, int]:
    """Where each provision path of ``document`` first starts (one pass, looked up per item: a scan
    of the provisions for each item was quadratic in a long addendum, issue 23)."""
    offsets: dict[str | None, int] = {}
    for provision in document.provisions:
        offsets.setdefault(provision.path, provision.span.start)
    return offsets


@dataclass
class _Outcome:
    kind: str  # applied | proposed | not_understood | skipped | nothing | quiet (read: it changes nothing)
    rule: str = ""
    action: Action = field(default_factory=lambda: Action(None))
    targets: list[tuple[Locator, Reference]] = field(default_factory=list)
    why: str | None = None
    #: a line of the addendum's list of attachments that would apply but for being one
    listed: bool = False
    #: each target's own action, where an item holds several instructions (target → action)
    actions: dict[str, Action] = field(default_factory=dict)
    #: what the item also names and the project does not hold (a sheet of a list, the paragraph of one of the
    #: sections listed together): reported beside what it applies or proposes
    also: list[str] = field(default_factory=list)


_LISTED = "a line of the addendum's list of attachments: what it changes is for a person to confirm"


def _drop_item(reading: Reading, by: Locator) -> None:
    key = by.format()
    reading.applied = [e for e in reading.applied if e.by.format() != key]
    reading.edges = [e for e in reading.edges if e.by is None or e.by.format() != key]
    reading.proposed = [p for p in reading.proposed if p.item.format() != key]
    reading.not_understood = [n for n in reading.not_understood if n.item.format() != key]


def _apply(reading: Reading, document: Document, item: Item, target: Locator, action: Action, rule: str,
           file: str, line_of: Callable[[int], int | None]) -> None:
    edge = Supersedes(source=document.locator, target=target, scope=action.scope, effective=document.effective.from_,
                      by=item.locator, origin=f"rule:{rule}", successor=action.successor)
    reading.edges.append(edge)
    reading.applied.append(DerivedEdge(by=item.locator, target=target, scope=edge.scope, rule=rule, words=action.words,
                                       successor=edge.successor, file=file, line=line_of(item.offset)))


def _propose(reading: Reading, item: Item, target: Locator, action: Action, reference: str, rule: str,
             file: str, line_of: Callable[[int], int | None], why: str) -> None:
    reading.proposed.append(ProposedEdge(
        item=item.locator, target=target, scope=action.scope, successor=action.successor, rule=rule, file=file,
        line=line_of(item.offset), words=_words(item.text),
        evidence=ProposalEvidence(reference=reference, resolved_by="number", reference_score=None,
                                  action=action.words or None, change=action.action, why=why)))


def _swap(reading: Reading, edge: DerivedEdge, scope: str, successor: bool) -> None:
    key = (edge.by.format(), edge.target.format())
    reading.applied = [e.model_copy(update={"scope": scope, "successor": successor})
                       if (e.by.format(), e.target.format()) == key else e for e in reading.applied]
    reading.edges = [e.model_copy(update={"scope": scope, "successor": successor})
                     if e.by is not None and (e.by.format(), e.target.format()) == key else e for e in reading.edges]
