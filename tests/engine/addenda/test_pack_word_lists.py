"""The reader's word lists are the pack's (issue 21): an answer's word in the owner's language
("Antwoord:"), the headers of a table's old-text and new-text columns ("Huidige tekst | Nieuwe
tekst") are read because the pack lists them, and a pack without them does not read them; a
policy owner adds one in YAML, no Python."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from inforce.rules import RuleSet, load_pack
from inforce.rules.patterns import WordingPattern

from addenda_reading import applied as _applied
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

SPEC = ("SECTION 07 21 00 - THERMAL INSULATION\n\nPART 2 - PRODUCTS\n\n2.1 BOARD\n\nA. Polyiso, 2 inches.\n\n"
        "2.2 FASTENERS\n\nA. Plates and screws.\n")
#: The bidder asks about 2.1 A; the owner's answer, under its Dutch word, deletes 2.2 A.
ASKED = ("ADDENDUM NO. 2\n\nQuestion 1: Can Paragraph 2.1 A of Section 07 21 00 be deleted?\n\n"
         "Antwoord: Section 07 21 00, Paragraph 2.2 A: Delete the paragraph.\n")
#: A table of changes headed in Dutch.
TABLED = ("ADDENDUM NO. 2\n\n| Clause | Huidige tekst | Nieuwe tekst |\n|---|---|---|\n"
          "| Section 07 21 00, Clause 2.1 A | Polyiso, 2 inches. | Polyiso, 3 inches, foil faced. |\n")


def _read(root: Path, rules: RuleSet, addendum: str) -> set:
    start_project(root, "word-lists")
    write_doc(root, "SPEC-072100", "2026-01-05", SPEC)
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return _applied(read_project(root, rules))


def _pack(**lists: tuple[WordingPattern, ...]) -> RuleSet:
    """The stock pack with the word lists given in place of its own."""
    loaded = load_pack("supersession/csi-addenda")
    rule = loaded.pack.rules[0].model_copy(update=lists)
    return RuleSet(packs=(replace(loaded, pack=loaded.pack.model_copy(update={"rules": (rule,)})),))


def test_an_answer_word_is_read_only_where_the_pack_lists_it(tmp_path, rules):
    assert _read(tmp_path / "stock", rules, ASKED) == {("SPEC-072100#2.2.A", "full", False)}
    # the same pack with "antwoord" left out of its answers: no answer is found under the question,
    # so nothing of the item is applied (the question and its answer are read as one, for review)
    without = _pack(answers=(WordingPattern(regex="risposta|svar"),))
    assert _read(tmp_path / "without", without, ASKED) == set()


def test_column_headers_added_in_the_pack_read_a_table_of_changes(tmp_path, rules):
    # the stock pack reads no Dutch header: the row changes nothing by its columns
    assert ("SPEC-072100#2.1.A", "full", True) not in _read(tmp_path / "stock", rules, TABLED)
    stock = load_pack("supersession/csi-addenda").pack.rules[0]
    dutch = _pack(old_text_columns=(*stock.old_text_columns, WordingPattern(pattern="huidige tekst")),
                  new_text_columns=(*stock.new_text_columns, WordingPattern(pattern="nieuwe tekst")))
    assert _read(tmp_path / "dutch", dutch, TABLED) == {("SPEC-072100#2.1.A", "full", True)}
