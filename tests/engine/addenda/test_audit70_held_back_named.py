"""Audit 70 C (issue 21, nothing silent): an item whose own words hold its change back (an owner's choice)
and that names what it would change by a notation the pack's ``mentions`` phrases do not list ("OZ 02.02",
"paragraaf 32.1") produced no edge, no proposal and no report: the report of a held-back item fired only on
a ``mentions`` phrase. It is now reported whenever a reader of references reads one in it, and the report
names it. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

LV = ("LEISTUNGSVERZEICHNIS\n\nDas Verzeichnis ist in Titel und Ordnungszahlen (OZ) gegliedert.\n\n"
      "01 WÄNDE\n\n01.01 Ständerwand, CW 75, beidseitig doppelt beplankt.\n\n"
      "02 DECKEN\n\n02.01 Abhangdecke aus Lochplatten.\n\n02.02 Glatte Gipskartondecke in den Fluren.\n")
BESTEK = ("BESTEK\n\n31 BETONWERK\n\n31.1 De kesp wordt gestort in sterkteklasse C30/37.\n\n"
          "32 METSELWERK\n\n32.1 Het metselwerk wordt hersteld met waalformaat.\n\n32.2 De voegen worden 15 mm uitgekrabd.\n")

CASES = [
    (LV, "SPEC-LV", "Leistungsverzeichnis Los 02 Trockenbau", "BIETERINFORMATION NR. 1\n\n",
     "1. Falls der Auftraggeber dies wünscht, entfällt OZ 02.02.\n", "OZ 02.02"),
    (LV, "SPEC-LV", "Leistungsverzeichnis Los 02 Trockenbau", "ADDENDUM NO. 1\n\n",
     "1. If the Owner so elects, delete OZ 02.01.\n", "OZ 02.01"),
    (BESTEK, "SPEC-BESTEK", "Bestek renovatie gemaal", "NOTA VAN INLICHTINGEN NR. 1\n\n",
     "1. Indien de opdrachtgever dit wenst, vervalt paragraaf 32.1.\n", "paragraaf 32.1"),
]


@pytest.mark.parametrize(("spec", "doc", "title", "head", "line", "named"), CASES)
def test_an_item_held_back_by_a_choice_naming_a_clause_is_reported(
        tmp_path: Path, rules, spec: str, doc: str, title: str, head: str, line: str, named: str) -> None:
    start_project(tmp_path, "audit-70-held")
    write_doc(tmp_path, doc, "2027-05-03", spec, kind="specification", title=title)
    write_doc(tmp_path, "ADD-01", "2027-06-07", head + line, kind="addendum", title="Addendum")
    reading = read_project(tmp_path, rules)
    assert not reading.applied, reading.applied
    reasons = [n.reason or "" for n in reading.not_understood if n.item.path == "1"]
    reasons += [p.evidence.why for p in reading.proposed if p.item.path == "1"]
    assert reasons, "the item is silent"
    assert any(named in why for why in reasons), reasons
