"""A figure past what a float holds (audit 130 F2): 400 digits were read as infinity, stored, and
listed by ``facts`` (its JSON wrote ``Infinity``, which no JSON parser reads, and then ``null``,
which the answer's own model refuses). It is kept without a value and warned about, as a
malformed number is, bound to no subject and stored as no quantity — also where its unit's
conversion, not the digits, takes it past the largest float."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine.quantities import extract_quantities

NINES = "9" * 400
TEN_TO_308 = "1" + "0" * 308  # a float still; in metres, a thousand times more is not


@pytest.mark.parametrize("text", [
    f"Compressive strength: not less than {NINES} psi.",
    f"Distance to the property line: {TEN_TO_308} km.",
    f"Slump: 2 to {NINES} inches.",
])
def test_the_figure_is_kept_without_a_value_and_warned_about(text: str) -> None:
    [mention] = [m for m in extract_quantities(text).mentions if m.text.strip()]
    assert mention.value is None and mention.upper is None and mention.normalized is None
    assert mention.subject is None and mention.quantity("SPEC#1") is None
    [warning] = [w for w in mention.warnings if "too large to read as a number" in w.message]
    assert warning.code == "malformed_number" and warning.text == mention.text


def test_a_figure_under_the_limit_is_read_as_before() -> None:
    ten_to_300 = "1" + "0" * 300
    [mention] = extract_quantities(f"Distance to the property line: {ten_to_300} m.").mentions
    assert mention.value == float(ten_to_300) and mention.normalized is not None
    assert not mention.warnings


def test_ingest_warns_at_its_line_and_facts_list_no_such_figure(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\n")
    (root / "documents" / "spec.md").write_text(
        "---\nid: SPEC-1\nkind: specification\ntitle: Concrete\nissued: 2026-03-02\neffective: {from: 2026-03-02}\n"
        "recorded: 2026-03-02T09:00:00Z\n---\n2.1 MIXTURES\n\n"
        f"A. Compressive strength at 28 days: not less than {NINES} psi.\n\nB. Slump: 4 inches maximum.\n")
    runner = CliRunner()
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    assert "documents/spec.md:11: malformed_number" in done.stderr and "too large to read" in done.stderr
    listed = runner.invoke(app, ["facts", str(root), "--valid-at", "2026-05-01", "--format", "json"])
    assert listed.exit_code == 0, listed.output
    facts = json.loads(listed.stdout)["facts"]
    assert [fact["quantity"]["value"] for fact in facts] == [4.0]  # the slump alone
