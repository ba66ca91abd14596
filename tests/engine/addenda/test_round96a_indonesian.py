"""Round 96a (issue 21): an Indonesian owner's addendum naming the articles of its RKS by "angka" after the words of the
document's title ("Spesifikasi Teknis angka 2.2: dihapus."), an English gloss in brackets after each change or not.
Where another owner's document of the project is titled "Spesifikasi Teknis" too and an English one holds the article
the addendum only adds, the clause of no named document is looked for among the documents so titled, never in the
English one that the neighbours' new 2.4 alone would keep; what both documents so titled hold stays for a person to
confirm (round 40). A sheet's "Catatan 2" is its note 2."""

from __future__ import annotations

import pytest

from addenda_reading import addenda_rules, applied, proposed, read_project, start_project
from corpus_writer import write_doc

_RKS = ("1 PERSIAPAN\n\n1.1 Pagar proyek seng setinggi 2 m.\n\n1.2 Gudang bahan 3 x 6 m.\n\n2 PASANGAN\n\n"
        "2.1 Dinding bata merah 1 PC : 4 PS.\n\n2.2 Plesteran 1 PC : 4 PS setebal 15 mm.\n\n2.3 Acian semen.\n\n"
        "3 LANTAI\n\n3.1 Keramik 40 x 40 cm.\n")


def _project(tmp_path, gloss: bool):
    root = start_project(tmp_path / "p", "round96a-angka")
    write_doc(root, "SPEC-RKS", "2026-01-05", _RKS,
              title="RKS (Rencana Kerja dan Syarat-syarat) - Spesifikasi Teknis, Pembangunan Gedung Kuliah Bersama")
    write_doc(root, "SPEC-OTHER", "2026-01-05", "1 UMUM\n\n1.1 Papan nama.\n\n2 BETON\n\n2.1 Beton K-250.\n\n"
              "2.2 Besi beton polos.\n\n3 AKHIR\n\n3.1 Pembersihan.\n",
              title="Bab IV Spesifikasi Teknis, Peningkatan Jalan Desa")
    write_doc(root, "SPEC-EN", "2026-01-05", "1 GENERAL\n\n1.1 Hoarding.\n\n1.2 Site store.\n\n2 MASONRY\n\n2.1 Brickwork.\n\n"
              "2.2 Render.\n\n2.4 Copings.\n\n3 FLOORS\n\n3.1 Tiles.\n",
              title="Technical Specifications for the Pump House")
    (root / "documents" / "dwg-gk-ars-02.drawing.yaml").write_text(
        "id: DWG-GK-ARS-02\nkind: drawing\nsheet: GK-ARS-02\ntitle: Denah Lantai 1\nissued: 2026-01-05\n"
        "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
        "  - id: note-1\n    text: \"CATATAN 1: UKURAN DALAM CM.\"\n"
        "  - id: note-2\n    text: \"CATATAN 2: PERIKSA UKURAN DI LAPANGAN.\"\n")
    said = (lambda text: f" ({text})") if gloss else (lambda text: "")
    write_doc(root, "ADD-01", "2026-02-02", "ADENDUM DOKUMEN PEMILIHAN NOMOR 1\n\nPERUBAHAN DOKUMEN PEMILIHAN\n\n"
              f'a. Spesifikasi Teknis angka 1.2: kata "3 x 6 m" semula, diubah menjadi "4 x 6 m".{said("Article 1.2: 3 x 6 m becomes 4 x 6 m.")}\n\n'
              f"b. Spesifikasi Teknis angka 2.2: dihapus.{said('Article 2.2 is deleted.')}\n\n"
              f'c. Spesifikasi Teknis angka 2: ditambahkan angka 2.4 baru: "2.4 Sponengan pada tepi kusen."{said("A new article 2.4 is added.")}\n\n'
              f'd. Spesifikasi Teknis angka 3.1: diubah seluruhnya menjadi: "3.1 Granit tile 60 x 60 cm."{said("Article 3.1 is replaced.")}\n\n'
              f"e. Gambar GK-ARS-02, Catatan 2: dihapus.{said('Drawing GK-ARS-02, note 2 is deleted.')}\n")
    return root


@pytest.mark.parametrize("gloss", [False, True])
def test_angka_after_the_title_words_is_read_in_the_document_so_titled_never_the_english_one(tmp_path, gloss):
    # (before: each reported, "angka" no reference noun; with the glosses' "Article 2.2" read, proposed in SPEC-EN, the
    # one holder the neighbours' 1.2, 2.4 and 3.1 kept, whose title has no word of the item's "Spesifikasi Teknis").
    # Two documents of the project are titled so: what both hold stays for a person (round 40), in the one the
    # neighbours' clauses say
    reading = read_project(_project(tmp_path, gloss=gloss), addenda_rules())
    assert applied(reading) == {("SPEC-RKS#1.2", "partial", True), ("DWG-GK-ARS-02#note-2", "full", False)}
    assert proposed(reading) == {("SPEC-RKS#2.2", "full", False), ("SPEC-RKS#2", "partial", True),
                                 ("SPEC-RKS#3.1", "full", True)}


def test_a_division_00_document_named_by_its_title_words_is_never_changed_through_the_titled_holders(tmp_path):
    # (the titled holders must keep the skip of Division 00: "In the specifications, Instructions to Bidders, page 3,
    # paragraph 1.4, ... add the following:" was applied in SPEC-002113, the one holder so titled, while reading this;
    # proposed there, as before)
    root = start_project(tmp_path / "p", "round96a-division-00")
    write_doc(root, "SPEC-002113", "2026-01-05", "1.3 Bid security.\n\n1.4 Pre-bid conference at the county garage.\n",
              title="Section 00 21 13 Instructions to Bidders")
    write_doc(root, "SPEC-265619", "2026-01-05", "1.4 Submittals.\n\n3.2 Pole foundations 600 mm across.\n",
              title="Section 26 56 19 Roadway Lighting")
    write_doc(root, "ADD-01", "2026-02-02", "ADDENDUM NO. 1\n\nAmend the Contract Documents as set out below:\n\n"
              "1. In the specifications, Instructions to Bidders, page 3, paragraph 1.4, Pre-Bid Conference, add the following: "
              "Bidders meet at the north gate at 10:00 a.m.\n\n"
              "2. In the specifications, Section 26 56 19, page 2, paragraph 3.2, Foundations, add the following: Set anchor "
              "bolts with a template.\n")
    reading = read_project(root, addenda_rules())
    assert not {edge for edge in applied(reading) if edge[0].startswith("SPEC-002113")}
