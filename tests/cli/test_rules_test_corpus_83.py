"""A rule pack's tests read their ``corpus:`` as ingest reads it (audit 83 A F1): they had parsed
the folder file by file, without the project's register or the groups it uses, so a document
ingest refuses for a marking line naming a group ("... - SUPPORT-UK ONLY") was read as a public
document and answered eligible, and a file the register alone describes was refused for want of
front matter. ``adapters.ingest.read_corpus`` is the one reading, for ``rules test`` and for the
pack tests ``rules impact`` runs."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "followup-handbooks"

MARKED = """---
id: ZZS-2
kind: handbook
title: Plain
issued: 2024-01-01
effective: {from: 2024-01-01}
recorded: 2024-01-01T00:00:00Z
applies_to: {market: [UK], product: [refurbished]}
---
RETURNS DESK NOTES - SUPPORT-UK ONLY

## 1 GENERAL

1.1 Call the customer within three days.
"""

CASE = """schema_version: 1
facets: [market, product]
corpus: ..
cases:
  - name: a UK refurbished order is answered by {doc} for an asker of no group
    eligible:
      context: {{market: UK, product: refurbished, dispatch_date: 2024-12-12, pilot: false}}
      groups: [{groups}]
    expect:
      outcome: eligible
      eligible: [{doc}]
"""


def _project(tmp_path: Path) -> Path:
    root = Path(shutil.copytree(EXAMPLE, tmp_path / "p", ignore=shutil.ignore_patterns(".inforce")))
    shutil.rmtree(root / "documents" / "archive")
    (root / "rules" / "followup.test.yaml").unlink()
    return root


def test_a_marked_document_ingest_refuses_is_refused_by_the_tests_too(tmp_path: Path) -> None:
    root = _project(tmp_path)  # P2 names the group support-uk: the marking names a group in use
    (root / "documents" / "zz.md").write_text(MARKED, encoding="utf-8")
    (root / "rules" / "followup.test.yaml").write_text(CASE.format(doc="ZZS-2", groups=""), encoding="utf-8")
    ingested = CliRunner().invoke(app, ["ingest", str(root)])
    assert ingested.exit_code == 2 and "documents/zz.md:10" in ingested.output, ingested.output
    tested = CliRunner().invoke(app, ["rules", "test", str(root / "rules")])
    # refused as ingest refuses it, at the same line; never a case passed on it as a public document
    assert tested.exit_code == 2, tested.output
    assert "documents/zz.md:10" in tested.output and "reads as access metadata" in tested.output, tested.output
    assert "PASS" not in tested.output


def test_a_file_the_register_describes_is_read_with_its_row(tmp_path: Path) -> None:
    root = _project(tmp_path)
    handbook = root / "documents" / "p2-uk-refurbished.md"
    body = handbook.read_text(encoding="utf-8").split("---\n", 2)[2]
    handbook.write_text(body, encoding="utf-8")  # its metadata now in the register alone
    (root / "register.csv").write_text(
        "file,id,revision,seq,kind,title,issued,effective_from,effective_until,recorded,changed,access,public,"
        "applies_to.market,applies_to.product\n"
        "documents/p2-uk-refurbished.md,P2,1,1,handbook,UK refurbished follow-up,2024-03-18,2024-04-01,,"
        "2024-03-20T10:00:00Z,,support-uk,,UK,refurbished\n", encoding="utf-8")
    with (root / "inforce.yaml").open("a", encoding="utf-8") as manifest:
        manifest.write("registry: register.csv\n")
    (root / "rules" / "followup.test.yaml").write_text(CASE.format(doc="P2", groups="support-uk"), encoding="utf-8")
    assert CliRunner().invoke(app, ["ingest", str(root)]).exit_code == 0
    tested = CliRunner().invoke(app, ["rules", "test", str(root / "rules")])
    assert tested.exit_code == 0, tested.output
    assert "1 passed, 0 failed" in tested.output, tested.output
