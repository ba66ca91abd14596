"""Restricted search in memory (``engine/store/_memory``) against Kuzu's own restricted queries.

The in-memory indexes answer a restricted ``search_text`` / ``search_vector``; here each answer
is compared with the same query run inside Kuzu over the same restriction (``memory=None``:
the FTS index filtered by ``rev IN $revs``, the exact cosine scan). A graph this small holds
no Kuzu FTS index (``_build.FTS_MIN_PROVISIONS``), so the graphs compared with Kuzu here are
built with the threshold at zero (``kuzu_fts``); the last tests hold a small graph, searched
in memory restricted or not, to Kuzu's answers over the same documents.
"""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from inforce.engine.embedding import HashingEmbedder, embed_project
from inforce.engine.store import GraphStore, _build, _search
from inforce.engine.store._memory import (
    STOP_WORDS,
    MemorySearch,
    _fts_stemmer,
    fts_tokens,
    has_text_indexes,
)
from inforce.ontology import Locator

from store_factory import MANIFEST, make_document, sentence

TARGET = "Compressive strength at 28 days: not less than 4,000 psi for footings."
STRONG = "Batch records shall be retained. Records retention: records are kept, records archived, records."
WEAK = "The quality unit keeps batch records with other documents for the life of the product and beyond."
AWKWARD = "ÉCOLE — “Quoted” straße ΣΊΣΥΦΟΣ İstanbul C:\\path\\to x_y e-mail value\tTAB running runners ran"

#: Identical noise (ties broken by key), varied filler (sentence), a second revision of one
#: document, the eligible weak match, a specification with rows and callouts.
DOCUMENTS = [
    *[make_document(f"SOP-{n:02d}", "0", sections=2, rows=0, callouts=0, texts={"1": STRONG}) for n in range(8)],
    *[make_document(f"HB-{n:02d}", "1", sections=5, rows=2, callouts=1,
                    texts={"2": f"{sentence(n, 20)} batch {sentence(n + 3, 6)} records"}) for n in range(10)],
    make_document("HB-00", "2", seq=1, sections=5, rows=2, callouts=1, texts={"2": f"{sentence(40, 15)} records"}),
    make_document("SOP-99", "B", sections=2, rows=0, callouts=0, texts={"2": WEAK}),
    make_document("SPEC-033000", "0", sections=3, rows=2, callouts=1, texts={"2": TARGET, "3": AWKWARD}),
]
QUERIES = [
    "compressive strength 28 days", "batch records", "item 1 mg", "concrete 4001 psi", "alpha bravo",
    "heading", "quoted commas backslash", "École Straße", "σίσυφος", "İSTANBUL", "run", "the value", "x y",
    "records retention kept", "path to e mail", "tab", "kilo lima mike november oscar",
]


def _build_documents(root: Path, documents=DOCUMENTS) -> Path:
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "b") as tx:
        for document in documents:
            tx.add(document)
        tx.commit()
    return root


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """DOCUMENTS built with Kuzu's FTS indexes (the threshold at zero) and embedded."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_build, "FTS_MIN_PROVISIONS", 0)
        root = _build_documents(tmp_path_factory.mktemp("memory-search"))
        embed_project(root, HashingEmbedder(64), batch_size=32)
    return root


@pytest.fixture()
def kuzu_fts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Graphs built in the test hold Kuzu's FTS indexes however small."""
    monkeypatch.setattr(_build, "FTS_MIN_PROVISIONS", 0)


@pytest.fixture(scope="module")
def store(project: Path):
    with GraphStore.open(project) as opened:
        yield opened


def _revisions(store: GraphStore) -> list[str]:
    return sorted(row[0] for row in store._graph.rows("MATCH (r:Revision) RETURN r.uid"))


def _restrictions(store: GraphStore) -> list[list[str]]:
    revs = _revisions(store)
    rnd = random.Random(7)
    return [revs, *[rnd.sample(revs, n) for n in (1, 2, 3, len(revs) // 3, len(revs) // 2)]]


def _kuzu_text(store: GraphStore, query: str, k: int, allowed: list[str]) -> list[tuple[Locator, float]]:
    return _search.search_text(store._graph, query, k, allowed)


def _kuzu_vector(store: GraphStore, vector: list[float], k: int, allowed: list[str]) -> list[tuple[Locator, float]]:
    return _search.search_vector(store._graph, vector, k, allowed, dim=64)


# ---- tokens as Kuzu makes them ----------------------------------------------------------------


def test_tokens_are_kuzus_own(store: GraphStore) -> None:
    """The tokenizer is the one Kuzu's FTS index ran (its ``tokenize`` macro), Unicode included."""
    table_id = {name: tid for tid, name, *_ in store._graph.rows("CALL SHOW_TABLES() RETURN *")}["Section"]
    samples = [f"a{c}b" for c in string.punctuation + "\t\n\r\u00a0—–“”‘’…§°×٣²"]
    samples += [AWKWARD, TARGET, STRONG, "  lead  trail  ", "", "İ Σ ΣΑΣ ǅ ﬁne ß"]
    kuzu = store._graph.rows(
        f"UNWIND $xs AS x WITH x RETURN x, `{table_id}_section_text_tokenize`(x)", {"xs": samples}
    )
    assert len(kuzu) == len(samples)
    for text, tokens in kuzu:
        assert fts_tokens(text) == [t for t in tokens if t], text


def test_the_index_is_created_with_the_settings_reproduced(store: GraphStore) -> None:
    assert _fts_stemmer(store._graph) == "english"
    assert {"the", "value", "which", "zero"} <= STOP_WORDS


class _Indexes:
    def __init__(self, rows: list[tuple[str, ...]]) -> None:
        self._rows = rows

    def rows(self, statement: str, params: object = None) -> list[tuple[str, ...]]:
        return self._rows


def test_indexes_it_cannot_reproduce_leave_the_search_to_kuzu() -> None:
    def index(table: str, options: str) -> tuple[str, ...]:
        return (table, f"{table.lower()}_text", "FTS", "['text']", "True",
                f"CALL CREATE_FTS_INDEX('{table}', '{table.lower()}_text', ['text'], {options});")

    default = "stemmer := 'english', stopWords := 'default'"
    tables = ("Section", "TableRow", "Callout")
    assert _fts_stemmer(_Indexes([index(t, default) for t in tables])) == "english"
    assert _fts_stemmer(_Indexes([index(t, "stemmer := 'porter', stopWords := 'default'") for t in tables])) == "porter"
    assert _fts_stemmer(_Indexes([index(t, default) for t in tables[:2]])) is None  # one index missing
    custom = [index("Section", "stemmer := 'english', stopWords := 'my_words'"), *[index(t, default) for t in tables[1:]]]
    assert _fts_stemmer(_Indexes(custom)) is None
    mixed = [index("Section", "stemmer := 'german', stopWords := 'default'"), *[index(t, default) for t in tables[1:]]]
    assert _fts_stemmer(_Indexes(mixed)) is None


# ---- full text ----------------------------------------------------------------------------------


#: The top-k sizes the comparisons run at; one in the inner loop, all three in ``make test``.
K = [pytest.param(3, marks=pytest.mark.slow), 10, pytest.param(30, marks=pytest.mark.slow)]


def _agree(kuzu_wide: list[tuple[Locator, float]], memory: list[tuple[Locator, float]], k: int,
           tolerance: float, what: str) -> None:
    """Kuzu's ranking, up to ties: rank by rank the same score (within ``tolerance``), and at
    each rank a provision Kuzu scores the same (``kuzu_wide``: Kuzu's answer for more than k,
    so a tie cut at the k-th rank is seen whole).

    Scores equal on paper may differ in their last bits between Kuzu and numpy (another order
    of the additions, float32 cosines computed another way); ``ORDER BY score DESC, key`` then
    orders such a pair differently. A score alone at its value must be the same provision."""
    kuzu = kuzu_wide[:k]
    assert len(memory) == len(kuzu), what
    for rank, ((_, expected), (loc, score)) in enumerate(zip(kuzu, memory, strict=True)):
        assert score == pytest.approx(expected, rel=tolerance, abs=tolerance), f"{what} rank {rank}"
        tied = {other for other, value in kuzu_wide if abs(value - score) <= tolerance * max(1.0, abs(score))}
        assert loc in tied, f"{what} rank {rank}: {loc} not among Kuzu's {sorted(map(str, tied))}"
    assert len({loc for loc, _ in memory}) == len(memory), what


@pytest.mark.parametrize("k", K)
@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_restricted_full_text_equals_kuzus(store: GraphStore, k: int) -> None:
    for allowed in _restrictions(store):
        for query in QUERIES:
            _agree(_kuzu_text(store, query, k + 60, allowed), store.search_text(query, k, allowed), k, 1e-9,
                   f"{query!r} k={k}")


def test_restricted_full_text_ranks_and_scores_as_kuzu_on_the_examples(store: GraphStore) -> None:
    everything = _revisions(store)
    hits = store.search_text("compressive strength 28 days", 5, everything)
    assert hits[0][0] == Locator.parse("SPEC-033000@0#2")
    assert hits == _kuzu_text(store, "compressive strength 28 days", 5, everything)
    # identical noise sections tie: the key decides, as in Kuzu's ORDER BY score DESC, key
    tied = store.search_text("batch records", 4, [f"SOP-{n:02d}@0" for n in range(8)])
    assert [str(loc) for loc, _ in tied] == [f"SOP-{n:02d}@0#1" for n in range(4)]
    assert tied == _kuzu_text(store, "batch records", 4, [f"SOP-{n:02d}@0" for n in range(8)])


def test_unicode_and_stop_words_match_as_in_kuzu(store: GraphStore) -> None:
    everything = _revisions(store)
    for query in ("ÉCOLE", "straße", "σίσυφος", "istanbul", "İSTANBUL", "quoted", "path", "ran", "runner"):
        assert store.search_text(query, 5, everything) == _kuzu_text(store, query, 5, everything), query
    for stop in ("the", "value", "which"):  # stop words are not indexed
        assert store.search_text(stop, 5, everything) == [] == _kuzu_text(store, stop, 5, everything)


def test_the_restriction_applies_before_the_top_k(store: GraphStore) -> None:
    unrestricted = store.search_text("batch records", k=5)
    restricted = store.search_text("batch records", k=5, documents={"SOP-99@B"})
    assert all(hit.doc != "SOP-99" for hit, _ in unrestricted)  # crowded out of the top five
    assert restricted and restricted[0][0] == Locator.parse("SOP-99@B#2")
    assert {(hit.doc, hit.rev) for hit, _ in restricted} == {("SOP-99", "B")}


# ---- vectors ------------------------------------------------------------------------------------


def _vectors(n: int) -> list[list[float]]:
    rnd = random.Random(11)
    return [[rnd.gauss(0, 1) for _ in range(64)] for _ in range(n)]


@pytest.mark.slow  # over a second and a half; the full suite runs it
def test_restricted_vector_search_equals_kuzus_exact_scan(store: GraphStore) -> None:
    embedder = HashingEmbedder(64)
    questions = [list(map(float, v)) for v in embedder.embed(QUERIES)]
    for allowed in _restrictions(store):
        for vector in questions + _vectors(10):
            for k in (1, 5, 30):
                memory = store.search_vector(vector, k, allowed)
                _agree(_kuzu_vector(store, vector, k + 60, allowed), memory, k, 2e-6, f"k={k}")


def test_vector_search_unrestricted_stays_on_the_hnsw_index(store: GraphStore) -> None:
    vector = _vectors(1)[0]
    assert store.search_vector(vector, 5) == _search.search_vector(store._graph, vector, 5, None, dim=64)


# ---- the restriction ----------------------------------------------------------------------------


def test_no_hit_outside_the_allowed_revisions(store: GraphStore) -> None:
    revs = _revisions(store)
    rnd = random.Random(3)
    for _ in range(25):
        allowed = set(rnd.sample(revs, rnd.randint(1, len(revs))))
        for query in rnd.sample(QUERIES, 4):
            for hit, _ in store.search_text(query, 30, allowed):
                assert f"{hit.doc}@{hit.rev}" in allowed
        for vector in _vectors(2):
            hits = store.search_vector(vector, 30, allowed)
            assert hits and all(f"{hit.doc}@{hit.rev}" in allowed for hit, _ in hits)
    # HB-00 has two revisions: allowing one never brings the other's provisions
    for rev in ("HB-00@1", "HB-00@2"):
        for hit, _ in store.search_text("records", 30, [rev]) + store.search_vector(_vectors(1)[0], 30, [rev]):
            assert f"{hit.doc}@{hit.rev}" == rev


def test_empty_and_unknown_restrictions(store: GraphStore) -> None:
    vector = _vectors(1)[0]
    assert store.search_text("batch records", 10, []) == []
    assert store.search_vector(vector, 10, []) == []
    assert store.search_text("batch records", 10, ["NOPE@1", "SOP-99@Z"]) == []
    assert store.search_vector(vector, 10, ["NOPE@1"]) == []
    known = ["SOP-99@B", "SPEC-033000@0"]
    assert store.search_text("batch records", 10, [*known, "NOPE@1"]) == store.search_text("batch records", 10, known)
    assert store.search_vector(vector, 10, [*known, "NOPE@1"]) == store.search_vector(vector, 10, known)
    assert store.search_text("batch records", 0, known) == []
    assert store.search_text("?!*", 10, known) == []
    assert store.search_text("zzzunknownword", 10, known) == []


# ---- the cache follows the graph ------------------------------------------------------------------


def test_the_indexes_are_built_once_per_open_graph_and_dropped_on_close(
    project: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # without the build's search file (``_search_file``; tests/engine/store/test_search_file.py
    # holds the path that maps it): the indexes are built from the graph
    monkeypatch.setattr("inforce.engine.store.graph.open_search", lambda store, graph: None)
    store = GraphStore.open(project)
    assert store._memory is None
    store.search_text("records", 5)  # unrestricted: Kuzu, nothing built
    store.search_vector(_vectors(1)[0], 5)
    assert store._memory is None or store._memory.builds == []
    store.search_text("records", 5, ["SOP-99@B"])
    store.search_text("batch", 5, ["SOP-99@B"])
    store.search_vector(_vectors(1)[0], 5, ["SOP-99@B"])
    store.search_vector(_vectors(1)[0], 5, ["SOP-99@B"])
    memory = store._memory
    assert isinstance(memory, MemorySearch) and [name for name, *_ in memory.builds] == ["text", "vector"]
    store.close()
    assert store._memory is None


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_a_new_generation_is_searched_afresh(tmp_path: Path, kuzu_fts: None) -> None:
    first = make_document("A-1", "0", sections=2, rows=0, callouts=0, texts={"1": "pumps are serviced yearly"})
    second = make_document("A-2", "0", sections=2, rows=0, callouts=0, texts={"1": "pumps are replaced"})
    allowed = ["A-1@0", "A-2@0"]
    with GraphStore.open(tmp_path, read_only=False) as writer:
        with writer.begin_ingest(MANIFEST, "b") as tx:
            tx.add(first)
            tx.commit()
        reader = GraphStore.open(tmp_path)
        assert [str(loc) for loc, _ in writer.search_text("pumps", 5, allowed)] == ["A-1@0#1"]
        assert [str(loc) for loc, _ in reader.search_text("pumps", 5, allowed)] == ["A-1@0#1"]
        with writer.begin_ingest(MANIFEST, "b") as tx:
            tx.add(second)
            tx.commit()
        # the writer reads the new generation: its in-memory index is rebuilt from it
        assert {str(loc) for loc, _ in writer.search_text("pumps", 5, allowed)} == {"A-1@0#1", "A-2@0#1"}
        assert writer.search_text("pumps", 5, allowed) == _search.search_text(writer._graph, "pumps", 5, allowed)
    # a reader keeps the generation it opened until it reopens (as Kuzu's own search does)
    assert [str(loc) for loc, _ in reader.search_text("pumps", 5, allowed)] == ["A-1@0#1"]
    reader.close()
    with GraphStore.open(tmp_path) as reopened:
        assert {str(loc) for loc, _ in reopened.search_text("pumps", 5, allowed)} == {"A-1@0#1", "A-2@0#1"}


# ---- a graph too small for Kuzu's FTS indexes -----------------------------------------------------


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory):
    """DOCUMENTS again, built as every graph is (``FTS_MIN_PROVISIONS`` None): no Kuzu FTS index."""
    with GraphStore.open(_build_documents(tmp_path_factory.mktemp("small-search"))) as opened:
        yield opened


def test_no_graph_holds_kuzus_index_unless_asked(small: GraphStore, store: GraphStore) -> None:
    """Kuzu's index is built only where the threshold asks (issue 26: the in-memory BM25 answers every
    text search, and building Kuzu's was a fresh million's largest cost and memory peak)."""
    assert _build.FTS_MIN_PROVISIONS is None
    assert not has_text_indexes(small._graph) and _build.text_indexes(small._graph) == set()
    assert _build.text_indexes(store._graph) == set(_build.FTS_INDEXES)  # built with the threshold at 0
    assert _fts_stemmer(small._graph) == _fts_stemmer(store._graph) == "english"


@pytest.mark.parametrize("k", K)
def test_a_small_graph_searched_unrestricted_ranks_as_kuzus_index(small: GraphStore, store: GraphStore, k: int) -> None:
    for query in QUERIES:
        found = small.search_text(query, k)
        _agree(_kuzu_text(store, query, k + 60, None), found, k, 1e-9, f"{query!r} k={k}")
        assert found == _search.search_text(small._graph, query, k, None)  # no memory given: built for it


def test_a_small_graph_searched_restricted_answers_as_the_indexed_one(small: GraphStore, store: GraphStore) -> None:
    for allowed in _restrictions(store):
        for query in QUERIES:
            assert small.search_text(query, 10, allowed) == store.search_text(query, 10, allowed), query
    assert small.search_text("batch records", 10, []) == []
    assert small.search_text("batch records", 10, ["NOPE@1"]) == []


@pytest.mark.slow  # three builds
def test_the_indexes_follow_the_graph_across_the_threshold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = [make_document("T-1", "0", sections=2, rows=0, callouts=0, texts={"1": "pumps are serviced yearly"})]
    _build_documents(tmp_path, first)
    with GraphStore.open(tmp_path) as opened:
        one = _build.provision_count(opened._graph)
        assert _build.text_indexes(opened._graph) == set()
    monkeypatch.setattr(_build, "FTS_MIN_PROVISIONS", one + 1)
    _build_documents(tmp_path, [make_document("T-2", "0", sections=2, rows=0, callouts=0)])
    with GraphStore.open(tmp_path) as opened:
        assert _build.provision_count(opened._graph) > one
        assert _build.text_indexes(opened._graph) == set(_build.FTS_INDEXES)
        assert [str(loc) for loc, _ in opened.search_text("pumps", 5)] == ["T-1@0#1"]  # Kuzu's index answers
    with GraphStore.open(tmp_path, read_only=False) as writer, writer.begin_ingest(MANIFEST, "b") as tx:
        tx.remove("T-2@0")
        tx.commit()
    with GraphStore.open(tmp_path) as opened:
        assert _build.text_indexes(opened._graph) == set()
        assert [str(loc) for loc, _ in opened.search_text("pumps", 5)] == ["T-1@0#1"]  # memory answers


def test_a_graph_indexed_by_kuzu_before_loses_the_index_on_its_next_ingest(tmp_path: Path) -> None:
    """A project an earlier version built with Kuzu's indexes (2,000 provisions and up) drops them on
    its next ingest, however small the change, and answers as before from memory."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_build, "FTS_MIN_PROVISIONS", 0)
        _build_documents(tmp_path)
    with GraphStore.open(tmp_path) as opened:
        assert _build.text_indexes(opened._graph) == set(_build.FTS_INDEXES)
        assert [str(loc) for loc, _ in opened.search_text("compressive strength", 1)] == ["SPEC-033000@0#2"]
    with GraphStore.open(tmp_path, read_only=False) as writer, writer.begin_ingest(MANIFEST, "b") as tx:
        tx.add(make_document("T-9", "0", sections=1, rows=0, callouts=0, texts={"1": "kilo lima"}))
        tx.commit()
    with GraphStore.open(tmp_path) as opened:
        assert _build.text_indexes(opened._graph) == set()
        assert [str(loc) for loc, _ in opened.search_text("kilo lima", 1)] == ["T-9@0#1"]
        assert [str(loc) for loc, _ in opened.search_text("compressive strength", 1)] == ["SPEC-033000@0#2"]
        for query in QUERIES:  # the build's file answers as an index built from the graph now
            assert opened.search_text(query, 10) == _search.search_text(opened._graph, query, 10, None), query
