"""One rule for which revision speaks for a document on a date (issue 23).

Eligibility chose the revision that speaks for a document with no revision in force by a rule
of its own ("its latest that had taken effect, else its first"), blind to when revisions were
recorded and to ``resumes`` chains; as-of asks ``timeline.deciding_position``. The two then
disagreed about a document and a date — and with a restricted revision deciding, one command
refused for access (``engine.access``, rule 2) where the other told the day was uncovered.
Each project below is asked through the front (``Project.eligible`` and ``Project.asof``) on the
same day, as known at the same moment, with and without the group that reads the restricted
revision: the two must give the same outcome.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inforce.engine import Project
from inforce.engine.asof.timeline import OPEN, RESUME_PREVIOUS, deciding_position, in_force_position
from inforce.engine.eligibility import EligibilityIndex, EligibilityRecord
from inforce.ontology import AsOfAnswer, Context, Refusal
from inforce.rules import RuleSet

D = dt.date.fromisoformat

#: (label, seq, effective, recorded, more front matter) per revision of SPEC-T.
#: A public revision 0 lapses on 05-01; revision 1 (restricted) stands in for it from 04-01 to
#: 06-01 and hands back on lapse, but there is nothing left to hand back to: on 06-15 the day is
#: left uncovered by revision 0's lapse (public), not by revision 1's.
RESUMED_INTO_A_LAPSE = [
    ("0", 1, "{from: 2026-03-01, until: 2026-05-01}", "2026-03-01T09:00:00Z", ""),
    ("1", 2, "{from: 2026-04-01, until: 2026-06-01}", "2026-04-01T09:00:00Z",
     "on_lapse: resume_previous\naccess: [owners]\n"),
]
#: The same with the access the other way round: the restricted revision 0 decides 06-15.
RESTRICTED_LAPSE_UNDER_A_RESUME = [
    ("0", 1, "{from: 2026-03-01, until: 2026-05-01}", "2026-03-01T09:00:00Z", "access: [owners]\n"),
    ("1", 2, "{from: 2026-04-01, until: 2026-06-01}", "2026-04-01T09:00:00Z", "on_lapse: resume_previous\n"),
]
#: A public revision that lapsed on 02-01, and a restricted one from 03-01 recorded only on 05-01:
#: as known on 04-15, the public lapse decides 04-01.
RECORDED_LATER = [
    ("0", 1, "{from: 2026-01-01, until: 2026-02-01}", "2026-01-01T09:00:00Z", ""),
    ("1", 2, "{from: 2026-03-01}", "2026-05-01T09:00:00Z", "access: [owners]\n"),
]
#: Nothing begun on 04-01: a restricted revision from 05-01 recorded on 05-10, a public one from
#: 06-01 recorded in January; as known on 02-01 the first known to begin is the public one.
NOT_YET_EFFECTIVE = [
    ("0", 1, "{from: 2026-05-01}", "2026-05-10T09:00:00Z", "access: [owners]\n"),
    ("1", 2, "{from: 2026-06-01}", "2026-01-10T09:00:00Z", ""),
]

PROJECTS = {
    "resumed-into-a-lapse": RESUMED_INTO_A_LAPSE,
    "restricted-lapse-under-a-resume": RESTRICTED_LAPSE_UNDER_A_RESUME,
    "recorded-later": RECORDED_LATER,
    "not-yet-effective": NOT_YET_EFFECTIVE,
}


def _write(root: Path, revisions) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\n")
    for i, (label, seq, effective, recorded, more) in enumerate(revisions):
        (root / "documents" / f"r{i}.md").write_text(
            f'---\nid: SPEC-T\nkind: specification\ntitle: Temporary works\nrevision: "{label}"\nseq: {seq}\n'
            f"issued: {recorded[:10]}\neffective: {effective}\nrecorded: {recorded}\n{more}---\n"
            f"1 GENERAL\n\n1.1 Fence height: at least {6 + 2 * i} feet.\n")
    Project.ingest(root)
    return root


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("speaker")
    return {name: _write(base / name, revisions) for name, revisions in PROJECTS.items()}


def _outcomes(root: Path, day: str, known: str | None, groups: tuple[str, ...]) -> tuple[str, str]:
    """(eligibility's outcome, as-of's), each as one word: ``eligible``/``in_force``, or the refusal reason."""
    valid_at = D(day)
    known_at = None if known is None else dt.datetime.fromisoformat(known)
    with Project.open(root) as project:
        decided = project.eligible(Context(valid_at=valid_at, known_at=known_at, groups=groups))
        answer = project.asof("SPEC-T#1.1", valid_at, known_at, groups=groups)
    eligible = "in_force" if decided.outcome == "eligible" else str(decided.reason)
    if isinstance(answer, Refusal):
        return eligible, str(answer.reason)
    assert isinstance(answer, AsOfAnswer)
    return eligible, "in_force" if answer.in_force else str(answer.reason)


@pytest.mark.parametrize(("name", "day", "known", "without", "with_group"), [
    # what both must say to an asker without the group, and to one with it (the day as it is)
    ("resumed-into-a-lapse", "2026-06-15", None, "no_coverage_for_date", "no_coverage_for_date"),
    ("restricted-lapse-under-a-resume", "2026-06-15", None, "access_restricted", "no_coverage_for_date"),
    ("recorded-later", "2026-04-01", "2026-04-15T00:00:00+00:00", "no_coverage_for_date", "no_coverage_for_date"),
    ("recorded-later", "2026-04-01", None, "access_restricted", "in_force"),
    ("not-yet-effective", "2026-04-01", "2026-02-01T00:00:00+00:00", "no_coverage_for_date", "no_coverage_for_date"),
    ("not-yet-effective", "2026-04-01", None, "access_restricted", "no_coverage_for_date"),
])
def test_eligible_and_asof_hear_the_same_revision_speak(projects, name, day, known, without, with_group) -> None:
    assert _outcomes(projects[name], day, known, ()) == (without, without)
    assert _outcomes(projects[name], day, known, ("owners",)) == (with_group, with_group)


# ---- the index's speaker is deciding_position, on random revision tables ------------------------

_DAY = st.integers(min_value=0, max_value=40)


@st.composite
def _documents(draw):
    """Documents of 1-4 revisions: from, until (or open), recorded, resumes — the fields the rule reads."""
    documents = []
    for d in range(draw(st.integers(min_value=1, max_value=5))):
        revisions = []
        for seq in range(1, draw(st.integers(min_value=1, max_value=4)) + 1):
            start = draw(_DAY)
            until = draw(st.one_of(st.none(), st.integers(min_value=start + 1, max_value=45)))
            recorded = draw(_DAY)
            resumes = draw(st.booleans())
            revisions.append((start, until, recorded, resumes, seq))
        documents.append((f"D{d}", revisions))
    return documents


_BASE = D("2026-01-01").toordinal()
_EPOCH = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _at(day: int) -> dt.datetime:
    return _EPOCH + dt.timedelta(days=day, hours=9)


@settings(max_examples=300, deadline=None)
@given(_documents(), _DAY, st.one_of(st.none(), _DAY))
def test_the_speaker_of_every_document_is_deciding_position(documents, day, known) -> None:
    records = [
        EligibilityRecord(
            uid=f"{doc}@{seq}", document=doc, kind="policy", seq=seq,
            effective_from=dt.date.fromordinal(_BASE + start),
            effective_until=None if until is None else dt.date.fromordinal(_BASE + until),
            recorded=_at(recorded), on_lapse=RESUME_PREVIOUS if resumes else "lapse",
        )
        for doc, revisions in documents for start, until, recorded, resumes, seq in revisions
    ]
    index = EligibilityIndex(records, RuleSet(packs=(), facets=()))
    on = dt.date.fromordinal(_BASE + day)
    known_at = None if known is None else _EPOCH + dt.timedelta(days=known, hours=12)
    known_ts = float("inf") if known_at is None else known_at.timestamp()
    period = index._period(on, known_at)
    speaker = index._speakers(period, on, known_at)
    for k, (doc, _) in enumerate(documents):
        first = int(index._doc_starts[k])
        rows = [r for r in index.records if r.document == doc]  # registry order, as the index holds them
        froms = [r.effective_from.toordinal() for r in rows]
        untils = [r.effective_until.toordinal() if r.effective_until else OPEN for r in rows]
        recorded = [r.recorded.timestamp() for r in rows]  # type: ignore[union-attr]
        resumes = [r.on_lapse == RESUME_PREVIOUS for r in rows]
        decides = deciding_position(froms, untils, recorded, resumes, on.toordinal(), known_ts)
        in_force = in_force_position(froms, untils, recorded, resumes, on.toordinal(), known_ts)
        assert np.flatnonzero(period[first:first + len(rows)]).tolist() == ([in_force] if in_force >= 0 else [])
        if decides >= 0:
            assert int(speaker[k]) == first + decides, (doc, day, known)
