"""Reading wording: supersedes edges from addenda, qualifier links, what a revision changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest import discover_documents, parse_document
from inforce.engine.derivation import (
    TargetDirectory,
    derive_changed,
    derive_supersedes,
    find_qualifiers,
    make_deriver,
)
from inforce.engine.packtests import MemoryCorpus
from inforce.rules import RuleSet, load_pack

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def riverside():
    root = EXAMPLES / "riverside-library"
    return {d.id: d for d in (parse_document(p, root) for p in discover_documents(root))}


@pytest.fixture(scope="module")
def csi() -> RuleSet:
    return RuleSet(packs=(load_pack("supersession/csi-addenda"),))


def test_addendum_two_wording_yields_the_undeclared_replacements(riverside, csi):
    corpus = MemoryCorpus(list(riverside.values()))
    result = derive_supersedes(riverside["ADD-02"], csi, directory=TargetDirectory.from_documents(riverside.values()),
                               has_target=corpus.has)
    edges = {(e.target.format(), e.scope, e.by.format()) for e in result.edges}
    assert ("SPEC-033000#2.5.C", "full", "ADD-02#1.2") in edges
    assert ("SPEC-032000#2.1.D", "full", "ADD-02#1.4") in edges
    assert not any(target == "SPEC-033000#2.1.A" for target, _, _ in edges)  # declared in front matter
    assert all(e.origin == "rule:INF-S001" and e.source.doc == "ADD-02" for e in result.edges)
    assert all(e.effective.isoformat() == "2026-04-10" for e in result.edges)


def test_add_wording_is_a_partial_supersession(riverside, csi):
    result = derive_supersedes(riverside["ADD-01"], csi, directory=TargetDirectory.from_documents(riverside.values()))
    assert ("SPEC-033000#1.7.D", "partial") in {(e.target.format(), e.scope) for e in result.edges}


def test_a_section_number_no_document_carries_is_reported_once_from_its_item(riverside, csi):
    without_qc = TargetDirectory.from_documents(d for d in riverside.values() if d.id != "SPEC-014500")
    result = derive_supersedes(riverside["ADD-02"], csi, directory=without_qc)
    # the words are also in the text of item 1's heading section: reported from the item only
    assert result.unresolved == ("ADD-02#1.6: Section 01 45 00 is no document of kind specification or drawing",)
    assert "SPEC-014500#1.6.A" not in {e.target.format() for e in result.edges}


def test_revise_wording_in_division_01_is_a_partial_supersession(riverside, csi):
    corpus = MemoryCorpus(list(riverside.values()))
    result = derive_supersedes(riverside["ADD-02"], csi, directory=TargetDirectory.from_documents(riverside.values()),
                               has_target=corpus.has)
    assert ("SPEC-014500#1.6.A", "partial", "ADD-02#1.6") in {
        (e.target.format(), e.scope, e.by.format()) for e in result.edges}
    assert result.unresolved == ()


def test_division_00_bidding_requirements_are_not_read_as_specifications(riverside, csi):
    # ADD-01 item 1.1: 'Section 00 21 13 "Instructions to Bidders," Paragraph 3.2.A: Revise ...'
    result = derive_supersedes(riverside["ADD-01"], csi, directory=TargetDirectory.from_documents(riverside.values()))
    assert result.unresolved == ()
    assert not any(e.target.doc.startswith("SPEC-00") for e in result.edges)


def test_a_target_template_needs_no_directory(riverside):
    pack = load_pack("supersession/csi-addenda", params={"target_document": "SPEC-{section}"})
    result = derive_supersedes(riverside["ADD-02"], RuleSet(packs=(pack,)))
    assert "SPEC-033000#2.5.C" in {e.target.format() for e in result.edges}


def test_the_ingest_deriver_resolves_against_the_corpus(riverside, csi):
    derive = make_deriver(csi, riverside.values())
    assert {e.target.format() for e in derive(riverside["ADD-02"])} >= {"SPEC-033000#2.5.C", "SPEC-032000#2.1.D"}
    assert derive(riverside["SPEC-033000"]) == []


def test_qualifiers_in_the_label_example():
    root = EXAMPLES / "label-dosing"
    documents = [parse_document(p, root) for p in discover_documents(root)]
    rules = RuleSet(packs=(load_pack("qualifiers/cross-references"),))
    links = [link for d in documents for link in find_qualifiers(d, rules)]
    assert links, "the label example states exceptions by cross-reference"
    assert all(link.provision != link.qualifier for link in links)
    assert all(link.rule in {"INF-Q001", "INF-Q002"} for link in links)


def test_derive_changed_finds_the_sections_a_revision_changed():
    root = EXAMPLES / "sop-retention"
    revisions = {d.revision: d for d in (parse_document(p, root) for p in discover_documents(root)) if d.id == "SOP-114"}
    changed = derive_changed(revisions["C"], revisions["D"])
    assert changed and all(path == "5" or path.startswith("5.") for path in changed)
    assert derive_changed(revisions["D"], revisions["D"]) == ()


def test_an_item_naming_what_it_would_change_but_not_read_is_reported(riverside, csi):
    """Issue 12, "nothing passes silently": items whose instruction names a section, sheet,
    paragraph or alternate but derive no edge are listed; derived ones, answered questions and
    items saying no change is made are not."""
    result = derive_supersedes(riverside["ADD-02"], csi, directory=TargetDirectory.from_documents(riverside.values()))
    missed = {entry.item.format(): entry for entry in result.not_understood}
    assert {"ADD-02#2.2", "ADD-02#2.3", "ADD-02#4.2"} <= set(missed)  # sheets: no rule reads drawings yet
    assert "ADD-02#1.1" in missed  # "Alternate No. 3" on the Bid Form
    derived = {edge.by.format() for edge in result.edges}
    assert not derived & set(missed)  # an item that derived an edge was understood
    assert "ADD-02#3.1" not in missed  # a question whose first paragraph names nothing
    assert missed["ADD-02#2.3"].words.startswith('2.3 Sheet E-101 "Electrical Site Plan": Delete')
    assert missed["ADD-02#2.3"].rule == "INF-S001"


def test_a_no_change_item_that_names_a_paragraph_is_understood(csi):
    from inforce.ontology import Document

    document = Document.model_validate({
        "id": "ADD-9", "kind": "addendum", "title": "Addendum 9", "revision": "0",
        "effective": {"from": "2026-01-01"}, "recorded": "2026-01-01T00:00:00Z",
        "source": {"file": "documents/add.md", "line": 1},
        "provisions": [{"kind": "section", "path": "1.1", "text": "1.1 Section 03 30 00, Paragraph 2.1.A: "
                        "the request to reduce the strength is rejected; no change is made.",
                        "span": {"start": 0, "end": 90}}],
    })
    assert derive_supersedes(document, csi).not_understood == ()


@pytest.mark.slow
def test_ingest_lists_items_applied_and_proposed_with_file_and_line(tmp_path):
    """Issue 21: an item the readers apply (a sheet changed in part in the owner's own words)
    and one they propose (an index sheet amended, naming a sheet new with the addendum) are listed with the file and the line
    the item starts on; the proposal is said on standard error too."""
    import json
    import shutil

    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    project = tmp_path / "riverside"
    shutil.copytree(EXAMPLES / "riverside-library", project, ignore=shutil.ignore_patterns(".inforce"))
    result = CliRunner().invoke(app, ["ingest", str(project), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    lines = (project / "documents" / "addendum-02.md").read_text().splitlines()
    (applied,) = [edge for edge in summary["derived"] if edge["by"] == "ADD-02#1.5"]
    assert (applied["target"], applied["scope"], applied["successor"]) == ("SPEC-033000#3.11", "partial", True)
    assert applied["file"] == "documents/addendum-02.md"
    assert lines[applied["line"] - 1].startswith("1.5 Section 03 30 00, Article 3.11")
    # a change to part of a whole sheet that names no part of it is proposed, with why
    (sheet,) = [entry for entry in summary["proposed"] if entry["item"] == "ADD-02#2.3"]
    assert (sheet["target"], sheet["evidence"]["why"]) == (
        "DWG-E-101", "the item changes part of DWG-E-101 but names no part of it: proposed for review")
    assert lines[sheet["line"] - 1].startswith("2.3 Sheet E-101")
    proposed = {entry["target"]: entry for entry in summary["proposed"] if entry["item"] == "ADD-02#2.1"}
    # A-602 is issued with this addendum (new, nothing it changes): the index sheet is proposed, with why
    assert set(proposed) == {"DWG-G-001"}
    assert "A-602, first issued on or after this item's date" in proposed["DWG-G-001"]["evidence"]["why"]
    assert lines[proposed["DWG-G-001"]["line"] - 1].startswith("2.1 Sheet G-001")
    assert "ADD-02#2.1" in result.stderr and "proposed" in result.stderr


def test_a_heading_that_names_no_section_is_a_lint_error_at_its_line(tmp_path):
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    pack = tmp_path / "mine.yaml"
    pack.write_text(
        "schema_version: 1\ntitle: nested items\nrules:\n  - id: MY-S001\n    slug: nested\n    kind: supersession\n"
        "    description: items under a section heading\n    source: our addenda\n"
        "    patterns:\n      - pattern: \"Paragraph {paragraph}: Delete\"\n        scope: full\n"
        "    headings:\n      - pattern: \"Division heading\"\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["rules", "check", str(pack)])
    assert result.exit_code == 2
    assert "mine.yaml:13" in result.stdout + result.stderr and "RP010" in result.stdout + result.stderr


@pytest.mark.slow
def test_items_nested_under_a_section_heading_in_the_evaluation_set(tmp_path):
    """End to end through ingest and as-of: the state DOT addendum nests its items under
    "A. Section 034100 "PRECAST STRUCTURAL CONCRETE"" (tests/fixtures/addenda)."""
    import datetime as dt
    import shutil

    from inforce.adapters.ingest.pipeline import ingest_project
    from inforce.engine import Project
    from inforce.ontology import Locator

    root = tmp_path / "addenda"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "addenda", root,
                    ignore=shutil.ignore_patterns(".inforce", "expected.yaml"))
    ingest_project(root)
    with Project.open(root) as project:
        answer = project.asof("SPEC-034100#2.1.B", dt.date(2026, 3, 1))
        # ADD-D2 B.2 "Delete the paragraph in its entirety" (AMD-F4 replaces the whole section on 2026-02-24)
        deleted = project.asof("SPEC-072100#2.2.A", dt.date(2026, 2, 15))
        article = project.asof("SPEC-072100#2.2", dt.date(2026, 2, 15))
        whole = project.asof("SPEC-012100", dt.date(2026, 4, 1))  # "DELETE Section 012100 ... in its entirety"
    assert answer.reason == "superseded"
    assert [s.format() for s in answer.successors] == ["ADD-D2#A.1"]
    # deleted with nothing in its place: nothing succeeds it, and the item that deleted it is
    # in the evidence chain as a deletion, not named as its replacement
    assert not deleted.in_force and deleted.reason == "superseded" and deleted.successors == ()
    assert deleted.resolved is None and deleted.nothing_in_force
    assert [(s.kind, s.locator.format()) for s in deleted.chain if s.kind != "version"] == [("deletes", "ADD-D2#B.2")]
    assert "deleted by ADD-D2#B.2, nothing replaces it" in (deleted.detail or "")
    # the article stays in force, its consolidated text saying the paragraph is gone
    assert article.in_force and article.amended_by == (Locator.parse("ADD-D2#B.2"),)
    assert "[2.2.A deleted by ADD-D2#B.2]" in (article.text or "")
    assert "ASTM C665" not in (article.text or "")
    assert not whole.in_force and whole.successors == ()
    assert "deleted by AMD-F4#1.1" in (whole.detail or "")


def test_a_paragraph_name_is_matched_on_its_words_and_numbers_never_by_a_near_number():
    from inforce.engine.derivation import resolve_name

    names = {"3.1.A": "Alternate No. 1", "3.1.B": "Alternate No. 2", "3.1.C": "Alternate No. 12",
             "3.2.A": "Hardware Set No. 3", "3.3.A": "Allowance No. 2", "3.3.B": "Allowance #2"}
    assert resolve_name("Alternate No. 2", names) == ["3.1.B"]
    assert resolve_name("ALTERNATE NUMBER 2", names) == ["3.1.B"]     # case, "Number" for "No."
    assert resolve_name("Hardware Set No 3", names) == ["3.2.A"]      # the point left out
    assert resolve_name("Hardwre Set No. 3", names) == ["3.2.A"]      # a slip of the pen: rapidfuzz
    assert resolve_name("Alternate No. 3", names) == []               # never the near number
    assert resolve_name("Alternate No. 1", names) == ["3.1.A"]        # not No. 12
    assert resolve_name("Allowance No. 2", names) == ["3.3.A", "3.3.B"]  # two: the caller reports it


def test_outline_names_are_the_words_before_a_headings_colon(riverside):
    from inforce.engine.derivation import outline_names

    document = parse_document(
        Path(__file__).resolve().parents[1] / "fixtures" / "addenda" / "documents" / "spec-012300.md",
        Path(__file__).resolve().parents[1] / "fixtures" / "addenda")
    names = outline_names(document)
    assert names["3.1.B"] == "Alternate No. 2"
    assert names["3.1"] == "SCHEDULE OF ALTERNATES"
    assert names["1.4.B"] == "Notification"


@pytest.mark.slow
def test_an_unchanged_addendum_is_read_again_when_the_corpus_it_names_changes(tmp_path):
    """The sheet an addendum names is found only once the duplicate drawing is gone: the
    addendum's file did not change, yet its edge is derived at the next ingest."""
    import datetime as dt
    import shutil

    from inforce.adapters.ingest.pipeline import ingest_project
    from inforce.engine import Project

    root = tmp_path / "addenda"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "addenda", root,
                    ignore=shutil.ignore_patterns(".inforce", "expected.yaml"))
    duplicate = root / "documents" / "A-201-copy.drawing.yaml"
    duplicate.write_text((root / "documents" / "A-201.drawing.yaml").read_text().replace("id: DWG-A-201", "id: DWG-A-201X"))
    first = ingest_project(root)
    assert not [e for e in first.derived if e.target.format() == "DWG-A-201#callout-4"]
    assert any("Sheet A-201 fits 2 documents (DWG-A-201, DWG-A-201X)" in str(w) for w in first.warnings)
    duplicate.unlink()
    second = ingest_project(root)
    assert "ADD-M1@0" in second.rederived and "ADD-M1@0" not in second.replaced + second.removed
    assert [e.by.format() for e in second.derived if e.target.format() == "DWG-A-201#callout-4"] == ["ADD-M1#3.1"]
    with Project.open(root) as project:
        assert not project.asof("DWG-A-201#callout-4", dt.date(2026, 2, 5)).in_force
