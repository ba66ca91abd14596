"""Audit 61 (issue 23): an item that applies only once a variant, an option or an alternate is accepted, in the
French and Spanish forms the pack's conditions had missed ("En cas de retenue de la variante ...", "En cas
d'acceptation de l'option ...", "... supprimé en cas de retenue de ...", "De aceptarse la Alternativa ..."),
waits on that choice: it is proposed, never applied. And a no-change clause joined to a change in one sentence
(by ";" or by "e", "y", "and" before another provision) speaks for the provision it names alone: the change
beside it is read. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_line

CCTP = ("CCTP\n\n1 TERRASSEMENTS\n\n1.1 Les fouilles seront descendues au bon sol.\n\n"
        "1.2 Les remblais seront compactés par couches de 30 cm.\n\n2 MENUISERIES\n\n"
        "2.1 Les fenêtres seront en bois exotique.\n\n2.2 Les vitrages seront de 4/16/4.\n")
PLIEGO = ("ESPECIFICACIONES TÉCNICAS\n\n1 CERCO\n\n1.1 El cerco perimetral será de malla romboidal.\n\n"
          "2 VEREDAS\n\n2.1 Las veredas serán de hormigón de 8 cm.\n\n"
          "2.2 Las juntas se sellarán con asfalto cada 3 m.\n")
CADERNO = ("CADERNO DE ENCARGOS\n\n1 PISOS\n\n1.1 O piso será cerâmico de 45 x 45 cm.\n\n"
           "2 ESQUADRIAS\n\n2.1 As janelas serão de alumínio anodizado.\n\n2.2 As portas internas serão de madeira.\n")
FR = dict(spec=CCTP, doc="SPEC-CCTP", head="AVIS RECTIFICATIF N° 3\n\nCAHIER DES CLAUSES TECHNIQUES PARTICULIÈRES (CCTP)\n\n",
          title="Cahier des Clauses Techniques Particulières (CCTP), Lot 05 Menuiseries, Salle polyvalente")
ES = dict(spec=PLIEGO, doc="SPEC-ET", head="ADENDA N° 03/2027 - LICITACIÓN PÚBLICA NACIONAL N° 19/2027\n\nSe comunican las siguientes modificaciones:\n\n",
          title="Especificaciones Técnicas, Licitación Pública Nacional N° 19/2027, Plaza del barrio norte")
PT = dict(spec=CADERNO, doc="SPEC-CE", head="ADENDO Nº 03 - CONCORRÊNCIA Nº 14/2027\n\n",
          title="Caderno de Encargos, Concorrência nº 14/2027, Creche municipal")


def _read(root: Path, rules, line: str, *, spec: str, doc: str, title: str, head: str):
    return read_line(root, rules, "audit-61", line, spec=spec, doc=doc, title=title, head=head,
                     issued=("2027-05-03", "2027-06-07"))


def test_a_french_change_waiting_on_a_variant_or_option_is_proposed(tmp_path, rules):
    # F1: "en cas de retenue de", "en cas d'acceptation de", before the change or after it, were no condition
    for n, (line, target) in enumerate((
            ("1) En cas de retenue de la variante n° 1, l'article 2.1 du CCTP est supprimé.\n", "SPEC-CCTP#2.1"),
            ("1) En cas d'acceptation de l'option n° 2, l'article 1.2 du CCTP est supprimé et remplacé par : "
             "« 1.2 Les remblais seront compactés par couches de 20 cm. »\n", "SPEC-CCTP#1.2"),
            ("1) L'article 2.2 du CCTP est supprimé en cas de retenue de la variante n° 1.\n", "SPEC-CCTP#2.2"))):
        applied, proposed, _ = _read(tmp_path / str(n), rules, line, **FR)
        assert not any(t == target for t, _, _ in applied), (line, applied)
        assert any(t == target for t, _, _ in proposed), (line, proposed)


def test_a_spanish_or_portuguese_change_waiting_on_an_alternate_is_proposed(tmp_path, rules):
    # F1: "De aceptarse la Alternativa ...", "de ser aceptada ...", "Caso seja aceita ..."
    for n, (line, target, words) in enumerate((
            ("1) De aceptarse la Alternativa N° 1, se elimina el numeral 2.2.\n", "SPEC-ET#2.2", ES),
            ("1) Se elimina el numeral 2.2, de ser aceptada la Alternativa N° 1.\n", "SPEC-ET#2.2", ES),
            ("1. Caso seja aceita a Alternativa 1, fica suprimido o item 2.2.\n", "SPEC-CE#2.2", PT))):
        applied, proposed, _ = _read(tmp_path / str(n), rules, line, **words)
        assert not any(t == target for t, _, _ in applied), (line, applied)
        assert any(t == target for t, _, _ in proposed), (line, proposed)


def test_the_same_change_without_its_condition_is_applied(tmp_path, rules):
    # (the control: the condition, not the verb or the place, holds the change back)
    applied, _, _ = _read(tmp_path / "fr", rules, "1) L'article 2.1 du CCTP est supprimé.\n", **FR)
    assert ("SPEC-CCTP#2.1", "full", False) in applied, applied
    applied, _, _ = _read(tmp_path / "es", rules, "1) Se elimina el numeral 2.2.\n", **ES)
    assert ("SPEC-ET#2.2", "full", False) in applied, applied


@pytest.mark.xfail(strict=True, reason="the no-change clause is passed over now, but the change is placed on numeral 2.1 "
                   "(reported 'names numeral 2.1'), not on 2.2: the reference the change takes is still to fix")
def test_a_no_change_clause_after_a_semicolon_leaves_the_change_beside_it(tmp_path, rules):
    # F2: "el numeral 2.1 no se modifica; en el numeral 2.2, donde dice ..." was silent
    applied, proposed, reported = _read(
        tmp_path, rules, 'Especificaciones Técnicas: el numeral 2.1 no se modifica; en el numeral 2.2, donde dice '
                         '"cada 3 m" debe decir "cada 2 m".\n', **ES)
    assert ("SPEC-ET#2.2", "partial", True) in applied | proposed, (applied, proposed, reported)
    assert not any(t == "SPEC-ET#2.1" for t, _, _ in applied | proposed), (applied, proposed)


def test_a_no_change_clause_joined_by_e_or_y_leaves_the_change_beside_it(tmp_path, rules):
    # F2: "O item 1.1 permanece inalterado e o item 2.2 fica suprimido" was silent; its Spanish twin too
    for n, (line, target, words) in enumerate((
            ("1. O item 1.1 permanece inalterado e o item 2.2 fica suprimido.\n", "SPEC-CE#2.2", PT),
            ("1) Se elimina el numeral 2.2 y el numeral 2.1 no se modifica.\n", "SPEC-ET#2.2", ES))):
        applied, proposed, reported = _read(tmp_path / str(n), rules, line, **words)
        kept = {t for t, _, _ in applied | proposed}
        assert target in kept or target.split("#")[1] in reported, (line, applied, proposed, reported)
        assert not any(t.endswith("#1.1") or t.endswith("#2.1") for t in kept), (line, applied, proposed)
