"""Audit NN-2 (issue 23, the 40th) over HTTP: ``GET /v1/projects/P/lag`` with a key of no group
quoted a restricted pending file's malformed front-matter value and path, which an ingest by
the same groups withholds ("1 more problem withheld (access)"). Lag now shows a file that does
not read by ingest's own rule (``engine.ingest.withhold_read_problems``); a key holding the
file's group is quoted it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from inforce.adapters.http import Service, Warm, hash_key, read_keys
from inforce.engine import Project

_KEYS = {"public": ("ifk-nn-public", "[]"), "legal": ("ifk-nn-legal", "[legal]")}
_BAD = ("---\nid: R-BAD\nkind: specification\ntitle: Restricted memo\naccess: [legal]\nissued: 2026-03-01\n"
        "seq: ZZSECRETSEQ\neffective: {from: 2026-03-01}\nrecorded: 2026-03-01T09:00:00Z\n---\nSECTION 1\n\n"
        "1.1 restricted words.\n")


def test_lag_withholds_a_restricted_file_that_does_not_read_as_ingest_does(tmp_path: Path, serve: Any) -> None:
    root = tmp_path / "lg"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lg\nfacets: []\n")
    (root / "documents" / "pub.md").write_text(
        "---\nid: PUB-1\nkind: specification\ntitle: Public Spec\nissued: 2026-02-01\neffective: {from: 2026-02-01}\n"
        "recorded: 2026-02-01T09:00:00Z\n---\nSECTION 1\n\n1.1 Public words.\n")
    Project.ingest(root)
    (root / "documents" / "r-bad.md").write_text(_BAD)
    keys = tmp_path / "keys.yaml"
    keys.write_text("".join(f"- name: {who}\n  key_sha256: {hash_key(key)}\n  groups: {groups}\n"
                            for who, (key, groups) in _KEYS.items()))
    running = serve(Service({"lg": Warm.open("lg", root)}, read_keys(keys)))
    with httpx.Client(base_url=running.url, timeout=60) as client:
        asked = client.get("/v1/projects/lg/lag", headers={"Authorization": f"Bearer {_KEYS['public'][0]}"})
        assert asked.status_code >= 400 and "withheld (access)" in asked.text, asked.text
        assert "ZZSECRETSEQ" not in asked.text and "r-bad" not in asked.text, asked.text
        owner = client.get("/v1/projects/lg/lag", headers={"Authorization": f"Bearer {_KEYS['legal'][0]}"})
        assert "ZZSECRETSEQ" in owner.text and "documents/r-bad.md" in owner.text, owner.text  # the control
