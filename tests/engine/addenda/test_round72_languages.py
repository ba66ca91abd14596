"""Round 72 of issue 21, items written in languages other than English: a clause of no document named by
number, cited after a shortened title of the one document holding it ("Bestek deel 2, paragraaf 31.2
komt te luiden: ..."), in an addendum that names no document by number but names other clauses that
document alone holds, is that document's clause: applied as the heading of such an addendum coming
close to the title is (round 38), never only proposed. The same item with no title before its clause
stays a proposal. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project
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
