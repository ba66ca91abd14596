"""A removed paragraph's as-of answer is worked out from the revisions the asker may read (issue
23, thirtieth audit, found by FIX-W).

SPEC-R revision 0 (public) holds 2.1.B; revision 1, for ``owners`` only, either removes 2.1.B or
rewrites it; revision 2 (public) lacks it. On a day revision 2 is in force, an asker without the
group had been told "removed by revision 1" (the restricted revision's label) when revision 1
removed it and "removed by revision 2" when it rewrote it. Now both read alike: removed by the
first revision they may read that lacks it, the document named withheld, since a revision they may
not read stands between. The owners are told which revision removed it.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from inforce.engine import Project

_DAYS = ("2026-02-02", "2026-03-03", "2026-04-04")


def _write(root: Path, middle: str | None) -> Path:
    """SPEC-R's three revisions; ``middle``: revision 1's 2.1.B figure, None where it removes it."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: removal\nfacets: []\n")
    for k, (figure, access) in enumerate((("4,100", ""), (middle, "access: [owners]\n"), (None, ""))):
        text = "SECTION 03 30 00 - CONCRETE\n\n2.1 MIXES\n\nA. Footings: not less than 3,600 psi.\n"
        if figure is not None:
            text += f"\nB. Slabs: not less than {figure} psi.\n"
        (root / "documents" / f"r{k}.md").write_text(
            f"---\nid: SPEC-R\nkind: specification\ntitle: Concrete\nrevision: \"{k}\"\nseq: {k + 1}\n"
            f"issued: {_DAYS[k]}\neffective: {{from: {_DAYS[k]}}}\nrecorded: {_DAYS[k]}T08:00:00Z\n{access}---\n{text}")
    Project.ingest(root)
    return root


def test_a_removal_reads_alike_whatever_the_restricted_revision_did(tmp_path: Path) -> None:
    day = dt.date(2026, 5, 5)
    answers = {}
    for name, middle in (("removed", None), ("rewritten", "4,700")):
        with Project.open(_write(tmp_path / name, middle)) as project:
            public = project.asof("SPEC-R#2.1.B", day, groups=())
            owners = project.asof("SPEC-R#2.1.B", day, groups=("owners",))
        answers[name] = public.model_dump(mode="json", exclude={"index_build"})
        assert not public.in_force and public.detail == "SPEC-R#2.1.B was removed by revision 2"
        assert public.withheld == ("SPEC-R",)
        assert [step.locator.rev for step in public.chain] == ["2"]
        # the owners are told which revision removed it
        assert owners.detail == f"SPEC-R#2.1.B was removed by revision {'1' if middle is None else '2'}"
    assert answers["removed"] == answers["rewritten"]
