"""Issue 23, twenty-sixth audit: "shall be 4,000 psi at 28 days" cited word for word escalated,
the comma of the thousands read as the end of an opening condition ("... shall be 4"). A comma
or point between digits ends no clause (``quantities.modifiers``); a list's comma ("3, 4 and 5")
still does. The sweep reads its statements' conditions without cutting at commas: the same
wording in two documents is no conflict, a different figure is. And a pack's unknown parameter
is named by the pack as its user named it, not by the file it was read from."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities.modifiers import conditions, scoped
from inforce.ontology import Answer

DAY = dt.date(2026, 4, 1)
FOOTING = "Footing concrete compressive strength shall be 4,000 psi at 28 days."
#: a real opening condition: still read as one (the fix spares a number's comma only)
COLD = "In cold weather, slab concrete compressive strength shall be 4,000 psi at 28 days."
runner = CliRunner()


def _spec(root: Path, doc: str, paragraphs: list[str]) -> None:
    body = "".join(f"2.{n} CONCRETE {n}\n\nA. {text}\n\n" for n, text in enumerate(paragraphs, 1))
    (root / "documents" / f"{doc.lower()}.md").write_text(
        f"---\nid: {doc}\nkind: specification\ntitle: Concrete {doc}\nrevision: '0'\n"
        f"effective: {{from: 2026-03-02}}\nrecorded: 2026-03-02T09:00:00Z\n---\n# Concrete\n\n{body}",
        encoding="utf-8")


def _project(root: Path, specs: dict[str, list[str]]) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: commas\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    for doc, paragraphs in specs.items():
        _spec(root, doc, paragraphs)
    ingest_project(root)
    return root


@pytest.fixture(scope="module")
def spec(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _project(tmp_path_factory.mktemp("commas") / "spec", {"SPEC-A": [FOOTING, COLD]})


def _answer(text: str, locator: str = "SPEC-A#2.1.A", quote: str = "4,000 psi") -> dict[str, Any]:
    return {"question": "q", "context": {"valid_at": DAY.isoformat(), "groups": []},
            "claims": [{"text": text, "citations": [{"locator": locator, "quote": quote}]}]}


def _check(root: Path, answer: dict[str, Any]) -> Any:
    with Project.open(root) as project:
        return project.check(Answer.model_validate(answer), tier="low")


@pytest.mark.parametrize("text", [
    "Footing concrete must reach 4,000 psi at 28 days.",  # the audit's claim
    FOOTING,  # the sentence itself
    "At 28 days, footing concrete must reach 4,000 psi.",  # the figures the other way round
    "Footing concrete must reach 4000 psi at 28 days.",
])
def test_a_claim_of_the_thousands_figure_answers_through_the_front(spec: Path, text: str) -> None:
    verdict = _check(spec, _answer(text))
    (claim,) = verdict.claims
    assert verdict.verdict == "answer" and claim.status == "ok", (verdict.verdict, claim.warnings)
    assert not any("condition" in warning for warning in claim.warnings), claim.warnings


def test_a_claim_of_the_thousands_figure_answers_through_the_cli(spec: Path, tmp_path: Path) -> None:
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(_answer("Footing concrete must reach 4,000 psi at 28 days.")), encoding="utf-8")
    result = runner.invoke(app, ["check", str(spec), "--answer", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    verdict = json.loads(result.stdout)
    assert verdict["verdict"] == "answer", verdict
    assert not any("condition" in w for w in verdict["claims"][0]["warnings"]), verdict["claims"][0]


def test_a_wrong_figure_still_fails(spec: Path) -> None:
    verdict = _check(spec, _answer("Footing concrete must reach 5,000 psi at 28 days."))
    (claim,) = verdict.claims
    assert verdict.verdict == "refusal" and claim.status == "unsupported_quantity", (verdict.verdict, claim.status)
    assert "'5,000 psi' is not '4,000 psi'" in claim.detail


def test_a_real_opening_condition_still_escalates(spec: Path) -> None:
    verdict = _check(spec, _answer("Slab concrete must reach 4,000 psi at 28 days.", "SPEC-A#2.2.A"))
    (claim,) = verdict.claims
    assert verdict.verdict == "escalation", verdict.verdict
    assert any("only on a condition ('In cold weather')" in warning for warning in claim.warnings), claim.warnings


def _at(text: str, figure: str) -> tuple[int, int]:
    start = text.index(figure)
    return start, start + len(figure)


def test_a_comma_or_point_inside_a_number_ends_no_clause_and_a_lists_comma_does() -> None:
    for text in (FOOTING, "Wall concrete compressive strength shall be 27,5 MPa at 28 days.",
                 "Wall concrete compressive strength shall be 27.5 MPa at 28 days."):
        assert scoped(text, *_at(text, "28 days")) == [], text
    assert scoped(COLD, *_at(COLD, "28 days")) == [("In cold weather", ["cold", "weather"])]
    listed = "For classes 3, 4 and 5, slabs shall be 4,000 psi at 28 days."
    assert [said for said, _ in scoped(listed, *_at(listed, "28 days"))] == ["For classes 3"]  # as before
    guarded = "If the load exceeds 1,500 lb, the slab shall be 6 in thick."
    assert [said for _, said, _ in conditions(guarded, *_at(guarded, "6 in"))] == ["If the load exceeds 1,500 lb"]
    several = "If the class is 3, 4 or 5, the slab shall be 6 in thick."
    assert [said for _, said, _ in conditions(several, *_at(several, "6 in"))] == ["If the class is 3"]


def _conflicts(root: Path) -> list[Any]:
    with Project.open(root) as project:
        report = project.sweep(DAY)
    return [finding for finding in report.findings if finding.kind == "quantity_conflict"]


def test_the_sweep_finds_no_conflict_in_the_same_thousands_figure(tmp_path: Path) -> None:
    root = _project(tmp_path / "same", {"SPEC-A": [FOOTING], "SPEC-B": [FOOTING]})
    assert _conflicts(root) == []


def test_the_sweep_finds_a_different_thousands_figure(tmp_path: Path) -> None:
    root = _project(tmp_path / "differ", {"SPEC-A": [FOOTING], "SPEC-B": [FOOTING.replace("4,000", "5,000")]})
    (finding,) = _conflicts(root)
    assert {p.locator.doc for p in finding.provisions} == {"SPEC-A", "SPEC-B"}
    assert finding.resolution == "escalate"


def test_an_unknown_parameter_names_the_pack_as_given(spec: Path) -> None:
    (spec / "packs").mkdir(exist_ok=True)
    (spec / "packs" / "mine.yaml").write_text(
        (Path(__file__).resolve().parents[2] / "rules" / "stock" / "precedence" / "none.yaml").read_text(
            encoding="utf-8"), encoding="utf-8")
    for pack in ("precedence/none", "packs/mine.yaml"):
        result = runner.invoke(app, ["sweep", str(spec), "--valid-at", DAY.isoformat(), "--pack", pack,
                                     "--param", "x=1"])
        assert result.exit_code == 2, result.output
        assert f": {pack} declares no parameter 'x'" in result.output, result.output
