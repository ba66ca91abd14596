"""The sweep's Markdown writer and the RFI files: structure, document text kept as data, and
the same report giving the same bytes."""

from __future__ import annotations

import datetime as dt
import os
import re
import stat
from pathlib import Path

import pytest

from inforce.adapters.report import render
from inforce.adapters.report.html import render_html
from inforce.adapters.report.markdown import render_markdown
from inforce.adapters.report.rfi import rfi_filename, write_rfis
from inforce.ontology import (
    Finding,
    FindingProvision,
    GoneFinding,
    Locator,
    SweepReport,
    SweepSummary,
)

from sweep_samples import sample_report


def _empty_report() -> SweepReport:
    return SweepReport(
        as_of=dt.date(2026, 5, 1), findings=(),
        summary=SweepSummary(provisions=0, statements=0, all_pairs=0, pairs_examined=0, sources=()),
    )


def _hostile_report(text: str, *, label: str = "Section 01 §1", rfi: str | None = None) -> SweepReport:
    finding = Finding(
        id="feedface00000001", kind="broken_reference", scope="within_document",
        provisions=(FindingProvision(locator=Locator.parse("SPEC-01#1"), text=text, label=label),),
        resolution="escalate", rfi=rfi or "# Request for information\n", explanation=text,
    )
    return _empty_report().model_copy(update={"findings": (finding,)})


def _tokens(markdown: str):
    markdown_it = pytest.importorskip("markdown_it")
    # CommonMark with GFM tables and strikethrough (gfm-like would need linkify-it)
    return markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"]).parse(markdown)


# ---------------------------------------------------------------- the sample report


def test_sample_report_sections() -> None:
    report = sample_report()
    text = render_markdown(report)
    assert text.startswith("# Sweep of riverside-library: documents in force on 2026-05-01\n")
    assert "## Summary" in text
    assert "| Provision pairs in all | 22,791 |" in text and "| Comparisons made (every source together) | 61 |" in text
    assert "possible" not in text  # audit 23f L4: the sources' comparisons are no share of the provision pairs
    assert "| Provisions in force | 214 |" in text
    assert "| embedding | skipped |  | no embeddings stored (run inforce embed) |" in text
    assert "| quantity subject | ran | 55 |" in text
    assert "| quantity conflict | 1 | 0 | 0 |" in text
    assert "| table mismatch | 0 | 1 | 0 |" in text
    assert "## Baseline" not in text  # no baseline given
    for finding in report.findings:
        assert f"- Id: `{finding.id}`" in text
    assert ("## quantity conflict — Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3 / "
            "Sheet S-101 callout-3 (detail 3/S-501)\n") in text
    assert "- Resolution: resolved by precedence under `INF-P001` (Agreement Article 1.2); `SPEC-033000#2.1.A` governs" in text
    assert "- Subject: `concrete.compressive_strength`" in text
    assert "> **Sheet S-101 callout-3 (detail 3/S-501)** · `DWG-S-101#callout-3` · quantity as written: 4,000 PSI" in text
    assert "> CONCRETE f'c = 4,000 PSI @ 28 DAYS\n" in text


def test_headings_nest_rfi_under_its_finding() -> None:
    report = sample_report()
    text = render_markdown(report)
    headings = [(t.tag, t.map) for t in _tokens(text) if t.type == "heading_open"]
    levels = [int(tag[1]) for tag, _ in headings]
    assert levels[0] == 1 and levels.count(1) == 1
    # each level is at most one deeper than the one before it: the RFI's "#" became "###"
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False))
    assert "### Request for information: Section 03 30 00 §2.1.A" in text
    assert "#### Provisions" in text and "#### Question" in text
    assert "\n# Request" not in text and "\n## Provisions" not in text
    # the RFI of the resolved finding is not there; both escalations' are
    assert text.count("### Request for information") == 2


def test_markup_in_document_text_does_not_survive_as_markup() -> None:
    text = render_markdown(sample_report())
    assert "<script>" not in text and "<b>" not in text
    assert "&lt;script>alert(1)&lt;/script>" in text
    assert not [t for t in _tokens(text) if t.type in {"html_block", "html_inline"}]
    # the table row quoted from the schedule stays one quoted line, not a table
    assert "> \\| F1 \\| 2'-0\" \\| 1'-0\" \\| &lt;b>4,000 psi&lt;/b> \\|" in text


def test_entities_in_document_text_are_shown_as_written() -> None:
    text = render_markdown(_hostile_report("&lt;b&gt; &#60; AT&T"))
    assert "&amp;lt;b&amp;gt; &amp;#60; AT&T" in text


def test_bidi_controls_are_shown() -> None:
    text = render_markdown(sample_report())
    assert "\u202e" not in text and "\u202c" not in text
    assert "3.12 \\u202etxet desrever\\u202c." in text


@pytest.mark.parametrize(
    "line",
    ["# Heading", "> quote", "- item", "+ item", "* item", "| a | b |", "```python", "~~~", "1. first",
     "2) second", "===", "<div>block</div>", "    indented code", "[link](http://x)", "![img](x.png)",
     "| a | b |\n|---|---|\n| 1 | 2 |", "<!-- comment -->", "***", "&lt;entity&gt;"],
)
def test_a_line_of_document_text_cannot_change_the_structure(line: str) -> None:
    def structure(text: str) -> list[tuple[str, str]]:
        # block and inline token kinds of the page; words differ, the shape may not
        out = []
        for token in _tokens(render_markdown(_hostile_report(text))):
            out.append((token.type, token.tag))
            out += [(child.type, child.tag) for child in token.children or () if child.type != "text"]
        return out

    plain = "\n".join("plain words" for _ in line.splitlines())
    hostile = structure(f"intro\n{line}\nafter")
    assert hostile == structure(f"intro\n{plain}\nafter")
    # after a blank line, a line may open what it could not open inside a paragraph
    apart = structure(f"intro\n\n{line}\n\nafter")
    assert apart == structure(f"intro\n\n{plain}\n\nafter")
    assert not {kind for kind, _ in hostile} & {"html_block", "html_inline", "fence", "code_block", "image", "link_open"}


def test_labels_in_headings_are_escaped() -> None:
    text = render_markdown(_hostile_report("text", label="Sheet <A-1> *bold* [x](y) `code`"))
    heading = next(line for line in text.splitlines() if line.startswith("## broken reference"))
    assert heading == "## broken reference — Sheet &lt;A-1> \\*bold\\* \\[x\\](y) \\`code\\`"


def test_raw_html_in_an_rfi_is_neutralised_and_code_kept() -> None:
    rfi = "# RFI\n\nSee <img src=x onerror=alert(1)> and `a<b` here.\n\n```\n# not a heading\n"
    text = render_markdown(_hostile_report("text", rfi=rfi))
    assert "<img" not in text and "&lt;img src=x onerror=alert(1)>" in text
    assert "`a<b`" in text  # inside a code span it is shown as written anyway
    assert "\n# not a heading\n" in text  # inside a fence: not a heading, not shifted
    assert text.rstrip().endswith("```")  # the unclosed fence is closed


def test_control_characters_are_shown() -> None:
    text = render_markdown(_hostile_report("a\u2066b\u2069c\x1bd\u200fe"))
    assert "a\\u2066b\\u2069c\\u001bd\\u200fe" in text
    assert not re.search("[\u2066\u2069\x1b\u200f]", text)


def test_baseline_section() -> None:
    report = sample_report()
    marked = tuple(f.model_copy(update={"baseline": "new" if i == 0 else "unchanged"}) for i, f in enumerate(report.findings))
    report = report.model_copy(update={
        "findings": marked, "baseline": "sweep-2026-04.json",
        "gone": (GoneFinding(id="deadbeef00000001", kind="contradiction", locators=("SPEC-033000#1.2",)),),
    })
    text = render_markdown(report)
    assert "## Baseline\n\nCompared with `sweep-2026-04.json`.\n" in text
    assert "| new | unchanged | gone |\n|---|---|---|\n| 1 | 3 | 1 |" in text
    assert "- `deadbeef00000001` contradiction: `SPEC-033000#1.2`" in text
    assert "- Baseline: new" in text and "- Baseline: unchanged" in text
    assert text.index("## Baseline") < text.index("## quantity conflict")


def test_title_with_known_at() -> None:
    report = sample_report().model_copy(update={"known_at": dt.datetime(2026, 5, 2, 9, 30, tzinfo=dt.UTC)})
    first = render_markdown(report).splitlines()[0]
    assert first.startswith("# Sweep of riverside-library: documents in force on 2026-05-01, as known at 2026-05-02T09:30:00")


def test_empty_report() -> None:
    text = render_markdown(_empty_report())
    assert text.startswith("# Sweep: documents in force on 2026-05-01\n")
    assert "No findings." in text
    assert "| Findings | 0 |" in text
    assert "### Findings by kind" not in text
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_deterministic_and_dispatched() -> None:
    first = render_markdown(sample_report())
    assert render_markdown(sample_report()) == first
    assert render_markdown(SweepReport.model_validate_json(sample_report().model_dump_json())) == first
    assert render(sample_report(), "md") == first


# ---------------------------------------------------------------- RFI files


def test_one_file_per_escalation_with_the_rfi_text(tmp_path: Path) -> None:
    report = sample_report()
    directory = tmp_path / "rfis" / "sweep"
    paths = write_rfis(report, directory)
    escalations = [f for f in report.findings if f.resolution == "escalate" and f.rfi]
    assert len(paths) == len(escalations) == 2
    assert paths == sorted(paths)
    assert sorted(p.name for p in directory.iterdir()) == sorted(f"RFI-{f.id}.md" for f in escalations)
    for finding in escalations:
        assert (directory / f"RFI-{finding.id}.md").read_bytes() == finding.rfi.encode("utf-8")


def test_files_are_replaced_and_others_left(tmp_path: Path) -> None:
    report = sample_report()
    stale = tmp_path / "RFI-0000000000000000.md"
    stale.write_text("an RFI the user sent last week\n", encoding="utf-8")
    notes = tmp_path / "notes.txt"
    notes.write_text("mine\n", encoding="utf-8")
    first = tmp_path / f"RFI-{report.findings[0].id}.md"
    first.write_text("old draft\n", encoding="utf-8")
    first.chmod(0o640)
    paths = write_rfis(report, tmp_path)
    assert first in paths and stale not in paths
    assert first.read_text(encoding="utf-8") == report.findings[0].rfi
    assert stat.S_IMODE(first.stat().st_mode) == 0o640  # a replaced draft keeps its permissions
    assert stale.read_text(encoding="utf-8") == "an RFI the user sent last week\n"
    assert notes.read_text(encoding="utf-8") == "mine\n"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left


def test_new_files_follow_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        paths = write_rfis(sample_report(), tmp_path)
    finally:
        os.umask(old)
    assert {stat.S_IMODE(p.stat().st_mode) for p in paths} == {0o644}


def test_no_escalations_writes_nothing(tmp_path: Path) -> None:
    assert write_rfis(_empty_report(), tmp_path / "out") == []
    assert (tmp_path / "out").is_dir()


@pytest.mark.parametrize("finding_id", ["../escape", "a/b", ".hidden", "", "x\\y"])
def test_an_id_that_cannot_name_a_file_is_refused(tmp_path: Path, finding_id: str) -> None:
    with pytest.raises(ValueError):
        rfi_filename(finding_id)
    report = _hostile_report("text").model_copy(update={
        "findings": (_hostile_report("text").findings[0].model_copy(update={"id": finding_id}),),
    })
    with pytest.raises(ValueError):
        write_rfis(report, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_an_rfi_draft_is_escaped_once_in_the_report() -> None:
    """Issue 23: the draft's document text is escaped when it is drafted (``engine.rfi``); the
    report escaped it again, so a reader saw ``&lt;b>`` (``&amp;lt;`` in the page) for ``<b>``."""
    from inforce.engine import rfi

    words = "<b>4,000 psi</b> & AT&T &lt;kept&gt;"
    side = rfi.RfiProvision(label="Sheet S-101 <A>", locator=Locator.parse("DWG-S-101#callout-3"), text=words)
    draft = rfi.disagreement(side, side, statement="No clause orders them.", valid_at=dt.date(2026, 5, 1))
    text = render_markdown(_hostile_report("text", rfi=draft))
    quoted = next(line for line in draft.splitlines() if "4,000 psi" in line)
    assert quoted in text.splitlines()  # the draft's quoted line, as drafted
    assert "Sheet S-101 &amp;lt;A>" not in text and "Sheet S-101 &lt;A>" in text
    markdown_it = pytest.importorskip("markdown_it")
    page = markdown_it.MarkdownIt("commonmark").render(text)
    alone = markdown_it.MarkdownIt("commonmark").render(draft)
    # the reader sees the clause's own characters, in the report as in the draft file
    assert "&lt;b&gt;4,000 psi&lt;/b&gt; &amp; AT&amp;T &amp;lt;kept&amp;gt;" in alone
    assert "&lt;b&gt;4,000 psi&lt;/b&gt; &amp; AT&amp;T &amp;lt;kept&amp;gt;" in page


def test_more_comparisons_than_provision_pairs_are_told_without_a_share() -> None:
    """Audit 23f L4: 5 statements in 4 provisions read "10 pairs examined of 6 possible (167%)".
    The sources count statement pairs, links and candidate pairs: their sum is told beside the
    provision pairs, never as a percentage of them."""
    report = _empty_report()
    small = report.model_copy(update={"summary": report.summary.model_copy(update={"all_pairs": 6, "pairs_examined": 10})})
    for text in (render_markdown(small), render_html(small)):
        assert "%" not in text.split("Withheld")[0].split("Provision pairs in all")[1] and "possible" not in text
