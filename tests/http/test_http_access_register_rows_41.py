"""Issue 23, after audit NN (the 41st), over HTTP: ``GET /v1/projects/P/lag`` quoted a register
row's problem (a malformed ``seq``) of a document restricted to a group the key lacks; it is
shown by the row's own access now, as ``ingest`` shows it (``engine.ingest.withhold_problems``),
a key holding the group quoted it. And a case's attribute value holding a character that
cannot be seen (U+200B) is refused with 422 at ``body.attributes.NAME`` by ``Context``'s own rule
(``ontology.context.attribute_value``, the one ``--context`` follows), never a case that
silently matches no document."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from inforce.adapters.http import Service, Warm, hash_key, read_keys
from inforce.engine import Project

_KEYS = {"public": ("ifk-rows-public", "[]"), "legal": ("ifk-rows-legal", "[legal]")}
_DATES = "2026-03-05,2026-03-05,2026-03-05T09:00:00Z"


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "rows"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: rows\nfacets: [market]\nregistry: register.csv\n")
    (root / "documents" / "a.md").write_text("1.1 SUMMARY\n\nA. Public words.\n")
    (root / "register.csv").write_text(
        "file,id,revision,seq,kind,title,issued,effective_from,recorded,access,applies_to.market\n"
        f"documents/a.md,PUB-A,0,1,specification,Public Title,{_DATES},,UK\n")
    Project.ingest(root)
    with (root / "register.csv").open("a") as rows:  # two revisions recorded since, each with a bad seq
        rows.write(f",SEC-B,1,ZZBADSEQ,specification,ZZSECRETTITLE,{_DATES},legal,UK\n"
                   f",PUB-A,1,ZZPUBSEQ,specification,Public Title,{_DATES},,UK\n")
    return root


def test_lag_shows_a_register_rows_problem_by_the_rows_access_and_a_hidden_case_value_is_422(
    tmp_path: Path, serve: Any,
) -> None:
    root = _project(tmp_path)
    keys = tmp_path / "keys.yaml"
    keys.write_text("".join(f"- name: {who}\n  key_sha256: {hash_key(key)}\n  groups: {groups}\n"
                            for who, (key, groups) in _KEYS.items()))
    running = serve(Service({"rows": Warm.open("rows", root)}, read_keys(keys)))
    public = {"Authorization": f"Bearer {_KEYS['public'][0]}"}
    with httpx.Client(base_url=running.url, timeout=60) as client:
        asked = client.get("/v1/projects/rows/lag", headers=public)
        assert asked.status_code == 422 and "withheld (access)" in asked.text, asked.text
        assert "ZZBADSEQ" not in asked.text and "ZZSECRETTITLE" not in asked.text, asked.text
        assert "register.csv:3" not in asked.text and "ZZPUBSEQ" in asked.text, asked.text  # the public row: quoted
        owner = client.get("/v1/projects/rows/lag", headers={"Authorization": f"Bearer {_KEYS['legal'][0]}"})
        assert "ZZBADSEQ" in owner.text and "ZZPUBSEQ" in owner.text, owner.text  # the control
        for path, body in (("eligible", {}), ("resolve", {"question": "public words"})):
            hidden = client.post(f"/v1/projects/rows/{path}", headers=public, json={
                "valid_at": "2026-03-06", "attributes": {"market": "UK\u200b"}, **body})
            assert hidden.status_code == 422, hidden.text
            (problem,) = hidden.json()["detail"]
            assert problem["loc"] == ["body", "attributes", "market"] and "U+200B" in problem["msg"], problem
        seen = client.post("/v1/projects/rows/eligible", headers=public,
                           json={"valid_at": "2026-03-06", "attributes": {"market": "UK"}})
        assert seen.status_code == 200 and "PUB-A" in seen.text, seen.text
