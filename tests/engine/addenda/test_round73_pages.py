"""Round 73 of issue 21: pages of a section named as what an addendum replaces, where those pages
leave some of the section as it was (pages after its first, a page slipped in between two of its
own, fewer pages than the count the item gives). The section changes in part, and the pages
place the change though no article is named. Each test keeps a near form proposed too, so the
reading stays no wider than its plain sense. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 33 14 00 - WATER DISTRIBUTION\n\n2 PRODUCTS\n\n2.1 PIPE\n\n"
        "A. Ductile iron pipe, pressure class 350, cement-mortar lined.\n\nB. Fittings of ductile iron, 250 psi.\n\n"
        "3 EXECUTION\n\n3.1 INSTALLATION\n\nA. Flush each main before testing.\n")
PAVING = ("SECTION 32 12 16 - ASPHALT PAVING\n\n3 EXECUTION\n\n3.2 PLACING\n\n"
          "A. Place the surface course in one lift, 50 mm compacted.\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "round-73-pages")
    write_doc(root, "SPEC-331400", "2027-01-05", SPEC, title="Section 33 14 00 - Water Distribution")
    write_doc(root, "SPEC-321216", "2027-01-05", PAVING, title="Section 32 12 16 - Asphalt Paving")
    write_doc(root, "ADD-01", "2027-02-02", addendum, kind="addendum", title="Addendum No. 1")
    return read_project(root, rules)


def test_a_page_of_a_counted_section_put_in_anew_changes_it_in_part(tmp_path, rules):
    # "page 2 of 4": one page of four taken out and its revision put in; the other three stay
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nThis addendum forms part of the Bid Documents.\n\nCHANGES TO THE SPECIFICATIONS\n\n"
        "Take out each page listed and put in the attached page with the same number:\n\n"
        "Section 33 14 00 Water Distribution, page 2 of 4\n\n"
        "Section 32 12 16 Asphalt Paving, pages 1 through 3 of 3\n"))
    assert ("SPEC-331400", "partial", True) in _applied(reading), (_applied(reading), _proposed(reading))
    # (every page it counts: the whole may be meant, and nothing of it is applied in part)
    assert ("SPEC-321216", "partial", True) not in _applied(reading), _applied(reading)


def test_pages_after_the_first_reprinted_change_the_section_in_part(tmp_path, rules):
    # "(page 33 14 00-2 reprinted)": the page reprinted is not the whole; a range from its first may be
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nA. Where a paragraph has changed, the whole page carrying it is reprinted.\n\n"
        "B. The Sections below have changed:\n\n"
        "1. Section 33 14 00 Water Distribution (page 33 14 00-2 reprinted)\n\n"
        "2. Section 32 12 16 Asphalt Paving (pages 32 12 16-1 through 32 12 16-3 reprinted)\n"))
    assert ("SPEC-331400", "partial", True) in _applied(reading), (_applied(reading), _proposed(reading))
    assert not any(t == "SPEC-321216" for t, _, _ in _applied(reading)), _applied(reading)


def test_pages_listed_of_several_sections_are_each_its_own(tmp_path, rules):
    # "page numbers: 32 12 16-1, 32 12 16-2 and 33 14 00-2": page 2 of one section, pages from the first of the other
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nItem 1-6 Revised specification page numbers: 32 12 16-1, 32 12 16-2 and 33 14 00-2.\n"))
    assert ("SPEC-331400", "partial", True) in _applied(reading), (_applied(reading), _proposed(reading))
    assert not any(t == "SPEC-321216" for t, _, _ in _applied(reading)), _applied(reading)


def test_pages_of_the_volume_or_pointed_to_in_an_answer_place_nothing(tmp_path, rules):
    # "Page No. 58 to 60, Section ...": the bid volume's pages, perhaps all of the section; an answer
    # saying "See the new pages ..." points to the item that puts them in
    reading = _read(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nCHANGES TO THE SPECIFICATIONS\n\n"
        "1. Page No. 58 to 60, Section 33 14 00 Water Distribution: replaced by the attached revised text.\n\n"
        "RESPONSES TO QUESTIONS\n\nQuestion 1-1) Is a surface course of 40 mm acceptable?\n\n"
        "Response: No. See the new pages 32 12 16-2.1 to 32 12 16-2.3 inserted by this Addendum.\n"))
    assert ("SPEC-331400", "partial", True) not in _applied(reading), _applied(reading)
    assert ("SPEC-321216", "partial", True) not in _applied(reading), _applied(reading)
