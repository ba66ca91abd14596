"""The graph's tables: node and relationship DDL, index names and the schema version.

Bump ``SCHEMA_VERSION`` whenever a table or column changes meaning; a graph built under
another version is refused by readers (re-ingest) and rebuilt from scratch by a writer.
"""

from __future__ import annotations

__all__ = [
    "EMBEDDING_INDEX",
    "EMBEDDING_TABLE",
    "FTS_INDEXES",
    "NODE_COLUMNS",
    "PROVISION_TABLES",
    "REL_PAIRS",
    "SCHEMA_VERSION",
    "embedding_ddl",
    "schema_ddl",
]

SCHEMA_VERSION = 10  # 3: quantities stored with their provision, normalised value and bound source;
#                     4: quarantined PDF tables kept on their revision (JSON);
#                     5: qualifier cross-references stored at ingest (Qualifier);
#                     6: a supersedes edge says whether anything succeeds its target (deletions);
#                     7: an edge a person accepted in reviews.yaml keeps who, when (ISO UTC) and the note;
#                     8: a quantity keeps the condition it is stated under (its terms);
#                     9: an amendment edge says whether its target's text already holds it (consolidated);
#                     10: a drawing's abbreviation legend kept on its revision (JSON)

#: Provision kind (as in ``ontology``) → node table.
PROVISION_TABLES: dict[str, str] = {"section": "Section", "table_row": "TableRow", "callout": "Callout"}

_SPAN = "span_start INT64, span_end INT64, page_start INT64, page_end INT64"
_PROVISION_HEAD = "key STRING PRIMARY KEY, rev STRING, doc STRING, path STRING, ord INT64, parent STRING"
_PROVISION_TAIL = "text STRING, text_hash STRING"

#: Column lists in the order the staging rows are written (the COPY target schema).
NODE_COLUMNS: dict[str, str] = {
    "Meta": "key STRING PRIMARY KEY, value STRING",
    "Document": "id STRING PRIMARY KEY",
    "Revision": (
        "uid STRING PRIMARY KEY, doc STRING, label STRING, seq INT64, kind STRING, title STRING,"
        " issued DATE, effective_from DATE, effective_until DATE, recorded TIMESTAMP,"
        " changed STRING[], on_lapse STRING, access STRING[], applies_to STRING, sheet STRING, scale STRING,"
        " abbreviations STRING,"
        " source_file STRING, source_line INT64, source_format STRING, content_hash STRING,"
        " schema_version INT64, provisions INT64, quarantined_tables STRING, text_layer STRING"
    ),
    "Section": (
        f"{_PROVISION_HEAD}, number STRING, heading STRING, depth INT64, {_SPAN}, {_PROVISION_TAIL}"
    ),
    "TableRow": (
        f"{_PROVISION_HEAD}, table_no INT64, row_no INT64, header STRING[], cells STRING[], {_SPAN},"
        " header_start INT64, header_end INT64, header_page_start INT64, header_page_end INT64,"
        f" {_PROVISION_TAIL}"
    ),
    "Callout": f"{_PROVISION_HEAD}, detail STRING, scale STRING, {_SPAN}, {_PROVISION_TAIL}",
    # Filled at ingest by the quantity extractor; ``key`` is ``provision key#q<n>``; ``doc``,
    # ``path`` and ``kind`` name the provision it was read in (``rev`` its revision uid).
    "Quantity": (
        "key STRING PRIMARY KEY, rev STRING, doc STRING, path STRING, kind STRING, value DOUBLE,"
        " upper DOUBLE, unit STRING, bound STRING, bound_from STRING, subject STRING,"
        " normalized_value DOUBLE, normalized_upper DOUBLE, normalized_unit STRING, frequency STRING,"
        f" per_day DOUBLE, text STRING, {_SPAN}, condition STRING[]"
    ),
    # Filled at ingest from the qualifier rules (``engine.derivation.find_qualifiers``): the
    # provision ``path`` of revision ``rev`` is qualified by ``target`` of the same document;
    # ``resolved`` false: the revision has no such path (a broken cross-reference, kept).
    "Qualifier": (
        "key STRING PRIMARY KEY, rev STRING, doc STRING, path STRING, target STRING, rule STRING,"
        " words STRING, resolved BOOLEAN"
    ),
}

_PROVISIONS = tuple(PROVISION_TABLES.values())
_ANY_TO_ANY = [(a, b) for a in _PROVISIONS for b in _PROVISIONS]

#: Relationship table → (from, to) pairs; COPY needs the pair named for multi-pair tables.
REL_PAIRS: dict[str, list[tuple[str, str]]] = {
    "REVISION_OF": [("Revision", "Document")],
    # A revision contains every provision; a section contains its child sections, rows, callouts.
    "CONTAINS": [("Revision", p) for p in _PROVISIONS] + [("Section", p) for p in _PROVISIONS],
    "SUPERSEDES": [("Document", "Document")],
    "REFERENCES": _ANY_TO_ANY,
    "QUALIFIED_BY": _ANY_TO_ANY,
    "HAS_QUANTITY": [(p, "Quantity") for p in _PROVISIONS],
}

_REL_COLUMNS: dict[str, str] = {
    "REVISION_OF": "",
    "CONTAINS": "",
    # ``owner`` is the revision whose removal removes the edge: the declaring document for a
    # declared edge, the document a rule derived it from otherwise.
    "SUPERSEDES": (
        "source_rev STRING, source_path STRING, target_rev STRING, target_path STRING,"
        " scope STRING, effective DATE, by STRING, origin STRING, line INT64, owner STRING,"
        " declared BOOLEAN, ord INT64, successor BOOLEAN, reviewer STRING, reviewed_at STRING, review_note STRING,"
        " consolidated BOOLEAN"
    ),
    "REFERENCES": "text STRING",
    "QUALIFIED_BY": "kind STRING",
    "HAS_QUANTITY": "",
}

#: Full-text index per provision table, over ``text``.
FTS_INDEXES: dict[str, str] = {table: f"{table.lower()}_text" for table in _PROVISIONS}

EMBEDDING_TABLE = "Embedding"
EMBEDDING_INDEX = "embedding_vec"


def _rel_ddl(name: str) -> str:
    pairs = ", ".join(f"FROM {a} TO {b}" for a, b in REL_PAIRS[name])
    columns = _REL_COLUMNS[name]
    return f"CREATE REL TABLE {name}({pairs}{', ' + columns if columns else ''})"


def schema_ddl() -> list[str]:
    """Every CREATE statement of an empty graph, nodes first."""
    nodes = [f"CREATE NODE TABLE {name}({columns})" for name, columns in NODE_COLUMNS.items()]
    return nodes + [_rel_ddl(name) for name in REL_PAIRS]


def embedding_ddl(dim: int) -> list[str]:
    """The embedding table (one vector per distinct provision text) and its links."""
    pairs = ", ".join(f"FROM {p} TO {EMBEDDING_TABLE}" for p in _PROVISIONS)
    return [
        f"CREATE NODE TABLE {EMBEDDING_TABLE}(hash STRING PRIMARY KEY, vec FLOAT[{int(dim)}])",
        f"CREATE REL TABLE EMBEDDED_AS({pairs})",
    ]
