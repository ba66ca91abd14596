"""Addendum items (engine/addenda/items.py): every instruction of an addendum a provision.

Each layout below is written here, in our own words, after the forms owners use: "Item No."
blocks with lettered and bracketed sub-items, questions with their answers, numbering that
starts again under each sub-heading, lines under a heading, bullets, a table of changes. The
documents go through the real parser (the outline makes what it makes) and the stock pack.
"""

from __future__ import annotations

import json
import re
import shutil
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.documents import parse_document
from inforce.engine.addenda.items import addendum_items, itemize
from inforce.ontology import Document
from inforce.ontology.scalars import PATH_SEGMENT
from inforce.rules import load_pack

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
FRONT = """---
id: {id}
kind: {kind}
title: {title}
issued: 2026-03-10
effective: {{from: 2026-03-10}}
recorded: 2026-03-10T12:00:00Z
---
"""
LAYOUTS = ("Item [No.|Number] {label}", "Question [No.|Number] {label}", "Q{label}")


@pytest.fixture(scope="module")
def rules():
    pack = load_pack("supersession/csi-addenda")
    found = [rule for rule in pack.pack.rules if rule.kind == "supersession"]
    assert found
    # the layouts this test reads, whatever the stock pack lists
    return [rule.model_copy(update={"layouts": LAYOUTS}) for rule in found]


def write(folder: Path, name: str, body: str, *, doc: str = "ADD-7", kind: str = "addendum") -> Path:
    path = folder / name
    path.write_text(FRONT.format(id=doc, kind=kind, title=doc) + textwrap.dedent(body).lstrip("\n"),
                    encoding="utf-8")
    return path


def parsed(path: Path) -> Document:
    return parse_document(path, path.parent)


def file_line(path: Path, document: Document, offset: int) -> int:
    """The file line of ``offset`` in the text layer, as ingest reports it."""
    raw = path.read_text(encoding="utf-8")
    first = raw.count("\n", 0, len(raw) - len(document.text_layer)) + 1
    return first + document.text_layer.count("\n", 0, offset)


def line_of(path: Path, words: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    found = [number for number, line in enumerate(lines, 1) if words in line]
    assert len(found) == 1, (words, found)
    return found[0]


def by_path(document: Document) -> dict:
    return {provision.path: provision for provision in document.provisions}


def check_sound(before: Document, after: Document, rules, grown: set[str] = frozenset()) -> None:
    """What holds for every itemized document: the outline's provisions keep their paths
    and starts (a span may end sooner, where a block it ran over starts, or, ``grown``,
    later, over the list it introduces that the outline set apart); every span slices
    its text; paths are locators' and unique; parents precede children and hold them; each
    word is in one provision's own words only (what quantities are read from); itemizing
    again changes nothing."""
    new = by_path(after)
    assert len(new) == len(after.provisions)
    for provision in before.provisions:
        kept = new[provision.path]
        assert kept.span.start == provision.span.start
        if provision.path in grown:
            assert kept.span.end > provision.span.end and kept.text.startswith(provision.text)
        else:
            assert kept.span.end <= provision.span.end and provision.text.startswith(kept.text)
    seen: set[str] = set()
    owner = [None] * len(after.text_layer)
    for provision in after.provisions:
        if provision.kind != "table_row":
            assert after.text_layer[provision.span.start:provision.span.end] == provision.text
        for segment in provision.path.split("."):
            assert re.fullmatch(PATH_SEGMENT, segment), provision.path
        if provision.parent is not None:
            assert provision.parent in seen
            holder = new[provision.parent].span
            assert holder.start <= provision.span.start and provision.span.end <= holder.end, provision.path
        seen.add(provision.path)
    for provision in after.provisions:  # own words: its span less its children's
        children = [p.span for p in after.provisions if p.parent == provision.path]
        for offset in range(provision.span.start, provision.span.end):
            if after.text_layer[offset].isspace() or any(c.start <= offset < c.end for c in children):
                continue
            assert owner[offset] is None, (provision.path, owner[offset], offset)
            owner[offset] = provision.path
    assert itemize(after, rules) == after


def ancestors(document: Document, path: str | None) -> set[str]:
    parents = {p.path: p.parent for p in document.provisions}
    found = set()
    while path is not None:
        found.add(path)
        path = parents.get(path)
    return found


ITEM_BLOCKS = """
CITY OF BRANDT FALLS
ADDENDUM NO. 1

This addendum is part of the bidding documents.

CHANGES TO THE SPECIFICATIONS

Item No. 1 – Section 08 71 00, Door Hardware
a. Paragraph 2.3.A: Revise to read "Butts shall be stainless steel, five-knuckle."
b. Paragraph 2.4: Delete in its entirety.

Item No. 2 – Section 09 91 23 Interior Painting is replaced with the attached revised section.

Item No. 3 – Section 07 92 00 Joint Sealants
(a) Paragraph 2.1.B: change "Class 25" to "Class 50".
(b) Paragraph 3.2: add "Tool joints concave."

CHANGES TO THE DRAWINGS

Sheet A-101: Revise keynote 4 to read "sealant joint".
Sheet A-201: Delete detail 3.

The door schedule on Sheet A-601 is reissued with revised hardware groups for doors 101
through 118, as shown on the attached sheet.
"""


def test_item_blocks_with_lettered_and_bracketed_sub_items(tmp_path, rules):
    path = write(tmp_path, "add.md", ITEM_BLOCKS)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = {item.path: item for item in addendum_items(after, rules)}
    provisions = by_path(after)
    assert provisions["item-1"].parent == "changes-to-the-specifications"
    assert provisions["item-2"].parent == "changes-to-the-specifications"
    assert provisions["item-3"].parent == "changes-to-the-specifications"
    # the lettered lines are the outline's; they now sit under their Item block
    assert provisions["a"].parent == "item-1" and provisions["b"].parent == "item-1"
    assert items["item-1"].kind == "heading" and items["item-2"].kind == "item"
    assert items["item-1"].text == "Item No. 1 – Section 08 71 00, Door Hardware"  # sub-items taken out
    assert "Section 08 71 00" in items["b"].heading_context.split("\n")[-1]
    assert items["b"].text == "b. Paragraph 2.4: Delete in its entirety."
    # bracketed sub-items under their own Item: the outline's, or items of their own
    bracketed = [item for item in items.values() if "Class 25" in item.text]
    assert len(bracketed) == 1 and "Section 07 92 00" in bracketed[0].heading_context
    for words in ("Item No. 1", "Item No. 2", "Item No. 3", "a. Paragraph 2.3.A", "Class 25"):
        item = next(i for i in items.values() if i.text.lstrip("( ").startswith(words.lstrip("( "))
                    or (words == "Class 25" and words in i.text))
        assert file_line(path, after, item.offset) == line_of(path, words), words


def test_lines_and_paragraphs_under_a_heading_are_items_each(tmp_path, rules):
    path = write(tmp_path, "add.md", ITEM_BLOCKS)
    after = itemize(parsed(path), rules)
    items = [item for item in addendum_items(after, rules) if item.parent == "changes-to-the-drawings"]
    assert [item.kind for item in items] == ["paragraph"] * 3
    assert [item.path for item in items] == ["p-2", "p-3", "p-4"]
    assert items[0].text == 'Sheet A-101: Revise keynote 4 to read "sealant joint".'
    assert items[1].text == "Sheet A-201: Delete detail 3."
    # a paragraph wrapped over two lines is one item
    assert items[2].text.startswith("The door schedule") and items[2].text.endswith("attached sheet.")
    assert [file_line(path, after, item.offset) for item in items] == [
        line_of(path, "Sheet A-101: Revise"), line_of(path, "Sheet A-201: Delete"), line_of(path, "The door schedule")]
    assert all(item.heading_context == "CHANGES TO THE DRAWINGS" for item in items)
    # the preamble is an item of the title block, not of a change heading
    preamble = next(item for item in addendum_items(after, rules) if item.path == "p-1")
    assert preamble.heading_context == "CITY OF BRANDT FALLS\nADDENDUM NO. 1"


QUESTIONS = """
## QUESTIONS AND ANSWERS

Q1. Is the roof insulation tapered at the north parapet?
A1. Yes. Taper to 1/4 inch per foot, as Section 07 22 00, Paragraph 2.1.B requires.

Question 2: May the pump be supplied by another manufacturer?

Answer: No. The basis of design stands.

Question: Will the Owner furnish the lockers? Response: Sheet A-101, Keynote 6 is revised to read "OWNER-FURNISHED LOCKERS".

Q3. Are drawings in CAD format available?
A3. No.
"""


def test_question_and_answer_pairs_are_one_item_each(tmp_path, rules):
    path = write(tmp_path, "add.md", QUESTIONS)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    questions = [item for item in addendum_items(after, rules) if item.kind == "question"]
    assert [item.path for item in questions] == ["q-1", "q-2", "p-1", "q-3"]
    assert all(item.parent == "questions-and-answers" for item in questions)
    first, second, unnumbered, third = questions
    assert first.text[first.answer:].startswith("A1. Yes.")
    assert "tapered" in first.text[: first.answer] and "tapered" not in first.text[first.answer:]
    assert second.text[second.answer:] == "Answer: No. The basis of design stands."  # across the blank line
    assert unnumbered.text[unnumbered.answer:].startswith("Response: Sheet A-101")
    assert third.text[third.answer:] == "A3. No."
    assert [file_line(path, after, item.offset) for item in questions] == [
        line_of(path, "Q1."), line_of(path, "Question 2:"), line_of(path, "Question: Will"), line_of(path, "Q3.")]


RESTARTS = """
ADDENDUM NO. 4

SPECIFICATIONS

1. Section 03 30 00, Paragraph 2.2.A: Delete the paragraph and substitute: "Cement: ASTM C150, Type I/II."

2. Section 07 21 00: Delete the section in its entirety.

DRAWINGS

1. Sheet S-101: Revise note 3 to read "Footings bear on rock."

2. Sheet S-102: Replace with the attached sheet.

CLARIFICATIONS

1. The staging area is shown on Sheet C-101.
"""


def test_numbering_that_restarts_under_each_heading(tmp_path, rules):
    path = write(tmp_path, "add.md", RESTARTS)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    provisions = by_path(after)
    # under DRAWINGS the outline went on from "2." (its 2.1, 2.2: their paths kept); they are
    # DRAWINGS' items now, and "2." ends where DRAWINGS starts
    drawings = [p for p in after.provisions if p.parent == "drawings"]
    assert [p.text for p in drawings] == [
        '1. Sheet S-101: Revise note 3 to read "Footings bear on rock."', "2. Sheet S-102: Replace with the attached sheet."]
    assert provisions["2"].text == "2. Section 07 21 00: Delete the section in its entirety."
    assert file_line(path, after, drawings[1].span.start) == line_of(path, "Sheet S-102")
    # under CLARIFICATIONS the outline made nothing: the item's path is its own number there
    assert provisions["clarifications.1"].parent == "clarifications"
    assert provisions["clarifications.1"].text == "1. The staging area is shown on Sheet C-101."
    assert provisions["1"].parent == "specifications" and provisions["1"].text.startswith("1. Section 03 30 00")
    items = {item.path: item for item in addendum_items(after, rules)}
    assert items["2"].heading_context == "SPECIFICATIONS"
    assert items[drawings[1].path].heading_context == "DRAWINGS"


BULLETS = """
# ADDENDUM NO. 5

## CHANGES TO THE DRAWINGS

- Sheet M-101: Add note 7, "Insulate all condensate piping."
* Sheet M-102: Delete note 2.
• Sheet M-103: Revise the following:
  - Note 4: change "3/4 inch" to "1 inch".
  - Note 5: delete.

**CLARIFICATIONS**

- The owner will furnish the lockers.
"""


def test_bullets_are_items_and_a_colon_opens_sub_items(tmp_path, rules):
    path = write(tmp_path, "add.md", BULLETS)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = [item for item in addendum_items(after, rules) if item.kind == "bullet"]
    assert [item.text.strip().split(":")[0] for item in items] == [
        "- Sheet M-101", "* Sheet M-102", "• Sheet M-103", "- Note 4", "- Note 5", "- The owner will furnish the lockers."]
    drawings = "addendum-no-5.changes-to-the-drawings"
    assert [item.parent for item in items[:3]] == [drawings] * 3
    assert items[3].parent == items[2].path and items[4].parent == items[2].path
    assert items[2].text == "• Sheet M-103: Revise the following:"
    assert items[3].heading_context.split("\n")[-1] == "• Sheet M-103: Revise the following:"
    assert items[5].parent == f"{drawings}.clarifications"
    assert file_line(path, after, items[3].offset) == line_of(path, "Note 4:")


TABLE = """
CHANGES TO THE DRAWINGS

The following sheets are revised and reissued:

| Sheet | Title | Change |
|---|---|---|
| A-101 | Floor Plan | Revised partition types |
| A-102 | Roof Plan | Reissued |
"""


def test_table_rows_stay_the_outline_rows_with_their_heading(tmp_path, rules):
    path = write(tmp_path, "add.md", TABLE)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    rows = [item for item in addendum_items(after, rules) if item.kind == "table_row"]
    assert [row.path for row in rows] == ["table-1.row-1", "table-1.row-2"]  # the header row is no item
    assert rows[0].cells == (("Sheet", "A-101"), ("Title", "Floor Plan"), ("Change", "Revised partition types"))
    assert rows[0].heading_context == "CHANGES TO THE DRAWINGS\nThe following sheets are revised and reissued:"
    assert file_line(path, after, rows[1].offset) == line_of(path, "| A-102")
    lead = next(item for item in addendum_items(after, rules) if item.path == "p-1")
    assert lead.text == "The following sheets are revised and reissued:"  # no table lines in its words


def test_a_plain_numbered_addendum_gets_no_duplicate_items(rules):
    path = FIXTURES / "addenda" / "documents" / "add-d2-state-dot.md"
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    old = by_path(before)
    added = [p for p in after.provisions if p.path not in old]
    starts = {p.span.start for p in before.provisions}
    # what is new is the title block and the heading above the lettered sections; nothing
    # the outline made a provision of is made one again
    assert all(p.span.start not in starts for p in added)
    assert all(not any(p.text == o.text for o in before.provisions) for p in added)
    assert {p.path for p in added if not p.path.startswith("p-")} == {
        "addendum-no-2-issued-february-10-2026", "specifications"}
    question = next(item for item in addendum_items(after, rules) if item.path == "E.1")
    assert question.kind == "question" and question.text[question.answer:].startswith("Response: Section 03 41 00")


def test_documents_no_supersession_rule_reads_are_never_touched(tmp_path, rules):
    path = write(tmp_path, "spec.md", RESTARTS, doc="SPEC-1", kind="specification")
    document = parsed(path)
    assert itemize(document, rules) is document


def test_a_layout_the_pack_adds_opens_items(tmp_path, rules):
    body = """
    CHANGES

    Bulletin Change 1 - Sheet A-101 is reissued.

    Bulletin Change 2 - Sheet A-102 is reissued.
    """
    path = write(tmp_path, "add.md", body)
    without = itemize(parsed(path), rules)
    assert {"p-1", "p-2"} <= by_path(without).keys()  # paragraphs, whatever their words
    layered = [rule.model_copy(update={"layouts": (*LAYOUTS, "Bulletin Change {label}")}) for rule in rules]
    with_layout = itemize(parsed(path), layered)
    items = {item.path: item for item in addendum_items(with_layout, layered)}
    assert {"change-1", "change-2"} <= items.keys() and items["change-1"].kind == "item"


def test_itemized_documents_read_back_the_same_items(tmp_path, rules):
    for index, body in enumerate((ITEM_BLOCKS, QUESTIONS, RESTARTS, BULLETS, TABLE)):
        path = write(tmp_path, f"add-{index}.md", body)
        before = parsed(path)
        after = itemize(before, rules)
        assert addendum_items(before, rules) == addendum_items(after, rules)


def test_ingest_makes_items_provisions_that_show_answers(tmp_path):
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "addenda", project, ignore=shutil.ignore_patterns(".inforce", "*.md"))
    shutil.copy(FIXTURES / "addenda" / "documents" / "spec-099123.md", project / "documents")
    write(project / "documents", "add-7.md", ITEM_BLOCKS)
    result = CliRunner().invoke(app, ["ingest", str(project), "--format", "json"])
    assert result.exit_code == 0, result.output
    shown = CliRunner().invoke(app, ["show", str(project), "ADD-7#item-2", "--format", "json"])
    assert shown.exit_code == 0, shown.output
    answer = json.loads(shown.stdout)
    assert "Section 09 91 23 Interior Painting is replaced" in json.dumps(answer)
    sub_item = CliRunner().invoke(app, ["show", str(project), "ADD-7#p-3"])
    assert sub_item.exit_code == 0 and "Sheet A-201: Delete detail 3." in sub_item.stdout
    # the outline ran "b." on to the end of the file; it ends where "Item No. 2" starts
    lettered = CliRunner().invoke(app, ["show", str(project), "ADD-7#b", "--format", "json"])
    assert lettered.exit_code == 0, lettered.output
    assert "Item No. 2" not in lettered.stdout and "Delete in its entirety" in lettered.stdout


def test_quantities_of_an_itemized_addendum_are_read_once(tmp_path, rules):
    from inforce.engine.facts import read_quantities
    from inforce.engine.quantities.extract import project_extractor
    from inforce.rules import RuleSet

    path = write(tmp_path, "add.md", ITEM_BLOCKS + "\nItem No. 4 – Section 03 30 00\na. Paragraph 2.1.A: change 4,000 psi to 5,000 psi.\n")
    before = parsed(path)
    after = itemize(before, rules)
    extractor = project_extractor(RuleSet(packs=(load_pack("supersession/csi-addenda"),)))
    found, _ = read_quantities(after, extractor)
    spans = [(q.span.start, q.span.end) for q in found]
    assert len(spans) == len(set(spans)) and len(spans) >= 2
    assert sorted(spans) == sorted(set((q.span.start, q.span.end) for q in read_quantities(before, extractor)[0]))


def test_rules_test_reads_the_items_of_a_test_corpus(tmp_path):
    """A pack test sees an addendum's items as ingest does: the line under a heading is an
    item of its own, so the pack's wording reads it."""
    from inforce.engine.packtests import run_test_file

    (tmp_path / "csi-addenda.test.yaml").write_text(textwrap.dedent("""
        schema_version: 1
        pack: supersession/csi-addenda
        documents:
          - id: SPEC-033000
            kind: specification
            title: Section 03 30 00 Cast-in-Place Concrete
            issued: 2026-03-02
            provisions:
              - {path: 2.1.A, text: "Compressive strength at 28 days: not less than 4,000 psi."}
          - id: ADD-9
            kind: addendum
            title: Addendum No. 9
            issued: 2026-04-10
            provisions:
              - {path: changes, text: "CHANGES TO THE SPECIFICATIONS\\n\\nSection 03 30 00, Paragraph 2.1.A: Delete the paragraph and substitute: \\"5,000 psi.\\""}
        cases:
          - name: the line under the heading is read as an item
            derive: {document: ADD-9}
            expect:
              derived: [{by: "ADD-9#p-1", target: "SPEC-033000#2.1.A", scope: full}]
        """).lstrip(), encoding="utf-8")
    results = run_test_file(tmp_path / "csi-addenda.test.yaml")
    assert [result.passed for result in results] == [True], results


OWN_NUMBERS = """
Attachments: this addendum includes the revised sheet index.

BR2-A01 Specification Section 04 20 00 3.02.C - Mortar Joints

C. Tool exposed joints concave when thumbprint hard.

BR2-A02 Drawing Sheet A-101: Keynote 2 revised to read "PARTITION TYPE 4".

WQ-7. Bid Security

ADD the following sentence: A bid bond is required.
"""


def test_an_owners_own_item_numbers_open_items(tmp_path, rules):
    path = write(tmp_path, "add.md", OWN_NUMBERS)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = addendum_items(after, rules)
    opened = {item.text.split()[0]: item for item in items if item.text.split()[0] in ("BR2-A01", "BR2-A02", "WQ-7.")}
    assert opened.keys() == {"BR2-A01", "BR2-A02", "WQ-7."}
    for words, item in opened.items():
        assert file_line(path, after, item.offset) == line_of(path, words)
    # the replacement text under the first is its own, and the instruction under the title its child
    under = [item for item in items if item.parent == opened["BR2-A01"].path]
    assert [item.text for item in under] == ["C. Tool exposed joints concave when thumbprint hard."]
    assert "Mortar Joints" in under[0].heading_context
    assert opened["BR2-A02"].parent == opened["BR2-A01"].parent and opened["BR2-A02"].kind == "section"
    child = [item for item in items if item.parent == opened["WQ-7."].path]
    assert [item.text for item in child] == ["ADD the following sentence: A bid bond is required."]


def test_items_of_a_pdf_carry_their_pages(rules):
    from inforce.ontology import EffectiveInterval, SourceRef

    layer = "CHANGES TO THE DRAWINGS\n\nSheet A-101: Revise keynote 4.\n\f\nSheet A-201: Delete detail 3.\n"
    document = Document(
        id="ADD-8", kind="addendum", effective=EffectiveInterval(from_="2026-03-10"),
        recorded="2026-03-10T12:00:00Z", source=SourceRef(file="add-8.pdf", format="pdf"), text_layer=layer,
    )
    after = itemize(document, rules)
    pages = {p.text: (p.span.page_start, p.span.page_end) for p in after.provisions}
    assert pages["Sheet A-101: Revise keynote 4."] == (1, 1)
    assert pages["Sheet A-201: Delete detail 3."] == (2, 2)
    heading = next(p for p in after.provisions if p.path == "changes-to-the-drawings")
    assert (heading.span.page_start, heading.span.page_end) == (1, 2)


LISTS = """
SCO NO. 77-1

A. REVISIONS TO THE PROJECT MANUAL:

1. Replace the sections listed below with the attached ones:

1. SECTION 07 92 00 "JOINT SEALANTS" (6 PAGES)

2. SECTION 09 91 23 "INTERIOR PAINTING" (9 PAGES)

2. Add the following section:

1. SECTION 10 14 23 "PANEL SIGNAGE" (5 PAGES)

B. REVISIONS TO THE DRAWINGS:

1. Sheet A-101: At Room 108, revise the partition type.

2. Sheet E-201: replace with the attached sheet.
"""


def test_a_list_a_colon_introduces_stays_under_it(tmp_path, rules):
    """The outline sets "1. SECTION 07 92 00 ..." at the top (a "1." after "1. Replace ...:");
    it is an entry of the list the instruction introduces, and is read under it."""
    path = write(tmp_path, "add.md", LISTS)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules, grown={"A", "A.1"})
    items = {item.text.split(" (")[0]: item for item in addendum_items(after, rules)}
    replace = items["1. Replace the sections listed below with the attached ones:"]
    add = items["2. Add the following section:"]
    assert items['1. SECTION 07 92 00 "JOINT SEALANTS"'].parent == replace.path
    assert items['2. SECTION 09 91 23 "INTERIOR PAINTING"'].parent == replace.path
    assert items['1. SECTION 10 14 23 "PANEL SIGNAGE"'].parent == add.path
    assert replace.parent == add.parent == items["A. REVISIONS TO THE PROJECT MANUAL:"].path
    drawings = items["B. REVISIONS TO THE DRAWINGS:"]
    assert drawings.parent == items["A. REVISIONS TO THE PROJECT MANUAL:"].parent
    assert [items[words].parent for words in ("1. Sheet A-101: At Room 108, revise the partition type.",
                                              "2. Sheet E-201: replace with the attached sheet.")] == [drawings.path] * 2
    assert items['2. SECTION 09 91 23 "INTERIOR PAINTING"'].heading_context.endswith(
        "1. Replace the sections listed below with the attached ones:")
    for words, item in items.items():
        assert file_line(path, after, item.offset) == line_of(path, words), words


PLAIN_QUESTIONS = """
## BIDDER QUESTIONS

Q. Is the roof tapered?
A. Yes. See Sheet A-301.
Q. May we substitute the pump?
A. No.

RFI #12 – Which hardware set applies at Door 104?
Answer – Set 4 applies; Sheet A-601 is revised accordingly.
"""


def test_unnumbered_questions_each_open_an_item_with_their_answer(tmp_path, rules):
    path = write(tmp_path, "add.md", PLAIN_QUESTIONS)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = addendum_items(after, rules)
    questions = [item for item in items if item.kind == "question"]
    assert [file_line(path, after, q.offset) for q in questions] == [
        line_of(path, "Is the roof"), line_of(path, "May we"), line_of(path, "RFI #12")]
    assert all(q.parent == "bidder-questions" for q in questions)
    for question, answer in zip(questions, ("A. Yes. See Sheet A-301.", "A. No.", "Answer – Set 4 applies"), strict=True):
        if question.answer is not None:  # the answer in the question's own words
            assert question.text[question.answer:].startswith(answer)
        else:  # the outline made the answer a paragraph of its own: it sits under its question
            (child,) = [item for item in items if item.parent == question.path]
            assert child.kind == "answer" and child.text.startswith(answer)


ROMAN = """
I. REVISIONS

i. Section 2, clause 6.2, first paragraph: delete "five years" and substitute "three years".

ii. Section 4A, subsection S.12: replace the subsection with the attached one.

II. REVISIONS TO DRAWINGS

Item II-5. Sheet S-204: Detail 3, base plate thickness revised to 3/4 inch.

Item II-6. Sheet E-502: Delete Detail 2.
"""


def test_roman_headings_and_an_owners_compound_item_numbers(tmp_path, rules):
    path = write(tmp_path, "add.md", ROMAN)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = {item.text.split(" ")[0]: item for item in addendum_items(after, rules)}
    first, second = items["I."], items["II."]
    assert first.parent is None and second.parent is None  # siblings, each heading its items
    assert items["i."].parent == first.path and items["ii."].parent == first.path
    assert {item.path for item in addendum_items(after, rules) if item.kind == "item"} == {"item-II-5", "item-II-6"}
    assert all(item.parent == second.path for item in addendum_items(after, rules) if item.kind == "item")


CONTINUED = """
ADDENDUM NO. 9

1. Section 03 30 00, Paragraph 2.1.B: Revise to read "Maximum ratio: 0.42."

In addition, Section 03 20 00, Paragraph 2.2.B: Delete the paragraph.

Also revise Sheet C-201 to show the new walk.

2. Section 03 30 00, Paragraph 2.1.C: Revise to read as follows:

Slump limit at the point of placement, Section 03 30 00: 5 inches; revise mixtures to suit.

3. Section 01 50 00: Revise the staging area to the north lot.

The Contractor shall restore the lot at the end of the Work.

Coordinate the gate with Sheet C-201, which is revised by Item 5 of this Addendum.

"Delete the fence shown on Sheet C-201" is withdrawn from the notes.

4. Section 08 71 00, Paragraph 2.3.A: Delete the paragraph and substitute the following.

Butts: stainless steel; revise Sheet A-601 to match.
"""


def test_a_paragraph_with_its_own_instruction_after_an_item_is_an_item(tmp_path, rules):
    """An unnumbered paragraph after a numbered item that names a section or sheet and has
    its own change verb is an item of its own (under the item's parent); the words an item
    introduces, a quotation and a paragraph naming nothing stay in the item."""
    path = write(tmp_path, "add.md", CONTINUED)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = {item.text.split(":")[0]: item for item in addendum_items(after, rules)}
    extra = items["In addition, Section 03 20 00, Paragraph 2.2.B"]
    also = items["Also revise Sheet C-201 to show the new walk."]
    assert extra.kind == also.kind == "paragraph"
    assert extra.path.startswith("p-") and also.path.startswith("p-")
    assert extra.parent == also.parent == items["1. Section 03 30 00, Paragraph 2.1.B"].parent
    assert items["1. Section 03 30 00, Paragraph 2.1.B"].text == '1. Section 03 30 00, Paragraph 2.1.B: Revise to read "Maximum ratio: 0.42."'
    for words in ("In addition, Section 03 20 00", "Also revise Sheet C-201"):
        item = next(i for i in items.values() if i.text.startswith(words))
        assert file_line(path, after, item.offset) == line_of(path, words)
    # what continues the item's own instruction stays in it
    assert "Slump limit" in items["2. Section 03 30 00, Paragraph 2.1.C"].text
    third = items["3. Section 01 50 00"].text
    assert "restore the lot" in third and "withdrawn from the notes" in third and "Coordinate the gate" in third
    assert "revise Sheet A-601" in items["4. Section 08 71 00, Paragraph 2.3.A"].text
    assert len(items) == len(addendum_items(after, rules))


def test_items_numbered_past_999_are_items(tmp_path, rules):
    body = "ADDENDUM NO. 50\n\n" + "".join(
        f"{n}. Section 03 30 00, Paragraph 2.1.A: Revise item {n}.\n\n" for n in range(1, 1004))
    path = write(tmp_path, "add.md", body)
    before = parsed(path)
    after = itemize(before, rules)
    provisions = by_path(after)
    for number in (999, 1000, 1001, 1003):
        assert provisions[str(number)].text == f"{number}. Section 03 30 00, Paragraph 2.1.A: Revise item {number}.", number
    items = addendum_items(after, rules)
    assert sum(1 for item in items if re.fullmatch(r"(\d+)\. Section 03 30 00, .* item \1\.", item.text)) == 1003
    assert file_line(path, after, provisions["1003"].span.start) == line_of(path, "1003. Section")


FENCED = """
CHANGES TO THE SPECIFICATIONS

1. Section 03 30 00, Paragraph 2.1.E: Revise the slump to 6 inches.

```yaml
2. Section 03 20 00: Delete the section.
supersedes: [{target: SPEC-032000, scope: full}]
```

~~~
Sheet A-101: Delete the sheet.
~~~

3. Section 03 30 00, Paragraph 2.1.F: Revise the air content to 6 percent.
"""


def test_code_blocks_are_no_source_of_items(tmp_path, rules):
    path = write(tmp_path, "add.md", FENCED)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = addendum_items(after, rules)
    assert not [item for item in items if "Delete" in item.text]  # not an item, not an item's words
    assert [item.path for item in items if item.kind == "section"] == ["1", "3"]
    first = next(item for item in items if item.path == "1")
    assert first.text == "1. Section 03 30 00, Paragraph 2.1.E: Revise the slump to 6 inches."


def test_items_of_a_crlf_addendum_carry_their_file_lines(tmp_path):
    """A Markdown addendum saved with CRLF line ends: its items are read as in an LF file,
    and each applied, proposed or not-understood item has its file line."""
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "addenda", project, ignore=shutil.ignore_patterns(".inforce", "*.md"))
    shutil.copy(FIXTURES / "addenda" / "documents" / "spec-099123.md", project / "documents")
    body = ("CHANGES TO THE SPECIFICATIONS\n\n"
            "1. Section 09 91 23, Paragraph 2.1.A: Delete the paragraph.\n\n"
            "In addition, Section 09 91 23, Paragraph 1.1.A: Delete the paragraph.\n\n"
            "2. Section 09 91 23: Revise the finish schedule as follows:\n\n"
            "Finish: eggshell.\n")
    path = write(project / "documents", "add-7.md", body)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    result = CliRunner().invoke(app, ["ingest", str(project), "--format", "json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    entries = [(entry.get("by") or entry.get("item"), entry.get("line")) for key in ("derived", "proposed", "not_understood")
               for entry in summary.get(key, []) if (entry.get("by") or entry.get("item") or "").startswith("ADD-7#")]
    assert entries and all(line is not None for _, line in entries), entries
    lines = path.read_bytes().decode("utf-8").split("\r\n")
    starts = {item: lines[line - 1] for item, line in entries}
    assert starts["ADD-7#1"].startswith("1. Section 09 91 23, Paragraph 2.1.A")
    assert any(text.startswith("In addition, Section 09 91 23") for text in starts.values()), starts


NESTED = """
ADDENDUM NUMBER FOUR

ITEM NO. 1 – SECTION 03 30 00, CAST-IN-PLACE CONCRETE
\ta.\tParagraph 2.1.C, change "4 inches" to "5 inches".
\tb.\tParagraph 2.2.B: Delete in its entirety.

ITEM NO. 2 – SECTION 03 20 00 – CONCRETE REINFORCING
1. Article 2.1
 a. Paragraph D
  (1) Subparagraph 1
   (a) item a
    (i) level five
     - revise Paragraph 2.1.D of Section 03 20 00 to require epoxy coating.

ITEM NO. 3 – ADDENDUM No. 4
Item No. 1.a of this Addendum is withdrawn and replaced by the following: Paragraph 2.1.C, revise slump to 6 inches.

ITEM NO. 4 – Sheet S-101
Callout 3: revise "4,000 PSI" to read "4,500 PSI".
"""


def test_item_blocks_close_the_nested_lists_of_the_item_before(tmp_path, rules):
    """The outline nests "1. Article 2.1" and its list under "b." of ITEM NO. 1 and runs them
    to the end of the file; ITEM NO. 3 and 4 are siblings of ITEM NO. 2 all the same, and a
    mention of an item ("Item No. 1.a of this Addendum is ...") opens none."""
    path = write(tmp_path, "add.md", NESTED)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    provisions = by_path(after)
    heading = provisions["item-1"].parent
    assert heading is not None
    assert [provisions[f"item-{n}"].parent for n in (2, 3, 4)] == [heading] * 3
    assert "ITEM NO. 3" not in provisions["item-2"].text
    assert not any("ITEM NO. 3" in p.text for p in after.provisions if p.path not in (heading, "item-3"))
    assert provisions["item-3"].text.startswith("ITEM NO. 3") and "withdrawn and replaced" in provisions["item-3"].text
    assert not any(p.path.startswith("item-1-a") for p in after.provisions)
    epoxy = next(item for item in addendum_items(after, rules) if "epoxy" in item.text)
    assert "ITEM NO. 2" in epoxy.heading_context and "ITEM NO. 1" not in epoxy.heading_context


def test_an_item_the_outline_missed_gets_the_number_printed_on_it(tmp_path, rules):
    """The outline reads "8. 03 30 00 – ..." as no heading (a number then digits); its
    neighbours are "7" and "9", so it is "8", the number a reader sees and types."""
    path = write(tmp_path, "add.md", """
    ADDENDUM NO. 9

    7. Section 03 30 00, Paragraph 2.1.C: Revise the slump to 5 inches.

    8. 03 30 00 – 2.1.E – REVISE: "Air content: 6 percent."

    9. Section 03 30 00, Paragraph 2.1.F: Delete the paragraph.
    """)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    provisions = by_path(after)
    assert provisions["8"].text == '8. 03 30 00 – 2.1.E – REVISE: "Air content: 6 percent."'
    assert provisions["8"].parent == provisions["7"].parent


def test_new_forms_read_back_the_same_items(tmp_path, rules):
    """The parsed and the itemized (stored) addendum give the same items for the forms above."""
    for index, body in enumerate((CONTINUED, FENCED, NESTED)):
        path = write(tmp_path, f"add-{index}.md", body)
        before = parsed(path)
        assert addendum_items(before, rules) == addendum_items(itemize(before, rules), rules)
        crlf = write(tmp_path, f"crlf-{index}.md", body)
        crlf.write_bytes(crlf.read_bytes().replace(b"\n", b"\r\n"))
        assert [(i.path, i.parent, i.kind) for i in addendum_items(parsed(crlf), rules)] == [
            (i.path, i.parent, i.kind) for i in addendum_items(before, rules)]


def test_an_instruction_after_a_sub_item_is_an_item_under_the_same_block(tmp_path, rules):
    path = write(tmp_path, "add.md", """
    CHANGES TO THE SPECIFICATIONS

    Item No. 1 – Section 08 71 00, Door Hardware
    a. Paragraph 2.3.A: Revise to read "Butts: stainless steel."
    b. Paragraph 2.4: Delete in its entirety.

    In addition, Section 09 91 23, Paragraph 2.1.B: Delete the paragraph.

    Item No. 2 – Section 07 92 00 Joint Sealants is replaced with the attached section.
    """)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = {item.text.split(",")[0]: item for item in addendum_items(after, rules)}
    extra = items["In addition"]
    assert extra.kind == "paragraph" and extra.path.startswith("p-")
    assert extra.parent == items["b. Paragraph 2.4: Delete in its entirety."].parent == "item-1"
    assert items["b. Paragraph 2.4: Delete in its entirety."].text == "b. Paragraph 2.4: Delete in its entirety."


def test_bulleted_questions_a_numbered_question_answered_after_its_mark_and_a_line_of_numbers(tmp_path, rules):
    # owners bullet their questions ("- QUESTION 2: ... ANSWER 2: ..."), answer a numbered
    # question right after its question mark, and list sheets on one bare line below a lead-in
    path = write(tmp_path, "add.md", """
    BIDDER QUESTIONS

    - QUESTION 1: Are the stair nosings cast aluminum? ANSWER 1: Yes, as specified.

    - QUESTION 2: Sheet A-201 does not give the coping color. ANSWER 2: Callout 3 on Sheet A-201 is revised to read "DARK BRONZE COPING."

    CLARIFICATIONS

    1. Does the wainscot run behind the casework? Callout 2 on Sheet A-201 is revised to read "WAINSCOT BEHIND CASEWORK."

    REISSUED DRAWINGS

    The sheets below are deleted and replaced with the like-numbered sheets issued herewith:

    A-201   S-101

    This addendum adds no days to the contract time.
    """)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = addendum_items(after, rules)
    first, second = (item for item in items if item.text.startswith("- QUESTION"))
    assert "QUESTION 2" not in first.text and second.kind == "question" and second.answer is not None
    assert second.text[second.answer:].startswith("ANSWER 2")
    (numbered,) = [item for item in items if item.text.startswith("1. Does")]
    assert numbered.kind == "question" and numbered.text[numbered.answer:].startswith("Callout 2")
    # the bare line of sheet numbers heads nothing: the closing sentence is no item under it
    (closing,) = [item for item in items if item.text.startswith("This addendum adds")]
    assert "A-201" not in closing.heading_context and not any(item.kind == "heading" and "A-201" in item.text
                                                              for item in items)


def test_a_one_line_lead_in_heads_the_instruction_on_the_very_next_line(tmp_path, rules):
    # letting addenda group instructions by the part of the proposal they change, each under a
    # one-line "the following ...:" lead-in with no blank line between: every instruction its own
    # item, never run on into its lead-in (which would read the lead's "changes" with its verb)
    path = write(tmp_path, "add.md", """
    Turnpike Authority - Bureau of Lettings

    Make the following revisions to the ROADWAY PLANS for contract 88-A:
    Replace SHEET C-104 with attached SHEET C-104.

    Make the following revisions to the SPECIAL PROVISIONS:
    Delete Section 01 35 00 in its entirety.

    The following is a note for bidders:
    bids close at noon.
    """)
    before = parsed(path)
    after = itemize(before, rules)
    check_sound(before, after, rules)
    items = {item.text.strip(): item for item in addendum_items(after, rules)}
    sheet = items["Replace SHEET C-104 with attached SHEET C-104."]
    section = items["Delete Section 01 35 00 in its entirety."]
    assert sheet.path != section.path
    assert "Make the following revisions to the ROADWAY PLANS" in sheet.heading_context
    assert "Make the following revisions to the SPECIAL PROVISIONS" in section.heading_context
    assert "ROADWAY PLANS" not in section.heading_context
    # a lead-in whose next line is no instruction stays one paragraph with it
    assert any(text.startswith("The following is a note for bidders:") and "bids close" in text for text in items)
