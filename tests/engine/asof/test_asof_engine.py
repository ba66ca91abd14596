"""Section-level as-of resolution on both clocks, from plain records (no store needed)."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inforce.engine.asof import AsOfIndex
from inforce.ontology import Locator, NotFoundError, Revision

D = dt.date.fromisoformat
SOP_PATHS = ["1", "2", "2.1", "2.2", "3", "3.1", "5", "5.1", "5.2", "5.2.a", "5.3"]


def rev(doc, label, seq, eff, recorded, changed=None, until=None, on_lapse="lapse"):
    return Revision(
        document=doc, label=label, seq=seq, effective={"from": eff, "until": until},
        recorded=recorded, changed=changed, on_lapse=on_lapse,
    )


def sop_index(extra=(), paths=None, order=None):
    revisions = [
        rev("SOP-114", "B", 1, "2023-02-01", "2023-01-25T10:00:00Z"),
        rev("SOP-114", "C", 2, "2024-06-01", "2024-05-20T10:00:00Z", ["3", "5.1", "5.2"]),
        rev("SOP-114", "D", 3, "2026-03-01", "2026-03-16T09:30:00Z", ["5"]),
        *extra,
    ]
    if order is not None:
        revisions = [revisions[i] for i in order]
    held = {f"SOP-114@{r.label}": SOP_PATHS for r in revisions}
    held.update(paths or {})
    return AsOfIndex(revisions, (), held, build_id="test-build")


def test_latest_revision_that_changed_the_section_is_in_force():
    index = sop_index()
    assert index.version("SOP-114", "5.2", D("2026-05-01")) == "SOP-114@D#5.2"
    assert index.version("SOP-114", "5.2", D("2025-12-01")) == "SOP-114@C#5.2"
    assert index.version("SOP-114", "5.2", D("2024-05-31")) == "SOP-114@B#5.2"
    assert index.version("SOP-114", "5.2", D("2023-01-31")) is None


def test_unchanged_section_resolves_to_the_revision_that_last_changed_it():
    index = sop_index()
    assert index.version("SOP-114", "2.1", D("2026-05-01")) == "SOP-114@B#2.1"
    assert index.version("SOP-114", "3.1", D("2026-05-01")) == "SOP-114@C#3.1"
    for label in "BCD":
        answer = index.answer(f"SOP-114@{label}#2.1", D("2026-05-01"))
        assert answer.in_force, label
        assert str(answer.resolved) == "SOP-114@B#2.1"


def test_known_at_hides_revisions_recorded_later():
    index = sop_index()
    # rev D took effect 2026-03-01 but was recorded 2026-03-16
    assert index.version("SOP-114", "5.2", D("2026-03-10"), "2026-03-10") == "SOP-114@C#5.2"
    assert index.version("SOP-114", "5.2", D("2026-03-10")) == "SOP-114@D#5.2"
    # a date for known_at means the end of that day, UTC
    assert index.version("SOP-114", "5.2", D("2026-03-20"), "2026-03-15") == "SOP-114@C#5.2"
    assert index.version("SOP-114", "5.2", D("2026-03-20"), "2026-03-16") == "SOP-114@D#5.2"
    assert index.version("SOP-114", "5.2", D("2026-03-20"), "2026-03-16T09:29:59Z") == "SOP-114@C#5.2"


def test_changed_path_covers_descendants_and_changes_ancestors():
    index = sop_index(extra=[rev("SOP-114", "E", 4, "2026-09-01", "2026-08-20T08:00:00Z", ["5.2.a"])])
    day = D("2026-10-01")
    assert index.version("SOP-114", "5.2.a", day) == "SOP-114@E#5.2.a"
    # 5.2 and 5 include 5.2.a in their text, so E changed them too
    assert index.version("SOP-114", "5.2", day) == "SOP-114@E#5.2"
    assert index.version("SOP-114", "5", day) == "SOP-114@E#5"
    # siblings are untouched: D's change to "5" is the last one for 5.1
    assert index.version("SOP-114", "5.1", day) == "SOP-114@D#5.1"
    # D changed "5": its descendants 5.2.a and 5.3 changed with it
    assert index.version("SOP-114", "5.3", D("2026-05-01")) == "SOP-114@D#5.3"


def test_a_revision_that_drops_a_changed_section_removes_it():
    without = [p for p in SOP_PATHS if p != "5.3"]
    index = sop_index(
        extra=[rev("SOP-114", "E", 4, "2026-09-01", "2026-08-20T08:00:00Z", ["5.3"])],
        paths={"SOP-114@E": without},
    )
    assert index.version("SOP-114", "5.3", D("2026-08-31")) == "SOP-114@D#5.3"
    assert index.version("SOP-114", "5.3", D("2026-09-01")) is None
    answer = index.answer("SOP-114#5.3", D("2026-09-01"))
    assert not answer.in_force and answer.reason == "no_coverage_for_date"
    assert answer.chain[0].kind == "removed" and str(answer.chain[0].locator) == "SOP-114@E#5.3"
    # the section still exists in history: asking a locator no revision ever held is an error
    with pytest.raises(NotFoundError):
        index.answer("SOP-114#7.4.2", D("2026-09-01"))


def test_a_section_added_later_is_not_in_force_before_it_exists():
    index = sop_index(
        extra=[rev("SOP-114", "E", 4, "2026-09-01", "2026-08-20T08:00:00Z", ["8"])],
        paths={"SOP-114@E": [*SOP_PATHS, "8"]},
    )
    assert index.version("SOP-114", "8", D("2026-09-02")) == "SOP-114@E#8"
    answer = index.answer("SOP-114#8", D("2026-05-01"))
    assert not answer.in_force and answer.reason == "no_coverage_for_date"


def test_same_day_revisions_are_ordered_by_seq_never_by_input_order():
    revisions = [
        rev("SOP-121", "A", 1, "2025-01-15", "2025-01-10T14:00:00Z"),
        rev("SOP-121", "B1", 3, "2025-09-01", "2025-08-29T16:00:00Z", ["4.3"]),
        rev("SOP-121", "B", 2, "2025-09-01", "2025-08-26T09:00:00Z", ["4.3", "5.2"]),
    ]
    paths = {f"SOP-121@{label}": ["4", "4.3", "5", "5.2"] for label in ("A", "B", "B1")}
    for permutation in ([0, 1, 2], [0, 2, 1], [2, 1, 0], [1, 2, 0]):
        index = AsOfIndex([revisions[i] for i in permutation], (), paths)
        assert index.version("SOP-121", "4.3", D("2025-09-01")) == "SOP-121@B1#4.3"
        assert index.version("SOP-121", "5.2", D("2025-09-01")) == "SOP-121@B#5.2"
        assert index.version("SOP-121", "4.3", D("2025-08-31")) == "SOP-121@A#4.3"
        # known before B1 was recorded, the same day answers B
        assert index.version("SOP-121", "4.3", D("2025-09-01"), "2025-08-27") == "SOP-121@B#4.3"


def test_a_lapsed_latest_revision_does_not_revive_the_one_it_replaced():
    index = sop_index(extra=[rev("SOP-114", "T", 4, "2026-06-01", "2026-05-25T08:00:00Z", ["5.2"], until="2026-07-01")])
    assert index.version("SOP-114", "5.2", D("2026-06-15")) == "SOP-114@T#5.2"
    assert index.version("SOP-114", "5.2", D("2026-07-01")) is None
    lapsed = index.answer("SOP-114#5.2", D("2026-07-01"))
    assert not lapsed.in_force and lapsed.reason == "no_coverage_for_date"
    # known before T was recorded, D is still the latest revision and in force
    assert index.version("SOP-114", "5.2", D("2026-07-01"), "2026-05-24") == "SOP-114@D#5.2"


def test_a_temporary_revision_that_says_so_hands_back_to_the_previous_one():
    temporary = rev("SOP-114", "T", 4, "2026-06-01", "2026-05-25T08:00:00Z", ["5.2"],
                    until="2026-07-01", on_lapse="resume_previous")
    index = sop_index(extra=[temporary])
    assert index.version("SOP-114", "5.2", D("2026-06-30")) == "SOP-114@T#5.2"
    assert index.version("SOP-114", "5.2", D("2026-07-01")) == "SOP-114@D#5.2"
    assert index.version("SOP-114", "5.3", D("2026-07-01")) == "SOP-114@D#5.3"
    withdrawn = AsOfIndex([rev("X-1", "0", 1, "2020-01-01", "2020-01-01T00:00:00Z", until="2021-01-01")], (), {"X-1@0": ["1"]})
    assert withdrawn.version("X-1", "1", D("2020-06-01")) == "X-1@0#1"
    answer = withdrawn.answer("X-1#1", D("2021-01-01"))
    assert not answer.in_force and answer.reason == "no_coverage_for_date"


def test_whole_document_locator_asks_for_the_latest_in_force_revision():
    index = sop_index()
    assert index.version("SOP-114", None, D("2025-01-01")) == "SOP-114@C"
    answer = index.answer("SOP-114", D("2026-05-01"), "2026-03-10")
    assert answer.in_force and str(answer.resolved) == "SOP-114@C"
    assert index.answer("SOP-114@C", D("2026-05-01")).reason == "stale_revision"


def test_pinned_citations_are_fresh_from_the_last_change_up_to_the_in_force_revision():
    index = sop_index()
    day = D("2026-05-01")
    stale = index.answer("SOP-114@C#5.2", day)
    assert not stale.in_force and stale.reason == "stale_revision"
    assert str(stale.resolved) == "SOP-114@D#5.2"
    assert index.answer("SOP-114@C#5.2", D("2025-12-01")).in_force
    early = index.answer("SOP-114@D#5.2", D("2025-12-01"))
    assert not early.in_force and early.reason == "not_yet_in_force"


def test_answer_carries_both_dates_the_build_and_the_chain():
    index = sop_index()
    answer = index.answer(Locator.parse("SOP-114#2.1"), D("2026-05-01"), "2026-04-01")
    dumped = answer.model_dump(mode="json")
    assert list(dumped)[:10] == [
        "locator", "in_force", "resolved", "text", "successors", "amended_by", "chain",
        "valid_at", "known_at", "index_build",
    ]
    assert dumped["valid_at"] == "2026-05-01"
    assert dumped["known_at"] == "2026-04-01T23:59:59.999999Z"
    assert dumped["index_build"] == "test-build"
    kinds = [(step["kind"], step["locator"]) for step in dumped["chain"]]
    assert kinds == [("version", "SOP-114@B#2.1"), ("in_force_revision", "SOP-114@D")]


def test_history_lists_every_version_on_both_clocks_oldest_first():
    index = sop_index()
    history = index.history("SOP-114#5.2")
    assert [(str(e.locator), e.kind) for e in history.versions] == [
        ("SOP-114@B#5.2", "added"), ("SOP-114@C#5.2", "changed"), ("SOP-114@D#5.2", "changed"),
    ]
    assert history.versions[2].recorded == dt.datetime(2026, 3, 16, 9, 30, tzinfo=dt.UTC)
    unchanged = index.history("SOP-114#2.1")
    assert [e.revisions for e in unchanged.versions] == [("B", "C", "D")]


def test_without_contents_changed_paths_still_decide():
    revisions = [
        rev("P", "1", 1, "2020-01-01", "2020-01-01T00:00:00Z"),
        rev("P", "2", 2, "2021-01-01", "2021-01-01T00:00:00Z", ["2"]),
    ]
    index = AsOfIndex(revisions)
    assert index.version("P", "2.4", D("2022-01-01")) == "P@2#2.4"
    assert index.version("P", "1", D("2022-01-01")) == "P@1#1"


# ---- against a reference: the peers' in-memory definition, on random registries ----------------


def _reference(revisions, changes, doc, path, valid_at, known_at):
    """The in-memory peer's rule: the max (effective, seq) among revisions that changed the
    section, effective by valid_at and recorded by known_at."""
    info = {(r.document, r.label): r for r in revisions}
    candidates = [
        (info[(d, label)].effective.from_, info[(d, label)].seq, label)
        for d, label, s in changes
        if d == doc and s == path
        and info[(d, label)].effective.from_ <= valid_at
        and (known_at is None or info[(d, label)].recorded <= known_at)
    ]
    if candidates:
        return max(candidates)[2]
    # Where they differ on purpose: the first revision recorded after a later one. Known at a
    # time between the two recordings, the later revision (a complete document) is in force
    # and holds the section, so its text is the answer rather than nothing.
    visible = [
        (r.effective.from_, r.seq, r.label) for r in revisions
        if r.document == doc and r.effective.from_ <= valid_at and (known_at is None or r.recorded <= known_at)
    ]
    return max(visible)[2] if visible else None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_agrees_with_the_in_memory_reference_on_random_registries(seed):
    rnd = random.Random(seed)
    sections = [str(i) for i in range(1, 6)]
    base = dt.date(2020, 1, 1)
    revisions, changes, paths = [], [], {}
    for d in range(6):
        doc = f"D{d}"
        eff = base + dt.timedelta(days=rnd.randrange(100))
        for seq in range(1, rnd.randint(1, 5) + 1):
            if seq > 1 and rnd.random() > 0.3:
                eff = eff + dt.timedelta(days=rnd.randrange(1, 60))
            recorded = dt.datetime.combine(eff - dt.timedelta(days=rnd.randrange(-10, 20)), dt.time(9), dt.UTC)
            changed = sections if seq == 1 else rnd.sample(sections, rnd.randint(1, 2))
            revisions.append(rev(doc, str(seq), seq, eff, recorded, None if seq == 1 else changed))
            changes += [(doc, str(seq), s) for s in changed]
            paths[f"{doc}@{seq}"] = sections
    shuffled = revisions[:]
    rnd.shuffle(shuffled)
    index = AsOfIndex(shuffled, (), paths)
    for _ in range(60):
        doc, path = f"D{rnd.randrange(6)}", rnd.choice(sections)
        valid_at = base + dt.timedelta(days=rnd.randrange(400))
        known_at = None if rnd.random() < 0.5 else dt.datetime.combine(
            base + dt.timedelta(days=rnd.randrange(400)), dt.time(12), dt.UTC)
        expected = _reference(revisions, changes, doc, path, valid_at, known_at)
        got = index.version(doc, path, valid_at, known_at)
        assert got == (None if expected is None else f"{doc}@{expected}#{path}")


def test_outline_parents_make_unnumbered_headings_ancestors():
    outline = {"sop-114-title": None, "1": "sop-114-title", "5": "sop-114-title", "5.2": "5", "5.3": "5"}
    index = sop_index(paths={f"SOP-114@{label}": outline for label in "BCD"})
    day = D("2026-05-01")
    # the title heading's text holds section 5, which rev D changed
    assert index.version("SOP-114", "sop-114-title", day) == "SOP-114@D#sop-114-title"
    assert index.version("SOP-114", "1", day) == "SOP-114@B#1"
    assert index.lineage("SOP-114", "5.2") == ("5", "sop-114-title")
    # without the outline the dotted numbering is all there is: the title never changes
    flat = sop_index(paths={f"SOP-114@{label}": list(outline) for label in "BCD"})
    assert flat.version("SOP-114", "sop-114-title", day) == "SOP-114@B#sop-114-title"


def test_documents_are_indexed_on_first_use_or_all_at_once():
    lazy, eager = sop_index(), sop_index()
    assert eager.materialize() == 1
    for day in ("2024-01-01", "2025-01-01", "2026-05-01"):
        for path in SOP_PATHS:
            assert lazy.version("SOP-114", path, D(day)) == eager.version("SOP-114", path, D(day))
    assert lazy.revision_uids() == {"SOP-114@B", "SOP-114@C", "SOP-114@D"}
    assert lazy.entry("NOPE") is None and lazy.version("NOPE", "1", D("2026-01-01")) is None
