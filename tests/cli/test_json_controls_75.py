"""Audit 75 A F2: a document's C1 control U+009B (the 8-bit CSI, a terminal's escape in UTF-8 too)
was written raw by every ``--format json`` answer (``show``, ``asof``, ``sweep``, ``precedence``),
where the text and Markdown forms write it out and JSON's encoder escapes ESC alone. Every JSON
the command line, the reports and the service write now has each control character as a
``\\uXXXX`` escape (``ontology.text.json_text``): parsed, the text is the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.report import render
from inforce.engine import Project

runner = CliRunner()
CSI = "\u009b"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("c1") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: c1\nfacets: []\nrules:\n  - stock: precedence/none\n")
    head = "---\nid: {id}\nkind: specification\ntitle: {title}\nissued: 2026-01-01\neffective: {{from: 2026-01-01}}\n" \
           "recorded: 2026-01-01T00:00:00Z\n---\n3 EXECUTION\n\n3.1 Concrete compressive strength at 28 days: " \
           "not less than {psi} psi.{tail}\n"
    (root / "documents" / "a.md").write_text(head.format(id="SPEC-A", title='"Concrete \\u009b2J"', psi="4,000",
                                                         tail=f" {CSI}31mX"), encoding="utf-8")
    (root / "documents" / "b.md").write_text(head.format(id="SPEC-B", title="Other", psi="5,000", tail=""),
                                             encoding="utf-8")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    return root


@pytest.mark.parametrize("command", [["show", "{p}", "SPEC-A#3.1"], ["asof", "{p}", "SPEC-A#3.1", "--valid-at", "2026-02-01"],
                                     ["sweep", "{p}", "--valid-at", "2026-02-01"],
                                     ["precedence", "{p}", "SPEC-A#3.1", "SPEC-B#3.1", "--valid-at", "2026-02-01"]])
def test_no_json_answer_holds_a_raw_control_character(project: Path, command: list[str]) -> None:
    done = runner.invoke(app, [part.format(p=project) for part in command] + ["--format", "json"])
    assert done.exit_code in (0, 1), done.output
    assert CSI not in done.stdout and "\\u009b" in done.stdout, done.stdout[:400]
    assert CSI in json.dumps(json.loads(done.stdout), ensure_ascii=False)  # the same text, parsed


def test_the_json_report_escapes_it_too(project: Path) -> None:
    with Project.open(project) as opened:
        report = opened.sweep(__import__("datetime").date(2026, 2, 1))
    text = render(report, "json")
    assert CSI not in text and CSI in json.dumps(json.loads(text), ensure_ascii=False)
