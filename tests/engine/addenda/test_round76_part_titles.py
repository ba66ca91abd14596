"""Round 76 (issue 21): a provision named by the title of the part of its document that holds it, then its
number ("General Condition 3.2" in a document whose part 3 is headed "GENERAL CONDITIONS"), as public works
divisions' correction slips name their conditions and particular specifications; and a page named by its
number alone ("Page 5,") is where the words are printed, never what changes. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_line

CONDITIONS = ("TENDER No. 14/2027 - RETAINING WALL AT WARD 6\n\n3 GENERAL CONDITIONS\n\n"
              "3.1 The contractor shall fence the site before the works start.\n\n"
              "3.2 Rates shall hold good for 90 days from the date of opening.\n\n"
              "4 MATERIAL SPECIFICATIONS\n\n4.1 Stone shall be hard granite free from cracks.\n\n"
              "4.2 Weep holes shall be of 75 mm PVC pipe at 1.5 m centres.\n")


def _read(root: Path, rules, line: str):
    return read_line(root, rules, "round-76", line, spec=CONDITIONS, doc="SPEC-WALL",
                     title="General Conditions and Material Specifications, Tender No. 14/2027",
                     head="CORRIGENDUM No. 1\n\n", issued=("2027-03-01", "2027-04-05"))


def test_a_clause_named_by_its_part_title_is_applied(tmp_path, rules):
    applied, _, _ = _read(tmp_path, rules, '1. Page 5, General Condition 3.2: for "90 days" read "120 days".\n')
    assert applied == {("SPEC-WALL#3.2", "partial", True)}, applied


def test_the_part_title_written_in_the_plural_names_it_too(tmp_path, rules):
    applied, _, _ = _read(tmp_path, rules, "1. Material Specifications 4.2 shall be deleted.\n")
    assert applied == {("SPEC-WALL#4.2", "full", False)}, applied


def test_words_titling_another_part_place_nothing(tmp_path, rules):
    # 4.2 is no general condition: the words and the number disagree, nothing is applied
    applied, _, _ = _read(tmp_path, rules, "1. General Condition 4.2 shall be deleted.\n")
    assert not applied, applied


def test_part_of_a_title_places_nothing(tmp_path, rules):
    applied, _, _ = _read(tmp_path, rules, "1. Condition 3.2 shall be deleted.\n")
    assert not applied, applied


def test_a_page_alone_is_not_what_the_report_names(tmp_path, rules):
    # the tender notice is not held: the item is reported by the paragraph it names, past the page
    applied, proposed, reported = _read(tmp_path, rules, '1. Page 2, Tender Notice, Para 7: for "30 days" read "45 days".\n')
    assert not applied and not proposed, (applied, proposed)
    assert 'names "Para 7"' in reported and "Page 2" not in reported, reported
