"""Acceptance bullets of S1, S3 and S4 that no other test drives end to end through the CLI.

Each test copies an example project (without its `.inforce/`), ingests it through the CLI and
asserts the bullet's outcome from the command's JSON (and, where it matters, its text and exit
code). Examples are ingested once per module; a test that needs an edited copy makes its own.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.rules.lint import LINT_CODES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


def invoke(*args: str, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def copy_example(name: str, dest: Path) -> Path:
    project = dest / name
    shutil.copytree(EXAMPLES / name, project, ignore=shutil.ignore_patterns(".inforce"))
    return project


# Read-only: the process's shared ingests (tests/conftest.py). A test that edits a project
# copies one of its own (copy_example) and ingests that.
@pytest.fixture(scope="module")
def sop(ingested_example) -> Path:
    return ingested_example("sop-retention")


@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    return ingested_example("riverside-library")


def as_json(result) -> dict:
    return json.loads(result.stdout)


# ---- S1 ------------------------------------------------------------------------------------
@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_s1_two_revisions_with_the_same_effective_date_the_higher_seq_wins(sop, tmp_path):
    # As shipped, B1 (seq 3) sits in the file that sorts first and was recorded last.
    shipped = as_json(invoke("asof", sop, "SOP-121#4.3", "--valid-at", "2025-09-01", "-f", "json"))
    assert shipped["resolved"] == "SOP-121@B1#4.3" and "30 minutes" in shipped["text"]
    # Swap the two seq values and nothing else: now B must win, although its file still sorts
    # last and it was still recorded first. First-file, last-file or last-recorded would not flip.
    swapped = copy_example("sop-retention", tmp_path)
    docs = swapped / "documents"
    for name, old, new in [("sop-121-2025-09-01-z-rev-b.md", "2", "3"),
                           ("sop-121-2025-09-01-a-rev-b1.md", "3", "2")]:
        text = (docs / name).read_text()
        assert re.search(rf"^seq: {old}$", text, flags=re.M)
        (docs / name).write_text(re.sub(rf"^seq: {old}$", f"seq: {new}", text, count=1, flags=re.M))
    invoke("ingest", swapped)
    answer = as_json(invoke("asof", swapped, "SOP-121#4.3", "--valid-at", "2025-09-01", "-f", "json"))
    assert answer["in_force"] is True and answer["resolved"] == "SOP-121@B#4.3"
    assert "15 minutes" in answer["text"] and "30 minutes" not in answer["text"]


# ---- S3 ------------------------------------------------------------------------------------
UK_REFURB = ["--context", "market=UK", "--context", "product=refurbished"]


def test_s3_pilot_status_unknown_is_conditional_never_a_silent_non_pilot_default(followup):
    # pilot not stated at all (the usual case), rather than stated as "unknown"
    result = invoke("eligible", followup, *UK_REFURB, "--context", "dispatch_date=2024-12-12",
                    "--groups", "support-uk", "-f", "json")
    data = as_json(result)
    assert data["outcome"] == "eligible" and data["eligible"] == ["P2"]
    assert data["conditional_on"] == ["pilot"]
    assert all(c["status"] != "definite" for c in data["calculations"])
    branches = {c["conditions"]["pilot"]: c for c in data["calculations"]}
    assert set(branches) == {False, True}  # both branches, each carrying the pilot value it rests on
    assert branches[False]["result"] == "2024-12-26" and branches[False]["rule"] == "FUP-C001"
    assert branches[True]["rule"] == "FUP-C002" and branches[True]["result"] != "2024-12-26"
    text = invoke("eligible", followup, *UK_REFURB, "--context", "dispatch_date=2024-12-12",
                  "--groups", "support-uk").stdout
    assert "conditional on pilot" in text


P2_TEXT = ["UK Refurbished Products", "14 calendar days", "pilot coordinator", "support-uk@brightwell"]


def test_s3_restricted_no_coverage_and_no_eligible_document_are_three_different_outcomes(followup):
    cases = {
        "access_restricted": [*UK_REFURB, "--context", "dispatch_date=2024-12-12"],
        "no_coverage_for_date": [*UK_REFURB, "--context", "dispatch_date=2023-06-01", "--groups", "support-uk"],
        "no_eligible_document": ["--context", "market=FR", "--context", "product=refurbished",
                                 "--context", "dispatch_date=2024-12-12", "--groups", "support-uk"],
    }
    seen = set()
    for reason, args in cases.items():
        result = invoke("eligible", followup, *args, "-f", "json", code=1)
        data = as_json(result)
        assert (data["outcome"], data["reason"]) == ("refusal", reason)
        assert data["eligible"] == [] and data["calculations"] == []
        seen.add((data["outcome"], data["reason"]))
        text = invoke("eligible", followup, *args, code=1)
        assert f"refusal: {reason}" in text.stdout
        if reason == "access_restricted":
            assert {"document": "P2", "reasons": ["access"]} in data["excluded"]
            for fragment in P2_TEXT:  # nothing of the hidden handbook, not even its title
                assert fragment not in result.stdout and fragment not in text.stdout
                assert fragment not in result.stderr and fragment not in text.stderr
    assert len(seen) == 3


# ---- S4 ------------------------------------------------------------------------------------
SPEC, CALLOUT = "SPEC-033000#2.1.A", "DWG-S-101#callout-3"


def test_s4_claim_citing_the_original_2_1_a_is_stale_and_resolves_to_the_addendum(riverside):
    cited = "SPEC-033000@0#2.1.A"  # what a claim quoting the original specification cites
    answer = as_json(invoke("asof", riverside, cited, "--valid-at", "2026-05-01", "-f", "json"))
    assert answer["in_force"] is False and answer["successors"] == ["ADD-02#1.3"]
    assert answer["resolved"] == "ADD-02@0#1.3"
    assert "5,000 psi" in answer["text"] and "4,000 psi" not in answer["text"]
    assert answer["description"].startswith("03 30 00 §2.1.A as amended by Addendum No. 2")
    text = invoke("asof", riverside, cited, "--valid-at", "2026-05-01").stdout
    assert "03 30 00 §2.1.A as amended by Addendum No. 2" in text and "not in force" in text


@pytest.mark.slow
def test_s4_a_project_with_no_precedence_clause_escalates_with_an_rfi(tmp_path):
    project = copy_example("riverside-library", tmp_path)
    # the same contract documents, but the manifest names no precedence pack at all
    (project / "inforce.yaml").write_text(
        "project: riverside-no-clause\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    invoke("ingest", project)
    result = invoke("precedence", project, SPEC, CALLOUT, "--valid-at", "2026-05-01", "-f", "json", code=1)
    data = as_json(result)
    assert data["resolution"] == "escalate" and data["winner"] is None and data["clause"] is None
    rfi = data["rfi"]
    assert "Section 03 30 00 §2.1.A" in rfi and "Sheet S-101" in rfi
    assert "5,000 psi" in rfi and "4,000 PSI" in rfi


DETAIL, PLAN = "DWG-S-501#callout-3", "DWG-S-101#callout-5"


def test_s4_large_scale_governs_small_scale_where_the_pack_says_so(riverside):
    for a, b in [(PLAN, DETAIL), (DETAIL, PLAN)]:  # the order the two are named in does not matter
        data = as_json(invoke("precedence", riverside, a, b, "--valid-at", "2026-05-01", "-f", "json"))
        assert (data["resolution"], data["winner"], data["rule"], data["clause"]) == (
            "resolved_by_precedence", DETAIL, "INF-P001", "Agreement Article 1.2")
    # FAR 52.236-21 says nothing of scale: a discrepancy within the drawings goes to the CO
    far = as_json(invoke("precedence", riverside, PLAN, DETAIL, "--valid-at", "2026-05-01",
                         "--pack", "precedence/far-52-236-21", "-f", "json", code=1))
    assert far["resolution"] == "escalate" and far["winner"] is None
    assert "Sheet S-101 callout-5" in far["rfi"] and "Sheet S-501 callout-3" in far["rfi"]


# ---- rules check: each lint error kind, through the CLI ------------------------------------
HEAD = "schema_version: 1\nrules:\n"


def rule(kind: str, rule_id: str = "TST-X001", slug: str = "a-rule", body: str = "") -> str:
    return f"  - id: {rule_id}\n    slug: {slug}\n    kind: {kind}\n    description: d\n    source: s\n" + body


CALC = "    output: due\n    result: r\n"
LINT_CASES = {
    "RP001": (HEAD + "  - id: [unclosed\n", 3),  # where the list left open begins (libyaml)
    "RP002": (HEAD + rule("eligibility", body="    facts: {market: membership}\n"), 8),
    "RP003": (HEAD + rule("precedence", body="    order: sideways\n"), 8),
    "RP004": (HEAD + rule("eligibility", body="    facets: {product: membership}\n"), 8),
    "RP005": (HEAD + rule("eligibility", body="    document_kinds: [handbok]\n"), 8),
    "RP006": (HEAD + rule("precedence", body="    order: none\n")
              + rule("precedence", slug="b", body="    order: none\n"), 9),
    "RP007": (HEAD + rule("precedence", body="    levels:\n      - {name: drawings, kinds: [drawing]}\n"
                                             "      - {name: drawings, kinds: [specification]}\n"), 10),
    "RP008": (HEAD + rule("precedence", body="    levels:\n      - {name: empty}\n"), 9),
    "RP009": (HEAD + rule("calculation", body=CALC + "    when: {market: UK}\n")
              + rule("calculation", "TST-X002", "b", body=CALC + "    when: {market: UK, pilot: true}\n"), 11),
    "RP010": (HEAD + rule("qualifier", body="    patterns: [{pattern: 'except as provided'}]\n"), 8),
    "RP011": ("schema_version: 1\nparams:\n  clause: {}\nrules:\n"
              + rule("precedence", body="    order: none\n").replace("source: s", "source: ${clauze}"), 9),
    "RP012": ("schema_version: 7\nrules: []\n", 1),
    "RP013": (HEAD + rule("subject", body="    subject: concrete.slump\n    unit: mm\n    synonyms: [slump]\n"
                                          "    between: {min: 10 psi, max: 250 mm}\n"), 11),
    "RP014": (HEAD + rule("supersession", body="    patterns:\n      - {pattern: 'Section {section}, Paragraph "
                                               "{paragraph}: Replace', scope: full}\n    no_change:\n      - pattern: '[no change]'\n"), 11),
}


def test_every_lint_code_has_a_cli_case():
    assert set(LINT_CASES) == set(LINT_CODES)


@pytest.mark.parametrize("code", sorted(LINT_CASES))
def test_rules_check_reports_each_lint_error_kind_at_its_line(tmp_path, code):
    text, line = LINT_CASES[code]
    # a pack inside a project is checked against the project's facets (RP004 needs that)
    (tmp_path / "inforce.yaml").write_text("project: lint\nfacets: [market]\n")
    (tmp_path / "rules").mkdir()
    pack = tmp_path / "rules" / "pack.yaml"
    pack.write_text(text)
    data = as_json(invoke("rules", "check", pack, "--format", "json", code=2))
    assert (code, line) in {(p["code"], p["line"]) for p in data["problems"]}, data["problems"]
    assert all(p["message"] for p in data["problems"])
    shown = invoke("rules", "check", pack, code=2).stdout
    assert f"pack.yaml:{line}:" in shown and code in shown


# ---- output conventions -------------------------------------------------------------------
def test_json_output_goes_to_the_file_named_by_dash_o(sop, tmp_path):
    target = tmp_path / "asof.json"
    result = invoke("asof", sop, "SOP-114#5.2", "--valid-at", "2026-05-01", "--format", "json", "-o", target)
    assert json.loads(target.read_text())["resolved"] == "SOP-114@D#5.2"
    assert result.stdout == ""
