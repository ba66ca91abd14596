"""The sweep (issue 11; S4's sweep bullets): findings through the engine front and the CLI on
the bundled construction example, under the three stock precedence packs, with access,
applicability, supersession, cross-references, a baseline and the exit codes pipelines read."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.sweep import finding_id
from inforce.ontology import Locator, SweepReport

pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DAY = dt.date(2026, 5, 1)
SPEC, ADDENDUM, CALLOUT = "SPEC-033000#2.1.A", "ADD-02#1.3", "DWG-S-101#callout-3"
runner = CliRunner()


def invoke(*args: object, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def copy(name: str, dest: Path, *, ingest: bool = True) -> Path:
    root = dest / name
    shutil.copytree(EXAMPLES / name, root, ignore=shutil.ignore_patterns(".inforce"))
    if ingest:
        ingest_project(root)
    return root


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    """The process's shared ingest: sweeps only read it (reports and RFIs go to tmp_path)."""
    return ingested_example("riverside-library")


def locators(finding) -> set[str]:
    return {p.locator.format() for p in finding.provisions}


def strength_conflict(report: SweepReport):
    found = [f for f in report.findings if locators(f) == {ADDENDUM, CALLOUT}]
    assert len(found) == 1, [locators(f) for f in report.findings]
    return found[0]


# ---- S4: the same conflict under three packs ----------------------------------------------------


def test_the_drawing_against_the_amended_specification_is_found_once_in_prose_and_callout(riverside):
    with Project.open(riverside) as project:
        report = project.sweep(DAY)
    finding = strength_conflict(report)
    assert finding.kind == "quantity_conflict" and finding.scope == "across_documents"
    assert finding.subject == "concrete.compressive_strength"
    addendum, callout = finding.provisions
    assert addendum.locator == Locator.parse(ADDENDUM) and addendum.replaces == Locator.parse(SPEC)
    assert addendum.label == "Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3"
    assert addendum.quantity == "not less than 5,000 psi" and callout.quantity == "4,000 PSI"
    assert callout.label == "Sheet S-101 callout-3 (detail 3/S-501)" and callout.kind == "callout"
    assert finding.id == finding_id("quantity_conflict", "concrete.compressive_strength",
                                    [Locator.parse(ADDENDUM), Locator.parse(CALLOUT)])


def test_aia_style_the_drawing_governs_citing_the_agreement(riverside):
    with Project.open(riverside) as project:
        finding = strength_conflict(project.sweep(DAY))  # the manifest's own pack
    assert finding.resolution == "resolved_by_precedence"
    assert (finding.rule, finding.clause) == ("INF-P001", "Agreement Article 1.2")
    assert finding.winner == Locator.parse(CALLOUT)
    assert finding.rfi is None


def test_far_52_236_21_the_specification_as_amended_governs(riverside):
    with Project.open(riverside) as project:
        report = project.sweep(DAY, packs=["precedence/far-52-236-21"])
    finding = strength_conflict(report)
    assert finding.resolution == "resolved_by_precedence"
    assert (finding.rule, finding.clause) == ("INF-P002", "FAR 52.236-21(a)")
    assert finding.winner == Locator.parse(ADDENDUM)  # the specification as amended by its addendum
    assert report.packs == ("precedence/far-52-236-21",)


def test_no_precedence_clause_escalates_with_an_rfi_naming_section_and_sheet(riverside):
    with Project.open(riverside) as project:
        finding = strength_conflict(project.sweep(DAY, packs=["precedence/none"]))
    assert finding.resolution == "escalate" and finding.winner is None
    rfi = finding.rfi or ""
    assert "Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3" in rfi
    assert "Sheet S-101 callout-3" in rfi
    assert "states no order of precedence" in rfi
    assert "## Question" in rfi and "Which requirement governs" in rfi


def test_schedule_rows_that_disagree_with_the_specification_are_table_mismatches(riverside):
    with Project.open(riverside) as project:
        report = project.sweep(DAY)
    rows = [f for f in report.findings if f.kind == "table_mismatch"]
    # the footing schedule repeats 4,000 psi in each of its 8 rows; the amended §2.1.A says 5,000
    assert len(rows) == 8
    for finding in rows:
        assert ADDENDUM in locators(finding)
        assert any(p.kind == "table_row" and p.locator.doc == "SCHED-FTG" for p in finding.provisions)
        # aia-style: the specifications level governs "every other contract document"
        assert finding.resolution == "resolved_by_precedence" and finding.winner == Locator.parse(ADDENDUM)
    # the schedule and the drawing agree (4,000 and 4,000 psi): no finding between them
    assert not [f for f in report.findings if {p.locator.doc for p in f.provisions} == {"SCHED-FTG", "DWG-S-101"}]


def test_before_the_addendum_nothing_disagrees_on_strength(riverside):
    with Project.open(riverside) as project:
        report = project.sweep(dt.date(2026, 4, 1))  # ADD-02 is effective from 10 April
    assert not [f for f in report.findings if f.subject == "concrete.compressive_strength"]


# ---- supersession ----------------------------------------------------------------------------


def test_a_superseded_pair_is_left_out_unless_asked_for(riverside):
    with Project.open(riverside) as project:
        plain = project.sweep(DAY)
        shown = project.sweep(DAY, include_superseded=True)
    assert not [f for f in plain.findings if f.resolution == "resolved_by_supersession" and f.subject]
    assert plain.summary.superseded_left_out == 1
    replaced = [f for f in shown.findings if f.kind == "quantity_conflict" and locators(f) == {SPEC, ADDENDUM}]
    assert len(replaced) == 1
    finding = replaced[0]
    assert finding.resolution == "resolved_by_supersession" and finding.winner == Locator.parse(ADDENDUM)
    assert finding.rule == "INF-S001" or finding.rule is None  # derived by the csi pack, or declared
    assert "replaced on 2026-04-10" in finding.explanation
    assert {f.id for f in plain.findings} < {f.id for f in shown.findings}


# ---- cross-references ------------------------------------------------------------------------


def test_a_reference_to_a_paragraph_that_does_not_exist_is_escalated(riverside):
    with Project.open(riverside) as project:
        report = project.sweep(DAY)
    broken = [f for f in report.findings if f.kind == "broken_reference"]
    assert [locators(f) for f in broken] == [{"SPEC-032000#3.4.C"}]
    finding = broken[0]
    assert finding.resolution == "escalate" and finding.scope == "within_document"
    assert finding.rule == "INF-Q001"
    assert "Section 03 20 00 §3.4.C refers to 3.7, which does not exist" in (finding.rfi or "")


def test_a_reference_to_a_replaced_paragraph_names_its_replacement(riverside):
    with Project.open(riverside) as project:
        report = project.sweep(DAY)
        before = project.sweep(dt.date(2026, 3, 10))  # ADD-01 (20 March) not yet issued
    stale = [f for f in report.findings if f.kind == "superseded_reference"]
    assert len(stale) == 1
    finding = stale[0]
    assert locators(finding) == {"SPEC-032000#3.5.C", "ADD-01#1.3"}
    assert finding.provisions[1].label == "Section 03 20 00 §2.2.B as amended by Addendum No. 1 §1.3"
    assert finding.provisions[1].replaces == Locator.parse("SPEC-032000#2.2.B")
    assert finding.resolution == "resolved_by_supersession" and finding.winner == Locator.parse("ADD-01#1.3")
    assert not [f for f in before.findings if f.kind == "superseded_reference"]


def test_qualifier_links_are_stored_at_ingest_and_read_back(riverside):
    with Project.open(riverside) as project:
        links = {(uid, link.provision.format(), link.qualifier.format(), link.resolved)
                 for uid, link, _ in project.snapshot.all_qualifiers()}
        assert ("SPEC-032000@0", "SPEC-032000#3.4.C", "SPEC-032000#3.7", False) in links
        assert ("SPEC-032000@0", "SPEC-032000#3.5.C", "SPEC-032000#2.2.B", True) in links
        # check reads the same stored links, those of the cited revision
        of_revision = project.snapshot.qualifiers_of(Locator.parse("SPEC-032000@0#3.5.C"))
        assert sorted((link.provision.path, link.qualifier.path) for link, _ in of_revision) == [
            ("3.4.C", "3.7"), ("3.5.C", "2.2.B")]


# ---- applicability and access ----------------------------------------------------------------


def _two_documents(root: Path, *, facet_a: str, facet_b: str, access_b: str = "") -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: campus\nfacets: [building]\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    for name, facet, strength, access in (("A", facet_a, "4,000", ""), ("B", facet_b, "5,000", access_b)):
        extra = f"access: [{access}]\n" if access else ""
        (root / "documents" / f"spec-{name}.md").write_text(
            f"---\nid: SPEC-{name}\nkind: specification\nrevision: '0'\neffective: {{from: 2026-01-01}}\nrecorded: 2026-01-01T09:00:00Z\n"
            f"applies_to: {{building: [{facet}]}}\n{extra}---\n# Concrete {name}\n\n"
            f"1.1 MIXTURES\n\nA. Compressive strength at 28 days: not less than {strength} psi.\n",
            encoding="utf-8")
    ingest_project(root)
    return root


def test_documents_that_cannot_apply_together_are_never_compared(tmp_path):
    apart = _two_documents(tmp_path / "apart", facet_a="B1", facet_b="B2")
    together = _two_documents(tmp_path / "together", facet_a="B1", facet_b="B1")
    with Project.open(apart) as project:
        report = project.sweep(DAY)
        assert report.findings == () and report.summary.pairs_examined == 0
    with Project.open(together) as project:
        report = project.sweep(DAY)
    assert [f.kind for f in report.findings] == ["quantity_conflict"]
    assert report.findings[0].resolution == "escalate"  # precedence/none
    assert report.summary.pairs_examined == 1 and report.summary.statements == 2


def test_a_finding_never_quotes_a_document_the_asker_may_not_read(tmp_path):
    root = _two_documents(tmp_path / "restricted", facet_a="B1", facet_b="B1", access_b="structural")
    with Project.open(root) as project:
        hidden = project.sweep(DAY)
        shown = project.sweep(DAY, groups=["structural"])
    assert hidden.findings == ()
    assert hidden.summary.withheld == ("SPEC-B",)
    assert "5,000" not in hidden.model_dump_json()
    assert len(shown.findings) == 1 and "SPEC-B#1.1.A" in {p.locator.format() for p in shown.findings[0].provisions}
    assert shown.summary.withheld == ()


def test_a_conflict_within_one_document_is_scoped_so(tmp_path):
    root = tmp_path / "within"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: within\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (root / "documents" / "spec.md").write_text(
        "---\nid: SPEC-1\nkind: specification\nrevision: '0'\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T09:00:00Z\n---\n# Concrete\n\n"
        "1.1 MIXTURES\n\nA. Compressive strength at 28 days: not less than 4,000 psi.\n\n"
        "B. Footings: compressive strength at 28 days not less than 27.6 MPa.\n\n"
        "C. Slabs: compressive strength at 28 days not less than 3,000 psi.\n", encoding="utf-8")
    ingest_project(root)
    with Project.open(root) as project:
        report = project.sweep(DAY)
    # 27.6 MPa is 4,003 psi: the same requirement as A; C disagrees with both
    assert sorted(tuple(sorted(locators(f))) for f in report.findings) == [
        ("SPEC-1#1.1.A", "SPEC-1#1.1.C"), ("SPEC-1#1.1.B", "SPEC-1#1.1.C")]
    assert {f.scope for f in report.findings} == {"within_document"}


# ---- the CLI: formats, determinism, baseline, exit codes -------------------------------------


def test_json_is_the_contract_and_the_same_whatever_the_workers(riverside, tmp_path):
    one = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "none", "--workers", "1")
    two = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "none", "--workers", "2")
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert list(data)[:3] == ["as_of", "known_at", "findings"]
    first = data["findings"][0]
    assert list(first)[:9] == ["id", "kind", "scope", "subject", "provisions", "resolution", "rule", "clause", "rfi"]
    assert SweepReport.model_validate(data).summary.provisions > 0
    assert "comparisons made" in one.stderr and "sweep of riverside-library" in one.stderr


def test_fail_on_sets_the_exit_code(riverside):
    # riverside has one escalation (the broken reference) under its own pack
    invoke("sweep", riverside, "--valid-at", "2026-05-01", code=1)
    invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "none")
    invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "any", code=1)
    invoke("sweep", riverside, "--valid-at", "2026-03-01", "--fail-on", "any")  # nothing in force disagrees yet


def test_a_baseline_marks_findings_new_unchanged_and_gone(riverside, tmp_path):
    old = tmp_path / "old.json"
    invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "none", "-o", old)
    data = json.loads(old.read_text())
    kept = data["findings"][1:]  # one finding "new" against this baseline
    data["findings"] = [*kept, {"id": "0000000000000000", "kind": "contradiction",
                                "provisions": [{"locator": "X#1"}]}]
    doctored = tmp_path / "doctored.json"
    doctored.write_text(json.dumps(data))
    same = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--baseline", old, "--fail-on", "any")
    assert {f["baseline"] for f in json.loads(same.stdout)["findings"]} == {"unchanged"}
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--baseline", doctored, "--fail-on", "any", code=1)
    report = json.loads(result.stdout)
    assert [f["baseline"] for f in report["findings"]].count("new") == 1
    assert report["gone"] == [{"id": "0000000000000000", "kind": "contradiction", "locators": ["X#1"]}]
    assert "1 new" in result.stderr and "1 gone" in result.stderr


def test_each_format_renders_the_same_findings(riverside, tmp_path):
    for fmt in ("md", "html", "sarif"):
        target = tmp_path / f"report.{fmt}"
        invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "none", "--format", fmt, "-o", target)
        text = target.read_text()
        assert "Addendum No. 2" in text, fmt
    sarif = json.loads((tmp_path / "report.sarif").read_text())
    assert sarif["version"] == "2.1.0"
    assert len(sarif["runs"][0]["results"]) == len(json.loads(
        invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "none").stdout)["findings"])


def test_rfi_drafts_are_written_one_file_per_escalation(riverside, tmp_path):
    folder = tmp_path / "rfi"
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--pack", "precedence/none", "--rfi-dir", folder,
                    "--fail-on", "none")
    escalations = [f for f in json.loads(result.stdout)["findings"] if f["resolution"] == "escalate"]
    written = sorted(p.name for p in folder.iterdir())
    assert written == sorted(f"RFI-{f['id']}.md" for f in escalations) and len(written) >= 10
    first = escalations[0]
    assert (folder / f"RFI-{first['id']}.md").read_text() == first["rfi"]


@pytest.mark.parametrize(("args", "code", "said"), [
    (["--fail-on", "none"], 2, "--valid-at"),
    (["--valid-at", "2026-13-01"], 2, "--valid-at"),
    (["--valid-at", "2026-05-01", "--param", "source=x"], 2, "--param"),
    (["--valid-at", "2026-05-01", "--pack", "precedence/nope"], 2, "precedence/nope"),
    (["--valid-at", "2026-05-01", "--workers", "0"], 2, "workers"),
])
def test_bad_arguments_exit_2_and_say_which(riverside, args, code, said):
    result = invoke("sweep", riverside, *args, code=code)
    assert said in result.stderr or said in result.stdout


def test_a_baseline_that_is_not_a_sweep_report_names_the_file_and_line(riverside, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"as_of": "2026-05-01",\n "findings": [\n  {"id": "00000000000000ff"}\n]}\n')
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--baseline", broken, code=2)
    assert "broken.json" in result.stderr and ":3" in result.stderr and "findings[0].kind" in result.stderr
    notjson = tmp_path / "not.json"
    notjson.write_text("{\n  nope\n")
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--baseline", notjson, code=2)
    assert "not.json" in result.stderr and ":2" in result.stderr

    # a report with what it was a sweep of removed cannot be matched to this run (issue 23 L4)
    old = tmp_path / "old.json"
    invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "none", "-o", old)
    for key in ("project", "as_of", "known_at"):
        data = json.loads(old.read_text())
        data.pop(key)
        stripped = tmp_path / f"no-{key}.json"
        stripped.write_text(json.dumps(data))
        result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--baseline", stripped, code=2)
        assert f"no-{key}.json" in result.stderr and f"no {key}" in result.stderr


def test_a_project_never_ingested_is_exit_3(tmp_path):
    root = copy("riverside-library", tmp_path, ingest=False)
    result = invoke("sweep", root, "--valid-at", "2026-05-01", code=3)
    assert "not ingested" in result.stderr


# ---- what a hostile reader tried -------------------------------------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


def test_a_restricted_replaced_document_never_names_its_replacement(tmp_path):
    root = copy("riverside-library", tmp_path, ingest=False)
    _edit(root / "documents" / "spec-033000.md", "title: Section 03 30 00",
          "access: [secret]\ntitle: ZZHIDDEN Section 03 30 00")
    ingest_project(root)
    with Project.open(root) as project:
        report = project.sweep(DAY, packs=["precedence/none"])
        decided = project.precedence(ADDENDUM, CALLOUT, DAY, packs=["precedence/none"])
    assert strength_conflict(report).provisions[0].replaces is None
    assert "ZZHIDDEN" not in report.model_dump_json() and "ZZHIDDEN" not in decided.model_dump_json()
    assert "SPEC-033000#" not in report.model_dump_json()


def test_rows_of_a_table_that_varies_by_row_are_cases_not_conflicts(ingested_example):
    root = ingested_example("label-dosing")
    with Project.open(root) as project:
        report = project.sweep(DAY)
    # the dosing tables give a dose per weight band or kidney function: no row contradicts another
    assert not [f for f in report.findings if f.kind == "table_mismatch"]
    quantity = next(s for s in report.summary.sources if s.source == "quantity_subject")
    assert "table row(s) not compared" in quantity.note


def test_an_explanation_quotes_its_own_pair(riverside):
    with Project.open(riverside) as project:
        report = project.sweep(DAY)
    row = next(f for f in report.findings if f.kind == "table_mismatch")
    assert "'4,000 psi'" in row.explanation and "PSI" not in row.explanation  # the row's words, not the callout's


def test_a_finding_resolved_otherwise_than_in_the_baseline_is_changed_and_fails(riverside, tmp_path):
    old = tmp_path / "aia.json"
    invoke("sweep", riverside, "--valid-at", "2026-05-01", "--fail-on", "none", "-o", old)
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--pack", "precedence/none", "--baseline", old, code=1)
    states = {f["id"]: f["baseline"] for f in json.loads(result.stdout)["findings"]}
    assert states[strength_conflict(SweepReport.model_validate_json(result.stdout)).id] == "changed"
    assert "changed" in result.stderr


def test_document_text_in_an_rfi_draft_is_inert_markdown(tmp_path):
    root = copy("riverside-library", tmp_path, ingest=False)
    _edit(root / "documents" / "spec-032000.md", "except as provided in 3.7.",
          "except as provided in 3.7. <script>alert(1)</script> [click](javascript:alert(1)) | a | \u202e")
    ingest_project(root)
    with Project.open(root) as project:
        (broken,) = [f for f in project.sweep(DAY).findings if f.kind == "broken_reference"]
    rfi = broken.rfi or ""
    assert "<script>" not in rfi and "&lt;script>" in rfi
    assert "[click]" not in rfi and "\\[click\\]" in rfi
    assert "\u202e" not in rfi and "\\u202e" in rfi


def test_an_rfi_folder_that_cannot_be_written_fails_before_anything_is_written(riverside, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--rfi-dir", blocker / "sub", code=2)
    assert "--rfi-dir" in result.stderr and result.stdout == ""


def test_a_pack_that_is_not_a_precedence_pack_is_refused(riverside):
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--pack", "qualifiers/cross-references", code=2)
    assert "not a precedence pack" in result.stderr


def test_a_pack_file_is_found_where_the_command_runs(riverside, tmp_path, monkeypatch):
    pack = (Path(__file__).resolve().parents[2] / "rules" / "stock" / "precedence" / "none.yaml").read_text()
    (tmp_path / "mine.yaml").write_text(pack)
    monkeypatch.chdir(tmp_path)
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--pack", "mine.yaml", code=1)
    assert strength_conflict(SweepReport.model_validate_json(result.stdout)).resolution == "escalate"


@pytest.mark.parametrize(("text", "said"), [
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction"}, {"id": "000000000000000a", "kind": "contradiction"}]}', "twice"),
    ('{"findings": [{"id": 7, "kind": "contradiction"}]}', "findings[0].id"),
    # audit 68 B L4: an id a sweep never writes matched no finding, counted one new and one gone
    ('{"findings": [{"id": " e44ffba149f098db", "kind": "contradiction"}]}', "findings[0].id"),
    ('{"findings": [{"id": "E44FFBA149F098DB", "kind": "contradiction"}]}', "findings[0].id"),
    ('{"findings": [{"id": "e44ffba149f098d", "kind": "contradiction"}]}', "findings[0].id"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "provisions": "x"}]}', "findings[0].provisions"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "resolution": "maybe"}]}', "findings[0].resolution"),
    ("[" * 100_000 + "]" * 100_000, "nests too deeply"),
    # audit 60 F01: a kind or resolution of a list or object was looked up in a set, exit 70
    ('{"findings": [{"id": "000000000000000a", "kind": ["contradiction"]}]}', "findings[0].kind"),
    ('{"findings": [{"id": "000000000000000a", "kind": {"x": 1}}]}', "findings[0].kind"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "resolution": ["escalate"]}]}', "findings[0].resolution"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "resolution": {}}]}', "findings[0].resolution"),
    # ... and every other field of a finding or its provisions was taken in any JSON type
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "rule": [1]}]}', "findings[0].rule"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "scope": {}}]}', "findings[0].scope"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "scope": "everywhere"}]}', "findings[0].scope"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "rfi": 5}]}', "findings[0].rfi"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "winner": [1]}]}', "findings[0].winner"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "sources": "cross_reference"}]}', "findings[0].sources"),
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction", "provisions": [{"locator": "P1#1", "text": 7}]}]}',
     "findings[0].provisions[0].text"),
    # audit 61 F01: a key written twice was read as its last value ("findings": [...], then "findings": [])
    ('{"findings": [{"id": "000000000000000a", "kind": "contradiction"}],\n "findings": []}', "baseline.json:2: findings:"),
])
def test_a_malformed_baseline_is_refused_with_its_field(riverside, tmp_path, text, said):
    path = tmp_path / "baseline.json"
    path.write_text(text)
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--baseline", path, code=2)
    assert said in result.stderr and "baseline.json" in result.stderr


def test_a_decision_resting_on_a_restricted_amendment_is_escalated_naming_it_by_id_only(tmp_path):
    root = tmp_path / "amended"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: amended\nrules:\n  - stock: precedence/far-52-236-21\n",
                                       encoding="utf-8")
    head = "---\nid: {id}\nkind: {kind}\nrevision: '0'\neffective: {{from: 2026-01-01}}\nrecorded: 2026-01-01T09:00:00Z\n"
    (root / "documents" / "spec.md").write_text(
        head.format(id="SPEC-1", kind="specification") + "---\n# Concrete\n\n1.1 MIXTURES\n\n"
        "A. Compressive strength at 28 days: not less than 4,000 psi.\n", encoding="utf-8")
    (root / "documents" / "dwg.md").write_text(
        head.format(id="DWG-1", kind="drawing") + "---\n# Plan\n\n1 NOTES\n\n"
        "A. Compressive strength at 28 days: not less than 5,000 psi.\n", encoding="utf-8")
    (root / "documents" / "add.md").write_text(
        head.format(id="ADD-9", kind="addendum") + "access: [owner]\nsupersedes:\n  - target: SPEC-1#1.1.A\n"
        "    scope: partial\n    effective: 2026-01-01\n    by: ADD-9#1.1\n---\n# ZZAMEND\n\n"
        "1.1 Section 1, Paragraph 1.1.A: add a sentence ZZAMEND.\n", encoding="utf-8")
    ingest_project(root)
    with Project.open(root) as project:
        hidden = project.sweep(DAY)
        shown = project.sweep(DAY, groups=["owner"])
    (finding,) = hidden.findings
    assert finding.resolution == "escalate" and "ADD-9" in hidden.summary.withheld
    assert "rests on ADD-9, which the asker may not read" in (finding.rfi or "")
    assert "ZZAMEND" not in hidden.model_dump_json() and "ADD-9#" not in hidden.model_dump_json()
    (decided,) = shown.findings  # with the group the FAR pack decides: the specification governs
    assert decided.resolution == "resolved_by_precedence" and decided.winner == Locator.parse("SPEC-1#1.1.A")


def test_sweeps_in_two_threads_do_not_share_their_work(riverside):
    from concurrent.futures import ThreadPoolExecutor

    def ids(day: dt.date) -> list[str]:
        with Project.open(riverside) as project:
            return [f.id for f in project.sweep(day, workers=2).findings]

    days = [dt.date(2026, 4, 1), DAY] * 2
    alone = [ids(day) for day in days[:2]]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(ids, days))
    assert alone[0] != alone[1]  # the two dates differ: the check can fail
    assert together == alone * 2


def test_a_baseline_swept_on_another_date_is_refused_naming_the_file(riverside, tmp_path):
    """Issue 23: an earlier sweep of another date was taken as the baseline without a word."""
    before = tmp_path / "before.json"
    before.write_text(invoke("sweep", riverside, "--valid-at", "2026-03-01", "--fail-on", "none").stdout)
    result = invoke("sweep", riverside, "--valid-at", "2026-05-01", "--baseline", before, code=2)
    assert str(before) in result.stderr and "--baseline" in result.stderr
    assert "as of 2026-03-01, this run 2026-05-01" in result.stderr and result.stdout == ""
    invoke("sweep", riverside, "--valid-at", "2026-03-01", "--baseline", before, "--fail-on", "none")


def test_a_sweep_that_fails_leaves_no_rfi_folder(tmp_path):
    """Issue 23: a sweep that failed (exit 3: the project is not ingested) made --rfi-dir anyway."""
    project = copy("riverside-library", tmp_path, ingest=False)
    folder = tmp_path / "out" / "rfi"
    result = invoke("sweep", project, "--valid-at", "2026-05-01", "--rfi-dir", folder, code=3)
    assert result.stdout == "" and not folder.exists() and not folder.parent.exists()
