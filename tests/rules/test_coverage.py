"""``rules test --coverage``: which rules, branches, patterns and rows of a pack its tests reach,
read from the decisions the engine reports for each case, and the pack's ``coverage:`` gate."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.ontology import InputErrors

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

PACK = """schema_version: 1
coverage: {coverage}
rules:
  - id: TST-Q001
    slug: except-as
    kind: qualifier
    description: d
    source: s
    patterns:
      - pattern: "except as provided in {{ref}}"
      - pattern: "save as provided in {{ref}}"
  - id: TST-Q002
    slug: subject-to
    kind: qualifier
    description: d
    source: s
    patterns:
      - pattern: "subject to {{ref}}"
"""

TESTS = """schema_version: 1
documents:
  - id: LBL-1
    kind: label
    issued: 2025-01-01
    provisions:
      - {{path: "4.2", text: "The maximum dose is 400 mg, except as provided in 9.1."}}
      - {{path: "9.1", text: "In renal impairment the maximum dose is 200 mg."}}
{more}cases:
  - name: an exception by cross-reference
    qualifiers: {{document: LBL-1}}
    expect: {{links: [{{provision: LBL-1#4.2, qualifier: LBL-1#9.1, rule: TST-Q001}}]}}
{case}"""

SAVE = """  - id: LBL-2
    kind: label
    issued: 2025-01-01
    provisions:
      - {path: "1", text: "Doses are fixed, save as provided in 2."}
      - {path: "2", text: "Children take half."}
"""
SAVE_CASE = """  - name: the other wording, and a case whose expect names no rule still reaches what it decided
    qualifiers: {document: LBL-2}
    expect: {links: [{provision: LBL-2#1}]}
"""


def _write(folder: Path, *, coverage: int = 90, more: str = "", case: str = "") -> Path:
    (folder / "pack.yaml").write_text(PACK.format(coverage=coverage), encoding="utf-8")
    (folder / "pack.test.yaml").write_text(TESTS.format(more=more, case=case), encoding="utf-8")
    return folder / "pack.yaml"


def _items(report) -> dict[str, bool]:
    (pack,) = report.coverage
    return {f"{item.rule} {item.item}": item.covered for item in pack.items}


def test_a_pattern_no_case_reads_is_not_reached_and_the_pack_gate_fails(tmp_path):
    report = Project.test_rules(_write(tmp_path), coverage=True)
    assert report.failed == 0
    assert _items(report) == {
        "TST-Q001 except-as": True,
        "TST-Q001 patterns[0] except as provided in {ref}": True,
        "TST-Q001 patterns[1] save as provided in {ref}": False,
        "TST-Q002 subject-to": False,
        "TST-Q002 patterns[0] subject to {ref}": False,
    }
    (pack,) = report.coverage
    assert (pack.covered, pack.total, pack.percent, pack.required, pack.passed) == (2, 5, 40.0, 90, False)
    assert [item.line for item in pack.missed] == [11, 12, 18]
    assert pack.items[0].by == ("an exception by cross-reference",)


def test_a_case_reaching_the_rest_passes_the_gate_even_when_its_expect_names_nothing(tmp_path):
    subject = SAVE.replace("save as provided in 2.", "save as provided in 2, subject to 2.")
    report = Project.test_rules(_write(tmp_path, more=subject, case=SAVE_CASE), coverage=True)
    (pack,) = report.coverage
    assert all(_items(report).values()) and pack.passed and pack.percent == 100.0
    assert "the other wording" in pack.items[2].by[0]


def test_fail_under_replaces_the_packs_threshold_and_no_threshold_never_fails(tmp_path):
    pack_file = _write(tmp_path)
    assert Project.test_rules(pack_file, coverage=True, fail_under=40).coverage[0].passed
    assert not Project.test_rules(pack_file, coverage=True, fail_under=41).coverage[0].passed
    without = tmp_path / "pack.yaml"
    without.write_text(PACK.format(coverage=90).replace("coverage: 90\n", ""), encoding="utf-8")
    (pack,) = Project.test_rules(without, coverage=True).coverage
    assert pack.required is None and pack.passed
    assert Project.test_rules(without).coverage == ()


def test_a_coverage_above_100_does_not_load(tmp_path):
    with pytest.raises(InputErrors) as raised:
        Project.test_rules(_write(tmp_path, coverage=101), coverage=True)
    assert "coverage" in str(raised.value.exceptions[0])


def test_branches_of_eligibility_and_calculations_and_precedence_levels(tmp_path):
    from inforce.adapters.cli.rules_cmds import _load_corpus

    report = Project.test_rules(EXAMPLES / "followup-handbooks" / "rules", load_corpus=_load_corpus, coverage=True)
    items = _items(report)
    assert items["FUP-E001 facet market"] and items["FUP-E001 date dispatch_date"]
    assert items["FUP-C002 when pilot"] and items["FUP-C004 when product"]
    (levels,) = Project.test_rules("precedence/far-52-236-21", coverage=True).coverage
    assert {item.item: item.covered for item in levels.items if item.kind == "branch"} == {
        "level specifications": True, "level drawings": True}


def test_a_subject_synonym_is_a_row_reached_by_the_evidence_a_binding_gives(tmp_path):
    (pack,) = Project.test_rules("subjects/default", coverage=True).coverage
    rows = {item.item: item.covered for item in pack.items if item.rule == "INF-V001" and item.kind == "row"}
    assert rows["synonyms[0] compressive strength"] is True
    assert rows["synonyms[13] cube strength"] is False
