"""Eligibility follows as-of's rule for how long a whole-document supersession applies (issue
23): it ends when the declaring revision is reissued, and does not reach a version of the
target issued after the one it was made against."""

from __future__ import annotations

import datetime as dt

from inforce.engine.asof import AsOfIndex
from inforce.engine.eligibility import EligibilityIndex, EligibilityRecord
from inforce.ontology import Context, Revision, Supersedes
from inforce.rules import RuleSet

D = dt.date.fromisoformat


def rev(doc, label, eff, seq=1):
    return Revision(document=doc, label=label, seq=seq, effective={"from": eff}, recorded=f"{eff}T09:00:00Z")


def both(revisions, edges):
    records = [EligibilityRecord(uid=f"{r.document}@{r.label}", document=r.document, kind="policy", effective_from=r.effective.from_,
                                 seq=r.seq, recorded=r.recorded) for r in revisions]
    return AsOfIndex(revisions, edges), EligibilityIndex(records, RuleSet(packs=(), facets=()), edges)


def eligible(index, day, known=None):
    return index.evaluate(Context(valid_at=D(day), known_at=known), exclusions=None).eligible_revisions


def test_a_replacement_ends_when_the_revision_declaring_it_is_reissued():
    asof, index = both(
        [rev("OLD", "0", "2026-01-05"), rev("NEW", "0", "2026-03-01"), rev("NEW", "1", "2026-06-01", seq=2)],
        [Supersedes(source="NEW@0", target="OLD", scope="full", effective="2026-03-01")],
    )
    assert "OLD@0" not in eligible(index, "2026-04-01")
    assert asof.version("OLD", None, D("2026-04-01")) is None
    # NEW@1 does not declare the replacement again: OLD is back in force, in both
    assert "OLD@0" in eligible(index, "2026-07-01")
    assert asof.version("OLD", None, D("2026-07-01")) == "OLD@0"
    # as known before NEW@1 was recorded, the replacement still holds
    before = dt.datetime(2026, 5, 1, tzinfo=dt.UTC)
    assert "OLD@0" not in eligible(index, "2026-07-01", before)
    assert asof.version("OLD", None, D("2026-07-01"), before) is None


def test_a_replacement_does_not_reach_a_version_of_the_target_issued_after_it():
    asof, index = both(
        [rev("OLD", "0", "2026-01-05"), rev("OLD", "1", "2026-08-01", seq=2), rev("NEW", "0", "2026-03-01")],
        [Supersedes(source="NEW@0", target="OLD", scope="full", effective="2026-03-01")],
    )
    assert not [uid for uid in eligible(index, "2026-04-01") if uid.startswith("OLD@")]
    assert eligible(index, "2026-09-01") == ("NEW@0", "OLD@1")
    assert asof.version("OLD", None, D("2026-09-01")) == "OLD@1"
