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


# Special conditions numbered by the general clause each supplements (issue 36): clauses ending
# in ``.1`` opened (no parent needed), but ``15.3`` after ``12.1`` became the text of ``12.1``.
BY_REFERENCE = """SPECIAL CONDITIONS OF CONTRACT

The conditions below supplement the general conditions; each carries the number of the clause it supplements.

1.1 Definitions. The Buyer is the Port Board.

7.1 Law. The law of the Buyer's country governs.

12.1 Payment. Forty percent on delivery and sixty percent on acceptance.

15.3 Services. The Supplier provides the spare parts listed.

19.3 Security. The security is 8 percent of the price.

24.1 Damages. One percent a week, up to 9 percent.

27.3 Warranty. The warranty runs 18 months after acceptance.
"""


def test_special_conditions_numbered_by_the_general_clauses_give_each_its_provision() -> None:
    assert _paths(BY_REFERENCE) == [
        ("1.1", None), ("7.1", None), ("12.1", None), ("15.3", None), ("19.3", None), ("24.1", None), ("27.3", None),
    ]
    texts = _texts(BY_REFERENCE)
    assert texts["12.1"] == "12.1 Payment. Forty percent on delivery and sixty percent on acceptance."
    assert texts["15.3"] == "15.3 Services. The Supplier provides the spare parts listed."
    assert texts["27.3"] == "27.3 Warranty. The warranty runs 18 months after acceptance."


def test_contract_data_starting_deep_gives_the_shallower_clauses_after_it() -> None:
    text = (
        "CONTRACT DATA\n\n"
        "1.1.3.3 Time for Completion. 250 days from the start date.\n\n"
        "4.2 Performance Security. A bank guarantee of 6 percent of the amount.\n\n"
        "14.2 Advance Payment. 12 percent of the amount, repaid from each certificate.\n"
    )
    assert _paths(text) == [("1.1.3.3", None), ("4.2", None), ("14.2", None)]
    assert _texts(text)["1.1.3.3"] == "1.1.3.3 Time for Completion. 250 days from the start date."


def test_numbers_in_special_conditions_that_are_no_clauses_stay_text() -> None:
    text = BY_REFERENCE.replace(
        "15.3 Services.",
        "2.5 m of clearance is kept around each station.\n\n4.2 kN is the design wind load.\n\n"
        "2026.05 The stations are installed.\n\n"
        "| Clause | Change |\n| --- | --- |\n| 13.4 | Add a sentence. |\n\n"
        "9.2 Law. As cross-referenced above.\n\n15.3 Services.",
    )
    paths = [path for path, _ in _paths(text)]
    assert [p for p in paths if p[0].isdigit()] == ["1.1", "7.1", "12.1", "15.3", "19.3", "24.1", "27.3"]
    held = _texts(text)["12.1"]
    for line in ("2.5 m of", "4.2 kN", "2026.05 The", "9.2 Law."):
        assert line in held


def test_a_jump_is_needed_and_an_article_or_a_repeat_keeps_the_number_text() -> None:
    # roots 1.1, 1.2, 2.1 with no jump: a stray 9.4 is text of the clause before
    plain = (
        "1.1 Scope. The work covers the pumps.\n\n1.2 Standards. The pumps meet the code.\n\n"
        "2.1 Pumps. The pumps are centrifugal.\n\n9.4 Testing. Each pump is run for one hour.\n"
    )
    assert _paths(plain) == [("1.1", None), ("1.2", None), ("2.1", None)]
    assert _texts(plain)["2.1"].endswith("9.4 Testing. Each pump is run for one hour.")
    # under an article a lone number stays text
    article = (
        "8 GENERAL\n\n8.1 Law. The law of the Buyer's country governs.\n\n8.2 Language. English rules.\n\n"
        "15.3 Services. The Supplier provides the spare parts listed.\n\n19.3 Security. The security is 8 percent.\n"
    )
    assert _paths(article) == [("8", None), ("8.1", "8"), ("8.2", "8")]
    # so too under an article opened after the jumping clauses, until a clause opens with no parent
    later = BY_REFERENCE.replace("15.3 Services.", "9 GENERAL\n\n9.1 Notices. Notices are in writing.\n\n15.3 Services.")
    assert [path for path, _ in _paths(later)] == ["1.1", "7.1", "12.1", "9", "9.1", "24.1", "27.3"]
    assert _texts(later)["9.1"].endswith("19.3 Security. The security is 8 percent of the price.")
    # a number printed twice is a quoted clause; a title alone with a title after it is no clause
    quoted = BY_REFERENCE.replace(
        "15.3 Services.", "15.3 Services.\n\n16.4 Spare Parts List\n\nPumps and Valves\n\nRead:\n\n15.3 Services."
    )
    paths = [path for path, _ in _paths(quoted)]
    assert "15.3" not in paths and "16.4" not in paths
    assert "19.3" in paths


def test_the_real_special_conditions_fixture_gives_its_clauses() -> None:
    root = Path(__file__).parents[1] / "fixtures" / "addenda-real" / "held-out-36"
    document, _ = parse_document_with_warnings(root / "documents" / "spec-scc.md", root)
    paths = [p.path for p in document.provisions]
    assert paths == ["1.1", "8.1", "13.1", "16.3", "18.3", "26.1", "28.3"]


def test_a_citation_of_a_clause_numbered_by_the_general_clauses_is_answered_by_asof(tmp_path: Path) -> None:
    (tmp_path / "documents").mkdir()
    (tmp_path / "documents" / "scc.md").write_text(_FRONT.format(id="SCC-01") + BY_REFERENCE, encoding="utf-8")
    (tmp_path / "inforce.yaml").write_text("project: by-reference\n", encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(app, ["ingest", str(tmp_path)], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    for clause, text in (
        ("15.3", "15.3 Services. The Supplier provides the spare parts listed."),
        ("19.3", "19.3 Security. The security is 8 percent of the price."),
    ):
        asked = runner.invoke(
            app, ["asof", str(tmp_path), f"SCC-01#{clause}", "--valid-at", "2026-02-01", "--format", "json"],
            catch_exceptions=False,
        )
        assert asked.exit_code == 0, asked.output
        answer = json.loads(asked.stdout)
        assert answer["in_force"] is True
        assert answer["resolved"] == f"SCC-01@0#{clause}"
        assert answer["text"] == text
