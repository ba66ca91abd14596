"""An addendum's new figure read as the words of the paragraph it changes (issue 22, the
Measure scenario): 'Revise "X" to read "Y"' puts Y in the paragraph in place of X, and words
substituted for a paragraph are read under that paragraph's list headings, so the new figure
takes the subject, condition and bound the paragraph gave the old one. ``facts`` lists it as
the paragraph's figure as amended and the sweep compares it with a drawing's notes list."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project

DAY = dt.date(2027, 3, 20)

MANIFEST = """\
project: harbour-pump-house
facets: []
rules:
  - stock: precedence/far-52-236-21
  - stock: supersession/csi-addenda
"""

SPECIFICATION = """\
---
id: SPEC-033100
kind: specification
title: Section 03 31 00 Structural Concrete
revision: "0"
seq: 1
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T09:00:00Z
---
SECTION 03 31 00 - STRUCTURAL CONCRETE

PART 2 - PRODUCTS

2.4 STRENGTH OF CONCRETE AT 28 DAYS

A. Grade beams: 4,500 psi minimum.

B. Pump pads: 3,500 psi minimum.

C. Curbs: 3,000 psi minimum.

PART 3 - EXECUTION

3.2 CLEAR COVER TO REINFORCING BARS

A. Grade beams: 2 inches.
"""

SHEET = """\
---
id: DWG-S-110
kind: drawing
title: Pump House Structural Notes
revision: "0"
seq: 1
issued: 2027-01-11
effective: {from: 2027-01-11}
recorded: 2027-01-11T09:00:00Z
---
STRUCTURAL NOTES

1. STRENGTH OF CONCRETE AT 28 DAYS:
   a. GRADE BEAMS: 4500 PSI
2. CLEAR COVER TO REINFORCING BARS:
   a. GRADE BEAMS: 2"
"""

ADDENDUM = """\
---
id: ADD-04
kind: addendum
title: Addendum No. 4
issued: 2027-02-15
effective: {from: 2027-02-15}
recorded: 2027-02-15T09:00:00Z
---
ADDENDUM NO. 4

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 03 31 00, Paragraph 2.4.A: Revise "4,500 psi" to read "5,000 psi".

1.2 Section 03 31 00, Paragraph 3.2.A: Delete the paragraph and substitute: "Grade beams: 3 inches."

1.3 Section 03 31 00, Paragraph 2.4.B: Revise "6,000 psi" to read "6,500 psi".

1.4 Section 03 31 00, Paragraph 2.4.C: Revise the strength from 3,000 psi to 3,500 psi.

1.5 Sump walls: concrete cover 4 inches.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("amended") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec-033100.md").write_text(SPECIFICATION)
    (root / "documents" / "s-110.md").write_text(SHEET)
    (root / "documents" / "addendum-04.md").write_text(ADDENDUM)
    result = Project.ingest(root)
    assert sorted((str(e.by), str(e.target), e.scope) for e in result.derived) == [
        ("ADD-04#1.1", "SPEC-033100#2.4.A", "partial"),
        ("ADD-04#1.2", "SPEC-033100#3.2.A", "full"),
        ("ADD-04#1.3", "SPEC-033100#2.4.B", "partial"),
        ("ADD-04#1.4", "SPEC-033100#2.4.C", "partial"),
    ]
    return root


def _by_place(facts):
    return {str(f.locator): f for f in facts.facts}


@pytest.mark.slow
def test_a_revised_figure_takes_the_subject_condition_and_bound_of_the_one_it_replaces(project):
    with Project.open(project) as opened:
        facts = _by_place(opened.facts("concrete.compressive_strength", DAY))
    stale, new = facts["SPEC-033100#2.4.A"], facts["ADD-04#1.1"]
    assert [str(a) for a in stale.amended_by] == ["ADD-04#1.1"]  # the old figure: may be stale
    assert new.quantity.value == 5000 and new.quantity.bound == stale.quantity.bound == "min"
    assert new.condition == stale.condition and new.condition  # the grade beams of the paragraph
    assert [str(r) for r in new.replaces] == ["SPEC-033100#2.4.A"]
    assert new.text.startswith("5,000 psi")
    # the span is the new words in the item, not the old ones it takes out
    with Project.open(project) as opened:
        text = opened.snapshot.store.provision_text(new.resolved)
    assert text[0][new.span.start - text[1]:new.span.end - text[1]] == "5,000 psi"
    # old words the paragraph does not hold: nothing to read the new ones in, no figure made up
    assert "ADD-04#1.3" not in facts and "6,000" not in " ".join(f.text for f in facts.values())
    # unquoted words: "from 3,000 psi to 3,500 psi"
    curbs = facts["ADD-04#1.4"]
    assert curbs.quantity.value == 3500 and curbs.condition == facts["SPEC-033100#2.4.C"].condition


@pytest.mark.parametrize(("text", "put_in"), [
    ('Paragraph 2.4.A: Revise "4,500 psi" to read "5,000 psi".', ["5,000 psi"]),
    ('Paragraph 2.4.A: Insert "5,000 psi" in place of "4,500 psi".', ["5,000 psi"]),
    ('Paragraph 2.4.A: For "4,500 psi" substitute "5,000 psi".', ["5,000 psi"]),
    ("Paragraph 2.4.A: Change 4,500 psi to 5,000 psi.", ["5,000 psi"]),
    ("Paragraph 2.4.A: Revise the strength from 4,500 psi to 5,000 psi; keep the rest.", ["5,000 psi"]),
    ("Paragraph 2.4.A: Delete the last sentence.", []),
])
def test_the_words_an_instruction_puts_in_are_told_from_those_it_takes_out(text, put_in):
    from inforce.engine.addenda.actions import vocabulary
    from inforce.engine.addenda.slots import inserted_spans, removed_spans
    from inforce.rules import load_pack

    vocabularies = [vocabulary(rule) for rule in load_pack("supersession/csi-addenda").pack.of_kind("supersession")]
    removed = removed_spans(text, vocabularies)
    assert [text[a:b] for a, b in inserted_spans(text, removed)] == put_in


@pytest.mark.slow
def test_a_substituted_paragraph_is_read_under_the_headings_of_the_one_it_replaces(project):
    with Project.open(project) as opened:
        cover = _by_place(opened.facts("concrete.cover", DAY))
        before = _by_place(opened.facts("concrete.cover", dt.date(2027, 2, 1)))
    new = cover["ADD-04#1.2"]  # "Grade beams: 3 inches." says cover only under 3.2's heading
    assert new.quantity.value == 3 and [str(r) for r in new.replaces] == ["SPEC-033100#3.2.A"]
    assert new.condition == before["SPEC-033100#3.2.A"].condition and new.condition
    assert "SPEC-033100#3.2.A" not in cover  # replaced whole: out of force


@pytest.mark.slow
def test_an_addendum_s_own_figure_beside_items_read_anew_is_kept(project):
    # the rows of a revision some of whose items' figures are read in their targets' words are looked at one
    # by one (issue 26: the others are kept as runs); a figure of the addendum that amends nothing stays its own
    with Project.open(project) as opened:
        cover = _by_place(opened.facts("concrete.cover", DAY))
    own = cover["ADD-04#1.5"]
    assert own.quantity.value == 4 and own.replaces == () and own.amended_by == ()
    assert set(cover) == {"ADD-04#1.2", "ADD-04#1.5", "DWG-S-110#2.a"}


@pytest.mark.slow
def test_the_drawing_against_the_amended_paragraphs_is_found_and_decided_by_far(project):
    with Project.open(project) as opened:
        report = opened.sweep(DAY)
        before = opened.sweep(dt.date(2027, 2, 1))
    assert not [f for f in before.findings if f.kind == "quantity_conflict"]  # drawing and spec agreed
    found = {frozenset(str(p.locator) for p in f.provisions): f for f in report.findings}
    strength = found[frozenset({"ADD-04#1.1", "DWG-S-110#1.a"})]
    cover = found[frozenset({"ADD-04#1.2", "DWG-S-110#2.a"})]
    for finding in (strength, cover):
        assert finding.resolution == "resolved_by_precedence" and str(finding.winner).startswith("ADD-04#1.")
        assert "FAR" in finding.explanation or "52.236-21" in (finding.clause or "")
    assert strength.subject == "concrete.compressive_strength" and cover.subject == "concrete.cover"
    # the stale paragraph against its own amendment is supersession's, never a conflict
    assert frozenset({"ADD-04#1.1", "SPEC-033100#2.4.A"}) not in found
    assert report.summary.superseded_left_out >= 1


@pytest.mark.slow
def test_with_no_order_of_precedence_each_escalates_with_an_rfi_citing_both(project):
    with Project.open(project) as opened:
        report = opened.sweep(DAY, packs=["precedence/none"])
    found = {frozenset(str(p.locator) for p in f.provisions): f for f in report.findings}
    for item, target, note in (("ADD-04#1.1", "SPEC-033100#2.4.A", "DWG-S-110#1.a"),
                               ("ADD-04#1.2", "SPEC-033100#3.2.A", "DWG-S-110#2.a")):
        finding = found[frozenset({item, note})]
        assert finding.resolution == "escalate" and finding.rfi
        assert target in finding.rfi and note in finding.rfi and "Addendum No. 4" in finding.rfi
    # the paragraph amended in part keeps its old words: the RFI quotes the change beside them
    (revised,) = [f for f in report.findings if {str(p.locator) for p in f.provisions} == {"ADD-04#1.1", "DWG-S-110#1.a"}]
    assert 'Revise "4,500 psi" to read "5,000 psi"' in revised.rfi


def test_the_old_figure_an_item_quotes_to_take_out_is_never_compared(tmp_path: Path):
    """'Revise the compressive strength "3,800 psi" to read "4,600 psi"': the item's 3,800 is the
    figure it takes out, so the sweep compares its 4,600 with the drawing, never its 3,800 (as
    ``facts`` never lists it): one reading of what an amending item states (``stated_facts``)."""
    import amended_access

    from inforce.adapters.ingest.pipeline import ingest_project

    root = amended_access.write_own_reading_project(tmp_path / "public")
    spec = root / "documents" / "spec-036100.md"
    spec.write_text(spec.read_text(encoding="utf-8").replace(f"access: [{amended_access.GROUP}]\n", ""), encoding="utf-8")
    ingest_project(root)
    with Project.open(root) as project:
        report = project.sweep(DAY)
        listed = [f.text for f in project.facts(None, DAY).facts if f.locator.doc == "ADD-11"]
    compared = {p.quantity for f in report.findings for p in f.provisions if p.locator.doc == "ADD-11"}
    assert listed == ["4,600 psi"]
    assert compared == {"4,600 psi"}
