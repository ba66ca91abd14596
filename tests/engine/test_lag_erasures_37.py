"""Audit 37 EE-03 / HH-02 (low): ``lag`` said the graph was current while the project's
``erasures.yaml`` did not read (or held an erasure that did not finish), though every ingest
refuses then. Lag is lagging and names the problem at its file, line and field; an asker whose
groups do not read every document is never told its words or values (the file speaks of any
document: ids, who erased, when), as ``reviews.withhold_problems`` tells the review file's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from tests.engine.test_access_withheld_34 import public_and_restricted

runner = CliRunner()

_ENTRY = ('erasures:\n  - id: "ERASE-0123456789ab"\n    document: SPEC-R\n    scope: document\n    revisions: ["0"]\n'
          '    by: op\n    at: {at}\n    state: {state}\n    access: [owners]\n    sources: []\n'
          '    provisions: 1\n    index_build_before: "d6b8754443a57de0"\n')
#: erasures.yaml as a hand or a crash may leave it; each value a restricted asker must not see
BROKEN = {
    "invalid value": _ENTRY.format(at='"2026-12-03 at 23:26:36 ZZWHEN"', state="done"),
    "yaml syntax": 'erasures:\n  - id: "ERASE-0123456789ab"\n    document: [SPEC-R, "ZZWHEN\n',
    "not a list": "erasures: ZZWHEN\n",
    "unfinished": _ENTRY.format(at='"2026-12-03T23:26:36Z"', state="pending"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return public_and_restricted(tmp_path_factory.mktemp("ee03") / "p", "p37")


@pytest.fixture()
def project(built: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(built, tmp_path / "p"))


def test_lag_is_current_with_a_record_of_erasures_that_reads(project: Path) -> None:
    assert not Project.lag(project, groups=None).lagging
    (project / "erasures.yaml").write_text(_ENTRY.format(at='"2026-12-03T23:26:36Z"', state="done"))
    report = Project.lag(project, groups=("nobody",))
    assert not report.lagging and report.problems == ()


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_lag_reports_a_record_of_erasures_the_next_ingest_refuses(project: Path, kind: str) -> None:
    (project / "erasures.yaml").write_text(BROKEN[kind])
    with pytest.raises(Exception):  # noqa: B017 - what lag must not call current: the ingest refuses
        Project.ingest(project)
    for groups in (None, ("owners",), ("nobody",)):
        report = Project.lag(project, groups=groups)
        assert report.lagging, (kind, groups)
        assert report.problems and all(p.startswith("erasures.yaml") for p in report.problems), report.problems
    told = Project.lag(project, groups=("nobody",)).problems
    assert not any(word in problem for problem in told for word in ("ZZWHEN", "SPEC-R", "23:26", "ERASE-")), told
    assert all("withheld" in problem for problem in told), told
    if kind == "invalid value":  # an entry's problem is at its line and field
        assert any(problem.startswith("erasures.yaml:2: erasures[0].at: ") for problem in told), told
    if kind == "unfinished":  # at its line and field (audit JJ-07)
        assert any(problem.startswith("erasures.yaml:8: erasures[0].state: ") for problem in told), told
    whole = " ".join(Project.lag(project, groups=None).problems)  # the operator, who holds the files, is told it whole
    assert any(word in whole for word in ("23:26", "SPEC-R", "syntax", "a list of entries")), whole


def test_the_command_line_lag_is_not_current_with_a_broken_record_of_erasures(project: Path) -> None:
    (project / "erasures.yaml").write_text(BROKEN["invalid value"])
    shown = runner.invoke(app, ["lag", str(project)])
    assert shown.exit_code == 1 and "current" not in shown.output, shown.output
    assert "problem   erasures.yaml:2: erasures[0].at" in shown.output
    gated = runner.invoke(app, ["lag", str(project), "--groups", "nobody"])
    assert gated.exit_code == 1 and "erasures.yaml:2" in gated.output and "ZZWHEN" not in gated.output


def test_a_pending_or_non_mapping_entry_is_named_at_its_line(tmp_path: Path) -> None:
    """Audit JJ-07 (low): every erasures.yaml problem named its line but a pending entry's
    (``erasures[0].state: ... did not finish``) and a non-mapping entry's (``- 5``)."""
    from inforce.engine.erasures import ErasedDocuments, read_erasures
    from inforce.ontology import InputError

    (tmp_path / "erasures.yaml").write_text(_ENTRY.format(at='"2026-12-03T23:26:36Z"', state="pending"))
    with pytest.raises(InputError, match="did not finish") as pending:
        ErasedDocuments.of(tmp_path)
    assert pending.value.line == 8 and pending.value.field == "erasures[0].state"
    (tmp_path / "erasures.yaml").write_text("erasures:\n  - 5\n")
    with pytest.raises(InputError) as scalar:
        read_erasures(tmp_path)
    assert scalar.value.line == 2 and scalar.value.field == "erasures[0]"


def test_an_ingest_while_an_erasure_runs_is_locked_not_told_to_erase_again(project: Path) -> None:
    """Audit JJ-06 (low): an ingest during a running erase answered exit 2 "the erasure ... did
    not finish ... erase again" (rerunning starts a second erase). A running erasure holds the
    erase lock (``erasures.erase_running``): the ingest is refused as locked (exit 3), lag says an
    erasure is running; cut short (the lock free), the entry is the problem it was."""
    from inforce.engine.erasures import ErasedDocuments, erase_running
    from inforce.ontology import StoreLockedError

    (project / "erasures.yaml").write_text(_ENTRY.format(at='"2026-12-03T23:26:36Z"', state="pending"))
    with erase_running(project):
        with pytest.raises(StoreLockedError, match="an erasure is running"):
            ErasedDocuments.of(project)
        locked = runner.invoke(app, ["ingest", str(project)])
        assert locked.exit_code == 3 and "did not finish" not in locked.output, locked.output
        assert any("an erasure is running" in problem for problem in Project.lag(project, groups=None).problems)
        with pytest.raises(StoreLockedError):  # a second erasure at once
            with erase_running(project):
                pass
    cut_short = runner.invoke(app, ["ingest", str(project)])
    assert cut_short.exit_code == 2 and "did not finish" in cut_short.output, cut_short.output
