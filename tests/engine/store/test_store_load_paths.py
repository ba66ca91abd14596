"""A new graph's few rows go in by LOAD FROM ... CREATE, not COPY (a COPY's fixed cost is most
of a small ingest's Kuzu time), and the graph holds exactly what COPY would have put there.

Both ways are Kuzu's own, on the same staged rows: the test builds the same store once with
every table of the new graph filled by COPY (``LOAD_CREATE_ANY_MAX_ROWS = 0``, as before) and
once by LOAD (the default, for these few rows), and compares every node and edge of the two.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine.store import GraphStore, _build, _staging
from inforce.engine.store._kuzu import KuzuGraph
from inforce.engine.store._layout import StoreLayout
from inforce.engine.store._schema import NODE_COLUMNS, REL_PAIRS
from inforce.ontology import Locator, Supersedes

from store_factory import MANIFEST, declared_edge, make_document

DOCUMENTS = [
    make_document("SPEC-033000", "0", sections=5, rows=3, callouts=2),
    make_document("SPEC-033000", "1", seq=1, sections=3, rows=0, callouts=0, start=dt.date(2026, 5, 1)),
    make_document(
        "ADD-02", "0", sections=2, rows=0, callouts=0, start=dt.date(2026, 4, 10),
        supersedes=(declared_edge("ADD-02@0", "SPEC-033000#1.A", by="ADD-02#2"),),
    ),
    make_document("DWG-S-101", "A", sections=0, rows=0, callouts=4),
]
DERIVED = Supersedes(source=Locator.parse("ADD-02@0"), target=Locator.parse("SPEC-033000#3"),
                     scope="full", effective=dt.date(2026, 4, 10), origin="rule:INF-S001")

#: what Kuzu adds to a row of its own (where a row lies in its table), not what was loaded
_INTERNAL = {"_id", "_label", "_src", "_dst"}


def _ingest(root: Path) -> Path:
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "build-1") as tx:
        for document in DOCUMENTS:
            tx.add(document)
        tx.add_edges([DERIVED])
        tx.commit()
    live = StoreLayout(root).live()
    assert live is not None
    return live


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return tuple(sorted((k, _plain(v)) for k, v in value.items() if k not in _INTERNAL))
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    return value


def _contents(path: Path) -> dict[str, list[object]]:
    """Every node and every edge (with its ends) of the graph at ``path``, table by table."""
    graph = KuzuGraph(path, read_only=True)
    try:
        found = {table: sorted(repr(_plain(row[0])) for row in graph.rows(f"MATCH (n:{table}) RETURN n")
                               if row[0].get("key") != "committed_at")  # Meta: the clock at the commit
                 for table in NODE_COLUMNS}
        for rel in REL_PAIRS:
            rows = graph.rows(f"MATCH (a)-[r:{rel}]->(b) RETURN a, r, b")
            found[rel] = sorted(repr(tuple(_plain(v) for v in row)) for row in rows)
        return found
    finally:
        graph.close()


def test_a_new_graph_filled_by_load_holds_what_copy_puts_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    staged: list[dict[str, int]] = []
    real = _build.load_nodes

    def counted(graph: KuzuGraph, staging: _build.StagingArea) -> None:
        staged.append(dict(staging.counts))
        real(graph, staging)

    monkeypatch.setattr(_build, "load_nodes", counted)
    by_load = _contents(_ingest(tmp_path / "load"))
    # these rows are few enough that every table of the new graph went in by LOAD FROM ... CREATE
    assert staged and max(staged[0].values()) <= _build.LOAD_CREATE_ANY_MAX_ROWS

    monkeypatch.setattr(_build, "LOAD_CREATE_ANY_MAX_ROWS", 0)  # every table of a new graph by COPY
    by_copy = _contents(_ingest(tmp_path / "copy"))

    assert by_load == by_copy
    assert all(by_copy[table] for table in ("Document", "Revision", "Section", "TableRow", "Callout",
                                            "REVISION_OF", "CONTAINS", "SUPERSEDES"))


def test_rows_set_aside_as_too_long_go_in_as_the_staged_file_puts_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    by_copy = _contents(_ingest(tmp_path / "copy"))
    set_aside: list[dict[str, int]] = []
    real = _build.load_nodes

    def counted(graph: KuzuGraph, staging: _build.StagingArea) -> None:
        set_aside.append(dict(staging.long_counts))
        real(graph, staging)

    monkeypatch.setattr(_build, "load_nodes", counted)
    monkeypatch.setattr(_staging, "JSON_ROW_MAX_BYTES", 1)  # every row of every table "too long"
    by_statement = _contents(_ingest(tmp_path / "long"))
    assert set_aside and set_aside[0]["Revision"] == len(DOCUMENTS) and set_aside[0]["SUPERSEDES"] == 2
    assert by_statement == by_copy
    assert all(by_copy[table] for table in ("Document", "Revision", "Section", "TableRow", "Callout",
                                            "REVISION_OF", "CONTAINS", "SUPERSEDES"))
