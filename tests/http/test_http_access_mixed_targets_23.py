"""Over HTTP, the same as tests/engine/test_access_mixed_targets_23.py (issue 23, AUDIT-S 01, 05):
to a key without the group, an addendum item naming one readable paragraph and one only a
restricted revision holds reads as the item naming a paragraph no revision holds (show, history,
review), and an item naming a wholly restricted section as one naming a section no document
holds; a key with the group still gets the mixed item's edges."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from inforce.engine import Project

from ..engine.test_access_mixed_targets_23 import (
    ABSENT,
    MIXED,
    NOWHERE,
    SECRET,
    _entries,
    _same,
    _write,
)

NAME = "mixed-targets"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, serve: Any, http_keys: Any) -> httpx.Client:
    root: Path = _write(tmp_path_factory.mktemp("http-mixed-targets") / "p", group="owner-team")
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
    mixed, absent = (_same(json.dumps(_get(client, bearer, "public", path, locator=item[0]), sort_keys=True), item)
                     for item in (MIXED, ABSENT))
    assert mixed == absent
    owner = _get(client, bearer, "owner", path, locator=MIXED[0])
    # read as its readers share the corpus, the public item is applied by no rule, for anyone
    # (engine.addenda.view): the owner sees it proposed in the review listing, no edge here
    assert "SPEC-P#3.7.B" not in json.dumps(owner) and owner.get("edges", []) == []


def test_review_reads_alike_to_a_key_without_the_group(client: httpx.Client, bearer: Any) -> None:
    listing = _get(client, bearer, "public", "review")
    assert _entries(listing, MIXED) == _entries(listing, ABSENT)
    assert _entries(listing, SECRET) == _entries(listing, NOWHERE)
    assert "SPEC-K" not in json.dumps(listing)
    owner = _get(client, bearer, "owner", "review")
    assert not [e for e in owner["applied"] if e["by"] == MIXED[0]]
    assert sorted(p["target"] for p in owner["proposed"] if p["item"] == MIXED[0]) == ["SPEC-P#3.2.A", "SPEC-P#3.7.B"]
