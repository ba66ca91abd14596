"""``ingest --groups`` counts only what the groups may read (issue 23, twenty-ninth audit,
AUDIT-U 04; ``UnboundCollector.report``, ``engine.ingest.withhold_listing``).

Two projects alike but for one paragraph of SPEC-W's revision 1 (``owners``): in one it states
a figure no subject binds ("within 14 days"), in the other none. Ingested by an asker without
the group, the two summaries read alike — the unbound quantities' total, counts by dimension,
``more`` and the ``provisions``/``quantities`` totals — both through ``Project.ingest`` and the
CLI (text and JSON). The owners, and whoever holds the files, still count and see revision 1's
figures.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project

runner = CliRunner()
NOBODY: tuple[str, ...] = ()

_HEAD = """---
id: SPEC-W
kind: specification
title: Section 07 92 00 Joint Sealants
revision: "{rev}"
seq: {seq}
issued: 2026-0{seq}-02
effective: {{from: 2026-0{seq}-02}}
recorded: 2026-0{seq}-02T10:00:00Z
{access}---
SECTION 07 92 00 - JOINT SEALANTS

PART 3 - EXECUTION

3.1 INSTALLATION

A. Tool each joint within 10 minutes of placing the sealant.

B. Keep the joints dry for 48 hours after tooling.
"""

#: the paragraph of revision 1 that differs: a figure no subject binds, or none
WITH_FIGURE = "\n3.4 CURING\n\nA. Protect the sealant from traffic within 14 days of placing it.\n"
WITHOUT_FIGURE = "\n3.4 CURING\n\nA. Protect the sealant from traffic until it has cured.\n"


def _project(root: Path, paragraph: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: seals\nfacets: []\n")
    (root / "documents" / "w0.md").write_text(_HEAD.format(rev="0", seq=3, access=""))
    (root / "documents" / "w1.md").write_text(_HEAD.format(rev="1", seq=4, access="access: [owners]\n") + paragraph)
    return root


def _alike(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary less what differs between any two ingests (the clock, the build's hash)."""
    return {key: value for key, value in summary.items() if key not in ("seconds", "index_build")}


def test_project_ingest_counts_only_the_revisions_the_asker_may_read(tmp_path: Path) -> None:
    with_figure = Project.ingest(_project(tmp_path / "a", WITH_FIGURE), groups=NOBODY).summary()
    without = Project.ingest(_project(tmp_path / "b", WITHOUT_FIGURE), groups=NOBODY).summary()
    assert _alike(with_figure.model_dump()) == _alike(without.model_dump())
    unbound = with_figure.unbound
    # revision 0 alone: its two durations, listed at its file; SPEC-W named as withheld
    assert (unbound.total, unbound.by_dimension, unbound.more) == (2, {"duration": 2}, 0)
    assert [item.file for item in unbound.items] == ["documents/w0.md"] * 2
    assert unbound.withheld == ["SPEC-W"]
    assert with_figure.quantities == 2 and with_figure.added == ["SPEC-W@0", "SPEC-W"]
    # the owners count and see revision 1's three figures too, its own among them
    owners = Project.ingest(_project(tmp_path / "c", WITH_FIGURE), groups=("owners",)).summary()
    assert (owners.unbound.total, owners.unbound.by_dimension) == (5, {"duration": 5})
    assert "within 14 days" in " ".join(item.context for item in owners.unbound.items)
    assert owners.unbound.withheld == [] and owners.quantities == 5
    assert owners.provisions > with_figure.provisions
    # whoever holds the files reads it all, as the owners do
    operator = Project.ingest(_project(tmp_path / "d", WITH_FIGURE)).summary()
    assert _alike(operator.model_dump()) == {**_alike(owners.model_dump()), "added": ["SPEC-W@0", "SPEC-W@1"]}


def _cli(root: Path, *args: str) -> str:
    done = runner.invoke(app, ["ingest", str(root), *args])
    assert done.exit_code == 0, done.output
    # the clock and the build's hash differ between any two ingests
    output = re.sub(r"[0-9.]+ s \([0-9,]+/s\)|[0-9a-f]{16}", "", done.output)
    return re.sub(r"\"seconds\": [0-9.]+", '"seconds": 0', output)


def test_cli_ingest_with_groups_reads_alike_whether_a_restricted_revision_has_an_unbound_figure(
        tmp_path: Path) -> None:
    for fmt in ("text", "json"):
        with_figure = _cli(_project(tmp_path / f"a-{fmt}", WITH_FIGURE), "--groups", "nobody", "-f", fmt)
        without = _cli(_project(tmp_path / f"b-{fmt}", WITHOUT_FIGURE), "--groups", "nobody", "-f", fmt)
        assert with_figure == without, fmt
    summary = json.loads(with_figure[with_figure.index("{"):])  # the last format: json
    assert (summary["unbound"]["total"], summary["quantities"], summary["unbound"]["withheld"]) == (2, 2, ["SPEC-W"])
    text = _cli(_project(tmp_path / "t", WITH_FIGURE), "--groups", "nobody")
    assert "quantities bound to no subject: 2 (duration 2)" in text and "... and" not in text
    assert "withheld: unbound quantities of SPEC-W (access)" in text
    owners = _cli(_project(tmp_path / "o", WITH_FIGURE), "--groups", "owners", "-f", "json")
    summary = json.loads(owners[owners.index("{"):])
    assert summary["unbound"]["withheld"] == []
    assert (summary["unbound"]["total"], summary["quantities"]) == (5, 5)
    assert any(item["file"] == "documents/w1.md" and "14 days" in item["text"]
               for item in summary["unbound"]["items"])
