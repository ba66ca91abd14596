"""Items that turn a request down in other words derive nothing, and ingest names them for review
(found by a hostile audit: "declines it", "not acceptable", "Withdrawn; disregard this item")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

from corpus_writer import write_doc

pytestmark = pytest.mark.slow

runner = CliRunner()
SPEC = ("2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\nB. Ratio 0.45.\n\nC. Slump 4 inches.\n\n"
        "D. Air 6 percent.\n")


@pytest.mark.parametrize("words", [
    "The Architect has reviewed the proposal and declines it.",
    "Answer: No, this is not acceptable.",
    "Withdrawn; disregard this item.",
])
def test_a_declined_item_derives_nothing_and_is_named(tmp_path: Path, words: str) -> None:
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: declined\nrules:\n  - stock: supersession/csi-addenda\n")
    write_doc(tmp_path, "SPEC-033000", "2026-01-01", "SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n" + SPEC)
    write_doc(tmp_path, "ADD-05", "2026-02-01",
              "1 ITEMS\n\n1.1 Section 03 30 00, Paragraph 2.1.B: Delete the paragraph and substitute: "
              f"maximum w/cm ratio 0.60 (bidder's proposal). {words}\n\n"
              "1.2 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph and substitute: slump 5 inches.\n")
    result = runner.invoke(app, ["ingest", str(tmp_path), "--format", "json"])
    assert result.exit_code == 0, result.output
    derived = {edge["target"] for edge in json.loads(result.stdout)["derived"]}
    assert derived == {"SPEC-033000#2.1.C"}  # the plain instruction still derives
    summary = json.loads(result.stdout)
    (named,) = [item for item in summary["not_understood"] if item["item"] == "ADD-05#1.1"]
    assert "its own words say it changes nothing" in named["reason"]
    assert "ADD-05#1.1 reads as an instruction" in result.stderr
    asof = runner.invoke(app, ["asof", str(tmp_path), "SPEC-033000#2.1.B", "--valid-at", "2026-03-01"])
    assert asof.exit_code == 0 and "not in force" not in asof.stdout
