"""Audit OO-1 (issue 23, the 41st): the ingest a review queues from the pages ran with the
reviewer's groups, and the review queue showed its failure — the Python repr of its problems,
quoted for the reviewer — to every key that opened the queue, a restricted file's path and
value included. The outcome is now kept as data (``QueuedIngest``: the failure as the engine
raised it for whoever holds the files) and each viewer is shown it by their own groups, by the
rule the API's ingest follows for a key (``Project.ingest_problems``: ``withhold_problems``),
each problem at its file and line, never a repr. No browser: the pages over httpx."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx

from inforce.adapters.http import Service, Warm, hash_key, read_keys
from inforce.engine import Project

NAME = "qi"
_KEYS = {  # name: (key, groups, flags)
    "legrev": ("ifk-oo1-legrev", "[legal]", "  reviewer: true\n"),
    "public": ("ifk-oo1-public", "[]", ""),
    "padmin": ("ifk-oo1-padmin", "[]", "  admin: true\n"),  # an admin of the public key's groups
}
_PUBLIC = ("---\nid: PUB-1\nkind: specification\ntitle: Public Spec\nissued: 2026-02-01\neffective: {from: 2026-02-01}\n"
           "recorded: 2026-02-01T09:00:00Z\n---\nSECTION 1\n\n1.1 Public words.\n")
_RESTRICTED = ("---\nid: R-1\nkind: specification\ntitle: Restricted memo\naccess: [legal]\nissued: 2026-03-01\n"
               "seq: 2\neffective: {from: 2026-03-01}\nrecorded: 2026-03-01T09:00:00Z\n---\nSECTION 1\n\n"
               "1.1 restricted words.\n")


def _signed_in(url: str, key: str) -> httpx.Client:
    client = httpx.Client(base_url=url, timeout=60)
    token = re.search(r'name="sign_in" value="([^"]+)"', client.get("/").text)
    assert token is not None
    assert client.post("/", data={"key": key, "sign_in": token.group(1)}).status_code == 303
    return client


def _queue_state(client: httpx.Client) -> str:
    for _ in range(240):
        page = client.get(f"/ui/projects/{NAME}/reviews").text
        if re.search(r'id="ingest-state">Ingest: (done|failed)', page):
            return page
        time.sleep(0.25)
    raise AssertionError(page[-2000:])


def test_the_queued_ingests_failure_is_shown_to_each_key_by_its_own_groups(tmp_path: Path, serve: Any) -> None:
    root = tmp_path / NAME
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(f"project: {NAME}\nfacets: []\n")
    (root / "documents" / "pub.md").write_text(_PUBLIC)
    (root / "documents" / "r-1.md").write_text(_RESTRICTED)
    Project.ingest(root)
    # document control edits the restricted file: the next ingest fails on it
    (root / "documents" / "r-1.md").write_text(_RESTRICTED.replace("seq: 2", "seq: ZZSECRETSEQ"))
    keys = tmp_path / "keys.yaml"
    keys.write_text("".join(f"- name: {who}\n  key_sha256: {hash_key(key)}\n  groups: {groups}\n{flags}"
                            for who, (key, groups, flags) in _KEYS.items()))
    running = serve(Service({NAME: Warm.open(NAME, root)}, read_keys(keys)))
    pages = running.app.state.pages
    reviewer = running.service.keys.caller(_KEYS["legrev"][0])
    pages.queue_ingest(NAME, reviewer)  # what a decision recorded from the queue does (``ui_review``)
    public, legal = _signed_in(running.url, _KEYS["public"][0]), _signed_in(running.url, _KEYS["legrev"][0])
    try:
        shown = _queue_state(public)
        assert "Ingest: failed" in shown
        assert "ZZSECRETSEQ" not in shown and "r-1" not in shown, shown[-2000:]
        assert "withheld (access)" in shown, shown[-2000:]
        assert "[{" not in shown and "&#x27;loc&#x27;" not in shown and "'loc'" not in shown  # never a repr
        # the same problems the API's ingest tells an admin of the public key's groups
        with httpx.Client(base_url=running.url, timeout=60) as api:
            answer = api.post(f"/v1/projects/{NAME}/ingest", headers={"Authorization": f"Bearer {_KEYS['padmin'][0]}"})
        assert answer.status_code == 422, answer.text
        for problem in answer.json()["detail"]:
            assert _escaped(problem["msg"]) in shown, problem
        # the key holding the group is quoted the restricted file, at its path
        owner = _queue_state(legal)
        assert "ZZSECRETSEQ" in owner and "documents/r-1.md" in owner, owner[-2000:]
        assert "withheld (access)" not in owner
    finally:
        public.close()
        legal.close()


def _escaped(words: str) -> str:
    from inforce.adapters.http.page_html import text

    return text(words)
