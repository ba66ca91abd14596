"""Index lag from records: the registry against what the graph ingested."""

from __future__ import annotations

import datetime as dt

from inforce.engine.lag import format_age, index_lag
from inforce.ontology import Revision


def rev(label, seq, eff, recorded, changed=None, doc="SOP-114"):
    return Revision(document=doc, label=label, seq=seq, effective={"from": eff}, recorded=recorded, changed=changed)


B = rev("B", 1, "2023-02-01", "2023-01-25T10:00:00Z")
D = rev("D", 3, "2026-03-01", "2026-03-16T09:30:00Z", ["5"])
E = rev("E", 4, "2026-09-01", "2026-08-20T08:00:00Z", ["5.3"])
F = rev("F", 5, "2026-10-01", "2026-08-25T08:00:00Z", ["6"])


def test_current_when_the_graph_holds_every_recorded_revision():
    report = index_lag([B, D], [D, B], "2026-09-01T00:00:00Z", index_build="x")
    assert not report.lagging and report.pending == () and report.oldest_pending_age is None
    assert report.index_build == "x" and report.registry_revisions == 2


def test_pending_revisions_oldest_first_with_the_age_of_the_oldest():
    now = dt.datetime(2026, 8, 27, 8, 0, tzinfo=dt.UTC)
    report = index_lag([F, B, D, E], [B, D], now, sources={"SOP-114@E": "documents/e.md"})
    assert report.lagging
    assert [str(p.locator) for p in report.pending] == ["SOP-114@E", "SOP-114@F"]
    assert report.pending[0].source == "documents/e.md"
    assert report.oldest_pending_age_seconds == 7 * 24 * 3600
    assert report.oldest_pending_age == "7d 00h 00m"
    assert report.oldest_pending_recorded == E.recorded


def test_changed_and_withdrawn_revisions_also_mean_lagging():
    moved = rev("D", 3, "2026-03-02", "2026-03-16T09:30:00Z", ["5"])
    report = index_lag([B, moved], [B, D, E], "2026-09-01")
    assert [str(c.locator) for c in report.changed] == ["SOP-114@D"]
    assert [str(w) for w in report.withdrawn] == ["SOP-114@E"]
    assert report.lagging and report.pending == ()


def test_age_is_never_negative_and_formats_for_people():
    report = index_lag([E], [], "2026-08-01T00:00:00Z")
    assert report.oldest_pending_age_seconds == 0.0
    assert format_age(90061) == "1d 01h 01m"
