"""One truth of "in force": as-of and eligibility agree on every document, date and known_at.

Random registries — revisions with and without ``until``, lapses that do or do not hand back
to the previous revision, same-day revisions told apart by ``seq``, late recordings, full and
partial supersessions of whole documents (pinned or not) — are asked of both. A document is
eligible (no facets, no access lists) exactly when as-of names an in-force revision of it,
and it is that revision.
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inforce.engine.asof import AsOfIndex
from inforce.engine.eligibility import EligibilityIndex, EligibilityRecord
from inforce.ontology import Context, Locator, Revision, Supersedes
from inforce.rules import RuleSet

BASE = dt.date(2024, 1, 1)
UTC = dt.UTC


def _day(n: int) -> dt.date:
    return BASE + dt.timedelta(days=n)


revision_spec = st.tuples(
    st.integers(0, 40),                  # effective from (days after BASE)
    st.one_of(st.none(), st.integers(1, 30)),  # until: length of the window, or open
    st.integers(-5, 30),                 # recorded: days after effective (may precede it)
    st.booleans(),                       # on_lapse: resume_previous?
)
edge_spec = st.tuples(
    st.integers(0, 3),                   # source document
    st.integers(0, 3),                   # target document
    st.booleans(),                       # full?
    st.integers(0, 50),                  # effective
    st.booleans(),                       # pinned to the target's first revision?
)


@st.composite
def registries(draw):
    revisions: list[Revision] = []
    for d in range(draw(st.integers(1, 4))):
        specs = draw(st.lists(revision_spec, min_size=1, max_size=4))
        for seq, (start, length, late, resumes) in enumerate(specs):
            revisions.append(Revision(
                document=f"D{d}", label=f"r{seq}", seq=seq,
                effective={"from": _day(start), "until": _day(start + length) if length else None},
                recorded=dt.datetime.combine(_day(start + late), dt.time(12), UTC),
                on_lapse="resume_previous" if resumes else "lapse",
            ))
    documents = sorted({r.document for r in revisions})
    edges = []
    for source, target, full, start, pinned in draw(st.lists(edge_spec, max_size=3)):
        if source >= len(documents) or target >= len(documents) or source == target:
            continue
        edges.append(Supersedes(
            source=Locator(doc=documents[source], rev="r0"),
            target=Locator(doc=documents[target], rev="r0" if pinned else None),
            scope="full" if full else "partial", effective=_day(start),
        ))
    return revisions, edges


def _records(revisions: list[Revision]) -> list[EligibilityRecord]:
    return [
        EligibilityRecord(
            uid=f"{r.document}@{r.label}", document=r.document, kind="policy",
            effective_from=r.effective.from_, effective_until=r.effective.until, seq=r.seq,
            recorded=r.recorded, on_lapse=r.on_lapse,
        )
        for r in revisions
    ]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(registries(), st.integers(-2, 80), st.one_of(st.none(), st.integers(-2, 80)))
@pytest.mark.slow
def test_asof_and_eligibility_agree(registry, day_offset, known_offset):
    revisions, edges = registry
    asof = AsOfIndex(revisions, edges, {f"{r.document}@{r.label}": ["1"] for r in revisions})
    eligibility = EligibilityIndex(_records(revisions), RuleSet(packs=(), facets=()), edges)
    day = _day(day_offset)
    known = None if known_offset is None else dt.datetime.combine(_day(known_offset), dt.time(23, 59), UTC)
    result = eligibility.evaluate(Context(valid_at=day, known_at=known), exclusions=None)
    eligible = set(result.eligible_revisions)
    for doc in sorted({r.document for r in revisions}):
        in_force = asof.version(doc, None, day, known)
        held = {uid for uid in eligible if uid.startswith(f"{doc}@")}
        assert held == ({in_force} if in_force else set()), (doc, day, known, in_force, held)
        # a whole-document question and a section question see the same revision
        section = asof.version(doc, "1", day, known)
        assert (section is None) == (in_force is None)
