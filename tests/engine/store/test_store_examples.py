"""Every bundled example project, parsed for real, comes back from the store unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest import discover_documents, load_manifest, parse_document
from inforce.engine.store import GraphStore

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
PROJECTS = sorted(p.parent for p in EXAMPLES.glob("*/inforce.yaml"))


@pytest.mark.parametrize("project", PROJECTS, ids=lambda p: p.name)
@pytest.mark.slow
def test_example_documents_round_trip(project, tmp_path):
    documents = [parse_document(path, project) for path in discover_documents(project)]
    with GraphStore.open(tmp_path, read_only=False) as store:
        with store.begin_ingest(load_manifest(project), "example") as tx:
            for document in documents:
                tx.add(document)
            tx.commit()
        for document in documents:
            assert store.document(document.uid) == document
        assert store.stats().revisions == len(documents)
