"""Over HTTP, the same as tests/engine/test_access_hidden_target_23.py (issue 23, AUDIT-O 01): a
public addendum item naming a paragraph only a restricted revision holds reads, to a key without
the group, exactly as an item naming a paragraph no revision holds (show, history, review); a key
with the group still gets the edge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from inforce.engine import Project

from ..engine.test_access_hidden_target_23 import ABSENT, HIDDEN, _same, _write

NAME = "hidden-target"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, serve: Any, http_keys: Any) -> httpx.Client:
    root: Path = _write(tmp_path_factory.mktemp("http-hidden-target") / "p", group="owner-team")
    Project.ingest(root)
    running = serve(Service({NAME: Warm.open(NAME, root)}, http_keys, time_limit=60))
    with httpx.Client(base_url=running.url, timeout=60) as opened:
        yield opened


def _get(client: httpx.Client, bearer: Any, who: str, path: str, **params: str) -> Any:
    answer = client.get(f"/v1/projects/{NAME}/{path}", params=params, headers=bearer(who))
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.parametrize("path", ["show", "history"])
def test_show_and_history_read_alike_to_a_key_without_the_group(client: httpx.Client, bearer: Any, path: str) -> None:
    hidden, absent = (_same(json.dumps(_get(client, bearer, "public", path, locator=item[0]), sort_keys=True), item)
                      for item in (HIDDEN, ABSENT))
    assert hidden == absent
    owner = _get(client, bearer, "owner", path, locator=HIDDEN[0])
    # read as its readers share the corpus, the public item is applied by no rule, for anyone:
    # the owner sees no edge until they accept its proposal (engine.addenda.view)
    assert "SPEC-A#2.9.A" not in json.dumps(owner) and owner.get("edges", []) == []


def test_review_reads_alike_to_a_key_without_the_group(client: httpx.Client, bearer: Any) -> None:
    listing = _get(client, bearer, "public", "review")
    assert listing["applied"] == []
    entries = {item: [_same(json.dumps({k: v for k, v in n.items() if k != "line"}, sort_keys=True), item)
                      for n in listing["not_understood"] if n["item"] == item[0]] for item in (HIDDEN, ABSENT)}
    assert entries[HIDDEN] == entries[ABSENT] and entries[HIDDEN]
    owner = _get(client, bearer, "owner", "review")
    assert owner["applied"] == []
    assert [(p["item"], p["target"]) for p in owner["proposed"]] == [(HIDDEN[0], "SPEC-A#2.9.A")]
