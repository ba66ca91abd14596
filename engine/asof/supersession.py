"""Supersession as of a date: which edges apply to a provision, and its in-force successors.

An edge ``source → target`` with scope ``full`` says the target (a document, or a section
with its descendants) no longer applies from ``effective``; ``by`` names the provision that
carries the replacement. Scope ``partial`` says part of the target is replaced: the target
stays in force, amended by the source. An edge with no successor is a deletion: the target
no longer applies and nothing replaces it (``by`` names the provision that deleted it). Edges are declared in documents (origin
``declared``) or derived by a rule pack (origin ``rule:<ID>``).

An edge counts as of ``(valid_at, known_at)`` when it is effective on ``valid_at`` and the
revision that declares it had been recorded by ``known_at``. Ingest rejects cycles
(``check_corpus``); the traversal here is cycle-safe anyway, because a graph built by other
means (a rule pack, a store loaded by hand) must not hang a query.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from inforce.ontology import Locator, Supersedes

from .revisions import ancestors

__all__ = ["EdgeHit", "Spent", "SupersessionIndex", "known_from"]

_MINUS_INF = float("-inf")

#: How an edge's target relates to the provision asked about.
COVERS, INSIDE = "covers", "inside"


def known_from(edge: Supersedes, recorded: float | None) -> float | None:
    """When ``edge`` became known (a POSIX timestamp): when the revision declaring it was
    ``recorded``; for an edge a person accepted in ``reviews.yaml``, the later of that and the
    review's time (a ``known_at`` before the decision does not see it). None: the revision is
    not held and the edge is not reviewed (it counts whatever ``known_at`` says)."""
    if edge.review is None:
        return recorded
    decided = edge.review.at.timestamp()
    return decided if recorded is None else max(recorded, decided)


@dataclass(frozen=True, slots=True)
class _Edge:
    """One edge, reduced to what the hot path compares (dates as ordinals)."""

    target_doc: str
    target_path: str | None
    target_rev: str | None
    full: bool
    effective: int
    known_from: float
    successor_doc: str
    successor_path: str | None
    successor: str
    edge: Supersedes
    deletes: bool  # nothing succeeds the target: ``successor`` is the provision that deleted it


@dataclass(frozen=True, slots=True)
class EdgeHit:
    """An edge that applies to a provision as of a date, and how its target relates to it.

    ``relation`` is ``covers`` when the target is the provision or one of its ancestors (the
    whole document included), ``inside`` when the target is one of its descendants (a part of
    the provision was replaced: the provision is amended, not superseded).
    """

    edge: Supersedes
    relation: str
    successor: str


@dataclass(frozen=True, slots=True)
class Spent:
    """An amending provision no longer in force on a day (``AsOfIndex.spent``): every edge it
    made that is in effect stopped applying because a later revision of the edge's target
    changed the target. ``edges`` are those edges, ``ended_by`` the target revisions that
    ended them (one each, in the same order), ``in_force`` the targets' versions in force now
    (pinned; a target that revision removed has none): what replaced the provision."""

    edges: tuple[Supersedes, ...]
    ended_by: tuple[Locator, ...]
    in_force: tuple[Locator, ...]


#: a document with at most this many edges is scanned whole (``SupersessionIndex._near``)
_FEW_EDGES = 32


class _TargetPaths:
    """A document's edges by the path they target, for ``SupersessionIndex._near``: each path's
    edge positions, the paths in order (a dotted descendant found by bisection) and, where the
    outline is not the dotted numbering, which paths each path is an outline ancestor of."""

    __slots__ = ("below", "by_path", "ordered")

    def __init__(self, edges: Sequence[_Edge], ancestors_of: Callable[[str], frozenset[str]] | None) -> None:
        self.by_path: dict[str | None, list[int]] = {}
        for position, edge in enumerate(edges):
            self.by_path.setdefault(edge.target_path, []).append(position)
        self.ordered = sorted(tp for tp in self.by_path if tp is not None)
        self.below: dict[str, list[str]] = {}
        if ancestors_of is not None:
            for tp in self.ordered:
                for ancestor in ancestors_of(tp):
                    self.below.setdefault(ancestor, []).append(tp)

    def near(self, edges: Sequence[_Edge], path: str, outline_ancestors: Iterable[str]) -> list[_Edge]:
        wanted: set[str | None] = {None, path, *outline_ancestors, *self.below.get(path, ())}
        wanted.update(path[:i] for i, ch in enumerate(path) if ch == ".")
        prefix = path + "."
        at = bisect.bisect_left(self.ordered, prefix)
        while at < len(self.ordered) and self.ordered[at].startswith(prefix):
            wanted.add(self.ordered[at])
            at += 1
        positions = sorted(p for tp in wanted for p in self.by_path.get(tp, ()))
        return [edges[p] for p in positions]


class SupersessionIndex:
    """Supersedes edges keyed by target document, sorted by effective date, for as-of queries."""

    __slots__ = ("_by_amender", "_by_target", "_lineage", "_lineages", "_paths", "edges")

    def __init__(
        self,
        edges: Iterable[Supersedes],
        recorded_of: Callable[[str, str | None], float | None],
        lineage: Callable[[str, str], tuple[str, ...]] | None = None,
    ) -> None:
        """Index ``edges``; ``recorded_of(doc, rev)`` gives when the declaring revision was
        recorded (a POSIX timestamp; ``rev`` None = the document's first recorded revision),
        or None when the index does not hold that document (the edge then counts whatever
        ``known_at`` says). ``lineage(doc, path)`` names a provision's ancestors where the
        outline is not the dotted numbering (a ``PART 2`` above ``2.1``)."""
        self._lineage = lineage
        #: ``lineage`` answers as sets, each asked once: a scan of a document's edges asks them for
        #: every edge, and an addendum replacing many paragraphs of one document made that quadratic
        #: in calls (750 items: 3.4 million; audit 35 DD-05)
        self._lineages: dict[tuple[str, str], frozenset[str]] = {}
        self._paths: dict[str, _TargetPaths] = {}
        self.edges: tuple[Supersedes, ...] = tuple(edges)
        by_target: dict[str, list[_Edge]] = {}
        # the reverse map: an amending provision (an edge's ``by``) -> the edges it made
        by_amender: dict[str, dict[str, list[_Edge]]] = {}
        for edge in self.edges:
            successor = edge.by if edge.by is not None else edge.source
            known = known_from(edge, recorded_of(edge.source.doc, edge.source.rev))
            by_target.setdefault(edge.target.doc, []).append(
                _Edge(
                    target_doc=edge.target.doc,
                    target_path=edge.target.path,
                    target_rev=edge.target.rev,
                    full=edge.scope == "full",
                    effective=edge.effective.toordinal(),
                    known_from=_MINUS_INF if known is None else known,
                    successor_doc=successor.doc,
                    successor_path=successor.path,
                    successor=successor.unpinned().format(),
                    edge=edge,
                    deletes=not edge.successor,
                )
            )
            if edge.by is not None:
                by_amender.setdefault(edge.by.doc, {}).setdefault(edge.by.unpinned().format(), []).append(
                    by_target[edge.target.doc][-1])
        # Effective date first so a scan can stop at the first edge not yet effective; the
        # successor string after it makes the order independent of file or insertion order.
        for items in by_target.values():
            items.sort(key=lambda e: (e.effective, e.successor, e.edge.origin, e.full))
        self._by_target = by_target
        for amenders in by_amender.values():
            for made in amenders.values():
                made.sort(key=lambda e: (e.effective, e.target_doc, e.target_path or "", e.edge.origin))
        self._by_amender = by_amender

    def __bool__(self) -> bool:
        return bool(self._by_target)

    def targets_document(self, doc: str) -> bool:
        return doc in self._by_target

    def edges_on(self, doc: str) -> tuple[Supersedes, ...]:
        """Every edge whose target is ``doc`` or one of its provisions, oldest first."""
        return tuple(e.edge for e in self._by_target.get(doc, ()))

    def amends_from(self, doc: str) -> bool:
        """Whether some provision of ``doc`` (or the whole document) is the ``by`` of an edge."""
        return doc in self._by_amender

    def made_by(self, doc: str, path: str | None) -> list[_Edge]:
        """The edges the amending provision ``doc#path`` made (it is their ``by``), oldest first.

        A provision that is the ``by`` of no edge speaks through its nearest ancestor that is
        one (a sub-paragraph of an addendum item is part of the item's words); empty when none
        is. A whole document (``path`` None) only through edges whose ``by`` is the document.
        """
        amenders = self._by_amender.get(doc)
        if amenders is None:
            return []
        if path is None:
            return amenders.get(doc, [])
        lineage = self._lineage(doc, path) if self._lineage is not None else ancestors(path, None)
        for key in (path, *lineage):
            made = amenders.get(f"{doc}#{key}")
            if made:
                return made
        return []

    def edges_from(self, doc: str) -> tuple[Supersedes, ...]:
        """Every edge whose source is ``doc`` (the edges that document declares or was given)."""
        return tuple(e for e in self.edges if e.source.doc == doc)

    def scan(
        self,
        doc: str,
        path: str | None,
        valid_day: int,
        known_ts: float,
        pinned_applies: Callable[[Supersedes], bool] | None,
    ) -> tuple[list[_Edge], list[tuple[_Edge, str]]]:
        full: list[_Edge] = []
        amended: list[tuple[_Edge, str]] = []
        for e in self._near(doc, path):
            if e.effective > valid_day:
                break
            if e.known_from > known_ts:
                continue
            tp = e.target_path
            if tp is None or tp == path or (path is not None and path.startswith(tp + ".")):
                relation = COVERS
            elif path is None or tp.startswith(path + "."):
                relation = INSIDE
            elif self._lineage is None:
                continue
            elif tp in self._ancestors(doc, path):
                relation = COVERS
            elif path in self._ancestors(doc, tp):
                relation = INSIDE
            else:
                continue
            if pinned_applies is not None and not pinned_applies(e.edge):
                continue  # its declaring revision was replaced, or its target reissued (AsOfIndex.pinned_applies)
            if e.full and relation == COVERS:
                full.append(e)
            else:
                amended.append((e, relation))
        return full, amended

    def _near(self, doc: str, path: str | None) -> Sequence[_Edge]:
        """The edges on ``doc`` that may bear on ``doc#path``, in the index's order: those on the
        whole document, on the path, on an ancestor (by the dotted numbering or the outline) and on
        a descendant; ``scan`` judges each. Every edge on a document with few edges, or for the
        whole document: an addendum replacing many paragraphs of one document had made each scan
        walk them all (audit 35 DD-05)."""
        edges = self._by_target.get(doc, ())
        if path is None or len(edges) <= _FEW_EDGES:
            return edges
        paths = self._paths.get(doc)
        if paths is None:
            paths = self._paths[doc] = _TargetPaths(edges, None if self._lineage is None else
                                                    (lambda tp: self._ancestors(doc, tp)))
        return paths.near(edges, path, () if self._lineage is None else self._ancestors(doc, path))

    def _ancestors(self, doc: str, path: str) -> frozenset[str]:
        """``lineage(doc, path)`` as a set, asked of it once."""
        found = self._lineages.get((doc, path))
        if found is None:
            assert self._lineage is not None
            found = self._lineages[doc, path] = frozenset(self._lineage(doc, path))
        return found

    def hits(
        self,
        doc: str,
        path: str | None,
        valid_day: int,
        known_ts: float,
        pinned_applies: Callable[[Supersedes], bool] | None = None,
    ) -> tuple[list[EdgeHit], list[EdgeHit]]:
        """The edges that apply to ``doc#path`` as of the day: (full supersessions, amendments).

        A full edge on the provision or an ancestor supersedes it; a partial edge there, or
        any edge on a descendant, amends it. An edge applies only while ``pinned_applies(edge)``
        says so (``AsOfIndex.pinned_applies``: its declaring revision not replaced, its target
        not reissued since); None applies every edge that is effective and known.
        """
        full, amended = self.scan(doc, path, valid_day, known_ts, pinned_applies)
        return (
            [EdgeHit(e.edge, COVERS, e.successor) for e in full],
            [EdgeHit(e.edge, relation, e.successor) for e, relation in amended],
        )

    def successors(
        self,
        doc: str,
        path: str | None,
        valid_day: int,
        known_ts: float,
        pinned_applies: Callable[[Supersedes], bool] | None = None,
    ) -> tuple[list[str], list[Supersedes]]:
        """The final replacements of ``doc#path``, transitively, and the edges walked (a
        deletion among them: walked, but what deleted it is no replacement).

        Whether each replacement is itself in force (its document may have lapsed) is the
        as-of index's to say (``consolidate.in_force_successors``); this walks edges only.

        A replacement that is itself fully superseded is replaced by its own successors, as
        of the same day. A provision reached twice (a diamond, or a cycle a hand-built graph
        let in) is followed once; a replacement whose only successors were already visited
        is kept as in force. Replacements come in edge order (effective date, then locator).
        """
        start = doc if path is None else f"{doc}#{path}"
        seen = {start}
        found: list[str] = []
        walked: list[Supersedes] = []
        # Depth first: a successor's own successors come before its later siblings.
        stack: list[_Edge] = []
        full, _ = self.scan(doc, path, valid_day, known_ts, pinned_applies)
        # A deletion (of the provision or an ancestor) ends the replacements made before it:
        # "DELETE Section 01 21 00 in its entirety" takes the allowance an earlier addendum
        # rewrote with it. They stay in the chain, walked but not followed.
        deleted_on = max((e.effective for e in full if e.deletes), default=None)
        if deleted_on is not None:
            walked += [e.edge for e in full if not e.deletes and e.effective <= deleted_on]
            full = [e for e in full if e.deletes or e.effective > deleted_on]
        for e in reversed(full):
            if e.successor not in seen:
                seen.add(e.successor)
                stack.append(e)
        while stack:
            e = stack.pop()
            walked.append(e.edge)
            if e.deletes:
                continue  # nothing replaces what was deleted
            nxt, _ = self.scan(e.successor_doc, e.successor_path, valid_day, known_ts, pinned_applies)
            if not nxt:
                found.append(e.successor)
                continue
            # A replacement reached again (a diamond) is already on its way to `found`.
            for n in reversed(nxt):
                if n.successor not in seen:
                    seen.add(n.successor)
                    stack.append(n)
        if not found and any(not e.deletes for e in full):
            # Only a cycle (which ingest rejects) leaves no replacement without successors;
            # name the direct replacements rather than answer that nothing replaced it.
            found = _unique([e.successor for e in full if not e.deletes])
        return found, walked


def _unique(items: list[str]) -> list[str]:
    seen: set[str] = set()
    return [x for x in items if not (x in seen or seen.add(x))]
