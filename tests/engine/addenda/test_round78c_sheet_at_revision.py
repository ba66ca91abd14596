"""A sheet replaced by the same sheet at its new revision, in Spanish or French ("la lámina PL-07 se reemplaza por la
lámina PL-07 revisión 1", "le plan RF-02 est remplacé par le plan RF-02 indice C"), is the whole sheet given anew, as
"Sheet PL-07 is replaced by sheet PL-07 revision 1" is (issue 21, round 78; before: proposed in part, "names no part
of it"). A sheet replaced by another sheet, no revision named, stays for a person. Words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _sheet(root: Path, sheet: str, title: str) -> None:
    (root / "documents" / f"dwg-{sheet.lower()}.drawing.yaml").write_text(
        f"id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: {title}\nissued: 2027-09-01\n"
        f"effective: {{from: 2027-09-01}}\nrecorded: 2027-09-01T00:00:00Z\ncallouts:\n"
        f"  - id: note-1\n    text: \"NOTE 1: SEE DETAILS.\"\n")


def _read(root: Path, rules, body: str):
    start_project(root, "round-78c-sheets")
    _sheet(root, "PL-07", "Perfil longitudinal del colector norte")
    _sheet(root, "RF-02", "Plan de toiture, bloc maternité")
    write_doc(root, "ADD-01", "2027-10-04", body, kind="addendum", title="Adenda 1")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return applied, proposed


@pytest.mark.parametrize(("body", "sheet"), [
    ('ACTA DE ACLARACIONES\n\nACLARACIÓN 2: Planos: la lámina PL-07 "Perfil longitudinal" se reemplaza por la lámina '
     "PL-07 revisión 1, publicada con esta acta.\n", "DWG-PL-07"),
    ("ACTA DE ACLARACIONES\n\n3. El plano PL-07 se sustituye por el plano PL-07 versión B.\n", "DWG-PL-07"),
    ("ADDITIF N° 2\n\n4. Le plan RF-02 est remplacé par le plan RF-02 indice C.\n", "DWG-RF-02"),
], ids=["lamina-revision", "plano-version", "plan-indice"])
def test_a_sheet_replaced_by_itself_at_a_new_revision_is_replaced_whole(tmp_path, rules, body, sheet):
    applied, proposed = _read(tmp_path, rules, body)
    assert applied == {(sheet, "full", True)}, (applied, proposed)


def test_a_sheet_replaced_by_another_sheet_naming_no_revision_is_not_applied_whole(tmp_path, rules):
    applied, proposed = _read(tmp_path, rules, "ACTA\n\n3. La lámina PL-07 se reemplaza por la lámina PL-09.\n")
    assert ("DWG-PL-07", "full", True) not in applied, (applied, proposed)
