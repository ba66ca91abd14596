"""The service's ``facts`` carries each figure's condition (issue 22, part 3): the same model the
front returns, a ``condition`` field with the terms a figure is stated under, null when none.
The project is written for the test."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import httpx

from inforce.adapters.http import Service, Warm
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project

LABEL = """---
id: LBL-9
kind: label
revision: '0'
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
# Dosage

## 2.1 Dosing

The initial dose is 5 mg once daily; in elderly patients the dose may be reduced to 2.5 mg once daily.

## 2.2 Renal

The dose is 10 mg once daily with water.
"""


def test_the_facts_endpoint_shows_each_figures_condition(tmp_path: Path, serve: Any, http_keys: Any,
                                                        bearer: Any) -> None:
    root = tmp_path / "doses"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: doses\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (root / "documents" / "lbl-9.md").write_text(LABEL, encoding="utf-8")
    ingest_project(root)
    server = serve(Service({"doses": Warm.open("doses", root)}, http_keys, time_limit=60))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        answered = client.get("/v1/projects/doses/facts", params={"subject": "drug.dose", "valid_at": "2026-03-01"},
                              headers=bearer("owner"))
    assert answered.status_code == 200, answered.text
    conditions = {fact["text"]: fact["condition"] for fact in answered.json()["facts"]}
    assert conditions == {"5 mg once daily": ["initial"], "2.5 mg once daily": ["reduced", "elderly"],
                          "10 mg once daily": None}
    with Project.open(root) as project:
        assert answered.json() == json.loads(project.facts("drug.dose", dt.date(2026, 3, 1)).model_dump_json())
