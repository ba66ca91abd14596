"""A sweep report built from the ontology, for the report writers' tests: one finding of each
kind and resolution, texts with markup and bidi controls (document text is data). The
end-to-end tests sweep the bundled examples instead."""

from __future__ import annotations

import datetime as dt

from inforce.ontology import (
    Finding,
    FindingProvision,
    Locator,
    SourceRun,
    SweepReport,
    SweepSummary,
)


def _side(locator: str, text: str, quantity: str | None = None, *, label: str, kind: str = "section",
          replaces: str | None = None) -> FindingProvision:
    return FindingProvision(
        locator=Locator.parse(locator), text=text, quantity=quantity, label=label, kind=kind,
        replaces=Locator.parse(replaces) if replaces else None,
    )


RFI = """# Request for information: Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3 and Sheet S-101 callout-3 disagree

Project: riverside-library\x20\x20
Documents in force on: 2026-05-01

## Provisions

1. **Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3** — `SPEC-033000#2.1.A`

   > A. Compressive strength at 28 days: not less than 5,000 psi.

2. **Sheet S-101 callout-3 (detail 3/S-501)** — `DWG-S-101#callout-3`

   > CONCRETE f'c = 4,000 PSI @ 28 DAYS

## Order of precedence

The contract states no order of precedence; inforce does not choose between them.

## Question

Which requirement governs?
"""


def sample_report() -> SweepReport:
    findings = (
        Finding(
            id="3f2a9c01d4e5b6a7", kind="quantity_conflict", scope="across_documents",
            subject="concrete.compressive_strength",
            provisions=(
                _side("ADD-02#1.3", "Compressive strength at 28 days: not less than 5,000 psi.", "not less than 5,000 psi",
                      label="Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3", replaces="SPEC-033000#2.1.A"),
                _side("DWG-S-101#callout-3", "CONCRETE f'c = 4,000 PSI @ 28 DAYS", "4,000 PSI",
                      label="Sheet S-101 callout-3 (detail 3/S-501)", kind="callout"),
            ),
            resolution="escalate", rfi=RFI, sources=("quantity_subject",),
            explanation="≥ 5,000 psi and ≥ 4,000 psi are different minimums: they differ by 20%, more than 2%",
        ),
        Finding(
            id="0b1c2d3e4f5a6b7c", kind="table_mismatch", scope="across_documents",
            subject="concrete.compressive_strength",
            provisions=(
                _side("ADD-02#1.3", "Compressive strength at 28 days: not less than 5,000 psi.", "not less than 5,000 psi",
                      label="Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3", replaces="SPEC-033000#2.1.A"),
                _side("SCHED-FTG#table-1.row-1", "| F1 | 2'-0\" | 1'-0\" | <b>4,000 psi</b> |", "4,000 psi",
                      label="Footing Schedule (Sheet S-001) §table-1.row-1", kind="table_row"),
            ),
            resolution="resolved_by_precedence", rule="INF-P001", clause="Agreement Article 1.2",
            winner=Locator.parse("SPEC-033000#2.1.A"), sources=("quantity_subject",),
            explanation="specifications govern other under Agreement Article 1.2 (INF-P001)",
        ),
        Finding(
            id="9a8b7c6d5e4f3a2b", kind="broken_reference", scope="within_document",
            provisions=(
                _side("SPEC-033000#3.4.B", "Place concrete except as provided in 3.12 \u202etxet desrever\u202c.",
                      label="Section 03 30 00 §3.4.B"),
            ),
            resolution="escalate", sources=("cross_reference",),
            rfi="# Request for information: Section 03 30 00 §3.4.B refers to 3.12, which does not exist\n",
            explanation="\"except as provided in 3.12\": Section 03 30 00 has no 3.12",
        ),
        Finding(
            id="1234abcd5678ef90", kind="superseded_reference", scope="within_document",
            provisions=(
                _side("SPEC-033000#3.1.A", "Concrete subject to 2.1.A shall be placed <script>alert(1)</script>.",
                      label="Section 03 30 00 §3.1.A"),
                _side("ADD-02#1.3", "Compressive strength at 28 days: not less than 5,000 psi.",
                      label="Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3", replaces="SPEC-033000#2.1.A"),
            ),
            resolution="resolved_by_supersession", rule="INF-S001", clause="Addendum No. 2 §1.3",
            sources=("cross_reference",),
            explanation="\"subject to 2.1.A\": 2.1.A was replaced on 2026-04-10 by ADD-02#1.3",
        ),
    )
    summary = SweepSummary(
        provisions=214, statements=20, all_pairs=214 * 213 // 2, pairs_examined=61,
        sources=(
            SourceRun(source="quantity_subject", ran=True, pairs=55),
            SourceRun(source="supersession", ran=True, pairs=4),
            SourceRun(source="cross_reference", ran=True, pairs=2),
            SourceRun(source="embedding", ran=False, note="no embeddings stored (run inforce embed)"),
            SourceRun(source="nli", ran=False, note="no NLI model configured (models: nli in inforce.yaml)"),
        ),
        by_kind={"quantity_conflict": 1, "table_mismatch": 1, "broken_reference": 1, "superseded_reference": 1},
        by_resolution={"escalate": 2, "resolved_by_precedence": 1, "resolved_by_supersession": 1},
    )
    return SweepReport(
        as_of=dt.date(2026, 5, 1), findings=findings, project="riverside-library",
        index_build="5cae3c6f36c676f8", packs=("precedence/aia-style",), summary=summary,
    )
