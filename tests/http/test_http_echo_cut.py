"""A query value echoed in a failure's detail is cut (audit 23h, N1): ``_Failure`` passes every
message through ``ontology.text.message_text``."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from inforce.adapters.cli._scaffold import scaffold_project
from inforce.adapters.http import Service, Warm
from inforce.engine import Project


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, serve: Any, http_keys: Any) -> Any:
    root = tmp_path_factory.mktemp("echo") / "project"
    scaffold_project(root, today="2026-01-05")
    Project.ingest(root)
    with Project.open(root) as opened:
        name = opened.manifest.project
    return serve(Service({name: Warm.open(name, root)}, http_keys))


def test_a_long_valid_at_is_not_echoed_whole(server: Any, bearer: Any) -> None:
    name = next(iter(server.service.projects))
    with httpx.Client(base_url=server.url, timeout=30) as client:
        answer = client.get(f"/v1/projects/{name}/asof", params={"locator": "SOP-1#1", "valid_at": "x" * 50_000},
                            headers=bearer("owner"))
    assert answer.status_code == 422
    assert len(answer.content) < 1000 and "50,0" in answer.text, answer.text[:300]
