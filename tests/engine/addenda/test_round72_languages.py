"""Round 72 of issue 21, items written in languages other than English: a clause of no document named by
number, cited after a shortened title of the one document holding it ("Bestek deel 2, paragraaf 31.2
komt te luiden: ..."), in an addendum that names no document by number but names other clauses that
document alone holds, is that document's clause: applied as the heading of such an addendum coming
close to the title is (round 38), never only proposed. The same item with no title before its clause
stays a proposal. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project, write_sheet
from corpus_writer import write_doc

BESTEK = ("BESTEK DEEL 2 - BOUWKUNDIGE WERKEN\n\n31 METSELWERK\n\n"
          "31.1 Gevelstenen: handvorm, waalformaat, kleur rood-bruin.\n\n"
          "31.2 Voegwerk: platvol, kleur antraciet.\n\n32 DAKEN\n\n"
          "32.1 Dakbedekking: bitumineus, twee lagen.\n\n32.2 Dakranden: aluminium daktrim.\n")
LEIDRAAD = ("AANBESTEDINGSLEIDRAAD\n\n1 ALGEMEEN\n\n1.1 De aanbesteding is openbaar.\n\n"
            "2 PLANNING\n\n2.1 De inschrijvingen worden op 3 november geopend.\n")


def _project(root: Path, name: str) -> None:
    start_project(root, name)
    write_doc(root, "SPEC-NL-BW", "2027-09-01", BESTEK,
              title="Bestek Deel 2 Bouwkundige Werken, Nieuwbouw Brandweerkazerne Oosthaven")
    write_doc(root, "SPEC-NL-AL", "2027-09-01", LEIDRAAD,
              title="Aanbestedingsleidraad, Nieuwbouw Brandweerkazerne Oosthaven")


def _read(root: Path, rules, body: str):
    write_doc(root, "ADD-01", "2027-10-04", body, kind="addendum", title="Nota van Inlichtingen nr. 2")
    return read_project(root, rules)


def test_a_clause_after_a_shortened_title_of_its_one_holder_is_applied(tmp_path, rules):
    _project(tmp_path, "round-72-titled")
    reading = _read(tmp_path, rules, (
        "NOTA VAN INLICHTINGEN NR. 2\n\n"
        "1 Bestek deel 2, paragraph 31.2 shall read: \"31.2 Voegwerk: verdiept, 4 mm, kleur grijs.\"\n\n"
        "2 Bestek deel 2, paragraph 32.2 is deleted.\n"))
    assert ("SPEC-NL-BW#31.2", "full", True) in applied(reading), (applied(reading), proposed(reading))
    assert ("SPEC-NL-BW#32.2", "full", False) in applied(reading), (applied(reading), proposed(reading))
    assert not proposed(reading), proposed(reading)


def test_the_same_clause_with_no_title_before_it_stays_a_proposal(tmp_path, rules):
    _project(tmp_path, "round-72-untitled")
    reading = _read(tmp_path, rules, (
        "NOTA VAN INLICHTINGEN NR. 2\n\n"
        "1 Paragraph 31.2 shall read: \"31.2 Voegwerk: verdiept, 4 mm, kleur grijs.\"\n\n"
        "2 Paragraph 32.2 is deleted.\n"))
    # (no heading and no words of the item name the document: one holding both clauses may still be
    # one the project lacks a twin of; a person confirms)
    assert not applied(reading), applied(reading)
    assert ("SPEC-NL-BW#31.2", "full", True) in proposed(reading), (proposed(reading), reading.not_understood)


MEMORIAL = ("MEMORIAL DESCRITIVO\n\n4 COBERTURA\n\n4.1 As calhas serão de chapa galvanizada.\n\n"
            "4.2 As telhas serão de fibrocimento, 6 mm.\n\n6 INSTALAÇÕES\n\n6.1 A caixa de gordura será de concreto.\n")
CADERNO = ("CADERNO DE ENCARGOS\n\n4 PRAZOS\n\n4.1 O prazo da obra é de cento e vinte dias.\n\n"
           "4.2 O cronograma será entregue em dez dias.\n\n6 MEDIÇÕES\n\n6.1 As medições serão mensais.\n")


def _mercado(root: Path, name: str) -> None:
    start_project(root, name)
    write_doc(root, "SPEC-BR-MEM", "2027-09-01", MEMORIAL,
              title="Anexo II Memorial Descritivo, Reforma do Mercado Municipal de Itapoã")
    write_doc(root, "SPEC-BR-CAD", "2027-09-01", CADERNO,
              title="Anexo III Caderno de Encargos, Reforma do Mercado Municipal de Itapoã")
    write_sheet(root, "A-101")


def test_the_title_a_clause_is_of_ends_where_the_verb_after_it_begins(tmp_path, rules):
    _mercado(tmp_path, "round-72-of-title")
    reading = _read(tmp_path, rules, (
        "ERRATA Nº 1\n\n"
        '1. O item 4.2 do Memorial Descritivo passa a vigorar com a seguinte redação: "4.2 As telhas serão '
        'termoacústicas, de aço galvalume, 30 mm."\n\n'
        '2. Ao item 6.1 do Memorial Descritivo acrescenta-se: "A caixa terá tampa removível."\n\n'
        "3. A prancha A-101 é substituída pela revisão B, anexa.\n"))
    # (both annexes hold a 4.2 and a 6.1: "do Memorial Descritivo" says which, the verb after it no word of
    # a title; read with the verb, the run fitted no title and both were only proposed)
    assert {("SPEC-BR-MEM#4.2", "full", True), ("SPEC-BR-MEM#6.1", "partial", True)} <= applied(reading), (
        applied(reading), proposed(reading))
    assert not any(t.startswith("SPEC-BR-CAD") for t, _, _ in applied(reading) | proposed(reading))


def test_a_title_every_holder_bears_says_nothing_of_which(tmp_path, rules):
    _mercado(tmp_path, "round-72-of-shared")
    reading = _read(tmp_path, rules, (
        "ERRATA Nº 1\n\n"
        '1. O item 4.2 do Mercado Municipal passa a vigorar com a seguinte redação: "4.2 Texto novo."\n\n'
        "2. A prancha A-101 é substituída pela revisão B, anexa.\n"))
    # ("Mercado Municipal" is in both annexes' titles: which is meant stays for a person)
    assert not any(t.startswith(("SPEC-BR-MEM", "SPEC-BR-CAD")) for t, _, _ in applied(reading)), applied(reading)
