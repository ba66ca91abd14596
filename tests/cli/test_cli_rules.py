"""S3 fully, and S4's three-pack bullet, end to end through the CLI; the policy owner's tools."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


def invoke(*args: str, code: int = 0):
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result


# ---- rules check | test | schema ---------------------------------------------------------
def test_rules_check_stock_packs_and_example_projects_are_clean():
    invoke("rules", "check")
    invoke("rules", "check", str(EXAMPLES / "followup-handbooks"))
    invoke("rules", "check", str(EXAMPLES / "riverside-library"))
    invoke("rules", "check", "precedence/far-52-236-21")


def test_rules_check_reports_every_problem_with_file_line_col_and_exits_2(tmp_path):
    pack = tmp_path / "bad.yaml"
    rule = "  - id: TST-P00{n}\n    slug: p{n}\n    kind: precedence\n    description: d\n    source: s\n"
    pack.write_text("schema_version: 1\nrules:\n"
                    + rule.format(n=1) + "    levels:\n      - {name: a, kinds: [drawing, drawing]}\n"
                    + rule.format(n=2) + "    tie_breaker: [latest_issued]\n")
    result = invoke("rules", "check", str(pack), code=2)
    assert f"{pack}:9:" in result.stdout and "RP007" in result.stdout
    assert ":15:5: RP002" in result.stdout and "did you mean 'tie_breakers'" in result.stdout
    data = json.loads(invoke("rules", "check", str(pack), "--format", "json", code=2).stdout)
    assert {p["code"] for p in data["problems"]} == {"RP007", "RP002"}


def test_a_calculation_result_holding_a_line_break_is_refused_at_its_line(tmp_path):
    """Audit 72 A L1: a calculation's ``result:`` with line breaks passed ``rules check`` and was
    printed raw by ``eligible`` and ``rules explain``, so a pack wrote lines of its choosing into
    the answer (a forged "eligible: P1"). It is now refused at its line, as a review's note is."""
    pack = tmp_path / "calc.yaml"
    pack.write_text("schema_version: 1\nrules:\n  - id: TST-C001\n    slug: c1\n    kind: calculation\n"
                    "    description: d\n    source: s\n    output: follow_up_date\n"
                    '    result: "by hand\\n\\neligible: P1"\n')
    result = invoke("rules", "check", str(pack), code=2)
    assert f"{pack}:9:13: RP003" in result.stdout and "holds a line break" in result.stdout, result.stdout
    pack.write_text(pack.read_text().replace("\\n\\neligible: P1", " (see the coordinator)"))
    invoke("rules", "check", str(pack))


def test_rules_test_runs_the_stock_packs_own_tests():
    result = invoke("rules", "test", "--format", "json")
    data = json.loads(result.stdout)
    assert data["failed"] == 0 and data["passed"] >= 20


def test_rules_test_fails_with_a_diff(tmp_path):
    shutil.copytree(EXAMPLES / "followup-handbooks", tmp_path / "fh", ignore=shutil.ignore_patterns(".inforce"))
    tests = tmp_path / "fh" / "rules" / "followup.test.yaml"
    tests.write_text(tests.read_text().replace('result: "2024-12-26"\n          status: definite',
                                               'result: "2024-12-27"\n          status: definite'))
    result = invoke("rules", "test", str(tmp_path / "fh" / "rules"), code=1)
    assert "FAIL" in result.stdout and '-      "result": "2024-12-27",' in result.stdout
    assert '+      "result": "2024-12-26",' in result.stdout
    assert result.stdout.count("PASS ") == 7


def test_rules_schema_prints_the_json_schema():
    schema = json.loads(invoke("rules", "schema").stdout)
    assert schema["title"] == "inforce rule pack"
    assert json.loads(invoke("rules", "schema", "--tests").stdout)["title"] == "inforce rule-pack tests"


# ---- S3 and S4 end to end (needs the graph store and `inforce ingest`) -------------------
# Read-only: the process's shared ingests (tests/conftest.py).
@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    return ingested_example("riverside-library")


CASE = ["--context", "market=UK", "--context", "product=refurbished", "--context", "dispatch_date=2024-12-12"]


def eligible(project: Path, *args: str, code: int = 0) -> dict:
    return json.loads(invoke("eligible", str(project), *args, "--format", "json", code=code).stdout)


def test_s3_eligible_p2_only_with_separate_reasons_and_the_follow_up_date(followup):
    data = eligible(followup, *CASE, "--context", "pilot=false", "--groups", "support-uk")
    assert data["outcome"] == "eligible" and data["reason"] is None
    assert data["eligible"] == ["P2"]
    assert data["excluded"] == [{"document": "P1", "reasons": ["product"]},
                                {"document": "P3", "reasons": ["market", "period"]}]
    assert data["applicability_date"] == {"attribute": "dispatch_date", "value": "2024-12-12"}
    (calculation,) = data["calculations"]
    assert calculation["rule"] == "FUP-C001" and calculation["result"] == "2024-12-26"
    assert calculation["conditions"] == {"market": "UK", "product": "refurbished", "pilot": False,
                                         "dispatch_date": "2024-12-12"}
    assert data["rules_fired"] == ["FUP-E001", "FUP-C001"] and data["missing_attributes"] == []


def test_s3_pilot_unknown_is_conditional(followup):
    data = eligible(followup, *CASE, "--context", "pilot=unknown", "--groups", "support-uk")
    assert data["conditional_on"] == ["pilot"]
    assert {c["rule"]: c["status"] for c in data["calculations"]} == {"FUP-C001": "conditional",
                                                                      "FUP-C002": "conditional"}


def test_s3_product_unknown_asks_for_product(followup):
    data = eligible(followup, "--context", "market=UK", "--context", "dispatch_date=2024-12-12",
                    "--groups", "support-uk", code=1)
    assert data["outcome"] == "clarification_request" and data["missing_attributes"] == ["product"]


def test_s3_three_refusals_are_three_outcomes(followup):
    restricted = invoke("eligible", str(followup), *CASE, "--format", "json", code=1).stdout
    data = json.loads(restricted)
    assert (data["outcome"], data["reason"]) == ("refusal", "access_restricted")
    assert "Refurbished Products" not in restricted and "14 calendar days" not in restricted
    early = eligible(followup, "--context", "market=UK", "--context", "product=refurbished",
                     "--context", "dispatch_date=2023-06-01", "--groups", "support-uk", code=1)
    assert early["reason"] == "no_coverage_for_date"
    france = eligible(followup, "--context", "market=FR", "--context", "product=refurbished",
                      "--context", "dispatch_date=2024-12-12", code=1)
    assert france["reason"] == "no_eligible_document"


def test_s3_text_output_and_explain(followup):
    text = invoke("eligible", str(followup), *CASE, "--context", "pilot=false", "--groups", "support-uk").stdout
    assert "eligible: P2" in text and "follow_up_date = 2024-12-26" in text
    trace = invoke("rules", "explain", str(followup), *CASE, "--groups", "support-uk").stdout
    assert "FUP-E001 [" in trace and "followup.yaml:" in trace and 'source: Handbooks P1, P2, P3' in trace
    assert "P1 excluded: product (applies to new; the case is refurbished)" in trace
    assert "conditional on pilot" in trace and "outcome: eligible" in trace
    hidden = invoke("rules", "explain", str(followup), *CASE, code=1).stdout  # a refusal, as eligible says
    (p2_line,) = [line for line in hidden.splitlines() if "P2 excluded" in line]
    assert p2_line.endswith("P2 excluded: access (the asker may not read it: nothing more is shown)")


def test_the_s3_ranking_never_reaches_the_search_with_an_ineligible_document(followup):
    from inforce.engine import Project
    from inforce.engine.eligibility import rank_eligible
    from inforce.ontology import Context

    with Project.open(followup) as project:
        result = project.eligible(Context(
            attributes={"market": "UK", "product": "refurbished", "dispatch_date": "2024-12-12", "pilot": False},
            groups=("support-uk",)))
    assert rank_eligible({"P1": 9, "P2": 5, "P3": 10}, result, 2) == [("P2", 5)]


def test_the_s3_text_search_runs_over_the_eligible_handbook_only(followup):
    from inforce.engine import Project
    from inforce.engine.eligibility import search_eligible
    from inforce.ontology import Context

    query = "follow-up contact is due calendar days after the dispatch date"
    with Project.open(followup) as project:
        result = project.eligible(Context(
            attributes={"market": "UK", "product": "refurbished", "dispatch_date": "2024-12-12", "pilot": False},
            groups=("support-uk",)))
        unrestricted = project.snapshot.store.search_text(query, 2)
        restricted = search_eligible(project.snapshot.store.search_text, query, result, 2)
    assert {hit.doc for hit, _ in unrestricted} - {"P2"}, "P1 and P3 say the same words: a top-2 sees them"
    assert restricted and {hit.doc for hit, _ in restricted} == {"P2"}


SPEC, CALLOUT = "SPEC-033000#2.1.A", "DWG-S-101#callout-3"


def precedence(project: Path, *args: str, code: int = 0) -> dict:
    result = invoke("precedence", str(project), SPEC, CALLOUT, "--valid-at", "2026-05-01", *args,
                    "--format", "json", code=code)
    return json.loads(result.stdout)


def test_s4_aia_style_from_the_manifest_the_drawing_governs(riverside):
    data = precedence(riverside)
    assert data["resolution"] == "resolved_by_precedence" and data["winner"] == CALLOUT
    assert (data["rule"], data["clause"], data["rfi"]) == ("INF-P001", "Agreement Article 1.2", None)


def test_s4_far_pack_the_specification_as_amended_governs(riverside):
    data = precedence(riverside, "--pack", "precedence/far-52-236-21")
    assert (data["resolution"], data["winner"], data["rule"], data["clause"]) == (
        "resolved_by_precedence", SPEC, "INF-P002", "FAR 52.236-21(a)")


def test_s4_no_clause_escalates_with_an_rfi_and_exit_1(riverside):
    data = precedence(riverside, "--pack", "precedence/none", code=1)
    assert data["resolution"] == "escalate" and data["winner"] is None
    assert "Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3" in data["rfi"]
    assert "Sheet S-101 callout-3" in data["rfi"]
    text = invoke("precedence", str(riverside), SPEC, CALLOUT, "--valid-at", "2026-05-01",
                  "--pack", "precedence/none", code=1).stdout
    assert text.startswith("# Request for information")


def test_precedence_needs_a_date(riverside):
    result = invoke("precedence", str(riverside), SPEC, CALLOUT, code=2)
    assert "--valid-at" in result.output
