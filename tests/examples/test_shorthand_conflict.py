"""Issue 22's end-to-end case: a drawing note written in shorthand ("CONC. ... P.S.I. @ 28 DAYS
U.N.O.") that contradicts a specification paragraph as an addendum replaced it is found by the
sweep, decided by the FAR-style precedence pack, and escalated with an RFI citing both under
``precedence/none``. Through the CLI, on a copy of the riverside example with one sheet added."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

pytestmark = pytest.mark.slow

RIVERSIDE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"

PIER_SHEET = """\
id: DWG-S-102
kind: drawing
sheet: S-102
title: Pier Details
revision: "0"
seq: 1
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
callouts:
  - id: note-1
    text: "PIER CONC. 4500 P.S.I. MIN. @ 28 DAYS U.N.O."
  - id: note-2
    text: "PIER CAPS: 2'-6\\" x 2'-6\\" x 1'-6\\" DEEP. SEE 2/S-501."
"""


def _sweep(root: Path, pack: str) -> dict:
    done = CliRunner().invoke(app, ["sweep", str(root), "--valid-at", "2026-05-01", "--pack", pack,
                                    "--fail-on", "none", "--format", "json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def _with_pier_note(findings: list[dict]) -> list[dict]:
    return [f for f in findings if any(p["locator"] == "DWG-S-102#note-1" for p in f["provisions"])
            and f["subject"] == "concrete.compressive_strength"]


def test_a_shorthand_drawing_note_against_the_specification_as_an_addendum_replaced_it(tmp_path: Path):
    root = Path(shutil.copytree(RIVERSIDE, tmp_path / "p", ignore=shutil.ignore_patterns(".inforce", "reviews.yaml")))
    (root / "documents" / "S-102.drawing.yaml").write_text(PIER_SHEET, encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output

    far = _with_pier_note(_sweep(root, "precedence/far-52-236-21")["findings"])
    against_addendum = [f for f in far if any(p["locator"].startswith("ADD-02#") for p in f["provisions"])]
    assert against_addendum, far  # the note (4,500) against 03 30 00 §2.1.A as Addendum 2 replaced it (5,000)
    (finding,) = against_addendum
    assert finding["kind"] == "quantity_conflict" and finding["resolution"] == "resolved_by_precedence"
    assert finding["rule"] and finding["clause"]
    sides = {p["locator"]: p for p in finding["provisions"]}
    assert "4500 P.S.I." in sides["DWG-S-102#note-1"]["quantity"]
    assert "ADD-02#1.3" in sides and finding["winner"] == "ADD-02#1.3"  # the specification as amended governs

    none = _with_pier_note(_sweep(root, "precedence/none")["findings"])
    (escalated,) = [f for f in none if any(p["locator"].startswith("ADD-02#") for p in f["provisions"])]
    assert escalated["resolution"] == "escalate"
    rfi = escalated["rfi"]  # cites both as a reader names them: the sheet's note and the clause as amended
    assert "Sheet S-102 note-1" in rfi and "Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3" in rfi
    assert "4500 P.S.I." in rfi and "5,000 psi" in rfi
