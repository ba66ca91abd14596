"""Supersession edges as of a date: full and partial scope, chains, several successors, cycles."""

from __future__ import annotations

import datetime as dt

from inforce.engine.asof import AsOfIndex
from inforce.ontology import Revision, Supersedes

D = dt.date.fromisoformat


def rev(doc, label="0", eff="2020-01-01", recorded=None, seq=1, changed=None):
    return Revision(
        document=doc, label=label, seq=seq, effective={"from": eff},
        recorded=recorded or f"{eff}T09:00:00Z", changed=changed,
    )


def edge(source, target, effective, scope="full", by=None, origin="declared"):
    return Supersedes(source=source, target=target, scope=scope, effective=effective, by=by, origin=origin)


def construction_index(extra_edges=()):
    revisions = [
        rev("SPEC-033000", "0", "2026-03-02"),
        rev("ADD-02", "0", "2026-04-10", "2026-04-10T12:00:00Z"),
    ]
    paths = {"SPEC-033000@0": ["part-2", "2", "2.1", "2.1.A", "2.1.B"], "ADD-02@0": ["1", "1.3"]}
    edges = [edge("ADD-02@0", "SPEC-033000#2.1.A", "2026-04-10", by="ADD-02#1.3"), *extra_edges]
    return AsOfIndex(revisions, edges, paths, build_id="b1")


def test_full_supersession_names_the_replacing_provision_from_its_date():
    index = construction_index()
    before = index.answer("SPEC-033000#2.1.A", D("2026-04-09"))
    assert before.in_force and str(before.resolved) == "SPEC-033000@0#2.1.A"
    after = index.answer("SPEC-033000#2.1.A", D("2026-04-10"))
    assert not after.in_force and after.reason == "superseded"
    assert [str(s) for s in after.successors] == ["ADD-02#1.3"]
    assert str(after.resolved) == "ADD-02@0#1.3"
    step = after.chain[-1]
    assert (step.kind, str(step.locator), str(step.target), step.origin, step.effective) == (
        "supersedes", "ADD-02#1.3", "SPEC-033000#2.1.A", "declared", D("2026-04-10"))
    assert index.version("SPEC-033000", "2.1.A", D("2026-05-01")) is None


def test_full_supersession_covers_descendants_and_amends_ancestors():
    index = construction_index()
    day = D("2026-05-01")
    # a paragraph of the replaced section is replaced with it
    assert index.answer("SPEC-033000@0#2.1.A", day).reason == "superseded"
    parent = index.answer("SPEC-033000#2.1", day)
    assert parent.in_force and [str(a) for a in parent.amended_by] == ["ADD-02#1.3"]
    sibling = index.answer("SPEC-033000#2.1.B", day)
    assert sibling.in_force and sibling.amended_by == ()


def test_an_edge_counts_only_once_its_declaring_revision_was_recorded():
    index = construction_index()
    unknown = index.answer("SPEC-033000#2.1.A", D("2026-05-01"), "2026-04-09")
    assert unknown.in_force
    known = index.answer("SPEC-033000#2.1.A", D("2026-05-01"), "2026-04-10T12:00:00Z")
    assert not known.in_force


def test_partial_supersession_keeps_the_target_in_force_amended():
    revisions = [rev("RFC2616", eff="1999-06-01"), rev("RFC2817", eff="2000-05-01"), rev("RFC5785", eff="2010-04-01")]
    edges = [
        edge("RFC2817", "RFC2616", "2000-05-01", scope="partial"),
        edge("RFC5785", "RFC2616", "2010-04-01", scope="partial", origin="rule:INF-S001"),
    ]
    index = AsOfIndex(revisions, edges)
    answer = index.answer("RFC2616", D("2010-06-01"))
    assert answer.in_force and [str(a) for a in answer.amended_by] == ["RFC2817", "RFC5785"]
    assert [s.origin for s in answer.chain if s.kind == "amends"] == ["declared", "rule:INF-S001"]
    assert [str(a) for a in index.answer("RFC2616", D("2005-01-01")).amended_by] == ["RFC2817"]


def test_chains_resolve_transitively_as_of_the_date():
    revisions = [rev("A", eff="2000-01-01"), rev("B", eff="2005-01-01"), rev("C", eff="2010-01-01")]
    edges = [edge("B", "A", "2005-01-01"), edge("C", "B", "2010-01-01")]
    index = AsOfIndex(revisions, edges)
    assert index.answer("A", D("2004-12-31")).in_force
    assert [str(s) for s in index.answer("A", D("2007-01-01")).successors] == ["B"]
    late = index.answer("A", D("2011-01-01"))
    assert [str(s) for s in late.successors] == ["C"]
    assert [str(s.locator) for s in late.chain if s.kind == "supersedes"] == ["B", "C"]


def test_several_successors_and_one_document_superseding_several():
    # RFC-style: one obsoleted by six, three of those later obsoleted by one that also takes two others
    revisions = [rev("OLD", eff="1999-06-01")] + [rev(f"N{i}", eff="2014-06-01") for i in range(6)]
    revisions += [rev("R1", eff="2022-06-01"), rev("R2", eff="2022-06-01")]
    edges = [edge(f"N{i}", "OLD", "2014-06-01") for i in range(6)]
    edges += [edge("R1", f"N{i}", "2022-06-01") for i in (0, 1, 2)]
    edges += [edge("R2", "N3", "2022-06-01")]
    index = AsOfIndex(revisions, edges)
    assert [str(s) for s in index.answer("OLD", D("2015-01-01")).successors] == [f"N{i}" for i in range(6)]
    assert [str(s) for s in index.answer("OLD", D("2023-01-01")).successors] == ["N4", "N5", "R1", "R2"]
    # a successor reached along several paths is listed once
    assert [str(s) for s in index.answer("N0", D("2023-01-01")).successors] == ["R1"]


def test_diamond_lists_the_final_successor_once():
    revisions = [rev(x, eff="2000-01-01") for x in "ABCD"]
    edges = [edge("B", "A", "2001-01-01"), edge("C", "A", "2001-01-01"), edge("D", "B", "2002-01-01"),
             edge("D", "C", "2002-01-01"), edge("C", "B", "2001-06-01")]
    index = AsOfIndex(revisions, edges)
    assert [str(s) for s in index.answer("A", D("2003-01-01")).successors] == ["D"]
    assert [str(s) for s in index.answer("A", D("2001-07-01")).successors] == ["C"]


def test_traversal_is_cycle_safe():
    revisions = [rev(x, eff="2000-01-01") for x in "ABC"]
    edges = [edge("B", "A", "2001-01-01"), edge("C", "B", "2001-01-01"), edge("B", "C", "2001-01-01")]
    index = AsOfIndex(revisions, edges)
    answer = index.answer("A", D("2002-01-01"))
    assert not answer.in_force and [str(s) for s in answer.successors] == ["B"]
    assert AsOfIndex(revisions, [edge("A", "A", "2001-01-01")]).answer("A", D("2002-01-01")).successors


def test_edge_on_a_pinned_revision_lapses_when_a_later_revision_reissues_the_section():
    revisions = [
        rev("SPEC", "0", "2026-01-01"), rev("SPEC", "1", "2026-06-01", seq=2, changed=["2.1.A"]),
        rev("ADD", "0", "2026-03-01"),
    ]
    paths = {"SPEC@0": ["2.1", "2.1.A"], "SPEC@1": ["2.1", "2.1.A"], "ADD@0": ["1"]}
    index = AsOfIndex(revisions, [edge("ADD", "SPEC@0#2.1.A", "2026-03-01", by="ADD#1")], paths)
    assert index.answer("SPEC#2.1.A", D("2026-04-01")).reason == "superseded"
    reissued = index.answer("SPEC#2.1.A", D("2026-07-01"))
    assert reissued.in_force and str(reissued.resolved) == "SPEC@1#2.1.A"


def test_history_shows_revisions_and_edges_on_both_clocks():
    index = construction_index()
    history = index.history("SPEC-033000#2.1.A")
    assert [(e.kind, str(e.locator)) for e in history.versions] == [
        ("added", "SPEC-033000@0#2.1.A"), ("superseded", "ADD-02#1.3")]
    assert history.versions[1].recorded == dt.datetime(2026, 4, 10, 12, tzinfo=dt.UTC)
    replaces = index.history("ADD-02#1.3")
    assert [(e.kind, str(e.target)) for e in replaces.versions] == [("added", "None"), ("replaces", "SPEC-033000#2.1.A")]


def test_outline_parents_decide_what_a_section_edge_amends():
    revisions = [rev("SPEC", "0", "2026-03-02"), rev("ADD", "0", "2026-04-10")]
    outline = {"033000": None, "part-2": "033000", "2.1": "part-2", "2.1.A": "2.1", "part-3": "033000"}
    paths = {"SPEC@0": outline, "ADD@0": ["1", "1.3"]}
    index = AsOfIndex(revisions, [edge("ADD", "SPEC#part-2", "2026-04-10", by="ADD#1.3")], paths)
    day = D("2026-05-01")
    assert index.answer("SPEC#2.1.A", day).reason == "superseded"
    assert index.answer("SPEC#part-3", day).in_force
    root = index.answer("SPEC#033000", day)
    assert root.in_force and [str(a) for a in root.amended_by] == ["ADD#1.3"]
