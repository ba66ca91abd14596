"""``inforce rules doc`` and ``inforce rules test --coverage`` on the command line: formats, exit
codes (2 for an unknown code, 1 under a pack's coverage) and what the output names."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()


def invoke(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result


def test_doc_lists_every_code_and_stock_rule_with_its_lifecycle():
    lines = invoke("rules", "doc").stdout.splitlines()
    assert any(line.split()[:4] == ["RP013", "bad-quantity", "lint", "code"] and "preview" in line for line in lines)
    assert any(line.startswith("INF-P001 ") and "precedence" in line and "stable" in line for line in lines)
    listed = json.loads(invoke("rules", "doc", "--format", "json").stdout)
    assert {"RP001", "RP014", "INF-S001", "INF-Q002"} <= {row["key"] for row in listed["pages"]}
    assert invoke("rules", "doc", "--format", "md").stdout.startswith("# Lint codes and stock rules")


def test_doc_prints_one_page_in_each_format():
    text = invoke("rules", "doc", "RP014").stdout
    assert text.startswith("RP014 matches-empty") and "What it does" in text and "```" not in text
    assert "## Instead" in invoke("rules", "doc", "matches-empty", "-f", "md").stdout
    page = json.loads(invoke("rules", "doc", "INF-Q001", "-f", "json").stdout)
    assert page["kind"] == "qualifier" and page["lifecycle"] == "stable" and "except as provided" in page["example"]


def test_an_unknown_code_exits_2_naming_close_matches():
    result = invoke("rules", "doc", "RP0013", code=2)
    assert "RP0013" in result.output and "RP013" in result.output


def test_doc_write_generates_the_pages(tmp_path):
    invoke("rules", "doc", "--write", str(tmp_path / "pages"))
    assert (tmp_path / "pages" / "README.md").is_file() and (tmp_path / "pages" / "INF-S001.md").is_file()


PACK = """schema_version: 1
coverage: 75
rules:
  - id: TST-Q001
    slug: except-as
    kind: qualifier
    description: d
    source: s
    patterns:
      - pattern: "except as provided in {ref}"
      - pattern: "save as provided in {ref}"
"""
TESTS = """schema_version: 1
documents:
  - id: LBL-1
    kind: label
    issued: 2025-01-01
    provisions:
      - {path: "4.2", text: "The maximum dose is 400 mg, except as provided in 9.1."}
      - {path: "9.1", text: "In renal impairment the maximum dose is 200 mg."}
cases:
  - name: an exception by cross-reference
    qualifiers: {document: LBL-1}
    expect: {links: [{rule: TST-Q001}]}
"""


def _pack(folder: Path) -> str:
    (folder / "pack.yaml").write_text(PACK, encoding="utf-8")
    (folder / "pack.test.yaml").write_text(TESTS, encoding="utf-8")
    return str(folder / "pack.yaml")


def test_coverage_under_the_packs_threshold_exits_1_naming_what_no_test_reaches(tmp_path):
    pack = _pack(tmp_path)
    result = invoke("rules", "test", pack, "--coverage", code=1)
    assert "2 of 3 reached (66.7%, 75% required)" in result.stdout
    assert "NO      TST-Q001  pattern    11  patterns[1] save as provided in {ref}" in result.stdout
    assert "under the 75% required" in result.output and "patterns[1] save as provided in {ref} (line 11)" in result.output
    invoke("rules", "test", pack, "--fail-under", "60")
    invoke("rules", "test", pack)  # without --coverage the tests alone decide
    report = json.loads(invoke("rules", "test", pack, "--coverage", "-f", "json", code=1).stdout)
    assert report["coverage"][0]["percent"] == 66.7 and report["coverage"][0]["passed"] is False
