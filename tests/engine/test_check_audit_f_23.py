"""Twentieth audit, issue 23 (medium), two ``check`` defects.

1. A claim's figure written in a notation the quantity reader does not read ("7k psi", "7×10³
   psi", "7e3 psi", "seven thousand psi") was compared with nothing, so a wrong figure beside a
   cited "not less than 5,000 psi" was a plain answer. Now it is named (``figure not read``) and
   escalates (``engine/quantities/unread.py``).
2. A claim citing, unpinned, a paragraph a later revision removed made ``check`` stop with
   ``NotFoundError`` on the removing revision's locator (and ``replay`` of a record made before
   that revision). Now the citation is ``stale_revision`` (removed, nothing replaces it), the rest
   of the answer is checked and an audit record written (``engine/verify.py``
   ``_readable_versions``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.quantities import QuantityExtractor, unread_figures
from inforce.ontology import Answer

runner = CliRunner()


def _answer(claims: list[dict[str, Any]], valid_at: str) -> dict[str, Any]:
    return {"question": "q", "context": {"groups": [], "valid_at": valid_at}, "claims": claims}


def _check(project: Path, answer: dict[str, Any]) -> Any:
    with Project.open(project) as opened:
        return opened.check(Answer.model_validate(answer), tier="low")  # type: ignore[arg-type]


# ---- 1: figures in a notation the reader does not read --------------------------------------------

_STRENGTH = "Cast-in-place concrete must reach {} psi at 28 days."


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    """ADD-02#1.3 of the riverside-library example says "not less than 5,000 psi"."""
    return ingested_example("riverside-library")  # type: ignore[no-any-return]


def _strength(riverside: Path, figure: str) -> Any:
    text = _STRENGTH.format(figure).replace("ksi psi", "ksi")
    return _check(riverside, _answer([{"text": text, "citations": [{"locator": "ADD-02#1.3"}]}],
                                     valid_at="2026-05-01"))


@pytest.mark.parametrize("figure", ["7k", "7K", "7×10³", "7x10^3", "7 x 10^3", "7*10**3", "7e3", "7E+3", "5e99999"])
def test_a_figure_in_a_notation_not_read_is_never_a_plain_answer(riverside: Path, figure: str) -> None:
    """Each was a plain answer to the cited 5,000 psi: the claim's figure was not read at all, so
    nothing was compared. Now it is named and the claim escalates; an exponent out of any
    float's range ("5e99999") is named like the rest, never evaluated. "7 x 10^3" was refused
    on a bare "7" (its first digits read alone); the reader now keeps it as one figure of no
    value (audit 44), named here like the others."""
    verdict = _strength(riverside, figure)
    assert verdict.verdict == "escalation", verdict
    assert any(f"figure not read: '{figure} psi'" in warning for warning in verdict.claims[0].warnings), \
        verdict.claims[0]


@pytest.mark.parametrize(("figure", "why"), [
    ("seven thousand", "'seven thousand psi': value_differs"),
    ("7,000", "'7,000 psi': value_differs"),
    ("7 ksi", "'7 ksi' (= 7,000 psi) is not"),
])
def test_a_wrong_figure_the_reader_reads_is_refused(riverside: Path, figure: str, why: str) -> None:
    verdict = _strength(riverside, figure)
    assert verdict.verdict == "refusal" and verdict.claims[0].status == "unsupported_quantity", verdict
    assert why in verdict.claims[0].detail, verdict.claims[0]


def test_the_right_figure_is_still_an_answer(riverside: Path) -> None:
    verdict = _strength(riverside, "5,000")
    assert verdict.verdict == "answer", verdict
    assert not any("figure not read" in warning for warning in verdict.claims[0].warnings), verdict.claims[0]


@pytest.mark.parametrize(("text", "named"), [
    ("a 5k run of 3 miles", []),            # a name, not a figure with a unit
    ("7 x 10 in boards", []),               # a size, no power of ten
    ("Section 7e3 psi", []),                # after a designation word: it names
    ("at least 7k psi and 2e5 Pa", ["7k psi", "2e5 Pa"]),
    ("not less than seven thousand psi", ["seven thousand psi"]),
    ("7 thousand psi", []),                 # read
])
def test_the_scaled_notation_net_names_only_figures_with_units(text: str, named: list[str]) -> None:
    extractor = QuantityExtractor()
    assert unread_figures(text, lambda: extractor) == named


# ---- 2: a citation of a paragraph a later revision removed --------------------------------------

_FRONT = """---
id: SPEC-1
kind: specification
title: Concrete
revision: "{rev}"
seq: {seq}
issued: {day}
effective: {{from: {day}}}
recorded: {day}T09:00:00Z
---
SECTION 03 30 00 - CONCRETE

2.1 MIXTURES

A. Compressive strength at 28 days: not less than {psi} psi.
"""


def _project(root: Path, *, removed: bool) -> Path:
    (root / "documents").mkdir(parents=True, exist_ok=True)
    (root / "inforce.yaml").write_text("project: removed-paragraph\nfacets: []\n")
    (root / "documents" / "spec.md").write_text(
        _FRONT.format(rev="0", seq=1, day="2026-01-01", psi="4,000") + "\nB. Slump: 4 inches maximum.\n")
    if removed:  # revision 1 drops 2.1.B
        (root / "documents" / "spec-r1.md").write_text(_FRONT.format(rev="1", seq=2, day="2026-03-01", psi="6,000"))
    ingest_project(root)
    return root


def _cli(args: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout


def test_a_citation_of_a_removed_paragraph_is_stale_and_the_answer_is_checked(tmp_path: Path) -> None:
    """Through the CLI: the unpinned SPEC-1#2.1.B on a date after revision 1 removed it is
    ``stale_revision`` naming the removal (as the pinned SPEC-1@0#2.1.B is, and as asof says), the
    other claim is checked as ever, exit 1 (a refusal), an audit record written — not exit 2 with
    ``NotFoundError: SPEC-1@1#2.1.B is not in the graph``."""
    root = _project(tmp_path / "p", removed=True)
    answer = _answer([
        {"text": "Slump must be 4 inches maximum.", "citations": [{"locator": "SPEC-1#2.1.B"}]},
        {"text": "Compressive strength must be not less than 6,000 psi.", "citations": [{"locator": "SPEC-1#2.1.A"}]},
    ], valid_at="2026-04-01")
    (tmp_path / "a.json").write_text(json.dumps(answer))
    code, out = _cli(["check", str(root), "--answer", str(tmp_path / "a.json"), "-f", "json",
                      "--audit-dir", str(tmp_path / "audit")])
    verdict = json.loads(out)
    assert code == 1, out
    removed, other = verdict["claims"]
    assert removed["status"] == "stale_revision", removed
    assert removed["citations"][0]["resolved"] == "SPEC-1@0#2.1.B"
    assert "removed" in removed["detail"] and "nothing replaces it" in removed["detail"], removed
    assert other["status"] == "ok" and other["citations"][0]["resolved"] == "SPEC-1@1#2.1.A", other
    assert len(list((tmp_path / "audit").iterdir())) == 1


def test_replay_of_a_record_made_before_the_removal_says_what_changed(tmp_path: Path) -> None:
    """A record made while revision 0 was the only one (the claim an answer), replayed after
    revision 1 removed the paragraph: a different verdict, naming the stale citation and the
    revision recorded since (exit 1), never a NotFoundError."""
    root = _project(tmp_path / "p", removed=False)
    answer = _answer([{"text": "Slump must be 4 inches maximum.", "citations": [{"locator": "SPEC-1#2.1.B"}]}],
                     valid_at="2026-04-01")
    (tmp_path / "a.json").write_text(json.dumps(answer))
    code, out = _cli(["check", str(root), "--answer", str(tmp_path / "a.json"), "-f", "json",
                      "--audit-dir", str(tmp_path / "audit")])
    assert code == 0 and json.loads(out)["verdict"] == "answer", out
    (record,) = (tmp_path / "audit").iterdir()
    _project(root, removed=True)
    code, out = _cli(["replay", str(root), str(record)])
    assert code == 1, out
    assert "stale_revision now" in out and "removed" in out, out
    assert "SPEC-1: revision 1 recorded since" in out, out
