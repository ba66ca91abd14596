"""Opening the as-of index from the graph (lean rows) answers exactly as indexing the records does."""

from __future__ import annotations

import datetime as dt

import pytest

from inforce.engine.asof import AsOfIndex
from inforce.engine.store import GraphStore
from inforce.ontology import Locator, Revision, Supersedes

from store_factory import MANIFEST, declared_edge, make_document

DOCUMENTS = [
    make_document("SPEC-033000", "0", sections=5, rows=3, callouts=2),
    # drops sections 4, 5 and 5.A/5.B, the table and the callouts; in force for 400 days
    make_document("SPEC-033000", "1", seq=1, sections=3, rows=0, callouts=0, start=dt.date(2026, 5, 1)),
    make_document("SPEC-033000", "2", seq=2, sections=6, rows=1, callouts=0, start=dt.date(2027, 1, 4)),
    make_document(
        "ADD-02", "0", sections=2, rows=0, callouts=0, start=dt.date(2026, 4, 10),
        supersedes=(
            declared_edge("ADD-02@0", "SPEC-033000#1.A", by="ADD-02#2"),
            declared_edge("ADD-02@0", "SPEC-033000@0#table-1.row-2", scope="partial", line=None),
        ),
    ),
    make_document("DWG-S-101", "A", sections=0, rows=0, callouts=4),
    make_document("EMPTY-1", "0", sections=0, rows=0, callouts=0),
]
DERIVED = Supersedes(source=Locator.parse("ADD-02@0"), target=Locator.parse("SPEC-033000#3"),
                     scope="full", effective=dt.date(2026, 4, 10), origin="rule:INF-S001")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    root = tmp_path_factory.mktemp("asof-store")
    with GraphStore.open(root, read_only=False) as writer, writer.begin_ingest(MANIFEST, "asof-build") as tx:
        for document in DOCUMENTS:
            tx.add(document)
        tx.add_edges([DERIVED])
        tx.commit()
    with GraphStore.open(root) as opened:
        yield opened


@pytest.fixture(scope="module")
def indexes(store):
    """(opened from the store's lean reads, built from its full records) — the latter is how
    the index was opened before the lean reads, so it is the reference."""
    lean = AsOfIndex.from_store(store)
    full = AsOfIndex(store.revisions(), store.supersedes(), store.provision_paths(), build_id=store.build_id())
    return lean, full


def _probes():
    paths = sorted({p.path for d in DOCUMENTS for p in d.provisions})
    days = [dt.date(2026, 3, 1) + dt.timedelta(days=n) for n in range(0, 900, 23)]
    # the transaction-time clock to the microsecond: just before and at each recording
    known = [None, *(d.recorded - dt.timedelta(microseconds=1) for d in DOCUMENTS), *(d.recorded for d in DOCUMENTS)]
    for doc in sorted({d.id for d in DOCUMENTS}):
        for path in [None, *paths]:
            for day in days:
                for known_at in known:
                    yield doc, path, day, known_at


def test_versions_and_successors_agree_with_the_records_index(indexes):
    lean, full = indexes
    checked = in_force = 0
    for doc, path, day, known_at in _probes():
        got = lean.version(doc, path, day, known_at)
        assert got == full.version(doc, path, day, known_at), (doc, path, day, known_at)
        assert lean.successors(doc, path, day, known_at) == full.successors(doc, path, day, known_at)
        checked += 1
        in_force += got is not None
    assert in_force > checked // 10  # the probes are not all "nothing in force"


def test_answers_and_histories_agree_with_the_records_index(indexes):
    lean, full = indexes
    day = dt.date(2026, 6, 1)
    asked = ["SPEC-033000#1.A", "SPEC-033000@0#table-1.row-2", "SPEC-033000#3", "SPEC-033000#5.A",
             "SPEC-033000@0#4", "SPEC-033000", "ADD-02#2", "DWG-S-101#callout-3", "EMPTY-1"]
    for locator in asked:
        assert lean.answer(locator, day, with_text=False) == full.answer(locator, day, with_text=False), locator
        assert lean.history(locator) == full.history(locator), locator
    replaced = lean.answer("SPEC-033000@0#3", day, with_text=False)
    assert replaced.in_force is False and replaced.chain


def test_the_registry_is_the_stores(indexes, store):
    lean, full = indexes
    assert lean.documents() == full.documents() == sorted({d.id for d in DOCUMENTS})
    assert lean.revision_uids() == full.revision_uids() == {d.uid for d in DOCUMENTS}
    for doc in lean.documents():
        revisions = lean.revisions(doc)
        assert all(isinstance(r, Revision) for r in revisions)
        assert revisions == full.revisions(doc)
        assert lean.recorded_of(doc, None) == full.recorded_of(doc, None)
    assert lean.build_id == full.build_id and len(lean.build_id) == 16
    assert lean.has(Locator.parse("SPEC-033000@1#2")) and not lean.has(Locator.parse("SPEC-033000@1#4"))
    assert lean.has(Locator.parse("EMPTY-1@0")) and not lean.has(Locator.parse("EMPTY-1#1"))
    # the outline's parent links, not the dotted numbering: a table row sits under section 1
    assert lean.lineage("SPEC-033000", "table-1.row-2") == ("1",)


def test_opening_builds_no_revision_record_until_an_answer_needs_one(store):
    index = AsOfIndex.from_store(store)
    assert index.version("SPEC-033000", "2", dt.date(2026, 6, 1)) == "SPEC-033000@1#2"
    entry = index.entry("SPEC-033000")
    assert entry.built is None  # the lookup ran on the plain rows
    assert [r.label for r in entry.revisions] == ["0", "1", "2"]
    assert entry.built is not None
