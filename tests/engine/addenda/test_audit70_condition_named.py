"""Audit 70 C L3 (issue 23): a change waiting on a condition is proposed, and the proposal says so, whatever
else held it back. "Sofern der Auftraggeber die Option beauftragt, entfällt OZ 02.02." and "Indien de
opdrachtgever daartoe besluit, vervalt paragraaf 23.1." were proposed because the clause's section was not
placed, with a why naming that alone: a person accepting it could not see that the change waits on the
owner's choice (the French "Si ..." form, placed, named it). The frame's reason is now added to a proposal
made for another reason. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_project, start_project
from corpus_writer import write_doc

LV = ("LEISTUNGSVERZEICHNIS\n\nDas Verzeichnis ist in Titel und Ordnungszahlen (OZ) gegliedert.\n\n"
      "01 WÄNDE\n\n01.01 Ständerwand, CW 75, beidseitig doppelt beplankt.\n\n"
      "01.02 Ständerwand wie OZ 01.01, jedoch mit imprägnierten Platten.\n\n"
      "02 DECKEN\n\n02.01 Abhangdecke aus Lochplatten.\n\n02.02 Glatte Gipskartondecke in den Fluren.\n")
BESTEK = ("BESTEK\n\n31 BETONWERK\n\n31.1 De kesp wordt gestort in sterkteklasse C30/37.\n\n"
          "31.2 De bekisting is van geschaafde planken.\n\n32 METSELWERK\n\n"
          "32.1 Het metselwerk wordt hersteld met waalformaat.\n\n32.2 De voegen worden 15 mm uitgekrabd.\n")

CASES = [
    (LV, "SPEC-LV", "Leistungsverzeichnis Los 02 Trockenbau", "BIETERINFORMATION NR. 1\n\n",
     "1. Sofern der Auftraggeber die Option beauftragt, entfällt OZ 02.02.\n", "SPEC-LV#02.02", "Sofern"),
    (LV, "SPEC-LV", "Leistungsverzeichnis Los 02 Trockenbau", "BIETERINFORMATION NR. 1\n\n",
     "1. Falls die Option beauftragt wird, entfällt OZ 01.02.\n", "SPEC-LV#01.02", "Falls"),
    (BESTEK, "SPEC-BESTEK", "Bestek renovatie gemaal", "NOTA VAN INLICHTINGEN NR. 1\n\n",
     "1. Indien de opdrachtgever daartoe besluit, vervalt paragraaf 32.1.\n", "SPEC-BESTEK#32.1", "Indien"),
]


@pytest.mark.parametrize(("spec", "doc", "title", "head", "line", "target", "opener"), CASES)
def test_a_proposal_held_back_for_its_place_names_its_condition_too(
        tmp_path: Path, rules, spec: str, doc: str, title: str, head: str, line: str, target: str,
        opener: str) -> None:
    start_project(tmp_path, "audit-70-l3")
    write_doc(tmp_path, doc, "2027-05-03", spec, kind="specification", title=title)
    write_doc(tmp_path, "ADD-01", "2027-06-07", head + line, kind="addendum", title="Addendum")
    reading = read_project(tmp_path, rules)
    assert not any(e.target.format() == target for e in reading.applied), reading.applied
    whys = [p.evidence.why for p in reading.proposed if p.target.format() == target]
    assert whys, reading.proposed
    assert all(f'opened by "{opener}"' in why for why in whys), whys


def test_the_same_change_with_no_condition_names_none(tmp_path: Path, rules) -> None:
    start_project(tmp_path, "audit-70-l3")
    write_doc(tmp_path, "SPEC-LV", "2027-05-03", LV, kind="specification", title="Leistungsverzeichnis Los 02 Trockenbau")
    write_doc(tmp_path, "ADD-01", "2027-06-07", "BIETERINFORMATION NR. 1\n\n1. OZ 02.02 entfällt.\n",
              kind="addendum", title="Addendum")
    reading = read_project(tmp_path, rules)
    whys = [p.evidence.why for p in reading.proposed if p.target.format() == "SPEC-LV#02.02"]
    whys += [e.target.format() for e in reading.applied if e.target.format() == "SPEC-LV#02.02"]
    assert whys and not any("opened by" in why for why in whys), (reading.applied, reading.proposed)
