"""Layouts that set an addendum's instructions under a line of their own (issue 21): a document
named by number and title over the changes to its paragraphs or notes, a one-line "the following
...:" lead-in over the instruction on the next line, and the new words an instruction brings below
it. Each form in words of our own, not those of the real addenda it was seen in."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc

SIDING = ("SECTION 07 46 00 - SIDING\n\n2 PRODUCTS\n\n2.1 BOARDS\n\nA. Fiber-cement boards, smooth face.\n\n"
          "B. Ring-shank nails.\n\n3 EXECUTION\n\n3.1 INSTALLATION\n\nA. Gap butt joints 1/8 inch.\n")
SEALANTS = "SECTION 07 92 00 - JOINT SEALANTS\n\n2 PRODUCTS\n\n2.1 SEALANTS\n\nA. Silicone, Class 50.\n"


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "layouts")
    write_doc(root, "SPEC-074600", "2026-01-05", SIDING)
    write_doc(root, "SPEC-079200", "2026-01-05", SEALANTS)
    write_sheet(root, "L-101", body="GENERAL NOTES\n\n1. Mulch all beds.\n")
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_document_named_on_a_line_of_its_own_heads_the_paragraph_changes_below_it(tmp_path, rules):
    # engineers head each section's changes with its number and title in plain words; "Replace
    # the whole paragraph with the following:" restates the paragraph, and its new words below
    # are no item of their own
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "Item 1: Specification Changes\n\n"
                    "Specification 07 46 00 - Siding\n\n"
                    "Paragraph 2.1.B - Replace \"Ring-shank nails\" with \"Stainless ring-shank nails\".\n\n"
                    "Paragraph 3.1.A - Replace the whole paragraph with the following:\n\n"
                    "A. Leave a 3/16-inch gap at butt joints and fill it with a backer rod and sealant.\n\n"
                    "Specification 07 92 00 - Joint Sealants\n\n"
                    "Paragraph 2.1.A - Replace \"Class 50\" with \"Class 100/50\".\n")
    assert _applied(reading) == {("SPEC-074600#2.1.B", "partial", True), ("SPEC-074600#3.1.A", "full", True),
                                 ("SPEC-079200#2.1.A", "partial", True)}
    assert not reading.proposed


def test_a_one_line_lead_in_over_the_instruction_on_the_next_line(tmp_path, rules):
    # letting addenda: "Make the following ... to the PLANS for ...:" and the instruction right
    # under it, each group its own; the lead's "changes" never joins the instruction's verb
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "Make the following changes to the ROADSIDE PLANS for contract 88-A:\n"
                    "Replace SHEET L-101 with attached SHEET L-101.\n\n"
                    "Make the following changes to the SPECIAL PROVISIONS:\n"
                    "Replace Section 07 92 00 with attached Section 07 92 00, revised January 30, 2026.\n")
    assert _applied(reading) == {("DWG-L-101", "full", True), ("SPEC-079200", "full", True)}
