"""A document whose middle revision only a group may read: its history reads alike without the group.

Issue 23, twenty-ninth audit (AUDIT-U 02). GUIDE rev A is public and in force from March; rev B
(group ``owners``) is in force in May only and lapses, rev A resuming. To an asker outside
``owners`` the history of a section rev B carries on unchanged said its public version's end was
withheld, while that of a section rev B rewrote said it still applies — telling which sections
the restricted revision changed. Access rule 3 (``engine.access``): a readable version such a
revision carries on, ends or interrupts shows its end as withheld, alike for every section of
the document (``engine.redaction.redact_history``). The owners still see every version and its
dates.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import History, Locator

runner = CliRunner()

_HEAD = """---
id: GUIDE
kind: specification
title: Pumping station guide
revision: "{rev}"
seq: {seq}
issued: {start}
effective: {effective}
recorded: {start}T09:30:00Z
{extra}---
1 PIPES

1.1 DUCTILE

A. Pipe wall thickness shall be not less than {wall} mm.

B. Joint gaskets shall be replaced every {years} years.
"""


def _write(root: Path, wall_b: int) -> Path:
    """GUIDE rev A (public) and rev B (owners, May only, A resumes); rev B writes ``wall_b`` in 1.1.A
    and carries 1.1.B on unchanged."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: middle-revision\nfacets: []\n")
    (root / "documents" / "a.md").write_text(_HEAD.format(
        rev="A", seq=1, start="2026-02-02", effective="{from: 2026-02-02}", extra="", wall=7, years=12))
    changed = '["1.1"]' if wall_b != 7 else "[]"
    (root / "documents" / "b.md").write_text(_HEAD.format(
        rev="B", seq=2, start="2026-05-04", effective="{from: 2026-05-04, until: 2026-05-29}",
        extra=f"on_lapse: resume_previous\nchanged: {changed}\naccess: [owners]\n", wall=wall_b, years=12))
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    return root


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``same``: rev B carries 1.1.A on unchanged; ``changed``: rev B raises it to 9 mm."""
    return {"same": _write(tmp_path_factory.mktemp("middle-same"), 7),
            "changed": _write(tmp_path_factory.mktemp("middle-changed"), 9)}


def _scrub(text: str) -> str:
    return re.sub(r"[0-9a-f]{16}", "<build>", text)


def _history(root: Path, locator: str, groups: tuple[str, ...]) -> History:
    with Project.open(root) as project:
        found = project.history(locator, groups=groups)
    assert isinstance(found, History), found
    return found


@pytest.mark.parametrize("locator", ["GUIDE#1.1.A", "GUIDE#1.1.B", "GUIDE#1.1", "GUIDE"])
def test_history_without_the_group_reads_alike_whether_the_middle_revision_changed_a_section(
        pair: dict[str, Path], locator: str) -> None:
    same, changed = (_history(pair[k], locator, ("nobody",)) for k in ("same", "changed"))
    assert same.model_dump(mode="json", exclude={"index_build"}) == changed.model_dump(mode="json", exclude={"index_build"})
    (public,) = changed.versions
    assert public.locator.rev == "A" and public.revisions == ("A",)
    assert (public.stopped, public.stopped_by, public.applied_until) == ("withheld", Locator(doc="GUIDE"), None)
    assert changed.withheld == ("GUIDE",)
    assert "9 mm" not in changed.model_dump_json() and "05-04" not in changed.model_dump_json()


def test_every_section_of_the_document_reads_alike_without_the_group(pair: dict[str, Path]) -> None:
    found = [_history(pair["changed"], loc, ("nobody",)).versions[0] for loc in ("GUIDE#1.1.A", "GUIDE#1.1.B")]
    assert [(v.stopped, v.applied_until) for v in found] == [("withheld", None), ("withheld", None)]


def test_the_owners_still_see_the_restricted_version_and_its_dates(pair: dict[str, Path]) -> None:
    found = _history(pair["changed"], "GUIDE#1.1.A", ("owners",))
    assert [(v.locator.rev, v.kind) for v in found.versions] == [("A", "added"), ("B", "changed")]
    public, restricted = found.versions
    assert (public.stopped, public.applied_until) == (None, None)  # rev A resumes after the lapse
    assert (restricted.effective_from, restricted.applied_until, restricted.stopped) == (
        dt.date(2026, 5, 4), dt.date(2026, 5, 29), "lapsed")
    assert found.withheld == ()
    carried = _history(pair["same"], "GUIDE#1.1.A", ("owners",))
    assert [v.revisions for v in carried.versions] == [("A", "B")] and carried.versions[0].stopped is None


def _cli(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return _scrub(result.output)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_cli_history_reads_alike_without_the_group(pair: dict[str, Path], fmt: str) -> None:
    outputs = {k: _cli("history", str(root), "GUIDE#1.1.A", "--groups", "nobody", "--format", fmt)
               for k, root in pair.items()}
    assert outputs["same"] == outputs["changed"]
    if fmt == "json":
        (public,) = json.loads(outputs["changed"])["versions"]
        assert (public["stopped"], public["stopped_by"]) == ("withheld", "GUIDE")
    else:
        assert "until: withheld (GUIDE)" in outputs["changed"] and "still applies" not in outputs["changed"]
    owners = _cli("history", str(pair["changed"]), "GUIDE#1.1.A", "--groups", "owners", "--format", fmt)
    assert "9 mm" not in owners and "2026-05-29" in owners  # the owners see rev B's dates


@pytest.mark.parametrize("args", [
    ("show", "GUIDE@A#1.1.A"),
    ("show", "GUIDE#1.1.A"),
    ("asof", "GUIDE@A#1.1.A", "--valid-at", "2026-06-15", "--known-at", "2026-04-20T00:00:00Z"),
    ("asof", "GUIDE#1.1.A", "--valid-at", "2026-06-15", "--known-at", "2026-06-01T00:00:00Z"),
    ("asof", "GUIDE#1.1.A", "--valid-at", "2026-05-15"),
])
def test_show_and_asof_read_alike_without_the_group(pair: dict[str, Path], args: tuple[str, ...]) -> None:
    outputs: dict[str, Any] = {}
    for k, root in pair.items():
        result = runner.invoke(app, [args[0], str(root), *args[1:], "--groups", "nobody", "--format", "json"])
        outputs[k] = (result.exit_code, _scrub(result.output))
    assert outputs["same"] == outputs["changed"]
    assert "9 mm" not in outputs["changed"][1]
