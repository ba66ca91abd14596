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
