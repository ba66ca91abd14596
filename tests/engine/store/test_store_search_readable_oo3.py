"""Full-text ranking for an asker who may not read everything (audit OO-3).

BM25's statistics (``N``, each query stem's ``df``, ``avgdl``) taken over every row of a table
made the order of public results depend on what a restricted revision holds: a restricted
document full of "grout" lowered grout's idf, and a public key's results for "grout membrane"
changed order. They are now taken over the rows the asker may read (``search_text``'s
``readable``: by access alone, whatever the dates), so two projects differing only in a
restricted document rank alike for a key without its group — exactly as Kuzu's index ranks
a project holding only what that key may read — while an asker who may read everything is
ranked by the whole table's statistics, Kuzu's index's own.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine.store import GraphStore, _build, _search
from inforce.engine.store._search_file import open_search, write_search
from inforce.ontology import Context

from store_factory import MANIFEST, make_document, sentence

#: public sections where the two query words weigh differently by their idf alone
PUBLIC = [
    make_document("PUB-1", "0", sections=3, rows=1, callouts=0,
                  texts={"1": "The grout shall be placed carefully.", "2": "The membrane shall be placed carefully.",
                         "3": "Grout and membrane both, and grout again."}),
    make_document("PUB-2", "0", sections=2, rows=0, callouts=0,
                  texts={"1": "membrane lapped 150 mm, membrane primed", "2": f"{sentence(3, 9)} grout"}),
    make_document("PUB-3", "1", sections=2, rows=0, callouts=0),
]
QUERIES = ["grout membrane", "membrane", "grout", "grout membrane primed lapped", "heading quoted"]


def _secret(word: str):
    """A restricted document (to the store its access is the caller's to judge) of ``word``."""
    texts = {str(n): f"{n} The {word} is specified here, {word} {word}." for n in range(1, 9)}
    return make_document("SEC-9", "0", sections=8, rows=0, callouts=0, texts=texts)


def _built(root: Path, documents) -> Path:
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "b") as tx:
        for document in documents:
            tx.add(document)
        tx.commit()
    return root


@pytest.fixture(scope="module")
def graphs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The public documents with a restricted one full of grout (``g``), of membrane (``m``), and
    alone (``pub``); each with Kuzu's FTS indexes (the threshold at zero)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_build, "FTS_MIN_PROVISIONS", 0)
        return {name: _built(tmp_path_factory.mktemp(f"oo3-{name}"), documents) for name, documents in (
            ("g", [*PUBLIC, _secret("grout")]), ("m", [*PUBLIC, _secret("membrane")]), ("pub", PUBLIC))}


PUBLIC_REVS = [f"{d.id}@{d.revision}" for d in PUBLIC]


def _same(one: list, other: list) -> None:
    assert [str(loc) for loc, _ in one] == [str(loc) for loc, _ in other]
    assert [score for _, score in one] == pytest.approx([score for _, score in other], rel=1e-9, abs=1e-12)


def test_the_public_ranking_does_not_depend_on_the_restricted_documents_words(graphs: dict[str, Path]) -> None:
    with GraphStore.open(graphs["g"]) as g, GraphStore.open(graphs["m"]) as m, GraphStore.open(graphs["pub"]) as pub:
        for query in QUERIES:
            shown_g = g.search_text(query, 10, PUBLIC_REVS, readable=PUBLIC_REVS)
            shown_m = m.search_text(query, 10, PUBLIC_REVS, readable=PUBLIC_REVS)
            assert shown_g, query
            _same(shown_g, shown_m)
            # as Kuzu's own index ranks a project of only what the asker may read
            _same(shown_g, _search.search_text(pub._graph, query, 10, None))
        # the whole table's statistics (what a restricted asker had) do depend on them
        whole_g = g.search_text("grout membrane", 10, PUBLIC_REVS)
        whole_m = m.search_text("grout membrane", 10, PUBLIC_REVS)
        assert [str(loc) for loc, _ in whole_g] != [str(loc) for loc, _ in whole_m]


def test_an_asker_who_reads_everything_is_ranked_by_kuzus_index(graphs: dict[str, Path]) -> None:
    with GraphStore.open(graphs["g"]) as g:
        every = sorted(row[0] for row in g._graph.rows("MATCH (r:Revision) RETURN r.uid"))
        for query in QUERIES:
            kuzu = _search.search_text(g._graph, query, 10, None)  # Kuzu's FTS index, unrestricted
            assert kuzu, query
            held = g.search_text(query, 10, every)  # the weights held: the whole table's statistics
            _same(held, kuzu)  # (in memory: the same sums, their last bits aside)
            assert g.search_text(query, 10, every, readable=None) == held
            _same(g.search_text(query, 10, every, readable=every), kuzu)


def test_the_indexes_read_back_from_the_builds_file_rank_alike(graphs: dict[str, Path]) -> None:
    with GraphStore.open(graphs["g"]) as g:
        assert write_search(g) is not None
        restored = open_search(g, g._graph)
        assert restored is not None
        for query in QUERIES:
            _same(_search.search_text(g._graph, query, 10, PUBLIC_REVS, restored, PUBLIC_REVS),
                  g.search_text(query, 10, PUBLIC_REVS, readable=PUBLIC_REVS))


# ---- through the front: resolve, as a key without the group asks ---------------------------------

_PUB = """---
id: PUB-1
kind: specification
title: Public one
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
SECTION 01

1.1 GENERAL

A. The grout shall be placed carefully.

B. The membrane shall be placed carefully.
"""


def _project(root: Path, word: str) -> Path:
    from inforce.engine import Project

    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: idf\nfacets: []\n")
    (root / "documents" / "p1.md").write_text(_PUB)
    lines = "".join(f"{letter}. The {word} is specified here {letter}.\n\n" for letter in "ABCDEFGHJKLMNPQR")
    (root / "documents" / "s.md").write_text(
        "---\nid: SEC-9\nkind: specification\ntitle: Secret\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
        f"recorded: 2026-01-01T09:00:00Z\naccess: [legal]\n---\nSECTION 09\n\n1.1 GENERAL\n\n{lines}")
    Project.ingest(root)
    return root


def test_resolve_orders_public_results_alike_whatever_a_restricted_document_holds(tmp_path: Path) -> None:
    from inforce.engine import Project

    orders = {}
    for word in ("grout", "membrane"):
        with Project.open(_project(tmp_path / word, word)) as project:
            found = project.resolve("grout membrane", Context(valid_at=dt.date(2026, 5, 1), groups=("nobody",)),
                                    sources=("full_text",))
            orders[word] = [str(p.locator) for p in found.provisions]
            assert not any(p.locator.doc == "SEC-9" for p in found.provisions)
    assert orders["grout"] == orders["membrane"] and orders["grout"]
