"""The store's lean reads (what the as-of index opens with) say what the full reads say."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine.store import GraphStore

from store_factory import declared_edge, ingest_documents, make_document

DOCUMENTS = [
    make_document("SPEC-033000", "0", sections=5, rows=3, callouts=2),
    make_document("SPEC-033000", "1", seq=1, sections=3, rows=0, callouts=0, start=dt.date(2026, 5, 1)),
    make_document("ADD-02", "0", sections=2, rows=0, callouts=0, start=dt.date(2026, 4, 10),
                  supersedes=(declared_edge("ADD-02@0", "SPEC-033000#1.A", by="ADD-02#2"),)),
    make_document("DWG-S-101", "A", sections=0, rows=0, callouts=4),
    make_document("EMPTY-1", "0", sections=0, rows=0, callouts=0),  # a revision with no provisions
]


def _row(revision):
    effective = revision.effective
    changed = None if revision.changed is None else list(revision.changed)
    access = None if revision.access is None else list(revision.access)
    return (revision.document, revision.label, revision.seq, revision.issued, effective.from_,
            effective.until, revision.recorded, changed, revision.on_lapse, access)


def _ingest(root: Path, documents, removed=()) -> None:
    ingest_documents(root, documents, removed, config="lean")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("lean")
    _ingest(root, DOCUMENTS)
    return root


def test_revision_rows_carry_every_revision_field_the_records_have(project):
    with GraphStore.open(project) as store:
        rows = store.revision_rows()
        assert all(isinstance(row, tuple) and len(row) == 10 for row in rows)
        assert sorted(rows, key=repr) == sorted((_row(r) for r in store.revisions()), key=repr)
    recorded = {row[1]: row[6] for row in rows if row[0] == "SPEC-033000"}
    # UTC-aware, microseconds kept: the transaction-time clock is not rounded on the way out
    assert recorded["0"] == dt.datetime(2026, 3, 2, 9, 30, 15, 123456, tzinfo=dt.UTC)
    assert recorded["0"].utcoffset() == dt.timedelta(0)


def test_provision_outlines_are_provision_paths_for_every_revision(project):
    with GraphStore.open(project) as store:
        outlines, paths = store.provision_outlines(), store.provision_paths()
    assert outlines == paths
    assert set(outlines) == {d.uid for d in DOCUMENTS}
    assert outlines["EMPTY-1@0"] == {}
    spec = next(d for d in DOCUMENTS if d.uid == "SPEC-033000@0")
    assert outlines[spec.uid] == {p.path: p.parent for p in spec.provisions}
    assert outlines[spec.uid]["table-1.row-2"] == "1" and outlines[spec.uid]["3"] is None


@pytest.mark.slow
def test_lean_reads_follow_a_reingest_that_replaces_and_removes_revisions(tmp_path):
    _ingest(tmp_path, DOCUMENTS)
    replaced = make_document("SPEC-033000", "1", seq=1, sections=1, rows=1, callouts=1, start=dt.date(2026, 6, 1))
    _ingest(tmp_path, [replaced], removed=("SPEC-033000@1", "ADD-02@0"))
    with GraphStore.open(tmp_path) as store:
        rows, outlines = store.revision_rows(), store.provision_outlines()
        assert sorted(rows, key=repr) == sorted((_row(r) for r in store.revisions()), key=repr)
        assert outlines == store.provision_paths()
    assert "ADD-02@0" not in outlines and ("ADD-02", "0") not in {row[:2] for row in rows}
    assert outlines["SPEC-033000@1"] == {p.path: p.parent for p in replaced.provisions}


def test_lean_reads_of_a_project_never_ingested_are_empty(tmp_path):
    with GraphStore.open(tmp_path, read_only=False) as writer:
        assert writer.revision_rows() == [] and writer.provision_outlines() == {}
