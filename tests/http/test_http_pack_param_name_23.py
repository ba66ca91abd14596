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


def test_a_packs_sent_parameters_are_faulted_at_the_request_and_the_command_line(
        tmp_path: Path, serve: Any, http_keys: Any, bearer: Any) -> None:
    """Audit 71 A F5: a pack named instead of the project's, its parameters sent (--param, a
    request's params), was faulted at the installed stock pack file (HTTP loc ["file",
    "aia-style.yaml", "params", "zzz"], line 18), and a parameter it needs was hinted "set it in
    inforce.yaml", which a pack named so does not read. Now each problem is at --param NAME /
    ["body", "params", NAME], the hint saying how to give it there."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    root = tmp_path / "commas"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: commas\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (root / "documents" / "spec-a.md").write_text(SPEC, encoding="utf-8")
    ingest_project(root)
    server = serve(Service({"commas": Warm.open("commas", root)}, http_keys, time_limit=60))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        refused = client.post("/v1/projects/commas/sweeps", headers=bearer("owner"), json={
            "valid_at": "2026-04-01", "packs": ["precedence/aia-style"], "params": {"zzz": "1"}})
    assert refused.status_code == 422, refused.text
    problems = {tuple(problem["loc"]): problem for problem in refused.json()["detail"]}
    assert set(problems) == {("body", "params", "zzz"), ("body", "params", "source")}, problems
    assert "line" not in problems["body", "params", "source"] and "file" not in problems["body", "params", "source"]
    assert '"source"' in problems["body", "params", "source"]["hint"] and "inforce.yaml" not in refused.text
    said = CliRunner().invoke(app, ["sweep", str(root), "--valid-at", "2026-04-01", "--pack", "precedence/aia-style",
                                    "--param", "zzz=1"]).output
    assert "RP011 --param zzz: " in said and "RP011 --param source: " in said, said
    assert "--param source=" in said and "inforce.yaml" not in said and "aia-style.yaml" not in said, said


def test_a_pack_named_twice_is_refused_over_http_and_on_the_command_line(
        tmp_path: Path, serve: Any, http_keys: Any, bearer: Any) -> None:
    """Audit 71 A F10: a request (or --pack given twice) naming one precedence pack twice was
    taken as if named once; a pack named twice is more likely a slip for another."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    root = tmp_path / "twice"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: twice\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (root / "documents" / "spec-a.md").write_text(SPEC, encoding="utf-8")
    ingest_project(root)
    server = serve(Service({"twice": Warm.open("twice", root)}, http_keys, time_limit=60))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        refused = client.post("/v1/projects/twice/sweeps", headers=bearer("owner"), json={
            "valid_at": "2026-04-01", "packs": ["precedence/none", "precedence/none"]})
        once = client.post("/v1/projects/twice/sweeps", headers=bearer("owner"), json={
            "valid_at": "2026-04-01", "packs": ["precedence/none"]})
    assert refused.status_code == 422 and "precedence/none named twice" in refused.text, refused.text
    assert once.status_code == 202, once.text
    said = CliRunner().invoke(app, ["sweep", str(root), "--valid-at", "2026-04-01", "--pack", "precedence/none",
                                    "--pack", "precedence/none"])
    assert said.exit_code == 2 and "precedence/none named twice" in said.output, said.output
