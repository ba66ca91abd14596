"""Issue 23, twenty-sixth audit (low): a sweep asked over HTTP with a parameter its pack does not
declare was refused naming the pack by the server's absolute path (``/.../rules/stock/precedence/
none.yaml declares no parameter 'x'``). The pack is named as the request named it. The service
runs for real (``serve``); the project is written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from inforce.adapters.http import Service, Warm
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.rules.loader import STOCK_ROOT

SPEC = """---
id: SPEC-A
kind: specification
title: Concrete
revision: '0'
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
# Concrete

2.1 CONCRETE MIXTURES

A. Footing concrete compressive strength shall be 4,000 psi at 28 days.
"""


def test_an_unknown_parameter_of_a_stock_pack_is_named_by_the_pack_not_the_servers_file(
        tmp_path: Path, serve: Any, http_keys: Any, bearer: Any) -> None:
    root = tmp_path / "commas"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: commas\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (root / "documents" / "spec-a.md").write_text(SPEC, encoding="utf-8")
    ingest_project(root)
    server = serve(Service({"commas": Warm.open("commas", root)}, http_keys, time_limit=60))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        refused = client.post("/v1/projects/commas/sweeps", headers=bearer("owner"),
                              json={"valid_at": "2026-04-01", "packs": ["precedence/none"], "params": {"x": "1"}})
    assert refused.status_code == 422, refused.text
    messages = [problem["msg"] for problem in refused.json()["detail"]]
    assert "precedence/none declares no parameter 'x'" in messages, messages
    for where in {str(STOCK_ROOT), str(STOCK_ROOT.resolve()), str(Path.cwd())}:
        assert where not in refused.text, refused.text
