"""``GraphStore.held_provisions``: ``has_provision`` of many (document, path) pairs at once, as an
ingest asks for every stored addendum's targets (issue 26: one by one, 2.9 s of a million's delta)."""
from __future__ import annotations

from pathlib import Path

from inforce.engine.store import GraphStore

from store_factory import MANIFEST, make_document


def test_held_provisions_answers_as_has_provision_for_each_pair(tmp_path: Path) -> None:
    documents = [make_document("SPEC-A", "0", sections=3, rows=2, callouts=1),
                 make_document("SPEC-A", "1", seq=1, sections=4, rows=0, callouts=0),
                 make_document("SOP-1", "0", sections=2, rows=1, callouts=0)]
    with GraphStore.open(tmp_path, read_only=False) as store, store.begin_ingest(MANIFEST, "held") as tx:
        for document in documents:
            tx.add(document)
        tx.commit()
    paths = {p.path for d in documents for p in d.provisions}
    pairs = [(doc, path) for doc in ("SPEC-A", "SOP-1", "NOPE") for path in (*sorted(paths), "9.9", "")]
    with GraphStore.open(tmp_path) as store:
        held = store.held_provisions(pairs)
        expected = {(doc, path) for doc, path in pairs if store.has_provision(doc, path)}
        assert held == expected
        # a path one revision alone holds counts (4: SPEC-A@1's), a table row's too
        assert ("SPEC-A", "4") in held and ("SOP-1", "4") not in held
        assert any(len(path.split(".")) > 1 for _, path in held) and not any(doc == "NOPE" for doc, _ in held)
        assert store.held_provisions([]) == set()
