"""Audit 76 A F1, F3 through the service: a file whose name is not UTF-8 made ``GET .../lag`` 500
for every key and an admin's ``POST .../ingest`` 500 (a document so named), and ``POST .../erase``
500 after the erasure was done (a copy so named still holding the erased words). The document
is an input error naming the file (422), the erasure's answer names the copy with those bytes
written out (409, its result whole)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from inforce.engine import Project

DOCUMENT = ("---\nid: {id}\nkind: specification\ntitle: Concrete\nissued: 2026-01-01\n"
            "effective: {{from: 2026-01-01}}\nrecorded: 2026-01-01T00:00:00Z\n---\n3 EXECUTION\n\n"
            "3.1 Concrete compressive strength at 28 days: not less than {psi} psi.\n")
BASE = "/v1/projects/p"


def _write(folder: Path, name: bytes, text: str) -> Path:
    path = os.path.join(os.fsencode(folder), name)
    with open(path, "wb") as out:
        out.write(text.encode())
    return Path(os.fsdecode(path))


@pytest.fixture
def served(tmp_path: Path, serve: Any, http_keys: Any) -> tuple[Any, Path]:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: names\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-1.md").write_text(DOCUMENT.format(id="SPEC-1", psi="4,000"))
    (root / "documents" / "secret.md").write_text(DOCUMENT.format(id="SECRET-1", psi="6,123"))
    Project.ingest(root)
    return serve(Service({"p": Warm.open("p", root)}, http_keys, time_limit=120)), root


@pytest.mark.slow
def test_a_document_so_named_is_a_422_for_lag_and_ingest_never_a_500(served: Any, bearer: Any) -> None:
    server, root = served
    _write(root / "documents", b"bad\xffZ.md", DOCUMENT.format(id="SPEC-9", psi="5,000"))
    with httpx.Client(base_url=server.url, timeout=120) as client:
        for who in ("public", "owner", "admin"):
            lag = client.get(f"{BASE}/lag", headers=bearer(who))
            assert lag.status_code == 422, (who, lag.text)
        ingested = client.post(f"{BASE}/ingest", headers=bearer("admin"))
    assert ingested.status_code == 422, ingested.text
    # its access is in the file, which is not read: counted for every key, named to the operator (CLI)
    assert "1 more problem withheld (access)" in ingested.text


@pytest.mark.slow
def test_an_erasure_names_a_copy_so_named_in_its_409(served: Any, bearer: Any) -> None:
    server, root = served
    _write(root, b"copy\xfe.txt", "3.1 Concrete compressive strength at 28 days: not less than 6,123 psi.\n")
    with httpx.Client(base_url=server.url, timeout=120) as client:
        erased = client.post(f"{BASE}/erase", json={"document": "SECRET-1", "confirm": "SECRET-1"},
                             headers=bearer("admin"))
    assert erased.status_code == 409, erased.text
    body = erased.json()
    assert body["result"]["remaining"] == ["copy\\xfe.txt"] and body["result"]["erasure"]["state"] == "done"
    assert "copy\\xfe.txt" in body["detail"]
    assert not (root / "documents" / "secret.md").exists()
