"""Issue 23, audit L1: a subject stated in a few values but over and over (98 specification
paragraphs, 7 slumps) made a finding of every pair of differing statements — the square of the
statements, not of the values. Such a set is now one grouped finding once its pairs would pass
``GROUP_PAIRS_PER_STATEMENT`` per statement; a few statements keep their pair findings as before."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import inforce.engine.quantities as quantities
import inforce.engine.sweep._pairs as pairs
from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.sweep import finding_id

pytestmark = pytest.mark.slow

DAY = dt.date(2026, 5, 1)
STRENGTH, SLUMP = "concrete.compressive_strength", "concrete.slump"
SPECS, PARAGRAPHS = 14, 7  # 98 statements of each subject
runner = CliRunner()


def invoke(*args: object, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def _spec(root: Path, doc: str, paragraphs: list[str], access: str = "") -> None:
    extra = f"access: [{access}]\n" if access else ""
    body = "".join(f"1.{n} CONCRETE {n}\n\nA. {text}\n\n" for n, text in enumerate(paragraphs, 1))
    (root / "documents" / f"{doc.lower()}.md").write_text(
        f"---\nid: {doc}\nkind: specification\ntitle: Spec {doc}\nrevision: '0'\neffective: {{from: 2026-01-01}}\n"
        f"recorded: 2026-01-01T09:00:00Z\n{extra}---\n# Concrete\n\n{body}", encoding="utf-8")


def _root(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: bound\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    return root


def _repro(root: Path, restricted: str = "") -> Path:
    """The audit's shape: each specification states seven strengths (all different) and one slump
    (one of seven), every paragraph both."""
    _root(root)
    for i in range(SPECS):
        doc = f"SP-{i}"
        _spec(root, doc, [f"Compressive strength of concrete: not less than {3000 + i * 10 + j} psi. "
                          f"Slump not more than {i % 7 + 2} inches." for j in range(1, PARAGRAPHS + 1)],
              access="structural" if doc == restricted else "")
    ingest_project(root)
    return root


@pytest.fixture(scope="module")
def repro(tmp_path_factory) -> Path:
    return _repro(tmp_path_factory.mktemp("bound") / "repro")


def test_many_statements_of_few_values_are_one_finding_per_subject(repro, monkeypatch):
    calls = [0]
    real = quantities.compare

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(quantities, "compare", counted)
    with Project.open(repro) as project:
        report = project.sweep(DAY)
    statements = report.summary.statements
    assert statements == 2 * SPECS * PARAGRAPHS
    # pairwise these were thousands of findings (98 slumps of 7 values alone: 4,116 pairs)
    assert len(report.findings) <= GROUP_BOUND * statements
    by_subject = {finding.subject: finding for finding in report.findings}
    assert sorted(by_subject) == [STRENGTH, SLUMP] and len(report.findings) == 2
    # the work is linear too: comparisons (a sort's neighbours), not pairs
    assert calls[0] <= GROUP_BOUND * statements, calls[0]
    assert report.summary.pairs_examined <= GROUP_BOUND * statements
    slump = by_subject[SLUMP]
    assert (slump.kind, slump.resolution, slump.scope, slump.winner) == (
        "quantity_conflict", "escalate", "across_documents", None)
    assert len(slump.provisions) == SPECS * PARAGRAPHS
    assert slump.id == finding_id("quantity_conflict", SLUMP, [side.locator for side in slump.provisions])
    assert f"{SPECS * PARAGRAPHS} provisions state 7 different values of {SLUMP}" in slump.explanation
    assert "pairs of differing values per provision" in slump.explanation
    # lowest value first, and the RFI counts the provisions of each value
    assert slump.provisions[0].quantity == "not more than 2 inches"
    assert slump.rfi is not None and "| not more than 2 inches | 14 | " in slump.rfi


GROUP_BOUND = pairs.GROUP_PAIRS_PER_STATEMENT


def _pairs_of(report) -> list[tuple[str, ...]]:
    return sorted(tuple(sorted(p.locator.format() for p in f.provisions)) for f in report.findings)


def test_three_conflicting_statements_are_the_pair_findings_of_before(tmp_path, monkeypatch):
    """Three strengths in three specifications: three pair findings, each adjudicated, exactly
    as with the statement bound out of the way (byte for byte in every format)."""
    root = _root(tmp_path / "three")
    for n in (1, 2, 3):
        _spec(root, f"SPEC-{n}", [f"Compressive strength at 28 days: not less than {2000 + n * 1000} psi."])
    ingest_project(root)
    with Project.open(root) as project:
        report = project.sweep(DAY)
    assert _pairs_of(report) == [("SPEC-1#1.1.A", "SPEC-2#1.1.A"), ("SPEC-1#1.1.A", "SPEC-3#1.1.A"),
                                 ("SPEC-2#1.1.A", "SPEC-3#1.1.A")]
    for finding in report.findings:
        assert finding.id == finding_id(finding.kind, STRENGTH, [p.locator for p in finding.provisions])
        assert finding.resolution == "escalate" and "different minimums" in finding.explanation
        assert finding.rfi is not None and "disagree" in finding.rfi.splitlines()[0]
    outputs = {}
    for fmt in ("json", "md", "sarif", "text", "html"):
        out = tmp_path / f"now.{fmt}"
        invoke("sweep", root, "--valid-at", "2026-05-01", "--format", fmt, "--fail-on", "none", "-o", out)
        outputs[fmt] = out.read_bytes()
    monkeypatch.setattr(pairs, "GROUP_PAIRS_PER_STATEMENT", 10**9)
    for fmt, now in outputs.items():
        out = tmp_path / f"pairwise.{fmt}"
        invoke("sweep", root, "--valid-at", "2026-05-01", "--format", fmt, "--fail-on", "none", "-o", out)
        assert out.read_bytes() == now, fmt


def test_one_odd_figure_among_many_restatements_keeps_its_pairs(tmp_path):
    """Ten statements, one differing (riverside-library's f'c): 9 pairs, under 4 per statement,
    so 9 pair findings, each pointing at the odd one — never a group."""
    root = _root(tmp_path / "odd")
    _spec(root, "SPEC-1", [f"Compressive strength at 28 days: not less than {4000 if n < 9 else 5000} psi."
                           for n in range(10)])
    ingest_project(root)
    with Project.open(root) as project:
        report = project.sweep(DAY)
    assert len(report.findings) == 9
    assert all(len(f.provisions) == 2 and "SPEC-1#1.10.A" in {p.locator.format() for p in f.provisions}
               for f in report.findings)


def test_the_group_renders_in_every_format_and_survives_a_baseline(repro, tmp_path):
    old = tmp_path / "old.json"
    invoke("sweep", repro, "--valid-at", "2026-05-01", "--fail-on", "none", "-o", old)
    data = json.loads(old.read_text())
    ids = sorted(f["id"] for f in data["findings"])
    assert len(ids) == 2
    same = json.loads(invoke("sweep", repro, "--valid-at", "2026-05-01", "--baseline", old, "--fail-on", "any").stdout)
    assert sorted((f["id"], f["baseline"]) for f in same["findings"]) == [(i, "unchanged") for i in ids]
    assert same["gone"] == []
    md = invoke("sweep", repro, "--valid-at", "2026-05-01", "--format", "md", "--fail-on", "none").stdout
    assert SLUMP in md and "more provisions" in md
    sarif = json.loads(invoke("sweep", repro, "--valid-at", "2026-05-01", "--format", "sarif", "--fail-on", "none").stdout)
    results = [r for run in sarif["runs"] for r in run["results"]]
    assert len(results) == 2
    for fmt in ("html", "text"):
        shown = invoke("sweep", repro, "--valid-at", "2026-05-01", "--format", fmt, "--fail-on", "none").stdout
        assert SLUMP in shown and STRENGTH in shown, fmt


def test_a_restricted_document_is_never_in_a_group(tmp_path):
    root = _repro(tmp_path / "restricted", restricted="SP-3")
    with Project.open(root) as project:
        hidden = project.sweep(DAY)
        shown = project.sweep(DAY, groups=["structural"])
    assert hidden.summary.withheld == ("SP-3",)
    assert len(hidden.findings) == 2
    assert all(p.locator.doc != "SP-3" for f in hidden.findings for p in f.provisions)
    assert "Spec SP-3" not in hidden.model_dump_json() and "3031 psi" not in hidden.model_dump_json()
    assert shown.summary.withheld == ()
    assert {p.locator.doc for f in shown.findings for p in f.provisions} >= {"SP-3"}


class _Stop(Exception):
    pass


def test_a_cancel_is_read_while_the_quantity_findings_are_adjudicated(tmp_path):
    """A service job's cancel is ``progress`` raising (``adapters.http.jobs``): the quantity
    stage reads it after each subject's findings are weighed, not only once every subject's
    statements are compared, and the sweep ends there."""
    root = _root(tmp_path / "cancel")
    for n in (1, 2, 3):
        _spec(root, f"SPEC-{n}", [f"Compressive strength at 28 days: not less than {2000 + n * 1000} psi."])
    ingest_project(root)
    seen: list[tuple[str, int, int]] = []

    def cancelled(stage: str, done: int, total: int) -> None:
        seen.append((stage, done, total))
        if stage == "adjudication":
            raise _Stop

    with Project.open(root) as project, pytest.raises(_Stop):
        project.sweep(DAY, progress=cancelled)
    assert seen[-1] == ("adjudication", 1, 1) and ("quantities", 1, 1) in seen
