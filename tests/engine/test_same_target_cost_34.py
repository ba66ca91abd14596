"""Audit 34 BB-02: one addendum of many items that each replace the same paragraph made the sweep
quadratic. The sweep's supersession pass explained the target once per edge, and each answer
walked every edge on the target; reading the items' new figures asked the target's version once
per item, each a walk of every edge too; and finding an item's targets tested every edge of the
addendum. The cost is counted here (edge checks, ``AsOfIndex.ended_by``, and path tests,
``amendments._related``), not timed: quadratic is 100 items times 100 edges, linear a few per item.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine import Project, amendments
from inforce.engine.asof.index import AsOfIndex

ITEMS = 100

_SPEC = """---
id: SPEC-033000
kind: specification
title: Section 03 30 00 Cast-in-Place Concrete
revision: "0"
seq: 1
issued: 2026-03-02
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
SECTION 03 30 00

PART 2 - PRODUCTS

2.1 CONCRETE

A. Compressive strength at 28 days: not less than 4,000 psi.
"""

_HEAD = """---
id: ADD-02
kind: addendum
title: Addendum No. 2
issued: 2026-04-10
effective: {from: 2026-04-10}
recorded: 2026-04-10T12:00:00Z
---
ADDENDUM NO. 2

1 CHANGES TO THE SPECIFICATIONS

"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("same-target")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text(
        "project: sameitem\nfacets: []\nrules:\n  - stock: precedence/aia-style\n"
        '    params: {source: "Agreement Article 1.2"}\n  - stock: supersession/csi-addenda\n')
    (root / "documents" / "spec.md").write_text(_SPEC)
    items = "".join(f'1.{i + 1} Section 03 30 00, Paragraph 2.1.A: Delete the paragraph and substitute: '
                    f'"Compressive strength at 28 days: not less than {4000 + i} psi."\n\n' for i in range(ITEMS))
    (root / "documents" / "add.md").write_text(_HEAD + items)
    Project.ingest(root)
    return root


def test_many_items_replacing_one_paragraph_sweep_in_linear_work(project: Path, monkeypatch) -> None:
    counts = {"ended_by": 0, "related": 0}
    ended_by, related = AsOfIndex.ended_by, amendments._related

    def counted_ended_by(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counts["ended_by"] += 1
        return ended_by(self, *args, **kwargs)

    def counted_related(*args, **kwargs):  # type: ignore[no-untyped-def]
        counts["related"] += 1
        return related(*args, **kwargs)

    monkeypatch.setattr(AsOfIndex, "ended_by", counted_ended_by)
    monkeypatch.setattr(amendments, "_related", counted_related)
    with Project.open(project) as opened:
        edges = [edge for edge in opened.snapshot.index.supersession.edges if edge.target.path == "2.1.A"]
        assert len(edges) == ITEMS  # every item replaces the paragraph
        report = opened.sweep(dt.date(2026, 5, 1), include_superseded=True)
    superseded = [f for f in report.findings if f.resolution == "resolved_by_supersession"]
    assert superseded and all(f.winner is not None and f.winner.doc == "ADD-02" for f in superseded)
    # before: about 4 * ITEMS**2 edge checks (40,000 here) and 2 * ITEMS**2 path tests
    assert counts["ended_by"] <= 20 * ITEMS, counts
    assert counts["related"] <= 20 * ITEMS, counts
