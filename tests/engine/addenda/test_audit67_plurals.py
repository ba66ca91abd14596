"""Audit 67 C F6 (issue 23): an item naming several provisions in the plural, in Spanish, Portuguese or French
("Se eliminan los numerales 3.1 y 3.2.", "Ficam suprimidos os itens 2.1 e 2.2.", "Les articles 1.1 et 1.2 sont
supprimés.", "Numerales 3.1 a 3.2: ...") was wholly silent, or said only the first provision: each provision must
end applied, proposed or reported. The English plural is the control. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_line

SPEC = "ESPECIFICACIONES TECNICAS\n\n3 CUBIERTA\n\n3.1 La chapa sera de 0,5 mm.\n\n3.2 Las correas seran de acero.\n"


def _said(root: Path, rules, line: str) -> tuple[set[str], str]:
    applied, proposed, reported = read_line(root, rules, "audit-67", line, spec=SPEC, doc="SPEC-ET",
                                            title="Especificaciones Tecnicas, Cubierta del galpon",
                                            head="ADENDA N 3\n\n", issued=("2027-08-02", "2027-09-06"))
    return {t for t, _, _ in applied | proposed}, reported


@pytest.mark.parametrize("line", [
    "1) Se eliminan los numerales 3.1 y 3.2.\n",
    "1) Los numerales 3.1 y 3.2 quedan sin efecto.\n",
    "1) En los numerales 3.1 y 3.2, donde dice \"chapa\" debe decir \"chapa prepintada\".\n",
    "1) Numerales 3.1 a 3.2: se reemplaza \"chapa\" por \"chapa prepintada\".\n",
    "1) Ficam suprimidos os itens 3.1 e 3.2.\n",
    "1) Nos itens 3.1 e 3.2, onde se lê \"chapa\", leia-se \"chapa pintada\".\n",
    "1) Les articles 3.1 et 3.2 sont supprimés.\n",
    "1) Aux articles 3.1 et 3.2, remplacer « chapa » par « tôle ».\n",
    # (the control: the English plural, read before)
    "1) Articles 3.1 and 3.2 are deleted.\n",
])
def test_each_provision_named_in_the_plural_is_said(tmp_path, rules, line):
    placed, reported = _said(tmp_path, rules, line)
    for path in ("3.1", "3.2"):
        assert f"SPEC-ET#{path}" in placed or path in reported, (line, placed, reported)


# (audit 68: each provision of the list is placed as the one provision alone is, applied where it would be applied,
# else proposed; no longer only reported as "no section it belongs to")

@pytest.mark.parametrize("line", [
    "1) Se eliminan los numerales 3.1 y 3.2.\n",
    "1) Ficam suprimidos os itens 3.1 e 3.2.\n",
    "1) Les articles 3.1 et 3.2 sont supprimés.\n",
    "1) En los numerales 3.1 y 3.2, donde dice \"chapa\" debe decir \"chapa prepintada\".\n",
])
def test_each_provision_of_a_plural_is_proposed_as_the_single_is(tmp_path, rules, line):
    single_applied, single_proposed, _ = read_line(
        tmp_path / "single", rules, "audit-68", "1) Se elimina el numeral 3.1.\n", spec=SPEC, doc="SPEC-ET",
        title="Especificaciones Tecnicas, Cubierta del galpon", head="ADENDA N 3\n\n", issued=("2027-08-02", "2027-09-06"))
    assert not single_applied and {t for t, _, _ in single_proposed} == {"SPEC-ET#3.1"}  # (the single: proposed)
    applied, proposed, reported = read_line(tmp_path / "plural", rules, "audit-68", line, spec=SPEC, doc="SPEC-ET",
                                            title="Especificaciones Tecnicas, Cubierta del galpon",
                                            head="ADENDA N 3\n\n", issued=("2027-08-02", "2027-09-06"))
    assert not applied and {t for t, _, _ in proposed} == {"SPEC-ET#3.1", "SPEC-ET#3.2"}, (applied, proposed, reported)
    assert "no section it belongs to" not in reported


# (the addendum's heading names the document by its title, no number: the single clause is then applied)
_TITLED = "Especificaciones Tecnicas Particulares, Galpon de acopio"
_TITLED_HEAD = "ADENDA N 2\n\nB - ESPECIFICACIONES TECNICAS PARTICULARES\n\n"


@pytest.mark.parametrize("line, scope", [
    ("1) Se eliminan los numerales 3.1 y 3.2.\n", "full"),
    ("1) Les articles 3.1 et 3.2 sont supprimés.\n", "full"),
    ("1) Numerales 3.1 a 3.2: se reemplaza \"chapa\" por \"chapa prepintada\".\n", "partial"),
])
def test_each_provision_of_a_plural_is_applied_where_the_single_is(tmp_path, rules, line, scope):
    single_applied, _, _ = read_line(tmp_path / "single", rules, "audit-68", "1) Se elimina el numeral 3.2.\n", spec=SPEC,
                                     doc="SPEC-ET", title=_TITLED, head=_TITLED_HEAD, issued=("2027-08-02", "2027-09-06"))
    assert {t for t, _, _ in single_applied} == {"SPEC-ET#3.2"}  # (the single, under that heading: applied)
    applied, proposed, reported = read_line(tmp_path / "plural", rules, "audit-68", line, spec=SPEC, doc="SPEC-ET",
                                            title=_TITLED, head=_TITLED_HEAD, issued=("2027-08-02", "2027-09-06"))
    assert {(t, s) for t, s, _ in applied} == {("SPEC-ET#3.1", scope), ("SPEC-ET#3.2", scope)}, (applied, proposed, reported)
    assert not proposed
