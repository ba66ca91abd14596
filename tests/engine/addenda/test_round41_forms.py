"""General levers of applied recall found in round 41 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- A sub-clause several documents of the project hold, its document named before it by a run of words all
  in the title of one of them and not all in any other holder's ("Contract Data, Sub-Clause 4.2
  Performance Security: ..." where the contract data, the general conditions and the particular conditions
  each have a 4.2): read as that document's clause (applied where the addendum names other documents by
  number and the gate reads it, as round 40 did for a clause of one holder).
- A clause named by its number and its own title ("Clause 2.2.2 Fasteners is amended to read: ...", in an
  answer to a question) where several documents hold a 2.2.2 and only one calls it so: that one's clause.
- A table row whose last cell opens with "Deleted." as a sentence of its own: the clause its other cells
  name deleted whole, whatever the explanation after it names ("the third stage of the works").
- A designation fitting several documents ("Section VIII") with a run of title words after it
  ("Particular Conditions of Contract") that another holder of the clause is also titled with: each
  proposed, for a person to pick, never applied.
- A heading that is only an article and a word ("THE EMPLOYER") is no title an item names as what changes."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


PIPING = "SECTION 23 21 13 - HYDRONIC PIPING\n\n2.1 PIPE\n\nA. Steel pipe, Schedule 40.\n"
DATA = ("PART A - CONTRACT DATA\n\nSECTION 1 - GENERAL\n\n1.1 Employer. The Lakeside Water Board.\n\n"
        "SECTION 4 - THE CONTRACTOR\n\n4.2 Performance Security. 5 percent of the Accepted Contract Amount.\n\n"
        "SECTION 8 - TIME\n\n8.7 Delay Damages. 0.05 percent a day.\n")
GENERAL = ("GENERAL CONDITIONS\n\nSECTION 4 - THE CONTRACTOR\n\n4.2 Performance Security. The Contractor shall obtain a "
           "Performance Security.\n\nSECTION 8 - TIME\n\n8.7 Delay Damages. The Contractor shall pay delay damages at the "
           "rate stated.\n")
PARTICULAR = ("CONDITIONS OF PARTICULAR APPLICATION\n\nSECTION 4 - THE CONTRACTOR\n\n4.2 Performance Security. The security "
              "is a bank guarantee.\n\nSECTION 14 - PAYMENT\n\n14.3 Interim Payments. The Contractor submits one statement "
              "a month.\n")


def _conditions(root: Path, changes: str, *, data_title: str = "Particular Conditions Part A Contract Data, Lakeside Intake Works") -> None:
    start_project(root, "round-41-conditions")
    # (a scope of work titled "Contract Data" too, holding no 4.2: the words name no document by title
    # alone, and of the three documents holding a 4.2 only one is so titled)
    write_doc(root, "SPEC-SOW", "2026-01-05", "SCOPE OF WORK\n\nSECTION 3 - DEPOT\n\n3.1 Extent. A bus depot.\n")
    _titled(root, "SPEC-SOW", "Volume 1 Section 3 Contract Data, Scope of Work, Lakeside Bus Depot")
    write_doc(root, "SPEC-232113", "2026-01-05", PIPING)
    _titled(root, "SPEC-232113", "Section 23 21 13 Hydronic Piping")
    write_doc(root, "SPEC-CD", "2026-01-05", DATA)
    _titled(root, "SPEC-CD", data_title)
    write_doc(root, "SPEC-GCC", "2026-01-05", GENERAL)
    _titled(root, "SPEC-GCC", "General Conditions of Contract")
    write_doc(root, "SPEC-PCA", "2026-01-05", PARTICULAR)
    _titled(root, "SPEC-PCA", "Conditions of Contract Part II Conditions of Particular Application, Lakeside Intake")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM No. 1\n\n{changes}")


SECURITY = ('B3 MECHANICAL\n\n3.1 Section 23 21 13 Hydronic Piping, Paragraph 2.1.A: delete "Schedule 40" and insert "Schedule 80".\n\n'
            'B7 CONTRACT\n\n7.1 Contract Data, Sub-Clause 4.2 Performance Security: replace "5 percent" with "10 percent".\n')


def test_a_sub_clause_after_the_title_words_of_one_of_its_holders_is_applied(tmp_path, rules):
    _conditions(tmp_path, SECURITY)
    reading = read_project(tmp_path, rules)
    # (before: reported, "names Sub-Clause 4.2, but no section it belongs to": three documents hold a 4.2
    # and the weighing of the item's words named none of them well ahead of the others)
    assert ("SPEC-CD#4.2", "partial", True) in _applied(reading)
    assert not any(t.startswith(("SPEC-GCC", "SPEC-PCA", "SPEC-SOW")) for t, _, _ in _applied(reading) | _proposed(reading))


def test_title_words_of_a_document_the_pack_skips_leave_its_clause_unapplied(tmp_path, rules):
    # (Division 00: the instructions to bidders are counted, never changed by the pack)
    _conditions(tmp_path, SECURITY.replace("7.1 Contract Data, Sub-Clause 4.2 Performance Security",
                                           "7.1 In the Instructions to Bidders, Article 4.2"))
    write_doc(tmp_path, "SPEC-002113", "2026-01-05", "INSTRUCTIONS TO BIDDERS\n\nSECTION 4 - BIDS\n\n"
              "4.2 Bid Security. 5 percent of the bid price.\n")
    _titled(tmp_path, "SPEC-002113", "Document 00 21 13 Instructions to Bidders")
    reading = read_project(tmp_path, rules)
    assert not any(t.endswith("#4.2") for t, _, _ in _applied(reading))


def test_title_words_every_holder_shares_leave_the_sub_clause_unapplied(tmp_path, rules):
    _conditions(tmp_path, SECURITY.replace("7.1 Contract Data,", "7.1 Conditions of Contract,"))
    reading = read_project(tmp_path, rules)
    assert not any(t.endswith("#4.2") for t, _, _ in _applied(reading))


def test_title_words_in_an_addendum_naming_no_document_by_number_are_only_proposed(tmp_path, rules):
    _conditions(tmp_path, SECURITY.split("B7 CONTRACT\n\n")[1])
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert ("SPEC-CD#4.2", "partial", True) in _proposed(reading)


WORKS = ("SECTION 2 - WORKS REQUIREMENTS\n\n2.2 ROOF\n\n2.2.1 Sheeting. Corrugated sheeting, 0.42 mm.\n\n"
         "2.2.2 Fasteners. Galvanized screws at every second crest.\n\n2.2.3 Flashings. Folded steel flashings.\n")
SAMPLING = "SECTION 2 - SERVICES\n\n2.2 STATIONS\n\n2.2.2 Sampling. Each station is sampled weekly.\n"
GAUGES = "SECTION 2 - EQUIPMENT\n\n2.2 SENSORS\n\n2.2.2 Wind. A cup anemometer on a 10 m mast.\n"

ANSWERED = ('AMENDMENTS\n\n1. Section 2 - Works Requirements, Clause 2.2.1 Sheeting: delete "0.42 mm" and insert "0.48 mm".\n\n'
            'BIDDERS\' QUESTIONS\n\nQuestion 1: Can stainless steel screws be offered?\n'
            'Answer: Yes. Clause 2.2.2 Fasteners is amended to read: "2.2.2 Fasteners. Stainless steel or galvanized '
            'screws at every second crest, with sealing washers."\n')


def _works(root: Path, changes: str) -> None:
    start_project(root, "round-41-answers")
    write_doc(root, "SPEC-WRK", "2026-01-05", WORKS)
    _titled(root, "SPEC-WRK", "Section 2 Works Requirements, Pump Station Roof Renewal")
    write_doc(root, "SPEC-SMP", "2026-01-05", SAMPLING)
    _titled(root, "SPEC-SMP", "Statement of Work, Lake Sampling Services")
    write_doc(root, "SPEC-GAU", "2026-01-05", GAUGES)
    _titled(root, "SPEC-GAU", "Technical Specifications, Weather Stations")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM No. 1\n\n{changes}")


def test_a_clause_named_with_its_own_title_that_one_holder_bears_is_applied(tmp_path, rules):
    _works(tmp_path, ANSWERED)
    reading = read_project(tmp_path, rules)
    # (before: proposed, "SPEC-WRK is the document of the project holding clause 2.2.2 that its words name,
    # for a person to confirm": three documents hold a 2.2.2)
    assert {("SPEC-WRK#2.2.1", "partial", True), ("SPEC-WRK#2.2.2", "full", True)} <= _applied(reading)
    assert not any(t.startswith(("SPEC-SMP", "SPEC-GAU")) for t, _, _ in _applied(reading) | _proposed(reading))


def test_a_clause_title_no_holder_bears_leaves_the_clause_unapplied(tmp_path, rules):
    _works(tmp_path, ANSWERED.replace("Clause 2.2.2 Fasteners is", "Clause 2.2.2 Screws is"))
    reading = read_project(tmp_path, rules)
    assert not any(t.endswith("#2.2.2") for t, _, _ in _applied(reading))


PROGRAMME = ("SECTION 3 - SCOPE OF WORK\n\n3.3 YARD\n\n3.3.1 Paving. Concrete block paving.\n\n"
             "3.3.2 Vehicle Wash. A wash slab with an oil interceptor.\n\n3.3.3 Fencing. A 2.4 m palisade fence.\n")


def _table(root: Path, amendment: str) -> None:
    start_project(root, "round-41-table")
    write_doc(root, "SPEC-SOW", "2026-01-05", PROGRAMME)
    _titled(root, "SPEC-SOW", "Volume 1 Section 3 Scope of Work, District Transport Yard")
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM No. 1\n\nThe tender documents are amended as in the table below.\n\n"
              "| No. | Volume / Section | Clause | Amendment |\n|---|---|---|---|\n"
              f"| 1 | Volume 1, Section 3, Scope of Work | Clause 3.3.2 Vehicle Wash | {amendment} |\n")


def test_a_row_whose_last_cell_opens_with_deleted_deletes_the_clause_whole(tmp_path, rules):
    _table(tmp_path, "Deleted. The wash slab is moved to the third stage of the works.")
    reading = read_project(tmp_path, rules)
    # (before: proposed, "its words do not settle whether all of SPEC-SOW#3.3.2 or part of it changes":
    # "the third stage" read as a part of the clause named)
    assert _applied(reading) == {("SPEC-SOW#3.3.2", "full", False)}


def test_a_row_deleting_a_part_it_names_after_the_verb_is_not_a_whole_deletion(tmp_path, rules):
    _table(tmp_path, "Deleted: the second sentence. The interceptor stays.")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-SOW#3.3.2", "full", False) not in _applied(reading)


def test_a_row_whose_sentence_deletes_a_part_before_its_verb_is_not_a_whole_deletion(tmp_path, rules):
    _table(tmp_path, "The second sentence is deleted.")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-SOW#3.3.2", "full", False) not in _applied(reading)


RETENTION = "PART A - CONTRACT DATA\n\nSECTION 14 - PAYMENT\n\n14.3 Retention. 5 percent of each certificate.\n"
SPECIAL = "SPECIAL CONDITIONS\n\nSECTION 13 - PAYMENT\n\n13.1 Terms of Payment. 10 percent on signature.\n"


def test_a_designation_and_title_words_naming_different_holders_propose_each(tmp_path, rules):
    start_project(tmp_path, "round-41-designation")
    write_doc(tmp_path, "SPEC-CD", "2026-01-05", RETENTION)
    _titled(tmp_path, "SPEC-CD", "Section VIII Particular Conditions of Contract Part A Contract Data, Quarry Road")
    write_doc(tmp_path, "SPEC-SC", "2026-01-05", SPECIAL)
    _titled(tmp_path, "SPEC-SC", "Section VIII Special Conditions of Contract, Weather Radar")
    write_doc(tmp_path, "SPEC-PCA", "2026-01-05", PARTICULAR)
    _titled(tmp_path, "SPEC-PCA", "Conditions of Contract Part II Conditions of Particular Application, Lakeside Intake")
    write_doc(tmp_path, "ADD-01", "2026-02-02", "AMENDMENT No. 1\n\n"
              '4. Section VIII, Particular Conditions of Contract, Sub-Clause 14.3: replace "one statement a month" '
              'by "one statement at each month end".\n')
    reading = read_project(tmp_path, rules)
    # (before: SPEC-CD#14.3 alone proposed, the one document "Section VIII" fits that holds a 14.3)
    assert not _applied(reading)
    assert {("SPEC-CD#14.3", "partial", True), ("SPEC-PCA#14.3", "partial", True)} <= _proposed(reading)


def test_a_heading_of_an_article_and_one_word_is_not_named_by_a_lead_in(tmp_path, rules):
    start_project(tmp_path, "round-41-lead-in")
    write_doc(tmp_path, "SPEC-PCA", "2026-01-05", "CONDITIONS OF PARTICULAR APPLICATION\n\nSECTION 1 - GENERAL\n\n"
              "1.1 Definitions. As in the General Conditions.\n\nSECTION 2 - THE OWNER\n\n"
              "2.1 Access. The Owner gives access within 14 days.\n")
    write_doc(tmp_path, "SPEC-232113", "2026-01-05", PIPING)
    # (the lead-in's first item is one the pack skips, so nothing under it is read as its own)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "AMENDMENT No. 1\n\n"
              "Under clause 8 of the instructions to bidders, the Owner amends the bidding document as follows.\n\n"
              "1. Bid Data Sheet (Document 00 21 13), ITB 20.1: the closing date is moved to 3 March 2026.\n\n"
              '2. Section 23 21 13, Paragraph 2.1.A: replace "Schedule 40" with "Schedule 80".\n')
    reading = read_project(tmp_path, rules)
    # (before: "the Owner amends ..." proposed SPEC-PCA#2, 'names "THE OWNER", the title of SPEC-PCA#2, as what
    # changes')
    assert _applied(reading) == {("SPEC-232113#2.1.A", "partial", True)}
    assert not _proposed(reading)
