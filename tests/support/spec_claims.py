"""Specifications written for a test, ingested and asked about through the CLI as a user does:
the quantity audits' projects (one ``1 GENERAL`` section per document, in force from 2026-01-01)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()

SPEC_HEAD = """---
id: {id}
kind: specification
title: T
issued: 2026-01-01
effective: {{from: 2026-01-01}}
recorded: 2026-01-01T00:00:00Z
---
1 GENERAL

"""


def ingest_specs(root: Path, specs: Mapping[str, str]) -> str:
    """A project at ``root`` holding one specification per entry (file stem: its body under
    :data:`SPEC_HEAD`, the id the stem in capitals), ingested; ingest's output."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n", encoding="utf-8")
    for doc, body in specs.items():
        (root / "documents" / f"{doc}.md").write_text(SPEC_HEAD.format(id=doc.upper()) + body, encoding="utf-8")
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    return result.output


def check_one(project: Path, tmp_path: Path, locator: str | Sequence[str], text: str) -> dict[str, Any]:
    """``inforce check --format json`` of one claim citing ``locator`` (or each of several) on
    2026-02-01: the whole answer."""
    locators = [locator] if isinstance(locator, str) else list(locator)
    answer = {"context": {"valid_at": "2026-02-01"},
              "claims": [{"text": text, "citations": [{"locator": each} for each in locators]}]}
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer), encoding="utf-8")
    result = runner.invoke(app, ["check", str(project), "--answer", str(path), "--format", "json"])
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def verdict_of(project: Path, tmp_path: Path, locator: str, text: str) -> tuple[str, Any]:
    """The verdict of :func:`check_one` and its one claim's result."""
    out = check_one(project, tmp_path, locator, text)
    return out["verdict"], out["claims"][0]
