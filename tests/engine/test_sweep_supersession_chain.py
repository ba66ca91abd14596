"""The sweep's supersession step over a long chain of replacements (audit B, finding 6): each
document replacing the one before it, the step explained every replaced provision's whole chain
again, quadratic in its length. Only a replacement still in force can be a replaced provision's
final successor, so only its edge is explained: the work grows with the chain, and the one pair
still in force is compared as before."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.engine.asof.supersession import SupersessionIndex

DAY = dt.date(2026, 2, 1)


def _chain(root: Path, length: int) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: chain\nfacets: []\nrules: []\n", encoding="utf-8")
    for n in range(1, length + 1):
        replaces = (f"supersedes:\n  - target: CH{n - 1}#1.1\n    scope: full\n    effective: 2026-01-01\n"
                    f"    by: CH{n}#1.1\n") if n > 1 else ""
        (root / "documents" / f"ch{n}.md").write_text(
            f"---\nid: CH{n}\nkind: addendum\ntitle: Chain {n}\nissued: 2026-01-01\neffective: {{from: 2026-01-01}}\n"
            f"recorded: 2026-01-01T00:00:00Z\n{replaces}---\n# 1 Concrete\n\n"
            f"1.1 Compressive strength at 28 days: not less than {4000 if n < length else 8000:,} psi.\n", encoding="utf-8")
    ingest_project(root)
    return root


def _scans(root: Path, monkeypatch) -> tuple[int, list[str]]:
    """The edge scans one sweep makes (each look at a provision's edges), and the replaced pairs
    it reports."""
    calls = [0]
    real = SupersessionIndex.scan

    def counted(self, *args, **kwargs):
        calls[0] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SupersessionIndex, "scan", counted)
    with Project.open(root) as project:
        report = project.sweep(DAY, include_superseded=True)
    monkeypatch.setattr(SupersessionIndex, "scan", real)
    pairs = sorted(" -> ".join(p.locator.format() for p in f.provisions) for f in report.findings
                   if f.resolution == "resolved_by_supersession")
    return calls[0], pairs


def test_a_long_chain_of_replacements_is_walked_once_not_per_provision(tmp_path, monkeypatch):
    short, short_pairs = _scans(_chain(tmp_path / "short", 10), monkeypatch)
    long, long_pairs = _scans(_chain(tmp_path / "long", 40), monkeypatch)
    # the one replacement in force against the provision it replaced, as before
    assert short_pairs == ["CH9#1.1 -> CH10#1.1"]
    assert long_pairs == ["CH39#1.1 -> CH40#1.1"]
    # four times the chain, about four times the scans (each provision's whole chain again: sixteen)
    assert long <= 6 * short, (short, long)
