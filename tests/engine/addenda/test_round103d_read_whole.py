"""Round 103 D of issue 21 (held-out-70's answers), in words and numbers of our own: an answer giving an ítem whole
under its own number after a verb ending with the pack's reading phrase ("El ítem 5.2 se lee así: "5.2 ...""), where
the ítem is named by a label no reading knows ("ítem 5.2", no document named) and one document of the project holds
that number: proposed replaced whole, as the same form naming its document is (one decision,
``extent.given_whole``, for every path proposing it)."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import proposed as proposed_edges
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

MARKET = ("PARTE II - ESPECIFICACIONES TÉCNICAS\n\n5 CUBIERTA\n\n"
          "5.1 Calamina ondulada galvanizada N° 28 sobre correas de madera.\n\n"
          "5.2 Cumbrera de calamina plana N° 28.\n")


def _answer(verb: str) -> str:
    return ("ENMIENDA N° 2\n\nCONSULTAS Y RESPUESTAS\n\n"
            "Consulta 1 (escrita): ¿Se puede usar calamina de mayor espesor en la cumbrera?\n"
            f'Respuesta: Se acepta. El ítem 5.2 {verb} "5.2 Cumbrera de calamina plana galvanizada N° 26, con '
            'traslape de 15 cm."\n')


def _proposed(root: Path, rules, verb: str) -> set:
    start_project(root, "round-103d")
    write_doc(root, "SPEC-MKT", "2031-05-02", MARKET, kind="specification",
              title="Especificaciones técnicas, mercado municipal de Villa Serrano")
    write_doc(root, "ADD-01", "2031-06-01", _answer(verb), kind="addendum", title="Enmienda N° 2 al DBC")
    return proposed_edges(read_project(root, rules))


def test_an_item_given_whole_after_se_lee_asi_is_proposed_replaced_whole(tmp_path, rules):
    proposed = _proposed(tmp_path, rules, "se lee así:")
    assert ("SPEC-MKT#5.2", "full", True) in proposed, proposed
    assert ("SPEC-MKT#5.2", "partial", True) not in proposed, proposed


def test_an_item_amended_in_words_stays_proposed_in_part(tmp_path, rules):
    # (new text not opening with the ítem's own number: a change of part of it, as before)
    # (words between the reading phrase and the quotation: not the ítem given whole right after its verb)
    proposed = _proposed(tmp_path, rules, "se lee así: cumbrera N° 26, con traslape de 15 cm, y")
    assert ("SPEC-MKT#5.2", "partial", True) in proposed, proposed
    assert ("SPEC-MKT#5.2", "full", True) not in proposed, proposed
