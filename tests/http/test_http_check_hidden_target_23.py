"""Over HTTP, the same as tests/engine/test_check_hidden_target_23.py (issue 23, AUDIT-S 03, 06): a
key without the group gets the same verdict for a claim whatever words of a hidden paragraph it
uses, and a 200 with ``fabricated_locator`` (never a 404) for a paragraph only a restricted
revision holds, as for one no revision holds; a key with the group is judged on the hidden words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from inforce.engine import Project

from ..engine.test_check_hidden_target_23 import answer, same, write_paving

NAME = "check-hidden"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, serve: Any, http_keys: Any) -> httpx.Client:
    root: Path = write_paving(tmp_path_factory.mktemp("http-check-hidden") / "p", group="owner-team")
    Project.ingest(root)
    running = serve(Service({NAME: Warm.open(NAME, root)}, http_keys, time_limit=60))
    with httpx.Client(base_url=running.url, timeout=60) as opened:
        yield opened


def _check(client: httpx.Client, bearer: Any, who: str, asked: dict[str, Any]) -> dict[str, Any]:
    asked["context"].pop("groups")  # the key's groups are the asker's
    found = client.post(f"/v1/projects/{NAME}/check", json=asked, headers=bearer(who))
    assert found.status_code == 200, found.text
    said = found.json()
    return {k: said[k] for k in ("verdict", "reason", "claims")}


def test_no_verdict_turns_on_a_hidden_word(client: httpx.Client, bearer: Any) -> None:
    quote = 'substitute "2,450 psi"'
    said = {w: _check(client, bearer, "public", answer(f"The {w} is 2,450 psi.", "ADD-Q#1.1", quote, "2026-06-01"))
            for w in ("HIDDENWORD", "pelican")}
    assert same(said["HIDDENWORD"], "HIDDENWORD") == same(said["pelican"], "pelican")
    # the public item is applied by no rule for anyone (engine.addenda.view): until the owners accept
    # it (tests/engine/test_check_hidden_target_23.py reads their verdict then), theirs is the same
    owner = _check(client, bearer, "owner", answer("The HIDDENWORD is 2,450 psi.", "ADD-Q#1.1", quote, "2026-06-01"))
    assert owner["verdict"] == said["pelican"]["verdict"] == "escalation"


def test_a_hidden_paragraph_is_fabricated_as_an_absent_one(client: httpx.Client, bearer: Any) -> None:
    seen = [_check(client, bearer, "public", answer("Sealer is 2,222 psi.", f"SPEC-A#{path}", "2,222 psi",
                                                    "2026-04-01")) for path in ("2.9.A", "2.8.A")]
    assert seen[0]["claims"][0]["status"] == "fabricated_locator"
    assert same(seen[0], "2.9.A") == same(seen[1], "2.8.A")
    assert "2.9" not in same(seen[0], "2.9.A")
    assert json.dumps(seen[0]).count("SPEC-A") == json.dumps(seen[1]).count("SPEC-A")
