"""RFI drafts have one home (``engine.rfi``, issue 20): every draft quotes document text through
the one Markdown escaper, the ones ``check`` writes included (they used to quote it raw)."""

from __future__ import annotations

import datetime as dt

from inforce.engine import rfi
from inforce.ontology import EntailmentCheck, Locator
from inforce.ontology.text import markdown_inline, markdown_quoted

DAY = dt.date(2026, 5, 1)
HOSTILE = "<script>alert(1)</script> [click](javascript:x) **bold** \u202egnp.exe"
LINE_START = "# Heading the clause would start\n> and a quote"


def _inert(draft: str) -> None:
    assert "<script>" not in draft and "[click](" not in draft and "\\[click\\](" in draft
    assert "**bold**" not in draft
    assert "\u202e" not in draft and "\\u202e" in draft
    assert "\n# Heading" not in draft and "\n> and a quote" not in draft


def test_a_contradicted_answer_quotes_the_claim_and_the_cited_text_inertly():
    claim = rfi.CitedClaim(
        text=HOSTILE, cited=((Locator.parse("LBL@0#2.1"), LINE_START),),
        entailment=EntailmentCheck(model="nli:tiny", entailment=0.01, neutral=0.01, contradiction=0.98, threshold=0.5),
    )
    draft = rfi.contradicted_answer([claim], valid_at=DAY, project="Project <b>")
    _inert(draft)
    assert draft.startswith("# Request for information: an answer contradicted by its source\n")
    assert "Project: Project &lt;b>" in draft
    assert "Documents in force on: 2026-05-01" in draft and "Cited: `LBL@0#2.1`" in draft
    assert "\n".join(markdown_quoted(LINE_START)) in draft
    assert "p=0.98, threshold 0.50" in draft


def test_an_unverified_entailment_lists_each_claim_on_one_escaped_line():
    claim = rfi.CitedClaim(text=HOSTILE + "\nsecond line", cited=((Locator.parse("LBL@0#2.1"), ""),))
    draft = rfi.entailment_unverified([claim], valid_at=DAY, project="P")
    _inert(draft)
    assert f"1. {markdown_inline(HOSTILE + ' second line')} — cites `LBL@0#2.1`" in draft


def test_every_draft_has_the_same_frame():
    a, b = Locator.parse("SPEC@1#2.1"), Locator.parse("DWG@A#callout-3")
    side = rfi.RfiProvision(label="Section 03 30 00 §2.1", locator=a, text=LINE_START, description=("specification",))
    drafts = [
        rfi.disagreement(side, rfi.RfiProvision(label="Sheet S-101 callout-3", locator=b, text=HOSTILE),
                         statement="No rule orders them.", valid_at=DAY, project="P"),
        rfi.withheld(a, b, ("ADD-9",), valid_at=DAY, project="P"),
        rfi.broken_reference(side, document="Section 03 30 00", target="3.7", words=HOSTILE, rule="QUAL-1",
                             valid_at=DAY, project="P"),
        rfi.contradicted_answer([rfi.CitedClaim(text="x")], valid_at=DAY, project="P"),
        rfi.entailment_unverified([rfi.CitedClaim(text="x")], valid_at=DAY, project="P"),
    ]
    for draft in drafts:
        assert draft.startswith("# Request for ") and draft.endswith("\n")
        assert "\nProject: P  \nDocuments in force on: 2026-05-01\n" in draft
        assert "\n## Question\n" in draft
    _inert(drafts[0])
    _inert(drafts[2])
    assert "rests on ADD-9, which the asker may not read" in drafts[1]


def test_the_order_of_precedence_is_escaped_as_every_other_text_of_the_draft():
    """Audit 75 A F1: the engine's statement carries a rule's own words (a clause's source, a level's
    name, a pack parameter from the manifest or a sweep request), and went into the draft raw: a
    "[click](javascript:...)" was a live link and "![i](http://...)" an image loaded on preview."""
    a, b = Locator.parse("SPEC@1#2.1"), Locator.parse("SPEC-B@1#2.1")
    side = rfi.RfiProvision(label="Spec A", locator=a, text="x")
    statement = ("Both provisions are specifications under Agreement 1.2 [click](javascript:alert(1)) | x | `y` "
                 "![i](http://evil.example/t.png) (rule INF-P001)")
    draft = rfi.disagreement(side, rfi.RfiProvision(label="Spec B", locator=b, text="y"), statement=statement,
                             valid_at=DAY, project="P")
    order = draft.split("## Order of precedence\n\n", 1)[1].split("\n", 1)[0]
    assert "\\[click\\](javascript:alert(1))" in order and "\\|" in order and "\\`y\\`" in order, order
    assert "](" not in order.replace("\\](", "") and "(rule INF-P001)" in order
