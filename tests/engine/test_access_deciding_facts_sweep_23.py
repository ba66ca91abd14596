"""``facts`` and the sweep follow the revision that decides the day, as ``asof`` does (issue 23,
twenty-sixth audit, AUDIT-Q 01 and 02).

SPEC-A has a public revision 0 (from 2026-03-02) and a revision 1 for ``secret`` only (from
2026-03-10) that changes one section (``changed:`` names 1.1 in one project, 1.2 in the other);
both state a compressive strength in 1.1 and 1.2. SPEC-B, public, states another. On 2026-05-01
revision 1 decides SPEC-A, so ``asof`` refuses a public asker every section of it; ``facts`` and
the sweep (``Snapshot.readable_on``, the same choice of revision as ``Snapshot.gate_question``)
must withhold SPEC-A by id, state none of its figures and compare none of its sections, and
answer alike whichever section revision 1 changed. On 2026-03-05 revision 0 decides: its facts
are served. The ``secret`` group is served revision 1's figures.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project, rfi
from inforce.ontology import AccessRestrictedError, Locator

runner = CliRunner()
SUBJECT = "concrete.compressive_strength"
DECIDED_BY_1, DECIDED_BY_0 = "2026-05-01", "2026-03-05"

_SPEC = """---
id: SPEC-A
kind: specification
title: Foundations
revision: "{label}"
seq: {seq}
issued: {day}
effective: {{from: {day}}}
recorded: {day}T07:30:00Z
{more}---
1 GENERAL

1.1 Footing concrete compressive strength: not less than {first} psi.

1.2 Slab concrete compressive strength: not less than {second} psi.
"""

_OTHER = """---
id: SPEC-B
kind: specification
title: Site works
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T07:30:00Z
---
1 GENERAL

1.1 Footing concrete compressive strength: not less than 2,500 psi.
"""


def _write(root: Path, changed: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: deciding\nfacets: []\nrules:\n  - stock: precedence/none\n")
    (root / "documents" / "a0.md").write_text(_SPEC.format(
        label="0", seq=1, day="2026-03-02", more="", first="4,200", second="3,600"))
    later = {"first": "4,200", "second": "3,600"}
    later["first" if changed == "1.1" else "second"] = "4,800"  # the section revision 1 changes
    (root / "documents" / "a1.md").write_text(_SPEC.format(
        label="1", seq=2, day="2026-03-10", more=f'access: [secret]\nchanged: ["{changed}"]\n', **later))
    (root / "documents" / "b.md").write_text(_OTHER)
    return root


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    made = {}
    for changed in ("1.1", "1.2"):
        made[changed] = _write(tmp_path_factory.mktemp("deciding") / f"changed-{changed}", changed)
        Project.ingest(made[changed])
    return made


def _day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def _cli(*args: str) -> Any:
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _facts_cli(root: Path, day: str, *more: str) -> Any:
    return _cli("facts", str(root), "--valid-at", day, *more)


def _sweep_cli(root: Path, day: str, *more: str) -> Any:
    return _cli("sweep", str(root), "--valid-at", day, "--fail-on", "none", *more)


def _figures(facts: Any) -> list[tuple[str, str, float]]:
    return sorted((f["locator"], f["resolved"], f["quantity"]["value"]) for f in facts["facts"])


def _without_build(answer: Any) -> Any:
    return {k: v for k, v in answer.items() if k not in ("index_build",)}


# ---- a day revision 1 decides: SPEC-A withheld, whichever section it changed ---------------------

def test_asof_refuses_every_section_of_spec_a_to_a_public_asker(roots: dict[str, Path]) -> None:
    for root in roots.values():
        with Project.open(root) as project:
            for path in ("1.1", "1.2"):
                answer = project.asof(f"SPEC-A#{path}", _day(DECIDED_BY_1))
                assert getattr(answer, "reason", None) == "access_restricted", answer


@pytest.mark.parametrize("subject", [None, SUBJECT])
def test_public_facts_withhold_spec_a_by_id_through_the_front(roots: dict[str, Path], subject: str | None) -> None:
    answers = []
    for root in roots.values():
        with Project.open(root) as project:
            found = project.facts(subject, _day(DECIDED_BY_1))
        assert [f.locator.format() for f in found.facts] == ["SPEC-B#1.1"]
        assert found.withheld == ("SPEC-A",)
        answers.append(found.model_dump(mode="json", exclude={"index_build"}))
    assert answers[0] == answers[1]  # which section revision 1 changed does not show


@pytest.mark.parametrize("more", [(), ("--subject", SUBJECT)])
def test_public_facts_withhold_spec_a_by_id_on_the_cli(roots: dict[str, Path], more: tuple[str, ...]) -> None:
    answers = [_facts_cli(root, DECIDED_BY_1, *more) for root in roots.values()]
    for answer in answers:
        assert _figures(answer) == [("SPEC-B#1.1", "SPEC-B@0#1.1", 2500.0)]
        assert answer["withheld"] == ["SPEC-A"]
        text = json.dumps(answer)
        assert "SPEC-A#" not in text and "SPEC-A@" not in text
        assert "4,200" not in text and "3,600" not in text and "4,800" not in text
    assert _without_build(answers[0]) == _without_build(answers[1])


def _sweep_view(report: Any) -> tuple[Any, ...]:
    return (sorted(tuple(p["locator"] for p in f["provisions"]) for f in report["findings"]),
            report["summary"]["withheld"], report["summary"]["statements"])


def test_the_public_sweep_compares_nothing_of_spec_a(roots: dict[str, Path]) -> None:
    views = []
    for root in roots.values():
        report = _sweep_cli(root, DECIDED_BY_1)
        text = json.dumps(report["findings"])
        assert "SPEC-A" not in text and "4,200" not in text and "3,600" not in text, text
        assert report["summary"]["withheld"] == ["SPEC-A"]
        with Project.open(root) as project:
            front = project.sweep(_day(DECIDED_BY_1))
        assert not any(p.locator.doc == "SPEC-A" for f in front.findings for p in f.provisions)
        assert front.summary.withheld == ("SPEC-A",)
        views.append(_sweep_view(report))
    assert views[0] == views[1] == ([], ["SPEC-A"], 1)


# ---- a day revision 0 decides: its facts are served; the secret group reads revision 1 ----------

def test_on_a_day_revision_0_decides_the_public_facts_are_served(roots: dict[str, Path]) -> None:
    for root in roots.values():
        answer = _facts_cli(root, DECIDED_BY_0)
        assert _figures(answer) == [("SPEC-A#1.1", "SPEC-A@0#1.1", 4200.0), ("SPEC-A#1.2", "SPEC-A@0#1.2", 3600.0),
                                    ("SPEC-B#1.1", "SPEC-B@0#1.1", 2500.0)]
        # SPEC-A holds a revision the asker may not read: named on every date alike (audit 34 AA-01)
        assert answer["withheld"] == ["SPEC-A"]
        report = _sweep_cli(root, DECIDED_BY_0)
        assert any(p["locator"] == "SPEC-A#1.1" for f in report["findings"] for p in f["provisions"])
        assert report["summary"]["withheld"] == ["SPEC-A"]


def test_the_secret_group_is_served_revision_1s_figures(roots: dict[str, Path]) -> None:
    for changed, root in roots.items():
        answer = _facts_cli(root, DECIDED_BY_1, "--groups", "secret")
        kept = "1.2" if changed == "1.1" else "1.1"  # carried on from revision 0
        assert _figures(answer) == sorted([
            (f"SPEC-A#{changed}", f"SPEC-A@1#{changed}", 4800.0), (f"SPEC-A#{kept}", f"SPEC-A@0#{kept}",
                                                                  4200.0 if kept == "1.1" else 3600.0),
            ("SPEC-B#1.1", "SPEC-B@0#1.1", 2500.0)])
        assert answer["withheld"] == []
        report = _sweep_cli(root, DECIDED_BY_1, "--groups", "secret")
        assert any(p["locator"].startswith("SPEC-A#") for f in report["findings"] for p in f["provisions"])
        assert report["summary"]["withheld"] == []


# ---- the RFI draft for a pair resting on a withheld document (AUDIT-Q 02) -------------------------

def test_a_withheld_rfi_names_the_refused_document_once() -> None:
    refused = AccessRestrictedError("SPEC-A#1.1")  # the asked document itself hidden: no depends_on
    assert refused.hidden_documents == ("SPEC-A",)
    assert AccessRestrictedError("P1@2#3", depends_on=("ADD-4",)).hidden_documents == ("ADD-4",)
    draft = rfi.withheld(Locator.parse("SPEC-A#1.1"), Locator.parse("SPEC-B#1.1"), refused.hidden_documents,
                         valid_at=_day(DECIDED_BY_1), project="deciding")
    assert "rests on SPEC-A, which the asker may not read (access)." in draft
    assert "may not read, which" not in draft and "named above" not in draft
    assert "Please ask someone who may read SPEC-A." in draft
    with pytest.raises(ValueError, match="hidden_documents"):
        rfi.withheld(Locator.parse("SPEC-A#1.1"), Locator.parse("SPEC-B#1.1"), (), valid_at=_day(DECIDED_BY_1),
                     project="deciding")
