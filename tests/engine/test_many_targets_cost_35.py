"""Audit 35 DD-05 and DD-01: an addendum replacing many different paragraphs of one document.

DD-05: each as-of scan of a paragraph walked every edge on the document and asked the outline's
lineage for each (750 items: 3.4 million lineage calls), and the fact table gathered each
paragraph's event days from every edge on its document (13 million set unions at 1,800 items):
sweep and ingest grew with the square of the items. Counted here, not timed: quadratic is 120
items times 120 edges, linear a few per item.

DD-01: many paragraphs each naming one paragraph that many items replaced made one
``superseded_reference`` finding per paragraph quoting every replacing item: the report grew with
their product. A finding quotes at most ``REFERENCES_PER_PROVISION`` replacements and counts the rest.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from inforce.engine import Project
from inforce.engine.asof.index import AsOfIndex
from inforce.engine.facts import FactTable
from inforce.engine.sweep._references import REFERENCES_PER_PROVISION

ITEMS = 120


def _spec() -> str:
    paragraphs = "".join(f"2.{i + 1} ITEM {i + 1}\n\nA. Compressive strength: not less than {3000 + i} psi.\n\n"
                         for i in range(ITEMS))
    return ("---\nid: SPEC-033000\nkind: specification\ntitle: Section 03 30 00 Cast-in-Place Concrete\n"
            "issued: 2026-03-02\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n---\n"
            "SECTION 03 30 00\n\nPART 2 - PRODUCTS\n\n" + paragraphs)


def _addendum(items: str) -> str:
    return ("---\nid: ADD-02\nkind: addendum\ntitle: Addendum No. 2\nissued: 2026-04-10\n"
            "effective: {from: 2026-04-10}\nrecorded: 2026-04-10T12:00:00Z\n---\nADDENDUM NO. 2\n\n"
            "1 CHANGES TO THE SPECIFICATIONS\n\n" + items)


def _project(root: Path, items: str, extra: str = "") -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: many\nfacets: []\nrules:\n  - stock: precedence/aia-style\n"
        '    params: {source: "Agreement Article 1.2"}\n  - stock: supersession/csi-addenda\n'
        "  - stock: qualifiers/cross-references\n")
    (root / "documents" / "spec.md").write_text(_spec())
    (root / "documents" / "add.md").write_text(_addendum(items))
    if extra:
        (root / "documents" / "refs.md").write_text(extra)
    return root


def test_many_paragraphs_replaced_in_one_document_take_linear_work(tmp_path: Path, monkeypatch) -> None:
    items = "".join(f'1.{i + 1} Section 03 30 00, Paragraph 2.{i + 1}.A: Delete the paragraph and substitute: '
                    f'"Compressive strength: not less than {5000 + i} psi."\n\n' for i in range(ITEMS))
    counts = {"lineage": 0, "bounds": 0}
    lineage, bounds = AsOfIndex.lineage, FactTable._bounds

    def counted_lineage(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counts["lineage"] += 1
        return lineage(self, *args, **kwargs)

    def counted_bounds(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        counts["bounds"] += 1
        return bounds(self, *args, **kwargs)

    monkeypatch.setattr(AsOfIndex, "lineage", counted_lineage)
    monkeypatch.setattr(FactTable, "_bounds", counted_bounds)
    root = _project(tmp_path / "p", items)
    Project.ingest(root)
    with Project.open(root) as opened:
        assert sum(edge.target.doc == "SPEC-033000" for edge in opened.snapshot.index.supersession.edges) == ITEMS
        report = opened.sweep(dt.date(2026, 5, 1), include_superseded=True)
    assert any(f.resolution == "resolved_by_supersession" for f in report.findings)
    # before: lineage about 2 * ITEMS**2 per pass (28,800 per scan pass here), bounds 2 * ITEMS**2
    assert counts["lineage"] <= 40 * ITEMS, counts
    assert counts["bounds"] <= 40 * ITEMS, counts


def test_a_paragraph_many_items_replaced_is_quoted_a_bounded_number_of_times(tmp_path: Path) -> None:
    items = "".join(f'1.{i + 1} Section 03 30 00, Paragraph 2.1.A: Delete the paragraph and substitute: '
                    f'"Compressive strength: not less than {5000 + i} psi."\n\n' for i in range(40))
    root = _project(tmp_path / "p", items)
    spec = ("---\nid: SPEC-033000\nkind: specification\ntitle: Section 03 30 00 Cast-in-Place Concrete\n"
            "issued: 2026-03-02\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n---\n"
            "SECTION 03 30 00\n\nPART 2 - PRODUCTS\n\n2.1 CONCRETE\n\n"
            "A. Compressive strength at 28 days: not less than 4,000 psi.\n\n"
            + "".join(f"2.{j + 2} OTHER {j}\n\nA. Slump {j}: not more than 4 in., except as provided in 2.1.A.\n\n"
                      for j in range(10)))
    (root / "documents" / "spec.md").write_text(spec)
    Project.ingest(root)
    with Project.open(root) as opened:
        report = opened.sweep(dt.date(2026, 5, 1), include_superseded=True)
    superseded = [f for f in report.findings if f.kind == "superseded_reference"]
    assert len(superseded) == 10
    for finding in superseded:  # the referring paragraph and four of the forty replacements
        assert len(finding.provisions) == 1 + REFERENCES_PER_PROVISION
        assert "and 37 more replacements (the first 4 quoted)" in finding.explanation
