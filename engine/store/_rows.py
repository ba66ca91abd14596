"""Documents to table rows and back: every field a ``Document`` has survives the round trip.

Rows are plain dicts keyed by column name, in the column order of ``_schema.NODE_COLUMNS``;
``to_*`` functions write them for staging, ``*_from_row`` functions rebuild the ontology
objects from what a query returns.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from inforce.ontology import (
    Callout,
    Document,
    EdgeReview,
    Locator,
    Provision,
    QualifierLink,
    Quantity,
    Revision,
    Section,
    Supersedes,
    TableRow,
)

from ._schema import NODE_COLUMNS, PROVISION_TABLES

__all__ = [
    "qualifier_rows",
    "COLUMNS",
    "document_from_rows",
    "edge_from_row",
    "edge_row",
    "provision_from_row",
    "provision_key",
    "provision_rows",
    "quantity_rows",
    "revision_from_row",
    "revision_row",
    "text_hash",
]


def _column_names(ddl: str) -> tuple[str, ...]:
    return tuple(part.strip().split()[0] for part in ddl.split(","))


#: Column names of each node table, in DDL order.
COLUMNS: dict[str, tuple[str, ...]] = {table: _column_names(ddl) for table, ddl in NODE_COLUMNS.items()}

#: Columns of SUPERSEDES rows as the reads return them (after the two endpoint ids).
EDGE_COLUMNS = (
    "source_rev", "source_path", "target_rev", "target_path", "scope", "effective", "by",
    "origin", "line", "owner", "declared", "ord", "successor", "reviewer", "reviewed_at", "review_note",
    "consolidated",
)


def text_hash(text: str) -> str:
    """The key of a provision text in the embedding cache: 128 bits of its sha256."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def provision_key(uid: str, path: str) -> str:
    return f"{uid}#{path}"


def _timestamp(value: dt.datetime) -> str:
    return value.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def _date(value: dt.date | None) -> str | None:
    return value.isoformat() if value is not None else None


def _list(value: Iterable[str] | None) -> list[str] | None:
    return list(value) if value is not None else None


def revision_row(document: Document) -> dict[str, Any]:
    return {
        "uid": document.uid,
        "doc": document.id,
        "label": document.revision,
        "seq": document.seq,
        "kind": document.kind,
        "title": document.title,
        "issued": _date(document.issued),
        "effective_from": document.effective.from_.isoformat(),
        "effective_until": _date(document.effective.until),
        "recorded": _timestamp(document.recorded),
        "changed": _list(document.changed),
        "on_lapse": document.on_lapse,
        "access": _list(document.access),
        "applies_to": json.dumps({k: list(v) for k, v in document.applies_to.items()}, ensure_ascii=False),
        "sheet": document.sheet,
        "scale": document.scale,
        "abbreviations": json.dumps(document.abbreviations, ensure_ascii=False) if document.abbreviations else None,
        "source_file": document.source.file,
        "source_line": document.source.line,
        "source_format": document.source.format,
        "content_hash": document.content_hash,
        "schema_version": document.schema_version,
        "provisions": len(document.provisions),
        "quarantined_tables": json.dumps([t.model_dump() for t in document.quarantined_tables])
        if document.quarantined_tables else None,
        "text_layer": document.text_layer,
    }


def provision_rows(document: Document) -> Iterator[tuple[str, dict[str, Any]]]:
    """(table, row) for each provision, in document order."""
    uid, doc = document.uid, document.id
    for ordinal, provision in enumerate(document.provisions):
        span = provision.span
        text = provision.text
        # One literal per kind, keys in the table's column order (a dict built and then
        # updated four times cost as much as encoding it).
        if isinstance(provision, Section):
            yield "Section", {
                "key": provision_key(uid, provision.path), "rev": uid, "doc": doc, "path": provision.path,
                "ord": ordinal, "parent": provision.parent,
                "number": provision.number, "heading": provision.heading, "depth": provision.depth,
                "span_start": span.start, "span_end": span.end,
                "page_start": span.page_start, "page_end": span.page_end,
                "text": text, "text_hash": text_hash(text),
            }
        elif isinstance(provision, TableRow):
            header = provision.header_span
            yield "TableRow", {
                "key": provision_key(uid, provision.path), "rev": uid, "doc": doc, "path": provision.path,
                "ord": ordinal, "parent": provision.parent,
                "table_no": provision.table, "row_no": provision.row,
                "header": list(provision.header), "cells": list(provision.cells),
                "span_start": span.start, "span_end": span.end,
                "page_start": span.page_start, "page_end": span.page_end,
                "header_start": header.start, "header_end": header.end,
                "header_page_start": header.page_start, "header_page_end": header.page_end,
                "text": text, "text_hash": text_hash(text),
            }
        else:
            yield PROVISION_TABLES[provision.kind], {
                "key": provision_key(uid, provision.path), "rev": uid, "doc": doc, "path": provision.path,
                "ord": ordinal, "parent": provision.parent,
                "detail": provision.detail, "scale": provision.scale,
                "span_start": span.start, "span_end": span.end,
                "page_start": span.page_start, "page_end": span.page_end,
                "text": text, "text_hash": text_hash(text),
            }


def quantity_rows(
    document: Document, quantities: Iterable[Quantity],
) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(provision table, quantity row, provision key) for each quantity read in ``document``.

    Each quantity's ``locator`` names its provision (its path); they are numbered per
    provision in the order given.
    """
    uid, doc = document.uid, document.id
    kinds = {p.path: p.kind for p in document.provisions}
    counts: dict[str, int] = {}
    for quantity in quantities:
        path = quantity.locator.path if quantity.locator is not None else None
        if path is None or path not in kinds:
            raise ValueError(f"a quantity of {uid} names no provision of it: {quantity.locator}")
        n = counts[path] = counts.get(path, 0) + 1
        provision = provision_key(uid, path)
        span, normalized = quantity.span, quantity.normalized
        yield PROVISION_TABLES[kinds[path]], {
            "key": f"{provision}#q{n}", "rev": uid, "doc": doc, "path": path, "kind": kinds[path],
            "value": quantity.value, "upper": quantity.upper, "unit": quantity.unit, "bound": quantity.bound,
            "bound_from": quantity.bound_from, "subject": quantity.subject,
            "normalized_value": normalized.value if normalized else None,
            "normalized_upper": normalized.upper if normalized else None,
            "normalized_unit": normalized.unit if normalized else None,
            "frequency": quantity.frequency, "per_day": quantity.per_day, "text": quantity.text,
            "span_start": span.start if span else None, "span_end": span.end if span else None,
            "page_start": span.page_start if span else None, "page_end": span.page_end if span else None,
            "condition": list(quantity.condition) or None,
        }, provision


def qualifier_rows(document: Document, links: Iterable[QualifierLink]) -> Iterator[dict[str, Any]]:
    """One row per qualifier link of ``document`` (each ``provision`` a path of it), numbered
    per provision in the order given."""
    uid, doc = document.uid, document.id
    paths = {p.path for p in document.provisions}
    counts: dict[str, int] = {}
    for link in links:
        path = link.provision.path
        if link.provision.doc != doc or path is None or path not in paths:
            raise ValueError(f"a qualifier link of {uid} names no provision of it: {link.provision}")
        n = counts[path] = counts.get(path, 0) + 1
        yield {
            "key": f"{provision_key(uid, path)}#r{n}", "rev": uid, "doc": doc, "path": path,
            "target": link.qualifier.path, "rule": link.rule, "words": link.words, "resolved": link.resolved,
        }


def edge_row(edge: Supersedes, *, owner: str, declared: bool, ordinal: int) -> dict[str, Any]:
    return {
        "from": edge.source.doc,
        "to": edge.target.doc,
        "source_rev": edge.source.rev,
        "source_path": edge.source.path,
        "target_rev": edge.target.rev,
        "target_path": edge.target.path,
        "scope": edge.scope,
        "effective": edge.effective.isoformat(),
        "by": edge.by.format() if edge.by is not None else None,
        "origin": edge.origin,
        "line": edge.line,
        "owner": owner,
        "declared": declared,
        "ord": ordinal,
        "successor": edge.successor,
        "reviewer": edge.review.by if edge.review is not None else None,
        "reviewed_at": edge.review.at.isoformat() if edge.review is not None else None,
        "review_note": edge.review.note if edge.review is not None else None,
        "consolidated": edge.consolidated,
    }


# ---- rows back to the ontology -----------------------------------------------------------


def _utc(value: dt.datetime) -> dt.datetime:
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def _tuple(value: list[str] | None) -> tuple[str, ...] | None:
    return tuple(value) if value is not None else None


def _effective(row: Mapping[str, Any]) -> dict[str, Any]:
    return {"from": row["effective_from"], "until": row["effective_until"]}


def revision_from_row(row: Mapping[str, Any]) -> Revision:
    return Revision(
        document=row["doc"],
        label=row["label"],
        seq=row["seq"],
        issued=row["issued"],
        effective=_effective(row),
        recorded=_utc(row["recorded"]),
        changed=_tuple(row["changed"]),
        on_lapse=row["on_lapse"] or "lapse",
        access=_tuple(row["access"]),
    )


def _span(row: Mapping[str, Any], prefix: str = "span") -> dict[str, Any]:
    pages = "page" if prefix == "span" else f"{prefix}_page"
    return {
        "start": row[f"{prefix}_start"],
        "end": row[f"{prefix}_end"],
        "page_start": row[f"{pages}_start"],
        "page_end": row[f"{pages}_end"],
    }


def provision_from_row(table: str, row: Mapping[str, Any]) -> Provision:
    common = {"path": row["path"], "parent": row["parent"], "span": _span(row), "text": row["text"]}
    if table == "Section":
        return Section(number=row["number"], heading=row["heading"], depth=row["depth"], **common)
    if table == "TableRow":
        return TableRow(
            table=row["table_no"], row=row["row_no"],
            header=tuple(row["header"] or ()), cells=tuple(row["cells"] or ()),
            header_span=_span(row, "header"), **common,
        )
    return Callout(detail=row["detail"], scale=row["scale"], **common)


def edge_from_row(source_doc: str, target_doc: str, row: Mapping[str, Any]) -> Supersedes:
    by = row["by"]
    return Supersedes(
        source=Locator(doc=source_doc, rev=row["source_rev"], path=row["source_path"]),
        target=Locator(doc=target_doc, rev=row["target_rev"], path=row["target_path"]),
        scope=row["scope"],
        effective=row["effective"],
        by=Locator.parse(by) if by is not None else None,
        origin=row["origin"],
        line=row["line"],
        successor=row["successor"] is not False,
        review=None if row["reviewer"] is None else EdgeReview(
            by=row["reviewer"], at=row["reviewed_at"], note=row["review_note"]),
        consolidated=row["consolidated"] is True,
    )


def document_from_rows(
    row: Mapping[str, Any],
    provisions: Iterable[Provision] = (),
    supersedes: Iterable[Supersedes] = (),
    *,
    with_text: bool = True,
) -> Document:
    """Rebuild one revision; ``with_text=False`` gives the metadata-only form (no text layer)."""
    return Document(
        schema_version=row["schema_version"],
        id=row["doc"],
        kind=row["kind"],
        title=row["title"],
        revision=row["label"],
        seq=row["seq"],
        issued=row["issued"],
        effective=_effective(row),
        recorded=_utc(row["recorded"]),
        changed=_tuple(row["changed"]),
        on_lapse=row["on_lapse"] or "lapse",
        access=_tuple(row["access"]),
        applies_to={k: tuple(v) for k, v in json.loads(row["applies_to"] or "{}").items()},
        supersedes=tuple(supersedes),
        sheet=row["sheet"],
        scale=row["scale"],
        abbreviations=json.loads(row["abbreviations"] or "{}"),
        source={"file": row["source_file"], "line": row["source_line"], "format": row["source_format"]},
        content_hash=row["content_hash"],
        text_layer=row["text_layer"] if with_text else "",
        provisions=tuple(provisions),
        quarantined_tables=tuple(json.loads(row["quarantined_tables"] or "[]")),
    )
