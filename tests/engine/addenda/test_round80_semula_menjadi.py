"""Round 80 of issue 21 (held-out-66's Indonesian minutes of the explanation meeting), in words and numbers of our own:
an Indonesian "Spesifikasi Khusus" numbers its items "butir 2.1" under "Divisi 2"; the minutes' table of substantive
changes gives each item as it stood and as it stands under the columns "Semula" / "Menjadi" - a few words for a few
words (in part), the whole item in both cells (replaced), "Dihapus" (deleted), "-" before a "Ditambah butir ..." (the
division gains an item) - and a question's answer changes a word of an item ("butir 2.2 kata ... diganti ..."). The
rows were silent, the item's word and the columns' labels unread."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project, write_sheet
from corpus_writer import write_doc

SK = ("SPESIFIKASI KHUSUS\n\n1 UMUM\n\n1.1 Penyedia memasang papan nama proyek ukuran 120 x 80 cm.\n\n"
      "1.2 Air kerja diambil dari sumur bor di lokasi.\n\n2 PERPIPAAN\n\n"
      "2.1 Pipa transmisi HDPE PN 10 diameter 110 mm ditanam sedalam 80 cm.\n\n"
      "2.2 Bak pelepas tekan dari beton K-175 dipasang setiap 500 m.\n\n"
      "2.3 Uji tekan pipa dilakukan pada 1,5 kali tekanan kerja.\n\n3 RESERVOIR\n\n"
      "3.1 Reservoir beton bertulang kapasitas 50 m3.\n\n3.2 Tangga monyet dari baja galvanis.\n")
#: another document holding items of the same numbers: only the one the rows name is theirs
OTHER = ("GENERAL\n\n1.1 Site hours are 7 to 5.\n\n1.2 Keep the site clean.\n\n2 WORKS\n\n2.1 Dig the trench.\n\n"
         "2.2 Lay the pipe.\n\n2.3 Test the pipe.\n\n3 TANK\n\n3.1 Cast the tank.\n\n3.2 Fit the ladder.\n")


def _project(root: Path) -> None:
    start_project(root, "round-80-id")
    write_doc(root, "SPEC-SPAM", "2027-09-01", SK,
              title="Spesifikasi Khusus, Pembangunan SPAM Desa Lubuk Raya (special specification)")
    write_doc(root, "SPEC-DEPOT", "2027-09-01", OTHER, title="Outline Specification, Depot")
    write_sheet(root, "PA-07", "2027-09-01")


def test_semula_menjadi_rows_change_replace_delete_and_replace_a_sheet_as_their_cells_say(tmp_path, rules):
    _project(tmp_path)
    write_doc(tmp_path, "ADD-01", "2027-10-04", (
        "BERITA ACARA PEMBERIAN PENJELASAN\n\nPERUBAHAN DOKUMEN PEMILIHAN\n\n"
        "| No | Bagian Dokumen | Semula | Menjadi |\n|---|---|---|---|\n"
        '| 1 | Spesifikasi Khusus butir 2.1 | "sedalam 80 cm" | "sedalam 100 cm di bawah bahu jalan" |\n'
        '| 2 | Spesifikasi Khusus butir 3.1 | "3.1 Reservoir beton bertulang kapasitas 50 m3." | '
        '"3.1 Reservoir beton bertulang kapasitas 75 m3 dengan dua kompartemen." |\n'
        "| 3 | Spesifikasi Khusus butir 1.1 | Papan nama proyek | Dihapus |\n"
        "| 4 | Gambar PA-07, Denah reservoir | Revisi A | Revisi B, dilampirkan |\n"
        '| 5 | Spesifikasi Khusus Divisi 2 | - | Ditambah butir 2.4: "2.4 Katup udara dipasang di setiap titik '
        'tertinggi." |\n'),
        kind="addendum", title="Berita Acara Pemberian Penjelasan, SPAM Desa Lubuk Raya")
    reading = read_project(tmp_path, rules)
    assert applied(reading) == {("SPEC-SPAM#2.1", "partial", True), ("SPEC-SPAM#3.1", "full", True),
                                ("SPEC-SPAM#1.1", "full", False), ("DWG-PA-07", "full", True)}, (
        applied(reading), proposed(reading), [n.reason for n in reading.not_understood])
    # (the division gaining an item is reported by its word, never silent)
    assert any("Divisi 2" in (n.reason or "") for n in reading.not_understood) or (
        ("SPEC-SPAM#2", "partial", True) in proposed(reading)), [n.reason for n in reading.not_understood]


def test_an_answer_putting_a_word_for_a_word_of_an_item_changes_it_in_part(tmp_path, rules):
    _project(tmp_path)
    write_doc(tmp_path, "ADD-01", "2027-10-04", (
        "BERITA ACARA PEMBERIAN PENJELASAN\n\nTANYA JAWAB\n\n"
        "| No | Pertanyaan | Jawaban |\n|---|---|---|\n"
        "| 1 | Apakah bak pelepas tekan boleh pasangan bata? | Tidak. Namun pada Spesifikasi Khusus butir 2.2 kata "
        '"K-175" diganti "fc\' 15 MPa". |\n'
        "| 2 | Berapa kali uji tekan? | Sesuai Spesifikasi Khusus butir 2.3, yang tidak berubah. |\n"),
        kind="addendum", title="Berita Acara Pemberian Penjelasan, SPAM Desa Lubuk Raya")
    reading = read_project(tmp_path, rules)
    # (which of two documents holding an item 2.2 is meant, the answer's words leave for a person to confirm)
    assert not applied(reading) and proposed(reading) == {("SPEC-SPAM#2.2", "partial", True)}, (
        applied(reading), proposed(reading), [n.reason for n in reading.not_understood])
    assert not reading.not_understood, [n.reason for n in reading.not_understood]


def test_a_semula_menjadi_sheet_row_without_its_new_issue_attached_is_only_proposed(tmp_path, rules):
    _project(tmp_path)
    write_doc(tmp_path, "ADD-01", "2027-10-04", (
        "PERUBAHAN DOKUMEN PEMILIHAN\n\n"
        "| No | Uraian | Semula | Menjadi |\n|---|---|---|---|\n"
        "| 1 | Gambar PA-07, Denah reservoir | Revisi 0 | Revisi 1 |\n"),
        kind="addendum", title="Adendum Dokumen Pemilihan, SPAM Desa Lubuk Raya")
    reading = read_project(tmp_path, rules)
    assert not applied(reading) and proposed(reading) == {("DWG-PA-07", "full", True)}, (
        applied(reading), proposed(reading), [n.reason for n in reading.not_understood])
