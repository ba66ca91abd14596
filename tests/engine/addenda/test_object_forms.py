"""Which provision an item names, in an owner's own terms (issue 21): "Par." for a paragraph with
its letter set apart; an article called a "Section" and its paragraph an "Article" inside a section
the item names; a lettered paragraph called a "point" after its clause's number and title; one
"Action:" line after another under an item's caption; a corrigendum's "Point No" with its
"Instead of:" and "Read:" texts; a document's title shortened before the clause it cites. Each form
in words of our own, not those of the real addenda."""

from __future__ import annotations

from pathlib import Path

from inforce.rules import RuleSet

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

MASONRY = ("SECTION 04 22 00 - CONCRETE UNIT MASONRY\n\n2 PRODUCTS\n\n2.1 BLOCK\n\nA. Hollow load-bearing units.\n\n"
           "B. Split-face units at the base course.\n\n2.3 MORTAR\n\nA. Type S.\n\n3 EXECUTION\n\n3.1 LAYING\n\n"
           "A. Running bond.\n\nB. Tooled concave joints.\n\n3.2 CLEANING\n\nA. Dry brush at the end of each day.\n\n"
           "B. Wash the base course down.\n")
CONDITIONS = ("GENERAL CONDITIONS OF THE QUAY CONTRACT\n\n4 TIME\n\n4.2 Extensions. The Engineer grants an extension "
              "for each day of delay the Owner causes.\n\n4.3 Weather. Days of rain count as working days.\n")


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "objects")
    write_doc(root, "SPEC-042200", "2026-01-05", MASONRY)
    write_doc(root, "SPEC-GC", "2026-01-05", CONDITIONS)
    path = root / "documents" / "spec-gc.md"
    path.write_text(path.read_text().replace("title: Document SPEC-GC", "title: General Conditions of the Quay Contract"))
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_par_abbreviation_with_the_letter_set_apart(tmp_path, rules):
    # school districts write "Par. 3.1 B": paragraph B of article 3.1, not the section around it
    reading = _read(tmp_path, rules, "ADDENDUM 3\n\n"
                    "1. Section 04 22 00 Par. 3.1 B is deleted in its entirety.\n")
    assert _applied(reading) == {("SPEC-042200#3.1.B", "full", False)}


def test_a_paragraph_said_to_have_been_added_amends_its_article(tmp_path, rules):
    reading = _read(tmp_path, rules, "ADDENDUM 3\n\n"
                    '1. Section 04 22 00 - Masonry: Par. 2.3 B has been added, as follows: "B. Type N above grade."\n')
    assert _applied(reading) == {("SPEC-042200#2.3", "partial", True)}


def test_action_lines_calling_the_article_a_section(tmp_path, rules):
    # the caption names the document ("Project Manual Section 04 22 00"); each "Action:" line calls
    # the article a "Section" and its paragraph an "Article"; the second line is an item of its own
    reading = _read(tmp_path, rules, "ADDENDUM 3\n\n"
                    "Item #1: Project Manual Section 04 22 00 Unit Masonry\n"
                    'Action: Section 3.1, Article B Delete "concave" and insert "concave or V-shaped".\n'
                    "Action: Section 3.2, Article B Delete in its entirety.\n"
                    'Action: Section 3.2, Article A Add at the end: "Use a stiff brush."\n')
    # (the capital "A" before "Add" is the paragraph's letter, not an article making "Add" an adjective)
    assert _applied(reading) == {("SPEC-042200#3.1.B", "partial", True), ("SPEC-042200#3.2.B", "full", False),
                                 ("SPEC-042200#3.2.A", "partial", True)}
    lines = {edge.target.format(): edge.line for edge in reading.applied}
    assert lines["SPEC-042200#3.2.B"] == lines["SPEC-042200#3.1.B"] + 2  # the second action an item on its own line


def test_a_section_numbered_like_an_article_in_no_named_section_is_no_paragraph_of_one(tmp_path, rules):
    # "Section 4.2" of a document the item does not name: an agency's section, or a clause for a
    # person to place; never an article of a section guessed for it
    reading = _read(tmp_path, rules, "ADDENDUM 3\n\n1. Section 4.2 - Delete the second sentence.\n")
    assert not _applied(reading)


def test_a_point_after_the_clause_number_and_its_title(tmp_path, rules):
    # tender corrigenda: "clause 2.1 BLOCK, point C inserted as below:" adds a paragraph to the article
    reading = _read(tmp_path, rules, "CORRIGENDUM 1\n\n"
                    "(1) Page No. 12, Section 04 22 00, clause 2.1 BLOCK, point C inserted as below:\n\n"
                    '"C. Solid units at the sills."\n')
    assert _applied(reading) == {("SPEC-042200#2.1", "partial", True)}


def test_corrigendum_points_with_instead_of_and_read_texts(tmp_path, rules):
    # each "Point No" holds its old and new texts: one item each, nothing passes silently. The new
    # text opening with the clause's own label, as the old one does, restates it whole; a quoted
    # phrase for a quoted phrase changes part of it; the shortened title before the clause names the
    # conditions, which a title only proposes
    reading = _read(tmp_path, rules, "CORRIGENDUM 2\n\n"
                    "The tender documents are amended as follows:\n\n"
                    "Point No 1: General Conditions, Clause 4.3, Weather\n\n"
                    "Instead of:\n\n"
                    "4.3 Weather. Days of rain count as working days.\n\n"
                    "Read:\n\n"
                    "4.3 Weather. Days of rain over 10 mm count as lost days.\n\n"
                    "Point No 2: Section 04 22 00, Clause 3.1.A\n\n"
                    'Instead of: "Running bond"\n\n'
                    'Read: "Running bond, or stack bond at the piers"\n\n'
                    "Point No 3: Section 04 22 00, Clause 2.1.B\n\n"
                    "Instead of: B. Split-face units at the base course.\n\n"
                    "Read: B. Split-face units at the base course and the top course.\n\n"
                    "Point No 4: Section 04 22 00, Clause 2.3.A\n\n"
                    "Instead of: Type S.\n\n"
                    "Read: Type N.\n")
    assert _applied(reading) == {("SPEC-042200#3.1.A", "partial", True), ("SPEC-042200#2.1.B", "full", True)}
    assert _proposed(reading) == {("SPEC-GC#4.3", "full", True), ("SPEC-042200#2.3.A", "partial", True)}
    assert not reading.not_understood
    lines = {p.target.format(): p.line for p in reading.proposed}
    assert lines["SPEC-042200#2.3.A"] - lines["SPEC-GC#4.3"] == 22  # each point the item of its own texts


def test_item_numbers_written_with_no_dot_after_no_open_items(tmp_path, rules):
    # "Item No 2" as often as "Item No. 2": each a caption of its own, with its action line under it
    from inforce.adapters.ingest.documents import parse_document
    from inforce.engine.addenda.items import addendum_items

    path = tmp_path / "add.md"
    path.write_text("---\nid: ADD-07\nkind: addendum\ntitle: Addendum 7\nissued: 2026-02-02\n"
                    "effective: {from: 2026-02-02}\nrecorded: 2026-02-02T00:00:00Z\n---\nADDENDUM 7\n\n"
                    "Item No 1: Section 04 22 00 Unit Masonry\nAction: Delete Paragraph 2.1.B.\n"
                    "Item No 2: Section 32 31 13 Fences\nAction: Delete Paragraph 2.1.A.\n")
    items = [item for item in addendum_items(parse_document(path, tmp_path), rules) if item.kind == "item"]
    assert [item.path for item in items] == ["item-1", "item-2"]
    assert items[1].text.startswith("Item No 2") and "2.1.A" in items[1].text
