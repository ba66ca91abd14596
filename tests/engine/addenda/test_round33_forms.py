"""Forms of owners' addenda read in round 33 (issue 21). "Replace the quoted Clause 2.1" names the
clause itself, whole; a verb's word used as a noun ("at every change of direction") or an addendum's
mark after a page ("A (Add.01)") is no verb; a clause named only as where a new one goes ("after
Clause 4.3.2") is a place, its holder what changes; a line of struck words closes its sentence, so
the next line is an item of its own, and a paragraph named "new" with no verb is proposed to the
article it joins; a tracker's "Section (page)" cell ("3.2.2 (page 2)", "GC 11.2 (page 7)") names the
clause; "the whole of Section X" is the whole section."""

from __future__ import annotations

from addenda_reading import addenda_rules, read_project, start_project, write_sheet
from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from corpus_writer import write_doc

GAUGE = ("SECTION VII - TECHNICAL SPECIFICATIONS\n\n1.1 Scope. A tide gauge and a weather station.\n\n"
         "2.1 Tide Gauge. A radar sensor with a range of 0 to 12 m, on a steel arm.\n\n"
         "2.2 Rain Gauge. A tipping-bucket gauge.\n")


def test_ingest_replaces_a_clause_named_as_the_quoted_one_whole(tmp_path):
    from inforce.engine import Project

    start_project(tmp_path, "round-33")
    write_doc(tmp_path, "SPEC-TS", "2026-01-05", GAUGE)
    path = tmp_path / "documents" / "spec-ts.md"
    path.write_text(path.read_text().replace("title: Document SPEC-TS", "title: Section VII Technical Specifications"))
    write_doc(tmp_path, "ADD-01", "2026-02-02", "AMENDMENT NO. 1\n\nThe Bidding Documents are amended as below.\n\n"
              "1. Ref. Section-VII, Page 7-1, Clause 1.1\n\nReplace \"a weather station\" by \"two weather stations\".\n\n"
              "2. Ref. Section-VII, Page 7-2, Clause 2.1\n\n"
              "Replace the quoted Clause 2.1\n\n"
              "\"2.1 Tide Gauge. A radar sensor with a range of 0 to 12 m, on a steel arm.\"\n\nby\n\n"
              "\"2.1 Tide Gauge. A radar sensor with a range of 0 to 18 m, on an aluminium arm.\"\n")
    result = Project.ingest(tmp_path)
    # (before: "the quoted Clause" read as a thing within the clause, and the clause amended in part)
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {
        ("SPEC-TS#1.1", "partial", True), ("SPEC-TS#2.1", "full", True)}


ER4 = ("CHAPTER 4 - SHORE POWER\n\n4.2 Pedestals\n\n4.2.1 Number. Six pedestals.\n\n4.3 Cabling\n\n"
       "4.3.1 Cable. Armoured cable.\n\n4.3.2 Flexible Connection. A loop at the gangway.\n\n4.4 Lighting. Bollards.\n")


def test_a_row_adding_a_clause_after_another_applies_nothing_and_proposes_the_holder(tmp_path, rules):
    start_project(tmp_path, "round-33")
    write_doc(tmp_path, "SPEC-ER4", "2026-01-05", ER4)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "CORRIGENDUM NO. 2\n\nPART C - CONDITIONS ADDED\n\n"
              "| S.No. | Document and Clause | Condition Added |\n|---|---|---|\n"
              "| 9 | SPEC-ER4, after Clause 4.3.2 | 4.3.3 Cable Markers. Route markers at every change of "
              "direction of the cable tray. |\n")
    reading = read_project(tmp_path, rules)
    # (before: "change" of "every change of direction" was read as the verb, and 4.3.2 amended, applied)
    assert not reading.applied
    assert ("SPEC-ER4#4.3", "partial", True) in _proposed(reading)
    assert not any(p.target.format() == "SPEC-ER4#4.3.2" for p in reading.proposed)


MAINS = ("SECTION 33 11 00 - WATER MAINS\n\nPART 2 - PRODUCTS\n\n2.2 FITTINGS\n\nA. Ductile iron fittings.\n\n"
         "PART 3 - EXECUTION\n\n3.1 DISINFECTION\n\nA. Disinfect mains before connection.\n\nB. Flush mains.\n")


def test_a_struck_line_closes_its_item_and_a_new_paragraph_with_no_verb_is_proposed_to_its_article(tmp_path, rules):
    start_project(tmp_path, "round-33")
    write_doc(tmp_path, "SPEC-331100", "2026-01-05", MAINS)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "HARBOUR BOARD\nINVITATION FOR BID No. 2026-418\n\nAddendum No. 2 dated "
              "January 28, 2027\nPage 1 of 2\n\nThis addendum amends the bid documents. Struck-through "
              "text is deleted and bold text is added.\n\nAmendments to Invitation For Bid\nThe bid opening date is "
              "changed from May 4 to May 11.\n\nAmendments to the Special Conditions: NONE\n\n"
              "Amendments to the Technical Specifications\n"
              "Section 33 11 00, paragraph 3.1 A: ~~Disinfect mains before connection.~~\n"
              "Section 33 11 00, Article 2.2, new paragraph B: **B. Tapping sleeves: stainless steel.**\n")
    reading = read_project(tmp_path, rules)
    said = _proposed(reading)
    # (before: the two lines were one item, its new paragraph B named nowhere and silent; the struck
    # paragraph proposed as a change in part. Since round 73 the new paragraph, all in bold under the
    # addendum's stated legend, is applied to its article; the struck line with no label stays proposed)
    assert ("SPEC-331100#3.1.A", "full", False) in said
    assert _applied(reading) == {("SPEC-331100#2.2", "partial", True)}
    items = {p.target.format(): p.item.path for p in reading.proposed}
    items.update({e.target.format(): e.by.path for e in reading.applied})
    assert items["SPEC-331100#2.2"] != items["SPEC-331100#3.1.A"]  # two items, one a line


CONDITIONS = ("SECTION 3 - CONTRACT AND GENERAL CONDITIONS\n\nGC 11 - RISK\n\n11.1 Risk of Loss. On acceptance.\n\n"
              "11.2 Insurance. Cyber liability insurance of 1,000,000 dollars.\n\n11.3 Indemnity. For negligence.\n")
WORK = ("EXHIBIT B - STATEMENT OF WORK\n\n3. Equipment\n\n3.2 Devices\n\n3.2.1 Workstations. Four.\n\n"
        "3.2.2 Scanners. Twelve handheld scanners.\n")


def test_a_tracker_row_names_its_clause_by_a_cell_with_its_page_and_by_the_gc_notation(tmp_path, rules):
    start_project(tmp_path, "round-33")
    write_doc(tmp_path, "SPEC-GC", "2026-01-05", CONDITIONS)
    write_doc(tmp_path, "SPEC-SOW", "2026-01-05", WORK)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM CHANGE TRACKER\n\n"
              "| Change No. | Document | Section (page) | Change |\n|---|---|---|---|\n"
              "| 1 | SPEC-SOW | 3.2.2 (page 2) | The number of scanners is changed from twelve to sixteen. |\n"
              "| 2 | SPEC-GC | GC 11.2 (page 7) | Cyber liability insurance is raised from 1,000,000 dollars to "
              "3,000,000 dollars. |\n")
    reading = read_project(tmp_path, rules)
    said = _applied(reading) | _proposed(reading)
    # (before: neither clause was read, each row said of its whole document)
    assert ("SPEC-SOW#3.2.2", "partial", True) in said
    assert ("SPEC-GC#11.2", "partial", True) in said
    assert not {t for t, _, _ in said} & {"SPEC-SOW", "SPEC-GC"}


PAINTING = "SECTION 09 91 00 - PAINTING\n\nPART 1 - GENERAL\n\n1.1 SUMMARY\n\nA. Painting of exposed surfaces.\n"


def test_the_whole_of_a_section_substituted_and_a_sheet_superseded_by_revision_add_01_are_replaced(tmp_path, rules):
    start_project(tmp_path, "round-33")
    write_doc(tmp_path, "SPEC-099100", "2026-01-05", PAINTING)
    write_sheet(tmp_path, "A-103")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "TENDER ADDENDUM NO. 1\n\nA. SPECIFICATION\n\n"
              "| No. | Document | Page(s) | Amendment |\n|---|---|---|---|\n"
              "| 5 | Specification Section 09 91 00 | 09 91 00-1 to 09 91 00-3 | Withdraw the whole of Section 09 91 00 "
              "and substitute Section 09 91 00 (Add.01), pages 09 91 00-1 (Add.01) to 09 91 00-4 (Add.01). |\n\n"
              "B. DRAWINGS\n\nThe following drawings are superseded by the revisions issued with this Addendum:\n\n"
              "| Drawing No. | Title | Superseded Revision | New Revision |\n|---|---|---|---|\n"
              "| A-103 | Roof Plan | 0 | A (Add.01) |\n")
    reading = read_project(tmp_path, rules)
    # (before: "Add" of "(Add.01)" was read as a verb, each changed in part; the pages named beside
    # "the whole of Section" kept the section's replacement a proposal in part)
    assert _applied(reading) == {("SPEC-099100", "full", True), ("DWG-A-103", "full", True)}


def test_a_verb_after_a_determiner_and_before_of_is_a_noun():
    from inforce.engine.addenda.actions import read_action, vocabulary

    vocab = [vocabulary(rule) for rule in addenda_rules().supersession]
    assert read_action("Route markers at every change of direction of the tray.", vocab).action is None
    assert read_action("Change the spacing of the markers to 8 m.", vocab).action == "amend"
    assert read_action("Revision A (Add.01) of the sheet.", vocab).action is None


ER3 = "CHAPTER 3 - MARINE WORKS\n\n3.4 Piles. Steel piles.\n\n3.5 Anodes. Zinc anodes.\n\n3.6 Spill Response. A spill kit.\n"
ER4_LIT = ("CHAPTER 4 - SHORE POWER\n\n4.1 General. Shore power.\n\n4.2 Pedestals\n\n4.2.1 Number. Six pedestals.\n\n"
           "4.3 Cabling. Armoured cable.\n\n4.4 Lighting. Bollards at 10 m spacing.\n")
TOR = ("STATEMENT OF WORK\n\n3.4 Hosting. Two sites.\n\n3.5 Training. Two days.\n\n4.1 General. Migration.\n\n"
       "4.2 Data. Two years of data.\n\n4.3 Cutover. One weekend.\n\n4.4 Support. Office hours.\n")


def test_rows_under_caption_lines_take_their_own_tables_clauses_and_a_deleted_column_says_deleted(tmp_path, rules):
    start_project(tmp_path, "round-33")
    write_doc(tmp_path, "SPEC-ER3", "2026-01-05", ER3)
    write_doc(tmp_path, "SPEC-ER4", "2026-01-05", ER4_LIT)
    write_doc(tmp_path, "SPEC-TOR", "2026-01-05", TOR)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "CORRIGENDUM NO. 2\n\nPART A - CONDITIONS MODIFIED\n\n"
              "Chapter 3 - Marine Works\n\n| S.No. | Clause | Existing Condition | Modified Condition |\n|---|---|---|---|\n"
              "| 1 | 3.5 | Zinc anodes. | Aluminium anodes. |\n\n"
              "Chapter 4 - Shore Power\n\n| S.No. | Clause | Existing Condition | Modified Condition |\n|---|---|---|---|\n"
              "| 2 | 4.2.1 | Six pedestals. | Eight pedestals. |\n| 3 | 4.4 | at 10 m spacing | at 8 m spacing |\n\n"
              "PART B - CONDITIONS DELETED\n\n| S.No. | Document and Clause | Condition Deleted |\n|---|---|---|\n"
              "| 4 | Chapter 3, Clause 3.6 | Spill Response (a spill kit at the gangway). |\n")
    reading = read_project(tmp_path, rules)
    said = _applied(reading) | _proposed(reading)
    # (before: 4.4 was proposed in the statement of work, which holds 3.5 named in the first table too;
    # the deleted clause proposed as a change in part)
    assert ("SPEC-ER4#4.4", "partial", True) in said
    assert not any(t.startswith("SPEC-TOR") for t, _, _ in said)
    assert ("SPEC-ER3#3.6", "full", False) in said


def test_a_clause_replaced_in_its_entirety_by_one_on_a_revised_page_is_replaced_whole(tmp_path, rules):
    start_project(tmp_path, "round-33")
    write_doc(tmp_path, "SPEC-SOW", "2026-01-05", WORK + "\n4. Migration\n\n4.2 Data. Two years of bookings.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM CHANGE TRACKER\n\n"
              "| Change No. | Document | Section (page) | Change |\n|---|---|---|---|\n"
              "| 2 | SPEC-SOW | 4.2 (page 4) | Replaced in its entirety by 4.2 on revised page 4 (Addendum No. 1): "
              "eight years of bookings. |\n")
    reading = read_project(tmp_path, rules)
    said = _applied(reading) | _proposed(reading)
    # (before: the page named beside it made the replacement a change in part)
    assert ("SPEC-SOW#4.2", "full", True) in said
    assert ("SPEC-SOW#4.2", "partial", True) not in said
