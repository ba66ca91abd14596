"""A provision's cross-reference findings stay linear in its references (issue 23, audit 34
BB-01): each finding quoted the whole provision, so one paragraph of N references to missing
paragraphs made N findings of the paragraph's N references, a report growing with N² (1,000 of
them in a 31 KB specification: a 63 MB report). More than ``REFERENCES_PER_PROVISION`` of one
kind in one provision are now one finding that quotes it once; fewer keep a finding each."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project
from inforce.engine.sweep._references import REFERENCES_PER_PROVISION

DAY = dt.date(2026, 5, 1)
FRONT = ('---\nid: SPEC-X\nkind: specification\ntitle: Section 03 30 00 Cast-in-Place Concrete\nrevision: "0"\n'
         "issued: 2026-03-02\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n---\n")


def _spec(paragraph: str, replaced: int = 0) -> str:
    letters = "BCDEFGHIJK"
    body = "".join(f"{letter}. Formwork item {letter} shall be plywood.\n\n" for letter in letters[:replaced])
    return (FRONT + "SECTION 03 30 00\n\nPART 2 - PRODUCTS\n\n2.1 CONCRETE\n\n"
            "A. Provide normal-weight concrete.\n\n" + body
            + "PART 3 - EXECUTION\n\n3.1 PLACING\n\n" + paragraph + "\n")


def _addendum(replaced: int) -> str:
    letters = "BCDEFGHIJK"[:replaced]
    edges = "".join(f"  - target: SPEC-X#2.1.{letter}\n    scope: full\n    effective: 2026-03-20\n"
                    f"    by: ADD-X#1.{n}\n" for n, letter in enumerate(letters, 1))
    items = "".join(f"1.{n} Section 03 30 00, Paragraph 2.1.{letter}: Delete the paragraph and substitute: "
                    f"\"Formwork item {letter} shall be steel.\"\n\n" for n, letter in enumerate(letters, 1))
    return ("---\nid: ADD-X\nkind: addendum\ntitle: Addendum No. 1\nissued: 2026-03-20\n"
            "effective: {from: 2026-03-20}\nrecorded: 2026-03-20T15:00:00Z\nsupersedes:\n" + edges
            + "---\nADDENDUM NO. 1\n\n1 CHANGES TO THE PROJECT MANUAL\n\n" + items)


def _sweep(root: Path, paragraph: str, replaced: int = 0):
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: x\nfacets: []\nrules:\n  - stock: qualifiers/cross-references\n")
    (root / "documents" / "spec.md").write_text(_spec(paragraph, replaced))
    if replaced:
        (root / "documents" / "add.md").write_text(_addendum(replaced))
    Project.ingest(root)
    with Project.open(root) as project:
        return project.sweep(DAY)


def _references(count: int, start: int = 0) -> str:
    return "A. Place concrete in layers, " + ", ".join(
        f"except as provided in 3.{9 + i}.B" for i in range(start, start + count)) + "."


@pytest.mark.parametrize("count", [REFERENCES_PER_PROVISION, 60])
def test_broken_references_of_one_provision_are_at_most_four_findings(tmp_path: Path, count: int) -> None:
    """Audit 34 BB-01: up to four broken references keep a finding each; sixty are one finding
    quoting the paragraph once and listing every reference in its RFI."""
    report = _sweep(tmp_path, _references(count))
    broken = [f for f in report.findings if f.kind == "broken_reference"]
    if count <= REFERENCES_PER_PROVISION:
        assert len(broken) == count
        return
    (finding,) = broken
    assert finding.resolution == "escalate" and finding.rule == "INF-Q001"
    assert len(finding.provisions) == 1 and finding.provisions[0].locator.format() == "SPEC-X#3.1.A"
    rfi = finding.rfi or ""
    assert "refers to 60 provisions that do not exist" in rfi
    assert rfi.count("except as provided in 3.9.B") == 2  # quoted once in the paragraph, listed once
    assert all(f"3.{9 + i}.B" in rfi for i in range(60))
    assert finding.explanation.startswith("60 references name provisions") and "57 more" in finding.explanation


def test_the_report_grows_linearly_with_one_provisions_references(tmp_path: Path) -> None:
    """Audit 34 BB-01: doubling one paragraph's references about doubles the report (it was four
    times: each finding quoted the paragraph)."""
    small = len(_sweep(tmp_path / "a", _references(100)).model_dump_json())
    large = len(_sweep(tmp_path / "b", _references(200)).model_dump_json())
    assert large < 2.5 * small, (small, large)


def test_references_to_many_replaced_paragraphs_are_one_finding(tmp_path: Path) -> None:
    """Audit 34 BB-01 (superseded_reference, built per reference too): six references of one
    paragraph to paragraphs an addendum replaced are one finding, each replacement quoted once."""
    paragraph = "A. Remove forms, " + ", ".join(f"except as provided in 2.1.{letter}" for letter in "BCDEFG") + "."
    report = _sweep(tmp_path, paragraph, replaced=6)
    (finding,) = [f for f in report.findings if f.kind == "superseded_reference"]
    assert finding.resolution == "resolved_by_supersession"
    assert [p.locator.format() for p in finding.provisions] == [
        "SPEC-X#3.1.A", *(f"ADD-X#1.{n}" for n in range(1, 7))]
    assert finding.provisions[1].replaces is not None and finding.provisions[1].replaces.format() == "SPEC-X#2.1.B"
    assert finding.explanation.startswith("6 references name provisions replaced as of 2026-05-01")


def test_four_references_to_replaced_paragraphs_keep_a_finding_each(tmp_path: Path) -> None:
    """Audit 34 BB-01: at the bound each reference keeps its own finding, naming its replacement."""
    paragraph = "A. Remove forms, " + ", ".join(f"except as provided in 2.1.{letter}" for letter in "BCDE") + "."
    report = _sweep(tmp_path, paragraph, replaced=4)
    stale = [f for f in report.findings if f.kind == "superseded_reference"]
    assert len(stale) == 4
    assert all(f.winner is not None and f.winner.doc == "ADD-X" for f in stale)
