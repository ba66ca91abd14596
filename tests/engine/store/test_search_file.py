"""The search indexes written beside each build (issue 20): written at ingest and at embed,
mapped by a new process instead of built, answering exactly as indexes built from the graph,
and never trusted when the file does not check."""
from __future__ import annotations

import json
import random
import shutil
import struct
from pathlib import Path

import numpy as np
import pytest

from inforce.engine.embedding import HashingEmbedder, embed_project
from inforce.engine.store import GraphStore
from inforce.engine.store._memory import MemorySearch
from inforce.engine.store._search_file import open_search, search_file

from store_factory import ingest_documents, make_document

WORDS = ["compressive strength", "batch records", "item mg", "concrete", "records of the product", "the"]
DOCUMENTS = [
    *(make_document(f"SOP-{n:02d}", "0", sections=3, rows=1, callouts=1,
                    texts={"1": f"Batch records shall be retained for {n} years."}) for n in range(12)),
    make_document("SPEC-A", "0", sections=3, rows=2, callouts=1,
                  texts={"2": "Compressive strength at 28 days: not less than 4,000 psi."}),
    make_document("SPEC-A", "1", seq=1, sections=3, rows=2, callouts=1,
                  texts={"2": "Compressive strength at 28 days: not less than 5,000 psi."}),
]


def _ingest(root: Path, documents, label: str = "search") -> None:
    ingest_documents(root, documents, config=label)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("search-file")
    _ingest(root, DOCUMENTS)
    return root


@pytest.fixture()
def project(built: Path, tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(built, root)
    return root


def _restrictions(store: GraphStore) -> list[list[str]]:
    uids = sorted(doc.uid for doc in store.documents())
    rnd = random.Random(7)
    return [uids, ["SPEC-A@1"], *(rnd.sample(uids, len(uids) // 3) for _ in range(6))]


def _answers(store: GraphStore, vector_dim: int | None = None) -> list:
    """Restricted text (and vector) searches through the store: what ``resolve`` asks."""
    found = []
    for allowed in _restrictions(store):
        for words in WORDS:
            found.append(store.search_text(words, k=5, documents=allowed))
            if vector_dim is not None:
                [query] = HashingEmbedder(vector_dim).embed([words])
                found.append(store.search_vector(query, k=5, documents=allowed))
    return found


def _from_the_graph(root: Path, vector_dim: int | None = None) -> list:
    """The same searches with indexes built from the graph, the file never read."""
    with GraphStore.open(root) as store:
        store._memory = MemorySearch(store._reader())  # what _memory_search builds without a file
        return _answers(store, vector_dim)


def test_ingest_writes_the_file_and_a_new_process_maps_it(project: Path) -> None:
    with GraphStore.open(project) as store:
        path = search_file(store)
        assert path is not None and path.is_file() and store.build_id() in path.name
        restored = open_search(store, store._reader())
        assert restored is not None and restored.builds == []  # read back, nothing built
        text = restored.text_index()
        assert text is not None and len(text.rows.paths) == sum(len(d.provisions) for d in DOCUMENTS)
        assert restored.builds == []


def test_restricted_search_from_the_file_equals_search_from_the_graph(project: Path) -> None:
    with GraphStore.open(project) as store:
        answers = _answers(store)
        assert store._memory is not None and store._memory.builds == [], "the indexes were built, not read"
    assert answers == _from_the_graph(project)
    assert any(answers) and any(hit[0].doc == "SPEC-A" for found in answers for hit in found)


def test_embed_writes_the_file_of_its_build_with_the_vectors(project: Path) -> None:
    with GraphStore.open(project) as store:
        before = search_file(store)
    embed_project(project, HashingEmbedder(32), batch_size=16)
    with GraphStore.open(project) as store:
        after = search_file(store)
        assert after is not None and after != before and after.is_file()
        assert before is not None and not before.exists()
        restored = open_search(store, store._reader())
        assert restored is not None and restored.vector_index(32).vectors.shape[1] == 32
        answers = _answers(store, 32)
        assert store._memory is not None and store._memory.builds == []
    assert answers == _from_the_graph(project, 32)
    assert any(found for found in answers[1::2])


def _damage(path: Path, damage: str) -> None:
    good = path.read_bytes()
    if damage == "missing":
        path.unlink()
    elif damage == "truncated":
        path.write_bytes(good[:-8])
    elif damage == "garbage":
        path.write_bytes(b"INFSRC\nnot json at all")
    else:
        (length,) = struct.unpack_from("<I", good, 7)
        header = json.loads(good[11:11 + length])
        if damage == "other build":
            header["build_id"] = "0" * 16
        elif damage == "other format":
            header["format"] = 999
        else:  # an array said to lie past the end of the file
            header["text"]["rev"][0] = len(good)
        encoded = json.dumps(header).encode()
        encoded += b" " * (-(11 + len(encoded)) % 8)
        path.write_bytes(good[:7] + struct.pack("<I", len(encoded)) + encoded + good[11 + length:])


@pytest.mark.parametrize("damage", ["missing", "truncated", "garbage", "other build", "other format",
                                    "array outside"])
def test_a_file_that_does_not_check_is_not_trusted(project: Path, damage: str) -> None:
    expected = _from_the_graph(project)
    with GraphStore.open(project) as store:
        path = search_file(store)
        assert path is not None
        _damage(path, damage)
        assert open_search(store, store._reader()) is None
        assert _answers(store) == expected
        assert store._memory is not None and [name for name, *_ in store._memory.builds] == ["text"]


def test_a_new_build_replaces_the_file_and_removes_the_old(project: Path) -> None:
    with GraphStore.open(project) as store:
        before = search_file(store)
    _ingest(project, [make_document("SOP-50", "0", texts={"1": "Compressive strength of grout."})], "search-2")
    with GraphStore.open(project) as store:
        after = search_file(store)
        assert before is not None and after is not None and after != before
        assert after.is_file() and not before.exists()
        hits = store.search_text("grout", k=3, documents=["SOP-50@0", "SPEC-A@0"])
        assert hits and hits[0][0].doc == "SOP-50"


def test_a_new_build_reads_only_the_changed_revisions_texts_and_answers_as_one_from_the_graph(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 26: a 10-document delta at 100k provisions read and tokenized all 100,000 texts again; the
    # earlier build's file gives the terms of the revisions whose contents did not change
    from inforce.engine.store import _memory

    read: list[str] = []
    tokens = _memory.fts_tokens
    monkeypatch.setattr(_memory, "fts_tokens", lambda text: read.append(text) or tokens(text))
    rows = sum(len(d.provisions) for d in DOCUMENTS)
    grout = make_document("SOP-50", "0", texts={"1": "Compressive strength of grout: 3,000 psi."})
    revised = make_document("SPEC-A", "2", seq=2, sections=3, rows=2, callouts=1,
                            texts={"2": "Compressive strength at 28 days: not less than 6,000 psi; records kept."})

    def remove(uid: str):
        return lambda: ingest_documents(project, remove=[uid], config="gone")

    steps = [
        (lambda: _ingest(project, [grout], "grout"), len(grout.provisions)),  # a document added
        (lambda: _ingest(project, [revised], "revised"), len(revised.provisions)),  # a new revision
        (remove("SOP-03@0"), 0),  # a revision removed: nothing to read
    ]
    for step, changed in steps:
        read.clear()
        step()
        assert len(read) <= changed < rows / 4, (len(read), changed)
        with GraphStore.open(project) as store:
            answers = _answers(store)
            assert store._memory is not None and store._memory.builds == [], "the indexes were built, not read"
            uids = {doc.uid for doc in store.documents()}
        assert answers == _from_the_graph(project)
        assert any(answers)
    assert "SOP-50@0" in uids and "SPEC-A@2" in uids and "SOP-03@0" not in uids
    with GraphStore.open(project) as store:
        hits = store.search_text("grout", k=3, documents=sorted(uids))
        assert hits and hits[0][0].doc == "SOP-50"


def test_a_build_over_its_own_earlier_index_reads_no_text(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # every row's text hash is found, one ending in a zero byte too (numpy hands an S16 item back without
    # its trailing zero bytes: one hash in 256 was never found, and at the million its revisions were read
    # again, 139,350 rows for a 10-document delta)
    import numpy as np

    from inforce.engine.store import _memory
    from inforce.engine.store._memory import TextIndex, _Revisions

    index = TextIndex.__new__(TextIndex)
    index.hashes = np.array([bytes.fromhex("ab" * 15 + "00"), bytes(16), bytes.fromhex("cd" * 16)], dtype="S16")
    assert index._rows_by_hash() == {bytes.fromhex("ab" * 15 + "00"): 0, bytes.fromhex("cd" * 16): 2}
    read: list[str] = []
    tokens = _memory.fts_tokens
    monkeypatch.setattr(_memory, "fts_tokens", lambda text: read.append(text) or tokens(text))
    with GraphStore.open(project) as store:
        graph = store._reader()
        earlier = open_search(store, graph)
        assert earlier is not None and earlier._text is not None
        again = TextIndex.build(graph, _Revisions(), earlier._text)
        fresh = TextIndex.build(graph, _Revisions())
    assert again is not None and fresh is not None and len(again.rows.paths) == len(fresh.rows.paths)
    assert len(read) == len(fresh.rows.paths)  # the build from nothing read every text, the other none


def _every_answer(store: GraphStore) -> list:
    """Restricted searches, unrestricted ones, and restricted ones ranked over what an asker may read."""
    uids = sorted(doc.uid for doc in store.documents())
    found = _answers(store)
    for words in WORDS:
        found.append(store.search_text(words, k=7))
        found.append(store.search_text(words, k=7, documents=uids[:3], readable=uids[: len(uids) // 2]))
    return found


def test_a_delta_takes_the_base_builds_index_and_reads_only_what_it_wrote(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 26: a 10-document delta of a million provisions spent 17 s rebuilding this index from every row
    from inforce.engine.store import _memory
    from inforce.engine.store._memory import TextIndex

    unique = make_document("SOP-77", "0", sections=2, rows=0, callouts=0,
                           texts={"1": "Zyxwvut quarantine applies to grout."})
    revised = make_document("SPEC-A", "2", seq=2, sections=3, rows=2, callouts=1,
                            texts={"2": "Compressive strength at 28 days: not less than 6,000 psi; records kept."})

    def remove(*uids: str, add=()):
        return lambda: ingest_documents(project, add, uids, config="step")

    other = make_document("SOP-78", "0", sections=1, rows=1, callouts=0)
    steps = [(lambda: _ingest(project, [unique], "unique"), len(unique.provisions)),
             (lambda: _ingest(project, [revised], "revised"), len(revised.provisions)),
             (remove("SOP-03@0"), 0), (remove("SOP-77@0", add=[other]), len(other.provisions))]
    built, tokens = TextIndex.build, _memory.fts_tokens
    read: list[str] = []
    for number, (step, written) in enumerate(steps):
        read.clear()
        with monkeypatch.context() as patch:
            patch.setattr(TextIndex, "build", classmethod(lambda *a, **k: pytest.fail("built, not merged")))
            patch.setattr(_memory, "fts_tokens", lambda text: read.append(text) or tokens(text))
            step()
        assert len(read) == written, (number, len(read))  # the written revision's rows only
        assert TextIndex.build == built
        with GraphStore.open(project) as store:
            answers = _every_answer(store)
            assert store._memory is not None and store._memory.builds == [], "the indexes were built, not read"
            held = store._memory.text_index()
            assert len(held.rows.paths) == sum(1 for _ in store._reader().iter_rows("MATCH (p:Section) RETURN p.key")) \
                + sum(1 for _ in store._reader().iter_rows("MATCH (p:TableRow) RETURN p.key")) \
                + sum(1 for _ in store._reader().iter_rows("MATCH (p:Callout) RETURN p.key"))
            stems = set(held.stems)
        assert answers == _every_answer_from_the_graph(project), number
        assert any(answers)
        # the erased document's own word is gone from the file once no row holds it
        assert ("zyxwvut" in stems) == (number in (0, 1, 2)), (number, "zyxwvut" in stems)


def _every_answer_from_the_graph(root: Path) -> list:
    with GraphStore.open(root) as store:
        store._memory = MemorySearch(store._reader())
        return _every_answer(store)


def test_a_delta_over_a_base_file_that_does_not_check_builds_the_index(project: Path) -> None:
    with GraphStore.open(project) as store:
        base = search_file(store)
    assert base is not None
    base.write_bytes(b"INFSRC\n" + b"\0" * 64)
    _ingest(project, [make_document("SOP-50", "0", texts={"1": "Compressive strength of grout."})], "after")
    with GraphStore.open(project) as store:
        answers = _every_answer(store)
        assert store._memory is not None and store._memory.builds == []
    assert answers == _every_answer_from_the_graph(project)
    with GraphStore.open(project) as store:
        assert store.search_text("grout", k=1)[0][0].doc == "SOP-50"


def test_a_base_that_does_not_account_for_every_row_is_not_merged(project: Path) -> None:
    from inforce.engine.store._memory import TextIndex, _Revisions

    with GraphStore.open(project) as store:
        base = open_search(store, store._reader())
    added = make_document("SOP-50", "0", texts={"1": "Compressive strength of grout."})
    _ingest(project, [added], "after")
    with GraphStore.open(project) as store:
        graph = store._reader()
        assert base is not None and base._text is not None
        assert TextIndex.merged(graph, _Revisions(), base._text, set()) is None  # SOP-50's rows: in neither
        merged = TextIndex.merged(graph, _Revisions(), base._text, {"SOP-50@0"})
        assert merged is not None and len(merged.rows.paths) == len(base._text.rows.paths) + len(added.provisions)


def test_merged_postings_are_the_sorted_union() -> None:
    """Placing a delta's postings among the kept ones gives what sorting the two together gives."""
    import numpy as np

    from inforce.engine.store._memory import _merged_postings

    rnd = np.random.default_rng(26)
    for kept_rows, read_rows, stems in ((200, 30, 50), (5, 40, 7), (300, 0, 20), (0, 25, 9)):
        def postings(rows: int, first_row: int, stems: int = stems) -> tuple:
            pairs = {(int(rnd.integers(stems)), first_row + r) for r in range(rows) for _ in range(3)}
            ordered = sorted(pairs)
            return (np.array([s for s, _ in ordered], dtype=np.int64), np.array([r for _, r in ordered], dtype=np.int64),
                    rnd.integers(1, 9, len(ordered)))
        kept, read = postings(kept_rows, 0), postings(read_rows, kept_rows)
        everything = sorted(zip(np.concatenate([kept[0], read[0]]).tolist(), np.concatenate([kept[1], read[1]]).tolist(),
                                np.concatenate([kept[2], read[2]]).tolist(), strict=True))
        # and the kept rows and counts as a file holds them (int32), the read ones as worked out (int64)
        for held in (kept, (kept[0], kept[1].astype(np.int32), kept[2].astype(np.int32))):
            term, row, tf = _merged_postings(held, read, stems)
            assert list(zip(term.tolist(), row.tolist(), tf.tolist(), strict=True)) == everything


def _held_weights(table) -> np.ndarray:
    """Each posting's BM25 weight over the whole table, as a build worked them out ahead of time before
    search file format 4 (issue 26): Kuzu's formula, each row's part of the denominator once."""
    from inforce.engine.store._memory import BM25_B, BM25_K1

    doc_len = np.asarray(table.lengths, dtype=np.float64)
    n_docs = int(np.count_nonzero(doc_len))
    avgdl = float(doc_len.sum()) / n_docs
    df = np.diff(table.indptr).astype(np.float64)
    idf = np.log10((n_docs - df + 0.5) / (df + 0.5) + 1.0)
    term = np.repeat(np.arange(df.size), np.diff(table.indptr))
    norm = BM25_K1 * (1.0 - BM25_B + BM25_B * (doc_len / avgdl))
    tf = np.asarray(table.tf, dtype=np.float64)
    return idf[term] * (tf * (BM25_K1 + 1.0) / (tf + norm[np.asarray(table.rows) - table.first]))


def test_weights_worked_out_when_asked_score_as_weights_held_ahead_to_the_last_bit(tmp_path: Path) -> None:
    """A query's weights are worked out from the postings' term frequencies and the rows' lengths when it is
    asked, no weight held per posting: every score equals, bit for bit, the sum of the weights a build had
    worked out ahead of time (so no order, tie or score moved), from the file and from the graph alike."""
    project = tmp_path / "project"
    _ingest(project, [*DOCUMENTS, make_document("SOP-40", "0", sections=5, rows=2, callouts=1, texts={
        "1": "Records records records of the batch.", "2": "Compressive strength of concrete batch records."})])
    for restored in (True, False):
        with GraphStore.open(project) as store:
            memory = open_search(store, store._reader()) if restored else MemorySearch(store._reader())
            assert memory is not None
            text = memory.text_index()
            assert text is not None
            held = [_held_weights(table) for table in text.tables]
            everything = np.ones(len(text.rows.revisions.uids), dtype=bool)
            for words in [*WORDS, "records batch", "strength concrete records"]:
                expected = np.zeros(len(text.rows.paths), dtype=np.float64)
                for table, weights in zip(text.tables, held, strict=True):
                    for stem in text.query_stems(words):
                        lo, hi = table.indptr[stem], table.indptr[stem + 1]
                        expected[table.rows[lo:hi]] += weights[lo:hi]
                hits = np.flatnonzero(expected)
                top = text.rows.top(hits, expected[hits], 50)
                assert text.search(words, 50, everything) == top, words
                assert text.search(words, 50, everything, everything) == top, words
                assert top or words == "the"


@pytest.mark.parametrize("damage", ["other format", "missing"])
def test_an_ingest_with_nothing_to_do_writes_again_a_search_file_it_cannot_take(
        ingested_example, tmp_path: Path, damage: str) -> None:
    """After a release that changed the search file's format, an ingest finding nothing to do had left the
    old file in place, and every process after built the index from the graph again (audit 132 F1): it is
    written again, and a file of this format and build is left as it is."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    project = ingested_example.copy("riverside-library", tmp_path / "riverside-library")
    with GraphStore.open(project) as store:
        path = search_file(store)
    assert path is not None
    _damage(path, damage)
    done = CliRunner().invoke(app, ["ingest", str(project), "--format", "json"])
    assert done.exit_code == 0 and json.loads(done.stdout)["added"] == [], done.output
    with GraphStore.open(project) as store:
        restored = open_search(store, store._reader())
        assert restored is not None and restored.text_index() is not None and restored.builds == []
    written = path.stat().st_mtime_ns
    again = CliRunner().invoke(app, ["ingest", str(project), "--format", "json"])
    assert again.exit_code == 0 and path.stat().st_mtime_ns == written
