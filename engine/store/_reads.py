"""Reading the graph back into ontology objects: revisions, documents, provisions, edges."""

from __future__ import annotations

import difflib
import json
from collections.abc import Collection, Iterable
from typing import Any

from inforce.ontology import Document, Locator, NotFoundError, Provision, Revision, Supersedes

from ._kuzu import KuzuGraph
from ._rows import (
    COLUMNS,
    EDGE_COLUMNS,
    document_from_rows,
    edge_from_row,
    provision_from_row,
    provision_key,
    revision_from_row,
)
from ._schema import PROVISION_TABLES

__all__ = [
    "QUANTITY_ROW_COLUMNS",
    "REVISION_ROW_COLUMNS",
    "declared_edges",
    "document",
    "documents",
    "has_provision",
    "held_provisions",
    "meta",
    "provision",
    "provision_count",
    "provision_outlines",
    "provision_paths",
    "applicability_rows",
    "provision_text",
    "quantity_rows",
    "revision_title",
    "revision_rows",
    "revisions",
    "section_numbers",
    "source_hashes",
    "supersedes",
]

_PROVISIONS = tuple(PROVISION_TABLES.values())
_REVISION_META = tuple(c for c in COLUMNS["Revision"] if c != "text_layer")
_ORDER = "ORDER BY r.doc, r.seq, r.effective_from, r.label"


def _select(alias: str, columns: Iterable[str]) -> str:
    return ", ".join(f"{alias}.{c}" for c in columns)


def _revision_rows(graph: KuzuGraph, *, uid: str | None = None, text: bool = False) -> list[dict[str, Any]]:
    columns = COLUMNS["Revision"] if text else _REVISION_META
    pattern = "(r:Revision {uid: $uid})" if uid is not None else "(r:Revision)"
    params = {"uid": uid} if uid is not None else None
    rows = graph.rows(f"MATCH {pattern} RETURN {_select('r', columns)} {_ORDER}", params)
    return [dict(zip(columns, row, strict=True)) for row in rows]


def revisions(graph: KuzuGraph) -> list[Revision]:
    return [revision_from_row(row) for row in _revision_rows(graph)]


#: The columns of ``revision_rows``, in order (the as-of index reads them by position).
REVISION_ROW_COLUMNS = (
    "doc", "label", "seq", "issued", "effective_from", "effective_until", "recorded", "changed",
    "on_lapse", "access",
)
# TIMESTAMP_TZ: Kuzu hands back UTC-aware datetimes itself (a per-row replace() in Python
# cost as much as the whole query).
_LEAN_SELECT = ", ".join(
    "CAST(r.recorded AS TIMESTAMP_TZ)" if c == "recorded" else f"r.{c}" for c in REVISION_ROW_COLUMNS
)


def revision_rows(graph: KuzuGraph) -> list[tuple[Any, ...]]:
    """Every revision as a plain tuple in ``REVISION_ROW_COLUMNS`` order, in no particular order.

    The lean read the as-of index opens with: no ontology objects (building 60,000 pydantic
    ``Revision`` records cost more than the query) and no ORDER BY (the index orders each
    document's revisions itself). ``recorded`` is UTC-aware; ``changed`` a list or None.
    """
    return list(map(tuple, graph.rows(f"MATCH (r:Revision) RETURN {_LEAN_SELECT}")))


#: The columns of ``quantity_rows``, in order (``engine.facts`` reads them by position).
QUANTITY_ROW_COLUMNS = (
    "rev", "doc", "path", "kind", "subject", "value", "upper", "unit", "bound", "bound_from",
    "normalized_value", "normalized_upper", "normalized_unit", "text", "span_start", "span_end",
    "page_start", "page_end", "frequency", "per_day", "condition",
)


def _keyed_rows(graph: KuzuGraph, table: str, columns: tuple[str, ...], where: str,
                params: dict[str, Any] | None) -> list[tuple[Any, ...]]:
    """``columns`` of ``table``'s rows as plain tuples, in key order (provision order within
    each revision)."""
    select = ", ".join(f"q.{c}" for c in columns)
    return list(map(tuple, graph.rows(f"MATCH (q:{table}) {where} RETURN {select} ORDER BY q.key", params)))


def quantity_rows(graph: KuzuGraph, subject: str | None = None) -> list[tuple[Any, ...]]:
    """Every stored quantity (of ``subject``; every bound one when None) as a plain tuple in
    ``QUANTITY_ROW_COLUMNS`` order, in provision order within each revision."""
    if subject is None:
        return _keyed_rows(graph, "Quantity", QUANTITY_ROW_COLUMNS, "WHERE q.subject IS NOT NULL", None)
    return _keyed_rows(graph, "Quantity", QUANTITY_ROW_COLUMNS, "WHERE q.subject = $subject", {"subject": subject})


#: What ``qualifier_rows`` returns per stored qualifier link, in this order.
QUALIFIER_ROW_COLUMNS = ("rev", "doc", "path", "target", "rule", "words", "resolved")


def qualifier_rows(graph: KuzuGraph, uid: str | None = None) -> list[tuple[Any, ...]]:
    """Every stored qualifier link (of revision ``uid``; of all when None) as a plain tuple in
    ``QUALIFIER_ROW_COLUMNS`` order, in provision order within each revision."""
    if uid is None:
        return _keyed_rows(graph, "Qualifier", QUALIFIER_ROW_COLUMNS, "", None)
    return _keyed_rows(graph, "Qualifier", QUALIFIER_ROW_COLUMNS, "WHERE q.rev = $uid", {"uid": uid})


def provision_count(graph: KuzuGraph) -> int:
    """How many provisions (every kind) the graph holds."""
    return sum(int(graph.scalar(f"MATCH (p:{table}) RETURN count(p)")) for table in _PROVISIONS)


def provision_counts(graph: KuzuGraph) -> dict[str, int]:
    """Revision uid → how many provisions it holds (every kind)."""
    counts: dict[str, int] = {}
    for table in _PROVISIONS:
        for uid, n in graph.rows(f"MATCH (p:{table}) RETURN p.rev, count(*)"):
            counts[uid] = counts.get(uid, 0) + int(n)
    return counts


def applicability_rows(graph: KuzuGraph) -> list[tuple[Any, ...]]:
    """Every revision's applicability, lean: ``(uid, doc, kind, effective_from, effective_until,
    applies_to, access, seq, recorded, on_lapse)`` with ``applies_to`` a mapping of tuples and
    ``access`` a tuple or None."""
    rows = graph.rows(
        "MATCH (r:Revision) RETURN r.uid, r.doc, r.kind, r.effective_from, r.effective_until,"
        " r.applies_to, r.access, r.seq, CAST(r.recorded AS TIMESTAMP_TZ), r.on_lapse"
    )
    found = []
    decoded: dict[str, dict[str, tuple[str, ...]]] = {}  # many revisions share one applies_to
    for uid, doc, kind, start, until, applies_to, access, seq, recorded, on_lapse in rows:
        written = applies_to or "{}"
        facets = decoded.get(written)
        if facets is None:
            facets = decoded[written] = {k: tuple(v) for k, v in json.loads(written).items()}
        found.append((
            uid, doc, kind, start, until, facets,
            tuple(access) if access is not None else None, seq, recorded, on_lapse or "lapse",
        ))
    return found


def provision_outlines(graph: KuzuGraph, revisions: Collection[str] | None = None) -> dict[str, dict[str, str | None]]:
    """Revision uid → {path: parent path} of every provision, every revision included (only those
    of ``revisions`` when given: those holding no provision are then left out).

    ``provision_paths`` without its order: one aggregated row per revision and provision
    table instead of one Python row per provision (what made opening a large project slow).
    """
    outlines: dict[str, dict[str, str | None]] = {}
    where, params = ("WHERE p.rev IN $revs ", {"revs": sorted(revisions)}) if revisions is not None else ("", None)
    for table in _PROVISIONS:
        if revisions is not None and not revisions:
            break
        for uid, pairs in graph.rows(f"MATCH (p:{table}) {where}RETURN p.rev, collect([p.path, p.parent])", params):
            outline = outlines.get(uid)
            if outline is None:
                outlines[uid] = dict(pairs)
            else:
                outline.update(pairs)
    if revisions is None:
        for (uid,) in graph.rows("MATCH (r:Revision) WHERE r.provisions = 0 RETURN r.uid"):
            outlines.setdefault(uid, {})
    return outlines


def _edges(graph: KuzuGraph, where: str = "", params: dict[str, Any] | None = None) -> list[tuple[str, Supersedes]]:
    rows = graph.rows(
        f"MATCH (a:Document)-[e:SUPERSEDES]->(b:Document) {where}"
        f"RETURN a.id, b.id, {_select('e', EDGE_COLUMNS)} ORDER BY e.declared DESC, e.owner, e.ord",
        params,
    )
    found = []
    for source, target, *values in rows:
        row = dict(zip(EDGE_COLUMNS, values, strict=True))
        found.append((row["owner"], edge_from_row(source, target, row)))
    return found


def supersedes(graph: KuzuGraph) -> list[Supersedes]:
    """Every edge: declared ones first (by declaring revision, in document order), then derived."""
    return [edge for _, edge in _edges(graph)]


def declared_edges(graph: KuzuGraph, owner: str | None = None) -> dict[str, list[Supersedes]]:
    where = "WHERE e.declared AND e.owner = $owner " if owner is not None else "WHERE e.declared "
    grouped: dict[str, list[Supersedes]] = {}
    for uid, edge in _edges(graph, where, {"owner": owner} if owner is not None else None):
        grouped.setdefault(uid, []).append(edge)
    return grouped


def documents(graph: KuzuGraph) -> list[Document]:
    edges = declared_edges(graph)
    return [
        document_from_rows({**row, "text_layer": ""}, (), edges.get(row["uid"], ()), with_text=False)
        for row in _revision_rows(graph)
    ]


def _provisions_of(graph: KuzuGraph, uid: str) -> list[Provision]:
    """Every provision of revision ``uid``, in document order. Read through the revision's
    ``CONTAINS`` edges (one edge to each of its provisions, written with it): the revision is
    found by its key, where a filter on ``p.rev`` scans every provision of the project, a cost
    that grows with the project (a few hundred of these reads took half an ingest's time)."""
    ordered: list[tuple[int, Provision]] = []
    for table in _PROVISIONS:
        columns = COLUMNS[table]
        for values in graph.rows(f"MATCH (r:Revision {{uid: $uid}})-[:CONTAINS]->(p:{table}) "
                                 f"RETURN {_select('p', columns)}", {"uid": uid}):
            row = dict(zip(columns, values, strict=True))
            ordered.append((row["ord"], provision_from_row(table, row)))
    ordered.sort(key=lambda pair: pair[0])
    return [p for _, p in ordered]


def _revision_hint(graph: KuzuGraph, doc: str) -> str:
    labels = [row[0] for row in graph.rows("MATCH (r:Revision) WHERE r.doc = $doc RETURN r.label " + _ORDER, {"doc": doc})]
    if labels:
        return f"{doc} has revisions: " + ", ".join(f"{doc}@{label}" for label in labels)
    known = [row[0] for row in graph.rows("MATCH (r:Revision) RETURN DISTINCT r.doc")]
    close = difflib.get_close_matches(doc, known, n=3)
    return f"no document {doc}" + (f"; did you mean {', '.join(close)}?" if close else "")


def document(graph: KuzuGraph, uid: str) -> Document:
    rows = _revision_rows(graph, uid=uid, text=True)
    if not rows:
        raise NotFoundError(f"no revision {uid} in the graph", hint=_revision_hint(graph, uid.partition("@")[0]))
    edges = declared_edges(graph, uid).get(uid, ())
    return document_from_rows(rows[0], _provisions_of(graph, uid), edges)


def text_layers(graph: KuzuGraph, uids: list[str]) -> dict[str, str]:
    """The text layer of each revision ``DOC@REV`` named, one query; one not stored is left out."""
    if not uids:
        return {}
    rows = graph.rows("MATCH (r:Revision) WHERE r.uid IN $uids RETURN r.uid, r.text_layer", {"uids": uids})
    return {uid: layer or "" for uid, layer in rows}


def provision(graph: KuzuGraph, locator: Locator) -> tuple[Document, Provision]:
    """The provision at a pinned locator, with its document's metadata (no text layer)."""
    if locator.rev is None:
        raise NotFoundError(f"{locator} is not pinned to a revision", hint=_revision_hint(graph, locator.doc))
    uid = f"{locator.doc}@{locator.rev}"
    rows = _revision_rows(graph, uid=uid)
    if not rows:
        raise NotFoundError(f"no revision {uid} in the graph", hint=_revision_hint(graph, locator.doc))
    if locator.path is None:
        # in locators, as every adapter takes them: no Python call, no revision the asker never gave
        # (audit 81 B L2: "SPEC-015000@0 ... (hint: read it with document('SPEC-015000@0'))")
        paths = sorted(row[0] for t in _PROVISIONS
                       for row in graph.rows(f"MATCH (p:{t}) WHERE p.rev = $uid RETURN p.path", {"uid": uid}))
        raise NotFoundError(f"{locator.doc} names a whole document, not a provision",
                            hint=f"name one of its provisions as {locator.doc}#PATH"
                                 + (f", e.g. {', '.join(f'{locator.doc}#{path}' for path in paths[:3])}" if paths else ""))
    key = provision_key(uid, locator.path)
    for table in _PROVISIONS:
        columns = COLUMNS[table]
        found = graph.rows(f"MATCH (p:{table} {{key: $key}}) RETURN {_select('p', columns)}", {"key": key})
        if found:
            edges = declared_edges(graph, uid).get(uid, ())
            meta = document_from_rows({**rows[0], "text_layer": ""}, (), edges, with_text=False)
            return meta, provision_from_row(table, dict(zip(columns, found[0], strict=True)))
    raise NotFoundError(f"{locator} is not in the graph", hint=_path_hint(graph, uid, locator.path))


def provision_text(graph: KuzuGraph, locator: Locator) -> tuple[str, int, int] | None:
    """(text, span start, span end) of a pinned provision, one lean lookup; None if absent."""
    key = provision_key(f"{locator.doc}@{locator.rev}", locator.path or "")
    for table in _PROVISIONS:
        found = graph.rows(f"MATCH (p:{table} {{key: $key}}) RETURN p.text, p.span_start, p.span_end", {"key": key})
        if found:
            text, start, end = found[0]
            return text, start, end
    return None


#: Keys looked up in one statement by ``provision_texts``.
_TEXTS_AT_ONCE = 10_000


def provision_texts(graph: KuzuGraph, locators: Iterable[Locator]) -> dict[str, tuple[str, int, int]]:
    """``provision_text`` of many pinned provisions, by key (``DOC@REV#path``), in a few
    statements: a sweep's finding listing 80,000 provisions asked one statement each, twice
    for a row (each table tried in turn), 10 s of a 22 s sweep. Those absent are left out."""
    keys = sorted({provision_key(f"{locator.doc}@{locator.rev}", locator.path or "")
                   for locator in locators if locator.rev and locator.path})
    found: dict[str, tuple[str, int, int]] = {}
    for table in _PROVISIONS:
        left = [key for key in keys if key not in found]
        for start in range(0, len(left), _TEXTS_AT_ONCE):
            for key, text, begin, end in graph.rows(
                    f"UNWIND $keys AS k MATCH (p:{table} {{key: k}}) RETURN p.key, p.text, p.span_start, p.span_end",
                    {"keys": left[start:start + _TEXTS_AT_ONCE]}):
                found[key] = (text, begin, end)
    return found


_PLACE_EXTRA = {
    "Section": "p.heading AS heading, NULL AS header, NULL AS cells",
    "TableRow": "NULL AS heading, p.header AS header, p.cells AS cells",
    "Callout": "NULL AS heading, NULL AS header, NULL AS cells",
}


def provision_place(graph: KuzuGraph, locator: Locator) -> dict[str, Any] | None:
    """Where a pinned provision is and what it says, one lookup: text, span, first page,
    its heading (a section) or header and cells (a table row); None if absent."""
    key = provision_key(f"{locator.doc}@{locator.rev}", locator.path or "")
    for table in _PROVISIONS:
        found = graph.rows(
            f"MATCH (p:{table} {{key: $key}}) RETURN p.text, p.span_start, p.span_end, p.page_start, "
            f"{_PLACE_EXTRA[table]}", {"key": key},
        )
        if found:
            text, start, end, page, heading, header, cells = found[0]
            return {"kind": table, "text": text, "start": start, "end": end, "page": page, "heading": heading,
                    "header": tuple(header or ()), "cells": tuple(cells or ())}
    return None


def revision_title(graph: KuzuGraph, uid: str) -> str | None:
    found = graph.rows("MATCH (r:Revision {uid: $uid}) RETURN r.title", {"uid": uid})
    return found[0][0] if found else None


def _path_hint(graph: KuzuGraph, uid: str, path: str) -> str:
    paths = [row[0] for t in _PROVISIONS for row in graph.rows(f"MATCH (p:{t}) WHERE p.rev = $uid RETURN p.path", {"uid": uid})]
    close = difflib.get_close_matches(path, paths, n=5, cutoff=0.5)
    parent = path.rsplit(".", 1)[0] if "." in path else None
    siblings = sorted(p for p in paths if parent is not None and p.startswith(parent + ".") and p.count(".") == path.count("."))
    nearby = list(dict.fromkeys(close + siblings[:5]))
    if nearby:
        return f"{uid} has nearby paths: " + ", ".join(nearby[:8])
    return f"{uid} has {len(paths)} provisions" + (f", e.g. {', '.join(sorted(paths)[:5])}" if paths else "")


def section_numbers(graph: KuzuGraph) -> dict[str, list[str]]:
    """Revision uid → the numbers its sections carry that are long enough to hold a CSI
    section number (six digits, ``engine.derivation``'s ``_DIGITS``), in document order: what
    a ``TargetDirectory`` reads from a document's provisions, for revisions read back as
    metadata (``TargetDirectory.of_store``). Shorter numbers ("2.1", "A") are left in the graph."""
    found: dict[str, list[tuple[int, str]]] = {}
    for uid, number, order in graph.rows("MATCH (p:Section) WHERE p.number IS NOT NULL AND size(p.number) >= 6 "
                                         "RETURN p.rev, p.number, p.ord"):
        found.setdefault(uid, []).append((order, number))
    return {uid: [number for _, number in sorted(numbers)] for uid, numbers in found.items()}


def held_provisions(graph: KuzuGraph, pairs: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (document, path) of ``pairs`` some revision of the document holds: ``has_provision`` of
    many at once, in a few statements (an ingest checks every stored addendum's targets: one by
    one, 1,106 of them took 2.9 s in a delta of a million provisions)."""
    wanted = set(pairs)
    if not wanted:
        return set()
    labels: dict[str, list[str]] = {}
    for doc, uid in graph.rows("MATCH (r:Revision) WHERE r.doc IN $docs RETURN r.doc, r.uid",
                               {"docs": sorted({doc for doc, _ in wanted})}):
        labels.setdefault(doc, []).append(uid)
    keys = {provision_key(uid, path): (doc, path) for doc, path in wanted for uid in labels.get(doc, ())}
    found: set[tuple[str, str]] = set()
    for table in _PROVISIONS:
        if keys:
            found.update(keys[key] for (key,) in graph.rows(
                f"UNWIND $keys AS k MATCH (p:{table} {{key: k}}) RETURN p.key", {"keys": sorted(keys)}))
    return found


def has_provision(graph: KuzuGraph, doc: str, path: str | None) -> bool:
    """Whether any revision of ``doc`` holds ``path`` (any revision at all when path is None)."""
    labels = [row[0] for row in graph.rows("MATCH (r:Revision) WHERE r.doc = $doc RETURN r.uid", {"doc": doc})]
    if path is None or not labels:
        return bool(labels)
    return any(
        graph.rows(f"MATCH (p:{table} {{key: $key}}) RETURN p.ord", {"key": provision_key(uid, path)})
        for uid in labels
        for table in _PROVISIONS
    )


def revision_kinds(graph: KuzuGraph) -> list[tuple[str, str]]:
    """Every revision's (uid, kind), in ``documents``' order: what a caller wanting only which
    revisions are of which kinds reads, not every revision's metadata built into a ``Document``."""
    return [(uid, kind) for uid, kind in graph.rows(f"MATCH (r:Revision) RETURN r.uid, r.kind {_ORDER}")]


def source_hashes(graph: KuzuGraph) -> dict[str, tuple[str, str]]:
    rows = graph.rows("MATCH (r:Revision) RETURN r.source_file, r.uid, r.content_hash ORDER BY r.uid")
    return {file: (uid, content) for file, uid, content in rows}


def provision_paths(graph: KuzuGraph) -> dict[str, dict[str, str | None]]:
    """Revision uid → {path: parent path} for every provision, in document order."""
    held: dict[str, list[tuple[int, str, str | None]]] = {}
    for table in _PROVISIONS:
        for uid, ordinal, path, parent in graph.iter_rows(f"MATCH (p:{table}) RETURN p.rev, p.ord, p.path, p.parent"):
            held.setdefault(uid, []).append((ordinal, path, parent))
    for uid in (row[0] for row in graph.rows("MATCH (r:Revision) RETURN r.uid")):
        held.setdefault(uid, [])
    return {uid: {path: parent for _, path, parent in sorted(rows)} for uid, rows in sorted(held.items())}


def meta(graph: KuzuGraph) -> dict[str, str | None]:
    return {key: value for key, value in graph.rows("MATCH (m:Meta) RETURN m.key, m.value")}
