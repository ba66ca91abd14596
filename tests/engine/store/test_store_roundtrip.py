"""The graph store gives back exactly what was ingested, and answers its reads from the graph."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

import inforce.engine.store as store_package
from inforce.engine.build import index_build_id
from inforce.engine.store import GraphStore, IngestReport
from inforce.ontology import (
    InputError,
    Locator,
    NotFoundError,
    StoreError,
    StoreStats,
    Supersedes,
)

from store_factory import MANIFEST, declared_edge, make_document

DOCUMENTS = [
    make_document("SPEC-033000", "0", sections=5, rows=3, callouts=2),
    make_document("SPEC-033000", "1", seq=1, sections=3, rows=0, callouts=0, start=dt.date(2026, 5, 1)),
    make_document(
        "ADD-02", "0", sections=2, rows=0, callouts=0, start=dt.date(2026, 4, 10),
        supersedes=(
            declared_edge("ADD-02@0", "SPEC-033000#1.A", by="ADD-02#2"),
            declared_edge("ADD-02@0", "SPEC-033000@0#table-1.row-2", scope="partial", line=None),
        ),
    ),
    make_document("DWG-S-101", "A", sections=0, rows=0, callouts=4),
]


DERIVED = Supersedes(source=Locator.parse("ADD-02@0"), target=Locator.parse("SPEC-033000#3"),
                     scope="full", effective=dt.date(2026, 4, 10), origin="rule:INF-S001")


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("roundtrip")
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "build-1") as tx:
        for document in DOCUMENTS:
            tx.add(document)
        tx.add_edges([DERIVED])
        report = tx.commit()
    assert isinstance(report, IngestReport)
    assert (report.added, report.removed, report.edges) == (4, 0, 3)
    assert report.provisions == sum(len(d.provisions) for d in DOCUMENTS)
    return root


@pytest.fixture()
def store(project):
    with GraphStore.open(project) as opened:
        yield opened


def test_exports_are_the_store_api():
    assert set(store_package.__all__) == {
        "SCHEMA_VERSION", "EmbeddingsApplied", "GraphStore", "IngestReport", "IngestTransaction",
        "TextStore", "open_texts", "write_texts", "write_generation_files",  # the per-build files
        "build_file", "frame", "framed_parts", "read_framed", "read_payload", "remove_other_builds",  # their shared framing (engine.fact_tables and the grammar file use it)
        "framed_each", "payloads",  # the files of other builds a new build takes from, each that reads
        "earlier_builds",  # an earlier build's file a new build takes unchanged parts from (fact tables, search)
        "kind_files",  # every build's file of one kind, read before the store opens (the groups record)
    }


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.uid)
def test_document_comes_back_equal(store, document):
    assert store.document(document.uid) == document


def test_revision_kinds_are_the_documents_uids_and_kinds_in_their_order(store):
    # what the readings an ingest keeps ask for, without building every revision's metadata
    assert store.revision_kinds() == [(d.uid, d.kind) for d in store.documents()]
    assert len(store.revision_kinds()) == len(DOCUMENTS)


def test_documents_and_revisions_are_metadata_of_every_revision(store):
    by_uid = {d.uid: d for d in store.documents()}
    assert set(by_uid) == {d.uid for d in DOCUMENTS}
    for original in DOCUMENTS:
        assert by_uid[original.uid] == original.model_copy(update={"provisions": (), "text_layer": ""})
    assert sorted(store.revisions(), key=str) == sorted((d.as_revision() for d in DOCUMENTS), key=str)


def test_supersedes_holds_declared_then_derived_edges(store):
    edges = store.supersedes()
    declared = [e for d in DOCUMENTS for e in d.supersedes]
    assert edges[: len(declared)] == declared
    assert [e.origin for e in edges[len(declared):]] == ["rule:INF-S001"]


def test_provision_by_pinned_locator(store):
    document, provision = store.provision(Locator.parse("SPEC-033000@0#table-1.row-2"))
    original = DOCUMENTS[0]
    assert provision == next(p for p in original.provisions if p.path == "table-1.row-2")
    assert provision.cells[1] == ""  # an empty cell stays empty, not null
    assert document == original.model_copy(update={"provisions": (), "text_layer": ""})


def test_missing_provision_hints_at_what_exists(store):
    with pytest.raises(NotFoundError) as wrong_path:
        store.provision(Locator.parse("SPEC-033000@0#1.C"))
    assert "1.A" in str(wrong_path.value) and "1.B" in str(wrong_path.value)
    with pytest.raises(NotFoundError) as wrong_rev:
        store.provision(Locator.parse("SPEC-033000@7#1.A"))
    assert "SPEC-033000@0" in str(wrong_rev.value) and "SPEC-033000@1" in str(wrong_rev.value)
    with pytest.raises(NotFoundError, match="not pinned"):
        store.provision(Locator.parse("SPEC-033000#1.A"))
    with pytest.raises(NotFoundError, match="did you mean SPEC-033000"):
        store.document("SPEC-03300@0")


def test_has_provision_in_any_revision(store):
    assert store.has_provision("SPEC-033000", "5")  # only revision 0 has five sections
    assert store.has_provision("SPEC-033000", None)
    assert not store.has_provision("SPEC-033000", "9")
    assert not store.has_provision("NOPE", None)


def test_source_hashes_manifest_build_id(store):
    assert store.source_hashes() == {d.source.file: (d.uid, d.content_hash) for d in DOCUMENTS}
    assert store.manifest() == MANIFEST
    assert store.configuration_id() == "build-1"
    # the build id is over what the graph holds: every revision's content and every edge
    edges = [
        (e.source.doc, e.source.rev, e.source.path, e.target.doc, e.target.rev, e.target.path,
         e.scope, e.effective, str(e.by) if e.by else None, e.origin, e.successor)
        for e in [*(e for d in DOCUMENTS for e in d.supersedes), DERIVED]
    ]
    revisions = [(d.uid, d.content_hash) for d in DOCUMENTS]
    assert store.build_id() == index_build_id("build-1", revisions, edges, None)
    assert store.build_id() != index_build_id("build-1", revisions[1:], edges, None)


def test_provision_paths_map_paths_to_parents_in_order(store):
    paths = store.provision_paths()
    assert set(paths) == {d.uid for d in DOCUMENTS}
    for document in DOCUMENTS:
        assert list(paths[document.uid].items()) == [(p.path, p.parent) for p in document.provisions]


def test_stats_count_what_was_ingested(store):
    stats = store.stats()
    assert isinstance(stats, StoreStats)
    kinds = [p.kind for d in DOCUMENTS for p in d.provisions]
    assert (stats.documents, stats.revisions) == (3, 4)
    assert (stats.sections, stats.table_rows, stats.callouts) == (
        kinds.count("section"), kinds.count("table_row"), kinds.count("callout"))
    assert stats.supersedes == 3 and stats.embeddings == 0
    assert stats.db_bytes == store.path.stat().st_size > 0


def test_read_only_store_refuses_to_write(store):
    with pytest.raises(StoreError, match="read-only"):
        store.begin_ingest(MANIFEST, "x")


def test_never_ingested_project(tmp_path):
    with pytest.raises(NotFoundError, match="not ingested yet") as missing:
        GraphStore.open(tmp_path)
    assert "inforce ingest" in str(missing.value)
    with GraphStore.open(tmp_path, read_only=False) as writer:
        assert (writer.build_id(), writer.manifest(), writer.source_hashes()) == ("", None, {})
        assert writer.stats() == StoreStats()
        with writer.begin_ingest(MANIFEST, "b") as tx:
            tx.add(DOCUMENTS[3])
            tx.commit()
        assert writer.document(DOCUMENTS[3].uid) == DOCUMENTS[3]
    assert GraphStore.open(tmp_path).stats().revisions == 1


@pytest.mark.slow
def test_reingest_replaces_a_changed_revision_and_is_idempotent(tmp_path):
    with GraphStore.open(tmp_path, read_only=False) as store:
        with store.begin_ingest(MANIFEST, "b1") as tx:
            for document in DOCUMENTS:
                tx.add(document)
            tx.commit()
        first = store.stats()
        changed = make_document("SPEC-033000", "0", sections=2, rows=1, callouts=0,
                                texts={"2": "2 NEW TEXT\nreplaced wording"})
        with store.begin_ingest(MANIFEST, "b1") as tx:
            tx.remove("SPEC-033000@0")
            tx.add(changed)
            report = tx.commit()
        assert (report.added, report.removed) == (1, 1)
        assert store.document("SPEC-033000@0") == changed
        def sections(document):
            return sum(p.kind == "section" for p in document.provisions)

        assert store.stats().sections == first.sections - sections(DOCUMENTS[0]) + sections(changed)
        # The same revision again: nothing changes but the generation.
        before = (store.stats().model_copy(update={"generation": 0, "db_bytes": 0}), store.supersedes())
        with store.begin_ingest(MANIFEST, "b1") as tx:
            tx.remove("SPEC-033000@0")
            tx.add(changed)
            tx.commit()
        after = (store.stats().model_copy(update={"generation": 0, "db_bytes": 0}), store.supersedes())
        assert after == before
        assert store.document("SPEC-033000@0") == changed


@pytest.mark.slow
def test_removing_a_revision_removes_the_edges_it_owns(tmp_path):
    with GraphStore.open(tmp_path, read_only=False) as store:
        with store.begin_ingest(MANIFEST, "b") as tx:
            for document in DOCUMENTS:
                tx.add(document)
            tx.add_edges([Supersedes(source=Locator.parse("ADD-02"), target=Locator.parse("SPEC-033000#3"),
                                     scope="full", effective=dt.date(2026, 4, 10), origin="rule:INF-S001")])
            tx.commit()
        assert len(store.supersedes()) == 3
        with store.begin_ingest(MANIFEST, "b") as tx:
            tx.remove("ADD-02@0")
            tx.commit()
        assert store.supersedes() == []
        assert not store.has_provision("ADD-02", None)


def test_staging_refuses_what_would_break_the_graph(tmp_path):
    with GraphStore.open(tmp_path, read_only=False) as store, store.begin_ingest(MANIFEST, "b") as tx:
        tx.add(DOCUMENTS[0])
        with pytest.raises(InputError, match="already staged") as twice:
            tx.add(DOCUMENTS[0])
        assert twice.value.file == DOCUMENTS[0].source.file
        repeated = DOCUMENTS[3].model_copy(update={"provisions": DOCUMENTS[3].provisions[:2] * 2})
        with pytest.raises(InputError, match="repeat"):
            tx.add(repeated)
        nul = DOCUMENTS[3].model_copy(update={"revision": "N", "title": "cut\x00here"})
        with pytest.raises(InputError, match="NUL") as cut:
            tx.add(nul)
        assert cut.value.field == "title"
        with pytest.raises(NotFoundError):
            tx.remove("NOPE@1")
        with pytest.raises(StoreError, match="pin its source"):
            tx.add_edges([Supersedes(source=Locator.parse("OTHER"), target=Locator.parse("SPEC-033000"),
                                     scope="full", effective=dt.date(2026, 1, 1), origin="rule:X")])


@pytest.mark.slow
def test_another_schema_version_is_refused_to_readers_and_rebuilt_by_a_writer(tmp_path, monkeypatch):
    with GraphStore.open(tmp_path, read_only=False) as store, store.begin_ingest(MANIFEST, "b") as tx:
        tx.add(DOCUMENTS[3])
        tx.commit()
    from inforce.engine.store import _build, graph

    monkeypatch.setattr(graph, "SCHEMA_VERSION", 99)
    with pytest.raises(StoreError, match="re-ingest"):
        GraphStore.open(tmp_path)
    monkeypatch.setattr(_build, "SCHEMA_VERSION", 99)
    with GraphStore.open(tmp_path, read_only=False) as writer:
        assert writer.revisions() == []  # the old graph is ignored, not read
        with writer.begin_ingest(MANIFEST, "b") as tx:
            tx.add(DOCUMENTS[0])
            tx.commit()
        assert [r.label for r in writer.revisions()] == ["0"]
    assert GraphStore.open(tmp_path).document(DOCUMENTS[0].uid) == DOCUMENTS[0]


@pytest.mark.slow
def test_a_writer_asked_to_rebuild_starts_from_an_empty_graph(tmp_path):
    with GraphStore.open(tmp_path, read_only=False) as store, store.begin_ingest(MANIFEST, "b") as tx:
        tx.add(DOCUMENTS[0])
        tx.commit()
    with GraphStore.open(tmp_path, read_only=False, rebuild=True) as store:
        assert store.revisions() == [] and store.source_hashes() == {}
        with GraphStore.open(tmp_path) as reader:  # readers still see the live graph meanwhile
            assert reader.stats().revisions == 1
        with store.begin_ingest(MANIFEST, "b2") as tx:
            tx.add(DOCUMENTS[3])
            tx.commit()
        assert [d.uid for d in store.documents()] == [DOCUMENTS[3].uid]
