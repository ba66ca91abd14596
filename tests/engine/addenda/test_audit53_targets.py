"""Audit 53's addenda findings on what an item targets (issue 23), in words of our own: a paragraph of a
section number two documents share is proposed in each holder, never as either whole document; an item
taking back an earlier addendum's item is reported, never silent; and a sentence saying another paragraph
stays unchanged names no target, the item's own change being read from the rest."""

from __future__ import annotations

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
            "B. Maximum water-cementitious ratio 0.45.\n\nC. Slump 4 inches. Add no water at the site.\n\n"
            "D. Air content 5 to 7 percent.\n")


def test_a_paragraph_of_a_section_number_two_documents_share_is_proposed_in_each_never_whole(tmp_path, rules):
    start_project(tmp_path, "audit-53")
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", CONCRETE)
    write_doc(tmp_path, "SITE-033000", "2026-01-05", CONCRETE.replace("CAST-IN-PLACE", "SITE"))
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n1.1 Section 03 30 00, Paragraph 2.1.B: Delete the "
              "paragraph and substitute: \"B. Maximum water-cementitious ratio 0.40.\"\n")
    reading = read_project(tmp_path, rules)
    assert not reading.applied
    assert {p.target.format() for p in reading.proposed} == {"SPEC-033000#2.1.B", "SITE-033000#2.1.B"}
    assert all("is no document" not in (n.reason or "") for n in reading.not_understood)


def test_an_earlier_addendums_item_taken_back_is_reported(tmp_path, rules):
    start_project(tmp_path, "audit-53")
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", CONCRETE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 3\n\n1.1 Addendum No. 2, Item 1.3, is withdrawn in its "
              "entirety.\n")
    reading = read_project(tmp_path, rules)
    assert not reading.applied and not reading.proposed
    assert any("earlier addendum's item" in (n.reason or "") and "Item 1.3" in (n.reason or "")
               for n in reading.not_understood), reading.not_understood


def test_a_paragraph_said_unchanged_is_no_target_and_the_change_before_it_is_read(tmp_path, rules):
    start_project(tmp_path, "audit-53")
    write_doc(tmp_path, "SPEC-033000", "2026-01-05", CONCRETE)
    write_doc(tmp_path, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\n1.1 Section 03 30 00, Paragraph 2.1.C: Revise the "
              "second sentence to read: \"Do not add water at the site.\" Paragraph 2.1.D is unchanged and remains in "
              "force.\n")
    reading = read_project(tmp_path, rules)
    said = {e.target.format() for e in reading.applied} | {p.target.format() for p in reading.proposed}
    assert "SPEC-033000#2.1.C" in said, said
    assert "SPEC-033000#2.1.D" not in said
