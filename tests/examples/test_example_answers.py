"""The answer files bundled with the examples give the verdicts their READMEs promise, through
the CLI (each scenario's check, end to end)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()

#: answer file → (verdict, reason, claim statuses)
EXPECTED = {
    "label-dosing/answers/s2-fabricated-locator.json": ("refusal", "no_valid_citation", ["fabricated_locator"]),
    "label-dosing/answers/s2-weight-band.json": ("refusal", "unsupported",
                                                 ["unsupported_quantity", "unsupported_quantity"]),
    "label-dosing/answers/s2-weight-band-ok.json": ("answer", None, ["ok"]),
    # 500 mg is the dose the label says may be increased to, not the recommended one (issue 22)
    "label-dosing/answers/s2-increased-dose.json": ("refusal", "unsupported", ["unsupported_quantity", "ok"]),
    "label-dosing/answers/s2-missing-qualifier.json": ("refusal", "unsupported", ["missing_qualifier"]),
    "label-dosing/answers/s5-paraphrase.json": ("refusal", "no_valid_citation", ["quote_not_found"]),
    "label-dosing/answers/s5-injected-instruction.json": ("refusal", "unsupported", ["unsupported_quantity", "ok"]),
    "sop-retention/answers/s1-stale-rev-c.json": ("refusal", "no_valid_citation", ["stale_revision"]),
    "sop-retention/answers/s1-rev-d.json": ("answer", None, ["ok"]),
    "sop-retention/answers/s1-auditor.json": ("answer", None, ["ok"]),
    "riverside-library/answers/s4-original-clause.json": ("refusal", "no_valid_citation", ["stale_revision"]),
    "riverside-library/answers/s4-addendum.json": ("answer", None, ["ok"]),
    "riverside-library/answers/s4-spec-and-drawing.json": ("refusal", "unsupported", ["unsupported_quantity"]),
    "followup-handbooks/answers/s3-p2.json": ("answer", None, ["ok"]),
    "followup-handbooks/answers/s3-wrong-handbook.json": ("refusal", "no_valid_citation", ["ineligible_source"]),
    "followup-handbooks/answers/s3-product-unknown.json": ("clarification_request", "missing_attribute", ["ok"]),
}


@pytest.fixture(scope="module")
def ingested(ingested_example) -> dict[str, Path]:
    """The examples as the run ingested them once (read only here: check writes no record without
    --audit-dir); that the CLI ingests each with exit 0 is tests/cli/test_cli_ingest.py's
    test_every_example_ingests_and_every_provision_shows."""
    return {name: ingested_example(name) for name in sorted({key.split("/")[0] for key in EXPECTED})}


def test_every_bundled_answer_is_listed() -> None:
    bundled = {str(p.relative_to(EXAMPLES)) for p in EXAMPLES.glob("*/answers/*.json")}
    assert bundled == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_bundled_answer_gets_its_verdict(ingested: dict[str, Path], name: str) -> None:
    verdict, reason, statuses = EXPECTED[name]
    result = runner.invoke(app, ["check", str(ingested[name.split("/")[0]]), "--answer", str(EXAMPLES / name),
                                 "--format", "json"])
    assert result.exit_code == (0 if verdict == "answer" else 1), result.output
    found = json.loads(result.stdout)
    assert (found["verdict"], found["reason"], [c["status"] for c in found["claims"]]) == (verdict, reason, statuses)


def test_the_readme_library_example_runs(tmp_path: Path) -> None:
    """The README's "As a library" block, run as written on a copy of the example it names."""
    import ast
    import contextlib
    import io
    import re

    readme = (EXAMPLES.parent / "README.md").read_text()
    (block,) = re.findall(r"### As a library\n\n```python\n(.*?)```", readme, re.S)
    for name in ("sop-retention", "riverside-library"):
        shutil.copytree(EXAMPLES / name, tmp_path / name, ignore=shutil.ignore_patterns(".inforce"))
        block = block.replace(f'"examples/{name}"', repr(str(tmp_path / name)))
    assert "examples/" not in block, "the README names an example this test does not copy"
    # the library's one door: the engine front and the ontology's types, nothing of the adapters
    imported = {node.module if isinstance(node, ast.ImportFrom) else alias.name
                for node in ast.walk(ast.parse(block)) if isinstance(node, ast.Import | ast.ImportFrom)
                for alias in node.names}
    assert {name for name in imported if name.startswith("inforce")} == {"inforce.engine", "inforce.ontology"}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, "README.md", "exec"), {})
    lines = printed.getvalue().splitlines()
    assert lines[0].startswith("SOP-114@D#5.2 ")
    assert "refusal stale_revision SOP-114@D#5.2" in lines
    assert any(line.startswith("['SOP-114@") for line in lines)
    # the sweep under FAR 52.236-21: the specification as amended governs the drawing
    assert ("quantity_conflict resolved_by_precedence ['Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3', "
            "'Sheet S-101 callout-3 (detail 3/S-501)']") in lines
    assert lines[-1].endswith("provision pairs")
