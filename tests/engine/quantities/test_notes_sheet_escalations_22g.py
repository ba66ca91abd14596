"""Issue 22 (fix22g): a notes sheet stating one subject per element escalates only the real
disagreements. A strength for form removal (an early age) is not the 28-day strength; a note
labelled by its element (``CANOPY BEAM CONC. f'c = 5000 PSI``, ``RAMP WALLS: 2" CLR.``) is that
element's figure, which the typical note does not contradict; two general notes that disagree
still escalate."""

from __future__ import annotations

import datetime as dt

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities.extract import default_extractor

DAY = dt.date(2027, 5, 1)

NOTES = """id: DWG-S-090
kind: drawing
sheet: S-090
title: Garage General Notes
revision: "0"
seq: 1
issued: 2027-04-01
effective: {from: 2027-04-01}
recorded: 2027-04-01T09:00:00Z
callouts:
  - id: g1
    text: "CONC. f'c: 5,000 PSI (28 DAY) U.N.O."
  - id: g2
    text: "CONC. STR. @ 3 DAYS: 2,500 PSI MIN. FOR FORM REMOVAL."
  - id: g3
    text: "CANOPY BEAM CONC. f'c = 6000 PSI."
  - id: g4
    text: "ALL STRUCTURAL CONCRETE SHALL HAVE A COMPRESSIVE STRENGTH OF 4,000 PSI AT 28 DAYS."
  - id: g5
    text: "RAMP WALLS: 2\\" CLR. TO REINF."
  - id: g6
    text: "1-1/2\\" CLR. TO REINF. TYP."
  - id: g7
    text: "CLR. COVER: 3\\" @ BOTTOM OF MAT FDN."
  - id: g8
    text: "REINF.: ASTM A615 GR. 60 DEFORMED."
  - id: g9
    text: "WIRE FABRIC REINF.: ASTM A1064, fy = 70 KSI."
"""


def test_an_early_age_and_a_labelled_element_are_their_own_conditions() -> None:
    extractor = default_extractor()
    read = {m.text: m.condition for m in extractor.extract("CONC. STR. @ 3 DAYS: 2,500 PSI MIN. FOR FORM REMOVAL.").mentions}
    assert read["2,500 PSI MIN."] == ("early age",)
    read = {m.text: m.condition for m in extractor.extract("CANOPY BEAM CONC. f'c = 6000 PSI.").mentions}
    assert read["6000 PSI"] == ("element canopy beam",)
    read = {m.text: m.condition for m in extractor.extract('RAMP WALLS: 2" CLR. TO REINF.').mentions}
    assert read['2"'] == ("element ramp walls",)
    read = {m.text: m.condition for m in extractor.extract('CLR. COVER: 3" @ BOTTOM OF MAT FDN.').mentions}
    assert read['3"'] == ("element bottom of mat fdn",)
    read = {m.text: m.condition for m in extractor.extract("WIRE FABRIC REINF.: ASTM A1064, fy = 70 KSI.").mentions}
    assert read["70 KSI"] == ("element wire fabric reinf.",)
    # a place that is no element's ("AT POINT OF PLACEMENT") states none
    read = {m.text: m.condition for m in extractor.extract('SLUMP: 5" +/- 1" AT POINT OF DISCHARGE.').mentions}
    assert read['5" +/- 1"'] == ()
    # a label of the subject's own words states no element
    read = {m.text: m.condition for m in extractor.extract("CONC. f'c: 5,000 PSI (28 DAY) U.N.O.").mentions}
    assert read["5,000 PSI"] == ()


def test_the_sheet_escalates_only_the_two_general_strengths(tmp_path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: garage\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    (root / "documents" / "S-090.drawing.yaml").write_text(NOTES, encoding="utf-8")
    ingest_project(root)
    with Project.open(root) as project:
        report = project.sweep(DAY)
    pairs = {frozenset(side.locator.path for side in finding.provisions)
             for finding in report.findings if finding.kind == "quantity_conflict"}
    assert pairs == {frozenset({"g1", "g4"})}


def test_a_trailing_place_is_read_on_a_note_line_only_never_across_a_long_paragraph():
    """A place after a figure names its element on a note's line (``3" @ BOTTOM OF FTGS.``); on a
    line as long as a paragraph the figure is in a sentence, and the search for a place to the
    line's end is not made at all (made for each figure of a 1 MB provision, it had turned the
    ingest quadratic: minutes instead of seconds)."""
    from inforce.engine.quantities.conditions import element_of

    note = 'CLR. COVER: 3" @ BOTTOM OF FTGS.'
    assert element_of(note, note.index("3"), (0, 10), True) == "element bottom of ftgs"
    long = "The cover is 3 inches in this paragraph of the specification. " * 20 + "It stands @ BOTTOM OF FTGS."
    assert element_of(long, long.index("3"), None, True) is None


def test_reading_the_elements_of_a_paragraph_s_figures_does_not_rescan_the_paragraph():
    import time

    from inforce.engine.quantities.conditions import element_of

    long = "Concrete shall reach 4,000 psi at 28 days and the slab is 150 mm thick. " * 6_000
    starts = [at for at in range(0, len(long), 72)][:3_000]
    began = time.process_time()
    assert all(element_of(long, at + 21, None, True) is None for at in starts)
    assert time.process_time() - began < 2.0  # about 0.01 s; scanning to the line's end for each: over 20 s
