"""The words saying a paragraph named is new, one the item adds (``context._inserts``), were a
Python regular expression beside the pack (English, Czech, Polish, Portuguese, Spanish and
Slovenian words in one); they are the pack's ``insertions`` now, so a policy owner adds or
removes a language's word in YAML. Without the word, a paragraph the section lacks is one the
item would change, not add: reported, never applied."""

from __future__ import annotations

from pathlib import Path

import inforce.rules
from inforce.rules import RuleSet, load_pack

from addenda_reading import addenda_rules, applied, read_project, start_project
from corpus_writer import write_doc

STOCK = Path(inforce.rules.__file__).resolve().parent / "stock" / "supersession" / "csi-addenda.yaml"
ENGLISH = "      - regex: 'new|add(?:ed|s)?|insert(?:ed|s)?|following|additional|supplement(?:ed|s)?\\s+with'\n"
SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 - PRODUCTS\n\n2.1 CONCRETE\n\nA. Cement: Type I.\n\n"
        "B. Aggregate: 19 mm.\n\nC. Water: potable.\n")


def _project(root: Path) -> Path:
    start_project(root, "insertions")
    write_doc(root, "SPEC-033000", "2026-01-05", SPEC, title="Cast-in-Place Concrete")
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM No. 1\n\n1. Section 03 30 00: Add Paragraph 2.1.D as follows: "
                                            '"D. Admixtures: none without the Engineer\'s approval."\n')
    return root


def test_the_pack_s_insertion_word_adds_the_paragraph_and_without_it_nothing_is_applied(tmp_path: Path) -> None:
    root = _project(tmp_path / "p")
    assert applied(read_project(root, addenda_rules())) == {("SPEC-033000#2.1", "partial", True)}
    text = STOCK.read_text(encoding="utf-8")
    assert ENGLISH in text
    path = tmp_path / "owner.yaml"  # an owner's pack whose insertions hold other words only
    path.write_text(text.replace(ENGLISH, "      - regex: 'hinzugef[üu]gt'\n"), encoding="utf-8")
    assert applied(read_project(root, RuleSet(packs=(load_pack(path),)))) == set()
