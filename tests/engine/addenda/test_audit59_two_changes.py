"""Audit 59 (F15): two changes in one sentence of one item, "numeral 2.2: se suprime la segunda oración
y el numeral 3.2 queda redactado así: ...": the item's proposal placed 3.2, and the nothing-silent net
took the line as said because its document was named, so the change to 2.2 went unsaid. A provision a
line names beside the one placed, in the same document, is now reported at the line. In words and
numbers of our own."""

from __future__ import annotations

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

PLIEGO = ("ESPECIFICACIONES TÉCNICAS\n\n1 OBRADOR\n\n1.1 El cerco de obra será de malla de 1,8 m.\n\n"
          "2 MUROS\n\n2.1 Los muros serán de bloque de 20 cm.\n\n"
          "2.2 Se revocarán ambas caras. El revoque tendrá 2 cm de espesor.\n\n3 CUBIERTA\n\n"
          "3.1 La cubierta será de chapa N° 25.\n\n3.2 Las canaletas serán de chapa galvanizada N° 24.\n")


def test_a_second_provision_changed_in_the_same_sentence_is_not_left_unsaid(tmp_path, rules):
    start_project(tmp_path, "audit-59-two-changes")
    write_doc(tmp_path, "SPEC-ET", "2027-08-02", PLIEGO, kind="specification",
              title="Especificaciones Técnicas, Licitación Pública N° 31/2027, Galpón municipal")
    write_doc(tmp_path, "ADD-01", "2027-09-06", (
        "ADENDA N° 02 - LICITACIÓN PÚBLICA N° 31/2027\n\nSe comunican las siguientes modificaciones:\n\n"
        "1) ESPECIFICACIONES TÉCNICAS, numeral 2.2: se suprime la segunda oración y el numeral 3.2 queda "
        'redactado así: "3.2 Las canaletas serán de chapa galvanizada N° 22."\n'), kind="addendum", title="Adenda")
    reading = read_project(tmp_path, rules)
    kept = ({e.target.format() for e in reading.applied} | {p.target.format() for p in reading.proposed})
    reported = " ".join(n.reason for n in reading.not_understood)
    assert "SPEC-ET#3.2" in kept, (kept, reported)
    # the change to 2.2: applied, proposed, or reported by its number - never unsaid
    assert "SPEC-ET#2.2" in kept or "numeral 2.2" in reported, (kept, reported)
    # and the whole numeral 2.2 is never deleted by it
    assert not any(e.target.format() == "SPEC-ET#2.2" and e.scope == "full" for e in reading.applied)
