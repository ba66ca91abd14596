"""Audit 71 B F5: a pack test's inline corpus took a document written twice, or a provision
path written twice in one document, silently: the later replaced the earlier, so a case passed
on a text nobody could tell was used, or failed with a diff blaming the pack. The loader
(``casefile.read_test_file``) now refuses the second one at its line, naming the first's
(RP006 for a document and revision, RP007 for a provision path, as the rule files' own)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine.packtests import run_test_file
from inforce.ontology import InputErrors

PACK = """schema_version: 1
rules:
  - id: TST-E001
    slug: by-market
    kind: eligibility
    description: by market
    source: Policy §2
    facets: {market: membership}
"""
TESTS = """schema_version: 1
facets: [market]
documents:
  - id: P1
    kind: policy
    effective: {from: 2024-01-01}
    applies_to: {market: UK}
    provisions:
      - {path: "1", text: "One."}
      - {path: "2", text: "Two."}
      - {path: "1", text: "Something else entirely."}
  - {id: P2, kind: policy, effective: {from: 2024-01-01}, applies_to: {market: UK}}
  - {id: P2, kind: policy, effective: {from: 2024-01-01}, applies_to: {market: FR}}
  - {id: P2, revision: B, kind: policy, effective: {from: 2024-03-01}, applies_to: {market: FR}}
cases:
  - name: P1 is eligible in the UK
    eligible: {context: {market: UK}, valid_at: 2024-06-01}
    expect: {outcome: eligible}
"""


def _written(tmp_path: Path, tests: str = TESTS) -> Path:
    (tmp_path / "policy.yaml").write_text(PACK)
    (tmp_path / "policy.test.yaml").write_text(tests)
    return tmp_path / "policy.test.yaml"


def test_a_document_or_a_provision_written_twice_is_an_input_error_at_the_second(tmp_path: Path) -> None:
    with pytest.raises(InputErrors) as raised:
        run_test_file(_written(tmp_path))
    said = [(p.line, p.code, p.field, p.message) for p in raised.value.exceptions]  # type: ignore[union-attr]
    assert said == [
        (11, "RP007", "documents.0.provisions.2.path", "provision 1 of P1 is listed twice (first at line 9)"),
        (13, "RP006", "documents.2.id", "document P2 revision 0 is given twice (first at line 12)"),
    ]  # a second revision of P2 (B) is no duplicate
    result = CliRunner().invoke(app, ["rules", "test", str(tmp_path / "policy.test.yaml")])
    assert result.exit_code == 2 and "policy.test.yaml:13:" in result.stderr, result.output


def test_each_written_once_still_runs(tmp_path: Path) -> None:
    once = TESTS.replace('      - {path: "1", text: "Something else entirely."}\n', "").replace(
        "  - {id: P2, kind: policy, effective: {from: 2024-01-01}, applies_to: {market: FR}}\n", "")
    (case,) = run_test_file(_written(tmp_path, once))
    assert case.passed, case
