"""Round 52 of issue 21: no applied edge in a document an item does not name, nor on a
provision it does not change.

- A designation written after another document's designation and title, where that title holds
  it ("Part 3" of "Schedule IV, Site Works, Part 3 Clauses"), is part of the first document's
  name, not a document of its own (``references._within_chain``); one run of words designating
  two documents is read as neither (proposed, never applied in either).
- A paragraph heading an item before a colon says where; the paragraph the verb names after the
  colon is what changes, whatever the verb (``extent.place_before_object``, for the step
  reading and for a pattern's edge, ``gate._guard``).
- An exception after a delete verb that names nothing proposes (``steps._reasons_cited``).
- "Delete all references to X" changes where the references are, never X (``references._cites``).
- A clause numbered after its section's letter ("Clause A4.2") is that section's (the pack's and the
  built-in path notations read it; ``references._lettered_owner``); a title run into the clause word
  with no mark between ("Particular Specification Clause 2.1") names its document
  (``references._TITLE_BEFORE_CLAUSE``).
"""

from __future__ import annotations

import pytest

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _doc(root, doc: str, title: str, body: str, issued: str = "2026-01-05") -> None:
    write_doc(root, doc, issued, body, kind="specification", title=title)


#: Two documents of one tender: "Schedule IV" whose title goes on "Part 3 Clauses", and another
#: whose title opens with "Part 3"; both number their clauses 1.1, 2.1, 2.2.
_SITE = ("SCHEDULE IV - SITE WORKS, PART 3 - CLAUSES\n\n1 FENCING\n\n1.1 Chain-link fence 1.8 m high.\n\n"
         "2 PAVING\n\n2.1 Block paving on a 50 mm sand bed.\n\n2.2 Kerbs of precast concrete.\n")
_CARE = ("PART 3 - CARETAKING DUTIES\n\n1 GENERAL\n\n1.1 Open the hall at 07:00.\n\n"
         "2 CLEANING\n\n2.1 Sweep the floors daily.\n\n2.2 Empty the bins weekly.\n")


@pytest.fixture
def tender(tmp_path):
    start_project(tmp_path, "round-52-tender")
    _doc(tmp_path, "SPEC-SITE", "Schedule IV Site Works, Part 3 Clauses, Village Hall Car Park", _SITE)
    _doc(tmp_path, "SPEC-CARE", "Part 3 Caretaking Duties, Village Hall", _CARE)
    return tmp_path


def _read_tender(tender, rules, body: str):
    write_doc(tender, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n" + body)
    reading = read_project(tender, rules)
    return _applied(reading), _proposed(reading)


@pytest.mark.parametrize("item, target, scope", [
    ("1. Schedule IV - Site Works, Part 3, Clause 2.1: Delete the Clause in its entirety and substitute: "
     '"2.1 Block paving on an 80 mm sand bed."', "SPEC-SITE#2.1", "full"),
    ("1. Schedule IV - Site Works, Part 3, Clause 2.2: Delete.", "SPEC-SITE#2.2", "full"),
])
def test_a_part_written_after_a_schedule_whose_title_holds_it_names_the_schedules_clause(tender, rules, item, target, scope):
    applied, _ = _read_tender(tender, rules, item)
    assert {(t, s) for t, s, _ in applied} == {(target, scope)}


def test_a_run_of_words_designating_two_documents_applies_in_neither(tender, rules):
    # "Schedule IV" is SPEC-SITE; "Part 4" (a title no document holds as its own) aside, a run naming
    # SPEC-SITE then a part its title does not hold is no reading of the other document's clause
    write_doc(tender, "SPEC-OTHER", "2026-01-05", "PART 4 - LIGHTING\n\n1 LAMPS\n\n1.1 LED lamps.\n\n2 POLES\n\n2.1 Steel poles.\n")
    (tender / "documents" / "spec-other.md").write_text(
        (tender / "documents" / "spec-other.md").read_text().replace("title: Document SPEC-OTHER",
                                                                   "title: Part 4 Lighting, Village Hall"))
    applied, proposed = _read_tender(tender, rules, "1. Schedule IV - Site Works, Part 4, Clause 2.1: Delete.")
    assert not applied
    assert proposed


def test_a_heading_paragraph_says_where_when_the_revise_verb_names_another(project_033000, rules):
    applied, proposed = _read_033000(project_033000, rules,
                                     '1. Section 03 30 00, Paragraph 2.1.C: Revise Paragraph 2.1.D to read "0.40 maximum."')
    assert not any(t == "SPEC-033000#2.1.C" for t, _, _ in applied | proposed)
    assert not applied
    assert {t for t, _, _ in proposed} == {"SPEC-033000#2.1.D"}


@pytest.mark.parametrize("verb", ["Change Paragraph 2.1.D to", "Replace Paragraph 2.1.D with"])
def test_other_change_verbs_after_a_heading_paragraph_never_take_the_heading(project_033000, rules, verb):
    applied, proposed = _read_033000(project_033000, rules, f'1. Section 03 30 00, Paragraph 2.1.C: {verb} "0.40 maximum."')
    assert not any(t == "SPEC-033000#2.1.C" for t, _, _ in applied | proposed)
    assert "SPEC-033000#2.1.D" in {t for t, _, _ in applied | proposed}


def test_the_heading_paragraph_still_changes_where_the_verb_names_nothing_else(project_033000, rules):
    applied, _ = _read_033000(project_033000, rules, '1. Section 03 30 00, Paragraph 2.1.C: Revise to read "C. Air: 5 percent."')
    assert {t for t, _, _ in applied} == {"SPEC-033000#2.1.C"}


@pytest.mark.parametrize("tail", ["except as noted.", "except where the drawings show otherwise."])
def test_a_deletion_with_an_exception_after_it_that_names_nothing_is_proposed(project_033000, rules, tail):
    applied, proposed = _read_033000(project_033000, rules, f"1. Section 03 30 00: Delete Paragraph 2.1.B {tail}")
    assert not applied
    assert {t for t, _, _ in proposed} == {"SPEC-033000#2.1.B"}


@pytest.mark.parametrize("item", [
    "1. Section 03 30 00: Delete all references to Paragraph 2.2.A.",
    "1. Section 03 30 00: Remove every reference to Paragraph 2.2.A.",
])
def test_deleting_the_references_to_a_paragraph_never_changes_the_paragraph(project_033000, rules, item):
    applied, proposed = _read_033000(project_033000, rules, item)
    assert not any(t == "SPEC-033000#2.2.A" for t, _, _ in applied | proposed)
    assert not applied


SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 - PRODUCTS\n\n2.1 MIXTURES\n\nA. Normal-weight concrete.\n\n"
        "B. Slump limit.\n\nC. Air content.\n\nD. Water-cement ratio.\n\n2.2 CURING\n\nA. Moist cure 7 days.\n\n"
        "B. Curing compound as in Paragraph 2.2.A.\n")


@pytest.fixture
def project_033000(tmp_path):
    start_project(tmp_path, "round-52")
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", SPEC)
    return tmp_path


def _read_033000(project, rules, body: str):
    write_doc(project, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n" + body)
    reading = read_project(project, rules)
    return _applied(reading), _proposed(reading)


#: A council's general specification, "Section A", its clauses numbered with the section's letter.
_GENERAL = ("SECTION A - GENERAL\n\nA1 PURPOSE\n\nThe Works are a footpath.\n\nA4 TRAFFIC\n\n"
            "A4.1 Lanes\n\nOne lane shall stay open.\n\nA4.2 Signs\n\nSigns to the road authority's manual.\n")


@pytest.fixture
def council(tmp_path):
    start_project(tmp_path, "round-52-council")
    _doc(tmp_path, "SPEC-GEN", "Section A General, Riverside Footpath", _GENERAL)
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", SPEC)
    return tmp_path


def test_a_clause_numbered_with_a_sections_letter_is_that_sections(council, rules):
    write_doc(council, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n"
              'Clause A4.2 Signs: delete the paragraph and substitute "Signs to the council\'s standard."\n\n'
              "Clause A4.1 Lanes: delete.\n")
    reading = read_project(council, rules)
    assert _applied(reading) == {("SPEC-GEN#A4.2", "full", True), ("SPEC-GEN#A4.1", "full", False)}


#: A tender's particular specification, numbered 1.1 to 3.1, and a schedule numbered 1.1 only.
_PARTICULAR = ("PARTICULAR SPECIFICATION\n\n1 GENERAL\n\n1.1 Site office of 40 square metres.\n\n"
               "2 PAVING\n\n2.1 Asphalt 50 mm thick.\n\n2.2 Kerbs precast.\n\n3 LIGHTING\n\n3.1 Columns 8 m high.\n")


def test_a_title_run_into_the_clause_word_names_the_document_that_alone_holds_the_clauses(tmp_path, rules):
    start_project(tmp_path, "round-52-title")
    _doc(tmp_path, "SPEC-PART", "Particular Specification, Contract 12/2027, Quay Road", _PARTICULAR)
    _doc(tmp_path, "SPEC-SCHED", "Schedule of Rates, Contract 12/2027", "SCHEDULE OF RATES\n\n1 RATES\n\n1.1 Daywork rates.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n"
              '(a) Particular Specification Clause 2.1: delete "50 mm" and substitute "60 mm".\n\n'
              "(b) Particular Specification Clause 3.1 is deleted.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-PART#2.1", "partial", True), ("SPEC-PART#3.1", "full", False)}


def test_a_numbered_part_after_an_attachments_title_set_off_by_a_dash_is_its_clause(tmp_path, rules):
    start_project(tmp_path, "round-52-attachment")
    _doc(tmp_path, "SPEC-ATT-C", "Attachment C Scope of Work, Reservoir Repair",
         "ATTACHMENT C - SCOPE OF WORK\n\n1. GENERAL\n\n1.1 Repair the reservoir roof.\n\n"
         "2. COATINGS\n\n2.1 Epoxy lining.\n\n2.2 Spent abrasive to a licensed tip.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n1. ATTACHMENT C - SOW, Section 2.2: DELETE in its entirety.\n")
    reading = read_project(tmp_path, rules)
    assert _applied(reading) == {("SPEC-ATT-C#2.2", "full", False)}


def test_a_clause_numbered_point_nought_names_the_clause_its_whole_number_heads(tmp_path, rules):
    start_project(tmp_path, "round-52-nought")
    _doc(tmp_path, "SPEC-JOB", "Job Specification, Depot Roof",
         "JOB SPECIFICATION\n\n4 ACCESS\n\n4.1 Access from the east gate.\n\n5 WARRANTY\n\n5.1 Twelve months.\n\n"
         "5.2 Defects made good within 14 days.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n"
              '1. Job Specification, Clause 5.0: replace Clause 5.0 in its entirety with: "5.0 WARRANTY 5.1 Twenty-four months."\n')
    reading = read_project(tmp_path, rules)
    assert "SPEC-JOB#5" in {t for t, _, _ in _applied(reading) | _proposed(reading)}
    assert not any(t != "SPEC-JOB#5" for t, _, _ in _applied(reading))


def test_several_sheets_each_put_at_a_new_revision_by_a_plural_verb_are_proposed_whole(tmp_path, rules):
    start_project(tmp_path, "round-52-sheets")
    write_sheet(tmp_path, "M-401")
    write_sheet(tmp_path, "M-402")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n"
              "| No. | Document | Sheets | Change |\n|---|---|---|---|\n"
              "| 3 | Mechanical Drawings | M-401 and M-402 | Sheets M-401 Rev. C and M-402 Rev. C supersede Rev. B. |\n")
    reading = read_project(tmp_path, rules)
    assert not {t for t, _, _ in _applied(reading)} - {"DWG-M-401", "DWG-M-402"}
    named = {(t, s) for t, s, _ in _applied(reading) | _proposed(reading)}
    assert named == {("DWG-M-401", "full"), ("DWG-M-402", "full")}
