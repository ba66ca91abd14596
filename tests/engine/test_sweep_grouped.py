"""Issue 23, audit N1: one subject stated in hundreds of different values is one grouped finding,
found by sorting the values, never by comparing every pair; a few differing values keep their
pairwise findings exactly as before."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import inforce.engine.quantities as quantities
from inforce.adapters.cli import app
from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.sweep import finding_id
from inforce.engine.sweep._pairs import GROUP_ABOVE
from inforce.ontology import Locator

pytestmark = pytest.mark.slow

DAY = dt.date(2026, 5, 1)
SUBJECT = "concrete.compressive_strength"
runner = CliRunner()


def invoke(*args: object, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    return result


def _project(root: Path, documents: dict[str, tuple[str | None, list[int]]]) -> Path:
    """One specification per entry (its id → (building it applies to, or none; the strengths its
    paragraphs state, one paragraph each)), under precedence/none (every conflict escalated)."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: many\nfacets: [building]\nrules:\n  - stock: precedence/none\n", encoding="utf-8")
    for doc, (building, strengths) in documents.items():
        applies = f"applies_to: {{building: [{building}]}}\n" if building else ""
        body = "".join(f"1.{n} PART {n}\n\nA. Compressive strength at 28 days: not less than {psi:,} psi.\n\n"
                       for n, psi in enumerate(strengths, 1))
        (root / "documents" / f"{doc.lower()}.md").write_text(
            f"---\nid: {doc}\nkind: specification\nrevision: '0'\neffective: {{from: 2026-01-01}}\n"
            f"recorded: 2026-01-01T09:00:00Z\n{applies}---\n# Concrete\n\n{body}", encoding="utf-8")
    ingest_project(root)
    return root


#: 300 minimums, each more than 2% (the default tolerance) from the next: 300 distinct values
MANY = [round(1000 * 1.03 ** n) for n in range(300)]


@pytest.fixture(scope="module")
def many(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("many") / "many", {"SPEC-1": (None, MANY)})


def _counting_compare(monkeypatch) -> list[int]:
    """Count the comparisons the sweep makes (the real ``compare``, counted)."""
    calls = [0]
    real = quantities.compare

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(quantities, "compare", counted)
    return calls


def test_three_hundred_values_of_one_subject_are_one_finding_from_a_sort_not_the_pairs(many, monkeypatch):
    calls = _counting_compare(monkeypatch)
    with Project.open(many) as project:
        report = project.sweep(DAY)
    assert len(MANY) == len(set(MANY)) == 300
    # the pairs would be 44,850 comparisons (and as many findings): a sort takes one per neighbour
    assert calls[0] <= 2 * len(MANY), calls[0]
    assert report.summary.pairs_examined <= 2 * len(MANY)
    [finding] = report.findings
    assert (finding.kind, finding.subject, finding.resolution, finding.scope) == (
        "quantity_conflict", SUBJECT, "escalate", "within_document")
    assert len(finding.provisions) == 300
    # lowest value first, each provision with its quantity as written
    stated = [int(re.sub(r"\D", "", side.quantity or "")) for side in finding.provisions]
    assert stated == sorted(MANY)
    assert finding.id == finding_id("quantity_conflict", SUBJECT, [side.locator for side in finding.provisions])
    assert "300 provisions state 300 different values" in finding.explanation
    # the RFI lists each distinct value and how many provisions state it
    assert finding.rfi is not None and "300 provisions state 300 different values" in finding.rfi
    rows = [line for line in finding.rfi.splitlines() if line.startswith("| not less than")]
    assert len(rows) == 300 and all(" | 1 | " in row for row in rows)
    assert rows[0].startswith("| not less than 1,000 psi |")


def test_a_grouped_findings_texts_are_read_in_a_few_statements_not_one_a_provision(many, monkeypatch):
    """Each of a group's provisions is quoted: read one lookup each (two for a table row), they
    were half of a sweep (80,000 provisions of one subject: 10 s of 22) — now in batches, the
    report the same (issue 26). The real reads, counted."""
    from inforce.engine.store.graph import GraphStore

    single, batched = [0], [0]
    one, many_at_once = GraphStore.provision_text, GraphStore.provision_texts

    def counted_one(self, locator):
        single[0] += 1
        return one(self, locator)

    def counted_many(self, locators):
        batched[0] += 1
        return many_at_once(self, locators)

    monkeypatch.setattr(GraphStore, "provision_text", counted_one)
    monkeypatch.setattr(GraphStore, "provision_texts", counted_many)
    with Project.open(many) as project:
        report = project.sweep(DAY)
    [finding] = report.findings
    assert len(finding.provisions) == 300 and all(side.text.startswith("A. Compressive strength")
                                                  for side in finding.provisions)
    assert batched[0] == 1 and single[0] <= 2, (batched[0], single[0])


#: a group a few values past the bound: what a baseline does with a group is not a matter of its size
SOME = MANY[:GROUP_ABOVE + 4]


@pytest.fixture(scope="module")
def some(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("some") / "some", {"SPEC-1": (None, SOME)})


def test_a_grouped_finding_keeps_its_id_against_a_baseline(some, tmp_path):
    """Through the CLI and the JSON file a pipeline keeps: the group is unchanged on a second
    run (its id is stable) and passes --fail-on any; one provision fewer is a new group, the old gone."""
    old = tmp_path / "old.json"
    invoke("sweep", some, "--valid-at", "2026-05-01", "--fail-on", "none", "-o", old)
    data = json.loads(old.read_text())
    [group] = data["findings"]
    assert len(group["provisions"]) == len(SOME) > GROUP_ABOVE
    same = json.loads(invoke("sweep", some, "--valid-at", "2026-05-01", "--baseline", old, "--fail-on", "any").stdout)
    assert [(f["id"], f["baseline"]) for f in same["findings"]] == [(group["id"], "unchanged")]
    group["provisions"] = group["provisions"][1:]
    group["id"] = finding_id("quantity_conflict", SUBJECT, [Locator.parse(p["locator"]) for p in group["provisions"]])
    fewer = tmp_path / "fewer.json"
    fewer.write_text(json.dumps(data))
    changed = json.loads(invoke("sweep", some, "--valid-at", "2026-05-01", "--baseline", fewer, "--fail-on", "any",
                                code=1).stdout)
    assert [f["baseline"] for f in changed["findings"]] == ["new"]
    assert [g["id"] for g in changed["gone"]] == [group["id"]] and len(changed["gone"][0]["locators"]) == len(SOME) - 1


def test_three_differing_values_stay_three_pairwise_findings(tmp_path, monkeypatch):
    root = _project(tmp_path / "three", {"SPEC-1": (None, [3000, 4000, 5000])})
    with Project.open(root) as project:
        report = project.sweep(DAY)
    pairs = sorted(tuple(sorted(p.locator.format() for p in f.provisions)) for f in report.findings)
    assert pairs == [("SPEC-1#1.1.A", "SPEC-1#1.2.A"), ("SPEC-1#1.1.A", "SPEC-1#1.3.A"),
                     ("SPEC-1#1.2.A", "SPEC-1#1.3.A")]
    for finding in report.findings:
        assert finding.id == finding_id(finding.kind, SUBJECT, [p.locator for p in finding.provisions])
        assert finding.resolution == "escalate" and "different minimums" in finding.explanation
        assert finding.rfi is not None and "disagree" in finding.rfi.splitlines()[0]
    assert report.summary.pairs_examined == 3


def test_the_bound_counts_values_among_documents_that_apply_together(tmp_path):
    """Building B1's eight values keep their 28 pairs; B2's nine are one group; the two
    buildings are never compared, so B1's values do not count toward B2's bound."""
    eight = [3000 + 500 * n for n in range(GROUP_ABOVE)]
    nine = [3000 + 500 * n for n in range(GROUP_ABOVE + 1)]
    root = _project(tmp_path / "bound", {"SPEC-B1": ("B1", eight), "SPEC-B2": ("B2", nine)})
    with Project.open(root) as project:
        report = project.sweep(DAY)
    by_doc: dict[str, list] = {}
    for finding in report.findings:
        [doc] = {p.locator.doc for p in finding.provisions}
        by_doc.setdefault(doc, []).append(finding)
    assert len(by_doc["SPEC-B1"]) == GROUP_ABOVE * (GROUP_ABOVE - 1) // 2
    assert all(len(f.provisions) == 2 for f in by_doc["SPEC-B1"])
    [group] = by_doc["SPEC-B2"]
    assert len(group.provisions) == GROUP_ABOVE + 1 and group.resolution == "escalate"


def test_equal_values_are_one_value_of_a_group(tmp_path):
    """4,000 psi stated three times is one value of the group: equal values never conflict, and
    the RFI counts the provisions that state each."""
    values = [3000 + 500 * n for n in range(GROUP_ABOVE + 1)] + [4000, 4000]
    root = _project(tmp_path / "equal", {"SPEC-1": (None, values)})
    with Project.open(root) as project:
        report = project.sweep(DAY)
    [finding] = report.findings
    assert len(finding.provisions) == len(values)
    assert f"{len(values)} provisions state {GROUP_ABOVE + 1} different values" in finding.explanation
    assert "| not less than 4,000 psi | 3 | " in (finding.rfi or "")
