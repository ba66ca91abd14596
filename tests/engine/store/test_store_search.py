"""Candidate search over the graph: BM25 full-text and embedding similarity, restricted inside the query."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.embedding import HashingEmbedder, embed_project
from inforce.engine.store import GraphStore
from inforce.ontology import EmbedReport, Locator, StoreError

from store_factory import MANIFEST, make_document

TARGET = "Compressive strength at 28 days: not less than 4,000 psi for footings."
STRONG = "Batch records shall be retained. Records retention: records are kept, records archived, records."
WEAK = "The quality unit keeps batch records with other documents for the life of the product and beyond."

#: Fifteen documents that match "batch records" strongly, one that matches weakly (the eligible one).
NOISE = [make_document(f"SOP-{n:02d}", "0", sections=2, rows=0, callouts=0, texts={"1": STRONG}) for n in range(15)]
ELIGIBLE = make_document("SOP-99", "B", sections=2, rows=0, callouts=0, texts={"2": WEAK})
SPEC = make_document("SPEC-033000", "0", sections=3, rows=2, callouts=1, texts={"2": TARGET})
DOCUMENTS = [*NOISE, ELIGIBLE, SPEC]


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("search")
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "b") as tx:
        for document in DOCUMENTS:
            tx.add(document)
        tx.commit()
    return root


@pytest.fixture(scope="module")
def embedded(project) -> tuple[Path, EmbedReport]:
    report = embed_project(project, HashingEmbedder(64), batch_size=16)
    return project, report


def test_text_search_ranks_the_matching_provision_first(project):
    with GraphStore.open(project) as store:
        hits = store.search_text("compressive strength 28 days", k=5)
    assert hits[0][0] == Locator.parse("SPEC-033000@0#2")
    assert [score for _, score in hits] == sorted((score for _, score in hits), reverse=True)


def test_text_search_reaches_table_rows_and_callouts(project):
    with GraphStore.open(project) as store:
        rows = store.search_text("item 1 mg", k=3, documents=["SPEC-033000@0"])
        callouts = store.search_text("concrete 4001", k=1, documents=["SPEC-033000@0"])
    assert rows[0][0] == Locator.parse("SPEC-033000@0#table-1.row-1")
    assert callouts[0][0] == Locator.parse("SPEC-033000@0#callout-1")


def test_text_search_restriction_is_applied_before_the_top_k(project):
    with GraphStore.open(project) as store:
        unrestricted = store.search_text("batch records", k=5)
        restricted = store.search_text("batch records", k=5, documents={"SOP-99@B"})
    assert all(hit.doc != "SOP-99" for hit, _ in unrestricted)  # crowded out of the top five
    assert restricted and restricted[0][0] == Locator.parse("SOP-99@B#2")
    assert {(hit.doc, hit.rev) for hit, _ in restricted} == {("SOP-99", "B")}


def test_text_search_edge_cases(project):
    with GraphStore.open(project) as store:
        assert store.search_text("psi's * (a) 4,000", k=3)  # punctuation never reaches Kuzu's parser
        assert store.search_text("?!*", k=3) == []
        assert store.search_text("batch records", k=3, documents=[]) == []
        assert store.search_text("batch records", k=0) == []


def test_embed_project_embeds_each_distinct_text_once(embedded):
    project, report = embedded
    texts = {p.text for d in DOCUMENTS for p in d.provisions}
    assert report.model == "hashing-bow-64" and report.applied
    assert report.missing == report.embedded == report.vectors_added == len(texts)
    assert report.provisions_linked == sum(len(d.provisions) for d in DOCUMENTS)
    assert report.provisions_without == 0
    with GraphStore.open(project) as store:
        stats = store.stats()
        assert (stats.embeddings, stats.embedding_model) == (len(texts), "hashing-bow-64")
        assert store.missing_embeddings("hashing-bow-64") == []
    again = embed_project(project, HashingEmbedder(64))
    assert (again.missing, again.embedded, again.vectors_added) == (0, 0, 0)


def test_vector_search_finds_the_nearest_text(embedded):
    project, _ = embedded
    [query] = HashingEmbedder(64).embed([TARGET])
    with GraphStore.open(project) as store:
        hits = store.search_vector(query, k=3)
        assert hits[0][0] == Locator.parse("SPEC-033000@0#2")
        assert hits[0][1] == pytest.approx(1.0, abs=1e-5)
        with pytest.raises(StoreError, match="dimensions"):
            store.search_vector(query[:10], k=3)


def test_vector_search_restriction_is_applied_before_the_top_k(embedded):
    project, _ = embedded
    [query] = HashingEmbedder(64).embed(["batch records"])
    with GraphStore.open(project) as store:
        unrestricted = store.search_vector(query, k=5)
        restricted = store.search_vector(query, k=2, documents=["SOP-99@B"])
    assert all(hit.doc != "SOP-99" for hit, _ in unrestricted)
    assert restricted[0][0] == Locator.parse("SOP-99@B#2")
    assert {hit.doc for hit, _ in restricted} == {"SOP-99"}


@pytest.mark.slow
def test_a_killed_embed_run_resumes_where_it_stopped(tmp_path):
    with GraphStore.open(tmp_path, read_only=False) as store, store.begin_ingest(MANIFEST, "b") as tx:
        for document in DOCUMENTS:
            tx.add(document)
        tx.commit()

    class Interrupted(HashingEmbedder):
        calls = 0

        def embed(self, texts):
            Interrupted.calls += 1
            if Interrupted.calls == 3:
                raise KeyboardInterrupt
            return super().embed(texts)

    with pytest.raises(KeyboardInterrupt):
        embed_project(tmp_path, Interrupted(32), batch_size=8)
    with GraphStore.open(tmp_path) as store:
        total = len({p.text for d in DOCUMENTS for p in d.provisions})
        assert len(store.missing_embeddings("hashing-bow-32")) == total - 16
        assert store.stats().embeddings == 0  # nothing reached the graph yet
    resumed = embed_project(tmp_path, HashingEmbedder(32), batch_size=8)
    assert (resumed.embedded, resumed.vectors_added) == (total - 16, total)


@pytest.mark.slow
def test_ingest_links_known_texts_and_embed_fills_the_rest(tmp_path):
    new_text = "3 A WHOLLY NEW SECTION\nnever embedded before"
    revised = SPEC.model_copy(update={
        "revision": "1", "seq": 2,
        "provisions": tuple(p.model_copy(update={"text": new_text}) if p.path == "3" else p for p in SPEC.provisions),
    })
    with GraphStore.open(tmp_path, read_only=False) as store:
        with store.begin_ingest(MANIFEST, "b") as tx:
            tx.add(SPEC)
            tx.commit()
        embed_project(store, HashingEmbedder(16))
        with store.begin_ingest(MANIFEST, "b") as tx:
            tx.add(revised)
            tx.commit()
        # Unchanged text is linked to its vector at ingest; only the new text waits for a model.
        assert store.stats().embedded_provisions == 2 * len(SPEC.provisions) - 1
        assert [text for _, text in store.missing_embeddings("hashing-bow-16")] == [new_text]
        report = embed_project(store, HashingEmbedder(16))
        assert (report.embedded, report.vectors_added, report.provisions_linked) == (1, 1, 1)
        assert store.stats().embedded_provisions == 2 * len(SPEC.provisions)


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_another_model_replaces_the_vectors(tmp_path):
    with GraphStore.open(tmp_path, read_only=False) as store:
        with store.begin_ingest(MANIFEST, "b") as tx:
            tx.add(SPEC)
            tx.commit()
        embed_project(store, HashingEmbedder(16))
        embed_project(store, HashingEmbedder(24))
        assert store.embedding_model() == ("hashing-bow-24", 24)
        assert store.stats().embeddings == len({p.text for p in SPEC.provisions})
        [query] = HashingEmbedder(24).embed([TARGET])
        assert store.search_vector(query, k=1)[0][0] == Locator.parse("SPEC-033000@0#2")


def test_embedding_waits_in_the_cache_while_another_writer_holds_the_graph(project):
    with GraphStore.open(project, read_only=False):
        report = embed_project(project, HashingEmbedder(8))
    assert not report.applied and "run embed again" in (report.note or "")
    assert report.embedded > 0
    later = embed_project(project, HashingEmbedder(8))
    assert later.applied and later.embedded == 0 and later.vectors_added == report.embedded
