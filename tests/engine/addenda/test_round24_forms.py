"""Forms of owners' addenda read in round 24 (issue 21), each in words of its own: a chapter of
bidding documents numbered by chapter and clause, named after the book it divides ("Chapter 5 of
the Employer's Requirements", "Ch-5" in a query table's column); a clause's lettered item closed by
its bracket ("Clause 5.2.2 b)"); a committee's "BAC Resolution:" answering the query above it; a
clause given anew as a reading ("will be read as "..."", "stands modified as "...""), full when the
clause is the verb's subject and the quotation a whole statement; "the same Chapter"; and a table
row whose reply opens a sentence after the query's cells."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

CHAPTER = ("VOLUME II - EMPLOYER'S REQUIREMENTS\n\nCHAPTER 5 - MOORING WORKS\n\n"
           "5.1 Scope. Supply and fix the mooring hardware of the visitor berths.\n\n"
           "5.2 Hardware\n\n5.2.1 Cleats. Cast aluminium cleats, 250 mm, two per finger.\n\n"
           "5.2.2 Rings. Mooring rings as follows:\n\na) Ring bar: 16 mm stainless steel.\n\n"
           "b) Ring plate: 6 mm stainless steel.\n\n5.3 Signs. A berth number sign on every finger.\n\n"
           "5.4 Fenders. Timber rubbing strips along both faces of each finger.\n")
PAINTING = ("SECTION 09 91 00 - PAINTING\n\nPART 2 PRODUCTS\n\n2.1 PAINT\n\nA. Two coats of acrylic enamel on exposed steel.\n\n"
            "B. One coat of primer on galvanized steel.\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "round-24")
    write_doc(root, "SPEC-ER5", "2026-01-05", CHAPTER)
    path = root / "documents" / "spec-er5.md"
    path.write_text(path.read_text().replace("title: Document SPEC-ER5",
                                             "title: Employer's Requirements Chapter 5 Mooring Works"))
    write_doc(root, "SPEC-099100", "2026-01-05", PAINTING)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_chapter_named_after_its_book_is_the_document_designated_so(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n1. Clause 5.2.1 of Chapter 5 of the Employer's Requirements is "
                    "herewith revised to read \"Galvanized steel cleats, 300 mm, three per finger.\"\n")
    assert _applied(reading) == {("SPEC-ER5#5.2.1", "full", True)}


def test_a_chapter_in_a_query_tables_column_places_the_clause_the_reply_deletes(tmp_path, rules):
    reading = _read(tmp_path, rules, "PREBID CLARIFICATION NO. 1\n\n"
                    "| Sl. No. | Volume | Chapter | Clause no. | Query | Reply |\n|---|---|---|---|---|---|\n"
                    "| 1 | Volume II | Ch-5 | 5.3 | Are berth signs needed when the pontoon supplier fits its own? | "
                    "Clause 5.3 stands deleted. |\n")
    assert _applied(reading) == {("SPEC-ER5#5.3", "full", False)}


def test_a_clauses_item_lettered_with_a_closing_bracket_is_that_item(tmp_path, rules):
    # ("Clause 5.2.2 b)": item b of clause 5.2.2, never the whole clause)
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n1. In Chapter 5 of the Employer's Requirements, Clause 5.2.2 b) is "
                    "revised to read: \"b) Ring plate: 8 mm stainless steel.\"\n")
    assert _applied(reading) == {("SPEC-ER5#5.2.2.b", "full", True)}


def test_a_committees_resolution_answers_the_query_above_it(tmp_path, rules):
    reading = _read(tmp_path, rules, "SUPPLEMENTAL/BID BULLETIN NO. 1\n\n"
                    "1. Section 09 91 00, Paragraph 2.1 A asks for two coats. Is a third coat needed at the wash bay?\n\n"
                    "BAC Resolution: Yes. Section 09 91 00, Paragraph 2.1 A is revised to include a third coat at the wash bay.\n")
    assert _applied(reading) == {("SPEC-099100#2.1.A", "partial", True)}


def test_a_clause_read_as_a_whole_statement_is_replaced(tmp_path, rules):
    reading = _read(tmp_path, rules, "CORRIGENDUM NO. 1\n\nWith reference to the above tender, it is informed that:\n\n"
                    "1. Clause 2.1 A \"Paint\" of Section 09 91 00 (Painting) of the Tender Document will be read as "
                    "\"Three coats of acrylic enamel on all exposed steel, the last one after erection.\"\n")
    assert _applied(reading) == {("SPEC-099100#2.1.A", "full", True)}


def test_a_clause_read_as_a_statement_instead_of_another_is_proposed_whole_never_applied_in_part(tmp_path, rules):
    # whether the old statement was all of the clause only its own text could say: a replacement proposed
    reading = _read(tmp_path, rules, "AMENDMENT - 1\n\nThe following amendments are hereby issued.\n\n"
                    "Section 09 91 00 Clause 2.1 B) shall be read as \"Two coats of primer on galvanized steel.\" "
                    "instead of \"One coat of primer on galvanized steel.\"\n\n"
                    "Section 09 91 00 Clause 2.1 A) The number of coats shall be read as three instead of two.\n")
    assert _applied(reading) == {("SPEC-099100#2.1.A", "partial", True)}
    assert _proposed(reading) == {("SPEC-099100#2.1.B", "full", True)}


def test_a_clause_standing_modified_as_a_statement_in_a_reply_is_replaced(tmp_path, rules):
    reading = _read(tmp_path, rules, "PRE BID CLARIFICATION\n\n"
                    "| Sr. No. | Clause | Points raised by Contractor | Clarification |\n|---|---|---|---|\n"
                    "| 1 | Volume II Section 09 91 00, Clause 2.1 B, page no. 40 | Primer on galvanized steel peels. | "
                    "Accepted. Clause 2.1 B stands modified as \"Etch galvanized steel and apply one coat of epoxy primer.\" |\n")
    assert _applied(reading) == {("SPEC-099100#2.1.B", "full", True)}


def test_a_replys_sentence_naming_the_clause_again_settles_the_row(tmp_path, rules):
    reading = _read(tmp_path, rules, "CLARIFICATION NO. 1\n\n"
                    "| No. | Volume | Part | Clause | Subject | Response |\n|---|---|---|---|---|---|\n"
                    "| 1.01 | Volume II | Section 6 - Employer's Requirements, Chapter 5 | Cl. 5.4 | Fenders | "
                    "Yes. Cl. 5.4 is amended to add: \"Fix the strips with stainless steel coach screws.\" |\n")
    assert _applied(reading) == {("SPEC-ER5#5.4", "partial", True)}


def test_a_clause_of_the_same_chapter_is_in_the_chapter_an_item_before_names(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Clause 5.2.1 of Chapter 5 of the Employer's Requirements is herewith revised to read "
                    "\"Galvanized steel cleats, 300 mm, three per finger.\"\n\n"
                    "2. Clause 5.3 of the same Chapter (Signs) is herewith revised to read "
                    "\"A berth number sign and a depth sign on every finger.\"\n")
    assert _applied(reading) == {("SPEC-ER5#5.2.1", "full", True), ("SPEC-ER5#5.3", "full", True)}
