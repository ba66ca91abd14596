"""A clause number with no parent or elder sibling before it opens its own provision (issue 21,
real documents): supplementary conditions that amend only GC 5.1.3 and 9.4.2, a Part D of
lettered clauses (D9.1), a specification reissued in part. Before, such text had no provision
(``DOC#5.1.3`` could not be cited). Stray numbers, drawing lists, grid lines and quoted
"instead of / read" copies stay text."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.outline import parse_outline

_FRONT = """---
id: {id}
kind: specification
title: Conditions
revision: "0"
issued: 2026-01-05
effective: {{from: 2026-01-05}}
recorded: 2026-01-05T09:00:00Z
---
"""

SUPPLEMENTARY = """SUPPLEMENTARY CONDITIONS

These supplementary conditions amend the general conditions as set out below.

5.1.3 Delete the paragraph and substitute: the contractor gives notice within 12 days.

9.4.2 Add the following: the holdback is 7 percent of each payment.
"""


def _paths(text: str) -> list[tuple[str, str | None]]:
    outline = parse_outline(text, file="x.md")
    assert outline.errors == []
    return [(p.path, p.parent) for p in outline.provisions]


def _texts(text: str) -> dict[str, str]:
    return {p.path: p.text for p in parse_outline(text, file="x.md").provisions}


def test_supplementary_conditions_amending_only_some_clauses_give_each_its_provision() -> None:
    assert _paths(SUPPLEMENTARY) == [("5.1.3", None), ("9.4.2", None)]
    texts = _texts(SUPPLEMENTARY)
    assert texts["5.1.3"] == "5.1.3 Delete the paragraph and substitute: the contractor gives notice within 12 days."
    assert texts["9.4.2"] == "9.4.2 Add the following: the holdback is 7 percent of each payment."


def test_a_lone_clause_keeps_its_paragraphs_and_a_sibling_after_it() -> None:
    text = (
        "Special conditions: only the clauses below change.\n\n"
        "6.12.3 Insurance. Replace the clause with:\n\n(a) the amount is 3 million;\n\n(b) the term is 2 years.\n\n"
        "6.12.4 Bonds. Delete the clause.\n\n14.2.1 Payment. Replace 30 days with 45 days.\n"
    )
    assert _paths(text) == [
        ("6.12.3", None), ("6.12.3.a", "6.12.3"), ("6.12.3.b", "6.12.3"), ("6.12.4", None), ("14.2.1", None),
    ]


def test_lettered_clause_numbers_are_read_as_clauses() -> None:
    text = (
        "PART D SUPPLEMENTARY CONDITIONS\n\n"
        "D9.1 Insurance. The contractor keeps the insurance in force until acceptance.\n\n"
        "D9.2 Bonds. The contractor gives a bond of 40 percent.\n\n"
        "D10.1 Warranty. The warranty runs for 2 years.\n"
    )
    assert _paths(text) == [("D9.1", None), ("D9.2", None), ("D10.1", None)]
    assert _texts(text)["D9.2"] == "D9.2 Bonds. The contractor gives a bond of 40 percent."


def test_a_new_letter_opens_a_new_part_of_lettered_items() -> None:
    text = (
        "Item numbers carry a letter: S for the specifications, D for the drawings.\n\n"
        "S3.01 Section 09 65 13: change 4 inches to 5 inches.\n\n"
        "S3.02 Section 06 10 00: add a paragraph on treated lumber.\n\n"
        "D3.01 Sheet A-102: keynote 3 is deleted.\n\n"
        "D3.02 Sheet M-101: note 2 is deleted.\n"
    )
    assert [path for path, _ in _paths(text)] == ["S3.01", "S3.02", "D3.01", "D3.02"]


def test_grid_lines_drawing_lists_and_stray_numbers_stay_text() -> None:
    # a grid line or a grade has no dotted number
    assert _paths("Set out from the grid.\n\nA1 grid line is the datum for the slab.\n\nB2 grade steel is used.\n") == []
    # a list of drawing sheets: titles only, no clause sentence
    assert _paths("The drawings are:\n\nA1.1 First Floor Plan\nA1.2 Second Floor Plan\nA2.1 Elevations\n") == []
    # one number alone is not the document's numbering
    assert _paths("The general conditions apply, as amended:\n\n5.1.3 Delete the paragraph.\n") == []
    # the "instead of" and "read" copies of a clause are quoted text
    quoted = (
        "The dossier is corrected as follows.\n\nInstead of:\n\n8.7 Damages. The rate is 500 dollars.\n\n"
        "Read:\n\n8.7 Damages. The rate is 750 dollars.\n\nInstead of:\n\n"
        "10.4.3 Closures. One lane at a time.\n\nRead:\n\n10.4.3 Closures. One lane, never on ferry days.\n"
    )
    assert _paths(quoted) == []


def test_a_lone_number_under_a_numbered_section_or_going_back_stays_text() -> None:
    # under an open article the number stays its text (a quoted or cross-referenced clause)
    under = "1 GENERAL\n\n1.1 Scope\n\nThe text.\n\n5.1.3 Delete the paragraph.\n\n9.4.2 Add a sentence.\n"
    assert _paths(under) == [("1", None), ("1.1", "1")]
    assert _texts(under)["1.1"].endswith("9.4.2 Add a sentence.")
    # a number before the last clause read is text of that clause
    back = "Amendments follow.\n\n9.4.2 Add a sentence here.\n\n5.1.3 Delete the paragraph.\n\n12.1.2 Add another.\n"
    assert _paths(back) == [("9.4.2", None), ("12.1.2", None)]
    assert _texts(back)["9.4.2"].endswith("5.1.3 Delete the paragraph.")


def test_the_real_supplementary_conditions_fixture_gives_its_clauses() -> None:
    root = Path(__file__).parents[1] / "fixtures" / "addenda-real" / "held-out-35"
    document, _ = parse_document_with_warnings(
        root / "documents" / "add-35-03-school-board-supplementary-conditions.md", root
    )
    paths = [p.path for p in document.provisions]
    for clause in ("1.2", "3.1.1", "5.1.2", "5.2.2", "11.1.3", "12.3.2"):
        assert clause in paths


def test_a_citation_of_a_lone_clause_is_answered_by_asof(tmp_path: Path) -> None:
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "sc.md").write_text(_FRONT.format(id="SC-01") + SUPPLEMENTARY, encoding="utf-8")
    (tmp_path / "inforce.yaml").write_text("project: lone\n", encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(app, ["ingest", str(tmp_path)], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert "no provision read" not in done.output
    asked = runner.invoke(
        app, ["asof", str(tmp_path), "SC-01#5.1.3", "--valid-at", "2026-02-01", "--format", "json"],
        catch_exceptions=False,
    )
    assert asked.exit_code == 0, asked.output
    answer = json.loads(asked.stdout)
    assert answer["in_force"] is True
    assert answer["resolved"] == "SC-01@0#5.1.3"
    assert answer["text"] == "5.1.3 Delete the paragraph and substitute: the contractor gives notice within 12 days."
