"""The words by which owners designate the parts of their bidding documents are the pack's (issue 21: one
place for each decision). A policy owner adds a word to the supersession rule's ``designations`` in YAML and
an item naming a part in that word changes the document whose title opens with it; no Python. The label
after the word (a number, a letter, a roman numeral) stays the reader's; the words of one kind are read as
one; a word the pack does not list designates nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import inforce.rules
from inforce.engine.derivation import NO_DESIGNATIONS, TargetDirectory, designations_of
from inforce.rules import RuleSet, load_pack, read_pack

from addenda_reading import addenda_rules, applied, read_project, start_project
from corpus_writer import write_doc

STOCK = Path(inforce.rules.__file__).resolve().parent / "stock" / "supersession" / "csi-addenda.yaml"
#: the stock pack's line listing the annex's words, as the owner finds it
ANNEX = 'annex: ["Annex", "Annexure",'


def _owner_pack(folder: Path, line: str = 'annex: ["Annex", "Allegato", "Annexure",') -> RuleSet:
    """The stock addenda pack as an Italian-speaking owner edits it: "Allegato" added to the annex's words."""
    text = STOCK.read_text(encoding="utf-8")
    assert ANNEX in text
    path = folder / "owner-addenda.yaml"
    path.write_text(text.replace(ANNEX, line), encoding="utf-8")
    return RuleSet(packs=(load_pack(path),))


def _project(root: Path, item: str) -> Path:
    start_project(root, "designations")
    write_doc(root, "SPEC-PAV", "2026-01-05", "4.1 Sub-base.\n\nGranular sub-base, 150 mm.\n\n4.2 Tack coat.\n\n"
              "Emulsion at 0.3 l/m2.\n", title="Allegato 4 Pavimentazioni e Opere Stradali")
    write_doc(root, "SPEC-ELEC", "2026-01-05", "4.1 Panels.\n\nSteel panels.\n\n4.2 Wiring.\n\nCopper, 600 V.\n",
              title="Allegato 5B Impianti Elettrici")
    write_doc(root, "ADD-01", "2026-02-02", f"ADENDA No. 1\n\n{item}\n")
    return root


@pytest.mark.parametrize(("item", "target"), [
    ("1. Allegato 4, numeral 4.2: se elimina.", "SPEC-PAV#4.2"),
    # a dash between word and label, the word in capitals, the other document (a number and its letter)
    ("1. ALLEGATO-5B, 4.1: Delete the paragraph.", "SPEC-ELEC#4.1"),
    # another word of the same kind names the same document ("Lampiran" is an annex in the stock words)
    ("1. Lampiran 4, numeral 4.1: se elimina.", "SPEC-PAV#4.1"),
])
def test_a_designation_word_added_in_the_pack_names_the_document_titled_with_it(tmp_path, item, target):
    root = _project(tmp_path / "project", item)
    assert applied(read_project(root, _owner_pack(tmp_path))) == {(target, "full", False)}
    # the stock pack lists no "Allegato": the same item changes neither document
    assert not any(edge[0].startswith(("SPEC-PAV", "SPEC-ELEC")) for edge in applied(read_project(root, addenda_rules())))


def test_the_words_are_compiled_once_per_pack_and_a_pack_without_them_designates_nothing(tmp_path):
    owner = designations_of(_owner_pack(tmp_path).supersession)
    assert designations_of(_owner_pack(tmp_path).supersession) is owner  # the same words: the same object
    assert owner.keys("Allegato IV") == ["ANNEXIV"] and owner.keys("Lampiran 4") == owner.keys("Annexure 4") == ["ANNEX4"]
    directory = TargetDirectory()
    directory.add_entry("SPEC-X", "specification", "Allegato 4 Pavimentos")
    assert directory.designated(owner) == {"ANNEX4": [("SPEC-X", "specification")]}
    assert directory.designated(NO_DESIGNATIONS) == {}
    assert directory.designated(designations_of(addenda_rules().supersession)) == {}  # no "Allegato" in the stock words
    directory.add_entry("SPEC-Y", "specification", "Annex 5 Drainage")  # one added later is read when next asked
    assert directory.designated(owner)["ANNEX5"] == [("SPEC-Y", "specification")]


def test_a_short_word_is_read_in_the_letter_case_written():
    """"Ch" is a chapter as a table's column writes it ("Ch-3", "Ch. 4"), never a tag "CH-1"."""
    stock = designations_of(addenda_rules().supersession)
    assert stock.keys("Ch-3") == ["CHAPTER3"] and stock.keys("Ch. 4") == ["CHAPTER4"]
    assert stock.keys("CH-1") == [] and stock.keys("ch 2") == []
    assert stock.keys("VOL. 2") == ["VOLUME2"] and stock.keys("Vol 2") == []  # the dot is part of "Vol."


def test_a_bad_designation_word_is_named_at_its_line(tmp_path):
    text = STOCK.read_text(encoding="utf-8").replace(
        ANNEX, 'annex: ["Annex", "Anexo Técnico", "Chapter", "Annex",')
    path = tmp_path / "owner-addenda.yaml"
    path.write_text(text, encoding="utf-8")
    line = text[:text.index('annex: ["Annex", "Anexo Técnico"')].count("\n") + 1
    chapter = text[:text.index("      chapter: [")].count("\n") + 1
    loaded, found = read_pack(path)
    assert loaded is None
    rule = "rules.0.designations"
    assert [(p.code, p.line, p.field) for p in found] == [
        ("RP010", line, f"{rule}.annex.1"),  # not one word
        ("RP007", line, f"{rule}.annex.3"),  # listed twice
        ("RP007", chapter, f"{rule}.chapter.0"),  # a word under two kinds: annex (above) and chapter
    ]
    assert all(p.file and p.file.endswith("owner-addenda.yaml") for p in found)
    # a kind is a lower-case name
    path.write_text(STOCK.read_text(encoding="utf-8").replace("      annex: [", "      Annex: ["), encoding="utf-8")
    loaded, found = read_pack(path)
    assert loaded is None and [(p.line, p.field) for p in found] == [(line, "rules.0.designations.Annex")]


def test_the_stock_words_read_spanish_and_portuguese_sections_and_annexes():
    """Spanish- and Portuguese-speaking owners designate their bidding documents' parts "Sección" ("Seccion"),
    "Secção" ("Seção") and "Anexo" (round 76): read as a section and an annex, never a CSI number."""
    stock = designations_of(addenda_rules().supersession)
    assert stock.keys("Sección III") == stock.keys("Seccion III") == stock.keys("Section III") == ["SECTIONIII"]
    assert stock.keys("Secção IX") == stock.keys("SEÇÃO IX") == ["SECTIONIX"]
    assert stock.keys("Anexo 2") == stock.keys("ANEXO-2") == ["ANNEX2"]
    assert stock.run.search("Sección 09 91 00") is None and stock.run.search("Sección III").group(0) == "Sección III"
    directory = TargetDirectory()
    directory.add_entry("SPEC-ET", "specification", "Sección II Especificaciones Técnicas, Mercado")
    assert directory.designated(stock) == {"SECTIONII": [("SPEC-ET", "specification")]}
