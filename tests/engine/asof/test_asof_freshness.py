"""dedup_to_current and the freshness gate, on records with an in-memory text source."""

from __future__ import annotations

import datetime as dt

from inforce.engine.asof import AsOfIndex
from inforce.ontology import Citation, Locator, Revision, Supersedes

D = dt.date.fromisoformat


def rev(doc, label, seq, eff, recorded, changed=None):
    return Revision(document=doc, label=label, seq=seq, effective={"from": eff}, recorded=recorded, changed=changed)


class Texts:
    """A project's texts held in a dict: the port the graph store implements for real."""

    def __init__(self, texts, titles):
        self.texts, self.titles = texts, titles

    def text(self, locator):
        return self.texts[str(locator)]

    def title(self, locator):
        return self.titles[locator.doc]


def index():
    revisions = [
        rev("SOP-114", "B", 1, "2023-02-01", "2023-01-25T10:00:00Z"),
        rev("SOP-114", "C", 2, "2024-06-01", "2024-05-20T10:00:00Z", ["3", "5.1", "5.2"]),
        rev("SOP-114", "D", 3, "2026-03-01", "2026-03-16T09:30:00Z", ["5"]),
        rev("SPEC-033000", "0", 1, "2026-03-02", "2026-03-02T09:00:00Z"),
        rev("ADD-02", "0", 1, "2026-04-10", "2026-04-10T12:00:00Z"),
    ]
    paths = {f"SOP-114@{r}": ["2", "2.1", "5", "5.2"] for r in "BCD"}
    paths |= {"SPEC-033000@0": ["2.1", "2.1.A"], "ADD-02@0": ["1", "1.3"]}
    edges = [Supersedes(source="ADD-02@0", target="SPEC-033000#2.1.A", scope="full",
                        effective="2026-04-10", by="ADD-02#1.3")]
    texts = Texts(
        {"SOP-114@D#5.2": "Batch records shall be retained for 7 years after the batch expiry date.",
         "SOP-114@C#5.2": "Batch records shall be retained for 5 years after the batch expiry date.",
         "ADD-02@0#1.3": "1.3 ... not less than 5,000 psi."},
        {"ADD-02": "Addendum No. 2", "SPEC-033000": "Section 03 30 00 Cast-in-Place Concrete", "SOP-114": "SOP"},
    )
    return AsOfIndex(revisions, edges, paths, build_id="b7", texts=texts)


def test_dedup_keeps_one_copy_per_section_the_in_force_one():
    result = index().dedup_to_current(
        ["SOP-114@C#5.2", "SOP-114@B#2.1", "SOP-114@D#5.2", "SOP-114@D#2.1", "SOP-114#5.2",
         "SPEC-033000#2.1.A", "NOPE#1", "SOP-114@B#5.2"],
        D("2026-05-01"),
    )
    assert [str(k) for k in result.kept] == ["SOP-114@D#5.2", "SOP-114@B#2.1"]
    assert list(result.in_force) == ["SOP-114@D#5.2", "SOP-114@B#2.1"]
    reasons = {str(d.locator): (d.reason, str(d.in_force), [str(s) for s in d.successors]) for d in result.dropped}
    assert reasons == {
        "SOP-114@C#5.2": ("older_revision", "SOP-114@D#5.2", []),
        "SOP-114@D#2.1": ("duplicate", "SOP-114@B#2.1", []),
        "SOP-114#5.2": ("duplicate", "SOP-114@D#5.2", []),
        "SPEC-033000#2.1.A": ("superseded", "None", ["ADD-02#1.3"]),
        "NOPE#1": ("unknown_locator", "None", []),
        "SOP-114@B#5.2": ("older_revision", "SOP-114@D#5.2", []),
    }
    assert result.index_build == "b7" and result.valid_at == D("2026-05-01")


def test_dedup_follows_the_date_and_what_was_known():
    ix = index()
    candidates = ["SOP-114@C#5.2", "SOP-114@D#5.2"]
    assert [str(k) for k in ix.dedup_to_current(candidates, D("2026-03-10")).kept] == ["SOP-114@D#5.2"]
    audit = ix.dedup_to_current(candidates, D("2026-03-10"), "2026-03-10")
    assert [str(k) for k in audit.kept] == ["SOP-114@C#5.2"]
    assert [(str(d.locator), d.reason) for d in audit.dropped] == [("SOP-114@D#5.2", "not_yet_in_force")]


def test_dedup_substitutes_the_in_force_version_when_only_stale_copies_came_in():
    result = index().dedup_to_current([Locator.parse("SOP-114@B#5.2")], D("2026-05-01"))
    assert [str(k) for k in result.kept] == ["SOP-114@D#5.2"]
    assert result.dropped[0].reason == "older_revision"


def test_gate_blocks_a_stale_revision_naming_the_in_force_text():
    gate = index().freshness_gate(
        [Citation(locator="SOP-114@C#5.2", quote="retained for 5 years")], D("2026-05-01"))
    assert gate.outcome == "block"
    (stale,) = gate.stale
    assert stale.reason == "stale_revision"
    assert [(str(r.locator), r.text) for r in stale.in_force] == [
        ("SOP-114@D#5.2", "Batch records shall be retained for 7 years after the batch expiry date.")]


def test_gate_passes_before_the_new_revision_and_for_unchanged_sections():
    ix = index()
    assert ix.freshness_gate(["SOP-114@C#5.2"], D("2025-12-01")).outcome == "pass"
    gate = ix.freshness_gate(["SOP-114@B#2.1", "SOP-114@C#2.1", "SOP-114@D#2.1"], D("2026-05-01"))
    assert gate.outcome == "pass" and len(gate.fresh) == 3
    # what the system would have answered before rev D was recorded
    assert ix.freshness_gate(["SOP-114@C#5.2"], D("2026-03-10"), "2026-03-10").outcome == "pass"


def test_gate_blocks_a_superseded_section_with_the_replacement_text():
    gate = index().freshness_gate(["SPEC-033000#2.1.A", Citation(quote="no locator")], D("2026-05-01"))
    assert gate.outcome == "block" and gate.unchecked == 1
    (stale,) = gate.stale
    assert stale.reason == "superseded"
    assert [(str(r.locator), r.text) for r in stale.in_force] == [("ADD-02@0#1.3", "1.3 ... not less than 5,000 psi.")]


def test_gate_flags_a_locator_no_revision_has():
    gate = index().freshness_gate(["SOP-114#7.4.2"], D("2026-05-01"))
    assert [(str(s.citation), s.reason) for s in gate.stale] == [("SOP-114#7.4.2", "fabricated_locator")]


def test_answer_describes_the_amended_section_with_the_replacing_title():
    answer = index().answer("SPEC-033000#2.1.A", D("2026-05-01"))
    assert answer.text == "1.3 ... not less than 5,000 psi."
    assert answer.description == "03 30 00 §2.1.A as amended by Addendum No. 2 (ADD-02 §1.3)"
