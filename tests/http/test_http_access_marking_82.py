"""Audit 82 A F2 over HTTP: ``POST /v1/projects/P/ingest`` by an admin key without groups
answered 422 quoting a Word file's page-header marking ("... - OWNERS ONLY"), the file declaring
no access in its sidecar. A problem in what says a file's access leaves its access unknown
(``engine.ingest.withhold_problems``): counted, its file and words never quoted, to every key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import docx
import httpx
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.http import Service, Warm, hash_key, read_keys
from inforce.engine import Project

_KEYS = {"outadmin": ("ifk-mk-outadmin", "[]"), "boss": ("ifk-mk-boss", "[owners]")}
_SIDE = ("id: ZZS-1\nkind: specification\ntitle: Plain\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T00:00:00Z\n")


def test_an_ingest_refused_for_a_marking_never_quotes_it(tmp_path: Path, serve: Any) -> None:
    root = tmp_path / "mk"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: mk\nfacets: []\nrules:\n  - stock: precedence/none\n")
    (root / "documents" / "grp.md").write_text(
        "---\nid: GRP-1\nkind: specification\ntitle: G\naccess: [owners]\nissued: 2026-01-01\n"
        "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n1 G\n\n1.1 g.\n")
    Project.ingest(root)
    word = docx.Document()
    word.sections[0].header.paragraphs[0].text = "ZZMERGER PROJECT FALCON - OWNERS ONLY"
    for line in ("1 GENERAL", "1.1 Text here."):
        word.add_paragraph(line)
    word.save(str(root / "documents" / "zz.docx"))
    (root / "documents" / "zz.docx.yaml").write_text(_SIDE)
    keys = tmp_path / "keys.yaml"
    keys.write_text("".join(f"- name: {who}\n  key_sha256: {hash_key(key)}\n  groups: {groups}\n  admin: true\n"
                            for who, (key, groups) in _KEYS.items()))
    running = serve(Service({"mk": Warm.open("mk", root)}, read_keys(keys)))
    with httpx.Client(base_url=running.url, timeout=120) as client:
        for who in _KEYS:
            refused = client.post("/v1/projects/mk/ingest", headers={"Authorization": f"Bearer {_KEYS[who][0]}"})
            assert refused.status_code == 422, refused.text
            assert "withheld (access)" in refused.text, refused.text
            assert "ZZMERGER" not in refused.text and "zz.docx" not in refused.text, refused.text
    # the operator, on the command line without groups, is told the file and its line
    told = CliRunner().invoke(app, ["ingest", str(root)])
    assert told.exit_code == 2 and "documents/zz.docx" in told.output and "ZZMERGER" in told.output, told.output
