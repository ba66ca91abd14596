"""A sweep's progress counts only what the asker may know (issue 23, thirty-second audit, AUDIT-Z1
01): each stage's done and total, drawn by the CLI's bar and served as a sweep job's status, were
counted over the whole graph, so an accepted review edge to a paragraph only a restricted revision
holds showed as one more step of the supersession stage (2/2 against 1/1), and a proposal naming it
as one more of the proposals stage, to an asker who reads alike everything else of the two projects.

The pair is ``test_access_review_lines_23``'s: two projects alike but for ADD-N#1.1, which deletes
SPEC-M's paragraphs 2.1.B and 2.9.A (2.9.A held only by revision 1, ``owners``) in one and 2.1.B
and 2.8.A (held by no revision) in the other (``test_access_reader_view_23.write_mixed``), with
two items more: 1.2 changes a figure of 2.1.A (applied by the rules in both) and 1.3 says nothing a
rule reads. Each is swept as ingested (the proposals pending) and after an owner's decisions (in the
first both proposals accepted and 1.3 declared to replace 2.9.A, in the second the 2.1.B edge
declared).
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from inforce.engine import Project
from tests.engine.test_access_reader_view_23 import write_mixed

#: ADD-N's items after 1.1: one the rules apply in both projects, one no rule reads
_MORE = """
1.2 Section 03 30 00, Paragraph 2.1.A: Delete "3,800 psi" and substitute "4,000 psi".

1.3 Vault walls are cast in one pour.
"""

pytestmark = pytest.mark.slow

OWNERS = ("owners",)
#: days on either side of the owners' revision 1 (in force 2026-05-01 to 2026-05-31)
DAYS = (dt.date(2026, 5, 20), dt.date(2026, 6, 1))


def decide(root: Path, name: str) -> None:
    """The owner's decisions of ``test_access_review_lines_23``, then the ingest that applies them."""
    with Project.open(root) as project:
        if name == "hidden":
            project.review("ADD-N#1.1", "accept", by="Owner", target="SPEC-M#2.9.A", groups=OWNERS)
            project.review("ADD-N#1.1", "accept", by="Owner", target="SPEC-M#2.1.B", groups=OWNERS)
            project.review("ADD-N#1.3", "accept", by="Owner", target="SPEC-M#2.9.A", scope="full", groups=OWNERS)
        else:
            project.review("ADD-N#1.1", "accept", by="Owner", target="SPEC-M#2.1.B", scope="full", groups=OWNERS)
    Project.ingest(root)


#: the paragraph ADD-N#1.1 deletes besides 2.1.B, by project
OTHER = {"hidden": "2.9.A", "absent": "2.8.A"}


def write_pair(root: Path, name: str) -> Path:
    """Project ``name`` of the pair (``hidden`` or ``absent``) at ``root``, ingested as written."""
    write_mixed(root, OTHER[name])
    with (root / "documents" / "add-n.md").open("a") as addendum:
        addendum.write(_MORE)
    Project.ingest(root)
    return root


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """(name, ``pending`` or ``decided``) -> the project: each ingested as written, and a copy with
    the owner's decisions applied."""
    built = {}
    for name in OTHER:
        base = tmp_path_factory.mktemp(f"sweep-progress-{name}")
        root = built[name, "pending"] = write_pair(base / "pending", name)
        decided = built[name, "decided"] = base / "decided"
        shutil.copytree(root, decided)
        decide(decided, name)
    return built


def steps(root: Path, day: dt.date, groups: tuple[str, ...]) -> list[tuple[str, int, int]]:
    """Every (stage, done, total) a sweep reports through ``progress``, in order."""
    seen: list[tuple[str, int, int]] = []
    with Project.open(root) as project:
        project.sweep(day, groups=groups, include_superseded=True,
                      progress=lambda stage, done, total: seen.append((stage, done, total)))
    return seen


@pytest.mark.parametrize("state", ["pending", "decided"])
def test_the_progress_reads_alike_without_the_group(pair: dict[tuple[str, str], Path], state: str) -> None:
    for day in DAYS:
        hidden, absent = steps(pair["hidden", state], day, ()), steps(pair["absent", state], day, ())
        assert hidden == absent, (state, day)
        assert hidden, "the sweep reported no progress"


def test_the_owners_see_their_own_totals(pair: dict[tuple[str, str], Path]) -> None:
    """The owners hold 2.9.A: the edge their decision made is a step of theirs, and so is the
    proposal naming it while it waits (what the other project has not)."""
    decided = steps(pair["hidden", "decided"], DAYS[1], OWNERS)
    assert ("supersession", 2, 2) in decided
    assert ("supersession", 2, 2) not in steps(pair["absent", "decided"], DAYS[1], OWNERS)
    public = steps(pair["hidden", "decided"], DAYS[1], ())
    assert [s for s in public if s[0] == "supersession"] == [("supersession", 1, 1)]
    pending = {stage: total for stage, _, total in steps(pair["hidden", "pending"], DAYS[1], OWNERS)}
    alike = {stage: total for stage, _, total in steps(pair["hidden", "pending"], DAYS[1], ())}
    assert pending["proposals"] == alike["proposals"] + 1


def test_the_findings_are_the_askers_as_before(pair: dict[tuple[str, str], Path]) -> None:
    """Counting only what the asker may know leaves every finding as it was: the pair's reports
    read alike to the public asker, and the owners' shows the 2.9.A proposal the public's has not."""
    def report(root: Path, groups: tuple[str, ...]) -> list[tuple[str, str]]:
        with Project.open(root) as project:
            swept = project.sweep(DAYS[0], groups=groups, include_superseded=True)
        return [(f.kind, ",".join(str(p.locator) for p in f.provisions)) for f in swept.findings]

    assert report(pair["hidden", "pending"], ()) == report(pair["absent", "pending"], ())
    assert ("unapplied_item", "ADD-N#1.1,SPEC-M#2.9.A") in report(pair["hidden", "pending"], OWNERS)


# ---- a restricted addendum: its proposals and references are not counted --------------------------

_ADD_R = """---
id: ADD-R
kind: addendum
title: Addendum Six
issued: 2026-05-12
effective: {{from: 2026-05-12}}
recorded: 2026-05-12T14:00:00Z
access: [owners]
---
ADDENDUM NO. 6

{items}
"""
#: in one project ADD-R's item 1.1 changes the whole section as noted (a proposal) and 1.2 names
#: 1.1 by cross-reference (a qualifier link); in the other neither says anything a rule reads
_ITEMS = {
    "told": "1.1 Section 03 30 00: Revised as noted.\n\n1.2 Except as provided in 1.1, vault walls are cast in one pour.\n",
    "untold": "1.1 Vault walls are cast in one pour.\n\n1.2 Vault walls are cast in one piece.\n",
}


@pytest.fixture(scope="module")
def restricted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from tests.engine.test_access_reader_view_23 import _SPEC_M

    built = {}
    for name, items in _ITEMS.items():
        root = built[name] = tmp_path_factory.mktemp(f"sweep-progress-{name}") / "p"
        (root / "documents").mkdir(parents=True)
        (root / "inforce.yaml").write_text("project: restricted-addendum\nfacets: []\nrules:\n"
                                           "  - stock: supersession/csi-addenda\n  - stock: qualifiers/cross-references\n")
        (root / "documents" / "m0.md").write_text(
            _SPEC_M.format(label="0", seq=1, day="2026-03-01", until="", more="", extra=""))
        (root / "documents" / "add-r.md").write_text(_ADD_R.format(items=items))
        Project.ingest(root)
    return built


def test_a_restricted_addendum_counts_nothing_without_the_group(restricted: dict[str, Path]) -> None:
    for day in DAYS:
        assert steps(restricted["told"], day, ()) == steps(restricted["untold"], day, ()), day
    # the owners' sweep reads ADD-R's proposal and its reference: each a step of theirs
    owners = {stage for stage, _, _ in steps(restricted["told"], DAYS[1], OWNERS)}
    assert {"proposals", "references"} <= owners, owners
