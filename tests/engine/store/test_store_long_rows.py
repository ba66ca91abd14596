"""A row too long for Kuzu's JSON reader still goes into the graph, whole.

Kuzu 0.11.3 reads staged JSON through a 32 MiB scan buffer, and no COPY option widens it: a
revision whose text layer (or one provision's text) ran past it failed the whole ingest with
"Malformed JSON". Rows whose line passes ``JSON_ROW_MAX_BYTES`` are staged apart and inserted
with parameterised statements instead; these tests hold that path to what COPY puts there, at
the size that used to fail and at the ceiling's edge (and ``test_store_load_paths``: every
row of every table set aside goes in as COPY puts it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.store import GraphStore
from inforce.engine.store._layout import StoreLayout
from inforce.engine.store._staging import JSON_ROW_MAX_BYTES, StagingArea
from inforce.ontology.jsontext import compact_bytes

from store_factory import MANIFEST, make_document

#: the longest line the old COPY took: Kuzu's scan buffer less its 4 bytes of padding
_OLD_CEILING = 32 * 1024 * 1024 - 4


def _ingest(root: Path, documents: list, edges: list) -> Path:
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "build-1") as tx:
        for document in documents:
            tx.add(document)
        tx.add_edges(edges)
        tx.commit()
    live = StoreLayout(root).live()
    assert live is not None
    return live


@pytest.mark.slow  # ~30 s on two shared cores: 32 MiB of text hashed, staged and stored twice
def test_a_revision_past_the_old_copy_ceiling_ingests_and_reads_back(tmp_path: Path) -> None:
    # one section as long as the old ceiling: its row and the revision's text layer both pass it
    text = "1 GENERAL\n" + "steel “grade” 50 \\ é\n" * ((_OLD_CEILING + 100) // 22)
    document = make_document("BIG-1", sections=1, rows=0, callouts=0, texts={"1": text})
    assert len(document.text_layer.encode("utf-8")) > _OLD_CEILING
    _ingest(tmp_path, [document], [])
    with GraphStore.open(tmp_path) as store:
        back = store.document(document.uid)
    assert back.text_layer == document.text_layer
    assert [p.text for p in back.provisions] == [p.text for p in document.provisions]


def test_the_ceiling_is_measured_in_utf8_bytes_of_the_line(tmp_path: Path) -> None:
    staging = StagingArea(tmp_path / "staging")
    frame = len(compact_bytes({"text": ""})) + 1  # the braces, the key, the quotes, the newline
    filler = JSON_ROW_MAX_BYTES - frame
    staging.write("Section", {"text": "x" * filler})                 # exactly at the ceiling: the JSON file
    staging.write("Section", {"text": "x" * (filler + 1)})           # one byte over: set aside
    staging.write("Section", {"text": "é" * (filler // 2 + 1)})      # fewer characters, more bytes: set aside
    staging.close()
    assert staging.counts == {"Section": 1} and staging.long_counts == {"Section": 2}
    path = staging.path("Section")
    assert path is not None and path.stat().st_size == JSON_ROW_MAX_BYTES
    assert [len(row["text"]) for row in staging.long_rows("Section")] == [filler + 1, filler // 2 + 1]
    staging.discard()
