"""Forms of owners' addenda read in round 23 (issue 21), each in words of its own: an article's
number alone after the verb opening an item ("Amend 1.2 by adding ..."); an article's dotted
sub-item named "of" the article ("Delete .2 of 3.2"), with a sentence saying who will do a piece of
the work beside it; a section "deleted, and a new Section ..., adding ..., attached hereto and
substituted therefor"; a period "extended from X to Y"; a quoted sentence of new text naming a
sheet; a lead-in over the changes to the plans ending the section heading above it; a package
named by the one section in brackets "stepped down from this tender"; a question column of a
clarification log; a table of changes headed by its verbs ("Delete | Substitute")."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine.addenda.context import _items_of
from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

DEMOLITION = ("Section 02 41 19 - SELECTIVE DEMOLITION\n\nPART 1 GENERAL\n\n1.1 SECTION INCLUDES\n\n"
              ".1 Removal of the boat shed and its slab.\n\n1.2 REGULATORY REQUIREMENTS\n\n"
              ".1 Hold the demolition permit on site.\n\nPART 3 EXECUTION\n\n3.1 PREPARATION\n\n"
              ".1 Cap the water service at the main.\n\n3.2 REMOVALS\n\n.1 Take down the roof trusses whole.\n\n"
              ".2 Salvage the cleats and hand them to the Owner.\n\n.3 Crush the slab for fill.\n")
FURNISHINGS = ("SECTION 12 93 00 - SITE FURNISHINGS\n\nPART 2 PRODUCTS\n\n2.2 BICYCLE RACKS\n\n"
               "A. Hoop racks, galvanized steel, surface mounted.\n\nB. Two hoops per rack.\n")
PAINTING = "SECTION 09 91 00 - PAINTING\n\nPART 2 PRODUCTS\n\n2.1 PAINT\n\nA. Two coats of acrylic enamel.\n"
SUBMITTALS = ("SECTION 01 33 00 - SUBMITTAL PROCEDURES\n\nPART 1 GENERAL\n\n1.03 REVIEW\n\n"
              "A. Submit each item with a transmittal.\n\nB. Allow 10 days for the Engineer's review.\n")
METALS = ("SECTION 05 50 00 - METAL FABRICATIONS\n\nPART 2 PRODUCTS\n\n2.1 BOLLARDS\n\n"
          "A. Pipe bollards, 6 inches, concrete filled.\n\nB. Paint yellow.\n\n2.2 RAILINGS\n\nA. Steel pipe railings.\n")


def _sheet(number: str) -> str:
    """A drawing sheet with two general notes, each a callout of its own."""
    return (f"id: DWG-{number}\nkind: drawing\nsheet: {number}\ntitle: Sheet {number}\nissued: 2026-01-05\n"
            "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
            '  - id: note-1\n    text: "NOTE 1: VERIFY IN FIELD."\n  - id: note-2\n    text: "NOTE 2: CODE: 2021 IBC."\n')


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "round-23")
    write_doc(root, "SPEC-024119", "2026-01-05", DEMOLITION)
    write_doc(root, "SPEC-129300", "2026-01-05", FURNISHINGS)
    write_doc(root, "SPEC-099100", "2026-01-05", PAINTING)
    write_doc(root, "SPEC-013300", "2026-01-05", SUBMITTALS)
    write_doc(root, "SPEC-055000", "2026-01-05", METALS)
    for sheet in ("C-101", "G-001", "S-202"):
        (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(_sheet(sheet))
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_an_article_number_alone_after_the_opening_verb_is_the_article_of_the_heading_section(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nAmend the Specifications as follows:\n\n"
                    "SECTION 02 41 19 - SELECTIVE DEMOLITION\n\n"
                    "(I) Amend 1.2 by adding the following after .1:\n\n"
                    "\".2 Give the air district ten working days' notice before demolition.\"\n\n"
                    "(II) Delete 3.1.\n\n"
                    # "Change 1.2 to 1.5": a value given anew, never article 1.2
                    "(III) Change 1.2 to 1.5 in the ratio of slab crushing.\n")
    assert _applied(reading) == {("SPEC-024119#1.2", "partial", True), ("SPEC-024119#3.1", "full", False)}


def test_a_dotted_sub_item_of_an_article_the_outline_does_not_split_changes_the_article_in_part(tmp_path, rules):
    # ".2 of 3.2": the article's second dotted paragraph, which the outline keeps inside 3.2; the
    # sentence after it says who will do a piece of the work, it instructs nothing
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nSECTION 02 41 19 - SELECTIVE DEMOLITION\n\n"
                    "(II) Delete .2 of 3.2. The cleats will be removed by the Owner before the site is handed over.\n")
    assert _applied(reading) == {("SPEC-024119#3.2", "partial", True)}
    assert _proposed(reading) == set()


def test_a_section_deleted_and_a_new_one_adding_something_substituted_is_replaced(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nITEM 1: Section 09 91 00, Painting, is deleted, and a new "
                    "Section 09 91 00, adding an epoxy system for the pier steel, is attached hereto and "
                    "substituted therefor.\n")
    assert _applied(reading) == {("SPEC-099100", "full", True)}


def test_a_period_extended_from_one_figure_to_another_changes_the_paragraph_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, "PRE-BID MEETING NOTES\n\n"
                    "- In Section 01 33 00, paragraph 1.03.B, the review period is extended from 10 days to 15 days, "
                    "because the Engineer reviews marine submittals with the insurer.\n\n"
                    "- In Section 01 33 00, paragraph 1.03.A, the transmittal form extends from page 1 to page 2.\n")
    assert _applied(reading) == {("SPEC-013300#1.03.B", "partial", True)}


def test_a_sheet_named_in_a_quoted_sentence_of_new_text_is_no_target(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nSECTION 12 93 00 - SITE FURNISHINGS\n\n"
                    "(I) Amend 2.2.A by adding the following after the last sentence: \"Provide six racks at the "
                    "locations shown on Sheet C-101.\"\n")
    assert _applied(reading) == {("SPEC-129300#2.2.A", "partial", True)}
    assert _proposed(reading) == set()


def test_a_lead_in_over_the_plans_ends_the_section_heading_and_its_last_item(tmp_path, rules):
    addendum = ("ADDENDUM NO. 1\n\nAmend the Specifications as follows:\n\n"
                "SECTION 12 93 00 - SITE FURNISHINGS\n\n"
                "(I) Amend 2.2.B to read: \"B. Three hoops per rack.\"\n\n"
                "Amend the Plans as follows:\n\n"
                "(I) Sheet G-001, Note 2: Amend to read \"NOTE 2: CODE: 2024 IBC.\"\n\n"
                "(II) Sheet C-101: Delete Note 1.\n")
    reading = _read(tmp_path, rules, addendum)
    from inforce.adapters.ingest.reader import FileReader

    with FileReader().open(tmp_path) as files:
        document = next(d for d in (files.parse(n).document for n in files.discover()[0]) if d.id == "ADD-01")
    items = _items_of(document, rules.supersession)

    def opening(words: str):
        return next(item for item in items if item.text.startswith(words))

    assert "Amend the Plans" not in opening("(I) Amend 2.2.B").text
    assert "SITE FURNISHINGS" not in opening("(I) Sheet G-001").heading_context
    assert "SITE FURNISHINGS" not in opening("(II) Sheet C-101").heading_context
    assert _applied(reading) == {("SPEC-129300#2.2.B", "full", True), ("DWG-G-001#note-2", "full", True),
                                 ("DWG-C-101#note-1", "full", False)}


def test_a_package_named_by_its_section_in_brackets_stepped_down_from_the_tender_goes_whole(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. The site furnishings package (Section 12 93 00 Site Furnishings) is stepped down from this "
                    "tender exercise and will be let later.\n\n"
                    "2. The bench (Sheet C-101) is withdrawn from the contract.\n")
    applied = _applied(reading)
    assert ("SPEC-129300", "full", False) in applied
    # a thing shown on a sheet, the sheet in brackets: never the whole sheet gone
    assert not any(target == "DWG-C-101" and scope == "full" for target, scope, _ in applied)


def test_a_sheet_deleted_from_the_plans_goes_whole_but_a_thing_on_it_deleted_from_the_contract_does_not(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n1. Sheet G-001, Cover Sheet, deleted from the Plans.\n\n"
                    "2. The bench on Sheet C-101 is deleted from the contract.\n")
    assert _applied(reading) == {("DWG-G-001", "full", False)}
    assert ("DWG-C-101", "partial", True) in _proposed(reading)


def test_a_bidders_question_in_its_column_of_a_clarification_log_instructs_nothing(tmp_path, rules):
    # the verbs of the question column are asked ("Please confirm Note 1 is deleted."), never read
    reading = _read(tmp_path, rules, "CLARIFICATION LOG NO. 2\n\n"
                    "| Ref. | Document / clause | Clarification requested | Response |\n|---|---|---|---|\n"
                    "| C1 | Drawing S-202, Note 1 | Please confirm Note 1 is deleted. | Note 1 stands. No amendment. |\n"
                    "| C2 | Section 12 93 00, clause 2.2.A | Is a wall rack acceptable? | The hoop rack stands. No amendment. |\n"
                    "| C3 | Drawing C-101, Note 2 | The code year is old. | Note 2 is revised to read \"NOTE 2: CODE: 2024 "
                    "IBC.\" |\n")
    assert _applied(reading) == {("DWG-C-101#note-2", "full", True)}
    # (the asked deletion beside "No amendment." is at most proposed, for a person: never applied)
    assert {target for target, _, _ in _proposed(reading)} <= {"DWG-S-202#note-1"}


def test_a_table_of_changes_headed_by_its_verbs_puts_words_for_words(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nThe Specifications are changed as listed below.\n\n"
                    "| No. | Clause | Delete | Substitute |\n|---|---|---|---|\n"
                    "| 1 | Section 05 50 00, 2.1.A | bollards, 6 inches, concrete | bollards, 8 inches, concrete |\n"
                    "| 2 | Section 05 50 00, 2.1.B | B. Paint yellow. | B. Paint safety yellow, two coats. |\n\n"
                    "Drawing index changes:\n\n"
                    # "| Delete | Add |" over sheet numbers: documents listed, no words put for words
                    "| Item | Delete | Add |\n|---|---|---|\n| 1 | C-101 | S-202 |\n")
    applied = _applied(reading)
    assert {("SPEC-055000#2.1.A", "partial", True), ("SPEC-055000#2.1.B", "full", True)} <= applied
    assert not any(target.startswith("DWG-C-101") and successor for target, _, successor in applied)


@pytest.mark.slow
def test_ingest_reads_the_roman_amendments_and_the_substituted_section_and_asof_follows(tmp_path):
    from inforce.adapters.ingest.pipeline import ingest_project
    from inforce.engine import Project

    root = start_project(tmp_path, "round-23-asof")
    write_doc(root, "SPEC-024119", "2026-01-05", DEMOLITION)
    write_doc(root, "SPEC-099100", "2026-01-05", PAINTING)
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\nSECTION 02 41 19 - SELECTIVE DEMOLITION\n\n"
              "(I) Delete .2 of 3.2. The cleats will be removed by the Owner.\n\n"
              "ITEM 2: Section 09 91 00, Painting, is deleted, and a new Section 09 91 00, adding an epoxy "
              "system, is attached hereto and substituted therefor.\n")
    result = ingest_project(root)
    assert {(d.target.format(), d.scope) for d in result.derived} == {("SPEC-024119#3.2", "partial"),
                                                                      ("SPEC-099100", "full")}
    with Project.open(root) as project:
        removals = project.asof("SPEC-024119#3.2", dt.date(2026, 3, 1))
        paint = project.asof("SPEC-099100#2.1.A", dt.date(2026, 3, 1))
        before = project.asof("SPEC-099100#2.1.A", dt.date(2026, 1, 20))
    assert removals.in_force  # changed in part: still in force, amended
    assert not paint.in_force and len(paint.successors) == 1
    assert before.in_force
