"""``Project.impact`` (issue 25): the decisions a rule-pack change would change, on the bundled
projects ingested into Kuzu with their real packs. Each kind of change a policy owner makes
is tried: a period changed, a facet value added to a branch, a precedence order swapped, a
supersession verb removed, and edits that change nothing."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.cli.rules_cmds import _load_corpus
from inforce.engine import Project
from inforce.ontology import InputError, InputErrors
from inforce.rules.loader import STOCK_ROOT

PERIOD = "add: {days: 14, calendar: calendar, from: dispatch_date}"
BRANCH = "when: {market: UK, product: refurbished, pilot: false}"


def _pack(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _impact(root: Path, pack: Path, **kwargs):
    with Project.open(root) as project:
        return project.impact(pack, load_corpus=_load_corpus, **kwargs)


def _fingerprint(folder: Path) -> dict[str, str]:
    """Every file of the project's ``.inforce`` folder and its content hash."""
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted((folder / ".inforce").iterdir()) if path.is_file()}


# ---- eligibility and calculations (followup-handbooks) ---------------------------------------


@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


@pytest.fixture(scope="module")
def followup_pack(followup) -> str:
    return (followup / "rules" / "followup.yaml").read_text("utf-8")


@pytest.fixture(scope="module")
def period_changed(followup, followup_pack, tmp_path_factory):
    folder = tmp_path_factory.mktemp("period")
    assert PERIOD in followup_pack
    pack = _pack(folder, "followup.yaml", followup_pack.replace(PERIOD, PERIOD.replace("14", "10"), 1))
    cases = folder / "cases.jsonl"
    cases.write_text("\n".join([
        "# one case a line",
        json.dumps({"name": "UK refurbished, not a pilot", "groups": ["support-uk"],
                    "attributes": {"market": "UK", "product": "refurbished", "dispatch_date": "2024-12-12",
                                   "pilot": False}}),
        "",
        json.dumps({"name": "UK new", "attributes": {"market": "UK", "product": "new",
                                                     "dispatch_date": "2023-03-06"}}),
    ]) + "\n", encoding="utf-8")
    return _impact(followup, pack, cases=cases, groups=["support-uk"])  # a policy owner: every handbook


def test_a_period_changed_from_14_to_10_days_changes_the_follow_up_date_of_every_case_it_decides(period_changed):
    report = period_changed
    assert report.changed and report.pack == "rules/followup.yaml" and report.old == "rules/followup.yaml"
    assert [(r.id, r.change, r.kind) for r in report.rules_changed] == [("FUP-C001", "modified", "calculation")]
    eligibility = [c for c in report.changes if c.source == "eligibility"]
    origins = {c.origin for c in eligibility}
    # the cases file (by file and line), the example answers, the pack's own tests
    assert "cases.jsonl:2" in origins and "answers/s3-p2.json" in origins
    assert any(o.startswith("rules/followup.test.yaml:") for o in origins)
    assert "cases.jsonl:4" not in origins  # a UK new order is decided by FUP-C003: unchanged
    case = next(c for c in eligibility if c.origin == "cases.jsonl:2")
    assert case.subject == "UK refurbished, not a pilot"
    assert "follow_up_date = 2024-12-26 [FUP-C001]" in case.before
    assert "follow_up_date = 2024-12-22 [FUP-C001]" in case.after
    # the rule behind it, at its clause in the new pack
    (rule,) = case.rules
    text = Path(report.new).read_text("utf-8").splitlines()
    assert rule.id == "FUP-C001" and rule.file == report.new and text[rule.line - 1].strip() == "- id: FUP-C001"
    source = next(s for s in report.sources if s.source == "eligibility")
    assert source.changed == len(eligibility) and source.decisions > source.changed
    assert [s.source for s in report.sources] == ["eligibility", "tests", "supersession", "asof", "precedence",
                                                     "subjects"]
    assert "not recomputed" in next(s for s in report.sources if s.source == "precedence").note


def test_a_facet_value_added_to_a_branch_gives_the_new_market_its_calculation(followup, followup_pack, tmp_path):
    # the branch of FUP-C001 takes Irish orders too (and the Irish handbook it is read from:
    # a calculation fires only when a document it names is eligible)
    assert BRANCH in followup_pack and "    documents: [P2]\n    " + BRANCH in followup_pack
    wider = followup_pack.replace("    documents: [P2]\n    " + BRANCH,
                                  "    documents: [P2, P3]\n    " + BRANCH.replace("UK", "[UK, IE]"), 1)
    pack = _pack(tmp_path, "wider.yaml", wider)
    cases = tmp_path / "ie.jsonl"
    cases.write_text(json.dumps({"name": "IE refurbished in 2023", "attributes": {
        "market": "IE", "product": "refurbished", "dispatch_date": "2023-12-31", "pilot": False}}) + "\n")
    report = _impact(followup, pack, cases=cases)  # written elsewhere: it replaces the pack whose ids it carries
    assert report.pack == "rules/followup.yaml" and report.new == str(pack)
    (change,) = [c for c in report.changes if c.origin == "ie.jsonl:1"]
    assert "FUP-C001" not in change.before and "2024-01-30 [FUP-C004]" in change.before
    # the first rule for the output that matches decides: the Irish 30 days give way to 14
    assert change.after.endswith("follow_up_date = 2024-01-14 [FUP-C001]") and "FUP-C004" not in change.after
    assert [r.id for r in change.rules] == ["FUP-C001"]


def test_comments_and_reordered_rules_change_no_decision(followup, followup_pack, tmp_path):
    rules = followup_pack.split("\n  - id: ")
    head, first, calculations = rules[0], rules[1], rules[2:]
    reordered = "\n  - id: ".join([head, first, *reversed(calculations)])
    pack = _pack(tmp_path, "followup.yaml", "# reviewed 2026-12-02\n" + reordered)
    report = _impact(followup, pack, against=followup / "rules" / "followup.yaml")
    assert not report.changed and report.changes == ()
    assert {r.change for r in report.rules_changed} == {"moved"}
    assert all(s.changed == 0 for s in report.sources)


def test_a_case_that_does_not_read_is_named_by_file_and_line(followup, followup_pack, tmp_path):
    pack = _pack(tmp_path, "followup.yaml", followup_pack)
    cases = tmp_path / "cases.jsonl"
    cases.write_text('{"attributes": {"market": "UK"}}\n\n{"attributes": {"market": "UK"}, "colour": 3}\n')
    with pytest.raises(InputError) as raised:
        _impact(followup, pack, cases=cases)
    assert raised.value.file == str(cases) and raised.value.line == 3


def test_a_pack_that_carries_no_rule_of_the_project_replaces_nothing(followup, tmp_path):
    stock = (STOCK_ROOT / "precedence" / "none.yaml").read_text("utf-8")
    with pytest.raises(InputError, match="replaces none"):
        _impact(followup, _pack(tmp_path, "other.yaml", stock))


def test_a_new_pack_that_does_not_lint_is_refused_with_every_problem_at_its_place(followup, followup_pack, tmp_path):
    pack = _pack(tmp_path, "followup.yaml", followup_pack.replace("output: follow_up_date", "output: 7", 1)
                 .replace("kind: calculation", "kind: calculashun", 1))
    with pytest.raises(InputErrors) as raised:
        _impact(followup, pack, against=followup / "rules" / "followup.yaml")
    assert "the new pack" in raised.value.message
    assert all(problem.line for problem in raised.value.exceptions)


# ---- precedence and supersession (riverside-library) ---------------------------------------------


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    return ingested_example("riverside-library")


def test_a_precedence_order_swapped_changes_who_governs_in_the_sweep_and_the_pack_tests(riverside, tmp_path):
    text = (STOCK_ROOT / "precedence" / "aia-style.yaml").read_text("utf-8")
    drawings = "      - name: drawings\n        kinds: [drawing]\n"
    specifications = ("      - name: specifications\n        kinds: [specification, addendum]\n"
                      "        description: a specification together with the addenda that amend it\n")
    assert drawings + specifications in text
    pack = _pack(tmp_path, "aia-swapped.yaml", text.replace(drawings + specifications, specifications + drawings))
    report = _impact(riverside, pack)
    assert report.pack == "precedence/aia-style" and report.old == "precedence/aia-style"
    (swept,) = [c for c in report.changes if c.source == "precedence"]
    assert swept.before.startswith("DWG-S-101#callout-3 governs") and swept.after.startswith("ADD-02#1.3 governs")
    assert swept.subject.startswith("quantity_conflict ") and swept.origin == "2026-04-20"
    assert [(r.id, r.file) for r in swept.rules] == [("INF-P001", str(pack))]
    tests = [c for c in report.changes if c.source == "tests"]
    assert tests and all(c.subject.startswith("precedence: ") for c in tests)
    assert not [c for c in report.changes if c.source in ("supersession", "asof")]


@pytest.fixture(scope="module")
def verb_removed(riverside, tmp_path_factory):
    """The stock supersession pack's copy with the verb "add" taken out (its sentence pattern
    and its word), beside a small test file of its own."""
    folder = tmp_path_factory.mktemp("verb")
    text = (STOCK_ROOT / "supersession" / "csi-addenda.yaml").read_text("utf-8")
    pattern = '      - pattern: "{target}: Add"\n        scope: partial\n        targets: [paragraph, callout]\n'
    assert pattern in text and '\n        - "add"\n' in text
    pack = _pack(folder, "csi-addenda.yaml", text.replace(pattern, "").replace('\n        - "add"\n', "\n", 1))
    _pack(folder, "csi-addenda.test.yaml", "\n".join([
        "schema_version: 1",
        "documents:",
        "  - {id: SPEC-033000, kind: specification, title: Section 03 30 00 Concrete, issued: 2026-03-02,",
        '     provisions: [{path: "3.11", text: "FIELD QUALITY CONTROL"}]}',
        "  - {id: ADD-02, kind: addendum, title: Addendum No. 2, issued: 2026-04-10,",
        '     provisions: [{path: "1.5", text: "Section 03 30 00, Article 3.11: Add the following paragraph G."}]}',
        "cases:",
        "  - name: an added paragraph amends its article",
        "    derive: {document: ADD-02}",
        "    expect: {edges: [{target: SPEC-033000#3.11, scope: partial}]}",
    ]) + "\n")
    before = _fingerprint(riverside)
    # before the addenda took effect (2026-03-20, 2026-04-10) and after
    report = _impact(riverside, pack, valid_at=[dt.date(2026, 4, 20), dt.date(2026, 3, 1)])
    return report, before, _fingerprint(riverside)


def test_a_supersession_verb_removed_removes_the_edges_it_read(verb_removed):
    report = verb_removed[0]
    edges = [c for c in report.changes if c.source == "supersession" and c.subject.startswith("edge ")]
    assert {c.subject for c in edges} == {"edge ADD-01#1.5 -> SPEC-033000#1.7.D", "edge ADD-02#1.5 -> SPEC-033000#3.11"}
    for change in edges:
        assert change.change == "removed" and change.after is None
        assert change.before == "amended in part (rule INF-S001)"
        assert change.origin.startswith("documents/addendum-0") and [r.id for r in change.rules] == ["INF-S001"]
    # the item no rule reads now is proposed for review instead
    assert any(c.subject == "proposal ADD-01#1.5 -> SPEC-033000#1.7.D" and c.change == "added" for c in report.changes)


def test_a_supersession_verb_removed_changes_what_asof_answers_for_its_targets(verb_removed):
    report = verb_removed[0]
    assert report.valid_at == (dt.date(2026, 3, 1), dt.date(2026, 4, 20))
    asof = {c.subject: c for c in report.changes if c.source == "asof"}
    # on 2026-03-01 no addendum was in force yet: the same answer under both packs
    assert set(asof) == {"SPEC-033000#1.7.D as of 2026-04-20", "SPEC-033000#3.11 as of 2026-04-20"}
    source = next(s for s in report.sources if s.source == "asof")
    assert (source.decisions, source.changed) == (4, 2)
    assert asof["SPEC-033000#3.11 as of 2026-04-20"].before == "in force; amended by ADD-02#1.5"
    assert asof["SPEC-033000#3.11 as of 2026-04-20"].after == "in force"
    # and the sweep now escalates the item waiting for review
    assert any(c.source == "precedence" and c.subject.startswith("unapplied_item ADD-01#1.5") and c.change == "added"
               for c in report.changes)
    # the pack's own test beside the new file was replayed
    (test,) = [c for c in report.changes if c.source == "tests"]
    assert test.subject == "derive: an added paragraph amends its article" and "SPEC-033000#3.11" in test.before


def test_impact_writes_nothing_beside_the_project_graph(verb_removed):
    _, before, after = verb_removed
    assert before == after


def test_docs_formats_md_names_every_field_of_the_report():
    from inforce.ontology import ImpactChange, ImpactReport, ImpactSource, RuleChange, RulePlace

    docs = (Path(__file__).resolve().parents[2] / "docs" / "formats.md").read_text("utf-8")
    section = docs[docs.index("## Rule impact"):]
    section = section[:section.index("\n## ")]
    for model in (ImpactReport, ImpactChange, ImpactSource, RuleChange, RulePlace):
        for field in model.model_fields:
            assert f'"{field}":' in section, f"docs/formats.md's impact section lacks {model.__name__}.{field}"



def test_the_supersession_count_counts_an_edge_and_a_proposal_as_two_decisions(tmp_path):
    """An edge that becomes a proposal is two changes (the edge gone, the proposal come), so the decisions it is
    counted against are two too: counted as one (item, target), the line read "12 of 10 decision(s) changed"
    (audit 106 A F1). One item whose verb the new pack no longer reads: 2 of 2."""
    runner = CliRunner()
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n",
                                       encoding="utf-8")
    (root / "documents" / "spec.md").write_text(
        "---\nid: SPEC-033000\nkind: specification\ntitle: Section 03 30 00 Concrete\nissued: 2026-01-01\n"
        "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n3 EXECUTION\n\n3.11 FIELD QUALITY CONTROL\n\n"
        "3.11.A Test each pour.\n", encoding="utf-8")
    (root / "documents" / "add.md").write_text(
        "---\nid: ADD-02\nkind: addendum\ntitle: Addendum No. 2\nissued: 2026-02-01\neffective: {from: 2026-02-01}\n"
        "recorded: 2026-02-01T00:00:00Z\n---\nADDENDUM NO. 2\n\n1 CHANGES TO THE SPECIFICATIONS\n\n"
        "1.1 Section 03 30 00, Article 3.11: Add the following paragraph B.\n", encoding="utf-8")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    text = (STOCK_ROOT / "supersession" / "csi-addenda.yaml").read_text("utf-8")
    pattern = '      - pattern: "{target}: Add"\n        scope: partial\n        targets: [paragraph, callout]\n'
    assert pattern in text
    pack = tmp_path / "csi-addenda.yaml"
    pack.write_text(text.replace(pattern, "").replace('\n        - "add"\n', "\n", 1), encoding="utf-8")
    done = runner.invoke(app, ["rules", "impact", str(root), "--pack", str(pack), "--valid-at", "2026-05-01",
                               "--format", "json"])
    assert done.exit_code in (0, 1), done.output
    report = json.loads(done.stdout)
    source = next(s for s in report["sources"] if s["source"] == "supersession")
    changes = sorted((c["subject"], c["change"]) for c in report["changes"] if c["source"] == "supersession")
    assert len(changes) == 2 and {change for _, change in changes} == {"added", "removed"}, changes
    assert (source["changed"], source["decisions"]) == (2, 2), (source, changes)
