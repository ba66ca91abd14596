"""Round 91 of issue 21 (held-out-72's forms), in words and numbers of our own.

- A clause whose title names a kind of work with the noun "Reinstatement" ("Trench Reinstatement") deleted or
  changed: the pack's no-change words held back any "reinstatement", so "Delete Clause 3.4, Trench Reinstatement."
  was reported as saying nothing changes; a provision given back ("reinstate the clause", "the reinstatement of the
  deleted clause") is still never applied.
- A new clause under a heading that spans its whole document ("SECTION 3 - SITE WORKS" over 3.1 to 3.5) is offered
  at the heading clause as well as on the document.
- A verb joined by a hyphen to the word before it ("Polymer-Modified Repair Mortar") is part of a title, not a
  second change beside the item's own verb."""

from __future__ import annotations

import pytest

from addenda_reading import applied, read_project, start_project
from corpus_writer import write_doc

_WORKS = ("SECTION 3 - SITE WORKS\n\n3.1 Excavation. Trenches shall be cut with vertical sides.\n\n"
          "3.2 Bedding. Pipes shall be bedded on 150 mm of clean stone.\n\n"
          "3.3 Backfill. Backfill shall be compacted in 200 mm layers.\n\n"
          "3.4 Trench Reinstatement. Trenches in asphalt shall be reinstated with 80 mm of surface course.\n\n"
          "3.5 Verge Reinstatement. Grass verges shall be reinstated with 100 mm of topsoil and seeded.\n")


def _read(root, rules, line: str):
    start_project(root, "round-91")
    write_doc(root, "SPEC-SW3", "2026-11-02", _WORKS, title="Section 3 - Site Works, Cove Lane Watermain Renewal")
    write_doc(root, "ADD-01", "2026-11-20", "ADDENDUM No. 3\n\nThe following changes form part of the Contract.\n\n"
              f"SECTION 3 - SITE WORKS\n\n{line}\n", title="Addendum No. 3")
    return read_project(root, rules)


@pytest.mark.parametrize("line, edge", [
    ("4. Delete Clause 3.4, Trench Reinstatement.", ("SPEC-SW3#3.4", "full", False)),
    ("4. Clause 3.4, Trench Reinstatement: delete the clause in its entirety.", ("SPEC-SW3#3.4", "full", False)),
    ('4. Clause 3.5, Verge Reinstatement: delete "100 mm" and substitute "150 mm".', ("SPEC-SW3#3.5", "partial", True)),
])
def test_a_clause_titled_with_a_reinstatement_is_changed(tmp_path, rules, line, edge):
    reading = _read(tmp_path, rules, line)
    assert applied(reading) == {edge}, (applied(reading), [n.reason for n in reading.not_understood])


@pytest.mark.parametrize("line", [
    "4. Clause 3.3: reinstatement of the deleted clause as it stood at tender; Addendum No. 1 struck it in error.",
    "4. Clause 3.3: reinstate the clause as first issued.",
])
def test_a_clause_given_back_is_never_applied(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not applied(reading), applied(reading)
    said = {p.item.path for p in reading.proposed} | {n.item.path for n in reading.not_understood}
    assert said, "the item went unsaid"


@pytest.mark.parametrize("line", [
    '6. Add the following new Clause 3.6: "3.6 Hydrant Markers. A blue marker shall be set at each hydrant."',
    '6. Insert new Clause 3.6 after Clause 3.5: "3.6 Hydrant Markers. A blue marker shall be set at each hydrant."',
])
def test_a_new_clause_under_a_heading_spanning_the_outline_is_proposed_at_the_heading_too(tmp_path, rules, line):
    # "SECTION 3 - SITE WORKS" heads every clause of the document: the new 3.6 joins clause 3 and the document alike,
    # and owners name either; both are offered, for a person to confirm (only the document was), never applied
    reading = _read(tmp_path, rules, line)
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    assert {("SPEC-SW3#3", "partial", True), ("SPEC-SW3", "partial", True)} <= proposed, (
        proposed, [n.reason for n in reading.not_understood])
    assert not applied(reading), applied(reading)


_MORTAR = ("SECTION 03 01 35 - POLYMER-MODIFIED REPAIR MORTAR\n\nPART 2 - PRODUCTS\n\n2.1 MORTAR\n\n"
           "A. Mortar shall be a one-component, polymer-modified cementitious mortar.\n\nB. Bond strength 2.0 MPa.\n\n"
           "2.2 BONDING AGENT\n\nA. Epoxy bonding agent.\n\nB. Apply within its open time.\n")


@pytest.mark.parametrize("line, edge", [
    ('2.07 Section 03 01 35, Polymer-Modified Repair Mortar, Article 2.2, Bonding Agent: ADD new Paragraph C as '
     'follows: "C. Bonding agent shall be applied with a stiff brush."', ("SPEC-030135#2.2", "partial", True)),
    ('2.07 Section 03 01 35, Latex-Modified Repair Mortar, Paragraph 2.1.B: DELETE "2.0 MPa" and SUBSTITUTE "2.5 MPa".',
     ("SPEC-030135#2.1.B", "partial", True)),
])
def test_a_verb_joined_to_a_word_by_a_hyphen_is_part_of_a_title_not_a_change(tmp_path, rules, line, edge):
    # "Polymer-Modified" names the product; it was read as a second change verb beside "ADD", and the item
    # only proposed, "several changes ... one saying no scope"
    start_project(tmp_path, "round-91-compound")
    write_doc(tmp_path, "SPEC-030135", "2026-11-02", _MORTAR, title="Section 03 01 35 Polymer-Modified Repair Mortar")
    write_doc(tmp_path, "ADD-01", "2026-11-20", f"ADDENDUM NO. 2\n\nPART B - TECHNICAL SPECIFICATIONS\n\n{line}\n",
              title="Addendum No. 2")
    reading = read_project(tmp_path, rules)
    assert applied(reading) == {edge}, (applied(reading), [(p.target.format(), p.evidence.why) for p in reading.proposed])
