"""Whether a restricted revision holds a section: the history of a document mixing public and
restricted revisions reads alike without the group.

Issue 23, thirtieth audit (AUDIT-W 01, 02). PLAN rev 1 public, rev 2 (group ``owners``), rev 3
public: an asker outside ``owners`` saw rev 3's section 3.2.B ``changed`` when rev 2 held 3.2.B
and ``added`` when it did not; with a restricted rev 1 and a public rev 2, rev 2's 3.2.B read
``changed`` naming PLAN withheld, or ``added`` naming nothing. Which sections a restricted
revision holds is its content (access rule 4): a readable version is judged against the
revisions the asker may read alone, and the document is named withheld whenever it has one
they may not read (``engine.redaction.redact_history``). The owners' history is unchanged.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import History, Locator

runner = CliRunner()

_DAYS = ("2026-01-12", "2026-02-16", "2026-03-23")

_HEAD = """---
id: PLAN
kind: specification
title: Section 22 11 00 Water piping
revision: "{rev}"
seq: {rev}
issued: {day}
effective: {{from: {day}}}
recorded: {day}T07:15:00Z
{extra}---
SECTION 22 11 00 - WATER PIPING

PART 3 - EXECUTION

3.2 TESTING

A. Hold the test pressure for not less than 2 hours.
"""


def _write(root: Path, shape: str, paragraphs: tuple[str | None, ...], changed: tuple[str | None, ...] = ()) -> Path:
    """PLAN revisions 1.. with ``shape`` their access ('p' public, 'o' owners); ``paragraphs[k]`` the
    pressure in 3.2.B of revision k+1 (None: no 3.2.B); ``changed[k]`` its declared changed list."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: existence\nfacets: []\n")
    for k, (access, psi) in enumerate(zip(shape, paragraphs, strict=True)):
        extra = "" if access == "p" else "access: [owners]\n"
        if k < len(changed) and changed[k] is not None:
            extra += f"changed: {changed[k]}\n"
        text = _HEAD.format(rev=k + 1, day=_DAYS[k], extra=extra)
        if psi is not None:
            text += f"\nB. The test pressure shall be {psi} kPa.\n"
        (root / "documents" / f"plan{k + 1}.md").write_text(text)
    result = runner.invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    return root


#: each shape: two projects alike but for whether a restricted revision holds PLAN#3.2.B
PAIRS = {
    # AUDIT-W 01: the restricted middle revision rewrites 3.2.B, or has none
    "middle": ("pop", ("900", "1400", "900"), ("900", None, "900")),
    # the last public revision has no 3.2.B: the restricted middle one rewrote it, or removed it
    "middle-removed": ("pop", ("900", "1400", None), ("900", None, None)),
    # AUDIT-W 02: the restricted first revision holds 3.2.B, or has none
    "first": ("op", ("900", "900"), (None, "900")),
}


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    made = {name: tuple(_write(tmp_path_factory.mktemp(f"{name}-{side}"), shape, paras)
                        for side, paras in (("holds", held), ("lacks", lacking)))
            for name, (shape, held, lacking) in PAIRS.items()}
    # the public revision declares it changed nothing (or 3.2.B): it carries on the restricted
    # first revision's 3.2.B, or begins its own
    made["first-carried"] = (_write(tmp_path_factory.mktemp("carried-holds"), "op", ("900", "900"), (None, '["3.2.A"]')),
                             _write(tmp_path_factory.mktemp("carried-lacks"), "op", (None, "900"), (None, '["3.2.B"]')))
    return made  # type: ignore[return-value]


def _history(root: Path, groups: tuple[str, ...]) -> History:
    with Project.open(root) as project:
        found = project.history("PLAN#3.2.B", groups=groups)
    assert isinstance(found, History), found
    return found


def _seen(found: History) -> list[tuple[str | None, str, tuple[str, ...], str | None]]:
    return [(v.locator.rev, v.kind, v.revisions, v.stopped) for v in found.versions]


@pytest.mark.parametrize("name", [*PAIRS, "first-carried"])
def test_history_without_the_group_reads_alike_whether_a_restricted_revision_holds_the_section(
        projects: dict[str, tuple[Path, Path]], name: str) -> None:
    holds, lacks = (_history(root, ("nobody",)) for root in projects[name])
    assert holds.model_dump(mode="json", exclude={"index_build"}) == lacks.model_dump(mode="json", exclude={"index_build"})
    assert holds.withheld == ("PLAN",)
    assert "1400" not in holds.model_dump_json()


def test_what_the_asker_without_the_group_sees_is_worked_out_from_the_revisions_they_may_read(
        projects: dict[str, tuple[Path, Path]]) -> None:
    middle = _history(projects["middle"][1], ("nobody",))
    assert _seen(middle) == [("1", "added", ("1",), "withheld"), ("3", "changed", ("3",), None)]
    assert middle.versions[0].stopped_by == Locator(doc="PLAN")
    removed = _history(projects["middle-removed"][0], ("nobody",))
    assert _seen(removed) == [("1", "added", ("1",), "withheld"), ("3", "removed", (), None)]
    assert _seen(_history(projects["first"][0], ("nobody",))) == [("2", "added", ("2",), None)]
    # rev 2 carries rev 1's 3.2.B on: the asker still sees the version rev 2 holds, from rev 2
    carried = _history(projects["first-carried"][0], ("nobody",))
    assert _seen(carried) == [("2", "added", ("2",), None)]
    assert str(carried.versions[0].effective_from) == _DAYS[1]


def test_the_owners_still_see_every_version_as_it_was(projects: dict[str, tuple[Path, Path]]) -> None:
    holds, lacks = (_history(root, ("owners",)) for root in projects["middle"])
    assert _seen(holds) == [("1", "added", ("1",), "changed"), ("2", "changed", ("2",), "changed"),
                            ("3", "changed", ("3",), None)]
    assert _seen(lacks) == [("1", "added", ("1",), "removed"), ("2", "removed", (), None), ("3", "added", ("3",), None)]
    assert holds.withheld == lacks.withheld == ()
    first = _history(projects["first"][0], ("owners",))
    assert _seen(first) == [("1", "added", ("1",), "changed"), ("2", "changed", ("2",), None)]
    carried = _history(projects["first-carried"][0], ("owners",))
    assert _seen(carried) == [("1", "added", ("1", "2"), None)]


def _cli(root: Path, groups: str, fmt: str) -> str:
    result = runner.invoke(app, ["history", str(root), "PLAN#3.2.B", "--groups", groups, "--format", fmt])
    assert result.exit_code == 0, result.output
    return re.sub(r"[0-9a-f]{16}", "<build>", result.output)


@pytest.mark.parametrize("name", [*PAIRS, "first-carried"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_cli_history_reads_alike_without_the_group(
        projects: dict[str, tuple[Path, Path]], name: str, fmt: str) -> None:
    holds, lacks = (_cli(root, "nobody", fmt) for root in projects[name])
    assert holds == lacks
    if fmt == "json":
        assert json.loads(holds)["withheld"] == ["PLAN"]
    else:
        assert "withheld: entries from PLAN (access)" in holds
    owners = _cli(projects[name][0], "owners", fmt)
    assert "PLAN@1#3.2.B" in owners  # the owners see the restricted version, and nothing withheld
    assert (json.loads(owners)["withheld"] == [] if fmt == "json" else "withheld" not in owners)
