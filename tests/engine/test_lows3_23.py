"""Issue 23, the twenty-first and twenty-second audits' low findings (HELPER LOWS3), engine side.

3. ``check`` took a citation span that starts inside the cited provision and runs past its end
   (or starts before it) as where the provision is: only a span wholly outside drew a warning.
   The part outside cites nothing of the provision: a warning naming the span, as for one
   wholly outside.
4. A baseline finding whose ``locator`` was an object was read as that object's text, matched no
   finding of the new run and was counted gone: it is malformed input, an error naming the
   file and the finding.
5. ``history`` showed an edge's target, a section named across revisions, as its document
   alone whenever one revision of that document was restricted, though the asker may read a
   revision holding the section: the section is shown then; one held only by revisions the
   asker may not read is still its document alone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.report.baseline import read_baseline
from inforce.engine import Project
from inforce.ontology import Answer, InputError, Locator

from sweep_samples import sample_report

CITED = "SOP-114@D#5.2"


@pytest.fixture(scope="module")
def sop(ingested_example) -> Path:
    return ingested_example("sop-retention")


def _warnings_for(project: Path, span: list[int]) -> list[str]:
    answer = {"question": "q", "context": {"groups": ["qa"], "valid_at": "2026-05-01"},
              "claims": [{"text": "Batch records must be retained for 7 years.",
                          "citations": [{"locator": CITED, "quote": "7 years", "span": span}]}]}
    with Project.open(project) as opened:
        (result,) = opened.check(Answer.model_validate(answer), tier="low").claims  # type: ignore[arg-type]
    assert result.status == "ok"  # the locator decides what is checked
    return list(result.warnings)


def _place(project: Path) -> tuple[int, int]:
    with Project.open(project) as opened:
        place = opened.snapshot.store.provision_place(Locator.parse(CITED))
    return place["start"], place["end"]


def test_a_span_running_past_the_provisions_end_is_warned(sop: Path) -> None:
    start, end = _place(sop)
    warnings = _warnings_for(sop, [start + 5, end + 40])
    assert any(f"span [{start + 5}, {end + 40}] reaches outside {CITED} [{start}, {end}]" in w
               for w in warnings), warnings


def test_a_span_starting_before_the_provision_is_warned(sop: Path) -> None:
    start, end = _place(sop)
    warnings = _warnings_for(sop, [start - 3, end])
    assert any(f"span [{start - 3}, {end}] reaches outside {CITED}" in w for w in warnings), warnings


def test_a_span_inside_the_provision_draws_no_warning(sop: Path) -> None:
    start, end = _place(sop)
    assert not [w for w in _warnings_for(sop, [start, end]) if "span" in w]
    assert not [w for w in _warnings_for(sop, [start + 1, end - 1]) if "span" in w]


def _write_report(tmp_path: Path, locator: object) -> Path:
    data = json.loads(sample_report().model_dump_json())
    data["findings"][1]["provisions"][0]["locator"] = locator
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps(data, indent=2))
    return path


@pytest.mark.parametrize("locator", [{"doc": "SPEC-1", "path": "1.1"}, ["SPEC-1"], 7])
def test_a_baseline_locator_that_is_not_a_string_is_an_error_naming_the_file_and_finding(
    tmp_path: Path, locator: object
) -> None:
    path = _write_report(tmp_path, locator)
    ident = sample_report().findings[1].id
    with pytest.raises(InputError) as caught:
        read_baseline(path)
    assert caught.value.file == str(path)
    assert caught.value.field == "findings[1].provisions[0].locator"
    assert ident in caught.value.message and caught.value.line is not None


def test_a_baseline_with_string_locators_reads_them_as_written(tmp_path: Path) -> None:
    report = sample_report()
    wanted = report.findings[1].provisions[0].locator.format()
    found = read_baseline(_write_report(tmp_path, wanted))
    assert found[1][2][0] == wanted and len(found) == len(report.findings)


def _spec(revision: str, seq: int, day: str, extra: str = "", more: str = "") -> str:
    return (f"---\nid: SPEC-1\nkind: specification\ntitle: Spec\nrevision: {revision}\nseq: {seq}\n"
            f"issued: 2026-{day}\neffective: {{from: 2026-{day}}}\nrecorded: 2026-{day}T09:00:00Z\n{extra}---\n"
            f"1 GENERAL\n\n1.1 Slump: 4 inches maximum.\n\n1.2 Air: 6 percent.\n{more}")


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SPEC-1@A public, SPEC-1@B for qa (adding 1.3), and a public addendum replacing 1.2 and 1.3."""
    root = tmp_path_factory.mktemp("mixed")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: mixed\nfacets: []\nrules: []\n")
    (root / "documents" / "spec-a.md").write_text(_spec("A", 1, "01-01"))
    (root / "documents" / "spec-b.md").write_text(_spec("B", 2, "03-01", "access: [qa]\n", "\n1.3 Cure: 7 days.\n"))
    (root / "documents" / "add.md").write_text(
        "---\nid: ADD-1\nkind: addendum\ntitle: Addendum\nissued: 2026-04-01\neffective: {from: 2026-04-01}\n"
        "recorded: 2026-04-01T09:00:00Z\nsupersedes:\n"
        "  - {target: SPEC-1#1.2, scope: full, effective: 2026-04-01, by: ADD-1#1.1}\n"
        "  - {target: SPEC-1#1.3, scope: full, effective: 2026-04-01, by: ADD-1#1.2}\n"
        "---\n1 CHANGES\n\n1.1 Air: 7 percent.\n\n1.2 Cure: 10 days.\n")
    done = CliRunner().invoke(app, ["ingest", str(root)])  # setup only: the process boundary is not tested
    assert done.exit_code == 0, done.output
    return root


def _targets(root: Path, asked: str, groups: list[str]) -> list[str]:
    with Project.open(root) as opened:
        found = opened.history(asked, groups=groups)
    return [str(v.target) for v in found.versions if v.target is not None]


def test_history_shows_an_edge_to_a_section_a_readable_revision_holds_by_its_section(mixed: Path) -> None:
    assert _targets(mixed, "SPEC-1#1.2", []) == ["SPEC-1#1.2"]  # SPEC-1@A, public, holds 1.2
    assert _targets(mixed, "ADD-1#1.1", []) == ["SPEC-1#1.2"]
    assert _targets(mixed, "SPEC-1#1.2", ["qa"]) == ["SPEC-1#1.2"]


def test_history_still_withholds_a_target_section_only_a_restricted_revision_holds(mixed: Path) -> None:
    # 1.3 is SPEC-1@B's alone: to an asker without qa it does not exist, and the edge naming it is
    # left out unnamed (``Snapshot.edge_known``, issue 23, twenty-fifth and twenty-seventh audits)
    assert _targets(mixed, "ADD-1#1.2", []) == []
    assert _targets(mixed, "SPEC-1", []) == ["SPEC-1#1.2"]
    assert _targets(mixed, "ADD-1#1.2", ["qa"]) == ["SPEC-1#1.3"]


def _shown_targets(root: Path, asked: str, groups: list[str]) -> tuple[list[str], tuple[str, ...]]:
    with Project.open(root) as opened:
        view = opened.show(asked, groups=groups)
    return [edge.target for edge in view.edges], view.withheld


def test_show_judges_an_edges_target_as_history_does(mixed: Path) -> None:
    """One rule for what an edge targets: ``show`` of the addendum names a section a readable
    revision holds, and leaves out unnamed one only a restricted revision holds, as ``history`` does."""
    assert _shown_targets(mixed, "ADD-1#1.1", []) == (["SPEC-1#1.2"], ())
    assert _shown_targets(mixed, "ADD-1#1.2", []) == ([], ())
    assert _shown_targets(mixed, "ADD-1#1.2", ["qa"]) == (["SPEC-1#1.3"], ())
