"""Forms of issue 21 round 22, in words of their own. Change tables read by their column headers,
as a structure: a column of the text as it stood against one of the text as it stands, however the
owner words them ("Prior wording | Wording after revision"); a status column holding the row's verb
alone ("Deleted", "Added", "Revised"), its paragraph cited in a reference column ("Section 23 05 00,
3.2 B"); a sheet register row giving the sheet's own title in the next cell. A reading phrase after
another verb ("... left out the finish; the paragraph should now read: "A. ...""): the provision
restated whole. A document "earlier issued is withdrawn", a re-issued copy to collect: proposed
whole, never silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 23 05 00 - COMMON WORK RESULTS FOR HVAC\n\nPART 2 - PRODUCTS\n\n2.1 PIPE SLEEVES\n\n"
        "A. Galvanized steel sleeves, one size larger than the pipe.\n\n"
        "B. Seal sleeves through rated walls with listed firestop.\n\n"
        "2.2 ACCESS DOORS\n\nA. Flush steel access doors, 12 by 12 inches, primed.\n\n"
        "B. Provide a cylinder lock at mechanical rooms.\n\n"
        "PART 3 - EXECUTION\n\n3.2 IDENTIFICATION\n\nA. Label each valve with a brass tag and chain.\n\n"
        "B. Stencil pipe contents and flow arrows at 20-foot spacing.\n")
SHEET = ("id: DWG-M-401\nkind: drawing\nsheet: M-401\ntitle: Mechanical Details and Sections\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: keynote-3\n    text: \"KEYNOTE 3: CURB-MOUNTED EXHAUST FAN.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "change-tables")
    write_doc(root, "SPEC-230500", "2026-01-05", SPEC)
    (root / "documents" / "dwg-m-401.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_table_of_prior_and_later_wording_replaces_deletes_and_adds_by_its_headers(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "CORRIGENDUM NO. 2\n\nThe rows below give each clause as it was and as it is now.\n\n"
        "| Clause | Prior wording | Wording after revision |\n|---|---|---|\n"
        "| Section 23 05 00, Clause 2.2 A | Flush steel access doors, 12 by 12 inches, primed. | "
        "Flush stainless steel access doors, 18 by 18 inches, with a concealed hinge. |\n"
        "| Section 23 05 00, Clause 3.2 B | Stencil pipe contents and flow arrows at 20-foot spacing. | Deleted. |\n"
        "| Section 23 05 00, Clause 2.1 | Not provided. | C. Sleeves in exterior walls: cast iron with a puddle flange. |\n"
        "| Drawing No. M-401, Keynote 3 | CURB-MOUNTED EXHAUST FAN. | CURB-MOUNTED EXHAUST FAN WITH A BIRD SCREEN. |\n"))
    edges = _applied(reading)
    assert ("SPEC-230500#2.2.A", "full", True) in edges
    assert ("SPEC-230500#3.2.B", "full", False) in edges
    assert ("SPEC-230500#2.1", "partial", True) in edges
    assert ("DWG-M-401#keynote-3", "full", True) in edges
    assert not any(scope == "partial" for target, scope, _ in edges if target == "SPEC-230500#2.2.A")


def test_a_status_column_gives_each_row_its_verb_for_the_paragraph_its_reference_column_cites(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 3\n\nTechnical Specifications\n\n"
        "| No. | Description | Ref. | Action |\n|---|---|---|---|\n"
        "| 1 | Label each valve with a brass tag and chain. | Section 23 05 00, 3.2 A | Deleted |\n"
        "| 2 | Seal sleeves in smoke walls with listed sealant. | Section 23 05 00, 2.1 C | Added |\n"
        "| 3 | Flush steel access doors, 24 by 24 inches, primed, with a keyed latch. | Section 23 05 00, 2.2 A | Revised |\n"))
    edges = _applied(reading)
    assert ("SPEC-230500#3.2.A", "full", False) in edges
    assert ("SPEC-230500#2.1", "partial", True) in edges
    # (complete text beside "Revised" may be the paragraph as it now reads or a description of the
    # change: the row never settles which, so it is proposed whole and never applied)
    assert not any(target.startswith("SPEC-230500#2.2") for target, _, _ in edges)
    assert ("SPEC-230500#2.2.A", "full", True) in _proposed(reading)
    # (a paragraph cited bare after its section, its letter spaced before the cell's end, is that
    # paragraph, never its article)
    assert not any(target in ("SPEC-230500#3.2", "SPEC-230500#2.2") for target, _, _ in _proposed(reading))


def test_a_register_row_giving_the_sheets_own_title_in_the_next_cell_replaces_the_sheet_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 4\n\nDrawings\n\n| No. | Drawing No. | Title | Remarks |\n|---|---|---|---|\n"
        "| 1 | M-401 | Mechanical Details and Sections | Revised, new drawing attached |\n"))
    assert ("DWG-M-401", "full", True) in _applied(reading)


def test_a_reading_phrase_after_another_verb_restates_the_paragraph_under_its_own_label(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 5\n\n"
        "1. Clause 2.1 B of Section 23 05 00 omitted the fire rating of the sealant; the clause should now read: "
        '"B. Seal sleeves through rated walls with a firestop listed for two hours."\n'))
    edges = _applied(reading)
    assert ("SPEC-230500#2.1.B", "full", True) in edges
    assert ("SPEC-230500#2.1.B", "partial", True) not in edges


def test_a_document_earlier_issued_withdrawn_with_a_reissued_copy_is_proposed_whole_not_silent(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 6\n\n"
        "1. Section 23 05 00 Common Work Results for HVAC earlier issued is withdrawn, as it conflicts with the "
        "drawings. Bidders shall pick up the re-issued Section 23 05 00 at the project office.\n\n"
        "2. Question 4 of the pre-bid meeting is withdrawn by the bidder who asked it.\n"))
    assert not _applied(reading)
    assert ("SPEC-230500", "full", True) in _proposed(reading)
    # (an item taken back stays no change: nothing of it is proposed)
    assert not any(p.item.path == "2" for p in reading.proposed)



@pytest.mark.parametrize("old, new", [("Existing text", "Revised text"), ("Original provision", "Amended provision"),
                                      ("Text before the change", "Text after the change"), ("Old", "New"),
                                      ("As first issued", "As amended")])
def test_the_old_and_new_columns_are_found_for_any_wording_of_their_headers(tmp_path, rules, old, new):
    reading = _read(tmp_path, rules, (
        "AMENDMENT NO. 1\n\n"
        f"| Reference | {old} | {new} |\n|---|---|---|\n"
        "| Section 23 05 00, Clause 3.2 A | Label each valve with a brass tag and chain. | "
        "Label each valve with an engraved plastic tag and a stainless chain. |\n"))
    assert ("SPEC-230500#3.2.A", "full", True) in _applied(reading)


def test_a_register_row_putting_one_revision_of_a_sheet_in_place_of_another_is_proposed_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 7\n\nDrawing list as now issued:\n\n| Sheet | Title | Rev | Status |\n|---|---|---|---|\n"
        "| M-401 | Mechanical Details and Sections | D | Superseded - substitute Rev. C with Rev. D |\n"))
    assert not any(target == "DWG-M-401" and scope == "partial" for target, scope, _ in _proposed(reading))
    assert ("DWG-M-401", "full", True) in _proposed(reading) | _applied(reading)


def test_a_proposal_restating_the_paragraph_under_its_own_label_is_proposed_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 8\n\n"
        "1. Clause 3.2 A of Section 23 05 00 is changed because the tag material was missing; the clause should "
        'now read: "A. Label each valve with an engraved brass tag on a stainless chain."\n'))
    assert not _applied(reading)
    assert ("SPEC-230500#3.2.A", "full", True) in _proposed(reading)
    assert ("SPEC-230500#3.2.A", "partial", True) not in _proposed(reading)
