"""Audit 67 C F7 (issue 23): a paragraph named right after two sections listed together (a row whose Section cell
is "03 30 00 and 09 91 23", "03 30 00 / 09 91 23" or "03 30 00, 09 91 23" and whose Paragraph cell is 2.2.C; the
prose "Sections 03 30 00 and 09 91 23, Paragraph 2.2.C: Delete.") was bound in the nearer section alone, which
lacks it, and the other section was proposed for deletion whole. The paragraph is that paragraph in each section
listed: placed where a section holds it, said where one does not, and no whole document is changed. Words and
numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.2 ADMIXTURES\n\n"
            "A. Air entraining admixture to ASTM C260.\n\nB. Retarding admixture to ASTM C494 Type B.\n\n"
            "C. Non-chloride accelerator to ASTM C494 Type C.\n")
PAINTING = ("SECTION 09 91 23 - INTERIOR PAINTING\n\nPART 2 PRODUCTS\n\n2.2 PRIMERS\n\n"
            "A. Gypsum board primer: acrylic latex.\n\nB. Concrete block primer: latex block filler.\n")
PAINTING_WITH_C = PAINTING + "\nC. Steel primer: rust-inhibitive alkyd.\n"


MASONRY = ("SECTION 04 20 00 - UNIT MASONRY\n\nPART 2 PRODUCTS\n\n2.2 MORTAR\n\nA. Mortar to ASTM C270 Type S.\n\n"
           "B. Grout to ASTM C476.\n\nC. Admixtures: none without approval.\n")


def _read(root: Path, rules, body: str, painting: str = PAINTING, masonry: bool = False):
    start_project(root, "audit-67-f7")
    write_doc(root, "SPEC-033000", "2027-03-01", CONCRETE, kind="specification", title="Section 03 30 00 Cast-in-Place Concrete")
    if masonry:
        write_doc(root, "SPEC-042000", "2027-03-01", MASONRY, kind="specification", title="Section 04 20 00 Unit Masonry")
    write_doc(root, "SPEC-099123", "2027-03-01", painting, kind="specification", title="Section 09 91 23 Interior Painting")
    write_doc(root, "ADD-01", "2027-04-12", "ADDENDUM NO. 2\n\n" + body, kind="addendum", title="Addendum No. 2")
    reading = read_project(root, rules)
    reported = " ".join(n.reason or "" for n in reading.not_understood)
    whys = " ".join(p.evidence.why or "" for p in reading.proposed)
    return applied(reading), proposed(reading), reported, whys


_ROW = "| No. | Section | Paragraph | Change |\n|---|---|---|---|\n| 1 | {} | 2.2.C | Delete |\n"


@pytest.mark.parametrize("body", [
    _ROW.format("03 30 00 and 09 91 23"),
    _ROW.format("03 30 00 / 09 91 23"),
    _ROW.format("03 30 00, 09 91 23"),
    "1. Sections 03 30 00 and 09 91 23, Paragraph 2.2.C: Delete.\n",
])
def test_a_paragraph_after_two_listed_sections_is_that_paragraph_in_each(tmp_path, rules, body):
    done, offered, reported, whys = _read(tmp_path, rules, body)
    placed = {t: s for t, s, _ in done | offered}
    assert not [t for t in placed if "#" not in t], (done, offered, reported)  # (never a whole document)
    assert placed == {"SPEC-033000#2.2.C": "full"}, (done, offered, reported)
    assert "SPEC-099123, which has no paragraph 2.2.C" in reported + whys  # (the other section's lack is said)


def test_a_paragraph_both_listed_sections_hold_is_placed_in_both(tmp_path, rules):
    done, offered, reported, _ = _read(tmp_path, rules, _ROW.format("03 30 00 and 09 91 23"), painting=PAINTING_WITH_C)
    assert {t for t, _, _ in done | offered} == {"SPEC-033000#2.2.C", "SPEC-099123#2.2.C"}, (done, offered, reported)


def test_one_section_in_the_cell_is_applied_as_before(tmp_path, rules):
    # (the control: one section named, the paragraph in it applied)
    done, offered, reported, _ = _read(tmp_path, rules, _ROW.format("03 30 00"))
    assert {t for t, _, _ in done} == {"SPEC-033000#2.2.C"} and not offered, (done, offered, reported)


# Audit 68 C F6, F7, F10: the same paragraph in each listed section, in other word orders: the paragraph before
# the sections ("of Sections"), each section with its own word, a verb between, two paragraphs listed together.
@pytest.mark.parametrize("body", [
    "1. Paragraph 2.2.C of Sections 03 30 00 and 09 91 23: Delete.\n",
    "1. Article 2.2.C of Sections 03 30 00 and 09 91 23 is deleted.\n",
    "1. Section 03 30 00 and Section 09 91 23, Paragraph 2.2.C: Delete.\n",
    "1. In Sections 03 30 00 and 09 91 23, delete Paragraph 2.2.C.\n",
])
def test_a_paragraph_of_listed_sections_in_any_word_order_is_placed_in_each(tmp_path, rules, body):
    done, offered, reported, _ = _read(tmp_path, rules, body, painting=PAINTING_WITH_C)
    assert {t for t, _, _ in done | offered} == {"SPEC-033000#2.2.C", "SPEC-099123#2.2.C"}, (done, offered, reported)


def test_two_paragraphs_after_two_listed_sections_are_placed_in_both(tmp_path, rules):
    done, offered, reported, _ = _read(tmp_path, rules, "1. Sections 03 30 00 and 09 91 23, Paragraphs 2.2.B and 2.2.C: Delete.\n",
                                       painting=PAINTING_WITH_C)
    assert {t for t, _, _ in done | offered} == {"SPEC-033000#2.2.B", "SPEC-033000#2.2.C", "SPEC-099123#2.2.B",
                                                 "SPEC-099123#2.2.C"}, (done, offered, reported)


def test_a_spanish_paragraph_after_two_listed_sections_touches_no_whole_document(tmp_path, rules):
    done, offered, reported, _ = _read(tmp_path, rules, "1. Secciones 03 30 00 y 09 91 23, párrafo 2.2.C: Eliminar.\n",
                                       painting=PAINTING_WITH_C)
    assert {t for t, _, _ in done | offered} == {"SPEC-033000#2.2.C", "SPEC-099123#2.2.C"}, (done, offered, reported)


# Audit 68 C F10: the Spanish infinitive alone as the whole instruction after the colon ("párrafo 2.2.C: Eliminar.")
# deletes the paragraph of each listed section, as "Delete." does; it was read by no verb of the pack and proposed
# as a change in part with a successor.
def test_eliminar_alone_after_listed_sections_deletes_the_paragraph_of_each(tmp_path, rules):
    done, offered, reported, _ = _read(tmp_path, rules, "1. Secciones 03 30 00 y 09 91 23, párrafo 2.2.C: Eliminar.\n",
                                       painting=PAINTING_WITH_C)
    assert {(t, s) for t, s, _ in done | offered} == {("SPEC-033000#2.2.C", "full"), ("SPEC-099123#2.2.C", "full")}, (
        done, offered, reported)


# Audit 68 C F8: a section listed with others that lacks the paragraph was said only in the why of the other
# sections' proposal, and nothing was reported for it; its half is reported as the one-section item is, in prose,
# in a row, with the paragraph before the sections, and for two paragraphs listed.
@pytest.mark.parametrize("body, wanted, lacked", [
    ("1. Sections 03 30 00 and 09 91 23, Paragraph 2.2.C: Delete.\n", {"SPEC-033000#2.2.C"}, "2.2.C"),
    ("1. Paragraph 2.2.C of Sections 03 30 00 and 09 91 23: Delete.\n", {"SPEC-033000#2.2.C"}, "2.2.C"),
    ("1. Sections 03 30 00, 04 20 00 and 09 91 23, Paragraph 2.2.C: Delete.\n",
     {"SPEC-033000#2.2.C", "SPEC-042000#2.2.C"}, "2.2.C"),
    (_ROW.format("03 30 00, 04 20 00, 09 91 23"), {"SPEC-033000#2.2.C", "SPEC-042000#2.2.C"}, "2.2.C"),
    ("1. Sections 03 30 00 and 09 91 23, Paragraphs 2.2.B and 2.2.C: Delete.\n",
     {"SPEC-033000#2.2.B", "SPEC-033000#2.2.C", "SPEC-099123#2.2.B"}, "2.2.C"),
])
def test_a_listed_section_lacking_the_paragraph_is_reported(tmp_path, rules, body, wanted, lacked):
    done, offered, reported, _ = _read(tmp_path, rules, body, masonry=True)
    assert {t for t, _, _ in done | offered} == wanted, (done, offered, reported)
    assert f"SPEC-099123, which has no paragraph {lacked}" in reported, (done, offered, reported)



def test_a_listed_section_lacking_the_paragraph_is_reported_in_an_item_of_several_instructions(tmp_path, rules):
    # (an item read instruction by instruction: what one instruction's listed section lacks is still reported)
    done, offered, reported, _ = _read(tmp_path, rules, "1. Delete Paragraph 2.2.C of Sections 03 30 00 and 09 91 23. "
                                       "Revise Paragraph 2.2.A of Section 04 20 00 to read \"Mortar to ASTM C270 Type N.\"\n",
                                       masonry=True)
    assert "SPEC-033000#2.2.C" in {t for t, _, _ in done | offered}, (done, offered, reported)
    assert "SPEC-099123, which has no paragraph 2.2.C" in reported, (done, offered, reported)


# Audit 69 C F6: the paragraph named first, then taken "from" the sections listed ("Delete Paragraph 2.2.C from
# Sections 03 30 00 and 04 20 00.") was bound in the nearer section alone; the other was proposed for deletion whole
# and its own 2.2.C was neither placed nor said. "from" is one more word order of the list: the paragraph of each.
@pytest.mark.parametrize("verb", ["Delete", "Remove"])
def test_a_paragraph_taken_from_listed_sections_is_that_paragraph_in_each(tmp_path, rules, verb):
    done, offered, reported, _ = _read(tmp_path, rules, f"1. {verb} Paragraph 2.2.C from Sections 03 30 00 and 04 20 00.\n",
                                       masonry=True)
    assert {(t, s) for t, s, _ in done | offered} == {("SPEC-033000#2.2.C", "full"), ("SPEC-042000#2.2.C", "full")}, (
        done, offered, reported)


def test_a_section_a_paragraph_is_taken_from_that_lacks_it_is_reported(tmp_path, rules):
    done, offered, reported, _ = _read(tmp_path, rules, "1. Delete Paragraph 2.2.C from Sections 03 30 00 and 09 91 23.\n")
    assert {t for t, _, _ in done | offered} == {"SPEC-033000#2.2.C"}, (done, offered, reported)
    assert "SPEC-099123, which has no paragraph 2.2.C" in reported, (done, offered, reported)
