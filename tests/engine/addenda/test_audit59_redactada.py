"""Audit 59 (F14): "la cláusula 3.1 quedará redactada de la siguiente manera: "3.1 ..."" was silent —
neither the clause notation ("cláusula 3.1", the Spanish dotted number) nor the feminine or present
tense of "quedará redactado de la siguiente manera" was the pack's, so the item named a clause and a
change and was neither applied, proposed nor reported. In words and numbers of our own."""

from __future__ import annotations

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

PLIEGO = ("ESPECIFICACIONES TÉCNICAS\n\n1 OBRADOR\n\n1.1 El cerco de obra será de malla de 1,8 m.\n\n"
          "2 CUBIERTA\n\n2.1 La cubierta será de chapa N° 25 sobre correas de madera.\n\n"
          "2.2 Las canaletas serán de chapa galvanizada N° 24.\n")


@pytest.mark.parametrize("words", [
    "la cláusula 2.1 quedará redactada de la siguiente manera",
    "la clausula 2.1 quedara redactada de la siguiente manera",
    "el numeral 2.1 queda redactado de la siguiente manera",
    "la cláusula 2.1 queda redactada de la siguiente manera",
])
def test_a_clause_restated_in_spanish_is_replaced_whole(tmp_path, rules, words):
    start_project(tmp_path, "audit-59-redactada")
    write_doc(tmp_path, "SPEC-ET", "2027-08-02", PLIEGO, kind="specification",
              title="Especificaciones Técnicas, Licitación Pública N° 22/2027, Galpón municipal")
    write_doc(tmp_path, "ADD-01", "2027-09-06", (
        "ADENDA N° 01 - LICITACIÓN PÚBLICA N° 22/2027\n\nSe comunican las siguientes modificaciones:\n\n"
        f'1) ESPECIFICACIONES TÉCNICAS: {words}: "2.1 La cubierta será de chapa N° 27 sobre correas metálicas."\n'),
        kind="addendum", title="Adenda")
    reading = read_project(tmp_path, rules)
    applied = {(e.target.format(), e.scope) for e in reading.applied}
    assert applied == {("SPEC-ET#2.1", "full")}, (applied, reading.proposed, reading.not_understood)
