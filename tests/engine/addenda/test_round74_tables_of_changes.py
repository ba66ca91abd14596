"""Round 74 of issue 21 (held-out-61's Ukrainian and Indonesian forms), in words and numbers of our own: a Ukrainian
or Russian table of changes naming an annex by its number and a point of it ("Додаток 2 ..., пункт 1.2" / "Приложение 2
..., пункт 1.2"), whose rows give the point anew ("викласти в такій редакції", "изложить в следующей редакции"), change
words of it ("слова ... замінити словами ...", "дополнить предложением"), delete it ("Пункт 1.3 виключити") or add a
point to a part ("Розділ 3 доповнити пунктом 3.3"); an Indonesian adendum's "kata X diubah menjadi Y" in an ayat of the
"Bab VII" it names, and its before/after pairs, never silent."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

UA_SPEC = ("Додаток 2 до тендерної документації\n\nТЕХНІЧНА СПЕЦИФІКАЦІЯ\n\n1. ЗАГАЛЬНІ ПОЛОЖЕННЯ\n\n"
           "1.1 Works follow the approved design.\n\n1.2 The site is fenced with panels 2.0 m high.\n\n"
           "1.3 Night works need the Employer's consent.\n\n2. МАТЕРІАЛИ\n\n2.1 Cement is CEM II/A-S 42.5.\n\n"
           "2.2 Aggregate is crushed granite 5-20 mm.\n\n3. КОНТРОЛЬ ЯКОСТІ\n\n3.1 Cubes are tested at 7 and 28 days.\n\n"
           "3.2 Test reports are kept on site.\n")
#: another document holding points of the same numbers: only the annex the rows name is theirs
OTHER = "GENERAL\n\n1.1 Other.\n\n1.2 Other two.\n\n1.3 Other three.\n\n2.1 x\n\n2.2 y\n\n3.1 z\n"


def _project(root: Path, name: str, annex: str) -> None:
    start_project(root, name)
    write_doc(root, "SPEC-PUMP", "2027-09-01", UA_SPEC,
              title=f"{annex} 2 до тендерної документації, Технічна специфікація, Реконструкція насосної станції")
    write_doc(root, "SPEC-DEPOT", "2027-09-01", OTHER, title="Outline Specification, Depot")


def test_a_ukrainian_table_of_changes_applies_each_row_to_the_annexs_point(tmp_path, rules):
    _project(tmp_path, "round-74-ua", "Додаток")
    write_doc(tmp_path, "ADD-01", "2027-10-04", (
        "ЗМІНИ ДО ТЕНДЕРНОЇ ДОКУМЕНТАЦІЇ\n\n| № | Розділ, пункт | Зміст змін |\n|---|---|---|\n"
        '| 1 | Додаток 2 "Технічна специфікація", пункт 1.2 | Пункт 1.2 викласти в такій редакції: "1.2 The site is '
        'fenced with panels 2.4 m high." |\n'
        '| 2 | Додаток 2 "Технічна специфікація", пункт 2.1 | У пункті 2.1 слова "42.5" замінити словами "52.5". |\n'
        '| 3 | Додаток 2 "Технічна специфікація", пункт 2.2 | Пункт 2.2 доповнити реченням: "Sand is washed." |\n'
        '| 4 | Додаток 2 "Технічна специфікація", пункт 1.3 | Пункт 1.3 виключити (the point goes). |\n'
        '| 5 | Додаток 2 "Технічна специфікація", розділ 3 | Розділ 3 доповнити пунктом 3.3 такого змісту: "3.3 Slump '
        'is tested per load." |\n\nІнші умови залишаються без змін.\n'),
        kind="addendum", title="Зміни до тендерної документації")
    reading = read_project(tmp_path, rules)
    assert applied(reading) == {("SPEC-PUMP#1.2", "full", True), ("SPEC-PUMP#2.1", "partial", True),
                                ("SPEC-PUMP#2.2", "partial", True), ("SPEC-PUMP#1.3", "full", False),
                                ("SPEC-PUMP#3", "partial", True)}, (applied(reading), proposed(reading))


def test_a_russian_table_of_changes_reads_as_the_ukrainian_one(tmp_path, rules):
    _project(tmp_path, "round-74-ru", "Приложение")
    write_doc(tmp_path, "ADD-01", "2027-10-04", (
        "ИЗМЕНЕНИЯ В ТЕНДЕРНУЮ ДОКУМЕНТАЦИЮ\n\n| № | Раздел, пункт | Содержание изменений |\n|---|---|---|\n"
        '| 1 | Приложение 2 "Техническая спецификация", пункт 2.2 | Пункт 2.2 изложить в следующей редакции: "2.2 '
        'Aggregate is crushed granite 5-10 mm." |\n'
        '| 2 | Приложение 2 "Техническая спецификация", пункт 3.1 | В пункте 3.1 слова "7 and 28" заменить словами '
        '"3, 7 and 28". |\n'
        '| 3 | Приложение 2 "Техническая спецификация", пункт 1.1 | Пункт 1.1 исключить. |\n'
        '| 4 | Приложение 2 "Техническая спецификация", пункт 3.2 | Пункт 3.2 дополнить предложением: "Copies go to '
        'the Engineer." |\n'),
        kind="addendum", title="Изменения в тендерную документацию")
    reading = read_project(tmp_path, rules)
    assert applied(reading) == {("SPEC-PUMP#2.2", "full", True), ("SPEC-PUMP#3.1", "partial", True),
                                ("SPEC-PUMP#1.1", "full", False), ("SPEC-PUMP#3.2", "partial", True)}, (
        applied(reading), proposed(reading))


def test_an_answer_saying_the_requirements_are_not_changed_changes_nothing(tmp_path, rules):
    _project(tmp_path, "round-74-answer", "Додаток")
    write_doc(tmp_path, "ADD-01", "2027-10-04", (
        "РОЗ'ЯСНЕННЯ\n\n1. Чи змінюється пункт 2.1 Додатку 2? Відповідь: Ні, пункт 2.1 не змінюється.\n"),
        kind="addendum", title="Роз'яснення")
    reading = read_project(tmp_path, rules)
    assert not applied(reading) and not proposed(reading), (applied(reading), proposed(reading))


ID_SPEC = ("BAB VII. SPESIFIKASI TEKNIS\n\nPASAL 1 PEKERJAAN UMUM\n\n1.1 The Contractor keeps a site diary.\n\n"
           "1.2 A water tank of 1,000 litres is placed at the site office.\n\nPASAL 2 PEKERJAAN JALAN\n\n"
           "2.1 The subgrade is compacted to 95 percent.\n\n2.2 The base course is crushed stone class A, 20 cm thick.\n\n"
           "2.3 Kerbs are precast, K-300.\n")


def test_an_indonesian_ayat_of_the_bab_named_is_changed_in_part_and_its_pairs_are_never_silent(tmp_path, rules):
    start_project(tmp_path, "round-74-id")
    write_doc(tmp_path, "SPEC-JALAN", "2027-09-01", ID_SPEC, title="Bab VII Spesifikasi Teknis, Peningkatan Jalan Desa")
    write_doc(tmp_path, "SPEC-DEPOT", "2027-09-01", OTHER, title="Outline Specification, Depot")
    write_doc(tmp_path, "ADD-01", "2027-10-04", (
        "ADENDUM DOKUMEN PEMILIHAN\n\nPerubahan dalam Dokumen Pemilihan adalah sebagai berikut:\n\n"
        '1) Bab VII Spesifikasi Teknis, Pasal 2, ayat 2.3: kata "K-300" diubah menjadi "K-350".\n\n'
        "2) Bab VII Spesifikasi Teknis, Pasal 2, ayat 2.2\n"
        'a. Sebelum perubahan: "2.2 The base course is crushed stone class A, 20 cm thick." = DIHAPUS =\n'
        "b. Sesudah perubahan: (dihapus seluruhnya)\n\n"
        "Hal-hal lain yang tidak mengalami perubahan tetap berlaku.\n"),
        kind="addendum", title="Adendum Dokumen Pemilihan, Peningkatan Jalan Desa")
    reading = read_project(tmp_path, rules)
    # (round 75: the pair's "Sesudah perubahan" saying only that the ayat goes deletes it, nothing in its place; it
    # was offered to a person before the pack's labels read "a. Sebelum perubahan:" / "b. Sesudah perubahan:")
    assert applied(reading) == {("SPEC-JALAN#2.3", "partial", True), ("SPEC-JALAN#2.2", "full", False)}, (
        applied(reading), proposed(reading))
