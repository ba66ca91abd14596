"""Forms of owners' addenda read in round 25 (issue 21), each in words of its own: a thing taken
out of a paragraph ("The anti-glare visor is deleted from Cl. 2.1 B": the paragraph changed in part,
never deleted), and new text given without a verb of the pack - a reply's "Amendment: ..." after
the query it answers under an "Item n: <equipment> (Section ...)" heading, "... should only
state: "..."", an answer setting a value ("shall be 7 feet"), clauses reissued in redline
(~~struck~~ and **inserted** words) under a chapter's heading. Such text is proposed against the
provision it names (never applied), so that no item naming a change goes unsaid."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

LIGHTS = ("SECTION 26 51 00 - BUILDING LIGHTING\n\nPART 2 - PRODUCTS\n\n2.1 WALL PACKS\n\n"
          "A. LED wall packs, 40 W, 4000 K, with a photocell.\n\n"
          "B. Cast housing with an anti-glare visor and a tamper-proof lens.\n\n"
          "2.2 POLES\n\nA. Round steel poles, 6 m, hot-dip galvanized.\n")
CHAPTER = ("VOLUME III - EMPLOYER'S REQUIREMENTS\n\nCHAPTER 6 - YARD WORKS\n\n"
           "6.1 Scope. Pave and fence the boat yard.\n\n6.2 Paving\n\n"
           "6.2.1 Base. Crushed stone base, 200 mm thick, compacted in two layers.\n\n"
           "6.2.2 Surface. Asphalt, 60 mm, in one lift.\n\n"
           "6.3 Fencing. Chain-link fence, 2 m high, with one swing gate.\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "round-25")
    write_doc(root, "SPEC-265100", "2026-01-05", LIGHTS)
    write_doc(root, "SPEC-ER6", "2026-01-05", CHAPTER)
    path = root / "documents" / "spec-er6.md"
    path.write_text(path.read_text().replace("title: Document SPEC-ER6",
                                             "title: Employer's Requirements Chapter 6 Yard Works"))
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_thing_deleted_from_a_paragraph_changes_it_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, "CLARIFICATIONS - BATCH 1\n\n"
                    "| No. | Clause | Bidder Clarification | Response |\n|---|---|---|---|\n"
                    "| 1 | Section 26 51 00 Cl. 2.1 B | The visor raises the price. May it be left off? | "
                    "Agreed. The anti-glare visor is deleted from Cl. 2.1 B; the tamper-proof lens remains required. |\n")
    assert ("SPEC-265100#2.1.B", "full", False) not in _applied(reading) | _proposed(reading)
    assert ("SPEC-265100#2.1.B", "partial", True) in _applied(reading) | _proposed(reading)
    # (the provision itself the subject: the whole of it goes)
    whole = _read(tmp_path / "whole", rules, "ADDENDUM NO. 1\n\n1. Paragraph 2.1 B is deleted from Section 26 51 00.\n")
    assert _applied(whole) == {("SPEC-265100#2.1.B", "full", False)}


def test_a_querys_amendment_under_an_item_heading_is_proposed_for_the_point_it_names(tmp_path, rules):
    reading = _read(tmp_path, rules, "PRE-BID AMENDMENT\n\nItem 1: Wall Packs (Section 26 51 00)\n\n"
                    "a) Query (Pg. 20, Pt. 2.1 A): A 40 W wall pack is too bright for the yard. "
                    "Amendment: The wall packs shall be 30 W; the colour temperature is unchanged.\n\n"
                    "b) Query (Pg. 21, Pt. 2.2 A): Aluminium poles may be allowed. Amendment: No change.\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-265100#2.1.A", "partial", True)}


def test_an_amendment_giving_the_points_whole_text_is_proposed_in_full(tmp_path, rules):
    reading = _read(tmp_path, rules, "PRE-BID AMENDMENT\n\nItem 2: Poles (Section 26 51 00)\n\n"
                    "a) Query (Pg. 22, Pt. 2.2 A): Taller poles are needed at the slipway. "
                    "Amendment: A. Round steel poles, 8 m, hot-dip galvanized and painted.\n")
    assert _proposed(reading) == {("SPEC-265100#2.2.A", "full", True)}


def test_an_answer_that_should_only_state_new_text_replaces_the_clause_in_full(tmp_path, rules):
    # (since round 72 "should only state:" gives the whole new text as "should read:" does, and an answer
    # restating a clause under its own label after "should read:" is applied; it was proposed)
    reading = _read(tmp_path, rules, "CLARIFICATION No: 1\n\nQUESTION:\n\n1) Clause 6.3 of Chapter 6 asks for one gate. "
                    "Two are needed. Please confirm.\n\nANSWER:\n\nClause 6.3 of Chapter 6 has an error; it should only "
                    "state: \"6.3 Fencing. Chain-link fence, 2 m high, with two swing gates.\"\n")
    assert _applied(reading) == {("SPEC-ER6#6.3", "full", True)}


def test_an_answer_setting_a_value_is_proposed_in_part(tmp_path, rules):
    reading = _read(tmp_path, rules, "ANSWERS TO BIDDERS\n\nQ 1: The poles at the slipway are too short. "
                    "Can they be taller?\n\nA 1: At the slipway the poles of Section 26 51 00, paragraph 2.2 A "
                    "shall be 8 m; elsewhere they remain 6 m.\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-265100#2.2.A", "partial", True)}


def test_clauses_reissued_in_redline_under_a_chapters_heading_are_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, "Addendum 2\n\nThe clauses below are reissued in redline.\n\n"
                    "VOLUME III, EMPLOYER'S REQUIREMENTS, CHAPTER 6\n\n"
                    "**6.2.3 Markings. Thermoplastic bay markings, 100 mm wide, white.**\n\n"
                    "6.2.1 Base. Crushed stone base, ~~200~~ **250** mm thick, compacted in two layers.\n\n"
                    "~~6.3 Fencing. Chain-link fence, 2 m high, with one swing gate.~~\n")
    assert _applied(reading) == set()
    assert _proposed(reading) == {("SPEC-ER6#6.2", "partial", True), ("SPEC-ER6#6.2.1", "full", True),
                                  ("SPEC-ER6#6.3", "full", False)}
