"""The extent read from an instruction's structure (issue 21): the provisions an addition is put
after, before or between are places, not what it changes; a bare revision bringing its new text
after "as:" is settled by that text; a heading saying its list is reissued settles the entries'
scope; a sentence whose subject is "this section" takes the heading's section; a later line's
imperative is an instruction of its own. Each form in words of its own, not the real addenda's."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 07 92 00 - JOINT SEALANTS\n\n2 PRODUCTS\n\n2.1 SEALANTS\n\nA. Silicone, ASTM C920, Class 50.\n\n"
        "B. Polyurethane at paving joints.\n\n2.2 BACKER ROD\n\nA. Closed-cell polyethylene.\n\n3 EXECUTION\n\n"
        "3.1 INSTALLATION\n\nA. Tool each joint concave.\n")
SHEET = ("id: DWG-S-301\nkind: drawing\nsheet: S-301\ntitle: Foundation Details\nissued: 2026-01-05\n"
         "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
         "  - id: note-2\n    text: \"NOTE 2: FOOTINGS BEAR ON UNDISTURBED SOIL.\"\n"
         "  - id: keynote-4\n    text: \"KEYNOTE 4: SUMP PIT, 24 INCHES SQUARE.\"\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "structure")
    write_doc(root, "SPEC-079200", "2026-01-05", SPEC)
    (root / "documents" / "dwg-s-301.drawing.yaml").write_text(SHEET)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_an_addition_placed_between_two_provisions_amends_the_article_it_joins(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSEALANTS\n\n"
                    "A new paragraph shall be inserted in Section 07 92 00 following paragraph 2.1.B and ahead of "
                    'Article 2.2: "C. Hybrid polymer at window perimeters."\n')
    assert _applied(reading) == {("SPEC-079200#2.1", "partial", True)}


def test_an_addition_placed_only_after_an_article_is_proposed(tmp_path, rules):
    # after an article: a new article, or a paragraph closing it: the words do not say
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSEALANTS\n\n"
                    'Insert the text below in Section 07 92 00 after Article 2.1: "Hybrid polymer at window '
                    'perimeters."\n')
    assert _applied(reading) == set()
    assert {(t, s) for t, s, _ in _proposed(reading)} == {("SPEC-079200", "partial")}


def test_the_following_named_provision_is_what_is_added_not_a_place(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSPECIFICATION CHANGES\n\n3. Section 079200, page 3\n\n"
                    "ADD the following paragraph 3.1B:\n\nB. Clean the joint faces before priming.\n")
    assert _applied(reading) == {("SPEC-079200#3.1", "partial", True)}


def test_modified_as_with_the_paragraph_restated_under_its_label_replaces_it(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n| No. | Clause | Reply |\n|---|---|---|\n"
                    '| 1 | Section 07 92 00, Clause 3.1.A | Clause 3.1.A is revised as: "A. Tool each joint flush." |\n')
    assert _applied(reading) == {("SPEC-079200#3.1.A", "full", True)}


def test_modified_as_with_a_quotation_not_under_its_label_is_proposed(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n| No. | Clause | Reply |\n|---|---|---|\n"
                    '| 1 | Section 07 92 00, Clause 3.1.A | Clause 3.1.A is revised as: "Tool each joint flush." |\n')
    assert _applied(reading) == set()
    assert ("SPEC-079200#3.1.A", "partial", True) in _proposed(reading)


def test_an_entry_under_a_reissued_heading_is_the_whole_section_even_with_a_revision_word(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSECTIONS RE-ISSUED:\n\n"
                    "- Section 07 92 00, Joint Sealants. The section was updated to add a backer rod "
                    "article.\n")
    assert _applied(reading) == {("SPEC-079200", "full", True)}


def test_this_section_as_the_subject_of_a_later_sentence_takes_the_heading_section(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSECTION 07 92 00 JOINT SEALANTS\n\n"
                    "- Not applicable. This section is removed from the bid documents; the owner seals the joints.\n")
    assert _applied(reading) == {("SPEC-079200", "full", False)}


def test_omitted_reads_as_the_delete_verb(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n| Ref | Query | Reply |\n|---|---|---|\n"
                    "| Q1 | Drawing S-301, Keynote 4 | Keynote 4 is omitted; no sump pit is built. |\n")
    assert _applied(reading) == {("DWG-S-301#keynote-4", "full", False)}


def test_imperatives_on_their_own_lines_under_an_item_heading_are_each_read(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSPECIFICATION CHANGES\n\n"
                    "ITEM 4: Section 07 92 00 Joint Sealants\nDelete paragraph 2.1.B.\n"
                    'Change "concave" to "flush" in paragraph 3.1.A.\n')
    edges = _applied(reading) | {(t, s, n) for t, s, n in _proposed(reading)}
    assert ("SPEC-079200#2.1.B", "full", False) in edges
    assert ("SPEC-079200#3.1.A", "partial", True) in edges


def test_a_sheet_replaced_by_the_enclosed_sheet_of_its_own_number_is_replaced_whole(tmp_path, rules):
    # the question's cell speaks of a detail; the reply's successor is the sheet itself, enclosed
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\n| No. | Drawing | Query | Reply |\n|---|---|---|---|\n"
                    "| 1 | Drawing S-301 | The sump detail conflicts with the pit schedule. | Drawing S-301 stands "
                    "replaced by the attached Drawing S-301, Rev. A. |\n")
    assert _applied(reading) == {("DWG-S-301", "full", True)}


def test_delete_and_in_lieu_thereof_insert_with_the_paragraph_restated_replaces_it(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM NO. 2\n\nSECTION 07 92 00 JOINT SEALANTS\n\n"
                    '- PARAGRAPH 3.1.A - TOOLING: Delete paragraph 3.1.A and in lieu thereof insert the following: '
                    '"A. Tool each joint flush with the adjoining faces."\n')
    assert _applied(reading) == {("SPEC-079200#3.1.A", "full", True)}
