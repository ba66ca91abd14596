"""Forms of owners' addenda read in round 34 (issue 21). A paragraph's letter spaced from its article
with the verb's words running on after it ("..., 3.4 A to read: ...", "..., 2.1 B in its entirety") is
the paragraph, never the whole article; a clause inserted after one whose group the outline does not
number changes the document in part (proposed, never the clause it follows); "Add: Section ..., 2.1 B:
B. ..." gives the new paragraph under its own letter, so its article gains it; "Remove the Section and
replace it with the attached Section ..." under the section's own heading replaces that section; "is
revoked" deletes; a new paragraph named under the addendum's title alone is no preamble."""

from __future__ import annotations

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

PAVING = ("SECTION 32 12 16 - ASPHALT PAVING\n\nPART 2 - PRODUCTS\n\n2.1 MIXES\n\nA. Surface course: fine-graded hot mix.\n\n"
          "PART 3 - EXECUTION\n\n3.4 PLACING\n\nA. Place the surface course in one lift.\n\nB. Roll while hot.\n")
LIGHTING = ("SECTION 26 56 00 - EXTERIOR LIGHTING\n\nPART 2 - PRODUCTS\n\n2.1 LUMINAIRES\n\nA. Pole-top luminaires.\n\n"
            "B. Bollard luminaires at the boardwalk.\n\nC. Wall packs at the boathouse.\n")


def test_ingest_reads_a_spaced_letter_before_the_verbs_words_as_the_paragraph(tmp_path):
    from inforce.engine import Project

    start_project(tmp_path, "round-34")
    write_doc(tmp_path, "SPEC-321216", "2026-01-05", PAVING)
    write_doc(tmp_path, "SPEC-265600", "2026-01-05", LIGHTING)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 2\n\nPART E - SPECIFICATIONS\n\n"
              "Revise: Section 32 12 16 Asphalt Paving, 3.4 A to read: A. Place the surface course in two lifts.\n\n"
              "Delete: Section 26 56 00 Exterior Lighting, 2.1 B in its entirety.\n")
    result = Project.ingest(tmp_path)
    # (before: "3.4 A to read" and "2.1 B in its" were read as the articles 3.4 and 2.1, replaced and
    # deleted whole - wrong applied edges)
    assert {(e.target.format(), e.scope, e.successor) for e in result.derived} == {
        ("SPEC-321216#3.4.A", "full", True), ("SPEC-265600#2.1.B", "full", False)}


def test_an_adding_verb_with_the_new_paragraph_under_its_own_letter_amends_its_article(tmp_path, rules):
    start_project(tmp_path, "round-34")
    write_doc(tmp_path, "SPEC-321216", "2026-01-05", PAVING)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 2\n\nPART E - SPECIFICATIONS\n\n"
              "Add: Section 32 12 16 Asphalt Paving, 2.1 B: B. Base course: coarse-graded hot mix at the ramp.\n")
    reading = read_project(tmp_path, rules)
    # (before: reported, "names 2.1 B of SPEC-321216, which has no paragraph 2.1.B")
    assert _applied(reading) == {("SPEC-321216#2.1", "partial", True)}
    assert not reading.not_understood


SCHEDULE = ("SCHEDULE TWO - OTHER CONDITIONS OF CONTRACT\n\n5.10.1 Temporary Works. Designs over 2 m high are "
            "submitted.\n\n5.12.1 Working Hours. Work from 7 am to 5 pm.\n\n6.6.1 Programme. Updated monthly.\n")


def test_a_clause_inserted_after_one_whose_group_is_not_numbered_proposes_the_document(tmp_path, rules):
    start_project(tmp_path, "round-34")
    write_doc(tmp_path, "SPEC-S2", "2026-01-05", SCHEDULE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "NOTICE TO TENDERERS NO. 3\n\nThe Schedule is amended as follows.\n\n"
              "(a) The following clause is inserted after clause 5.12.1:\n\n"
              "\"5.12.2 Noise. Keep noise at the ferry terminal below the bylaw limits.\"\n\n"
              "(b) Clause 6.6.1 is revoked.\n")
    reading = read_project(tmp_path, rules)
    said = _proposed(reading)
    # (before: the clause it follows proposed as changed in part, the item counted silent; "is revoked"
    # read by no verb, the clause only reported)
    assert ("SPEC-S2", "partial", True) in said
    assert not any(p.target.format() == "SPEC-S2#5.12.1" for p in reading.proposed)
    assert ("SPEC-S2#6.6.1", "full", False) in said
    assert not reading.applied


SIGNAGE = "SECTION 10 14 00 - SIGNAGE\n\nPART 2 - PRODUCTS\n\n2.1 SIGNS\n\nA. Aluminium panels.\n"


def test_the_section_replaced_by_its_own_attached_copy_under_its_heading_is_replaced(tmp_path, rules):
    start_project(tmp_path, "round-34")
    write_doc(tmp_path, "SPEC-101400", "2026-01-05", SIGNAGE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM 3\n\n2 SPECIFICATIONS\n\n2.4 Section 10 14 00 Signage\n\n"
              ".1 Remove the Section and replace it with the attached Section 10 14 00, dated 2027-02-05 (4 pages).\n")
    reading = read_project(tmp_path, rules)
    # (before: the attached copy, cited as what replaces, hid the heading; reported with no target)
    assert _applied(reading) == {("SPEC-101400", "full", True)}
    assert not reading.not_understood


MAINS = ("SECTION 33 11 00 - WATER MAINS\n\nPART 2 - PRODUCTS\n\n2.2 FITTINGS\n\nA. Ductile iron fittings.\n")


def test_a_new_paragraph_under_the_addendums_title_alone_is_no_preamble(tmp_path, rules):
    start_project(tmp_path, "round-34")
    write_doc(tmp_path, "SPEC-331100", "2026-01-05", MAINS)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 2\n\n"
              "Section 33 11 00, Article 2.2, new paragraph B: **B. Tapping sleeves: stainless steel.**\n")
    reading = read_project(tmp_path, rules)
    # (before: counted as the addendum's preamble, and silent)
    assert ("SPEC-331100#2.2", "partial", True) in _proposed(reading)
    assert not reading.applied
