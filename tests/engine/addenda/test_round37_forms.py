"""Forms of round 37 (issue 21): a table of changes giving a provision's words as they stood and as they
now stand, where the old words are only a phrase of the provision ("open transition" → "closed
transition"): no label opening them, no sentence ending them, no figure changed between them. The row
amends what it cites in part, as a row changing a figure in the same words already did; a row restating
the provision whole (its label, or a sentence) still replaces it, and a new cell that instructs of its
own ("Replaced by Revision A, attached") reads as it says."""

from __future__ import annotations

from pathlib import Path

from inforce.engine.addenda.actions import vocabulary
from inforce.engine.addenda.context import _before_after, _row_text
from inforce.engine.addenda.items import Item, _supersession
from inforce.ontology import Locator

from addenda_reading import applied as _applied
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SWITCHES = ("SECTION 26 36 00 - TRANSFER SWITCHES\n\nPART 2 - PRODUCTS\n\n2.1 AUTOMATIC TRANSFER SWITCH\n\n"
            "A. Automatic transfer switch, 260 A, 3 pole, open transition, with a programmable exerciser.\n\n"
            "B. Bypass-isolation feature for maintenance without interrupting the load.\n")

TABLE = ("ADDENDUM NO. 4\n\nA. AMENDMENTS\n\n"
         "| No. | Reference | Original Text | Amended Text |\n|---|---|---|---|\n"
         "| 1 | Section 26 36 00, Clause 2.1 A | open transition | closed transition |\n"
         "| 2 | Section 26 36 00, Clause 2.1 B | Bypass-isolation feature for maintenance without interrupting the load. | "
         "B. Bypass-isolation feature and a second exerciser for maintenance without interrupting the load. |\n")


def _project(root: Path, addendum: str = TABLE) -> None:
    start_project(root, "round-37")
    write_doc(root, "SPEC-263600", "2026-01-05", SWITCHES)
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_ingest_applies_a_phrase_for_a_phrase_in_an_original_and_amended_table_in_part(tmp_path):
    from inforce.engine import Project

    _project(tmp_path)
    result = Project.ingest(tmp_path)
    derived = {(e.target.format(), e.scope, e.successor) for e in result.derived}
    # (before: "open transition" → "closed transition" read as the whole of 2.1.A replaced, a wrong
    # applied edge: the old words are only a phrase of the paragraph)
    assert ("SPEC-263600#2.1.A", "partial", True) in derived
    assert ("SPEC-263600#2.1.A", "full", True) not in derived
    # the row restating its paragraph under the paragraph's label still replaces it whole
    assert ("SPEC-263600#2.1.B", "full", True) in derived


def test_a_phrase_of_words_is_applied_in_part_whatever_the_words(tmp_path, rules):
    # words of the provision, no figure among them, changed for other words
    _project(tmp_path, TABLE.replace("| open transition | closed transition |",
                                     "| with a programmable exerciser | with a remote annunciator |").split("| 2 |")[0])
    assert _applied(read_project(tmp_path, rules)) == {("SPEC-263600#2.1.A", "partial", True)}


def _row(old: str, new: str) -> Item:
    cells = (("No.", "1"), ("Reference", "Drawing E-601"), ("Original Text", old), ("Amended Text", new))
    return Item(locator=Locator(doc="ADD-01"), path="1", parent=None, kind="table_row", text=_row_text(cells),
                offset=0, cells=cells)


def test_a_row_whose_new_cell_instructs_or_names_a_revision_is_not_read_as_a_phrase_anew(rules):
    vocabularies = [vocabulary(rule) for rule in _supersession(rules)]
    read = _before_after(_row("open transition", "closed transition"), vocabularies)
    assert read is not None and read[0].action == "amend"  # (before: "replace")
    # a revision mark is no words of a provision; a new cell with its own verb reads as it says
    assert _before_after(_row("Revision 0", "Revision B, attached"), vocabularies)[0].action == "replace"
    assert _before_after(_row("Existing text", "Revised text at Annexure I"), vocabularies)[0].action == "replace"
