"""Special provisions numbered in the state highway form (issue 21, held-out-76): "Section 15-1.02" is section 15's
subsection 1.02; where the outline keeps whole sections, the change is to section 15 in part. A section named by
its number and its quoted title ("Section 41, "STRIPING,"") is that section where the document's section of that
number bears that title, and only there. Words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

_PROVISIONS = """SPECIAL PROVISIONS

SECTION 15 NIGHT WORK AND HOURS

15-1.01 GENERAL

Work hours are as shown in the Standard Specifications.

15-1.02 NIGHT WORK

Night work is allowed from 9:00 p.m. to 5:00 a.m. on Harbor Way only.

SECTION 20 TRAFFIC CONTROL

20-1.01 SIGNS

Construction area signs shall be furnished by the Contractor.

SECTION 41 STRIPING

41-1.01 PAINT

Traffic stripes shall be waterborne paint, two coats.
"""

_HEAD = ("ADDENDUM NO. 2\n\nTo All Prospective Bidders:\n\nThis addendum revises the Special Provisions of Contract 4471.\n\n")


def _read(root: Path, rules, body: str):
    start_project(root, "fx99b-state-sections")
    write_doc(root, "SPEC-F99B-SP", "2027-03-01", _PROVISIONS, kind="specification",
              title="Special Provisions, Contract 4471, Harbor Way Resurfacing")
    write_doc(root, "SPEC-F99B-GEN", "2027-03-01", "1 GENERAL\n\n1.1 Scope.\n\n15 CLOSEOUT\n\n15.1 Records.\n",
              kind="specification", title="General Requirements, Building 7 Renovation")
    write_doc(root, "ADD-F99B-02", "2027-03-20", _HEAD + body, kind="addendum", title="Addendum No. 2")
    reading = read_project(root, rules, "ADD-F99B-02")
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return applied, proposed


def test_a_subsection_in_the_state_form_changes_its_section_in_part(tmp_path, rules):
    body = ('In the Special Provisions, Section 20-1.01, "SIGNS," the second sentence is deleted.\n\n'
            'In the Special Provisions, Section 41-1.01, "PAINT," "two coats" is revised to "three coats".\n')
    applied, proposed = _read(tmp_path, rules, body)
    assert applied == {("SPEC-F99B-SP#20", "partial", True), ("SPEC-F99B-SP#41", "partial", True)}, (applied, proposed)


def test_a_section_by_number_and_its_title(tmp_path, rules):
    body = ('In the Special Provisions, Section 41, "STRIPING," is deleted in its entirety and replaced with the '
            'attached Section 41.\n\n'
            'In the Special Provisions, Section 15 "Night Work and Hours" the following sentence is added at the end: '
            '"No night work is allowed on Sundays."\n\n'
            'In the Special Provisions, Section 20-1.01, "SIGNS," is revised to read: "Signs are furnished by the Agency."\n')
    applied, proposed = _read(tmp_path, rules, body)
    # (the section by number and title is placed in its document; whether a title alone applies is the title
    # rules' to say: here it is at least proposed at that section, never at the document as a whole)
    assert ("SPEC-F99B-SP#20", "partial", True) in applied, (applied, proposed)
    assert ("SPEC-F99B-SP#41", "full", True) in applied | proposed, (applied, proposed)
    assert ("SPEC-F99B-SP#15", "partial", True) in applied | proposed, (applied, proposed)
    assert not any(target == "SPEC-F99B-SP" for target, _, _ in applied | proposed), (applied, proposed)


def test_a_section_whose_title_is_another_is_not_that_section(tmp_path, rules):
    body = ('In the Special Provisions, Section 41, "PAVEMENT MARKERS," is deleted in its entirety.\n\n'
            'In the Special Provisions, Section 20-1.01, "SIGNS," the second sentence is deleted.\n')
    applied, proposed = _read(tmp_path, rules, body)
    assert not any(target.startswith("SPEC-F99B-SP#41") for target, _, _ in applied), (applied, proposed)
