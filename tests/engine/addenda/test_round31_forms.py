"""Forms of owners' addenda read in round 31 (issue 21). An answer naming a provision only by the
title its paragraph runs in with ("Completion period is extended from ... to ...") proposes that
provision, never nothing; a row of an old-and-new table giving the same words around a new figure
changes what it cites in part; a document "replaced in this Addendum" is replaced whole by what the
addendum carries; a bidder's question answered in a paragraph below it with no label is read at the
answer, and a clause it names of no document a number places is proposed in the one its words name;
a list numbered anew after an answered question is the addendum's next part, not more of the
answer."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


RADAR = ("SECTION V - TECHNICAL SPECIFICATIONS: COASTAL RADAR\n\nSECTION 1 - GENERAL\n\n"
         "1.1 Scope. Supply and commissioning of two radar heads on the north mole.\n\n"
         "1.4 Completion Period. All works shall be complete within 90 calendar days of the order, with training.\n\n"
         "SECTION 2 - EQUIPMENT\n\n2.3 Mast. A galvanised lattice mast of 12 m with a climbing rail and rest platforms.\n\n"
         "2.6 Backup Power. Each head shall run from a 40 Ah battery for two hours without mains supply.\n")

FENDERS = ("SECTION 35 51 13 - MARINE FENDERS\n\nPART 2 - PRODUCTS\n\n2.3 CHAINS\n\nA. Galvanised, 22 mm.\n\n"
           "2.6 BOLTS\n\nA. Stainless steel, grade 316.\n")


def _radar(root: Path, rules: RuleSet, body: str):
    start_project(root, "round-31")
    write_doc(root, "SPEC-RADAR", "2026-01-05", RADAR)
    _titled(root, "SPEC-RADAR", "Section V Technical Specifications Coastal Radar")
    write_doc(root, "SPEC-355113", "2026-01-05", FENDERS)
    write_doc(root, "ADD-01", "2026-02-02", "Bid Bulletin No. 3\n\nB.      Queries of a bidder\n\n" + body)
    return read_project(root, rules)


def test_a_provision_named_only_by_its_run_in_title_is_proposed_not_silent(tmp_path, rules):
    reading = _radar(tmp_path, rules, "Query 4.   Can the works take longer than planned?\n\n"
                     "Answer:  Completion period is extended from ninety (90) calendar days to one hundred and "
                     "twenty (120) calendar days.\n")
    assert _applied(reading) == set()
    # (no number, no document: the provision whose own title is the subject of "extended", for a person)
    assert _proposed(reading) == {("SPEC-RADAR#1.4", "partial", True)}


def test_a_question_answered_below_it_with_no_label_is_read_at_the_answer(tmp_path, rules):
    reading = _radar(tmp_path, rules, "2.  Under Clause 2.6 of the Technical Specifications, may a larger battery "
                     "be offered?\n\nYes. Clause 2.6 is revised to read: \"2.6 Backup Power. Each head shall run from a "
                     "60 Ah battery for four hours without mains supply.\"\n")
    assert _applied(reading) == set()
    # (both documents hold a 2.6; the words name the technical specifications: that one, restated whole)
    assert _proposed(reading) == {("SPEC-RADAR#2.6", "full", True)}
    assert not reading.not_understood


AGREEMENT = "EXHIBIT C - FORM OF AGREEMENT FOR SURVEY SERVICES\n\n1. Parties. The Port and the Surveyor.\n\n2. Fee. A lump sum.\n"

MEMBRANE = ("SECTION 07 54 19 - PVC ROOFING\n\nPART 2 - PRODUCTS\n\n2.1 MEMBRANE\n\nA. Thickness: 60 mil, reinforced.\n\n"
            "2.2 INSULATION\n\nA. Polyiso, 2 inches thick.\n")


def _county(root: Path, rules: RuleSet, body: str):
    start_project(root, "round-31")
    write_doc(root, "SPEC-EXC", "2026-01-05", AGREEMENT)
    _titled(root, "SPEC-EXC", "Exhibit C Form of Agreement for Survey Services")
    write_doc(root, "SPEC-075419", "2026-01-05", MEMBRANE)
    write_doc(root, "ADD-01", "2026-02-02", body)
    return read_project(root, rules)


def test_a_document_replaced_in_this_addendum_is_replaced_whole(tmp_path, rules):
    reading = _county(tmp_path, rules, "ADDENDUM 2\n\nClarifications\n\n1. Exhibit C - Form of Agreement for Survey "
                      "Services is replaced in this Addendum to use the Port's current form.\n")
    assert _applied(reading) == {("SPEC-EXC", "full", True)}


def test_a_list_numbered_anew_after_an_answered_question_is_not_more_of_the_answer(tmp_path, rules):
    reading = _county(tmp_path, rules, "ADDENDUM 2\n\n14 Wharf Road, Tern Bay\n\nClarifications\n\n"
                      "1. Exhibit C - Form of Agreement for Survey Services is replaced in this Addendum.\n\n"
                      "Questions and Answers\n\n1. Question: Is a walkway pad needed?\nAnswer: No.\n\n"
                      "2. Question: Are the drains kept?\nAnswer: Yes. The Contractor protects them.\n\n"
                      "Changes to the Specifications\n\n1. Section 07 54 19 - PVC Roofing, 2.2 A: Change \"2 inches "
                      "thick\" to \"4 inches thick\".\n")
    # (the change is its own item: applied, and not proposed from the answer before it)
    assert ("SPEC-075419#2.2.A", "partial", True) in _applied(reading)
    assert not any(target.startswith("SPEC-075419") for target, _, _ in _proposed(reading))


GENERATOR = ("SECTION 26 32 13 - ENGINE GENERATORS\n\nPART 2 - PRODUCTS\n\n2.1 GENERATOR SET\n\n"
             "A. Rating: 80 kW standby rating at 0.8 power factor, 415 V, three phase.\n\n"
             "B. Fuel tank: sub-base, sized for 12 hours of operation at full load, double wall.\n")


def test_ingest_reads_a_new_figure_in_an_old_and_new_table_as_a_change_in_part(tmp_path, rules):
    from inforce.engine import Project

    start_project(tmp_path, "round-31")
    write_doc(tmp_path, "SPEC-263213", "2026-01-05", GENERATOR)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "Corrigendum\n\nSubject: Standby generator for the pilot station\n\n"
              "| Particulars | Existing | Revised |\n|---|---|---|\n"
              "| Section 26 32 13, clause 2.1 A: standby rating | 80 kW standby rating | 110 kW standby rating |\n"
              "| Section 26 32 13, clause 2.1 B: fuel tank size | sized for 12 hours of operation | sized for 36 hours "
              "of operation |\n")
    direct = read_project(tmp_path, rules)
    result = Project.ingest(tmp_path)
    ingested = {(e.target.format(), e.scope, e.successor) for e in result.derived}
    # (the same words around a new figure: a value of the paragraph given anew, the rest of it kept)
    assert ingested == {("SPEC-263213#2.1.A", "partial", True), ("SPEC-263213#2.1.B", "partial", True)}
    assert ingested == _applied(direct)
    assert not result.proposed
