"""``show``: one stored provision (or document) with its revisions and the edges touching it.

Revisions and edges of documents the asker may not read are left out, not redacted — their
dates and section paths are content too — and those documents are named in ``withheld``; an
edge from a readable item to a target they may not read names the target by its document id
alone, without its review (``redaction.edge_target``), that document in ``withheld`` too. An
edge whose target is a section no revision the asker may read holds is not shown at all, nor
its document named: to them that section does not exist (``Snapshot.target_held``); nor is any
other edge of the item that names it (``Snapshot.edge_known``).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from inforce.ontology import Locator, Supersedes
from inforce.ontology.erasure import ErasedNote
from inforce.ontology.views import ProvisionView, ShownDocument, ShownEdge, ShownRevision

from .redaction import Readable, edge_target

if TYPE_CHECKING:
    from collections.abc import Callable

    from .asof import AsOfIndex
    from .store import GraphStore

__all__ = ["provision_view"]


def provision_view(
    store: GraphStore, index: AsOfIndex, wanted: Locator, rev: str, *, readable: Readable, targets: Readable,
    known: Callable[[Locator | None, Locator], bool], build_id: str,
    erased: Callable[[Locator], ErasedNote | None] = lambda _: None,
) -> ProvisionView:
    """``wanted`` at revision ``rev`` (which exists, and which the asker may read) as shown;
    ``targets`` judges what an edge targets (``Snapshot.target_readable``), as ``history`` does;
    an edge ``known`` (``Snapshot.edge_known``) says the asker does not know of is left out unnamed;
    a revision ``erased`` (``Snapshot.erased``) names is listed by its ids and dates, said erased."""
    entry = index.entry(wanted.doc)
    if wanted.path is None:
        document = store.document(f"{wanted.doc}@{rev}")
        text, kind = document.text_layer, "document"
    else:
        document, provision = store.provision(wanted.pinned(rev))
        text, kind = provision.text, provision.kind
    changed_at = _changed_positions(entry, wanted.path)
    edges = [e for e in _edges_touching(index, wanted) if known(e.by, e.target)]
    # that something replaced this provision is its own fact (as asof tells it), the rest is not
    hidden = [e for e in edges if not readable(e.source) or (e.by is not None and not readable(e.by))]
    # a revision the asker may not read is left out of the list, and its document named (access rule 3)
    unread = [r for r in entry.revisions if not readable(Locator(doc=wanted.doc, rev=r.label))]
    return ProvisionView(
        locator=str(wanted.pinned(rev)), kind=kind, text=text,
        document=ShownDocument(
            id=document.id, kind=document.kind, title=document.title, revision=document.revision,
            seq=document.seq, effective=_interval(document.effective.from_, document.effective.until),
            recorded=_utc(document.recorded), source=document.source.file,
            access=list(document.access) if document.access is not None else None,
            applies_to={k: list(v) for k, v in document.applies_to.items()},
        ),
        revisions=tuple(
            ShownRevision(
                revision=r.label, seq=r.seq, effective=_interval(r.effective.from_, r.effective.until),
                recorded=_utc(r.recorded), changed=pos in changed_at,
                erased=erased(Locator(doc=wanted.doc, rev=r.label)),
            )
            for pos, r in enumerate(entry.revisions)
            if readable(Locator(doc=wanted.doc, rev=r.label))
        ),
        edges=tuple(_shown_edge(e, targets) for e in edges if e not in hidden),
        index_build=build_id,
        erased=erased(Locator(doc=wanted.doc, rev=rev)),
        withheld=tuple(sorted({e.source.doc for e in hidden} | ({wanted.doc} if unread else set())
                              | {e.target.doc for e in edges if e not in hidden and not targets(e.target)})),
    )


def _edges_touching(index: AsOfIndex, wanted: Locator) -> list[Supersedes]:
    """Edges that replace, amend or are carried by the provision (or document) asked about."""

    def related(locator: Locator | None) -> bool:
        if locator is None or locator.doc != wanted.doc:
            return False
        if locator.path is None or wanted.path is None:
            return True
        return (locator.path == wanted.path or locator.path in index.lineage(wanted.doc, wanted.path)
                or wanted.path in index.lineage(wanted.doc, locator.path))

    return [
        edge for edge in index.supersession.edges
        if related(edge.target) or related(edge.by) or (wanted.path is None and edge.source.doc == wanted.doc)
    ]


def _changed_positions(entry: Any, path: str | None) -> set[int]:
    """The revisions that changed the provision's text (all of them for a whole document)."""
    if path is None:
        return set(range(len(entry.labels)))
    return {event >> 1 for event in entry.versions.get(path, ())}


def _shown_edge(edge: Supersedes, readable: Readable) -> ShownEdge:
    """``edge`` as the asker may see it: a target they may not read by its document id alone,
    without the edge's review (``redaction.edge_target``)."""
    target, review = edge_target(edge.target, edge.review, readable)
    return ShownEdge(
        source=str(edge.source), target=str(target), scope=edge.scope,
        effective=edge.effective.isoformat(), by=str(edge.by) if edge.by else None, origin=edge.origin,
        successor=edge.successor, review=review,
    )


def _utc(moment: dt.datetime) -> str:
    """A recorded time as the corpus writes it: ISO 8601 with Z."""
    return moment.isoformat().replace("+00:00", "Z")


def _interval(start: dt.date, until: dt.date | None) -> str:
    return f"{start.isoformat()} .. {until.isoformat() if until else 'open'}"
